#!/bin/sh
# truncated.sh - a real trace with one stream file cut in the middle of a
# packet (with and without its index), or its metadata file cut.
# babeltrace2 alone, with the report, neither crashes nor hangs, and
# either fails with an error naming what is broken and prints no report,
# or warns and prints a partial one; babeltrace2 2.0.4's source.ctf.fs
# never returns from a metadata file cut after its first packet header,
# spinning, a hang that is reproduced without the report component,
# accepted and shown (doc/reliability.md).  The view of the cut trace
# (allocsample-trace-view, which allocsample-record and allocsample-compare
# read through) is reported up to the cut: status 0, some samples and no
# more than the whole trace's, the cut said in text and JSON with the
# view's own line, every group incomplete; a metadata file with no whole
# declaration left is refused by the view, in one line.  A packet damaged
# in the middle of a stream, which the source reaches only after the
# packets before it, gives the report up to there, said to be cut; the
# view cuts nothing there.
#
# A hang is told by CPU time, not by the clock, which a loaded machine can
# stretch: a run that uses 20 times the CPU time of the report of the whole
# trace, plus a second, is stopped by its limit (ulimit -t: SIGXCPU, status
# 152).  A run that hangs without spinning meets `timeout 600`, a guard
# against a deadlock, not a bound.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

subbuf=16384
trace="$HARNESS_DIR/cut"
ALLOCSAMPLE_RATE=1024 harness_trace cut --buffers $subbuf:256 --contexts vpid,vtid,procname -- \
	taskset -c "$(harness_cpu)" "$REPORT_BIN/typed-workload" 400 2

# The premise: a whole trace, read without a loss (4 MiB of buffers per CPU
# hold the whole run, however slow the consumer), whose largest stream file
# holds several packets; and the CPU time its report takes.
(report_run "$trace" -p 'format="json"' >"$HARNESS_DIR/whole.json" 2>"$HARNESS_DIR/whole.err" &&
	times >"$HARNESS_DIR/whole.times") ||
	harness_fail "the whole trace cannot be read: $(cat "$HARNESS_DIR/whole.err")"
[ "$(jq .incomplete "$HARNESS_DIR/whole.json")" = false ] || harness_fail "the whole trace lost events"
stream=$(find "$trace" -type f -name 'buffers_*' ! -path '*/index/*' -exec ls -S {} + | head -n 1)
metadata=$(find "$trace" -type f -name metadata)
packets=$(($(wc -c <"$stream") / subbuf))
[ "$packets" -ge 4 ] || harness_fail "$stream holds $packets packets: the test cannot run"
ok "whole trace: $(jq .samples "$HARNESS_DIR/whole.json") samples, $packets packets in $(basename "$stream")"
# The second line of `times`: the CPU time of the subshell's children, the
# report's, as "0m0.050000s 0m0.010000s" (user, system).
cpu_limit=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
	print int(20 * (60 * u[1] + u[2] + 60 * s[1] + s[2])) + 1 }' "$HARNESS_DIR/whole.times")
ok "the whole trace's report took $(sed -n 2p "$HARNESS_DIR/whole.times") of CPU: a run past $cpu_limit s of CPU hangs"

# spin_limited COMMAND...: COMMAND stopped by SIGXCPU (status 152) past
# $cpu_limit seconds of CPU, and by `timeout 600` (status 124) past ten
# minutes.
spin_limited() {
	(ulimit -S -t "$cpu_limit" && ulimit -c 0 && exec timeout 600 "$@")
}

# run LABEL TRACE: the report of TRACE, spin_limited; sets $status and
# keeps LABEL.out and LABEL.err.
run() {
	status=0
	spin_limited babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$2" -c sink.allocsample.report \
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
		fail "$2: status $status (152: spins past $cpu_limit s of CPU; 124: a deadlock; above 128: a crash)"
		tail -n 20 "$HARNESS_DIR/$1.err"
	fi
}

whole_samples=$(jq .samples "$HARNESS_DIR/whole.json")

