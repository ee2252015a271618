#!/bin/sh
# stacks.sh - allocsample-record records call stacks by default: the
# three-thread workload's worker stack is one group through its function
# `work`, holding the workers' bytes, and sites come from the stacks with
# --group-by site alone (no --sites, no debug-info filter); --stack-depth 2
# cuts every stack at two return addresses and marks the workers'
# truncated; --stack-depth 0 records empty stacks, and with --leaks groups
# by thread and type sorted by live bytes; --format pprof writes a gzipped
# profile to --report-output FILE, to standard output with '-', and by
# default to ./allocsample.workload.PID.pb.gz with PID the workload's, said
# on stderr.  The first run's trace, kept, is reported again for what
# --leaks (stack groups sorted by live bytes), --temporary (by temporary
# bytes, with the duration it is given) and --format folded (one line per
# stack) ask of the component: options.sh checks that the command asks it
# so.
#
# One interval at 99.99%: a correct build fails with probability below
# 0.02%.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
require go
harness_start_sessiond

facts="$HARNESS_DIR/facts"
run="$RECORD_WORKLOAD $facts threads"
# A stack group through the workers' function.
work='.kind == "stack" and ([.stack[].function] | index("work") != null)'

# worker_bytes: the bytes the last run's workers allocated, all together.
worker_bytes() {
	awk '$1 == "thread" { sum += $4 } END { print sum + 0 }' "$facts"
}

# ran NAME: the run succeeded and said nothing on stderr but where it kept
# the trace (-o).
ran() {
	check "$1: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
	check "$1: nothing else on stderr ($(head -c 300 "$HARNESS_DIR/$1.err"))" \
		[ -z "$(grep -v '^allocsample-record: trace kept in ' "$HARNESS_DIR/$1.err")" ]
}

record_run stack --rate 4096 --confidence 0.9999 --format json --group-by stack,site \
	--report-output - -o "$HARNESS_DIR/stack.trace" -- $run
ran stack
json="$HARNESS_DIR/stack.out"
check "stack: one stack group through work ($(jq "[.groups[] | select($work)] | length" "$json"))" \
	[ "$(jq "[.groups[] | select($work)] | length" "$json")" -eq 1 ]
check_truth "stack: the workers' stack" "$json" "$work" "$(worker_bytes)"
check "stack: it is not truncated at the default depth" \
	[ "$(jq "[.groups[] | select($work) | .truncated] | first" "$json")" = false ]
check "stack: site groups without --sites ($(jq '[.groups[] | select(.kind == "site")] | length' "$json"))" \
	[ "$(jq '[.groups[] | select(.kind == "site")] | length' "$json")" -gt 0 ]
check "stack: the state dump is recorded" \
	sh -c "babeltrace2 '$HARNESS_DIR/stack.trace' 2>/dev/null | grep -q 'lttng_ust_statedump:bin_info'"

rm -f "$facts"
record_run depth2 --rate 4096 --format json --group-by stack --stack-depth 2 --report-output - -- $run
ran depth2
deepest=$(jq '[.groups[] | select(.kind == "stack") | [.stack[].address] | unique | length] | max' \
	"$HARNESS_DIR/depth2.out")
check "--stack-depth 2: no stack has more than 2 return addresses (the most: $deepest)" \
	[ "${deepest:-99}" -le 2 ]
check "--stack-depth 2: the workers' stack is truncated" \
	[ "$(jq "[.groups[] | select($work) | .truncated] | first" "$HARNESS_DIR/depth2.out")" = true ]

rm -f "$facts"
record_run depth0 --stack-depth 0 --leaks --rate 4096 --format json --report-output - \
	-o "$HARNESS_DIR/depth0.trace" -- $run
ran depth0
check "--leaks --stack-depth 0: threads and types sorted by live bytes ($(jq -c '[.group_by, .sort]' "$HARNESS_DIR/depth0.out"))" \
	[ "$(jq -c '[.group_by, .sort]' "$HARNESS_DIR/depth0.out")" = '[["thread","type"],"live"]' ]
report_json "$HARNESS_DIR/depth0.trace" "$HARNESS_DIR/depth0.json" -p 'group-by="stack"'
check "--stack-depth 0: every recorded stack is empty ($(jq -c '[.groups[] | select(.kind == "stack") | .stack | length] | unique' "$HARNESS_DIR/depth0.json"))" \
	[ "$(jq -c '[.groups[] | select(.kind == "stack") | .stack | length] | unique' "$HARNESS_DIR/depth0.json")" = "[0]" ]
report_run "$HARNESS_DIR/depth0.trace" >"$HARNESS_DIR/depth0.txt" 2>"$HARNESS_DIR/depth0.txt.err" ||
	harness_fail "the text report of depth0.trace failed: $(head -c 300 "$HARNESS_DIR/depth0.txt.err")"
