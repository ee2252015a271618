# Check unit tests of the view of a trace cut short (view/), on files made
# by hand (lib.h): LTTng's index, the packet layout the metadata declares
# and a stream file's whole packets (test-packets); a metadata text's
# whole declarations and a packetized metadata file cut where they end
# (test-metadata); the view of a trace directory, its links and the files
# it cuts (test-view).
AS_UNIT_VIEW_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(GLIB_CFLAGS)
AS_UNIT_VIEW_LDADD = view/libasview.la $(CHECK_LIBS) $(GLIB_LIBS)
AS_UNIT_VIEW_TESTS = tests/unit/view/test-packets tests/unit/view/test-metadata \
	tests/unit/view/test-view
check_PROGRAMS += $(AS_UNIT_VIEW_TESTS)
TESTS += $(AS_UNIT_VIEW_TESTS)
EXTRA_DIST += tests/unit/view/lib.h

tests_unit_view_test_packets_CFLAGS = $(AS_UNIT_VIEW_CFLAGS)
tests_unit_view_test_packets_LDADD = $(AS_UNIT_VIEW_LDADD)
tests_unit_view_test_metadata_CFLAGS = $(AS_UNIT_VIEW_CFLAGS)
tests_unit_view_test_metadata_LDADD = $(AS_UNIT_VIEW_LDADD)
tests_unit_view_test_view_CFLAGS = $(AS_UNIT_VIEW_CFLAGS)
tests_unit_view_test_view_LDADD = $(AS_UNIT_VIEW_LDADD)
