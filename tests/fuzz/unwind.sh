#!/bin/sh
# unwind.sh - fuzzes the unwind tables' parser (src/unwind/cfi.c, through
# as_cfi_rule_in_tables) and the walk's step on the rules it gives
# (src/unwind/frame_step.h) with libFuzzer, AddressSanitizer and UBSan,
# 1.5 million inputs from a fixed seed (about 20 s; six times as many
# thorough): no read outside the tables or a rule's frame, the same rule
# for the same tables, every rule one the walk may apply; after running
# every input of the committed corpus (tests/fuzz/corpus/unwind, written
# by tests/fuzz/unwind-seeds.py).
. "$AS_SRCDIR/tests/fuzz/lib.sh"
fuzz_begin

# Straight from the sources, as for tests/fuzz/settings.sh: the parser and
# the rule packing, instrumented, the tables in exact-size heap copies.
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-include "$AS_BUILDDIR/config.h" -I"$AS_SRCDIR/src" \
	"$AS_SRCDIR/src/unwind/cfi.c" "$AS_SRCDIR/src/unwind/rule_cache.c" \
	"$AS_SRCDIR/tests/fuzz/unwind-fuzz.c" \
	-o "$work/unwind-fuzz"

fuzz_run "$work/unwind-fuzz" "$AS_SRCDIR/tests/fuzz/corpus/unwind" 1500000
finish
