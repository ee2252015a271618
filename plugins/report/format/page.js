/* The report's page (format/html.c): its charts, drawn from the JSON
 * report with what common/page.js gives in `page`. */
(function () {
	"use strict";
	var data = page.data, main = page.main, level = page.level, el = page.el, human = page.human;
	var fit = page.fit, ticks = page.ticks, textWidth = page.textWidth, count = page.count;
	var hosts = new Set(data.groups.map(function (g) { return g.host; })).size;

	function marks(g) {
		return (g.imprecise ? "*" : "") + (g.incomplete ? "!" : "") + (g.tracer ? "T" : "");
	}

	function label(g) {
		var host = hosts > 1 && g.host ? g.host + " " : "";
		var proc = (g.procname || "?") + " " + (g.pid === null ? "?" : g.pid);
		if (g.kind === "thread")
			return host + proc + " / tid " + g.tid;
		if (g.kind === "type")
			return g.type + " (" + host + proc + ")";
		if (g.kind === "site")
			return g.label;
		return host + proc;
	}

	/* The hatch pattern for imprecise bars. */
	function defs(svg) {
		var pattern = el("@pattern", { id: "hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse",
			patternTransform: "rotate(45)" }, el("@defs", {}, svg));
		el("@rect", { width: 6, height: 6, fill: "#dbe4ee" }, pattern);
		el("@line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#4e79a7", "stroke-width": 3 }, pattern);
	}

	var MAX_BARS = 40;

	/* The charts take the page's width, at least 640 pixels. */
	function pageWidth() {
		return page.pageWidth(640);
	}

	/* Bars of the allocated bytes, or of the live ones (`live`: the groups
	 * with live figures, drawn from those). */
	function bars(title, groups, live) {
		if (live)
			groups = groups.filter(function (g) { return g.live_estimate !== null; });
		if (groups.length === 0)
			return;
		groups = groups.map(function (g) {
			return live ? Object.assign({}, g, { estimate: g.live_estimate, lower: g.live_lower,
				upper: g.live_upper, samples: g.live_samples, incomplete: g.live_incomplete,
				imprecise: g.live_upper - g.live_lower > g.live_estimate }) : g;
		});
		groups.sort(function (a, b) { return b.estimate - a.estimate; });
		el("h2", {}, main, title);
		var shown = groups.slice(0, MAX_BARS);
		var width = pageWidth(), rowH = 24, top = 8;
		var longest = Math.max.apply(null, shown.map(function (g) { return textWidth(label(g)); }));
		var labelWidth = Math.min(Math.ceil(longest) + 16, Math.round(width * 0.4));
		var plot = width - labelWidth - 110;
		var height = top + shown.length * rowH + 30;
		var max = Math.max.apply(null, shown.map(function (g) { return g.upper; }));
		var axis = ticks(max, plot), scale = plot / axis[axis.length - 1].value;
		var svg = el("@svg", { width: width, height: height, role: "img", "aria-label": title }, main);
		defs(svg);
		axis.forEach(function (t) {
			var x = labelWidth + t.value * scale;
			el("@line", { "class": "grid", x1: x, x2: x, y1: top, y2: height - 24 }, svg);
			el("@text", { x: x, y: height - 8, "text-anchor": "middle" }, svg, t.label);
		});
		el("@line", { "class": "axis", x1: labelWidth, x2: labelWidth + plot, y1: height - 24, y2: height - 24 }, svg);
		shown.forEach(function (g, i) {
			var y = top + i * rowH, mid = y + rowH / 2;
			var cls = "bar" + (g.imprecise ? " imprecise" : "") + (g.incomplete ? " incomplete" : "");
			var name = el("@text", { x: labelWidth - 8, y: mid + 4, "text-anchor": "end" }, svg,
				fit(label(g), labelWidth - 12));
			el("@title", {}, name, label(g));
			el("@rect", { "class": cls, x: labelWidth, y: y + 4, width: Math.max(g.estimate * scale, 0.5), height: rowH - 8 }, svg);
			var x0 = labelWidth + g.lower * scale, x1 = labelWidth + g.upper * scale;
			el("@line", { "class": "whisker", x1: x0, x2: x1, y1: mid, y2: mid }, svg);
			el("@line", { "class": "whisker", x1: x0, x2: x0, y1: mid - 6, y2: mid + 6 }, svg);
			el("@line", { "class": "whisker", x1: x1, x2: x1, y1: mid - 6, y2: mid + 6 }, svg);
			var t = el("@text", { x: x1 + 6, y: mid + 4 }, svg, human(g.estimate));
			el("@tspan", { "class": "mark" }, t, " " + marks(g));
			el("@title", {}, t, label(g) + ": " + human(g.estimate) + ", " + level + " interval [" +
				human(g.lower) + ", " + human(g.upper) + "], " + count(g.samples, "sample", "samples"));
		});
		if (groups.length > shown.length)
			el("p", { "class": "note" }, main, count(groups.length - shown.length, "smaller group is",
				"smaller groups are") + " not drawn; the CSV and JSON reports have them all.");
	}

	function timeline(rows) {
		if (rows.length === 0)
			return;
		var start = rows[0].start_ns, w = data.window_ns / 1e9;
		el("h2", {}, main, "Timeline of the total, " + count(rows.length, "window", "windows") + " of " + +(w * 1000).toPrecision(6) + " ms");
		var left = 90, width = pageWidth(), plot = width - left - 20, top = 10, plotH = 240, height = top + plotH + 44;
		var live = data.live.known;
		var max = Math.max.apply(null, rows.map(function (r) { return live ? Math.max(r.upper, r.live_upper) : r.upper; }));
		var axis = ticks(max), yscale = plotH / axis[axis.length - 1].value;
		var span = rows.length * w, xscale = plot / span;
		var svg = el("@svg", { width: width, height: height, role: "img", "aria-label": "timeline" }, main);
		function X(r, at) { return left + ((r.start_ns - start) / 1e9 + at * w) * xscale; }
		function Y(b) { return top + plotH - b * yscale; }
		axis.forEach(function (t) {
			el("@line", { "class": "grid", x1: left, x2: left + plot, y1: Y(t.value), y2: Y(t.value) }, svg);
			el("@text", { x: left - 6, y: Y(t.value) + 4, "text-anchor": "end" }, svg, t.label);
		});
		var band = rows.map(function (r) { return X(r, 0) + "," + Y(r.upper) + " " + X(r, 1) + "," + Y(r.upper); });
		var low = rows.slice().reverse().map(function (r) { return X(r, 1) + "," + Y(r.lower) + " " + X(r, 0) + "," + Y(r.lower); });
		el("@polygon", { "class": "band", points: band.concat(low).join(" ") }, svg);
		el("@polyline", { "class": "line", points: rows.map(function (r) { return X(r, 0.5) + "," + Y(r.estimate); }).join(" ") }, svg);
		rows.forEach(function (r) {
			var c = el("@circle", { "class": r.samples ? "line" : "empty", cx: X(r, 0.5), cy: Y(r.estimate), r: 2.5 }, svg);
			el("@title", {}, c, "window " + r.window + ": " + human(r.estimate) + ", " + level + " interval [" +
				human(r.lower) + ", " + human(r.upper) + "], " + count(r.samples, "sample", "samples"));
		});
		/* Live bytes are measured at each window's end: their points sit there. */
		if (live) {
			var liveBand = rows.map(function (r) { return X(r, 1) + "," + Y(r.live_upper); });
			var liveLow = rows.slice().reverse().map(function (r) { return X(r, 1) + "," + Y(r.live_lower); });
			el("@polygon", { "class": "live-band", points: liveBand.concat(liveLow).join(" ") }, svg);
			el("@polyline", { "class": "live-line", points: rows.map(function (r) { return X(r, 1) + "," + Y(r.live_estimate); }).join(" ") }, svg);
			rows.forEach(function (r) {
				var peak = data.live.peak && data.live.peak.window === r.window;
				var c = el("@circle", { "class": peak ? "live-peak" : "live-line", cx: X(r, 1), cy: Y(r.live_estimate), r: peak ? 4.5 : 2.5 }, svg);
				el("@title", {}, c, (peak ? "peak: " : "") + "live at the end of window " + r.window + ": " +
					human(r.live_estimate) + ", " + level + " interval [" + human(r.live_lower) + ", " +
					human(r.live_upper) + "], " + count(r.live_samples, "sample", "samples"));
			});
		}
		el("@line", { "class": "axis", x1: left, x2: left + plot, y1: top + plotH, y2: top + plotH }, svg);
		el("@line", { "class": "axis", x1: left, x2: left, y1: top, y2: top + plotH }, svg);
		var step = ticks(span)[1].value;
		for (var s = 0; s <= span + 1e-9; s += step)
			el("@text", { x: left + s * xscale, y: top + plotH + 16, "text-anchor": "middle" }, svg, +s.toPrecision(6) + " s");
		el("@text", { x: left + plot / 2, y: height - 4, "text-anchor": "middle" }, svg,
			"time from " + new Date(start / 1e6).toISOString().replace("T", " ").replace("Z", " UTC"));
		el("p", { "class": "note" }, main, "Line: the estimate per window; band: its " + level +
			" interval; hollow dots: windows without samples (their band is \u201cbelow\u201d the upper bound)." +
			(live ? "  Orange: the bytes still live at each window\u2019s end, with their interval; the large dot is the peak, the largest window-end estimate (the heap may have been larger between window ends)." : ""));
	}

	/* Colours of the flame graph: one per binary, from the bars' palette,
	 * in the order the binaries first appear (so the first nine differ). */
	var PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"];
	var ROOT_COLOUR = "#bab0ac";

	function hash(text) {
		var h = 0;
		for (var i = 0; i < text.length; i++)
			h = (h * 31 + text.charCodeAt(i)) | 0;
		return Math.abs(h);
	}

	/* A colour between `hex` and white: `t` 0 gives `hex`, 1 white. */
	function paler(hex, t) {
		var n = parseInt(hex.slice(1), 16), rgb = [n >> 16, (n >> 8) & 255, n & 255];
		return "rgb(" + rgb.map(function (v) { return Math.round(v + (255 - v) * t); }).join(",") + ")";
	}

	/* A frame's fill: its binary's colour, paler or darker by its function
	 * so that neighbours differ; a process root is grey.  Imprecise frames
	 * get a hatch of that colour (one pattern per fill, made once). */
	var flamePatterns = {};
	function frameFill(defs, node) {
		var root = !node.parent.parent;
		var base = root ? ROOT_COLOUR : PALETTE[binaryColours[node.binary || "?"] % PALETTE.length];
		var fill = paler(base, root ? 0.3 : 0.25 + (hash(node.label) % 7) * 0.06);
		if (!node.imprecise)
			return fill;
		if (!flamePatterns[fill]) {
			flamePatterns[fill] = "flame-hatch-" + Object.keys(flamePatterns).length;
			var pattern = el("@pattern", { id: flamePatterns[fill], width: 6, height: 6,
				patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
			el("@rect", { width: 6, height: 6, fill: paler(base, 0.85) }, pattern);
			el("@line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: paler(base, 0.45), "stroke-width": 2.5 }, pattern);
		}
		return "url(#" + flamePatterns[fill] + ")";
	}

	/* A frame's label; a process root's, with its pid (and host), as in the bars. */
	function frameLabel(node) {
		if (node.parent.parent)
			return node.label;
		var pid = node.pid === null || node.pid === undefined ? "?" : node.pid;
		return (hosts > 1 && node.host ? node.host + " " : "") + node.label + " " + pid;
	}

	/* What a frame's tooltip and the line under the graph say of it. */
	function describe(node) {
		var lines = [frameLabel(node)];
		if (!node.parent.parent)
			lines[0] = "process " + lines[0];
		else {
			if (node["function"] && node["function"] !== node.label)
				lines.push("function " + node["function"]);
			if (node.file)
				lines.push(node.file + (node.line ? ":" + node.line : ""));
			if (node.binary)
				lines.push("in " + node.binary);
		}
		lines.push(human(node.estimate) + ", " + level + " interval [" + human(node.lower) + ", " +
			human(node.upper) + "], " + count(node.samples, "sample", "samples") +
			(flameTotal > 0 ? ", " + (100 * node.estimate / flameTotal).toFixed(1) + "% of the stacks" : ""));
		if (node.temporary_estimate !== null && node.temporary_estimate !== undefined)
			lines.push("temporary (freed within " + within + "): " + human(node.temporary_estimate) +
				", " + level + " interval [" + human(node.temporary_lower) + ", " +
				human(node.temporary_upper) + "]");
		if (node.imprecise)
			lines.push("* imprecise: the interval is wider than the estimate");
		return lines;
	}

	var flameTotal = 0, binaryColours = {};
	/* What the frames' widths measure: the bytes allocated, or the
	 * temporary ones (the call tree carries both when frees were tracked). */
	var flameMeasure = "estimate";
	var within = data.temporary_ns >= 1e6 ? data.temporary_ns / 1e6 + " ms" :
		data.temporary_ns / 1e3 + " \u00b5s";
	function measured(node) {
		return (flameMeasure === "temporary" ? node.temporary_estimate : node.estimate) || 0;
	}

	/*
	 * The call tree (data.call_tree) as a flame graph, callers above
	 * callees: one root per process, a frame as wide as its estimate (the
	 * estimate of all stacks through it), its callees under it, largest
	 * first.  Clicking a frame zooms to it; its callers stay above it,
	 * full width, to zoom back out.
	 */
	function flameGraph(roots) {
		if (!roots || roots.length === 0)
			return;
		var top = { label: "all", estimate: 0, children: roots, parent: null };
		(function link(node, depth) {
			if (depth > 0 && !((node.binary || "?") in binaryColours))
				binaryColours[node.binary || "?"] = Object.keys(binaryColours).length;
			node.children.forEach(function (c) {
				c.parent = node;
				link(c, depth + 1);
			});
		})(top, -1);
		roots.forEach(function (r) { top.estimate += r.estimate; });
		flameTotal = top.estimate;
		el("h2", {}, main, "Call stacks: flame graph");
		if (roots[0].temporary_estimate !== null && roots[0].temporary_estimate !== undefined) {
			var switcher = el("p", { "class": "note", id: "flame-measure" }, main, "Width: ");
			[["estimate", "bytes allocated"], ["temporary", "temporary bytes (freed within " + within + ")"]].forEach(function (m) {
				var b = el("button", { type: "button", "data-measure": m[0] }, switcher, m[1]);
				b.addEventListener("click", function () {
					flameMeasure = m[0];
					draw(top);
				});
			});
		}
		var holder = el("div", { id: "flame" }, main);
		var detail = el("p", { "class": "note", id: "flame-detail" }, main,
			"Hover over a frame for its figures; click it to zoom in.");
		var narrow = el("p", { "class": "note" }, main);
		el("p", { "class": "note" }, main, "Callers above callees; each frame as wide as the bytes allocated " +
			"(or the temporary bytes, with the switch above) in the stacks through it, one root per process.  Colour: the binary; hatched and pale: " +
			"imprecise (*), the interval is wider than the estimate.  Every figure is an estimate with its " +
			level + " interval in the tooltip.");
		var width = pageWidth(), rowH = 18, MIN_WIDTH = 0.5;

		function depthBelow(node) {
			return node.children.reduce(function (d, c) { return Math.max(d, 1 + depthBelow(c)); }, 0);
		}

		function draw(focus) {
			var ancestors = [];
			top.temporary_estimate = roots.reduce(function (s, r) { return s + (r.temporary_estimate || 0); }, 0);
			for (var a = focus.parent; a && a.parent; a = a.parent)
				ancestors.unshift(a);
			var rows = ancestors.length + (focus === top ? 0 : 1) + depthBelow(focus);
			var svg = el("@svg", { width: width, height: rows * rowH + 2, role: "img", "aria-label": "flame graph" });
			var defs = el("@defs", {}, svg);
			var hidden = 0;
			flamePatterns = {};

			function frame(node, x, w, row, cls) {
				var g = el("@g", { "class": "frame" + (node.imprecise ? " imprecise" : "") + (cls ? " " + cls : ""),
					transform: "translate(" + x.toFixed(2) + "," + row * rowH + ")" }, svg);
				el("@rect", { width: Math.max(w - 0.5, 0.5), height: rowH - 1, rx: 1.5, fill: frameFill(defs, node) }, g);
				if (w > 24)
					el("@text", { x: 4, y: rowH - 5 }, g, fit(frameLabel(node) + (node.imprecise ? " *" : ""), w - 8));
				el("@title", {}, g, describe(node).join("\n"));
				g.addEventListener("mouseover", function () { detail.textContent = describe(node).join("; "); });
				g.addEventListener("click", function () { draw(node === focus ? focus.parent || top : node); });
			}

			function subtree(node, x, w, row) {
				if (w < MIN_WIDTH) {
					hidden++;
					return;
				}
				frame(node, x, w, row);
				children(node, x, w, row + 1);
			}

			function children(node, x, w, row) {
				var scale = measured(node) > 0 ? w / measured(node) : 0, cx = x;
				node.children.slice().sort(function (a, b) { return measured(b) - measured(a); }).forEach(function (c) {
					var cw = Math.min(measured(c) * scale, x + w - cx);
					subtree(c, cx, cw, row);
					cx += cw;
				});
			}

			ancestors.forEach(function (a, i) { frame(a, 0, width, i, "caller"); });
			if (focus === top)
				children(top, 0, width, 0);
			else
				subtree(focus, 0, width, ancestors.length);
			holder.textContent = "";
			holder.appendChild(svg);
			narrow.textContent = hidden ? count(hidden, "frame", "frames") + " narrower than half a pixel " +
				(hidden === 1 ? "is" : "are") + " not drawn: zoom in to see " + (hidden === 1 ? "it." : "them.") : "";
		}
		draw(top);
	}

	var groups = data.groups, total = data.total;
	var threads = groups.filter(function (g) { return g.kind === "thread"; });
	var intro = el("p", { "class": "sub" }, main);
	if (total)
		intro.textContent = "Total allocated: " + human(total.estimate) + ", " + level + " interval [" +
			human(total.lower) + ", " + human(total.upper) + "], from " + count(total.samples, "sample", "samples") +
			" (one per " + data.rates.join(", ") + " bytes on average) in " + count(total.threads, "thread", "threads") + ".";
	else
		intro.textContent = "No allocsample:AllocationSampled events: nothing to estimate.";
	if (data.incomplete)
		el("p", { "class": "warn" }, main, "! The trace lost events: the true values are at least the lower bounds.");
	if (total && data.live.known)
		el("p", { "class": "sub" }, main, "Still live at the end: " + human(total.live_estimate) + ", " +
			level + " interval [" + human(total.live_lower) + ", " + human(total.live_upper) + "], from " +
			count(total.live_samples, "sample", "samples") + (total.live_incomplete ? " (incomplete)" : "") + ".");
	if (data.live.unknown_reason)
		el("p", { "class": "note" }, main, data.live.unknown_reason);
	data.live.notes.forEach(function (n) {
		el("p", { "class": "note" }, main, n);
	});
	data.hints.forEach(function (h) {
		el("p", { "class": "warn" }, main, "A context is missing; record it with: " + h);
	});
	bars("Bytes allocated per process", groups.filter(function (g) { return g.kind === "process"; }));
	bars("Bytes allocated per thread", threads);
	bars("Bytes allocated per type", groups.filter(function (g) { return g.kind === "type"; }));
	bars("Bytes allocated per call site", groups.filter(function (g) { return g.kind === "site"; }));
	if (data.live.known) {
		bars("Bytes still live at the end per thread", threads, true);
		bars("Bytes still live at the end per type", groups.filter(function (g) { return g.kind === "type"; }), true);
		bars("Bytes still live at the end per call site", groups.filter(function (g) { return g.kind === "site"; }), true);
	}
	flameGraph(data.call_tree);
	if (data.window_ns)
		timeline(data.windows.filter(function (r) { return r.kind === "total"; }));
	el("p", { "class": "note" }, main, "Bars: point estimate; whiskers: the " + level +
		" confidence interval.  * imprecise: the interval is wider than the estimate, trust the interval.  ! incomplete: the trace lost events.  T lttng-ust's own thread (the tracer's allocations, in the totals).");
	page.done();
})();
