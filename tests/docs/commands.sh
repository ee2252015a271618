#!/bin/sh
# commands.sh - every command that README.md and the manual pages show runs
# as written, in order, and succeeds; where a document shows what a command
# prints, the command prints lines of that shape.
#
# Which lines are commands: tests/docs/extract.awk says (fenced sh blocks
# and inline code that runs allocsample-record, allocsample-compare,
# allocsample-profile, babeltrace2 or lttng with an option, in Markdown;
# the command lines of .nf/.EX blocks, in manual pages), read from the
# documents when the test runs, so that an edited or added command is run
# too.
#
# Where: as root, in network and mount namespaces of the test's own, the
# build tree's install (which `make check` makes in tests/stage) is copied
# into a tmpfs over /usr/local (tests/lib/install.sh, which also says what
# a build of another prefix gets), so that
# /usr/local/lib/liballocsample-preload.so and the commands on PATH are the
# ones just built; a session daemon of the test's own answers `lttng
# create`; loopback has the ports the documents use (lttng-relayd's
# defaults, pprof's 8080) free.  It needs root (CI runs as root): the
# mounts need it, and lttng-sessiond cannot run as the root of a user
# namespace (it fails to give its sockets to the tracing group); as
# another user it fails, saying so.
#
# How (tests/docs/run-document.sh): each document's commands run in one
# shell, in order, in a directory of their own holding ./wordindex and
# ./server (examples/) and script.py (tests/docs/script.py, "your
# script"), with a session daemon, a HOME (so ~/lttng-traces) and a TMPDIR
# of their own, as a reader who installed to /usr/local: /usr/local/bin on
# PATH, BABELTRACE_PLUGIN_PATH=/usr/local/lib/babeltrace2/plugins (what
# the README's "Building by hand" tells that reader to export), no
# ALLOCSAMPLE_PRELOAD or ALLOCSAMPLE_PLUGIN_PATH, BROWSER=true (no browser
# opens), and after the rest of PATH a stand-in for flamegraph.pl, which
# Debian does not package (tests/docs/bin/flamegraph.pl: it checks that
# its input is folded stacks).
#
# A command passes when its exit status is 0 (or 1 for allocsample-compare
# --fail-above: the gate's other answer), when the dynamic linker did not
# say that it left out a library of LD_PRELOAD (the program runs all the
# same, unseen), and, when the document shows its output (an untagged
# fenced block after it, or lines after a "$ " command in a manual page),
# when each line shown has the shape of a line it printed
# (tests/docs/shape.awk: the same but for the figures).
#
# Not run here, listed in `not_run` below with the reason:
#   - scripts/demo and scripts/test, the README's first two lines: CI
#     itself, which runs this test;
#   - the README's build line (./bootstrap && ./configure && make && sudo
#     make check && sudo make install): scripts/test builds and runs the suite,
#     and this test's set-up is that install.
# Placeholders, words in capitals that the reader replaces
# (tests/docs/placeholders.awk), are filled from `templates` below; a
# command with another one fails, naming it:
#   - TRACE: any trace the reader has; here one of ./server recorded by
#     `allocsample-record -o`;
#   - BUILD: the reader's build tree; here $AS_BUILDDIR;
#   - HOST and SESSION, of a live session: this host's name and docs-live,
#     a live session that run-document.sh records ./server in while the
#     command reads it;
#   - PID, of a running process to attach to (allocsample-record -p): a
#     Python loop (tests/attach/loop.py) started for each document, with
#     the reader's home, and stopped after it.
# A command that names the build tree as $PWD/src/, or starts with a path
# in it (src/..., the README's "From the build tree"), runs in the build
# tree.
set -eu

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/install.sh"
install_check
# `go tool pprof -http` draws its default page with graphviz's dot.  The
# documents use lttng-relayd's and pprof's default ports: a network of the
# test's own.
require ip go dot python3
HARNESS_NETWORK=private
harness_enter "$@"
d=$HARNESS_DIR
docs="$AS_SRCDIR/tests/docs"
install_mount

