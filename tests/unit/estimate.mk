# The estimators' unit tests: exact rules and the reference table
# (test-estimate), then the sampling model simulated (test-estimate-sim;
# ALLOCSAMPLE_TEST_THOROUGH=1 runs ten times as many streams).
check_PROGRAMS += tests/unit/test-estimate tests/unit/test-estimate-sim
TESTS += tests/unit/test-estimate tests/unit/test-estimate-sim

tests_unit_test_estimate_SOURCES = tests/unit/test-estimate.c
tests_unit_test_estimate_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_estimate_LDADD = estimate/libasestimate.la $(CHECK_LIBS) $(GSL_LIBS) -lm

tests_unit_test_estimate_sim_SOURCES = tests/unit/test-estimate-sim.c
tests_unit_test_estimate_sim_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_estimate_sim_LDADD = estimate/libasestimate.la src/libassampler.la \
	$(CHECK_LIBS) $(GSL_LIBS) -lm

# Comparing two runs (estimate/compare.c) against the simulated model:
# calibration, family-wise rate, power, coverage of the ratio.
check_PROGRAMS += tests/unit/test-compare-sim
TESTS += tests/unit/test-compare-sim
tests_unit_test_compare_sim_SOURCES = tests/unit/test-compare-sim.c
tests_unit_test_compare_sim_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_compare_sim_LDADD = estimate/libasestimate.la src/libassampler.la \
	$(CHECK_LIBS) $(GSL_LIBS) -lm

# The comparison's building blocks against closed forms and worked examples.
check_PROGRAMS += tests/unit/test-compare
TESTS += tests/unit/test-compare
tests_unit_test_compare_SOURCES = tests/unit/test-compare.c
tests_unit_test_compare_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_compare_LDADD = estimate/libasestimate.la $(CHECK_LIBS) $(GSL_LIBS) -lm

# The object count against the simulated model: its lower end across mixes
# of sizes (one size, 16 to 256 B, log-uniform, vectors' growth) and rates,
# from 3 to a thousand expected samples.
check_PROGRAMS += tests/unit/test-objects-sim
TESTS += tests/unit/test-objects-sim
tests_unit_test_objects_sim_SOURCES = tests/unit/test-objects-sim.c
tests_unit_test_objects_sim_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_objects_sim_LDADD = estimate/libasestimate.la src/libassampler.la \
	$(CHECK_LIBS) $(GSL_LIBS) -lm

# A process's size classes against the simulated model: each class's bytes
# interval and its objects' two ends (the upper from the bytes), over mixes
# that spread over many classes, one or two threads and rates.
check_PROGRAMS += tests/unit/test-sizes-sim
TESTS += tests/unit/test-sizes-sim
tests_unit_test_sizes_sim_SOURCES = tests/unit/test-sizes-sim.c
tests_unit_test_sizes_sim_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_sizes_sim_LDADD = estimate/libasestimate.la src/libassampler.la \
	$(CHECK_LIBS) $(GSL_LIBS) -lm

# Temporary bytes and the quantiles of lifetimes (estimate/lifetimes.c)
# against the simulated model: censoring, a mix of sizes, two rates.
check_PROGRAMS += tests/unit/test-lifetimes-sim
TESTS += tests/unit/test-lifetimes-sim
tests_unit_test_lifetimes_sim_SOURCES = tests/unit/test-lifetimes-sim.c
tests_unit_test_lifetimes_sim_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
tests_unit_test_lifetimes_sim_LDADD = estimate/libasestimate.la src/libassampler.la \
	$(CHECK_LIBS) $(GSL_LIBS) -lm
