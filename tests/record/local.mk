# Tests of allocsample-record: the command from the build tree, as root,
# inside a private mount namespace with a tmpfs over /var/run/lttng
# (tests/lib/lttng-harness.sh), so that the daemons it starts or uses are
# the test's own.  The workload gets UBSan at most, like the integration
# tests'; -no-install: no libtool wrapper script under the preload.
check_PROGRAMS += tests/record/workload
tests_record_workload_SOURCES = tests/record/workload.c tests/workloads/workload.h
tests_record_workload_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/workloads
tests_record_workload_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
tests_record_workload_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_record_workload_LDADD = $(PTHREAD_LIBS) -lm

RECORD_TESTS = \
	tests/record/options.sh \
	tests/record/threads.sh \
	tests/record/exit-status.sh \
	tests/record/sigint.sh \
	tests/record/errors.sh \
	tests/record/children.sh \
	tests/record/user-daemon.sh
TESTS += $(RECORD_TESTS)
EXTRA_DIST += $(RECORD_TESTS) tests/record/lib.sh
