# sink.allocsample.report, the babeltrace2 plugin `allocsample` (DESIGN.md
# section 4).  Analysis side: links the estimators and so GSL,
# GPL-3.0-or-later.  Usable from the build tree with
#   babeltrace2 --plugin-path=plugins/report/.libs TRACE -c sink.allocsample.report
bt2plugin_LTLIBRARIES = plugins/report/babeltrace-plugin-allocsample.la
plugins_report_babeltrace_plugin_allocsample_la_SOURCES = \
	plugins/report/plugin.c \
	plugins/report/component.c plugins/report/component.h \
	plugins/report/params.c plugins/report/params.h \
	plugins/report/sample.c plugins/report/sample.h \
	plugins/report/site.c plugins/report/site.h \
	plugins/report/rates.c plugins/report/rates.h \
	plugins/report/table.c plugins/report/table.h \
	plugins/report/summary.c plugins/report/summary.h \
	plugins/report/window.c plugins/report/window.h \
	plugins/report/timeline.c plugins/report/timeline.h \
	plugins/report/scope.c plugins/report/scope.h \
	plugins/report/shown.c plugins/report/writer.h \
	plugins/report/text.c \
	plugins/report/csv.c \
	plugins/report/json.c \
	plugins/report/html.c
plugins_report_babeltrace_plugin_allocsample_la_CFLAGS = $(AM_CFLAGS) \
	$(BABELTRACE2_CFLAGS) $(GLIB_CFLAGS) $(LIBDW_CFLAGS)
plugins_report_babeltrace_plugin_allocsample_la_LIBADD = estimate/libasestimate.la \
	$(BABELTRACE2_LIBS) $(GLIB_LIBS) $(LIBDW_LIBS) -lm
plugins_report_babeltrace_plugin_allocsample_la_LDFLAGS = $(AM_LDFLAGS) \
	-module -avoid-version -shared -no-undefined

