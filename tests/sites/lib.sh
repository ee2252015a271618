# lib.sh - what the call-site tests share, on top of tests/lib/lttng-harness.sh.
#
# The programs of this folder mark each allocating line with a comment
# SITE:NAME, and print "site NAME BYTES", the bytes that line allocated.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"

SITES_BIN="$AS_BUILDDIR/tests/sites"
SITES_SRC="$AS_SRCDIR/tests/sites"

# sites_record NAME PROGRAM ARGS...: the test's daemon, then PROGRAM
# through allocsample-record --sites at rate 4096 with 99.99% intervals
# (record_json: the JSON report in $HARNESS_DIR/NAME.json, the program's
# output in NAME.out).  A test checks about seven intervals: at 99.99%
# each, a correct run fails with probability below 0.1%; the seed keeps
# most runs' streams identical.
sites_record() {
	harness_start_sessiond
	sites_name=$1
	shift
	ALLOCSAMPLE_SEED=20261122 record_json "$sites_name" --sites --rate 4096 --confidence 0.9999 -- "$@"
}

# sites_line SOURCE NAME: the line number of the SITE:NAME marker in SOURCE.
sites_line() {
	grep -n "SITE:$2\\b" "$1" | sed -n '1s/:.*//p'
}

# sites_check_site JSON LABEL FUNCTION FILE_SUFFIX LINE BINARY_SUFFIX TRUE_BYTES:
# one site group has this function, file, line and binary, and its interval
# holds the true bytes.
sites_check_site() {
	selection=".kind == \"site\" and .function == \"$3\" and .line == $5 and
		(.file // \"\" | endswith(\"$4\")) and (.binary // \"\" | endswith(\"$6\"))"
	check "$2: a site group $3 at $4:$5 in $6" \
		[ "$(jq "[.groups[] | select($selection)] | length" "$1")" -eq 1 ]
	check_truth "$2" "$1" "$selection" "$7"
}

# sites_check_functions NAME SOURCE FUNCTION...: for each FUNCTION, whose
# allocations the program of the run NAME (sites_record; NAME is the
# program's name too) made at its SITE:FUNCTION line of SOURCE (a file of
# this folder) and counted in its output, sites_check_site on the run's
# report.
sites_check_functions() {
	sites_name=$1
	sites_source=$2
	shift 2
	for sites_function in "$@"; do
		sites_at=$(sites_line "$SITES_SRC/$sites_source" "$sites_function")
		sites_bytes=$(awk -v f="$sites_function" '$1 == "site" && $2 == f { print $3 }' "$HARNESS_DIR/$sites_name.out")
		[ -n "$sites_at" ] && [ -n "$sites_bytes" ] ||
			harness_fail "no SITE:$sites_function marker in $sites_source, or no bytes for it"
		sites_check_site "$HARNESS_DIR/$sites_name.json" "$sites_function" "$sites_function" \
			"/tests/sites/$sites_source" "$sites_at" "/tests/sites/$sites_name" "$sites_bytes"
	done
}
