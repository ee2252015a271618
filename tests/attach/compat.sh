#!/bin/sh
# compat.sh - the compatibility suite (tests/compat, doc/reliability.md,
# "Same output, same exit status") once more, each program attached to in
# the middle of its run instead of preloaded: started plain, the shim
# attached 0.02 s after its start and detached 0.3 s later, it must print
# and exit as it does alone, and have left samples while attached.  Each
# program waits halfway until gdb has attached (tests/lib/compat.sh,
# compat_gate).  git's commands are left out: each ends within
# milliseconds and reads no input to wait on.
set -eu
status=0
for suite in python perl sort compress sqlite cxx allocators; do
	printf '== tests/compat/%s.sh, attached\n' "$suite"
	ALLOCSAMPLE_TEST_ATTACH=1 sh "$AS_SRCDIR/tests/compat/$suite.sh" "$@" || {
		printf 'FAIL: tests/compat/%s.sh, attached\n' "$suite"
		status=1
	}
done
exit "$status"
