/* site_names.c - what a site's row says of it (see summary.h). */
#include <string.h>

#include "model/summary.h"

/* The file name of a site's binary, or "?". */
static const char *binary_name(const struct asr_site *site)
{
	const char *slash;

	if (!site->binary)
		return "?";
	slash = strrchr(site->binary, '/');
	return slash ? slash + 1 : site->binary;
}

void asr_summary_name_sites(struct asr_summary *summary)
{
	GPtrArray *sites = summary->groups[ASR_KIND_SITE];
	guint i;

	for (i = 0; i < sites->len; i++) {
		struct asr_group *g = g_ptr_array_index(sites, i);
		const struct asr_site *site = g->site;
		char *label;

		g->site_binary = binary_name(site);
		g->site_label = site->function ? site->function : "?";
		/* Without a function, the address in its binary is what tells
		 * sites apart, and what addr2line -e BINARY takes. */
		if (!site->function && site->where) {
			label = g_strconcat(g->site_binary, site->where, NULL);
			g->site_label = g_string_chunk_insert(summary->names, label);
			g_free(label);
		}
	}
}
