# lib.sh - what the tests of allocsample-profile share, on top of
# tests/lib/lttng-harness.sh: the program that counts its own bytes per
# function (functions.c), recorded as pprof profiles by allocsample-record,
# summed by `go tool pprof -proto` and read by allocsample-profile.
#
# Source it first thing, then call profile_begin "$@".  The checks (ok,
# fail, check, check_truth, check_coverage, finish) are
# tests/lib/results.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

PROFILE_CMD="$AS_BUILDDIR/profile/allocsample-profile"
PROFILE_PROGRAM="$AS_BUILDDIR/tests/profile/functions"

# profile_begin "$@": go and jq required, the test's namespace and scratch
# directory (harness_enter), the daemon started, and d, the scratch
# directory.
profile_begin() {
	require go jq
	harness_enter "$@"
	harness_start_sessiond
	d=$HARNESS_DIR
}

# profile_record NAME SEED RATE [SCALE]: one run of the program, at RATE
# with ALLOCSAMPLE_SEED=SEED, its pprof profile in $d/NAME.pb.gz and its
# own count of its bytes in NAME.facts; with KEEP_TRACE set, its trace
# kept in NAME.trace.  Stops the test unless the run exits 0 with a
# profile.
profile_record() {
	profile_name=$1
	ALLOCSAMPLE_SEED=$2 record_run "$profile_name" --format pprof --rate "$3" \
		--report-output "$d/$profile_name.pb.gz" ${KEEP_TRACE:+-o "$d/$profile_name.trace"} \
		-- "$PROFILE_PROGRAM" "$d/$profile_name.facts" ${4:-}
	[ "$RECORD_STATUS" -eq 0 ] && [ -s "$d/$profile_name.pb.gz" ] ||
		harness_fail "allocsample-record ($profile_name) exited with $RECORD_STATUS: $(tail -n 5 "$d/$profile_name.err")"
}

# profile_record_all RATE SCALE NAME:SEED...: profile_record of each run,
# all at once (runs of allocsample-record share the daemon); stops the
# test if one fails.
profile_record_all() {
	profile_rate=$1
	profile_scale=$2
	shift 2
	profile_pids=""
	for profile_run in "$@"; do
		(profile_record "${profile_run%:*}" "${profile_run#*:}" "$profile_rate" "$profile_scale") &
		profile_pids="$profile_pids $!"
	done
	for profile_pid in $profile_pids; do
		wait "$profile_pid" || harness_fail "a recording failed (its .err file says why)"
	done
}

# profile_merge OUT IN...: the profiles IN summed by `go tool pprof -proto`
# into $d/OUT.pb.gz (pprof's files under a scratch HOME); stops the test
# if pprof fails.
profile_merge() {
	profile_out=$1
	shift
	HOME="$d/home-go" go tool pprof -proto "$@" >"$d/$profile_out.pb.gz" 2>"$d/$profile_out.merge.err" ||
		harness_fail "go tool pprof -proto failed: $(tail -n 5 "$d/$profile_out.merge.err")"
}

# profile_json NAME [OPTION...] PROFILE...: allocsample-profile --format
# json into $d/NAME.json; stops the test unless it exits 0 with a report.
profile_json() {
	profile_name=$1
	shift
	"$PROFILE_CMD" --format json "$@" >"$d/$profile_name.json" 2>"$d/$profile_name.json.err" ||
		harness_fail "allocsample-profile ($profile_name) failed: $(cat "$d/$profile_name.json.err")"
	jq -e '.format == "allocsample-report"' "$d/$profile_name.json" >/dev/null 2>&1 ||
		harness_fail "allocsample-profile ($profile_name) wrote no JSON report"
}

# profile_fact NAME KIND FUNCTION: the bytes the program counted (KIND self
# or total) in run NAME.
profile_fact() {
	awk -v k="$2" -v f="$3" '$1 == k && $2 == f { print $3 }' "$d/$1.facts"
}

# profile_function JSON FUNCTION FIELDS: the fields (jq paths, space
# separated in one string, such as ".samples .self_lower") of the function
# group FUNCTION of report JSON, on one line; nothing when there is not
# exactly one such group.
profile_function() {
	jq -r --arg f "$2" "[.groups[] | select(.kind == \"function\" and .function == \$f)] |
		if length == 1 then .[0] | [$(echo "$3" | sed 's/ /, /g')] | map(tostring) | join(\" \") else empty end" "$1"
}
