#!/bin/sh
# readers.sh - how commands.sh reads documents, on small made-up ones:
# extract.awk finds the commands and the output shown (fenced sh blocks,
# inline commands, output blocks; a manual page's .nf/.EX command lines,
# escapes read, continuations joined, output after a "$ " command) and
# flags what it cannot read; placeholders.awk fills the templates and names
# the other placeholders; shape.awk tells figures from shape.  So a command
# added to a document is one commands.sh runs, or one it fails on.  Needs
# no daemon.
set -eu
: "${AS_SRCDIR:?run through make check, or set AS_SRCDIR}"
. "$AS_SRCDIR/tests/lib/results.sh"
docs="$AS_SRCDIR/tests/docs"

work=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-readers.XXXXXX")
trap 'rm -rf "$work"' EXIT

# same WHAT EXPECTED ACTUAL: a check that two files are the same, showing
# the difference when not.
same() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		fail "$1:
$(diff "$2" "$3" | sed 's/^/        /')"
	fi
}

tab=$(printf '\t')
cat >"$work/doc.md" <<'EOF'
# A document

Run `allocsample-record --leaks -- ./server` or read
`src/record/allocsample-record -- PROGRAM` across a line break; `allocsample-compare BASELINE NEW`
and `--format json` are not commands.

```sh
# a comment
allocsample-record -o run --no-report -- ./server   # a trailing comment
$ lttng create myrun
babeltrace2 trace -c sink.allocsample.report \
    -p 'group-by="stack"'
```

```
By thread
  PROCESS  PID
```

```c
struct request *r = ALLOCSAMPLE_NEW(struct request);
```

  ```sh
  allocsample-compare --fail-above 10 baseline.json run
  ```
EOF
sed "s/ TAB /$tab/g" >"$work/md.expect" <<'EOF'
command TAB 3 TAB allocsample-record --leaks -- ./server
command TAB 4 TAB src/record/allocsample-record -- PROGRAM
command TAB 9 TAB allocsample-record -o run --no-report -- ./server   # a trailing comment
command TAB 10 TAB lttng create myrun
command TAB 11 TAB babeltrace2 trace -c sink.allocsample.report -p 'group-by="stack"'
output TAB 16 TAB By thread
output TAB 17 TAB   PROCESS  PID
command TAB 25 TAB allocsample-compare --fail-above 10 baseline.json run
EOF
awk -v format=md -f "$docs/extract.awk" "$work/doc.md" >"$work/md.records"
same "Markdown: sh blocks, inline commands with an option, output blocks, continuations; not comments, C, synopses" \
	"$work/md.expect" "$work/md.records"

