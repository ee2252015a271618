# The estimators (DESIGN.md section 3, doc/estimation.md): analysis side
# only, used by the report component and the unit tests.  Links GSL:
# GPL-3.0-or-later, never loaded into traced programs.
noinst_LTLIBRARIES += src/estimate/libasestimate.la
src_estimate_libasestimate_la_SOURCES = \
	src/estimate/estimate.c src/estimate/estimate.h \
	src/estimate/negbin.c
src_estimate_libasestimate_la_CFLAGS = $(AM_CFLAGS) $(GSL_CFLAGS)
src_estimate_libasestimate_la_LIBADD = $(GSL_LIBS) -lm
EXTRA_DIST += doc/estimation.md
