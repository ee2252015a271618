#!/bin/sh
# frees.sh - free tracking end to end: at ALLOCSAMPLE_RATE=1 every block
# the workload releases, through every entry point, on another thread and
# in a fork child, gives exactly one SampledFree with its address, in order
# with its samples, and nothing else does; free_tracked says which samples
# will have one; ALLOCSAMPLE_TRACK_FREES=0 turns it all off; a process that
# sampled before the session started says how many with SamplesUnrecorded.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_ust_fork
workload="$INTEG_WORKLOADS/frees"

# free_events TRACE OUT: one line per allocsample event, in trace order:
# NAME VPID VTID PTR FREE_TRACKED TYPE COUNT ("-" where the event has none;
# pointers in lower case).
free_events() {
	integ_trace_text "$1" "$2.raw"
	awk 'function field(re, skip,   v) {
		if (!match($0, re)) return "-"
		return substr($0, RSTART + skip, RLENGTH - skip)
	}
	match($0, /allocsample:[A-Za-z]+/) {
		name = substr($0, RSTART + 12, RLENGTH - 12)
		type = field("type = \"[^\"]*\"", 8); if (type != "-") type = substr(type, 1, length(type) - 1)
		print name, field("vpid = [0-9]+", 7), field("vtid = [0-9]+", 7),
			tolower(field("ptr = 0x[0-9A-Fa-f]+", 6)), field("free_tracked = [01]", 15),
			type, field("count = [0-9]+", 8)
	}' "$2.raw" >"$2"
	printf '      %s events in %s\n' "$(wc -l <"$2")" "$1"
}

# sequences OUT EVENTS PID TID... BEGIN END: per pointer the workload logged
# (its "op" lines in $out), the events due ("A0", "A1", "F") as the workload
# logged them, and as the trace has them on the process's threads TID...
# between its markers BEGIN and END; one line per pointer:
# PTR LOGGED TRACED.
sequences() {
	result=$1 events=$2 pid=$3
	shift 3
	awk -v pid="$pid" -v tids="$*" '
		BEGIN { n = split(tids, t, " "); begin = t[n - 1]; end = t[n]
			for (i = 1; i <= n - 2; i++) tid[t[i]] = 1 }
		FILENAME != ARGV[2] { if ($1 == "op" && $2 == pid) { p = tolower($3); logged[p] = logged[p] $4 " " } ; next }
		$2 != pid { next }
		$1 == "AllocationSampled" && $6 == begin { inside = 1; next }
		$1 == "AllocationSampled" && $6 == end { inside = 0; next }
		!inside || !($3 in tid) || !($4 in logged) { next }
		$1 == "AllocationSampled" { traced[$4] = traced[$4] "A" $5 " " }
		$1 == "SampledFree" { traced[$4] = traced[$4] "F " }
		END { for (p in logged) printf "%s %s| %s\n", p, logged[p], traced[p] }
	' "$HARNESS_DIR/out.$result" "$events" >"$HARNESS_DIR/sequences.$result"
}

# check_sequences RESULT WHAT MIN: every logged pointer's events are in
# the trace, in order; at least MIN pointers were logged.
check_sequences() {
	total=$(wc -l <"$HARNESS_DIR/sequences.$1")
	[ "$total" -ge "$3" ] || fail "$2: only $total blocks were logged"
	wrong=$(awk -F'|' '{ sub(/^[^ ]* /, "", $1); if ($1 != substr($2, 2)) n++ } END { print n + 0 }' \
		"$HARNESS_DIR/sequences.$1")
	check "$2: each of the $total logged blocks has exactly its events ($wrong differ)" \
		[ "$wrong" -eq 0 ]
	[ "$wrong" -eq 0 ] || awk -F'|' '{ x = $1; sub(/^[^ ]* /, "", x); if (x != substr($2, 2)) print "      " $0 }' \
		"$HARNESS_DIR/sequences.$1" | head -20
}

