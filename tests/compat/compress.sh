#!/bin/sh
# compress.sh - gzip and xz (two threads) compress a generated file into the
# same bytes with and without the shim, and decompress it back to the
# original.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require gzip xz gawk
harness_enter "$@"
compat_begin compress

input="$COMPAT_DIR/input"
compat_text "$input" 2 75000 \
	'printf "%d %s %x\n", i, substr("the quick brown fox jumps over the lazy dog", int(rand() * 30) + 1), int(rand() * 65536)'

# Each program reads its standard input, which an attached run's gate
# holds halfway (tests/lib/compat.sh).
ALLOCSAMPLE_RATE=4096
COMPAT_INPUT=$input
compat_both gzip gzip -9 -n -c
# Decompressing takes tens of milliseconds: attached, the archive is given
# COMPAT_LONGER times over (the output is the input as many times), so
# that the shim is detached in the middle of the run.
# copies FILE: FILE COMPAT_LONGER times over.
copies() {
	for _ in $(seq "$COMPAT_LONGER"); do cat "$1"; done
}
copies "$COMPAT_DIR/gzip.plain.out" >"$COMPAT_DIR/gzip.copies"
COMPAT_INPUT=$COMPAT_DIR/gzip.copies
compat_both gunzip gzip -d -c
COMPAT_INPUT=$input
compat_both xz xz -6 -T2 --block-size=512KiB -c
copies "$COMPAT_DIR/xz.plain.out" >"$COMPAT_DIR/xz.copies"
COMPAT_INPUT=$COMPAT_DIR/xz.copies
compat_both unxz xz -d -T2 -c
compat_end

for run in gzip gunzip xz unxz; do
	compat_same "$run" "out err status"
done
for _ in $(seq "$COMPAT_LONGER"); do cat "$input"; done >"$COMPAT_DIR/expected"
for run in gunzip unxz; do
	if cmp -s "$COMPAT_DIR/expected" "$COMPAT_DIR/$run.$COMPAT_MODE.out"; then
		ok "$run under the shim restored the input ($(sha256sum <"$input" | cut -c1-16)...)"
	else
		fail "$run under the shim did not restore the input"
	fi
done
# gzip compresses in static buffers and calls no allocator at all (counted
# with an interposer), so its run can only show the same output.
compat_samples 10 gunzip xz unxz
finish
