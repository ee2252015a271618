#!/bin/sh
# programs.sh - allocsample-record -p on programs nobody here wrote, started
# with nothing preloaded: CPython running a loop (tests/attach/loop.py),
# and redis-server answering redis-benchmark.  Attached in the middle of
# their work for two seconds, then detached, each records samples, answers
# and prints exactly what it does when nobody attaches, keeps running, and
# exits normally.  Each runs until the test has done with it: no step of
# the test races the program's end.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
sh "$AS_SRCDIR/tests/compat/require-packages.sh" gdb python3 redis-server redis-tools ||
	harness_fail "cannot install gdb, python3, redis-server and redis-tools"
harness_enter "$@"

# samples NAME PID: the samples of process PID in NAME.out's JSON report.
samples() {
	jq "[.groups[] | select(.kind == \"process\" and .pid == $2) | .samples] | add // 0" "$HARNESS_DIR/$1.out"
}

# CPython.
# It runs until its standard input ends, which a process of the test's
# holds open (whatever the machine's pace, it outlives the recording).
python=/usr/bin/python3
"$python" "$AS_SRCDIR/tests/attach/loop.py" 200 </dev/null >"$HARNESS_DIR/python-alone.out"
mkfifo "$HARNESS_DIR/stdin"
sleep 1000000 >"$HARNESS_DIR/stdin" &
holder=$!
trap 'kill "$holder" 2>/dev/null || true; harness_cleanup' EXIT
"$python" "$AS_SRCDIR/tests/attach/loop.py" 200 <"$HARNESS_DIR/stdin" >"$HARNESS_DIR/python-attached.out" &
pid=$!
sleep 1.5
record_run python -p "$pid" --duration 2s --format json --report-output -
check "python: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/python.err"))" [ "$RECORD_STATUS" -eq 0 ]
check "python: samples recorded ($(samples python "$pid"))" [ "$(samples python "$pid")" -gt 20 ]
# Debian's python3 is built without -fPIE and takes malloc's address: its
# own slot for malloc must still be found and rewritten.
types=$(jq -r "[.groups[] | select(.kind == \"type\" and .pid == $pid) | .type] | sort | join(\" \")" \
	"$HARNESS_DIR/python.out")
check "python: its malloc calls are sampled too ($types)" \
	jq -e "[.groups[] | select(.kind == \"type\" and .pid == $pid and .type == \"malloc\")] | length == 1" \
	"$HARNESS_DIR/python.out"
kill "$holder"
status=0
wait "$pid" || status=$?
check "python: exits 0 ($status)" [ "$status" -eq 0 ]
check "python: prints what it prints alone ($(cat "$HARNESS_DIR/python-attached.out"))" \
	cmp -s "$HARNESS_DIR/python-alone.out" "$HARNESS_DIR/python-attached.out"

# redis-server, under redis-benchmark, on a socket of the test's own.
socket="$HARNESS_DIR/redis.sock"
redis-server --port 0 --unixsocket "$socket" --save '' --appendonly no --dir "$HARNESS_DIR" \
	>"$HARNESS_DIR/redis-server.log" 2>&1 &
redis=$!
for _ in $(seq 100); do
	[ ! -S "$socket" ] || break
	sleep 0.1
done
[ -S "$socket" ] || harness_fail "redis-server did not start: $(tail -n 3 "$HARNESS_DIR/redis-server.log")"
# The same commands, whose replies are the same whoever watches.
commands() {
	cat <<'REDIS'
DEL attach:s attach:l attach:h attach:n attach:big
SET attach:s hello
APPEND attach:s ", world"
GET attach:s
INCRBY attach:n 41
INCR attach:n
RPUSH attach:l a b c d e f g
LRANGE attach:l 1 -2
HSET attach:h f1 v1 f2 v2 f3 v3
HGET attach:h f2
HLEN attach:h
SETRANGE attach:big 100000 x
STRLEN attach:big
DEL attach:s attach:l attach:h attach:n attach:big
REDIS
}
commands | redis-cli -s "$socket" >"$HARNESS_DIR/redis-before.out"
# The benchmark loops (-l) until the recording is over.
redis-benchmark -s "$socket" -t set,get,lpush,lpop,hset -n 100000 -c 20 -q -l \
	>"$HARNESS_DIR/benchmark.out" 2>&1 &
benchmark=$!
sleep 0.5
record_bg redis -p "$redis" --duration 2s --format json --report-output -
recording=$BG_PID
for _ in $(seq 300); do
	! grep -q '^allocsample-record: attached' "$HARNESS_DIR/redis.err" 2>/dev/null || break
	sleep 0.1
done
commands | redis-cli -s "$socket" >"$HARNESS_DIR/redis-during.out"
status=0
wait "$recording" || status=$?
check "redis: exit status 0 ($status; $(head -c 300 "$HARNESS_DIR/redis.err"))" [ "$status" -eq 0 ]
check "redis: detached after the script's commands ($(tail -n 1 "$HARNESS_DIR/redis.err"))" \
	grep -q '^allocsample-record: detached' "$HARNESS_DIR/redis.err"
check "redis: samples recorded ($(samples redis "$redis"))" [ "$(samples redis "$redis")" -gt 20 ]
commands | redis-cli -s "$socket" >"$HARNESS_DIR/redis-after.out"
kill "$benchmark"
wait "$benchmark" 2>/dev/null || true
errors=$(tr '\r' '\n' <"$HARNESS_DIR/benchmark.out" | grep -i -m 1 error || true)
check "redis-benchmark: no error ($errors)" [ -z "$errors" ]
check "redis: the replies while attached are the ones before" \
	cmp -s "$HARNESS_DIR/redis-before.out" "$HARNESS_DIR/redis-during.out"
check "redis: and after the detach" cmp -s "$HARNESS_DIR/redis-before.out" "$HARNESS_DIR/redis-after.out"
redis-cli -s "$socket" shutdown nosave >/dev/null 2>&1 || true
status=0
wait "$redis" || status=$?
check "redis: exits 0 when shut down ($status)" [ "$status" -eq 0 ]
finish
