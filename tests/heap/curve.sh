#!/bin/sh
# curve.sh - the heap over time and its peak against a program that prints
# its own live bytes after every step (heap-phases.c): 8 MiB, then 32 MiB
# in phase "peak", 8 MiB, 20 MiB at the end, with blocks allocated and
# freed at once all along.  Built with and without frame pointers.
#
# Checked, for each build: the peak lies where the heap peaks (the program
# had more live then than in any other phase) and its interval holds the
# bytes the program had live then; the stacks that held them
# (peak_alloc 24 MiB, base_alloc 8 MiB) hold their truth at the peak, and
# late_alloc, allocated after it, held nothing; the call tree's node of
# each path holds its stack's live figures; sort=peak lists
# peak_alloc's stack first and --peak names it in text; every point of
# the curve holds the live bytes of its instant; the last point is the end
# (20 MiB live, every byte allocated); JSON and the peak's line agree.
#
# The intervals are asked at 99.999%.  The peak's holds at 1 - 10^-5/K
# although chosen among its K instants (doc/estimation.md, "The peak");
# each point's at 99.999%, so that the expected number of points that miss
# is at most K x 10^-5 (about 1.3e-3 at K = 126) and, by Markov's
# inequality, 3 misses or more happen with probability below 4.2e-4 a
# build, however the points' misses go together (they share samples).  A
# curve of the wrong bytes (the allocated ones, or those freed) misses
# most points.  The band, at the peak's level for each point, holds the
# whole curve at 99.999%: a point outside it fails, with probability below
# 1e-5 a build.
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond

