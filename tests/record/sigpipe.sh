#!/bin/sh
# sigpipe.sh - allocsample-record in a pipeline whose reader goes away
# (`... 2>&1 | head -n 1`): the program dies of SIGPIPE, the report cannot
# be written, and still the temporary trace is removed and no daemon is
# left; the same with the report on standard output.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# piped NAME OPTIONS...: the command on a program printing many lines,
# both its outputs into head -n 1.
piped() {
	name=$1
	shift
	mkdir -p "$HARNESS_DIR/tmp-$name"
	first=$(TMPDIR="$HARNESS_DIR/tmp-$name" timeout 120 "$RECORD_CMD" "$@" -- \
		"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" print 1000000 2>&1 | head -n 1)
	# The shell waited for the whole pipeline: the command has ended.
	check "$name: head read the program's first line ($first)" [ "$first" = "line 0" ]
	record_no_temporary "$name"
	record_no_daemon "$name"
}

piped stderr
piped stdout --report-output -
finish
