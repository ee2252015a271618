#!/bin/sh
# options.sh - allocsample-record's --help and --version print and exit 0;
# an unknown option or a bad value is one line on stderr and exit status 2,
# found before anything starts: empty values (never taken for the
# default), report files, rates above the shim's 2^48, stack depths
# outside 0..128, stacks asked for with none recorded, --leaks with groups
# of the user's, a pprof profile or an HTML page for a terminal, -o on a
# file or on the next option; and what the report component refuses, in
# its own words, asked before anything starts (its query params-check):
# bad formats, groups, confidences, scopes, folded,
# pprof or html with --live.
# None of them starts a daemon or a relayd or runs the program.  The
# options that only reach the component (--top, --min-share) reach it as
# the parameters it is asked about, whether it accepts them or not, and so
# do the views' and folded stacks' groups and order; a plugin directory
# without the component is one line too.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"

record_run help --help
check "--help: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "--help: the usage line" \
	grep -q '^Usage: allocsample-record \[OPTIONS\] -- PROGRAM \[ARGS...\]$' "$HARNESS_DIR/help.out"
for option in --rate --output --keep --format --confidence --group-by --no-report --version \
	--enable-event --scope-begin --scope-end --scope-key --stack-depth folded pprof stack --leaks --peak --sizes \
	--top --min-share; do
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
	record_said "$name" 2 ''
	check "$name: nothing on stdout" [ ! -s "$HARNESS_DIR/$name.out" ]
}

usage unknown --bogus -- "$RECORD_WORKLOAD" "$HARNESS_DIR/facts" threads
check "unknown: the line names the option" grep -q -- "--bogus" "$HARNESS_DIR/unknown.err"
usage no-program --format json
usage scope-begin-alone --scope-begin a:b -- "$RECORD_WORKLOAD"
usage scope-key-alone --scope-key id -- "$RECORD_WORKLOAD"
# A quote reaches the component as a character of the name, not the end
# of a string of its parameters.
usage scope-quote --scope-begin 'a"b' --scope-end 'a"b' -- "$RECORD_WORKLOAD"
check "scope-quote: the component's line, the name whole" \
	grep -q '^allocsample-record: Parameters `scope-begin` and `scope-end` are both `a"b`' \
	"$HARNESS_DIR/scope-quote.err"
usage bad-format --format yaml -- "$RECORD_WORKLOAD"
check "bad-format: the component's line" \
	grep -q '^allocsample-record: Parameter `format`: unknown format `yaml`: expecting' "$HARNESS_DIR/bad-format.err"
usage bad-rate --rate 0 -- "$RECORD_WORKLOAD"
usage bad-confidence --confidence 1.5 -- "$RECORD_WORKLOAD"
usage missing-value --rate
run="$RECORD_WORKLOAD $HARNESS_DIR/facts threads"
usage group-unknown --group-by nonsense -- $run
usage group-empty --group-by thread,,type -- $run
usage group-stack-typo --group-by stacks -- $run
check "group-stack-typo: the component's line lists stack among the groups" \
	grep -q 'unknown grouping `stacks`: expecting .*`stack`' "$HARNESS_DIR/group-stack-typo.err"
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
usage temporary-group-by --temporary --group-by type -- $run
check "temporary-group-by: the line says why" \
	grep -q -- "--temporary chooses the groups" "$HARNESS_DIR/temporary-group-by.err"
usage temporary-leaks --temporary --leaks -- $run
usage temporary-zero --temporary=0ms -- $run
check "temporary-zero: the component's line says why" \
	grep -q 'Parameter `temporary` is `0ms`: expecting a positive duration' "$HARNESS_DIR/temporary-zero.err"
usage peak-group-by --peak --group-by type -- $run
check "peak-group-by: the line says why" grep -q -- "--peak chooses the groups" "$HARNESS_DIR/peak-group-by.err"
usage peak-leaks --peak --leaks -- $run
check "peak-leaks: the line says why" grep -q -- "--leaks --peak are views of their own" "$HARNESS_DIR/peak-leaks.err"
usage depth0-pprof --stack-depth 0 --format pprof --report-output "$HARNESS_DIR/p.pb.gz" -- $run
usage pprof-live --format pprof --live -- $run
check "pprof-live: the component's line says why" \
	grep -q 'Parameter `update-interval` does not go with format `pprof`' "$HARNESS_DIR/pprof-live.err"
