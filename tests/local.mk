# Every test sees where the build and the sources are (tests/lib/lttng-harness.sh).
# No test asks the user's debuginfod servers (a login shell's
# DEBUGINFOD_URLS on Debian): the report would fetch the debug files of
# every binary of a stack over the network, and name frames the test
# expects unnamed; a test that needs a server starts its own.
AM_TESTS_ENVIRONMENT = \
	AS_BUILDDIR='$(abs_top_builddir)'; AS_SRCDIR='$(abs_top_srcdir)'; \
	export AS_BUILDDIR AS_SRCDIR; unset DEBUGINFOD_URLS;
# Every test's log ends with its wall and CPU times (tests/lib/timed-driver).
LOG_DRIVER = $(SHELL) $(top_srcdir)/tests/lib/timed-driver $(top_srcdir)/build-aux/test-driver
EXTRA_DIST += tests/README.md tests/lib/timed-driver tests/lib/lttng-harness.sh tests/lib/results.sh \
	tests/lib/tools.sh tests/lib/compat.sh tests/lib/relayd.sh tests/lib/install.sh tests/lib/chromium.sh \
	tests/lib/check-run.h tests/lib/stats.h tests/tools/ctf-discard.py

# Which tests the sanitizer configuration runs again.  It builds the
# report component, allocsample-compare and the libraries they share with
# AddressSanitizer and UBSan, and the code loaded into traced programs with
# UBSan: it runs every test of that C code (the unit tests' simulations in
# memory mode, tests/lib/stats.h).  What no sanitizer sees into goes to
# PLAIN_TESTS, which only the normal build runs: the tests whose subject is
# a shell script (allocsample-record's own behaviour), the documents, the
# install, the suite's own layout, and the fuzzers and valgrind, which
# bring their own instruments.  Each folder says which of its tests and why.
PLAIN_TESTS =

# The checks every suite shares must fail where they should, and the
# suite's one fixture layer stays one.
LIB_TESTS = tests/lib/results-test.sh tests/lib/fixtures.sh
EXTRA_DIST += $(LIB_TESTS)

# The install that the tests of an installed allocsample copy over its
# prefix (tests/lib/install.sh): this tree installed under tests/stage
# (DESTDIR), afresh at every `make check` and before any test runs.
# libtool relinks a library in place as it installs it (it moves
# .libs/liballocsample-preload.so aside, links the copy for the prefix
# there, then moves the original back), so an install while tests run
# would hand them a shim half written or linked for the prefix.  The
# sanitizer configuration runs no test of an install.
if !ENABLE_SANITIZERS
check_DATA = tests/stage
tests/stage: $(check_PROGRAMS) $(check_LTLIBRARIES)
	$(AM_V_GEN)rm -rf $@ && \
	$(MAKE) $(AM_MAKEFLAGS) install DESTDIR='$(abs_builddir)/$@' >$@.out 2>&1 || \
	{ tail -n 20 $@.out; rm -rf $@; exit 1; }
endif
.PHONY: tests/stage
clean-local:
	rm -rf tests/stage tests/stage.out

# How the programs the tests trace are built (each folder's local.mk):
# UBSan at most, never ASan, which insists on being the first library of a
# process and would replace the malloc the shim interposes; -no-install:
# no libtool wrapper script, so that LD_PRELOAD, fork and exec reach the
# program itself.  A module such a program loads is never installed:
# -rpath only makes libtool build a shared object.
TRACED_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
TRACED_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
TRACED_LINK_FLAGS = $(SAN_INPROCESS_FLAGS) -no-install
TRACED_MODULE_LINK_FLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere

# In the order the tests start (make check -j starts the scripts in the
# order of TESTS): the longest first, so that none of them is left running
# alone at the end: attach/ and profile/, then the tests of the normal
# build only (PLAIN_TESTS, whose order is that of their folders' includes:
# attach/compat.sh, profile/coverage.sh's sixty recordings,
# docs/commands.sh and record/install.sh first), then
# the rest.  The Check programs start after the scripts whatever their
# place (automake's rule for config.h, a prerequisite of every program,
# waits for a job slot first): the simulations, the longest of them, then
# run side by side at the end, where they keep both cores busy.
include tests/attach/local.mk
include tests/profile/local.mk
include tests/docs/local.mk
include tests/record/local.mk
include tests/flight/local.mk
include tests/fuzz/local.mk
include tests/unit/estimate/local.mk
include tests/unit/report/local.mk
if !ENABLE_SANITIZERS
TESTS += $(PLAIN_TESTS)
endif
PLAIN_TESTS += $(LIB_TESTS)
include tests/unit/sampler/local.mk
include tests/unit/stack/local.mk
include tests/unit/common/local.mk
include tests/unit/view/local.mk
include tests/heap/local.mk
include tests/report/local.mk
include tests/stress/local.mk
include tests/compat/local.mk
include tests/integration/local.mk
include tests/sites/local.mk
include tests/stacks/local.mk
include tests/symbols/local.mk
include tests/valgrind/local.mk
include tests/hosts/local.mk
include tests/live/local.mk
include tests/compare/local.mk

if ENABLE_SANITIZERS
# babeltrace2 is not built with AddressSanitizer but the report component
# it loads is, and ASan's runtime must be the first library of a process:
# during the tests, `babeltrace2` is this wrapper, which preloads it.
# Leaks are left to valgrind (doc/reliability.md): LeakSanitizer would
# report babeltrace2's and GLib's own at exit.  allocsample-trace-view is
# built with ASan, but allocsample-record runs it with the user's
# LD_PRELOAD, which a test sets (tests/record/tracer.sh): the same
# wrapper keeps ASan's runtime first there (tests/lib/tools.sh).
check_SCRIPTS = tests/sanitizer-bin/babeltrace2 tests/sanitizer-bin/allocsample-trace-view
CLEANFILES += tests/sanitizer-bin/babeltrace2 tests/sanitizer-bin/allocsample-trace-view
AM_TESTS_ENVIRONMENT += PATH='$(abs_top_builddir)/tests/sanitizer-bin':"$$PATH"; export PATH;
# The simulations' statistics are judged in the normal build: here the
# statistical unit tests run a twentieth of their runs, in memory mode
# (tests/lib/stats.h), the same code for the sanitizers to watch, and the
# simulations print their figures without judging them.
AM_TESTS_ENVIRONMENT += ALLOCSAMPLE_TEST_MEMORY=1; export ALLOCSAMPLE_TEST_MEMORY;

tests/sanitizer-bin/babeltrace2: Makefile
	$(AM_V_GEN)mkdir -p tests/sanitizer-bin && \
	{ echo '#!/bin/sh'; \
	  echo 'LD_PRELOAD="$(ASAN_RUNTIME)$${LD_PRELOAD:+:$$LD_PRELOAD}" ASAN_OPTIONS="detect_leaks=0$${ASAN_OPTIONS:+:$$ASAN_OPTIONS}" exec $(BABELTRACE2_PROGRAM) "$$@"'; \
	} >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@

tests/sanitizer-bin/allocsample-trace-view: Makefile
	$(AM_V_GEN)mkdir -p tests/sanitizer-bin && \
	{ echo '#!/bin/sh'; \
	  echo 'LD_PRELOAD="$(ASAN_RUNTIME)$${LD_PRELOAD:+:$$LD_PRELOAD}" exec $(abs_top_builddir)/view/allocsample-trace-view "$$@"'; \
	} >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@
endif
