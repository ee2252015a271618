#!/bin/sh
# c-nofp.sh - stacks_c (tests/stacks/lib.sh) on stacks.c built without frame pointers.
. "$AS_SRCDIR/tests/stacks/lib.sh"
stacks_c nofp "$@"
