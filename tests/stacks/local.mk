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
# -no-install: no libtool wrapper script, so that LD_PRELOAD reaches the
# program itself.  UBSan at most, as for every traced program.
STACKS_FP = -O2 -g -fno-omit-frame-pointer
STACKS_NOFP = -O2 -g -fomit-frame-pointer
STACKS_LD_OPTIONS = $(SAN_INPROCESS_FLAGS) -no-install

check_PROGRAMS += tests/stacks/stacks-fp tests/stacks/stacks-nofp
tests_stacks_stacks_fp_SOURCES = tests/stacks/stacks.c
tests_stacks_stacks_fp_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS) $(STACKS_FP)
tests_stacks_stacks_fp_LDFLAGS = $(STACKS_LD_OPTIONS)
tests_stacks_stacks_fp_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)
tests_stacks_stacks_nofp_SOURCES = tests/stacks/stacks.c
tests_stacks_stacks_nofp_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS) $(STACKS_NOFP)
tests_stacks_stacks_nofp_LDFLAGS = $(STACKS_LD_OPTIONS)
tests_stacks_stacks_nofp_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)

# The module stacks loads, never installed: -rpath only makes libtool build
# a shared object.
check_LTLIBRARIES += tests/stacks/stacks-module-fp.la tests/stacks/stacks-module-nofp.la
tests_stacks_stacks_module_fp_la_SOURCES = tests/stacks/stacks-module.c
tests_stacks_stacks_module_fp_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden $(STACKS_FP)
tests_stacks_stacks_module_fp_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere
tests_stacks_stacks_module_nofp_la_SOURCES = tests/stacks/stacks-module.c
tests_stacks_stacks_module_nofp_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden $(STACKS_NOFP)
tests_stacks_stacks_module_nofp_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere

check_PROGRAMS += tests/stacks/stacks-cxx-fp tests/stacks/stacks-cxx-nofp
tests_stacks_stacks_cxx_fp_SOURCES = tests/stacks/stacks-cxx.cc
tests_stacks_stacks_cxx_fp_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) $(STACKS_FP)
tests_stacks_stacks_cxx_fp_LDFLAGS = $(STACKS_LD_OPTIONS)
tests_stacks_stacks_cxx_nofp_SOURCES = tests/stacks/stacks-cxx.cc
tests_stacks_stacks_cxx_nofp_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) $(STACKS_NOFP)
tests_stacks_stacks_cxx_nofp_LDFLAGS = $(STACKS_LD_OPTIONS)

STACKS_TESTS = \
	tests/stacks/c-fp.sh \
	tests/stacks/c-nofp.sh \
	tests/stacks/cxx-fp.sh \
	tests/stacks/cxx-nofp.sh \
	tests/stacks/truncated.sh
TESTS += $(STACKS_TESTS)
EXTRA_DIST += $(STACKS_TESTS) tests/stacks/lib.sh
