#!/bin/sh
# typed.sh - the typed API of allocsample.h (ALLOCSAMPLE_NEW, the typed
# malloc and calloc, nested scopes, allocsample_record) in a program linked
# with liballocsample, run with and without the preload shim: each type's
# sample count is its own expectation, never doubled by the shim, and scopes
# name only what the shim sees.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

rate=4096

# check_run NAME SHIM(yes|no): traces one run of the workload and checks it.
check_run() {
	out="$HARNESS_DIR/$1.out"
	events="$HARNESS_DIR/$1.events"

	printf -- '--- run %s (preload shim: %s)\n' "$1" "$2"
	if [ "$2" = yes ]; then
		ALLOCSAMPLE_RATE=$rate integ_trace "$1" -- harness_preload "$INTEG_WORKLOADS/typed" "$rate"
	else
		ALLOCSAMPLE_RATE=$rate integ_trace "$1" -- "$INTEG_WORKLOADS/typed" "$rate"
	fi

	tid=$(harness_fact "$out" tid 2)
	foo_size=$(harness_fact "$out" foo-size 2)
	[ -n "$tid" ] && [ -n "$foo_size" ] || harness_fail "the workload printed no tid or size"
	# struct foo, blob, table, parser, lexer, arena and malloc.
	check_lines "$out" type 7
	grep '^type ' "$out" >"$HARNESS_DIR/$1.types"
	while read -r _ type _ untyped _ objects _ expected; do
		# Without the shim nothing sees plain malloc, in a scope or not.
		if [ "$2" = no ] && [ "$untyped" -eq 1 ]; then
			expected=0
		fi
		check_poisson "type $type ($objects objects)" \
			"$(harness_count "$events" "\$2 == $tid && \$3 == \"$type\"")" "$expected"
	done <"$HARNESS_DIR/$1.types"

	check "the worker's events are all of the workload's types" \
		[ "$(harness_count "$events" "\$2 == $tid && \$3 !~ /^(struct_foo|blob|table|parser|lexer|arena|malloc)\$/")" -eq 0 ]
	check "every struct foo event has size $foo_size" \
		[ "$(harness_count "$events" "\$3 == \"struct_foo\" && \$4 != $foo_size")" -eq 0 ]
	check "arena events have ptr 0, the others not" \
		[ "$(harness_count "$events" "(\$3 == \"arena\") != (\$7 ~ /^0x0*\$/)")" -eq 0 ]
	check "every event has offset < size and rate == $rate" \
		[ "$(harness_count "$events" "\$5 >= \$4 || \$6 != $rate")" -eq 0 ]
}

check_run shim yes
check_run plain no
check "the output is the same with and without the shim (tid line aside)" \
	[ "$(grep -v '^tid ' "$HARNESS_DIR/shim.out")" = "$(grep -v '^tid ' "$HARNESS_DIR/plain.out")" ]
finish "$HARNESS_DIR/shim.out"
