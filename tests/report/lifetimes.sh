#!/bin/sh
# lifetimes.sh - temporary bytes and lifetimes of a program whose blocks'
# lifetimes are known (lifetimes-program.c), built with and without frame
# pointers and each recorded through allocsample-record at rate 4096 with
# 99.99% intervals and grouped by thread, then by stack, one path a
# thread and a function: blocks freed at once (their temporary bytes
# in the interval), after 20 ms, after 300 ms (neither temporary: no
# temporary sample, the upper end that of no sample) and never (live at
# the end: censored, so the lifetimes' upper ends are unbounded); each
# path's median and 90th percentile intervals meet the range its
# lifetimes lie in; each path's survival curve holds 1 at every edge up
# to its shortest lifetime and 0 from its longest on (a delay's blocks all
# alive before it, none after), and 1 everywhere for the leaked path.  The
# temporary view (sort=temporary) lists the churn thread first.
#
# Per grouping, one temporary interval at 99.99% with its
# 5-standard-deviation rule (1.6e-4) and eight quantile intervals at
# 99.99% (each at most 1e-4, in fact far less: their ends are bucket
# edges): a correct build fails by chance with probability below 2e-3.
# The survival checks cannot fail by chance: below a path's shortest
# lifetime no sample of it lived less (the upper end is 1 exactly), above
# its longest none lived longer (the lower end is 0 exactly).
set -eu
. "$AS_SRCDIR/tests/heap/lib.sh"
harness_enter "$@"
harness_start_sessiond


# figures JSON SELECTION EXPRESSION: the one group's values, space-separated.
figures() {
	jq -r "[.groups[] | select($2)] | if length == 1 then .[0] | $3 else empty end" "$1"
}

# check_survival JSON SELECTION LABEL LIFE_MIN LIFE_MAX: the group's
# survival points hold S = 1 (upper end and estimate) at every edge up to
# LIFE_MIN (every edge when -1: never freed) and S = 0 (lower end and
# estimate) beyond LIFE_MAX; a path freed after 1 ms or more has a point
# on each side.
check_survival() {
	points=$(figures "$1" "$2" '.lifetime.survival | tojson')
	check "$3: a survival curve" [ -n "$points" -a "$points" != null ]
	[ -n "$points" -a "$points" != null ] || return 0
	check "$3: survival 1 up to $4 ns, 0 beyond $5 ns: $points" jq -n -e --argjson p "$points" \
		--argjson min "$4" --argjson max "$5" '$p | all(
		(if $min < 0 or .t_ns <= $min then .upper == 1 and .surviving == 1 else true end) and
		(if $min >= 0 and .t_ns > $max then .lower == 0 and .surviving == 0 else true end))'
	if [ "$4" -ge 1000000 ]; then
		check "$3: survival points before $4 ns and after $5 ns" jq -n -e --argjson p "$points" \
			--argjson min "$4" --argjson max "$5" \
			'($p | any(.t_ns <= $min)) and ($p | any(.t_ns > $max))'
	fi
}

