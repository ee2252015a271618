#!/bin/sh
# report.sh - wall time and memory of sink.allocsample.report against
# sink.utils.dummy on traces of a million samples and more, and where the
# report's time goes (doc/performance.md, section 3).  Figures to watch:
# a shared, noisy machine moves the times by several percent.
#
# Usage, as root: bench/report.sh BUILD_DIR   (or `make bench-report`).
# About 3 minutes on two cores.  AS_BENCH_STACKS=1 runs the stack variant
# (about 6 minutes): every allocation at the bottom of a chain of 40 calls
# (bench/event-storm's third argument), so that each sample carries a
# 32-frame stack (ALLOCSAMPLE_STACK_DEPTH=32, marked truncated) among a
# few thousand distinct ones, the statedump and dlopen events recorded,
# and both reports grouped by stack (group-by="stack"): reading, interning
# and resolving the stacks is then part of the report's time.
#
# AS_BENCH_WORKLOAD=mixed records bench/mixed-threads instead (about 4
# minutes): two threads allocating 8 B to 64 KiB (log-uniform) and
# freeing in random order, about 4 000 blocks live per thread, at
# ALLOCSAMPLE_RATE=64, where a block is sampled with probability 0.12 to
# 1 (0.82 on average): thousands of samples live at once, each freed at a
# random time, and nearly every sample of a size of its own.  Its samples
# carry their stacks (3 to 7 frames, the shim's default depth), which the
# default report does not read; AS_BENCH_STACK_DEPTH=0 records none, so
# that the events are smaller and the dummy sink faster.  The reports are
# the default ones (text and JSON, grouped by thread and type).
#
# It records, with its own lttng-sessiond in a private mount namespace
# (tests/lib/lttng-harness.sh), three traces of bench/event-storm run at
# ALLOCSAMPLE_RATE=4: its blocks of 16 to 256 bytes are then sampled with
# probability 0.990 to 1 (0.9994 on average), so nearly every allocation is
# an AllocationSampled event, and the report computes every sample's
# weight as at any rate above 1 (at rate 1 the weight is the size, without
# log1p and expm1).  The traces have at least AS_BENCH_EVENTS (default
# 1 000 000) samples, twice that, and AS_BENCH_PROFILE_EVENTS (default
# 100 000, for callgrind): the program makes 1 % more allocations than
# that (bench/mixed-threads about 3 % more samples); each sample's block
# is freed, so there are about as many SampledFree events again.  The
# channels have 8 sub-buffers of 4 MiB per
# CPU and an infinite blocking timeout (LTTNG_UST_ALLOW_BLOCKING=1 in the
# program), so no event is lost; each trace's samples are counted with
# sink.utils.counter, which must report at least the samples asked for and
# no discarded events or packets.
#
# Then AS_BENCH_ROUNDS (default 9) interleaved rounds on the first trace,
# each running the dummy sink, the report (text) and the report
# (format="json") one after the other, and 3 rounds on the trace of twice
# the events.  Every run gets --plugin-path, the dummy's too, so that both
# load the same plugins and the difference is the component's own.  Each
# run's wall time (date), CPU time and maximum resident set size
# (/usr/bin/time, Debian package `time`) are kept; the tables give medians
# and, beside the ratio of the medians, the median of each round's ratio
# to its own dummy run (paired: a round's runs share the machine's load).
# The targets are wall time: where it may use two CPUs the report
# aggregates on a second thread (doc/design.md section 4), so its CPU time
# exceeds its wall time.
# Last, both sinks run under callgrind (with its cache and branch
# simulators) on the small trace: instructions per event by shared object,
# simulated misses, and the report's own functions; and the JSON report's
# total, whose fixed costs (the survival curves, every point of the heap's
# curves) text does not pay.
#
# AS_BENCH_BASELINE=OTHER_BUILD_DIR also runs that build's report (text and
# JSON, rows base-text and base-json) in every round, against the same
# dummy: a before and after measured under the same load, which a shared
# machine changes from one invocation to the next.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter event-storm "$@"

EVENTS=${AS_BENCH_EVENTS:-1000000}
PROFILE_EVENTS=${AS_BENCH_PROFILE_EVENTS:-100000}
ROUNDS=${AS_BENCH_ROUNDS:-9}
# The wall-time targets (doc/performance.md, section 3): 1.10 times the
# dummy sink for the default report, 1.25 grouped by stack; on
# bench/mixed-threads' trace, 1.20 with its stacks and 1.10 without.
case ${AS_BENCH_WORKLOAD:-storm} in
storm)
	PROGRAM=event-storm
	THREADS=4
	RATE=4
	STACK_DEPTH=32
	if [ "${AS_BENCH_STACKS:-0}" = 1 ]; then
		CALL_DEPTH=40
		REPORT_PARAMS='group-by="stack",'
		VARIANT="stack variant: $CALL_DEPTH calls deep, 32-frame stacks, group-by stack"
		TARGET=1.25
	else
		CALL_DEPTH=0
		REPORT_PARAMS=
		VARIANT="no stacks read"
		TARGET=1.10
	fi
	;;
