#!/bin/sh
# live.sh - the live heap on traces of live-producer (the real provider,
# schema 3): live samples known exactly per group; each group's live
# figures equal the allocated figures of a trace holding only its live
# samples; frees on another thread, unmatched frees, a reused address
# (a lost free), untracked samples and SamplesUnrecorded each said once;
# sort=live; lost events mark the live, temporary and lifetime figures
# incomplete; a trace without the SampledFree class gives null live fields,
# no curve and no peak, and the line that fixes it (null temporary and
# lifetime fields, and the temporary view says so);
# text shows live figures only where they say something: not when nothing
# sampled was live at the end, unless sort=live (--leaks) asks for them;
# an attach (schema 4's Attached and Detached) said once, in every format,
# the process named by Attached's procname (schema 5);
# a trace of schema 3 read as before.
#
# Needs go (the pprof checks read the profile back with go tool pprof).
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require go
harness_enter "$@"
harness_start_sessiond

report_traced full -- "$REPORT_BIN/live-producer" full
report_traced only -- "$REPORT_BIN/live-producer" live-only

# Live samples per type, exactly (live-producer.c says why).
# A type without any tracked sample says nothing of its live bytes: null.
for pair in kept:15 elsewhere:0 leak:10 reused:1 untracked:null; do
	type=${pair%%:*}
	want=${pair#*:}
	got=$(jq ".groups[] | select(.kind == \"type\" and .type == \"$type\") | .live_samples" "$HARNESS_DIR/full.json")
	check "type $type: $want live samples (got ${got:-none})" [ "${got:-x}" = "$want" ]
done
got=$(jq .total.live_samples "$HARNESS_DIR/full.json")
check "total: 26 live samples (got $got)" [ "$got" = 26 ]

# Every group of the live-only trace: its allocated figures are the live
# figures of the same group in the full trace (same threads, so same T).
jq -S '[.groups[], (.total | . + {kind: "total"}) | {kind, type, tid: (.tid != null),
	samples, estimate, lower, upper}] | sort_by(.kind, .type, .tid)' \
	"$HARNESS_DIR/only.json" >"$HARNESS_DIR/only.groups"
jq -S --slurpfile only "$HARNESS_DIR/only.json" '[.groups[], (.total | . + {kind: "total"})
	| select(.live_samples > 0) | {kind, type, tid: (.tid != null), samples: .live_samples,
	estimate: .live_estimate, lower: .live_lower, upper: .live_upper}] | sort_by(.kind, .type, .tid)' \
	"$HARNESS_DIR/full.json" >"$HARNESS_DIR/full.live"
check "every group's live figures are the estimator of its live samples ($(jq length "$HARNESS_DIR/only.groups") groups)" \
	sh -c '[ "$(jq length "$1")" -gt 0 ] && cmp -s "$1" "$2"' - "$HARNESS_DIR/only.groups" "$HARNESS_DIR/full.live"
diff "$HARNESS_DIR/only.groups" "$HARNESS_DIR/full.live" | head -20 || true

# What the report says once.
check "SamplesUnrecorded counted (7)" [ "$(jq .live.unrecorded_samples "$HARNESS_DIR/full.json")" = 7 ]
check "unmatched frees counted (3)" [ "$(jq .live.unmatched_frees "$HARNESS_DIR/full.json")" = 3 ]
check "the reused address counted as a lost free (1)" [ "$(jq .live.lost_frees "$HARNESS_DIR/full.json")" = 1 ]
check "untracked samples counted (2)" [ "$(jq .live.untracked_samples "$HARNESS_DIR/full.json")" = 2 ]
check "a lost free marks the live figures incomplete" \
	[ "$(jq .total.live_incomplete "$HARNESS_DIR/full.json")" = true ]
check "the live-only trace is complete" \
	[ "$(jq .total.live_incomplete "$HARNESS_DIR/only.json")" = false ]
report_run "$HARNESS_DIR/full" >"$HARNESS_DIR/full.txt" 2>/dev/null || harness_fail "the text report failed"
check "the text has the live column" grep -q 'LIVE AT END' "$HARNESS_DIR/full.txt"
check "the text says the session missed the start" \
	report_says "$HARNESS_DIR/full.txt" '7 samples were drawn before the trace recorded them'
check "the text says the unmatched frees once" \
	[ "$(grep -c '3 frees of sampled blocks not in the trace' "$HARNESS_DIR/full.txt")" = 1 ]

