# Stress and lifecycle tests of the preload shim: thread churn, fork with and
# without exec, dlopen/dlclose, sessions started and stopped under a running
# program, allocations before main and after it.  Each program does a fixed
# amount of work, under a deadlock guard (tests/lib/compat.sh);
# ALLOCSAMPLE_TEST_THOROUGH=1 gives them several times as much.

# UBSan at most (SAN_INPROCESS_FLAGS), never ASan, which would replace the
# malloc we interpose; -no-install: no libtool wrapper script, so that
# LD_PRELOAD, fork and exec see the program itself.
STRESS_C_OPTIONS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
STRESS_LD_OPTIONS = $(SAN_INPROCESS_FLAGS) -no-install

check_PROGRAMS += tests/stress/churn
tests_stress_churn_SOURCES = tests/stress/churn.c tests/stress/stress.h
tests_stress_churn_CFLAGS = $(STRESS_C_OPTIONS)
tests_stress_churn_LDFLAGS = $(STRESS_LD_OPTIONS)
tests_stress_churn_LDADD = $(PTHREAD_LIBS) -lm

STRESS_TESTS = \
	tests/stress/churn.sh \
	tests/stress/fork.sh \
	tests/stress/exec.sh \
	tests/stress/dlopen.sh \
	tests/stress/sessions.sh \
	tests/stress/lifetime.sh
TESTS += $(STRESS_TESTS)
EXTRA_DIST += $(STRESS_TESTS) tests/stress/lib.sh

check_PROGRAMS += tests/stress/forker
tests_stress_forker_SOURCES = tests/stress/forker.c tests/stress/stress.h
tests_stress_forker_CFLAGS = $(STRESS_C_OPTIONS)
tests_stress_forker_LDFLAGS = $(STRESS_LD_OPTIONS)
tests_stress_forker_LDADD = $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/stress/dlopener
tests_stress_dlopener_SOURCES = tests/stress/dlopener.c tests/stress/stress.h
tests_stress_dlopener_CFLAGS = $(STRESS_C_OPTIONS)
tests_stress_dlopener_LDFLAGS = $(STRESS_LD_OPTIONS)
tests_stress_dlopener_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)

# Modules for dlopen, never installed: -rpath only makes libtool build a
# shared object.
check_LTLIBRARIES += tests/stress/dlmodule.la tests/stress/dlmodule-cxx.la
tests_stress_dlmodule_la_SOURCES = tests/stress/dlmodule.c tests/stress/stress.h
tests_stress_dlmodule_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden
tests_stress_dlmodule_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere
tests_stress_dlmodule_cxx_la_SOURCES = tests/stress/dlmodule-cxx.cc
tests_stress_dlmodule_cxx_la_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) -fvisibility=hidden -std=c++17
tests_stress_dlmodule_cxx_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere

check_PROGRAMS += tests/stress/lifetime
tests_stress_lifetime_SOURCES = tests/stress/lifetime.c tests/stress/stress.h
tests_stress_lifetime_CFLAGS = $(STRESS_C_OPTIONS)
tests_stress_lifetime_LDFLAGS = $(STRESS_LD_OPTIONS)
tests_stress_lifetime_LDADD = $(PTHREAD_LIBS) -lm
