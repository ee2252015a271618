# Live heap end to end: programs that end with known live bytes per thread
# and per type (leaks on purpose, frees on other threads, realloc chains,
# C++ containers destroyed at different times), recorded through
# allocsample-record (the differential program's 18 runs through one
# session) under a private lttng-sessiond, every live truth inside its
# interval.  -no-install: no libtool wrapper script, so that
# LD_PRELOAD reaches the program itself.
check_PROGRAMS += tests/heap/heap tests/heap/heap-cxx tests/heap/heapdiff
tests_heap_heap_SOURCES = tests/heap/heap.c tests/heap/truth.h
tests_heap_heap_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
tests_heap_heap_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_heap_heap_LDADD = src/liballocsample.la $(PTHREAD_LIBS)
tests_heap_heap_cxx_SOURCES = tests/heap/heap-cxx.cc tests/heap/truth.h
tests_heap_heap_cxx_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
tests_heap_heap_cxx_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_heap_heap_cxx_LDADD = $(PTHREAD_LIBS)
tests_heap_heapdiff_SOURCES = tests/heap/heapdiff.cc tests/heap/truth.h
tests_heap_heapdiff_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS)
tests_heap_heapdiff_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_heap_heapdiff_LDADD = src/liballocsample.la

# The heap over time: built with and without frame pointers, as the stacks
# tests' programs are (tests/stacks/local.mk), since its peak is per stack.
check_PROGRAMS += tests/heap/heap-phases-fp tests/heap/heap-phases-nofp
tests_heap_heap_phases_fp_SOURCES = tests/heap/heap-phases.c
tests_heap_heap_phases_fp_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -O2 -g -fno-omit-frame-pointer
tests_heap_heap_phases_fp_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_heap_heap_phases_nofp_SOURCES = tests/heap/heap-phases.c
tests_heap_heap_phases_nofp_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -O2 -g -fomit-frame-pointer
tests_heap_heap_phases_nofp_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install

HEAP_TESTS = \
	tests/heap/curve.sh \
	tests/heap/c.sh \
	tests/heap/cxx.sh \
	tests/heap/differential.sh
TESTS += $(HEAP_TESTS)
EXTRA_DIST += $(HEAP_TESTS) tests/heap/lib.sh
