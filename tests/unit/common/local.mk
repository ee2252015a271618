# Check unit tests of what the analysis tools' outputs share (common/):
# one grammar for counts (test-counts), each escaping rule over every byte,
# checked against json-glib (test-escape), text tables cut to a width
# (test-grid), the labels of code, stacks and size classes and the
# runtimes' objects (test-labels).
AS_UNIT_COMMON_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GLIB_CFLAGS)
AS_UNIT_COMMON_LDADD = common/libascommon.la $(CHECK_LIBS) $(GLIB_LIBS)
AS_UNIT_COMMON_TESTS = tests/unit/common/test-counts tests/unit/common/test-escape \
	tests/unit/common/test-grid tests/unit/common/test-labels
check_PROGRAMS += $(AS_UNIT_COMMON_TESTS)
TESTS += $(AS_UNIT_COMMON_TESTS)

tests_unit_common_test_counts_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_common_test_counts_LDADD = $(AS_UNIT_COMMON_LDADD)
tests_unit_common_test_escape_CFLAGS = $(AS_UNIT_COMMON_CFLAGS) $(JSON_GLIB_CFLAGS)
tests_unit_common_test_escape_LDADD = $(AS_UNIT_COMMON_LDADD) $(JSON_GLIB_LIBS)
tests_unit_common_test_grid_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_common_test_grid_LDADD = $(AS_UNIT_COMMON_LDADD)
tests_unit_common_test_labels_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_common_test_labels_LDADD = $(AS_UNIT_COMMON_LDADD)
