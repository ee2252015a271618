#!/bin/sh
# flight-recorder.sh - allocsample-record --flight-recorder SIZE
# (allocsample-record(1), "Flight recorder"), on flight-churn, which
# churns 256 MiB through 64 KiB blocks (far more than SIZE of events)
# while it keeps 4 MiB live, on the test's own daemon:
#   - junk and too small a SIZE, and a bad --keep-snapshots, are refused
#     with status 2 and one line before anything starts (no session, the
#     program never ran); the smallest SIZE the refusal names works;
#   - a run that exits 0, asked for four snapshots by SIGUSR1 while it
#     waits: status 0 (SIGUSR1 reached the command alone), the program
#     ignores none of SIGINT, SIGQUIT and SIGUSR1 (the command runs it in
#     the background, where a shell ignores the first two, and traps the
#     third), its session's rules include the checkpoints and
#     LiveHighWater, the last 3 snapshots kept (two `request`, the `exit`
#     one: the highest numbers), a stderr line each, the report of the
#     end's written, and the stream files under 3 x SIZE and the whole
#     directory under that plus its metadata (du);
#   - a run whose program kills itself with SIGKILL (as the OOM killer
#     does): status 137, its `signal` snapshot, its report;
#   - a run whose program emits LiveHighWater five times (as the shim
#     does when its live heap passes a mark): the trigger's `high-water`
#     snapshots appear, hold that event, and are pruned to the last 3
#     with the end's;
#   - a run whose process group gets SIGTERM: status 143, a `signal`
#     snapshot, its report;
#   - the command killed with SIGKILL while its program runs: its trigger
#     is left, and the next run removes it with the dead run's session;
#   - -p on a process started without the shim, which churns 64 MiB and
#     emits LiveHighWater once attached: a `high-water` snapshot (the
#     trigger filters on the process's vpid there), and the end's;
#   - after each run, nothing left on the daemon: no session, no trigger
#     (the session goes a moment after the command returns: waited for,
#     a deadlock guard of a minute).
# The waits for a snapshot to appear are deadlock guards of two minutes.
# Deterministic: nothing here can fail by chance.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
require babeltrace2 jq gdb
harness_start_sessiond

churn="$AS_BUILDDIR/tests/record/flight-churn"

# nothing_left NAME: checks that the daemon has no session and no trigger
# left once the run NAME has returned.
nothing_left() {
	for _ in $(seq 600); do
		[ -n "$(record_sessions)" ] || break
		sleep 0.1
	done
	check "$1: no session left ($(record_sessions | paste -s -d ' ' -))" [ -z "$(record_sessions)" ]
	triggers=$(lttng list-triggers 2>&1)
	check "$1: no trigger left ($(printf '%s' "$triggers" | head -n 3 | paste -s -d ' ' -))" [ -z "$triggers" ]
}

# refused NAME PATTERN OPTIONS...: a run with OPTIONS refused with status
# 2 and one line matching PATTERN, before the program ran or a session
# was made.
refused() {
	refused_name=$1
	refused_pattern=$2
	shift 2
	record_run "$refused_name" "$@" -- "$churn" "$HARNESS_DIR/$refused_name.facts" 1 1
	record_said "$refused_name" 2 "$refused_pattern"
	check "$refused_name: the program never ran" [ ! -e "$HARNESS_DIR/$refused_name.facts" ]
	check "$refused_name: no session made" [ -z "$(record_sessions)" ]
}

# fact_wait FACTS WORD: waits until FACTS has a line starting with WORD.
fact_wait() {
	for _ in $(seq 1200); do
		[ -z "$(harness_fact "$1" "$2" 2)" ] || return 0
		sleep 0.1
	done
	harness_fail "$1 never said '$2'"
}

# kept DIR: the snapshots in DIR, as REASON-N, in the order of N (the
# order they were taken).
kept() {
	ls "$1" 2>/dev/null | sed -n 's/^\(.*\)-[0-9]\{8\}-[0-9]\{6\}-\([0-9]*\)$/\2 \1-\2/p' | sort -n | cut -d ' ' -f 2 |
		paste -s -d ' ' -
}

