#!/bin/sh
# events.sh - which allocsample events a recording of the whole run
# enables: every event of the schema but the checkpoints
# (allocsample:Checkpoint*, a flight recorder's: there they would only
# repeat what the trace holds).
#   - The list allocsample-record names (src/record/run.sh) is the
#     schema's (tp/allocsample-tp.h) but the checkpoints: an event added
#     to the schema and not to the list fails here.
#   - A run with ALLOCSAMPLE_CHECKPOINT_INTERVAL=10: its session, listed
#     by `lttng list SESSION` on the test's daemon while the program
#     waits, has those events as its allocsample rules, and no pattern
#     that would match a checkpoint; the daemon
#     survives the listing (lttng-sessiond 2.13.9 crashes listing an event
#     rule with an exclusion, which is why the events are named); its
#     trace has samples and no checkpoint event.
# Deterministic: nothing here can fail by chance.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
require babeltrace2
harness_start_sessiond

schema=$(sed -n 's/^LTTNG_UST_TRACEPOINT_EVENT(allocsample, *\([A-Za-z]*\).*/allocsample:\1/p' \
	"$AS_SRCDIR/tp/allocsample-tp.h" | grep -v '^allocsample:Checkpoint' | sort | paste -s -d ' ' -)
named=$(sed -n "s/^record_events='\(.*\)'\$/\1/p" "$AS_SRCDIR/src/record/run.sh" | tr ',' '\n' | sort |
	paste -s -d ' ' -)
check "the schema has events besides the checkpoints ($schema)" [ -n "$schema" ]
check "allocsample-record names the schema's events but the checkpoints ($named)" [ "$named" = "$schema" ]
check "the schema has checkpoint events" grep -q '^LTTNG_UST_TRACEPOINT_EVENT(allocsample, *Checkpoint' \
	"$AS_SRCDIR/tp/allocsample-tp.h"

facts="$HARNESS_DIR/facts"
go="$HARNESS_DIR/go"
# A checkpoint every 10 ms, were the checkpoint events enabled.
ALLOCSAMPLE_CHECKPOINT_INTERVAL=10
export ALLOCSAMPLE_CHECKPOINT_INTERVAL
record_bg_json whole --rate 4096 -o "$HARNESS_DIR/whole.trace" -- "$RECORD_WORKLOAD" "$facts" wait "$go"
job=$BG_PID
record_ready "$facts"
session=$(record_sessions | awk '{ print $1; exit }')
check "the run's session exists ($session)" [ -n "$session" ]
listed=$(lttng list "$session" 2>&1) || true
printf '%s\n' "$listed" >"$HARNESS_DIR/whole.list"
check "the daemon survives the listing" kill -0 "$HARNESS_SESSIOND_PID"
# Its event rules of allocsample, each the first word of its line.
rules=$(awk '$1 ~ /^allocsample:/ { print $1 }' "$HARNESS_DIR/whole.list" | sort | paste -s -d ' ' -)
check "the session's allocsample rules are those events, with no checkpoint ($rules)" [ "$rules" = "$schema" ]
touch "$go"
record_waited whole "$job"
babeltrace2 "$HARNESS_DIR/whole.trace" >"$HARNESS_DIR/whole.events" 2>"$HARNESS_DIR/whole.events.err" ||
	harness_fail "babeltrace2 cannot read the trace: $(head -c 300 "$HARNESS_DIR/whole.events.err")"
samples=$(grep -c ' allocsample:AllocationSampled: ' "$HARNESS_DIR/whole.events" || true)
check "the trace has samples ($samples)" [ "$samples" -gt 0 ]
checkpoints=$(grep -c ' allocsample:Checkpoint' "$HARNESS_DIR/whole.events" || true)
check "the trace has no checkpoint event ($checkpoints)" [ "$checkpoints" -eq 0 ]
finish
