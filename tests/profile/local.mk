# Tests of allocsample-profile: a program that counts its own bytes per
# function (functions.c) recorded as pprof profiles by allocsample-record
# under a private lttng-sessiond, summed by `go tool pprof -proto`, and
# read back by the command from the build tree.  The program gets UBSan at
# most, like every traced program; -no-install: no libtool wrapper.
check_PROGRAMS += tests/profile/functions
tests_profile_functions_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/workloads
tests_profile_functions_CFLAGS = $(TRACED_CFLAGS) -O2 -g
tests_profile_functions_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_profile_functions_LDADD = $(PTHREAD_LIBS) -lm

# coverage.sh judges a rate over sixty recordings: a statistic, judged in
# the normal build only (PLAIN_TESTS, tests/local.mk), as the simulations
# are; sums.sh and stripped.sh run the same code under the sanitizers.
PROFILE_COVERAGE_TESTS = tests/profile/coverage.sh
PROFILE_TESTS = tests/profile/sums.sh tests/profile/stripped.sh
PLAIN_TESTS += $(PROFILE_COVERAGE_TESTS)
TESTS += $(PROFILE_TESTS)
EXTRA_DIST += $(PROFILE_COVERAGE_TESTS) $(PROFILE_TESTS) tests/profile/lib.sh
