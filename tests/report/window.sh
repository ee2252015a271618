#!/bin/sh
# window.sh - time windows: a workload allocates at a known rate per phase
# (A, then four times A, then nothing; phases-workload) and logs how many
# bytes it had recorded at each millisecond; the report's 100 ms windows
# (JSON, confidence 0.999) must hold each window's true bytes in their
# intervals, show phase B at about 4 times phase A, and give idle windows 0
# with a small upper bound.  Also: CSV and text carry the same windows, and
# a window too small for the trace is refused.
#
# False failures: each of the ~40 checked intervals misses with probability
# at most 0.1%, so "at least 95% hold" fails by chance far less than once
# in a million runs.  The truth is read from the workload's log, step by
# step, each with the times before and after it recorded: a window's true
# bytes lie between those of the steps wholly inside it and those of the
# steps that overlap it (a millisecond's worth at each end on a quiet
# machine, more where a loaded one preempted a step across a window's
# end), and an interval misses when it holds no value of that range.  The B/A ratio is
# checked within [3.4, 4.6], about 3.5 standard deviations of the estimate
# from the windows fully inside the phases.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# The trace, the workload's output and the JSON report at 100 ms.
trace="$HARNESS_DIR/window"
out="$trace.out"
json="$trace.json"
ALLOCSAMPLE_SEED=11 ALLOCSAMPLE_RATE=4096 report_traced window -p 'confidence=0.999,window="100ms"' -- \
	"$REPORT_BIN/phases-workload" 500 10240
report_fact tid "$out" tid
check "window_ns is 100000000" [ "$(jq '.window_ns' "$json")" = 100000000 ]

# The total's and the thread's windows, one line each: window start end
# samples estimate lower upper (times as exact integers: jq would round them).
grep -o '{"kind": "total"[^}]*"window": [0-9][0-9]*[^}]*}\|{"kind": "thread"[^}]*"tid": '"$tid"',[^}]*"window": [0-9][0-9]*[^}]*}' "$json" |
	sed 's/^{"kind": "\([a-z]*\)".*"samples": \([0-9]*\), "estimate": \([0-9]*\), .*"lower": \([0-9]*\), "upper": \([0-9]*\),.*"window": \([0-9]*\), "start_ns": \([0-9]*\), "end_ns": \([0-9]*\),.*$/\1 \6 \7 \8 \2 \3 \4 \5/' \
	>"$HARNESS_DIR/windows"
windows=$(awk '$1 == "total"' "$HARNESS_DIR/windows" | wc -l)
thread_windows=$(awk '$1 == "thread"' "$HARNESS_DIR/windows" | wc -l)
type_windows=$(jq '[.windows[] | select(.kind == "type")] | length' "$json")
check "windows: $windows for the total (at least 15), $thread_windows for the thread, $type_windows for the type" \
	[ "$windows" -ge 15 -a "$thread_windows" -eq "$windows" -a "$type_windows" -eq "$windows" ]
check "windows are numbered from 0 and 100 ms apart" \
	awk '$1 == "total" { if ($2 != n++ || $4 - $3 != 100000000 || (n > 1 && $3 != end)) bad = 1; end = $4 }
	     END { exit bad || n == 0 }' "$HARNESS_DIR/windows"

# Each window's true bytes from the workload's steps, as a range: at least
# those of the steps wholly inside it, at most those of the steps that
# overlap it, each end widened by a millisecond (LTTng's clock and the
# workload's read at different instants).
check_lines "$out" step
awk 'FNR == NR { if ($1 == "step") { b[++m] = $2; e[m] = $3; n[m] = $4 } next }
     { lo = hi = 0
       for (i = 1; i <= m; i++) {
         if (b[i] >= $3 + 1000000 && e[i] <= $4 - 1000000) lo += n[i]
         if (e[i] > $3 - 1000000 && b[i] < $4 + 1000000) hi += n[i]
       }
       print $0, lo, hi }' "$out" "$HARNESS_DIR/windows" >"$HARNESS_DIR/truth"
awk '{ printf "  %-6s window %2d: %5d samples, estimate %9d, interval [%9d, %9d], true %9d to %9d%s\n",
	$1, $2, $5, $6, $7, $8, $9, $10, ($10 < $7 || $9 > $8) ? "  MISS" : "" }' "$HARNESS_DIR/truth"
