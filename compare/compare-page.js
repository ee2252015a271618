(function () {
	"use strict";
	var data = JSON.parse(document.getElementById("report-data").textContent);
	var main = document.getElementById("report");
	var NS = "http://www.w3.org/2000/svg";
	var UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
	var level = Math.round(data.confidence * 1000) / 10 + "%";

	function el(tag, attrs, parent, text) {
		var e = tag.charAt(0) === "@" ? document.createElementNS(NS, tag.slice(1)) : document.createElement(tag);
		for (var k in attrs)
			e.setAttribute(k, attrs[k]);
		if (text !== undefined)
			e.textContent = text;
		if (parent)
			parent.appendChild(e);
		return e;
	}

	/* Binary units as in the report's page and text. */
	function human(b) {
		if (b < 1023.5)
			return Math.round(Math.max(b, 0)) + " B";
		var v = b / 1024, u = 1;
		while (v >= 1023.95 && u + 1 < UNITS.length) {
			v /= 1024;
			u++;
		}
		return (v < 9.995 ? v.toFixed(2) : v.toFixed(1)) + " " + UNITS[u];
	}

	function ratio(r) {
		if (r === null)
			return "inf";
		return r >= 100 ? r.toFixed(0) : r >= 9.995 ? r.toFixed(1) : r >= 0.9995 ? r.toFixed(2) : r.toFixed(3);
	}

	function ticks(max) {
		var unit = 1, u = 0;
		if (!(max > 0))
			max = 1;
		while (max / unit >= 1024 && u + 1 < UNITS.length) {
			unit *= 1024;
			u++;
		}
		var raw = max / unit / 4, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
		var step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p, list = [];
		for (var i = 0; list.length === 0 || list[list.length - 1] < max; i++)
			list.push(i * step * unit);
		return list.map(function (v) {
			var n = v / unit;
			return { value: v, label: (n === 0 ? "0" : +n.toPrecision(6)) + " " + UNITS[u] };
		});
	}

	function basename(path) {
		return path ? path.replace(/.*\//, "") : "?";
	}

	function label(g) {
		var s = (g.host ? g.host + " " : "") + (g.process || "?");
		if (g.kind === "total")
			return "total";
		if (g.kind === "thread" || g.kind === "thread-type")
			s += " / " + (g.procname || "?");
		if (g.kind === "type" || g.kind === "thread-type")
			s += ": " + g.type;
		if (g.kind === "site")
			s += ": " + (g["function"] || (g.address ? basename(g.binary) + g.address : "?")) +
				(g.file ? " " + basename(g.file) + ":" + g.line : "");
		return g.kind + " " + s;
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
	var FONT = "12px \"DejaVu Sans\", \"Liberation Sans\", Arial, sans-serif";
	var measure = document.createElement("canvas").getContext("2d");
	measure.font = FONT;

	function pageWidth() {
		return Math.max(760, Math.min(1800, main.clientWidth || 1000));
	}

	function fit(text, room) {
		if (measure.measureText(text).width <= room)
			return text;
		var keep = text.length;
		while (keep > 4 && measure.measureText(text.slice(0, Math.ceil(keep / 2)) + "\u2026" +
				text.slice(text.length - Math.floor(keep / 2))).width > room)
			keep--;
		return text.slice(0, Math.ceil(keep / 2)) + "\u2026" + text.slice(text.length - Math.floor(keep / 2));
	}

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

	/* One chart: per group, the two intervals side by side (BASELINE grey
	 * above, NEW blue below, each bar its estimate, its whisker its interval;
	 * a side without the group a dashed whisker up to "below N"), and the
	 * ratio NEW/BASELINE with its whiskers on a log scale around 1. */
	function chart(title, rows) {
		if (rows.length === 0)
			return;
		el("h2", {}, main, title);
		var shown = rows.slice(0, MAX_ROWS);
		var width = pageWidth(), rowH = 34, top = 22;
		var longest = Math.max.apply(null, shown.map(function (g) { return measure.measureText(label(g)).width; }));
		var labelWidth = Math.min(Math.ceil(longest) + 16, Math.round(width * 0.3));
		var ratioWidth = Math.round(width * 0.25), gap = 90;
		var plot = width - labelWidth - ratioWidth - gap - 70;
		var height = top + shown.length * rowH + 30;
		var max = Math.max.apply(null, shown.map(function (g) { return Math.max(g.base_upper, g.new_upper); }));
		var axis = ticks(max), scale = plot / axis[axis.length - 1].value;
		var span = ratioRange(shown), rx0 = labelWidth + plot + gap;
		function RX(r) {
			var l = r === null ? span : r <= 0 ? -span : Math.max(-span, Math.min(span, Math.log2(r)));
			return rx0 + (l + span) / (2 * span) * ratioWidth;
		}
		var svg = el("@svg", { width: width, height: height, role: "img", "aria-label": title }, main);
		el("@text", { x: labelWidth, y: 12 }, svg, "bytes: BASELINE (grey) and NEW (blue), " + level + " intervals");
		el("@text", { x: rx0, y: 12 }, svg, "NEW/BASELINE, " + level + " interval");
		axis.forEach(function (t) {
			var x = labelWidth + t.value * scale;
			el("@line", { "class": "grid", x1: x, x2: x, y1: top, y2: height - 24 }, svg);
			el("@text", { x: x, y: height - 8, "text-anchor": "middle" }, svg, t.label);
		});
		for (var e = -span; e <= span; e++) {
			var x = RX(Math.pow(2, e));
			el("@line", { "class": e === 0 ? "one" : "grid", x1: x, x2: x, y1: top, y2: height - 24 }, svg);
			el("@text", { x: x, y: height - 8, "text-anchor": "middle" }, svg,
				e >= 0 ? "\u00d7" + Math.pow(2, e) : "\u00d71/" + Math.pow(2, -e));
		}
		el("@line", { "class": "axis", x1: labelWidth, x2: labelWidth + plot, y1: height - 24, y2: height - 24 }, svg);
		el("@line", { "class": "axis", x1: rx0, x2: rx0 + ratioWidth, y1: height - 24, y2: height - 24 }, svg);
		shown.forEach(function (g, i) {
			var y = top + i * rowH, text = label(g);
			var name = el("@text", { x: labelWidth - 8, y: y + rowH / 2 + 4, "text-anchor": "end" }, svg,
				fit(text, labelWidth - 12));
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
					g[side + "_samples"] + " samples");
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
		"  ! incomplete: that side lost events.");
	document.getElementById("status").remove();
	el("div", { id: "rendered", hidden: "" }, document.body, "complete");
})();
