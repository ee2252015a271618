#!/bin/sh
# git.sh - git creates a repository, commits generated files twice and
# repacks it with fixed names and dates: the commit ids (git log), the
# repository's check and every command's output and status are the same
# with and without the shim.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require git gawk
harness_enter "$@"
compat_begin git

# A deterministic commit id needs fixed names and dates, and no
# configuration from the machine or the user.
HOME="$COMPAT_DIR/home"
GIT_CONFIG_NOSYSTEM=1
GIT_AUTHOR_NAME='A U Thor'
GIT_AUTHOR_EMAIL='author@example.org'
GIT_COMMITTER_NAME='C O Mitter'
GIT_COMMITTER_EMAIL='committer@example.org'
GIT_AUTHOR_DATE='2001-02-03T04:05:06Z'
GIT_COMMITTER_DATE='2001-02-03T04:05:06Z'
export HOME GIT_CONFIG_NOSYSTEM GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL \
	GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_AUTHOR_DATE GIT_COMMITTER_DATE
mkdir -p "$HOME"

# generate ROUND: text files in both modes' work trees.
generate() {
	for mode in plain shim; do
		mkdir -p "$COMPAT_DIR/$mode/src"
		gawk -v round="$1" -v dir="$COMPAT_DIR/$mode/src" 'BEGIN {
			srand(round)
			for (f = 0; f < 200; f++) {
				file = sprintf("%s/file%03d.txt", dir, f)
				for (i = 0; i < 100; i++)
					printf "%d %d %d\n", round, f, int(rand() * 1000000) >file
				close(file)
			}
		}'
	done
}

compat_both init git init -q -b main
generate 1
compat_both add git add -A
compat_both commit1 git commit -q -m 'First commit'
generate 2
compat_both commit2 git commit -q -a -m 'Second commit'
compat_both repack git repack -a -d -q
compat_both log git log --format='%H %T %s'
compat_both fsck git fsck --full --strict
compat_end

for run in init add commit1 commit2 repack log fsck; do
	compat_same "$run" "out err status"
done
commits=$(wc -l <"$COMPAT_DIR/log.$COMPAT_MODE.out")
if [ "$commits" -eq 2 ]; then
	ok "two commits: $(cut -d' ' -f1 "$COMPAT_DIR/log.$COMPAT_MODE.out" | tr '\n' ' ')"
else
	fail "git log shows $commits commits, not 2"
fi
compat_samples 3
finish
