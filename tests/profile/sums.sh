#!/bin/sh
# sums.sh - allocsample-profile on profiles of tests/profile/functions (its
# own count of each function's bytes, two threads), recorded three times by
# `allocsample-record --format pprof` at rate 4096 and summed by `go tool
# pprof -proto`:
#   - one profile read back gives the component's own figures for its
#     trace (samples, threads and interval equal, estimates within a byte
#     per pprof sample);
#   - the sum's figures of each function are the sums of the three runs'
#     (estimate and samples exactly), its threads each run's streams once
#     (three for alpha, six for kappa, which both threads run), its
#     interval holds the program's own total of the three runs and is
#     narrower, relative to its estimate, than any one run's;
#   - a sum written with pprof's -sample_index, and one uncompressed, the
#     same sum;
#   - profiles at two rates (4096 and 16384) summed: each rate's samples
#     kept apart (the accumulators), the estimate the sum of both, the
#     group marked as of mixed rates, its interval holding both runs'
#     bytes;
#   - a sum with the profile of a trace that lost events: incomplete;
#   - groups by binary and by stack;
#   - refused in one line, status 2: a profile without the sums (another
#     profiler's: a legacy heap profile converted by pprof), a difference
#     of profiles (-diff_base), a file that is no profile, a damaged gzip.
#
# False failures: each interval is asked at 99.9% and misses its truth
# with probability at most 0.001: eight such checks, under 0.8% in all
# (check_truth's second rule adds under 6.3e-5 each); a merged interval no
# narrower than a run's, with three times its samples: negligible.  The
# seeds are fixed, so a given build passes or fails the same way.
set -eu
. "$AS_SRCDIR/tests/profile/lib.sh"
profile_begin "$@"
RATE=4096

KEEP_TRACE=1 profile_record run1 1 "$RATE"
profile_record run2 2 "$RATE"
profile_record run3 3 "$RATE"
profile_merge merged "$d/run1.pb.gz" "$d/run2.pb.gz" "$d/run3.pb.gz"
for r in run1 run2 run3 merged; do
	profile_json "$r" --confidence 0.999 "$d/$r.pb.gz"
done

# One profile read back is the component's report of its trace.
report_json "$d/run1.trace" "$d/run1.sink.json" -p 'group-by="function",confidence=0.999'
cells=$(HOME="$d/home-go" go tool pprof -raw "$d/run1.pb.gz" 2>/dev/null |
	awk '/^Samples:/ { on = 1; next } /^Locations/ { on = 0 } on && /^ *-?[0-9]+( +-?[0-9]+)+: / { n++ } END { print n + 0 }')
fields='.samples .threads .lower .upper .self_samples .self_lower .self_upper .estimate .self_estimate'
# same_but_estimates A B: the figures A and B (of `fields`) are the same
# but for the last two, the estimates, each within a byte per pprof
# sample of the profile.
same_but_estimates() {
	[ -n "$1" ] && [ "${1% * *}" = "${2% * *}" ] &&
		awk -v a="$1" -v b="$2" -v n="$cells" 'BEGIN {
			split(a, x, " "); split(b, y, " ")
			for (i = 8; i <= 9; i++) { d = x[i] - y[i]; if (d < 0) d = -d; if (d > n) exit 1 }
			exit !(x[8] > 0) }'
}
for f in alpha beta kappa main; do
	sink=$(profile_function "$d/run1.sink.json" "$f" "$fields")
	read_back=$(profile_function "$d/run1.json" "$f" "$fields")
	check "$f of one profile read back: samples, threads and intervals are the component's, the estimates within a byte per pprof sample ($cells): $read_back; $sink" \
		same_but_estimates "$sink" "$read_back"
done

# The sum of three runs.
for f in alpha beta kappa; do
	profile_check_sum "$f" merged run1 run2 run3
done
threads="$(profile_function "$d/merged.json" alpha .threads) $(profile_function "$d/merged.json" kappa .threads)"
check "the sum counts each run's threads once: alpha 3 threads, kappa 6 (two threads a run): $threads" \
	[ "$threads" = "3 6" ]

