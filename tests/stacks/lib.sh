# lib.sh - what the call-stack tests share, on top of tests/report/lib.sh.
#
# A test records one of the programs of this folder (stacks.c,
# stacks-cxx.cc), which write the exact bytes of each of their call paths
# to a file, and finds each path's stack group in the JSON report by the
# program's own frames: those of its binary and its module but _start (the
# C library's start-up code, linked into every program), outermost first,
# their functions joined by ';' (`own_path`).  libstdc++'s templates
# compiled into the program (std::, __gnu_cxx::) are left out of that path,
# so that it names the program's functions only.

. "$AS_SRCDIR/tests/report/lib.sh"

STACKS_BIN="$AS_BUILDDIR/tests/stacks"
STACKS_SRC="$AS_SRCDIR/tests/stacks"
# The runtimes whose frames never name a call site (doc/design.md section
# 4), as base names of binaries.
STACKS_RUNTIMES='^(libc[.]so|libstdc[+][+][.]so|libgcc_s[.]so|ld-linux|liballocsample|libjemalloc|libtcmalloc|libmimalloc)'

# stacks_record NAME PROGRAM ARGS...: PROGRAM through the build tree's
# allocsample-record at rate STACKS_RATE (default 4096) with 99.9%
# intervals, grouped by stack
# and by site, the JSON report into $HARNESS_DIR/NAME.json, the trace kept
# in NAME.trace, the program's standard output into NAME.out and the
# command's standard error into NAME.err.  Uses the harness's daemon; the
# seed keeps the main thread's stream the same from run to run.
stacks_record() {
	name=$1
	shift
	ALLOCSAMPLE_SEED=20261123 \
	ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_PLUGIN_PATH="$REPORT_PLUGIN_PATH" \
		"$AS_BUILDDIR/src/record/allocsample-record" --rate "${STACKS_RATE:-4096}" --confidence 0.999 \
		--format json --group-by stack,site --report-output "$HARNESS_DIR/$name.json" \
		-o "$HARNESS_DIR/$name.trace" -- "$@" \
		>"$HARNESS_DIR/$name.out" 2>"$HARNESS_DIR/$name.err" ||
		harness_fail "allocsample-record failed: $(cat "$HARNESS_DIR/$name.err")"
	jq -e '.format == "allocsample-report"' "$HARNESS_DIR/$name.json" >/dev/null 2>&1 ||
		harness_fail "no JSON report: $(cat "$HARNESS_DIR/$name.err")"
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