# newest DIR NAME: the number of the newest snapshot named NAME in DIR
# (-1 when none).
newest() {
	kept "$1" | tr ' ' '\n' | sed -n "s/^$2-//p" | tail -n 1 | grep . || echo -1
}

# snapshot_wait DIR NAME AFTER: waits until DIR holds a snapshot named
# NAME numbered above AFTER; prints its number.
snapshot_wait() {
	for _ in $(seq 1200); do
		snapshot_n=$(newest "$1" "$2")
		if [ "$snapshot_n" -gt "$3" ]; then
			printf '%s\n' "$snapshot_n"
			return 0
		fi
		sleep 0.1
	done
	harness_fail "no $2 snapshot after number $3 appeared in $1: $(ls "$1" | paste -s -d ' ' -)"
}

# kept_check NAME REASONS: the snapshots the run NAME kept are the last 3
# it took (at most; numbered up to the newest, the end's), with REASONS,
# in order; its stderr says each (said).
kept_check() {
	kept=$(kept "$HARNESS_DIR/$1.trace")
	reasons=$(printf '%s\n' $kept | sed 's/-[0-9]*$//' | paste -s -d ' ' -)
	numbers=$(printf '%s\n' $kept | sed 's/.*-//' | paste -s -d ' ' -)
	last=${numbers##* }
	expected=$(seq $((last >= 2 ? last - 2 : 0)) "$last" | paste -s -d ' ' -)
	check "$1: the last snapshots kept, at most 3 ($kept)" [ "$numbers" = "$expected" ]
	check "$1: their reasons are $2 ($reasons)" [ "$reasons" = "$2" ]
	check "$1: a line on stderr for each, with its reason and directory ($(said "$1"))" [ "$(said "$1")" = "$kept" ]
}

# said NAME: the snapshots the run NAME said it kept, as REASON-N, in
# the order said; each line must name an existing directory.
said() {
	sed -n 's/^allocsample-record: \([a-z-]*\) snapshot kept in \(.*\)$/\1 \2/p' "$HARNESS_DIR/$1.err" |
		while read -r said_reason said_dir; do
			[ -d "$said_dir" ] || continue
			printf '%s-%s\n' "$said_reason" "${said_dir##*-}"
		done | paste -s -d ' ' -
}

# reported NAME STATUS: the run NAME exited with STATUS and wrote its JSON
# report, with samples.
reported() {
	check "$1: exit status $2 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/$1.err"))" [ "$RECORD_STATUS" -eq "$2" ]
	samples=$(record_samples "$HARNESS_DIR/$1.json")
	check "$1: the report of the end's snapshot is written ($samples samples)" [ "$samples" -gt 0 ]
}

# flight NAME OPTIONS... [-- PROGRAM...]: allocsample-record with a
# flight recorder of $size, a JSON report and its directory NAME.trace, in
# the background: its pid in job.  The programs run at rate 131072, at
# which the shim's own first high-water mark, 64 times the rate (8 MiB), is
# out of reach of the 4 MiB they keep in 64 blocks (each sample weighs the
# rate): every high-water snapshot is of a LiveHighWater the program emits
# itself.  SIGINT and SIGQUIT have their
# default action, as for a command started from a terminal (the shell
# ignores them in its background commands).
flight() {
	flight_name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$flight_name"
	TMPDIR="$HARNESS_DIR/tmp-$flight_name" env --default-signal=INT,QUIT "$RECORD_CMD" --flight-recorder "$size" \
		--format json --report-output "$HARNESS_DIR/$flight_name.json" -o "$HARNESS_DIR/$flight_name.trace" "$@" \
		>"$HARNESS_DIR/$flight_name.out" 2>"$HARNESS_DIR/$flight_name.err" &
	job=$!
}

# ended: waits for the job, its status in RECORD_STATUS.
ended() {
	RECORD_STATUS=0
	wait "$job" || RECORD_STATUS=$?
}

refused junk "--flight-recorder needs a size in bytes" --flight-recorder 4X
refused empty "--flight-recorder needs a size" --flight-recorder=
refused small "--flight-recorder 4K is too small: the smallest is [0-9]*[KMG] " --flight-recorder 4K
refused keep-zero "--keep-snapshots must be a whole number from 1 to 1000, not '0'" \
	--flight-recorder 1M --keep-snapshots 0
