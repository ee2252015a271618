#!/bin/sh
# stacks.sh - allocsample-record records call stacks by default: the
# three-thread workload's worker stack is one group through its function
# `work`, holding the workers' bytes, and sites come from the stacks with
# --group-by site alone (no --sites, no debug-info filter); --stack-depth 2
# cuts every stack at two return addresses and marks the workers'
# truncated; --stack-depth 0 records empty stacks; --leaks groups by stack
# (by thread and type without stacks) sorted by live bytes, --temporary by
# temporary bytes, with the duration it is given; --format folded writes
# one line per stack; --format pprof writes a gzipped profile to
# --report-output FILE, to standard output with '-', and by default to
# ./allocsample.workload.PID.pb.gz with PID the workload's, said on stderr.
#
# One interval at 99.99%: a correct build fails with probability below
# 0.02%.
set -eu
. "$AS_SRCDIR/tests/record/lib.sh"
harness_enter "$@"
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
record_run depth0 --stack-depth 0 --report-output - -o "$HARNESS_DIR/depth0.trace" -- $run
ran depth0
check "--stack-depth 0: the text report" grep -q '^allocsample report: bytes allocated' "$HARNESS_DIR/depth0.out"
babeltrace2 --plugin-path="$ALLOCSAMPLE_PLUGIN_PATH" "$HARNESS_DIR/depth0.trace" \
	-c sink.allocsample.report -p 'group-by="stack",format="json"' >"$HARNESS_DIR/depth0.json" 2>/dev/null ||
	true
check "--stack-depth 0: every recorded stack is empty ($(jq -c '[.groups[] | select(.kind == "stack") | .stack | length] | unique' "$HARNESS_DIR/depth0.json"))" \
	[ "$(jq -c '[.groups[] | select(.kind == "stack") | .stack | length] | unique' "$HARNESS_DIR/depth0.json")" = "[0]" ]

rm -f "$facts"
record_run leaks --rate 4096 --leaks --format json --report-output - -- $run
ran leaks
check "--leaks: stack groups sorted by live bytes ($(jq -c '[.group_by, .sort]' "$HARNESS_DIR/leaks.out"))" \
	[ "$(jq -c '[.group_by, .sort]' "$HARNESS_DIR/leaks.out")" = '[["stack"],"live"]' ]
rm -f "$facts"
record_run leaks0 --rate 4096 --leaks --stack-depth 0 --format json --report-output - -- $run
ran leaks0
check "--leaks --stack-depth 0: threads and types sorted by live bytes" \
	[ "$(jq -c '[.group_by, .sort]' "$HARNESS_DIR/leaks0.out")" = '[["thread","type"],"live"]' ]
rm -f "$facts"
record_run temporary --rate 4096 --temporary=5ms --format json --report-output - -- $run
ran temporary
check "--temporary=5ms: stack groups sorted by temporary bytes ($(jq -c '[.group_by, .sort, .temporary_ns]' "$HARNESS_DIR/temporary.out"))" \
	[ "$(jq -c '[.group_by, .sort, .temporary_ns]' "$HARNESS_DIR/temporary.out")" = '[["stack"],"temporary",5000000]' ]
rm -f "$facts"
record_run temporary-text --rate 4096 --temporary --report-output - -- $run
ran temporary-text
check "--temporary: the text's temporary view" \
	grep -q '^By stack: the largest by temporary bytes first' "$HARNESS_DIR/temporary-text.out"

rm -f "$facts"
record_run folded --rate 4096 --format folded --report-output "$HARNESS_DIR/folded" -- $run
ran folded
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
if command -v go >/dev/null 2>&1 && go tool pprof -h >/dev/null 2>&1; then
	go tool pprof -raw "$HARNESS_DIR/profile.pb.gz" >"$HARNESS_DIR/pprof.raw" 2>&1 || true
	check "pprof to a file: go tool pprof reads it and finds work" grep -q '\bwork\b' "$HARNESS_DIR/pprof.raw"
fi

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
