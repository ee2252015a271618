#!/bin/sh
# options.sh - allocsample-record's --help and --version print and exit 0;
# an unknown option or a bad value is one line on stderr and exit status 2,
# found before anything starts: bad groups, windows, report files, rates
# above the shim's 2^48, stack depths outside 0..128, stacks asked for with
# none recorded, --leaks with groups of the user's, a pprof profile for a terminal, folded or pprof with
# --live, -o on a file or on the next option; none of them starts a daemon
# or runs the program.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

record_run help --help
check "--help: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "--help: the usage line" \
	grep -q '^Usage: allocsample-record \[OPTIONS\] -- PROGRAM \[ARGS...\]$' "$HARNESS_DIR/help.out"
for option in --rate --output --keep --format --confidence --group-by --no-report --version \
	--enable-event --scope-begin --scope-end --scope-key --stack-depth folded pprof stack --leaks; do
	check "--help: mentions $option" grep -q -- "$option" "$HARNESS_DIR/help.out"
done
check "--help: nothing on stderr" [ ! -s "$HARNESS_DIR/help.err" ]

record_run h -h
check "-h: the same as --help" cmp -s "$HARNESS_DIR/h.out" "$HARNESS_DIR/help.out"

version=$(sed -n 's/^PACKAGE_VERSION = //p' "$AS_BUILDDIR/Makefile")
record_run version --version
check "--version: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "--version: 'allocsample-record $version' ($(cat "$HARNESS_DIR/version.out"))" \
	[ "$(cat "$HARNESS_DIR/version.out")" = "allocsample-record $version" ]

# usage NAME ARGS...: exit status 2, one line on stderr naming the
# command, nothing on stdout.
usage() {
	name=$1
	shift
	record_run "$name" "$@"
	check "$name: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
	check "$name: one line on stderr ($(cat "$HARNESS_DIR/$name.err"))" \
		[ "$(record_lines "$HARNESS_DIR/$name.err")" -eq 1 ]
	check "$name: the line names the command" \
		grep -q '^allocsample-record: ' "$HARNESS_DIR/$name.err"
	check "$name: nothing on stdout" [ ! -s "$HARNESS_DIR/$name.out" ]
}

usage unknown --bogus -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" threads
check "unknown: the line names the option" grep -q -- "--bogus" "$HARNESS_DIR/unknown.err"
usage no-program --format json
usage scope-begin-alone --scope-begin a:b -- "$RECORD_WORKLOAD"
usage scope-key-alone --scope-key id -- "$RECORD_WORKLOAD"
usage scope-quote --scope-begin 'a"b' --scope-end a:c -- "$RECORD_WORKLOAD"
usage bad-format --format yaml -- "$RECORD_WORKLOAD"
usage bad-rate --rate 0 -- "$RECORD_WORKLOAD"
usage bad-confidence --confidence 1.5 -- "$RECORD_WORKLOAD"
usage missing-value --rate
run="$RECORD_WORKLOAD $HARNESS_DIR/facts threads"
usage group-unknown --group-by nonsense -- $run
usage group-empty --group-by thread,,type -- $run
usage group-stack-typo --group-by stacks -- $run
check "group-stack-typo: the line lists stack among the groups" \
	grep -q "site or stack" "$HARNESS_DIR/group-stack-typo.err"
usage depth-above --stack-depth 129 -- $run
check "depth-above: the line gives the bounds" grep -q "from 0 to 128, not '129'" "$HARNESS_DIR/depth-above.err"
usage depth-negative --stack-depth -1 -- $run
usage depth-word --stack-depth=deep -- $run
usage depth-huge --stack-depth 100000000000000000000 -- $run
usage depth-missing --stack-depth
usage depth0-stack --stack-depth 0 --group-by thread,stack -- $run
usage depth0-site --stack-depth 0 --group-by site -- $run
usage depth0-sites --sites --stack-depth 00 -- $run
usage depth0-folded --stack-depth 0 --format folded -- $run
usage leaks-group-by --leaks --group-by type -- $run
check "leaks-group-by: the line says why" grep -q -- "--leaks chooses the groups" "$HARNESS_DIR/leaks-group-by.err"
usage leaks-sites --sites --leaks -- $run
usage depth0-pprof --stack-depth 0 --format pprof --report-output "$HARNESS_DIR/p.pb.gz" -- $run
usage pprof-live --format pprof --live -- $run
check "pprof-live: the line says why" grep -q "cannot go with --live" "$HARNESS_DIR/pprof-live.err"
usage folded-live --format folded --live -- $run
usage pprof-unwritable --format pprof --report-output "$HARNESS_DIR/no/such/p.pb.gz" -- $run
# Binary data never goes to a terminal: standard output a pseudo-terminal
# (script(1)), standard error still the file record_run gives.
mkdir -p "$HARNESS_DIR/tmp-pprof-terminal"
RECORD_STATUS=0
TMPDIR="$HARNESS_DIR/tmp-pprof-terminal" script -qec \
	"'$RECORD_CMD' --format pprof --report-output - -- $run 2>'$HARNESS_DIR/pprof-terminal.err'" \
	/dev/null >"$HARNESS_DIR/pprof-terminal.out" 2>&1 || RECORD_STATUS=$?
check "pprof-terminal: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "pprof-terminal: one line on stderr ($(cat "$HARNESS_DIR/pprof-terminal.err"))" \
	[ "$(record_lines "$HARNESS_DIR/pprof-terminal.err")" -eq 1 ]
check "pprof-terminal: the line says not to a terminal" \
	grep -q '^allocsample-record: --format pprof writes binary data, not to a terminal' \
	"$HARNESS_DIR/pprof-terminal.err"
check "pprof-terminal: nothing on the terminal" [ ! -s "$HARNESS_DIR/pprof-terminal.out" ]
# Without --report-output, the profile goes into the current directory,
# which must be writable: a read-only mount, which root cannot write either.
read_only="$HARNESS_DIR/read-only"
mkdir -p "$read_only"
if [ -n "${AS_HARNESS_NAMESPACE:-}" ]; then
	mount -t tmpfs -o ro allocsample-test "$read_only"
else
	chmod a-w "$read_only"
fi
cd "$read_only"
usage pprof-read-only-cwd --format pprof -- $run
cd "$HARNESS_DIR"
check "pprof-read-only-cwd: the line says where the profile would go" \
	grep -q '[.]/allocsample[.]PROGRAM[.]PID[.]pb[.]gz' "$HARNESS_DIR/pprof-read-only-cwd.err"
[ -z "${AS_HARNESS_NAMESPACE:-}" ] || umount "$read_only"
check "no daemon was started" [ -z "$(record_daemons)" ]
check "the workload never ran" [ ! -e "$HARNESS_DIR/facts" ]
finish
