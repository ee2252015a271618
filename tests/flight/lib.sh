# lib.sh - what the flight recorder's end-to-end tests share, on top of
# tests/lib/lttng-harness.sh: keep-churn (a program that counts its own
# live bytes) recorded by `allocsample-record --flight-recorder`, and the
# figures of a snapshot's JSON report against its counts.
#
# Source it first thing, then call harness_enter "$@".  The checks (ok,
# fail, check, check_coverage, finish) are tests/lib/results.sh's, the
# runs of the command (record_run, record_bg) tests/lib/tools.sh's.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

KEEP_CHURN="$AS_BUILDDIR/tests/flight/keep-churn"

# flight_run NAME SIZE [OPTION...] -- KEEP_MIB GROW_MIB CHURN_MIB SEED
# [kill] [wait]: keep-churn under `allocsample-record --flight-recorder
# SIZE --format json`, its counts in $HARNESS_DIR/NAME.facts, the report
# in NAME.json, the snapshots in NAME.trace; the status in RECORD_STATUS.
flight_run() {
	flight_name=$1
	flight_size=$2
	shift 2
	flight_options=
	while [ "$1" != -- ]; do
		flight_options="$flight_options $1"
		shift
	done
	shift
	# shellcheck disable=SC2086 # options without spaces, split on purpose
	record_run "$flight_name" --flight-recorder "$flight_size" $flight_options \
		-o "$HARNESS_DIR/$flight_name.trace" --format json \
		--report-output "$HARNESS_DIR/$flight_name.json" \
		-- "$KEEP_CHURN" "$HARNESS_DIR/$flight_name.facts" "$@"
}

# flight_fact NAME KEY: what keep-churn of the run NAME counted.
flight_fact() {
	harness_fact "$HARNESS_DIR/$1.facts" "$2" 2
}

# flight_live JSON [FUNCTION]: "lower upper" of the live bytes of the
# process (the report's total), or of the one stack group whose frames
# name FUNCTION; nothing when there is no such group.
flight_live() {
	if [ -z "${2:-}" ]; then
		jq -r '.total | "\(.live_lower) \(.live_upper)"' "$1"
	else
		jq -r --arg f "$2" '[.groups[] | select(.kind == "stack" and
			any(.stack[]?; .function == $f))] |
			if length == 1 then .[0] | "\(.live_lower) \(.live_upper)" else empty end' "$1"
	fi
}

# flight_holds LABEL TRUTH LOWER UPPER: a check that [LOWER, UPPER] holds
# TRUTH, all printed.
flight_holds() {
	flight_held=no
	[ -z "${4:-}" ] || { [ "$3" -le "$2" ] && [ "$2" -le "$4" ] && flight_held=yes; } || :
	check "$1: true $2 in [${3:-none}, ${4:-none}]" [ "$flight_held" = yes ]
}
