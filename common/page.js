/*
 * The part of the pages' scripts that the report's page and
 * allocsample-compare's share (common/page.h): the data, elements, byte
 * units, text that fits, axes whose labels never overlap, and the mark
 * that the page is drawn.  Each page's own script follows it and takes
 * what it needs from `page`.
 */
var page = (function () {
	"use strict";
	var data = JSON.parse(document.getElementById("report-data").textContent);
	var main = document.getElementById("report");
	var NS = "http://www.w3.org/2000/svg";
	var UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
	var FONT = "12px \"DejaVu Sans\", \"Liberation Sans\", Arial, sans-serif";
	/* The room between two labels of an axis, in pixels. */
	var LABEL_GAP = 12;
	var measure = document.createElement("canvas").getContext("2d");
	measure.font = FONT;

	/* An element (an SVG one when `tag` starts with "@") with its
	 * attributes and text, appended to `parent`. */
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

	/* Binary units, two or three significant digits: as_human_bytes
	 * (common/units.c), as in the text. */
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

	/* "N NOUN", the noun agreeing with the count as in the text
	 * (common/counts.h): "1 sample", "0 samples", "2 samples". */
	function count(n, one, other) {
		return n + " " + (n === 1 ? one : other);
	}

	/* The width of `text` in the charts' font, in pixels. */
	function textWidth(text) {
		return measure.measureText(text).width;
	}

	/* A label that fits `room` pixels: its middle cut out when it is too
	 * long (its whole text goes in a tooltip). */
	function fit(text, room) {
		if (textWidth(text) <= room)
			return text;
		var keep = text.length;
		while (keep > 4 && textWidth(text.slice(0, Math.ceil(keep / 2)) + "\u2026" +
				text.slice(text.length - Math.floor(keep / 2))) > room)
			keep--;
		return text.slice(0, Math.ceil(keep / 2)) + "\u2026" + text.slice(text.length - Math.floor(keep / 2));
	}

	/* The charts take the page's width, at least `least` pixels. */
	function pageWidth(least) {
		return Math.max(least, Math.min(1800, main.clientWidth || 1000));
	}

	/*
	 * Axis ticks at 1, 2 or 5 times a power of ten of the largest figure's
	 * unit, from 0 to at least `max`, about five of them.  With `room`, the
	 * axis's length in pixels, the step grows until the widest label fits
	 * between two ticks, so that labels never overlap.
	 */
	function ticks(max, room) {
		var unit = 1, u = 0;
		if (!(max > 0))
			max = 1;
		while (max / unit >= 1024 && u + 1 < UNITS.length) {
			unit *= 1024;
			u++;
		}
		var raw = max / unit / 5, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
		var multiple = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
		for (;;) {
			var step = multiple * p, list = [];
			for (var i = 0; list.length === 0 || list[list.length - 1].value < max; i++) {
				var n = +(i * step).toPrecision(6);
				list.push({ value: n * unit, label: (n === 0 ? "0" : n) + " " + UNITS[u] });
			}
			var widest = Math.max.apply(null, list.map(function (t) { return textWidth(t.label); }));
			if (!room || step * unit * room / list[list.length - 1].value >= widest + LABEL_GAP)
				return list;
			if (multiple === 1)
				multiple = 2;
			else if (multiple === 2)
				multiple = 5;
			else {
				multiple = 1;
				p *= 10;
			}
		}
	}

	/* Says that the page is drawn: the JavaScript warning goes, and a
	 * hidden div of id "rendered" comes, which the tests look for. */
	function done() {
		document.getElementById("status").remove();
		el("div", { id: "rendered", hidden: "" }, document.body, "complete");
	}

	return { data: data, main: main, level: Math.round(data.confidence * 1000) / 10 + "%", el: el,
		human: human, count: count, textWidth: textWidth, fit: fit, pageWidth: pageWidth,
		ticks: ticks, labelGap: LABEL_GAP, done: done };
})();
