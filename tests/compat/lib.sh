# lib.sh - what the compatibility scripts share, on top of tests/lib/compat.sh
# (the runs, the session, the samples).
#
# A compatibility test runs a program nobody on this project wrote twice,
# once plain and once under the shim (or, with ALLOCSAMPLE_TEST_ATTACH=1,
# attached to in the middle of its run) while a session records, and
# requires the same exit status and the same standard output byte for byte
# (and the same standard error where the program's is deterministic).  The
# sampled run must also have left samples from the program's own process
# (compat_samples).
#
# Usage: source it, `require COMMAND...` (or compat_library), `harness_enter
# "$@"`, `compat_begin NAME`, any number of `compat_both`, then
# `compat_end`, the checks (`compat_same`, `compat_samples`, and
# tests/lib/results.sh's) and `finish`.

. "$AS_SRCDIR/tests/lib/compat.sh"

if [ "$COMPAT_MODE" = attach ]; then
	COMPAT_HOW="with the shim attached and detached"
	# An attached run waits for its attach halfway (tests/lib/compat.sh,
	# compat_gate); the half it does attached must outlast
	# COMPAT_ATTACH_FOR, so that the shim is detached in the middle of
	# the work: the scripts give their workloads COMPAT_LONGER times as
	# much to do (their plain runs as much as the others; a factor of
	# rounds, not of data sizes), and leave out the runs that do not wait
	# for their gate.
	COMPAT_LONGER=10
	# workload.py's rounds: half a second or more of CPython for the
	# attached half (jemalloc and tcmalloc make the 40 rounds of a
	# preloaded run end within half a second).
	COMPAT_PYTHON_ROUNDS=100
else
	COMPAT_HOW="with and without the shim"
	COMPAT_LONGER=1
	COMPAT_PYTHON_ROUNDS=40
fi

# compat_library LIBRARY PACKAGE: stops the test, naming PACKAGE, unless
# the dynamic loader finds LIBRARY (a soname) to preload; require's
# counterpart for a library.
compat_library() {
	if [ -n "$(env LD_PRELOAD="$1" true 2>&1)" ]; then
		printf 'FAIL: %s needs %s (Debian package %s), which is not installed (scripts/setup --tests installs what the tests run)\n' \
			"${0##*/}" "$1" "$2"
		exit 1
	fi
}

# compat_text FILE SEED LINES STATEMENT: FILE holds what gawk's STATEMENT
# prints run LINES times (i the line's index, from 0) after srand(SEED):
# the same text on every machine.
compat_text() {
	gawk -v seed="$2" -v lines="$3" "BEGIN { srand(seed); for (i = 0; i < lines; i++) $4 }" >"$1"
}

# compat_digests LABEL: a check that the sampled run LABEL of workload.py
# printed a digest for each of its 8 threads (a thread that failed prints
# None, and the same in both runs).
compat_digests() {
	check "$1: a digest from each of the 8 threads" \
		[ "$(grep -cE '^[0-7] [0-9a-f]{64}$' "$COMPAT_DIR/$1.$COMPAT_MODE.out")" -eq 8 ]
}

# compat_both LABEL COMMAND...: compat_run plain, then shim (or attach).
compat_both() {
	compat_label=$1
	shift
	compat_run "$compat_label" plain "$@"
	compat_run "$compat_label" "$COMPAT_MODE" "$@"
}

# compat_same LABEL WHAT [EXPECTED_STATUS]: WHAT is a space-separated list of
# `status`, `out`, `err`: those of the plain and sampled runs must be
# identical; the status must also be EXPECTED_STATUS (0 by default).
compat_same() {
	compat_base="$COMPAT_DIR/$1"
	for compat_what in $2; do
		if cmp -s "$compat_base.plain.$compat_what" "$compat_base.$COMPAT_MODE.$compat_what"; then
			ok "$1: same $compat_what $COMPAT_HOW ($(wc -c <"$compat_base.plain.$compat_what") bytes)"
		else
			fail "$1: $compat_what differs $COMPAT_HOW"
			diff "$compat_base.plain.$compat_what" "$compat_base.$COMPAT_MODE.$compat_what" | head -20
		fi
	done
	compat_expected=${3:-0}
	compat_status=$(cat "$compat_base.$COMPAT_MODE.status")
	if [ "$compat_status" -eq "$compat_expected" ]; then
		ok "$1: exit status $compat_status"
	else
		fail "$1: exit status $compat_status, expected $compat_expected; its stderr:"
		head -20 "$compat_base.$COMPAT_MODE.err"
	fi
}
