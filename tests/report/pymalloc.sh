#!/bin/sh
# pymalloc.sh - CPython's pymalloc serves objects of up to 512 bytes from
# arenas malloc never sees: a report of Debian's python3 says so once, in
# text (a note), JSON (`notes`) and the page (which draws the JSON's
# notes), naming the process by its executable's name and pointing at
# PYTHONMALLOC=malloc; the report of a program that is not CPython says
# nothing of it (tables.sh).  The advice holds: the script keeps 200000
# strings of 60 characters (12,000,000 by its own count, each string an
# object of about 110 bytes); run with PYTHONMALLOC=malloc, the lower end
# of its bytes in the size classes under 512 bytes is at least those
# characters, where with pymalloc their upper end is under a third of
# them.  Each is one interval at 99.99%: the two checks fail by chance
# with probability below 2e-4.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require python3
harness_enter "$@"
harness_start_sessiond

d=$HARNESS_DIR
script='import os
kept = ["%060d" % i for i in range(200000)]
print("pid", os.getpid())
print("bytes", sum(len(s) for s in kept))'
# An empty PYTHONMALLOC is CPython's default, pymalloc.
for run in pymalloc malloc; do
	allocator=
	[ "$run" = pymalloc ] || allocator=malloc
	PYTHONMALLOC=$allocator ALLOCSAMPLE_SEED=3 ALLOCSAMPLE_RATE=16384 report_traced "$run" \
		-p 'confidence=0.9999' --events 'allocsample:*,lttng_ust_statedump:procname' -- \
		harness_preload /usr/bin/python3 -c "$script"
done
report_fact pid "$d/pymalloc.out" pid
report_fact bytes "$d/malloc.out" bytes

note="python3 (pid $pid) is CPython: pymalloc serves its objects of up to 512 bytes from arenas of its own"
check "json: the process is python3 ($(jq -c "[.groups[] | select(.kind == \"process\") | .procname]" "$d/pymalloc.json"))" \
	[ "$(jq -r ".groups[] | select(.kind == \"process\" and .pid == $pid) | .procname" "$d/pymalloc.json")" = python3 ]
check "json: one note, on pymalloc, naming the process ($(jq -c .notes "$d/pymalloc.json"))" \
	jq -e --arg n "$note" '(.notes | length) == 1 and (.notes[0] | startswith($n) and contains("PYTHONMALLOC=malloc"))' \
	"$d/pymalloc.json"
report_run "$d/pymalloc" >"$d/pymalloc.txt" 2>"$d/text.err" ||
	harness_fail "the text report failed: $(tail -n 5 "$d/text.err")"
check "text: the note, on one line, with PYTHONMALLOC=malloc" \
	sh -c 'grep -F "$1" "$2" | grep -qF "run it with PYTHONMALLOC=malloc to see them"' - "$note" "$d/pymalloc.txt"
report_run "$d/pymalloc" -p "format=\"html\",path=\"$d/page.html\"" >/dev/null 2>"$d/html.err" ||
	harness_fail "the HTML report failed: $(tail -n 5 "$d/html.err")"
check "page: the note is in the data the page draws" grep -qF "$note" "$d/page.html"

# small JSON BOUND: the size classes up to 512 bytes of the python3 process,
# their interval's end BOUND (lower or upper) added up.
small() {
	jq "[.groups[] | select(.kind == \"process\" and .procname == \"python3\") | .sizes[] | select(.max < 512) | .$2] | add // 0" "$1"
}
with_pymalloc=$(small "$d/pymalloc.json" upper)
with_malloc=$(small "$d/malloc.json" lower)
check "with PYTHONMALLOC=malloc, they show: at least $with_malloc B, the characters of the strings alone being $bytes" \
	[ "$with_malloc" -ge "$bytes" ]
check "with pymalloc, they are hidden: at most $with_pymalloc B, under a third of those characters" \
	[ "$with_pymalloc" -lt $((bytes / 3)) ]
finish
