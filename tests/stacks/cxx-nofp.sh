#!/bin/sh
# cxx-nofp.sh - tests/stacks/cxx.sh on stacks-cxx.cc built without frame pointers.
STACKS_VARIANT=nofp
. "$AS_SRCDIR/tests/stacks/cxx.sh"
