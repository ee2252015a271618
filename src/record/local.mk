# allocsample-record: generated at make time so that the installation
# directories are fully expanded.
bin_SCRIPTS += src/record/allocsample-record
CLEANFILES += src/record/allocsample-record
EXTRA_DIST += src/record/allocsample-record.in src/record/daemons.sh
# Its shared-daemon functions and clean-up, which it reads at run time:
# installed with the package's data, and copied beside it in the build tree.
pkgdata_DATA += src/record/allocsample-record-daemons.sh
CLEANFILES += src/record/allocsample-record-daemons.sh

src/record/allocsample-record-daemons.sh: $(srcdir)/src/record/daemons.sh
	$(AM_V_GEN)mkdir -p src/record && cp $(srcdir)/src/record/daemons.sh $@

src/record/allocsample-record: $(srcdir)/src/record/allocsample-record.in Makefile
	$(AM_V_GEN)mkdir -p src/record && \
	sed -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	    -e 's|@libdir[@]|$(libdir)|g' \
	    -e 's|@bt2plugindir[@]|$(bt2plugindir)|g' \
	    -e 's|@LTTNG_UST_LIBDIR[@]|$(LTTNG_UST_LIBDIR)|g' \
	    -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
	    $(srcdir)/src/record/allocsample-record.in >$@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@
