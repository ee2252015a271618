#!/bin/sh
# worker.sh - the report aggregates on a thread of its own when it may use
# more than one CPU (plugins/report/worker.h), and must say exactly what
# it says on one: every format, byte for byte, on traces that give the
# worker each thing it must wait for.  The one-CPU report runs pinned to
# one CPU the test may use (taskset -c, harness_cpu), where there is no
# worker; without taskset the machine's CPUs give it one (the test needs
# two).
#
# The traces: scopes-workload's (4 threads allocating and freeing between
# their own scope events, so that every scope event drains the worker
# between samples), and two runs of lifetimes-program-fp recorded by
# allocsample-record with their stacks, statedump and dlopen events
# (mappings and process names), read as one graph of two traces (the
# second trace's first sample drains the worker before its record is
# made).  The reports take windows (a time for the worker with every
# message), stacks, the peak, temporary bytes and lifetimes.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"

# The comparison needs the worker on one side: two CPUs this process may
# use (CI has two).
[ "$(nproc)" -ge 2 ] ||
	harness_fail "this test needs two CPUs for the report's worker, and this process may use $(nproc)"

harness_start_sessiond
scopes="$HARNESS_DIR/scopes"
ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=512 harness_trace scopes --events 'allocsample:*,scopetest:*' -- \
	harness_preload "$REPORT_BIN/scopes-workload" 4 30

for run in 1 2; do
	record_run "run$run" --rate 512 --no-report -o "$HARNESS_DIR/run$run" -- \
		"$REPORT_BIN/lifetimes-program-fp" "$HARNESS_DIR/facts$run"
	[ "$RECORD_STATUS" -eq 0 ] ||
		harness_fail "allocsample-record (run $run) failed: $(head -c 300 "$HARNESS_DIR/run$run.err")"
done

# report OUT CPUS PARAMS TRACE...: the report of the traces with PARAMS
# into OUT, on the CPUs CPUS (taskset's list), or on all the process may
# use (CPUS "all").
report() {
	out=$1 cpus=$2 params=$3
	shift 3
	pin=
	[ "$cpus" = all ] || pin="taskset -c $cpus"
	# shellcheck disable=SC2086 # pin is a command and its arguments
	$pin babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$@" \
		-c sink.allocsample.report -p "$params" >"$out" 2>"$out.err" ||
		harness_fail "the report failed: $(head -c 300 "$out.err")"
}

# same LABEL PARAMS TRACE...: the report on one CPU and with the worker,
# compared.
same() {
	label=$1 params=$2
	shift 2
	report "$HARNESS_DIR/one.out" "$(harness_cpu)" "$params" "$@"
	report "$HARNESS_DIR/two.out" all "$params" "$@"
	if [ ! -s "$HARNESS_DIR/one.out" ]; then
		fail "$label: the report on one CPU is empty"
	elif cmp -s "$HARNESS_DIR/one.out" "$HARNESS_DIR/two.out"; then
		ok "$label: the same on one CPU and with the worker ($(wc -c <"$HARNESS_DIR/two.out") bytes)"
	else
		diff "$HARNESS_DIR/one.out" "$HARNESS_DIR/two.out" | head -20
		fail "$label: the report with the worker differs (diff above)"
	fi
}

scope='scope-begin="scopetest:request_begin",scope-end="scopetest:request_end",scope-key="id"'
same "scopes, JSON" "$scope,format=\"json\",window=\"5ms\"" "$scopes"
same "scopes, text" "$scope,window=\"5ms\"" "$scopes"
for format in text csv json; do
	same "two traces with stacks, $format" \
		"group-by=\"stack\",format=\"$format\",window=\"10ms\"" \
		"$HARNESS_DIR/run1" "$HARNESS_DIR/run2"
done
same "two traces, the peak view" 'group-by="stack",sort="peak"' \
	"$HARNESS_DIR/run1" "$HARNESS_DIR/run2"
same "two traces, the temporary view" 'group-by="stack",sort="temporary"' \
	"$HARNESS_DIR/run1" "$HARNESS_DIR/run2"
finish