refused keep-alone "--keep-snapshots needs --flight-recorder" --keep-snapshots 2
refused live "--flight-recorder cannot go with --live" --flight-recorder 1M --live

# SIZE: 1M, unless this machine's CPUs need more.
smallest=$(sed -n 's/.*the smallest is \([0-9]*[KMG]\) .*/\1/p' "$HARNESS_DIR/small.err")
case $smallest in
*K) smallest_k=${smallest%K} ;;
*M) smallest_k=$((${smallest%M} * 1024)) ;;
*G) smallest_k=$((${smallest%G} * 1048576)) ;;
*) harness_fail "the refusal named no smallest size: $(cat "$HARNESS_DIR/small.err")" ;;
esac
size=1M
size_k=1024
if [ "$smallest_k" -gt 1024 ]; then
	size=$smallest
	size_k=$smallest_k
fi
record_run smallest --flight-recorder "$smallest" --no-report -o "$HARNESS_DIR/smallest.trace" -- \
	"$churn" "$HARNESS_DIR/smallest.facts" 1 4
check "smallest: the smallest size named, $smallest, works ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/smallest.err"))" \
	[ "$RECORD_STATUS" -eq 0 ]
nothing_left smallest

# Four requests while the program waits, then its exit.
flight exit --rate 131072 -- "$churn" "$HARNESS_DIR/exit.facts" 4 256 wait "$HARNESS_DIR/exit.go"
fact_wait "$HARNESS_DIR/exit.facts" waiting
session=$(record_sessions | awk '{ print $1; exit }')
lttng list "$session" >"$HARNESS_DIR/exit.list" 2>&1 || true
rules=$(awk '$1 ~ /^allocsample:/ { print $1 }' "$HARNESS_DIR/exit.list" | sort | paste -s -d ' ' -)
check "exit: the session's rules include the checkpoints and LiveHighWater ($rules)" \
	sh -c 'case " $1 " in *" allocsample:Checkpoint* "*" allocsample:LiveHighWater "*) ;; *) exit 1 ;; esac' sh "$rules"
check "exit: the session is in snapshot mode, its channel overwrites" \
	sh -c 'grep -q "snapshot" "$1" && grep -q "overwrite" "$1"' sh "$HARNESS_DIR/exit.list"
request=-1
for _ in 1 2 3 4; do
	kill -USR1 "$job"
	request=$(snapshot_wait "$HARNESS_DIR/exit.trace" request "$request")
done
touch "$HARNESS_DIR/exit.go"
ended
reported exit 0
check "exit: the program ended normally ($(harness_fact "$HARNESS_DIR/exit.facts" done 2))" \
	[ -n "$(harness_fact "$HARNESS_DIR/exit.facts" done 2)" ]
check "exit: four snapshots were asked for and taken before the end's (the last, $request)" [ "$request" -ge 3 ]
# SIGINT 2, SIGQUIT 3, SIGUSR1 10: bits 1, 2 and 9.
ignored=$(harness_fact "$HARNESS_DIR/exit.facts" ignored 2)
check "exit: the program ignores none of SIGINT, SIGQUIT and SIGUSR1, which the command traps (${ignored:-no mask})" \
	[ $((0x${ignored:-ffff} & 0x206)) -eq 0 ]
kept_check exit "request request exit"
streams_k=$(find "$HARNESS_DIR/exit.trace" -type f ! -name metadata -exec du -k {} + | awk '{ s += $1 } END { print s + 0 }')
metadata_k=$(find "$HARNESS_DIR/exit.trace" -type f -name metadata -exec du -k {} + | awk '{ s += $1 } END { print s + 0 }')
total_k=$(du -sk "$HARNESS_DIR/exit.trace" | cut -f 1)
check "exit: the snapshots' streams take at most 3 x $size ($streams_k KiB)" [ "$streams_k" -le $((3 * size_k)) ]
# Beside the files, du counts the directories: a snapshot's six.
check "exit: the directory takes at most 3 x $size + its metadata ($total_k KiB: metadata $metadata_k KiB)" \
	[ "$total_k" -le $((3 * size_k + metadata_k + 3 * 6 * 4 + 4)) ]
