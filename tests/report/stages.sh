#!/bin/sh
# stages.sh - the report's stages depend downward only (doc/design.md
# section 4): no file of a stage reaches, through its includes or theirs,
# a header of a stage after it, and no format reaches read/ or aggregate/:
# a writer prints what the model holds and calls nothing else.  Reads the
# sources only: no build, no daemon.
#
# The rules, by the room of the file checked:
#   read/       nothing of aggregate/, model/ or format/
#   aggregate/  nothing of model/ or format/
#   model/      nothing of format/
#   format/     nothing of read/ or aggregate/
#   symbols/    nothing of read/, aggregate/, model/ or format/
# Includes are followed as written ("model/model.h" from plugins/report,
# "estimate/estimate.h" from the top); a generated header has none.
set -eu
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"
. "$AS_SRCDIR/tests/lib/results.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-stages.XXXXXX")
trap 'rm -rf "$work"' EXIT

# edges PLUGIN_DIR TOP_DIR: "FILE INCLUDED" for every quoted include of the
# C files under PLUGIN_DIR (named from there) and under TOP_DIR's estimate/
# and common/ (named from TOP_DIR).
edges() {
	for base in "$1" "$2"; do
		if [ "$base" = "$1" ]; then
			files=$(cd "$base" && find . -name '*.[ch]' | sed 's|^\./||')
		else
			files=$(cd "$base" && find estimate common -name '*.[ch]' 2>/dev/null || true)
		fi
		for f in $files; do
			sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$base/$f" |
				sed "s|^|$f |"
		done
	done
}

# The rules of the header: ROOM: THE ROOMS IT MUST NOT REACH, separated by
# ';'.
rules='read: aggregate model format;aggregate: model format;model: format;format: read aggregate;'
rules="${rules}symbols: read aggregate model format"

# violations PLUGIN_DIR TOP_DIR: one line per file that reaches a header
# its room must not, with the chain of includes that reaches it.
violations() {
	edges "$1" "$2" | awk -v rules="$rules" '
		function room(f) { return f ~ /\// ? substr(f, 1, index(f, "/") - 1) : "" }
		{ n[$1]++; to[$1, n[$1]] = $2; files[$1] = 1 }
		END {
			# forbid[ROOM]: the rooms it must not reach, " a b ".
			for (i = split(rules, rule, ";"); i > 0; i--) {
				split(rule[i], part, ":")
				forbid[part[1]] = part[2] " "
			}
			for (f in files) {
				r = room(f)
				if (!(r in forbid))
					continue
				# Breadth first from f, each header once, with the one
				# that included it: the first forbidden header found is
				# reached by a shortest chain, and is enough to say.
				split("", seen)
				split("", from)
				queue[1] = f; head = 1; tail = 1; seen[f] = 1; found = 0
				while (head <= tail && !found) {
					cur = queue[head++]
					for (i = 1; i <= n[cur]; i++) {
						h = to[cur, i]
						if (h in seen)
							continue
						seen[h] = 1
						from[h] = cur
						queue[++tail] = h
						if (index(forbid[r], " " room(h) " ")) {
							chain = h
							for (c = cur; c != f; c = from[c])
								chain = c " -> " chain
							print f " -> " chain
							found = 1
							break
						}
					}
				}
			}
		}' | sort
}

# The check itself: a made-up tree whose format file reaches read/ through
# the model, and aggregate/ through the model's own header, is caught.
mkdir -p "$work/tree/format" "$work/tree/model" "$work/tree/read" "$work/top"
printf '#include "model/model.h"\n' >"$work/tree/format/writer.c"
printf '#include "read/site.h"\n#include "model/ok.h"\n' >"$work/tree/model/model.h"
printf '#include "estimate/estimate.h"\n' >"$work/tree/model/ok.h"
printf '/* nothing */\n' >"$work/tree/read/site.h"
violations "$work/tree" "$work/top" >"$work/made-up"
check "a header reached through the model is caught ($(cat "$work/made-up"))" \
	[ "$(cat "$work/made-up")" = "format/writer.c -> model/model.h -> read/site.h" ]

violations "$AS_SRCDIR/plugins/report" "$AS_SRCDIR" >"$work/found"
files=$(cd "$AS_SRCDIR/plugins/report" && find read aggregate model format symbols -name '*.[ch]' | wc -l)
if [ -s "$work/found" ]; then
	fail "some files reach the headers of a later stage, or a format reaches read/ or aggregate/:
$(sed 's/^/        /' "$work/found")"
else
	ok "the $files files of read/, aggregate/, model/, format/ and symbols/ depend downward only"
fi
finish
