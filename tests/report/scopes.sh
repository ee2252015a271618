#!/bin/sh
# scopes.sh - scopes from other events: scopes-workload serves requests of
# known sizes on 4 threads between its own scopetest:request_begin and
# request_end events (paired by `id`), under the preload shim at rate 4096
# (ALLOCSAMPLE_SEED fixed).  The report with scope-begin and scope-end,
# then again with scope-key=id, must find one instance per request (the
# count exact), hold each request's true bytes in its 99.9% interval for at
# least 98% of the instances, and the mean bytes per request in the
# mean's 99.9% interval; the repeated begin, the end without a begin and
# the request never ended are counted and warned about.  Also: CSV has
# every instance, text a "By scope" section capped at 10 rows, a
# scope-key the events lack is an error naming it, and allocsample-record
# --enable-event/--scope-begin/--scope-end/--scope-key gives the same count.
#
# Counting: a request is matched to its row by key (scope-key=id) or, per
# thread, by begin order (without a key); a row "holds" when
# lower <= true bytes <= upper.  False failures: each interval misses with
# probability at most 0.1% (less with boundary compensation), so 3 misses
# or more among 122 instances (what 98% allows) happen by chance about
# once in 3000 runs at worst, and the seed makes a run reproducible; the
# mean's interval misses with probability at most 0.1%.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/scopes"
truth="$HARNESS_DIR/scopes.out"
threads=4
requests=30

ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=4096 harness_trace scopes --events 'allocsample:*,scopetest:*' -- \
	harness_preload "$REPORT_BIN/scopes-workload" "$threads" "$requests"

closed=$((threads * requests + 1))
params='scope-begin="scopetest:request_begin",scope-end="scopetest:request_end",confidence=0.999'

# check_run LABEL JSON: the figures of one report against the truth; rows
# are "tid key start samples estimate lower upper open" lines in $rows.
check_run() {
	label=$1 json=$2
	check "$label: $(jq '.scopes.closed' "$json") closed instances ($closed requests), $(jq '.scopes.open' "$json") open (1)" \
		[ "$(jq '.scopes.closed' "$json")" = "$closed" -a "$(jq '.scopes.open' "$json")" = 1 ]
	check "$label: unmatched begins $(jq '.scopes.unmatched_begins' "$json"), ends $(jq '.scopes.unmatched_ends' "$json") (1 each)" \
		[ "$(jq '.scopes.unmatched_begins' "$json")" = 1 -a "$(jq '.scopes.unmatched_ends' "$json")" = 1 ]
	check "$label: every instance printed (rows_omitted 0)" \
		[ "$(jq '.scopes.rows_omitted' "$json")" = 0 -a "$(jq '.scopes.rows | length' "$json")" = $((closed + 1)) ]
	open_row=$(jq -r '.scopes.rows[] | select(.open) | "\(.end_ns) \(.duration_ns)"' "$json")
	check "$label: the open instance has no end ($open_row)" [ "$open_row" = "null null" ]
}

# held MATCHED: "true lower upper" lines; prints them and counts the holds.
held_check() {
	label=$1 matched=$2
	awk '{ printf "  %s: true %7d, estimate %7d, interval [%7d, %7d]%s\n", $1, $2, $5, $3, $4,
		($2 < $3 || $2 > $4) ? "  MISS" : "" }' "$matched"
	n=$(wc -l <"$matched")
	held=$(awk '$2 >= $3 && $2 <= $4' "$matched" | wc -l)
	check "$label: true bytes inside the 99.9% interval for $held of $n instances (at least 98%, of $closed)" \
		[ "$n" -eq "$closed" -a $((held * 100)) -ge $((closed * 98)) ]
}

mean_check() {
	label=$1 json=$2
	mean_true=$(awk '$1 == "request" { s += $4; n++ } END { printf "%d", s / n }' "$truth")
	set -- $(jq -r '.scopes.mean | "\(.estimate) \(.lower) \(.upper)"' "$json")
	check "$label: mean per request: true $mean_true, estimate $1, 99.9% interval [$2, $3]" \
		[ "$mean_true" -ge "$2" -a "$mean_true" -le "$3" ]
}

# Without a key: instances per thread, in begin order.
report_run "$trace" -p "$params,format=\"json\"" >"$HARNESS_DIR/nokey.json" \
	2>"$HARNESS_DIR/nokey.err" || harness_fail "the report failed: $(cat "$HARNESS_DIR/nokey.err")"
