# Live heap end to end: programs that end with known live bytes per thread
# and per type (leaks on purpose, frees on other threads, realloc chains,
# C++ containers destroyed at different times), recorded through
# allocsample-record (the differential program's 18 runs through one
# session) under a private lttng-sessiond, every live truth inside its
# interval.  -no-install: no libtool wrapper script, so that
# LD_PRELOAD reaches the program itself.
check_PROGRAMS += tests/heap/heap tests/heap/heap-cxx tests/heap/heapdiff
tests_heap_heap_CFLAGS = $(TRACED_CFLAGS)
tests_heap_heap_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_heap_heap_LDADD = src/liballocsample.la $(PTHREAD_LIBS)
tests_heap_heap_cxx_SOURCES = tests/heap/heap-cxx.cc tests/heap/truth.h
tests_heap_heap_cxx_CXXFLAGS = $(TRACED_CXXFLAGS)
tests_heap_heap_cxx_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_heap_heap_cxx_LDADD = $(PTHREAD_LIBS)
tests_heap_heapdiff_SOURCES = tests/heap/heapdiff.cc tests/heap/truth.h
tests_heap_heapdiff_CXXFLAGS = $(TRACED_CXXFLAGS)
tests_heap_heapdiff_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_heap_heapdiff_LDADD = src/liballocsample.la

# The heap over time: built with and without frame pointers, as the stacks
# tests' programs are (tests/stacks/local.mk), since its peak is per stack.
check_PROGRAMS += tests/heap/heap-phases-fp tests/heap/heap-phases-nofp
tests_heap_heap_phases_fp_SOURCES = tests/heap/heap-phases.c
tests_heap_heap_phases_fp_CFLAGS = $(TRACED_CFLAGS) -O2 -g -fno-omit-frame-pointer
tests_heap_heap_phases_fp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_heap_heap_phases_nofp_SOURCES = tests/heap/heap-phases.c
tests_heap_heap_phases_nofp_CFLAGS = $(TRACED_CFLAGS) -O2 -g -fomit-frame-pointer
tests_heap_heap_phases_nofp_LDFLAGS = $(TRACED_LINK_FLAGS)

# The run's end after its last sample: a pause, then frees alone.
check_PROGRAMS += tests/heap/heap-end
tests_heap_heap_end_CFLAGS = $(TRACED_CFLAGS)
tests_heap_heap_end_LDFLAGS = $(TRACED_LINK_FLAGS)

HEAP_TESTS = tests/heap/curve.sh tests/heap/at.sh tests/heap/end.sh tests/heap/c.sh tests/heap/cxx.sh tests/heap/differential.sh
TESTS += $(HEAP_TESTS)
EXTRA_DIST += $(HEAP_TESTS) tests/heap/lib.sh
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/heap/truth.h
