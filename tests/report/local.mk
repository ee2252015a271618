# Tests of sink.allocsample.report: real traces recorded with a private
# lttng-sessiond (tests/lib/lttng-harness.sh), read by the plugin from the
# build tree.  Workloads are built as every traced program is
# (TRACED_CFLAGS, tests/local.mk).

check_PROGRAMS += tests/report/typed-workload
tests_report_typed_workload_CFLAGS = $(TRACED_CFLAGS)
tests_report_typed_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_typed_workload_LDADD = src/liballocsample.la $(PTHREAD_LIBS)

check_PROGRAMS += tests/report/sizes-workload
tests_report_sizes_workload_CFLAGS = $(TRACED_CFLAGS)
tests_report_sizes_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_sizes_workload_LDADD = $(PTHREAD_LIBS)

check_PROGRAMS += tests/report/rates-workload
tests_report_rates_workload_CFLAGS = $(TRACED_CFLAGS)
tests_report_rates_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_rates_workload_LDADD = src/liballocsample.la

check_PROGRAMS += tests/report/phases-workload
tests_report_phases_workload_CFLAGS = $(TRACED_CFLAGS)
tests_report_phases_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_phases_workload_LDADD = src/liballocsample.la

check_PROGRAMS += tests/report/names-workload
tests_report_names_workload_CFLAGS = $(TRACED_CFLAGS)
tests_report_names_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_names_workload_LDADD = $(PTHREAD_LIBS)

check_PROGRAMS += tests/report/tables-workload
tests_report_tables_workload_CFLAGS = $(TRACED_CFLAGS) -g -fno-optimize-sibling-calls
tests_report_tables_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_tables_workload_LDADD = $(PTHREAD_LIBS)

REPORT_TESTS = tests/report/names.sh tests/report/params.sh tests/report/first-look.sh \
	tests/report/typed.sh tests/report/sizes.sh tests/report/rates.sh tests/report/worker.sh \
	tests/report/golden.sh tests/report/loss.sh tests/report/contexts.sh tests/report/incompatible.sh \
	tests/report/window.sh tests/report/html.sh tests/report/heap-html.sh tests/report/tables.sh \
	tests/report/pymalloc.sh \
	tests/report/unsampled.sh
TESTS += $(REPORT_TESTS)
# The stages' includes, read from the sources: the normal build only
# (PLAIN_TESTS, tests/local.mk).
REPORT_PLAIN_TESTS = tests/report/stages.sh
PLAIN_TESTS += $(REPORT_PLAIN_TESTS)
EXTRA_DIST += $(REPORT_TESTS) $(REPORT_PLAIN_TESTS) tests/report/lib.sh tests/report/heap-geometry.js \
	tests/report/text.expect tests/report/csv.expect tests/report/json.expect \
	tests/report/png-check.py

# Incompatible producers: the provider compiled in, no preload.
BAD_PRODUCER_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/report
BAD_PRODUCER_CFLAGS = $(WARN_CFLAGS) $(LTTNG_UST_CFLAGS)
BAD_PRODUCER_LIBS = $(LTTNG_UST_LIBS)
check_PROGRAMS += tests/report/bad-producer-size-string tests/report/bad-producer-no-offset \
	tests/report/bad-producer-schema-future
tests_report_bad_producer_size_string_SOURCES = tests/report/bad-producer.c tests/report/bad-producer-tp.h
tests_report_bad_producer_size_string_CPPFLAGS = $(BAD_PRODUCER_CPPFLAGS) -DBAD_VARIANT=1
tests_report_bad_producer_size_string_CFLAGS = $(BAD_PRODUCER_CFLAGS)
tests_report_bad_producer_size_string_LDADD = $(BAD_PRODUCER_LIBS)
tests_report_bad_producer_no_offset_SOURCES = tests/report/bad-producer.c tests/report/bad-producer-tp.h
tests_report_bad_producer_no_offset_CPPFLAGS = $(BAD_PRODUCER_CPPFLAGS) -DBAD_VARIANT=2
tests_report_bad_producer_no_offset_CFLAGS = $(BAD_PRODUCER_CFLAGS)
tests_report_bad_producer_no_offset_LDADD = $(BAD_PRODUCER_LIBS)
tests_report_bad_producer_schema_future_SOURCES = tests/report/bad-producer.c tests/report/bad-producer-tp.h
tests_report_bad_producer_schema_future_CPPFLAGS = $(BAD_PRODUCER_CPPFLAGS) -DBAD_VARIANT=3
tests_report_bad_producer_schema_future_CFLAGS = $(BAD_PRODUCER_CFLAGS)
tests_report_bad_producer_schema_future_LDADD = $(BAD_PRODUCER_LIBS)

