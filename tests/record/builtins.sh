#!/bin/sh
# builtins.sh - the program is executed as exec executes it, a file found
# by path or on PATH, never one of the shell's builtins or the command's
# own functions: `-- echo` runs echo(1), sampled; `-- exit 7`, `-- set -x`
# and `-- die` are not found (exit status 127) and leave the command as it
# was (no trace of it, no exit 7).
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# Every allocation sampled: echo(1) allocates little.
record_run echo --rate 1 --format json --report-output "$HARNESS_DIR/echo.json" -- echo hi
check "echo: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "echo: prints hi ($(head -c 100 "$HARNESS_DIR/echo.out"))" [ "$(cat "$HARNESS_DIR/echo.out")" = hi ]
processes=$(jq '[.groups[] | select(.kind == "process")] | length' "$HARNESS_DIR/echo.json" 2>/dev/null || echo 0)
check "echo: a process was sampled ($processes; $(head -c 200 "$HARNESS_DIR/echo.err"))" \
	[ "${processes:-0}" -ge 1 ]
record_no_daemon echo

# not_a_file NAME ARGS...: status 127, one line saying it is not in PATH.
not_a_file() {
	name=$1
	shift
	record_run "$name" -- "$@"
	record_said "$name" 127 "cannot run '$1': not found in PATH"
	check "$name: nothing on stdout" [ ! -s "$HARNESS_DIR/$name.out" ]
	record_no_daemon "$name"
}
not_a_file exit exit 7
not_a_file set set -x
not_a_file function die hello
finish
