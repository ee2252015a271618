#!/bin/sh
# stacks.sh - the raw stacks of schema 2 (stack, stack_truncated), read
# back from real traces of tests/workloads/stacks, built -O2 -g without and
# with frame pointers, at ALLOCSAMPLE_RATE=1 (every object sampled, no
# chance involved):
#   - a 40-level recursion at depths 0, 8, 32 (the default) and 128: the
#     length is min(depth, frames on the stack), stack_truncated says
#     whether frames were left, and frame i lies in the function i levels
#     above the one that called malloc (function ranges from nm -S and the
#     load address the workload prints);
#   - strdup: the stack begins in the C library and the call site (the ip
#     context) is the caller of strdup, at depth 0 too;
#   - an allocation in a signal handler: its stack goes through the handler
#     and the signal trampoline into the interrupted function, whose frame
#     is the interrupted instruction's address + 1;
#   - a thread on a stack of its own (pthread_attr_setstack);
#   - the typed API;
#   - dlopen A, sample, dlclose, dlopen B at A's address, sample: B's
#     frames (stacks-module.c makes a stale cache show);
#   - the same again after that unload;
#   - invalid ALLOCSAMPLE_STACK_DEPTH values: one warning, the default.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
modules="$AS_BUILDDIR/tests/workloads/.libs"
module_a="$modules/stacks-module-a.so"
module_b="$modules/stacks-module-b.so"
all_modes="recurse strdup signal thread typed dlopen $module_a $module_b again recurse strdup signal thread typed"
# The sizes of tests/workloads/stacks.c; "again" adds 100.
RECURSE=1000003 STRDUP=1000019 SIGNAL=1000033 THREAD=1000037 TYPED=1000061
MODULE_A=1000039 MODULE_B=1000051

# run NAME VARIANT DEPTH MODES...: runs the workload VARIANT with
# ALLOCSAMPLE_STACK_DEPTH=DEPTH (unset when DEPTH is "default"); facts in
# $HARNESS_DIR/NAME.facts, stderr in NAME.err.
run() {
	name=$1 variant=$2 depth=$3
	shift 3
	if [ "$depth" = default ]; then
		ALLOCSAMPLE_RATE=1 harness_preload "$INTEG_WORKLOADS/$variant" "$HARNESS_DIR/$name.facts" "$@" \
			>>"$HARNESS_DIR/out" 2>"$HARNESS_DIR/$name.err" || harness_fail "$name: the workload failed"
	else
		ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=$depth harness_preload \
			"$INTEG_WORKLOADS/$variant" "$HARNESS_DIR/$name.facts" "$@" \
			>>"$HARNESS_DIR/out" 2>"$HARNESS_DIR/$name.err" || harness_fail "$name: the workload failed"
	fi
}

# Without the checkpoints: a pass's first event maps memory from the
# checkpoint thread at a moment of its own, which can take the place
# module A leaves for B (check_modules).
harness_session stacks --output "$trace" \
	--events 'allocsample:AllocationSampled,allocsample:SampledFree,allocsample:SamplesUnrecorded'
for variant in stacks stacks-fp; do
	for depth in 0 8 128; do
		run "$variant-$depth" "$variant" "$depth" recurse strdup
	done
	run "$variant-default" "$variant" default $all_modes
done
run bad-129 stacks 129 recurse
run bad-word stacks abc recurse
harness_session_end stacks

babeltrace2 "$trace" 2>"$HARNESS_DIR/bt.err" >"$HARNESS_DIR/text" ||
	harness_fail "babeltrace2 cannot read $trace: $(cat "$HARNESS_DIR/bt.err")"
# One line per event: vpid vtid size ip stack_length stack_truncated, then
# the frames.
awk '/allocsample:AllocationSampled: / {
	n = split("vpid vtid ip size _stack_length stack_truncated", keys, " ")
	for (i = 1; i <= n; i++) {
		if (!match($0, keys[i] " = [0-9]+")) next
		v[keys[i]] = substr($0, RSTART + length(keys[i]) + 3, RLENGTH - length(keys[i]) - 3)
	}
	line = v["vpid"] " " v["vtid"] " " v["size"] " " v["ip"] " " v["_stack_length"] " " v["stack_truncated"]
	rest = $0
	while (match(rest, /\] = 0x[0-9A-Fa-f]+/)) {
		line = line " " substr(rest, RSTART + 4, RLENGTH - 4)
		rest = substr(rest, RSTART + RLENGTH)
	}
	print line
}' "$HARNESS_DIR/text" >"$HARNESS_DIR/events"
printf '      %s events\n' "$(wc -l <"$HARNESS_DIR/events")"

