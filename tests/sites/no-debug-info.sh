#!/bin/sh
# no-debug-info.sh - group-by=site with and without
# filter.lttng-utils.debug-info, on both schemas.
#
# Schema 2 (the shim's samples carry their stacks): the report names the
# sites from the stacks and the trace's state dump, with no filter; so a
# lossy trace is read without debug-info, whose babeltrace2 2.0.4 drops
# the discarded-event counts: the counts are known, and every group is
# marked incomplete.
#
# Schema 1 (an older shim's samples, which name no stack:
# schema1-producer): without debug-info the report fails at the first event
# with an error that says how to add it; with it but without full-path=yes,
# with one that asks for full paths; with both, it names the producer's
# call site.  Behind debug-info a lossy trace still marks every group
# incomplete and gives the counts as unknown.
#
# The lossy traces cannot race: each is a copy of a recorded one whose
# stream says 1000 events were discarded (tests/tools/ctf-discard.py; see
# tests/report/loss.sh).  The recordings lose nothing whatever the consumer
# daemon does: the programs run on one CPU and their events, at most about
# 40 KiB, fit in the 64 sub-buffers of 4 KiB of that CPU (harness_cpu;
# checked by trace_lossy_copy); the small sub-buffers give the stream the
# two packets the copy needs (checked).
set -eu
. "$AS_SRCDIR/tests/sites/lib.sh"
harness_enter "$@"
harness_start_sessiond

stderr="$HARNESS_DIR/stderr"

# Schema 2: the sites workload under the shim.
trace="$HARNESS_DIR/schema2"
json="$HARNESS_DIR/schema2.json"
ALLOCSAMPLE_RATE=4096 harness_trace schema2 --buffers 4096:64 --events 'allocsample:*,lttng_ust_statedump:*' -- \
	taskset -c "$(harness_cpu)" env LD_PRELOAD="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" "$SITES_BIN/sites" 200

status=0
report_run "$trace" -p 'group-by="site",format="json"' >"$json" 2>"$stderr" || status=$?
check "schema 2 without debug-info: babeltrace2 exits with status 0 (got $status: $(head -c 300 "$stderr"))" \
	[ "$status" -eq 0 ]
line=$(sites_line "$SITES_SRC/sites.c" fill_malloc)
check "schema 2 without debug-info: the site fill_malloc at sites.c:$line" \
	[ "$(jq "[.groups[] | select(.kind == \"site\" and .function == \"fill_malloc\" and .line == $line and
		(.binary // \"\" | endswith(\"/tests/sites/sites\")))] | length" "$json")" -eq 1 ]

lossy="$HARNESS_DIR/schema2-lossy"
json="$HARNESS_DIR/schema2-lossy.json"
trace_lossy_copy "$trace" "$lossy" 1000
report_run "$lossy" -p 'group-by="site",format="json"' >"$json" 2>"$stderr" ||
	harness_fail "the report failed: $(cat "$stderr")"
check "schema 2 lossy: the report is incomplete" [ "$(jq .incomplete "$json")" = true ]
check "schema 2 lossy: 1000 discarded events, known ($(jq -c '[.losses[] | {discarded_events, discarded_events_unknown}]' "$json"))" \
	[ "$(jq '[.losses[] | select(.discarded_events_unknown | not) | .discarded_events] | add' "$json")" = 1000 ]
check "schema 2 lossy: every site group and the total are incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$json")" -eq 0 ]
check "schema 2 lossy: there are site groups" \
	[ "$(jq '[.groups[] | select(.kind == "site")] | length' "$json")" -ge 1 ]

# Schema 1: the producer's events, the provider compiled in, no shim.
trace="$HARNESS_DIR/schema1"
harness_trace schema1 --buffers 4096:64 --events 'allocsample:*,lttng_ust_statedump:*' -- \
	taskset -c "$(harness_cpu)" "$SITES_BIN/schema1-producer" 200

status=0
report_run "$trace" -p 'group-by="site"' >/dev/null 2>"$stderr" || status=$?
check "schema 1 without debug-info: babeltrace2 exits with status 1 (got $status)" [ "$status" -eq 1 ]
check "schema 1 without debug-info: the error says the debug_info context is missing" \
	report_says "$stderr" 'has no `debug_info` context field'
check "schema 1 without debug-info: the error names the filter" \
	report_says "$stderr" 'place filter.lttng-utils.debug-info (with full-path=yes) before this sink'
check "schema 1 without debug-info: the error gives the babeltrace2 options" \
	report_says "$stderr" '--debug-info --debug-info-full-path'

status=0
report_run "$trace" --debug-info -p 'group-by="site"' >/dev/null 2>"$stderr" || status=$?
check "schema 1 without full paths: babeltrace2 exits with status 1 (got $status)" [ "$status" -eq 1 ]
check "schema 1 without full paths: the error asks for full-path=yes" \
	report_says "$stderr" 'give that filter full-path=yes (`--debug-info-full-path`'

check "schema 1 without group-by=site: no debug-info is needed" \
	sh -c "babeltrace2 --plugin-path='$REPORT_PLUGIN_PATH' '$trace' -c sink.allocsample.report >/dev/null 2>&1"

json="$HARNESS_DIR/schema1.json"
report_run "$trace" --debug-info --debug-info-full-path -p 'group-by="site",format="json"' \
	>"$json" 2>"$stderr" || harness_fail "the report failed: $(cat "$stderr")"
line=$(sites_line "$SITES_SRC/schema1-producer.c" main)
check "schema 1 behind debug-info: the one site, main at schema1-producer.c:$line, with the 200 samples" \
	[ "$(jq -c "[.groups[] | select(.kind == \"site\") | [.function, .line, (.binary // \"\" | endswith(\"/tests/sites/schema1-producer\")), .samples]]" "$json")" = "[[\"main\",$line,true,200]]" ]

lossy="$HARNESS_DIR/schema1-lossy"
json="$HARNESS_DIR/schema1-lossy.json"
trace_lossy_copy "$trace" "$lossy" 1000
check "schema 1: without debug-info, babeltrace2 says the copy lost 1000 events" \
	grep -q 'discarded 1000 events' "$lossy.stderr"
report_run "$lossy" --debug-info --debug-info-full-path -p 'group-by="site",format="json"' \
	>"$json" 2>"$stderr" || harness_fail "the report failed: $(cat "$stderr")"
check "schema 1 behind debug-info: the report is incomplete" [ "$(jq .incomplete "$json")" = true ]
check "schema 1 behind debug-info: the discarded-event counts are unknown, not zero" \
	[ "$(jq '[.losses[] | select(.discarded_events_unknown)] | length' "$json")" -ge 1 ]
check "schema 1 behind debug-info: the warning says unknown" \
	grep -q 'discarded events: unknown' "$stderr"
check "schema 1 behind debug-info: every site group and the total are incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$json")" -eq 0 ]
check "schema 1 behind debug-info: there are site groups" \
	[ "$(jq '[.groups[] | select(.kind == "site")] | length' "$json")" -ge 1 ]
finish
