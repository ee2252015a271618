#!/bin/sh
# install.sh - the install as an ordinary user meets it.  A user created for
# the test (CI runs as root) copies the sources (not the build trees in
# them), configures with --prefix=$HOME/.local, builds, installs (no root,
# no ldconfig), and runs the installed allocsample-record, which starts the
# user's own session daemon: the report has the program's samples (so the
# installed shim loaded), and the component, installed under the prefix,
# is also what a plain `babeltrace2 TRACE -c sink.allocsample.report`
# finds.  The same sources configured for a second prefix, relinked,
# installed and uninstalled, leave the first install's component.  A
# configure for prefix /usr (babeltrace2's own) chooses babeltrace2's
# plugin directory.  The configures after the first read its cache
# (configure -C): what they choose from the prefix is never cached; the
# build is one build, without dependency tracking (which only a rebuild
# after an edit needs).  No
# process of the user is left (a moment after the command returns).
# The user also attaches to a Python loop of theirs (-p), and is refused
# root's process.
# Last, as root, the build tree's install at /usr/local (a tmpfs over it in
# the test's mount namespace, tests/lib/install.sh) with no ldconfig, where
# the loader would find nothing that the shim needs without its RUNPATH:
# the installed command samples a program that does not link liballocsample
# itself; and a report that
# fails there (/dev/full) gives a command to report again that names
# /usr/local/lib/babeltrace2/plugins, and runs.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
. "$AS_SRCDIR/tests/lib/install.sh"
install_check
harness_enter "$@"
user=astest$$
useradd --create-home --shell /bin/sh "$user" || harness_fail "useradd $user failed"
home=$(getent passwd "$user" | cut -d : -f 6)
uid=$(id -u "$user")

# user_pids: the processes of the test's user.
user_pids() {
	pgrep -u "$uid" 2>/dev/null || true
}
# user_gone: waits for the user's processes to end (a command tears its
# session and daemon down after it returns: a moment), two minutes at most.
user_gone() {
	for _ in $(seq 1200); do
		[ -n "$(user_pids)" ] || break
		sleep 0.1
	done
}
# procname_samples REPORT NAME: the samples of the process NAME in the
# user's JSON report REPORT; 0 if there is none.
procname_samples() {
	jq "[.groups[] | select(.kind == \"process\" and .procname == \"$2\")][0].samples // 0" \
		"$home/$1" 2>/dev/null || echo 0
}

# cleanup_user: the EXIT trap: the user's processes killed, the user
# removed, then harness_cleanup with the test's status.
cleanup_user() {
	status=$?
	set +e
	for pid in $(user_pids); do
		kill -KILL "$pid" 2>/dev/null || true
	done
	userdel --remove "$user" >/dev/null 2>&1 || true
	(exit "$status")
	harness_cleanup
}
trap cleanup_user EXIT

# as_user SCRIPT: runs SCRIPT with sh as the user, in their home, with the
# environment of a fresh login (no LTTNG_HOME: their daemon lives in
# ~/.lttng).
as_user() {
	runuser -u "$user" -- env -i HOME="$home" USER="$user" LOGNAME="$user" \
		PATH=/usr/local/bin:/usr/bin:/bin SHELL=/bin/sh sh -c "cd && $1"
}

# The sources, without the build trees configured below them (build/ and
# build-sanitizers/ of scripts/test, this one's among them); a tree built
# in place is cleaned, so that the user's build compiles everything.
mkdir -p "$home/src"
(cd "$AS_SRCDIR" && tar --exclude=.git --exclude=autom4te.cache --exclude-tag-all=config.status \
	-cf - $(ls -A)) | tar -C "$home/src" -xf -
[ ! -f "$home/src/config.status" ] || make -s -C "$home/src" distclean >/dev/null ||
	harness_fail "make distclean failed in the copy of a tree built in place"
chown -R "$user:" "$home/src"

status=0
as_user 'cd src && ./configure -C --disable-dependency-tracking --prefix="$HOME/.local" >../configure.log 2>&1 &&
	make -j2 >../make.log 2>&1 && make install >../install.log 2>&1' || status=$?
check "configure, make and make install as $user into ~/.local ($status; $(tail -n 3 "$home/install.log" "$home/make.log" "$home/configure.log" 2>/dev/null | tail -n 4 | paste -s -d ' ' -))" \
	[ "$status" -eq 0 ]
