#!/bin/sh
# peers.sh - what allocation profiling costs programs nobody here wrote
# (redis-server, cc1plus, python3, the sqlite3 shell) and the synthetic
# benchmark of walltime.sh, under allocsample and its peers: lttng-ust's libc
# wrapper, heaptrack, jemalloc's and tcmalloc's sampling profilers, and
# valgrind's dhat on the smallest workload (doc/performance.md section 6).
# Figures to watch, never assertions: it prints the markdown tables of that
# section on standard output, every command it runs on standard error.
#
# Usage, as root: bench/peers.sh BUILD_DIR   (or `make bench-peers`).
# 20 to 25 minutes on two shared cores with the defaults.  Tunables:
#   AS_BENCH_ROUNDS           interleaved rounds (default 5)
#   AS_PEERS_WORKLOADS        a subset of "synthetic python3 sqlite3 g++ redis"
#   AS_PEERS_CONFIGS          a subset of the configurations below
#   AS_PEERS_DHAT             the workload dhat runs on (default synthetic, the shortest)
#   AS_PEERS_SYNTHETIC_OPS    operations per thread of bench/mixed-threads (3000000)
#   AS_PEERS_PYTHON_ROUNDS    rounds of bench/peers/stdlib-work.py (10)
#   AS_PEERS_SQLITE_ROWS      orders of bench/peers/sqlite-workload.sh (100000)
#   AS_PEERS_REDIS_REQUESTS   requests of each of SET, GET, LPUSH (100000)
#   AS_PEERS_LRANGE_REQUESTS  requests of LRANGE_100 (5000)
#   AS_PEERS_REDIS_VALUE      value size in bytes (4096)
#   AS_PEERS_REDIS_PORT       the server's port on 127.0.0.1 (16379)
#   AS_PEERS_TIMEOUT          seconds one run may take before it is killed (900)
#   AS_PEERS_HEAPTRACK_LIMIT  bytes of address space heaptrack's processes get (8 GiB)
#
# Configurations (each run has LTTNG_UST_REGISTER_TIMEOUT=-1, so that a
# recording run records from its first allocation; it changes nothing for a
# process without lttng-ust):
#   none             no preload
#   shim-idle        allocsample preloaded as allocsample-record preloads it
#                    (with lttng-ust's fork, fd and dl libraries), no session
#   shim-rec         the same, recording at the peers' rate, 131072
#                    (stacks and free tracking on, their defaults), in a
#                    session shaped like allocsample-record's whole run
#   wrapper-rec      lttng-ust's libc wrapper and the same three, recording
#                    lttng_ust_libc:* in a session of the same shape
#   heaptrack        heaptrack -o FILE PROGRAM (under prlimit --as)
#   jemalloc         libjemalloc.so.2 preloaded; jemalloc-prof adds
#                    MALLOC_CONF=prof:true,lg_prof_sample:17 and a final dump
#   tcmalloc         gperftools' libtcmalloc.so.4 preloaded; tcmalloc-sample
#                    adds TCMALLOC_SAMPLE_PARAMETER=131072 (kept in memory)
#   dhat             valgrind --tool=dhat, on AS_PEERS_DHAT only
# Each round runs every configuration of a workload once, in the order above
# on odd rounds and the reverse on even ones, so that slow drifts of a
# shared machine hit them alike; ratios are paired within a round.
set -eu

. "$(dirname "$0")/lib.sh"
bench_enter mixed-threads "$@"

ROUNDS=${AS_BENCH_ROUNDS:-5}
WORKLOADS=${AS_PEERS_WORKLOADS:-synthetic python3 sqlite3 g++ redis}
CONFIGS=${AS_PEERS_CONFIGS:-none shim-idle shim-rec wrapper-rec heaptrack jemalloc jemalloc-prof tcmalloc tcmalloc-sample dhat}
DHAT_WORKLOAD=${AS_PEERS_DHAT:-synthetic}
SYNTHETIC_OPS=${AS_PEERS_SYNTHETIC_OPS:-3000000}
PYTHON_ROUNDS=${AS_PEERS_PYTHON_ROUNDS:-10}
SQLITE_ROWS=${AS_PEERS_SQLITE_ROWS:-100000}
REDIS_REQUESTS=${AS_PEERS_REDIS_REQUESTS:-100000}
LRANGE_REQUESTS=${AS_PEERS_LRANGE_REQUESTS:-5000}
REDIS_VALUE=${AS_PEERS_REDIS_VALUE:-4096}
REDIS_PORT=${AS_PEERS_REDIS_PORT:-16379}
TIMEOUT=${AS_PEERS_TIMEOUT:-900}
HEAPTRACK_LIMIT=${AS_PEERS_HEAPTRACK_LIMIT:-8589934592}