cat >"$work/page.7" <<'EOF'
.SH SYNOPSIS
.nf
.B #include <allocsample.h>
void allocsample_record(const char *type, size_t size);
.fi
.SH EXAMPLES
.nf
allocsample-record \-\- ./server \-\-port 8080
LD_PRELOAD=/usr/local/lib/liballocsample-preload.so ./server
Messages -->@ in
.fi
.EX
$ babeltrace2 TRACE \-c sink\&.allocsample\&.report \e
              \-p \*(Aqformat="folded"\*(Aq
a;b;c 10
$ lttng enable-event -u \(aqallocsample:*\(aq
.EE
.nf
$ babeltrace2 \fBTRACE\fR \-c sink.allocsample.report \(xx
.fi
EOF
sed "s/ TAB /$tab/g" >"$work/man.expect" <<'EOF'
command TAB 8 TAB allocsample-record -- ./server --port 8080
command TAB 9 TAB LD_PRELOAD=/usr/local/lib/liballocsample-preload.so ./server
command TAB 13 TAB babeltrace2 TRACE -c sink.allocsample.report -p 'format="folded"'
output TAB 15 TAB a;b;c 10
command TAB 16 TAB lttng enable-event -u 'allocsample:*'
error TAB 19 TAB an escape the extractor cannot read, \(xx: $ babeltrace2 \fBTRACE\fR \-c sink.allocsample.report \(xx
EOF
awk -v format=man -f "$docs/extract.awk" "$work/page.7" >"$work/man.records"
same "manual page: command lines of .nf and .EX blocks, escapes, continuations, output after a prompt; an unknown escape flagged" \
	"$work/man.expect" "$work/man.records"

# placeholders.awk: a template filled, an unknown placeholder named, the
# rest left as it is.
fill() {
	rm -f "$work/unknown"
	printf '%s\n' "$1" | awk -v values='TRACE=/t HOST=h' -v unknown="$work/unknown" -f "$docs/placeholders.awk"
}
check "a template filled, three times" \
	[ "$(fill 'babeltrace2 TRACE net://localhost/host/HOST/x TRACE')" = 'babeltrace2 /t net://localhost/host/h/x /t' ]
filled=$(fill 'ALLOCSAMPLE_PRELOAD=$PWD/x.so allocsample-record -- PROGRAM   # ./allocsample.PROGRAM.PID.pb.gz')
check "variables set and read, and comments, are not placeholders; PROGRAM is one, unknown" \
	sh -c '[ "$1" = "ALLOCSAMPLE_PRELOAD=\$PWD/x.so allocsample-record -- PROGRAM   # ./allocsample.PROGRAM.PID.pb.gz" ] &&
		[ "$(cat "$2")" = PROGRAM ]' - "$filled" "$work/unknown"
fill 'babeltrace2 TRACE_DIR -c sink.allocsample.report' >/dev/null
check "TRACE_DIR is a placeholder of its own" [ "$(cat "$work/unknown")" = TRACE_DIR ]

# shape.awk: other figures and units match; other words, columns or
# source lines do not.
sed "s/ TAB /$tab/g" >"$work/shown" <<'EOF'
1 TAB   wordindex  21691  21696      143  14.5 MiB  [12.2 MiB, 17.0 MiB]
2 TAB allocsample-compare: regression: type server: struct session: 8.01 MiB -> 10.4 MiB (+30%)
3 TAB   PROCESS      PID    TID  SAMPLES  ESTIMATE  95% INTERVAL          NOTE
4 TAB       index_words  wordindex.c:123
5 TAB       index_words  wordindex.c:105
EOF
cat >"$work/printed" <<'EOF'
  wordindex  6717  6720  151  997.2 KiB  [12.7 KiB, 1.06 MiB]
allocsample-compare: regression: type server: struct session: 193.8 MiB -> 248.0 MiB (+28%)
  PROCESS     PID   TID  SAMPLES   ESTIMATE  95% INTERVAL           LIVE AT END  LIVE INTERVAL          NOTE
        index_words  wordindex.c:123
EOF
awk -f "$docs/shape.awk" "$work/shown" "$work/printed" >"$work/unmatched"
check "shape: figures and units may differ, columns and source lines not ($(cat "$work/unmatched"))" \
	[ "$(cut -f 1 "$work/unmatched" | paste -s -d ' ' -)" = "3 5" ]

# The live columns, which a report prints only when some sample was live
# at the end: a shown table without them matches a printed one with them
# when its Total row has bytes live, not when it has none.
sed "s/ TAB /$tab/g" >"$work/shown" <<'EOF'
1 TAB   PROCESS      PID  TYPE         THREADS  SAMPLES  ESTIMATE  95% INTERVAL           NOTE
2 TAB   wordindex  23425  calloc             3        5  1.80 MiB  [1.25 MiB, 2.64 MiB]
3 TAB   wordindex  23425  postings           3      291  28.4 MiB  [25.0 MiB, 32.1 MiB]  *
EOF
# live_table LIVE: a printed table whose calloc row and Total have LIVE
# bytes live at the end.
live_table() {
	cat <<EOF
  PROCESS     PID  TYPE         THREADS  SAMPLES  ESTIMATE  95% INTERVAL           LIVE AT END  LIVE INTERVAL     NOTE
  wordindex  6725  calloc             4        6  1.88 MiB  [1.61 MiB, 3.26 MiB]     $1  [89 B, 1.00 MiB]
  wordindex  6725  postings           3      310  30.3 MiB  [26.7 MiB, 34.1 MiB]           0 B  [0 B, 722.5 KiB]
  Total          1        4      421  42.4 MiB  [38.5 MiB, 47.1 MiB]    $1  [89 B, 1.00 MiB]
EOF
}
live_table '100.2 KiB' >"$work/printed"
awk -f "$docs/shape.awk" "$work/shown" "$work/printed" >"$work/unmatched"
check "shape: a table shown without the live columns matches one printed with bytes live ($(cat "$work/unmatched"))" \
	[ "$(cut -f 1 "$work/unmatched" | paste -s -d ' ' -)" = "3" ]
live_table '0 B' >"$work/printed"
awk -f "$docs/shape.awk" "$work/shown" "$work/printed" >"$work/unmatched"
check "shape: but not one printed with them and nothing live ($(cat "$work/unmatched"))" \
	[ "$(cut -f 1 "$work/unmatched" | paste -s -d ' ' -)" = "1 2 3" ]
finish