# truth KIND FUNCTION: the bytes of the three runs, by the program's count.
truth() {
	profile_truth "$1" "$2" run1 run2 run3
}
for f in alpha kappa; do
	check_truth "sum of three runs, $f" "$d/merged.json" ".kind == \"function\" and .function == \"$f\"" \
		"$(truth self "$f")"
done
check_truth "sum of three runs, beta's total (its own and kappa's from it)" "$d/merged.json" \
	'.kind == "function" and .function == "beta"' "$(truth total beta)"
# within TRUTH "LOWER UPPER": TRUTH lies in the interval.
within() {
	set -- "$1" $2
	[ -n "${3:-}" ] && [ "$2" -le "$1" ] && [ "$1" -le "$3" ]
}
beta_self=$(truth self beta)
interval=$(profile_function "$d/merged.json" beta '.self_lower .self_upper')
check "sum of three runs, beta's self bytes: true $beta_self in [$interval]" within "$beta_self" "$interval"

# pprof's -sample_index chooses what its own reports show: the sum it
# writes keeps every value, and reads the same.
HOME="$d/home-go" go tool pprof -proto -sample_index=alloc_objects "$d/run1.pb.gz" "$d/run2.pb.gz" \
	"$d/run3.pb.gz" >"$d/indexed.pb.gz" 2>/dev/null || harness_fail "go tool pprof -sample_index failed"
profile_json indexed --confidence 0.999 "$d/indexed.pb.gz"
check "a sum written with -sample_index reads as the same sum" \
	[ "$(jq -S .groups "$d/indexed.json")" = "$(jq -S .groups "$d/merged.json")" ]
gunzip -c "$d/merged.pb.gz" >"$d/merged.pb"
profile_json plain --confidence 0.999 "$d/merged.pb"
check "the sum uncompressed reads the same" \
	[ "$(jq -S .groups "$d/plain.json")" = "$(jq -S .groups "$d/merged.json")" ]

# Two rates.
profile_record rate16k 4 16384
profile_merge mixed "$d/run1.pb.gz" "$d/rate16k.pb.gz"
profile_json rate16k --confidence 0.999 "$d/rate16k.pb.gz"
profile_json mixed --confidence 0.999 "$d/mixed.pb.gz"
accums=$(jq -c '[.groups[] | select(.kind == "function" and .function == "alpha") | .accumulators[] |
	[.rate, .samples]]' "$d/mixed.json")
expected="[[4096,$(profile_function "$d/run1.json" alpha .samples)],[16384,$(profile_function "$d/rate16k.json" alpha .samples)]]"
check "alpha at two rates: each rate's samples kept apart, $accums ($expected)" [ "$accums" = "$expected" ]
mixed=$(profile_function "$d/mixed.json" alpha '.estimate .mixed_rates')
added="$(($(profile_function "$d/run1.json" alpha .estimate) + $(profile_function "$d/rate16k.json" alpha .estimate))) true"
check "alpha at two rates: the estimate is the two runs' added, the group of mixed rates: $mixed ($added)" \
	[ "$mixed" = "$added" ]
for f in alpha kappa; do
	check_truth "two rates, $f" "$d/mixed.json" ".kind == \"function\" and .function == \"$f\"" \
		$(($(profile_fact run1 self "$f") + $(profile_fact rate16k self "$f")))
done
check_truth "two rates, beta's total" "$d/mixed.json" '.kind == "function" and .function == "beta"' \
	$(($(profile_fact run1 total beta) + $(profile_fact rate16k total beta)))
check "the two rates are the report's" [ "$(jq -c .rates "$d/mixed.json")" = '[4096,16384]' ]

# A trace that lost events (a copy of one, its packets saying so): every
# group of its profile incomplete, and of a sum with it.  Pinned to one CPU,
# its events in one stream of several packets (harness_cpu).
harness_trace lossy --stacks --buffers 4096:256 -- harness_preload taskset -c "$(harness_cpu)" \
	env ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE="$RATE" "$PROFILE_PROGRAM" "$d/lossy.facts"
