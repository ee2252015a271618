# lib.sh - what the valgrind tests share, on top of tests/lib:
# lttng-harness.sh (the private daemon and harness_trace, the one recipe of
# a trace), tools.sh (report_run) and results.sh (the checks).  Source it
# first thing, then call harness_enter "$@".  The tests record the report
# tests' programs (VALGRIND_PROGRAMS, tests/report), and need valgrind.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
require valgrind

VALGRIND_PROGRAMS="$AS_BUILDDIR/tests/report"

# memcheck_report TRACE PARAMS: the report of TRACE with PARAMS (a
# babeltrace2 parameter list, possibly empty) in text, CSV and JSON under
# valgrind memcheck: no invalid access, no use of uninitialised memory, no
# leak (definite or possible), and each format the same bytes as without
# valgrind.  One process under memcheck makes the three reports (memcheck's
# start-up is most of a run): a graph of three chains of a source of the
# trace, a muxer and the component, text on the standard output, CSV and
# JSON into files by `path`.  The reports stay in $HARNESS_DIR/report.FORMAT.
#
# LIBBABELTRACE2_NO_DLCLOSE keeps the plugin mapped at exit, so that
# valgrind can name its functions in a leak's stack.  babeltrace2 and GLib
# leave nothing that memcheck reports as a definite or possible leak, so no
# suppression is needed: any error is ours or a new one to look at.
memcheck_report() {
	memcheck_trace=$1
	memcheck_params=${2:+$2,}
	# The trace's directories that hold a metadata file, what
	# source.ctf.fs reads, as a babeltrace2 array of strings.
	memcheck_inputs=$(find "$memcheck_trace" -name metadata -exec dirname {} \; |
		sed 's/.*/"&"/' | paste -s -d , -)
	set --
	for format in text csv json; do
		report_run "$memcheck_trace" -p "${memcheck_params}format=\"$format\"" \
			>"$HARNESS_DIR/plain.$format" 2>/dev/null || harness_fail "the $format report failed without valgrind"
		memcheck_path=",path=\"$HARNESS_DIR/report.$format\""
		[ "$format" != text ] || memcheck_path=
		set -- "$@" -c "source-$format:source.ctf.fs" -p "inputs=[$memcheck_inputs]" \
			-c "muxer-$format:filter.utils.muxer" -c "report-$format:sink.allocsample.report" \
			-p "${memcheck_params}format=\"$format\"$memcheck_path" \
			-x "source-$format:muxer-$format" -x "muxer-$format:report-$format"
	done
	memcheck_status=0
	LIBBABELTRACE2_NO_DLCLOSE=1 valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
		--num-callers=40 --log-file="$HARNESS_DIR/valgrind.log" \
		babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" run "$@" \
		>"$HARNESS_DIR/report.text" 2>"$HARNESS_DIR/valgrind.err" || memcheck_status=$?
	memcheck_summary=$(grep -o 'ERROR SUMMARY: .*' "$HARNESS_DIR/valgrind.log" || echo 'no ERROR SUMMARY')
	check "text, CSV and JSON: memcheck finds nothing (status $memcheck_status, $memcheck_summary)" \
		[ "$memcheck_status" -eq 0 ]
	[ "$memcheck_status" -eq 0 ] || grep -E '^==[0-9]+== ' "$HARNESS_DIR/valgrind.log" | head -n 60
	[ "$memcheck_status" -eq 0 ] || tail -n 20 "$HARNESS_DIR/valgrind.err"
	for format in text csv json; do
		check "$format: the same report as without valgrind ($(wc -c <"$HARNESS_DIR/report.$format") bytes)" \
			cmp -s "$HARNESS_DIR/plain.$format" "$HARNESS_DIR/report.$format"
	done
}
