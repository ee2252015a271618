# Check unit tests of the stack walk (src/libasstack.la): every walk
# compared with libgcc's unwinder, the rules read from hand-written frames,
# the rule cache, stacks made to go wrong (test-stack-walk); the tables'
# parser on tables cut short and corrupt (test-cfi-tables).
check_PROGRAMS += tests/unit/test-stack-walk
TESTS += tests/unit/test-stack-walk

tests_unit_test_stack_walk_SOURCES = tests/unit/test-stack-walk.c
tests_unit_test_stack_walk_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(PTHREAD_CFLAGS)
tests_unit_test_stack_walk_LDADD = src/libasstack.la $(CHECK_LIBS) $(DL_LIBS) $(PTHREAD_LIBS) -lgcc_s

check_PROGRAMS += tests/unit/test-cfi-tables
TESTS += tests/unit/test-cfi-tables

tests_unit_test_cfi_tables_SOURCES = tests/unit/test-cfi-tables.c
tests_unit_test_cfi_tables_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_cfi_tables_LDADD = src/libasstack.la $(CHECK_LIBS) $(DL_LIBS)
