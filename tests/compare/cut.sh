#!/bin/sh
# cut.sh - allocsample-compare on a trace directory cut short: a copy of a
# run's trace whose stream file ends inside its last packet, which
# babeltrace2 alone cannot read.  It is compared up to the cut, through
# its view (view/view.h): exit status 0, the cut said in a warning, in the
# text (under the inputs) and in JSON (the side's `cut`, the view's
# statement: the stream file and the bytes read of it), the side's groups
# incomplete, and the change a cut can cause never called, as for lost
# events: no decrease when NEW is cut, no increase when BASELINE is,
# though against the variant with 30% more buffers the run is one; no
# temporary directory left behind.  (The last packet, not one in the
# middle: the workload's main thread, which names its process, allocates
# last, and a process named otherwise would match nothing.)  A copy whose
# metadata keeps no whole declaration cannot be read at all: refused in
# one line, status 2.
#
# At --confidence 0.999, the two controls (the variant against the whole
# run is a decrease of buffer, and of the total) fail by chance far less
# than once in a thousand runs (runs.sh's figures); the rest is the
# rule's, whatever the samples.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
compare_begin "$@"
TMPDIR="$d/tmp"
export TMPDIR
mkdir "$TMPDIR"

compare_trace base 1
compare_trace more 3 more
stream=$(find "$d/base" -type f ! -name metadata ! -path '*/index/*' -exec ls -S {} + | head -n 1)
packets=$(($(wc -c <"$stream") / 4096))
[ "$packets" -ge 4 ] || harness_fail "$stream holds $packets packets: the test cannot run"
cut_at=$(((packets - 1) * 4096 + 4096 / 3))
cp -r "$d/base" "$d/cut"
truncate -s "$cut_at" "$d/cut${stream#"$d/base"}"
statement="${stream#"$d/base/"} ends inside a packet: $(((packets - 1) * 4096)) of its $cut_at bytes read"
alone=0
timeout 120 babeltrace2 "$d/cut" -c sink.utils.dummy >/dev/null 2>&1 || alone=$?
check "the premise: babeltrace2 alone cannot read the copy cut at byte $cut_at (status $alone)" [ "$alone" -ne 0 ]

# json_says FILE FILTER [JQ ARGS...]: FILE is JSON for which FILTER is true.
json_says() {
	json_file=$1
	shift
	[ -s "$json_file" ] && jq -e "$@" "$json_file" >/dev/null
}

# NEW cut: against the variant, the whole run is a decrease of buffer and
# of the total.
compare_run control --confidence 0.999 --format json "$d/more" "$d/base"
check "control: the variant against the whole run is a decrease of buffer and of the total" \
	json_says "$d/control.out" '[.groups[] | select((.kind == "type" and .type == "buffer") or .kind == "total") | .verdict] == ["decrease", "decrease"]'
compare_run cut --confidence 0.999 --format json "$d/more" "$d/cut"
json="$d/cut.out"
check "NEW cut: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "NEW cut: one warning that says so ($(cat "$d/cut.err"))" sh -c '[ "$(wc -l <"$1")" -eq 1 ] &&
	grep -qxF "allocsample-compare: warning: NEW $2 was cut short ($3): its groups are incomplete, and no decrease is called on its evidence" "$1"' \
	sh "$d/cut.err" "$d/cut" "$statement"
check "NEW cut: JSON says where ($(jq -c '[.baseline.cut, .new.cut, .new.incomplete]' "$json" 2>&1))" \
	json_says "$json" --arg s "$statement" '.baseline.cut == null and .new.cut == $s and .new.incomplete == true'
check "NEW cut: every group of NEW's incomplete" \
	json_says "$json" '[.groups[] | select(.new_threads != null and .new_incomplete != true)] | length == 0'
check "NEW cut: no decrease verdict at all" \
	json_says "$json" '[.groups[] | select(.verdict == "decrease")] | length == 0'
check "NEW cut: buffer's and the total's decreases are withheld" \
	json_says "$json" '[.groups[] | select((.kind == "type" and .type == "buffer") or .kind == "total") | [.verdict, .withheld]] == [["unchanged", true], ["unchanged", true]]'
compare_run cut-text --confidence 0.999 "$d/more" "$d/cut"
check "NEW cut: the text says so under the inputs" \
	grep -qxF "  NEW cut short: $statement; compared up to there." "$d/cut-text.out"
check "NEW cut: the text explains its mark" \
	grep -q '^! incomplete: a side lost events or was cut short' "$d/cut-text.out"

# BASELINE cut: the variant against it is an increase of buffer, withheld.
compare_run cut-base --confidence 0.999 --format json "$d/cut" "$d/more"
json="$d/cut-base.out"
check "BASELINE cut: exit status 0 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 0 ]
check "BASELINE cut: the warning names it ($(cat "$d/cut-base.err"))" \
	grep -qF "BASELINE $d/cut was cut short ($statement): its groups are incomplete, and no increase is called on its evidence" "$d/cut-base.err"
check "BASELINE cut: JSON says where" json_says "$json" --arg s "$statement" '.baseline.cut == $s and .new.cut == null'
check "BASELINE cut: no increase verdict at all, buffer's withheld" \
	json_says "$json" '([.groups[] | select(.verdict == "increase")] | length == 0) and
		([.groups[] | select(.kind == "type" and .type == "buffer") | .withheld] == [true])'

# Nothing left to read.
cp -r "$d/base" "$d/meta20"
metadata=$(find "$d/meta20" -name metadata)
truncate -s 20 "$metadata"
compare_run meta20 "$d/base" "$d/meta20"
check "metadata cut in its first packet: status 2 ($COMPARE_STATUS)" [ "$COMPARE_STATUS" -eq 2 ]
check "metadata cut in its first packet: one line, the view's ($(cat "$d/meta20.err"))" sh -c '[ "$(wc -l <"$1")" -eq 1 ] &&
	grep -qxF "allocsample-compare: NEW $2: $3 ends before its first whole declaration: its trace cannot be read" "$1"' \
	sh "$d/meta20.err" "$d/meta20" "${metadata#"$d/meta20/"}"
check "no temporary directory left ($(ls -A "$TMPDIR" | paste -s -d ' ' -))" [ -z "$(ls -A "$TMPDIR")" ]
finish
