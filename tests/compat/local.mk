# Compatibility tests: programs nobody on this project wrote (CPython, perl,
# sort, gzip, xz, sqlite3, git, a C++ program on the standard containers, and
# the shim over jemalloc and tcmalloc) give the same output and exit status
# with and without the shim under a recording session.  A test fails saying
# what is missing when a program or library it runs is not installed
# (scripts/setup --tests installs them).

# -no-install: no libtool wrapper script, so that LD_PRELOAD reaches the
# program itself and nothing else.
check_PROGRAMS += tests/compat/containers
tests_compat_containers_SOURCES = tests/compat/containers.cc
tests_compat_containers_CXXFLAGS = $(TRACED_CXXFLAGS) -std=c++17
tests_compat_containers_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_compat_containers_LDADD = $(PTHREAD_LIBS)

COMPAT_TESTS = tests/compat/python.sh tests/compat/perl.sh tests/compat/sort.sh \
	tests/compat/compress.sh tests/compat/sqlite.sh tests/compat/git.sh tests/compat/cxx.sh \
	tests/compat/allocators.sh
TESTS += $(COMPAT_TESTS)
EXTRA_DIST += $(COMPAT_TESTS) \
	tests/compat/lib.sh \
	tests/compat/workload.py \
	tests/compat/workload.pl \
	tests/compat/allocator-probe.py
