# Tests of allocsample-record: the command from the build tree, as root,
# inside a private mount namespace with a tmpfs over /var/run/lttng
# (tests/lib/lttng-harness.sh), so that the daemons it starts or uses are
# the test's own.  The workload gets UBSan at most, like the integration
# tests'; -no-install: no libtool wrapper script under the preload.
check_PROGRAMS += tests/record/workload
tests_record_workload_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/workloads
tests_record_workload_CFLAGS = $(TRACED_CFLAGS)
tests_record_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_record_workload_LDADD = $(PTHREAD_LIBS) -lm
# A program that counts every block it allocates (tracer.sh).
check_PROGRAMS += tests/record/own-bytes
tests_record_own_bytes_CFLAGS = $(TRACED_CFLAGS)
tests_record_own_bytes_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_record_own_bytes_LDADD = $(PTHREAD_LIBS) $(DL_LIBS)
# A library the user preloads, whose constructor allocates (tracer.sh).
check_LTLIBRARIES += tests/record/own-early.la
tests_record_own_early_la_SOURCES = tests/record/own-early.c
tests_record_own_early_la_CFLAGS = $(TRACED_CFLAGS)
tests_record_own_early_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)
# A program that churns far more than a flight recorder holds and emits
# the shim's LiveHighWater through the shim's provider (flight-recorder.sh).
check_PROGRAMS += tests/record/flight-churn
tests_record_flight_churn_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tp
tests_record_flight_churn_CFLAGS = $(TRACED_CFLAGS)
tests_record_flight_churn_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_record_flight_churn_LDADD = $(DL_LIBS)
# A statically linked program, which LD_PRELOAD cannot reach (no-process.sh);
# no sanitizer, whose runtimes are shared libraries.
check_PROGRAMS += tests/record/static
tests_record_static_CFLAGS = $(WARN_CFLAGS)
tests_record_static_LDFLAGS = -all-static

# Options and exit statuses; signals, errors, children and daemons; reports
# that fail, programs that cannot be traced, outputs; descriptors, live
# ports, stacks, the tracer's own allocations; isolation, clean-up, a
# trace a full device cut, and the install (the longest, last).
# The shim's own code under the command: its allocations never the
# program's (tracer.sh), close_range and the descriptors lttng-ust keeps
# (closefds.sh).
RECORD_TESTS = tests/record/tracer.sh tests/record/closefds.sh
TESTS += $(RECORD_TESTS)
# The command's own behaviour (a shell script: options, statuses, signals,
# daemons, sessions, files, the install), whose C code the tests of
# integration/, report/ and stacks/ run in both builds: the normal build
# only (PLAIN_TESTS, tests/local.mk).
RECORD_PLAIN_TESTS = tests/record/install.sh tests/record/options.sh tests/record/threads.sh tests/record/exit-status.sh \
	tests/record/sigint.sh tests/record/errors.sh tests/record/children.sh tests/record/user-daemon.sh \
	tests/record/overlap.sh tests/record/report-fails.sh tests/record/builtins.sh tests/record/no-process.sh \
	tests/record/sigpipe.sh tests/record/stdout.sh tests/record/live-port.sh tests/record/stacks.sh \
	tests/record/isolation.sh tests/record/killed.sh tests/record/full-disk.sh \
	tests/record/events.sh tests/record/flight-recorder.sh tests/record/registration.sh
PLAIN_TESTS += $(RECORD_PLAIN_TESTS)
EXTRA_DIST += $(RECORD_TESTS) $(RECORD_PLAIN_TESTS) tests/record/lib.sh
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/workloads/workload.h
