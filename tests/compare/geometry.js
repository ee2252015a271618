/*
 * geometry.js - added at the end of a copy of allocsample-compare's page by
 * tests/compare/html.sh, run once the page is drawn: writes into a <pre>
 * of id "geometry" (JSON) every row's name (its text and tooltip), every
 * axis label and chart legend with its box, and each pair of those of one
 * chart whose boxes overlap.
 */
(function () {
	"use strict";
	var result = { names: [], ticks: [], overlaps: [] };
	document.querySelectorAll("svg").forEach(function (svg, chart) {
		var boxes = [];
		svg.querySelectorAll("text.name").forEach(function (t) {
			result.names.push({ chart: chart, text: t.firstChild.nodeValue, title: t.querySelector("title").textContent });
		});
		svg.querySelectorAll("text.tick, text.legend").forEach(function (t) {
			var b = t.getBBox(), label = { chart: chart, text: t.textContent, x: b.x, y: b.y, width: b.width, height: b.height,
				axis: t.classList.contains("legend") ? "legend" : t.textContent.charAt(0) === "\u00d7" ? "ratio" : "bytes" };
			if (label.axis !== "legend")
				result.ticks.push(label);
			boxes.push(label);
		});
		boxes.forEach(function (a, i) {
			boxes.slice(i + 1).forEach(function (b) {
				if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
					result.overlaps.push([a.text, b.text]);
			});
		});
	});
	var pre = document.createElement("pre");
	pre.id = "geometry";
	pre.textContent = JSON.stringify(result);
	document.body.appendChild(pre);
})();
