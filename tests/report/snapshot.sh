#!/bin/sh
# snapshot.sh - the report of a snapshot (a session in snapshot mode, its
# buffers overwriting): checkpoint-producer's exact sequences at rate 1,
# so that every live figure is known exactly (checkpoint-producer.c says
# them).  The window: its start after the run's first samples, which the
# buffers overwrote, and the samples of a stream that did not wrap,
# before it, left out; JSON's `snapshot` and the text's line.  The live
# blocks of the last complete pass, at their threads (the one the trace
# names, named), not counted as allocated in the window nor among the
# lifetimes; a block sampled
# during the pass counted once; a pass with a Block missing not used; a
# process with no complete pass marked incomplete, with its reason; the
# heap over time from the first complete pass's End.  A
# whole trace with the checkpoints reads as one without them.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require jq
harness_enter "$@"
harness_start_sessiond

cpu=$(harness_cpu)
# Another CPU this test may run on, or nothing: the one after `cpu` in
# the affinity list.
other=$(taskset -pc $$ | sed 's/.*: *//' | tr ',' '\n' |
	awk -F- -v cpu="$cpu" '{ last = $2 == "" ? $1 : $2; for (c = $1; c <= last; c++) if (c != cpu) { print c; exit } }')

# The flight recorder: four sub-buffers of 4 KiB, which 3000 churned
# blocks overwrite many times.  A no-pass run on another CPU first, whose
# stream does not wrap: all of it before the window.
harness_session flight --snapshot --buffers 4096:4
if [ -n "$other" ]; then
	taskset -c "$other" "$REPORT_BIN/checkpoint-producer" no-pass >"$HARNESS_DIR/early.out" ||
		harness_fail "checkpoint-producer no-pass failed"
fi
taskset -c "$cpu" "$REPORT_BIN/checkpoint-producer" flight 3000 >"$HARNESS_DIR/flight.out" ||
	harness_fail "checkpoint-producer flight failed"
taskset -c "$cpu" "$REPORT_BIN/checkpoint-producer" no-pass >"$HARNESS_DIR/late.out" ||
	harness_fail "checkpoint-producer no-pass failed"
harness_snapshot flight
harness_session_end flight
snap="$HARNESS_DIR/flight-snap"
report_json "$snap" "$HARNESS_DIR/snap.json" -p 'snapshot-reason="exit"'
json="$HARNESS_DIR/snap.json"

# The window, from the JSON's own digits (jq reads numbers as doubles).
window=$(tr -d '\n' <"$json" | sed -n 's/.*"snapshot": {\([^}]*\)}.*/\1/p')
t_ns=$(printf '%s' "$window" | sed -n 's/.*"t_ns": \([0-9]*\).*/\1/p')
start_ns=$(printf '%s' "$window" | sed -n 's/.*"window_ns": \[\([0-9]*\), [0-9]*\].*/\1/p')
end_ns=$(printf '%s' "$window" | sed -n 's/.*"window_ns": \[[0-9]*, \([0-9]*\)\].*/\1/p')
check "JSON: a snapshot, its reason the parameter's (got: $window)" \
	[ "$(jq -r .snapshot.reason "$json")" = exit ]
check "the window ends at the trace's end, after it starts ($start_ns to $end_ns, t_ns $t_ns)" \
	sh -c '[ -n "$1" ] && [ "$1" = "$2" ] && [ "$3" -lt "$2" ]' - "$t_ns" "$end_ns" "$start_ns"
check "the run's first samples are not in the window: no \"old\" block allocated in it" \
	[ "$(jq '[.groups[] | select(.kind == "type" and (.type == "old" or .type == "old-b")) | .samples] | add' "$json")" = 0 ]
if [ -n "$other" ]; then
	check "the samples of a stream that did not wrap, before the window, are left out: one no-pass process" \
		[ "$(jq '[.groups[] | select(.kind == "process")] | length' "$json")" = 2 ]
fi