# Hostile or broken input, and the traced program under losses
# (doc/reliability.md).  impossible-producer has the real provider
# (tp/allocsample-tp.h) compiled in and emits values the shim never does;
# loss-program runs under the shim, so it gets UBSan at most.
check_PROGRAMS += tests/report/impossible-producer tests/report/loss-program
tests_report_impossible_producer_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tp
tests_report_impossible_producer_CFLAGS = $(BAD_PRODUCER_CFLAGS)
tests_report_impossible_producer_LDADD = $(BAD_PRODUCER_LIBS)
tests_report_loss_program_CFLAGS = $(TRACED_CFLAGS)
tests_report_loss_program_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_loss_program_LDADD = $(PTHREAD_LIBS)
# The live heap (schema 3, and the attach's events of schema 4): a
# producer of known live samples, with the real provider compiled in; and
# the same under schema 3's URI, which the report still reads.
check_PROGRAMS += tests/report/live-producer tests/report/live-producer-schema-3
tests_report_live_producer_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tp
tests_report_live_producer_CFLAGS = $(BAD_PRODUCER_CFLAGS) $(PTHREAD_CFLAGS)
tests_report_live_producer_LDADD = $(BAD_PRODUCER_LIBS) $(PTHREAD_LIBS)
tests_report_live_producer_schema_3_SOURCES = tests/report/live-producer.c
tests_report_live_producer_schema_3_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tp \
	-DALLOCSAMPLE_SCHEMA_URI='"urn:x-allocsample:schema:3"'
tests_report_live_producer_schema_3_CFLAGS = $(BAD_PRODUCER_CFLAGS) $(PTHREAD_CFLAGS)
tests_report_live_producer_schema_3_LDADD = $(BAD_PRODUCER_LIBS) $(PTHREAD_LIBS)
# Temporary bytes and lifetimes end to end: a program whose four threads
# free their blocks at once, after 20 ms, after 300 ms or never, recorded
# through allocsample-record (tests/report/lifetimes.sh); built with and
# without frame pointers, as the stacks tests' programs are
# (tests/stacks/local.mk), since its paths are also told apart by stack.
check_PROGRAMS += tests/report/lifetimes-program-fp tests/report/lifetimes-program-nofp
tests_report_lifetimes_program_fp_SOURCES = tests/report/lifetimes-program.c tests/heap/truth.h
tests_report_lifetimes_program_fp_CFLAGS = $(TRACED_CFLAGS) -O2 -g -fno-omit-frame-pointer
tests_report_lifetimes_program_fp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_lifetimes_program_fp_LDADD = $(PTHREAD_LIBS)
tests_report_lifetimes_program_nofp_SOURCES = tests/report/lifetimes-program.c tests/heap/truth.h
tests_report_lifetimes_program_nofp_CFLAGS = $(TRACED_CFLAGS) -O2 -g -fomit-frame-pointer
tests_report_lifetimes_program_nofp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_lifetimes_program_nofp_LDADD = $(PTHREAD_LIBS)

# Blocks freed at once, each life timed by the program's own clock
# (tests/report/lifetime-floor.sh).
check_PROGRAMS += tests/report/floor-program
tests_report_floor_program_CFLAGS = $(TRACED_CFLAGS)
tests_report_floor_program_LDFLAGS = $(TRACED_LINK_FLAGS)

LIVE_REPORT_TESTS = tests/report/live.sh tests/report/live-window.sh tests/report/lifetimes.sh \
	tests/report/lifetime-floor.sh
TESTS += $(LIVE_REPORT_TESTS)
EXTRA_DIST += $(LIVE_REPORT_TESTS)

ROBUSTNESS_TESTS = tests/report/loss-program.sh tests/report/truncated.sh \
	tests/report/no-events.sh tests/report/impossible.sh
TESTS += $(ROBUSTNESS_TESTS)
EXTRA_DIST += $(ROBUSTNESS_TESTS)

# Scopes from other events: a workload with its own provider (scopetest)
# compiled in, allocating through malloc under the preload shim.
check_PROGRAMS += tests/report/scopes-workload
tests_report_scopes_workload_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/report
tests_report_scopes_workload_CFLAGS = $(WARN_CFLAGS) $(PTHREAD_CFLAGS) $(LTTNG_UST_CFLAGS)
tests_report_scopes_workload_LDFLAGS = -no-install
tests_report_scopes_workload_LDADD = $(LTTNG_UST_LIBS) $(PTHREAD_LIBS)
SCOPE_TESTS = tests/report/scopes.sh
TESTS += $(SCOPE_TESTS)
EXTRA_DIST += $(SCOPE_TESTS)

