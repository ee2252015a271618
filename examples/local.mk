# The bundled example that scripts/demo traces.
noinst_PROGRAMS += examples/wordindex
examples_wordindex_SOURCES = examples/wordindex.c
# It runs under the shim, so a sanitizer build gives it UBSan at most, as
# the tests' workloads: AddressSanitizer must be a process's first library.
# -no-install: a real binary (rpath to the build tree), not libtool's wrapper
# script, which would run sed and friends under the preload too.
examples_wordindex_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -pthread
examples_wordindex_LDADD = src/liballocsample.la -lpthread
examples_wordindex_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