# The flight process's live blocks, exactly (rate 1).
flight_pid=$(jq '[.groups[] | select(.kind == "type" and .type == "old")][0].pid' "$json")
for row in old:6:49152:0 old-b:6:24576:0 dup:1:512:512 new:3:3072:4096 late-b:1:2048:2048; do
	type=${row%%:*}
	rest=${row#*:}
	got=$(jq -r --arg t "$type" --argjson pid "$flight_pid" \
		'[.groups[] | select(.kind == "type" and .type == $t and .pid == $pid)][0] |
		 "\(.live_samples):\(.live_estimate):\(.estimate)"' "$json")
	check "type $type: live samples, live bytes, bytes allocated in the window $rest (got $got)" \
		[ "$got" = "$rest" ]
done
got=$(jq -r --argjson pid "$flight_pid" '.groups[] | select(.kind == "type" and .type == "old" and .pid == $pid) |
	"\(.temporary_objects):\(.temporary_incomplete):\(.lifetime)"' "$json")
check "blocks allocated before the window are not among the lifetimes told, which stay complete (got $got)" \
	[ "$got" = 0:false:null ]
check "the Blocks of a pass with one missing are not used: no ghost" \
	[ "$(jq '[.groups[] | select(.type == "ghost")] | length' "$json")" = 0 ]
got=$(jq -r --argjson pid "$flight_pid" '.groups[] | select(.kind == "process" and .pid == $pid) |
	"\(.live_samples):\(.live_estimate):\(.live_incomplete)"' "$json")
check "the flight process: 17 blocks, 79360 bytes live, complete (got $got)" [ "$got" = 17:79360:false ]
got=$(jq -r --argjson pid "$flight_pid" '.groups[] | select(.kind == "thread" and .pid == $pid and .procname == "old-b") |
	"\(.live_samples):\(.live_estimate)"' "$json")
check "thread old-b, named as the trace names it: its 6 blocks from the pass and its 1 of the window (got $got)" \
	[ "$got" = 7:26624 ]
got=$(jq -r --argjson pid "$flight_pid" '.groups[] | select(.kind == "thread" and .pid == $pid and .procname == "as-checkpoint")' "$json")
check "no block at the checkpoint thread" [ -z "$got" ]
# From pass 1's End on, at least 13 blocks are live (16 then, 13 after
# the three frees); before it the report would know only the churn's.  The
# producer's 5 ms after its passes give the 100 us grid instants there.
got=$(jq -r --argjson pid "$flight_pid" '.timeline[] | select(.pid == $pid) |
	"\(.points | length):\([.points[].live_samples] | min)"' "$json")
check "the flight process's curve begins at its first complete checkpoint (points:fewest live samples $got)" \
	sh -c 'n=${1%%:*} least=${1#*:}; [ "$n" -gt 2 ] && [ "$least" -ge 13 ]' - "$got"

# The process with no complete pass.
got=$(jq -r --argjson pid "$flight_pid" '.groups[] | select(.kind == "process" and .pid != $pid) |
	"\(.live_samples):\(.live_estimate):\(.live_incomplete)"' "$json")
check "the no-pass process: 4 blocks live, marked incomplete (got $got)" [ "$got" = 4:4096:true ]
check "JSON: one process with no complete checkpoint, said in the live notes" \
	sh -c '[ "$(jq .snapshot.no_checkpoint_processes "$1")" = 1 ] &&
		jq -r ".live.notes[]" "$1" | grep -q "no complete checkpoint in the window"' - "$json"
check "the total's live figures incomplete" [ "$(jq .total.live_incomplete "$json")" = true ]
# The events left out, counted from the trace: those of allocsample but
# LiveHighWater before the window's start (19-digit nanoseconds, compared
# as strings of one length).
start=$(jq -r '.snapshot.window_ns[0]' "$json")
before=$(babeltrace2 --clock-seconds "$snap" 2>/dev/null |
	sed -n 's/^\[\([0-9]*\)\.\([0-9]*\)\].* allocsample:\(AllocationSampled\|SampledFree\|Checkpoint[A-Za-z]*\): .*/\1\2/p' |
	awk -v start="$start" 'length($1) == length(start) && $1 < start { n++ } END { print n + 0 }')
check "JSON: the events before the window counted ($(jq .snapshot.events_before_window "$json"), $before in the trace, at least one)" \
	sh -c '[ "$1" = "$2" ] && [ "$2" -gt 0 ]' - "$(jq .snapshot.events_before_window "$json")" "$before"

# The text.
report_run "$snap" -p 'snapshot-reason="high-water"' >"$HARNESS_DIR/snap.txt" 2>"$HARNESS_DIR/snap.txt.err" ||
	harness_fail "the text report failed: $(tail -n 3 "$HARNESS_DIR/snap.txt.err")"
check "text: one Snapshot line with the reason and the window's length" \
	[ "$(grep -c '^Snapshot (high-water): the trace holds its last [0-9.]* [mµn]*s; allocations and the peak are of that window, live bytes those at its end' "$HARNESS_DIR/snap.txt")" = 1 ]
# Type old allocated nothing in the window and holds 49152 of its 79360
# live bytes: under text's 1% of the bytes allocated, over 1% of the live
# ones, so it is shown.
check "text: the type that allocated nothing in the window but holds live bytes is shown" \
	[ "$(grep -Ec '^ +[^ ]+ +[0-9]+ +old +1 +0 ' "$HARNESS_DIR/snap.txt")" = 1 ]
report_json "$snap" "$HARNESS_DIR/noreason.json"
check "JSON: no reason given, null" [ "$(jq .snapshot.reason "$HARNESS_DIR/noreason.json")" = null ]
report_refused "snapshot-reason=\"crash\"" "$snap" 'snapshot-reason="crash"' \
	"Parameter \`snapshot-reason\`: unknown reason \`crash\`: expecting \`exit\`, \`signal\`, \`high-water\` or \`request\`"

# A whole trace with the checkpoints, and the same run recorded at once
# without them (each session stamps its own events, so times and what
# they order, lifetimes and the peak's instants, differ by nanoseconds):
# the same groups, samples, bytes and live bytes.
harness_session whole
harness_session bare --events 'allocsample:AllocationSampled,allocsample:SampledFree'
taskset -c "$cpu" "$REPORT_BIN/checkpoint-producer" flight 100 >"$HARNESS_DIR/whole.out" ||
	harness_fail "checkpoint-producer flight failed"
harness_session_end whole
harness_session_end bare
figures='[.groups[], (.total | . + {kind: "total"}) | {kind, pid, tid, type, procname, samples,
	estimate, lower, upper, live_samples, live_estimate, live_lower, live_upper, live_incomplete,
	incomplete}], .live.notes, .live.unmatched_frees, .live.lost_frees'
for trace in whole bare; do
	report_json "$HARNESS_DIR/$trace" "$HARNESS_DIR/$trace.json"
	jq -S "$figures" "$HARNESS_DIR/$trace.json" >"$HARNESS_DIR/$trace.figures"
done
check "a whole trace has no snapshot" [ "$(jq 'has("snapshot")' "$HARNESS_DIR/whole.json")" = false ]
check "a whole trace with checkpoints reads as one without them ($(jq -s '.[0] | length' "$HARNESS_DIR/whole.figures") groups)" \
	cmp -s "$HARNESS_DIR/whole.figures" "$HARNESS_DIR/bare.figures"
diff "$HARNESS_DIR/whole.figures" "$HARNESS_DIR/bare.figures" | head -10 || true
finish
