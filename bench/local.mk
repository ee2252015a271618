# Benchmarks (doc/performance.md).  Built by `make`, never run by `make
# check`: their figures are to watch, not to assert.  They get no
# sanitizers, which would replace the malloc being measured.
noinst_PROGRAMS += bench/alloc-loop bench/new-loop bench/mixed-threads bench/event-storm \
	bench/unwinders bench/deep-alloc bench/attach-target bench/live-blocks
bench_alloc_loop_SOURCES = bench/alloc-loop.c
bench_alloc_loop_CFLAGS = $(WARN_CFLAGS)
bench_alloc_loop_LDFLAGS =
bench_new_loop_SOURCES = bench/new-loop.cc
bench_new_loop_CXXFLAGS = $(WARN_CXXFLAGS)
bench_new_loop_LDFLAGS =
bench_mixed_threads_SOURCES = bench/mixed-threads.c
bench_mixed_threads_CFLAGS = $(WARN_CFLAGS) $(PTHREAD_CFLAGS)
bench_mixed_threads_LDADD = $(PTHREAD_LIBS)
bench_mixed_threads_LDFLAGS =
bench_event_storm_SOURCES = bench/event-storm.c
bench_event_storm_CFLAGS = $(WARN_CFLAGS) $(PTHREAD_CFLAGS)
bench_event_storm_LDADD = $(PTHREAD_LIBS)
bench_event_storm_LDFLAGS =
bench_attach_target_SOURCES = bench/attach-target.c
bench_attach_target_CFLAGS = $(WARN_CFLAGS) $(PTHREAD_CFLAGS)
bench_attach_target_LDADD = $(PTHREAD_LIBS) $(DL_LIBS)
bench_attach_target_LDFLAGS =
bench_deep_alloc_SOURCES = bench/deep-alloc.c
bench_deep_alloc_CFLAGS = $(WARN_CFLAGS)
bench_deep_alloc_LDFLAGS =
bench_live_blocks_SOURCES = bench/live-blocks.c
bench_live_blocks_CFLAGS = $(WARN_CFLAGS)
bench_live_blocks_LDFLAGS =
# The unwinders compared (doc/sampling.md, "Stacks"): the walks live in a
# shared object of their own, as the shim's do in liballocsample.so.
bench_unwinders_SOURCES = bench/unwinders.c bench/unwind-walkers.h
bench_unwinders_CFLAGS = $(WARN_CFLAGS) $(PTHREAD_CFLAGS) -fno-omit-frame-pointer
bench_unwinders_LDADD = $(DL_LIBS) $(PTHREAD_LIBS)
bench_unwinders_LDFLAGS =
noinst_LTLIBRARIES += bench/unwind-walkers.la
bench_unwind_walkers_la_SOURCES = bench/unwind-walkers.c bench/unwind-walkers.h
bench_unwind_walkers_la_CFLAGS = $(WARN_CFLAGS) -fvisibility=hidden -fno-omit-frame-pointer \
	$(LIBUNWIND_CFLAGS)
# libgcc_s before libunwind, whose _Unwind_* would otherwise come first.
bench_unwind_walkers_la_LIBADD = src/libasstack.la -lgcc_s $(LIBUNWIND_LIBS) $(DL_LIBS)
# SAN_INPROCESS_FLAGS: libasstack carries UBSan in a sanitizer build.
bench_unwind_walkers_la_LDFLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere

EXTRA_DIST += bench/lib.sh bench/checkpoint-cost.sh bench/instructions.sh bench/record-sample.sh bench/isolation-cost.sh bench/walltime.sh bench/report.sh bench/record-cost.sh \
	bench/stack-cost.sh bench/sample-cost.sh bench/attach.sh \
	bench/peers.sh bench/peers/big-tu.cc bench/peers/sqlite-workload.sh bench/peers/stdlib-work.py \
	bench/peers/tables.awk \
	bench/workload.py \
	bench/workload.pl

# As root: `make bench-instructions`, `make bench-walltime`,
# `make bench-report`, `make bench-record`, `make bench-stack`,
# `make bench-sample`, `make bench-isolation`, `make bench-attach`,
# `make bench-checkpoints`, `make bench-record-sample`, or all ten with `make bench`; `make bench-peers` (20 to 25 minutes) on its own.
.PHONY: bench bench-instructions bench-walltime bench-report bench-record bench-stack bench-sample \
	bench-isolation bench-attach bench-checkpoints bench-peers bench-record-sample
bench: bench-instructions bench-walltime bench-report bench-record bench-stack bench-sample \
	bench-isolation bench-attach bench-checkpoints bench-record-sample
bench-record-sample: all
	$(SHELL) $(srcdir)/bench/record-sample.sh '$(abs_top_builddir)'
bench-checkpoints: all
	$(SHELL) $(srcdir)/bench/checkpoint-cost.sh '$(abs_top_builddir)'
bench-instructions: all
	$(SHELL) $(srcdir)/bench/instructions.sh '$(abs_top_builddir)'
bench-walltime: all
	$(SHELL) $(srcdir)/bench/walltime.sh '$(abs_top_builddir)'
bench-report: all
	$(SHELL) $(srcdir)/bench/report.sh '$(abs_top_builddir)'
bench-record: all
	$(SHELL) $(srcdir)/bench/record-cost.sh '$(abs_top_builddir)'
bench-stack: all
	$(SHELL) $(srcdir)/bench/stack-cost.sh '$(abs_top_builddir)'
bench-sample: all
	$(SHELL) $(srcdir)/bench/sample-cost.sh '$(abs_top_builddir)'
bench-isolation: all
	$(SHELL) $(srcdir)/bench/isolation-cost.sh '$(abs_top_builddir)'
bench-attach: all
	$(SHELL) $(srcdir)/bench/attach.sh '$(abs_top_builddir)'
bench-peers: all
	$(SHELL) $(srcdir)/bench/peers.sh '$(abs_top_builddir)'
