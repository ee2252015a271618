#!/bin/sh
# report-fails.sh - the report's file: any character in its name works (a
# quote, a comma, a space: the name never enters babeltrace2's parameter
# string); when the report cannot be written anyway (/dev/full), the
# command says so in one line (what failed, babeltrace2's innermost cause,
# where the trace and babeltrace2's whole error report are kept, and a
# command that reports the trace again), keeps the temporary trace, which
# babeltrace2 reads, and exits non-zero although the program exited 0.
# That command runs as written: with --plugin-path for a plugin directory
# babeltrace2 does not search by itself, without it for one it does.  A
# profile that cannot be copied has cat's reason in that line, and no
# line of cat's beside it; with standard error, where the line goes,
# unwritable, a temporary trace nobody could find is not kept.  A cause
# in the component (a window too small for the trace) is its line.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

facts="$HARNESS_DIR/facts"
odd="$HARNESS_DIR/a \"quoted\", report.json"
record_run odd --format json --report-output "$odd" -- "$RECORD_WORKLOAD" "$facts" alloc 4194304
check "odd name: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
samples=$(record_samples "$odd")
check "odd name: the report is in the file ($samples samples)" [ "$samples" -gt 0 ]
check "odd name: nothing on stderr ($(head -c 300 "$HARNESS_DIR/odd.err"))" [ ! -s "$HARNESS_DIR/odd.err" ]

# fails NAME WORDS OPTIONS...: a run of the workload whose report fails:
# status 2 and one line on stderr that says WORDS, then where the trace is
# kept (in KEPT), where babeltrace2's messages are (in LOG, which holds its
# error report) and how to report again (in AGAIN).
fails() {
	name=$1
	words=$2
	shift 2
	rm -f "$facts"
	record_run "$name" "$@" -- "$RECORD_WORKLOAD" "$facts" alloc 4194304
	check "$name: the program ran ($(harness_fact "$facts" alloc 3) bytes)" \
		[ -n "$(harness_fact "$facts" alloc 3)" ]
	record_said "$name" 2 "$words"
	KEPT=$(sed -n "s/.*; the trace is kept in \(.*\), babeltrace2's messages in .*/\1/p" "$HARNESS_DIR/$name.err")
	LOG=$(sed -n "s/.*, babeltrace2's messages in \(.*\); to report again: .*/\1/p" "$HARNESS_DIR/$name.err")
	AGAIN=$(sed -n 's/.*; to report again: //p' "$HARNESS_DIR/$name.err")
	check "$name: the trace is kept (${KEPT:-no path})" [ -d "${KEPT:-/nonexistent}" ]
	check "$name: babeltrace2's error report is kept (${LOG:-no path})" grep -q '^CAUSED BY ' "${LOG:-/nonexistent}"
	check "$name: a command to report again (${AGAIN:-none})" [ -n "$AGAIN" ]
}

fails full 'the report failed to /dev/full (Cannot write the report to the standard output: No space left on device); the trace is kept in ' \
	--format json --report-output /dev/full
events=$(babeltrace2 "${KEPT:-/nonexistent}" 2>/dev/null | grep -c 'allocsample:AllocationSampled' || true)
check "/dev/full: babeltrace2 reads the kept trace ($events events)" [ "$events" -gt 0 ]
check "/dev/full: the command writes where the report went" \
	sh -c 'case $1 in *" >/dev/full") ;; *) exit 1 ;; esac' sh "$AGAIN"
record_no_daemon "/dev/full"

# The report to standard output, which is /dev/full: the command to report
# again writes to standard output, and runs as written.
rm -f "$facts"
mkdir -p "$HARNESS_DIR/tmp-stdout-full"
RECORD_STATUS=0
TMPDIR="$HARNESS_DIR/tmp-stdout-full" "$RECORD_CMD" --format json --report-output - -- \
	"$RECORD_WORKLOAD" "$facts" alloc 4194304 >/dev/full 2>"$HARNESS_DIR/stdout-full.err" || RECORD_STATUS=$?
