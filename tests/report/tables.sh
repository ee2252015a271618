#!/bin/sh
# tables.sh - which rows and columns the tables of the text and of the
# page have, on a real run of tables-workload (one thread, one type;
# allocate() asks for 3000 B blocks freed at once and 600 B blocks kept,
# the two paths' stacks differing by the line of the call to malloc only;
# refill(), called from two lines of main, for 4000 B blocks freed at once),
# recorded once with its stacks:
#   - text grouped by site with top=1 shows one site, the churn's, which
#     keeps nothing: its table has the live columns all the same, as the
#     process's table and the total's do.
# No statistical check: the rows and columns depend on the samples only
# through each path having some (about 490 samples expected on the
# smallest, 2000 blocks of 600 B at rate 4096: missed with probability
# below e^-290).
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

d=$HARNESS_DIR
ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE=4096 report_traced tables -p 'group-by=["thread","type","stack"]' \
	--stacks -- harness_preload "$REPORT_BIN/tables-workload"
trace="$d/tables"
for fact in pid churn kept refill first second; do
	report_fact "$fact" "$d/tables.out" "$fact"
done
check "the JSON report has the 4 stacks of allocate() and refill() ($(jq -c '[.groups[] | select(.kind == "stack") | .label | sub(".*;"; "")]' "$d/tables.json"))" \
	[ "$(jq '[.groups[] | select(.kind == "stack" and (.label | test(";(allocate|refill)$")))] | length' "$d/tables.json")" -eq 4 ]

# Text, one table of sites cut to its largest row.
report_run "$trace" -p 'group-by="site",top=1' >"$d/sites.txt" 2>"$d/sites.err" ||
	harness_fail "the text report by site failed: $(tail -n 5 "$d/sites.err")"
check "text by site, top=1: one site row, allocate's churn at line $churn" \
	[ "$(sed -n '/^By site$/,/^$/p' "$d/sites.txt" | grep -c "allocate  *tables-workload.c:$churn ")" -eq 1 ]
check "text: the total holds live bytes" grep -q '^allocsample report: bytes allocated and still live at the end' "$d/sites.txt"
check "text: three tables, the process's, the sites' and the total's ($(grep -c ' ESTIMATE ' "$d/sites.txt"))" \
	[ "$(grep -c ' ESTIMATE ' "$d/sites.txt")" -eq 3 ]
check "text: each of them has the live columns ($(grep ' ESTIMATE ' "$d/sites.txt" | grep -c 'LIVE AT END  *LIVE INTERVAL'))" \
	[ "$(grep ' ESTIMATE ' "$d/sites.txt" | grep -c 'LIVE AT END  *LIVE INTERVAL')" -eq 3 ]
finish
