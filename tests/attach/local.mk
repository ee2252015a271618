# allocsample-record -p: attaching to a process started without the shim
# (tests/attach/attach.sh), as root in the harness's mount namespace.  The
# server reads its own relocation slots with the shim's slots.c.
check_PROGRAMS += tests/attach/server
tests_attach_server_SOURCES = tests/attach/server.cc src/preload/slots.c src/preload/slots.h
tests_attach_server_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_attach_server_CFLAGS = $(WARN_CFLAGS) $(SAN_INPROCESS_FLAGS)
tests_attach_server_CXXFLAGS = $(WARN_CXXFLAGS) $(SAN_INPROCESS_FLAGS) $(PTHREAD_CFLAGS)
tests_attach_server_LDFLAGS = $(SAN_INPROCESS_FLAGS) -no-install
tests_attach_server_LDADD = $(PTHREAD_LIBS) $(DL_LIBS)

ATTACH_TESTS = tests/attach/attach.sh
TESTS += $(ATTACH_TESTS)
EXTRA_DIST += $(ATTACH_TESTS)