plugin="$home/.local/lib/babeltrace2/plugins/babeltrace-plugin-allocsample.so"
check "the component is under the prefix ($plugin)" [ -f "$plugin" ]
runpath=$(readelf -d "$home/.local/lib/liballocsample-preload.so" 2>/dev/null | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
case :$runpath: in *:'$ORIGIN':*) origin=yes ;; *) origin=no ;; esac
check "the shim's RUNPATH has \$ORIGIN (${runpath:-none})" [ "$origin" = yes ]

status=0
as_user '.local/bin/allocsample-record --format json --report-output report.json -o trace -- \
	src/examples/wordindex >wordindex.out 2>record.err' || status=$?
check "allocsample-record as $user: exit status 0 ($status; $(head -c 300 "$home/record.err"))" \
	[ "$status" -eq 0 ]
samples=$(procname_samples report.json wordindex)
check "the report has wordindex's samples (${samples:-0})" [ "${samples:-0}" -gt 100 ]
user_gone
check "no process of $user left ($(user_pids | paste -s -d ' ' -))" [ -z "$(user_pids)" ]

# -p as the user, on a process of theirs (the installed gdb script): a
# Python loop that runs until its standard input, a pipe a process of its
# own holds, ends, attached to once it runs its loop (its second thread).
# Refused, in one line, on one of root's.
cat >"$home/attach.sh" <<'ATTACH'
mkfifo loop.in
python3 src/tests/attach/loop.py 100 <loop.in >loop.out &
loop=$!
sleep 1000000 >loop.in &
holder=$!
for _ in $(seq 1200); do
	[ "$(ls "/proc/$loop/task" 2>/dev/null | wc -l)" -lt 2 ] || break
	sleep 0.1
done
.local/bin/allocsample-record -p "$loop" --duration 2s --format json --report-output attach.json 2>attach.err
status=$?
kill "$holder"
wait "$loop" || status=$?
exit "$status"
ATTACH
chown "$user:" "$home/attach.sh"
status=0
as_user 'sh attach.sh' || status=$?
check "allocsample-record -p as $user: exit status 0, and the program's ($status; $(head -c 300 "$home/attach.err"))" \
	[ "$status" -eq 0 ]
samples=$(procname_samples attach.json python3)
check "-p as $user: the report has python3's samples (${samples:-0})" [ "${samples:-0}" -gt 20 ]
user_gone
status=0
as_user ".local/bin/allocsample-record -p $$ --no-report 2>refused.err" || status=$?
refused=no
if [ "$status" -eq 2 ] && [ "$(record_lines "$home/refused.err")" -eq 1 ] &&
	grep -q "belongs to user root: attach as that user, or as root" "$home/refused.err"; then
	refused=yes
fi
check "-p as $user on root's process: status 2 ($status), one line saying why ($(cat "$home/refused.err"))" \
	[ "$refused" = yes ]

status=0
as_user 'babeltrace2 trace -c sink.allocsample.report >plain.txt 2>plain.err' || status=$?
check "babeltrace2 finds the component with no option ($status; $(head -c 200 "$home/plain.err"))" \
	[ "$status" -eq 0 ]
check "babeltrace2 with no option: the component's report" \
	grep -q '^allocsample report: bytes allocated' "$home/plain.txt"

