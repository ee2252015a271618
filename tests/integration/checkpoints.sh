#!/bin/sh
# checkpoints.sh - the shim's checkpoints (doc/design.md section 2,
# "Checkpoints") against the trace's own account of the live blocks.  At
# ALLOCSAMPLE_RATE=1 every block of the workload is sampled and tracked,
# so the trace's AllocationSampled and SampledFree events say exactly
# which blocks are live at any instant.  The workload churns 500 blocks
# (frees one, allocates one) while passes run every 20 ms, then forks a
# child that frees half of what it inherited.  Each complete pass, in the
# parent and in the child, must hold exactly the blocks live at its Begin,
# less those freed during it, plus possibly those allocated during it,
# each once, each as its AllocationSampled said it (size, offset, rate,
# type, stack, the allocating thread) and each before its SampledFree;
# End counts its Blocks, and Begin the blocks live at some instant
# between the pass before and itself (the thread counts them, then
# emits), within the one operation the workload's single thread may have
# under way then.  No
# statistics: the checks are exact.
set -eu
. "$AS_SRCDIR/tests/integration/lib.sh"
harness_enter "$@"
harness_start_sessiond

harness_ust_fork
out="$HARNESS_DIR/passes.out"
events="$HARNESS_DIR/passes.events"

LD_PRELOAD=$HARNESS_UST_FORK ALLOCSAMPLE_RATE=1 ALLOCSAMPLE_STACK_DEPTH=4 ALLOCSAMPLE_CHECKPOINT_INTERVAL=20 \
	harness_trace passes --buffers 1048576:16 -- harness_preload "$INTEG_WORKLOADS/checkpoints" passes 500
checkpoint_events "$HARNESS_DIR/passes" "$events"
parent=$(harness_fact "$out" parent 2)
child=$(harness_fact "$out" child 2)
[ -n "$parent" ] && [ -n "$child" ] || harness_fail "the workload did not print its pids"
check "the checkpoint thread warned of nothing" [ ! -s "$HARNESS_DIR/passes.err" ]

# One line per problem ("bad ..."), then per process
# "passes VPID COMPLETE BLOCKS INHERITED FREED_DURING ALLOCATED_DURING".
awk -v parent="$parent" -v child="$child" '
	function bad(what) { if (nbad++ < 20) print "bad " what; else nbad_more++ }
	{
		delete f
		for (i = 5; i <= NF; i++) { eq = index($i, "="); v = substr($i, eq + 1); f[substr($i, 1, eq - 1)] = v ~ /^[0-9]+$/ ? v + 0 : v }
		name = $1; p = $2; tid = $3
	}
	# The child begins with the blocks its parent had at the fork: the
	# parent waits for it without allocating or freeing.
	p == child && !(p in seen) {
		for (k in live) {
			split(k, kp, SUBSEP)
			if (kp[1] == parent) { cnt[child]++; live[child, kp[2]] = 1; gen[child, kp[2]] = 1; info[child, kp[2]] = info[k]; owner[child, kp[2]] = owner[k]; inherited[child, kp[2]] = 1 }
		}
	}
	!(p in seen) { lo[p] = hi[p] = cnt[p] + 0 }
	{ seen[p] = 1 }
	# A block is its address and its sample: gen counts the samples at an
	# address (freed and sampled again, a block may be in a pass twice).
	name == "AllocationSampled" && f["free_tracked"] == 1 {
		k = p SUBSEP f["ptr"]
		if (k in live) bad("two live samples at " f["ptr"] " in " p)
		live[k] = 1
		gen[k]++
		if (++cnt[p] > hi[p]) hi[p] = cnt[p]
		info[k] = f["size"] " " f["offset"] " " f["rate"] " " f["type"] " " f["stack"] " " f["stack_truncated"]
		owner[k] = tid
		if (p in pass) { during_alloc[k, gen[k]] = pass[p]; nalloc[p]++ }
		next
	}
	name == "SampledFree" {
		k = p SUBSEP f["ptr"]
		if (!(k in live)) bad("a SampledFree of no live block " f["ptr"] " in " p)
		if (k in live && --cnt[p] < lo[p]) lo[p] = cnt[p]
		delete live[k]
		if (p in pass) { freed[k, gen[k]] = pass[p]; nfreed[p]++ }
		next
	}
	name ~ /^Checkpoint/ && $4 != "as-checkpoint" { bad(name " from a thread named " $4) }
	name == "CheckpointBegin" {
		if (p in pass) bad("Begin of pass " f["pass"] " inside pass " pass[p] " in " p)
		if (f["pass"] != last[p] + 1) bad("pass " f["pass"] " after pass " last[p] " in " p)
		pass[p] = last[p] = f["pass"]
		n = 0
		for (k in live) { split(k, kp, SUBSEP); if (kp[1] == p) { atbegin[k, gen[k]] = f["pass"]; n++ } }
		if (n != cnt[p]) bad("the check counts " cnt[p] " live blocks and holds " n " in " p)
		if (f["blocks"] < lo[p] - 1 || f["blocks"] > hi[p] + 1)
			bad("Begin of pass " f["pass"] " says " f["blocks"] " blocks, " lo[p] " to " hi[p] " were live since the pass before in " p)
		nblocks[p] = 0
		next
	}
	name == "CheckpointBlock" {
		k = p SUBSEP f["ptr"]
		if (!(p in pass) || f["pass"] != pass[p]) { bad("a Block of pass " f["pass"] " outside it in " p); next }
		if (!(k in live)) { bad("a Block of " f["ptr"] ", not live (freed before, or never sampled) in " p); next }
		b = k SUBSEP gen[k]
		if (!(atbegin[b] == pass[p] || during_alloc[b] == pass[p])) bad("a Block of " f["ptr"] ", neither live at Begin nor allocated since, in " p)
		if ((b SUBSEP pass[p]) in inpass) bad("two Blocks of the block at " f["ptr"] " in pass " pass[p] " in " p)
		inpass[b, pass[p]] = 1
		want = info[k]
		got = f["size"] " " f["offset"] " " f["rate"] " " f["type"] " " f["stack"] " " f["stack_truncated"]
		if (got != want) bad("the Block of " f["ptr"] " says " got ", its sample " want)
		if (f["tid"] != owner[k]) bad("the Block of " f["ptr"] " says tid " f["tid"] ", its sample came from " owner[k])
		if (tid == owner[k]) bad("a Block emitted by the thread that allocated it, " tid)
		if (inherited[k]) ninherited[p]++
		nblocks[p]++
		nall[p]++
		next
	}
	name == "CheckpointEnd" {
		if (!(p in pass) || f["pass"] != pass[p]) { bad("an End of pass " f["pass"] " outside it in " p); next }
		if (f["blocks"] != nblocks[p]) bad("End of pass " f["pass"] " says " f["blocks"] " Blocks, the pass has " nblocks[p])
		for (b in atbegin) {
			split(b, kp, SUBSEP)
			if (kp[1] != p || atbegin[b] != pass[p]) continue
			if (!((b SUBSEP pass[p]) in inpass) && freed[b] != pass[p])
				bad("pass " pass[p] " of " p " misses " kp[2] ", live at its Begin and not freed during it")
		}
		complete[p]++
		delete pass[p]
		lo[p] = hi[p] = cnt[p]
		next
	}
	END {
		if (nbad_more) print "bad and " nbad_more " more"
		for (q in seen) printf "passes %s %d %d %d %d %d\n", q, complete[q], nall[q], ninherited[q], nfreed[q], nalloc[q]
	}' "$events" >"$HARNESS_DIR/verdict"

