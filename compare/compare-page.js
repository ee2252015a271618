/* allocsample-compare's page (compare/html.c): its charts, drawn from the
 * comparison's JSON with what common/page.js gives in `page`. */
(function () {
	"use strict";
	var data = page.data, main = page.main, level = page.level, el = page.el, human = page.human;
	var fit = page.fit, ticks = page.ticks, textWidth = page.textWidth, count = page.count;

	function ratio(r) {
		if (r === null)
			return "inf";
		return r >= 100 ? r.toFixed(0) : r >= 9.995 ? r.toFixed(1) : r >= 0.9995 ? r.toFixed(2) : r.toFixed(3);
	}

	/* A row's name: its kind and the label the text gives it (a stack's
	 * tells it from the others). */
	function label(g) {
		return g.kind + " " + g.label;
	}

	/* A row's name in `room` pixels, cut as the text cuts it
	 * (asc_label_cut): a stack's keeps its last frame, the caller that
	 * tells it apart, and cuts what precedes it; any other loses its
	 * middle. */
	function fitName(text, room) {
		var last = text.lastIndexOf(" < "), head = text.slice(0, last), tail = text.slice(last);
		if (textWidth(text) <= room || last < 0 || textWidth(text.slice(0, 12) + "\u2026" + tail) > room)
			return fit(text, room);
		while (textWidth(head + "\u2026" + tail) > room)
			head = head.slice(0, -1);
		return head + "\u2026" + tail;
	}

	function verdict(g) {
		return g.withheld ? "unchanged (a change lost events can cause)" : g.verdict;
	}

	function change(g) {
		if (g.verdict === "appeared")
			return "new";
		if (g.verdict === "disappeared")
			return "gone";
		var pct = (g.ratio - 1) * 100;
		return (pct >= 0 ? "+" : "") + (Math.abs(pct) < 9.95 ? pct.toFixed(1) : pct.toFixed(0)) + "%";
	}

	var MAX_ROWS = 40;

	/* The ratio axis: log2, symmetric around 1, from x1/2 to x2 at least. */
	function ratioRange(rows) {
		var m = 1;
		rows.forEach(function (g) {
			[g.ratio_lower, g.ratio_upper, g.ratio].forEach(function (r) {
				if (r !== null && r > 0)
					m = Math.max(m, Math.abs(Math.log2(r)));
			});
		});
		return Math.min(Math.ceil(m), 8);
	}

	function ratioTick(e) {
		return e >= 0 ? "\u00d7" + Math.pow(2, e) : "\u00d71/" + Math.pow(2, -e);
	}

	/* The powers of two the ratio axis labels: every `stride`-th from x1,
	 * the stride a power of two wide enough that no two labels overlap on
	 * `room` pixels. */
	function ratioTicks(span, room) {
		var widest = 0, stride = 1, list = [];
		for (var e = -span; e <= span; e++)
			widest = Math.max(widest, textWidth(ratioTick(e)));
		while (stride < span && stride * room / (2 * span) < widest + page.labelGap)
			stride *= 2;
		for (e = -Math.floor(span / stride) * stride; e <= span; e += stride)
			list.push(e);
		return list;
	}

	/* One chart: per group, the two intervals side by side (BASELINE grey
	 * above, NEW blue below, each bar its estimate, its whisker its interval;
	 * a side without the group a dashed whisker up to "below N"), and the
	 * ratio NEW/BASELINE with its whiskers on a log scale around 1. */
	function chart(title, rows) {
		if (rows.length === 0)
			return;
		el("h2", {}, main, title);
		var shown = rows.slice(0, MAX_ROWS);
		var width = page.pageWidth(760), rowH = 34, top = 22;
		var longest = Math.max.apply(null, shown.map(function (g) { return textWidth(label(g)); }));
		var labelWidth = Math.min(Math.ceil(longest) + 16, Math.round(width * 0.3));
		var ratioWidth = Math.round(width * 0.25), gap = 90;
		var plot = width - labelWidth - ratioWidth - gap - 70;
		var height = top + shown.length * rowH + 30;
		var max = Math.max.apply(null, shown.map(function (g) { return Math.max(g.base_upper, g.new_upper); }));
		var axis = ticks(max, plot), scale = plot / axis[axis.length - 1].value;
		var span = ratioRange(shown), rx0 = labelWidth + plot + gap;
		function RX(r) {
			var l = r === null ? span : r <= 0 ? -span : Math.max(-span, Math.min(span, Math.log2(r)));
			return rx0 + (l + span) / (2 * span) * ratioWidth;
		}
		var svg = el("@svg", { width: width, height: height, role: "img", "aria-label": title }, main);
		el("@text", { "class": "legend", x: labelWidth, y: 12 }, svg, fit("bytes: BASELINE (grey) and NEW (blue), " +
			level + " intervals", plot + gap - page.labelGap));
		el("@text", { "class": "legend", x: rx0, y: 12 }, svg, fit("NEW/BASELINE, " + level + " interval", width - rx0));
		axis.forEach(function (t) {
			var x = labelWidth + t.value * scale;
			el("@line", { "class": "grid", x1: x, x2: x, y1: top, y2: height - 24 }, svg);
			el("@text", { "class": "tick", x: x, y: height - 8, "text-anchor": "middle" }, svg, t.label);
		});
		ratioTicks(span, ratioWidth).forEach(function (e) {
			var x = RX(Math.pow(2, e));
			el("@line", { "class": e === 0 ? "one" : "grid", x1: x, x2: x, y1: top, y2: height - 24 }, svg);
			el("@text", { "class": "tick", x: x, y: height - 8, "text-anchor": "middle" }, svg, ratioTick(e));
		});
		el("@line", { "class": "axis", x1: labelWidth, x2: labelWidth + plot, y1: height - 24, y2: height - 24 }, svg);
		el("@line", { "class": "axis", x1: rx0, x2: rx0 + ratioWidth, y1: height - 24, y2: height - 24 }, svg);
		shown.forEach(function (g, i) {
			var y = top + i * rowH, text = label(g);
			var name = el("@text", { "class": "name", x: labelWidth - 8, y: y + rowH / 2 + 4, "text-anchor": "end" },
				svg, fitName(text, labelWidth - 12));
			el("@title", {}, name, text);
			[["base", "BASELINE", y + 4], ["new", "NEW", y + rowH / 2]].forEach(function (s) {
				var side = s[0], h = rowH / 2 - 6, mid = s[2] + h / 2;
				var present = g[side + "_threads"] !== null;
				var x0 = labelWidth + g[side + "_lower"] * scale, x1 = labelWidth + g[side + "_upper"] * scale;
				if (present)
					el("@rect", { "class": "bar " + side + (g[side + "_incomplete"] ? " incomplete" : ""),
						x: labelWidth, y: s[2], width: Math.max(g[side + "_estimate"] * scale, 0.5), height: h }, svg);
				el("@line", { "class": "whisker" + (present ? "" : " below"), x1: x0, x2: x1, y1: mid, y2: mid }, svg);
				el("@line", { "class": "whisker", x1: x1, x2: x1, y1: mid - 4, y2: mid + 4 }, svg);
				if (present)
					el("@line", { "class": "whisker", x1: x0, x2: x0, y1: mid - 4, y2: mid + 4 }, svg);
				var t = el("@text", { x: x1 + 6, y: mid + 4 }, svg,
					present ? human(g[side + "_estimate"]) : "below " + human(g[side + "_upper"]));
				if (g[side + "_incomplete"])
					el("@tspan", { "class": "mark" }, t, " !");
				el("@title", {}, t, s[1] + ": " + (present ? human(g[side + "_estimate"]) + ", " : "no sample, ") +
					level + " interval [" + human(g[side + "_lower"]) + ", " + human(g[side + "_upper"]) + "], " +
					count(g[side + "_samples"], "sample", "samples"));
			});
			var mid = y + rowH / 2, cls = "ratio " + (g.withheld ? "unchanged" : g.verdict);
			var lo = RX(g.ratio_lower), hi = RX(g.ratio_upper);
			el("@line", { "class": cls, x1: lo, x2: hi, y1: mid, y2: mid }, svg);
			el("@line", { "class": cls, x1: lo, x2: lo, y1: mid - 6, y2: mid + 6 }, svg);
			if (g.ratio_upper !== null)
				el("@line", { "class": cls, x1: hi, x2: hi, y1: mid - 6, y2: mid + 6 }, svg);
			else
				el("@polygon", { "class": cls, points: hi + "," + mid + " " + (hi - 7) + "," + (mid - 5) + " " + (hi - 7) + "," + (mid + 5) }, svg);
			if (g.ratio !== null)
				el("@circle", { "class": cls, cx: RX(g.ratio), cy: mid, r: 4 }, svg);
			var v = el("@text", { x: rx0 + ratioWidth + 6, y: mid + 4 }, svg, change(g));
			el("@title", {}, v, verdict(g) + ": ratio " + (g.ratio === null ? "inf" : ratio(g.ratio)) + ", " +
				level + " interval [" + ratio(g.ratio_lower) + ", " + ratio(g.ratio_upper) + "], p = " +
				(g.p_value === null ? "?" : g.p_value.toPrecision(3)));
		});
		if (rows.length > shown.length)
			el("p", { "class": "note" }, main, (rows.length - shown.length) +
				" smaller groups are not drawn; the CSV and JSON have them all.");
	}

	var corrections = { holm: "Holm's step-down correction (family-wise error)",
		bh: "the Benjamini\u2013Hochberg correction (false-discovery rate)", none: "no correction" };
	el("p", { "class": "sub" }, main, "BASELINE: " + data.baseline.path + " (" + data.baseline.input +
		"); NEW: " + data.new.path + " (" + data.new.input + ").");
	el("p", { "class": "sub" }, main, data.changed + " of " + data.compared + " groups changed, at " + level +
		" with " + corrections[data.correction] + (data.fail_above === null ? "." :
		"; " + data.offending + " above the limit of +" + data.fail_above + "%."));
	data.warnings.forEach(function (w) {
		el("p", { "class": "warn" }, main, w + ".");
	});
	function size(g) { return Math.abs(g.new_estimate - g.base_estimate); }
	function larger(g) { return Math.max(g.new_estimate, g.base_estimate); }
	chart("Changed, largest change first", data.groups.filter(function (g) { return g.significant; })
		.sort(function (a, b) { return size(b) - size(a); }));
	chart("No significant change, largest first", data.groups.filter(function (g) { return !g.significant; })
		.sort(function (a, b) { return larger(b) - larger(a); }));
	el("p", { "class": "note" }, main, "Bars: point estimates; black whiskers: their " + level +
		" intervals (dashed: a side without the group, below its upper bound).  Coloured whiskers: the " + level +
		" interval of NEW/BASELINE around its estimate (dot), red an increase, green a decrease, violet a group on one side only." +
		"  ! incomplete: that side lost events or was cut short.");
	page.done();
})();
