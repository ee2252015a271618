#!/bin/sh
# debuginfod.sh - frames named through debuginfod: named.c's program
# recorded by allocsample-record, its debug file alone (objcopy
# --only-keep-debug) served by a real debuginfod on the test's loopback,
# then the program removed from the path the trace recorded:
#   - without DEBUGINFOD_URLS: its frames named+0xOFFSET, one warning
#     naming the binary and why (no file at its path, none of its build
#     under /usr/lib/debug/.build-id, DEBUGINFOD_URLS not set), JSON
#     `unnamed_binaries`; the total as true as with names;
#   - with the server and a cache of the test's own: its functions, each
#     path at the line of its malloc and holding its true bytes, no
#     warning, JSON `named_by_build_id` giving the file in that cache; and
#     format=pprof names them too, the program's mapping with its build id
#     (go tool pprof -raw);
#   - another build copied to its path, the server up: that file names no
#     frame (no other_*), the recorded build's debug file does, and one
#     warning says the binary changed and was not used;
#   - the server stopped, a fresh cache: unnamed, no other_* either, and
#     the warning says the binary changed and how debuginfod failed.
#
# Statistical checks: the intervals of the two paths and the total at
# 99.9% (check_truth), each figure the same in every report of the one
# trace: a correct build fails with probability below 0.32%; the seed
# makes the samples the same in every run.
set -eu
HARNESS_NETWORK=private
. "$AS_SRCDIR/tests/symbols/lib.sh"
require debuginfod curl objcopy readelf jq go
harness_enter "$@"
harness_start_sessiond

symbols_record
rm "$PROGRAM"

echo "== the program removed, no DEBUGINFOD_URLS"
symbols_report bare
symbols_check_unnamed "no server" "$HARNESS_DIR/bare.json"
symbols_says "no server" bare "cannot read binary \`$PROGRAM\` (moved or removed since the trace was recorded?), and no file of its build with a symbol table was found (none under /usr/lib/debug/.build-id; debuginfod not asked: DEBUGINFOD_URLS is not set): its frames are shown as BINARY+0xOFFSET."
check "no server: JSON says it stayed unnamed, its file unreadable" jq -e --arg p "$PROGRAM" --arg b "$BUILD_ID" '
	.symbols.unnamed_binaries == [{"path": $p, "build_id": $b, "reason": "unreadable",
		"search": "none under /usr/lib/debug/.build-id; debuginfod not asked: DEBUGINFOD_URLS is not set"}] and
	.symbols.unreadable_binaries == [$p] and .symbols.named_by_build_id == []' "$HARNESS_DIR/bare.json"

echo "== the program removed, its debug file served by debuginfod"
mkdir -p "$HARNESS_DIR/served"
cp "$DEBUG_FILE" "$HARNESS_DIR/served/"
debuginfod_start "$HARNESS_DIR/served" "$BUILD_ID"
urls=$(debuginfod_url)
cache="$HARNESS_DIR/cache"
symbols_report served DEBUGINFOD_URLS="$urls" DEBUGINFOD_CACHE_PATH="$cache"
symbols_check_named "debuginfod" "$HARNESS_DIR/served.json"
check "debuginfod: no warning" [ ! -s "$HARNESS_DIR/served.stderr" ]
check "debuginfod: JSON says where the names came from, nothing unnamed" jq -e \
	--arg p "$PROGRAM" --arg b "$BUILD_ID" --arg cache "$cache/" '
	(.symbols.named_by_build_id | length == 1 and .[0].path == $p and .[0].build_id == $b and
	 .[0].debuginfod and (.[0].file | startswith($cache))) and .symbols.unnamed_binaries == []' \
	"$HARNESS_DIR/served.json"
check "debuginfod: the file came into the test's cache" \
	sh -c "cmp -s '$DEBUG_FILE' '$(jq -r '.symbols.named_by_build_id[0].file' "$HARNESS_DIR/served.json")'"

