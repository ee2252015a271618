#!/bin/sh
# hosts.sh - many hosts: two hosts, alpha and beta, each a UTS namespace of
# its own (so that lttng-sessiond records its hostname in the trace
# environment) and a pid namespace of its own (so that both workloads have
# the same pid and thread ids: only the host tells their groups apart),
# record typed-workload runs of known totals, both at once.  One report over both trace
# directories must give each host's processes and threads, each holding its
# truth, and a fleet total holding the sum with T = every thread of every
# host; the text report must group by host.  Then both hosts stream the
# same runs to one lttng-relayd on loopback, and the report over the
# relayd's output directory must give the same groups and figures.
#
# ALLOCSAMPLE_SEED makes every run draw the same samples (the workload's
# threads run one after the other), so the relayd's figures equal the
# directories'.  At confidence 0.999, the 8 intervals checked miss by
# chance with probability below 1% together.
set -eu
. "$AS_SRCDIR/tests/lib/lttng-harness.sh"
. "$AS_SRCDIR/tests/lib/relayd.sh"

# hosts.sh record HOST DESTINATION ROUNDS THREADS FACTS: run inside the
# host's namespaces, with a daemon of its own: records one typed-workload
# run to DESTINATION (a directory, or a relayd URL net://...) and copies
# the workload's facts to FACTS.
if [ "${1:-}" = record ]; then
	host=$2 destination=$3 rounds=$4 threads=$5 facts=$6
	hostname "$host"
	harness_enter
	harness_start_sessiond
	case $destination in
	net://*) where=--url ;;
	*) where=--output ;;
	esac
	harness_trace "$host" "$where" "$destination" --contexts vpid,vtid,procname -- \
		env ALLOCSAMPLE_SEED=7 ALLOCSAMPLE_RATE=4096 "$AS_BUILDDIR/tests/report/typed-workload" \
		"$rounds" "$threads"
	cp "$HARNESS_DIR/$host.out" "$facts"
	exit 0
fi

# Hosts are UTS and pid namespaces, which need root (CI runs as root).
[ "$(id -u)" -eq 0 ] || { echo "FAIL: hosts.sh needs root: each host is a UTS and pid namespace" >&2; exit 1; }
HARNESS_NETWORK=private
harness_enter "$@"

# record_hosts ALPHA_DESTINATION BETA_DESTINATION: the two hosts record at
# once, alpha 200 rounds of 3 threads, beta 150 of 2; the facts in
# $HARNESS_DIR/HOST.facts.
record_hosts() {
	timeout 600 unshare --mount --uts --pid --fork --mount-proc --propagation private \
		/bin/sh "$0" record alpha "$1" 200 3 "$HARNESS_DIR/alpha.facts" &
	alpha=$!
	timeout 600 unshare --mount --uts --pid --fork --mount-proc --propagation private \
		/bin/sh "$0" record beta "$2" 150 2 "$HARNESS_DIR/beta.facts" &
	beta=$!
	wait "$alpha" || harness_fail "recording on host alpha failed"
	wait "$beta" || harness_fail "recording on host beta failed"
}

# fact HOST KEY: the workload's fact line KEY (pid, total) on HOST.
fact() {
	harness_fact "$HARNESS_DIR/$1.facts" "$2" 2
}

record_hosts "$HARNESS_DIR/alpha" "$HARNESS_DIR/beta"
json="$HARNESS_DIR/report.json"
babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$HARNESS_DIR/alpha" "$HARNESS_DIR/beta" \
	-c sink.allocsample.report -p 'confidence=0.999,format="json",group-by="thread"' \
	>"$json" 2>"$HARNESS_DIR/stderr" || harness_fail "the report failed: $(cat "$HARNESS_DIR/stderr")"
jq -e . "$json" >/dev/null || harness_fail "the report is not JSON: $(head -c 300 "$json")"