# CSV: the same figures in the live columns.
report_run "$HARNESS_DIR/full" -p 'format="csv"' >"$HARNESS_DIR/full.csv" 2>/dev/null ||
	harness_fail "the CSV report failed"
got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$1 == "total" && $col["window"] == "" { print $col["live_samples"] "," $col["live_estimate"] }' \
	"$HARNESS_DIR/full.csv")
check "CSV total: live columns as in JSON ($got)" \
	[ "$got" = "$(jq -r '"\(.total.live_samples),\(.total.live_estimate)"' "$HARNESS_DIR/full.json")" ]

# sort=live: types by decreasing live estimate; the default keeps the
# allocated order.
report_run "$HARNESS_DIR/full" -p 'format="json",sort="live"' >"$HARNESS_DIR/sorted.json" 2>/dev/null ||
	harness_fail "the sort=live report failed"
order=$(jq -r '[.groups[] | select(.kind == "type") | .type] | join(" ")' "$HARNESS_DIR/sorted.json")
check "sort=live orders types by live bytes (leak kept reused ...: $order)" \
	sh -c "echo '$order' | grep -q '^leak kept reused '"
sorted=$(jq '[.groups[] | select(.kind == "type") | .live_estimate] | . == (sort | reverse)' "$HARNESS_DIR/sorted.json")
check "sort=live: live estimates decrease" [ "$sorted" = true ]
order=$(jq -r '[.groups[] | select(.kind == "type") | .type] | join(" ")' "$HARNESS_DIR/full.json")
check "the default order is by allocated bytes (leak, kept, elsewhere: $order)" \
	sh -c "echo '$order' | grep -q '^leak kept elsewhere'"
report_refused "sort=freed" "$HARNESS_DIR/full" 'sort="freed"' 'Parameter `sort`: unknown order `freed`'

# pprof: inuse_objects and inuse_space after the allocated types, read
# back by go tool pprof; the cells' live bytes add up to the total's, to
# within their rounding (one byte a cell).
report_run "$HARNESS_DIR/full" -p "format=\"pprof\",path=\"$HARNESS_DIR/full.pb.gz\"" \
	>/dev/null 2>&1 || harness_fail "the pprof report failed"
HOME="$HARNESS_DIR/home-go" go tool pprof -raw "$HARNESS_DIR/full.pb.gz" \
	>"$HARNESS_DIR/raw.txt" 2>/dev/null || harness_fail "go tool pprof -raw failed"
check "pprof: the sample types in order, inuse last" \
	grep -q '^alloc_objects/count alloc_space/bytes\(\[dflt\]\)\{0,1\} inuse_objects/count inuse_space/bytes' "$HARNESS_DIR/raw.txt"
HOME="$HARNESS_DIR/home-go" go tool pprof -sample_index=inuse_space -unit=B -top \
	"$HARNESS_DIR/full.pb.gz" >"$HARNESS_DIR/top.txt" 2>/dev/null || harness_fail "go tool pprof -top failed"
inuse=$(sed -n 's/.* of \([0-9]*\)B total.*/\1/p' "$HARNESS_DIR/top.txt")
want=$(jq .total.live_estimate "$HARNESS_DIR/full.json")
check "pprof: inuse_space totals the live estimate ($inuse B, $want B, within 7)" \
	[ "${inuse:-0}" -ge $((want - 7)) -a "${inuse:-0}" -le $((want + 7)) ]

# Losses: a complete trace, then a copy with events discarded in one stream.
report_traced churn --buffers 4096:64 -- taskset -c "$(harness_cpu)" "$REPORT_BIN/live-producer" churn
incomplete='[.groups[], .total | select(.live_samples != null) | .live_incomplete] | unique'
check "no loss: no live figure incomplete ($(jq -c "$incomplete" "$HARNESS_DIR/churn.json"))" \
	[ "$(jq -c "$incomplete" "$HARNESS_DIR/churn.json")" = '[false]' ]
check "no loss: 10 live samples" [ "$(jq .total.live_samples "$HARNESS_DIR/churn.json")" = 10 ]
trace_lossy_copy "$HARNESS_DIR/churn" "$HARNESS_DIR/lossy" 5
report_json "$HARNESS_DIR/lossy" "$HARNESS_DIR/lossy.json"
check "lost events: every live figure marked incomplete ($(jq -c "$incomplete" "$HARNESS_DIR/lossy.json"))" \
	[ "$(jq -c "$incomplete" "$HARNESS_DIR/lossy.json")" = '[true]' ]