check "--stack-depth 0: the text report" grep -q '^allocsample report: bytes allocated' "$HARNESS_DIR/depth0.txt"

# The views and folded stacks of the first run's trace, with the
# parameters allocsample-record gives for --leaks, --temporary[=5ms] and
# --format folded (options.sh checks that it gives those).
report_json "$HARNESS_DIR/stack.trace" "$HARNESS_DIR/leaks.json" -p 'group-by=["stack"],sort="live"'
check "--leaks: stack groups sorted by live bytes ($(jq -c '[.group_by, .sort]' "$HARNESS_DIR/leaks.json"))" \
	[ "$(jq -c '[.group_by, .sort]' "$HARNESS_DIR/leaks.json")" = '[["stack"],"live"]' ]
report_json "$HARNESS_DIR/stack.trace" "$HARNESS_DIR/temporary.json" \
	-p 'group-by=["stack"],sort="temporary",temporary="5ms"'
check "--temporary=5ms: stack groups sorted by temporary bytes ($(jq -c '[.group_by, .sort, .temporary_ns]' "$HARNESS_DIR/temporary.json"))" \
	[ "$(jq -c '[.group_by, .sort, .temporary_ns]' "$HARNESS_DIR/temporary.json")" = '[["stack"],"temporary",5000000]' ]
report_run "$HARNESS_DIR/stack.trace" -p 'group-by=["stack"],sort="temporary"' >"$HARNESS_DIR/temporary.txt" ||
	harness_fail "the temporary view of stack.trace failed"
check "--temporary: the text's temporary view" \
	grep -q '^By stack: the largest by temporary bytes first' "$HARNESS_DIR/temporary.txt"
report_run "$HARNESS_DIR/stack.trace" -p 'format="folded",group-by=["stack"]' >"$HARNESS_DIR/folded" ||
	harness_fail "the folded stacks of stack.trace failed"
check "folded: every line is frames, a space, a number" \
	sh -c "[ -s '$HARNESS_DIR/folded' ] && ! grep -qv '^[^ ].* [0-9][0-9]*\$' '$HARNESS_DIR/folded'"
check "folded: one line through work" [ "$(grep -c '\(^\|;\)work\(;\| \)' "$HARNESS_DIR/folded")" -eq 1 ]

# is_gzip FILE: whether FILE is a whole gzip stream.
is_gzip() {
	[ -s "$1" ] && gzip -t "$1" 2>/dev/null
}

rm -f "$facts"
record_run pprof-file --rate 4096 --format pprof --report-output "$HARNESS_DIR/profile.pb.gz" -- $run
ran pprof-file
check "pprof to a file: a gzip stream" is_gzip "$HARNESS_DIR/profile.pb.gz"
check "pprof to a file: nothing on stdout but the program's" [ ! -s "$HARNESS_DIR/pprof-file.out" ]
go tool pprof -raw "$HARNESS_DIR/profile.pb.gz" >"$HARNESS_DIR/pprof.raw" 2>&1 || true
check "pprof to a file: go tool pprof reads it and finds work" grep -q '\bwork\b' "$HARNESS_DIR/pprof.raw"

rm -f "$facts"
record_run pprof-stdout --rate 4096 --format pprof --report-output - -- $run
ran pprof-stdout
check "pprof to standard output (a file): a gzip stream" is_gzip "$HARNESS_DIR/pprof-stdout.out"

# The default name, in the current directory.
rm -f "$facts"
mkdir -p "$HARNESS_DIR/cwd"
cd "$HARNESS_DIR/cwd"
record_run pprof-default --rate 4096 --format pprof -- $run
cd "$HARNESS_DIR"
pid=$(harness_fact "$facts" pid 2)
profile="./allocsample.workload.$pid.pb.gz"
check "pprof by default: exit status 0 ($RECORD_STATUS)" [ "$RECORD_STATUS" -eq 0 ]
check "pprof by default: $profile, a gzip stream ($(ls "$HARNESS_DIR/cwd"))" is_gzip "$HARNESS_DIR/cwd/$profile"
check "pprof by default: one line on stderr names it ($(cat "$HARNESS_DIR/pprof-default.err"))" \
	sh -c "[ \"\$(wc -l <'$HARNESS_DIR/pprof-default.err')\" -eq 1 ] &&
		grep -qF 'allocsample-record: pprof profile written to $profile' '$HARNESS_DIR/pprof-default.err'"
check "pprof by default: no other file ($(ls "$HARNESS_DIR/cwd"))" [ "$(ls -A "$HARNESS_DIR/cwd" | wc -l)" -eq 1 ]
record_no_temporary pprof-default
finish
