# allocsample-record: generated at make time so that the installation
# directories are fully expanded.
bin_SCRIPTS += src/record/allocsample-record
CLEANFILES += src/record/allocsample-record
EXTRA_DIST += src/record/allocsample-record.in

src/record/allocsample-record: $(srcdir)/src/record/allocsample-record.in Makefile
	$(AM_V_GEN)mkdir -p src/record && \
	sed -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	    -e 's|@libdir[@]|$(libdir)|g' \
	    -e 's|@bt2plugindir[@]|$(bt2plugindir)|g' \
	    -e 's|@LTTNG_UST_LIBDIR[@]|$(LTTNG_UST_LIBDIR)|g' \
	    $(srcdir)/src/record/allocsample-record.in >$@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@
