#!/bin/sh
# gate.sh - the README's CI gate on untyped code: tests/compare/untyped
# allocates with plain malloc in three functions, and with `grow` every
# block of index_records is 30% larger (the total moves about 6%).
# Recorded as the README says (a JSON baseline grouped by thread, type and
# stack; each new run a trace directory) at the default rate, and compared
# as it says (`allocsample-compare --fail-above 10 baseline.json run`):
#   - between two seeds of the same program the gate passes, silent;
#   - against the grown run it fails, with one line, naming index_records
#     (its stacks), and no line for the total, the process or the type;
#   - the true ratio of index_records's bytes (the program's own count)
#     lies in its stack's ratio interval;
#   - the two traces compared by function (`--group-by function`, what
#     pprof -diff_base shows): the gate fails on index_records alone, its
#     callers (main, _start...), which carry the whole program's +6%, below
#     the limit.
#
# False failures: the gate between two seeds fails only if Holm's
# correction calls a group whose bytes did not change and the data also
# rule out a change under 10%: under 5% (Holm's bound at 95%), in fact far
# less.  Missing the 30% growth: about 2000 samples of index_records a run,
# its ratio's 95% lower end near 1.2 with the correction (1.23 seen); one
# under 1.10 is a 5-sigma event.  The true ratio outside its 99.9% interval:
# 0.1%.  A line for the total, the process or the type (+6%, lower end near
# 1.03): negligible.  The seeds are fixed.  A run's events (about 1.5 MB)
# fit lttng's default buffers of one CPU (4 x 512 KiB) even if the
# consumer never reads them, so none is lost however loaded the machine.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
compare_begin "$@"
UNTYPED="$AS_BUILDDIR/tests/compare/untyped"

# recorded NAME: stops the test unless allocsample-record's run NAME
# (record_run) exited 0.
recorded() {
	[ "$RECORD_STATUS" -eq 0 ] ||
		harness_fail "allocsample-record ($1) exited with $RECORD_STATUS: $(tail -n 5 "$d/$1.err")"
}

# The README's commands: the baseline once, as a JSON report; each build's
# run a trace directory.  The program writes its own count of bytes into
# NAME.facts.
ALLOCSAMPLE_SEED=1 record_run baseline --format json --group-by thread,type,stack \
	--report-output "$d/baseline.json" -- "$UNTYPED" "$d/baseline.facts"
recorded baseline
ALLOCSAMPLE_SEED=2 record_run same -o "$d/same" --no-report -- "$UNTYPED" "$d/same.facts"
recorded same
ALLOCSAMPLE_SEED=3 record_run grown -o "$d/grown" --no-report -- "$UNTYPED" "$d/grown.facts" grow
recorded grown
check "the baseline is a JSON report with stack groups" \
	jq -e '[.groups[] | select(.kind == "stack")] | length > 0' "$d/baseline.json"

# fact FACTS FUNCTION: the bytes FUNCTION asked for, by the program's count.
fact() {
	awk -v f="$2" '$1 == "function" && $2 == f { print $3 }' "$1"
}
true_ratio=$(awk -v a="$(fact "$d/baseline.facts" index_records)" -v b="$(fact "$d/grown.facts" index_records)" \
	'BEGIN { if (a > 0 && b > 0) printf "%.6f", b / a }')
[ -n "$true_ratio" ] || harness_fail "the program's facts name no bytes of index_records"
printf '      true index_records ratio %s\n' "$true_ratio"

# Two seeds of the same program.
cd "$d"
compare_run gate-same --fail-above 10 baseline.json same
check "same program: the gate passes ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "same program: nothing on stderr ($(head -c 300 gate-same.err))" [ ! -s gate-same.err ]
check "same program: stacks compared" grep -q '^  [a-z]* *stack ' gate-same.out

# One function grown by 30%.
compare_run gate-grown --fail-above 10 baseline.json grown
sed 's/^/      | /' gate-grown.err
check "grown: the gate fails ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 1 ]
check "grown: a line names index_records's stack" \
	grep -q '^allocsample-compare: regression: stack untyped: index_records: .*above the limit of +10%$' gate-grown.err
check "grown: that is the only line: not the total, process or type, which moved 6% ($(grep -c . gate-grown.err || true) lines)" \
	[ "$(grep -c . gate-grown.err || true)" -eq 1 ]

# The true ratio in the interval, at 99.9%.
compare_run interval --confidence 0.999 --format json baseline.json grown
check "the comparison at 99.9% ($COMPARE_STATUS; $(head -c 300 interval.err))" [ "$COMPARE_STATUS" -eq 0 ]
set -- $(jq -r '[.groups[] | select(.kind == "stack" and (.stack | split(";") | index("index_records")))] |
	if length == 1 then .[0] | "\(.ratio) \(.ratio_lower) \(.ratio_upper) \(.verdict)" else "" end' interval.out) x x x x
check "the true ratio $true_ratio is in index_records's interval [$2, $3] (estimate $1, $4)" \
	awk -v t="$true_ratio" -v lo="$2" -v hi="$3" -v v="$4" 'BEGIN { exit !(v == "increase" && lo <= t && t <= hi) }'

# By function, trace against trace.
compare_run functions --group-by function --fail-above 10 same grown
sed 's/^/      | /' functions.err
check "by function: the gate fails ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 1 ]
check "by function: one line, naming index_records ($(grep -c . functions.err || true) lines)" \
	sh -c '[ "$(grep -c . "$1")" -eq 1 ] &&
	       grep -q "^allocsample-compare: regression: function untyped: index_records: .*above the limit of +10%\$" "$1"' \
	sh functions.err
check "by function: main compared" grep -q '^  [a-z]* *function *untyped: main ' functions.out
finish
