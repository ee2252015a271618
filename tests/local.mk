# Every test sees where the build and the sources are (tests/lib/lttng-harness.sh).
AM_TESTS_ENVIRONMENT = \
	AS_BUILDDIR='$(abs_top_builddir)'; AS_SRCDIR='$(abs_top_srcdir)'; \
	export AS_BUILDDIR AS_SRCDIR;
# Every test's log ends with its wall and CPU times (tests/lib/timed-driver).
LOG_DRIVER = $(SHELL) $(top_srcdir)/tests/lib/timed-driver $(top_srcdir)/build-aux/test-driver
EXTRA_DIST += tests/lib/timed-driver
EXTRA_DIST += tests/README.md tests/lib/lttng-harness.sh tests/lib/results.sh tests/lib/chromium.sh tests/lib/check-run.h \
	tests/tools/ctf-discard.py

# The checks every suite shares must fail where they should.
LIB_TESTS = tests/lib/results-test.sh
TESTS += $(LIB_TESTS)
EXTRA_DIST += $(LIB_TESTS)

include tests/unit/sampler.mk
include tests/unit/estimate.mk
include tests/unit/stack.mk
include tests/unit/common.mk
include tests/integration/local.mk
include tests/report/local.mk
include tests/compat/local.mk
include tests/stress/local.mk
include tests/fuzz/local.mk
include tests/sites/local.mk
include tests/stacks/local.mk
include tests/record/local.mk
include tests/valgrind/local.mk
include tests/hosts/local.mk
include tests/live/local.mk
include tests/compare/local.mk
include tests/heap/local.mk
include tests/attach/local.mk
include tests/docs/local.mk

if ENABLE_SANITIZERS
# babeltrace2 is not built with AddressSanitizer but the report component
# it loads is, and ASan's runtime must be the first library of a process:
# during the tests, `babeltrace2` is this wrapper, which preloads it.
# Leaks are left to valgrind (doc/reliability.md): LeakSanitizer would
# report babeltrace2's and GLib's own at exit.
check_SCRIPTS = tests/sanitizer-bin/babeltrace2
CLEANFILES += tests/sanitizer-bin/babeltrace2
AM_TESTS_ENVIRONMENT += PATH='$(abs_top_builddir)/tests/sanitizer-bin':"$$PATH"; export PATH;

tests/sanitizer-bin/babeltrace2: Makefile
	$(AM_V_GEN)mkdir -p tests/sanitizer-bin && \
	{ echo '#!/bin/sh'; \
	  echo 'LD_PRELOAD="$(ASAN_RUNTIME)$${LD_PRELOAD:+:$$LD_PRELOAD}" ASAN_OPTIONS="detect_leaks=0$${ASAN_OPTIONS:+:$$ASAN_OPTIONS}" exec $(BABELTRACE2_PROGRAM) "$$@"'; \
	} >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@
endif