nothing_left exit

# SIGKILL, as the OOM killer sends it.
flight killed --rate 131072 -- "$churn" "$HARNESS_DIR/killed.facts" 4 256 kill
ended
reported killed 137
kept_check killed signal
nothing_left killed

# Five high-water marks, each a snapshot by the trigger.
flight high-water --rate 131072 -- "$churn" "$HARNESS_DIR/high-water.facts" 4 64 high-water 5 \
	wait "$HARNESS_DIR/high-water.go"
snapshot_wait "$HARNESS_DIR/high-water.trace" high-water 3 >/dev/null
touch "$HARNESS_DIR/high-water.go"
ended
reported high-water 0
kept_check high-water "high-water high-water exit"
for dir in "$HARNESS_DIR/high-water.trace"/high-water-*; do
	marks=$(babeltrace2 "$dir" 2>/dev/null | grep -c ' allocsample:LiveHighWater: ' || true)
	check "high-water: ${dir##*/} holds the program's LiveHighWater events ($marks)" [ "$marks" -gt 0 ]
done
nothing_left high-water

# SIGTERM to the run's process group, as a service manager stops it.
mkdir -p "$HARNESS_DIR/tmp-term"
TMPDIR="$HARNESS_DIR/tmp-term" setsid "$RECORD_CMD" --flight-recorder "$size" --rate 131072 --format json \
	--report-output "$HARNESS_DIR/term.json" -o "$HARNESS_DIR/term.trace" -- \
	"$churn" "$HARNESS_DIR/term.facts" 4 64 wait "$HARNESS_DIR/term.go" \
	>"$HARNESS_DIR/term.out" 2>"$HARNESS_DIR/term.err" &
job=$!
fact_wait "$HARNESS_DIR/term.facts" waiting
kill -s TERM -- "-$job"
ended
reported term 143
kept_check term signal
nothing_left term

# The command killed with SIGKILL while its program runs: no clean-up
# runs, its session and trigger stay until the next run cleans up.
flight dead --rate 131072 -- "$churn" "$HARNESS_DIR/dead.facts" 1 4 wait "$HARNESS_DIR/dead.go"
fact_wait "$HARNESS_DIR/dead.facts" waiting
kill -KILL "$job"
wait "$job" 2>/dev/null || true
touch "$HARNESS_DIR/dead.go"
fact_wait "$HARNESS_DIR/dead.facts" done
check "dead: its trigger is left ($(lttng list-triggers 2>&1 | head -n 1))" [ -n "$(lttng list-triggers 2>&1)" ]
record_run next --flight-recorder "$size" --no-report -o "$HARNESS_DIR/next.trace" -- \
	"$churn" "$HARNESS_DIR/next.facts" 1 4
check "next: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/next.err"))" [ "$RECORD_STATUS" -eq 0 ]
nothing_left next

# -p: a process without the shim, attached, then its high-water mark.
"$churn" "$HARNESS_DIR/attached.facts" 4 64 wait "$HARNESS_DIR/attached.go1" churn 64 high-water 1 \
	wait "$HARNESS_DIR/attached.go2" >"$HARNESS_DIR/attached.program-out" 2>&1 &
program=$!
fact_wait "$HARNESS_DIR/attached.facts" waiting
flight attached -p "$program"
for _ in $(seq 1200); do
	! grep -q 'attached to process' "$HARNESS_DIR/attached.err" || break
	kill -0 "$job" 2>/dev/null || break
	sleep 0.1
done
check "attached: attached ($(head -c 300 "$HARNESS_DIR/attached.err"))" grep -q 'attached to process' "$HARNESS_DIR/attached.err"
touch "$HARNESS_DIR/attached.go1"
snapshot_wait "$HARNESS_DIR/attached.trace" high-water -1 >/dev/null
touch "$HARNESS_DIR/attached.go2"
wait "$program" || harness_fail "flight-churn, attached, failed"
ended
reported attached 0
kept_check attached "high-water exit"
nothing_left attached
finish
