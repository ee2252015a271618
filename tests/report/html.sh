#!/bin/sh
# html.sh - format=html: one self-contained page, rendered by headless
# Chromium.  Its script must run to the end (it adds <div id="rendered">
# last, so a script error leaves it out of the DOM), and the screenshot must
# be a drawn page, not a blank one (the DOM and the screenshot come from
# one Chromium run).  A copy of the page with its script broken must fail
# the same check, so that the check can fail.
#
# Needs Debian's chromium, and python3 for png-check.py.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require chromium python3
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/html"
page="$HARNESS_DIR/report.html"

# workloads: typed-workload's threads and types, then phases-workload's
# timeline, one after the other, for harness_trace.
workloads() {
	ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=1024 "$REPORT_BIN/typed-workload" 20 3 &&
		ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=1024 "$REPORT_BIN/phases-workload" 300 4096
}
harness_trace html -- workloads

report_run "$trace" -p "format=\"html\",window=\"50ms\",path=\"$page\"" >"$HARNESS_DIR/stdout" \
	2>"$HARNESS_DIR/stderr" || harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
check "the page is in the file, nothing on the standard output" [ -s "$page" -a ! -s "$HARNESS_DIR/stdout" ]
report_check_self_contained "$page"

report_render "$page" --window-size=1000,1500
check "the page's script ran to the end (<div id=\"rendered\"> in the DOM)" \
	grep -q '<div id="rendered" hidden="">complete</div>' "$page.dom"
check "the DOM has the bars and the timeline" \
	sh -c "grep -q 'Bytes allocated per thread' '$page.dom' &&
	       grep -q 'Bytes allocated per type' '$page.dom' &&
	       grep -q 'The total by window' '$page.dom' &&
	       [ \$(grep -o '<polygon class=\"band\"' '$page.dom' | wc -l) -eq 1 ]"

sed 's/JSON\.parse(/JSON.parse(no_such_name + /' "$page" >"$HARNESS_DIR/broken.html"
chromium_run "$HARNESS_DIR/broken.html" --dump-dom >"$HARNESS_DIR/broken-dom.html" || true
check "a broken script is caught: no <div id=\"rendered\"> in its DOM" \
	sh -c "[ -s '$HARNESS_DIR/broken-dom.html' ] && ! grep -q 'id=\"rendered\"' '$HARNESS_DIR/broken-dom.html'"
finish
