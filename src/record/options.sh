# allocsample-record-options.sh - allocsample-record's options: the usage,
# their parsing, the checks of the command's own, and the parameter map of
# the report component that the others make.
#
# Sourced by allocsample-record, which calls options_parse, then
# options_check once it knows there is a program to run, then
# options_params.  The variables the options set, for the other parts:
# rate, output, keep, format, window, confidence, group_by, groups (the
# groups the report shows), sites, report, leaks, temporary_view (and
# temporary_within: the duration given, if any), peak, sizes, stack_depth,
# report_output, live, update_interval (set, 2s by default, with --live
# alone), live_ports (and ctrl_port, data_port, live_port), events (the
# --enable-event patterns, a line each), scope_begin, scope_end, scope_key,
# top, min_share, at, attach_pid, duration (and duration_ms), flight_size
# and keep_snapshots (flight.sh's flight_check reads them).

# The largest ALLOCSAMPLE_RATE the shim accepts (src/sampler/settings.h, 2^48).
max_rate=281474976710656
# The deepest ALLOCSAMPLE_STACK_DEPTH the shim accepts (doc/design.md section 2).
max_stack_depth=128

usage() {
	cat <<USAGE
Usage: $me [OPTIONS] -- PROGRAM [ARGS...]
       $me [OPTIONS] -p PID [--duration D]

Runs PROGRAM with allocation sampling in an LTTng session, every sample
with its call stack, and reports how many bytes each thread, type, call site
or stack allocated, with confidence intervals.  The report goes to standard
error (PROGRAM's standard output stays its own).

Options:
  --rate BYTES          mean bytes between samples, 1 to 2^48
                        (ALLOCSAMPLE_RATE, default 102400)
  -o, --output DIR      keep the trace in DIR (default: a temporary directory,
                        removed afterwards)
  --keep                keep the temporary trace and print where it is
  --format FORMAT       report format: text (default), csv, json, html,
                        folded (flame graph input) or pprof (a gzipped profile,
                        to --report-output FILE, by default
                        ./allocsample.PROGRAM.PID.pb.gz)
  --window DURATION     also estimate per time window, e.g. 100ms or 2s
  --confidence C        confidence level of the intervals, 0 < C < 1 (default 0.95)
  --group-by LIST       comma-separated groups: thread, type, thread-type, site,
                        stack (default: thread,type)
  --sites               also report per allocating function and source line
                        (the same as adding site to --group-by)
  --leaks               the leaks view: bytes still live at the end per call
                        stack, largest first (group-by stack, sort=live; with
                        --stack-depth 0, per thread and type)
  --temporary[=DURATION]
                        the temporary view: bytes freed within DURATION of
                        their allocation (default 1ms) per call stack,
                        largest first, with how long the bytes lived
                        (group-by stack, sort=temporary)
  --peak                the peak view: bytes live at the heap's peak per call
                        stack, largest first (group-by stack, sort=peak; with
                        --stack-depth 0, per thread and type)
  --at T                what was live at T after the first sample, such as
                        1.5s or 200ms: the leaks view at T (at=T, sort=live;
                        the groups of --group-by if given)
  --sizes               also show each process's size classes (objects and
                        bytes per power of two of the size)
  --stack-depth N       record at most N return addresses per sample, 0 to 128
                        (ALLOCSAMPLE_STACK_DEPTH, default 32; 0: no stacks)
  --enable-event PATTERN
                        also record the userspace events PATTERN matches
                        (lttng enable-event -u PATTERN); repeatable
  --scope-begin EVENT   report per instance of a scope that event EVENT begins
  --scope-end EVENT     and event EVENT ends, on the same thread (both needed;
                        enable both events with --enable-event)
  --scope-key FIELD     pair begin and end events by their payload field FIELD
  --top N               show the most N rows and stacks of each table
  --min-share P         hide groups under P percent of their table's total
  --report-output FILE  write the report to FILE instead of standard error
                        ('-': standard output)
  --live                report while PROGRAM runs, through a live session and
                        lttng-relayd (one is started on loopback if none answers)
  --update-interval D   with --live, print updated estimates every D (such as
                        500ms or 2s; default 2s), then the final report
  --live-ports C:D:L    the relayd's control, data and live ports on 127.0.0.1
                        (default 5342:5343:5344)
  --no-report           record only
  --flight-recorder SIZE
                        keep the last SIZE of events in memory (such as 512K,
                        4M or 1G, all CPUs together) and write snapshots of
                        them: at the end, at each new high-water mark of the
                        live heap, and on SIGUSR1; the report is of the end's
  --keep-snapshots N    with --flight-recorder, keep the last N snapshots
                        (default 3)
  -p, --pid PID         attach to the running process PID instead (through
                        gdb), record until Ctrl-C or its exit, then detach
  --duration D          with -p, record for D (such as 10s or 500ms)
  -h, --help            show this help
  --version             show the version

Children that PROGRAM forks or executes are traced too; with -p, the process
alone, from the attach on.  See allocsample-record(1).
USAGE
}

