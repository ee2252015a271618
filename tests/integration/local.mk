# Integration tests of the traced-process half: the workloads below run under
# a private, real lttng-sessiond (tests/lib/lttng-harness.sh), traced through
# the preload shim or the typed API, and babeltrace2 reads what they left.
#
# The workloads get UBSan at most (SAN_INPROCESS_FLAGS), never ASan: ASan
# replaces malloc and insists on coming before the preloaded shim.

INTEG_C_OPTIONS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
INTEG_CXX_OPTIONS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
# -no-install: no libtool wrapper script, so that LD_PRELOAD and fork see
# the workload itself.
INTEG_LD_OPTIONS = $(SAN_INPROCESS_FLAGS) -no-install

check_PROGRAMS += tests/tools/poisson-interval
tests_tools_poisson_interval_SOURCES = tests/tools/poisson-interval.c
tests_tools_poisson_interval_CFLAGS = $(WARN_CFLAGS) $(SAN_FLAGS) $(GSL_CFLAGS)
tests_tools_poisson_interval_LDADD = $(GSL_LIBS)

check_PROGRAMS += tests/workloads/threads
tests_workloads_threads_SOURCES = tests/workloads/threads.c tests/workloads/workload.h
tests_workloads_threads_CFLAGS = $(INTEG_C_OPTIONS)
tests_workloads_threads_LDFLAGS = $(INTEG_LD_OPTIONS)
tests_workloads_threads_LDADD = $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/workloads/cxx
tests_workloads_cxx_SOURCES = tests/workloads/cxx.cc tests/workloads/workload.h
tests_workloads_cxx_CXXFLAGS = $(INTEG_CXX_OPTIONS)
tests_workloads_cxx_LDFLAGS = $(INTEG_LD_OPTIONS)
tests_workloads_cxx_LDADD = src/liballocsample.la $(PTHREAD_LIBS) -lm

check_PROGRAMS += tests/workloads/typed
tests_workloads_typed_SOURCES = tests/workloads/typed.c tests/workloads/workload.h
tests_workloads_typed_CFLAGS = $(INTEG_C_OPTIONS)
tests_workloads_typed_LDFLAGS = $(INTEG_LD_OPTIONS)
tests_workloads_typed_LDADD = src/liballocsample.la $(PTHREAD_LIBS) -lm

# Built as threads is.
check_PROGRAMS += tests/workloads/fork
tests_workloads_fork_SOURCES = tests/workloads/fork.c tests/workloads/workload.h
tests_workloads_fork_CFLAGS = $(tests_workloads_threads_CFLAGS)
tests_workloads_fork_LDFLAGS = $(tests_workloads_threads_LDFLAGS)
tests_workloads_fork_LDADD = $(tests_workloads_threads_LDADD)

check_PROGRAMS += tests/workloads/errors
tests_workloads_errors_SOURCES = tests/workloads/errors.c
tests_workloads_errors_CFLAGS = $(INTEG_C_OPTIONS)
tests_workloads_errors_LDFLAGS = $(INTEG_LD_OPTIONS)

# The stacks workload, built as the issue asks: -O2 -g, once as GCC builds
# by default (no frame pointers) and once with them; and the two modules of
# its dlopen check (tests/workloads/stacks-module.c says why two).
STACKS_OPTIONS = $(INTEG_C_OPTIONS) -O2 -g
check_PROGRAMS += tests/workloads/stacks tests/workloads/stacks-fp
tests_workloads_stacks_SOURCES = tests/workloads/stacks.c tests/workloads/workload.h
tests_workloads_stacks_CFLAGS = $(STACKS_OPTIONS)
tests_workloads_stacks_LDFLAGS = $(INTEG_LD_OPTIONS)
tests_workloads_stacks_LDADD = src/liballocsample.la $(DL_LIBS) $(PTHREAD_LIBS) -lm
tests_workloads_stacks_fp_SOURCES = tests/workloads/stacks.c tests/workloads/workload.h
tests_workloads_stacks_fp_CFLAGS = $(STACKS_OPTIONS) -fno-omit-frame-pointer
tests_workloads_stacks_fp_LDFLAGS = $(INTEG_LD_OPTIONS)
tests_workloads_stacks_fp_LDADD = src/liballocsample.la $(DL_LIBS) $(PTHREAD_LIBS) -lm
check_LTLIBRARIES += tests/workloads/stacks-module-a.la tests/workloads/stacks-module-b.la
STACKS_MODULE_LDFLAGS = $(SAN_INPROCESS_FLAGS) -module -avoid-version -rpath /nowhere
tests_workloads_stacks_module_a_la_SOURCES = tests/workloads/stacks-module.c
tests_workloads_stacks_module_a_la_CPPFLAGS = -DFRAME_BYTES=0x88 -DZERO_AT=0x80
tests_workloads_stacks_module_a_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS)
tests_workloads_stacks_module_a_la_LDFLAGS = $(STACKS_MODULE_LDFLAGS)
tests_workloads_stacks_module_b_la_SOURCES = tests/workloads/stacks-module.c
tests_workloads_stacks_module_b_la_CPPFLAGS = -DFRAME_BYTES=0x1008 -DZERO_AT=0x88
tests_workloads_stacks_module_b_la_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS)
tests_workloads_stacks_module_b_la_LDFLAGS = $(STACKS_MODULE_LDFLAGS)

check_PROGRAMS += tests/workloads/frees tests/workloads/free-faults
tests_workloads_frees_SOURCES = tests/workloads/frees.cc
tests_workloads_frees_CXXFLAGS = $(INTEG_CXX_OPTIONS) -fno-builtin
tests_workloads_frees_LDFLAGS = $(INTEG_LD_OPTIONS)
tests_workloads_frees_LDADD = src/liballocsample.la $(PTHREAD_LIBS)
tests_workloads_free_faults_SOURCES = tests/workloads/free-faults.c
tests_workloads_free_faults_CFLAGS = $(INTEG_C_OPTIONS) -fno-builtin
tests_workloads_free_faults_LDFLAGS = $(INTEG_LD_OPTIONS)

check_PROGRAMS += tests/workloads/reused
tests_workloads_reused_SOURCES = tests/workloads/reused.c
tests_workloads_reused_CFLAGS = $(INTEG_C_OPTIONS) -fno-builtin
tests_workloads_reused_LDFLAGS = $(INTEG_LD_OPTIONS)

INTEGRATION_TESTS = \
	tests/integration/threads.sh \
	tests/integration/cxx.sh \
	tests/integration/typed.sh \
	tests/integration/fork.sh \
	tests/integration/errors.sh \
	tests/integration/no-session.sh \
	tests/integration/stacks.sh \
	tests/integration/frees.sh \
	tests/integration/free-faults.sh \
	tests/integration/reused.sh
TESTS += $(INTEGRATION_TESTS)
EXTRA_DIST += $(INTEGRATION_TESTS) tests/integration/lib.sh
