# allocsample-record: generated at make time so that the installation
# directories are fully expanded.
bin_SCRIPTS += src/record/allocsample-record
CLEANFILES += src/record/allocsample-record
EXTRA_DIST += src/record/allocsample-record.in $(RECORD_PARTS:%=src/record/%.sh) src/record/attach.py
# Its parts, one job each, which it reads at run time: installed with the
# package's data as allocsample-record-PART.sh, and copied beside it, under
# those names, in the build tree.
RECORD_PARTS = options daemons run live report attach flight
pkgdata_DATA += $(RECORD_PARTS:%=src/record/allocsample-record-%.sh)
CLEANFILES += $(RECORD_PARTS:%=src/record/allocsample-record-%.sh)

src/record/allocsample-record-options.sh: $(srcdir)/src/record/options.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/options.sh $@
src/record/allocsample-record-daemons.sh: $(srcdir)/src/record/daemons.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/daemons.sh $@
src/record/allocsample-record-run.sh: $(srcdir)/src/record/run.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/run.sh $@
src/record/allocsample-record-live.sh: $(srcdir)/src/record/live.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/live.sh $@
src/record/allocsample-record-report.sh: $(srcdir)/src/record/report.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/report.sh $@
src/record/allocsample-record-attach.sh: $(srcdir)/src/record/attach.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/attach.sh $@
src/record/allocsample-record-flight.sh: $(srcdir)/src/record/flight.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/flight.sh $@
# gdb's part of -p.
pkgdata_DATA += src/record/allocsample-record-attach.py
CLEANFILES += src/record/allocsample-record-attach.py
src/record/allocsample-record-attach.py: $(srcdir)/src/record/attach.py
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/attach.py $@

src/record/allocsample-record: $(srcdir)/src/record/allocsample-record.in Makefile
	$(AM_V_GEN)mkdir -p src/record && \
	sed -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	    -e 's|@libdir[@]|$(libdir)|g' \
	    -e 's|@bt2plugindir[@]|$(bt2plugindir)|g' \
	    -e 's|@LTTNG_UST_LIBDIR[@]|$(LTTNG_UST_LIBDIR)|g' \
	    -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
	    -e 's|@pkglibexecdir[@]|$(pkglibexecdir)|g' \
	    $(srcdir)/src/record/allocsample-record.in >$@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@
