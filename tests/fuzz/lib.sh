# lib.sh - what the libFuzzer drivers share: clang and its runtime, a
# scratch directory, the committed corpus as a regression suite, then a
# bounded run of the fuzzer.  Source it; never skips.  A driver ends with
# `finish` (tests/lib/results.sh).
set -eu
: "${AS_BUILDDIR:?run through make check, or set AS_BUILDDIR}"
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"
. "$AS_SRCDIR/tests/lib/results.sh"

# fuzz_begin: stops the test, saying what is missing, unless clang and
# libFuzzer's runtime for it are installed (scripts/setup --tests installs
# them; the runtime comes with the compiler-rt package of clang's own
# version, libclang-rt-14-dev for bookworm's clang 14); makes $work,
# removed on exit.
fuzz_begin() {
	require clang
	runtime=$(clang -print-file-name="libclang_rt.fuzzer-$(uname -m).a")
	# clang prints the name alone when it has no such file.
	if [ "${runtime#/}" = "$runtime" ] || [ ! -e "$runtime" ]; then
		printf 'FAIL: %s needs libFuzzer'"'"'s runtime %s (Debian package libclang-rt-%s-dev), which is not installed (scripts/setup --tests installs what the tests run)\n' \
			"${0##*/}" "$runtime" "$(clang -dumpversion | cut -d. -f1)"
		exit 1
	fi
	work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-fuzz.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	trap 'exit 130' INT TERM
}

# fuzz_run TARGET CORPUS RUNS [LIBFUZZER_OPTION...]: runs every committed
# input of CORPUS once, then fuzzes RUNS inputs (six times as many with
# ALLOCSAMPLE_TEST_THOROUGH) from a scratch copy (the committed corpus only
# changes by hand), with a fixed seed: the same inputs on every machine, so
# that a failure is the code's, found again by the next run, never the
# luck of a faster machine.  RUNS is chosen to take about 20 s here.  A
# failing input is run again with its messages shown and printed in
# base64; a failure ends the test.  An input that runs a minute is taken
# to hang: the inputs take well under a millisecond each, so no load comes
# near it (it is no bound on their speed).
fuzz_run() {
	target=$1
	corpus=$2
	runs=$3
	shift 3
	"$target" -timeout=60 "$corpus"/* >"$work/corpus.log" 2>&1 || {
		tail -n 40 "$work/corpus.log"
		fail "an input of the committed corpus fails"
		finish
	}
	ok "the $(ls "$corpus" | wc -l) inputs of the committed corpus pass"

	[ -z "${ALLOCSAMPLE_TEST_THOROUGH:-}" ] || runs=$((runs * 6))
	mkdir "$work/corpus"
	cp "$corpus"/* "$work/corpus/"
	if "$target" -seed=1 -runs="$runs" -timeout=60 -rss_limit_mb=1024 \
		-artifact_prefix="$work/" "$@" "$work/corpus" >"$work/fuzz.log" 2>&1; then
		ok "$runs inputs fuzzed: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$work/fuzz.log")"
		return 0
	fi
	tail -n 40 "$work/fuzz.log"
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/slow-unit-*; do
		[ -e "$crash" ] || continue
		"$target" "$crash" 2>&1 | grep -E '^[a-z-]+-fuzz:|^SUMMARY|runtime error' || true
		fail "input $(basename "$crash") (base64): $(base64 -w0 "$crash")"
	done
	fail "the fuzzer found a failing input"
	finish
}
