#!/bin/sh
# estimate.sh - fuzzes the estimators (estimate/: as_estimate_add, merge,
# compute, negbin_quantile) with libFuzzer, AddressSanitizer and UBSan, 60000
# inputs from a fixed seed (about 20 s; six times as many thorough): every
# answer finite and ordered, no crash, no GSL abort, no input that hangs
# (a minute: fuzz_run); after running every input of the committed corpus
# (tests/fuzz/corpus/estimate).
. "$AS_SRCDIR/tests/fuzz/lib.sh"
fuzz_begin

# Straight from the sources, as for tests/fuzz/settings.sh.  GSL itself is
# not instrumented: its error handler, left in place by the target, aborts
# on any error the estimators do not turn off.
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-include "$AS_BUILDDIR/config.h" -I"$AS_SRCDIR/estimate" \
	"$AS_SRCDIR/estimate/estimate.c" "$AS_SRCDIR/estimate/negbin.c" "$AS_SRCDIR/estimate/gamma.c" \
	"$AS_SRCDIR/tests/fuzz/estimate-fuzz.c" \
	-lgsl -lgslcblas -lm -o "$work/estimate-fuzz"

fuzz_run "$work/estimate-fuzz" "$AS_SRCDIR/tests/fuzz/corpus/estimate" 60000
finish
