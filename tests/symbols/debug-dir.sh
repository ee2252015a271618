#!/bin/sh
# debug-dir.sh - frames named from /usr/lib/debug/.build-id: named.c's
# program recorded by allocsample-record, then
#   - stripped at its path, no debug file anywhere: its frames
#     named+0xOFFSET, one warning saying it has no symbol table and where
#     its build was looked for, JSON `unnamed_binaries` (reason
#     "stripped"); the total as true as with names;
#   - its debug file at /usr/lib/debug/.build-id/XX/REST.debug: the
#     stripped file names its frames through it (libdwfl's own search),
#     each path at the line of its malloc and holding its true bytes, no
#     warning;
#   - the program removed: the debug file alone names them, JSON
#     `named_by_build_id` gives its path;
#   - another build copied to its path: that file names no frame (no
#     other_*), the debug file does, one warning says the binary changed
#     and was not used.
# /usr/lib/debug is where libdwfl and the report look, with no setting to
# point them elsewhere: the test writes there in an overlay mounted in its
# own mount namespace, which it needs root for.
#
# Statistical checks: the intervals of the two paths and the total at
# 99.9% (check_truth), each figure the same in every report of the one
# trace: a correct build fails with probability below 0.32%; the seed
# makes the samples the same in every run.
set -eu
. "$AS_SRCDIR/tests/symbols/lib.sh"
require objcopy readelf strip jq
[ "$(id -u)" -eq 0 ] ||
	{ echo "FAIL: debug-dir.sh needs root: it mounts an overlay on /usr/lib/debug in a mount namespace" >&2; exit 1; }
harness_enter "$@"
harness_start_sessiond

symbols_record

echo "== stripped, no debug file"
strip "$PROGRAM"
symbols_report stripped
symbols_check_unnamed "stripped" "$HARNESS_DIR/stripped.json"
symbols_says "stripped" stripped "binary \`$PROGRAM\` has no symbol table (stripped), and no file of its build with a symbol table was found (none under /usr/lib/debug/.build-id; debuginfod not asked: DEBUGINFOD_URLS is not set): the frames its dynamic symbols do not name are shown as BINARY+0xOFFSET."
check "stripped: JSON says it stayed unnamed, stripped" jq -e --arg p "$PROGRAM" --arg b "$BUILD_ID" '
	.symbols.unnamed_binaries | length == 1 and .[0].path == $p and .[0].build_id == $b and
	.[0].reason == "stripped"' "$HARNESS_DIR/stripped.json"

echo "== stripped, its debug file under /usr/lib/debug/.build-id"
# The overlay's upper layer is in a tmpfs of the namespace: nothing reaches
# the disk, and it all goes with the namespace.  It covers /usr/lib where
# there is no /usr/lib/debug (no debug package installed).
overlay="$HARNESS_DIR/overlay"
covered=/usr/lib/debug
[ -d "$covered" ] || covered=/usr/lib
mkdir -p "$overlay"
mount -t tmpfs allocsample-test "$overlay"
# Unmounted before the test's directory is removed, however the test ends.
trap 'symbols_status=$?; set +e; umount -l "$covered" "$overlay" 2>/dev/null; (exit "$symbols_status"); harness_cleanup' EXIT
mkdir -p "$overlay/upper" "$overlay/work"
mount -t overlay allocsample-test -o "lowerdir=$covered,upperdir=$overlay/upper,workdir=$overlay/work" \
	"$covered" || harness_fail "cannot mount an overlay on $covered"
in_dir="/usr/lib/debug/.build-id/$(echo "$BUILD_ID" | cut -c1-2)/$(echo "$BUILD_ID" | cut -c3-).debug"
mkdir -p "${in_dir%/*}"
cp "$DEBUG_FILE" "$in_dir"
symbols_report linked
symbols_check_named "stripped, debug file" "$HARNESS_DIR/linked.json"
check "stripped, debug file: no warning" [ ! -s "$HARNESS_DIR/linked.stderr" ]
check "stripped, debug file: named through the file at its path, nothing found in its stead" \
	jq -e '.symbols.named_by_build_id == [] and .symbols.unnamed_binaries == []' "$HARNESS_DIR/linked.json"

echo "== removed, its debug file under /usr/lib/debug/.build-id"
rm "$PROGRAM"
symbols_report removed
symbols_check_named "removed, debug file" "$HARNESS_DIR/removed.json"
check "removed, debug file: no warning" [ ! -s "$HARNESS_DIR/removed.stderr" ]
check "removed, debug file: JSON says it named them" jq -e --arg p "$PROGRAM" --arg b "$BUILD_ID" --arg f "$in_dir" '
	.symbols.named_by_build_id == [{"path": $p, "build_id": $b, "file": $f, "debuginfod": false}] and
	.symbols.unreadable_binaries == [$p] and .symbols.unnamed_binaries == []' "$HARNESS_DIR/removed.json"

echo "== another build at its path, its debug file under /usr/lib/debug/.build-id"
cp "$SYMBOLS_BIN/named-other" "$PROGRAM"
other=$(readelf -n "$PROGRAM" | sed -n 's/.*Build ID: *//p')
symbols_report replaced
symbols_check_named "replaced, debug file" "$HARNESS_DIR/replaced.json"
symbols_check_not_other "replaced, debug file" "$HARNESS_DIR/replaced.json"
symbols_says "replaced, debug file" replaced "binary \`$PROGRAM\` changed since the trace was recorded (build id $BUILD_ID recorded, $other now): not used; its frames are named from $in_dir, of the recorded build."
finish
