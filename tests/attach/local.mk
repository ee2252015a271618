# allocsample-record -p: attaching to a process started without the shim
# (tests/attach/attach.sh), as root in the harness's mount namespace.  The
# server reads its own relocation slots with the shim's slots.c.
check_PROGRAMS += tests/attach/server
tests_attach_server_SOURCES = tests/attach/server.cc src/preload/slots.c src/preload/slots.h
tests_attach_server_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_attach_server_CFLAGS = $(TRACED_CFLAGS)
tests_attach_server_CXXFLAGS = $(TRACED_CXXFLAGS)
# RUNPATH: the plugin is found by its bare name beside the test's objects.
tests_attach_server_LDFLAGS = $(TRACED_LINK_FLAGS) \
	-Wl,--enable-new-dtags -Wl,-rpath,$(abs_top_builddir)/tests/attach/.libs
tests_attach_server_LDADD = $(PTHREAD_LIBS) $(DL_LIBS)

# What the server loads and unloads by name while it is attached to.
check_LTLIBRARIES += tests/attach/attach-plugin.la
tests_attach_attach_plugin_la_SOURCES = tests/attach/plugin.c
tests_attach_attach_plugin_la_CFLAGS = $(WARN_CFLAGS)
tests_attach_attach_plugin_la_LDFLAGS = -module -avoid-version -rpath /nowhere

# A program whose one allocating thread has a name of its own (names.sh,
# duration.sh).
check_PROGRAMS += tests/attach/thread-names
tests_attach_thread_names_CFLAGS = $(TRACED_CFLAGS)
tests_attach_thread_names_LDFLAGS = $(TRACED_LINK_FLAGS)
tests_attach_thread_names_LDADD = $(PTHREAD_LIBS)

ATTACH_TESTS = tests/attach/attach.sh tests/attach/programs.sh tests/attach/late-session.sh \
	tests/attach/names.sh tests/attach/duration.sh
TESTS += $(ATTACH_TESTS)
# The compat suite attached mid-run (a minute of CPU) runs other people's
# programs through the attach that the tests above run in both builds:
# the normal build only (PLAIN_TESTS, tests/local.mk).
ATTACH_COMPAT_TESTS = tests/attach/compat.sh
PLAIN_TESTS += $(ATTACH_COMPAT_TESTS)
EXTRA_DIST += $(ATTACH_TESTS) $(ATTACH_COMPAT_TESTS) tests/attach/lib.sh tests/attach/loop.py \
	tests/attach/late-session.py
