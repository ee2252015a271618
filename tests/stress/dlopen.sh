#!/bin/sh
# dlopen.sh - a C program's threads dlopen and dlclose their own copies of
# a C module (malloc and calloc in its constructor and destructor) and of a
# C++ module (new[] in a static object's constructor and destructor, with
# libstdc++ loaded RTLD_LOCAL behind it), 150 times each (600 thorough): no
# crash, every module's objects intact, and each kind's sample count in the
# 99.9% Poisson interval.
set -eu
. "$AS_SRCDIR/tests/stress/lib.sh"
harness_enter "$@"
compat_begin dlopen

ALLOCSAMPLE_RATE=16384
iterations=$((150 * STRESS_SCALE))
# One file per thread, so that each dlopen runs the constructor (a module
# already loaded by another thread would only gain a reference).
modules=
for copy in 1 2; do
	for kind in dlmodule dlmodule-cxx; do
		cp "$STRESS_PROGRAMS/.libs/$kind.so" "$COMPAT_DIR/$kind-$copy.so"
		modules="$modules $COMPAT_DIR/$kind-$copy.so"
	done
done
compat_run dlopen shim "$STRESS_PROGRAMS/dlopener" "$iterations" $modules
compat_end

stress_status dlopen "$((4 * iterations)) loads and unloads, every module's objects intact"
# Per load: the C module mallocs 4 objects of each of 20011 and 30013 bytes
# and callocs 4 of 25013; the C++ module news 4 of 21017 and 27011 bytes.
loads=$((2 * iterations))
# expected SIZES: the samples expected of $loads loads of a module that
# allocates 4 objects of each of SIZES, at ALLOCSAMPLE_RATE.
expected() {
	printf '%s\n' $1 | awk -v rate="$ALLOCSAMPLE_RATE" -v loads="$loads" '
		{ p += 1 - exp($1 * log(1 - 1 / rate)) } END { printf "%.6f", loads * 4 * p }'
}
check_poisson "samples of the C module" \
	"$(harness_count "$COMPAT_EVENTS" "\$1 == $STRESS_PID && $(stress_sizes "20011 30013 25013")")" \
	"$(expected "20011 30013 25013")"
check_poisson "samples of the C++ module" \
	"$(harness_count "$COMPAT_EVENTS" "\$1 == $STRESS_PID && $(stress_sizes "21017 27011")")" \
	"$(expected "21017 27011")"
wrong=$(harness_count "$COMPAT_EVENTS" "\$1 == $STRESS_PID && (($(stress_sizes "20011 30013")) && \$3 != \"malloc\" ||
	\$4 == 25013 && \$3 != \"calloc\" || ($(stress_sizes "21017 27011")) && \$3 != \"operator_new[]\")")
if [ "$wrong" -eq 0 ]; then
	ok "every module sample has its entry point's type"
else
	fail "$wrong module samples have the wrong type"
fi
compat_samples
finish