# functions FILE BASE OUT: the functions of FILE as "name start end",
# runtime addresses in decimal, FILE loaded at BASE (hex).
functions() {
	nm -S --defined-only "$1" | awk 'NF == 4 && $3 ~ /^[tT]$/ { print $4, $1, $2 }' |
		while read -r name value size; do
			start=$(($2 + 0x$value))
			echo "$name $start $((start + 0x$size))"
		done >"$3"
}

# in_function TABLE NAME ADDRESS: ADDRESS (hex or decimal) - 1, the
# instruction of a return address, lies in function NAME.
in_function() {
	set -- $(awk -v n="$2" '$1 == n { print $2, $3; exit }' "$1") "$3"
	[ $# -eq 3 ] && [ $(($3 - 1)) -ge "$1" ] && [ $(($3 - 1)) -lt "$2" ]
}

# in_any TABLE ADDRESS: ADDRESS - 1 lies in some function of TABLE.
in_any() {
	awk -v a=$(($2 - 1)) '$2 <= a && a < $3 { found = 1 } END { exit !found }' "$1"
}

# event RUN SIZE: the event line of RUN's allocation of SIZE bytes (the
# first if several).
event() {
	awk -v pid="$(harness_fact "$HARNESS_DIR/$1.facts" pid 2)" -v size="$2" \
		'$1 == pid && $3 == size { print; exit }' "$HARNESS_DIR/events"
}

# frame LINE I: frame I of an event line; empty when it has fewer.
frame() {
	echo "$1" | awk -v i="$2" '{ print $(7 + i) }'
}

# field LINE N: field N of an event line (1 vpid, 2 vtid, 3 size, 4 ip,
# 5 stack_length, 6 stack_truncated).
field() {
	echo "$1" | awk -v n="$2" '{ print $n }'
}

# table RUN VARIANT: writes the function table of a run's program, the
# workload loaded where the run says main was, and prints its path.
table() {
	main=$(harness_fact "$HARNESS_DIR/$1.facts" main 2)
	[ -n "$main" ] || harness_fail "$1: the workload printed no facts"
	value=$(nm --defined-only "$INTEG_WORKLOADS/$2" | awk '$3 == "main" { print $1 }')
	functions "$INTEG_WORKLOADS/$2" "$(printf '0x%x' $((main - 0x$value)))" "$HARNESS_DIR/$1.functions"
	echo "$HARNESS_DIR/$1.functions"
}

# The recursion from stk_leaf outward: frame i is in the i-th.
chain="stk_leaf"
for i in $(seq 1 40); do
	chain="$chain $(printf 'stk_level_%02d' "$i")"
done
chain="$chain stk_run_recurse main"

# check_chain LABEL TABLE LINE COUNT: the first COUNT frames of LINE are
# the recursion's, in order (in_function's test on each, in one awk).
check_chain() {
	wrong=$(for at in $(echo "$3" | cut -d ' ' -f 7-); do printf '%s %d\n' "$at" "$at"; done |
		awk -v chain="$chain" -v count="$4" '
			FILENAME == ARGV[1] { if (!($1 in start)) { start[$1] = $2; end[$1] = $3 }; next }
			{ hex[n] = $1; at[n++] = $2 - 1 }
			END {
				split(chain, name, " ")
				for (i = 0; i < count; i++) {
					f = name[i + 1]
					if (i >= n || !(f in start) || at[i] < start[f] || at[i] >= end[f]) {
						printf " (frame %d, %s, is not in %s)", i, i < n ? hex[i] : "missing", f
						exit
					}
				}
			}' "$2" -)
	check "$1: frames 0 to $(($4 - 1)) are stk_leaf, stk_level_01, ... in order$wrong" [ -z "$wrong" ]
}

# check_recursion LABEL RUN TABLE DEPTH EXTRA: the recursion's event.
check_recursion() {
	line=$(event "$2" $((RECURSE + $5)))
	[ -n "$line" ] || { fail "$1: no event of the recursion"; return 0; }
	length=$(field "$line" 5) truncated=$(field "$line" 6)
	frames=$(($(echo "$line" | wc -w) - 6))
	check "$1: stack_length $length is the number of frames recorded ($frames)" [ "$length" -eq "$frames" ]
	case $4 in
	0)
		check "$1: depth 0 records an empty stack, not truncated (length $length, truncated $truncated)" \
			eval "[ $length -eq 0 ] && [ $truncated -eq 0 ]"
		;;
	128)
		# 43 frames of the workload, then the C library's start-up.
		check "$1: depth 128 records the whole stack, not truncated (length $length, truncated $truncated)" \
			eval "[ $length -ge 43 ] && [ $length -lt 128 ] && [ $truncated -eq 0 ]"
		check_chain "$1" "$3" "$line" 43
		;;
	*)
		check "$1: depth $4 records $4 of the 45 or so frames, truncated (length $length, truncated $truncated)" \
			eval "[ $length -eq $4 ] && [ $truncated -eq 1 ]"
		check_chain "$1" "$3" "$line" "$4"
		;;
	esac
}

