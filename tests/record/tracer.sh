#!/bin/sh
# tracer.sh - the tracer's own allocations are never the program's, and no
# sample of the program is lost at start (doc/sampling.md, "The tracer's
# own allocations").
#   - At rate 1 every block is sampled: a program that counts its own
#     blocks (own-bytes exact: malloc, calloc, realloc, posix_memalign,
#     free, in main() and in its constructor), with a library the user
#     preloads whose constructor counts its own (own-early), gets exactly
#     their count of objects and bytes, and their live bytes at the end,
#     in the process total: nothing of the program is lost at start, and
#     lttng-ust's registration, state dump and dlopen bookkeeping and
#     allocsample's set-up, all in the same process, add nothing.
#   - A program that makes lttng-ust work in its own threads (own-bytes
#     busy: dlopen and dlclose, a fork whose child allocates, a thread),
#     at rate 16: no sample was allocated by lttng-ust's code (its stack
#     read against the objects the trace says were mapped).
#   - Neither run has a SamplesUnrecorded event: nothing of the program
#     was drawn before its process registered.
# Deterministic: nothing here can fail by chance.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
harness_start_sessiond

program="$AS_BUILDDIR/tests/record/own-bytes"
truth="$HARNESS_DIR/truth"

# The user's own preload comes after the shim's (allocsample-record(1));
# allocsample-record's own commands load it too, and it counts nothing there.
LD_PRELOAD="$AS_BUILDDIR/tests/record/.libs/own-early.so"
OWN_EARLY_TRUTH="$truth.early"
export LD_PRELOAD OWN_EARLY_TRUTH
record_run exact --rate 1 --format json --group-by stack --report-output "$HARNESS_DIR/exact.json" \
	-o "$HARNESS_DIR/exact.trace" -- "$program" exact "$truth"
unset LD_PRELOAD OWN_EARLY_TRUTH
[ "$RECORD_STATUS" -eq 0 ] || harness_fail "allocsample-record failed: $(cat "$HARNESS_DIR/exact.err")"
[ -s "$truth.early" ] || harness_fail "the preloaded library's constructor did not run"
# fact KEY: the program's and its preloaded library's, together.
fact() {
	awk -v key="$1" '$1 == key { sum += $2 } END { print sum }' "$truth" "$truth.early"
}
# The process row, and its objects: the sum of its stacks' (exact at rate 1).
set -- $(jq -r '[.groups[] | select(.kind == "process")] as $p | ([.groups[] | select(.kind == "stack") |
	.objects] | add) as $objects | if ($p | length) == 1 then $p[0] |
	"\(.samples) \(.estimate) \($objects) \(.live_estimate)" else "none" end' "$HARNESS_DIR/exact.json")
check "one process in the report" [ "$1" != none ]
check "rate 1: samples, the program's $(fact objects) blocks ($1)" [ "$1" = "$(fact objects)" ]
check "rate 1: bytes, the program's $(fact bytes) ($2)" [ "$2" = "$(fact bytes)" ]
check "rate 1: objects, the program's $(fact objects) ($3)" [ "$3" = "$(fact objects)" ]
check "rate 1: live at the end, the program's $(fact live) ($4)" [ "$4" = "$(fact live)" ]

record_run busy --rate 16 --no-report -o "$HARNESS_DIR/busy.trace" \
	-- "$program" busy "$AS_BUILDDIR/tests/stress/.libs/dlmodule.so"
[ "$RECORD_STATUS" -eq 0 ] || harness_fail "allocsample-record failed: $(cat "$HARNESS_DIR/busy.err")"

# tracer_samples TRACE: "PATH COUNT" for every object of lttng-ust's that
# a sample of TRACE was allocated from: a frame of lttng-ust itself
# (liblttng-ust, -common, -tracepoint) anywhere on its stack, or a frame of
# one of its preloaded wrappers (liblttng-ust-dl, ...) called from that
# same wrapper, its own bookkeeping (a wrapper called from the program only
# passes the program's call on).  The objects are those each process mapped
# (its state dump and dlopen events, wherever they are in the trace: the
# text is read twice; addresses below 2^53 are exact in awk's doubles).
tracer_samples() {
	babeltrace2 "$1" >"$1.txt" || harness_fail "babeltrace2 cannot read $1"
	gawk '
		function number(text) { return text ~ /^0[xX]/ ? strtonum(text) : text + 0 }
		function field(name,   m) {
			if (match($0, name " = (0x[0-9A-Fa-f]+|[0-9]+)", m)) return number(m[1])
			return -1
		}
		function object_of(pid, address,   i) {
			for (i = 0; i < objects[pid]; i++)
				if (address >= base[pid, i] && address < base[pid, i] + size[pid, i])
					return path[pid, i]
			return ""
		}
		FNR == NR && /lttng_ust_statedump:bin_info:|lttng_ust_dl:dlopen:/ {
			match($0, /vpid = ([0-9]+)/, v); match($0, /path = "([^"]*)"/, p)
			n = objects[v[1]]++
			base[v[1], n] = field("baddr"); size[v[1], n] = field("memsz"); path[v[1], n] = p[1]
		}
		FNR != NR && /allocsample:AllocationSampled:/ {
			match($0, /vpid = ([0-9]+)/, v); match($0, /stack = \[(.*)\], stack_truncated/, st)
			n = 0
			while (match(st[1], /\[[0-9]+\] = (0x[0-9A-Fa-f]+)/, a)) {
				frame[++n] = object_of(v[1], number(a[1]))
				st[1] = substr(st[1], RSTART + RLENGTH)
			}
			for (i = 1; i <= n; i++) {
				base_name = frame[i]; sub(/.*\//, "", base_name)
				if (base_name ~ /^liblttng-ust(-common|-tracepoint)?\.so/ ||
				    (base_name ~ /^liblttng-ust-/ && i < n && frame[i + 1] == frame[i])) {
					count[frame[i]]++
					break
				}
			}
			sampled++
		}
		END { for (o in count) print o, count[o]; print "(samples)", sampled + 0 }' "$1.txt" "$1.txt"
}
tracer_samples "$HARNESS_DIR/busy.trace" >"$HARNESS_DIR/busy.tracer"
sed 's/^/      /' "$HARNESS_DIR/busy.tracer"
check "the busy program has samples" [ "$(awk '$1 == "(samples)" { print $2 }' "$HARNESS_DIR/busy.tracer")" -gt 100 ]
check "no sample allocated by lttng-ust" [ "$(grep -vc '^(samples)' "$HARNESS_DIR/busy.tracer")" -eq 0 ]
check "two processes sampled (the child too)" \
	[ "$(grep AllocationSampled "$HARNESS_DIR/busy.trace.txt" | sed 's/.*vpid = \([0-9]*\).*/\1/' | sort -u | wc -l)" -eq 2 ]

# Each trace read whole, samples in it.
babeltrace2 "$HARNESS_DIR/exact.trace" >"$HARNESS_DIR/exact.trace.txt" ||
	harness_fail "babeltrace2 cannot read exact.trace"
for run in exact busy; do
	sampled=$(grep -c 'allocsample:AllocationSampled' "$HARNESS_DIR/$run.trace.txt" || true)
	unrecorded=$(grep -c 'allocsample:SamplesUnrecorded' "$HARNESS_DIR/$run.trace.txt" || true)
	check "$run: the trace read has samples ($sampled)" [ "$sampled" -gt 0 ]
	check "$run: no SamplesUnrecorded ($unrecorded)" [ "$unrecorded" = 0 ]
done
finish
