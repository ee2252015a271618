#!/bin/sh
# c-nofp.sh - tests/stacks/c.sh on stacks.c built without frame pointers.
STACKS_VARIANT=nofp
. "$AS_SRCDIR/tests/stacks/c.sh"