usage folded-live --format folded --live -- $run
# A page has no place for updates: refused before a relayd, a daemon or a
# session starts, not once they have.
usage html-live --live --format html -- $run
check "html-live: the component's line says why" \
	grep -q 'Parameter `update-interval` does not go with format `html`' "$HARNESS_DIR/html-live.err"
usage window-word --window soon -- $run
usage update-interval-bare --live --update-interval 500 -- $run
check "update-interval-bare: a duration needs its unit" \
	grep -q 'Parameter `update-interval` is `500`: expecting a positive duration' "$HARNESS_DIR/update-interval-bare.err"
usage pprof-unwritable --format pprof --report-output "$HARNESS_DIR/no/such/p.pb.gz" -- $run
# Binary data never goes to a terminal: standard output a pseudo-terminal
# (script(1)), standard error still the file record_run gives.
mkdir -p "$HARNESS_DIR/tmp-pprof-terminal"
RECORD_STATUS=0
TMPDIR="$HARNESS_DIR/tmp-pprof-terminal" script -qec \
	"'$RECORD_CMD' --format pprof --report-output - -- $run 2>'$HARNESS_DIR/pprof-terminal.err'" \
	/dev/null >"$HARNESS_DIR/pprof-terminal.out" 2>&1 || RECORD_STATUS=$?
record_said pprof-terminal 2 '--format pprof writes binary data, not to a terminal'
check "pprof-terminal: nothing on the terminal" [ ! -s "$HARNESS_DIR/pprof-terminal.out" ]
# Nor a page, by the same rule: to standard output, then to standard error
# (where reports go by default), each a terminal.
RECORD_STATUS=0
TMPDIR="$HARNESS_DIR/tmp-pprof-terminal" script -qec \
	"'$RECORD_CMD' --format html --report-output - -- $run 2>'$HARNESS_DIR/html-stdout-terminal.err'" \
	/dev/null >"$HARNESS_DIR/html-stdout-terminal.out" 2>&1 || RECORD_STATUS=$?
check "html-stdout-terminal: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "html-stdout-terminal: one line, not to a terminal ($(cat "$HARNESS_DIR/html-stdout-terminal.err"))" \
	grep -qx 'allocsample-record: --format html writes a web page, not to a terminal: give --report-output FILE or redirect the standard output' \
	"$HARNESS_DIR/html-stdout-terminal.err"
check "html-stdout-terminal: nothing on the terminal" [ ! -s "$HARNESS_DIR/html-stdout-terminal.out" ]
RECORD_STATUS=0
TMPDIR="$HARNESS_DIR/tmp-pprof-terminal" script -qec "'$RECORD_CMD' --format html -- $run" \
	/dev/null >"$HARNESS_DIR/html-terminal.out" 2>&1 || RECORD_STATUS=$?
check "html-terminal: exit status 2 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 2 ]
check "html-terminal: the terminal shows one line, not to a terminal ($(head -c 300 "$HARNESS_DIR/html-terminal.out"))" \
	[ "$(tr -d '\r' <"$HARNESS_DIR/html-terminal.out")" = \
	  'allocsample-record: --format html writes a web page, not to a terminal: give --report-output FILE or redirect the standard error' ]
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

