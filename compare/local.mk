# allocsample-compare: two runs compared group by group (doc/compare.md).
# Analysis side, GPL-3.0-or-later: links the estimators (GSL), the view of a
# trace cut short (view/) and json-glib.
bin_PROGRAMS += compare/allocsample-compare
compare_allocsample_compare_SOURCES = \
	compare/compare.h compare/main.c compare/options.c \
	compare/source.c compare/parts.c compare/trace.c compare/report.c \
	compare/match.c compare/label.c compare/verdict.c compare/units.c \
	compare/fields.h compare/fields.c \
	compare/text.c compare/csv.c compare/json.c compare/html.c
nodist_compare_allocsample_compare_SOURCES = compare/page-assets.c
compare_allocsample_compare_CPPFLAGS = $(AM_CPPFLAGS) -DBT2PLUGINDIR='"$(bt2plugindir)"' \
	-DPKGLIBEXECDIR='"$(pkglibexecdir)"' -DABS_TOP_BUILDDIR='"$(abs_top_builddir)"'
compare_allocsample_compare_CFLAGS = $(AM_CFLAGS) $(JSON_GLIB_CFLAGS) $(GLIB_CFLAGS) $(GSL_CFLAGS)
compare_allocsample_compare_LDADD = estimate/libasestimate.la common/libascommon.la view/libasview.la \
	$(JSON_GLIB_LIBS) $(GLIB_LIBS) -lm

# The page's style and script stay in files of their own, compiled in (the
# page's frame is common/page.html).
COMPARE_PAGE_ASSETS = compare/compare-page.css compare/compare-page.js
compare/page-assets.c: $(COMPARE_PAGE_ASSETS:%=$(srcdir)/%) $(srcdir)/common/embed.sh
	$(AM_V_GEN)$(MKDIR_P) compare && \
	$(SHELL) $(srcdir)/common/embed.sh asc $(COMPARE_PAGE_ASSETS:%=$(srcdir)/%) >$@.tmp && \
	mv $@.tmp $@
CLEANFILES += compare/page-assets.c
EXTRA_DIST += $(COMPARE_PAGE_ASSETS)
