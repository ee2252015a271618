/* site_names.c - what a site's row says of it (see summary.h). */
#include "common/labels.h"
#include "model/summary.h"

void asr_summary_name_sites(struct asr_summary *summary)
{
	GPtrArray *sites = summary->groups[ASR_KIND_SITE];
	guint i;

	for (i = 0; i < sites->len; i++) {
		struct asr_group *g = g_ptr_array_index(sites, i);
		const struct asr_site *site = g->site;
		/* Without a function, the address in its binary is what tells
		 * sites apart, and what addr2line -e BINARY takes. */
		char *label = as_code_label(site->function, site->binary, site->where);

		g->site_binary = site->binary ? as_base_name(site->binary) : "?";
		g->site_label = g_string_chunk_insert_const(summary->names, label);
		g_free(label);
	}
}
