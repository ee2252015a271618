#!/bin/sh
# no-debug-info.sh - group-by=site on a trace read without
# filter.lttng-utils.debug-info fails at the first event with an error that
# says how to add it, and with it but without full-path=yes, with one that
# asks for full paths.  Behind debug-info, whose babeltrace2 2.0.4 loses the
# discarded-event counts, a lossy trace still marks every group incomplete
# and gives the counts as unknown.
set -eu
. "$AS_SRCDIR/tests/sites/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
stderr="$HARNESS_DIR/stderr"
lttng create nodebug --output="$trace" >/dev/null
lttng enable-event --userspace --session=nodebug 'allocsample:*' >/dev/null
lttng enable-event --userspace --session=nodebug 'lttng_ust_statedump:*' >/dev/null
lttng add-context --userspace --session=nodebug -t vpid -t vtid -t procname -t ip >/dev/null
lttng start nodebug >/dev/null
ALLOCSAMPLE_RATE=4096 harness_preload "$SITES_BIN/sites" 200 >/dev/null || harness_fail "the workload failed"
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

# Losses behind debug-info: two 4 KiB sub-buffers, every byte sampled.
lossy="$HARNESS_DIR/lossy"
json="$HARNESS_DIR/lossy.json"
lttng create lossy --output="$lossy" >/dev/null
lttng enable-channel --userspace --session=lossy --subbuf-size=4096 --num-subbuf=2 tiny >/dev/null
lttng enable-event --userspace --session=lossy --channel=tiny 'allocsample:*' >/dev/null
lttng enable-event --userspace --session=lossy --channel=tiny 'lttng_ust_statedump:*' >/dev/null
lttng add-context --userspace --session=lossy --channel=tiny -t vpid -t vtid -t procname -t ip >/dev/null
lttng start lossy >/dev/null
ALLOCSAMPLE_RATE=1 harness_preload "$SITES_BIN/sites" 20000 >/dev/null || harness_fail "the workload failed"
harness_destroy_session lossy
babeltrace2 "$lossy" >/dev/null 2>"$HARNESS_DIR/pretty.stderr" || true
grep -qi 'discarded' "$HARNESS_DIR/pretty.stderr" ||
	harness_fail "the trace lost nothing: the test cannot run (sub-buffers too large?)"
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
