/* fields.c - the columns of a compared group, shared by CSV and JSON (fields.h). */
#include <math.h>
#include <string.h>

#include "compare/fields.h"

enum {
	F_KIND, F_HOST, F_PROCNAME, F_PROCESS, F_TYPE, F_FUNCTION, F_FILE, F_LINE, F_BINARY, F_ADDRESS,
	F_TRACER,
	F_BASE_THREADS, F_BASE_SAMPLES, F_BASE_ESTIMATE, F_BASE_LOWER, F_BASE_UPPER, F_BASE_INCOMPLETE,
	F_BASE_MIXED,
	F_NEW_THREADS, F_NEW_SAMPLES, F_NEW_ESTIMATE, F_NEW_LOWER, F_NEW_UPPER, F_NEW_INCOMPLETE,
	F_NEW_MIXED,
	F_RATIO, F_RATIO_LOWER, F_RATIO_UPPER, F_P_VALUE, F_SIGNIFICANT, F_WITHHELD, F_VERDICT,
	F_STACK,
	F_COUNT
};

static const char *const names[F_COUNT] = {
	"kind", "host", "procname", "process", "type", "function", "file", "line", "binary", "address",
	"tracer",
	"base_threads", "base_samples", "base_estimate", "base_lower", "base_upper", "base_incomplete",
	"base_mixed_rates",
	"new_threads", "new_samples", "new_estimate", "new_lower", "new_upper", "new_incomplete",
	"new_mixed_rates",
	"ratio", "ratio_lower", "ratio_upper", "p_value", "significant", "withheld", "verdict",
	"stack",
};

size_t asc_field_count(void)
{
	return F_COUNT;
}

const char *asc_field_name(size_t i)
{
	return i < F_COUNT ? names[i] : NULL;
}

static struct asc_field_value string(const char *s)
{
	return (struct asc_field_value) { .type = ASC_F_STRING, .present = s != NULL, .string = s };
}

static struct asc_field_value integer(bool present, double v)
{
	return (struct asc_field_value) { .type = ASC_F_INTEGER, .present = present, .number = round(v) };
}

static struct asc_field_value number(double v)
{
	return (struct asc_field_value) { .type = ASC_F_NUMBER, .present = !isnan(v), .number = v };
}

static struct asc_field_value boolean(bool b)
{
	return (struct asc_field_value) { .type = ASC_F_BOOL, .present = true, .boolean = b };
}

/* A side's value; `g` NULL for a side without the group (no samples, its
 * interval "below N bytes"). */
static struct asc_field_value side(const struct asc_group *g, const struct as_estimate *e, int what,
				   bool run_incomplete)
{
	switch (what) {
	case 0:
		return integer(g != NULL, g ? (double) g->threads : 0);
	case 1:
		return integer(true, (double) e->samples);
	case 2:
		return integer(true, e->weighted);
	case 3:
		return integer(true, e->lower);
	case 4:
		return integer(true, e->upper);
	case 5:
		return boolean(g ? g->incomplete : run_incomplete);
	default:
		return boolean(e->mixed_rates);
	}
}

struct asc_field_value asc_field_get(const struct asc_comparison *cmp, const struct asc_pair *p, size_t i)
{
	const struct asc_key *k = p->key;
	bool threads = k->kind == AS_KIND_THREAD || k->kind == AS_KIND_THREAD_TYPE;

	switch (i) {
	case F_KIND:
		return string(as_kind_name(k->kind));
	case F_HOST:
		return string(k->host);
	case F_PROCNAME:
		return string(threads ? k->thread : k->process);
	case F_PROCESS:
		return string(k->process);
	case F_TYPE:
		return string(k->type);
	case F_FUNCTION:
		return string(k->function);
	case F_FILE:
		return string(k->file);
	case F_LINE:
		return integer(k->line >= 0, (double) k->line);
	case F_BINARY:
		return string(k->binary);
	case F_ADDRESS:
		return string(k->address);
	case F_TRACER:
		return boolean((p->base && p->base->tracer) || (p->new_ && p->new_->tracer));
	case F_RATIO:
		return number(p->stats.ratio);
	case F_RATIO_LOWER:
		return number(p->stats.ratio_lower);
	case F_RATIO_UPPER:
		return number(p->stats.ratio_upper);
	case F_P_VALUE:
		return number(p->stats.p_value);
	case F_SIGNIFICANT:
		return boolean(p->significant);
	case F_WITHHELD:
		return boolean(p->withheld);
	case F_VERDICT:
		return string(asc_verdict_name(p->verdict));
	case F_STACK:
		return string(k->stack);
	default:
		break;
	}
	if (i >= F_BASE_THREADS && i <= F_BASE_MIXED)
		return side(p->base, &p->stats.base, (int) (i - F_BASE_THREADS), cmp->base.incomplete);
	if (i >= F_NEW_THREADS && i <= F_NEW_MIXED)
		return side(p->new_, &p->stats.new_, (int) (i - F_NEW_THREADS), cmp->new_.incomplete);
	return string(NULL);
}