# not_run COMMAND: true, with the reason in $why, for a command not run here.
not_run() {
	case $1 in
	scripts/demo* | scripts/test*)
		why="CI itself, which runs this test" ;;
	'./bootstrap && ./configure && make && sudo make check && sudo make install')
		why="the build and the suite, which scripts/test runs; the install is this test's set-up" ;;
	*) return 1 ;;
	esac
}

# as_reader HOME COMMAND...: COMMAND in the reader's environment, with HOME
# (made by `daemon`) as home.
as_reader() {
	reader_home=$1
	shift
	env -u ALLOCSAMPLE_PRELOAD -u ALLOCSAMPLE_PLUGIN_PATH HOME="$reader_home" LTTNG_HOME="$reader_home" \
		TMPDIR="$reader_home/tmp" PATH="/usr/local/bin:$PATH:$docs/bin" \
		BABELTRACE_PLUGIN_PATH=/usr/local/lib/babeltrace2/plugins BROWSER=true "$@"
}

# reader_dir DIR: a new directory with what the documents take the reader
# to have in theirs.
reader_dir() {
	mkdir -p "$1"
	cp "$AS_BUILDDIR/examples/wordindex" "$AS_BUILDDIR/examples/server" "$docs/script.py" "$1"
}

# daemon HOME: the session daemon, started again with HOME as its home (its
# traces go to HOME/lttng-traces).
daemon() {
	harness_stop_sessiond
	mkdir -p "$1/tmp"
	LTTNG_HOME=$1
	export LTTNG_HOME
	harness_start_sessiond
}

# TRACE's trace.
daemon "$d/home"
reader_dir "$d/trace-program"
status=0
(cd "$d/trace-program" && as_reader "$d/home" \
	allocsample-record -o "$d/trace" --no-report -- ./server >/dev/null 2>"$d/trace.err") || status=$?
[ "$status" -eq 0 ] || harness_fail "the trace of ./server for TRACE could not be recorded: $(cat "$d/trace.err")"
templates="TRACE=$d/trace BUILD=$AS_BUILDDIR HOST=$(uname -n) SESSION=docs-live"

