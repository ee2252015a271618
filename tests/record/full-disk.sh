#!/bin/sh
# full-disk.sh - allocsample-record -o DIR on a device that fills, a
# tmpfs in the test's mount namespace.  What lttng 2.13's consumer leaves
# (doc/reliability.md, "A full disk"): it writes the metadata only when
# the session stops, before the streams' last packets.
#
#   - The device fills as the session stops: the metadata is whole, and
#     the stream whose last packet met the full device ends inside it,
#     which babeltrace2 alone cannot read.  The command reports the trace
#     up to its last whole packet (through allocsample-trace-view): the
#     program's exit status, some samples, the cut said in JSON (the
#     stream file and the bytes read of it) and in the component's
#     warning, every group incomplete; the trace kept, the view removed,
#     no line of the shell's about the log it could not write there.
#   - The device fills while the program runs (and a file of the test's
#     takes what is left): the metadata file is empty and nothing of the
#     trace can be read.  The command says so in one
#     line, the view's, and keeps the trace; exit status 2.
#
# The first: the program (pinned to one CPU, so one stream) allocates 32
# MiB at rate 4096, about 3300 samples, more than one of lttng's packets
# of 512 KiB and less than two; once the first packet is written (its
# index entry too), a file of the test's takes all the device but 64 KiB,
# which the metadata (12 KiB) and part of the last packet fill when the
# session stops.  The
# sample count is Poisson: outside its range (512 KiB to 1 MiB of events)
# far less than once in a million runs.  Needs root (the mounts).
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
[ -n "${AS_HARNESS_NAMESPACE:-}" ] ||
	harness_fail "full-disk.sh needs root: it mounts tmpfs in a mount namespace of its own"

# device NAME SIZE: a tmpfs of SIZE in $HARNESS_DIR/NAME, detached when
# the test ends, before the test's directory is removed (lazily: a daemon
# of a run that failed may still hold a file there).
devices=
device() {
	mkdir "$HARNESS_DIR/$1"
	mount -t tmpfs -o "size=$2" allocsample-test "$HARNESS_DIR/$1" ||
		harness_fail "cannot mount a tmpfs on $HARNESS_DIR/$1"
	devices="$devices $HARNESS_DIR/$1"
}
trap 'devices_status=$?; set +e; for d in $devices; do umount -l "$d"; done
	(exit "$devices_status"); harness_cleanup' EXIT
# available DIR: the KiB left on the device of DIR.
available() {
	df -k "$1" | awk 'NR == 2 { print $4 }'
}

# Full as the session stops.
device stop 64m
trace="$HARNESS_DIR/stop/trace"
facts="$HARNESS_DIR/facts"
go="$HARNESS_DIR/go"
record_bg stop --format json --report-output "$HARNESS_DIR/stop.json" -o "$trace" --rate 4096 -- \
	taskset -c "$(harness_cpu)" sh -c '"$1" "$2" alloc 33554432 && exec "$1" "$2" wait "$3"' \
	sh "$RECORD_WORKLOAD" "$facts" "$go"
record_ready "$facts"
# A packet is written when its index entry is, after it.
for _ in $(seq 1200); do
	index=$(find "$trace" -path '*/index/*.idx' -size +80c | head -n 1)
	[ -z "$index" ] || break
	sleep 0.1
done
[ -n "$index" ] || harness_fail "lttng wrote no packet: $(ls -lR "$trace" 2>&1 | tail -n 8)"
written=$(dirname "$(dirname "$index")")/$(basename "$index" .idx)
fallocate -l "$(( ($(available "$trace") - 64) * 1024 ))" "$HARNESS_DIR/stop/filler" ||
	harness_fail "cannot fill the device"
touch "$go"
status=0
wait "$BG_PID" || status=$?
check "the device is full ($(available "$trace") KiB left)" [ "$(available "$trace")" -eq 0 ]
# The premise: babeltrace2 alone cannot read the trace (under a deadlock
# guard: a metadata file cut inside a packet would hang it).
alone=0
timeout 120 babeltrace2 "$trace" -c sink.utils.dummy >/dev/null 2>"$HARNESS_DIR/alone.err" || alone=$?
check "babeltrace2 alone cannot read the trace (status $alone: $(grep -A 1 'CAUSED BY' "$HARNESS_DIR/alone.err" | head -n 2 | tail -n 1 | sed 's/^ *//'))" \
	[ "$alone" -ne 0 ]
check "exit status 0, the program's ($status; $(head -c 600 "$HARNESS_DIR/stop.err"))" [ "$status" -eq 0 ]
samples=$(record_samples "$HARNESS_DIR/stop.json")
check "the report has samples ($samples)" [ "$samples" -gt 0 ]
cut=$(jq -r '.cut // empty' "$HARNESS_DIR/stop.json" 2>/dev/null || true)
relative=${written#"$trace/"}
check "JSON cut names the stream file and its first packet, read ($cut)" \
	sh -c 'printf "%s\n" "$1" | grep -Eqx "$2 ends inside a packet: 524288 of its [0-9]+ bytes read"' sh "$cut" "$relative"
check "every group incomplete" \
	sh -c 'jq -e ".incomplete == true and .total.incomplete == true and all(.groups[]; .incomplete)" "$1" >/dev/null' \
	sh "$HARNESS_DIR/stop.json"
check "the component's warning says the trace ends early" \
	grep -qF "sink.allocsample.report: warning: the trace ends early: $cut." "$HARNESS_DIR/stop.err"
check "the trace is kept" grep -qxF "allocsample-record: trace kept in $trace" "$HARNESS_DIR/stop.err"
check "no line of the shell's about the log on the full device" \
	sh -c '! grep -q "I/O error\|No space" "$1"' sh "$HARNESS_DIR/stop.err"
record_no_temporary stop

# Full while the program runs: 64 MiB at rate 1024, some 20 MiB of
# events, on a device of 1 MiB, which a file of the test's then fills to
# the last page before the program ends: how much room the consumer's
# last failed write leaves depends on its chunks (once 20 KiB, and the
# metadata fit).
device run 1m
trace="$HARNESS_DIR/run/trace"
facts="$HARNESS_DIR/run-facts"
go="$HARNESS_DIR/run-go"
record_bg run --format json --report-output "$HARNESS_DIR/run.json" -o "$trace" --rate 1024 -- \
	sh -c '"$1" "$2" alloc 67108864 && exec "$1" "$2" wait "$3"' sh "$RECORD_WORKLOAD" "$facts" "$go"
record_ready "$facts"
dd if=/dev/zero of="$HARNESS_DIR/run/filler" bs=4096 2>/dev/null || :
check "the device is full before the program ends ($(available "$trace") KiB left)" [ "$(available "$trace")" -eq 0 ]
touch "$go"
RECORD_STATUS=0
wait "$BG_PID" || RECORD_STATUS=$?
metadata=$(find "$trace" -name metadata)
check "the metadata file is empty ($(wc -c <"$metadata") bytes)" [ ! -s "$metadata" ]
record_said run 2 "the report failed (${metadata#"$trace/"} is empty, so its trace cannot be read: lttng writes it when the session stops, and the device was full by then, or the session is still recording); the trace is kept in $trace\$"
record_no_temporary run
record_no_daemon "after both runs"
finish
