#!/bin/sh
# truncated.sh - a real trace with one stream file cut in the middle of a
# packet (with and without its index), or its metadata file cut: babeltrace2
# with the report neither crashes nor hangs, and either fails with an error
# naming what is broken and prints no report, or warns and prints a partial
# one.  babeltrace2 2.0.4's source.ctf.fs never returns from a metadata file
# cut after its first packet header; that hang, reproduced without the
# report component, is accepted and shown (doc/reliability.md).
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

subbuf=16384
trace="$HARNESS_DIR/trace"
lttng create cut --output="$trace" >/dev/null
lttng enable-channel --userspace --session=cut --subbuf-size=$subbuf --num-subbuf=256 small >/dev/null
lttng enable-event --userspace --session=cut --channel=small 'allocsample:*' >/dev/null
lttng add-context --userspace --session=cut --channel=small -t vpid -t vtid -t procname >/dev/null
lttng start cut >/dev/null
ALLOCSAMPLE_RATE=1024 "$REPORT_BIN/typed-workload" 2000 2 >/dev/null || harness_fail "the workload failed"
harness_session_end cut

# The premise: a whole trace, read without a loss (4 MiB of buffers per CPU
# hold the whole run, however slow the consumer), whose largest stream file
# holds several packets.
report_run "$trace" -p 'format="json"' >"$HARNESS_DIR/whole.json" 2>"$HARNESS_DIR/whole.err" ||
	harness_fail "the whole trace cannot be read: $(cat "$HARNESS_DIR/whole.err")"
[ "$(jq .incomplete "$HARNESS_DIR/whole.json")" = false ] || harness_fail "the whole trace lost events"
stream=$(find "$trace" -type f -name 'small_*' ! -path '*/index/*' -exec ls -S {} + | head -n 1)
metadata=$(find "$trace" -type f -name metadata)
packets=$(($(wc -c <"$stream") / subbuf))
[ "$packets" -ge 4 ] || harness_fail "$stream holds $packets packets: the test cannot run"
ok "whole trace: $(jq .samples "$HARNESS_DIR/whole.json") samples, $packets packets in $(basename "$stream")"

# run LABEL TRACE: the report of TRACE under `timeout 5` (it reads the
# whole trace in well under a second); sets $status and keeps LABEL.out and
# LABEL.err.
run() {
	status=0
	timeout 5 babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$2" -c sink.allocsample.report \
		-p 'format="json"' >"$HARNESS_DIR/$1.out" 2>"$HARNESS_DIR/$1.err" || status=$?
}

# judge LABEL WHAT NAME: after `run LABEL`, either a clear error that names
# NAME and no report, or success with a warning and a partial report.
judge() {
	if [ "$status" -eq 0 ]; then
		check "$2: a warning with the partial report" \
			grep -q 'sink.allocsample.report: warning:' "$HARNESS_DIR/$1.err"
		check "$2: the partial report is incomplete" \
			[ "$(jq .incomplete "$HARNESS_DIR/$1.out")" = true ]
	elif [ "$status" -eq 1 ]; then
		ok "$2: babeltrace2 fails (status 1), neither crash nor hang"
		check "$2: the error names $3" report_says "$HARNESS_DIR/$1.err" "$3"
		check "$2: no report on the standard output" [ ! -s "$HARNESS_DIR/$1.out" ]
	else
		fail "$2: status $status (124: a hang; above 128: a crash)"
		tail -n 20 "$HARNESS_DIR/$1.err"
	fi
}

# A stream file cut a third into a packet in its middle.
cut_at=$((packets / 2 * subbuf + subbuf / 3))
for index in with without; do
	copy="$HARNESS_DIR/stream-$index-index"
	cp -r "$trace" "$copy"
	[ "$index" = with ] || find "$copy" -type d -name index -exec rm -r {} +
	file="$copy${stream#"$trace"}"
	truncate -s "$cut_at" "$file"
	run "stream-$index-index" "$copy"
	judge "stream-$index-index" "stream cut at byte $cut_at, $index its index" \
		"Failed to index CTF stream file '$file'"
done

# The metadata file cut inside its first packet header, then in the middle
# of its text: 100 bytes past the half, since the half may fall on the
# boundary of two of its 4 KiB packets, after a header and text that parse.
for size in 20 $(($(wc -c <"$metadata") / 2 + 100)); do
	copy="$HARNESS_DIR/metadata-$size"
	cp -r "$trace" "$copy"
	truncate -s "$size" "$copy${metadata#"$trace"}"
	run "metadata-$size" "$copy"
	if [ "$status" -eq 124 ]; then
		# Whether babeltrace2 hangs as well without the component.
		alone=0
		timeout 3 babeltrace2 "$copy" -c sink.utils.dummy >/dev/null 2>&1 || alone=$?
		check "metadata cut at byte $size: hangs in babeltrace2 itself (alone: status $alone), not in the report" \
			[ "$alone" -eq 124 ]
	else
		judge "metadata-$size" "metadata cut at byte $size" \
			"Cannot create trace for \`$(dirname "$copy${metadata#"$trace"}")\`"
	fi
done
finish
