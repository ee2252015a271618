# allocsample-record-report.sh - the report: where it goes, the trace as
# babeltrace2 can read it (a view of it when a full disk cut it),
# babeltrace2 reading it with sink.allocsample.report, the pprof profile
# copied where it goes, and what the command says and returns when no
# report could be written.
#
# Sourced by allocsample-record.  Uses the command's variables: me, trace,
# report_log, plugin_path, trace_view, params, format, report,
# report_output, program, work, live, update_interval, own_relayd, status,
# temporary, keep, rate, attach_pid, report_trace (the trace it reads: the
# run's, or a flight recorder's end's snapshot); sets report_status, report_failed,
# view (removed by the command's finish), read_trace, cut.

# report_cause: the innermost cause of the babeltrace2 error report on
# standard input, in words: the text of the last of its ERROR or CAUSED BY
# entries (their folded lines joined) that a component or babeltrace2's
# command gave.  libbabeltrace2's own entries describe its objects by
# address ("query-exec-addr=0x..., cc-addr=0x..."), which tells a user
# nothing: one of them is taken only when no other entry says anything;
# theirs and the command's are cut before their lists of fields
# ("plugin-name=..., comp-cls-type=4").  Nothing when there is no error
# report.
report_cause() {
	awk 'function keep() {
			if (internal)
				sub(/:? [a-z][a-z-]*=.*$/, "", text)
			sub(/\.$/, "", text)
			if (entry && text != "") {
				if (library) library_cause = text; else cause = text
			}
			entry = 0; text = ""
		}
		/^(ERROR: |CAUSED BY )/ {
			keep(); entry = 1
			library = /\[libbabeltrace2\]/; internal = /\[(libbabeltrace2|Babeltrace CLI)\]/
			next
		}
		entry && /^  / { sub(/^ +/, ""); text = text (text == "" ? "" : " ") $0; next }
		{ keep() }
		END { keep(); print cause == "" ? library_cause : cause }'
}

# report_check_params: the component's verdict on the parameters the report
# will be given, before anything starts (doc/design.md section 4, "One
# judge of the parameters"): the query params-check of
# sink.allocsample.report judges them as its initialization would.
# Refused: the component's line, exit status 2.  The map is the run's but
# for the path of a pprof profile, a temporary file made later: the name
# mktemp will fill in stands for it (a path has no rule but being a
# non-empty string until the component opens it).
report_check_params() {
	[ "$report" = yes ] || return 0
	command -v babeltrace2 >/dev/null 2>&1 || die "babeltrace2 not found: install babeltrace2, or use --no-report"
	[ "$live" = yes ] || [ -x "$trace_view" ] || die "$trace_view is missing: install allocsample again"
	profile=
	[ "$format" != pprof ] || profile=${TMPDIR:-/tmp}/allocsample-pprof.XXXXXX/profile.pb.gz
	set -- --plugin-path="$plugin_path" query sink.allocsample.report params-check \
		-p "$(options_params "$profile" "$update_interval")"
	# Asked again for its messages when it fails: a warning on success
	# (another plugin that does not load) would not mix with the answer.
	answer=$(BABELTRACE_TERM_COLOR=NEVER babeltrace2 "$@" 2>/dev/null) ||
		die "could not ask sink.allocsample.report, in $plugin_path (ALLOCSAMPLE_PLUGIN_PATH), to check the report's options: $(babeltrace2 "$@" 2>&1 >/dev/null | report_cause)"
	# The answer's keys come sorted: `error`, which may hold line breaks,
	# then `valid`, last.
	case $(printf '%s\n' "$answer" | tail -n 1) in
	'valid: yes') ;;
	'valid: no') die "$(printf '%s\n' "$answer" | sed '$d; 1s/^error: //' | paste -s -d ' ' -)" ;;
	*) die "sink.allocsample.report did not say whether it accepts the report's options: $(printf '%s' "$answer" | paste -s -d ' ' -)" ;;
	esac
}

