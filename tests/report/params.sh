#!/bin/sh
# params.sh - bad parameters are refused at initialization, each with an
# error naming the parameter and what it accepts; good ones are accepted.
# The query `params-check` gives the same verdict and the same line for
# every one of them, without initializing anything (it creates no `path`
# file; whether that file can be opened is initialization's alone).
# No tracer needed: the source is source.text.dmesg on an empty file, which
# also shows a graph with no allocsample event ending with exit status 0.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-params.XXXXXX")
trap 'rm -rf "$dir"' EXIT
: >"$dir/empty.log"

# run PARAMS: the component on an empty dmesg log; status in $status.
run() {
	status=0
	babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" run \
		-c src:source.text.dmesg -p "path=\"$dir/empty.log\"" \
		-c report:sink.allocsample.report -p "$1" -x src:report \
		>"$dir/out" 2>"$dir/err" || status=$?
}

# query PARAMS: the answer of the query params-check on PARAMS, its lines
# joined by spaces, in $answer; babeltrace2's status in $status.
query() {
	status=0
	BABELTRACE_TERM_COLOR=NEVER babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" \
		query sink.allocsample.report params-check -p "$1" >"$dir/answer" 2>"$dir/query.err" ||
		status=$?
	answer=$(tr '\n' ' ' <"$dir/answer" | sed 's/ $//')
}

# init_cause: the component's own cause in the last run's error, its lines
# joined as babeltrace2 folded them.
init_cause() {
	awk '/^CAUSED BY \[/ { cause = ""; mine = index($0, "\047sink.allocsample.report\047]") > 0; next }
		mine && /^  / { sub(/^ +/, ""); cause = cause (cause == "" ? "" : " ") $0 }
		END { print cause }' "$dir/err"
}

# refused PARAMS PATTERN: the run fails at initialization with PATTERN, and
# the query refuses PARAMS with the same line.
refused() {
	run "$1"
	check "$1: refused (status $status)" [ "$status" -ne 0 ]
	check "$1: at initialization" report_says "$dir/err" 'initialization method failed'
	check "$1: the error says: $2" report_says "$dir/err" "$2"
	cause=$(init_cause)
	query "$1"
	check "$1: params-check: status 0 ($status; $(head -c 200 "$dir/query.err"))" [ "$status" -eq 0 ]
	check "$1: params-check gives initialization's line ($answer)" \
		[ "$answer" = "error: ${cause:-(no cause found)} valid: no" ]
}

# accepted PARAMS: the query accepts PARAMS.
accepted() {
	query "$1"
	check "$1: params-check accepts them (status $status: $answer)" \
		[ "$status:$answer" = "0:valid: yes" ]
}

refused 'confidence=2.0' 'Parameter `confidence` is 2: expecting a real number between 0 and 1'
refused 'confidence=0.0' 'Parameter `confidence` is 0: expecting a real number between 0 and 1'
refused 'confidence=1' 'Parameter `confidence` is an integer: expecting a real number'
refused 'format="xml"' 'Parameter `format`: unknown format `xml`: expecting `text`, `csv`, `json`, `html`, `folded` or `pprof`'
refused 'format="pprof"' 'Parameter `path` is missing: format `pprof` writes a binary profile to a file'
refused 'format="folded",update-interval="1s"' 'Parameter `update-interval` does not go with format `folded`'
refused "format=\"pprof\",path=\"$dir/p.pb.gz\",update-interval=\"1s\"" 'Parameter `update-interval` does not go with format `pprof`'
refused 'group-by="planet"' 'Parameter `group-by`: unknown grouping `planet`: expecting `thread`, `type`, `thread-type` or `site`'
refused 'group-by=["thread",7]' 'Parameter `group-by` contains an integer'
refused 'group-by=[]' 'Parameter `group-by` is an empty array'
refused 'boundary-compensation=7' 'Parameter `boundary-compensation` is an integer: expecting a boolean'
refused 'format="html",update-interval="1s"' 'Parameter `update-interval` does not go with format `html`'
# Opening the file is initialization's: the query neither refuses a path
# nor creates its file.
run "path=\"$dir/no/such/dir/report.txt\""
check "path in no directory: refused at initialization ($status)" [ "$status" -ne 0 ]
check "path in no directory: the error says why" report_says "$dir/err" 'Parameter `path`: cannot open'
accepted "path=\"$dir/no/such/dir/report.txt\""
accepted "format=\"pprof\",path=\"$dir/checked.pb.gz\""
check "params-check created no file" [ ! -e "$dir/checked.pb.gz" ]
refused 'confidance=0.9' 'Unknown parameter `confidance`'
refused 'scope-begin="a:b"' 'Parameter `scope-end` is missing: `scope-begin` needs it'
refused 'scope-end="a:b"' 'Parameter `scope-begin` is missing: `scope-end` needs it'
refused 'scope-key="id"' 'Parameter `scope-key` needs `scope-begin` and `scope-end`'
refused 'scope-begin=7,scope-end="a:b"' 'Parameter `scope-begin` is an integer: expecting the full name of an event class'
refused 'scope-begin="a:b",scope-end="a:b"' 'Parameters `scope-begin` and `scope-end` are both `a:b`'
refused 'window=0' 'Parameter `window` is 0: expecting a positive duration'
refused 'window=-100' 'Parameter `window` is -100: expecting a positive duration'
refused 'window="100"' 'Parameter `window` is `100`: expecting a positive duration: a string such as `100ms` (units ns, us, ms, s, m)'
refused 'window="5h"' 'Parameter `window` is `5h`: expecting a positive duration'
refused 'window="-1s"' 'Parameter `window` is `-1s`: expecting a positive duration'
refused 'window="1e3ms"' 'Parameter `window` is `1e3ms`: expecting a positive duration'
refused 'window="0ms"' 'Parameter `window` is `0ms`: expecting a positive duration'
refused 'window=0.5' 'Parameter `window` is a real number: expecting a positive duration'
refused 'temporary=0' 'Parameter `temporary` is 0: expecting a positive duration'
refused 'temporary=-1' 'Parameter `temporary` is -1: expecting a positive duration'
refused 'temporary="1"' 'Parameter `temporary` is `1`: expecting a positive duration: a string such as `100ms` (units ns, us, ms, s, m)'
refused 'temporary="0us"' 'Parameter `temporary` is `0us`: expecting a positive duration'
refused 'temporary=true' 'Parameter `temporary` is a boolean: expecting a positive duration'
refused 'top=-1' 'Parameter `top` is -1: expecting a number of rows, an integer from 0 (every row) up'
refused 'top="ten"' 'Parameter `top` is a string: expecting a number of rows'
refused 'top=1.5' 'Parameter `top` is a real number: expecting a number of rows'
refused 'min-share=101' 'Parameter `min-share` is 101: expecting a percentage from 0 to 100'
refused 'min-share=-0.5' 'Parameter `min-share` is -0.5: expecting a percentage from 0 to 100'
refused 'min-share="1%"' 'Parameter `min-share` is a string: expecting a percentage from 0 to 100'
refused 'timeline-points=1' 'Parameter `timeline-points` is 1: expecting an integer from 2 to 100000'
refused 'timeline-points=+100001' 'Parameter `timeline-points` is 100001: expecting an integer from 2 to 100000'
refused 'timeline-points=+18446744073709551615' 'Parameter `timeline-points` is 18446744073709551615: expecting an integer from 2 to 100000'
refused 'timeline-points="many"' 'Parameter `timeline-points` is a string: expecting an integer from 2 to 100000'
refused 'cut=""' 'Parameter `cut` is empty: expecting why the trace given was cut before babeltrace2 read it'
refused 'cut=true' 'Parameter `cut` is a boolean: expecting why the trace given was cut'
refused 'sort="peaks"' 'Parameter `sort`: unknown order `peaks`: expecting `allocated` (bytes allocated, the default), `live` (bytes still live at the end), `temporary`'

