#!/bin/sh
# pprof.sh - format=pprof on a real trace of stacks-workload (four
# processes, as in folded.sh), read back by `go tool pprof`: a gzip file;
# -raw's samples add up to the JSON report's stack groups (bytes, objects
# and live bytes, each value rounded on its own, so to half a unit per
# value; the additive statistics exactly: samples and unsampled bytes,
# each sample one thread);
# the workload's functions, its inlined call as two lines of one
# location, its thread's name and id, type, process and pid, rate and
# stream as labels,
# [truncated] and [no stack] locations, the binary's build id (readelf's)
# on its mapping, the period and the comments; -top, -traces, -list and
# -http work.  format=pprof without `path` is refused with a clear error
# (params.sh has the other refusals).
#
# Needs go and curl.
set -eu
. "$AS_SRCDIR/tests/report/lib.sh"
require go curl
harness_enter "$@"
harness_start_sessiond

trace="$HARNESS_DIR/stacks"
profile="$HARNESS_DIR/alloc.pb.gz"
json="$HARNESS_DIR/report.json"
raw="$HARNESS_DIR/raw.txt"

# go_pprof ARG...: go tool pprof with a scratch HOME, where go and pprof
# keep their files.
go_pprof() {
	HOME="$HARNESS_DIR/home-go" go tool pprof "$@"
}

harness_trace stacks --stacks -- stacks_workload more
report_fact worker "$HARNESS_DIR/stacks.out" worker
report_fact pid "$HARNESS_DIR/stacks.out" pid

report_run "$trace" -p "format=\"pprof\",path=\"$profile\"" >"$HARNESS_DIR/stdout" \
	2>"$HARNESS_DIR/stderr" || harness_fail "the pprof report failed: $(cat "$HARNESS_DIR/stderr")"
report_run "$trace" -p 'format="json",group-by="stack"' >"$json" 2>"$HARNESS_DIR/stderr" ||
	harness_fail "the JSON report failed: $(cat "$HARNESS_DIR/stderr")"
check "the profile is in the file, gzip-compressed; nothing on the standard output" \
	sh -c "gzip -t '$profile' && [ ! -s '$HARNESS_DIR/stdout' ]"

go_pprof -raw "$profile" >"$raw" 2>"$HARNESS_DIR/pprof.stderr" ||
	harness_fail "go tool pprof -raw cannot read the profile: $(cat "$HARNESS_DIR/pprof.stderr")"

# -raw: "Samples:", a header, then per sample "OBJECTS BYTES LIVE_OBJECTS
# LIVE_BYTES SAMPLES UNSAMPLED THREADS OBJECTS_VARIANCE INCOMPLETE:
# LOCATION..." and its label lines, until "Locations".
awk '/^Samples:/ { on = 1; next } /^Locations/ { on = 0 }
     on && /^ *[0-9]+( +[0-9]+){8}: / { n++; o += $1; b += $2; lo += $3; lb += $4; s += $5; u += $6; t += $7 }
     END { printf "%d %d %d %d %d %d %d %d\n", n, o, b, lo, lb, s, u, t }' "$raw" >"$HARNESS_DIR/sums"
read -r cells objects bytes live_objects live_bytes samples unsampled threads <"$HARNESS_DIR/sums"
jq -r '[.groups[] | select(.kind == "stack")] |
	"\(length) \(map(.estimate) | add) \(map(.objects) | add) \(map(.live_estimate // 0) | add) \(map(.samples) | add) \(map(.accumulators[].unsampled) | add)"' \
	"$json" >"$HARNESS_DIR/json-sums"
read -r groups json_bytes json_objects json_live json_samples json_unsampled <"$HARNESS_DIR/json-sums"
json_total=$(jq '.total.estimate' "$json")
printf '      %s samples in the profile (thread x type x stack), %s stack groups in the JSON\n' \
	"$cells" "$groups"

# within TOLERANCE A B N: |A - B| <= N / 2.
within() {
	awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= n / 2) }'
}
check "alloc_space adds up to the JSON's stack groups: $bytes and $json_bytes bytes (to $cells + $groups half bytes)" \
	within "$bytes" "$json_bytes" $((cells + groups))
check "and to the JSON's total: $bytes and $json_total bytes" \
	within "$bytes" "$json_total" $((cells + 1))
check "alloc_objects adds up to the JSON's stack groups' objects: $objects and $json_objects" \
	within "$objects" "$json_objects" $((cells + groups))
check "inuse_space adds up to the JSON's stack groups' live bytes: $live_bytes and $json_live bytes" \
	within "$live_bytes" "$json_live" $((cells + groups))