# report_check_destination: where the report goes, checked before the run.
# The report's file is written by babeltrace2's standard output, redirected
# by this script, so that no character of its name matters.  Whether the
# device accepts the bytes (/dev/full) shows only when they are written:
# then the trace is kept.
report_check_destination() {
	case $report_output in
	''|-) ;;
	*)
		[ ! -d "$report_output" ] || die "--report-output: '$report_output' is a directory"
		report_dir=$(dirname -- "$report_output")
		[ -d "$report_dir" ] || die "--report-output: the directory '$report_dir' does not exist"
		if [ -e "$report_output" ]; then
			[ -w "$report_output" ] || die "--report-output: '$report_output' is not writable"
		else
			[ -w "$report_dir" ] || die "--report-output: cannot create a file in '$report_dir'"
		fi
		;;
	esac
	# A pprof profile is binary and an HTML page some 25 KB of markup:
	# neither goes to a terminal, where nobody reads them.  Without
	# --report-output a profile goes, as heaptrack's and jeprof's files do,
	# into the current directory, named after the program and its process
	# id; a page, like every other report, to the standard error.
	[ "$report" = yes ] || return 0
	case $format in
	pprof) what="binary data" ;;
	html) what="a web page" ;;
	*) return 0 ;;
	esac
	case $report_output in
	-) [ ! -t 1 ] || die "--format $format writes $what, not to a terminal: give --report-output FILE or redirect the standard output" ;;
	'')
		if [ "$format" = pprof ]; then
			[ -w . ] || die "--format pprof writes ./allocsample.PROGRAM.PID.pb.gz, but the current directory is not writable: give --report-output FILE"
		else
			[ ! -t 2 ] || die "--format $format writes $what, not to a terminal: give --report-output FILE or redirect the standard error"
		fi
		;;
	esac
}

# to_report COMMAND...: runs COMMAND with its standard output where the
# report goes.
to_report() {
	case $report_output in
	'') "$@" >&2 ;;
	-) "$@" ;;
	*) "$@" >"$report_output" ;;
	esac
}

# profile_name: where a pprof profile goes without --report-output:
# ./allocsample.PROGRAM.PID.pb.gz, PID the program's.
profile_name() {
	printf './allocsample.%s.%s.pb.gz' "${program##*/}" "$(cat "$work/pid" 2>/dev/null || echo $$)"
}

# deliver_profile: the pprof profile the component wrote, copied where it
# goes (a default name is said on the standard error); returns cat's
# status, and the reason it failed (cat's, or the shell's when the file
# cannot be made) in profile_error, for the command's own line.
deliver_profile() {
	named=no
	if [ -z "$report_output" ]; then
		report_output=$(profile_name)
		named=yes
	fi
	exec 6>&1
	copied=0
	profile_error=$(to_report cat "$work/profile.pb.gz" 2>&1 >&6 6>&-) || copied=$?
	exec 6>&-
	profile_error=${profile_error##*: }
	[ "$copied" -eq 0 ] || return "$copied"
	[ "$named" = no ] ||
		printf '%s: pprof profile written to %s (go tool pprof -http=: %s)\n' "$me" "$report_output" "$report_output" >&2
}

# report_filter LOG [DROP]: babeltrace2's standard error, read from the
# standard input, all of it copied into LOG and passed on to the command's
# standard error as it comes, but for the lines that start with DROP, and
# for what babeltrace2 prints when it fails, which only LOG gets: its error report, from its line `ERROR:` on, and its own
# log lines (`MM-DD HH:MM:SS.mmm PID TID LEVEL ...`) and the empty line
# that come before that report.  So such a line is held until a line of
# another kind, or the end without an error report, lets it through: the
# order stays.  A loop of the shell's read, which takes a line at a time
# from a pipe (awk would hold its input until the end).  LOG is beside
# the trace, on a device a full disk may have filled: a line it cannot
# take is lost there, silently, and still passed on.
report_filter() {
	held=
	failed=no
	drop=${2:-}
	while IFS= read -r line || [ -n "$line" ]; do
		printf '%s\n' "$line" >&3 2>/dev/null || :
		[ "$failed" = no ] || continue
		case $line in
		'ERROR: '*) failed=yes ;;
		"${drop:-ERROR: }"*) ;;
		''|[0-9][0-9]-[0-9][0-9]' '[0-9][0-9]:[0-9][0-9]:[0-9][0-9].*) held="$held$line
