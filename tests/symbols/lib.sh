# lib.sh - what the tests of frames named by build id share, on top of
# tests/lib: lttng-harness.sh (the private daemon, record_json, report_run,
# the checks) and debuginfod.sh (a server on loopback).
#
# A test records named.c's program from a copy, $HARNESS_DIR/bin/named,
# then removes, strips or replaces that copy and reports the trace again:
# the report must find a file of the recorded build, or say why it did not,
# and never name a frame from another build's file.

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/debuginfod.sh"

SYMBOLS_BIN="$AS_BUILDDIR/tests/symbols"

# symbols_record: named.c's program recorded from $HARNESS_DIR/bin/named
# by allocsample-record at rate 4096 with 99.9% intervals, grouped by
# stack, the seed fixed (record_json: the trace kept in
# $HARNESS_DIR/run.trace, the program's output, its truth, in run.out);
# sets PROGRAM, the copy's path, BUILD_ID, its build id, and DEBUG_FILE,
# its DWARF and symbols alone (objcopy --only-keep-debug) in
# $HARNESS_DIR/debug/.  Checks that the report named the program's
# functions while the program was there.
symbols_record() {
	PROGRAM="$HARNESS_DIR/bin/named"
	mkdir -p "$HARNESS_DIR/bin" "$HARNESS_DIR/debug"
	cp "$SYMBOLS_BIN/named" "$PROGRAM"
	BUILD_ID=$(readelf -n "$PROGRAM" | sed -n 's/.*Build ID: *//p')
	[ -n "$BUILD_ID" ] || harness_fail "readelf finds no build id in named"
	DEBUG_FILE="$HARNESS_DIR/debug/named.debug"
	objcopy --only-keep-debug "$PROGRAM" "$DEBUG_FILE" ||
		harness_fail "objcopy cannot split the debug file of named"
	ALLOCSAMPLE_SEED=20261202 record_json run --rate 4096 --confidence 0.999 --group-by stack \
		-- "$PROGRAM"
	symbols_check_named "recorded, the program in place" "$HARNESS_DIR/run.json"
}

# symbols_report NAME [VARIABLE=VALUE...]: the JSON report of the trace,
# grouped by stack at 99.9%, into $HARNESS_DIR/NAME.json and its warnings
# into NAME.stderr, babeltrace2 run with the environment given and without
# DEBUGINFOD_URLS otherwise; stops the test unless it is a report.
symbols_report() {
	symbols_name=$1
	shift
	env -u DEBUGINFOD_URLS "$@" babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" \
		"$HARNESS_DIR/run.trace" -c sink.allocsample.report \
		-p 'format="json",group-by="stack",confidence=0.999' \
		>"$HARNESS_DIR/$symbols_name.json" 2>"$HARNESS_DIR/$symbols_name.stderr" ||
		harness_fail "the report $symbols_name failed: $(tail -n 5 "$HARNESS_DIR/$symbols_name.stderr")"
	jq -e '.format == "allocsample-report"' "$HARNESS_DIR/$symbols_name.json" >/dev/null 2>&1 ||
		harness_fail "the report $symbols_name is not JSON"
}

# symbols_frames JSON: the frames of the stack groups in the program's
# binary, one JSON object a line.
symbols_frames() {
	jq -c --arg program "$PROGRAM" '.groups[] | select(.kind == "stack") | .stack[] |
		select(.binary == $program)' "$1"
}

# symbols_check_named LABEL JSON: the program's two paths are one stack
# group each, named by its functions with their file and line
# (named_leaf's the line of its malloc), and each holds its true bytes
# (check_truth: false failure 0.1% at 99.9%).
symbols_check_named() {
	leaf_line=$(grep -n 'kept\[path\]\[i\] = malloc(BLOCK);' "$AS_SRCDIR/tests/symbols/named.c" | cut -d: -f1)
	for path in alpha beta; do
		selection=".kind == \"stack\" and ([.stack[] | select(.binary == \"$PROGRAM\") | .function] |
			.[0:2] == [\"named_leaf\", \"named_$path\"])"
		found=$(jq "[.groups[] | select($selection)] | length" "$2")
		check "$1: one stack group is named_$path > named_leaf ($found)" [ "$found" -eq 1 ]
		got=$(jq -r "[.groups[] | select($selection) | .stack[0] |
			\"\(.file // \"?\" | split(\"/\") | last):\(.line)\"] | first" "$2")
		check "$1: named_$path's leaf at named.c:$leaf_line ($got)" [ "$got" = "named.c:$leaf_line" ]
		check_truth "$1: named_$path" "$2" "$selection" \
			"$(awk -v p="$path" '$1 == "path" && $2 == p { print $3 }' "$HARNESS_DIR/run.out")"
	done
}

# symbols_check_unnamed LABEL JSON: every frame of the program is
# BINARY+0xOFFSET (no function, an offset), none named from another build
# (other_*), and the total still holds the program's bytes.
symbols_check_unnamed() {
	symbols_frames "$2" >"$HARNESS_DIR/frames"
	check "$1: the stacks have frames in the program ($(wc -l <"$HARNESS_DIR/frames"))" \
		[ -s "$HARNESS_DIR/frames" ]
	check "$1: the program's frames have no function, their offsets in the binary" \
		jq -se 'all(.function == null and (.offset | test("^0x[0-9a-f]+$")))' "$HARNESS_DIR/frames"
	check "$1: labelled named+0xOFFSET" jq -e '[.groups[] | select(.kind == "stack") |
		select(.label | test("(^|;)named\\+0x[0-9a-f]+$"))] | length > 0' "$2"
	check_truth "$1: the total" "$2" '.kind == "total"' \
		"$(awk '$1 == "path" { n += $3 } END { print n }' "$HARNESS_DIR/run.out")"
}

# symbols_check_not_other LABEL JSON: no frame of the report is named from
# the other build.
symbols_check_not_other() {
	check "$1: no frame named from the other build (other_*)" \
		jq -e '[.groups[] | select(.kind == "stack") | .stack[] | .function // "" |
			select(startswith("other_"))] | length == 0' "$2"
}

# symbols_says LABEL NAME TEXT: the report NAME's warnings say TEXT once.
symbols_says() {
	symbols_count=$(tr '\n' ' ' <"$HARNESS_DIR/$2.stderr" | tr -s ' ' | grep -oF -- "$3" | wc -l)
	check "$1: the warnings say once: $3 ($symbols_count)" [ "$symbols_count" -eq 1 ]
}