profile="$HARNESS_DIR/alloc.pb.gz"
env DEBUGINFOD_URLS="$urls" DEBUGINFOD_CACHE_PATH="$cache" babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" \
	"$HARNESS_DIR/run.trace" -c sink.allocsample.report -p "format=\"pprof\",path=\"$profile\"" \
	>/dev/null 2>"$HARNESS_DIR/pprof.stderr" || harness_fail "the pprof report failed: $(cat "$HARNESS_DIR/pprof.stderr")"
HOME="$HARNESS_DIR/home-go" go tool pprof -raw "$profile" >"$HARNESS_DIR/raw.txt" 2>"$HARNESS_DIR/go.stderr" ||
	harness_fail "go tool pprof -raw cannot read the profile: $(cat "$HARNESS_DIR/go.stderr")"
check "pprof: named_alpha and named_beta named in its locations, at named.c" \
	sh -c "grep -Eq ' named_alpha .*named\\.c:[0-9]+' '$HARNESS_DIR/raw.txt' &&
		grep -Eq ' named_beta .*named\\.c:[0-9]+' '$HARNESS_DIR/raw.txt'"
check "pprof: the program's mapping has its path and the recorded build id $BUILD_ID" \
	grep -Eq "^[0-9]+: 0x[0-9a-f]+/0x[0-9a-f]+/0x[0-9a-f]+ $PROGRAM $BUILD_ID( |$)" "$HARNESS_DIR/raw.txt"

echo "== another build at the program's path, the server up"
cp "$SYMBOLS_BIN/named-other" "$PROGRAM"
other=$(readelf -n "$PROGRAM" | sed -n 's/.*Build ID: *//p')
[ -n "$other" ] && [ "$other" != "$BUILD_ID" ] ||
	harness_fail "named-other's build id ($other) is not another than named's ($BUILD_ID)"
symbols_report replaced DEBUGINFOD_URLS="$urls" DEBUGINFOD_CACHE_PATH="$HARNESS_DIR/cache-replaced"
symbols_check_named "replaced, debuginfod" "$HARNESS_DIR/replaced.json"
symbols_check_not_other "replaced, debuginfod" "$HARNESS_DIR/replaced.json"
found=$(jq -r '.symbols.named_by_build_id[0].file // ""' "$HARNESS_DIR/replaced.json")
symbols_says "replaced, debuginfod" replaced "binary \`$PROGRAM\` changed since the trace was recorded (build id $BUILD_ID recorded, $other now): not used; its frames are named from $found, of the recorded build."
check "replaced, debuginfod: JSON gives both build ids" jq -e --arg p "$PROGRAM" --arg b "$BUILD_ID" --arg o "$other" '
	.symbols.changed_binaries == [{"path": $p, "recorded_build_id": $b, "build_id": $o}] and
	.symbols.unnamed_binaries == []' "$HARNESS_DIR/replaced.json"

echo "== another build at the program's path, the server stopped"
debuginfod_stop
symbols_report gone DEBUGINFOD_URLS="$urls" DEBUGINFOD_CACHE_PATH="$HARNESS_DIR/cache-gone"
symbols_check_unnamed "server stopped" "$HARNESS_DIR/gone.json"
symbols_check_not_other "server stopped" "$HARNESS_DIR/gone.json"
symbols_says "server stopped" gone "binary \`$PROGRAM\` changed since the trace was recorded (build id $BUILD_ID recorded, $other now), and no file of its build with a symbol table was found (none under /usr/lib/debug/.build-id; debuginfod ($urls) failed: "
check "server stopped: JSON says it stayed unnamed, its file of another build" jq -e --arg p "$PROGRAM" '
	.symbols.unnamed_binaries | length == 1 and .[0].path == $p and .[0].reason == "changed" and
	(.[0].search | test("debuginfod \\(.*\\) failed: "))' "$HARNESS_DIR/gone.json"
finish
