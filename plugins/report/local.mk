# sink.allocsample.report, the babeltrace2 plugin `allocsample` (doc/design.md
# section 4; its stages are described at the top of component.h).  Analysis
# side: links the estimators and so GSL, GPL-3.0-or-later.  Usable from the
# build tree with
#   babeltrace2 --plugin-path=plugins/report/.libs TRACE -c sink.allocsample.report
bt2plugin_LTLIBRARIES = plugins/report/babeltrace-plugin-allocsample.la
plugins_report_babeltrace_plugin_allocsample_la_SOURCES = \
	plugins/report/plugin.c \
	plugins/report/component.c plugins/report/component.h \
	plugins/report/params.c plugins/report/params.h \
	plugins/report/query.c plugins/report/query.h \
	plugins/report/messages.c plugins/report/messages.h \
	plugins/report/worker.c plugins/report/worker.h \
	plugins/report/read/fields.c plugins/report/read/fields.h \
	plugins/report/read/class_cache.c plugins/report/read/class_cache.h \
	plugins/report/read/sample.c plugins/report/read/sample.h \
	plugins/report/read/free_event.c plugins/report/read/free_event.h \
	plugins/report/read/process_name.c plugins/report/read/process_name.h \
	plugins/report/read/scope_event.c plugins/report/read/scope_event.h \
	plugins/report/read/site.c plugins/report/read/site.h \
	plugins/report/read/mapping_event.c plugins/report/read/mapping_event.h \
	plugins/report/read/checkpoint_event.c plugins/report/read/checkpoint_event.h \
	plugins/report/read/first_packet.c plugins/report/read/first_packet.h \
	plugins/report/symbols/binary.c plugins/report/symbols/binary.h \
	plugins/report/symbols/site.c plugins/report/symbols/site.h \
	plugins/report/symbols/symbols.c plugins/report/symbols/symbols.h \
	plugins/report/symbols/locate.c plugins/report/symbols/locate.h \
	plugins/report/symbols/debuginfod.c plugins/report/symbols/debuginfod.h \
	plugins/report/symbols/demangle.c plugins/report/symbols/demangle.h \
	plugins/report/aggregate/aggregate.c plugins/report/aggregate/aggregate.h \
	plugins/report/aggregate/traces.c plugins/report/aggregate/traces.h \
	plugins/report/aggregate/table.c plugins/report/aggregate/table.h \
	plugins/report/aggregate/live.c plugins/report/aggregate/live.h \
	plugins/report/aggregate/heap.c plugins/report/aggregate/heap.h \
	plugins/report/aggregate/lifetimes.c plugins/report/aggregate/lifetimes.h \
	plugins/report/aggregate/window.c plugins/report/aggregate/window.h \
	plugins/report/aggregate/scopes.c plugins/report/aggregate/scopes.h \
	plugins/report/aggregate/maps.c plugins/report/aggregate/maps.h \
	plugins/report/aggregate/stacks.c plugins/report/aggregate/stacks.h \
	plugins/report/aggregate/sizes.c plugins/report/aggregate/sizes.h \
	plugins/report/aggregate/checkpoints.c plugins/report/aggregate/checkpoints.h \
	plugins/report/model/model.c plugins/report/model/model.h \
	plugins/report/model/summary.c plugins/report/model/summary.h \
	plugins/report/model/lifetime_parts.c plugins/report/model/lifetime_parts.h \
	plugins/report/model/survival.c \
	plugins/report/model/names.c plugins/report/model/site_names.c \
	plugins/report/model/timeline.c plugins/report/model/timeline.h \
	plugins/report/model/heap.c plugins/report/model/heap.h \
	plugins/report/model/scopes.c plugins/report/model/scopes.h \
	plugins/report/model/stack.h \
	plugins/report/model/resolve.c plugins/report/model/resolve.h \
	plugins/report/model/at.c plugins/report/model/at.h \
	plugins/report/model/call_tree.c plugins/report/model/call_tree.h \
	plugins/report/model/sizes.c plugins/report/model/sizes.h
# The sink sees only its own tree and the estimators, never src/.
plugins_report_babeltrace_plugin_allocsample_la_CPPFLAGS = -include $(top_builddir)/config.h \
	-I$(top_srcdir) -I$(top_srcdir)/plugins/report -I$(top_builddir)/plugins/report
plugins_report_babeltrace_plugin_allocsample_la_CFLAGS = $(AM_CFLAGS) \
	$(BABELTRACE2_CFLAGS) $(GLIB_CFLAGS) $(LIBDW_CFLAGS) $(PROTOBUF_C_CFLAGS) $(ZLIB_CFLAGS) \
	$(PTHREAD_CFLAGS)
plugins_report_babeltrace_plugin_allocsample_la_LIBADD = plugins/report/libasrwriters.la \
	estimate/libasestimate.la common/libascommon.la \
	$(BABELTRACE2_LIBS) $(GLIB_LIBS) $(LIBDW_LIBS) $(PROTOBUF_C_LIBS) $(ZLIB_LIBS) -lm \
	$(PTHREAD_LIBS) $(DL_LIBS)
