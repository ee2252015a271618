# Check unit tests of what the analysis tools' outputs share (common/):
# one grammar for counts (test-counts), each escaping rule over every byte
# (test-escape), text tables cut to a width (test-grid), the labels of code
# and stacks and the runtimes' objects (test-labels).
AS_UNIT_COMMON_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GLIB_CFLAGS)
check_PROGRAMS += tests/unit/test-counts tests/unit/test-escape tests/unit/test-grid tests/unit/test-labels
TESTS += tests/unit/test-counts tests/unit/test-escape tests/unit/test-grid tests/unit/test-labels

tests_unit_test_escape_SOURCES = tests/unit/test-escape.c
tests_unit_test_escape_CFLAGS = $(AS_UNIT_COMMON_CFLAGS) $(JSON_GLIB_CFLAGS)
tests_unit_test_escape_LDADD = common/libascommon.la $(CHECK_LIBS) $(JSON_GLIB_LIBS) $(GLIB_LIBS)

tests_unit_test_grid_SOURCES = tests/unit/test-grid.c
tests_unit_test_grid_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_test_grid_LDADD = common/libascommon.la $(CHECK_LIBS) $(GLIB_LIBS)

tests_unit_test_labels_SOURCES = tests/unit/test-labels.c
tests_unit_test_labels_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_test_labels_LDADD = common/libascommon.la $(CHECK_LIBS) $(GLIB_LIBS)

tests_unit_test_counts_SOURCES = tests/unit/test-counts.c
tests_unit_test_counts_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_test_counts_LDADD = common/libascommon.la $(CHECK_LIBS) $(GLIB_LIBS)
