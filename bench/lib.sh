# lib.sh - what the benchmark scripts share: their one argument, a built
# tree, and the private session daemon they run in (tests/lib/lttng-harness.sh).

# bench_enter PROGRAM "$@": checks that the script was given a configured and
# built tree holding bench/PROGRAM, exports AS_BUILDDIR and AS_SRCDIR, and
# re-runs the script in its private mount namespace.
bench_enter() {
	program=$1
	shift
	if [ $# -ne 1 ] || [ ! -x "$1/bench/$program" ]; then
		echo "usage: $0 BUILD_DIR   (a configured and built tree, see doc/performance.md)" >&2
		exit 2
	fi
	AS_BUILDDIR=$(cd "$1" && pwd)
	AS_SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
	export AS_BUILDDIR AS_SRCDIR
	. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
	harness_enter "$@"
}

# An awk function for the scripts' tables, prepended to their programs:
# median(v, n), the median of v[1..n], which it sorts in place.
BENCH_MEDIAN_AWK='
	function median(v, n,   i, j, x) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}'

# The callgrind measures of instructions.sh and isolation-cost.sh: profiles
# into $OUT, one line per case into $RESULTS.

# callgrind_ir NAME N PROGRAM [VAR=VALUE...]: runs PROGRAM N under callgrind
# and prints "MAIN OTHERS": the instructions of the main thread inside the
# loop, and those of every other thread.  LTTNG_UST_REGISTER_TIMEOUT=-1
# makes lttng-ust's constructor wait for the session daemon, so a session's
# events are enabled before the loop starts (valgrind slows registration
# past the default 3 s).  ALLOCSAMPLE_SEED makes the sample stream, hence
# the count, reproducible.
callgrind_ir() {
	name=$1 n=$2 program=$3
	shift 3
	printf "+ env LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_SEED=1 %s valgrind --tool=callgrind --separate-threads=yes --toggle-collect='bench_*loop*' --callgrind-out-file=%s %s %s\n" \
		"$*" "$OUT/$name.$n" "$program" "$n" >&2
	env LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_SEED=1 "$@" \
		valgrind --tool=callgrind --separate-threads=yes \
		--toggle-collect='bench_*loop*' \
		--callgrind-out-file="$OUT/$name.$n" "$program" "$n" \
		>/dev/null 2>"$OUT/$name.$n.log" ||
		harness_fail "$name: callgrind failed, see $OUT/$name.$n.log"
	[ -s "$OUT/$name.$n-01" ] || harness_fail "$name: no profile for the main thread"
	main=$(sed -n 's/^totals: //p' "$OUT/$name.$n-01")
	others=0
	for f in "$OUT/$name.$n"-*; do
		[ "$f" = "$OUT/$name.$n-01" ] && continue
		others=$((others + $(sed -n 's/^totals: //p' "$f")))
	done
	echo "$main $others"
}

# measure NAME FIRST_N SECOND_N PROGRAM [VAR=VALUE...]: records the marginal
# instructions per pair of NAME in $RESULTS.
measure() {
	name=$1 first=$2 second=$3 program=$4
	shift 4
	# Assignments, so that set -e sees a failed run.
	first_ir=$(callgrind_ir "$name" "$first" "$program" "$@")
	second_ir=$(callgrind_ir "$name" "$second" "$program" "$@")
	echo "$name $first $second $first_ir $second_ir" | awk '{
		printf "%s %.2f %d\n", $1, ($6 - $4) / ($3 - $2), $5 + $7 }' >>"$RESULTS"
}