hosts=$(jq -c '[.groups[] | select(.kind == "process") | .host]' "$json")
check "one process group per host ($hosts)" [ "$hosts" = '["alpha","beta"]' ]
check "both workloads have pid $(fact alpha pid) in their namespaces ($(fact beta pid))" \
	[ "$(fact alpha pid)" = "$(fact beta pid)" ]

fleet=0
for host in alpha beta; do
	pid=$(fact "$host" pid)
	threads=$(awk '$1 == "thread" { print $2 ":" $3 }' "$HARNESS_DIR/$host.facts")
	[ -n "$threads" ] || harness_fail "$host: the workload's facts name no thread"
	for thread in $threads; do
		check_truth "$host: thread ${thread%:*}" "$json" \
			".kind == \"thread\" and .host == \"$host\" and .pid == $pid and .tid == ${thread%:*}" "${thread#*:}"
	done
	groups=$(jq "[.groups[] | select(.kind == \"thread\" and .host == \"$host\")] | length" "$json")
	expected=$(echo "$threads" | wc -l)
	check "$host: $groups thread groups, as many as its threads ($expected)" \
		[ "$groups" -eq "$expected" ]
	# One process per host: its group is the host's total.
	check_truth "$host: host total (its process)" "$json" \
		".kind == \"process\" and .host == \"$host\" and .threads == $expected" "$(fact "$host" total)"
	fleet=$(( fleet + $(fact "$host" total) ))
done
check_truth "fleet total" "$json" '.kind == "total"' "$fleet"
check "the fleet total counts every thread of every host ($(jq .total.threads "$json"))" \
	[ "$(jq .total.threads "$json")" -eq 5 ]
samples=$(jq '[.groups[] | select(.kind == "process") | .samples] | add' "$json")
check "the fleet total has every host's samples ($(jq .total.samples "$json") = $samples)" \
	[ "$(jq .total.samples "$json")" -eq "$samples" ]

# Text: a HOST column, each host's rows together, alpha's before beta's.
text="$HARNESS_DIR/report.txt"
babeltrace2 --plugin-path="$REPORT_PLUGIN_PATH" "$HARNESS_DIR/beta" "$HARNESS_DIR/alpha" \
	-c sink.allocsample.report -p 'group-by="thread"' >"$text" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the text report failed: $(cat "$HARNESS_DIR/stderr")"
# The host of each row of the process and thread sections, in order.
order=$(awk '/^By / { section = $2; next } /^$/ { section = "" }
	section != "" && $1 != "HOST" { printf "%s%s", sep, $1; sep = " " }' "$text")
check "text: rows by host, then process, then thread ($order)" \
	[ "$order" = "alpha beta alpha alpha alpha beta beta" ]
check "text: the HOST column" grep -q '^  HOST  *PROCESS  *PID  *TID ' "$text"
check "text: the total counts 2 processes and 5 threads" \
	grep -q '^  Total  *2  *5 ' "$text"

# The same runs through one relayd on loopback.
relayd_start "$HARNESS_DIR/relayd"
record_hosts "$(relayd_url)" "$(relayd_url)"
relayd_stop
dirs=$(cd "$HARNESS_DIR/relayd" && ls -d */ | tr -d / | paste -s -d ' ' -)
check "the relayd wrote one directory per host ($dirs)" [ "$dirs" = "alpha beta" ]
relayd_json="$HARNESS_DIR/relayd.json"
report_json "$HARNESS_DIR/relayd" "$relayd_json" -p 'confidence=0.999,group-by="thread"'
# Thread ids may differ between runs (the daemons' threads take some):
# the groups are compared without them and without times.
figures='[.groups[], .total | {kind, host, procname, threads, samples, estimate, lower, upper}] | sort_by(.kind, .host, .samples)'
check "relayd: the same groups and figures as the directories ($(jq '.groups | length' "$relayd_json") groups, total $(jq .total.estimate "$relayd_json"))" \
	[ "$(jq -c "$figures" "$relayd_json")" = "$(jq -c "$figures" "$json")" ]
finish
