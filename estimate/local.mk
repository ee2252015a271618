# The estimators (doc/design.md section 3, doc/estimation.md) and the
# comparison of two runs (compare.h): analysis side only, used by the report
# component, allocsample-compare and the unit tests.  Links GSL:
# GPL-3.0-or-later, never loaded into traced programs.
noinst_LTLIBRARIES += estimate/libasestimate.la
estimate_libasestimate_la_SOURCES = \
	estimate/estimate.c estimate/estimate.h \
	estimate/negbin.c \
	estimate/gamma.c estimate/gamma.h \
	estimate/objects.c \
	estimate/size_class.c \
	estimate/lifetimes.c estimate/lifetimes.h \
	estimate/compare.c estimate/compare.h \
	estimate/ratio_cdf.c \
	estimate/multiple.c
estimate_libasestimate_la_CFLAGS = $(AM_CFLAGS) $(GSL_CFLAGS)
estimate_libasestimate_la_LIBADD = $(GSL_LIBS) -lm
EXTRA_DIST += doc/estimation.md
