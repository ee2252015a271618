#!/bin/sh
# cxx-fp.sh - stacks_cxx (tests/stacks/lib.sh) on stacks-cxx.cc built with frame pointers.
. "$AS_SRCDIR/tests/stacks/lib.sh"
stacks_cxx fp "$@"