# Only babeltrace2's entry points are exported: the plugin's calls to its
# own functions, a dozen per event, are then direct, not through the PLT.
plugins_report_babeltrace_plugin_allocsample_la_LDFLAGS = $(AM_LDFLAGS) \
	-module -avoid-version -shared -no-undefined -export-symbols-regex '^__bt_'
# C++ frames are named with the C++ runtime's __cxa_demangle (symbols/demangle.c).
plugins_report_babeltrace_plugin_allocsample_la_LIBADD += -lstdc++

# The formats, and the parts of the model they call or that estimate a
# group from its sums (doc/design.md section 4, "Two programs print a
# model"): a library linked whole into the component and, the parts it
# uses, into allocsample-profile (profile/), which prints models built
# from pprof profiles.  Nothing in it reads a trace or calls babeltrace2,
# whose headers the model's include still.
noinst_LTLIBRARIES += plugins/report/libasrwriters.la
plugins_report_libasrwriters_la_SOURCES = \
	plugins/report/params.h plugins/report/param_names.c \
	plugins/report/rates.c plugins/report/rates.h \
	plugins/report/lifetime_rates.c plugins/report/lifetime_rates.h \
	plugins/report/model/group_key.c plugins/report/model/shown.c \
	plugins/report/model/selection.c plugins/report/model/group_order.c \
	plugins/report/model/group_estimates.c \
	plugins/report/model/temporary.c plugins/report/model/lifetime_quantiles.c \
	plugins/report/model/live_notes.c plugins/report/model/live_notes.h \
	plugins/report/model/program_notes.c plugins/report/model/program_notes.h \
	plugins/report/model/functions.c plugins/report/model/functions.h \
	plugins/report/model/stack_leaf.c plugins/report/model/stack_table.c \
	plugins/report/format/writer.h plugins/report/format/writers.c \
	plugins/report/format/text.h plugins/report/format/text.c \
	plugins/report/format/grid.c \
	plugins/report/format/text_timeline.c plugins/report/format/text_scopes.c \
	plugins/report/format/text_stacks.c plugins/report/format/text_heap.c \
	plugins/report/format/text_functions.c \
	plugins/report/format/text_sizes.c plugins/report/format/text_temporary.c \
	plugins/report/format/csv.c \
	plugins/report/format/json.c \
	plugins/report/format/html.c \
	plugins/report/format/folded.c \
	plugins/report/format/pprof.c \
	plugins/report/format/pprof_build.c plugins/report/format/pprof_build.h \
	plugins/report/format/pprof_values.h \
	plugins/report/format/update.c \
	plugins/report/format/warnings.c
nodist_plugins_report_libasrwriters_la_SOURCES = \
	plugins/report/format/page.c \
	plugins/report/format/profile.pb-c.c plugins/report/format/profile.pb-c.h
plugins_report_libasrwriters_la_CPPFLAGS = $(plugins_report_babeltrace_plugin_allocsample_la_CPPFLAGS)
plugins_report_libasrwriters_la_CFLAGS = $(AM_CFLAGS) \
	$(BABELTRACE2_CFLAGS) $(GLIB_CFLAGS) $(PROTOBUF_C_CFLAGS) $(ZLIB_CFLAGS)

# The HTML page's style and script stay in files of their own, compiled in
# (the page's frame is common/page.html).
PAGE_ASSETS = plugins/report/format/page.css plugins/report/format/page.js
plugins/report/format/page.c: $(PAGE_ASSETS:%=$(srcdir)/%) $(srcdir)/common/embed.sh
	$(AM_V_GEN)$(MKDIR_P) plugins/report/format && \
	$(SHELL) $(srcdir)/common/embed.sh asr $(PAGE_ASSETS:%=$(srcdir)/%) >$@.tmp && \
	mv $@.tmp $@
CLEANFILES += plugins/report/format/page.c
EXTRA_DIST += $(PAGE_ASSETS)

# format=pprof: protoc-c writes the profile's message code from
# profile.proto.  One rule writes both files, the header's recovers when
# only it was removed (automake's manual, "Multiple Outputs"); the
# plugin's objects wait for the header, which pprof.c includes.
PROFILE_PROTO = plugins/report/format/profile.proto
plugins/report/format/profile.pb-c.c: $(srcdir)/$(PROFILE_PROTO)
	$(AM_V_GEN)$(MKDIR_P) plugins/report/format && \
	$(PROTOC_C) --proto_path=$(srcdir)/plugins/report/format \
		--c_out=plugins/report/format $(srcdir)/$(PROFILE_PROTO)
plugins/report/format/profile.pb-c.h: plugins/report/format/profile.pb-c.c
	@test -f $@ || rm -f plugins/report/format/profile.pb-c.c
	@test -f $@ || $(MAKE) $(AM_MAKEFLAGS) plugins/report/format/profile.pb-c.c
$(plugins_report_libasrwriters_la_OBJECTS): plugins/report/format/profile.pb-c.h
CLEANFILES += plugins/report/format/profile.pb-c.c plugins/report/format/profile.pb-c.h
EXTRA_DIST += $(PROFILE_PROTO)