# run NAME TRACKED [VAR=VALUE...]: the workload in a session of its own.
run() {
	name=$1 tracked=$2
	shift 2
	harness_session "$name" --output "$HARNESS_DIR/trace.$name"
	(
		[ $# -eq 0 ] || export "$@"
		LD_PRELOAD="$HARNESS_UST_FORK" LTTNG_UST_REGISTER_TIMEOUT=-1 ALLOCSAMPLE_RATE=1 \
			harness_preload "$workload" "$tracked"
	) >"$HARNESS_DIR/out.$name" 2>"$HARNESS_DIR/err.$name" ||
		fail "$name: the workload failed: $(cat "$HARNESS_DIR/err.$name")"
	harness_session_end "$name"
	free_events "$HARNESS_DIR/trace.$name" "$HARNESS_DIR/events.$name"
	check "$name: the workload found every block as libc promises" \
		[ "$(grep -c '^FAIL' "$HARNESS_DIR/out.$name")" -eq 0 ]
}

run tracked 1
out="$HARNESS_DIR/out.tracked"
events="$HARNESS_DIR/events.tracked"
main=$(harness_fact "$out" tid 3)
worker=$(awk '$1 == "tid" && $2 == "worker" { print $3 }' "$out")
child=$(awk '$1 == "tid" && $2 == "child" { print $3 }' "$out")
[ -n "$main" ] && [ -n "$worker" ] && [ -n "$child" ] || harness_fail "the workload did not print its threads"

sequences tracked "$events" "$main" "$main" "$worker" frees-begin frees-end
check_sequences tracked "parent" 3
check "a block freed on the worker thread gave its SampledFree there" \
	[ "$(awk -v w="$worker" '$1 == "SampledFree" && $3 == w' "$events" | wc -l)" -eq 1 ]
mv "$HARNESS_DIR/sequences.tracked" "$HARNESS_DIR/sequences.parent"
sequences tracked "$events" "$child" "$child" frees-child-begin frees-child-end
check_sequences tracked "fork child" 2
# The block the child inherited: one SampledFree in each process.
inherited=$(awk -v c="$child" '$1 == "op" && $2 == c && $4 == "F" { print tolower($3); exit }' "$out")
check "the inherited block $inherited: freed once in the child and once in the parent" \
	[ "$(awk -v p="$inherited" '$1 == "SampledFree" && $4 == p { print $2 }' "$events" | sort -u | wc -l)" -eq 2 ]

# Over the whole process, every sample of the parent: a SampledFree only
# for a tracked block still live, never two samples live at one address.
bad=$(awk -v pid="$main" '$2 != pid { next }
	$1 == "AllocationSampled" && $5 == 1 { if ($4 in live) n++; live[$4] = 1 }
	$1 == "SampledFree" { if (!($4 in live)) n++; delete live[$4] }
	END { print n + 0 }' "$events")
frees=$(awk -v pid="$main" '$1 == "SampledFree" && $2 == pid' "$events" | wc -l)
logged=$(awk -v pid="$main" '$1 == "op" && $2 == pid && $4 == "F"' "$out" | wc -l)
check "the parent's $frees SampledFree events each end a tracked sample's life ($bad do not)" \
	[ "$bad" -eq 0 ]
check "the parent has at least the $logged SampledFree events its workload logged ($frees)" \
	[ "$frees" -ge "$logged" ]
check "free_tracked is 0 for allocsample_record's samples" \
	[ "$(awk '$1 == "AllocationSampled" && $4 == "0x0" && $5 != 0' "$events" | wc -l)" -eq 0 ]

run untracked 0 ALLOCSAMPLE_TRACK_FREES=0
sequences untracked "$HARNESS_DIR/events.untracked" "$(harness_fact "$HARNESS_DIR/out.untracked" tid 3)" \
	"$(harness_fact "$HARNESS_DIR/out.untracked" tid 3)" \
	"$(awk '$1 == "tid" && $2 == "worker" { print $3 }' "$HARNESS_DIR/out.untracked")" frees-begin frees-end
check_sequences untracked "ALLOCSAMPLE_TRACK_FREES=0" 3
check "ALLOCSAMPLE_TRACK_FREES=0: no SampledFree, no free_tracked = 1" \
	[ "$(awk '$1 == "SampledFree" || $5 == 1' "$HARNESS_DIR/events.untracked" | wc -l)" -eq 0 ]
check "ALLOCSAMPLE_TRACK_FREES=0 is taken without a warning" \
	[ ! -s "$HARNESS_DIR/err.untracked" ]

# Samples drawn while AllocationSampled was not recorded.  The session
# records SamplesUnrecorded from the start, AllocationSampled only once the
# workload sampled 1000 blocks: enabling an event in an active session is
# what makes the process's next sample a recorded one (a session being set
# up, between enable-event and start, would lose both; doc/events.md).
# The workload goes on sampling until the trace, rotated to be read while
# it runs, holds one of its samples.  Both waits are deadlock guards (a
# minute for the program's start, 600 rotations), not bounds.
ready="$HARNESS_DIR/ready" go="$HARNESS_DIR/go" stop="$HARNESS_DIR/stop"
harness_session late --output "$HARNESS_DIR/trace.late" --events allocsample:SamplesUnrecorded --contexts vpid,vtid
ALLOCSAMPLE_RATE=1 harness_preload "$workload" unrecorded "$ready" "$go" "$stop" &
late=$!
for _ in $(seq 600); do
	[ -e "$ready" ] && break
	sleep 0.1
done
[ -e "$ready" ] || harness_fail "the late workload never got ready"
harness_session_enable late allocsample:AllocationSampled
: >"$go"
recorded=no
for _ in $(seq 600); do
	harness_session_rotate late
	if babeltrace2 "$HARNESS_DIR/trace.late/archives" 2>/dev/null | grep -q 'allocsample:AllocationSampled'; then
		recorded=yes
		break
	fi
	sleep 0.2
done
: >"$stop"
wait "$late" || fail "the late workload failed"
check "a sample of the late workload was recorded once AllocationSampled was enabled" [ "$recorded" = yes ]
harness_session_end late
free_events "$HARNESS_DIR/trace.late/archives" "$HARNESS_DIR/events.late"
# The session saw only that process.
unrecorded=$(awk '$1 == "SamplesUnrecorded" { print $7 }' "$HARNESS_DIR/events.late")
first=$(awk '{ print $1; exit }' "$HARNESS_DIR/events.late")
check "one SamplesUnrecorded event ($(echo "$unrecorded" | wc -w))" [ "$(echo "$unrecorded" | wc -w)" -eq 1 ]
check "it counts the 1000 samples drawn before the session, or more ($unrecorded)" \
	[ "${unrecorded:-0}" -ge 1000 ]
check "it is the process's first event ($first)" [ "$first" = SamplesUnrecorded ]
finish "$HARNESS_DIR/out.tracked"
