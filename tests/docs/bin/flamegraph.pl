#!/bin/sh
# flamegraph.pl - a stand-in for Brendan Gregg's flamegraph.pl, which Debian
# does not package, for tests/docs/commands.sh: it takes the options the
# documents give it (--countname=NAME), reads folded stacks from its file
# arguments or its standard input, fails unless every line is one
# ("FRAME;FRAME... COUNT", a positive integer) and there is one at least,
# and writes an SVG with one text element per stack.
set -eu
# The files, without the options.
n=$#
while [ "$n" -gt 0 ]; do
	case $1 in
	--countname=*) ;;
	-*) echo "flamegraph.pl (stand-in): unknown option $1" >&2; exit 2 ;;
	*) set -- "$@" "$1" ;;
	esac
	shift
	n=$((n - 1))
done
awk '
	!/^[^ ].* [1-9][0-9]*$/ { printf "flamegraph.pl (stand-in): line %d is not a folded stack: %s\n", NR, $0 >"/dev/stderr"; bad = 1; exit 1 }
	{ stacks[NR] = $0 }
	END {
		if (bad) exit 1
		if (NR == 0) { print "flamegraph.pl (stand-in): no stack" >"/dev/stderr"; exit 1 }
		print "<svg xmlns=\"http://www.w3.org/2000/svg\">"
		for (i = 1; i <= NR; i++) {
			gsub(/&/, "\\&amp;", stacks[i]); gsub(/</, "\\&lt;", stacks[i])
			printf "<text y=\"%d\">%s</text>\n", 16 * i, stacks[i]
		}
		print "</svg>"
	}' "$@"
