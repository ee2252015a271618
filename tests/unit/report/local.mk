# Check unit tests of sink.allocsample.report (plugins/report), each
# compiled with the component's sources it tests: how frames are named,
# symbol versions dropped and C++ names demangled (symbols/demangle.c:
# test-demangle); the table of live samples (aggregate/live.c: test-live,
# with the blocks a checkpoint seeds and a snapshot's gated curve); the
# sentences on the live figures, counts and their nouns and verbs
# (model/live_notes.c: test-live-notes); the note on CPython's pymalloc
# (model/program_notes.c: test-program-notes); a group's sparse lifetime buckets
# (lifetime_rates.c: test-lifetime-rates); the heap over time and its
# peak's confidence against the sampling model, simulated: a point's
# interval, the peak's, and the peak's at C failing on a flat heap
# (aggregate/heap.c: test-heap-sim, whose runs scale as the estimators'
# simulations' do: tests/unit/estimate/local.mk); each process's checkpoint
# passes (aggregate/checkpoints.c: test-checkpoints) and a stream's first
# packet read from its file (read/first_packet.c: test-first-packet).
AS_UNIT_REPORT_CFLAGS = $(AM_CFLAGS) -I$(top_srcdir)/plugins/report $(CHECK_CFLAGS) $(GLIB_CFLAGS) \
	$(BABELTRACE2_CFLAGS) $(GSL_CFLAGS)
AS_UNIT_REPORT_LDADD = common/libascommon.la estimate/libasestimate.la src/libassampler.la \
	$(CHECK_LIBS) $(GLIB_LIBS) $(GSL_LIBS) -lm
AS_UNIT_REPORT_TESTS = tests/unit/report/test-demangle tests/unit/report/test-live \
	tests/unit/report/test-live-notes tests/unit/report/test-program-notes \
	tests/unit/report/test-lifetime-rates \
	tests/unit/report/test-heap-sim tests/unit/report/test-checkpoints \
	tests/unit/report/test-first-packet
check_PROGRAMS += $(AS_UNIT_REPORT_TESTS)
TESTS += $(AS_UNIT_REPORT_TESTS)

tests_unit_report_test_demangle_SOURCES = tests/unit/report/test-demangle.c \
	plugins/report/symbols/demangle.c
tests_unit_report_test_demangle_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_demangle_LDADD = $(AS_UNIT_REPORT_LDADD) -lstdc++
tests_unit_report_test_live_SOURCES = tests/unit/report/test-live.c plugins/report/aggregate/live.c \
	plugins/report/aggregate/heap.c plugins/report/aggregate/lifetimes.c \
	plugins/report/lifetime_rates.c plugins/report/rates.c
tests_unit_report_test_live_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_live_LDADD = $(AS_UNIT_REPORT_LDADD)
tests_unit_report_test_live_notes_SOURCES = tests/unit/report/test-live-notes.c \
	plugins/report/model/live_notes.c
tests_unit_report_test_live_notes_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_live_notes_LDADD = $(AS_UNIT_REPORT_LDADD)
tests_unit_report_test_program_notes_SOURCES = tests/unit/report/test-program-notes.c \
	plugins/report/model/program_notes.c
tests_unit_report_test_program_notes_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_program_notes_LDADD = $(AS_UNIT_REPORT_LDADD)
tests_unit_report_test_lifetime_rates_SOURCES = tests/unit/report/test-lifetime-rates.c \
	plugins/report/lifetime_rates.c
tests_unit_report_test_lifetime_rates_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_lifetime_rates_LDADD = $(AS_UNIT_REPORT_LDADD)
tests_unit_report_test_heap_sim_SOURCES = tests/unit/report/test-heap-sim.c \
	plugins/report/aggregate/heap.c plugins/report/rates.c
tests_unit_report_test_heap_sim_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_heap_sim_LDADD = $(AS_UNIT_REPORT_LDADD)
tests_unit_report_test_checkpoints_SOURCES = tests/unit/report/test-checkpoints.c \
	plugins/report/aggregate/checkpoints.c
tests_unit_report_test_checkpoints_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_checkpoints_LDADD = $(AS_UNIT_REPORT_LDADD)
tests_unit_report_test_first_packet_SOURCES = tests/unit/report/test-first-packet.c \
	plugins/report/read/first_packet.c
tests_unit_report_test_first_packet_CFLAGS = $(AS_UNIT_REPORT_CFLAGS)
tests_unit_report_test_first_packet_LDADD = $(AS_UNIT_REPORT_LDADD) $(BABELTRACE2_LIBS)
