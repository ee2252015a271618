#!/bin/sh
# cxx.sh - the body of cxx-fp.sh and cxx-nofp.sh, which set
# STACKS_VARIANT: the C++ program stacks-cxx.cc, built -O2 -g with (fp) or
# without (nofp) frame pointers, recorded by allocsample-record, grouped by
# stack and by site.  A function template's new, a lambda's new[] and
# std::vector's growth under push_back are each exactly one stack group,
# named by the program's own functions (libstdc++'s templates left out),
# holding its true bytes and at least the lower end of its objects (no
# upper end: the growth's smallest objects are almost never sampled);
# both builds must give these same paths.  Also:
# the frames have the lines of the calls; the growth's stack shows
# libstdc++'s _M_realloc_insert (compiled into the program, inlined) under
# the program's grow_vector; the call tree's node of run_lambda holds its
# bytes; and the sites, read on the same trace, are the stacks' out-of-line
# frames at their first addresses outside the runtimes (the growth's is
# grow_vector at the push_back line), with the same samples.  With frame
# pointers, the program again at rate 1, where each path's object count
# is exact.
#
# Four intervals at 99.9% and three objects' lower ends (each missing at
# most 0.05%): a correct build fails with probability below 0.58%
# (4 x (0.1% + 0.0063%) + 3 x 0.05%); the seed makes the samples the same
# in every run.
set -eu
. "$AS_SRCDIR/tests/stacks/lib.sh"
harness_enter "$@"
harness_start_sessiond

program="$STACKS_BIN/stacks-cxx-$STACKS_VARIANT"
source="$STACKS_SRC/stacks-cxx.cc"
truth="$HARNESS_DIR/truth"
json="$HARNESS_DIR/cxx.json"

if [ "$STACKS_VARIANT" = fp ]; then
	check "stacks-cxx-fp keeps the frame pointer (grow_vector)" stacks_frame_pointer "$program" 'grow_vector()'
else
	check "stacks-cxx-nofp has no frame pointer (grow_vector)" stacks_no_frame_pointer "$program" 'grow_vector()'
fi

stacks_record cxx "$program" "$truth"
stacks_own "tests/stacks/stacks-cxx-$STACKS_VARIANT"
stacks_show "$json"
check "the program wrote its three paths" [ "$(grep -c '^path ' "$truth")" -eq 3 ]

# A template's frame may be named with its return type.
template='^main;([^;]* )?make_objects<Widget>$'
lambda='^main;run_lambda;[^;]*lambda[^;]*$'
vector='^main;grow_vector$'
stacks_check_path template "$json" "$template" "$(stacks_truth "$truth" template)"
stacks_check_path lambda "$json" "$lambda" "$(stacks_truth "$truth" lambda)"
stacks_check_path vector "$json" "$vector" "$(stacks_truth "$truth" vector)"
stacks_check_objects "template objects" "$json" "$template" "$(stacks_truth "$truth" template 4)"
stacks_check_objects "lambda objects" "$json" "$lambda" "$(stacks_truth "$truth" lambda 4)"
stacks_check_objects "vector objects" "$json" "$vector" "$(stacks_truth "$truth" vector 4)"

# At rate 1 every byte is a trial that succeeds, so every object is
# sampled: each path's count is exact, its upper end given (JSON) and the
# text says so.  Once, in the build with frame pointers.
if [ "$STACKS_VARIANT" = fp ]; then
	STACKS_RATE=1
	stacks_record exact "$program" "$HARNESS_DIR/exact.truth"
	STACKS_RATE=4096
	for name in template lambda vector; do
		eval "regex=\$$name"
		want=$(stacks_truth "$HARNESS_DIR/exact.truth" "$name" 4)
		got=$(stacks_group "$HARNESS_DIR/exact.json" "$regex" '"\(.objects) \(.objects_lower) \(.objects_upper)"')
		check "rate 1: $name objects exactly $want (objects, lower, upper: $got)" [ "$got" = "\"$want $want $want\"" ]
	done
	COLUMNS=200 report_run "$HARNESS_DIR/exact.trace" -p 'group-by="stack"' >"$HARNESS_DIR/exact.txt" 2>/dev/null ||
		harness_fail "the text report of the rate-1 run failed"
	check "rate 1: the text says the vector's count is exact" \
		grep -q " exactly $(stacks_truth "$HARNESS_DIR/exact.truth" vector 4) objects\$" "$HARNESS_DIR/exact.txt"
fi

# frame_at REGEX FUNCTION_REGEX: "FILE LINE" of the group's first frame,
# innermost first, whose function matches FUNCTION_REGEX.
frame_at() {
	stacks_group "$json" "$1" "[.stack[] | select(.function // \"\" | test(\"$2\"))] | first |
		\"\(.file // \"?\" | split(\"/\") | last) \(.line)\""
}
for case in "template make_objects<Widget> make_objects" "lambda lambda lambda" \
	"lambda ^run_lambda$ run_lambda" "vector ^grow_vector$ grow_vector"; do
	set -- $case
	eval "regex=\$$1"
	line=$(stacks_line "$source" "$3")
	got=$(frame_at "$regex" "$2")
	check "$1: the frame of $2 is at stacks-cxx.cc:$line ($got)" [ "$got" = "\"stacks-cxx.cc $line\"" ]
done

# The growth: grow_vector, then (inlined into it) push_back's way down to
# _M_realloc_insert and its allocation.
full=$(stacks_group "$json" "$vector" full_path)
check "vector: _M_realloc_insert under grow_vector ($full)" \
	sh -c "printf '%s' '$full' | grep -q ';grow_vector;\\([^;]*;\\)*[^;]*_M_realloc_insert'"

nodes='[.call_tree[] | .. | objects | select(.label == "main") | .children[]? |
	select(.label == "run_lambda")] | select(length == 1) | .[0]'
stacks_check_node "call tree main > run_lambda" "$json" "$nodes" "$(stacks_truth "$truth" lambda)"

stacks_sites_agree "$json"
finish "$HARNESS_DIR/cxx.err"