" ;;
		*)
			printf '%s%s\n' "$held" "$line" >&2
			held=
			;;
		esac
	done 3>"$1"
	[ "$failed" = yes ] || printf '%s' "$held" >&2
}

# report_babeltrace2 LOG DROP ARGS...: babeltrace2 ARGS, its standard
# output the caller's, its standard error through report_filter LOG DROP;
# returns babeltrace2's exit status.  Also run alone, as the live viewer
# (sh -c), so it uses none of the command's variables.
report_babeltrace2() {
	log=$1
	drop=$2
	shift 2
	exec 8>&1
	bt_status=$( { { babeltrace2 "$@" 2>&1 >&8 7>&- 8>&- 9>&-; echo $? >&7; } |
		report_filter "$log" "$drop" 7>&- 8>&- 9>&-; } 7>&1)
	exec 8>&-
	return "${bt_status:-1}"
}

# report_sampled: whether the trace holds a sample: "yes" at the first
# allocsample:AllocationSampled event babeltrace2 prints (it stops there,
# its output gone), "no" when it reads the whole trace without one,
# "unknown" when it cannot read it (the report then says why).  In a
# flight recorder's snapshot (snapshot_reason) an allocsample:CheckpointBlock
# counts too: a program idle before the snapshot leaves its passes, not its
# samples, in the window, and the component reports the live blocks they
# say (doc/report-formats.md, "A snapshot").
report_sampled() {
	sampled_events=AllocationSampled
	[ -z "${snapshot_reason:-}" ] || sampled_events='(AllocationSampled|CheckpointBlock)'
	{ BABELTRACE_TERM_COLOR=NEVER babeltrace2 "$report_trace" 2>/dev/null; echo "end $?"; } |
		awk -v sampled=" allocsample:$sampled_events: " '$0 ~ sampled { print "yes"; exit }
			/^end / { print $2 == 0 ? "no" : "unknown"; exit }'
}

# report_unsampled: what a run that drew no sample says, in one sentence:
# the rate and what no sample says of the bytes.  At rate R a
# thread that allocates B bytes draws no sample with probability
# (1 - 1/R)^B, about exp(-B/R), which is 2.5% at B = R ln 40, about 3.7R:
# the upper end of the 95% interval of a group without samples, the
# report's "below N bytes" (doc/estimation.md, "A run that samples
# nothing").
report_unsampled() {
	if [ -n "$attach_pid" ]; then
		who="process $attach_pid ($program)"
		# The rate the process sampled at: its own (attach.sh).
		r=$(tr '\0' '\n' <"/proc/$attach_pid/environ" 2>/dev/null | sed -n 's/^ALLOCSAMPLE_RATE=//p' | head -n 1)
		case $r in ''|*[!0-9]*) r=102400 ;; esac
	else
		who=${program##*/}
		r=${rate:-${ALLOCSAMPLE_RATE:-102400}}
	fi
	# At rate 1 every byte is sampled: no sample is no allocation.
	if [ "$r" = 1 ]; then
		printf 'allocsample report: %s: no allocation was sampled.  At rate 1 every allocation is sampled: it allocated nothing through malloc, calloc, realloc, the aligned allocators or operator new.\n' \
			"$who"
		return
	fi
	printf 'allocsample report: %s: no allocation was sampled.  At rate %s a sample falls once per %s bytes allocated on average, so each of its threads allocated less than about %s bytes (the upper end of a 95%% interval); --rate 1 samples every allocation.\n' \
		"$who" "$r" "$r" "$(awk -v r="$r" 'BEGIN { printf "%.0f", r * log(40) }')"
}

