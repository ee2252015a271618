#!/bin/sh
# stacks.sh - sink.allocsample.report under valgrind memcheck on a trace
# with stacks (tests/report/stack-producer: named, inlined, C++, unknown
# and truncated frames), grouped by stack, site and thread, in text, CSV and
# JSON: no invalid access, no use of uninitialised memory, no leak, and the
# same report as without valgrind.
set -eu
sh "$AS_SRCDIR/tests/compat/require-packages.sh" valgrind
. "$AS_SRCDIR/tests/report/lib.sh"
. "$AS_SRCDIR/tests/report/stack-lib.sh"
harness_enter "$@"
harness_start_sessiond

stack_record memcheck "$STACK_EVENTS" "$REPORT_BIN/stack-producer" --unknown --depth 16
trace="$HARNESS_DIR/memcheck"
params='group-by=["stack","site","thread"]'
for format in text csv json; do
	report_run "$trace" -p "$params,format=\"$format\"" >"$HARNESS_DIR/plain.$format" 2>/dev/null ||
		harness_fail "the $format report failed without valgrind"
	status=0
	LIBBABELTRACE2_NO_DLCLOSE=1 valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
		--num-callers=40 --log-file="$HARNESS_DIR/valgrind.$format" \
		babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$trace" -c sink.allocsample.report \
		-p "$params,format=\"$format\"" >"$HARNESS_DIR/report.$format" 2>/dev/null || status=$?
	summary=$(grep -o 'ERROR SUMMARY: .*' "$HARNESS_DIR/valgrind.$format" || echo 'no ERROR SUMMARY')
	check "$format: memcheck finds nothing (status $status, $summary)" [ "$status" -eq 0 ]
	[ "$status" -eq 0 ] || grep -E '^==[0-9]+== ' "$HARNESS_DIR/valgrind.$format" | head -n 60
	check "$format: the same report as without valgrind ($(wc -c <"$HARNESS_DIR/report.$format") bytes)" \
		cmp -s "$HARNESS_DIR/plain.$format" "$HARNESS_DIR/report.$format"
done
check "the trace had truncated stacks and unknown frames" \
	jq -e '([.groups[] | select(.kind == "stack" and .truncated)] | length > 0) and .symbols.unknown_addresses > 0' \
	"$HARNESS_DIR/report.json"
finish
