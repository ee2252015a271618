# Check unit tests of what the analysis tools' outputs share (common/).
check_PROGRAMS += tests/unit/test-counts
TESTS += tests/unit/test-counts
tests_unit_test_counts_SOURCES = tests/unit/test-counts.c
tests_unit_test_counts_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GLIB_CFLAGS)
tests_unit_test_counts_LDADD = common/libascommon.la $(CHECK_LIBS) $(GLIB_LIBS)
