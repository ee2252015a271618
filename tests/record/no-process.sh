#!/bin/sh
# no-process.sh - runs in which no process can be traced: a statically
# linked program and a setuid program run (their output intact), then the
# command says in one line that no process registered with LTTng and why,
# with no babeltrace2 error, and exits 2 although the program exited 0.  A
# shim the dynamic linker cannot load (a library it needs is missing) is
# found before the program runs: exit status 2 and the loader's words, not
# the 127 of a missing program.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

# untraced NAME WORDS PROGRAM...: exit status 2, the program's output, one
# line on stderr naming the cause, no daemon and no trace left.
untraced() {
	name=$1
	words=$2
	shift 2
	record_run "$name" -- "$@"
	record_said "$name" 2 "no process of the run registered with LTTng.*$words"
	record_no_daemon "$name"
	record_no_temporary "$name"
}

untraced static "statically linked" "$AS_BUILDDIR/tests/record/static"
check "static: the program's output ($(cat "$HARNESS_DIR/static.out"))" \
	grep -q '^static [0-9]' "$HARNESS_DIR/static.out"

# Setuid to another user: secure execution, where the loader drops
# LD_PRELOAD paths with a slash.
cp "$RECORD_WORKLOAD" "$HARNESS_DIR/setuid-workload"
chown nobody "$HARNESS_DIR/setuid-workload"
chmod 4755 "$HARNESS_DIR/setuid-workload"
untraced setuid "setuid" "$HARNESS_DIR/setuid-workload" /dev/null status exit 0

# A shim that needs a library the loader cannot find.
cc=${CC:-cc}
require "$cc"
printf 'void allocsample_test_gone(void) {}\n' >"$HARNESS_DIR/gone.c"
"$cc" -shared -fPIC -o "$HARNESS_DIR/libgone.so.0" -Wl,-soname,libgone.so.0 "$HARNESS_DIR/gone.c"
"$cc" -shared -fPIC -o "$HARNESS_DIR/shim.so" "$HARNESS_DIR/gone.c" -Wl,--no-as-needed "$HARNESS_DIR/libgone.so.0"
rm "$HARNESS_DIR/libgone.so.0"
ALLOCSAMPLE_PRELOAD="$HARNESS_DIR/shim.so" record_run broken-shim -- \
	"$RECORD_WORKLOAD" "$HARNESS_DIR/facts" alloc 1
record_said broken-shim 2 'the preload shim cannot be loaded: libgone.so.0 => not found'
check "broken-shim: the program never ran" [ ! -e "$HARNESS_DIR/facts" ]
record_no_daemon broken-shim
finish
