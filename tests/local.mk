# Every test sees where the build and the sources are (tests/lib/lttng-harness.sh).
AM_TESTS_ENVIRONMENT = \
	AS_BUILDDIR='$(abs_top_builddir)'; AS_SRCDIR='$(abs_top_srcdir)'; \
	export AS_BUILDDIR AS_SRCDIR;
EXTRA_DIST += tests/lib/lttng-harness.sh

include tests/unit/sampler.mk
include tests/unit/estimate.mk
include tests/integration/local.mk
include tests/report/local.mk
include tests/compat/local.mk
include tests/stress/local.mk
include tests/fuzz/local.mk
include tests/sites/local.mk
include tests/record/local.mk
include tests/hosts/local.mk
include tests/live/local.mk