mixed)
	PROGRAM=mixed-threads
	THREADS=2
	RATE=64
	STACK_DEPTH=${AS_BENCH_STACK_DEPTH:-32}
	CALL_DEPTH=0
	REPORT_PARAMS=
	if [ "$STACK_DEPTH" -gt 0 ]; then
		VARIANT="8 B to 64 KiB freed in random order, stacks recorded, not read"
		TARGET=1.20
	else
		VARIANT="8 B to 64 KiB freed in random order, no stacks"
		TARGET=1.10
	fi
	;;
*)
	harness_fail "AS_BENCH_WORKLOAD is storm or mixed, not ${AS_BENCH_WORKLOAD}"
	;;
esac
PLUGINS="$AS_BUILDDIR/plugins/report/.libs"
BASE_PLUGINS=
if [ -n "${AS_BENCH_BASELINE:-}" ]; then
	BASE_PLUGINS="$(cd "$AS_BENCH_BASELINE" && pwd)/plugins/report/.libs"
	[ -r "$BASE_PLUGINS/babeltrace-plugin-allocsample.so" ] ||
		harness_fail "$BASE_PLUGINS/babeltrace-plugin-allocsample.so is missing: build the baseline first"
fi
WORKLOAD="$AS_BUILDDIR/bench/$PROGRAM"
RUNS="$HARNESS_DIR/runs"
: >"$RUNS"

# run COMMAND...: prints the command line, then runs it.
run() {
	printf '+ %s\n' "$*" >&2
	"$@"
}

command -v valgrind >/dev/null || harness_fail "valgrind is not installed (apt-get install valgrind)"
[ -x /usr/bin/time ] || run apt-get install -y time >&2
[ -r "$PLUGINS/babeltrace-plugin-allocsample.so" ] ||
	harness_fail "$PLUGINS/babeltrace-plugin-allocsample.so is missing: build the tree first"

# record NAME EVENTS: records a trace of at least EVENTS AllocationSampled
# events in $HARNESS_DIR/NAME and prints their count.  The program frees
# every block, so the trace also holds about as many SampledFree events,
# which the report matches to their samples (live figures).  Those (and
# SamplesUnrecorded), and the stack variant's statedump and dlopen events,
# go to channels of their own, so that the samples can be counted alone:
# on a view of the trace with its metadata and the sample channel's
# streams only.
# big_channel SESSION CHANNEL EVENTS: a channel of 8 sub-buffers of 4 MiB
# that blocks rather than discards, recording EVENTS with the contexts the
# report uses.
big_channel() {
	run lttng enable-channel --userspace --session="$1" --subbuf-size=4M \
		--num-subbuf=8 --blocking-timeout=inf "$2" >/dev/null
	run lttng enable-event --userspace --session="$1" --channel="$2" "$3" >/dev/null
	run lttng add-context --userspace --session="$1" --channel="$2" \
		-t vpid -t vtid -t procname -t ip >/dev/null
}

# workload_arguments EVENTS: the workload's arguments for at least EVENTS
# samples.  bench/event-storm samples 99.94 % of its allocations; each
# operation of bench/mixed-threads allocates or frees (half and half once
# its slots fill), and 82 % of its blocks are sampled: 0.41 samples an
# operation, 5/4 operations per thread and sample giving 3 % to spare.
workload_arguments() {
	case $PROGRAM in
	event-storm) echo "$THREADS $((($1 + $1 / 100) / THREADS)) $CALL_DEPTH" ;;
	mixed-threads) echo "$THREADS $(($1 + $1 / 4))" ;;
	esac
}

