#!/bin/sh
# fork.sh - a multi-threaded process forks (no exec) under the preload shim
# and liblttng-ust-fork.so, with ALLOCSAMPLE_SEED set: the child is traced
# under its own vpid, sampled as the model predicts, and its random stream
# is none of its parent's threads'.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

rate=16384
big=1048576
big_count=64
harness_ust_fork
out="$HARNESS_DIR/fork.out"
events="$HARNESS_DIR/fork.events"

LD_PRELOAD=$HARNESS_UST_FORK ALLOCSAMPLE_RATE=$rate ALLOCSAMPLE_SEED=42 \
	integ_trace fork -- harness_preload "$INTEG_WORKLOADS/fork" "$rate"

parent=$(harness_fact "$out" parent 3)
child=$(harness_fact "$out" child 3)
child_tid=$(harness_fact "$out" child 5)
expected=$(harness_fact "$out" child 7)
[ -n "$parent" ] && [ -n "$child" ] && [ -n "$expected" ] ||
	harness_fail "the workload did not print its pids"

check "the child ($child) is not the parent ($parent)" [ "$child" != "$parent" ]
check "the child's thread is its main thread (vtid $child_tid)" [ "$child_tid" = "$child" ]
check "every event of the child's thread carries the child's vpid" \
	[ "$(harness_count "$events" "\$2 == $child && \$1 != $child")" -eq 0 ]
check_poisson "child's aligned_alloc samples" \
	"$(harness_count "$events" "\$1 == $child && \$3 == \"aligned_alloc\"")" "$expected"
check "every event has offset < size and rate == $rate" \
	[ "$(harness_count "$events" "\$5 >= \$4 || \$6 != $rate")" -eq 0 ]

# offsets VPID VTID: the offsets of the thread's $big-byte objects, one a
# line, sorted; each is one geometric draw of the thread's stream.
offsets() {
	awk -v pid="$1" -v tid="$2" -v big="$big" \
		'$1 == pid && $2 == tid && $4 == big { print $5 }' "$events" | sort
}

offsets "$child" "$child" >"$HARNESS_DIR/offsets-child"
check "the child sampled its $big_count big objects ($(wc -l <"$HARNESS_DIR/offsets-child"))" \
	[ "$(wc -l <"$HARNESS_DIR/offsets-child")" -eq "$big_count" ]
# Two independent draws at this rate are equal with probability about
# 1/(2 * rate); for 64 x 64 pairs about 0.125 common values are expected, and
# 4 or more happen by chance with probability about 1e-5.  A child that
# went on with a parent thread's stream shares nearly all of them.
# The parent's main thread and its 2 workers.
check_lines "$out" thread 3
awk '$1 == "thread" { print $2, $3 }' "$out" >"$HARNESS_DIR/threads"
while read -r name tid; do
	offsets "$parent" "$tid" >"$HARNESS_DIR/offsets-$name"
	check "parent $name (vtid $tid) sampled its $big_count big objects ($(wc -l <"$HARNESS_DIR/offsets-$name"))" \
		[ "$(wc -l <"$HARNESS_DIR/offsets-$name")" -eq "$big_count" ]
	common=$(comm -12 "$HARNESS_DIR/offsets-child" "$HARNESS_DIR/offsets-$name" | wc -l)
	check "child and parent $name streams differ ($common common offsets, < 4)" \
		[ "$common" -lt 4 ]
done <"$HARNESS_DIR/threads"
finish "$out"
