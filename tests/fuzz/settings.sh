#!/bin/sh
# settings.sh - fuzzes the parsing of ALLOCSAMPLE_RATE and ALLOCSAMPLE_SEED
# (src/settings.c) with libFuzzer, AddressSanitizer and UBSan for 20 s (120 s
# thorough), against a reference parser, after running every input of the
# committed corpus (tests/fuzz/corpus/settings).  Installs clang and its
# libFuzzer runtime if they are missing; never skips.
set -eu
: "${AS_BUILDDIR:?run through make check, or set AS_BUILDDIR}"
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"

sh "$AS_SRCDIR/tests/compat/require-packages.sh" clang
# The libFuzzer runtime comes with the compiler-rt package of clang's own
# version (libclang-rt-14-dev for bookworm's clang 14).
major=$(clang -dumpversion | cut -d. -f1)
sh "$AS_SRCDIR/tests/compat/require-packages.sh" "libclang-rt-$major-dev"

work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Straight from the sources: the fuzzer needs its own instrumentation and
# runtime, which the project's build does not use.  config.h (from
# configure) first, as in every build of the project.
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-include "$AS_BUILDDIR/config.h" -I"$AS_SRCDIR/src" \
	"$AS_SRCDIR/src/settings.c" "$AS_SRCDIR/tests/fuzz/settings-fuzz.c" \
	-o "$work/settings-fuzz"

corpus="$AS_SRCDIR/tests/fuzz/corpus/settings"
# Every committed input, once each (a regression suite).
"$work/settings-fuzz" "$corpus"/* >"$work/corpus.log" 2>&1 || {
	cat "$work/corpus.log"
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
if "$work/settings-fuzz" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=1024 \
	-close_fd_mask=2 -dict="$AS_SRCDIR/tests/fuzz/settings.dict" -artifact_prefix="$work/" \
	"$work/corpus" >"$work/fuzz.log" 2>&1; then
	echo "ok:   $seconds s of fuzzing: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$work/fuzz.log")"
else
	tail -n 40 "$work/fuzz.log"
	# Again with stderr open (-close_fd_mask=2 hid the target's message).
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
		[ -e "$crash" ] || continue
		"$work/settings-fuzz" "$crash" 2>&1 | grep -E '^settings-fuzz:|^SUMMARY' || true
		echo "FAIL: input $(basename "$crash") (base64): $(base64 -w0 "$crash")"
	done
	echo "FAIL: the fuzzer found a failing input"
	exit 1
fi
