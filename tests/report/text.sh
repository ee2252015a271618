#!/bin/sh
# text.sh - the text report of a tiny trace, compared with text.expect.
#
# Deterministic: the workload runs with ALLOCSAMPLE_SEED, its threads one
# after the other, in a new PID namespace (so that its vpid is 1 and its
# threads' vtids follow in creation order), and the trace has one host.
# Run with AS_UPDATE_EXPECT=1 to rewrite text.expect after a deliberate
# change of format, then review the diff.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
text="$HARNESS_DIR/report.txt"
expect="$AS_SRCDIR/tests/report/text.expect"

harness_create_session text "$trace"
ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE=4096 \
	unshare --pid --fork "$REPORT_BIN/typed-workload" 10 2 >"$HARNESS_DIR/out" ||
	harness_fail "the workload failed"
harness_destroy_session text

report_run "$trace" -p 'group-by=["thread","type","thread-type"]' >"$text" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
if [ -n "${AS_UPDATE_EXPECT:-}" ]; then
	cp "$text" "$expect"
fi
if diff -u "$expect" "$text"; then
	ok "the text report is text.expect"
else
	fail "the text report differs from text.expect (diff above)"
fi
check "the run printed no warning" [ ! -s "$HARNESS_DIR/stderr" ]
finish
