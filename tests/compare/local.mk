# Tests of allocsample-compare: a workload with known bytes per type,
# recorded by a private, real lttng-sessiond (tests/lib/lttng-harness.sh),
# compared by the command from the build tree.  The workload gets UBSan at
# most, like the integration tests'; -no-install: no libtool wrapper.
check_PROGRAMS += tests/compare/workload
tests_compare_workload_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/workloads
tests_compare_workload_CFLAGS = $(TRACED_CFLAGS)
tests_compare_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_compare_workload_LDADD = src/liballocsample.la $(PTHREAD_LIBS) -lm

# Two of a C++ program's functions allocating through the same library
# code, for the stacks' labels: built as tests/stacks builds its programs
# (-O2 -g, templates inlined as in a release build).
check_PROGRAMS += tests/compare/stacks-workload
tests_compare_stacks_workload_SOURCES = tests/compare/stacks-workload.cc
tests_compare_stacks_workload_CXXFLAGS = $(TRACED_CXXFLAGS) -O2 -g
tests_compare_stacks_workload_LDFLAGS = $(TRACED_LINK_FLAGS)

# Untyped allocations in three functions, one of which grows: the README's
# CI gate on code without types.
check_PROGRAMS += tests/compare/untyped
tests_compare_untyped_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/workloads
tests_compare_untyped_CFLAGS = $(TRACED_CFLAGS)
tests_compare_untyped_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_compare_untyped_LDADD = -lm

COMPARE_TESTS = tests/compare/runs.sh tests/compare/gate.sh tests/compare/bad-input.sh \
	tests/compare/names.sh tests/compare/stack-labels.sh tests/compare/html.sh tests/compare/cut.sh
TESTS += $(COMPARE_TESTS)
EXTRA_DIST += $(COMPARE_TESTS) tests/compare/lib.sh tests/compare/geometry.js
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/workloads/workload.h
