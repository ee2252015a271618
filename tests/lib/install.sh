# install.sh - the build tree installed where a reader of the documents
# has it, for the tests of an installed allocsample (docs/commands.sh,
# record/install.sh).  Source it after lttng-harness.sh.
#
# `make check` installs the build tree under $AS_BUILDDIR/tests/stage
# (DESTDIR: tests/local.mk says why there and then); install_check, before
# harness_enter, stops the test if that install cannot be put in place,
# and install_mount, inside the test's mount namespace (as root), copies it
# into a tmpfs over /usr/local.  A build of another prefix is put there too,
# the same tmpfs mounted over its prefix, so that its files are both where
# the build looks for them and where the documents say; a prefix the system
# lives in (/, /usr, /opt...) cannot be mounted over, and one whose
# directories leave it cannot be both: install_check then fails, saying
# which to configure.

INSTALL_PREFIX=$(sed -n 's/^prefix = //p' "$AS_BUILDDIR/Makefile")
INSTALL_STAGE="$AS_BUILDDIR/tests/stage$INSTALL_PREFIX"

# install_dirs: the directories `make install` writes, as the build
# expands them.
install_dirs() {
	printf 'as-install-dirs:\n\t@echo $(bindir) $(libdir) $(bt2plugindir) $(pkgdatadir) $(pkglibexecdir) $(includedir) $(mandir)\n' |
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$AS_BUILDDIR" -f Makefile -f - as-install-dirs
}

# install_check: exits with a failure if the test cannot put the install
# in place: not root, a system prefix, directories outside the prefix, no
# staged install.
install_check() {
	[ "$(id -u)" -eq 0 ] ||
		harness_fail "$(basename "$0") needs root: it mounts the build's install over /usr/local in a mount namespace of its own"
	case $INSTALL_PREFIX in
	/ | /usr | /opt | /home | /var | /tmp | /etc | /srv | /root)
		harness_fail "this build's prefix, $INSTALL_PREFIX, is a directory the system lives in, which the test cannot mount over: configure with the default prefix (/usr/local) or a directory of the package's own" ;;
	esac
	for dir in $(install_dirs); do
		case $dir in
		"$INSTALL_PREFIX"/*) ;;
		*) harness_fail "this build installs into $dir, outside its prefix $INSTALL_PREFIX: configure without that directory option, so that the install goes where the documents say" ;;
		esac
	done
	[ -d "$INSTALL_STAGE/bin" ] ||
		harness_fail "no install in $INSTALL_STAGE: run the test through make check, which makes it"
}

# install_mount: a tmpfs over /usr/local holding the build's install, and
# over its prefix when that is another; the prefix's directory, if made,
# is removed when the test ends (only the empty directories made).
install_mount() {
	mount -t tmpfs allocsample-test /usr/local
	if [ "$INSTALL_PREFIX" != /usr/local ]; then
		install_made=$(mkdir -pv "$INSTALL_PREFIX" | sed -n "s/^mkdir: created directory '\(.*\)'\$/\1/p" | head -n 1)
		trap 'install_status=$?; set +e; install_unmount; (exit "$install_status"); harness_cleanup' EXIT
		mount --bind /usr/local "$INSTALL_PREFIX" ||
			harness_fail "cannot mount the install's tmpfs over $INSTALL_PREFIX"
	fi
	cp -a "$INSTALL_STAGE/." /usr/local/ || harness_fail "cannot copy $INSTALL_STAGE into /usr/local"
}

install_unmount() {
	umount "$INSTALL_PREFIX" 2>/dev/null || true
	case ${install_made:-} in
	"" | /usr/local/*) ;;
	*) find "$install_made" -depth -type d -exec rmdir {} + 2>/dev/null || true ;;
	esac
}
