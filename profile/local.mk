# allocsample-profile: the report of a sum of pprof profiles, every
# interval computed again from the sums format=pprof writes (profile/
# profile.h, doc/report-formats.md, "Sums of profiles").  Analysis side,
# GPL-3.0-or-later: the report's model and writers
# (plugins/report/libasrwriters.la, the parts it uses), the estimators
# (GSL), protobuf-c and zlib; no babeltrace2 but the headers the model's
# include.
bin_PROGRAMS += profile/allocsample-profile
profile_allocsample_profile_SOURCES = \
	profile/profile.h profile/main.c profile/options.c profile/read.c \
	profile/stacks.c profile/samples.c profile/sum.c profile/report.c
profile_allocsample_profile_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/plugins/report \
	-I$(top_builddir)/plugins/report
profile_allocsample_profile_CFLAGS = $(AM_CFLAGS) $(BABELTRACE2_CFLAGS) $(LIBDW_CFLAGS) \
	$(GLIB_CFLAGS) $(PROTOBUF_C_CFLAGS) $(ZLIB_CFLAGS) $(GSL_CFLAGS)
profile_allocsample_profile_LDADD = plugins/report/libasrwriters.la \
	estimate/libasestimate.la common/libascommon.la \
	$(GLIB_LIBS) $(PROTOBUF_C_LIBS) $(ZLIB_LIBS) -lm
# The message's header is generated (plugins/report/local.mk).
$(profile_allocsample_profile_OBJECTS): plugins/report/format/profile.pb-c.h
