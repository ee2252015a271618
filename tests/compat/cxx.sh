#!/bin/sh
# cxx.sh - a multi-threaded C++ program built on the standard containers
# (containers.cc) prints the same checksums with and without the shim, and
# its operator new calls are sampled.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
harness_enter "$@"
compat_begin cxx

# The program allocates about 500 MB: a rate that leaves it about 1500
# samples keeps the trace small.
ALLOCSAMPLE_RATE=524288
compat_both containers "$AS_BUILDDIR/tests/compat/containers" $((30 * COMPAT_LONGER))
compat_end
compat_same containers "out err status"
compat_samples
pid=$(cat "$COMPAT_DIR/containers.$COMPAT_MODE.pid")
news=$(awk -v pid="$pid" '$1 == pid && $3 ~ /^operator_new/ { n++ } END { print n + 0 }' "$COMPAT_EVENTS")
if [ "$news" -ge 10 ]; then
	ok "containers: $news samples of operator new"
else
	fail "containers: $news samples of operator new, expected at least 10"
fi
finish
