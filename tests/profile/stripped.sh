#!/bin/sh
# stripped.sh - a fleet's sum where the binaries are not: a stripped copy
# of tests/profile/functions (its build id, no symbol table), whose debug
# file (objcopy --only-keep-debug) a real debuginfod on the test's loopback
# alone serves, recorded three times by `allocsample-record --format pprof
# -o DIR` with DEBUGINFOD_URLS set; then the copy removed:
#   - each profile names the program's functions (alpha, beta, kappa),
#     named at the record through debuginfod, the file having no symbols;
#   - babeltrace2 with the sink, given the server (a cache of its own per
#     trace), names them in each kept trace too, with the program gone;
#   - the three profiles summed by `go tool pprof -proto` and read by
#     allocsample-profile: each function's samples and estimates are the
#     three runs' added, its interval holds the program's own count of the
#     three runs and is narrower, relative to its estimate, than each run's.
# The rate at which such intervals hold over twenty sums is coverage.sh's.
#
# False failures: three intervals at 99.9% (check_truth), under 0.3% in
# all; a sum no narrower than a run with three times its samples:
# negligible.  The seeds are fixed.
set -eu
HARNESS_NETWORK=private
. "$AS_SRCDIR/tests/profile/lib.sh"
. "$AS_SRCDIR/tests/lib/debuginfod.sh"
require debuginfod curl objcopy readelf
profile_begin "$@"
RATE=4096

mkdir -p "$d/bin" "$d/served"
PROFILE_PROGRAM="$d/bin/functions"
cp "$AS_BUILDDIR/tests/profile/functions" "$PROFILE_PROGRAM"
build_id=$(readelf -n "$PROFILE_PROGRAM" | sed -n 's/.*Build ID: *//p')
[ -n "$build_id" ] || harness_fail "readelf finds no build id in functions"
objcopy --only-keep-debug "$PROFILE_PROGRAM" "$d/served/functions.debug" &&
	objcopy --strip-all "$PROFILE_PROGRAM" || harness_fail "objcopy cannot split and strip functions"
check "the copy has no symbol table" sh -c '! readelf -S "$1" | grep -q "\.symtab"' sh "$PROFILE_PROGRAM"
debuginfod_start "$d/served" "$build_id"
urls=$(debuginfod_url)

# named JSON: the function groups alpha, beta and kappa are in report JSON.
named() {
	jq -e '[.groups[] | select(.kind == "function") | .function] as $f |
		["alpha", "beta", "kappa"] - $f == []' "$1" >/dev/null
}
for run in run1:11 run2:12 run3:13; do
	DEBUGINFOD_URLS="$urls" DEBUGINFOD_CACHE_PATH="$d/cache-record" KEEP_TRACE=1 \
		profile_record "${run%:*}" "${run#*:}" "$RATE"
done
rm "$PROFILE_PROGRAM"
for run in run1 run2 run3; do
	profile_json "$run" --confidence 0.999 "$d/$run.pb.gz"
	check "$run: the profile names alpha, beta and kappa" named "$d/$run.json"
	DEBUGINFOD_URLS="$urls" DEBUGINFOD_CACHE_PATH="$d/cache-$run" \
		report_json "$d/$run.trace" "$d/$run.sink.json" -p 'group-by="function"'
	check "$run: the program removed, the sink names alpha, beta and kappa in its trace" \
		named "$d/$run.sink.json"
done

profile_merge merged "$d/run1.pb.gz" "$d/run2.pb.gz" "$d/run3.pb.gz"
profile_json merged --confidence 0.999 "$d/merged.pb.gz"
for f in alpha beta kappa; do
	profile_check_sum "$f" merged run1 run2 run3
done
for f in alpha kappa; do
	check_truth "the sum, $f" "$d/merged.json" ".kind == \"function\" and .function == \"$f\"" \
		"$(profile_truth self "$f" run1 run2 run3)"
done
check_truth "the sum, beta's total (its own and kappa's from it)" "$d/merged.json" \
	'.kind == "function" and .function == "beta"' "$(profile_truth total beta run1 run2 run3)"
finish
