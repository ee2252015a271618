/*
 * main.c - allocsample-compare BASELINE NEW: which allocations really
 * changed between two runs, and a regression gate (doc/compare.md,
 * allocsample-compare(1)).
 *
 * Reads both sides (source.c), matches their groups (match.c), decides each
 * verdict (verdict.c), writes the format asked, prints the warnings and the
 * gate's lines on standard error.  Exit status: 0; 1 when --fail-above
 * finds a significant increase above its limit; 2 for a usage error, an
 * input that cannot be read, or two runs with no group in common.
 */
#include <errno.h>
#include <glib.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "common/units.h"
#include "compare/compare.h"

typedef int (*writer_fn)(FILE *, const struct asc_comparison *);

static const writer_fn writers[] = {
	[ASC_TEXT] = asc_write_text,
	[ASC_CSV] = asc_write_csv,
	[ASC_JSON] = asc_write_json,
	[ASC_HTML] = asc_write_html,
};

/* The process names of a run, for the "nothing in common" message. */
static char *process_names(const struct asc_run *run)
{
	GString *s = g_string_new(NULL);
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	size_t i;

	for (i = 0; i < run->n_groups; i++) {
		const char *name = run->groups[i].key.process;

		if (run->groups[i].key.kind != AS_KIND_PROCESS || !name || g_hash_table_contains(seen, name))
			continue;
		g_hash_table_add(seen, (gpointer) name);
		g_string_append_printf(s, "%s%s", s->len ? ", " : "", name);
	}
	g_hash_table_destroy(seen);
	if (!s->len)
		g_string_assign(s, "no samples");
	return g_string_free(s, FALSE);
}

/* Why a side's groups are incomplete: its traces were cut short, or lost
 * events (a report that says neither, of a later version, is taken to
 * have lost them). */
static void warn_incomplete(struct asc_comparison *cmp, const struct asc_run *run, const char *role)
{
	char events[32] = "an unknown number of", packets[32] = "an unknown number of";

	if (run->cut)
		asc_warn(cmp,
			 "%s %s was cut short (%s): its groups are incomplete, and no %s is called on its evidence",
			 role, run->path, run->cut, run == &cmp->new_ ? "decrease" : "increase");
	if (!run->incomplete || (run->cut && run->n_losses == 0))
		return;
	if (run->discarded_events >= 0)
		snprintf(events, sizeof(events), "%lld", (long long) run->discarded_events);
	if (run->discarded_packets >= 0)
		snprintf(packets, sizeof(packets), "%lld", (long long) run->discarded_packets);
	asc_warn(cmp,
		 "%s %s lost events (%s discarded events, %s discarded packets): its groups are incomplete, "
		 "and no %s is called on its evidence",
		 role, run->path, events, packets, run == &cmp->new_ ? "decrease" : "increase");
}

static int write_output(const struct asc_comparison *cmp)
{
	const char *path = cmp->options->output;
	FILE *out = path ? fopen(path, "w") : stdout;
	int rc;

	if (!out) {
		fprintf(stderr, ASC_ME ": cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	rc = writers[cmp->options->format](out, cmp);
	if (path && fclose(out) != 0)
		rc = -1;
	if (rc != 0)
		fprintf(stderr, ASC_ME ": cannot write %s: %s\n", path ? path : "the standard output",
			strerror(errno));
	return rc;
}

/* The gate's lines: one per group above the limit. */
static void print_offending(const struct asc_comparison *cmp)
{
	double level = cmp->options->confidence * 100;
	size_t i;

	for (i = 0; i < cmp->n_pairs; i++) {
		const struct asc_pair *p = &cmp->pairs[i];
		char *change, *lo, *hi, *base, *new_;

		if (!p->offending)
			continue;
		change = p->base ? asc_human_change(p->stats.ratio) : g_strdup("new");
		lo = asc_human_ratio(p->stats.ratio_lower);
		hi = asc_human_ratio(p->stats.ratio_upper);
		base = as_human_bytes(p->stats.base.weighted);
		new_ = as_human_bytes(p->stats.new_.weighted);
		fprintf(stderr,
			ASC_ME ": regression: %s %s: %s -> %s (%s), ratio %g%% interval [%s, %s], "
			"above the limit of +%g%%\n",
			as_kind_name(p->key->kind), p->label, p->base ? base : "none", new_, change, level, lo,
			hi, cmp->options->fail_above);
		g_free(change);
		g_free(lo);
		g_free(hi);
		g_free(base);
		g_free(new_);
	}
}

int main(int argc, char **argv)
{
	struct asc_options options;
	struct asc_comparison cmp;
	int status = ASC_EXIT_ERROR;
	size_t i;

	setlocale(LC_ALL, "");
	/* Numbers in every format use '.', whatever the locale. */
	setlocale(LC_NUMERIC, "C");
	memset(&cmp, 0, sizeof(cmp));
	if (asc_options_parse(argc, argv, &options, &status) != 0)
		return status;
	cmp.options = &options;
	if (asc_source_read(options.baseline, "BASELINE", options.kinds, &cmp.base) != 0)
		goto end;
	if (asc_source_read(options.new_, "NEW", options.kinds, &cmp.new_) != 0)
		goto end;
	if (asc_kinds_choose(&cmp) != 0)
		goto end;
	warn_incomplete(&cmp, &cmp.base, "BASELINE");
	warn_incomplete(&cmp, &cmp.new_, "NEW");
	if (cmp.base.missing_vpid || cmp.new_.missing_vpid)
		asc_warn(&cmp, "%s was recorded without the vpid context: processes of one name are one group",
			 cmp.base.missing_vpid ? "BASELINE" : "NEW");
	if (asc_match(&cmp) != 0) {
		fprintf(stderr, ASC_ME ": out of memory\n");
		goto end;
	}
	if (cmp.in_common == 0) {
		char *b = process_names(&cmp.base), *n = process_names(&cmp.new_);

		fprintf(stderr,
			ASC_ME ": no group in common between BASELINE %s (%s) and NEW %s (%s): "
			"are they runs of the same program?\n",
			options.baseline, b, options.new_, n);
		g_free(b);
		g_free(n);
		goto end;
	}
	if (asc_verdicts(&cmp) != 0)
		goto end;
	for (i = 0; i < cmp.n_warnings; i++)
		fprintf(stderr, ASC_ME ": warning: %s\n", cmp.warnings[i]);
	if (write_output(&cmp) != 0)
		goto end;
	print_offending(&cmp);
	status = cmp.offending ? ASC_EXIT_REGRESSION : ASC_EXIT_OK;
end:
	asc_comparison_free(&cmp);
	return status;
}
