#!/bin/sh
# incompatible.sh - traces from producers whose allocsample:AllocationSampled
# breaks the schema (a string `size`, no `offset`, the EMF URI of another
# schema version): babeltrace2 exits non-zero with an error naming the field
# or the schema, and no report is printed.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
harness_enter "$@"
harness_start_sessiond

# producer NAME PATTERN: records bad-producer-NAME and expects PATTERN in the error.
producer() {
	harness_trace "$1" -- "$REPORT_BIN/bad-producer-$1"
	report_refused "$1" "$HARNESS_DIR/$1" 'format="text"' "$2"
	sed -n '/^CAUSED BY \[sink.allocsample.report/,$s/^/      /p' "$HARNESS_DIR/refused.err"
	check "$1: no report on the standard output" [ ! -s "$HARNESS_DIR/refused.out" ]
}

producer size-string 'payload field `size` is a string, expected an unsigned integer'
producer no-offset 'has no payload field `offset`'
producer schema-future 'declares the schema `urn:x-allocsample:schema:99`'
finish
