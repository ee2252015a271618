#!/bin/sh
# kill.sh - the flight recorder at an OOM kill, as a user meets it:
# keep-churn churns 16 GiB through 64 KiB blocks freed at once, keeps 176
# MiB in two functions (112 in keep_blocks at the start, 64 in
# grow_blocks spread over the churn) and kills itself with SIGKILL, under
# `allocsample-record --flight-recorder 4M -o DIR --group-by stack
# --format json`:
#   - the command exits 137, as the program did;
#   - DIR holds at most 24 MiB: the snapshots kept (3), each at most 4M,
#     and their metadata;
#   - the report is of the `signal` snapshot, whose window the buffers
#     held (JSON `snapshot`), the live figures complete: a checkpoint in
#     the window;
#   - the process's live interval holds the program's own count of its
#     live bytes at the kill, and the stacks of keep_blocks and
#     grow_blocks hold theirs.
# The seeds are fixed (the program's and ALLOCSAMPLE_SEED): a correct
# build gives the same figures every run.  Each interval is at 95%: this
# one recording is one draw; coverage.sh judges the rate over twenty.
set -eu
. "$AS_SRCDIR/tests/flight/lib.sh"
harness_enter "$@"
require jq

ALLOCSAMPLE_SEED=7 flight_run kill 4M --group-by stack -- 112 64 16384 7 kill
json=$HARNESS_DIR/kill.json
check "the command exits 137, as its program did ($RECORD_STATUS; $(tail -n 3 "$HARNESS_DIR/kill.err" | paste -s -d ' ' -))" \
	[ "$RECORD_STATUS" -eq 137 ]
kept=$(du -sk "$HARNESS_DIR/kill.trace" | cut -f 1)
check "the snapshots kept take at most 24 MiB (${kept} KiB)" [ "$kept" -le $((24 * 1024)) ]
check "the report is of the signal snapshot ($(jq -c .snapshot "$json"))" \
	[ "$(jq -r '.snapshot.reason' "$json")" = signal ]
check "the window is the end of the run, shorter than it ($(jq -c .snapshot.window_ns "$json"))" \
	[ "$(jq '.snapshot.window_ns[0] < .snapshot.window_ns[1] and .snapshot.t_ns == .snapshot.window_ns[1]' "$json")" = true ]
check "the live figures are complete: a checkpoint in the window ($(jq -c '[.live.notes, .losses]' "$json"))" \
	[ "$(jq -r .total.live_incomplete "$json")" = false ]

# shellcheck disable=SC2046 # "lower upper", split on purpose
flight_holds "the process's live bytes at the kill" "$(flight_fact kill live)" $(flight_live "$json")
# shellcheck disable=SC2046
flight_holds "keep_blocks's stack" "$(flight_fact kill live_keep)" $(flight_live "$json" keep_blocks)
# shellcheck disable=SC2046
flight_holds "grow_blocks's stack, the one that grew" "$(flight_fact kill live_grow)" $(flight_live "$json" grow_blocks)
finish