status=0
babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" query sink.allocsample.report no-such-object \
	>/dev/null 2>"$dir/query.err" || status=$?
check "another query object: refused (status $status)" [ "$status" -ne 0 ]
check "another query object: babeltrace2 says so" report_says "$dir/query.err" 'unknown query object'

accepted 'confidence=0.9,group-by="thread-type",format="json",boundary-compensation=no'
accepted 'format="html",window="100ms",sort="live",scope-begin="a:b",scope-end="a:c",scope-key="id"'
accepted 'format="json",update-interval="500ms"'
accepted 'top=0,min-share=0'
accepted 'temporary="250us"'
accepted 'temporary=5000000'
accepted 'sort="temporary",group-by="stack"'
accepted 'top=+3,min-share=2.5'
accepted 'sort="peak",timeline-points=2'
accepted 'timeline-points=+100000'
accepted 'cut="a/metadata ends inside a packet: 4096 of its 4196 bytes read"'
run 'confidence=0.9,group-by="thread-type",format="json",boundary-compensation=no'
check "good parameters: accepted (status $status)" [ "$status" -eq 0 ]
check "good parameters: an empty JSON report" \
	[ "$(jq -c '[.confidence, .group_by, .boundary_compensation, .samples, .groups, .total]' "$dir/out")" = \
	  '[0.9,["thread-type"],false,0,[],null]' ]
check "no allocsample event: the warning says so" \
	grep -q 'no allocsample:AllocationSampled events' "$dir/err"

for window in '"100ms"' '"1.5s"' '"2m"' '"250us"' '"10ns"' 100000000 '+100000000'; do
	run "window=$window,format=\"json\""
	windows=$(jq -c '.windows' "$dir/out" 2>/dev/null || echo none)
	check "window=$window: accepted (status $status), no window on an empty trace ($windows)" \
		[ "$status" -eq 0 -a "$windows" = '[]' ]
done
run 'window="1.5s",format="json"'
check 'window="1.5s" is 1500000000 ns' [ "$(jq '.window_ns' "$dir/out")" = 1500000000 ]

run 'scope-begin="myapp:request_begin",scope-end="myapp:request_end",scope-key="id",format="json"'
check "scope parameters: accepted (status $status), no instance on an empty trace" \
	[ "$status" -eq 0 -a "$(jq -c '[.scopes.begin, .scopes.key, .scopes.instances, .scopes.mean]' "$dir/out")" = \
	  '["myapp:request_begin","id",0,null]' ]
check "scope parameters: the warning says no begin event was seen" \
	grep -q 'no `myapp:request_begin` event: no scope instance' "$dir/err"
run 'format="json"'
check "without scope parameters: scopes is null" [ "$(jq '.scopes' "$dir/out")" = null ]

run "group-by=[\"thread\",\"type\"],path=\"$dir/report.txt\""
check "path: accepted (status $status)" [ "$status" -eq 0 ]
check "path: the text report is in the file, its sentence for a trace without samples" \
	sh -c "grep -q '^No allocation was sampled: nothing to estimate.' '$dir/report.txt' && [ ! -s '$dir/out' ]"
finish
