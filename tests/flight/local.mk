# End-to-end tests of the flight recorder: allocsample-record
# --flight-recorder on keep-churn, a program that counts its own live
# bytes, as a user runs it (the shim, a snapshot session of its own
# daemon, the report of a snapshot).  The program gets UBSan at most, like
# every traced program; -no-install: no libtool wrapper under the preload.
check_PROGRAMS += tests/flight/keep-churn
tests_flight_keep_churn_CFLAGS = $(TRACED_CFLAGS) -O2 -g
tests_flight_keep_churn_LDFLAGS = $(TRACED_LINK_FLAGS)

# kill.sh and peak.sh run the shim's and the report's code in both builds;
# coverage.sh judges a rate over twenty recordings: a statistic, judged in
# the normal build only (PLAIN_TESTS, tests/local.mk), as the simulations
# are.
FLIGHT_TESTS = tests/flight/kill.sh tests/flight/peak.sh
FLIGHT_COVERAGE_TESTS = tests/flight/coverage.sh
TESTS += $(FLIGHT_TESTS)
PLAIN_TESTS += $(FLIGHT_COVERAGE_TESTS)
EXTRA_DIST += $(FLIGHT_TESTS) $(FLIGHT_COVERAGE_TESTS) tests/flight/lib.sh
