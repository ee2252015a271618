#!/bin/sh
# report.sh - sink.allocsample.report under valgrind memcheck on a real
# trace (a typed workload through the library, and beside it a producer of
# impossible samples and one of samples and frees, for the live figures),
# in text, CSV and JSON: no invalid read or write, no
# use of uninitialised memory, no leak (definite or possible), and the same
# report as without valgrind.
set -eu
. "$AS_SRCDIR/tests/valgrind/lib.sh"
harness_enter "$@"
harness_start_sessiond

# workloads: the three programs, one after the other, for harness_trace.
workloads() {
	ALLOCSAMPLE_RATE=4096 "$VALGRIND_PROGRAMS/typed-workload" 300 2 &&
		"$VALGRIND_PROGRAMS/impossible-producer" dirty &&
		"$VALGRIND_PROGRAMS/live-producer" full
}
harness_trace memcheck -- workloads

memcheck_report "$HARNESS_DIR/memcheck"
check "the trace had impossible samples for the component to leave out" \
	[ "$(jq .skipped_samples "$HARNESS_DIR/report.json")" -gt 0 ]
check "the trace had live samples and frees" [ "$(jq .total.live_samples "$HARNESS_DIR/report.json")" = 26 ]
finish
