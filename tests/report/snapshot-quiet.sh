#!/bin/sh
# snapshot-quiet.sh - the report of a quiet snapshot: a flight recorder's
# window that holds complete checkpoint passes but no sample (a program
# gone idle, its samples overwritten by the passes).  checkpoint-producer
# `quiet` at rate 1: the live figures the last pass says, exactly, per
# process, thread and type, in the text and in JSON, and nothing
# allocated in the window: none sampled, 0 bytes, an interval of [0, 0]
# at rate 1, where no byte goes unseen.  allocsample-record takes such a
# snapshot for one to report.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require jq
harness_enter "$@"
harness_start_sessiond

cpu=$(harness_cpu)
# Four sub-buffers of 4 KiB, which 200 passes of 11 events overwrite many
# times over: the window holds passes only.
harness_session quiet --snapshot --buffers 4096:4
taskset -c "$cpu" "$REPORT_BIN/checkpoint-producer" quiet 200 >"$HARNESS_DIR/quiet.out" ||
	harness_fail "checkpoint-producer quiet failed"
harness_snapshot quiet
harness_session_end quiet
snap="$HARNESS_DIR/quiet-snap"
json="$HARNESS_DIR/quiet.json"
report_json "$snap" "$json" -p 'snapshot-reason="exit"'

# The premise: a snapshot, no sample in its window.
check "JSON: a snapshot" [ "$(jq -r .snapshot.reason "$json")" = exit ]
check "no sample in the window (the passes overwrote them)" [ "$(jq .total.samples "$json")" = 0 ]

# The live blocks of the last complete pass, exactly (rate 1; the
# interval's ends compensate for the offsets, doc/estimation.md).
got=$(jq -r '"\(.total.live_samples):\(.total.live_estimate):\(.total.live_incomplete)"' "$json")
check "the total: 9 blocks, 24576 bytes live, complete (got $got)" [ "$got" = 9:24576:false ]
check "the total's live interval is finite and ordered" \
	[ "$(jq '.total.live_lower > 0 and .total.live_lower <= .total.live_upper' "$json")" = true ]
got=$(jq -r '[.groups[] | select(.kind == "process")] | map("\(.live_samples):\(.live_estimate):\(.live_incomplete)") | join(" ")' "$json")
check "one process: 9 blocks, 24576 bytes live (got $got)" [ "$got" = 9:24576:false ]
for row in kept:6:12288 kept-b:3:12288; do
	type=${row%%:*}
	got=$(jq -r --arg t "$type" '[.groups[] | select(.kind == "type" and .type == $t)][0] |
		"\(.live_samples):\(.live_estimate)"' "$json")
	check "type $type: live samples and bytes ${row#*:} (got $got)" [ "$got" = "${row#*:}" ]
done
got=$(jq -r '[.groups[] | select(.kind == "thread")] | map("\(.live_samples):\(.live_estimate)") | sort | join(" ")' "$json")
check "two threads: 6 blocks of 12288 bytes and 3 of 12288 (got $got)" [ "$got" = "3:12288 6:12288" ]

# Nothing allocated in the window: none sampled, its estimate from no
# sample; at rate 1 every byte allocated would have been, so its upper end
# is 0 too.
got=$(jq -r '"\(.total.samples):\(.total.estimate):\(.total.lower):\(.total.upper):\(.total.threads)"' "$json")
check "the total allocated in the window: no sample, 0 in [0, 0], 2 threads (got $got)" [ "$got" = 0:0:0:0:2 ]
got=$(jq -r '[.groups[] | select(.kind == "type")] | map("\(.samples):\(.estimate)") | unique | join(" ")' "$json")
check "no type allocated in the window (got $got)" [ "$got" = 0:0 ]
report_json "$snap" "$HARNESS_DIR/stacks.json" -p 'group-by="stack"'
got=$(jq -r '[.groups[] | select(.kind == "stack")] | "\(length):\(map(.live_samples) | add):\(map(.live_estimate) | add)"' "$HARNESS_DIR/stacks.json")
check "by stack: the blocks' stacks (none recorded: one), 9 blocks, 24576 bytes live (got $got)" [ "$got" = 1:9:24576 ]
check "no \"nothing to estimate\" warning" sh -c '! grep -q "nothing to estimate" "$1"' - "$json.err"

# The text.
report_run "$snap" -p 'snapshot-reason="exit"' >"$HARNESS_DIR/quiet.txt" 2>"$HARNESS_DIR/quiet.txt.err" ||
	harness_fail "the text report failed: $(tail -n 3 "$HARNESS_DIR/quiet.txt.err")"
check "text: not \"nothing to estimate\"" sh -c '! grep -q "nothing to estimate" "$1"' - "$HARNESS_DIR/quiet.txt"
check "text: nothing allocated in the window, said once" \
	[ "$(grep -c 'No allocation was sampled in the window' "$HARNESS_DIR/quiet.txt")" = 1 ]
check "text: the types with their live bytes" \
	sh -c 'grep -q " kept  .* 12\.0 KiB" "$1" && grep -q " kept-b .* 12\.0 KiB" "$1"' - "$HARNESS_DIR/quiet.txt"
check "text: the total's live bytes, 24.0 KiB" grep -q '^  Total .* 24\.0 KiB' "$HARNESS_DIR/quiet.txt"
check "text: no warning of no event" sh -c '! grep -q "no allocsample:AllocationSampled" "$1"' - "$HARNESS_DIR/quiet.txt.err"

# allocsample-record's own question before a text report
# (src/record/report.sh, report_sampled): a flight recorder's snapshot
# with passes and no sample is one to report; another trace without
# samples is not.
got=$(report_trace=$snap snapshot_reason=exit sh -c '. "$1/src/record/report.sh"; report_sampled' - "$AS_SRCDIR")
check "allocsample-record: a flight recorder's snapshot with passes is sampled (got $got)" [ "$got" = yes ]
got=$(report_trace=$snap snapshot_reason= sh -c '. "$1/src/record/report.sh"; report_sampled' - "$AS_SRCDIR")
check "allocsample-record: the same trace, not a flight recorder's, is not (got $got)" [ "$got" = no ]
finish
