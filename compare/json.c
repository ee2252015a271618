/*
 * json.c - the comparison as one JSON object (doc/compare.md, "JSON"): the
 * inputs and parameters, then a `groups` array whose entries carry the
 * report's key names (kind, host, procname, process, type, ...), both
 * sides, the ratio and its interval, the verdict, and the group's label as
 * the text and the page show it.  Bytes are exact integers; a ratio or a
 * bound that is infinite or undefined is null; strings as_json_string.
 */
#include <math.h>
#include <string.h>

#include "common/escape.h"
#include "compare/fields.h"

static void put_string(FILE *out, const char *s)
{
	as_json_string(out, s, strlen(s));
}

static void put_value(FILE *out, struct asc_field_value v)
{
	if (!v.present || (v.type == ASC_F_NUMBER && !isfinite(v.number))) {
		fputs("null", out);
		return;
	}
	switch (v.type) {
	case ASC_F_STRING:
		put_string(out, v.string);
		break;
	case ASC_F_INTEGER:
		fprintf(out, "%.0f", v.number);
		break;
	case ASC_F_NUMBER:
		fprintf(out, "%.9g", v.number);
		break;
	case ASC_F_BOOL:
		fputs(v.boolean ? "true" : "false", out);
		break;
	}
}

static void put_run(FILE *out, const char *name, const struct asc_run *run)
{
	size_t i;

	fprintf(out, "  \"%s\": {\"path\": ", name);
	put_string(out, run->path);
	fprintf(out, ", \"input\": \"%s\", \"version\": %lld, \"incomplete\": %s, \"discarded_events\": ",
		run->from_trace ? "trace" : "json", (long long) run->version,
		run->incomplete ? "true" : "false");
	if (run->discarded_events >= 0)
		fprintf(out, "%lld", (long long) run->discarded_events);
	else
		fputs("null", out);
	fputs(", \"discarded_packets\": ", out);
	if (run->discarded_packets >= 0)
		fprintf(out, "%lld", (long long) run->discarded_packets);
	else
		fputs("null", out);
	fputs(", \"cut\": ", out);
	if (run->cut)
		put_string(out, run->cut);
	else
		fputs("null", out);
	fputs(", \"hosts\": [", out);
	for (i = 0; i < run->n_hosts; i++) {
		if (i)
			fputs(", ", out);
		put_string(out, run->hosts[i]);
	}
	fputs("]},\n", out);
}

int asc_write_json(FILE *out, const struct asc_comparison *cmp)
{
	const struct asc_options *o = cmp->options;
	size_t i, f, n = asc_field_count(), counts[ASC_DISAPPEARED + 1] = { 0 };
	bool first = true;
	int k;

	fputs("{\n  \"format\": \"allocsample-compare\",\n  \"version\": 1,\n", out);
	put_run(out, "baseline", &cmp->base);
	put_run(out, "new", &cmp->new_);
	fprintf(out, "  \"confidence\": %.9g,\n  \"correction\": \"%s\",\n  \"group_by\": [", o->confidence,
		asc_correction_id(o->correction));
	for (k = 0; k < AS_KIND_COUNT; k++) {
		if (k == AS_KIND_PROCESS || k == AS_KIND_TOTAL || !(cmp->kinds & 1u << k))
			continue;
		fprintf(out, "%s\"%s\"", first ? "" : ", ", as_kind_name(k));
		first = false;
	}
	fputs("],\n  \"fail_above\": ", out);
	if (o->fail_above_given)
		fprintf(out, "%.9g", o->fail_above);
	else
		fputs("null", out);
	for (i = 0; i < cmp->n_pairs; i++)
		counts[cmp->pairs[i].verdict]++;
	fprintf(out,
		",\n  \"hosts_matched\": %s,\n  \"compared\": %zu,\n  \"in_common\": %zu,\n  \"changed\": %zu,\n"
		"  \"offending\": %zu,\n  \"verdicts\": {",
		cmp->match_hosts ? "true" : "false", cmp->n_pairs, cmp->in_common, cmp->changed, cmp->offending);
	for (k = 0; k <= ASC_DISAPPEARED; k++)
		fprintf(out, "%s\"%s\": %zu", k ? ", " : "", asc_verdict_name(k), counts[k]);
	fputs("},\n  \"warnings\": [", out);
	for (i = 0; i < cmp->n_warnings; i++) {
		fputs(i ? ", " : "", out);
		put_string(out, cmp->warnings[i]);
	}
	fputs("],\n  \"groups\": [", out);
	for (i = 0; i < cmp->n_pairs; i++) {
		fputs(i ? ",\n    {" : "\n    {", out);
		for (f = 0; f < n; f++) {
			fprintf(out, "%s\"%s\": ", f ? ", " : "", asc_field_name(f));
			put_value(out, asc_field_get(cmp, &cmp->pairs[i], f));
		}
		fputs(", \"label\": ", out);
		put_string(out, cmp->pairs[i].label);
		fputc('}', out);
	}
	fputs(cmp->n_pairs ? "\n  ]\n}\n" : "]\n}\n", out);
	fflush(out);
	return ferror(out) ? -1 : 0;
}
