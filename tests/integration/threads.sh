#!/bin/sh
# threads.sh - four C threads allocate known bytes through every entry point
# under the preload shim: each thread's sample count and each entry point's
# must be what the sampling model predicts, and every event well formed.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

rate=8192
ALLOCSAMPLE_RATE=$rate integ_trace threads -- harness_preload "$INTEG_WORKLOADS/threads" "$rate"
out="$HARNESS_DIR/threads.out"
events="$HARNESS_DIR/threads.events"

# Each worker's events (by vtid): a count in the Poisson interval.
tids=
for worker in 0 1 2 3; do
	tid=$(awk -v w="$worker" '$1 == "tid" && $2 == w { print $3 }' "$out")
	expected=$(awk -v w="$worker" '$1 == "worker" && $2 == w { print $8 }' "$out")
	[ -n "$tid" ] && [ -n "$expected" ] || harness_fail "no figures for worker $worker"
	tids="$tids $tid"
	check_poisson "worker $worker (vtid $tid) samples" \
		"$(harness_count "$events" "\$2 == $tid")" "$expected"
done

distinct=$(printf '%s\n' $tids | sort -u | wc -l)
check "the 4 workers have distinct vtids ($(echo $tids))" [ "$distinct" -eq 4 ]

# Each entry point's events, over the workers: a type that sampled twice
# (reallocarray through realloc, strdup's malloc) or never shows here.
# strdup's samples are malloc's: 8 types.
workers=$(printf '$2 == %s || ' $tids)
workers="(${workers% || })"
check_lines "$out" entry 8
awk '$1 == "entry" { print $2, $6 }' "$out" >"$HARNESS_DIR/entries"
while read -r type expected; do
	check_poisson "type $type in the workers" \
		"$(harness_count "$events" "$workers && \$3 == \"$type\"")" "$expected"
done <"$HARNESS_DIR/entries"

# Every event of the process, workers or not.
total=$(wc -l <"$events")
check "every event has offset < size" \
	[ "$(harness_count "$events" '$5 >= $4')" -eq 0 ]
check "every event has rate == $rate" \
	[ "$(harness_count "$events" "\$6 != $rate")" -eq 0 ]
check "every event has a non-null ptr" \
	[ "$(harness_count "$events" '$7 ~ /^0x0*$/')" -eq 0 ]
entry_types='^(malloc|calloc|realloc|reallocarray|posix_memalign|aligned_alloc|memalign|valloc|pvalloc)$'
check "every event's type is a C entry point ($total events; types: $(awk '{ print $3 }' "$events" | sort -u | tr '\n' ' '))" \
	[ "$(harness_count "$events" "\$3 !~ /$entry_types/")" -eq 0 ]
finish "$out"