trace_lossy_copy "$d/lossy" "$d/lossy-copy" 1000
report_run "$d/lossy-copy" -p "format=\"pprof\",path=\"$d/lossy.pb.gz\"" >/dev/null 2>"$d/lossy.pprof.err" ||
	harness_fail "the pprof report of the lossy trace failed: $(tail -n 5 "$d/lossy.pprof.err")"
profile_merge lossy-sum "$d/lossy.pb.gz" "$d/run2.pb.gz"
profile_json lossy-sum "$d/lossy-sum.pb.gz"
check "a sum with a trace that lost events: incomplete, and so are its groups" \
	jq -e '.incomplete and .total.incomplete and ([.groups[] | select(.kind == "function") | .incomplete] | all)' \
	"$d/lossy-sum.json"
"$PROFILE_CMD" "$d/lossy-sum.pb.gz" >"$d/lossy-sum.txt" 2>&1
check "its text says the true values are at least the lower ends" \
	sh -c 'tr "\n" " " <"$1" | tr -s " " | grep -q "the true value is at least the"' sh "$d/lossy-sum.txt"
check "control: the sum of lossless runs is complete" \
	jq -e '(.incomplete or .total.incomplete or ([.groups[] | .incomplete] | any)) | not' "$d/merged.json"

# By binary and by stack.
profile_json grouped --group-by stack,binary "$d/merged.pb.gz"
check "one binary group, the program's, with every sample of its functions" \
	jq -e --arg p "$(readlink -f "$PROFILE_PROGRAM")" --argjson s \
	"$(jq '.total.samples' "$d/merged.json")" '[.groups[] | select(.kind == "binary")] |
	length >= 1 and (map(select(.binary == $p)) | length == 1 and .[0].label == "functions" and
	.[0].samples > 0 and .[0].samples <= $s)' "$d/grouped.json"
check "the stacks of the three runs are one stack each: kappa's two (from beta, from the worker)" \
	jq -e '[.groups[] | select(.kind == "stack" and (.stack[0].function == "kappa"))] | length == 2' \
	"$d/grouped.json"
"$PROFILE_CMD" "$d/merged.pb.gz" >"$d/merged.txt" 2>&1
check "text: the files summed, the functions, no PID column" \
	sh -c "grep -q '^From 1 pprof file' '$d/merged.txt' && grep -q ' alpha ' '$d/merged.txt' &&
	       ! grep -q ' PID ' '$d/merged.txt'"

# refused NAME FILE TEXT: allocsample-profile refuses FILE with status 2
# and one line on standard error that says TEXT, nothing on the standard
# output.
refused() {
	status=0
	"$PROFILE_CMD" "$2" >"$d/$1.out" 2>"$d/$1.err" || status=$?
	check "$1: refused with status 2 ($status) and one line: $(head -n 1 "$d/$1.err")" \
		refusal "$status" "$d/$1" "$3"
}

# refusal STATUS BASE TEXT: what refused checks.
refusal() {
	[ "$1" -eq 2 ] && [ "$(wc -l <"$2.err")" -eq 1 ] && [ ! -s "$2.out" ] && grep -qF -- "$3" "$2.err"
}
printf 'heap profile: 2: 2048 [4: 4096] @ heapprofile/1024\n2: 2048 [4: 4096] @ 0x401000 0x402000\n' \
	>"$d/legacy.heap"
profile_merge other "$d/legacy.heap"
refused "another profiler's profile (no sums)" "$d/other.pb.gz" \
	'no allocsample_samples, allocsample_unsampled, allocsample_threads, allocsample_objects_variance or allocsample_incomplete values'
HOME="$d/home-go" go tool pprof -proto -diff_base "$d/run2.pb.gz" "$d/run1.pb.gz" >"$d/diff.pb.gz" 2>/dev/null ||
	harness_fail "go tool pprof -diff_base failed"
refused "a difference of profiles" "$d/diff.pb.gz" 'negative values'
echo 'not a profile' >"$d/text.pb"
refused "a text file" "$d/text.pb" 'not a pprof profile'
head -c 200 "$d/run1.pb.gz" >"$d/cut.pb.gz"
refused "a gzip file cut short" "$d/cut.pb.gz" 'a damaged gzip file'
finish
