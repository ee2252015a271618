#!/bin/sh
# c.sh - the body of c-fp.sh and c-nofp.sh, which set STACKS_VARIANT: the C
# program stacks.c, built -O2 -g with (fp) or without (nofp) frame
# pointers, recorded by allocsample-record (stacks by default), grouped by
# stack and by site.  Each of its seven call paths (two callers of one
# function, a recursion, an inlined helper, a dlopen'ed module, a thread
# pool, a signal handler) is exactly one stack group, named by the
# program's own functions, outermost first, and holds its true bytes;
# both builds must give these same paths.  Also: the two callers of
# leaf_alloc give two groups; the recursion's depth shows in its frames;
# the inlined helper is a frame marked inlined at its caller's address;
# the module's frames have their function, file and line although it was
# unloaded before the end; the handler's stack goes through the signal
# frame to the function that raised it; no stack is truncated at the
# default depth; the innermost frames have the lines of the allocating
# calls; the call tree's nodes of the two callers hold their bytes; and
# the sites, read on the same trace, are the stacks' out-of-line frames at
# their first addresses outside the runtimes (an inlined helper's site is
# its caller, at the line of the call), with the same samples.
#
# Ten intervals at 99.9% (seven paths, one site, two nodes): a correct
# build fails with probability below 1.1% (10 x (0.1% + 0.0063%)); the
# seed makes the main thread's samples the same in every run.
set -eu
. "$AS_SRCDIR/tests/stacks/lib.sh"
harness_enter "$@"
harness_start_sessiond

program="$STACKS_BIN/stacks-$STACKS_VARIANT"
module="$STACKS_BIN/.libs/stacks-module-$STACKS_VARIANT.so"
source="$STACKS_SRC/stacks.c"
truth="$HARNESS_DIR/truth"
json="$HARNESS_DIR/c.json"

# The two builds differ as their names say (a CFLAGS that sets the frame
# pointer itself would make them the same).
if [ "$STACKS_VARIANT" = fp ]; then
	check "stacks-fp keeps the frame pointer (path_a)" stacks_frame_pointer "$program" path_a
else
	check "stacks-nofp has no frame pointer (path_a)" stacks_no_frame_pointer "$program" path_a
fi

stacks_record c "$program" "$truth" "$module"
stacks_own "tests/stacks/stacks-$STACKS_VARIANT" "stacks-module-$STACKS_VARIANT.so"
stacks_show "$json"
check "the program wrote its seven paths" [ "$(grep -c '^path ' "$truth")" -eq 7 ]

while read -r name regex; do
	stacks_check_path "$name" "$json" "$regex" "$(stacks_truth "$truth" "$name")"
	check "$name: not truncated at the default depth" \
		[ "$(stacks_group "$json" "$regex" .truncated)" = false ]
done <<'EOF_PATHS'
two_a ^main;path_a;mid;leaf_alloc$
two_b ^main;path_b;mid;leaf_alloc$
recursion ^main;recurse;recurse;recurse;recurse;recurse;recurse;recurse$
inline ^main;inline_caller;inline_alloc$
module ^main;run_module;module_alloc$
pool ^pool_task$
signal ^main;raise_signals;on_signal$
EOF_PATHS

# The innermost frame of the program's own: the allocating call's function,
# file and line.
while read -r regex function file; do
	line=$(stacks_line "$STACKS_SRC/$file" "$function")
	got=$(stacks_group "$json" "$regex" \
		'[own_frames | last | .function, (.file // "?" | split("/") | last), .line] | join(" ")')
	check "$function: its frame is at $file:$line ($got)" [ "$got" = "\"$function $file $line\"" ]
done <<'EOF_LEAVES'
^main;path_a;mid;leaf_alloc$ leaf_alloc stacks.c
^main;recurse;recurse;recurse;recurse;recurse;recurse;recurse$ recurse stacks.c
^main;inline_caller;inline_alloc$ inline_alloc stacks.c
^main;run_module;module_alloc$ module_alloc stacks-module.c
^pool_task$ pool_task stacks.c
^main;raise_signals;on_signal$ on_signal stacks.c
EOF_LEAVES