# view LABEL TRACE: allocsample-trace-view makes the view of TRACE in
# LABEL.view, its lines into LABEL.cuts, its standard error into
# LABEL.view.err, its status in $view_status; on success, the view's
# report, spin_limited, in JSON (LABEL.view.json, its status in $status)
# and text (LABEL.view.txt), given `cut`: the view's lines joined by ", ",
# as allocsample-record and allocsample-compare give it.
view() {
	view_status=0
	"$TRACE_VIEW_CMD" "$2" "$HARNESS_DIR/$1.view" >"$HARNESS_DIR/$1.cuts" 2>"$HARNESS_DIR/$1.view.err" ||
		view_status=$?
	[ "$view_status" -eq 0 ] || return 0
	cut=$(awk 'NR > 1 { printf ", " } { printf "%s", $0 }' "$HARNESS_DIR/$1.cuts")
	status=0
	spin_limited babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$HARNESS_DIR/$1.view" \
		-c sink.allocsample.report -p "format=\"json\",cut=\"$cut\"" \
		>"$HARNESS_DIR/$1.view.json" 2>"$HARNESS_DIR/$1.view.jerr" || status=$?
	spin_limited babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$HARNESS_DIR/$1.view" \
		-c sink.allocsample.report -p "cut=\"$cut\"" >"$HARNESS_DIR/$1.view.txt" 2>/dev/null || true
}

# judge_view LABEL WHAT LINE: after `view LABEL`, the view's one line is
# LINE (an extended regular expression), and the report of the view is of
# the trace up to the cut: status 0, some samples and no more than the
# whole trace's, JSON `cut` that line and every group incomplete, the
# text's line that says so.
judge_view() {
	check "$2, view: status 0 and one line (status $view_status, lines: $(wc -l <"$HARNESS_DIR/$1.cuts"); $(head -n 1 "$HARNESS_DIR/$1.view.err"))" \
		[ "$view_status" -eq 0 -a "$(wc -l <"$HARNESS_DIR/$1.cuts")" -eq 1 ]
	check "$2, view: $(cat "$HARNESS_DIR/$1.cuts")" grep -Eqx -- "$3" "$HARNESS_DIR/$1.cuts"
	line=$(cat "$HARNESS_DIR/$1.cuts")
	check "$2, the view's report: status 0 ($status; $(tail -n 1 "$HARNESS_DIR/$1.view.jerr"))" [ "$status" -eq 0 ]
	view_samples=$(jq '.samples // 0' "$HARNESS_DIR/$1.view.json" 2>/dev/null || echo 0)
	check "$2, the view's report: some samples, no more than the whole trace's ($view_samples of $whole_samples)" \
		[ "$view_samples" -gt 0 -a "$view_samples" -le "$whole_samples" ]
	check "$2, the view's report: JSON cut is the view's line, every group incomplete" \
		jq -e --arg line "$line" '.cut == $line and .incomplete == true and .total.incomplete == true and
			all(.groups[]; .incomplete)' "$HARNESS_DIR/$1.view.json" >/dev/null
	check "$2, the view's report: the text says it was cut short" \
		grep -qxF "Cut short: $line; reported up to there." "$HARNESS_DIR/$1.view.txt"
	check "$2, the view's report: the warning says the trace ends early" \
		report_says "$HARNESS_DIR/$1.view.jerr" "sink.allocsample.report: warning: the trace ends early: $line."
}

