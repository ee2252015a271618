#!/bin/sh
# record-sample.sh - what one recorded sample costs in the session
# allocsample-record makes (its contexts, its run filter), counted as
# `allocsample-record --rate 1 -- valgrind --tool=callgrind PROGRAM`:
# every malloc is sampled, its free tracked, and the marginal instructions
# per malloc+free pair between two loop lengths are a sample's, its
# SampledFree's and the loop's own pair (doc/performance.md section 1, "A
# recorded sample, part by part").  Figures to watch, never assertions.
#
# Usage, as root: bench/record-sample.sh BUILD_DIR   (or `make
# bench-record-sample`).  About a minute.
#
# Two programs: bench/alloc-loop, whose stack is short (5 frames of the
# program's), and bench/deep-alloc under 40 frames of recursion, whose
# samples hold the default depth's 32 frames.  Each part is the marginal
# inclusive cost of its functions per pair:
#   AllocationSampled  lttng-ust's probe: the filter, the reservation with
#                      the contexts, the fields, the commit
#   SampledFree        the same for the free's event
#   stack              the walk and the call site (as_stack_capture)
#   tracked block      the page-aligned block and its release to the
#                      allocator (as_tracked_block, as_tracked_block_release)
#   checkpoint table   the entry's insertion and removal
#   the rest           the draw, the set, the high-water mark, the loop's
#                      own malloc and free, errno, the calls between
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter alloc-loop "$@"

N1=${AS_BENCH_N1:-2000}
N2=${AS_BENCH_N2:-12000}
RECORD="$AS_BUILDDIR/src/record/allocsample-record"
OUT="$HARNESS_DIR/callgrind"
mkdir -p "$OUT"
command -v valgrind >/dev/null || harness_fail "valgrind is not installed (apt-get install valgrind)"
export ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_PLUGIN_PATH="$AS_BUILDDIR/plugins/report/.libs"

# The parts: a name, then the functions whose inclusive costs it sums.
PARTS='AllocationSampled lttng_ust__event_probe__allocsample___AllocationSampled
SampledFree lttng_ust__event_probe__allocsample___SampledFree
stack as_stack_capture
tracked_block as_tracked_block as_tracked_block_release
checkpoint_table as_ck_table_insert as_ck_table_remove'

# profile NAME N FUNCTION PROGRAM ARGS...: records PROGRAM under callgrind,
# collecting inside FUNCTION, with allocsample-record --rate 1; checks that
# the trace holds at least N samples.  LTTNG_UST_REGISTER_TIMEOUT=-1:
# under valgrind lttng-ust's registration can take longer than its 3 s.
profile() {
	name=$1 n=$2 function=$3
	shift 3
	printf '+ allocsample-record --rate 1 -- valgrind --tool=callgrind --toggle-collect=%s %s\n' \
		"$function" "$*" >&2
	LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_SEED=1 "$RECORD" --rate 1 --no-report \
		-o "$HARNESS_DIR/trace.$name.$n" -- valgrind --tool=callgrind --toggle-collect="$function" \
		--callgrind-out-file="$OUT/$name.$n" "$@" >/dev/null 2>"$OUT/$name.$n.log" ||
		harness_fail "$name: the recording failed, see $OUT/$name.$n.log"
	samples=$(babeltrace2 "$HARNESS_DIR/trace.$name.$n" | grep -c 'allocsample:AllocationSampled') || :
	[ "$samples" -ge "$n" ] || harness_fail "$name: $samples samples recorded for $n pairs"
	rm -rf "$HARNESS_DIR/trace.$name.$n"
}

# costs FILE: "FUNCTION INCLUSIVE" for every function of the profile, the
# largest of its lines (callgrind_annotate names a function once per file
# its inlined parts come from; the line of its object is the whole).
costs() {
	callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
		awk '/^ *[0-9,]+ +\( *[0-9.]+%\) +[^ ]*:/ {
			v = $1; gsub(",", "", v)
			f = $0; sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/, "", f); sub(/ .*$/, "", f); sub(/^.*:/, "", f)
			if (v + 0 > best[f] + 0) best[f] = v
		}
		END { for (f in best) print f, best[f] }'
}

# report NAME TITLE: the table of NAME's two profiles.
report() {
	name=$1
	costs "$OUT/$name.$N1" >"$OUT/$name.$N1.costs"
	costs "$OUT/$name.$N2" >"$OUT/$name.$N2.costs"
	echo "$2"
	printf '%s\n' "$PARTS" | awk -v n1="$N1" -v n2="$N2" \
		-v t1="$(sed -n 's/^totals: //p' "$OUT/$name.$N1")" \
		-v t2="$(sed -n 's/^totals: //p' "$OUT/$name.$N2")" \
		-v c1="$OUT/$name.$N1.costs" -v c2="$OUT/$name.$N2.costs" '
		BEGIN {
			while ((getline line < c1) > 0) { split(line, w, " "); a[w[1]] = w[2] }
			while ((getline line < c2) > 0) { split(line, w, " "); b[w[1]] = w[2] }
		}
		{
			part = $1; sum = 0
			for (i = 2; i <= NF; i++) sum += (b[$i] - a[$i]) / (n2 - n1)
			parts[++count] = part; value[part] = sum; total += sum
		}
		END {
			all = (t2 - t1) / (n2 - n1)
			for (i = 1; i <= count; i++) printf "  %-18s %8.1f\n", parts[i], value[parts[i]]
			printf "  %-18s %8.1f\n", "the rest", all - total
			printf "  %-18s %8.1f instructions per sampled malloc+free pair\n", "total", all
		}'
}

for n in "$N1" "$N2"; do
	profile short "$n" bench_alloc_loop "$AS_BUILDDIR/bench/alloc-loop" "$n"
	profile deep "$n" pairs "$AS_BUILDDIR/bench/deep-alloc" "$n" 40
done
report short "bench/alloc-loop (a short stack), allocsample-record --rate 1, N1=$N1 N2=$N2:"
echo
report deep "bench/deep-alloc under 40 frames (32 recorded), the same:"
