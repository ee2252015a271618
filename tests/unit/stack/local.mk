# Check unit tests of the stack walk (src/libasstack.la): every walk
# compared with libgcc's unwinder, the rules read from hand-written frames,
# the rule cache, stacks made to go wrong (test-stack-walk); the tables'
# parser on tables cut short and corrupt (test-cfi-tables).
AS_UNIT_STACK_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(PTHREAD_CFLAGS)
AS_UNIT_STACK_LDADD = src/libasstack.la $(CHECK_LIBS) $(DL_LIBS) $(PTHREAD_LIBS) -lgcc_s
AS_UNIT_STACK_TESTS = tests/unit/stack/test-stack-walk tests/unit/stack/test-cfi-tables
check_PROGRAMS += $(AS_UNIT_STACK_TESTS)
TESTS += $(AS_UNIT_STACK_TESTS)

tests_unit_stack_test_stack_walk_CFLAGS = $(AS_UNIT_STACK_CFLAGS)
tests_unit_stack_test_stack_walk_LDADD = $(AS_UNIT_STACK_LDADD)
tests_unit_stack_test_cfi_tables_CFLAGS = $(AS_UNIT_STACK_CFLAGS)
tests_unit_stack_test_cfi_tables_LDADD = $(AS_UNIT_STACK_LDADD)
