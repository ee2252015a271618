#!/bin/sh
# killed.sh - nothing a run creates outlives it for long, whatever kills it
# (allocsample-record(1), "The run's clean-up").
#   - The command's whole process group is killed with SIGKILL right after
#     the command returns, as a CI step that ends, `timeout` or a closing
#     terminal kill it: the clean-up, in a session of its own, still
#     destroys the session, removes the temporary trace and stops the
#     daemon (waited for up to two minutes, a deadlock guard: it takes
#     seconds).
#   - The command itself is killed with SIGKILL while its program runs: no
#     clean-up runs then, and the next run, when it starts, destroys the
#     dead run's session and removes its temporary trace; when that run
#     ends, nothing of either is left.
# Deterministic: nothing here can fail by chance.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# left NAME: what is left of the runs that used $HARNESS_DIR/tmp-NAME: its
# files, and the sessions and daemons in the namespace.
left() {
	printf 'files: %s; sessions: %s; daemons: %s' \
		"$(ls -A "$HARNESS_DIR/tmp-$1" | paste -s -d ' ' -)" \
		"$(record_daemons >/dev/null; [ -z "$(record_daemons)" ] || record_sessions | paste -s -d ' ' -)" \
		"$(record_daemons | paste -s -d ' ' -)"
}

# gone NAME: waits up to two minutes for nothing to be left of NAME's
# runs; false if something still is.
gone() {
	for _ in $(seq 1200); do
		[ -z "$(ls -A "$HARNESS_DIR/tmp-$1")" ] && [ -z "$(record_daemons)" ] && return 0
		sleep 0.1
	done
	return 1
}

check "no daemon before the runs" [ -z "$(record_daemons)" ]

# The group killed as the command returns: `kill -KILL 0` from the shell
# that ran it, the leader of the group (setsid), kills every process of it.
mkdir -p "$HARNESS_DIR/tmp-group"
status=0
TMPDIR="$HARNESS_DIR/tmp-group" setsid -w sh -c '"$0" --report-output /dev/null -- "$1" "$2" alloc 1048576;
	kill -KILL 0' "$RECORD_CMD" "$RECORD_WORKLOAD" "$HARNESS_DIR/group.facts" \
	>"$HARNESS_DIR/group.out" 2>&1 || status=$?
check "the group was killed (status $status: 137)" [ "$status" -eq 137 ]
check "the run had recorded ($(harness_fact "$HARNESS_DIR/group.facts" alloc 3) bytes allocated)" \
	[ -n "$(harness_fact "$HARNESS_DIR/group.facts" alloc 3)" ]
if gone group; then
	ok "group killed: nothing left"
else
	fail "group killed: left after two minutes: $(left group)"
fi

# The command killed while its program runs, then another run.
mkdir -p "$HARNESS_DIR/tmp-dead"
TMPDIR="$HARNESS_DIR/tmp-dead" "$RECORD_CMD" --report-output /dev/null -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/dead.facts" wait "$HARNESS_DIR/dead.go" \
	>"$HARNESS_DIR/dead.out" 2>&1 &
dead=$!
record_ready "$HARNESS_DIR/dead.facts"
kill -KILL "$dead"
wait "$dead" 2>/dev/null || true
touch "$HARNESS_DIR/dead.go"
for _ in $(seq 1200); do
	[ -z "$(harness_fact "$HARNESS_DIR/dead.facts" alloc 2)" ] || break
	sleep 0.1
done
check "the dead run's program ran on, and ended ($(harness_fact "$HARNESS_DIR/dead.facts" alloc 3) bytes allocated)" \
	[ -n "$(harness_fact "$HARNESS_DIR/dead.facts" alloc 3)" ]
check "the dead run left its trace ($(left dead))" [ -n "$(ls -A "$HARNESS_DIR/tmp-dead")" ]
check "the dead run left its session" [ -n "$(record_sessions)" ]
record_run next --report-output /dev/null -- "$RECORD_WORKLOAD" "$HARNESS_DIR/next.facts" alloc 1048576
check "the next run: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/next.err"))" \
	[ "$RECORD_STATUS" -eq 0 ]
if gone dead && gone next; then
	ok "after the next run: nothing left of either"
else
	fail "after the next run: left after two minutes: $(left dead); $(left next)"
fi
finish
