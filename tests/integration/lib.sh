# lib.sh - what the integration scripts share, on top of tests/lib/lttng-harness.sh
# (whose tests/lib/results.sh gives the checks).
#
# Source it first thing, then call harness_enter "$@".  Checks do not stop
# the script: each prints one line with its figures, a failing one marks the
# run failed, and `finish FILE` exits 1 if any did, showing FILE (what the
# workload printed).

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

INTEG_WORKLOADS="$AS_BUILDDIR/tests/workloads"

# integ_trace NAME [SESSION_OPTION...] -- COMMAND...: a trace of COMMAND
# (harness_trace: its trace in $HARNESS_DIR/NAME, its standard output in
# NAME.out, the test stopped if it fails), its events read into
# NAME.events (harness_read_events: a failed check if the tracer discarded
# any).
integ_trace() {
	integ_name=$1
	harness_trace "$@"
	harness_read_events "$HARNESS_DIR/$integ_name" "$HARNESS_DIR/$integ_name.events"
}