for build in fp nofp; do
	name=curve-$build
	json="$HARNESS_DIR/$name.json"
	out="$HARNESS_DIR/$name.out"
	ALLOCSAMPLE_SEED=20261127 record_json "$name" --rate 16384 --confidence 0.99999 --group-by stack \
		-- "$HEAP_BIN/heap-phases-$build" 150
	pid=$(jq '.groups[] | select(.kind == "process") | .pid' "$json")
	check "$build: nothing lost" [ "$(jq .incomplete "$json")" = false ]
	check "$build: a curve for the total and one for the process" \
		[ "$(jq '[.timeline[] | .kind] | join(",")' "$json")" = '"total,process"' ]

	# The peak: an instant where the heap is at its peak, holding the bytes
	# live then.  The instant is the one of largest estimate, which the
	# sampling may push to the first steps of phase "fall" while the heap
	# is still near its top (doc/estimation.md, "The peak": the promise is
	# the bytes at the instant chosen); more of them on a loaded machine,
	# where the steps come further apart.  So the instant is judged by the
	# program's own account of its heap then: above 26 MiB, which only the
	# peak's neighbourhood has (the phases hold 8, 32, 8 and 20 MiB).
	peak_ns=$(jq '.timeline[] | select(.kind == "process") | .peak_t_ns' "$json")
	set -- $(heap_truth_range "$out" "$peak_ns")
	check "$build: the peak ($peak_ns) lies where the heap peaks: ${1:-?} to ${2:-?} B live then, above 26 MiB" \
		[ "${1:-0}" -gt $((26 * 1024 * 1024)) ]
	# shellcheck disable=SC2046 # two, then four figures, split on purpose
	heap_judge_range "$build: the process's live bytes at its peak" $(heap_truth_range "$out" "$peak_ns") \
		$(jq -r ".groups[] | select(.kind == \"process\") |
			\"\(.peak_live_samples) \(.peak_live_estimate) \(.peak_lower) \(.peak_upper)\"" "$json")
	check "$build: the total's peak is the process's" \
		[ "$(jq '.total.peak_t_ns' "$json")" = "$peak_ns" ]
	check "$build: the peak's confidence allows for its K instants" \
		[ "$(jq '.timeline[1] | (1 - .peak_confidence) * .candidates | . * 1e9 | round' "$json")" = 10000 ]

	# Who held the peak, stack by stack.
	for path in base peak late; do
		truth=$(awk -v p="$path" '$1 == "path" && $2 == p { print $3 }' "$out")
		figures=$(jq -r "[.groups[] | select(.kind == \"stack\" and .stack[0].function == \"${path}_alloc\")]
			| if length == 1 then .[0] | \"\(.peak_live_samples) \(.peak_live_estimate)
			\(.peak_live_lower) \(.peak_live_upper)\" else empty end" "$json")
		if [ -z "$figures" ]; then
			fail "$build: no single stack from ${path}_alloc"
			continue
		fi
		judge_truth "$build: ${path}_alloc's bytes at the peak" "$truth" $figures
		# One stack per path: its leaf in the call tree holds the
		# stack group's samples, so the same live figures.
		check "$build: the call tree's ${path}_alloc holds its stack's live and peak figures" jq -e "
			[.call_tree[] | .. | objects | select(.label == \"${path}_alloc\")] as \$n |
			[.groups[] | select(.kind == \"stack\" and .stack[0].function == \"${path}_alloc\")] as \$g |
			(\$n | length) == 1 and (\$g | length) == 1 and \$n[0].live_samples + \$n[0].peak_live_samples > 0 and
			all(\"live_samples\", \"live_estimate\", \"live_lower\", \"live_upper\",
			    \"peak_live_samples\", \"peak_live_estimate\", \"peak_live_lower\", \"peak_live_upper\";
			    . as \$k | \$n[0][\$k] == \$g[0][\$k])" "$json"
	done
	check "$build: the call tree's root holds the process's live samples, at the end and at the peak" jq -e '
		[.groups[] | select(.kind == "process")][0] as $p |
		.call_tree[0].live_samples == $p.live_samples and .call_tree[0].peak_live_samples == $p.peak_live_samples' "$json"

	# Every point of the process's curve (some 190), and its end.
	jq -r '.timeline[] | select(.kind == "process") | .points[] |
		"\(.t_ns) \(.live_samples) \(.live_estimate) \(.live_lower) \(.live_upper)"' "$json" >"$HARNESS_DIR/$name.points"
	points=$(wc -l <"$HARNESS_DIR/$name.points")
	check "$build: the process's curve has points ($points)" [ "$points" -ge 100 ]
	heap_truth_ranges "$out" "$HARNESS_DIR/$name.points" |
		awk '$7 < $4 || $6 > $5 { printf "# point at %s: estimate %s [%s, %s], true %s %s\n", $1, $3, $4, $5, $6, $7 }' \
		>"$HARNESS_DIR/$name.misses"
	cat "$HARNESS_DIR/$name.misses"
	misses=$(wc -l <"$HARNESS_DIR/$name.misses")
	check "$build: at most 2 of the $points points miss the live bytes of their instant ($misses)" \
		[ "$misses" -le 2 ]
	# The band: each point's interval at the peak's level, so that all
	# hold the whole curve together at 99.999% (Bonferroni): no point's
	# truth outside it (a false failure below 1e-5 a build), and each
	# point's band holds its own interval.
	jq -r '.timeline[] | select(.kind == "process") | .points[] |
		"\(.t_ns) \(.band_lower) \(.band_upper) \(.live_lower) \(.live_upper)"' "$json" >"$HARNESS_DIR/$name.band"
	check "$build: every point has a band that holds its own interval" awk -v n="$points" '
		$2 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ || $2 > $4 || $3 < $5 { bad = 1 }
		END { exit bad || NR != n }' "$HARNESS_DIR/$name.band"
	band_misses=$(truth_ranges "$out" "$HARNESS_DIR/$name.band" | awk '$7 < $2 || $6 > $3' | wc -l)
	check "$build: the band holds the whole curve: no point's truth outside it ($band_misses)" [ "$band_misses" -eq 0 ]
	# The end: the process's last sample or free, after its last sample
	# and before the program's last line.
	last=$(jq '.timeline[1].points[-1].t_ns' "$json")
	last_sample=$(jq '.groups[] | select(.kind == "process") | .last_ns' "$json")
	late_end=$(awk '$1 == "phase" && $2 == "late" { print $4 }' "$out")
	check "$build: the curve's last point ($last) is the process's end" \
		[ "$last" -ge "$last_sample" -a "$last" -le "$late_end" ]
	judge_truth "$build: the last point's live bytes (the end)" \
		"$(awk '$1 == "path" { n += $4 } END { print n }' "$out")" \
		$(jq -r '.timeline[1].points[-1] | "\(.live_samples) \(.live_estimate) \(.live_lower) \(.live_upper)"' "$json")
	judge_truth "$build: the last point's allocated bytes (all of them)" \
		"$(awk '$1 == "allocated" { print $2 }' "$out")" \
		$(jq -r '"\(.total.samples) \(.timeline[1].points[-1] |
			"\(.allocated_estimate) \(.allocated_lower) \(.allocated_upper)")"' "$json")

	# The peak view: its order and its line.
	report_json "$HARNESS_DIR/$name.trace" "$HARNESS_DIR/$name-peak.json" \
		-p 'group-by=["stack"],sort="peak",confidence=0.99999'
	check "$build: sort=peak lists peak_alloc's stack first" \
		[ "$(jq -r '[.groups[] | select(.kind == "stack")][0].stack[0].function' "$HARNESS_DIR/$name-peak.json")" = peak_alloc ]
	report_run "$HARNESS_DIR/$name.trace" -p 'group-by=["stack"],sort="peak"' \
		>"$HARNESS_DIR/$name-peak.txt" 2>/dev/null || harness_fail "the text peak view failed"
	check "$build: the text's first stack is peak_alloc's" \
		[ "$(grep -m1 -A2 '^  #1 ' "$HARNESS_DIR/$name-peak.txt" | sed -n 3p | awk '{ print $1 }')" = peak_alloc ]
	check "$build: the text names the peak's instant and its K" \
		grep -q "^Peak of the live heap: .* at .* of .* (the largest of $(jq .timeline[0].candidates "$json") instants" \
		"$HARNESS_DIR/$name-peak.txt"
done
finish
