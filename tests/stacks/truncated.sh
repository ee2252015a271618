#!/bin/sh
# truncated.sh - ALLOCSAMPLE_STACK_DEPTH=4 in allocsample-record's
# environment reaches the program (the command sets no depth of its own):
# no stack has more than 4 return addresses; the deep ones (the recursion,
# main's paths, the signal handler's) are marked truncated and keep their
# 4 innermost frames, so that the recursion still is one group holding its
# bytes; the thread pool's stack, 3 addresses deep, is not truncated.
#
# Two intervals at 99.9%: a correct build fails with probability below
# 0.22%.
set -eu
. "$AS_SRCDIR/tests/stacks/lib.sh"
harness_enter "$@"
harness_start_sessiond

truth="$HARNESS_DIR/truth"
json="$HARNESS_DIR/truncated.json"
ALLOCSAMPLE_STACK_DEPTH=4
export ALLOCSAMPLE_STACK_DEPTH
stacks_record truncated "$STACKS_BIN/stacks-nofp" "$truth" "$STACKS_BIN/.libs/stacks-module-nofp.so"
stacks_own tests/stacks/stacks-nofp stacks-module-nofp.so
stacks_show "$json"

deepest=$(jq '[.groups[] | select(.kind == "stack") | [.stack[].address] | unique | length] | max' "$json")
check "no stack has more than 4 return addresses (the most: $deepest)" [ "${deepest:-99}" -le 4 ]

recursion='^recurse;recurse;recurse;recurse$'
stacks_check_path recursion "$json" "$recursion" "$(stacks_truth "$truth" recursion)"
check "recursion: truncated" [ "$(stacks_group "$json" "$recursion" .truncated)" = true ]
for regex in '^main;path_a;mid;leaf_alloc$' '^main;path_b;mid;leaf_alloc$' '^on_signal$'; do
	check "$regex: truncated" [ "$(stacks_group "$json" "$regex" .truncated)" = true ]
done
stacks_check_path pool "$json" '^pool_task$' "$(stacks_truth "$truth" pool)"
check "pool: not truncated" [ "$(stacks_group "$json" '^pool_task$' .truncated)" = false ]
finish "$HARNESS_DIR/truncated.err"