held=$(awk '$10 >= $7 && $9 <= $8' "$HARNESS_DIR/truth" | wc -l)
rows=$(wc -l <"$HARNESS_DIR/truth")
check "true bytes inside the 99.9% interval: $held of $rows windows, the total's and the thread's (at least 95%)" \
	[ "$rows" -eq $((2 * windows)) -a $((held * 100)) -ge $((rows * 95)) ]

# Windows fully inside a phase, 20 ms away from its ends (the clocks of the
# workload and of LTTng may differ by a little).
awk '$1 == "phase" { print $2, $3, $4 }' "$out" >"$HARNESS_DIR/phases"
inside() {
	awk -v phase="$1" 'FNR == NR { if ($1 == phase) { s = $2 + 20000000; e = $3 - 20000000 } next }
		$1 == "total" && $3 >= s && $4 <= e' "$HARNESS_DIR/phases" "$HARNESS_DIR/truth"
}
inside A >"$HARNESS_DIR/in-a"
inside B >"$HARNESS_DIR/in-b"
inside C >"$HARNESS_DIR/in-c"
mean_a=$(awk '{ s += $6; n++ } END { if (n) printf "%d", s / n }' "$HARNESS_DIR/in-a")
mean_b=$(awk '{ s += $6; n++ } END { if (n) printf "%d", s / n }' "$HARNESS_DIR/in-b")
in_a=$(wc -l <"$HARNESS_DIR/in-a") in_b=$(wc -l <"$HARNESS_DIR/in-b") in_c=$(wc -l <"$HARNESS_DIR/in-c")
check "windows inside each phase: A $in_a, B $in_b, C $in_c (at least 3 each)" \
	[ "$in_a" -ge 3 -a "$in_b" -ge 3 -a "$in_c" -ge 3 ]
check "phase B's windows are about 4 times phase A's: mean ${mean_b:-?} / ${mean_a:-?} in [3.4, 4.6]" \
	awk -v a="${mean_a:-0}" -v b="${mean_b:-0}" 'BEGIN { exit !(a > 0 && b >= 3.4 * a && b <= 4.6 * a) }'
check "idle windows: no sample, estimate 0, upper bound below 64 KiB and 5% of an A window" \
	awk -v a="${mean_a:-0}" '$5 != 0 || $6 != 0 || $8 == 0 || $8 > 65536 || $8 * 20 > a { bad = 1 }
		END { exit bad || NR == 0 }' "$HARNESS_DIR/in-c"

# CSV and text: the same windows.
report_run "$trace" -p 'format="csv",window=100000000' >"$HARNESS_DIR/report.csv" 2>/dev/null ||
	harness_fail "the CSV report failed"
csv_last=$(head -n 1 "$HARNESS_DIR/report.csv" | sed 's/.*,binary,//')
csv_windows=$(awk -F, '$1 == "total" && $23 != ""' "$HARNESS_DIR/report.csv" | wc -l)
check "CSV: the window columns come last but the size columns ($csv_last), and the total has $csv_windows window rows, as in JSON" \
	[ "$csv_last" = "window,start_ns,end_ns,key,size_min,size_max,size_objects,size_objects_lower,size_objects_upper" -a "$csv_windows" -eq "$windows" ]
report_run "$trace" -p 'window="0.1s"' >"$HARNESS_DIR/report.txt" 2>/dev/null ||
	harness_fail "the text report failed"
check "text: $windows windows of 100 ms, one line each" \
	grep -q "^Windows: $windows windows of 100 ms from " "$HARNESS_DIR/report.txt"

# A window so small that the trace needs more than 100000.
report_refused "window=1us on a 1.5 s trace" "$trace" 'window="1us"' \
	'in at most 100000 windows: give a window of at least'
needed=$(tr '\n' ' ' <"$HARNESS_DIR/refused.err" | tr -s ' ' | sed -n 's/.*give a window of at least \([0-9]*\) ns.*/\1/p')
# The report at that window holds about 100000 windows per group: CSV and
# one group besides the total keep it small, and awk counts it fast.
status=0
report_run "$trace" -p "format=\"csv\",group-by=\"thread\",window=${needed:-0}" >"$HARNESS_DIR/needed.csv" 2>/dev/null ||
	status=$?
needed_windows=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$1 == "total" && $col["window"] != "" { n++ } END { print n + 0 }' "$HARNESS_DIR/needed.csv")
check "the suggested window, ${needed:-?} ns, is accepted (status $status) and gives $needed_windows windows (at most 100000)" \
	[ -n "$needed" -a "$status" -eq 0 -a "$needed_windows" -gt 0 -a "$needed_windows" -le 100000 ]
finish
