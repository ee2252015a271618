# Frames named by build id (doc/report-formats.md, "Stacks"): a program
# recorded through allocsample-record, then removed, stripped or replaced
# by another build at its path, and named from a debug file found under
# /usr/lib/debug/.build-id or served by a real debuginfod on the loopback;
# without one, the report says which binary stayed unnamed and why.  The
# program has a build id (as gcc gives it by default: said here, since the
# tests need one) and its DWARF; named-other is the same source under
# other names, the other build that replaces it.
NAMED_CFLAGS = $(TRACED_CFLAGS) -g -fno-optimize-sibling-calls
NAMED_LINK_FLAGS = $(TRACED_LINK_FLAGS) -Wl,--build-id

check_PROGRAMS += tests/symbols/named tests/symbols/named-other
tests_symbols_named_CFLAGS = $(NAMED_CFLAGS)
tests_symbols_named_LDFLAGS = $(NAMED_LINK_FLAGS)
tests_symbols_named_other_SOURCES = tests/symbols/named.c
tests_symbols_named_other_CFLAGS = $(NAMED_CFLAGS) -DOTHER_BUILD
tests_symbols_named_other_LDFLAGS = $(NAMED_LINK_FLAGS)

SYMBOLS_TESTS = tests/symbols/debuginfod.sh tests/symbols/debug-dir.sh
TESTS += $(SYMBOLS_TESTS)
EXTRA_DIST += $(SYMBOLS_TESTS) tests/symbols/lib.sh