# The programs and libraries it runs, beyond what scripts/setup installs:
# their Debian packages, named when missing (a benchmark installs nothing).
missing=
for package in redis-server redis-tools heaptrack libjemalloc2 libgoogle-perftools4 valgrind \
	libboost-dev g++ sqlite3 python3 time jq; do
	dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
[ -z "$missing" ] || harness_fail "packages missing, as root: apt-get install$missing"

UST=/usr/lib/x86_64-linux-gnu
UST_EXTRAS="$UST/liblttng-ust-fork.so.1:$UST/liblttng-ust-fd.so.1:$UST/liblttng-ust-dl.so.1"
SHIM_PRELOAD="$AS_PRELOAD:$UST_EXTRAS"
WRAPPER_PRELOAD="$UST/liblttng-ust-libc-wrapper.so.1:$UST_EXTRAS"
JEMALLOC="$UST/libjemalloc.so.2"
TCMALLOC="$UST/libtcmalloc.so.4"
for library in $(echo "$SHIM_PRELOAD:$WRAPPER_PRELOAD:$JEMALLOC:$TCMALLOC" | tr : ' '); do
	[ -r "$library" ] || harness_fail "$library is missing"
done
RESULTS="$HARNESS_DIR/results"
FAILURES="$HARNESS_DIR/failures"
: >"$RESULTS"
: >"$FAILURES"

# run COMMAND...: prints the command line, then runs it, bounded in time,
# its standard output discarded.
run() {
	printf '+ %s\n' "$*" >&2
	timeout 300 "$@" >/dev/null
}

# note WORKLOAD CONFIG ROUND KEY VALUE: one figure of one run.
note() {
	echo "$*" >>"$RESULTS"
}

# failed WORKLOAD CONFIG ROUND WHY: a run that failed.  A profiler that
# fails on a workload is a finding: noted (the tables say so) and not run
# again on that workload.  Any other configuration's failure stops the
# benchmark, whose ratios would then mean nothing.
failed() {
	records "$2" || harness_fail "$1 ($2) failed: $4"
	note "$1" "$2" "$3" failed 1
	printf '%s, %s, round %s: %s\n' "$1" "$2" "$3" "$(printf '%s' "$4" | paste -s -d ' ' -)" >>"$FAILURES"
	printf 'failed: %s (%s): %s\n' "$1" "$2" "$4" >&2
}

# records CONFIG: whether CONFIG records anything.
records() {
	case $1 in
	shim-rec | wrapper-rec | heaptrack | jemalloc-prof | tcmalloc-sample | dhat) return 0 ;;
	*) return 1 ;;
	esac
}

