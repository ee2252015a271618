# Stress and lifecycle tests of the preload shim: thread churn, fork with and
# without exec, dlopen/dlclose, sessions started and stopped under a running
# program, allocations before main and after it.  Each program does a fixed
# amount of work, under a deadlock guard (tests/lib/compat.sh);
# ALLOCSAMPLE_TEST_THOROUGH=1 gives them several times as much.

check_PROGRAMS += tests/stress/churn
tests_stress_churn_CFLAGS = $(TRACED_CFLAGS)
tests_stress_churn_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stress_churn_LDADD = $(PTHREAD_LIBS) -lm

STRESS_TESTS = tests/stress/churn.sh tests/stress/fork.sh tests/stress/exec.sh \
	tests/stress/dlopen.sh tests/stress/sessions.sh tests/stress/lifetime.sh
TESTS += $(STRESS_TESTS)
EXTRA_DIST += $(STRESS_TESTS) tests/stress/lib.sh

check_PROGRAMS += tests/stress/forker
tests_stress_forker_CFLAGS = $(TRACED_CFLAGS)
tests_stress_forker_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stress_forker_LDADD = $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/stress/dlopener
tests_stress_dlopener_CFLAGS = $(TRACED_CFLAGS)
tests_stress_dlopener_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stress_dlopener_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)

# Modules for dlopen, never installed: -rpath only makes libtool build a
# shared object.
check_LTLIBRARIES += tests/stress/dlmodule.la tests/stress/dlmodule-cxx.la
tests_stress_dlmodule_la_SOURCES = tests/stress/dlmodule.c tests/stress/stress.h
tests_stress_dlmodule_la_CFLAGS = $(TRACED_CFLAGS) -fvisibility=hidden
tests_stress_dlmodule_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)
tests_stress_dlmodule_cxx_la_SOURCES = tests/stress/dlmodule-cxx.cc
tests_stress_dlmodule_cxx_la_CXXFLAGS = $(TRACED_CXXFLAGS) -fvisibility=hidden -std=c++17
tests_stress_dlmodule_cxx_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)

check_PROGRAMS += tests/stress/lifetime
tests_stress_lifetime_CFLAGS = $(TRACED_CFLAGS)
tests_stress_lifetime_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_stress_lifetime_LDADD = $(PTHREAD_LIBS) -lm
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/stress/stress.h
