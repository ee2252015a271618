# stack-lib.sh - what the report's stack tests share: recording
# tests/report/stack-producer (a program of known call tree whose samples
# carry real stacks) and reading its truth.  Source it after lib.sh.

STACK_EVENTS='allocsample:*,lttng_ust_statedump:*,lttng_ust_dl:*'

# stack_record NAME EVENTS PROGRAM [ARG...]: records PROGRAM ARG... into
# $HARNESS_DIR/NAME with EVENTS enabled and the vpid, vtid and procname
# contexts; its truth lines go to $HARNESS_DIR/NAME.truth.
stack_record() {
	name=$1 events=$2 program=$3
	shift 3
	lttng create "$name" --output="$HARNESS_DIR/$name" >/dev/null
	lttng enable-event --userspace --session="$name" "$events" >/dev/null
	lttng add-context --userspace --session="$name" -t vpid -t vtid -t procname >/dev/null
	lttng start "$name" >/dev/null
	"$program" "$@" >"$HARNESS_DIR/$name.truth" || harness_fail "$program $* failed"
	harness_session_end "$name"
}

# stack_truth NAME TYPE FIELD: the true bytes (FIELD 3) or objects
# (FIELD 4) of TYPE in the run NAME.
stack_truth() {
	awk -v type="$2" -v n="$3" '$1 == "truth" && $2 == type { print $n }' "$HARNESS_DIR/$1.truth"
}

# stack_check_objects LABEL JSON SELECTION TRUE_OBJECTS: the stack group
# the jq selection picks has at least objects_lower objects, TRUE_OBJECTS,
# and no objects_upper (null: no sample bounds the count at a rate above 1,
# doc/estimation.md, "Objects").
stack_check_objects() {
	set -- "$1" "$4" $(jq -r "[.groups[] | select($3)] | if length == 1 then .[0] |
		\"\(.objects) \(.objects_lower) \(.objects_upper)\" else empty end" "$2")
	judge_objects "$1" "$2" "${3:-}" "${4:-}" "${5:-}"
}
