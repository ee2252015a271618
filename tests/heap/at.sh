#!/bin/sh
# at.sh - the live bytes at an instant (`at`, allocsample-record --at)
# against heap-phases.c, which prints its own live bytes after every step:
# 8 MiB after phase "ramp", 32 MiB in "peak", 8 MiB in "fall", 20 MiB in
# "late", each path (base_alloc, peak_alloc, late_alloc) a stack of its
# own.  Recorded once with --at (the record's report, at that instant),
# then reported at an instant in the second half of each phase, where the
# heap stands still but for one block of churn: the process's live bytes
# and each path's stack hold the program's figures then, the instant is
# the first sample's time plus `at`, and text, CSV and JSON say it.  An
# instant past the end is refused in one line.
#
# False failures: 17 intervals at 99.99% and the truth rule's 5-sigma
# check, at most 0.3% of the seeds; the seed is fixed.
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond

name=at
json="$HARNESS_DIR/$name.json"
out="$HARNESS_DIR/$name.out"
trace="$HARNESS_DIR/$name.trace"
ALLOCSAMPLE_SEED=20261202 record_json "$name" --rate 16384 --confidence 0.9999 --at 540ms \
	-- "$HEAP_BIN/heap-phases-fp" 150
check_lines "$out" live
check "nothing lost" [ "$(jq .incomplete "$json")" = false ]

# json_ns JSON OBJECT KEY: the integer KEY of the last object of JSON that
# starts with OBJECT, read as text: jq would round nanoseconds since the
# epoch to a double's 53 bits.
json_ns() {
	grep -o "$2[^}]*" "$1" | tail -n 1 | grep -o "\"$3\": [0-9]*" | sed 's/.*: //'
}
first=$(json_ns "$json" '{"kind": "total"' first_ns)
last=$(json_ns "$json" '{"kind": "total"' last_ns)
check "the total's first and last sample times ($first, $last)" [ -n "$first" -a -n "$last" ]

