#!/bin/sh
# sizes.sh - end to end: a program whose threads malloc known counts of
# known sizes in five size classes (sizes-workload) is recorded once with
# allocsample-record --sizes and the real daemon, the trace kept, and
# reported in text (the command's own report), JSON, CSV and text without
# sizes.  In the JSON report at confidence 0.999, the process's size
# classes run from the smallest to the largest class it allocated in, each
# class's bytes interval holds its true bytes and objects_lower <= its true
# count <= objects_upper; the classes between them that it never allocated
# in are listed with no sample and their "below" ends; CSV has the same
# rows, text with --sizes a table of them labelled as JSON's `label`s
# (which the page draws), text without it none.
#
# ALLOCSAMPLE_SEED and threads run one after the other make the run
# reproducible.  Were the seed drawn anew, each class's bytes interval
# would miss with probability at most 0.1% and each end of its objects at
# most 0.05%: five classes fail by chance at most 1% of the time.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"

facts="$HARNESS_DIR/facts"
trace="$HARNESS_DIR/sizes.trace"
json="$HARNESS_DIR/report.json"

ALLOCSAMPLE_SEED=11 record_run sizes --rate 4096 --sizes --report-output - -o "$trace" -- "$REPORT_BIN/sizes-workload" "$facts"
[ "$RECORD_STATUS" -eq 0 ] ||
	harness_fail "allocsample-record exited with $RECORD_STATUS: $(tail -n 5 "$HARNESS_DIR/sizes.err")"
report_json "$trace" "$json" -p 'confidence=0.999'
report_fact pid "$facts" pid
process=".groups[] | select(.kind == \"process\" and .pid == $pid)"

# Each class the program allocated in: MIN OBJECTS BYTES.
awk '$1 == "class" { print $2, $3, $4 }' "$facts" >"$HARNESS_DIR/classes"
check "the workload wrote its 5 classes" [ "$(wc -l <"$HARNESS_DIR/classes")" -eq 5 ]
while read -r min objects bytes; do
	row=$(jq -c "$process | .sizes[] | select(.min == $min)" "$json")
	[ -n "$row" ] || { fail "class from $min B: no row"; continue; }
	got=$(printf '%s' "$row" | jq -r '"\(.samples) \(.lower) \(.estimate) \(.upper) \(.objects_lower) \(.objects) \(.objects_upper) \(.max)"')
	set -- $got
	check "class $min..$8 B: its bytes interval [$2, $4] holds the true $bytes ($1 samples, estimate $3)" \
		[ "$2" -le "$bytes" -a "$bytes" -le "$4" ]
	check "class $min..$8 B: objects_lower $5 <= the true $objects <= objects_upper $7 (estimate $6)" \
		[ "$5" -le "$objects" -a "$objects" -le "$7" ]
	check "class $min B: max is 2 min - 1 ($8)" [ "$8" -eq $((2 * min - 1)) ]
done <"$HARNESS_DIR/classes"

first=$(head -n 1 "$HARNESS_DIR/classes" | cut -d' ' -f1)
last=$(tail -n 1 "$HARNESS_DIR/classes" | cut -d' ' -f1)
mins=$(jq -c "[$process | .sizes[].min]" "$json")
check "the classes run from $first B to $last B, every one between listed ($mins)" \
	[ "$(jq -c "[$process | .sizes[].min] == [range(4; 17) | pow(2; .)]" "$json")" = true ]
check "a class between them with no sample: 0, objects 0 and a 'below' upper end" \
	[ "$(jq -c "[$process | .sizes[] | select(.min == 4096)][0] |
		.samples == 0 and .estimate == 0 and .lower == 0 and .upper > 0 and
		.objects == 0 and .objects_lower == 0 and .objects_upper == (.upper / 4096 | floor)" "$json")" = true ]
check "the classes' samples add up to the process's" \
	[ "$(jq -c "[$process | .samples, ([.sizes[].samples] | add)] | .[0] == .[1]" "$json")" = true ]

# CSV: the same classes as size rows of the process.
report_run "$trace" -p 'format="csv",confidence=0.999' >"$HARNESS_DIR/report.csv" 2>"$HARNESS_DIR/csv.err" ||
	harness_fail "the CSV report failed: $(tail -n 5 "$HARNESS_DIR/csv.err")"
rows=$(awk -F, -v pid="$pid" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$1 == "size" && $3 == pid { print $col["size_min"] }' "$HARNESS_DIR/report.csv" | paste -s -d ' ' -)
check "csv: one size row per class from 16 B to 64 KiB ($rows)" \
	[ "$rows" = "16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536" ]

# Text, from allocsample-record --sizes: a table per process, a row per
# class with its objects' three figures, labelled by its sizes.
labels=$(sed -n '/^Sizes of sizes-workload, pid [0-9]*: objects and bytes per size class$/,/^$/p' \
	"$HARNESS_DIR/sizes.out" | awk 'NR == 2 { at = index($0, "SAMPLES") }
		NR > 2 && NF { label = substr($0, 1, at - 1); gsub(/ /, "", label); print label }' |
	paste -s -d ' ' -)
check "text: a row per class, 16 B to 64 KiB ($labels)" \
	[ "$labels" = "16–32B 32–64B 64–128B 128–256B 256–512B 512B–1KiB 1–2KiB 2–4KiB 4–8KiB 8–16KiB 16–32KiB 32–64KiB 64–128KiB" ]
# JSON's labels, which the page draws, are the text's: one style.
json_labels=$(jq -r "[$process | .sizes[] | (.label // \"none\") | gsub(\" \"; \"\")] | join(\" \")" "$json")
check "json: each class labelled as the text labels it ($json_labels)" [ "$json_labels" = "$labels" ]

# Text without sizes: the same report but the size table.
report_run "$trace" >"$HARNESS_DIR/plain.txt" 2>"$HARNESS_DIR/plain.err" ||
	harness_fail "the text report failed: $(tail -n 5 "$HARNESS_DIR/plain.err")"
check "text without sizes: a report of the process" \
	grep -q "^  sizes-workload  *$pid " "$HARNESS_DIR/plain.txt"
check "text without sizes: no size table" sh -c "! grep -q '^Sizes of' '$HARNESS_DIR/plain.txt'"
finish
