#!/bin/sh
# cxx-fp.sh - tests/stacks/cxx.sh on stacks-cxx.cc built with frame pointers.
STACKS_VARIANT=fp
. "$AS_SRCDIR/tests/stacks/cxx.sh"
