# The view of a trace whose files end inside a packet (view/view.h):
# libasview, which allocsample-compare links, and the program
# allocsample-trace-view, which allocsample-record runs, installed in the
# package's libexec directory.  Analysis side, GPL-3.0-or-later.
noinst_LTLIBRARIES += view/libasview.la
view_libasview_la_SOURCES = \
	view/view.c view/view.h \
	view/mirror.c view/mirror.h \
	view/metadata.c view/metadata.h \
	view/tsdl.c view/tsdl.h \
	view/stream.c view/stream.h \
	view/layout.c view/layout.h \
	view/index.c view/index.h \
	view/bytes.h
view_libasview_la_CFLAGS = $(AM_CFLAGS) $(GLIB_CFLAGS)

pkglibexec_PROGRAMS += view/allocsample-trace-view
view_allocsample_trace_view_SOURCES = view/main.c
view_allocsample_trace_view_CFLAGS = $(AM_CFLAGS) $(GLIB_CFLAGS)
view_allocsample_trace_view_LDADD = view/libasview.la $(GLIB_LIBS)