rate= output= keep=no format=text window= confidence= group_by= sites=no report=yes leaks=no temporary_view=no temporary_within= peak=no sizes=no
stack_depth=
report_output= live=no update_interval= live_ports=5342:5343:5344
events= scope_begin= scope_end= scope_key= top= min_share= at=
attach_pid= duration= duration_ms=
flight_size= flight_bytes= keep_snapshots=

# need OPTION WHAT COUNT VALUE: OPTION has its value VALUE, the next
# argument (COUNT: the arguments left, OPTION's own included) or the text
# after its '=' (COUNT 2), and it is not empty: `--rate ''` or `--rate=`
# would otherwise read as no --rate at all, and run with the default.
# Else one line: "OPTION needs WHAT".
need() {
	[ "$3" -ge 2 ] || die "$1 needs $2"
	[ -n "$4" ] || die "$1 needs $2, not an empty one"
}

# dir_value OPTION VALUE: a directory or file name, not the next option
# (`-o -- prog` forgot the directory).
dir_value() {
	case $2 in
	'') die "$1 needs a name" ;;
	-) [ "$1" = --report-output ] || die "$1 needs a directory, not '-'" ;;
	-*) die "$1 needs a name, not '$2' (write ./$2 for a file of that name)" ;;
	esac
}

# options_parse ARGS...: the options, up to `--` or the first argument
# that is not one (the program); how many arguments they took in
# options_used.  --help and --version exit here.
options_parse() {
	options_used=$#
	while [ $# -gt 0 ]; do
		case $1 in
		--rate) need --rate 'a value' $# "${2-}"; rate=$2; shift 2 ;;
		--rate=*) need --rate 'a value' 2 "${1#*=}"; rate=${1#*=}; shift ;;
		-o|--output) need "$1" 'a directory' $# "${2-}"; dir_value "$1" "$2"; output=$2; shift 2 ;;
		--output=*) output=${1#*=}; dir_value --output "$output"; shift ;;
		--keep) keep=yes; shift ;;
		--format) need --format 'a value' $# "${2-}"; format=$2; shift 2 ;;
		--format=*) need --format 'a value' 2 "${1#*=}"; format=${1#*=}; shift ;;
		--window) need --window 'a value' $# "${2-}"; window=$2; shift 2 ;;
		--window=*) need --window 'a value' 2 "${1#*=}"; window=${1#*=}; shift ;;
		--confidence) need --confidence 'a value' $# "${2-}"; confidence=$2; shift 2 ;;
		--confidence=*) need --confidence 'a value' 2 "${1#*=}"; confidence=${1#*=}; shift ;;
		--group-by) need --group-by 'a value' $# "${2-}"; group_by=$2; shift 2 ;;
		--group-by=*) need --group-by 'a value' 2 "${1#*=}"; group_by=${1#*=}; shift ;;
		--sites) sites=yes; shift ;;
		--leaks) leaks=yes; shift ;;
		--temporary) temporary_view=yes; shift ;;
		--temporary=*) need --temporary 'a duration' 2 "${1#*=}"; temporary_view=yes; temporary_within=${1#*=}; shift ;;
		--peak) peak=yes; shift ;;
		--at) [ $# -ge 2 ] || die "--at needs a value"; at=$2; shift 2 ;;
		--at=*) at=${1#*=}; shift ;;
		--sizes) sizes=yes; shift ;;
		--stack-depth) need --stack-depth 'a value' $# "${2-}"; stack_depth=$2; shift 2 ;;
		--stack-depth=*) need --stack-depth 'a value' 2 "${1#*=}"; stack_depth=${1#*=}; shift ;;
		--enable-event) need --enable-event 'a pattern' $# "${2-}"; events="$events$2$nl"; shift 2 ;;
		--enable-event=*) need --enable-event 'a pattern' 2 "${1#*=}"; events="$events${1#*=}$nl"; shift ;;
		--scope-begin) need --scope-begin 'an event name' $# "${2-}"; scope_begin=$2; shift 2 ;;
		--scope-begin=*) need --scope-begin 'an event name' 2 "${1#*=}"; scope_begin=${1#*=}; shift ;;
		--scope-end) need --scope-end 'an event name' $# "${2-}"; scope_end=$2; shift 2 ;;
		--scope-end=*) need --scope-end 'an event name' 2 "${1#*=}"; scope_end=${1#*=}; shift ;;
		--scope-key) need --scope-key 'a field name' $# "${2-}"; scope_key=$2; shift 2 ;;
		--scope-key=*) need --scope-key 'a field name' 2 "${1#*=}"; scope_key=${1#*=}; shift ;;
		--top) need --top 'a number' $# "${2-}"; top=$2; shift 2 ;;
		--top=*) need --top 'a number' 2 "${1#*=}"; top=${1#*=}; shift ;;
		--min-share) need --min-share 'a percentage' $# "${2-}"; min_share=$2; shift 2 ;;
		--min-share=*) need --min-share 'a percentage' 2 "${1#*=}"; min_share=${1#*=}; shift ;;
		--report-output) [ $# -ge 2 ] || die "--report-output needs a file"
			dir_value "$1" "$2"; report_output=$2; shift 2 ;;
		--report-output=*) report_output=${1#*=}; dir_value --report-output "$report_output"; shift ;;
		--no-report) report=no; shift ;;
		--flight-recorder) need --flight-recorder 'a size' $# "${2-}"; flight_size=$2; shift 2 ;;
		--flight-recorder=*) need --flight-recorder 'a size' 2 "${1#*=}"; flight_size=${1#*=}; shift ;;
		--keep-snapshots) need --keep-snapshots 'a number' $# "${2-}"; keep_snapshots=$2; shift 2 ;;
		--keep-snapshots=*) need --keep-snapshots 'a number' 2 "${1#*=}"; keep_snapshots=${1#*=}; shift ;;
		-p|--pid) need "$1" 'a process id' $# "${2-}"; attach_pid=$2; shift 2 ;;
		--pid=*) need --pid 'a process id' 2 "${1#*=}"; attach_pid=${1#*=}; shift ;;
		--duration) need --duration 'a value' $# "${2-}"; duration=$2; shift 2 ;;
		--duration=*) need --duration 'a value' 2 "${1#*=}"; duration=${1#*=}; shift ;;
		--live) live=yes; shift ;;
		--update-interval) need --update-interval 'a duration' $# "${2-}"; update_interval=$2; shift 2 ;;
		--update-interval=*) need --update-interval 'a duration' 2 "${1#*=}"; update_interval=${1#*=}; shift ;;
		--live-ports) need --live-ports 'CTRL:DATA:LIVE' $# "${2-}"; live_ports=$2; shift 2 ;;
		--live-ports=*) need --live-ports 'CTRL:DATA:LIVE' 2 "${1#*=}"; live_ports=${1#*=}; shift ;;
		-h|--help) usage; exit 0 ;;
		--version) printf '%s %s\n' "$me" "$version"; exit 0 ;;
		--) shift; break ;;
		-*) die "unknown option '$1' (see --help)" ;;
		*) break ;;
		esac
	done
	options_used=$((options_used - $#))
}

# options_check: what is the command's own in the options, checked before
# anything starts: a bad one costs no run.  The report's parameters are the
# component's to judge (report_check_params): the format, the groups, the
# durations, the confidence, the scopes and how they combine are never
# checked here, only turned into its parameter map (options_params).
options_check() {
	if [ -n "$rate" ]; then
		case $rate in *[!0-9]*) die "--rate must be an integer number of bytes from 1 to 2^48, not '$rate'" ;; esac
		digits=$(printf '%s' "$rate" | sed 's/^0*//')
		[ -n "$digits" ] && [ ${#digits} -le 15 ] && [ "$digits" -le "$max_rate" ] ||
			die "--rate must be an integer number of bytes from 1 to 2^48 ($max_rate), not '$rate'"
		rate=$digits
	fi
	if [ -n "$stack_depth" ]; then
		case $stack_depth in ''|*[!0-9]*) die "--stack-depth must be an integer from 0 to $max_stack_depth, not '$stack_depth'" ;; esac
		digits=$(printf '%s' "$stack_depth" | sed 's/^0*//')
		[ ${#digits} -le 3 ] && [ "${digits:-0}" -le "$max_stack_depth" ] ||
			die "--stack-depth must be an integer from 0 to $max_stack_depth, not '$stack_depth'"
		stack_depth=${digits:-0}
	fi
	# The leaks, temporary and peak views choose the groups: stacks name
	# where the blocks live at the end, freed soon after their allocation or
	# live at the peak were allocated; without stacks, threads and types
	# are what is left.
	# --at is the leaks view at an instant, unless --group-by chooses the
	# groups; the temporary and peak views are of the whole run.
	if [ -n "$at" ]; then
		[ "$temporary_view" = no ] && [ "$peak" = no ] ||
			die "--at gives the bytes live at one instant: it cannot go with --temporary or --peak"
		[ -n "$group_by" ] || [ "$sites" = yes ] || leaks=yes
	fi
	view=
	[ "$leaks" = no ] || view="$view --leaks"
	[ "$temporary_view" = no ] || view="$view --temporary"
	[ "$peak" = no ] || view="$view --peak"
	if [ -n "$view" ]; then
		case $view in
		*" --"*" --"*) die "${view# } are views of their own (live bytes at the end, temporary bytes, bytes at the peak): choose one" ;;
		esac
		case $view in
		" --leaks") view="--leaks chooses the groups (stacks, sorted by live bytes)" ;;
		" --temporary") view="--temporary chooses the groups (stacks, sorted by temporary bytes)" ;;
		*) view="--peak chooses the groups (stacks, sorted by bytes at the peak)" ;;
		esac
		[ -z "$group_by" ] && [ "$sites" = no ] ||
			die "$view: it cannot go with --group-by or --sites"
		if [ "$stack_depth" = 0 ]; then group_by=thread,type; else group_by=stack; fi
	fi
	# folded and pprof are made of stacks (the component groups them by stack
	# whatever else group-by says).
	case $format in
	folded|pprof) groups=${group_by:-stack} ;;
	*) groups=${group_by:-thread,type} ;;
	esac
	[ "$sites" = yes ] && case ,$groups, in *,site,*) ;; *) groups=$groups,site ;; esac
	# Sites, like stacks, come from the stacks the shim records: with none,
	# the report could name neither.
	if [ "$stack_depth" = 0 ]; then
		case $format in
		folded|pprof) die "--format $format needs stacks: it cannot go with --stack-depth 0" ;;
		esac
		case ,$groups, in
		*,stack,*) die "--group-by stack needs stacks: it cannot go with --stack-depth 0" ;;
		*,site,*) die "sites are read from the stacks: --group-by site or --sites cannot go with --stack-depth 0 (a few frames, such as --stack-depth 8, name them)" ;;
		esac
	fi
	if [ "$live" = yes ]; then
		[ "$report" = yes ] || die "--live reports while the program runs: it cannot go with --no-report"
		update_interval=${update_interval:-2s}
		ctrl_port=${live_ports%%:*}
		live_port=${live_ports##*:}
		data_port=${live_ports#*:}
		data_port=${data_port%:*}
		case $ctrl_port:$data_port:$live_port in
		"$live_ports") ;;
		*) die "--live-ports must be three port numbers CTRL:DATA:LIVE, not '$live_ports'" ;;
		esac
		for port in "$ctrl_port" "$data_port" "$live_port"; do
			case $port in ''|*[!0-9]*) die "--live-ports must be three port numbers CTRL:DATA:LIVE, not '$live_ports'" ;; esac
			[ ${#port} -le 5 ] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] ||
				die "--live-ports must be three port numbers from 1 to 65535, not '$live_ports'"
		done
		command -v setsid >/dev/null 2>&1 || die "setsid not found: install util-linux"
	elif [ -n "$update_interval" ]; then
		die "--update-interval needs --live"
	fi
	if [ -n "$attach_pid" ]; then
		# The process samples at the rate and depth it has (its own
		# ALLOCSAMPLE_RATE and ALLOCSAMPLE_STACK_DEPTH, else the defaults).
		[ -z "$rate" ] || die "--rate cannot go with -p: an attached process samples at its own rate (ALLOCSAMPLE_RATE in its environment, else 102400)"
		[ -z "$stack_depth" ] || die "--stack-depth cannot go with -p: an attached process records its own depth (ALLOCSAMPLE_STACK_DEPTH in its environment, else 32)"
		[ "$live" = no ] || die "--live cannot go with -p"
	fi
	if [ -n "$duration" ]; then
		[ -n "$attach_pid" ] || die "--duration needs -p (a program's run lasts as long as the program)"
		case $duration in
		*ms) number=${duration%ms} scale=1 ;;
		*s) number=${duration%s} scale=1000 ;;
		*m) number=${duration%m} scale=60000 ;;
		*) number=$duration scale=1000 ;;
		esac
		case $number in ''|*[!0-9]*) die "--duration must be a whole number of ms, s or m (such as 10s), not '$duration'" ;; esac
		[ ${#number} -le 9 ] || die "--duration '$duration' is too long"
		duration_ms=$((number * scale))
	fi
	flight_check
	if [ -n "$output" ]; then
		[ ! -e "$output" ] || [ -d "$output" ] || die "output directory '$output' exists and is not a directory"
		[ ! -d "$output" ] || [ -z "$(ls -A -- "$output" 2>/dev/null)" ] ||
			die "output directory '$output' exists and is not empty"
	fi
}

# The values of babeltrace2's parameter string, from an option's text.
# Each gives the text the type its parameter takes when it reads as one,
# else a string, which the component refuses with its own words (a string
# where a number goes): whatever the text, the map stays well formed, and
# the component alone says what a value may be.

# param_string TEXT: TEXT as a string, quotes and backslashes escaped.
param_string() {
	printf '"%s"' "$(printf '%s' "$1" | sed 's/[\\"]/\\&/g')"
}

