# lib.sh - what the integration scripts share, on top of tests/lib/lttng-harness.sh
# (whose tests/lib/results.sh gives the checks).
#
# Source it first thing, then call harness_enter "$@".  Checks do not stop
# the script: each prints one line with its figures, a failing one marks the
# run failed, and `finish FILE` exits 1 if any did, showing FILE (what the
# workload printed).

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

INTEG_WORKLOADS="$AS_BUILDDIR/tests/workloads"

# integ_trace NAME [SESSION_OPTION...] -- COMMAND...: a trace of COMMAND
# (harness_trace: its trace in $HARNESS_DIR/NAME, its standard output in
# NAME.out, the test stopped if it fails), its events read into
# NAME.events (harness_read_events: a failed check if the tracer discarded
# any).
integ_trace() {
	integ_name=$1
	harness_trace "$@"
	harness_read_events "$HARNESS_DIR/$integ_name" "$HARNESS_DIR/$integ_name.events"
}

# integ_trace_text TRACE OUT [OPTION...]: the trace as babeltrace2 prints it
# (with the babeltrace2 OPTIONs) into OUT; stops the test if babeltrace2
# cannot read it, a failed check if the tracer discarded events.
integ_trace_text() {
	integ_text_trace=$1 integ_out=$2
	shift 2
	babeltrace2 "$@" "$integ_text_trace" >"$integ_out" 2>"$integ_out.stderr" ||
		harness_fail "babeltrace2 cannot read $integ_text_trace: $(cat "$integ_out.stderr")"
	if grep -qi discarded "$integ_out.stderr"; then
		fail "the tracer discarded events: $(cat "$integ_out.stderr")"
	fi
}

# checkpoint_events TRACE OUT: the trace's allocsample events, one a line in
# trace order, for the checks of the checkpoints (checkpoints.sh,
# high-water.sh): NAME VPID VTID PROCNAME then the payload's KEY=VALUE
# pairs (ptr in lower case; stack its addresses joined by ','; types with
# their spaces as '_'), and last t=, the event's time in nanoseconds on the
# trace's monotonic clock (its cycles: the clock counts nanoseconds).
# Stops the test if babeltrace2 cannot read the trace; a failed check if
# the tracer discarded events.
checkpoint_events() {
	integ_trace_text "$1" "$2.text" --clock-cycles
	awk "$HARNESS_AWK_FIELD"'
		function stack(   at, rest) {
			rest = substr($0, index($0, " stack = [") + 10)
			rest = substr(rest, 1, index(rest, ", stack_truncated") - 1)
			gsub(/\[[0-9]+\] = /, "", rest)
			gsub(/[][ ]/, "", rest)
			return rest
		}
		match($0, /allocsample:[A-Za-z]+: /) {
			name = substr($0, RSTART + 12, RLENGTH - 14)
			line = name " " field("vpid") " " field("vtid") " " field("procname")
			n = split("pass blocks tid type size offset rate ptr stack_truncated free_tracked live_bytes mark", keys, " ")
			for (i = 1; i <= n; i++) {
				v = field(keys[i])
				if (v == "")
					continue
				if (keys[i] == "ptr")
					v = tolower(v)
				gsub(/ /, "_", v)
				line = line " " keys[i] "=" v
			}
			if (index($0, " stack = ["))
				line = line " stack=" stack()
			print line " t=" substr($1, 2, length($1) - 2)
		}' "$2.text" >"$2"
	rm -f "$2.text" "$2.text.stderr"
	printf '      %s events in %s\n' "$(wc -l <"$2")" "$1"
}