# report_view: the trace as babeltrace2 can read it, in read_trace.  A
# full disk cuts the run's trace inside a packet (doc/reliability.md),
# which babeltrace2 2.0 cannot read at all: allocsample-trace-view checks
# the trace first, and when a file ends inside a packet, read_trace is
# the trace's view cut at its last whole packets, in a temporary
# directory, and `cut` (the view's lines joined by ", ") goes into the
# parameters (as options.sh's param_string), for the report to say what
# was left out (doc/report-formats.md, "A trace cut short").  Returns 1, the view's
# line in view_error, when the view cannot be made: babeltrace2 is then
# not run, since a metadata file cut inside a packet would hang it.
report_view() {
	read_trace=$report_trace
	cut=
	view=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-view.XXXXXX" 2>&1) || {
		view_error="cannot create a temporary directory in ${TMPDIR:-/tmp}: ${view##*: }"
		view=
		return 1
	}
	cuts=$("$trace_view" "$report_trace" "$view/trace" 2>"$view/error") || {
		view_error=$(sed 's/^allocsample-trace-view: //' "$view/error")
		return 1
	}
	if [ -z "$cuts" ]; then
		rm -rf "$view"
		view=
		return 0
	fi
	read_trace=$view/trace
	cut=$(printf '%s\n' "$cuts" | awk 'NR > 1 { printf ", " } { printf "%s", $0 }')
	params="$params,cut=$(param_string "$cut")"
}

# report_write: the report of the trace, once the program has ended; its
# status in report_status: babeltrace2's, view when the trace's view
# could not be made, or not-copied when a pprof profile could not be
# copied where it goes.  A run that drew no sample is said in one
# sentence of this script's: the component would print empty tables, and
# its warning could not tell a run that allocated too little from a
# session that recorded nothing.  That sentence is the text report.  The
# other formats keep their empty document, for the programs that read it,
# and the sentence takes the component's warning's place on the standard
# error (the warning, in the log, says there was none).  A trace cut short
# is the component's to report, which says so.
report_write() {
	if ! report_view; then
		report_status=view
		return
	fi
	if [ "$format" = text ] && [ -z "$cut" ] && [ "$(report_sampled)" = no ]; then
		to_report report_unsampled || report_status=$?
		return
	fi
	# A flight recorder's snapshot says why it was taken (flight.sh).
	[ -z "${snapshot_reason:-}" ] || params="$params,snapshot-reason=$(param_string "$snapshot_reason")"
	unsampled='sink.allocsample.report: warning: no allocsample:AllocationSampled events'
	set -- "$report_log" "$unsampled" --plugin-path="$plugin_path" "$read_trace" -c sink.allocsample.report --params="$params"
	if [ -z "$work" ]; then
		to_report report_babeltrace2 "$@" || report_status=$?
	else
		# What the component prints beside a profile is for people.
		report_babeltrace2 "$@" >&2 || report_status=$?
		if [ "$report_status" -eq 0 ]; then
			deliver_profile || report_status=$?
			case $report_status in 0|141) ;; *) report_status=not-copied ;; esac
		fi
	fi
	! grep -q "^$unsampled" "$report_log" 2>/dev/null || report_unsampled >&2
}

# shell_word TEXT: TEXT as one word of a shell command line: as it is when
# no character of it is special, else in single quotes.
shell_word() {
	case $1 in
	''|*[!A-Za-z0-9_./:=,+@%-]*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
	*) printf '%s' "$1" ;;
	esac
}