# under CONFIG OUT ERR COMMAND...: runs COMMAND as CONFIG runs it, bounded
# in time, its standard error into the file ERR; OUT is the directory for
# whatever the configuration writes.  $HARNESS_DIR/usage receives, from GNU
# time, the largest resident set size of the run's processes in KiB and
# their user and system CPU seconds (theirs and their children's: the
# program's, heaptrack's interpreter's, valgrind's).
under() {
	config=$1 out=$2 err=$3
	shift 3
	case $config in
	none) ;;
	shim-idle) set -- env LD_PRELOAD="$SHIM_PRELOAD" "$@" ;;
	# The peers' rate (jemalloc's lg_prof_sample:17, tcmalloc's 131072),
	# and the run's number its session's filter asks for.
	shim-rec) set -- env LD_PRELOAD="$SHIM_PRELOAD" ALLOCSAMPLE_RATE=131072 ALLOCSAMPLE_RUN=7 "$@" ;;
	wrapper-rec) set -- env LD_PRELOAD="$WRAPPER_PRELOAD" "$@" ;;
	# An address-space limit, so that heaptrack's interpreter cannot take
	# the shared machine's memory: on the g++ workload it grows past 19 GB
	# and dies of std::bad_alloc (doc/performance.md section 6).
	heaptrack) set -- prlimit --as="$HEAPTRACK_LIMIT" heaptrack -o "$out/heaptrack" "$@" ;;
	jemalloc) set -- env LD_PRELOAD="$JEMALLOC" "$@" ;;
	# prof_final: the profile is dumped at exit, so that the run writes
	# what a user of the profiler reads.
	jemalloc-prof) set -- env LD_PRELOAD="$JEMALLOC" \
		MALLOC_CONF="prof:true,lg_prof_sample:17,prof_final:true,prof_prefix:$out/jeprof" "$@" ;;
	tcmalloc) set -- env LD_PRELOAD="$TCMALLOC" "$@" ;;
	tcmalloc-sample) set -- env LD_PRELOAD="$TCMALLOC" TCMALLOC_SAMPLE_PARAMETER=131072 "$@" ;;
	dhat) set -- valgrind --tool=dhat --dhat-out-file="$out/dhat.out" "$@" ;;
	*) harness_fail "no configuration $config" ;;
	esac
	printf '+ env LTTNG_UST_REGISTER_TIMEOUT=-1 %s\n' "$*" >&2
	timeout "$TIMEOUT" /usr/bin/time -f '%M %U %S' -o "$HARNESS_DIR/usage" \
		env LTTNG_UST_REGISTER_TIMEOUT=-1 "$@" 2>"$err"
}

# session_begin CONFIG OUT: for a recording configuration, a session into
# OUT/trace shaped like allocsample-record's whole-run recording (src/record/
# run.sh: its events without the checkpoints, under the run's filter, with
# the state dump's, dlopen's and lttng-ust's library events; the contexts
# vpid, vtid and procname; the default channel), started.  The libc
# wrapper's gets its provider and the contexts its report would want (ip).
session_begin() {
	case $1 in
	shim-rec)
		run lttng create peers --output="$2/trace"
		run lttng enable-event --userspace --session=peers --filter='$app.allocsample:run == 7' \
			'allocsample:AllocationSampled,allocsample:SampledFree,allocsample:SamplesUnrecorded,allocsample:Attached,allocsample:Detached,allocsample:LiveHighWater,lttng_ust_statedump:*,lttng_ust_dl:*,lttng_ust_lib:*'
		run lttng add-context --userspace --session=peers -t vpid -t vtid -t procname
		;;
	wrapper-rec)
		run lttng create peers --output="$2/trace"
		run lttng enable-event --userspace --session=peers \
			'lttng_ust_libc:*,lttng_ust_statedump:*,lttng_ust_dl:*,lttng_ust_lib:*'
		run lttng add-context --userspace --session=peers -t vpid -t vtid -t procname -t ip
		;;
	*) return 0 ;;
	esac
	run lttng start peers
}

# session_end WORKLOAD CONFIG ROUND: stops the session (the trace is then
# on disk) and destroys it; for the libc wrapper, whose traces are too
# large to read, notes the events the channel discarded (lttng list).
session_end() {
	case $2 in
	shim-rec | wrapper-rec) ;;
	*) return 0 ;;
	esac
	run lttng stop peers
	# lttng-tools 2.13.9 sometimes prints a count with its top bit set
	# (2^63 + n) after a run that discarded: not a count to add up.
	if [ "$2" = wrapper-rec ]; then
		note "$1" "$2" "$3" discarded "$(timeout 300 lttng list peers |
			awk '/Discarded events:/ { if ($3 + 0 >= 2^63) unknown = 1; else n += $3 }
				END { print unknown ? "unknown" : n + 0 }')"
	fi
	run lttng destroy peers
}

