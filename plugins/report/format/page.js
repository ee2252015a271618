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
		if (g.kind === "total")
			return "every process";
		var host = hosts > 1 && g.host ? g.host + " " : "";
		/* allocsample-profile's groups are sums over runs: no pid. */
		var proc = (g.procname || "?") + (g.pid !== null ? " " + g.pid : data.profile_files ? "" : " ?");
		if (g.kind === "thread")
			return host + proc + " / tid " + g.tid;
		if (g.kind === "type")
			return g.type + " (" + host + proc + ")";
		if ((g.kind === "site" || g.kind === "stack" || g.kind === "function" || g.kind === "binary") && g.label)
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

	/* The total's windows (data.windows): not the heap over time, whose
	 * curves and peak are heapOverTime's. */
	function windows(rows) {
		if (rows.length === 0)
			return;
		var start = rows[0].start_ns, w = data.window_ns / 1e9;
		el("h2", {}, main, "The total by window, " + count(rows.length, "window", "windows") + " of " + +(w * 1000).toPrecision(6) + " ms");
		var left = 90, width = pageWidth(), plot = width - left - 20, top = 10, plotH = 240, height = top + plotH + 44;
		var live = data.live.known;
		var max = Math.max.apply(null, rows.map(function (r) { return live ? Math.max(r.upper, r.live_upper) : r.upper; }));
		var axis = ticks(max), yscale = plotH / axis[axis.length - 1].value;
		var span = rows.length * w, xscale = plot / span;
		var svg = el("@svg", { width: width, height: height, role: "img", "aria-label": "windows" }, main);
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
				var c = el("@circle", { "class": "live-line", cx: X(r, 1), cy: Y(r.live_estimate), r: 2.5 }, svg);
				el("@title", {}, c, "live at the end of window " + r.window + ": " +
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
			(live ? "  Orange: the bytes still live at each window\u2019s end, with their interval; the heap\u2019s peak is the heap over time\u2019s." : ""));
	}

	/* A confidence as a percentage with the digits it needs: 95%,
	 * 99.99999%. */
	function percent(confidence) {
		var digits = Math.max(1, Math.min(10, Math.ceil(-Math.log10(1 - confidence)) - 1));
		return +(confidence * 100).toFixed(digits) + "%";
	}

	/* Ticks of a time axis from 0 to `span` seconds: steps of 1, 2 or 5
	 * times a power of ten, the smallest whose labels fit `room` pixels
	 * without overlapping. */
	function secondTicks(span, room) {
		var p = Math.pow(10, Math.floor(Math.log10(span)) - 2), multiples = [1, 2, 5];
		for (var k = 0; ; k++) {
			var step = multiples[k % 3] * p * Math.pow(10, Math.floor(k / 3)), list = [];
			for (var i = 0; i * step <= span * (1 + 1e-9); i++)
				list.push({ value: i * step, label: +(i * step).toPrecision(6) + " s" });
			var widest = Math.max.apply(null, list.map(function (t) { return textWidth(t.label); }));
			if (list.length < 2 || step * room / span >= widest + page.labelGap)
				return list;
		}
	}

	/* A curve's name: the total's, or its process's as in the bars. */
	function curveLabel(c) {
		if (c.kind === "total")
			return "Every process";
		return (hosts > 1 && c.host ? c.host + " " : "") + (c.procname || "?") + " " + (c.pid === null ? "?" : c.pid);
	}

	/*
	 * One panel of a heap chart, a group of class `name` in `svg` within
	 * `box` (its left and width): its frame, a time axis from 0 to `span`
	 * seconds, and a value axis from `axis` (ticks()), `unit` after its
	 * labels.  Returns the group and the functions that place a time
	 * (seconds) and a value in it.
	 */
	function heapPanel(svg, name, box, title, span, axis, unit) {
		svg = el("@g", { "class": "panel " + name }, svg);
		var plot = { left: box.left + 78, top: 24, width: box.width - 90, height: 200 };
		var xscale = plot.width / span, yscale = plot.height / axis[axis.length - 1].value;
		var at = {
			x: function (s) { return plot.left + s * xscale; },
			y: function (v) { return plot.top + plot.height - v * yscale; },
		};
		axis.forEach(function (t) {
			el("@line", { "class": "grid", x1: plot.left, x2: plot.left + plot.width, y1: at.y(t.value), y2: at.y(t.value) }, svg);
			el("@text", { "class": "tick", x: plot.left - 6, y: at.y(t.value) + 4, "text-anchor": "end" }, svg, t.label + unit);
		});
		secondTicks(span, plot.width).forEach(function (t) {
			el("@line", { "class": "axis", x1: at.x(t.value), x2: at.x(t.value), y1: plot.top + plot.height, y2: plot.top + plot.height + 4 }, svg);
			el("@text", { "class": "tick time", x: at.x(t.value), y: plot.top + plot.height + 20, "text-anchor": "middle" }, svg, t.label);
		});
		el("@line", { "class": "axis", x1: plot.left, x2: plot.left + plot.width, y1: plot.top + plot.height, y2: plot.top + plot.height }, svg);
		el("@line", { "class": "axis", x1: plot.left, x2: plot.left, y1: plot.top, y2: plot.top + plot.height }, svg);
		el("@text", { "class": "legend", x: plot.left, y: 14 }, svg, title);
		el("@text", { "class": "legend", x: plot.left + plot.width / 2, y: plot.top + plot.height + 38, "text-anchor": "middle" }, svg,
			"seconds from the first point");
		at.plot = plot;
		at.svg = svg;
		return at;
	}

	/* The live bytes of curve `c` at `at`: the band that holds the whole
	 * curve at the report's confidence, the estimate as a line with a dot
	 * per point (its figures and its own interval in its tooltip), and the
	 * peak. */
	function liveCurve(svg, at, c, seconds) {
		var pts = c.points;
		var upper = pts.map(function (p, i) { return at.x(seconds[i]) + "," + at.y(p.band_upper); });
		var lower = pts.map(function (p, i) { return at.x(seconds[i]) + "," + at.y(p.band_lower); }).reverse();
		el("@polygon", { "class": "band", points: upper.concat(lower).join(" ") }, svg);
		el("@polyline", { "class": "line", points: pts.map(function (p, i) { return at.x(seconds[i]) + "," + at.y(p.live_estimate); }).join(" ") }, svg);
		pts.forEach(function (p, i) {
			var dot = el("@circle", { "class": "point", cx: at.x(seconds[i]), cy: at.y(p.live_estimate), r: 2 }, svg);
			el("@title", {}, dot, "live at " + +seconds[i].toPrecision(6) + " s: " + human(p.live_estimate) + ", " + level +
				" interval [" + human(p.live_lower) + ", " + human(p.live_upper) + "], " + count(p.live_samples, "sample", "samples") +
				"; allocated up to then: " + human(p.allocated_estimate) + " [" + human(p.allocated_lower) + ", " +
				human(p.allocated_upper) + "]" + (i === pts.length - 1 ? " (the end)" : ""));
		});
		peakMark(svg, at, c, (c.peak_t_ns - pts[0].t_ns) / 1e9);
	}

	/* The peak of curve `c`, at `s` seconds: a dot on the curve, its
	 * interval as a whisker, a dashed line down to the time axis, and
	 * how it was chosen in its tooltip. */
	function peakMark(svg, at, c, s) {
		var x = at.x(s), g = el("@g", { "class": "peak" }, svg);
		el("@line", { "class": "peak-time", x1: x, x2: x, y1: at.plot.top, y2: at.plot.top + at.plot.height }, g);
		el("@line", { "class": "whisker", x1: x, x2: x, y1: at.y(c.peak_lower), y2: at.y(c.peak_upper) }, g);
		[c.peak_lower, c.peak_upper].forEach(function (v) {
			el("@line", { "class": "whisker", x1: x - 5, x2: x + 5, y1: at.y(v), y2: at.y(v) }, g);
		});
		el("@circle", { "class": "peak-mark", cx: x, cy: at.y(c.peak_estimate), r: 4.5 }, g);
		var right = x < at.plot.left + at.plot.width * 0.6;
		el("@text", { "class": "legend", x: right ? x + 8 : x - 8, y: at.plot.top + 12, "text-anchor": right ? "start" : "end" }, g,
			"peak " + human(c.peak_estimate));
		el("@title", {}, g, "peak at " + +s.toPrecision(6) + " s: " + human(c.peak_estimate) + " live, " +
			percent(c.peak_confidence) + " interval [" + human(c.peak_lower) + ", " + human(c.peak_upper) + "]. " +
			"The largest estimate among " + count(c.candidates, "instant", "instants") + ", chosen among them: its interval is at " +
			percent(c.peak_confidence) + " so that it holds at " + level + " whichever instant was chosen.");
	}

	/* The bytes allocated per second between consecutive points of `c`
	 * (differences of their cumulative estimates), a bar per step. */
	function allocationRate(svg, at, c, seconds, rates) {
		rates.forEach(function (r, i) {
			if (!(r > 0))
				return;
			var x0 = at.x(seconds[i]), x1 = at.x(seconds[i + 1]);
			var bar = el("@rect", { "class": "rate", x: x0, y: at.y(r), width: Math.max(x1 - x0, 0.5), height: at.y(0) - at.y(r) }, svg);
			el("@title", {}, bar, "from " + +seconds[i].toPrecision(6) + " s to " + +seconds[i + 1].toPrecision(6) + " s: " +
				human(r) + "/s, " + human(c.points[i + 1].allocated_estimate - c.points[i].allocated_estimate) +
				" allocated (the difference of two estimates: the points' tooltips give their intervals)");
		});
	}

	/* Curve `c` as a chart: its live bytes with their interval and its
	 * peak on the left, its allocation rate on the right, one time axis. */
	function heapChart(c) {
		var pts = c.points, t0 = pts[0].t_ns;
		var seconds = pts.map(function (p) { return (p.t_ns - t0) / 1e9; });
		var span = seconds[seconds.length - 1] > 0 ? seconds[seconds.length - 1] : 1e-3;
		var rates = pts.slice(1).map(function (p, i) {
			var dt = seconds[i + 1] - seconds[i];
			return dt > 0 ? Math.max(p.allocated_estimate - pts[i].allocated_estimate, 0) / dt : 0;
		});
		el("p", { "class": "sub" }, main, curveLabel(c) + (c.incomplete ? " !" : "") + ": peak " + human(c.peak_estimate) +
			" at " + +((c.peak_t_ns - t0) / 1e9).toPrecision(6) + " s, " + percent(c.peak_confidence) + " interval [" +
			human(c.peak_lower) + ", " + human(c.peak_upper) + "]; at the end " + human(pts[pts.length - 1].live_estimate) + ".");
		var width = pageWidth(), rateWidth = Math.round(width * 0.34);
		var svg = el("@svg", { "class": "heap", width: width, height: 272, role: "img", "aria-label": "heap over time: " + curveLabel(c) }, main);
		var maxLive = Math.max.apply(null, pts.map(function (p) { return p.band_upper; }).concat([c.peak_upper]));
		var live = heapPanel(svg, "live", { left: 0, width: width - rateWidth }, "Live bytes, " + level + " band of the whole curve", span,
			ticks(maxLive), "");
		liveCurve(live.svg, live, c, seconds);
		var rate = heapPanel(svg, "rate", { left: width - rateWidth, width: rateWidth }, "Allocated per second", span,
			ticks(Math.max.apply(null, rates.concat([0]))), "/s");
		allocationRate(rate.svg, rate, c, seconds, rates);
	}

	var MAX_CURVES = 5;

	/*
	 * The heap over time (data.timeline): the total's chart, then those
	 * of the processes of largest peak, MAX_CURVES in all; with one
	 * process, its chart alone, the total's being the same.
	 */
	function heapOverTime(curves) {
		if (!curves || curves.length === 0)
			return;
		var processes = curves.filter(function (c) { return c.kind === "process"; });
		processes.sort(function (a, b) { return b.peak_estimate - a.peak_estimate; });
		var shown = processes.length === 1 ? processes : curves.filter(function (c) { return c.kind === "total"; })
			.concat(processes).slice(0, MAX_CURVES);
		shown = shown.filter(function (c) { return c.points.length > 0; });
		if (shown.length === 0)
			return;
		el("h2", {}, main, "Heap over time");
		shown.forEach(heapChart);
		var left = curves.length - shown.length - (processes.length === 1 ? 1 : 0);
		if (left > 0)
			el("p", { "class": "note" }, main, count(left, "process of smaller peak is", "processes of smaller peak are") +
				" not drawn; the JSON report has every curve.");
		el("p", { "class": "note" }, main, "Left: the bytes live at each instant of a regular grid and at the " +
			"process\u2019s end, the line the estimate.  The band holds the whole curve at " + level + " at once: " +
			"each instant\u2019s interval at the peak\u2019s confidence, 1 \u2212 (1 \u2212 " + level + ") / K for its " +
			"K instants, so that all hold together however their samples go together (the instants share " +
			"samples: when they miss, they miss together, the whole curve low or high).  A point\u2019s tooltip gives " +
			"its own " + level + " interval, which holds at that instant alone.  The large dot is the peak, " +
			"the largest estimate, its whisker at the same confidence as the band.  Right: the bytes allocated per second between two instants, from the difference of their " +
			"cumulative estimates." + (shown.some(function (c) { return c.incomplete; }) ? "  ! the trace lost events, " +
			"was cut short or did not track every sample: the live figures are incomplete." : ""));
	}

	/* The objects of a size class in words: "about N objects, at least L
	 * and at most U". */
	function objects(r) {
		return "about " + count(r.objects, "object", "objects") + ", at least " + r.objects_lower +
			(r.objects_upper === null ? "" : " and at most " + r.objects_upper);
	}

	/* Process `g`'s size classes: a bar of bytes per class, the interval
	 * as whiskers, the objects in the tooltip. */
	function sizeBars(g) {
		var rows = g.sizes, width = pageWidth(), rowH = 22, top = 6, labelWidth = 110;
		var plot = width - labelWidth - 110, height = top + rows.length * rowH + 28;
		var axis = ticks(Math.max.apply(null, rows.map(function (r) { return r.upper; })), plot);
		var scale = plot / axis[axis.length - 1].value;
		el("p", { "class": "sub" }, main, label(g) + ": " + count(rows.length, "class", "classes"));
		var svg = el("@svg", { "class": "sizes", width: width, height: height, role: "img", "aria-label": "sizes of " + label(g) }, main);
		axis.forEach(function (t) {
			var x = labelWidth + t.value * scale;
			el("@line", { "class": "grid", x1: x, x2: x, y1: top, y2: height - 24 }, svg);
			el("@text", { "class": "tick", x: x, y: height - 8, "text-anchor": "middle" }, svg, t.label);
		});
		el("@line", { "class": "axis", x1: labelWidth, x2: labelWidth + plot, y1: height - 24, y2: height - 24 }, svg);
		rows.forEach(function (r, i) {
			var y = top + i * rowH, mid = y + rowH / 2, x0 = labelWidth + r.lower * scale, x1 = labelWidth + r.upper * scale;
			var row = el("@g", { "class": "size" }, svg);
			el("@text", { x: labelWidth - 8, y: mid + 4, "text-anchor": "end" }, row, r.label);
			el("@rect", { "class": "bar", x: labelWidth, y: y + 4, width: Math.max(r.estimate * scale, 0.5), height: rowH - 8 }, row);
			el("@line", { "class": "whisker", x1: x0, x2: x1, y1: mid, y2: mid }, row);
			el("@line", { "class": "whisker", x1: x0, x2: x0, y1: mid - 5, y2: mid + 5 }, row);
			el("@line", { "class": "whisker", x1: x1, x2: x1, y1: mid - 5, y2: mid + 5 }, row);
			el("@text", { x: x1 + 6, y: mid + 4 }, row, human(r.estimate));
			el("@title", {}, row, r.label + " (" + r.min + " to " + r.max + " bytes): " + human(r.estimate) + ", " + level +
				" interval [" + human(r.lower) + ", " + human(r.upper) + "], " + count(r.samples, "sample", "samples") +
				"; " + objects(r));
		});
	}

	var MAX_SIZE_CHARTS = 8;

	/* The sizes each process asked for, the processes that allocated most
	 * first. */
	function sizes(processes) {
		processes = processes.filter(function (g) { return g.sizes && g.sizes.length > 0; });
		if (processes.length === 0)
			return;
		processes.sort(function (a, b) { return b.estimate - a.estimate; });
		el("h2", {}, main, "Bytes allocated per size class");
		processes.slice(0, MAX_SIZE_CHARTS).forEach(sizeBars);
		if (processes.length > MAX_SIZE_CHARTS)
			el("p", { "class": "note" }, main, count(processes.length - MAX_SIZE_CHARTS, "process is", "processes are") +
				" not drawn; the CSV and JSON reports have them all.");
		el("p", { "class": "note" }, main, "The requests of each power-of-two class of sizes: bars, the bytes; whiskers, their " +
			level + " interval; the tooltip gives the objects, whose count has an upper end here since each object of a " +
			"class holds at least its smallest size.");
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
		if (!shown(node).imprecise)
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

	/* The report's `temporary`, for people. */
	var within = data.temporary_ns >= 1e6 ? data.temporary_ns / 1e6 + " ms" :
		data.temporary_ns / 1e3 + " \u00b5s";

	/*
	 * What the flame graph can show: bytes allocated, live at the end, live
	 * at the process's peak, or freed within `temporary` of their
	 * allocation, each a node's figures under its JSON keys' prefix; `what`
	 * says it in a sentence.
	 */
	var MEASURES = {
		allocated: { button: "allocated", prefix: "", what: "allocated" },
		live: { button: "live at the end", prefix: "live_", what: "still live at the end" },
		peak: { button: "live at the peak", prefix: "peak_live_", what: "live at the process\u2019s peak" },
		temporary: { button: "temporary", prefix: "temporary_", what: "freed within " + within },
	};
	var measure = "allocated";

	/* A node's figures under measure `m`, or null when the trace cannot
	 * say; imprecise as the bars are: the interval wider than the estimate. */
	function figures(node, m) {
		var p = MEASURES[m].prefix, f = { estimate: node[p + "estimate"], lower: node[p + "lower"],
			upper: node[p + "upper"], samples: node[p + "samples"] };
		if (f.estimate === null || f.estimate === undefined)
			return null;
		f.imprecise = m === "allocated" ? node.imprecise : f.upper - f.lower > f.estimate;
		return f;
	}

	/* What a frame is drawn from: its figures under the chosen measure. */
	function shown(node) {
		return figures(node, measure) || { estimate: 0, lower: 0, upper: 0, samples: 0, imprecise: false };
	}

	/* The confidence of a root's figures at its process's peak. */
	function peakLevel(root) {
		var p = groups.filter(function (g) {
			return g.kind === "process" && g.pid === root.pid && g.host === root.host;
		})[0];
		return p && p.peak_confidence !== null ? percent(p.peak_confidence) : "the peak\u2019s";
	}

	/* What a frame's tooltip and the line under the graph say of it: the
	 * figures shown first, then the other measures the trace has. */
	function describe(node) {
		var lines = [frameLabel(node)], root = node;
		while (root.parent.parent)
			root = root.parent;
		if (node === root)
			lines[0] = "process " + lines[0];
		else {
			if (node["function"] && node["function"] !== node.label)
				lines.push("function " + node["function"]);
			if (node.file)
				lines.push(node.file + (node.line ? ":" + node.line : ""));
			if (node.binary)
				lines.push("in " + node.binary);
		}
		[measure].concat(Object.keys(MEASURES).filter(function (m) { return m !== measure; })).forEach(function (m, i) {
			var f = figures(node, m);
			if (!f)
				return;
			lines.push((i ? MEASURES[m].what + ": " : "") + human(f.estimate) + ", " +
				(m === "peak" ? peakLevel(root) : level) + " interval [" + human(f.lower) + ", " +
				human(f.upper) + "]" + (f.samples === undefined ? "" :
					", " + count(f.samples, "sample", "samples")) +
				(i ? "" : " " + MEASURES[m].what + (flameTotal > 0 ? ", " +
					(100 * f.estimate / flameTotal).toFixed(1) + "% of the stacks" : "")));
		});
		if (shown(node).imprecise)
			lines.push("* imprecise: the interval is wider than the estimate");
		return lines;
	}

	var flameTotal = 0, binaryColours = {};

	/* The buttons that choose the flame graph's measure among those the
	 * trace knows (none when it knows only the bytes allocated), `redraw`
	 * called on a change. */
	function measureSwitch(roots, redraw) {
		var known = Object.keys(MEASURES).filter(function (m) {
			return roots.every(function (r) { return figures(r, m) !== null; });
		});
		if (known.indexOf(data.sort) >= 0)
			measure = data.sort;
		if (known.length < 2)
			return;
		var bar = el("div", { id: "flame-switch", role: "group", "aria-label": "what the frames\u2019 widths show" }, main);
		el("span", { "class": "note" }, bar, "Width: bytes ");
		known.forEach(function (m) {
			var b = el("button", { type: "button", "data-measure": m, "aria-pressed": String(m === measure) }, bar,
				MEASURES[m].button);
			b.addEventListener("click", function () {
				measure = m;
				bar.querySelectorAll("button").forEach(function (o) {
					o.setAttribute("aria-pressed", String(o === b));
				});
				redraw();
			});
		});
	}

	/*
	 * The call tree (data.call_tree) as a flame graph, callers above
	 * callees: one root per process, a frame as wide as its estimate (the
	 * estimate of all stacks through it) under the chosen measure, its
	 * callees under it, largest first.  Clicking a frame zooms to it; its
	 * callers stay above it, full width, to zoom back out.
	 */
	function flameGraph(roots) {
		if (!roots || roots.length === 0)
			return;
		var top = { label: "all", children: roots, parent: null };
		(function link(node, depth) {
			if (depth > 0 && !((node.binary || "?") in binaryColours))
				binaryColours[node.binary || "?"] = Object.keys(binaryColours).length;
			node.children.forEach(function (c) {
				c.parent = node;
				link(c, depth + 1);
			});
		})(top, -1);
		el("h2", {}, main, "Call stacks: flame graph");
		var focus = top;
		/* A zoomed frame that holds nothing under the new measure zooms out. */
		measureSwitch(roots, function () { draw(focus !== top && shown(focus).estimate > 0 ? focus : top); });
		var holder = el("div", { id: "flame" }, main);
		var detail = el("p", { "class": "note", id: "flame-detail" }, main,
			"Hover over a frame for its figures; click it to zoom in.");
		var narrow = el("p", { "class": "note" }, main);
		var legend = el("p", { "class": "note" }, main);
		var width = pageWidth(), rowH = 18, MIN_WIDTH = 0.5;

		function depthBelow(node) {
			return node.children.reduce(function (d, c) { return Math.max(d, 1 + depthBelow(c)); }, 0);
		}

		/* A node's callees, largest first under the measure shown. */
		function ordered(node) {
			return node.children.slice().sort(function (a, b) {
				return shown(b).estimate - shown(a).estimate || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
			});
		}

		function draw(to) {
			var ancestors = [];
			focus = to;
			for (var a = focus.parent; a && a.parent; a = a.parent)
				ancestors.unshift(a);
			flameTotal = roots.reduce(function (sum, r) { return sum + shown(r).estimate; }, 0);
			var rows = ancestors.length + (focus === top ? 0 : 1) + depthBelow(focus);
			var svg = el("@svg", { width: width, height: rows * rowH + 2, role: "img", "aria-label": "flame graph" });
			var defs = el("@defs", {}, svg);
			var hidden = 0;
			flamePatterns = {};

			function frame(node, x, w, row, cls) {
				var imprecise = shown(node).imprecise;
				var g = el("@g", { "class": "frame" + (imprecise ? " imprecise" : "") + (cls ? " " + cls : ""),
					transform: "translate(" + x.toFixed(2) + "," + row * rowH + ")" }, svg);
				el("@rect", { width: Math.max(w - 0.5, 0.5), height: rowH - 1, rx: 1.5, fill: frameFill(defs, node) }, g);
				if (w > 24)
					el("@text", { x: 4, y: rowH - 5 }, g, fit(frameLabel(node) + (imprecise ? " *" : ""), w - 8));
				el("@title", {}, g, describe(node).join("\n"));
				g.addEventListener("mouseover", function () { detail.textContent = describe(node).join("; "); });
				g.addEventListener("click", function () { draw(node === focus ? focus.parent || top : node); });
			}

			/* A frame that holds nothing under this measure is left
			 * out; one too narrow to see is counted. */
			function subtree(node, x, w, row) {
				if (!(shown(node).estimate > 0))
					return;
				if (w < MIN_WIDTH) {
					hidden++;
					return;
				}
				frame(node, x, w, row);
				children(node, x, w, row + 1);
			}

			function children(node, x, w, row) {
				var bytes = node === top ? flameTotal : shown(node).estimate;
				var scale = bytes > 0 ? w / bytes : 0, cx = x;
				ordered(node).forEach(function (c) {
					var cw = Math.min(shown(c).estimate * scale, x + w - cx);
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
			legend.textContent = "Callers above callees; each frame as wide as the bytes " + MEASURES[measure].what +
				" in the stacks through it, one root per process" + (measure === "allocated" ? "" :
				"; frames that held nothing then are left out") + ".  Colour: the binary; hatched and pale: " +
				"imprecise (*), the interval is wider than the estimate.  Every figure is an estimate with its " +
				(measure === "peak" ? "interval at the peak\u2019s confidence (it allows for the choice of the peak)" :
				level + " interval") + " in the tooltip.";
		}
		draw(top);
	}

	/* A lifetime in nanoseconds, for people. */
	function duration(ns) {
		var units = [[1e9, " s"], [1e6, " ms"], [1e3, " \u00b5s"], [1, " ns"]];
		for (var i = 0; i < units.length - 1 && ns < units[i][0]; i++)
			;
		return +(ns / units[i][0]).toPrecision(3) + units[i][1];
	}

	/* A quantile with its interval; "longer than the trace" when the
	 * samples bound nothing above; "under" the floor of what the
	 * timestamps resolve (data.lifetime_floor_ns), without an interval
	 * when its upper end is the floor too. */
	function quantile(l, p) {
		var est = l[p + "_ns"], lo = l[p + "_lower_ns"], hi = l[p + "_upper_ns"], floor = data.lifetime_floor_ns;
		var floored = est !== null && est <= floor;
		if (floored && hi !== null && hi <= floor)
			return "under " + duration(floor);
		return (est === null ? "longer than the trace" : (floored ? "under " : "") + duration(est)) + " [" +
			duration(lo) + ", " + (hi === null ? "\u221e" : duration(hi)) + "]";
	}

	/*
	 * The survival curve of a group's bytes (its JSON lifetime.survival):
	 * the share still allocated at each age, a step at each bucket edge,
	 * against a log axis of time, its interval a band.  The time labels
	 * are powers of ten, every `every`-th one, the fewest dropped so that
	 * no two overlap.
	 */
	function survivalChart(g, holder) {
		var pts = g.lifetime.survival, width = pageWidth(), left = 60, right = 20, top = 10, plotH = 200;
		var height = top + plotH + 44, plot = width - left - right;
		var lo = Math.log10(pts[0].t_ns / 2), hi = Math.log10(pts[pts.length - 1].t_ns * 2);
		function X(t) { return left + (Math.log10(t) - lo) / (hi - lo) * plot; }
		function Y(s) { return top + plotH - s * plotH; }
		/* Each point holds until the next one, the last to the axis' end. */
		function steps(key) {
			var out = [];
			pts.forEach(function (p, i) {
				var next = i + 1 < pts.length ? pts[i + 1].t_ns : Math.pow(10, hi);
				out.push(X(p.t_ns) + "," + Y(p[key]), X(next) + "," + Y(p[key]));
			});
			return out;
		}
		var svg = el("@svg", { "class": "survival", width: width, height: height, role: "img",
			"aria-label": "survival of the bytes of " + label(g) });
		[0, 0.25, 0.5, 0.75, 1].forEach(function (s) {
			el("@line", { "class": "grid", x1: left, x2: left + plot, y1: Y(s), y2: Y(s) }, svg);
			el("@text", { "class": "tick", x: left - 6, y: Y(s) + 4, "text-anchor": "end" }, svg, s * 100 + "%");
		});
		var decades = [];
		for (var e = Math.ceil(lo); e <= Math.floor(hi); e++)
			decades.push(e);
		var widest = Math.max.apply(null, decades.map(function (e) { return textWidth(duration(Math.pow(10, e))); }));
		var every = 1;
		while (decades.length > 1 && every * plot / (hi - lo) < widest + page.labelGap)
			every++;
		decades.filter(function (e) { return e % every === 0; }).forEach(function (e) {
			el("@line", { "class": "grid", x1: X(Math.pow(10, e)), x2: X(Math.pow(10, e)), y1: top, y2: top + plotH }, svg);
			el("@text", { "class": "tick time", x: X(Math.pow(10, e)), y: top + plotH + 16, "text-anchor": "middle" },
				svg, duration(Math.pow(10, e)));
		});
		el("@line", { "class": "axis", x1: left, x2: left + plot, y1: top + plotH, y2: top + plotH }, svg);
		el("@line", { "class": "axis", x1: left, x2: left, y1: top, y2: top + plotH }, svg);
		el("@polygon", { "class": "band", points: steps("upper").concat(steps("lower").reverse()).join(" ") }, svg);
		el("@polyline", { "class": "line", points: steps("surviving").join(" ") }, svg);
		pts.forEach(function (p) {
			var dot = el("@circle", { "class": "point", cx: X(p.t_ns), cy: Y(p.surviving), r: 2.5 }, svg);
			el("@title", {}, dot, (p.surviving * 100).toFixed(1) + "% of the bytes lived at least " + duration(p.t_ns) +
				", " + level + " interval [" + (p.lower * 100).toFixed(1) + "%, " + (p.upper * 100).toFixed(1) + "%]");
		});
		el("@text", { "class": "legend", x: left + plot / 2, y: height - 4, "text-anchor": "middle" }, svg,
			"age of the block (log scale)");
		holder.textContent = "";
		el("p", { "class": "sub" }, holder, "Share of the bytes of " + label(g) + " still allocated at each age");
		holder.appendChild(svg);
		el("p", { "class": "note" }, holder, "Line: the share of the bytes whose blocks lived at least that long " +
			"(Kaplan\u2013Meier, at the edges of buckets of powers of two); band: its " + level + " interval.  " +
			"Blocks still live at the end of the trace are censored: the band\u2019s top counts them as never " +
			"freed, its bottom as freed at their age then." + (g.lifetime.incomplete ? "  ! Incomplete: the trace " +
			"lost events or some samples have no time." : ""));
	}

	var SURVIVAL_GROUPS = 40; /* model.h: ASR_SURVIVAL_GROUPS */

	/* A frame as a row names it: its function, else its binary's file name
	 * and offset (as_code_label), then its source file's name and line. */
	function frameText(f) {
		var name = f["function"] || (f.binary && f.offset ? f.binary.replace(/.*\//, "") + "+" + f.offset : "[unknown]");
		return name + (f.file ? " " + f.file.replace(/.*\//, "") + (f.line ? ":" + f.line : "") : "");
	}

	/*
	 * The names of a table's stack rows, by row: a stack's innermost frame
	 * with its line, where its bytes were asked for; when another row of
	 * its process would read the same (one call site reached along two
	 * paths), then "via" the frame where its stack, read from the
	 * outermost, leaves the one it shares most frames with.  Stacks of the
	 * same functions differ so by a call's line, which their labels (the
	 * functions alone) do not show.
	 */
	function stackNames(rows) {
		var leaf = new Map(), names = new Map();
		function outermostFirst(g) { return (g.stack || []).slice().reverse(); }
		function key(f) { return frameText(f) + "@" + (f.offset || f.address); }
		rows.forEach(function (g) {
			leaf.set(g, g.stack && g.stack.length ? frameText(g.stack[0]) : g.label || "?");
		});
		rows.forEach(function (g) {
			var mine = outermostFirst(g), shared = -1;
			rows.forEach(function (o) {
				if (o === g || leaf.get(o) !== leaf.get(g) || o.pid !== g.pid || o.host !== g.host)
					return;
				var theirs = outermostFirst(o), k = 0;
				while (k < mine.length && k < theirs.length && key(mine[k]) === key(theirs[k]))
					k++;
				shared = Math.max(shared, k);
			});
			names.set(g, leaf.get(g) + (shared >= 0 && shared < mine.length - 1 ? " via " + frameText(mine[shared]) : ""));
		});
		return names;
	}

	/*
	 * Whether a row would repeat the figures of a larger group: a process
	 * holding every sample of the report; a thread or a type holding every
	 * sample of its process; a thread x type every sample of its process,
	 * its thread or its type.  The same samples give the same lifetimes,
	 * so the larger group's row, listed since it has a curve too, says it
	 * all (a program of one thread and one type has its total's row only).
	 * Sites and stacks say where the bytes come from: always shown.
	 */
	function repeats(g) {
		function same(o) {
			return o !== undefined && o !== null && o.lifetime && o.lifetime.survival &&
				o.samples === g.samples && o.estimate === g.estimate;
		}
		function of(kind, also) {
			return groups.filter(function (o) {
				return o.kind === kind && o.host === g.host && o.pid === g.pid && (!also || also(o));
			})[0];
		}
		if (g.kind === "process")
			return same(total);
		if (g.kind === "thread" || g.kind === "type")
			return same(of("process"));
		if (g.kind === "thread-type")
			return same(of("process")) || same(of("thread", function (o) { return o.tid === g.tid; })) ||
				same(of("type", function (o) { return o.type === g.type; }));
		return false;
	}

	/* The lifetimes of the groups whose survival the report gives (the
	 * largest of each kind) and that do not repeat a larger one, each row
	 * with a button that opens its curve below the table. */
	function lifetimes(groups) {
		groups = groups.filter(function (g) { return g.lifetime && g.lifetime.survival; });
		var repeated = groups.filter(repeats).length;
		groups = groups.filter(function (g) { return !repeats(g); });
		if (groups.length === 0)
			return;
		var kinds = ["total", "process", "thread", "type", "thread-type", "site", "stack", "function", "binary"];
		groups.sort(function (a, b) { return kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || b.estimate - a.estimate; });
		var stacks = stackNames(groups.filter(function (g) { return g.kind === "stack"; }));
		el("h2", {}, main, "How long the bytes lived");
		var table = el("table", { "class": "lifetimes" }, main);
		var head = el("tr", {}, el("thead", {}, table));
		["group", "median lifetime", "90th percentile", ""].forEach(function (h) { el("th", {}, head, h); });
		var body = el("tbody", {}, table), holder = el("div", { id: "survival" }, main);
		groups.forEach(function (g) {
			var text = !stacks.has(g) ? label(g) : stacks.get(g) + (processCount > 1 ?
				" (" + (g.process || g.procname || "?") + " " + (g.pid === null ? "?" : g.pid) + ")" : "");
			var row = el("tr", {}, body), name = el("td", {}, row, (g.kind === "total" ? "" : g.kind + " ") + text);
			name.title = label(g);
			el("td", {}, row, quantile(g.lifetime, "p50"));
			el("td", {}, row, quantile(g.lifetime, "p90"));
			var b = el("button", { type: "button", "class": "survival" }, el("td", {}, row), "survival curve");
			b.addEventListener("click", function () { survivalChart(g, holder); });
		});
		if (repeated > 0)
			el("p", { "class": "note" }, main, count(repeated, "row is", "rows are") + " left out: " +
				(repeated === 1 ? "its group holds" : "their groups hold") + " the same samples as a larger group " +
				"listed (a program’s only process, thread or type), so " + (repeated === 1 ? "its" : "their") +
				" figures would repeat that group’s.");
		el("p", { "class": "note" }, main, "Lifetimes of the bytes: how long the blocks holding them stayed " +
			"allocated, with " + level + " intervals (the ends are edges of buckets of powers of two).  " +
			"The report gives these curves for the " + SURVIVAL_GROUPS + " groups of each kind that allocated most; the " +
			"JSON report has every group’s median and 90th percentile.");
	}

	/* group-by function: each function's self and total bytes, largest
	 * self first, as the report orders them (pprof's top). */
	function functions(groups) {
		if (groups.length === 0)
			return;
		el("h2", {}, main, "Bytes allocated per function");
		var table = el("table", { "class": "lifetimes" }, main);
		var head = el("tr", {}, el("thead", {}, table));
		["function", "process", "self", level + " interval", "total", level + " interval"].forEach(function (h) {
			el("th", {}, head, h);
		});
		var body = el("tbody", {}, table);
		groups.forEach(function (g) {
			/* Marked imprecise by its total, or by self bytes that have
			 * samples (a "below" end alone is no news), as in text. */
			var row = el("tr", {}, body), name = el("td", {}, row, g.label + marks(g) +
				(g.self_samples > 0 && g.self_imprecise && !g.imprecise ? "*" : ""));
			name.title = g.label;
			el("td", {}, row, (g.process || "?") + " (" + (g.pid === null ? "?" : g.pid) + ")");
			el("td", {}, row, human(g.self_estimate));
			el("td", {}, row, "[" + human(g.self_lower) + ", " + human(g.self_upper) + "]");
			el("td", {}, row, human(g.estimate));
			el("td", {}, row, "[" + human(g.lower) + ", " + human(g.upper) + "]");
		});
		el("p", { "class": "note" }, main, "Self: the bytes of the allocations the function made itself (the " +
			"first frame of their stack outside the C and C++ runtimes); total: those made with the function " +
			"anywhere on the stack, each allocation counted once.");
	}

	var groups = data.groups, total = data.total;
	var processCount = groups.filter(function (g) { return g.kind === "process"; }).length;
	/* With `at`, the live figures are those of that instant. */
	var liveWhen = data.live.at_ns === undefined ? "at the end" : "at " + duration(data.live.at_ns);
	var threads = groups.filter(function (g) { return g.kind === "thread"; });
	var intro = el("p", { "class": "sub" }, main);
	if (total)
		intro.textContent = "Total allocated: " + human(total.estimate) + ", " + level + " interval [" +
			human(total.lower) + ", " + human(total.upper) + "], from " + count(total.samples, "sample", "samples") +
			" (one per " + data.rates.join(", ") + " bytes on average) in " + count(total.threads, "thread", "threads") + ".";
	else
		intro.textContent = "No allocsample:AllocationSampled events: nothing to estimate.";
	/* Why the figures are incomplete: the trace was cut short, lost
	 * events, or both (doc/report-formats.md, "A trace cut short"). */
	if (data.cut)
		el("p", { "class": "warn" }, main, "! Cut short: " + data.cut +
			"; reported up to there.  The true values are at least the lower bounds.");
	if (data.losses.length)
		el("p", { "class": "warn" }, main, "! The trace lost events: the true values are at least the lower bounds.");
	if (total && data.live.known)
		el("p", { "class": "sub" }, main, "Still live " + liveWhen + ": " + human(total.live_estimate) + ", " +
			level + " interval [" + human(total.live_lower) + ", " + human(total.live_upper) + "], from " +
			count(total.live_samples, "sample", "samples") + (total.live_incomplete ? " (incomplete)" : "") + ".");
	if (data.live.unknown_reason)
		el("p", { "class": "note" }, main, data.live.unknown_reason);
	data.live.notes.concat(data.notes).forEach(function (n) {
		el("p", { "class": "note" }, main, n);
	});
	data.hints.forEach(function (h) {
		el("p", { "class": "warn" }, main, "A context is missing; record it with: " + h);
	});
	bars("Bytes allocated per process", groups.filter(function (g) { return g.kind === "process"; }));
	bars("Bytes allocated per thread", threads);
	bars("Bytes allocated per type", groups.filter(function (g) { return g.kind === "type"; }));
	bars("Bytes allocated per call site", groups.filter(function (g) { return g.kind === "site"; }));
	bars("Bytes allocated per binary", groups.filter(function (g) { return g.kind === "binary"; }));
	if (data.live.known) {
		bars("Bytes still live " + liveWhen + " per thread", threads, true);
		bars("Bytes still live " + liveWhen + " per type", groups.filter(function (g) { return g.kind === "type"; }), true);
		bars("Bytes still live " + liveWhen + " per call site", groups.filter(function (g) { return g.kind === "site"; }), true);
	}
	functions(groups.filter(function (g) { return g.kind === "function"; }));
	lifetimes(total && total.lifetime && total.lifetime.survival ?
		[Object.assign({}, total, { kind: "total" })].concat(groups) : groups);
	heapOverTime(data.timeline);
	sizes(groups.filter(function (g) { return g.kind === "process"; }));
	flameGraph(data.call_tree);
	if (data.window_ns)
		windows(data.windows.filter(function (r) { return r.kind === "total"; }));
	el("p", { "class": "note" }, main, "Bars: point estimate; whiskers: the " + level +
		" confidence interval.  * imprecise: the interval is wider than the estimate, trust the interval.  ! incomplete: the trace lost events or was cut short.  T lttng-ust's own thread (the tracer's allocations, in the totals).");
	page.done();
})();