temporary_incomplete='[.groups[], .total | select(.temporary_estimate != null) | .temporary_incomplete, .lifetime.incomplete] | unique'
check "no loss: no temporary figure or lifetime incomplete ($(jq -c "$temporary_incomplete" "$HARNESS_DIR/churn.json"))" \
	[ "$(jq -c "$temporary_incomplete" "$HARNESS_DIR/churn.json")" = '[false]' ]
check "lost events: every temporary figure and lifetime marked incomplete ($(jq -c "$temporary_incomplete" "$HARNESS_DIR/lossy.json"))" \
	[ "$(jq -c "$temporary_incomplete" "$HARNESS_DIR/lossy.json")" = '[true]' ]

# An attached process: the span's figures, and one note on what they
# leave out.
report_traced attached -- "$REPORT_BIN/live-producer" attached
check "attached: one attach and one detach counted ($(jq -c '[.live.attaches, .live.detaches]' "$HARNESS_DIR/attached.json"))" \
	[ "$(jq -c '[.live.attaches, .live.detaches]' "$HARNESS_DIR/attached.json")" = '[1,1]' ]
check "attached: 6 live samples" [ "$(jq .total.live_samples "$HARNESS_DIR/attached.json")" = 6 ]
names=$(jq -r '[.groups[] | select(.kind == "process" or .kind == "type") | .process] | unique | join(" ")' \
	"$HARNESS_DIR/attached.json")
check "attached: the process is named by Attached's procname, not the statedump's ($names)" \
	[ "$names" = attached-name ]
check "attached: JSON's notes say the span and the detach" \
	[ "$(jq '[.live.notes[] | select(test("^The process was attached to while it ran.*before an attach are unknown.*still live at a detach"))] | length' "$HARNESS_DIR/attached.json")" = 1 ]
check "the full trace has no attach" [ "$(jq -c '[.live.attaches, .live.detaches]' "$HARNESS_DIR/full.json")" = '[0,0]' ]
report_run "$HARNESS_DIR/attached" >"$HARNESS_DIR/attached.txt" 2>/dev/null ||
	harness_fail "the text report of the attached trace failed"
check "attached: the text says the attach once" \
	[ "$(grep -c '^The process was attached to while it ran (allocsample:Attached, allocsample-record -p): every figure is of the span it was attached for\.' "$HARNESS_DIR/attached.txt")" = 1 ]

# Schema 3 (the same program, under schema 3's URI): the same figures.
report_traced schema-3 -- "$REPORT_BIN/live-producer-schema-3" full
check "schema 3 is what the trace declares" \
	grep -rqa --include=metadata 'model.emf.uri = "urn:x-allocsample:schema:3"' "$HARNESS_DIR/schema-3"
check "schema 6 is what the provider declares" \
	grep -rqa --include=metadata 'model.emf.uri = "urn:x-allocsample:schema:6"' "$HARNESS_DIR/full"
figures='[.groups[], .total | {kind, type, samples, estimate, lower, upper, live_samples, live_estimate}] | sort_by(.kind, .type)'
check "schema 3: every group's figures as in schema 6's trace" \
	[ "$(jq -cS "$figures" "$HARNESS_DIR/schema-3.json")" = "$(jq -cS "$figures" "$HARNESS_DIR/full.json")" ]
check "schema 3: the same notes" \
	[ "$(jq -c .live "$HARNESS_DIR/schema-3.json")" = "$(jq -c .live "$HARNESS_DIR/full.json")" ]

# Live figures known, nothing live at the end: text shows no live column
# and says so once, unless the report is about leaks (sort=live); JSON
# keeps its zero live figures.
report_traced freed -- "$REPORT_BIN/live-producer" freed
report_run "$HARNESS_DIR/freed" >"$HARNESS_DIR/freed.txt" 2>/dev/null ||
	harness_fail "the text report of the freed trace failed"
check "nothing live: one line says so, with its bound" \
	[ "$(grep -c '^Nothing sampled was still live at the end: below .* (95% confidence)[.]$' "$HARNESS_DIR/freed.txt")" = 1 ]
