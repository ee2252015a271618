#!/bin/sh
# settings.sh - fuzzes the parsing of ALLOCSAMPLE_RATE and ALLOCSAMPLE_SEED
# (src/sampler/settings.c) with libFuzzer, AddressSanitizer and UBSan, 2 million
# inputs from a fixed seed (about 20 s; six times as many thorough),
# against a reference parser, after running every input of the committed
# corpus (tests/fuzz/corpus/settings).
. "$AS_SRCDIR/tests/fuzz/lib.sh"
fuzz_begin

# Straight from the sources: the fuzzer needs its own instrumentation and
# runtime, which the project's build does not use.  config.h (from
# configure) first, as in every build of the project.
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-include "$AS_BUILDDIR/config.h" -I"$AS_SRCDIR/src" \
	"$AS_SRCDIR/src/sampler/settings.c" "$AS_SRCDIR/tests/fuzz/settings-fuzz.c" \
	-o "$work/settings-fuzz"

# -close_fd_mask=2: the target's warnings on stderr would drown the log.
fuzz_run "$work/settings-fuzz" "$AS_SRCDIR/tests/fuzz/corpus/settings" 2000000 \
	-close_fd_mask=2 -dict="$AS_SRCDIR/tests/fuzz/settings.dict"
finish
