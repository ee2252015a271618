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

# profile_truth KIND FUNCTION RUN...: the bytes the program counted (KIND
# self or total) for FUNCTION in the runs, added.
profile_truth() {
	profile_kind=$1
	profile_f=$2
	shift 2
	profile_total=0
	for profile_run in "$@"; do
		profile_total=$((profile_total + $(profile_fact "$profile_run" "$profile_kind" "$profile_f")))
	done
	echo "$profile_total"
}

# profile_check_sum FUNCTION SUM RUN...: in the reports SUM.json and
# RUN.json (profile_json), FUNCTION's samples and estimates, its own and
# its total, are the runs' added exactly, and its interval is narrower,
# relative to its estimate, than each run's.
profile_check_sum() {
	profile_f=$1
	profile_sum=$2
	shift 2
	profile_fields='.samples .estimate .self_samples .self_estimate .lower .upper'
	profile_runs=""
	for profile_run in "$@"; do
		profile_runs="$profile_runs $(profile_function "$d/$profile_run.json" "$profile_f" "$profile_fields")"
	done
	profile_summed=$(profile_function "$d/$profile_sum.json" "$profile_f" "$profile_fields")
	check "$profile_f: the sum's samples and estimates are the $# runs' added ($profile_summed; runs:$profile_runs)" \
		awk -v n="$#" -v runs="$profile_runs" -v m="$profile_summed" 'BEGIN {
			if (split(runs, r, " ") != 6 * n || split(m, s, " ") != 6) exit 1
			for (k = 1; k <= 4; k++) {
				t = 0
				for (i = 0; i < n; i++) t += r[6 * i + k]
				if (t != s[k]) exit 1
			}
			exit 0 }'
	check "$profile_f: the sum's interval is narrower, relative to its estimate, than each run's" \
		awk -v n="$#" -v runs="$profile_runs" -v m="$profile_summed" 'BEGIN {
			split(runs, r, " "); split(m, s, " ")
			w = (s[6] - s[5]) / s[2]
			for (i = 0; i < n; i++) if (!(w < (r[6 * i + 6] - r[6 * i + 5]) / r[6 * i + 2])) exit 1
			exit 0 }'
}