check "allocsample_samples adds up to the JSON's stack groups' samples exactly: $samples and $json_samples" \
	[ "$samples" -eq "$json_samples" ]
check "allocsample_unsampled adds up to their accumulators' unsampled bytes exactly: $unsampled and $json_unsampled" \
	[ "$unsampled" -eq "$json_unsampled" ]
check "allocsample_threads is 1 a sample: $threads for $cells samples" [ "$threads" -eq "$cells" ]
check "some bytes are live at the end (the workload keeps blocks), fewer than allocated" \
	sh -c "[ '$live_bytes' -gt 0 ] && [ '$live_bytes' -lt '$bytes' ] && [ '$live_objects' -gt 0 ]"
check "every sample has its nine values: allocated objects and bytes (the default), live ones, then the additive statistics" \
	grep -q '^alloc_objects/count alloc_space/bytes\[dflt\] inuse_objects/count inuse_space/bytes allocsample_samples/count allocsample_unsampled/bytes allocsample_threads/count allocsample_objects_variance/count allocsample_incomplete/count$' "$raw"
check "the period is the rate, in bytes of space" \
	sh -c "grep -q '^PeriodType: space bytes\$' '$raw' && grep -q '^Period: 4096\$' '$raw'"
check "the comments give the total with its interval" \
	grep -Eq '^Comment: total [0-9.]+ [KMG]?i?B \[[0-9.]+ [KMG]?i?B, [0-9.]+ [KMG]?i?B\] 95%, [0-9]+ samples' "$raw"
check "the comments give the objects' estimate and lower end, and no upper end (rate 4096)" \
	grep -Eq '^Comment: objects ≈ [0-9]+, at least [0-9]+ \(lower end at 95%\)$' "$raw"

# At the peak (sort=peak): inuse_* are what each stack held at its
# process's peak, as the JSON's peak_live figures say, and a comment says
# when each peak was.
peak_profile="$HARNESS_DIR/peak.pb.gz"
report_run "$trace" -p "format=\"pprof\",sort=\"peak\",path=\"$peak_profile\"" >/dev/null \
	2>"$HARNESS_DIR/stderr" || harness_fail "the pprof report at the peak failed: $(cat "$HARNESS_DIR/stderr")"
go_pprof -raw "$peak_profile" >"$HARNESS_DIR/peak.raw" 2>"$HARNESS_DIR/pprof.stderr" ||
	harness_fail "go tool pprof -raw cannot read the peak's profile: $(cat "$HARNESS_DIR/pprof.stderr")"