# timed WORKLOAD CONFIG ROUND OUT: one run of a workload that ends by
# itself; notes its wall time in milliseconds, or that it failed.
timed() {
	workload=$1 config=$2 round=$3 out=$4 err="$HARNESS_DIR/stderr"
	start=$(date +%s%N)
	case $workload in
	synthetic) under "$config" "$out" "$err" "$AS_BUILDDIR/bench/mixed-threads" 2 "$SYNTHETIC_OPS" ;;
	python3) under "$config" "$out" "$err" /usr/bin/python3 \
		"$AS_SRCDIR/bench/peers/stdlib-work.py" "$PYTHON_ROUNDS" ;;
	sqlite3) under "$config" "$out" "$err" sqlite3 -bail :memory: ".read $HARNESS_DIR/orders.sql" ;;
	g++) eval "set -- $CC1PLUS"
		under "$config" "$out" "$err" "$@" ;;
	esac </dev/null >/dev/null || {
		failed "$workload" "$config" "$round" "$(tail -n 3 "$HARNESS_DIR/stderr")"
		return 0
	}
	end=$(date +%s%N)
	note "$workload" "$config" "$round" time $(((end - start) / 1000000))
}

# port_listening PORT: whether some process listens on TCP port PORT.
port_listening() {
	hex=$(printf ':%04X' "$1")
	awk -v p="$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { found = 1 }
		END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# serve_redis CONFIG ROUND OUT: redis-server under CONFIG on 127.0.0.1, in a
# directory of its own, saving nothing; redis-benchmark (never preloaded)
# drives it; notes the requests per second of each test.  The server is
# stopped by its pid (SIGTERM: it exits cleanly, so that heaptrack,
# jemalloc and dhat write their output).
serve_redis() {
	config=$1 round=$2 out=$3
	dir="$HARNESS_DIR/redis"
	rm -rf "$dir"
	mkdir -p "$dir"
	! port_listening "$REDIS_PORT" ||
		harness_fail "port $REDIS_PORT is in use: choose another with AS_PEERS_REDIS_PORT"
	under "$config" "$out" "$dir/stderr" redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$dir" \
		--save '' --appendonly no --daemonize no --pidfile "$dir/redis.pid" \
		--logfile "$dir/redis.log" </dev/null >"$dir/stdout" &
	launched=$!
	server=
	ready=no
	for _ in $(seq 600); do
		if [ -s "$dir/redis.pid" ] &&
			[ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; then
			ready=yes
			break
		fi
		kill -0 "$launched" 2>/dev/null || redis_fail "did not start"
		sleep 0.1
	done
	server=$(cat "$dir/redis.pid" 2>/dev/null || true)
	[ "$ready" = yes ] || redis_fail "did not answer within a minute"
	for tests in "set,get,lpush $REDIS_REQUESTS" "lrange_100 $LRANGE_REQUESTS"; do
		# shellcheck disable=SC2086 # the tests and their request count
		set -- $tests
		printf '+ redis-benchmark -h 127.0.0.1 -p %s -t %s -n %s -d %s -r 100000 --csv\n' \
			"$REDIS_PORT" "$1" "$2" "$REDIS_VALUE" >&2
		timeout "$TIMEOUT" redis-benchmark -h 127.0.0.1 -p "$REDIS_PORT" -t "$1" -n "$2" \
			-d "$REDIS_VALUE" -r 100000 --csv </dev/null >"$dir/benchmark.csv" 2>"$dir/benchmark.err" ||
			redis_fail "redis-benchmark failed: $(tail -n 3 "$dir/benchmark.err")"
		# The LPUSH that fills the list for LRANGE is not a test of its own.
		awk -F '"' -v w=redis -v c="$config" -v r="$round" \
			'$2 ~ /^[A-Z_0-9]+( \(first [0-9]+ elements\))?$/ {
				split($2, name, " "); print w, c, r, "rps." name[1], $4 }' \
			"$dir/benchmark.csv" >>"$RESULTS"
	done
	printf '+ kill %s\n' "$server" >&2
	kill "$server"
	for _ in $(seq 600); do
		kill -0 "$server" 2>/dev/null || break
		sleep 0.1
	done
	kill -0 "$server" 2>/dev/null && redis_fail "did not stop within a minute of SIGTERM"
	wait "$launched" || redis_fail "exited with status $?"
}

# redis_fail WHY: stops the benchmark, and the server by its pid if it runs.
redis_fail() {
	if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
		kill -KILL "$server"
	fi
	harness_fail "redis-server ($config) $1: $(tail -n 3 "$dir/redis.log" "$dir/stderr" 2>/dev/null)"
}

# written OUT: the bytes of every file the configuration wrote.
written() {
	find "$1" -type f -printf '%s\n' | awk '{ n += $1 } END { print n + 0 }'
}

# check_output WORKLOAD CONFIG ROUND OUT: proof that a recording run
# recorded, and what it says the workload allocated.  allocsample: the
# report's total estimate; heaptrack (last round): the sum of its size
# histogram; dhat: its total.
check_output() {
	workload=$1 config=$2 round=$3 out=$4
	case $config in
	shim-rec)
		printf '+ babeltrace2 %s -c sink.allocsample.report -p format="json"\n' "$out/trace" >&2
		babeltrace2 --plugin-path="$AS_BUILDDIR/plugins/report/.libs" "$out/trace" \
			-c sink.allocsample.report -p 'format="json"' >"$HARNESS_DIR/report.json" ||
			harness_fail "the report of $workload ($config) failed"
		samples=$(jq '.total.samples // 0' "$HARNESS_DIR/report.json")
		[ "$samples" -gt 0 ] || harness_fail "$workload ($config) recorded no sample"
		note "$workload" "$config" "$round" samples "$samples"
		note "$workload" "$config" "$round" allocated "$(jq '.total.estimate' "$HARNESS_DIR/report.json")"
		note "$workload" "$config" "$round" discarded \
			"$(jq '[.losses[].discarded_events] | add // 0' "$HARNESS_DIR/report.json")"
		;;
	wrapper-rec)
		events=$(babeltrace2 "$out/trace" 2>/dev/null | head -n 10000 | grep -c ' lttng_ust_libc:') || true
		[ "$events" -gt 0 ] || harness_fail "$workload ($config) recorded no lttng_ust_libc event"
		;;
	heaptrack)
		[ -s "$out/heaptrack.zst" ] || [ -s "$out/heaptrack.gz" ] ||
			harness_fail "$workload ($config) wrote no heaptrack file"
		if [ "$round" -eq "$ROUNDS" ]; then
			timeout "$TIMEOUT" heaptrack_print -f "$out"/heaptrack.* --print-peaks 0 \
				--print-allocators 0 --print-temporary 0 -H "$HARNESS_DIR/histogram" >/dev/null
			note "$workload" "$config" "$round" allocated "$(awk '{ n += $1 * $2 } END { printf "%.0f", n }' \
				"$HARNESS_DIR/histogram")"
		fi
		;;
	jemalloc-prof)
		ls "$out"/jeprof.*.heap >/dev/null 2>&1 || harness_fail "$workload ($config) dumped no profile"
		;;
	dhat)
		[ -s "$out/dhat.out" ] || harness_fail "$workload ($config) wrote no dhat file"
		if [ "$workload" != redis ]; then
			note "$workload" "$config" "$round" allocated "$(sed -n \
				's/^==[0-9]*== Total: *\([0-9,]*\) bytes in .*/\1/p' "$HARNESS_DIR/stderr" | tr -d ,)"
		fi
		;;
	esac
}

