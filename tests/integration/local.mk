# Integration tests of the traced-process half: the workloads below run under
# a private, real lttng-sessiond (tests/lib/lttng-harness.sh), traced through
# the preload shim or the typed API, and babeltrace2 reads what they left.
# Built as every traced program is (TRACED_CFLAGS, tests/local.mk).

check_PROGRAMS += tests/tools/poisson-interval
tests_tools_poisson_interval_CFLAGS = $(WARN_CFLAGS) $(SAN_FLAGS) $(GSL_CFLAGS)
tests_tools_poisson_interval_LDADD = $(GSL_LIBS)

check_PROGRAMS += tests/workloads/threads
tests_workloads_threads_CFLAGS = $(TRACED_CFLAGS)
tests_workloads_threads_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_threads_LDADD = $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/workloads/cxx
tests_workloads_cxx_SOURCES = tests/workloads/cxx.cc tests/workloads/workload.h
tests_workloads_cxx_CXXFLAGS = $(TRACED_CXXFLAGS)
tests_workloads_cxx_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_cxx_LDADD = src/liballocsample.la $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/workloads/typed
tests_workloads_typed_CFLAGS = $(TRACED_CFLAGS)
tests_workloads_typed_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_typed_LDADD = src/liballocsample.la $(PTHREAD_LIBS) -lm

# Built as threads is.
check_PROGRAMS += tests/workloads/fork
tests_workloads_fork_CFLAGS = $(tests_workloads_threads_CFLAGS)
tests_workloads_fork_LDFLAGS = $(tests_workloads_threads_LDFLAGS)
tests_workloads_fork_LDADD = $(tests_workloads_threads_LDADD)

check_PROGRAMS += tests/workloads/errors
tests_workloads_errors_CFLAGS = $(TRACED_CFLAGS)
tests_workloads_errors_LDFLAGS = $(TRACED_LINK_FLAGS)

# The stacks workload, built as the issue asks: -O2 -g, once as GCC builds
# by default (no frame pointers) and once with them; and the two modules of
# its dlopen check (tests/workloads/stacks-module.c says why two).
STACKS_OPTIONS = $(TRACED_CFLAGS) -O2 -g
check_PROGRAMS += tests/workloads/stacks tests/workloads/stacks-fp
tests_workloads_stacks_CFLAGS = $(STACKS_OPTIONS)
tests_workloads_stacks_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_stacks_LDADD = src/liballocsample.la $(DL_LIBS) $(PTHREAD_LIBS) -lm
tests_workloads_stacks_fp_SOURCES = tests/workloads/stacks.c tests/workloads/workload.h
tests_workloads_stacks_fp_CFLAGS = $(STACKS_OPTIONS) -fno-omit-frame-pointer
tests_workloads_stacks_fp_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_stacks_fp_LDADD = src/liballocsample.la $(DL_LIBS) $(PTHREAD_LIBS) -lm
check_LTLIBRARIES += tests/workloads/stacks-module-a.la tests/workloads/stacks-module-b.la
tests_workloads_stacks_module_a_la_SOURCES = tests/workloads/stacks-module.c
tests_workloads_stacks_module_a_la_CPPFLAGS = -DFRAME_BYTES=0x88 -DZERO_AT=0x80
tests_workloads_stacks_module_a_la_CFLAGS = $(TRACED_CFLAGS)
tests_workloads_stacks_module_a_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)
tests_workloads_stacks_module_b_la_SOURCES = tests/workloads/stacks-module.c
tests_workloads_stacks_module_b_la_CPPFLAGS = -DFRAME_BYTES=0x1008 -DZERO_AT=0x88
tests_workloads_stacks_module_b_la_CFLAGS = $(TRACED_CFLAGS)
tests_workloads_stacks_module_b_la_LDFLAGS = $(TRACED_MODULE_LINK_FLAGS)

check_PROGRAMS += tests/workloads/frees tests/workloads/free-faults
tests_workloads_frees_SOURCES = tests/workloads/frees.cc
tests_workloads_frees_CXXFLAGS = $(TRACED_CXXFLAGS) -fno-builtin
tests_workloads_frees_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_frees_LDADD = src/liballocsample.la $(PTHREAD_LIBS)
tests_workloads_free_faults_CFLAGS = $(TRACED_CFLAGS) -fno-builtin
tests_workloads_free_faults_LDFLAGS = $(TRACED_LINK_FLAGS)

check_PROGRAMS += tests/workloads/reused
tests_workloads_reused_CFLAGS = $(TRACED_CFLAGS) -fno-builtin
tests_workloads_reused_LDFLAGS = $(TRACED_LINK_FLAGS)

check_PROGRAMS += tests/workloads/small-reuse
tests_workloads_small_reuse_CFLAGS = $(TRACED_CFLAGS) -fno-builtin
tests_workloads_small_reuse_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_small_reuse_LDADD = $(PTHREAD_LIBS)

check_PROGRAMS += tests/workloads/realloc-grow
tests_workloads_realloc_grow_CFLAGS = $(TRACED_CFLAGS) -fno-builtin
tests_workloads_realloc_grow_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_realloc_grow_LDADD = $(PTHREAD_LIBS)

check_PROGRAMS += tests/workloads/first-free
tests_workloads_first_free_CFLAGS = $(TRACED_CFLAGS) -fno-builtin
tests_workloads_first_free_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_workloads_first_free_LDADD = src/liballocsample.la $(PTHREAD_LIBS)

INTEGRATION_TESTS = tests/integration/threads.sh tests/integration/cxx.sh \
	tests/integration/typed.sh tests/integration/fork.sh tests/integration/errors.sh \
	tests/integration/no-session.sh tests/integration/stacks.sh tests/integration/frees.sh \
	tests/integration/free-faults.sh tests/integration/reused.sh tests/integration/first-free.sh \
	tests/integration/small-reuse.sh tests/integration/realloc-grow.sh
TESTS += $(INTEGRATION_TESTS)
EXTRA_DIST += $(INTEGRATION_TESTS) tests/integration/lib.sh
# Headers of the programs above, whose one source is named after them.
EXTRA_DIST += tests/workloads/workload.h

# The checkpoints' workload (checkpoints.sh, checkpoint-fork.sh, checkpoint-off.sh, high-water.sh).
check_PROGRAMS += tests/workloads/checkpoints
tests_workloads_checkpoints_CFLAGS = $(TRACED_CFLAGS) -fno-builtin
tests_workloads_checkpoints_LDFLAGS = $(TRACED_LINK_FLAGS)

CHECKPOINT_TESTS = tests/integration/checkpoints.sh tests/integration/checkpoint-fork.sh \
	tests/integration/checkpoint-off.sh tests/integration/high-water.sh
TESTS += $(CHECKPOINT_TESTS)
EXTRA_DIST += $(CHECKPOINT_TESTS)
