#!/bin/sh
# stacks.sh - sink.allocsample.report under valgrind memcheck on a trace
# with stacks (tests/report/stack-producer: named, inlined, C++, unknown
# and truncated frames), grouped by stack, site and thread, in text, CSV and
# JSON: no invalid access, no use of uninitialised memory, no leak, and the
# same report as without valgrind.
set -eu
. "$AS_SRCDIR/tests/valgrind/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_trace memcheck --stacks -- "$VALGRIND_PROGRAMS/stack-producer" --unknown --depth 16
memcheck_report "$HARNESS_DIR/memcheck" 'group-by=["stack","site","thread"]'
check "the trace had truncated stacks and unknown frames" \
	jq -e '([.groups[] | select(.kind == "stack" and .truncated)] | length > 0) and .symbols.unknown_addresses > 0' \
	"$HARNESS_DIR/report.json"
finish