# document FILE FORMAT: runs the commands of FILE (format md or man, as
# extract.awk reads it) and checks them; adds how many ran to ran_FORMAT.
document() {
	doc=${1#"$AS_SRCDIR"/}
	name=$(basename "$1")
	cmds="$d/$name.cmds"
	mkdir -p "$cmds"
	# The reader's daemon, directory and a service of theirs that runs
	# (PID, for allocsample-record -p): a Python loop.
	home="$d/$name.home"
	daemon "$home"
	reader_dir "$d/$name.dir"
	(cd "$d/$name.dir" && exec env HOME="$home" LTTNG_HOME="$home" \
		python3 "$AS_SRCDIR/tests/attach/loop.py" 100000 >/dev/null 2>&1) &
	service=$!
	doc_templates="$templates PID=$service"
	awk -v format="$2" -f "$docs/extract.awk" "$1" >"$cmds/records" ||
		harness_fail "extract.awk could not read $doc"
	n=0
	owner=0 # the command the output shown next is of, 0 for none
	: >"$cmds/list"
	tab=$(printf '\t')
	while IFS=$tab read -r kind line text; do
		case $kind in
		error)
			fail "$doc:$line: $text"
			continue
			;;
		output)
			[ "$owner" -gt 0 ] && printf '%s\t%s\n' "$line" "$text" >>"$cmds/$owner.shown"
			continue
			;;
		esac
		owner=0
		if not_run "$text"; then
			printf '      %s:%s: not run here (%s): %s\n' "$doc" "$line" "$why" "$text"
			continue
		fi
		n=$((n + 1))
		printf '%s\n' "$line" >"$cmds/$n.line"
		printf '%s\n' "$text" >"$cmds/$n.text"
		rm -f "$cmds/unknown"
		printf '%s\n' "$text" |
			awk -v values="$doc_templates" -v unknown="$cmds/unknown" -f "$docs/placeholders.awk" >"$cmds/$n.sh"
		if [ -s "$cmds/unknown" ]; then
			fail "$doc:$line: the placeholder $(paste -s -d ' ' "$cmds/unknown") of \`$text\` has no value here: write a command that runs as it is, or add a template to tests/docs/commands.sh"
			continue
		fi
		case $text in
		*HOST*SESSION*) mode=live ;;
		*'$PWD/src/'* | src/*) mode=build ;;
		'go tool pprof -http'*) mode=serve ;;
		*) mode=run ;;
		esac
		echo "$n $mode" >>"$cmds/list"
		owner=$n
	done <"$cmds/records"
	if [ -s "$cmds/list" ]; then
		(cd "$d/$name.dir" && as_reader "$home" \
			timeout 600 sh "$docs/run-document.sh" "$cmds" "$cmds/list") || true
	fi
	# Ended for a document without commands too: it would outlive the test.
	kill "$service" 2>/dev/null || true
	wait "$service" 2>/dev/null || true
	if [ ! -s "$cmds/list" ]; then
		printf '      %s: no command to run\n' "$doc"
		return 0
	fi
	eval "ran_$2=\$((ran_$2 + n))"

	while read -r i _; do
		line=$(cat "$cmds/$i.line")
		text=$(cat "$cmds/$i.text")
		if [ ! -f "$cmds/$i.status" ]; then
			fail "$doc:$line: \`$text\` did not finish, or ended the shell that runs the document ($(head -c 300 "$cmds/$i.err" 2>/dev/null))"
			continue
		fi
		status=$(cat "$cmds/$i.status")
		ms=$(cat "$cmds/$i.ms")
		case $status:$text in
		0:* | 1:allocsample-compare*--fail-above*)
			if grep -q 'from LD_PRELOAD cannot be preloaded' "$cmds/$i.err"; then
				fail "$doc:$line: \`$text\`: $(grep -m 1 'from LD_PRELOAD cannot be preloaded' "$cmds/$i.err")"
			else
				ok "$doc:$line: \`$text\` (exit status $status, $ms ms)"
			fi
			;;
		*)
			fail "$doc:$line: \`$text\`: exit status $status, and on standard error:
$(tail -n 8 "$cmds/$i.err" | sed 's/^/        /')" ;;
		esac
		[ -f "$cmds/$i.shown" ] || continue
		shown=$(awk -F '\t' 'NR == 1 { first = $1 } { last = $1 } END { print first "-" last }' "$cmds/$i.shown")
		awk -f "$docs/shape.awk" "$cmds/$i.shown" "$cmds/$i.out" "$cmds/$i.err" >"$cmds/$i.unmatched"
		if [ -s "$cmds/$i.unmatched" ]; then
			fail "$doc:$shown: what \`$text\` prints has no line of the shape of these, which the document shows:
$(sed 's/^/        /' "$cmds/$i.unmatched")
      it printed:
$(cat "$cmds/$i.out" "$cmds/$i.err" | sed 's/^/        /')"
		else
			ok "$doc:$shown: what \`$text\` prints has the shape shown"
		fi
	done <"$cmds/list"
}

# The commands run, in Markdown and in manual pages: a reading that finds
# none would leave every check above out.
ran_md=0
ran_man=0
document "$AS_SRCDIR/README.md" md
for page in "$AS_SRCDIR"/doc/man/*.[1-8]; do
	document "$page" man
done
check "README.md's commands were run ($ran_md)" [ "$ran_md" -gt 0 ]
check "the manual pages' commands were run ($ran_man)" [ "$ran_man" -gt 0 ]
finish
