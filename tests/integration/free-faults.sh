#!/bin/sh
# free-faults.sh - a program's own free errors reach the next allocator as
# they would without the shim: a double free of a small tracked sampled
# block and the free of a page-aligned pointer that malloc never gave abort
# with the same message on stderr and the same signal, with and without the
# shim.  A double free of a large one (above glibc's tcache) aborts too,
# but glibc's message depends on the block's neighbours, which the
# page-aligned allocation changes (doc/reliability.md).
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

workload="$INTEG_WORKLOADS/free-faults"
trace="$HARNESS_DIR/trace"

# outcome OUT COMMAND...: runs COMMAND, writing its exit status and stderr to OUT.
outcome() {
	out=$1
	shift
	status=0
	"$@" >/dev/null 2>"$out.stderr" || status=$?
	{ echo "status $status"; cat "$out.stderr"; } >"$out"
}

harness_session faults --output "$trace"
for case in double-free invalid; do
	outcome "$HARNESS_DIR/$case.plain" "$workload" "$case"
	ALLOCSAMPLE_RATE=1 outcome "$HARNESS_DIR/$case.shim" harness_preload "$workload" "$case"
	check "$case: the program is killed by SIGABRT without the shim ($(head -1 "$HARNESS_DIR/$case.plain"))" \
		[ "$(head -1 "$HARNESS_DIR/$case.plain")" = "status 134" ]
	check "$case: the same status and message under the shim ($(tail -n +2 "$HARNESS_DIR/$case.shim" | head -1))" \
		cmp "$HARNESS_DIR/$case.plain" "$HARNESS_DIR/$case.shim"
done
outcome "$HARNESS_DIR/large.plain" "$workload" double-free-large
ALLOCSAMPLE_RATE=1 outcome "$HARNESS_DIR/large.shim" harness_preload "$workload" double-free-large
check "double-free-large: SIGABRT with and without the shim ($(head -1 "$HARNESS_DIR/large.plain"), $(head -1 "$HARNESS_DIR/large.shim"))" \
	[ "$(head -1 "$HARNESS_DIR/large.plain") $(head -1 "$HARNESS_DIR/large.shim")" = "status 134 status 134" ]
harness_session_end faults
# The double free's block was a tracked sample, freed once.
freed=$(babeltrace2 "$trace" | grep -c 'allocsample:SampledFree' || true)
check "the tracked blocks of the two runs gave SampledFree events ($freed)" [ "$freed" -ge 1 ]
finish "$HARNESS_DIR/double-free.shim"
