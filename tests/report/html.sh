#!/bin/sh
# html.sh - format=html: one self-contained page, rendered by headless
# Chromium.  Its script must run to the end (it adds <div id="rendered">
# last, so a script error leaves it out of the DOM), and the screenshot must
# be a drawn page, not a blank one.  A copy of the page with its script
# broken must fail the same check, so that the check can fail.
#
# Needs Debian's chromium, installed by tests/compat/require-packages.sh
# when missing (as root), and python3 for png-check.py.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
"$AS_SRCDIR/tests/compat/require-packages.sh" chromium ||
	harness_fail "chromium is needed (Debian package chromium)"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
page="$HARNESS_DIR/report.html"

harness_session html --output "$trace"
ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=1024 "$REPORT_BIN/typed-workload" 20 3 >/dev/null ||
	harness_fail "the typed workload failed"
ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=1024 "$REPORT_BIN/phases-workload" 300 4096 >/dev/null ||
	harness_fail "the phases workload failed"
harness_session_end html

report_run "$trace" -p "format=\"html\",window=\"50ms\",path=\"$page\"" >"$HARNESS_DIR/stdout" \
	2>"$HARNESS_DIR/stderr" || harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
check "the page is in the file, nothing on the standard output" [ -s "$page" -a ! -s "$HARNESS_DIR/stdout" ]
report_check_self_contained "$page"

chromium_run "$page" --dump-dom >"$HARNESS_DIR/dom.html" || true
check "the page's script ran to the end (<div id=\"rendered\"> in the DOM)" \
	grep -q '<div id="rendered" hidden="">complete</div>' "$HARNESS_DIR/dom.html"
check "the DOM has the bars and the timeline" \
	sh -c "grep -q 'Bytes allocated per thread' '$HARNESS_DIR/dom.html' &&
	       grep -q 'Bytes allocated per type' '$HARNESS_DIR/dom.html' &&
	       grep -q 'Timeline of the total' '$HARNESS_DIR/dom.html' &&
	       [ \$(grep -o '<polygon class=\"band\"' '$HARNESS_DIR/dom.html' | wc -l) -eq 1 ]"

sed 's/JSON\.parse(/JSON.parse(no_such_name + /' "$page" >"$HARNESS_DIR/broken.html"
chromium_run "$HARNESS_DIR/broken.html" --dump-dom >"$HARNESS_DIR/broken-dom.html" || true
check "a broken script is caught: no <div id=\"rendered\"> in its DOM" \
	sh -c "[ -s '$HARNESS_DIR/broken-dom.html' ] && ! grep -q 'id=\"rendered\"' '$HARNESS_DIR/broken-dom.html'"

chromium_check_screenshot "$page" --window-size=1000,1500
finish
