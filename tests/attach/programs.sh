#!/bin/sh
# programs.sh - allocsample-record -p on programs nobody here wrote, started
# with nothing preloaded: CPython running a loop (tests/attach/loop.py),
# and redis-server answering redis-benchmark.  Attached in the middle of
# their work (CPython for two seconds, redis-server until the test has
# sent it its commands), then detached, each records samples, answers and
# prints exactly what it does when nobody attaches (CPython: what a run of
# as many rounds, nobody attached, prints), keeps running, and exits
# normally.  Each runs until the test has done with it: no step of the
# test races the program's end.
set -eu
. "$AS_SRCDIR/tests/attach/lib.sh"
harness_enter "$@"
require gdb python3 redis-server redis-benchmark redis-cli

# CPython.
# It runs until its standard input ends (attach_stdin), and is attached to
# once it runs its loop (its second thread, which reads the input).
python=/usr/bin/python3
attach_stdin
"$python" "$AS_SRCDIR/tests/attach/loop.py" 200 <"$ATTACH_STDIN" >"$HARNESS_DIR/python-attached.out" &
pid=$!
attach_threads "$pid" 2
record_run python -p "$pid" --duration 2s --format json --report-output -
check "python: exit status 0 ($RECORD_STATUS; $(head -c 300 "$HARNESS_DIR/python.err"))" [ "$RECORD_STATUS" -eq 0 ]
samples=$(attach_samples "$HARNESS_DIR/python.out" "$pid")
check "python: samples recorded ($samples)" [ "$samples" -gt 20 ]
# Debian's python3 is built without -fPIE and takes malloc's address: its
# own slot for malloc must still be found and rewritten.
types=$(jq -r "[.groups[] | select(.kind == \"type\" and .pid == $pid) | .type] | sort | join(\" \")" \
	"$HARNESS_DIR/python.out")
mallocs=$(jq "[.groups[] | select(.kind == \"type\" and .pid == $pid and .type == \"malloc\")] | length" \
	"$HARNESS_DIR/python.out")
check "python: its malloc calls are sampled too ($types)" [ "$mallocs" -eq 1 ]
attach_stdin_close
status=0
wait "$pid" || status=$?
check "python: exits 0 ($status)" [ "$status" -eq 0 ]
# The same rounds, nobody attached, without pausing between them.
rounds=$(cut -d ' ' -f 1 "$HARNESS_DIR/python-attached.out")
"$python" "$AS_SRCDIR/tests/attach/loop.py" "${rounds:-0}" 0 </dev/null >"$HARNESS_DIR/python-alone.out"
check "python: prints what $rounds rounds print alone ($(cat "$HARNESS_DIR/python-attached.out"))" \
	cmp -s "$HARNESS_DIR/python-alone.out" "$HARNESS_DIR/python-attached.out"

# redis-server, under redis-benchmark, on a socket of the test's own.
socket="$HARNESS_DIR/redis.sock"
redis-server --port 0 --unixsocket "$socket" --save '' --appendonly no --dir "$HARNESS_DIR" \
	>"$HARNESS_DIR/redis-server.log" 2>&1 &
redis=$!
for _ in $(seq 1200); do
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
grep -qx 'hello, world' "$HARNESS_DIR/redis-before.out" ||
	harness_fail "redis-server did not answer the commands: $(head -c 300 "$HARNESS_DIR/redis-before.out")"
# The benchmark loops (-l) until the recording is over; the recording
# starts once its 20 clients are connected, and ends (SIGTERM, as Ctrl-C
# would) once the commands have had their replies while it was attached
# and redis-server has processed 30 000 commands since the attach, by its
# own count: the samples are those of a fixed amount of work, however fast
# the machine runs it.
redis-benchmark -s "$socket" -t set,get,lpush,lpop,hset -n 100000 -c 20 -q -l \
	>"$HARNESS_DIR/benchmark.out" 2>&1 &
benchmark=$!
for _ in $(seq 1200); do
	clients=$(redis-cli -s "$socket" info clients | sed -n 's/^connected_clients:\([0-9]*\).*/\1/p')
	[ "${clients:-0}" -le 20 ] || break
	sleep 0.1
done
[ "${clients:-0}" -gt 20 ] || harness_fail "redis-benchmark did not connect: $(tail -c 300 "$HARNESS_DIR/benchmark.out")"
record_bg redis -p "$redis" --format json --report-output -
recording=$BG_PID
attach_said redis "$recording"
processed() {
	redis-cli -s "$socket" info stats | sed -n 's/^total_commands_processed:\([0-9]*\).*/\1/p'
}
attached_at=$(processed)
commands | redis-cli -s "$socket" >"$HARNESS_DIR/redis-during.out"
redis_deadline=$(( $(date +%s) + 600 ))
while [ "$(processed)" -lt $(( attached_at + 30000 )) ]; do
	[ "$(date +%s)" -le "$redis_deadline" ] ||
		harness_fail "redis-server did not process 30 000 commands in ten minutes"
	sleep 0.1
done
kill -TERM $(pgrep -P "$recording")
status=0
wait "$recording" || status=$?
check "redis: exit status 0 ($status; $(head -c 300 "$HARNESS_DIR/redis.err"))" [ "$status" -eq 0 ]
check "redis: detached after the script's commands ($(tail -n 1 "$HARNESS_DIR/redis.err"))" \
	grep -q '^allocsample-record: detached' "$HARNESS_DIR/redis.err"
samples=$(attach_samples "$HARNESS_DIR/redis.out" "$redis")
check "redis: samples recorded ($samples)" [ "$samples" -gt 20 ]
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
