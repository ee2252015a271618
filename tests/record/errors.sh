#!/bin/sh
# errors.sh - allocsample-record when it cannot run: a missing program
# (exit status 127), no lttng or no babeltrace2 in PATH, a session daemon
# that cannot start (a broken lttng-sessiond, then a read-only
# /var/run/lttng), an output or a temporary directory that cannot be
# made.  Each is one line on stderr and a non-zero status, with no daemon,
# no session and no temporary directory left behind.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# fails NAME STATUS WORDS [OPTIONS] -- PROGRAM...: the run gives exit status
# STATUS and one line on stderr that names the command and holds WORDS,
# nothing on stdout, and leaves nothing behind.
fails() {
	name=$1
	want=$2
	words=$3
	shift 3
	record_run "$name" "$@"
	record_said "$name" "$want" ".*$words"
	check "$name: nothing on stdout" [ ! -s "$HARNESS_DIR/$name.out" ]
	check "$name: no temporary directory left ($(ls "$HARNESS_DIR/tmp-$name"))" \
		[ -z "$(ls -A "$HARNESS_DIR/tmp-$name")" ]
	record_no_daemon "$name"
	check "$name: the workload never ran" [ ! -e "$HARNESS_DIR/facts" ]
}

fails missing-path 127 "no such executable file" -- "$HARNESS_DIR/no-such-program" alloc 1
fails missing-name 127 "not found in PATH" -- allocsample-no-such-program
# Arguments after the program are the program's, even when they look like options.
fails missing-args 127 "not found in PATH" -- allocsample-no-such-program --help

# A PATH like the usual one, but for a tool: links to every program of
# the test's PATH except the named one.  ln refuses the names an earlier
# entry of PATH already gave, as PATH's order wants.
path_without() {
	dir="$HARNESS_DIR/path-without-$1"
	mkdir -p "$dir"
	for entry in $(printf '%s' "$PATH" | tr ':' ' '); do
		[ -d "$entry" ] && ln -s "$entry"/* "$dir/" 2>/dev/null || true
	done
	rm -f "$dir/$1"
	printf '%s' "$dir"
}

PATH=$(path_without lttng) fails no-lttng 2 "lttng-tools" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
PATH=$(path_without babeltrace2) fails no-babeltrace2 2 "babeltrace2" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1

# A broken lttng-sessiond first in PATH: it says two lines and fails.
broken="$HARNESS_DIR/broken"
mkdir -p "$broken"
cat >"$broken/lttng-sessiond" <<'BROKEN'
#!/bin/sh
echo 'Error: simulated failure' >&2
echo 'Error: second line' >&2
exit 1
BROKEN
chmod +x "$broken/lttng-sessiond"
PATH="$broken:$PATH" fails broken-sessiond 2 "could not start lttng-sessiond" -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
# One that exits at once, saying nothing, and never says it is ready.
printf '#!/bin/sh\nexit 0\n' >"$broken/lttng-sessiond"
PATH="$broken:$PATH" fails silent-sessiond 2 "could not start lttng-sessiond: it exited with status 0" -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1

# The real daemon cannot create its files in a read-only run directory:
# root's /var/run/lttng remounted read-only (which root cannot write
# either), another user's $LTTNG_HOME/.lttng without write permission.
if [ -n "${AS_HARNESS_NAMESPACE:-}" ]; then
	mount -o remount,ro /var/run/lttng
else
	mkdir -p "$LTTNG_HOME/.lttng"
	chmod a-w "$LTTNG_HOME/.lttng"
fi
fails read-only-rundir 2 "could not start lttng-sessiond" -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
if [ -n "${AS_HARNESS_NAMESPACE:-}" ]; then
	mount -o remount,rw /var/run/lttng
else
	chmod u+w "$LTTNG_HOME/.lttng"
fi

# Directories the command cannot make: its own line gives the reason, and
# no line of mkdir's or mktemp's comes beside it.
: >"$HARNESS_DIR/a-file"
fails output-in-file 2 "cannot create the output directory '$HARNESS_DIR/a-file/trace': Not a directory\$" \
	-o "$HARNESS_DIR/a-file/trace" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
mkdir -p "$HARNESS_DIR/tmp-no-tmpdir"
RECORD_STATUS=0
TMPDIR="$HARNESS_DIR/no-such-dir" "$RECORD_CMD" -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1 \
	>"$HARNESS_DIR/no-tmpdir.out" 2>"$HARNESS_DIR/no-tmpdir.err" || RECORD_STATUS=$?
record_said no-tmpdir 2 "cannot create a temporary directory in $HARNESS_DIR/no-such-dir: No such file or directory\$"
check "no-tmpdir: the workload never ran" [ ! -e "$HARNESS_DIR/facts" ]
record_no_daemon no-tmpdir

# With the user's daemon running, a missing program creates no session.
harness_start_sessiond
record_run missing-with-daemon -- "$HARNESS_DIR/no-such-program"
check "missing-with-daemon: exit status 127 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 127 ]
sessions=$(record_sessions)
check "missing-with-daemon: no session was created ($sessions)" [ -z "$sessions" ]
check "missing-with-daemon: the daemon still runs" kill -0 "$HARNESS_SESSIOND_PID"
finish
