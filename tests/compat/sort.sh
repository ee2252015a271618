#!/bin/sh
# sort.sh - GNU sort orders a million generated lines on two keys, with two
# threads and temporary files (a small buffer), into the same bytes with and
# without the shim.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require sort gawk
harness_enter "$@"
compat_begin sort

input="$COMPAT_DIR/lines"
compat_text "$input" 1 1000000 \
	'printf "%s%c %d\n", substr("abcdefghijklmnopqrstuvwxyz", int(rand() * 26) + 1, int(rand() * 6) + 1),
		65 + int(rand() * 26), int(rand() * 100000)'

# Attached, sort is sampled for a few tenths of a second in which it
# allocates some tens of kilobytes: a lower rate gives it samples.
[ "$COMPAT_MODE" != attach ] || ALLOCSAMPLE_RATE=256
# The lines come on the standard input, which an attached run's gate
# holds halfway (tests/lib/compat.sh).
COMPAT_INPUT=$input
compat_both sort sort --parallel=2 --buffer-size=8M --temporary-directory=. \
	--key=2,2n --key=1,1
compat_end
compat_same sort "out err status"
lines=$(wc -l <"$COMPAT_DIR/sort.$COMPAT_MODE.out")
if [ "$lines" -eq 1000000 ]; then
	ok "sort printed $lines lines"
else
	fail "sort printed $lines lines, not 1000000"
fi
compat_samples
finish