record() {
	name=$1 events=$2
	run lttng create "$name" --output="$HARNESS_DIR/$name" >/dev/null
	big_channel "$name" big 'allocsample:AllocationSampled'
	big_channel "$name" frees 'allocsample:SampledFree,allocsample:SamplesUnrecorded'
	if [ "$CALL_DEPTH" -gt 0 ]; then
		run lttng enable-channel --userspace --session="$name" --blocking-timeout=inf maps >/dev/null
		run lttng enable-event --userspace --session="$name" --channel=maps \
			'lttng_ust_statedump:*,lttng_ust_dl:*' >/dev/null
		run lttng add-context --userspace --session="$name" --channel=maps \
			-t vpid -t vtid -t procname >/dev/null
	fi
	run lttng start "$name" >/dev/null
	run env LTTNG_UST_REGISTER_TIMEOUT=-1 LTTNG_UST_ALLOW_BLOCKING=1 ALLOCSAMPLE_RATE=$RATE \
		ALLOCSAMPLE_STACK_DEPTH=$STACK_DEPTH LD_PRELOAD="$AS_PRELOAD" \
		"$WORKLOAD" $(workload_arguments "$events") >/dev/null ||
		harness_fail "$PROGRAM failed"
	run lttng stop "$name" >/dev/null
	run lttng destroy "$name" >/dev/null
	for metadata in $(find "$HARNESS_DIR/$name" -name metadata); do
		view="$HARNESS_DIR/$name.samples/${metadata#"$HARNESS_DIR/$name/"}"
		view=${view%/metadata}
		mkdir -p "$view"
		ln -s "$metadata" "${metadata%/metadata}"/big_* "$view/"
	done
	run babeltrace2 "$HARNESS_DIR/$name.samples" -c sink.utils.counter -p 'step=+0' \
		>"$HARNESS_DIR/$name.count"
	awk -v want="$events" '
		/ Event messages$/ { n = $1 }
		/ Discarded (event|packet) messages$/ { lost += $1 }
		END { if (n < want || lost != 0) exit 1; print n }' "$HARNESS_DIR/$name.count" ||
		harness_fail "trace $name: fewer than $events events or some discarded: $(cat "$HARNESS_DIR/$name.count")"
}

# timed TRACE VARIANT PLUGIN_DIR ARGUMENT...: runs babeltrace2 with the
# plugins of PLUGIN_DIR on the trace TRACE with the sink ARGUMENT... and
# appends "TRACE VARIANT WALL_MS CPU_MS MAXRSS_KB ROUND" to $RUNS ($ROUND,
# the round's number); the output goes to $HARNESS_DIR/TRACE.VARIANT.
timed() {
	trace=$1 variant=$2 plugins=$3
	shift 3
	printf '+ /usr/bin/time babeltrace2 --plugin-path=%s %s %s\n' "$plugins" \
		"$HARNESS_DIR/$trace" "$*" >&2
	start=$(date +%s%N)
	/usr/bin/time -f '%U %S %M' -o "$HARNESS_DIR/time" babeltrace2 --plugin-path="$plugins" \
		"$HARNESS_DIR/$trace" "$@" >"$HARNESS_DIR/$trace.$variant" ||
		harness_fail "babeltrace2 ($variant on $trace) failed"
	end=$(date +%s%N)
	awk -v t="$trace" -v v="$variant" -v wall=$(((end - start) / 1000000)) -v r="$ROUND" \
		'{ printf "%s %s %d %d %d %d\n", t, v, wall, ($1 + $2) * 1000, $3, r }' \
		"$HARNESS_DIR/time" >>"$RUNS"
}

# reports TRACE PREFIX PLUGIN_DIR: the report of PLUGIN_DIR on TRACE, text
# then JSON (variants PREFIXtext, PREFIXjson).
reports() {
	if [ -n "$REPORT_PARAMS" ]; then
		timed "$1" "${2}text" "$3" -c sink.allocsample.report -p "${REPORT_PARAMS%,}"
	else
		timed "$1" "${2}text" "$3" -c sink.allocsample.report
	fi
	timed "$1" "${2}json" "$3" -c sink.allocsample.report -p "${REPORT_PARAMS}format=\"json\""
}

# round TRACE: the sinks on TRACE, one after the other.
round() {
	timed "$1" dummy "$PLUGINS" -c sink.utils.dummy
	reports "$1" "" "$PLUGINS"
	[ -z "$BASE_PLUGINS" ] || reports "$1" base- "$BASE_PLUGINS"
}

# instructions VARIANT ARGUMENT...: runs babeltrace2 with the sink
# ARGUMENT... on the profile trace under callgrind, into
# $HARNESS_DIR/callgrind.VARIANT.
instructions() {
	variant=$1
	shift
	out="$HARNESS_DIR/callgrind.$variant"
	run valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes \
		--callgrind-out-file="$out" babeltrace2 \
		--plugin-path="$PLUGINS" "$HARNESS_DIR/profile" "$@" \
		>/dev/null 2>"$out.log" || harness_fail "callgrind ($variant) failed, see $out.log"
}

