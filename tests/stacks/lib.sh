# lib.sh - what the call-stack tests share, on top of tests/lib/lttng-harness.sh:
# the checks, and the bodies of the C and C++ tests (stacks_c, stacks_cxx),
# which c-fp.sh, c-nofp.sh, cxx-fp.sh and cxx-nofp.sh run on each build.
#
# A test records one of the programs of this folder (stacks.c,
# stacks-cxx.cc), which write the exact bytes of each of their call paths
# to a file, and finds each path's stack group in the JSON report by the
# program's own frames: those of its binary and its module but _start (the
# C library's start-up code, linked into every program), outermost first,
# their functions joined by ';' (`own_path`).  libstdc++'s templates
# compiled into the program (std::, __gnu_cxx::) are left out of that path,
# so that it names the program's functions only.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

STACKS_BIN="$AS_BUILDDIR/tests/stacks"
STACKS_SRC="$AS_SRCDIR/tests/stacks"
# The runtimes whose frames never name a call site (doc/design.md section
# 4), as base names of binaries.
STACKS_RUNTIMES='^(libc[.]so|libstdc[+][+][.]so|libgcc_s[.]so|ld-linux|liballocsample|libjemalloc|libtcmalloc|libmimalloc)'

# stacks_record NAME PROGRAM ARGS...: PROGRAM through allocsample-record at
# rate STACKS_RATE (default 4096) with 99.9% intervals, grouped by stack
# and by site (record_json: the JSON report in $HARNESS_DIR/NAME.json, the
# trace kept in NAME.trace, the program's standard output in NAME.out,
# the command's standard error in NAME.err).  Uses the harness's daemon;
# the seed keeps the main thread's stream the same from run to run.
stacks_record() {
	stacks_name=$1
	shift
	ALLOCSAMPLE_SEED=20261123 record_json "$stacks_name" --rate "${STACKS_RATE:-4096}" --confidence 0.999 \
		--group-by stack,site -- "$@"
}