# Stacks (schema 2): a program of known call tree whose events carry real
# stacks (its own provider, allocsample's sampler), the same provider with
# a `stack` of the wrong type, and with schema 1's event (no stacks).  Built so that every call keeps its
# frame: the call tree is the test's truth.  UBSan at most, like the
# sampler it links.
STACK_PRODUCER_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/report -I$(top_srcdir)/src
STACK_PRODUCER_CXXFLAGS = $(TRACED_CXXFLAGS) \
	$(LTTNG_UST_CFLAGS) -O2 -g -fno-omit-frame-pointer -fno-optimize-sibling-calls
STACK_PRODUCER_LIBS = src/libassampler.la $(LTTNG_UST_LIBS) $(PTHREAD_LIBS)
check_PROGRAMS += tests/report/stack-producer tests/report/stack-producer-bad-stack \
	tests/report/stack-producer-schema-1
tests_report_stack_producer_SOURCES = tests/report/stack-producer.cc tests/report/stack-producer-tp.h
tests_report_stack_producer_CPPFLAGS = $(STACK_PRODUCER_CPPFLAGS)
tests_report_stack_producer_CXXFLAGS = $(STACK_PRODUCER_CXXFLAGS)
tests_report_stack_producer_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_stack_producer_LDADD = $(STACK_PRODUCER_LIBS)
tests_report_stack_producer_bad_stack_SOURCES = tests/report/stack-producer.cc tests/report/stack-producer-tp.h
tests_report_stack_producer_bad_stack_CPPFLAGS = $(STACK_PRODUCER_CPPFLAGS) -DBAD_STACK
tests_report_stack_producer_bad_stack_CXXFLAGS = $(STACK_PRODUCER_CXXFLAGS)
tests_report_stack_producer_bad_stack_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_stack_producer_bad_stack_LDADD = $(STACK_PRODUCER_LIBS)
tests_report_stack_producer_schema_1_SOURCES = tests/report/stack-producer.cc tests/report/stack-producer-tp.h
tests_report_stack_producer_schema_1_CPPFLAGS = $(STACK_PRODUCER_CPPFLAGS) -DSCHEMA_1
tests_report_stack_producer_schema_1_CXXFLAGS = $(STACK_PRODUCER_CXXFLAGS)
tests_report_stack_producer_schema_1_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_stack_producer_schema_1_LDADD = $(STACK_PRODUCER_LIBS)

# Stack groups, the call tree, object counts and every fallback, on the
# traces of stack-producer.
STACK_REPORT_TESTS = tests/report/stack-groups.sh tests/report/stack-fallbacks.sh
TESTS += $(STACK_REPORT_TESTS)
EXTRA_DIST += $(STACK_REPORT_TESTS)

# The stack formats (folded, pprof, the page's flame graph) on a workload of
# known call paths under the preload shim: -g for the report's files and
# lines, no sibling calls so that every function stays on the stack.
check_PROGRAMS += tests/report/stacks-workload
tests_report_stacks_workload_CFLAGS = $(TRACED_CFLAGS) -g -fno-optimize-sibling-calls
tests_report_stacks_workload_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_report_stacks_workload_LDADD = $(PTHREAD_LIBS)
STACK_FORMAT_TESTS = tests/report/folded.sh tests/report/pprof.sh tests/report/flamegraph.sh
TESTS += $(STACK_FORMAT_TESTS)
EXTRA_DIST += $(STACK_FORMAT_TESTS) tests/report/flame-frames.py
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/report/scopes-workload-tp.h tests/workloads/workload.h
# A flight recorder's trace: a producer of samples, frees and checkpoint
# passes in exact sequences at rate 1, with the real provider compiled in
# (tests/report/snapshot.sh, snapshot-quiet.sh).
check_PROGRAMS += tests/report/checkpoint-producer
tests_report_checkpoint_producer_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tp
tests_report_checkpoint_producer_CFLAGS = $(BAD_PRODUCER_CFLAGS) $(PTHREAD_CFLAGS)
tests_report_checkpoint_producer_LDADD = $(BAD_PRODUCER_LIBS) $(PTHREAD_LIBS)
SNAPSHOT_REPORT_TESTS = tests/report/snapshot.sh tests/report/snapshot-quiet.sh
TESTS += $(SNAPSHOT_REPORT_TESTS)
EXTRA_DIST += $(SNAPSHOT_REPORT_TESTS)
