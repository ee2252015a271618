# Check unit tests of the estimators (estimate/libasestimate.la).  Exact
# rules and the reference table (test-estimate); the comparison's building
# blocks against closed forms and worked examples (test-compare).  Then
# against the sampling model, simulated (ALLOCSAMPLE_TEST_THOROUGH=1 runs
# ten times as many runs, the sanitizer build a twentieth, unjudged:
# tests/lib/stats.h): the bytes' intervals of aligned, cut and
# several threads' streams and of two rates (test-estimate-sim); comparing
# two runs, its calibration, family-wise rate, power and the ratio's
# coverage (test-compare-sim); the object count's lower end across mixes of
# sizes (one size, 16 to 256 B, log-uniform, vectors' growth) and rates,
# from 3 to a thousand expected samples (test-objects-sim); a process's
# size classes, each class's bytes interval and its objects' two ends, over
# mixes that spread over many classes, one or two threads and rates
# (test-sizes-sim); temporary bytes and the quantiles and survival curve of
# lifetimes (estimate/lifetimes.c), with censoring, a mix of sizes, two
# rates (test-lifetimes-sim).
AS_UNIT_ESTIMATE_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS)
AS_UNIT_ESTIMATE_LDADD = estimate/libasestimate.la src/libassampler.la $(CHECK_LIBS) $(GSL_LIBS) -lm
AS_UNIT_ESTIMATE_TESTS = tests/unit/estimate/test-estimate tests/unit/estimate/test-compare \
	tests/unit/estimate/test-estimate-sim tests/unit/estimate/test-compare-sim \
	tests/unit/estimate/test-objects-sim tests/unit/estimate/test-sizes-sim \
	tests/unit/estimate/test-lifetimes-sim
check_PROGRAMS += $(AS_UNIT_ESTIMATE_TESTS)
TESTS += $(AS_UNIT_ESTIMATE_TESTS)

tests_unit_estimate_test_estimate_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_estimate_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
tests_unit_estimate_test_compare_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_compare_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
tests_unit_estimate_test_estimate_sim_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_estimate_sim_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
tests_unit_estimate_test_compare_sim_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_compare_sim_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
tests_unit_estimate_test_objects_sim_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_objects_sim_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
tests_unit_estimate_test_sizes_sim_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_sizes_sim_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
tests_unit_estimate_test_lifetimes_sim_CFLAGS = $(AS_UNIT_ESTIMATE_CFLAGS)
tests_unit_estimate_test_lifetimes_sim_LDADD = $(AS_UNIT_ESTIMATE_LDADD)