# A stream file cut a third into a packet in its middle: babeltrace2 alone
# fails on it; its view is read up to the packet the file ends inside.
cut_at=$((packets / 2 * subbuf + subbuf / 3))
relative=${stream#"$trace/"}
for index in with without; do
	copy="$HARNESS_DIR/stream-$index-index"
	cp -r "$trace" "$copy"
	[ "$index" = with ] || find "$copy" -type d -name index -exec rm -r {} +
	file="$copy${stream#"$trace"}"
	truncate -s "$cut_at" "$file"
	run "stream-$index-index" "$copy"
	judge "stream-$index-index" "stream cut at byte $cut_at, $index its index" \
		"Failed to index CTF stream file '$file'"
	view "stream-$index-index" "$copy"
	judge_view "stream-$index-index" "stream cut at byte $cut_at, $index its index" \
		"$relative ends inside a packet: $((packets / 2 * subbuf)) of its $cut_at bytes read"
done

# A packet's events damaged in the middle of the stream (512 bytes of
# 0xff a quarter into it, its header and context intact, so the stream
# is indexed): the source fails when it reaches them, after the packets
# before.  The report is of what came before: status 0, the cut said
# (warning, text, JSON `cut`), every group incomplete, fewer samples than
# the whole trace's and some.
copy="$HARNESS_DIR/damaged"
cp -r "$trace" "$copy"
damaged_at=$((packets / 2 * subbuf + subbuf / 4))
head -c 512 /dev/zero | tr '\000' '\377' |
	dd of="$copy${stream#"$trace"}" bs=1 seek="$damaged_at" conv=notrunc 2>/dev/null ||
	harness_fail "cannot damage the copy"
run damaged "$copy"
check "damaged at byte $damaged_at: status 0 with the report of what came before (got $status)" [ "$status" -eq 0 ]
sed 's/^/      /' "$HARNESS_DIR/damaged.err" | head -n 5
check "damaged: a warning that the trace ends early" \
	report_says "$HARNESS_DIR/damaged.err" "sink.allocsample.report: warning: the trace ends early: reading the trace failed ("
check "damaged: JSON says why it stopped, and is incomplete" sh -c '[ -s "$1" ] &&
	jq -e "(.cut | startswith(\"reading the trace failed (\")) and .incomplete == true and .total.incomplete == true" "$1" >/dev/null' \
	sh "$HARNESS_DIR/damaged.out"
cut_samples=$(jq '.samples // 0' "$HARNESS_DIR/damaged.out" 2>/dev/null || echo 0)
check "damaged: some samples, fewer than the whole trace's ($cut_samples of $whole_samples)" \
	[ "$cut_samples" -gt 0 -a "$cut_samples" -lt "$whole_samples" ]
status=0
spin_limited babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$copy" -c sink.allocsample.report \
	>"$HARNESS_DIR/damaged.txt" 2>/dev/null || status=$?
check "damaged: the text says it was cut short (status $status)" \
	grep -q '^Cut short: reading the trace failed (.*); reported up to there\.$' "$HARNESS_DIR/damaged.txt"
view damaged "$copy"
check "damaged: the view cuts nothing, no file ending inside a packet (status $view_status)" \
	[ "$view_status" -eq 0 -a ! -s "$HARNESS_DIR/damaged.cuts" ]

# The metadata file cut inside its first packet header, then in the middle
# of its text: 100 bytes past the half, since the half may fall on the
# boundary of two of its 4 KiB packets, after a header and text that parse.
# The view of the first has nothing to read: refused, in one line; the
# second's is read up to its last whole declaration.
relative=${metadata#"$trace/"}
for size in 20 $(($(wc -c <"$metadata") / 2 + 100)); do
	copy="$HARNESS_DIR/metadata-$size"
	cp -r "$trace" "$copy"
	truncate -s "$size" "$copy${metadata#"$trace"}"
	run "metadata-$size" "$copy"
	if [ "$status" -eq 152 ]; then
		# Whether babeltrace2 hangs as well without the component.
		alone=0
		spin_limited babeltrace2 "$copy" -c sink.utils.dummy >/dev/null 2>&1 || alone=$?
		check "metadata cut at byte $size: hangs in babeltrace2 itself (alone: status $alone), not in the report" \
			[ "$alone" -eq 152 ]
	else
		judge "metadata-$size" "metadata cut at byte $size" \
			"Cannot create trace for \`$(dirname "$copy${metadata#"$trace"}")\`"
	fi
	view "metadata-$size" "$copy"
	if [ "$size" -eq 20 ]; then
		check "metadata cut at byte 20, view: refused in one line ($view_status: $(cat "$HARNESS_DIR/metadata-20.view.err"))" \
			sh -c '[ "$1" -eq 1 ] && [ "$(wc -l <"$2")" -eq 1 ] &&
				grep -qxF "allocsample-trace-view: $3 ends before its first whole declaration: its trace cannot be read" "$2"' \
			sh "$view_status" "$HARNESS_DIR/metadata-20.view.err" "$relative"
	else
		judge_view "metadata-$size" "metadata cut at byte $size" \
			"$relative ends inside a packet: [0-9]+ of its $size bytes read"
	fi
done
finish
