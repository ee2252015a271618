#!/bin/sh
# registration.sh - the program's processes wait up to a minute for the
# session daemon to register them (LTTNG_UST_REGISTER_TIMEOUT=60000,
# src/record/run.sh, run_exec), not lttng-ust's 3 s, after which a process
# on a loaded machine would start unrecorded; a value the user set is
# theirs.  Seen from the program: a shell that prints the variable.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# shellcheck disable=SC2016 # expanded by the program's shell
show='printf "%s\n" "${LTTNG_UST_REGISTER_TIMEOUT-unset}"'
unset LTTNG_UST_REGISTER_TIMEOUT
record_run default --no-report -- sh -c "$show"
check "default: exit status 0 ($RECORD_STATUS; $(head -c 200 "$HARNESS_DIR/default.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "default: the program waits up to a minute ($(cat "$HARNESS_DIR/default.out"))" \
	[ "$(cat "$HARNESS_DIR/default.out")" = 60000 ]

LTTNG_UST_REGISTER_TIMEOUT=250
export LTTNG_UST_REGISTER_TIMEOUT
record_run user --no-report -- sh -c "$show"
check "user: exit status 0 ($RECORD_STATUS; $(head -c 200 "$HARNESS_DIR/user.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "user: the user's value is the program's ($(cat "$HARNESS_DIR/user.out"))" \
	[ "$(cat "$HARNESS_DIR/user.out")" = 250 ]
finish