# check_paths JSON KIND: every path's group of KIND (thread, or stack:
# its own function's) against the truth.
check_paths() {
	while read -r name tid bytes objects low high life_min life_max; do
		if [ "$2" = thread ]; then
			selection=".kind == \"thread\" and .tid == $tid"
		else
			selection=".kind == \"stack\" and (.label | endswith(\";$name;allocate\"))"
		fi
		label="$2 $name"
		set -- "$1" "$2" $(figures "$1" "$selection" '[.samples, .temporary_estimate, .temporary_lower,
			.temporary_upper, .temporary_incomplete, .lifetime.incomplete] | map(tostring) | join(" ")')
		if [ $# -ne 8 ]; then
			fail "$label: no group with temporary figures"
			set -- "$1" "$2"
			continue
		fi
		samples=$3 estimate=$4 lower=$5 upper=$6
		check "$label: temporary figures and lifetimes complete ($7, $8)" [ "$7" = false -a "$8" = false ]
		set -- "$1" "$2"
		text="$label: temporary bytes between $low and $high, estimate $estimate [$lower, $upper]"
		if [ "$high" -gt 0 ]; then
			check "$text" [ "$lower" -le "$high" -a "$upper" -ge "$low" ]
			check "$text: within 5 standard deviations" \
				awk -v t="$high" -v e="$estimate" -v s="$samples" \
				'BEGIN { d = e - t; if (d < 0) d = -d; exit !(s < 100 || d <= 5 * t / sqrt(s)) }'
		else
			# No block lived 1 ms or less: no sample can be temporary,
			# and the upper end is that of no sample, about 41 KB at
			# 4096 and 99.99% (F^-1(0.99995; 1)), against the path's
			# megabytes.
			check "$text: nothing temporary, the upper end small" \
				[ "$estimate" = 0 -a "$lower" = 0 -a "$upper" -le 65536 ]
		fi
		check_survival "$1" "$selection" "$label" "$life_min" "$life_max"
		for p in p50 p90; do
			quantile=$(figures "$1" "$selection" "[.lifetime.${p}_ns, .lifetime.${p}_lower_ns,
				.lifetime.${p}_upper_ns] | map(tostring) | join(\" \")")
			if [ "$life_min" -lt 0 ]; then
				check "$label: $p longer than the trace, never bounded ($quantile)" \
					sh -c "set -- $quantile; [ \"\$3\" = null -a \"\$2\" -gt 0 ]"
			else
				check "$label: $p $quantile meets the lifetimes' range [$life_min, $life_max]" \
					sh -c "set -- $quantile; [ \"\$3\" != null ] && [ \"\$2\" -le $life_max -a \"\$3\" -ge $life_min ]"
			fi
		done
	done <<EOF_PATHS
$(awk '$1 == "path" { print $2, $3, $4, $5, $6, $7, $8, $9 }' "$truth")
EOF_PATHS
}

for build in fp nofp; do
	truth="$HARNESS_DIR/truth-$build"
	json="$HARNESS_DIR/lifetimes-$build.json"
	record_heap "lifetimes-$build" -- "$AS_BUILDDIR/tests/report/lifetimes-program-$build" "$truth"
	[ -s "$truth" ] || harness_fail "the program ($build) wrote no truth"
	check "$build: nothing lost" [ "$(jq '.incomplete' "$json")" = false ]
	check "$build: temporary is 1 ms by default" [ "$(jq '.temporary_ns' "$json")" = 1000000 ]
	check_paths "$json" thread

	# The same trace by stack: each path's function holds its figures.
	report_run "$HARNESS_DIR/lifetimes-$build.trace" \
		-p 'group-by="stack",format="json",confidence=0.9999' \
		>"$HARNESS_DIR/stacks-$build.json" 2>"$HARNESS_DIR/stacks.err" ||
		harness_fail "the report by stack failed: $(cat "$HARNESS_DIR/stacks.err")"
	check_paths "$HARNESS_DIR/stacks-$build.json" stack
done

# The temporary view, from the same trace: threads by temporary bytes.
report_run "$HARNESS_DIR/lifetimes-fp.trace" -p 'group-by="thread",sort="temporary",format="json"' \
	>"$HARNESS_DIR/temporary.json" 2>"$HARNESS_DIR/temporary.err" ||
	harness_fail "the temporary view failed: $(cat "$HARNESS_DIR/temporary.err")"
check "sort=temporary: the churn thread first" [ "$(jq "[.groups[] | select(.kind == \"thread\")][0].tid" \
	"$HARNESS_DIR/temporary.json")" = "$(awk '$1 == "path" && $2 == "churn" { print $3 }' "$HARNESS_DIR/truth-fp")" ]

# Text's temporary view estimates what it prints (the other views do not):
# its first stack's temporary bytes are JSON's largest, checked against
# the truth above, to the three digits text prints, with the lifetimes'
# line under them.
report_run "$HARNESS_DIR/lifetimes-fp.trace" -p 'group-by="stack",sort="temporary"' \
	>"$HARNESS_DIR/temporary.txt" 2>"$HARNESS_DIR/temporary.err" ||
	harness_fail "the temporary view failed: $(cat "$HARNESS_DIR/temporary.err")"
shown=$(awk '$1 == "temporary:" { v = $2; u = $3
		m = u == "KiB" ? 1024 : u == "MiB" ? 1048576 : u == "GiB" ? 1073741824 : 1
		printf "%.0f\n", v * m; exit }' "$HARNESS_DIR/temporary.txt")
largest=$(jq '[.groups[] | select(.kind == "stack") | .temporary_estimate] | max' \
	"$HARNESS_DIR/stacks-fp.json")
close=$(awk -v a="${shown:-0}" -v b="$largest" \
	'BEGIN { print (a > 0 && b > 0 && (a - b) / b < 0.01 && (b - a) / b < 0.01) ? "yes" : "no" }')
check "text, sort=temporary: the first stack's temporary bytes (${shown:-none}) are JSON's largest ($largest)" \
	[ "$close" = yes ]
check "text, sort=temporary: the first stack's lifetimes are shown" \
	grep -q '^ *bytes lived: median [0-9.]* [a-z]* \[' "$HARNESS_DIR/temporary.txt"
finish
