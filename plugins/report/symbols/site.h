/*
 * site.h - allocation call sites: binary, function, file and line, and how
 * a binary's DWARF names the call at an address (elfutils' libdw).
 */
#ifndef ALLOCSAMPLE_REPORT_SYMBOLS_SITE_H
#define ALLOCSAMPLE_REPORT_SYMBOLS_SITE_H

#include <stdint.h>

#include <glib.h>

struct asr_binary;

/* One call site.  Interned by whoever makes them (read/site.h from
 * debug-info's fields, model/resolve.h from stacks): equal sites are one
 * object, so a pointer comparison tells sites apart. */
struct asr_site {
	char *binary;    /* full path; NULL: the address is in no known object */
	char *function;  /* NULL: unknown (no symbol) */
	char *file;      /* NULL: unknown (no DWARF line information) */
	uint64_t line;   /* valid when file is not NULL */
	char *where;     /* without a function, the address in the binary: "+0xOFFSET"
			  * from its load base or "@0xADDRESS" (not
			  * position-independent) */
};

/* Sites by content, for the tables that intern them: a hash and an
 * equality over every field, and a GDestroyNotify freeing a site made with
 * g_new0() and g_strdup()ed strings. */
guint asr_site_hash(gconstpointer site);
gboolean asr_site_equal(gconstpointer a, gconstpointer b);
void asr_site_free(gpointer site);

/*
 * Fills the function, file and line of `site` with what the DWARF of
 * `binary` says of `addr`, a dwfl address inside the call instruction (a
 * return address minus one): the out-of-line function holding it (its
 * DWARF name), and the line of the call, or inside inlined code that of
 * the outermost inlined call, in the function named; without DWARF, the
 * function is the ELF symbol without its version and the file unknown.  Leaves unknown what
 * the binary does not say; `binary` unreadable: leaves `site` unchanged.
 */
void asr_site_name(struct asr_site *site, const struct asr_binary *binary, uint64_t addr);

#endif
