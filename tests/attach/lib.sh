# lib.sh - what the attach tests (attach.sh, programs.sh) share, on top of
# tests/lib/lttng-harness.sh: programs that run until the test ends their
# standard input, and what a recording of them says.
#
# Source it first thing, then call harness_enter "$@".

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

ATTACH_HOLDER=

# attach_stdin: ATTACH_STDIN, a pipe for the standard input of the next
# program the test starts, whose writing end a process of its own holds
# (not the test's shell, whose descriptors every command and daemon would
# inherit): the program reads it until attach_stdin_close, whenever the
# test is done with it, whatever the pace of the machine.  A test that
# fails midway closes it too.
attach_stdin() {
	attach_stdin_close
	ATTACH_STDIN="$HARNESS_DIR/stdin"
	rm -f "$ATTACH_STDIN"
	mkfifo "$ATTACH_STDIN"
	sleep 1000000 >"$ATTACH_STDIN" &
	ATTACH_HOLDER=$!
	trap 'attach_status=$?; set +e; attach_stdin_close; (exit "$attach_status"); harness_cleanup' EXIT
}

# attach_stdin_close: the pipe of attach_stdin ended, if one is open.
attach_stdin_close() {
	[ -n "$ATTACH_HOLDER" ] || return 0
	kill "$ATTACH_HOLDER" 2>/dev/null || true
	wait "$ATTACH_HOLDER" 2>/dev/null || true
	ATTACH_HOLDER=
}

# attach_threads PID N: waits until process PID runs N threads or more
# (what it starts before it does its work); stops the test if it has not
# after two minutes, or if it has ended.
attach_threads() {
	attach_deadline=$(( $(date +%s) + 120 ))
	until [ "$(ls "/proc/$1/task" 2>/dev/null | wc -l)" -ge "$2" ]; do
		kill -0 "$1" 2>/dev/null || harness_fail "process $1 ended before it ran $2 threads"
		[ "$(date +%s)" -le "$attach_deadline" ] ||
			harness_fail "process $1 runs $(ls "/proc/$1/task" | wc -l) threads after two minutes, not $2"
		sleep 0.05
	done
}

# attach_said NAME PID: waits until the recording NAME (record_bg, pid PID)
# says on its standard error that it attached; stops the test if it ended
# first, or has not said so after two minutes.
attach_said() {
	attach_deadline=$(( $(date +%s) + 120 ))
	while ! grep -q '^allocsample-record: attached' "$HARNESS_DIR/$1.err" 2>/dev/null; do
		kill -0 "$2" 2>/dev/null || grep -q '^allocsample-record: attached' "$HARNESS_DIR/$1.err" ||
			harness_fail "$1 ended without attaching: $(head -c 300 "$HARNESS_DIR/$1.err")"
		[ "$(date +%s)" -le "$attach_deadline" ] ||
			harness_fail "$1: no attach after two minutes: $(head -c 300 "$HARNESS_DIR/$1.err")"
		sleep 0.1
	done
}

# attach_samples JSON PID: the samples of process PID in the JSON report.
attach_samples() {
	jq "[.groups[] | select(.kind == \"process\" and .pid == $2) | .samples] | add // 0" "$1"
}
