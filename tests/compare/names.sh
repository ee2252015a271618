#!/bin/sh
# names.sh - allocsample-compare reads a trace directory whatever its name:
# relative names that babeltrace2 would take for one of its own commands
# (run, convert, help, list-plugins, query), names that start with a dash
# (given after --) and names with a space, a quote, a colon or a comma.
# Each copy of one trace, compared with the trace under a plain name, gives
# exit status 0 and the groups of the trace compared with itself.  No
# statistical check: both sides are the same samples.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
compare_begin "$@"

compare_trace base 1

# Relative names, as a user types them: babeltrace2 runs in this directory.
mkdir "$d/names"
cd "$d/names"
cp -R "$d/base" trace
compare_run itself --format json trace trace
check "the trace against itself: exit status 0 ($COMPARE_STATUS; $(head -c 300 "$d/itself.err"))" \
	[ "$COMPARE_STATUS" -eq 0 ]
jq -S .groups "$d/itself.out" >"$d/itself.groups" 2>/dev/null || harness_fail "the trace against itself gave no JSON"

i=0
for dir in run convert help list-plugins query -x --help 'two words' "it's" 'a:b,c=d'; do
	i=$((i + 1))
	cp -R trace "./$dir"
	case $dir in
	-*) compare_run "name$i" --format json -- trace "$dir" ;;
	*) compare_run "name$i" --format json trace "$dir" ;;
	esac
	check "a trace named '$dir': exit status 0 ($COMPARE_STATUS; $(head -c 300 "$d/name$i.err"))" \
		[ "$COMPARE_STATUS" -eq 0 ]
	same=no
	jq -S .groups "$d/name$i.out" 2>/dev/null | cmp -s - "$d/itself.groups" && same=yes
	check "a trace named '$dir': the groups of the trace against itself" [ "$same" = yes ]
done
finish
