#!/bin/sh
# report.sh - sink.allocsample.report under valgrind memcheck on a real
# trace (a typed workload through the library, and a producer of impossible
# samples beside it), in text, CSV and JSON: no invalid read or write, no
# use of uninitialised memory, no leak (definite or possible), and the same
# report as without valgrind.  Installs valgrind if it is missing.
set -eu
sh "$AS_SRCDIR/tests/compat/require-packages.sh" valgrind
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
report_session memcheck "$trace" -t vpid -t vtid -t procname
ALLOCSAMPLE_RATE=4096 "$REPORT_BIN/typed-workload" 300 2 >/dev/null || harness_fail "the workload failed"
"$REPORT_BIN/impossible-producer" dirty || harness_fail "impossible-producer failed"
harness_destroy_session memcheck

# LIBBABELTRACE2_NO_DLCLOSE keeps the plugin mapped at exit, so that
# valgrind can name its functions in a leak's stack.  babeltrace2 and GLib
# leave nothing that memcheck reports as a definite or possible leak, so no
# suppression is needed: any error is ours or a new one to look at.
for format in text csv json; do
	report_run "$trace" -p "format=\"$format\"" >"$HARNESS_DIR/plain.$format" 2>/dev/null ||
		harness_fail "the $format report failed without valgrind"
	status=0
	LIBBABELTRACE2_NO_DLCLOSE=1 valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
		--num-callers=40 --log-file="$HARNESS_DIR/valgrind.$format" \
		babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$trace" -c sink.allocsample.report \
		-p "format=\"$format\"" >"$HARNESS_DIR/report.$format" 2>/dev/null || status=$?
	summary=$(grep -o 'ERROR SUMMARY: .*' "$HARNESS_DIR/valgrind.$format" || echo 'no ERROR SUMMARY')
	check "$format: memcheck finds nothing (status $status, $summary)" [ "$status" -eq 0 ]
	[ "$status" -eq 0 ] || grep -E '^==[0-9]+== ' "$HARNESS_DIR/valgrind.$format" | head -n 60
	check "$format: the same report as without valgrind ($(wc -c <"$HARNESS_DIR/report.$format") bytes)" \
		cmp -s "$HARNESS_DIR/plain.$format" "$HARNESS_DIR/report.$format"
done
check "the trace had impossible samples for the component to leave out" \
	[ "$(jq .skipped_samples "$HARNESS_DIR/report.json")" -gt 0 ]
finish
