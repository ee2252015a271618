# The bundled examples: wordindex, which scripts/demo traces, and server,
# the `./server` of the documents' commands (tests/docs/commands.sh runs
# them as written).
noinst_PROGRAMS += examples/wordindex examples/server
examples_wordindex_SOURCES = examples/wordindex.c
# They run under the shim, so a sanitizer build gives them UBSan at most, as
# the tests' workloads: AddressSanitizer must be a process's first library.
# -no-install: a real binary (rpath to the build tree), not libtool's wrapper
# script, which would run sed and friends under the preload too.
examples_wordindex_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -pthread
examples_wordindex_LDADD = src/liballocsample.la -lpthread
examples_wordindex_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
examples_server_SOURCES = examples/server.c
examples_server_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS) -pthread
examples_server_LDADD = src/liballocsample.la -lpthread
examples_server_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
