# stacks-lib.sh - what the tests of the stack formats (folded.sh, pprof.sh,
# flamegraph.sh) share, on top of tests/report/lib.sh.  Source it first
# thing.

. "$AS_SRCDIR/tests/report/lib.sh"

# stacks_record TRACE_DIR OUT [more]: TRACE_DIR holds a run of
# stacks-workload under the shim (seed 11, rate 4096) with the events the
# report resolves stacks from (lttng-ust's statedump) and the contexts it
# groups by; OUT what the workload printed.  With `more`, three more
# processes: the same workload with seed 12 (the same stacks in another
# process), with ALLOCSAMPLE_STACK_DEPTH=3 (every stack truncated) and 0
# (no stack recorded).
stacks_record() {
	lttng create stacks --output="$1" >/dev/null
	lttng enable-event --userspace --session=stacks 'allocsample:*' >/dev/null
	lttng enable-event --userspace --session=stacks 'lttng_ust_statedump:*' >/dev/null
	lttng add-context --userspace --session=stacks -t vpid -t vtid -t procname >/dev/null
	lttng start stacks >/dev/null
	ALLOCSAMPLE_SEED=11 ALLOCSAMPLE_RATE=4096 harness_preload "$REPORT_BIN/stacks-workload" >"$2" ||
		harness_fail "the workload failed"
	if [ "${3:-}" = more ]; then
		for run in 12:32 13:3 14:0; do
			ALLOCSAMPLE_SEED=${run%:*} ALLOCSAMPLE_STACK_DEPTH=${run#*:} ALLOCSAMPLE_RATE=4096 \
				harness_preload "$REPORT_BIN/stacks-workload" >"$2.${run#*:}" ||
				harness_fail "the workload failed with seed ${run%:*}, depth ${run#*:}"
		done
	fi
	harness_session_end stacks
}

# STACKS_JQ: jq definitions over a JSON report's stack group: `frame_label`, a
# frame's name as every format gives it (a frame's label: the function,
# else BINARY+OFFSET with the binary's base name, else [unknown]), and
# `folded`, the group's line of format=folded without its value (outermost
# first, "[truncated]" first when truncated, "[no stack]" for an empty
# stack; ';' becomes ':' and control characters spaces).
STACKS_JQ='
def frame_label: .function // (if .binary then (.binary | sub(".*/"; "")) + "+" + .offset else "[unknown]" end);
def clean: [explode[] | if . < 32 or . == 127 then 32 elif . == 59 then 58 else . end] | implode;
def folded: if (.stack | length) == 0 then "[no stack]"
	else ([if .truncated then "[truncated]" else empty end] + (.stack | reverse | map(frame_label | clean))) | join(";") end;
'
