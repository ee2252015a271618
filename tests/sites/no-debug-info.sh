#!/bin/sh
# no-debug-info.sh - group-by=site on a trace read without
# filter.lttng-utils.debug-info fails at the first event with an error that
# says how to add it, and with it but without full-path=yes, with one that
# asks for full paths.  Behind debug-info, whose babeltrace2 2.0.4 loses the
# discarded-event counts, a lossy trace still marks every group incomplete
# and gives the counts as unknown.
#
# The lossy trace cannot race: it is a copy of the recorded one whose
# stream says 1000 events were discarded (tests/tools/ctf-discard.py; see
# tests/report/loss.sh).  The recording loses nothing whatever the consumer
# daemon does: the workload runs on one CPU and its events, about 40 KiB,
# fit in the 64 sub-buffers of 4 KiB of that CPU (report_lossless_session;
# checked by report_lossy_copy); the small
# sub-buffers give the stream the two packets the copy needs (checked).
set -eu
. "$AS_SRCDIR/tests/sites/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
stderr="$HARNESS_DIR/stderr"
report_lossless_session nodebug "$trace" 'lttng_ust_statedump:*' -- -t vpid -t vtid -t procname -t ip
ALLOCSAMPLE_RATE=4096 taskset -c "$REPORT_CPU" \
	env LD_PRELOAD="$AS_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" "$SITES_BIN/sites" 200 >/dev/null ||
	harness_fail "the workload failed"
harness_destroy_session nodebug

status=0
report_run "$trace" -p 'group-by="site"' >/dev/null 2>"$stderr" || status=$?
check "without debug-info: babeltrace2 exits with status 1 (got $status)" [ "$status" -eq 1 ]
check "without debug-info: the error says the debug_info context is missing" \
	report_says "$stderr" 'has no `debug_info` context field'
check "without debug-info: the error names the filter" \
	report_says "$stderr" 'place filter.lttng-utils.debug-info (with full-path=yes) before this sink'
check "without debug-info: the error gives the babeltrace2 options" \
	report_says "$stderr" '--debug-info --debug-info-full-path'

status=0
report_run "$trace" --debug-info -p 'group-by="site"' >/dev/null 2>"$stderr" || status=$?
check "without full paths: babeltrace2 exits with status 1 (got $status)" [ "$status" -eq 1 ]
check "without full paths: the error asks for full-path=yes" \
	report_says "$stderr" 'give that filter full-path=yes (`--debug-info-full-path`'

check "without group-by=site, no debug-info is needed" \
	sh -c "babeltrace2 --plugin-path='$REPORT_PLUGIN_PATH' '$trace' -c sink.allocsample.report >/dev/null 2>&1"

# Losses behind debug-info: a copy of the trace that says it lost 1000 events.
lossy="$HARNESS_DIR/lossy"
json="$HARNESS_DIR/lossy.json"
report_lossy_copy "$trace" "$lossy" 1000
check "without debug-info, babeltrace2 says the copy lost 1000 events" \
	grep -q 'discarded 1000 events' "$lossy.stderr"
report_run "$lossy" --debug-info --debug-info-full-path -p 'group-by="site",format="json"' \
	>"$json" 2>"$stderr" || harness_fail "the report failed: $(cat "$stderr")"
check "behind debug-info: the report is incomplete" [ "$(jq .incomplete "$json")" = true ]
check "behind debug-info: the discarded-event counts are unknown, not zero" \
	[ "$(jq '[.losses[] | select(.discarded_events_unknown)] | length' "$json")" -ge 1 ]
check "behind debug-info: the warning says unknown" \
	grep -q 'discarded events: unknown' "$stderr"
check "behind debug-info: every site group and the total are incomplete" \
	[ "$(jq '[.groups[], .total] | map(select(.incomplete | not)) | length' "$json")" -eq 0 ]
check "behind debug-info: there are site groups" \
	[ "$(jq '[.groups[] | select(.kind == "site")] | length' "$json")" -ge 1 ]
finish