# check_strdup LABEL RUN TABLE DEPTH EXTRA: strdup's event.
check_strdup() {
	line=$(event "$2" $((STRDUP + $5)))
	[ -n "$line" ] || { fail "$1: no event of strdup"; return 0; }
	check "$1: strdup's call site (the ip context) is in stk_strdup_caller" \
		in_function "$3" stk_strdup_caller "$(field "$line" 4)"
	[ "$4" -ne 0 ] || return 0
	first=$(frame "$line" 0) second=$(frame "$line" 1)
	check "$1: strdup's frame 0 ($first) is outside the workload (the C library's)" \
		eval "! in_any '$3' '$first'"
	check "$1: strdup's frame 1 (${second:-missing}) is in stk_strdup_caller" \
		in_function "$3" stk_strdup_caller "${second:-0}"
}

# check_signal LABEL RUN TABLE EXTRA: the signal handler's event.
check_signal() {
	size=$((SIGNAL + $4))
	line=$(event "$2" "$size")
	[ -n "$line" ] || { fail "$1: no event of the signal handler"; return 0; }
	pc=$(awk -v s="$size" '$1 == "interrupted" && $2 == s { print $3 }' "$HARNESS_DIR/$2.facts")
	check "$1: the handler's frame 0 is in stk_handler" in_function "$3" stk_handler "$(frame "$line" 0)"
	k=0
	while at=$(frame "$line" "$k") && [ -n "$at" ] && [ $((at)) -ne $((pc + 1)) ]; do
		k=$((k + 1))
	done
	if [ -z "$at" ]; then
		fail "$1: no frame is the interrupted instruction's address + 1 ($pc + 1): $line"
		return 0
	fi
	ok "$1: frame $k is the interrupted instruction's address + 1 ($pc + 1)"
	check "$1: frame $k is in stk_interrupted" in_function "$3" stk_interrupted "$at"
	trampoline=$(frame "$line" $((k - 1)))
	check "$1: frame $((k - 1)) ($trampoline), between the handler's and it, is outside the workload (the signal trampoline)" \
		eval "[ $k -ge 2 ] && ! in_any '$3' '$trampoline'"
	check "$1: frame $((k + 1)) is in stk_signal_caller" \
		in_function "$3" stk_signal_caller "$(frame "$line" $((k + 1)))"
}

# check_thread LABEL RUN TABLE EXTRA: the event of the thread on its own
# stack.
check_thread() {
	line=$(event "$2" $((THREAD + $4)))
	[ -n "$line" ] || { fail "$1: no event of the thread"; return 0; }
	check "$1: the thread's event is another thread's (vtid $(field "$line" 2), vpid $(field "$line" 1))" \
		[ "$(field "$line" 1)" != "$(field "$line" 2)" ]
	check "$1: the thread's frames 0 and 1 are in stk_thread_alloc and stk_thread_main" \
		eval "in_function '$3' stk_thread_alloc '$(frame "$line" 0)' &&
		      in_function '$3' stk_thread_main '$(frame "$line" 1)'"
	check "$1: the walk ends at the thread's first frame, not truncated ($(field "$line" 5) frames)" \
		[ "$(field "$line" 6)" -eq 0 ]
}

