#!/bin/sh
# estimate.sh - fuzzes the estimators (src/estimate: as_estimate_add, merge,
# compute, negbin_quantile) with libFuzzer, AddressSanitizer and UBSan for
# 20 s (120 s thorough): every answer finite and ordered, no crash, no GSL
# abort, no input slower than 5 s; after running every input of the
# committed corpus (tests/fuzz/corpus/estimate).  Installs clang, its
# libFuzzer runtime and GSL's headers if they are missing; never skips.
set -eu
: "${AS_BUILDDIR:?run through make check, or set AS_BUILDDIR}"
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"

sh "$AS_SRCDIR/tests/compat/require-packages.sh" clang libgsl-dev
# The libFuzzer runtime comes with the compiler-rt package of clang's own
# version (libclang-rt-14-dev for bookworm's clang 14).
major=$(clang -dumpversion | cut -d. -f1)
sh "$AS_SRCDIR/tests/compat/require-packages.sh" "libclang-rt-$major-dev"

work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Straight from the sources, as for tests/fuzz/settings.sh.  GSL itself is
# not instrumented: its error handler, left in place by the target, aborts
# on any error the estimators do not turn off.
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-include "$AS_BUILDDIR/config.h" -I"$AS_SRCDIR/src/estimate" \
	"$AS_SRCDIR/src/estimate/estimate.c" "$AS_SRCDIR/src/estimate/negbin.c" \
	"$AS_SRCDIR/tests/fuzz/estimate-fuzz.c" \
	-lgsl -lgslcblas -lm -o "$work/estimate-fuzz"

corpus="$AS_SRCDIR/tests/fuzz/corpus/estimate"
# Every committed input, once each (a regression suite).
"$work/estimate-fuzz" -timeout=5 "$corpus"/* >"$work/corpus.log" 2>&1 || {
	tail -n 40 "$work/corpus.log"
	echo "FAIL: an input of the committed corpus fails"
	exit 1
}
echo "ok:   the $(ls "$corpus" | wc -l) inputs of the committed corpus pass"

if [ -n "${ALLOCSAMPLE_TEST_THOROUGH:-}" ]; then
	seconds=120
else
	seconds=20
fi
# New inputs go to a scratch copy: the committed corpus only changes by hand.
mkdir "$work/corpus"
cp "$corpus"/* "$work/corpus/"
if "$work/estimate-fuzz" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 \
	-artifact_prefix="$work/" "$work/corpus" >"$work/fuzz.log" 2>&1; then
	echo "ok:   $seconds s of fuzzing: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$work/fuzz.log")"
else
	grep -E '^estimate-fuzz:|^SUMMARY|runtime error' "$work/fuzz.log" || tail -n 40 "$work/fuzz.log"
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/slow-unit-*; do
		[ -e "$crash" ] || continue
		echo "FAIL: input $(basename "$crash") (base64): $(base64 -w0 "$crash")"
	done
	echo "FAIL: the fuzzer found a failing input"
	exit 1
fi
