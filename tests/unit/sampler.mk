# Check unit tests of the sampler (src/libassampler.la): the sampling model,
# the environment settings and the per-thread seeding.
# ALLOCSAMPLE_TEST_THOROUGH=1 makes the statistical tests ten times longer.
AS_UNIT_SAMPLER_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS) $(PTHREAD_CFLAGS)
AS_UNIT_SAMPLER_LDADD = src/libassampler.la $(CHECK_LIBS) $(GSL_LIBS) $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/unit/test-sampler tests/unit/test-settings tests/unit/test-thread-seed \
	tests/unit/test-sampled-set
TESTS += tests/unit/test-sampler tests/unit/test-settings tests/unit/test-thread-seed \
	tests/unit/test-sampled-set

tests_unit_test_sampler_SOURCES = tests/unit/test-sampler.c tests/unit/stats.h
tests_unit_test_sampler_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_test_sampler_LDADD = $(AS_UNIT_SAMPLER_LDADD)

tests_unit_test_settings_SOURCES = tests/unit/test-settings.c
tests_unit_test_settings_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_test_settings_LDADD = $(AS_UNIT_SAMPLER_LDADD)

tests_unit_test_thread_seed_SOURCES = tests/unit/test-thread-seed.c tests/unit/stats.h
tests_unit_test_thread_seed_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_test_thread_seed_LDADD = $(AS_UNIT_SAMPLER_LDADD)

tests_unit_test_sampled_set_SOURCES = tests/unit/test-sampled-set.c
tests_unit_test_sampled_set_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_test_sampled_set_LDADD = $(AS_UNIT_SAMPLER_LDADD)