sed -n 's/^bad /      /p' "$HARNESS_DIR/verdict"
check "every pass holds exactly the live blocks, as their samples said them, before their frees ($(grep -c '^bad' "$HARNESS_DIR/verdict" || true) problems)" \
	[ "$(grep -c '^bad' "$HARNESS_DIR/verdict" || true)" -eq 0 ]
summary() { awk -v p="$1" -v n="$2" '$1 == "passes" && $2 == p { print $n }' "$HARNESS_DIR/verdict"; }
check "the parent made complete passes ($(summary "$parent" 3), at least 3) holding $(summary "$parent" 4) blocks, with $(summary "$parent" 6) frees and $(summary "$parent" 7) allocations during them" \
	[ "$(summary "$parent" 3)" -ge 3 ]
check "the fork child made complete passes ($(summary "$child" 3), at least 1) holding $(summary "$child" 5) of the blocks it inherited" \
	sh -c '[ "$1" -ge 1 ] && [ "$2" -ge 1 ]' - "$(summary "$child" 3)" "$(summary "$child" 5)"
# The parent's complete passes while it churns its 500 blocks: begun after
# its 500th sample and before the fork (the child's first event); a pass
# while it allocates them, or frees them all once the child is gone,
# holds fewer, rightly; and one may begin between a free and the next
# allocation (499).  "PASSES BLOCKS".
churned=$(awk -v parent="$parent" -v child="$child" '
	$2 == child && !forked { forked = 1 }
	$2 != parent || forked { next }
	$1 == "AllocationSampled" { samples++ }
	$1 == "CheckpointBegin" && samples >= 500 { for (i = 5; i < NF; i++) if ($i ~ /^pass=/) begun[substr($i, 6)] = 1 }
	$1 == "CheckpointEnd" {
		for (i = 5; i < NF; i++) {
			if ($i ~ /^pass=/) pass = substr($i, 6)
			if ($i ~ /^blocks=/) blocks = substr($i, 8)
		}
		if (pass in begun) { n++; sum += blocks }
	}
	END { print n + 0, sum + 0 }' "$events")
check "the parent's passes while it churns hold at least 499 of its 500 blocks each (${churned#* } in ${churned% *} passes, at least 3)" \
	sh -c 'set -- $1; [ "$1" -ge 3 ] && [ "$2" -ge $((499 * $1)) ]' sh "$churned"
finish "$out"
