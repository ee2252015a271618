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
# its longest none lived longer (the lower end is 0 exactly).  Where the
# curve ends depends on the blocks sampled: on a loaded machine a path's
# longest lifetime (20 ms asked, 40 ms seen) can be an unsampled block's,
# beyond the curve's last point, which must then be 0.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# path_figures JSON SELECTION LIFE_MIN LIFE_MAX: the one group's figures
# on one line (nothing when the selection picks none or several), read by
# one jq: its samples, temporary estimate, lower and upper ends, whether
# they and its lifetimes are incomplete, its p50 and p90 with their lower
# and upper ends; then whether its survival points hold S = 1 (upper end
# and estimate) at every edge up to LIFE_MIN (every edge when -1: never
# freed) and S = 0 (lower end and estimate) beyond LIFE_MAX, whether it has
# a point up to LIFE_MIN and ends at S = 0 (no sample outlived its last
# point), and the points themselves ("null" with no curve).
path_figures() {
	jq -r --argjson min "$3" --argjson max "$4" "[.groups[] | select($2)] | if length == 1 then .[0] |
		(.lifetime.survival // null) as \$p | [.samples, .temporary_estimate, .temporary_lower,
		.temporary_upper, .temporary_incomplete, .lifetime.incomplete,
		.lifetime.p50_ns, .lifetime.p50_lower_ns, .lifetime.p50_upper_ns,
		.lifetime.p90_ns, .lifetime.p90_lower_ns, .lifetime.p90_upper_ns,
		(\$p != null and (\$p | all(
			(if \$min < 0 or .t_ns <= \$min then .upper == 1 and .surviving == 1 else true end) and
			(if \$min >= 0 and .t_ns > \$max then .lower == 0 and .surviving == 0 else true end)))),
		(\$p != null and (\$p | any(.t_ns <= \$min)) and (\$p | last | .surviving == 0 and .lower == 0)),
		(\$p | tojson)] | map(tostring) | join(\" \") else empty end" "$1"
}

# check_quantile LABEL P ESTIMATE LOWER UPPER LIFE_MIN LIFE_MAX: the
# quantile P's interval meets the lifetimes' range; for a path never freed
# (LIFE_MIN -1), the quantile is longer than the trace: no upper end.
check_quantile() {
	if [ "$6" -lt 0 ]; then
		check "$1: $2 longer than the trace, never bounded ($3 $4 $5)" [ "$5" = null -a "$4" -gt 0 ]
	else
		check "$1: $2 $3 $4 $5 meets the lifetimes' range [$6, $7]" \
			sh -c '[ "$3" != null ] && [ "$2" -le "$5" ] && [ "$3" -ge "$4" ]' - "$3" "$4" "$5" "$6" "$7"
	fi
}

# check_paths JSON KIND: every path's group of KIND (thread, or stack:
# its own function's, which calls allocate directly or through hold)
# against the truth.
check_paths() {
	paths_json=$1 paths_kind=$2
	while read -r name tid bytes objects low high life_min life_max; do
		if [ "$paths_kind" = thread ]; then
			selection=".kind == \"thread\" and .tid == $tid"
		else
			selection=".kind == \"stack\" and (.label | test(\";$name;(hold;)?allocate\$\"))"
		fi
		label="$paths_kind $name"
		set -- $(path_figures "$paths_json" "$selection" "$life_min" "$life_max")
		if [ $# -ne 15 ]; then
			fail "$label: no group with temporary figures"
			continue
		fi
		samples=$1 estimate=$2 lower=$3 upper=$4
		check "$label: temporary figures and lifetimes complete ($5, $6)" [ "$5" = false -a "$6" = false ]
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
		check_quantile "$label" p50 "$7" "$8" "$9" "$life_min" "$life_max"
		check_quantile "$label" p90 "${10}" "${11}" "${12}" "$life_min" "$life_max"
		check "$label: a survival curve" [ "${15}" != null ]
		[ "${15}" != null ] || continue
		check "$label: survival 1 up to $life_min ns, 0 beyond $life_max ns: ${15}" [ "${13}" = true ]
		if [ "$life_min" -ge 1000000 ]; then
			check "$label: the curve has a point before $life_min ns and ends at 0" [ "${14}" = true ]
		fi
	done <<EOF_PATHS
$(awk '$1 == "path" { print $2, $3, $4, $5, $6, $7, $8, $9 }' "$truth")
EOF_PATHS
}

for build in fp nofp; do
	truth="$HARNESS_DIR/truth-$build"
	json="$HARNESS_DIR/lifetimes-$build.json"
	record_heap "lifetimes-$build" -- "$REPORT_BIN/lifetimes-program-$build" "$truth"
	check "$build: the program wrote its 4 paths" [ "$(grep -c '^path ' "$truth" || true)" -eq 4 ]
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
	grep -q '^ *bytes lived: median \(under 1\.02 us\|[0-9.]* [a-z]* \[\)' "$HARNESS_DIR/temporary.txt"
finish