# check_instant JSON LABEL: the process's live bytes, and each path's
# stack's, at the report's instant.
check_instant() {
	at_t=$(json_ns "$1" '"live": {' at_t_ns)
	at=$(json_ns "$1" '"live": {' at_ns)
	check "$2: the instant is the first sample's time plus at ($first + ${at:-?} = ${at_t:-?})" \
		[ -n "$at" -a -n "$at_t" -a "${at_t:-x}" = "$((first + ${at:-0}))" ]
	# shellcheck disable=SC2046 # two figures, split on purpose
	heap_judge_range "$2: the process's live bytes" $(heap_truth_range "$out" "$at_t") \
		$(jq -r '.groups[] | select(.kind == "process") |
			"\(.live_samples) \(.live_estimate) \(.live_lower) \(.live_upper)"' "$1")
	for path in base peak late; do
		range=$(path_range "$path" "$at_t")
		# shellcheck disable=SC2086 # two figures, split on purpose
		heap_judge_range "$2: ${path}_alloc's stack" $range \
			$(jq -r "[.groups[] | select(.kind == \"stack\" and .stack[0].function == \"${path}_alloc\")] |
				if length == 1 then .[0] | \"\(.live_samples) \(.live_estimate) \(.live_lower) \(.live_upper)\"
				else empty end" "$1")
	done
}

# path_range PATH T: "LOW HIGH", the bytes PATH held at T, from the
# heap's (heap_truth_range) and the phases: base holds the heap during "ramp",
# 8 MiB after; peak what the heap holds above base's 8 MiB during "peak"
# and "fall", nothing before or after; late the same during "late",
# 12 MiB after.
# Within 2 ms of a phase's ends (the clocks' slack), anything from 0 to
# the path's full bytes.
path_range() {
	# shellcheck disable=SC2046 # two figures, split on purpose
	set -- "$1" "$2" $(heap_truth_range "$out" "$2")
	awk -v p="$1" -v t="$2" -v lo="$3" -v hi="$4" -v slack=2000000 '
		$1 == "phase" { s[$2] = $3; e[$2] = $4; names[++n] = $2 }
		END {
			mib = 1048576; base = 8 * mib
			full = p == "base" ? base : p == "peak" ? 24 * mib : 12 * mib
			for (i = 1; i <= n; i++) {
				if (t > s[names[i]] - slack && t < s[names[i]] + slack ||
				    t > e[names[i]] - slack && t < e[names[i]] + slack) {
					print 0, full
					exit
				}
				if (t >= s[names[i]] && t < e[names[i]])
					phase = names[i]
			}
			if (p == "base")
				r = phase == "ramp" ? lo " " hi : phase == "" && t < s["ramp"] ? "0 0" : base " " base
			else if (p == "peak")
				r = phase == "peak" || phase == "fall" ? (lo - base) " " (hi - base) : "0 0"
			else
				r = phase == "late" ? (lo - base) " " (hi - base) : t >= e["late"] ? full " " full : "0 0"
			print r
		}' "$out"
}

check "the record's report is at 540 ms" [ "$(jq '.live.at_ns' "$json")" = 540000000 ]
check_instant "$json" "--at 540ms"

# An instant in the second half of each phase, as an offset from the first
# sample, reported from the kept trace.
check_lines "$out" phase 4
for phase in ramp peak fall late; do
	t=$(awk -v p="$phase" '$1 == "phase" && $2 == p { printf "%d", $3 + ($4 - $3) * 3 / 4 }' "$out")
	offset=$((t - first))
	report_json "$trace" "$HARNESS_DIR/$phase.json" \
		-p "group-by=[\"stack\"],confidence=0.9999,at=$offset"
	check_instant "$HARNESS_DIR/$phase.json" "$phase"
done

# Text and CSV say the instant.
report_run "$trace" -p 'at="300ms",group-by="stack",sort="live"' >"$HARNESS_DIR/at.txt" 2>"$HARNESS_DIR/at.txt.err" ||
	harness_fail "the text report at 300 ms failed: $(cat "$HARNESS_DIR/at.txt.err")"
check "text: the report says the instant" grep -q '^Live bytes at 300 ms after the trace' "$HARNESS_DIR/at.txt"
check "text: the stacks' live lines are at 300 ms" grep -q '^      live at 300 ms: ' "$HARNESS_DIR/at.txt"
report_run "$trace" -p 'at="300ms",group-by="type"' >"$HARNESS_DIR/at-type.txt" 2>/dev/null ||
	harness_fail "the text report by type at 300 ms failed"
check "text: the tables' live column is LIVE AT 300 ms" grep -q 'LIVE AT 300 ms' "$HARNESS_DIR/at-type.txt"
report_json "$trace" "$HARNESS_DIR/300.json" -p 'at="300ms",group-by="type"'
report_run "$trace" -p 'at="300ms",group-by="type",format="csv"' >"$HARNESS_DIR/at.csv" 2>/dev/null ||
	harness_fail "the CSV report at 300 ms failed"
check "CSV: the process's live columns are JSON's at 300 ms" [ \
	"$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == "process" { print $col["live_samples"], $col["live_estimate"] }' "$HARNESS_DIR/at.csv")" = \
	"$(jq -r '.groups[] | select(.kind == "process") | "\(.live_samples) \(.live_estimate)"' "$HARNESS_DIR/300.json")" ]

# Past the end: one line, with the trace's length.
span=$((last - first))
status=0
report_run "$trace" -p "at=$((span + 1000000000))" >/dev/null 2>"$HARNESS_DIR/past.err" || status=$?
check "an instant past the end is refused (status $status)" [ "$status" -ne 0 ]
check "the refusal says why" report_says "$HARNESS_DIR/past.err" 'Parameter `at` is'
check "the refusal says the trace's length" report_says "$HARNESS_DIR/past.err" 'past the end of the trace, which spans'
check "the refusal is one line" [ "$(grep -c 'Parameter `at`' "$HARNESS_DIR/past.err")" -eq 1 ]

# allocsample-record refuses --at with the views of the whole run, before
# it runs anything, and --at with --update-interval through the
# component's own judge (params-check).
record_run at-peak --at 1s --peak -- "$HEAP_BIN/heap-phases-fp" 10
check "--at with --peak: refused (status $RECORD_STATUS)" [ "$RECORD_STATUS" -ne 0 ]
check "--at with --peak: the error says why" grep -q -- '--at gives the bytes live at one instant' "$HARNESS_DIR/at-peak.err"
check "--at with --peak: the program did not run" [ ! -s "$HARNESS_DIR/at-peak.out" ]
record_run at-live --at 1s --live -- "$HEAP_BIN/heap-phases-fp" 10
check "--at with --live: refused (status $RECORD_STATUS)" [ "$RECORD_STATUS" -ne 0 ]
check "--at with --live: the component's line says why" \
	grep -q -- 'Parameter `at` does not go with `update-interval`' "$HARNESS_DIR/at-live.err"
check "--at with --live: the program did not run" [ ! -s "$HARNESS_DIR/at-live.out" ]
finish
