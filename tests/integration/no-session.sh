#!/bin/sh
# no-session.sh - the four-thread workload under the preload shim with no
# session daemon, then with a daemon but no session: it runs, exits 0, says
# nothing on standard error and prints what it prints without the shim.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"

rate=8192
workload="$INTEG_WORKLOADS/threads"

# run NAME [harness_preload]: the workload's output without its tid lines
# (thread ids differ between runs) in $HARNESS_DIR/out-NAME.
run() {
	name=$1
	shift
	if ALLOCSAMPLE_RATE=$rate "$@" "$workload" "$rate" >"$HARNESS_DIR/raw-$name" 2>"$HARNESS_DIR/err-$name"; then
		ok "$name: exit status 0"
	else
		fail "$name: exit status $?"
	fi
	grep -v '^tid ' "$HARNESS_DIR/raw-$name" >"$HARNESS_DIR/out-$name" || true
	check "$name: nothing on standard error" [ ! -s "$HARNESS_DIR/err-$name" ]
}

run plain
run "shim, no session daemon" harness_preload
harness_start_sessiond
run "shim, a daemon but no session" harness_preload

check "the plain run printed its figures ($(wc -l <"$HARNESS_DIR/out-plain") lines)" \
	[ "$(grep -c '^worker ' "$HARNESS_DIR/out-plain")" -eq 4 ]
for name in "shim, no session daemon" "shim, a daemon but no session"; do
	check "$name: the same output as without the shim" \
		cmp -s "$HARNESS_DIR/out-plain" "$HARNESS_DIR/out-$name"
done
cp "$HARNESS_DIR/out-plain" "$HARNESS_DIR/out"
finish "$HARNESS_DIR/out"