# A second prefix: configured, relinked (libtool installs a library only
# where it was linked for: the libraries to install, those of
# lib_LTLIBRARIES and bt2plugin_LTLIBRARIES, are linked again; the objects
# are the first build's), installed, then uninstalled.
installed=$(printf 'as-installed:\n\t@echo $(lib_LTLIBRARIES) $(bt2plugin_LTLIBRARIES)\n' |
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$home/src" -f Makefile -f - as-installed)
[ -n "$installed" ] || harness_fail "the first build's Makefile names no library to install"
second_plugin="$home/second/lib/babeltrace2/plugins/babeltrace-plugin-allocsample.so"
status=0
as_user "cd src && ./configure -C --prefix=\"\$HOME/second\" >../second.log 2>&1 &&
	rm -f $installed && make -j2 >>../second.log 2>&1 && make install >>../second.log 2>&1" || status=$?
check "a second build installed in ~/second ($status; $(tail -n 2 "$home/second.log" | paste -s -d ' ' -))" \
	[ "$status" -eq 0 ]
check "the second prefix's component is installed under it" [ -f "$second_plugin" ]
status=0
as_user 'cd src && make uninstall >>../second.log 2>&1' || status=$?
check "the second build uninstalled ($status; $(tail -n 2 "$home/second.log" | paste -s -d ' ' -))" \
	[ "$status" -eq 0 ]
check "the second prefix's component is gone" [ ! -e "$second_plugin" ]
check "the first install's component stays" [ -f "$plugin" ]

bt2dir="$(pkg-config --variable=libdir babeltrace2)/babeltrace2/plugins"
status=0
as_user 'cd src && ./configure -C --prefix=/usr >../configure-usr.log 2>&1' || status=$?
check "prefix /usr: configure exits 0 ($status; $(tail -n 2 "$home/configure-usr.log" | paste -s -d ' ' -))" \
	[ "$status" -eq 0 ]
chosen=$(sed -n 's/^bt2plugindir = //p' "$home/src/Makefile")
check "prefix /usr: babeltrace2's directory ($chosen; $bt2dir)" [ "$chosen" = "$bt2dir" ]

# The build tree's own install at /usr/local (tests/lib/install.sh).
install_mount
facts="$HARNESS_DIR/facts"
mkdir -p "$HARNESS_DIR/tmp-usrlocal"
# Seeded, as the statistical checks of the suite are: a given build passes
# or fails this interval the same way every time.
status=0
ALLOCSAMPLE_SEED=20261202 TMPDIR="$HARNESS_DIR/tmp-usrlocal" env -u ALLOCSAMPLE_PRELOAD -u ALLOCSAMPLE_PLUGIN_PATH \
	"$INSTALL_PREFIX/bin/allocsample-record" --format json --confidence 0.999 \
	--report-output "$HARNESS_DIR/usrlocal.json" -- "$RECORD_WORKLOAD" "$facts" alloc 16777216 \
	2>"$HARNESS_DIR/usrlocal.err" || status=$?
check "/usr/local: exit status 0 ($status; $(head -c 300 "$HARNESS_DIR/usrlocal.err"))" [ "$status" -eq 0 ]
pid=$(harness_fact "$facts" alloc 2)
check_truth "/usr/local: the workload's process" "$HARNESS_DIR/usrlocal.json" \
	".kind == \"process\" and .pid == ${pid:-0}" "$(harness_fact "$facts" alloc 3)"
# A report that fails there: its line's command to report again names
# the installed component's directory, which babeltrace2 does not
# search by itself, and runs as written (less the device that failed).
status=0
TMPDIR="$HARNESS_DIR/tmp-usrlocal" env -u ALLOCSAMPLE_PRELOAD -u ALLOCSAMPLE_PLUGIN_PATH \
	"$INSTALL_PREFIX/bin/allocsample-record" --format json --report-output /dev/full \
	-- "$RECORD_WORKLOAD" "$facts" alloc 1048576 2>"$HARNESS_DIR/usrlocal-full.err" || status=$?
again=$(sed -n 's/.*; to report again: //p' "$HARNESS_DIR/usrlocal-full.err")
check "/usr/local, /dev/full: status 2 ($status)" [ "$status" -eq 2 ]
check "/usr/local, /dev/full: one line ($(head -c 600 "$HARNESS_DIR/usrlocal-full.err"))" \
	[ "$(record_lines "$HARNESS_DIR/usrlocal-full.err")" -eq 1 ]
check "/usr/local, /dev/full: the command names the installed plugin directory (${again:-none})" \
	sh -c 'case $1 in "babeltrace2 --plugin-path=$2 "*" >/dev/full") ;; *) exit 1 ;; esac' \
	sh "$again" "$(install_dirs | cut -d ' ' -f 3)"
status=0
env -u ALLOCSAMPLE_PLUGIN_PATH sh -c "${again% >/dev/full}" >"$HARNESS_DIR/usrlocal-again.json" \
	2>"$HARNESS_DIR/usrlocal-again.err" || status=$?
samples=$(record_samples "$HARNESS_DIR/usrlocal-again.json")
check "/usr/local, /dev/full: the command runs (status $status; $(head -c 300 "$HARNESS_DIR/usrlocal-again.err"))" \
	[ "$status" -eq 0 ]
check "/usr/local, /dev/full: and reports the trace ($samples samples)" [ "$samples" -gt 0 ]
record_no_daemon "/usr/local"
finish
