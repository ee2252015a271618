/* site.h - the call sites of schema-1 samples, from the fields filter.lttng-utils.debug-info adds. */
#ifndef ALLOCSAMPLE_REPORT_READ_SITE_H
#define ALLOCSAMPLE_REPORT_READ_SITE_H

#include <glib.h>

#include "symbols/site.h"

struct asr_site_resolver {
	GHashTable *locations;  /* debug-info `bin` string -> const struct asr_site * */
	GHashTable *sites;      /* struct asr_site * (key and value), owned */
	GHashTable *binaries;   /* path -> struct asr_binary *, owned */
};

/* GLib aborts when out of memory, so these cannot fail. */
void asr_site_resolver_init(struct asr_site_resolver *resolver);
void asr_site_resolver_fini(struct asr_site_resolver *resolver);

/*
 * The site of a sampled allocation, from the `bin` and `func` members that
 * filter.lttng-utils.debug-info (full-path=yes) gave its return address:
 * `bin` is "/path/to/object+0xOFFSET" (OFFSET from the object's load base)
 * or "/path@0xADDRESS" (an object not built as position-independent code),
 * `func` is "symbol+0xOFFSET" or empty.  The function, file and line are
 * those of the call instruction (the return address minus one) as the
 * binary's DWARF names them (asr_site_name()); without DWARF, the function
 * is the ELF symbol, or debug-info's `func`, and the file unknown.  Each
 * binary is opened once; each location resolved once.  Never fails: what
 * cannot be found is unknown.
 */
const struct asr_site *asr_site_resolve(struct asr_site_resolver *resolver, const char *bin,
					const char *func);

#endif
