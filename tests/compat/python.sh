#!/bin/sh
# python.sh - CPython running eight threads of dicts, lists, json, re, zlib
# and hashlib (workload.py) prints the same digests, the same stderr and
# exits with the same status (3, on purpose) with and without the shim.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require python3
harness_enter "$@"
compat_begin python

# CPython allocates hundreds of megabytes here: a rate that leaves it
# about 1500 samples keeps the trace small.
ALLOCSAMPLE_RATE=524288
compat_both python /usr/bin/python3 "$AS_SRCDIR/tests/compat/workload.py" "$COMPAT_PYTHON_ROUNDS"
compat_end
compat_same python "out err status" 3
compat_digests python
compat_samples
finish
