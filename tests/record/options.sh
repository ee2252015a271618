#!/bin/sh
# options.sh - allocsample-record's --help and --version print and exit 0;
# an unknown option or a bad value is one line on stderr and exit status 2,
# found before anything starts: bad groups, windows, report files, rates
# above the shim's 2^48, -o on a file or on the next option; none of them
# starts a daemon or runs the program.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

record_run help --help
check "--help: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "--help: the usage line" \
	grep -q '^Usage: allocsample-record \[OPTIONS\] -- PROGRAM \[ARGS...\]$' "$HARNESS_DIR/help.out"
for option in --rate --output --keep --format --confidence --group-by --no-report --version \
	--enable-event --scope-begin --scope-end --scope-key; do
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
usage group-site --group-by site -- $run
usage window-unit --window 1parsec -- $run
usage window-zero --window 0 -- $run
usage window-short --window 1ns -- $run
usage report-directory --report-output "$HARNESS_DIR" -- $run
usage report-no-directory --report-output "$HARNESS_DIR/no/such/report.txt" -- $run
usage rate-above --rate 281474976710657 -- $run
usage rate-huge --rate 1000000000000000000000000 -- $run
usage output-file -o /dev/null -- $run
check "output-file: says it is not a directory" grep -q "not a directory" "$HARNESS_DIR/output-file.err"
usage output-option -o -- $run
check "output-option: names the value" grep -q "needs a name, not '--'" "$HARNESS_DIR/output-option.err"
check "no daemon was started" [ -z "$(record_daemons)" ]
check "the workload never ran" [ ! -e "$HARNESS_DIR/facts" ]
finish
