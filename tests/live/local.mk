# Live sessions: an lttng-relayd on loopback, started and stopped by the
# tests, read by sink.allocsample.report through source.ctf.lttng-live with
# update-interval, and allocsample-record --live end to end.
check_PROGRAMS += tests/live/live-workload
tests_live_live_workload_SOURCES = tests/live/live-workload.c
tests_live_live_workload_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
tests_live_live_workload_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_live_live_workload_LDADD = src/liballocsample.la $(PTHREAD_LIBS)

LIVE_TESTS = \
	tests/live/live.sh \
	tests/live/record-live.sh
TESTS += $(LIVE_TESTS)
EXTRA_DIST += $(LIVE_TESTS) tests/live/lib.sh
