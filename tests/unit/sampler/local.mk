# Check unit tests of the sampler (src/libassampler.la): the sampling model
# (test-sampler), the environment settings (test-settings), the per-thread
# seeding (test-thread-seed), the set of sampled addresses
# (test-sampled-set) and the checkpoint table with the live bytes' marks
# (test-checkpoint-table).  ALLOCSAMPLE_TEST_THOROUGH=1 makes the statistical
# tests ten times longer, the sanitizer build a twentieth as long
# (tests/lib/stats.h).
AS_UNIT_SAMPLER_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GSL_CFLAGS) $(PTHREAD_CFLAGS)
AS_UNIT_SAMPLER_LDADD = src/libassampler.la $(CHECK_LIBS) $(GSL_LIBS) $(PTHREAD_LIBS) -lm
AS_UNIT_SAMPLER_TESTS = tests/unit/sampler/test-sampler tests/unit/sampler/test-settings \
	tests/unit/sampler/test-thread-seed tests/unit/sampler/test-sampled-set \
	tests/unit/sampler/test-checkpoint-table
check_PROGRAMS += $(AS_UNIT_SAMPLER_TESTS)
TESTS += $(AS_UNIT_SAMPLER_TESTS)

tests_unit_sampler_test_sampler_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_sampler_test_sampler_LDADD = $(AS_UNIT_SAMPLER_LDADD)
tests_unit_sampler_test_settings_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_sampler_test_settings_LDADD = $(AS_UNIT_SAMPLER_LDADD)
tests_unit_sampler_test_thread_seed_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_sampler_test_thread_seed_LDADD = $(AS_UNIT_SAMPLER_LDADD)
tests_unit_sampler_test_sampled_set_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_sampler_test_sampled_set_LDADD = $(AS_UNIT_SAMPLER_LDADD)
tests_unit_sampler_test_checkpoint_table_CFLAGS = $(AS_UNIT_SAMPLER_CFLAGS)
tests_unit_sampler_test_checkpoint_table_LDADD = $(AS_UNIT_SAMPLER_LDADD)
