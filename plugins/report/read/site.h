/* site.h - allocation call sites: binary, function, file and line, resolved with libdw. */
#ifndef ALLOCSAMPLE_REPORT_READ_SITE_H
#define ALLOCSAMPLE_REPORT_READ_SITE_H

#include <stdint.h>

#include <glib.h>

/* One call site.  Interned: equal sites are one object, so a pointer
 * comparison tells sites apart. */
struct asr_site {
	char *binary;    /* full path; NULL: the address is in no known object */
	char *function;  /* NULL: unknown (no symbol) */
	char *file;      /* NULL: unknown (no DWARF line information) */
	uint64_t line;   /* valid when file is not NULL */
	char *where;     /* without a function, the address in the binary as
			  * debug-info gives it: "+0xOFFSET" from its load base
			  * or "@0xADDRESS" (not position-independent) */
};

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
 * those of the call instruction (the return address minus one) in the
 * binary's DWARF; inside inlined code, of the call in the out-of-line
 * function.  Without DWARF, the function is the ELF symbol, or debug-info's
 * `func`, and the file unknown.  Each binary is opened once; each location
 * resolved once.  Never fails: what cannot be found is unknown.
 */
const struct asr_site *asr_site_resolve(struct asr_site_resolver *resolver, const char *bin,
					const char *func);

/* Sites by content, for the tables that intern them: a hash and an
 * equality over every field, and a GDestroyNotify freeing a site made with
 * g_new0() and g_strdup()ed strings. */
guint asr_site_hash(gconstpointer site);
gboolean asr_site_equal(gconstpointer a, gconstpointer b);
void asr_site_free(gpointer site);

/* What names a site in a table (as_code_label): its function, else
 * "BINARY+0xOFFSET" (the binary's file name), else "[unknown]".  To
 * g_free. */
char *asr_site_label(const struct asr_site *site);

/* The file name part of a site's binary, or "?". */
const char *asr_site_binary_name(const struct asr_site *site);

#endif
