#!/bin/sh
# stacks.sh - sink.allocsample.report under valgrind memcheck on a trace
# with stacks (tests/report/stack-producer: named, inlined, C++, unknown
# and truncated frames), grouped by stack, site and thread, in text, CSV and
# JSON: no invalid access, no use of uninitialised memory, no leak, and the
# same report as without valgrind.
set -eu
sh "$AS_SRCDIR/tests/compat/require-packages.sh" valgrind
. "$AS_SRCDIR/tests/report/lib.sh"
. "$AS_SRCDIR/tests/valgrind/lib.sh"
. "$AS_SRCDIR/tests/report/stack-lib.sh"
harness_enter "$@"
harness_start_sessiond

stack_record memcheck "$STACK_EVENTS" "$REPORT_BIN/stack-producer" --unknown --depth 16
trace="$HARNESS_DIR/memcheck"
memcheck_report "$trace" 'group-by=["stack","site","thread"]'
check "the trace had truncated stacks and unknown frames" \
	jq -e '([.groups[] | select(.kind == "stack" and .truncated)] | length > 0) and .symbols.unknown_addresses > 0' \
	"$HARNESS_DIR/report.json"
finish