check_run "no key" "$HARNESS_DIR/nokey.json"
check "no key: rows have a null key" [ "$(jq '[.scopes.rows[] | select(.key != null)] | length' "$HARNESS_DIR/nokey.json")" = 0 ]
# The n-th closed instance of a thread is its n-th request.
jq -r '.scopes.rows[] | select(.open | not) | "\(.tid) \(.start_ns) \(.lower) \(.upper) \(.estimate)"' \
	"$HARNESS_DIR/nokey.json" | sort -k1,1n -k2,2n >"$HARNESS_DIR/nokey.rows"
awk '$1 == "request" { print $3, $2, $4 }' "$truth" | sort -k1,1n -k2,2n >"$HARNESS_DIR/nokey.truth"
paste -d ' ' "$HARNESS_DIR/nokey.truth" "$HARNESS_DIR/nokey.rows" |
	awk '$1 == $4 { print "tid" $1 "/" $2, $3, $6, $7, $8 }' >"$HARNESS_DIR/nokey.matched"
held_check "no key" "$HARNESS_DIR/nokey.matched"
mean_check "no key" "$HARNESS_DIR/nokey.json"
check "warned: the repeated begin" report_says "$HARNESS_DIR/nokey.err" \
	'1 `scopetest:request_begin` event while the same scope instance was open'
check "warned: the end without a begin" report_says "$HARNESS_DIR/nokey.err" \
	'1 `scopetest:request_end` event with no open scope instance'
check "warned: the instance left open" report_says "$HARNESS_DIR/nokey.err" \
	'1 scope instance still open at the end of the trace'

# With scope-key=id: the same instances, keyed.
report_run "$trace" -p "$params,scope-key=\"id\",format=\"json\"" >"$HARNESS_DIR/key.json" \
	2>"$HARNESS_DIR/key.err" || harness_fail "the keyed report failed: $(cat "$HARNESS_DIR/key.err")"
check_run "key id" "$HARNESS_DIR/key.json"
jq -r '.scopes.rows[] | select(.open | not) | "\(.key) \(.lower) \(.upper) \(.estimate)"' \
	"$HARNESS_DIR/key.json" | sort -k1,1n >"$HARNESS_DIR/key.rows"
awk '$1 == "request" { print $2, $4 }' "$truth" | sort -k1,1n |
	join - "$HARNESS_DIR/key.rows" | awk '{ print "id" $1, $2, $3, $4, $5 }' >"$HARNESS_DIR/key.matched"
held_check "key id" "$HARNESS_DIR/key.matched"
mean_check "key id" "$HARNESS_DIR/key.json"
check "key id: the open instance is request 900002" \
	[ "$(jq '.scopes.rows[] | select(.open) | .key' "$HARNESS_DIR/key.json")" = 900002 ]

# CSV: every instance; text: the section, capped.
report_run "$trace" -p "$params,scope-key=\"id\",format=\"csv\"" >"$HARNESS_DIR/key.csv" 2>/dev/null ||
	harness_fail "the CSV report failed"
csv_rows=$(awk -F, '$1 == "scope"' "$HARNESS_DIR/key.csv" | wc -l)
csv_key=$(awk -F, '$1 == "scope" && $26 == 900002 && $25 == "" && $16 == "true"' "$HARNESS_DIR/key.csv" | wc -l)
check "CSV: $csv_rows scope rows ($((closed + 1))), the open one with an empty end_ns" \
	[ "$csv_rows" -eq $((closed + 1)) -a "$csv_key" -eq 1 ]
report_run "$trace" -p "$params,scope-key=\"id\"" >"$HARNESS_DIR/key.txt" 2>/dev/null ||
	harness_fail "the text report failed"
check "text: a By scope section with the counts" \
	grep -q "^  Instances: $closed closed, 1 open; unmatched: 1 begin, 1 end\." "$HARNESS_DIR/key.txt"
check "text: the 10 largest instances" \
	grep -q "^  The 10 largest of $((closed + 1)) instances (CSV has every one):" "$HARNESS_DIR/key.txt"

# A key the events lack.
report_refused "scope-key=request" "$trace" "$params,scope-key=\"request\"" \
	'Parameter `scope-key`: event `scopetest:request_begin` (`scope-begin`) has no payload field `request`'

# allocsample-record: --enable-event records the scope events, the scope
# options reach the component (the harness's daemon is the one it finds).
ALLOCSAMPLE_SEED=7 record_json record --rate 4096 --enable-event 'scopetest:*' \
	--scope-begin scopetest:request_begin --scope-end scopetest:request_end --scope-key id \
	-- "$REPORT_BIN/scopes-workload" 2 5
recorded=$(jq '.scopes.closed' "$HARNESS_DIR/record.json")
check "allocsample-record --scope-*: $recorded closed instances (11)" [ "$recorded" = 11 ]
finish
