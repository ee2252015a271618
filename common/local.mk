# What the analysis tools' outputs share (the report component and
# allocsample-compare).  Analysis side, GPL-3.0-or-later.
noinst_LTLIBRARIES += common/libascommon.la
common_libascommon_la_SOURCES = common/units.c common/units.h \
	common/counts.c common/counts.h
common_libascommon_la_CFLAGS = $(AM_CFLAGS) $(GLIB_CFLAGS)
