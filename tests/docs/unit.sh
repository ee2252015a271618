#!/bin/sh
# unit.sh - the README's systemd unit for a service under the flight
# recorder, run as written: its ExecStart= read from the README's `ini`
# block (systemd's line continuations joined, its escapes `$$` and `%%`
# read as systemd reads them), with the installed command on /usr/local
# (tests/lib/install.sh), the unit's state directory and its service
# made the test's own: /var/lib/allocsample/server a directory of the
# test's, /usr/local/bin/server tests/flight/keep-churn, which keeps 24 MiB,
# churns 1 GiB and kills itself with SIGKILL as the OOM killer would.  As
# systemd would see it: the command exits 137, its start's directory holds
# the `signal` snapshot, the report at the kill is in last.txt and
# has the bytes live then, and the standard error (the journal) says where
# the snapshot is.
set -eu
. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/install.sh"
install_check
harness_enter "$@"
install_mount
d=$HARNESS_DIR

# The unit's ExecStart= and StateDirectory=, as systemd reads them.
awk '/^```ini$/ { on = 1; next } on && /^```$/ { exit } on' "$AS_SRCDIR/README.md" |
	sed -e ':a' -e '/\\$/ { N; s/\\\n[[:space:]]*/ /; ba' -e '}' >"$d/unit"
exec_start=$(sed -n 's/^ExecStart=//p' "$d/unit" | sed -e 's/\$\$/$/g' -e 's/%%/%/g')
state=$(sed -n 's/^StateDirectory=//p' "$d/unit")
[ -n "$exec_start" ] && [ -n "$state" ] || harness_fail "the README's unit has no ExecStart= or StateDirectory=: $(cat "$d/unit")"
check "the unit's state directory is the one its command writes to ($state)" \
	sh -c 'case "$1" in *"/var/lib/$2/"*) ;; *) exit 1 ;; esac' sh "$exec_start" "$state"

service="$AS_BUILDDIR/tests/flight/keep-churn $d/facts 24 0 1024 5 kill"
exec_start=$(printf '%s\n' "$exec_start" | sed -e "s|/var/lib/|$d/var/lib/|g" -e "s|/usr/local/bin/server|$service|")
mkdir -p "$d/var/lib/$state"
status=0
env -u ALLOCSAMPLE_PRELOAD -u ALLOCSAMPLE_PLUGIN_PATH PATH="/usr/local/bin:$PATH" \
	BABELTRACE_PLUGIN_PATH=/usr/local/lib/babeltrace2/plugins TMPDIR="$d" \
	sh -c "eval \"\$1\"" sh "$exec_start" >"$d/out" 2>"$d/journal" || status=$?
check "the service was killed, as by the OOM killer ($(cat "$d/facts" 2>/dev/null | paste -s -d ' ' -))" \
	[ -n "$(harness_fact "$d/facts" live 2)" ]
check "the command exits 137, as its service did ($status; $(tail -n 3 "$d/journal" | paste -s -d ' ' -))" \
	[ "$status" -eq 137 ]
snapshot=$(find "$d/var/lib/$state" -mindepth 2 -maxdepth 2 -type d -name 'signal-*' | head -n 1)
check "the start's own directory holds the signal snapshot (${snapshot#"$d"})" [ -n "$snapshot" ]
check "the journal says where it is" grep -q "^allocsample-record: signal snapshot kept in $snapshot\$" "$d/journal"
# 64M holds this service's whole run: the report reads it as one, with
# no window to say (tests/flight/kill.sh has the report of a snapshot).
check "last.txt is the report at the kill, with the bytes live then" \
	grep -q '^  Total .*LIVE AT END\|^ *PROCESSES .*LIVE AT END' "$d/var/lib/$state/last.txt"
finish