# stacks_own BINARY...: sets STACKS_DEFS, the jq definitions the checks
# use, for a program whose own binaries' paths end in the BINARY names
# (the program, its module):
#   own_frames  a stack group's frames in those binaries but _start,
#               outermost first
#   own_path    their functions, joined by ';', without std:: and
#               __gnu_cxx:: frames
#   full_path   the same with them
#   site_frame  what a stack group's site must be: the out-of-line frame
#               (the last of its address's frames) of the first address
#               outside the runtimes (doc/report-formats.md)
#   site_key    that frame as host|pid|function|file|line|binary
#   key         the same key of a site group
stacks_own() {
	own_test=false
	for binary in "$@"; do
		own_test="$own_test or endswith(\"/$binary\")"
	done
	STACKS_DEFS="def own_binary: (.binary // \"\") | ($own_test);
def own_frames: [.stack | reverse | .[] | select(own_binary and .function != \"_start\")];
def full_path: [own_frames[] | .function // \"?\"] | join(\";\");
def own_path: [own_frames[] | .function // \"?\" | select(test(\"^(std::|__gnu_cxx::)\") | not)] | join(\";\");
def runtime: (.binary // \"\") | split(\"/\") | last | test(\"$STACKS_RUNTIMES\");
def frame_key(\$g): \"\(\$g.host)|\(\$g.pid)|\(.function // \"\")|\(.file // \"\")|\(.line // 0)|\(.binary // \"\")\";
def site_frame: .stack as \$s | ([range(0; \$s | length) | select(\$s[.] | runtime | not)] | first) as \$i |
	if \$i == null then null else
	([range(\$i; \$s | length) | select(\$s[.].address != \$s[\$i].address)] | first // (\$s | length)) as \$j |
	\$s[\$j - 1] end;
def site_key: . as \$g | (site_frame // {}) | frame_key(\$g);
def key: frame_key(.);"
}

# stacks_show JSON: the report's stack groups through the program's own
# code in the log, one a line (samples, estimate, [lower, upper],
# truncated, the full own path), then how many others there are (the
# loader's, lttng-ust's).
stacks_show() {
	jq -r "$STACKS_DEFS [.groups[] | select(.kind == \"stack\")] |
		(.[] | select(full_path != \"\") |
		 \"      stack: \\(.samples) samples, \\(.estimate) [\\(.lower), \\(.upper)]\" +
		 (if .truncated then \", truncated\" else \"\" end) + \": \\(full_path)\"),
		\"      and \\(map(select(full_path == \"\")) | length) stack groups outside the program's code\"" "$1"
}

# stacks_select REGEX: the jq selection of the stack groups whose own_path
# matches REGEX (anchor it).
stacks_select() {
	printf '.kind == "stack" and (%s own_path | test("%s"))' "$STACKS_DEFS" "$1"
}

# stacks_count JSON SELECTION: how many groups the selection picks.
stacks_count() {
	jq "[.groups[] | select($2)] | length" "$1"
}

# stacks_check_path LABEL JSON REGEX TRUE_BYTES: exactly one stack group's
# own path matches REGEX, and its interval holds TRUE_BYTES (check_truth:
# false failure 0.1% at the 99.9% the tests ask for).
stacks_check_path() {
	selection=$(stacks_select "$3")
	found=$(stacks_count "$2" "$selection")
	check "$1: one stack group is $3 ($found)" [ "$found" -eq 1 ]
	check_truth "$1" "$2" "$selection" "$4"
}

# stacks_group JSON REGEX JQ_FILTER: JQ_FILTER applied to the one stack
# group whose own path matches REGEX (nothing when none or several do).
stacks_group() {
	jq -c "$STACKS_DEFS [.groups[] | select($(stacks_select "$2"))] |
		if length == 1 then .[0] | $3 else empty end" "$1"
}

# stacks_check_node LABEL JSON JQ_NODES TRUE_BYTES: the one node of the
# call tree that JQ_NODES picks (a jq expression over the document) has an
# interval that holds TRUE_BYTES (check_truth's rules).
stacks_check_node() {
	jq "{groups: [$3 | del(.children) + {kind: \"node\"}]}" "$2" >"$HARNESS_DIR/node.json" ||
		harness_fail "jq cannot read the call tree of $2"
	check_truth "$1" "$HARNESS_DIR/node.json" '.kind == "node"' "$4"
}

# stacks_truth FILE NAME [FIELD]: the bytes (FIELD 3, the default) or,
# where the program wrote them, the objects (FIELD 4) of path NAME.
stacks_truth() {
	awk -v name="$2" -v n="${3:-3}" '$1 == "path" && $2 == name { print $n }' "$1"
}

# stacks_check_objects LABEL JSON REGEX TRUE_OBJECTS: the one stack group
# whose own path matches REGEX has at least objects_lower objects,
# TRUE_OBJECTS (the lower end misses at most 0.05% of the time at the
# 99.9% the tests ask for), and no objects_upper: null, since no sample
# bounds the count at a rate above 1 (doc/estimation.md, "Objects").
stacks_check_objects() {
	set -- "$1" "$4" $(jq -r "$STACKS_DEFS [.groups[] | select($(stacks_select "$3"))] |
		if length == 1 then .[0] | \"\\(.objects) \\(.objects_lower) \\(.objects_upper)\"
		else empty end" "$2")
	judge_objects "$1" "$2" "${3:-}" "${4:-}" "${5:-}"
}

# stacks_line SOURCE NAME: the line number of the STACK:NAME marker.
stacks_line() {
	grep -n "STACK:$2\\b" "$1" | sed -n '1s/:.*//p'
}

# stacks_sites_agree JSON: every site group of the program's own binaries
# has exactly the samples of the stack groups whose site_frame it is, and
# every such stack group has its site group.
stacks_sites_agree() {
	disagree=$(jq -c "$STACKS_DEFS
		([.groups[] | select(.kind == \"stack\") | {key: site_key, own: (site_frame // {} | own_binary), samples}]
		 | map(select(.own)) | group_by(.key) | map({key: .[0].key, stacks: (map(.samples) | add)})) as \$from_stacks |
		([.groups[] | select(.kind == \"site\" and own_binary) | {key: key, site: .samples}]) as \$sites |
		[(\$from_stacks[] | . as \$s | {key, stacks, site: ([\$sites[] | select(.key == \$s.key) | .site] | first)}),
		 (\$sites[] | . as \$t | select([\$from_stacks[] | select(.key == \$t.key)] | length == 0) | {key, stacks: null, site})]
		| map(select(.stacks != .site))" "$1")
	sites=$(jq "[.groups[] | select(.kind == \"site\")] | length" "$1")
	check "there are site groups ($sites)" [ "$sites" -gt 0 ]
	check "the program's sites and stacks agree (disagreeing: $disagree)" [ "$disagree" = "[]" ]
}

# stacks_frame_pointer PROGRAM FUNCTION: whether FUNCTION (demangled, such
# as grow_vector()) in PROGRAM sets up a frame pointer (mov %rsp,%rbp) in
# its first six instructions.
stacks_frame_pointer() {
	objdump -d -C --no-show-raw-insn "$1" |
		awk -v f="<$2>:" '$2 == f { on = 1; n = 0; next }
			on && n++ < 6 && /mov +%rsp,%rbp/ { found = 1 }
			on && /^$/ { on = 0 }
			END { exit !found }'
}

# stacks_no_frame_pointer PROGRAM FUNCTION: the opposite.
stacks_no_frame_pointer() {
	! stacks_frame_pointer "$@"
}

# stacks_frame_at JSON REGEX FUNCTION_REGEX: "FILE LINE" of the first
# frame, innermost first, whose function matches FUNCTION_REGEX, of the one
# stack group whose own path matches REGEX.
stacks_frame_at() {
	stacks_group "$1" "$2" "[.stack[] | select(.function // \"\" | test(\"$3\"))] | first |
		\"\(.file // \"?\" | split(\"/\") | last) \(.line)\""
}

# stacks_c VARIANT ARGS...: the test of c-fp.sh and c-nofp.sh (ARGS theirs,
# VARIANT fp or nofp), a whole test that ends with finish: the C
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
stacks_c() {
	STACKS_VARIANT=$1
	shift
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
}

# stacks_cxx VARIANT ARGS...: the test of cxx-fp.sh and cxx-nofp.sh (ARGS
# theirs, VARIANT fp or nofp), a whole test that ends with finish: the C++
# program stacks-cxx.cc, built -O2 -g with (fp) or
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
stacks_cxx() {
	STACKS_VARIANT=$1
	shift
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

	for case in "template make_objects<Widget> make_objects" "lambda lambda lambda" \
		"lambda ^run_lambda$ run_lambda" "vector ^grow_vector$ grow_vector"; do
		set -- $case
		eval "regex=\$$1"
		line=$(stacks_line "$source" "$3")
		got=$(stacks_frame_at "$json" "$regex" "$2")
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
}
