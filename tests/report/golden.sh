#!/bin/sh
# golden.sh - the text, CSV and JSON reports of one tiny trace, compared
# byte for byte with text.expect, csv.expect and json.expect.
#
# Deterministic: the workload runs with ALLOCSAMPLE_SEED, its threads one
# after the other, in a new PID namespace (so that its vpid is 1 and its
# threads' vtids follow in creation order), and the trace has one host.
# Two things still differ from run to run and machine to machine, and only
# in CSV and JSON: the sample times (first_ns, last_ns, and the window
# bounds start_ns and end_ns) become "TIME" and the host name becomes
# "HOST" before the comparison; every other byte is compared as printed.
# Run with AS_UPDATE_EXPECT=1 to rewrite the three files after a deliberate
# change of format, then review the diff.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/trace"
expected="$AS_SRCDIR/tests/report"

harness_create_session golden "$trace"
ALLOCSAMPLE_SEED=5 ALLOCSAMPLE_RATE=4096 \
	unshare --pid --fork "$REPORT_BIN/typed-workload" 10 2 >"$HARNESS_DIR/out" ||
	harness_fail "the workload failed"
harness_destroy_session golden
host=$(hostname)

# normalize FORMAT: standard input with times and the host name replaced
# (CSV: by the columns the header names; no field of this trace is quoted).
normalize() {
	case $1 in
	text) cat ;;
	csv) awk -F, -v OFS=, -v host="$host" '
		NR == 1 { for (i = 1; i <= NF; i++) name[i] = $i; print; next }
		{ for (i = 1; i <= NF; i++) {
			if ($i == "") continue
			if (name[i] == "host" && $i == host) $i = "HOST"
			if (name[i] ~ /^(first|last|start|end)_ns$/) $i = "TIME"
		  }
		  print }' ;;
	json) sed -E -e "s/\"host\": \"$host\"/\"host\": \"HOST\"/g" \
		-e 's/"(first_ns|last_ns|start_ns|end_ns)": [0-9]+/"\1": "TIME"/g' ;;
	esac
}

for format in text csv json; do
	report_run "$trace" -p "group-by=[\"thread\",\"type\",\"thread-type\"],format=\"$format\"" \
		>"$HARNESS_DIR/raw.$format" 2>"$HARNESS_DIR/$format.stderr" ||
		harness_fail "the $format report failed: $(cat "$HARNESS_DIR/$format.stderr")"
	normalize "$format" <"$HARNESS_DIR/raw.$format" >"$HARNESS_DIR/report.$format"
	if [ -n "${AS_UPDATE_EXPECT:-}" ]; then
		cp "$HARNESS_DIR/report.$format" "$expected/$format.expect"
	fi
	if diff -u "$expected/$format.expect" "$HARNESS_DIR/report.$format"; then
		ok "the $format report is $format.expect"
	else
		fail "the $format report differs from $format.expect (diff above)"
	fi
	check "$format: the run printed no warning" [ ! -s "$HARNESS_DIR/$format.stderr" ]
done
check "json: the normalized report is still JSON" \
	sh -c 'jq -e . "$1" >/dev/null' sh "$HARNESS_DIR/report.json"
finish
