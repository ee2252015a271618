# lib.sh - what the valgrind tests share, on top of tests/lib:
# lttng-harness.sh (the private daemon and harness_trace, the one recipe of
# a trace), tools.sh (report_run) and results.sh (the checks).  Source it
# first thing, then call harness_enter "$@".  The tests record the report
# tests' programs (VALGRIND_PROGRAMS, tests/report), and need valgrind.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
require valgrind

VALGRIND_PROGRAMS="$AS_BUILDDIR/tests/report"

# memcheck_report TRACE PARAMS: the report of TRACE with PARAMS (a
# babeltrace2 parameter list, possibly empty) in text, CSV and JSON, each
# under valgrind memcheck: no invalid access, no use of uninitialised
# memory, no leak (definite or possible), and the same bytes as without
# valgrind.  The reports stay in $HARNESS_DIR/report.FORMAT.
#
# LIBBABELTRACE2_NO_DLCLOSE keeps the plugin mapped at exit, so that
# valgrind can name its functions in a leak's stack.  babeltrace2 and GLib
# leave nothing that memcheck reports as a definite or possible leak, so no
# suppression is needed: any error is ours or a new one to look at.
memcheck_report() {
	_trace=$1
	_params=${2:+$2,}
	for _format in text csv json; do
		report_run "$_trace" -p "${_params}format=\"$_format\"" >"$HARNESS_DIR/plain.$_format" 2>/dev/null ||
			harness_fail "the $_format report failed without valgrind"
		_status=0
		LIBBABELTRACE2_NO_DLCLOSE=1 valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
			--num-callers=40 --log-file="$HARNESS_DIR/valgrind.$_format" \
			babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$_trace" -c sink.allocsample.report \
			-p "${_params}format=\"$_format\"" >"$HARNESS_DIR/report.$_format" 2>/dev/null || _status=$?
		_summary=$(grep -o 'ERROR SUMMARY: .*' "$HARNESS_DIR/valgrind.$_format" || echo 'no ERROR SUMMARY')
		check "$_format: memcheck finds nothing (status $_status, $_summary)" [ "$_status" -eq 0 ]
		[ "$_status" -eq 0 ] || grep -E '^==[0-9]+== ' "$HARNESS_DIR/valgrind.$_format" | head -n 60
		check "$_format: the same report as without valgrind ($(wc -c <"$HARNESS_DIR/report.$_format") bytes)" \
			cmp -s "$HARNESS_DIR/plain.$_format" "$HARNESS_DIR/report.$_format"
	done
}
