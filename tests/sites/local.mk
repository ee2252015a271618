# Call sites (group-by=site): workloads built with -g whose allocating
# functions and lines are known, recorded through allocsample-record --sites
# under a private lttng-sessiond (sites read from the samples' stacks), and
# the reports with and without debug-info of schema 2 and schema 1.
# Optimised as the build's CFLAGS say, like a real program; noipa in the
# sources keeps the functions apart.
SITES_C_OPTIONS = $(TRACED_CFLAGS) -g
SITES_CXX_OPTIONS = $(TRACED_CXXFLAGS) -g

check_PROGRAMS += tests/sites/sites
tests_sites_sites_CFLAGS = $(SITES_C_OPTIONS)
tests_sites_sites_LDFLAGS = $(TRACED_LINK_FLAGS)

check_PROGRAMS += tests/sites/sites-cxx
tests_sites_sites_cxx_SOURCES = tests/sites/sites-cxx.cc
tests_sites_sites_cxx_CXXFLAGS = $(SITES_CXX_OPTIONS)
tests_sites_sites_cxx_LDFLAGS = $(TRACED_LINK_FLAGS)

# A producer of schema-1 samples (before stacks), whose sites only
# filter.lttng-utils.debug-info names: the provider compiled in, no preload.
check_PROGRAMS += tests/sites/schema1-producer
tests_sites_schema1_producer_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/sites
tests_sites_schema1_producer_CFLAGS = $(WARN_CFLAGS) $(LTTNG_UST_CFLAGS) -g
tests_sites_schema1_producer_LDADD = $(LTTNG_UST_LIBS)

SITES_TESTS = tests/sites/c.sh tests/sites/cxx.sh tests/sites/no-debug-info.sh
TESTS += $(SITES_TESTS)
EXTRA_DIST += $(SITES_TESTS) tests/sites/lib.sh
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/sites/schema1-tp.h
