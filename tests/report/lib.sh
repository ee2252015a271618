# lib.sh - what the report's end-to-end tests share, on top of tests/lib:
# lttng-harness.sh (the private daemon and the one recipe of a trace,
# harness_session and harness_trace), tools.sh (report_run, report_json,
# record_json...), results.sh (the checks: ok, fail, check, check_truth,
# finish) and chromium.sh (headless Chromium for the HTML pages).
#
# Source it first thing, then call harness_enter "$@".

. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/chromium.sh"

# The programs this folder builds, which its tests record.
REPORT_BIN="$AS_BUILDDIR/tests/report"

# report_traced NAME [-p PARAMS] [OPTION...] -- COMMAND...: the trace NAME
# of COMMAND by harness_trace with the OPTIONs (COMMAND's output in
# $HARNESS_DIR/NAME.out), and its JSON report with PARAMS into
# $HARNESS_DIR/NAME.json (report_json: the test stops unless it is one).
report_traced() {
	traced_name=$1
	shift
	traced_params=
	if [ "${1:-}" = -p ]; then
		traced_params=$2
		shift 2
	fi
	harness_trace "$traced_name" "$@"
	if [ -n "$traced_params" ]; then
		report_json "$HARNESS_DIR/$traced_name" "$HARNESS_DIR/$traced_name.json" -p "$traced_params"
	else
		report_json "$HARNESS_DIR/$traced_name" "$HARNESS_DIR/$traced_name.json"
	fi
}

# report_fact VARIABLE FILE KEY: VARIABLE set to the second field of the
# line KEY of FILE, a workload's facts (harness_fact); stops the test if
# there is none, since a check against nothing could pass.
report_fact() {
	fact_value=$(harness_fact "$2" "$3" 2)
	[ -n "$fact_value" ] || harness_fail "no '$3' in $2: $(head -c 300 "$2" 2>/dev/null)"
	eval "$1=\$fact_value"
}

# report_refused LABEL TRACE PARAMS TEXT: two checks, that the report of
# TRACE with PARAMS fails and that its error says TEXT (report_says); its
# output and error stay in $HARNESS_DIR/refused.out and refused.err.
report_refused() {
	refused_status=0
	report_run "$2" -p "$3" >"$HARNESS_DIR/refused.out" 2>"$HARNESS_DIR/refused.err" || refused_status=$?
	check "$1: refused (status $refused_status)" [ "$refused_status" -ne 0 ]
	check "$1: the error says: $4" report_says "$HARNESS_DIR/refused.err" "$4"
}

# report_check_self_contained PAGE: the HTML page loads nothing from
# elsewhere (no script, style sheet, image or frame by address).
report_check_self_contained() {
	check "self-contained: no external script, style, image or frame" \
		sh -c "! grep -Eiq '<(script|link|img|iframe)[^>]*(src|href)=|@import|url\\(http' '$1'"
}

# report_render PAGE [OPTION...]: PAGE rendered once by headless Chromium
# (chromium_run) with the OPTIONs (a window's size): its DOM once its
# scripts ran into PAGE.dom, and, from the same run, a check that its
# screenshot is drawn: at least 50 colours and 3% of it not white
# (png-check.py).  With AS_KEEP_SCREENSHOT=FILE.png, the picture and the
# page are kept there, to look at.
report_render() {
	render_page=$1
	shift
	chromium_run "$render_page" --dump-dom --screenshot="$HARNESS_DIR/page.png" "$@" >"$render_page.dom" || true
	render_png=$(python3 "$AS_SRCDIR/tests/report/png-check.py" "$HARNESS_DIR/page.png" 2>&1) || render_png=none
	check "the screenshot is drawn: width, height, colours and % not white $render_png (at least 50 colours, 3%)" \
		awk -v png="$render_png" 'BEGIN { exit !(split(png, f, " ") == 4 && f[3] >= 50 && f[4] >= 3) }'
	[ -z "${AS_KEEP_SCREENSHOT:-}" ] ||
		{ cp "$HARNESS_DIR/page.png" "$AS_KEEP_SCREENSHOT" && cp "$render_page" "${AS_KEEP_SCREENSHOT%.png}.html"; }
}

# stacks_workload [more]: stacks-workload under the shim (seed 11, rate
# 4096), what it prints (its pid and its worker's tid) on standard output;
# a command for harness_trace, whose session must record lttng-ust's
# statedump (--stacks) for the report to name the frames.  With `more`,
# three more processes after it: the same workload with seed 12 (the same
# stacks in another process), with ALLOCSAMPLE_STACK_DEPTH=3 (every stack
# truncated) and 0 (no stack recorded); their output is discarded, so that
# harness_fact reads the first process's.
stacks_workload() {
	ALLOCSAMPLE_SEED=11 ALLOCSAMPLE_RATE=4096 harness_preload "$REPORT_BIN/stacks-workload" || return 1
	[ "${1:-}" = more ] || return 0
	for run in 12:32 13:3 14:0; do
		ALLOCSAMPLE_SEED=${run%:*} ALLOCSAMPLE_STACK_DEPTH=${run#*:} ALLOCSAMPLE_RATE=4096 \
			harness_preload "$REPORT_BIN/stacks-workload" >/dev/null || return 1
	done
}

# stack_traced NAME [OPTION...] -- PROGRAM [ARG...]: the trace NAME of
# PROGRAM, stack-producer or one of its variants (a program of known call
# tree whose samples carry real stacks), made by harness_trace with the
# OPTIONs; stops the test unless PROGRAM printed its truth, a line
# "truth TYPE BYTES OBJECTS" per type, into $HARNESS_DIR/NAME.out.
stack_traced() {
	harness_trace "$@"
	grep -q '^truth ' "$HARNESS_DIR/$1.out" || harness_fail "$1: the program printed no truth"
}

# stack_truth NAME TYPE FIELD: the true bytes (FIELD 3) or objects
# (FIELD 4) of TYPE in the trace NAME of stack_traced; nothing if the
# program printed no such type.
stack_truth() {
	awk -v type="$2" -v n="$3" '$1 == "truth" && $2 == type { print $n }' "$HARNESS_DIR/$1.out"
}
