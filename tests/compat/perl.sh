#!/bin/sh
# perl.sh - perl building hashes, sorting them and running regular
# expressions over generated text (workload.pl) prints the same report with
# and without the shim.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require perl
harness_enter "$@"
compat_begin perl

# perl allocates some 70 MB: a rate that leaves it about 1000 samples
# keeps the trace small.
ALLOCSAMPLE_RATE=65536
compat_both perl /usr/bin/perl "$AS_SRCDIR/tests/compat/workload.pl"
compat_end
compat_same perl "out err status"
compat_samples
finish
