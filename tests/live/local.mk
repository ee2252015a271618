# Live sessions: an lttng-relayd on loopback, started and stopped by the
# tests, read by sink.allocsample.report through source.ctf.lttng-live with
# update-interval, and allocsample-record --live end to end.
check_PROGRAMS += tests/live/live-workload
tests_live_live_workload_CFLAGS = $(TRACED_CFLAGS)
tests_live_live_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_live_live_workload_LDADD = src/liballocsample.la $(PTHREAD_LIBS)

LIVE_TESTS = tests/live/live.sh
TESTS += $(LIVE_TESTS)
# allocsample-record --live, the command's relayd and viewer (a shell
# script) around the component's live path that live.sh runs in both
# builds: the normal build only (PLAIN_TESTS, tests/local.mk).
LIVE_PLAIN_TESTS = tests/live/record-live.sh
PLAIN_TESTS += $(LIVE_PLAIN_TESTS)
EXTRA_DIST += $(LIVE_TESTS) $(LIVE_PLAIN_TESTS) tests/live/lib.sh
