#!/bin/sh
# stack-labels.sh - allocsample-compare's labels of stack groups, on two
# runs of tests/compare/stacks-workload, whose build_index and load_table
# allocate through the same library code (an allocator template and
# std::vector's growth, compiled into the program):
#   - each stack is labelled from its first frame outside the runtimes
#     (the allocator's) with as many callers as tell it apart: the two
#     stacks get different labels, which name build_index and load_table;
#   - the stack of vector_path, whose innermost frames are the C++
#     standard library's templates compiled into the program
#     (std::__new_allocator<long>::allocate, std::vector's growth), is
#     labelled by vector_path, the program's own function;
#   - every line of the text fits COLUMNS, or the default width in a file,
#     the GROUP column cut with the stack's last frame kept;
#   - reports without the `label` key (from before it) give the same
#     comparison, their stacks' labels made from their frames.
# No statistical check: labels and widths do not depend on the figures.
set -eu
. "$AS_SRCDIR/tests/compare/lib.sh"
compare_begin "$@"

compare_stack_run base 2 2
compare_stack_run new 2 8
cd "$d"

compare_run json --group-by stack --format json base.json new.json
check "exit status 0 ($COMPARE_STATUS; $(head -c 300 "$d/json.err"))" [ "$COMPARE_STATUS" -eq 0 ]
jq -r '.groups[] | select(.kind == "stack") | "      \(.label)"' json.out
# label_of FUNCTION: the label of the stack group through FUNCTION.
label_of() {
	jq -r --arg f "$1" '[.groups[] | select(.kind == "stack" and (.stack | split(";") | index($f)))] |
		if length == 1 then .[0].label else "" end' json.out
}
index=$(label_of build_index)
table=$(label_of load_table)
check "one stack through build_index, labelled by it ($index)" \
	sh -c 'case $1 in *build_index*) ! printf "%s" "$1" | grep -q load_table ;; *) false ;; esac' - "$index"
check "one stack through load_table, labelled by it ($table)" \
	sh -c 'case $1 in *load_table*) ! printf "%s" "$1" | grep -q build_index ;; *) false ;; esac' - "$table"
check "both labels start at the allocator, the first frame outside the runtimes" \
	sh -c 'case "$1|$2" in "stacks-workload: PoolAllocator<long, 2>::allocate"*"|stacks-workload: PoolAllocator<long, 2>::allocate"*) ;; *) false ;; esac' \
	- "$index" "$table"
vector=$(jq -r '[.groups[] | select(.kind == "stack" and (.stack | split(";") | index("vector_path"))) | .label] | unique | join(" | ")' json.out)
check "the stack through vector_path is labelled by it, not by the standard library's frames ($vector)" \
	[ "$vector" = "stacks-workload: vector_path" ]
check "no two stack groups have one label" \
	jq -e '[.groups[] | select(.kind == "stack") | .label] | length == (unique | length)' json.out

# Text: lines within the width; the stacks' rows still name their callers.
for columns in 200 160 default; do
	if [ "$columns" = default ]; then
		unset COLUMNS
		width=160
	else
		COLUMNS=$columns
		export COLUMNS
		width=$columns
	fi
	compare_run "text-$columns" --group-by stack base.json new.json
	widest=$(awk '{ n = length($0); if (n > w) w = n } END { print w + 0 }' "text-$columns.out")
	check "text, COLUMNS $columns: no line wider than $width ($widest)" [ "$widest" -le "$width" ]
	check "text, COLUMNS $columns: a stack row for build_index, one for load_table" \
		sh -c '[ "$(grep -c "^  [a-z]*  *stack  .*< build_index  " "$1")" -eq 1 ] &&
		       [ "$(grep -c "^  [a-z]*  *stack  .*< load_table  " "$1")" -eq 1 ]' - "text-$columns.out"
done
sed 's/^/      | /' text-default.out

# Reports from before the label: their stacks matched and labelled alike.
for run in base new; do
	jq 'del(.groups[].label, .total.label)' "$run.json" >"$run-old.json"
done
check "the older reports carry no label" \
	jq -e '[.groups[] | has("label")] | any | not' base-old.json
compare_run old --group-by stack --format json base-old.json new-old.json
check "older reports: exit status 0 ($COMPARE_STATUS; $(head -c 300 "$d/old.err"))" [ "$COMPARE_STATUS" -eq 0 ]
check "older reports: the same groups, keys and labels" \
	sh -c '[ "$(jq -S .groups "$1")" = "$(jq -S .groups "$2")" ]' - old.out json.out
compare_run mixed --group-by stack --format json base-old.json new.json
check "an older BASELINE against a NEW with labels: the same groups" \
	sh -c '[ "$(jq -S .groups "$1")" = "$(jq -S .groups "$2")" ]' - mixed.out json.out
finish
