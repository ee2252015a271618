#!/bin/sh
# cxx-nofp.sh - stacks_cxx (tests/stacks/lib.sh) on stacks-cxx.cc built without frame pointers.
. "$AS_SRCDIR/tests/stacks/lib.sh"
stacks_cxx nofp "$@"
