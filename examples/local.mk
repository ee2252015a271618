# The bundled example that scripts/demo traces.
noinst_PROGRAMS += examples/wordindex
examples_wordindex_SOURCES = examples/wordindex.c
examples_wordindex_CFLAGS = $(AM_CFLAGS) -pthread
examples_wordindex_LDADD = src/liballocsample.la -lpthread
# -no-install: a real binary (rpath to the build tree), not libtool's wrapper
# script, which would run sed and friends under the preload too.
examples_wordindex_LDFLAGS = -no-install
