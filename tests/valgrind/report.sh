#!/bin/sh
# report.sh - sink.allocsample.report under valgrind memcheck on a real
# trace (a typed workload through the library, and beside it a producer of
# impossible samples and one of samples and frees, for the live figures),
# in text, CSV and JSON: no invalid read or write, no
# use of uninitialised memory, no leak (definite or possible), and the same
# report as without valgrind.  Installs valgrind if it is missing.
set -eu
sh "$AS_SRCDIR/tests/compat/require-packages.sh" valgrind
. "$AS_SRCDIR/tests/report/lib.sh"
. "$AS_SRCDIR/tests/valgrind/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
report_session memcheck "$trace" -t vpid -t vtid -t procname
ALLOCSAMPLE_RATE=4096 "$REPORT_BIN/typed-workload" 300 2 >/dev/null || harness_fail "the workload failed"
"$REPORT_BIN/impossible-producer" dirty || harness_fail "impossible-producer failed"
"$REPORT_BIN/live-producer" full || harness_fail "live-producer failed"
harness_session_end memcheck

memcheck_report "$trace"
check "the trace had impossible samples for the component to leave out" \
	[ "$(jq .skipped_samples "$HARNESS_DIR/report.json")" -gt 0 ]
check "the trace had live samples and frees" [ "$(jq .total.live_samples "$HARNESS_DIR/report.json")" = 26 ]
finish