# daemon_cpu: the CPU time, in milliseconds, that the session daemon and its
# children (the consumer daemons, which write the traces) have used so far.
daemon_cpu() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v daemon="$HARNESS_SESSIOND_PID" \
		-v hz="$(getconf CLK_TCK)" '{
			# The fields after the name, which may hold spaces: state,
			# parent, ..., user time is the 12th and system time the 13th.
			line = $0
			sub(/^.*\) /, "", line)
			split(line, f, " ")
			if ($1 == daemon || f[2] == daemon)
				ticks += f[12] + f[13]
		} END { printf "%d", ticks * 1000 / hz }'
}

# measure WORKLOAD CONFIG ROUND: one run and its figures.  Its CPU time is
# the run's processes' and what the session daemon and its consumers spent
# from the session's creation to its stop (writing the trace: LTTng's work
# for the program, done in other processes).
measure() {
	out="$HARNESS_DIR/out"
	rm -rf "$out"
	mkdir -p "$out"
	daemon_start=$(daemon_cpu)
	session_begin "$2" "$out"
	if [ "$1" = redis ]; then
		serve_redis "$2" "$3" "$out"
	else
		timed "$1" "$2" "$3" "$out"
	fi
	session_end "$1" "$2" "$3"
	daemon_end=$(daemon_cpu)
	if grep -q "^$1 $2 $3 failed " "$RESULTS"; then
		rm -rf "$out"
		return 0
	fi
	# shellcheck disable=SC2046 # three figures
	set -- "$1" "$2" "$3" $(tail -n 1 "$HARNESS_DIR/usage")
	note "$1" "$2" "$3" rss "$4"
	note "$1" "$2" "$3" cpu "$(awk -v u="$5" -v s="$6" -v d=$((daemon_end - daemon_start)) \
		'BEGIN { printf "%d", (u + s) * 1000 + d }')"
	note "$1" "$2" "$3" written "$(written "$out")"
	check_output "$1" "$2" "$3" "$out"
	note "$1" "$2" "$3" load "$(cut -d ' ' -f 1 /proc/loadavg)"
	rm -rf "$out"
}

