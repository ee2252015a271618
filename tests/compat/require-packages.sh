#!/bin/sh
# require-packages.sh PACKAGE... - installs the Debian packages a test needs
# that are missing, or fails: the compatibility, stress and fuzz tests never
# skip for want of a program.
#
# Runs apt-get only as root, and `apt-get update` only when a package has no
# installation candidate (a machine whose lists were never fetched).  Tests
# run in parallel under make check, so concurrent calls take turns on a lock
# rather than failing on dpkg's; another apt-get running on the machine is
# waited for through dpkg's own lock timeout.
set -eu

missing() {
	for package in "$@"; do
		dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'ok installed' ||
			printf '%s\n' "$package"
	done
}

# A package whose candidate is "(none)", or that apt does not know at all,
# needs fresh lists.
no_candidate() {
	for package in "$@"; do
		candidate=$(apt-cache policy "$package" 2>/dev/null |
			sed -n 's/^ *Candidate: *//p')
		if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
			return 0
		fi
	done
	return 1
}

[ "$#" -gt 0 ] || exit 0
need=$(missing "$@")
[ -n "$need" ] || exit 0
if [ "$(id -u)" -ne 0 ]; then
	printf 'require-packages: missing Debian packages (run the tests as root, or install them):%s\n' \
		"$(printf ' %s' $need)" >&2
	exit 1
fi

lock="${TMPDIR:-/tmp}/allocsample-require-packages.lock"
exec 9>"$lock"
flock -w 900 9 || {
	echo "require-packages: waited 15 minutes for $lock" >&2
	exit 1
}
# Another test may have installed them while we waited.
need=$(missing "$@")
[ -n "$need" ] || exit 0
printf 'require-packages: installing%s\n' "$(printf ' %s' $need)" >&2
log=$(mktemp "${TMPDIR:-/tmp}/allocsample-apt.XXXXXX")
trap 'rm -f "$log"' EXIT
apt_options="-q -o DPkg::Lock::Timeout=600"
fail() {
	printf 'require-packages: %s; apt-get said:\n' "$*" >&2
	tail -n 30 "$log" >&2
	exit 1
}
if no_candidate $need; then
	apt-get $apt_options update >"$log" 2>&1 || fail "apt-get update failed"
fi
# RUNLEVEL=1: lttng-tools' maintainer scripts must not start a system
# lttng-sessiond, which the tests would then have to avoid.
DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get $apt_options install -y \
	--no-install-recommends $need >>"$log" 2>&1 ||
	fail "could not install$(printf ' %s' $need)"
still=$(missing "$@")
[ -z "$still" ] || fail "still missing after apt-get:$(printf ' %s' $still)"