record_said stdout-full 2 'the report failed'
again=$(sed -n 's/.*; to report again: //p' "$HARNESS_DIR/stdout-full.err")
check "stdout-full: the command names the build tree's plugin directory ($again)" \
	sh -c 'case $1 in "babeltrace2 --plugin-path=$2 "*) ;; *) exit 1 ;; esac' sh "$again" "$ALLOCSAMPLE_PLUGIN_PATH"
status=0
sh -c "$again" >"$HARNESS_DIR/again.json" 2>"$HARNESS_DIR/again.err" || status=$?
samples=$(record_samples "$HARNESS_DIR/again.json")
check "stdout-full: the command, as written, runs (status $status; $(head -c 300 "$HARNESS_DIR/again.err"))" \
	[ "$status" -eq 0 ]
check "stdout-full: and reports the trace ($samples samples)" [ "$samples" -gt 0 ]

# The plugin where babeltrace2 looks by itself: no --plugin-path, and the
# command runs as written all the same.
BABELTRACE_PLUGIN_PATH=$ALLOCSAMPLE_PLUGIN_PATH fails found 'the report failed to /dev/full (' \
	--format json --report-output /dev/full
check "found: no --plugin-path ($AGAIN)" \
	sh -c 'case $1 in "babeltrace2 --plugin-path"*) exit 1 ;; "babeltrace2 "*) ;; *) exit 1 ;; esac' sh "$AGAIN"
status=0
BABELTRACE_PLUGIN_PATH=$ALLOCSAMPLE_PLUGIN_PATH sh -c "${AGAIN% >/dev/full}" >"$HARNESS_DIR/found.json" \
	2>"$HARNESS_DIR/found-again.err" || status=$?
samples=$(record_samples "$HARNESS_DIR/found.json")
check "found: the command runs (status $status; $(head -c 300 "$HARNESS_DIR/found-again.err"))" [ "$status" -eq 0 ]
check "found: and reports the trace ($samples samples)" [ "$samples" -gt 0 ]

# A profile that cannot be copied where it goes: the command's one line
# gives cat's reason, and no line of cat's comes beside it.
rm -f "$facts"
record_run pprof-full --format pprof --report-output /dev/full -- "$RECORD_WORKLOAD" "$facts" alloc 4194304
record_said pprof-full 2 'the profile could not be written to /dev/full (No space left on device); the trace is kept in '
record_no_daemon "pprof-full"

# Standard error unwritable (a full device, then closed), where the report
# and the line that would say where its trace is kept both go: nobody
# could find a temporary trace, so it is not kept; the status still says
# that the report failed.
for how in full closed; do
	rm -f "$facts"
	mkdir -p "$HARNESS_DIR/tmp-stderr-$how"
	RECORD_STATUS=0
	if [ "$how" = full ]; then
		TMPDIR="$HARNESS_DIR/tmp-stderr-$how" "$RECORD_CMD" -- "$RECORD_WORKLOAD" "$facts" alloc 4194304 \
			>"$HARNESS_DIR/stderr-$how.out" 2>/dev/full || RECORD_STATUS=$?
	else
		TMPDIR="$HARNESS_DIR/tmp-stderr-$how" "$RECORD_CMD" -- "$RECORD_WORKLOAD" "$facts" alloc 4194304 \
			>"$HARNESS_DIR/stderr-$how.out" 2>&- || RECORD_STATUS=$?
	fi
	check "stderr-$how: the program ran ($(harness_fact "$facts" alloc 3) bytes)" \
		[ -n "$(harness_fact "$facts" alloc 3)" ]
	check "stderr-$how: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
	record_no_temporary "stderr-$how"
	record_no_daemon "stderr-$how"
done

# A window too small for the run: the component's own line says so, and
# what would do.  1 ns: 100 000 windows of it cover 100 us, which no run
# of the program stays within (1 us covered 100 ms, which a quick run on
# an idle machine did).
fails window 'the report failed (Parameter `window`: windows of 1 ns cannot cover the trace' \
	--window 1ns
check "window: the line gives a window that would do" \
	grep -q 'give a window of at least [0-9]* ns); the trace is kept in' "$HARNESS_DIR/window.err"
record_no_daemon "window"
finish