check "nothing live: no live column in text" sh -c "! grep -qi 'live at end\|live interval' '$HARNESS_DIR/freed.txt'"
report_run "$HARNESS_DIR/freed" -p 'sort="live"' >"$HARNESS_DIR/freed-leaks.txt" 2>/dev/null ||
	harness_fail "the sort=live report of the freed trace failed"
check "nothing live, sort=live: the live columns, zero" \
	sh -c "grep -q 'LIVE AT END' '$HARNESS_DIR/freed-leaks.txt' && ! grep -q '^Nothing sampled' '$HARNESS_DIR/freed-leaks.txt'"
check "nothing live: JSON's total has 0 live samples" [ "$(jq .total.live_samples "$HARNESS_DIR/freed.json")" = 0 ]

# A session without SampledFree: null live fields, and the line that fixes it.
report_traced nofree --events allocsample:AllocationSampled --contexts vpid,vtid -- \
	"$REPORT_BIN/live-producer" live-only
check "no SampledFree class: every live field null" \
	[ "$(jq '[.groups[], .total | .live_samples, .live_estimate, .live_lower, .live_upper] | all(. == null)' "$HARNESS_DIR/nofree.json")" = true ]
check "no SampledFree class: the allocated figures as in the trace with it" \
	[ "$(jq -c '.total | [.samples, .estimate, .lower, .upper]' "$HARNESS_DIR/nofree.json")" = \
	  "$(jq -c '.total | [.samples, .estimate, .lower, .upper]' "$HARNESS_DIR/only.json")" ]
report_run "$HARNESS_DIR/nofree" >"$HARNESS_DIR/nofree.txt" 2>/dev/null || harness_fail "the text report failed"
check "the text names the enable-event line, once" \
	[ "$(grep -c 'lttng enable-event -u allocsample:SampledFree' "$HARNESS_DIR/nofree.txt")" = 1 ]
check "the text has no live column then" sh -c "! grep -q 'LIVE AT END' '$HARNESS_DIR/nofree.txt'"
check "no SampledFree class: no curve, no peak (JSON)" \
	[ "$(jq '.timeline == [] and ([.groups[], .total | .peak_live_estimate] | all(. == null))' \
		"$HARNESS_DIR/nofree.json")" = true ]
check "no SampledFree class: the text names no peak, and says why once" \
	sh -c "! grep -q 'Peak of the live heap' '$HARNESS_DIR/nofree.txt' &&
		[ \$(grep -c 'heap over time and its peak' '$HARNESS_DIR/nofree.txt') = 1 ]"
check "with SampledFree: a curve per process and the total's" \
	[ "$(jq '.timeline[0].kind == "total" and
		(.timeline | length) == 1 + ([.groups[] | select(.kind == "process")] | length)' \
		"$HARNESS_DIR/full.json")" = true ]
check "no SampledFree class: every temporary and lifetime field null" \
	[ "$(jq '[.groups[], .total | .temporary_estimate, .temporary_lower, .temporary_upper, .temporary_objects, .lifetime] | all(. == null)' "$HARNESS_DIR/nofree.json")" = true ]
report_run "$HARNESS_DIR/nofree" -p 'sort="temporary"' >"$HARNESS_DIR/nofree-temporary.txt" 2>/dev/null ||
	harness_fail "the temporary view failed"
check "the temporary view names the enable-event line once, and says the same holds for it" \
	[ "$(grep -c 'lttng enable-event -u allocsample:SampledFree' "$HARNESS_DIR/nofree-temporary.txt")" = 1 -a \
	  "$(grep -c 'So are the temporary bytes and the lifetimes' "$HARNESS_DIR/nofree-temporary.txt")" = 1 ]
report_run "$HARNESS_DIR/nofree" -p 'format="csv"' >"$HARNESS_DIR/nofree.csv" 2>/dev/null ||
	harness_fail "the CSV report failed"
check "CSV: a header and rows, no live columns when no group has live figures" \
	sh -c "head -n 1 '$HARNESS_DIR/nofree.csv' | grep -q '^kind,' && [ \$(wc -l <'$HARNESS_DIR/nofree.csv') -gt 1 ] &&
	       ! head -n 1 '$HARNESS_DIR/nofree.csv' | grep -q live_"
check "CSV: the untracked type's live columns are empty in a report with live figures" \
	[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == "type" && $6 == "untracked" { print $col["live_samples"] "|" $col["live_estimate"] }' \
		"$HARNESS_DIR/full.csv")" = "|" ]
finish
