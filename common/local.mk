# What the analysis tools' outputs share (the report component and
# allocsample-compare): kinds, labels and the runtimes' objects, escaping,
# text tables cut to the terminal, human units, the HTML pages' frame.
# Analysis side, GPL-3.0-or-later.
noinst_LTLIBRARIES += common/libascommon.la
common_libascommon_la_SOURCES = \
	common/units.c common/units.h \
	common/counts.c common/counts.h \
	common/kinds.c common/kinds.h \
	common/options.c common/options.h \
	common/labels.c common/labels.h \
	common/runtime.c common/runtime.h \
	common/escape.c common/escape.h \
	common/width.c common/width.h \
	common/grid.c common/grid.h \
	common/page.c common/page.h
nodist_common_libascommon_la_SOURCES = common/page-assets.c
common_libascommon_la_CFLAGS = $(AM_CFLAGS) $(GLIB_CFLAGS)

# The pages' frame and shared script stay in files of their own, compiled in.
COMMON_PAGE_ASSETS = common/page.html common/page.js
common/page-assets.c: $(COMMON_PAGE_ASSETS:%=$(srcdir)/%) $(srcdir)/common/embed.sh
	$(AM_V_GEN)$(MKDIR_P) common && \
	$(SHELL) $(srcdir)/common/embed.sh as $(COMMON_PAGE_ASSETS:%=$(srcdir)/%) >$@.tmp && \
	mv $@.tmp $@
CLEANFILES += common/page-assets.c
EXTRA_DIST += $(COMMON_PAGE_ASSETS) common/embed.sh