# The workloads' inputs.
sh "$AS_SRCDIR/bench/peers/sqlite-workload.sh" "$SQLITE_ROWS" >"$HARNESS_DIR/orders.sql"
# cc1plus as g++ -S runs it: heaptrack and dhat follow one process, and the
# compiler proper is the one that allocates.
cp "$AS_SRCDIR/bench/peers/big-tu.cc" "$HARNESS_DIR/big-tu.cc"
CC1PLUS=$(g++ -### -std=c++17 -O2 -S "$HARNESS_DIR/big-tu.cc" -o /dev/null 2>&1 | grep '/cc1plus"* ')
[ -n "$CC1PLUS" ] || harness_fail "g++ -### names no cc1plus"

START_LOAD=$(cut -d ' ' -f 1-3 /proc/loadavg)
harness_start_sessiond
for workload in $WORKLOADS; do
	configs=
	for config in $CONFIGS; do
		[ "$config" != dhat ] || [ "$workload" = "$DHAT_WORKLOAD" ] || continue
		configs="$configs $config"
	done
	reversed=
	for config in $configs; do
		reversed="$config $reversed"
	done
	round=1
	while [ "$round" -le "$ROUNDS" ]; do
		echo "== $workload, round $round of $ROUNDS" >&2
		if [ $((round % 2)) -eq 1 ]; then order=$configs; else order=$reversed; fi
		for config in $order; do
			if ! grep -q "^$workload $config [0-9]* failed " "$RESULTS"; then
				measure "$workload" "$config" "$round"
			fi
		done
		round=$((round + 1))
	done
done
END_LOAD=$(cut -d ' ' -f 1-3 /proc/loadavg)

# version PACKAGE: the installed Debian version.
version() {
	dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo '?'
}
echo "Machine: $(nproc) cores ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)), $(free -g | awk '/^Mem:/ { print $2 }') GiB, Linux $(uname -r), Debian $(cat /etc/debian_version)"
echo "Load average (1, 5, 15 min): $START_LOAD at the start, $END_LOAD at the end"
echo "Versions: gcc $(version gcc-12), glibc $(version libc6), lttng-ust $(version liblttng-ust1), lttng-tools $(version lttng-tools), babeltrace2 $(version babeltrace2), redis $(version redis-server), python3 $(version python3.11), sqlite3 $(version sqlite3), boost $(version libboost-dev), heaptrack $(version heaptrack), jemalloc $(version libjemalloc2), gperftools $(version libgoogle-perftools4), valgrind $(version valgrind); allocsample $(git -C "$AS_SRCDIR" describe --always --dirty 2>/dev/null || echo '?')"
echo "Command: AS_BENCH_ROUNDS=$ROUNDS bench/peers.sh BUILD_DIR; workloads: $WORKLOADS; sizes: synthetic $SYNTHETIC_OPS, python3 $PYTHON_ROUNDS, sqlite3 $SQLITE_ROWS, redis $REDIS_REQUESTS/$LRANGE_REQUESTS requests of $REDIS_VALUE bytes"
echo
awk -v rounds="$ROUNDS" -v workloads="$WORKLOADS" -v configs="$CONFIGS" \
	-f "$AS_SRCDIR/bench/peers/tables.awk" "$RESULTS"
if [ -s "$FAILURES" ]; then
	echo
	echo "Failed runs (not run again on their workload):"
	echo
	sed 's/^/- /' "$FAILURES"
fi
echo
echo "Every figure (workload configuration round key value):"
cat "$RESULTS"
