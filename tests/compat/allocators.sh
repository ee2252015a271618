#!/bin/sh
# allocators.sh - the shim composed with jemalloc and with tcmalloc preloaded
# after it (LD_PRELOAD="shim:libjemalloc.so.2", "shim:libtcmalloc.so.4"):
# the C++ containers program and the Python workload print the same output
# as over the allocator alone, the allocator really serves malloc (its own
# statistics say so), and the shim still samples.
set -eu
. "$AS_SRCDIR/tests/compat/lib.sh"
require python3
compat_library libjemalloc.so.2 libjemalloc2
compat_library libtcmalloc.so.4 libgoogle-perftools4
harness_enter "$@"
compat_begin allocators

# The workloads allocate hundreds of megabytes: rates that leave them
# hundreds of samples each (the checks need ten), where a lower one would
# only give a trace of tens of thousands to read.
for allocator in jemalloc tcmalloc; do
	case $allocator in
	jemalloc) LD_PRELOAD=libjemalloc.so.2 ;;
	tcmalloc) LD_PRELOAD=libtcmalloc.so.4 ;;
	esac
	export LD_PRELOAD
	# The probe waits for no gate and ends within milliseconds: preloaded
	# only.
	ALLOCSAMPLE_RATE=65536
	[ "$COMPAT_MODE" = attach ] ||
		compat_both "$allocator-probe" /usr/bin/python3 "$AS_SRCDIR/tests/compat/allocator-probe.py" "$allocator"
	ALLOCSAMPLE_RATE=524288
	compat_both "$allocator-containers" "$AS_BUILDDIR/tests/compat/containers" $((30 * COMPAT_LONGER))
	compat_both "$allocator-python" /usr/bin/python3 "$AS_SRCDIR/tests/compat/workload.py" "$COMPAT_PYTHON_ROUNDS"
	unset LD_PRELOAD
done
compat_end

for allocator in jemalloc tcmalloc; do
	if [ "$COMPAT_MODE" != attach ]; then
		compat_same "$allocator-probe" "out err status"
		check "$allocator serves malloc under the shim ($(cat "$COMPAT_DIR/$allocator-probe.$COMPAT_MODE.out"))" \
			grep -q 'serves malloc: yes' "$COMPAT_DIR/$allocator-probe.$COMPAT_MODE.out"
	fi
	compat_same "$allocator-containers" "out err status"
	compat_same "$allocator-python" "out err status" 3
	compat_digests "$allocator-python"
done
compat_samples
finish
