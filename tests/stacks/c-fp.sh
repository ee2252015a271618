#!/bin/sh
# c-fp.sh - stacks_c (tests/stacks/lib.sh) on stacks.c built with frame pointers.
. "$AS_SRCDIR/tests/stacks/lib.sh"
stacks_c fp "$@"
