# The sampler and the set of sampled blocks: no LTTng, no allocation,
# unit-testable on their own.
noinst_LTLIBRARIES += src/libassampler.la
src_libassampler_la_SOURCES = \
	src/sampler/settings.c src/sampler/settings.h \
	src/sampler/checkpoint_table.c src/sampler/checkpoint_table.h \
	src/sampler/high_water.c src/sampler/high_water.h \
	src/sampler/rng.c src/sampler/rng.h \
	src/sampler/sampled_set.c src/sampler/sampled_set.h \
	src/sampler/sampler.c src/sampler/sampler.h \
	src/sampler/thread_seed.c src/sampler/thread_seed.h
src_libassampler_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden
src_libassampler_la_LIBADD = -lm

# The stack walk: no LTTng, no allocation, unit-testable on its own
# (tests/unit/stack/test-stack-walk.c).
noinst_LTLIBRARIES += src/libasstack.la
src_libasstack_la_SOURCES = \
	src/unwind/cfi.c src/unwind/cfi.h \
	src/unwind/frame_step.h \
	src/export.h \
	src/unwind/rule_cache.c src/unwind/rule_cache.h \
	src/unwind/stack_walk.c src/unwind/stack_walk.h \
	src/unwind/unloads.c src/unwind/unloads.h
src_libasstack_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden
src_libasstack_la_LIBADD = $(DL_LIBS)

# liballocsample.so: the thread's sampler, the tracepoint provider and the
# typed API of allocsample.h.  Loaded into traced programs: LGPL-2.1+.
lib_LTLIBRARIES += src/liballocsample.la
src_liballocsample_la_SOURCES = \
	src/liballocsample/api.c \
	src/liballocsample/call_site.c src/liballocsample/call_site.h \
	src/liballocsample/checkpoint.c src/liballocsample/checkpoint.h \
	src/liballocsample/emit.c src/liballocsample/emit.h \
	src/export.h \
	src/liballocsample/run_context.c \
	src/liballocsample/stack.c src/liballocsample/stack.h \
	src/liballocsample/thread_state.c src/liballocsample/thread_state.h \
	src/liballocsample/type_scope.c src/liballocsample/type_scope.h \
	tp/allocsample-tp.c tp/allocsample-tp.h
# -fexceptions: a C++ operator new may throw through allocsample_allocate_typed.
src_liballocsample_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden \
	-fexceptions $(LTTNG_UST_CFLAGS)
# libgcc_s by name: the stack walk's fallback looks its unwinder up there.
src_liballocsample_la_LIBADD = src/libassampler.la src/libasstack.la $(LTTNG_UST_LIBS) -lm -lgcc_s
# -z now: no lazy symbol binding may ever run inside malloc.
src_liballocsample_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-undefined -Wl,-z,now \
	-version-info $(LIBALLOCSAMPLE_LT_VERSION)

# liballocsample-preload.so: the malloc family and operator new/delete.
lib_LTLIBRARIES += src/liballocsample-preload.la
src_liballocsample_preload_la_SOURCES = \
	src/export.h \
	src/preload/attach.c src/preload/attach.h \
	src/preload/attach_dlopen.c \
	src/preload/cxx.c \
	src/preload/descriptors.c \
	src/preload/dlclose.c \
	src/preload/malloc.c \
	src/preload/next.c src/preload/next.h \
	src/preload/preload.h \
	src/preload/slots.c src/preload/slots.h \
	src/preload/tracked_block.c \
	src/preload/ust_hook.c
src_liballocsample_preload_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden \
	-fexceptions $(LTTNG_UST_CFLAGS)
src_liballocsample_preload_la_LIBADD = src/liballocsample.la $(DL_LIBS)
# RUNPATH $ORIGIN: the shim finds liballocsample.so.0 beside itself, in any
# prefix, without ldconfig (and in the build tree alike).
src_liballocsample_preload_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-undefined -Wl,-z,now -avoid-version \
	-Wl,--enable-new-dtags -Wl,-rpath,'$$ORIGIN'
