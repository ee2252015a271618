#!/bin/sh
# late-session.sh - an attach that no session recorded when it happened is
# said all the same, before the first sample recorded: python3 loads the
# shim (ctypes) and calls allocsample_attach() itself, with no session; a
# session of allocsample:* starts after; then the program allocates and
# calls allocsample_detach().  The process's first allocsample event is
# Attached, naming the recorder given and the process (its name read at
# the attach); Detached follows its last sample.
# (allocsample-record starts its session before it attaches; a session
# whose events reach an attached process later must not lose the attach.)
set -eu
. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
harness_enter "$@"
require python3
harness_start_sessiond

python3 "$AS_SRCDIR/tests/attach/late-session.py" "$AS_PRELOAD" "$HARNESS_DIR/go" \
	>"$HARNESS_DIR/program.out" 2>&1 &
program=$!
for _ in $(seq 2400); do
	! grep -q '^attach ' "$HARNESS_DIR/program.out" || break
	kill -0 "$program" 2>/dev/null || break
	sleep 0.05
done
check "attached with no session: allocsample_attach() returned 0 ($(head -n 1 "$HARNESS_DIR/program.out"))" \
	grep -q '^attach 0$' "$HARNESS_DIR/program.out"

harness_session late --output "$HARNESS_DIR/trace"
touch "$HARNESS_DIR/go"
status=0
wait "$program" || status=$?
harness_session_end late
check "the program exits 0 ($status; $(tail -n 1 "$HARNESS_DIR/program.out"))" [ "$status" -eq 0 ]
check "allocsample_detach() returned 0" grep -q '^detach 0$' "$HARNESS_DIR/program.out"

# The process's allocsample events, in order: Attached, the samples, Detached.
babeltrace2 "$HARNESS_DIR/trace" >"$HARNESS_DIR/events" 2>"$HARNESS_DIR/babeltrace2.err" ||
	harness_fail "babeltrace2 cannot read the trace: $(cat "$HARNESS_DIR/babeltrace2.err")"
sed -n "s/.* allocsample:\(Attached\|AllocationSampled\|Detached\): { cpu_id = [0-9]* }, { vpid = $program, .*/\1/p" \
	"$HARNESS_DIR/events" | uniq -c | awk '{ print $2, $1 }' >"$HARNESS_DIR/order"
order=$(paste -s -d ' ' "$HARNESS_DIR/order")
check "Attached once, first; the samples; Detached once, last ($order)" \
	sh -c "echo '$order' | grep -Eq '^Attached 1 AllocationSampled [0-9]+ Detached 1\$'"
samples=$(awk '$1 == "AllocationSampled" { print $2 }' "$HARNESS_DIR/order")
check "samples recorded (${samples:-0}; about 700 expected)" [ "${samples:-0}" -gt 300 ]
check "Attached names the recorder the program gave, and the process" \
	sh -c "grep 'allocsample:Attached:' '$HARNESS_DIR/events' | grep -q '{ recorder = 4242, procname = \"python3\" }\$'"
finish
