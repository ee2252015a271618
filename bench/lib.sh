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
