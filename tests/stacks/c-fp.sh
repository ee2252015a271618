#!/bin/sh
# c-fp.sh - tests/stacks/c.sh on stacks.c built with frame pointers.
STACKS_VARIANT=fp
. "$AS_SRCDIR/tests/stacks/c.sh"