# Two callers, two groups.
callers=$(jq -r "$STACKS_DEFS [.groups[] | select(.kind == \"stack\" and (own_path | endswith(\";leaf_alloc\")))] |
	map(own_path) | sort | join(\" \")" "$json")
check "leaf_alloc: two stack groups whose callers differ ($callers)" \
	[ "$callers" = "main;path_a;mid;leaf_alloc main;path_b;mid;leaf_alloc" ]

# The recursion: seven frames of recurse, the six outer ones at the line of
# the recursive call.
recursion='^main;recurse;recurse;recurse;recurse;recurse;recurse;recurse$'
call_line=$(stacks_line "$source" recurse_call)
got=$(stacks_group "$json" "$recursion" \
	"[.stack[] | select(.function == \"recurse\")] | [length, (.[1:] | map(select(.line == $call_line)) | length)]")
check "recursion: 7 frames of recurse, 6 at the recursive call, line $call_line ($got)" [ "$got" = "[7,6]" ]

# The inlined helper: its own frame, marked inlined, then its caller's at
# the same address, not inlined, at the line of the call.
inline_line=$(stacks_line "$source" inline_caller)
got=$(stacks_group "$json" '^main;inline_caller;inline_alloc$' \
	"[.stack[] | select(.function == \"inline_alloc\" or .function == \"inline_caller\")] |
	 [map(.function), map(.inlined), (.[0].address == .[1].address), .[1].line]")
check "inline: inline_alloc inlined into inline_caller at line $inline_line ($got)" \
	[ "$got" = "[[\"inline_alloc\",\"inline_caller\"],[true,false],true,$inline_line]" ]

# The module: named from the mapping recorded while it was loaded.
got=$(stacks_group "$json" '^main;run_module;module_alloc$' \
	'[.stack[] | select(.function == "module_alloc")] | first |
	 [(.binary // "" | split("/") | last), (.build_id // "" | test("^[0-9a-f]{16,}$"))]')
check "module: module_alloc's frame is in stacks-module-$STACKS_VARIANT.so, with its build id ($got)" \
	[ "$got" = "[\"stacks-module-$STACKS_VARIANT.so\",true]" ]

# The handler's stack: on_signal, then frames outside the program (the C
# library's signal trampoline and raise), then raise_signals at the line
# that raised.
raise_line=$(stacks_line "$source" raise_signals)
got=$(stacks_group "$json" '^main;raise_signals;on_signal$' \
	".stack | (map(.function) | index(\"raise_signals\") - index(\"on_signal\") - 1) as \$between |
	 [\$between, (.[] | select(.function == \"raise_signals\") | .line)]")
check "signal: frames between on_signal and raise_signals, which raised at line $raise_line ($got)" \
	sh -c "printf '%s' '$got' | jq -e '.[0] >= 1 and .[1] == $raise_line' >/dev/null"

# The call tree: main -> path_a -> mid and main -> path_b -> mid.
for caller in path_a path_b; do
	name=two_${caller#path_}
	nodes="[.call_tree[] | .. | objects | select(.label == \"main\") | .children[]? |
		select(.label == \"$caller\") | .children[]? | select(.label == \"mid\")] | select(length == 1) | .[0]"
	stacks_check_node "call tree main > $caller > mid" "$json" "$nodes" "$(stacks_truth "$truth" "$name")"
done

# Sites, from the same trace: the stacks' out-of-line frames at their first
# addresses outside the runtimes.
stacks_sites_agree "$json"
leaf_line=$(stacks_line "$source" leaf_alloc)
leaf_site=".kind == \"site\" and .function == \"leaf_alloc\" and .line == $leaf_line"
check "site: one group for leaf_alloc at line $leaf_line" [ "$(stacks_count "$json" "$leaf_site")" -eq 1 ]
check_truth "site leaf_alloc (both callers)" "$json" "$leaf_site" \
	$(($(stacks_truth "$truth" two_a) + $(stacks_truth "$truth" two_b)))
finish "$HARNESS_DIR/c.err"
