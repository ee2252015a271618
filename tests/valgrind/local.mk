# The report component under valgrind memcheck (doc/reliability.md), on a
# trace recorded with the report tests' programs.  Not in the sanitizer
# configuration: there the component is built with AddressSanitizer, which
# checks the same errors and cannot run under valgrind.
VALGRIND_TESTS = tests/valgrind/report.sh tests/valgrind/stacks.sh
PLAIN_TESTS += $(VALGRIND_TESTS)
EXTRA_DIST += $(VALGRIND_TESTS) tests/valgrind/lib.sh
