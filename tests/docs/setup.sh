#!/bin/sh
# setup.sh - what the README's first two commands install.  scripts/demo
# installs what the build and the demo need and nothing that only the tests
# run (no Chromium, no Go, no clang, no valgrind: some 200 MB); scripts/test
# installs that and the tests' packages.  The demo's list is checked
# against what this machine shows the build and the demo need: the package
# of every library that configure requires (its pkg-config file), of
# protoc-c and the autotools, and of the commands the demo runs (lttng,
# lttng-sessiond, babeltrace2, and unshare and setsid for its private
# daemon and the command).
#
# scripts/setup runs with stand-ins first in PATH: a dpkg-query that knows
# no package and an id that says an ordinary user, so that it prints the
# list of what it would install and exits, touching nothing.
set -eu
. "$AS_SRCDIR/tests/lib/results.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/allocsample-setup.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/bin"
printf '#!/bin/sh\nexit 1\n' >"$dir/bin/dpkg-query"
printf '#!/bin/sh\necho 1000\n' >"$dir/bin/id"
chmod +x "$dir/bin/dpkg-query" "$dir/bin/id"

# wanted ARGS...: the packages scripts/setup ARGS would install on a
# machine that has none, one a line.
wanted() {
	status=0
	PATH="$dir/bin:$PATH" sh "$AS_SRCDIR/scripts/setup" "$@" >"$dir/out" 2>"$dir/err" || status=$?
	[ "$status" -eq 1 ] || setup_problem="scripts/setup $* exited with $status"
	sed -n 's/^setup: these Debian packages are missing; run as root, or install them://p' "$dir/err" |
		tr ' ' '\n' | sed '/^$/d' | sort -u
}

setup_problem=
wanted >"$dir/demo"
check "scripts/setup exits as it does when it lists what it would install (${setup_problem:-1}; $(head -c 200 "$dir/err"))" \
	[ -z "$setup_problem" ]
check "scripts/setup lists what it would install ($(wc -l <"$dir/demo") packages)" [ -s "$dir/demo" ]
wanted --tests >"$dir/tests"
check "scripts/setup --tests exits as it does when it lists what it would install (${setup_problem:-1})" \
	[ -z "$setup_problem" ]
check "scripts/setup --tests lists what it would install ($(wc -l <"$dir/tests") packages)" [ -s "$dir/tests" ]
check "the demo uses scripts/setup without --tests" \
	grep -q '^[[:space:]]*scripts/setup$' "$AS_SRCDIR/scripts/demo"
check "the tests use scripts/setup --tests" \
	grep -q '^scripts/setup --tests ' "$AS_SRCDIR/scripts/test"

for package in chromium golang-go clang libclang-rt-14-dev valgrind debuginfod; do
	in_demo=no
	! grep -qx "$package" "$dir/demo" || in_demo=yes
	check "the demo does not install $package" [ "$in_demo" = no ]
	check "the tests install $package" grep -qx "$package" "$dir/tests"
done
extra=$(comm -23 "$dir/demo" "$dir/tests" | paste -s -d ' ' -)
check "the tests install all the demo installs (${extra:-nothing else})" [ -z "$extra" ]

# owner FILE: the Debian package that holds FILE, without its architecture.
owner() {
	dpkg -S "$1" 2>/dev/null | sed -n '1s/:.*//p'
}

# The libraries configure requires, from its PKG_CHECK_MODULES lines.
modules=$(sed -n 's/^PKG_CHECK_MODULES(\[[A-Z0-9_]*\], \[\([^] ]*\).*/\1/p' "$AS_SRCDIR/configure.ac")
check "configure.ac requires libraries ($(echo $modules))" [ -n "$modules" ]
for module in $modules; do
	package=$(owner "$(pkg-config --variable=pcfiledir "$module")/$module.pc")
	check "the demo installs $module's package (${package:-no package holds $module.pc})" \
		grep -qx "${package:-none}" "$dir/demo"
done
# The commands as the system has them: a sanitizer build puts a wrapper of
# babeltrace2 first in the tests' PATH, which no package holds.
for command in protoc-c autoreconf automake libtoolize lttng lttng-sessiond babeltrace2 unshare setsid; do
	path=$(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin command -v "$command" || true)
	package=$(owner "$(readlink -f "${path:-/nonexistent}")")
	check "the demo installs $command's package (${package:-no package holds ${path:-$command}})" \
		grep -qx "${package:-none}" "$dir/demo"
done
finish
