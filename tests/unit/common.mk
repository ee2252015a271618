# Check unit tests of what the analysis tools' outputs share (common/):
# each escaping rule over every byte (test-escape), text tables cut to a
# width (test-grid).
AS_UNIT_COMMON_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GLIB_CFLAGS)
check_PROGRAMS += tests/unit/test-escape tests/unit/test-grid
TESTS += tests/unit/test-escape tests/unit/test-grid

tests_unit_test_escape_SOURCES = tests/unit/test-escape.c
tests_unit_test_escape_CFLAGS = $(AS_UNIT_COMMON_CFLAGS) $(JSON_GLIB_CFLAGS)
tests_unit_test_escape_LDADD = common/libascommon.la $(CHECK_LIBS) $(JSON_GLIB_LIBS) $(GLIB_LIBS)

tests_unit_test_grid_SOURCES = tests/unit/test-grid.c
tests_unit_test_grid_CFLAGS = $(AS_UNIT_COMMON_CFLAGS)
tests_unit_test_grid_LDADD = common/libascommon.la $(CHECK_LIBS) $(GLIB_LIBS)
