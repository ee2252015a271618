/*
 * csv.c - the comparison as CSV: one header line, one line per group in the
 * JSON's order (kind, then key); exact integers for bytes, fields quoted as
 * in RFC 4180 when they hold a comma, a quote or a line break
 * (as_csv_field).  An empty
 * field is "not applicable" or "unknown"; an infinite ratio bound is "inf".
 * The columns `confidence` and `correction` repeat on every line what JSON
 * says once, as the report's CSV repeats its confidence; a comparison of
 * stacks adds `stack` after them, the last, so that the columns before keep
 * their places.
 */
#include <math.h>
#include <string.h>

#include "common/escape.h"
#include "compare/fields.h"

static void put_value(FILE *out, struct asc_field_value v)
{
	if (!v.present)
		return;
	switch (v.type) {
	case ASC_F_STRING:
		as_csv_field(out, v.string, strlen(v.string));
		break;
	case ASC_F_INTEGER:
		fprintf(out, "%.0f", v.number);
		break;
	case ASC_F_NUMBER:
		if (isinf(v.number))
			fputs(v.number > 0 ? "inf" : "-inf", out);
		else
			fprintf(out, "%.9g", v.number);
		break;
	case ASC_F_BOOL:
		fputs(v.boolean ? "true" : "false", out);
		break;
	}
}

int asc_write_csv(FILE *out, const struct asc_comparison *cmp)
{
	size_t i, f, n = asc_field_count(), stack = n;
	bool stacks = cmp->kinds & 1u << AS_KIND_STACK;

	for (f = 0; f < n; f++) {
		if (strcmp(asc_field_name(f), "stack") == 0)
			stack = f;
		else
			fprintf(out, "%s%s", f ? "," : "", asc_field_name(f));
	}
	fputs(stacks ? ",confidence,correction,stack\n" : ",confidence,correction\n", out);
	for (i = 0; i < cmp->n_pairs; i++) {
		for (f = 0; f < n; f++) {
			if (f == stack)
				continue;
			if (f)
				fputc(',', out);
			put_value(out, asc_field_get(cmp, &cmp->pairs[i], f));
		}
		fprintf(out, ",%.9g,%s", cmp->options->confidence, asc_correction_id(cmp->options->correction));
		if (stacks) {
			fputc(',', out);
			put_value(out, asc_field_get(cmp, &cmp->pairs[i], stack));
		}
		fputc('\n', out);
	}
	fflush(out);
	return ferror(out) ? -1 : 0;
}