# by_object FILE: the self instructions of callgrind profile FILE summed per
# shared object, "OBJECT IR" per line.  Object names are compressed ("(3)
# /path" the first time, "(3)" after), in ob= and cob= lines alike; the
# cost line after a calls= line is the call's inclusive cost, not self.
by_object() {
	awk '
		/^c?ob=/ {
			name = substr($0, index($0, "=") + 1)
			if (match(name, /^\([0-9]+\)/)) {
				id = substr(name, 1, RLENGTH)
				if (length(name) > RLENGTH)
					objects[id] = substr(name, RLENGTH + 2)
				name = objects[id]
			}
			if ($0 ~ /^ob=/)
				ob = name
			next
		}
		/^calls=/ { call = 1; next }
		/^[0-9+*-]/ {
			if (call)
				call = 0
			else
				self[ob] += $2
			next
		}
		END { for (o in self) { n = o; sub(".*/", "", n); print n, self[o] } }' "$1"
}

harness_start_sessiond
echo "== recording" >&2
events=$(record storm "$EVENTS")
events2=$(record storm2 $((2 * EVENTS)))
profile_events=$(record profile "$PROFILE_EVENTS")

ROUND=1
while [ "$ROUND" -le "$ROUNDS" ]; do
	echo "== round $ROUND of $ROUNDS, $events events" >&2
	round storm
	ROUND=$((ROUND + 1))
done
for ROUND in 1 2 3; do
	echo "== round $ROUND of 3, $events2 events" >&2
	round storm2