# The component is asked about the map the options make: a babeltrace2 that
# notes its arguments shows it.  --top and --min-share pass through as the
# unsigned integer and the real their parameters take (or as strings, for
# the component to refuse); the views (--peak, --leaks, --temporary) and
# folded stacks choose their groups and order (what the component makes
# of those: stacks.sh).  The program is missing, so nothing runs:
# options the component accepts reach that check (status 127), the others
# stop before it with the component's line (status 2).
real_babeltrace2=$(command -v babeltrace2)
mkdir -p "$HARNESS_DIR/noting"
cat >"$HARNESS_DIR/noting/babeltrace2" <<NOTING
#!/bin/sh
printf '%s\n' "\$*" >>"$HARNESS_DIR/babeltrace2.args"
exec "$real_babeltrace2" "\$@"
NOTING
chmod +x "$HARNESS_DIR/noting/babeltrace2"
# passes NAME STATUS WORDS OPTIONS...: the query got WORDS among its
# parameters, and the command ended with STATUS.
passes() {
	name=$1
	status=$2
	words=$3
	shift 3
	: >"$HARNESS_DIR/babeltrace2.args"
	PATH="$HARNESS_DIR/noting:$PATH" record_run "$name" "$@" -- "$HARNESS_DIR/no-such-program"
	check "$name: status $status ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq "$status" ]
	check "$name: one line on stderr ($(cat "$HARNESS_DIR/$name.err"))" \
		[ "$(record_lines "$HARNESS_DIR/$name.err")" -eq 1 ]
	check "$name: params-check was asked about $words ($(cat "$HARNESS_DIR/babeltrace2.args"))" \
		grep -q "query sink.allocsample.report params-check -p .*$words" "$HARNESS_DIR/babeltrace2.args"
}
passes top-min-share 127 'top=+5,min-share=2.5' --top 5 --min-share 2.5
passes top-zeros 127 'top=+12,min-share=5.0' --top 012 --min-share 5
passes peak 127 'group-by=\["stack"\],sort="peak"' --peak
passes leaks 127 'group-by=\["stack"\],sort="live"' --leaks
passes leaks-depth0 127 'group-by=\["thread","type"\],sort="live"' --leaks --stack-depth 0
passes temporary 127 'group-by=\["stack"\],sort="temporary",temporary="5ms"' --temporary=5ms
passes temporary-text 127 'format="text",group-by=\["stack"\],sort="temporary"' --temporary
passes folded 127 'format="folded",group-by=\["stack"\]' --format folded
passes top-word 2 'top="many",min-share="lots"' --top many --min-share lots
passes escaped 2 'format="a\\\\b\\"c"' --format 'a\b"c'
check "top-word: the component's reason" grep -q "Parameter .top. is a string" "$HARNESS_DIR/top-word.err"
usage top-missing --top
usage min-share-missing --min-share
# An empty value is refused, in both forms (`--rate ''`, `--rate=`), never
# read as the option not given, which would run the program with the
# default (-p '' would run it instead of attaching).
for option in --rate --format --window --confidence --group-by --stack-depth --enable-event \
	--scope-begin --scope-end --scope-key --top --min-share --temporary --duration \
	--update-interval --live-ports -p --pid -o --output --report-output; do
	empty=empty${option#-}
	if [ "$option" != --temporary ]; then
		usage "$empty" "$option" '' -- $run
		check "$empty: the line names the option ($(cat "$HARNESS_DIR/$empty.err"))" \
			grep -q -- "^allocsample-record: $option needs " "$HARNESS_DIR/$empty.err"
	fi
	case $option in
	-p|-o) ;;
	*)
		usage "$empty-joined" "$option=" -- $run
		check "$empty-joined: the line names the option ($(cat "$HARNESS_DIR/$empty-joined.err"))" \
			grep -q -- "^allocsample-record: $option needs " "$HARNESS_DIR/$empty-joined.err"
		;;
	esac
done

# No component where the command looks for it: one line that says where.
ALLOCSAMPLE_PLUGIN_PATH="$HARNESS_DIR/no-plugin" usage no-plugin -- $run
check "no-plugin: the line names the directory and babeltrace2's cause" \
	grep -q "in $HARNESS_DIR/no-plugin (ALLOCSAMPLE_PLUGIN_PATH).*Cannot find component class" \
	"$HARNESS_DIR/no-plugin.err"
# babeltrace2's cause in words: without the list of its fields
# ("plugin-name=..., comp-cls-type=4").
check "no-plugin: none of babeltrace2's fields in the line" \
	sh -c "! grep -q 'comp-cls-type=' '$HARNESS_DIR/no-plugin.err'"

check "no daemon was started" [ -z "$(record_daemons)" ]
relayds=$(harness_pids lttng-relayd)
check "no relayd was started (${relayds:-none})" [ -z "$relayds" ]
check "the workload never ran" [ ! -e "$HARNESS_DIR/facts" ]
finish
