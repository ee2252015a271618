# Call stacks end to end: programs whose call trees are known (C: two paths
# to one function, recursion, an inlined helper, a dlopen'ed module, a
# thread pool, a signal handler; C++: a function template, a lambda,
# std::vector's growth), recorded through allocsample-record under a
# private lttng-sessiond, each path's bytes inside its interval.
#
# Each program is built twice from the same source, -O2 -g with and without
# frame pointers (suffixes -fp and -nofp): the stacks must not depend on
# them.  The build's CFLAGS come last on the command line, so a CFLAGS that
# sets -O or the frame pointer itself wins; the tests check that the -fp
# program keeps its frame pointer and the -nofp one does not.
STACKS_FP = -O2 -g -fno-omit-frame-pointer
STACKS_NOFP = -O2 -g -fomit-frame-pointer

check_PROGRAMS += tests/stacks/stacks-fp tests/stacks/stacks-nofp
tests_stacks_stacks_fp_SOURCES = tests/stacks/stacks.c
tests_stacks_stacks_fp_CFLAGS = $(TRACED_CFLAGS) $(STACKS_FP)
tests_stacks_stacks_fp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stacks_stacks_fp_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)
tests_stacks_stacks_nofp_SOURCES = tests/stacks/stacks.c
tests_stacks_stacks_nofp_CFLAGS = $(TRACED_CFLAGS) $(STACKS_NOFP)
tests_stacks_stacks_nofp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stacks_stacks_nofp_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)

# The module stacks loads, never installed: -rpath only makes libtool build
# a shared object.
check_LTLIBRARIES += tests/stacks/stacks-module-fp.la tests/stacks/stacks-module-nofp.la
tests_stacks_stacks_module_fp_la_SOURCES = tests/stacks/stacks-module.c
tests_stacks_stacks_module_fp_la_CFLAGS = $(TRACED_CFLAGS) -fvisibility=hidden $(STACKS_FP)
tests_stacks_stacks_module_fp_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)
tests_stacks_stacks_module_nofp_la_SOURCES = tests/stacks/stacks-module.c
tests_stacks_stacks_module_nofp_la_CFLAGS = $(TRACED_CFLAGS) -fvisibility=hidden $(STACKS_NOFP)
tests_stacks_stacks_module_nofp_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)

check_PROGRAMS += tests/stacks/stacks-cxx-fp tests/stacks/stacks-cxx-nofp
tests_stacks_stacks_cxx_fp_SOURCES = tests/stacks/stacks-cxx.cc
tests_stacks_stacks_cxx_fp_CXXFLAGS = $(TRACED_CXXFLAGS) $(STACKS_FP)
tests_stacks_stacks_cxx_fp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stacks_stacks_cxx_nofp_SOURCES = tests/stacks/stacks-cxx.cc
tests_stacks_stacks_cxx_nofp_CXXFLAGS = $(TRACED_CXXFLAGS) $(STACKS_NOFP)
tests_stacks_stacks_cxx_nofp_LDFLAGS = $(TRACED_LINK_FLAGS)

STACKS_TESTS = tests/stacks/c-fp.sh tests/stacks/c-nofp.sh tests/stacks/cxx-fp.sh \
	tests/stacks/cxx-nofp.sh tests/stacks/truncated.sh tests/stacks/function.sh
TESTS += $(STACKS_TESTS)
EXTRA_DIST += $(STACKS_TESTS) tests/stacks/lib.sh
