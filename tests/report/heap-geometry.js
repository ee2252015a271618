/*
 * heap-geometry.js - added at the end of a copy of the report's page by
 * tests/report/heap-html.sh, run once the page is drawn: writes into a
 * <pre> of id "geometry" (JSON) what the test measures, in pixels of the
 * charts' own coordinates:
 *   heap: per heap chart, its bands, its peak mark's x, and the time ticks
 *     of its live bytes ({value in seconds, x of the label's centre});
 *   overlaps: pairs of axis labels or legends of one chart whose boxes
 *     overlap, in the heap and size charts;
 *   sizes: per size chart, its bars;
 *   switch: the flame graph's measures (its buttons), and flame: per
 *     measure, after a click on its button, each frame's label and width;
 *   survival: the lifetimes table's buttons, and after a click on the
 *     first one its curve's charts, bands and lines (its labels are among
 *     the overlaps).
 */
(function () {
	"use strict";
	var result = { heap: [], overlaps: [], sizes: [], "switch": [], flame: {}, survival: {} };
	var buttons = document.querySelectorAll("table.lifetimes button.survival");

	result.survival.buttons = buttons.length;
	result.survival.before = document.querySelectorAll("svg.survival").length;
	if (buttons.length)
		buttons[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
	result.survival.charts = document.querySelectorAll("svg.survival").length;
	result.survival.bands = document.querySelectorAll("svg.survival polygon.band").length;
	result.survival.lines = document.querySelectorAll("svg.survival polyline.line").length;

	function box(t) {
		var b = t.getBBox();
		return { text: t.textContent, x: b.x, y: b.y, width: b.width, height: b.height };
	}

	document.querySelectorAll("svg.heap").forEach(function (svg) {
		var live = svg.querySelector("g.panel.live"), mark = live && live.querySelector(".peak .peak-mark");
		result.heap.push({
			bands: live ? live.querySelectorAll("polygon.band").length : 0,
			peak_x: mark ? +mark.getAttribute("cx") : null,
			ticks: live ? Array.prototype.map.call(live.querySelectorAll("text.tick.time"), function (t) {
				var b = box(t);
				return { value: parseFloat(t.textContent), x: b.x + b.width / 2 };
			}) : [],
		});
	});
	document.querySelectorAll("svg.heap, svg.sizes, svg.survival").forEach(function (svg) {
		var boxes = Array.prototype.map.call(svg.querySelectorAll("text.tick, text.legend"), box);
		boxes.forEach(function (a, i) {
			boxes.slice(i + 1).forEach(function (b) {
				if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
					result.overlaps.push([a.text, b.text]);
			});
		});
	});
	document.querySelectorAll("svg.sizes").forEach(function (svg) {
		result.sizes.push({ bars: svg.querySelectorAll("rect.bar").length });
	});

	function frames() {
		return Array.prototype.map.call(document.querySelectorAll("#flame .frame"), function (g) {
			return { label: g.querySelector("title").textContent.split("\n")[0],
				width: +g.querySelector("rect").getAttribute("width") };
		});
	}
	result.flame.initial = frames();
	document.querySelectorAll("#flame-switch button").forEach(function (b) {
		result["switch"].push(b.getAttribute("data-measure"));
	});
	["peak", "live", "temporary", "allocated"].forEach(function (m) {
		var b = document.querySelector("#flame-switch button[data-measure=\"" + m + "\"]");
		if (b) {
			b.dispatchEvent(new MouseEvent("click", { bubbles: true }));
			result.flame[m] = frames();
		}
	});
	var pre = document.createElement("pre");
	pre.id = "geometry";
	pre.textContent = JSON.stringify(result);
	document.body.appendChild(pre);
})();