# decimal TEXT: TEXT's decimal digits without leading zeros (babeltrace2
# reads 010 as octal), when it has only digits and no more than 18 of them
# (a larger integer, babeltrace2 itself would refuse); else nothing.
decimal() {
	case $1 in
	''|*[!0-9]*) return ;;
	esac
	digits=$(printf '%s' "$1" | sed 's/^0*//')
	[ ${#digits} -gt 18 ] || printf '%s' "${digits:-0}"
}

# param_unsigned TEXT: decimal digits as an unsigned integer (`+N`), else
# the string.
param_unsigned() {
	if [ -n "$(decimal "$1")" ]; then
		printf '+%s' "$(decimal "$1")"
	else
		param_string "$1"
	fi
}

# param_duration TEXT: decimal digits as an integer (nanoseconds), else the
# string, which holds its unit (`500ms`).
param_duration() {
	if [ -n "$(decimal "$1")" ]; then
		decimal "$1"
	else
		param_string "$1"
	fi
}

# param_real TEXT: a decimal number (`0.95`, `.5`, `5`) as a real,
# written as babeltrace2 reads one (`0.5`, `5.0`), else a string.
param_real() {
	case $1 in
	''|.|*[!0-9.]*|*.*.*) param_string "$1"; return ;;
	esac
	case $1 in
	*.*) real=$1 ;;
	*) real=$1.0 ;;
	esac
	printf '%s' "$real" | sed 's/^0*\([0-9]\)/\1/; s/^\./0./; s/\.$/.0/'
}