done
# The report read every sample: its total has them all.
for trace in storm:$events storm2:$events2; do
	n=${trace#*:}
	if ! grep -q "^  Total .* $n  " "$HARNESS_DIR/${trace%:*}.text" ||
		! grep -q "\"samples\": $n," "$HARNESS_DIR/${trace%:*}.json"; then
		harness_fail "the report of ${trace%:*} does not count $n samples"
	fi
done

echo "== callgrind, $profile_events events" >&2
instructions dummy -c sink.utils.dummy
if [ -n "$REPORT_PARAMS" ]; then
	instructions report -c sink.allocsample.report -p "${REPORT_PARAMS%,}"
else
	instructions report -c sink.allocsample.report
fi
instructions report-json -c sink.allocsample.report -p "${REPORT_PARAMS}format=\"json\""
by_object "$HARNESS_DIR/callgrind.dummy" | sed 's/^/dummy /' >"$HARNESS_DIR/objects"
by_object "$HARNESS_DIR/callgrind.report" | sed 's/^/report /' >>"$HARNESS_DIR/objects"
printf '+ callgrind_annotate --inclusive=yes --threshold=100 --show=Ir %s\n' \
	"$HARNESS_DIR/callgrind.report" >&2
callgrind_annotate --inclusive=yes --threshold=100 --show=Ir "$HARNESS_DIR/callgrind.report" \
	>"$HARNESS_DIR/inclusive" 2>"$HARNESS_DIR/inclusive.log"

echo
echo "sink.allocsample.report against sink.utils.dummy: medians of interleaved rounds"
echo "(bench/$PROGRAM, $THREADS threads, ALLOCSAMPLE_RATE=$RATE, $VARIANT; no event discarded)"
echo
awk -v e1="$events" -v e2="$events2" -v target="$TARGET" '
	{ key = $1 " " $2; n[key]++; wall[key, n[key]] = $3; cpu[key, n[key]] = $4; rss[key, n[key]] = $5
	  if ($2 == "dummy") dummy_wall[$1, $6] = $3
	  else paired[key, n[key]] = $3 / dummy_wall[$1, $6] }
	function median(a, key,   i, j, v, m, x) {
		m = n[key]
		for (i = 1; i <= m; i++) v[i] = a[key, i]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
		return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
	}
	END {
		printf "%-8s %9s %-9s %6s %9s %6s %6s %9s %6s %12s\n", "trace", "samples", "sink",
			"rounds", "wall ms", "ratio", "paired", "CPU ms", "ratio", "max RSS KiB"
		nt = split("storm storm2", traces, " ")
		ev["storm"] = e1; ev["storm2"] = e2
		nv = split("dummy text json base-text base-json", variants, " ")
		for (t = 1; t <= nt; t++) {
			base_wall = median(wall, traces[t] " dummy")
			base_cpu = median(cpu, traces[t] " dummy")
			for (v = 1; v <= nv; v++) {
				key = traces[t] " " variants[v]
				if (!n[key])
					continue
				w = median(wall, key); c = median(cpu, key); m[key] = median(rss, key)
				p = variants[v] == "dummy" ? 1 : median(paired, key)
				printf "%-8s %9d %-9s %6d %9d %6.3f %6.3f %9d %6.3f %12d\n", traces[t], ev[traces[t]],
					variants[v], n[key], w, w / base_wall, p, c, c / base_cpu, m[key]
				# The target is judged on the larger of the two ratios.
				ratio[key] = w / base_wall > p ? w / base_wall : p
			}
		}
		printf "\ntarget: report wall time at most %s times the dummy sink'\''s (%d samples and their frees): text %.3f, json %.3f -> %s\n",
			target, e1, ratio["storm text"], ratio["storm json"],
			ratio["storm text"] <= target + 0 && ratio["storm json"] <= target + 0 ? "met" : "MISSED"
		d1 = m["storm text"] - m["storm dummy"]; d2 = m["storm2 text"] - m["storm2 dummy"]
		j1 = m["storm json"] - m["storm dummy"]; j2 = m["storm2 json"] - m["storm2 dummy"]
		printf "max RSS, report minus dummy: text %d KiB at %d samples, %d KiB at %d (%+d); json %d KiB, %d KiB (%+d)\n",
			d1, e1, d2, e2, d2 - d1, j1, j2, j2 - j1
		# A cost of even 1 byte per event would show as about 1 MiB per million.
		grow = (d2 - d1 > j2 - j1 ? d2 - d1 : j2 - j1) * 1024 / (e2 - e1)
		printf "target: memory does not grow with events: %.2f bytes per added sample -> %s\n",
			grow, grow < 1 ? "met" : "MISSED"
	}' "$RUNS"

echo
echo "callgrind, $profile_events samples and their frees: instructions per sample, whole babeltrace2 process, by object"
echo
printf '%-36s %9s %9s %9s\n' object dummy report added
awk -v e="$profile_events" '
	{ ir[$1, $2] = $3; total[$1] += $3; seen[$2] = 1 }
	END {
		for (o in seen)
			if ((ir["dummy", o] + ir["report", o]) / e >= 1)
				printf "%-36s %9.0f %9.0f %9.0f\n", o, ir["dummy", o] / e,
					ir["report", o] / e, (ir["report", o] - ir["dummy", o]) / e
		printf "~total %.0f %.0f %.0f %.3f\n", total["dummy"] / e, total["report"] / e,
			(total["report"] - total["dummy"]) / e, total["report"] / total["dummy"]
	}' "$HARNESS_DIR/objects" | sort -k3,3nr | awk '
	/^~total/ { total = sprintf("%-36s %9s %9s %9s   (report / dummy: %s)", "total", $2, $3, $4, $5); next }
	{ print }
	END { print total }'
echo
sed -n 's/^summary: \([0-9]*\).*/\1/p' "$HARNESS_DIR/callgrind.report-json" | awk -v e="$profile_events" \
	'{ printf "JSON report, whole process: %.0f instructions per sample\n\n", $1 / e }'
echo "simulated by callgrind, per sample: L1 data read misses, last-level data misses, mispredicted branches (conditional, indirect)"
for variant in dummy report; do
	sed -n 's/^summary: //p' "$HARNESS_DIR/callgrind.$variant" |
		awk -v v="$variant" -v e="$profile_events" '{
			printf "%-8s Ir %.0f  D1mr %.1f  DLmr+DLmw %.2f  Bcm %.1f  Bim %.1f\n", v,
				$1 / e, $5 / e, ($8 + $9) / e, $11 / e, $13 / e }'
done
echo
# callgrind_annotate may list a function twice, under its file and as
# ???:FUNCTION (here, where valgrind reads no line numbers from the
# plugin): the larger entry is its inclusive cost, what its callers'
# calls cost (callgrind_annotate --tree=caller).
echo "the report's functions, inclusive instructions: total, per sample"
for f in asr_component_consume bt_message_iterator_next asr_sample_read asr_table_add \
	asr_live_sample asr_free_event_read asr_live_free as_estimate_add_weight \
	g_hash_table_lookup asr_raw_stacks_intern asr_resolution_build \
	asr_summary_build asr_heap_view_curves asr_model_build asr_write_text; do
	awk -v f="$f" -v e="$profile_events" '
		{ name = $0; sub(/ \[.*/, "", name); sub(/.*:/, "", name) }
		name == f { ir = $1; gsub(",", "", ir); if (ir + 0 > max) max = ir + 0 }
		END { printf "%14d %9.1f  %s\n", max, max / e, f }' "$HARNESS_DIR/inclusive"
done
echo
echo "Every run (trace sink wall_ms cpu_ms maxrss_kib round):"
cat "$RUNS"
