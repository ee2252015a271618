#!/bin/sh
# fixtures.sh - the suite has one fixture layer, tests/lib (tests/README.md,
# "How the suite is laid out"), and this test keeps it so.  Reads the
# sources only: no build, no daemon.
#
# The rules:
#   sessions  no test outside tests/lib makes, changes or ends a session by
#             hand (lttng create, enable-event, add-context, start, stop,
#             destroy...): harness_session and its kin are the one recipe;
#   libraries a folder's shell files source tests/lib's and their own
#             folder's lib.sh, nothing else: what two folders share lives
#             in tests/lib, and a folder has one library;
#   packages  no test installs anything (apt-get, dpkg): scripts/setup
#             does, and a test that misses a command fails saying so;
#   units     every Check test (a C file that includes check.h) lives in
#             tests/unit/LIBRARY/, beside the other tests of its library.
set -eu
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"
. "$AS_SRCDIR/tests/lib/results.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-fixtures.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shell_files TESTS: the shell files under TESTS but lib/, named from it.
shell_files() {
	(cd "$1" && find . -path ./lib -prune -o -name '*.sh' -print | sed 's|^\./||' | sort)
}

# sessions TESTS: FILE:LINE: TEXT for each command line outside lib/ that
# runs lttng with a verb that makes, changes or ends a session.  Quoted
# text and here-documents are not commands; a line is cut into commands at
# ; & | ( { and $( and each command's first word is read past
# `timeout [OPTION...] DURATION`, `env`, `exec`, assignments and the
# keywords that may start a command.
sessions() {
	for f in $(shell_files "$1"); do
		awk -v file="$f" '
			heredoc != "" { if ($0 ~ "^\t*" heredoc "$") heredoc = ""; next }
			{
				line = $0
				if (match(line, /<<-?[ ]*[\047"]?[A-Za-z_]+/)) {
					heredoc = substr(line, RSTART, RLENGTH)
					sub(/^<<-?[ ]*[\047"]?/, "", heredoc)
				}
				sub(/^[ \t]*#.*/, "", line)
				gsub(/\047[^\047]*\047/, "\047\047", line)
				gsub(/"[^"]*"/, "\"\"", line)
				n = split(line, parts, /;|&|\||\$\(|\(|\{|`/)
				for (i = 1; i <= n; i++) {
					w = split(parts[i], word, /[ \t]+/)
					k = 1
					while (k <= w && (word[k] == "" || word[k] ~ /^(!|then|do|else|if|while|until|exec|env|[A-Za-z_][A-Za-z_0-9]*=.*)$/))
						k++
					if (word[k] == "timeout") {
						for (k++; k <= w && word[k] ~ /^-/; k++)
							if (word[k] ~ /^(-s|-k|--signal|--kill-after)$/)
								k++
						k++
					}
					if (word[k] != "lttng")
						continue
					for (k++; k <= w && word[k] ~ /^-/; k++)
						;
					if (word[k] ~ /^(create|destroy|enable-event|disable-event|enable-channel|disable-channel|add-context|start|stop|snapshot|track|untrack|rotate|enable-rotation|load|save|set-session|regenerate|clear)$/) {
						print file ":" NR ": " $0
						break
					}
				}
			}' "$1/$f"
	done
}

# libraries TESTS: FILE:LINE: TEXT for each file outside lib/ that sources
# a file of tests/ other than tests/lib's and its own folder's lib.sh, and
# FILE: for each library of a folder not named lib.sh.
libraries() {
	for f in $(shell_files "$1"); do
		case ${f##*/} in
		lib.sh) ;;
		*lib*.sh) echo "$f: a second library of its folder" ;;
		esac
		folder=${f%%/*}
		grep -n '^[[:space:]]*\.[[:space:]].*/tests/' "$1/$f" |
			grep -v -e '/tests/lib/' -e "/tests/$folder/lib\\.sh" | sed "s|^|$f:|" || true
	done
}

# packages TESTS: FILE:LINE: TEXT for each line of tests/ that installs
# packages.
packages() {
	(cd "$1" && grep -rnE '(^|[^a-z-])(apt-get|apt|dpkg)[[:space:]]+(-[^ ]+[[:space:]]+)*(install|-i)([[:space:]]|$)|require-packages' \
		--include='*.sh' --include='*.mk' --include='*.py' . | sed 's|^\./||' | grep -v '^lib/fixtures\.sh:') || true
}

# units TESTS: each C file that includes check.h (or check-run.h) and is
# not in a folder of tests/unit/.
units() {
	(cd "$1" && grep -rlE '#include[[:space:]]*(<check\.h>|"(lib/)?check-run\.h")' --include='*.c' . |
		sed 's|^\./||' | grep -v '^unit/[^/]*/[^/]*\.c$') || true
}

# The checks themselves, on a made-up tests/ that breaks every rule once,
# and keeps them in the ways that look close: quoted text, a here-document,
# a read-only lttng command.
mkdir -p "$work/tests/lib" "$work/tests/report" "$work/tests/heap" "$work/tests/unit/sampler"
cat >"$work/tests/report/bad.sh" <<'EOF'
. "$AS_SRCDIR/tests/heap/lib.sh"
timeout -s KILL 60 lttng stop s >/dev/null || fail "it said 'lttng create'"
report_says err "lttng add-context -u -t vtid (then lttng start)"
cat <<'DOC'
lttng create myrun
DOC
lttng --mi xml list | grep -q x && lttng destroy s
sh tests/compat/require-packages.sh jq
EOF
cat >"$work/tests/report/stack-lib.sh" <<'EOF'
. "$AS_SRCDIR/tests/report/lib.sh"
EOF
printf '. "$AS_SRCDIR/tests/lib/results.sh"\n. "$AS_SRCDIR/tests/report/lib.sh"\n' >"$work/tests/report/good.sh"
printf '#include <check.h>\n' >"$work/tests/report/test-one.c"
printf '#include <check.h>\n' >"$work/tests/unit/sampler/test-two.c"
printf 'lttng create s\n' >"$work/tests/lib/harness.sh"

sessions "$work/tests" >"$work/made-up.sessions"
check "sessions made by hand are found, and only those ($(paste -s -d '|' "$work/made-up.sessions"))" \
	[ "$(cut -d : -f 1,2 "$work/made-up.sessions" | paste -s -d ' ' -)" = "report/bad.sh:2 report/bad.sh:7" ]
libraries "$work/tests" >"$work/made-up.libraries"
check "another folder's library, and a second library of a folder, are found ($(paste -s -d '|' "$work/made-up.libraries"))" \
	[ "$(cut -d : -f 1,2 "$work/made-up.libraries" | paste -s -d ' ' -)" = "report/bad.sh:1 report/stack-lib.sh: a second library of its folder" ]
packages "$work/tests" >"$work/made-up.packages"
check "an install of packages is found ($(paste -s -d '|' "$work/made-up.packages"))" \
	[ "$(cut -d : -f 1,2 "$work/made-up.packages")" = "report/bad.sh:8" ]
check "a unit test outside tests/unit/LIBRARY is found ($(units "$work/tests" | paste -s -d ' ' -))" \
	[ "$(units "$work/tests")" = report/test-one.c ]

# judge RULE WHAT: the rule on the project's tests/, a check that it finds
# nothing (WHAT says what that means).
judge() {
	"$1" "$AS_SRCDIR/tests" >"$work/$1"
	if [ -s "$work/$1" ]; then
		fail "$2: not so here:
$(sed 's/^/        /' "$work/$1")"
	else
		ok "$2"
	fi
}
judge sessions "no test outside tests/lib makes, changes or ends a session by hand"
judge libraries "each folder sources tests/lib's files and its own lib.sh only"
judge packages "no test installs packages (scripts/setup does)"
judge units "every Check test lives in tests/unit/LIBRARY/"
finish
