# lib.sh - what the call-site tests share, on top of tests/report/lib.sh.

. "$AS_SRCDIR/tests/report/lib.sh"

SITES_BIN="$AS_BUILDDIR/tests/sites"
SITES_SRC="$AS_SRCDIR/tests/sites"

# sites_record JSON OUT PROGRAM ARGS...: runs PROGRAM through the build
# tree's allocsample-record --sites at rate 4096 (its standard output to
# OUT), the JSON report to JSON.  Uses the harness's daemon.  A test checks
# about seven intervals: at 99.99% each, a correct run fails with
# probability below 0.1%; the seed keeps most runs' streams identical.
sites_record() {
	json=$1
	out=$2
	shift 2
	ALLOCSAMPLE_SEED=20261122 \
	ALLOCSAMPLE_PRELOAD="$AS_PRELOAD" ALLOCSAMPLE_PLUGIN_PATH="$REPORT_PLUGIN_PATH" \
		"$AS_BUILDDIR/src/record/allocsample-record" --sites --rate 4096 --format json \
		--confidence 0.9999 \
		--report-output "$json" -o "$HARNESS_DIR/trace" -- "$@" >"$out" 2>"$HARNESS_DIR/record.stderr" ||
		harness_fail "allocsample-record failed: $(cat "$HARNESS_DIR/record.stderr")"
	[ -s "$json" ] || harness_fail "no report: $(cat "$HARNESS_DIR/record.stderr")"
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