# options_params PROFILE INTERVAL: the component's parameter map from the
# options, with path PROFILE and update-interval INTERVAL when they are
# not empty.
options_params() {
	map="format=$(param_string "$format")"
	[ -z "$confidence" ] || map="$map,confidence=$(param_real "$confidence")"
	[ -z "$window" ] || map="$map,window=$(param_duration "$window")"
	# One name a comma: `thread,,type` gives an empty name, refused.
	names=
	old_ifs=$IFS
	IFS=,
	set -f
	for name in $groups; do
		names="$names${names:+,}$(param_string "$name")"
	done
	set +f
	IFS=$old_ifs
	case $groups in *,) names="$names,\"\"" ;; esac
	map="$map,group-by=[$names]"
	[ "$leaks" = no ] || map="$map,sort=\"live\""
	[ "$temporary_view" = no ] || map="$map,sort=\"temporary\""
	[ -z "$temporary_within" ] || map="$map,temporary=$(param_string "$temporary_within")"
	[ "$peak" = no ] || map="$map,sort=\"peak\""
	[ -z "$at" ] || map="$map,at=$(param_duration "$at")"
	[ -z "$at" ] || [ "$leaks" = yes ] || map="$map,sort=\"live\""
	[ "$sizes" = no ] || map="$map,sizes=true"
	[ -z "$scope_begin" ] || map="$map,scope-begin=$(param_string "$scope_begin")"
	[ -z "$scope_end" ] || map="$map,scope-end=$(param_string "$scope_end")"
	[ -z "$scope_key" ] || map="$map,scope-key=$(param_string "$scope_key")"
	[ -z "$top" ] || map="$map,top=$(param_unsigned "$top")"
	[ -z "$min_share" ] || map="$map,min-share=$(param_real "$min_share")"
	[ -z "$1" ] || map="$map,path=$(param_string "$1")"
	# A duration with its unit: a bare number would be nanoseconds, which
	# `--update-interval 500` never means.
	[ -z "$2" ] || map="$map,update-interval=$(param_string "$2")"
	printf '%s\n' "$map"
}