# check_typed LABEL RUN TABLE EXTRA: the typed API's event.
check_typed() {
	line=$(event "$2" $((TYPED + $4)))
	[ -n "$line" ] || { fail "$1: no event of the typed API"; return 0; }
	check "$1: allocsample_malloc_typed's frames 0 and 1 are in stk_typed_caller and main" \
		eval "in_function '$3' stk_typed_caller '$(frame "$line" 0)' &&
		      in_function '$3' main '$(frame "$line" 1)'"
}

# check_modules LABEL RUN TABLE: dlopen A, sample, dlclose, dlopen B,
# sample.
check_modules() {
	base_a=$(awk '$1 == "module" && $2 == "a" { print $3 }' "$HARNESS_DIR/$2.facts")
	base_b=$(awk '$1 == "module" && $2 == "b" { print $3 }' "$HARNESS_DIR/$2.facts")
	# Elsewhere, B would show nothing about stale caches.
	check "$1: module B was loaded at module A's address (A $base_a, B $base_b)" \
		eval "[ -n '$base_a' ] && [ '$base_a' = '$base_b' ]"
	for module in a b; do
		if [ $module = a ]; then
			base=$base_a size=$MODULE_A file=$module_a
		else
			base=$base_b size=$MODULE_B file=$module_b
		fi
		[ -n "$base" ] || continue
		functions "$file" "$base" "$HARNESS_DIR/$2.module-$module"
		line=$(event "$2" "$size")
		[ -n "$line" ] || { fail "$1: no event of module $module"; continue; }
		check "$1: module $module's frames 0 and 1 are in its stk_module_alloc and stk_dl_caller ($(field "$line" 5) frames)" \
			eval "in_function '$HARNESS_DIR/$2.module-$module' stk_module_alloc '$(frame "$line" 0)' &&
			      in_function '$3' stk_dl_caller '$(frame "$line" 1)'"
	done
}

for variant in stacks stacks-fp; do
	for depth in 0 8 128; do
		run_name=$variant-$depth
		functions_of_run=$(table "$run_name" "$variant")
		check_recursion "$run_name" "$run_name" "$functions_of_run" "$depth" 0
		check_strdup "$run_name" "$run_name" "$functions_of_run" "$depth" 0
	done
	run_name=$variant-default
	functions_of_run=$(table "$run_name" "$variant")
	check_modules "$run_name" "$run_name" "$functions_of_run"
	for extra in 0 100; do
		if [ "$extra" -eq 0 ]; then label=$run_name; else label="$run_name, after the unload"; fi
		check_recursion "$label" "$run_name" "$functions_of_run" 32 "$extra"
		check_strdup "$label" "$run_name" "$functions_of_run" 32 "$extra"
		check_signal "$label" "$run_name" "$functions_of_run" "$extra"
		check_thread "$label" "$run_name" "$functions_of_run" "$extra"
		check_typed "$label" "$run_name" "$functions_of_run" "$extra"
	done
done

# An invalid depth: one warning line naming it, and the default 32.
for run_name in bad-129 bad-word; do
	if [ $run_name = bad-129 ]; then value=129; else value=abc; fi
	warnings=$(grep -c "^allocsample: ignoring ALLOCSAMPLE_STACK_DEPTH='$value'" "$HARNESS_DIR/$run_name.err" || true)
	check "ALLOCSAMPLE_STACK_DEPTH=$value: one warning on stderr ($warnings; stderr: $(head -c 300 "$HARNESS_DIR/$run_name.err"))" \
		eval "[ $warnings -eq 1 ] && [ $(wc -l <"$HARNESS_DIR/$run_name.err") -eq 1 ]"
	check_recursion "ALLOCSAMPLE_STACK_DEPTH=$value" "$run_name" "$(table "$run_name" stacks)" 32 0
done
finish "$HARNESS_DIR/out"
