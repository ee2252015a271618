# What the analysis tools' outputs share (the report component and
# allocsample-compare): kinds, labels and the runtimes' objects, escaping,
# text tables cut to the terminal, human units.
# Analysis side, GPL-3.0-or-later.
noinst_LTLIBRARIES += common/libascommon.la
common_libascommon_la_SOURCES = \
	common/units.c common/units.h \
	common/kinds.c common/kinds.h \
	common/labels.c common/labels.h \
	common/runtime.c common/runtime.h \
	common/escape.c common/escape.h \
	common/width.c common/width.h \
	common/grid.c common/grid.h
common_libascommon_la_CFLAGS = $(AM_CFLAGS) $(GLIB_CFLAGS)