# report_again: a babeltrace2 command that reads the kept trace with the
# report as this run asked for it, written to where this run's would have
# gone, which runs as written in the user's shell: --plugin-path unless
# babeltrace2 finds this very component by itself (in its own directory,
# ~/.local/lib/babeltrace2/plugins or BABELTRACE_PLUGIN_PATH).  A trace
# cut short is read, as this run read it, through its view, made first
# beside it (TRACE.view).
report_again() {
	plugin_option="--plugin-path=$(shell_word "$plugin_path") "
	found=$(BABELTRACE_TERM_COLOR=NEVER babeltrace2 help sink.allocsample.report 2>/dev/null |
		sed -n 's/^  Path: //p' | head -n 1)
	if [ -n "$found" ] &&
		[ "$(cd -P -- "$(dirname -- "$found")" 2>/dev/null && pwd)" = \
		  "$(cd -P -- "$plugin_path" 2>/dev/null && pwd)" ]; then
		plugin_option=
	fi
	profile=
	to=
	if [ "$format" = pprof ]; then
		case $report_output in
		'') profile=$(profile_name) ;;
		-) profile=/dev/stdout ;;
		*) profile=$report_output ;;
		esac
	else
		case $report_output in
		''|-) ;;
		*) to=" >$(shell_word "$report_output")" ;;
		esac
	fi
	again_trace=$report_trace
	make_view=
	again_params=$(options_params "$profile" "")
	[ -z "${snapshot_reason:-}" ] || again_params="$again_params,snapshot-reason=$(param_string "$snapshot_reason")"
	if [ -n "$cut" ]; then
		again_trace=$report_trace.view
		make_view="$(shell_word "$trace_view") $(shell_word "$report_trace") $(shell_word "$again_trace") >/dev/null && "
		again_params="$again_params,cut=$(param_string "$cut")"
	fi
	printf '%sbabeltrace2 %s%s -c sink.allocsample.report -p %s%s' "$make_view" "$plugin_option" \
		"$(shell_word "$again_trace")" "$(shell_word "$again_params")" "$to"
}

# report_unsaid: the line that says where a failed report's trace is kept
# could not be written (the standard error closed, or a full device):
# nobody would find a temporary trace, which goes as after a report
# (--keep or -o keep it where the user asked).
report_unsaid() {
	[ "$temporary" = no ] || [ "$keep" = yes ] || report_failed=no
}

# report_conclude: what report_status means for the user: one line on the
# standard error when the report could not be written, the trace kept
# (report_failed), and the command's status 2 when the program's was 0;
# babeltrace2's messages removed when nothing failed.
report_conclude() {
	case $report_status in
	0)
		rm -f "$report_log"
		;;
	141)
		# SIGPIPE: whoever read the report has gone (`| head`), and wanted
		# no more of it; nobody would read where the trace was kept either.
		rm -f "$report_log"
		;;
	no-trace)
		[ "$status" -ne 0 ] || status=2
		;;
	view)
		# Nothing babeltrace2 could read: the view's own line says why.
		report_failed=yes
		printf '%s: the report failed (%s); the trace is kept in %s\n' "$me" "$view_error" "$trace" >&2 ||
			report_unsaid
		[ "$status" -ne 0 ] || status=2
		;;
	not-copied)
		report_failed=yes
		rm -f "$report_log"
		printf '%s: the profile could not be written to %s (%s); the trace is kept in %s; to report again: %s\n' \
			"$me" "$report_output" "${profile_error:-cat failed}" "$trace" "$(report_again)" >&2 ||
			report_unsaid
		[ "$status" -ne 0 ] || status=2
		;;
	*)
		# The trace stays, to report again once the cause is fixed; the
		# cause, babeltrace2's innermost, in a line, and its whole error
		# report in the file.
		report_failed=yes
		case $report_output in
		''|-) to="" ;;
		*) to=" to $report_output" ;;
		esac
		cause=$(report_cause <"$report_log")
		cause=${cause%.}
		[ -n "$cause" ] || cause="babeltrace2 exit status $report_status"
		if [ "$live" = no ] || [ -n "$own_relayd" ]; then
			printf '%s: the report failed%s (%s); the trace is kept in %s, babeltrace2'\''s messages in %s; to report again: %s\n' \
				"$me" "$to" "$cause" "$trace" "$report_log" "$(report_again)" >&2 ||
				report_unsaid
		else
			printf '%s: the report failed%s (%s); babeltrace2'\''s messages are in %s\n' \
				"$me" "$to" "$cause" "$report_log" >&2
		fi
		[ "$status" -ne 0 ] || status=2
		;;
	esac
}
