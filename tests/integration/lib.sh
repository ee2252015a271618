# lib.sh - what the integration scripts share, on top of tests/lib/lttng-harness.sh
# (whose tests/lib/results.sh gives the checks).
#
# Source it first thing, then call harness_enter "$@".  Checks do not stop
# the script: each prints one line with its figures, a failing one marks the
# run failed, and `finish "$HARNESS_DIR/out"` exits 1 if any did, showing
# what the workload printed.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

INTEG_WORKLOADS="$AS_BUILDDIR/tests/workloads"