peak_bytes=$(awk '/^Samples:/ { on = 1; next } /^Locations/ { on = 0 }
	on && /^ *[0-9]+( +[0-9]+){8}: / { b += $4 } END { print b + 0 }' "$HARNESS_DIR/peak.raw")
json_peak=$(jq '[.groups[] | select(.kind == "stack") | .peak_live_estimate // 0] | add' "$json")
check "sort=peak: inuse_space adds up to the stack groups' bytes at the peak: $peak_bytes and $json_peak" \
	within "$peak_bytes" "$json_peak" $((cells + groups))
check "sort=peak: the peak's bytes differ from those live at the end ($peak_bytes, $live_bytes)" \
	[ "$peak_bytes" -ne "$live_bytes" ]
check "sort=peak: a comment says inuse_* are at each process's peak" \
	grep -q "^Comment: inuse_\* at pid [0-9]*'s peak of live bytes" "$HARNESS_DIR/peak.raw"

for f in main stacks_alpha stacks_outer stacks_inlined stacks_gamma stacks_beta stacks_rare stacks_worker; do
	check "function $f is in a location, with its file" \
		grep -Eq "^( +[0-9]+: 0x[0-9a-f]+ M=[0-9]+)? +$f .*stacks-workload\\.c:[0-9]+ " "$raw"
done
check "the inlined call is two lines of one location: stacks_inlined, then stacks_outer" \
	awk '/^ +[0-9]+: 0x/ { prev = $4; next } prev == "stacks_inlined" && $1 == "stacks_outer" { found = 1 }
	     { prev = "" } END { exit !found }' "$raw"
check "the worker's samples are labelled with its name and tid ($worker)" \
	sh -c "grep -q 'thread:\\[stacks-worker\\]' '$raw' && grep -q 'tid:\\[$worker\\]' '$raw'"
check "samples are labelled with their type" grep -q 'type:\[malloc\]' "$raw"
check "and with their rate, a string (Pyroscope keeps string labels apart), and their thread's stream, a number" \
	sh -c "grep -q 'rate:\\[4096\\]' '$raw' && grep -Eq 'stream:\\[[0-9]+\\]' '$raw'"
check "and with their process and pid ($pid)" \
	sh -c "grep -q 'process:\\[stacks-workload\\]' '$raw' && grep -q 'pid:\\[$pid\\]' '$raw'"
check "truncated stacks end in a location [truncated], empty ones are [no stack], outside any mapping" \
	sh -c "grep -Eq '^ +[0-9]+: 0x0 \\[truncated\\] ' '$raw' && grep -Eq '^ +[0-9]+: 0x0 \\[no stack\\] ' '$raw'"
build_id=$(readelf -n "$(readlink -f "$REPORT_BIN/stacks-workload")" | sed -n 's/.*Build ID: *//p')
[ -n "$build_id" ] || harness_fail "readelf finds no build id in stacks-workload"
check "the workload's mapping has its path and build id $build_id" \
	grep -Eq "^[0-9]+: 0x[0-9a-f]+/0x[0-9a-f]+/0x[0-9a-f]+ .*stacks-workload $build_id" "$raw"

go_pprof -top "$profile" >"$HARNESS_DIR/top.txt" 2>&1 || true
check "-top lists stacks_alpha, the type alloc_space" \
	sh -c "grep -q 'stacks_alpha' '$HARNESS_DIR/top.txt' && grep -q '^Type: alloc_space' '$HARNESS_DIR/top.txt'"
go_pprof -traces "$profile" >"$HARNESS_DIR/traces.txt" 2>&1 || true
check "-traces shows the worker's stack under its thread's name" \
	sh -c "grep -q 'thread:  *stacks-worker' '$HARNESS_DIR/traces.txt' && grep -q 'stacks_gamma' '$HARNESS_DIR/traces.txt'"
# The files are DWARF's, relative to where the workload was compiled.
go_pprof -source_path "$AS_BUILDDIR" -list 'stacks_alpha' "$profile" >"$HARNESS_DIR/list.txt" 2>&1 || true
check "-list stacks_alpha shows its source line" \
	grep -q 'kept\[0\]\[i\] = malloc(BLOCK);' "$HARNESS_DIR/list.txt"

# -http: the web interface on a port of the loopback that the system picks
# (port 0), read from /proc once the server listens, so that no other test
# can take it in between.  `go tool` would run pprof as its child: the tool
# is started itself, so that the pid read and stopped is the server's.

# listening_port PID: the TCP port PID listens on, from its sockets'
# inodes and the kernel's table of IPv4 sockets (/proc/net/tcp, state 0A:
# listening); nothing while it listens on none.
listening_port() {
	ls -l "/proc/$1/fd" 2>/dev/null | sed -n 's/.*socket:\[\([0-9]*\)\]$/\1/p' >"$HARNESS_DIR/http.inodes"
	port_hex=$(awk 'FNR == NR { inode[$1] = 1; next }
		$4 == "0A" && ($10 in inode) { split($2, a, ":"); print a[2]; exit }' "$HARNESS_DIR/http.inodes" /proc/net/tcp)
	[ -z "$port_hex" ] || echo $((0x$port_hex))
}

HOME="$HARNESS_DIR/home-go" "$(go env GOTOOLDIR)/pprof" -http=127.0.0.1:0 -no_browser "$profile" \
	>"$HARNESS_DIR/http.log" 2>&1 &
http_pid=$!
# Until the server answers: a guard of two minutes against a server that
# never does, not a bound on how long it may take.
port=
for _ in $(seq 600); do
	port=$(listening_port "$http_pid")
	if [ -n "$port" ] && curl -sf -o "$HARNESS_DIR/flamegraph.html" "http://127.0.0.1:$port/ui/flamegraph"; then
		break
	fi
	kill -0 "$http_pid" 2>/dev/null || break
	sleep 0.2
done
curl -sf -o "$HARNESS_DIR/top.html" "http://127.0.0.1:${port:-0}/ui/top" || true
kill "$http_pid" 2>/dev/null || true
wait "$http_pid" 2>/dev/null || true
check "-http on port ${port:-none} serves the flame graph and the top table with stacks_alpha" \
	sh -c "[ -s '$HARNESS_DIR/flamegraph.html' ] && grep -q stacks_alpha '$HARNESS_DIR/top.html'"

report_refused "format=pprof without path" "$trace" 'format="pprof"' \
	'Parameter `path` is missing: format `pprof` writes a binary profile to a file'
finish
