/*
 * temporary.c - a group's temporary bytes and objects: its blocks freed
 * within the report's `temporary` of their allocation (see summary.h).
 *
 * Which blocks the program frees that soon is the program's choice, not
 * the sampler's, so they are a subset like a type: the group's estimator
 * over its samples freed that soon, with the group's T.  A sample still
 * live at the end and younger than `temporary` may yet be temporary: the
 * lower end and the estimate leave it out, the upper end counts it
 * (doc/estimation.md, "Temporary allocations").
 *
 *	[lower, upper] = [F^-1((1-C)/2; S_t - T) + u_t,  F^-1((1+C)/2; S_t + S_p + T) + u_t + u_p]
 */
#include "model/lifetime_parts.h"
#include "model/summary.h"

int asr_temporary_compute(const struct asr_rates *rates, const struct asr_lifetime_parts *p,
			  uint64_t threads, const struct as_estimate_options *options,
			  struct as_estimate *est, struct asr_objects *objects)
{
	struct asr_rates known = { 0 }, maybe = { 0 };
	struct as_estimate_objects counted, counted_maybe;
	struct as_estimate upper;
	int status = -1;

	/* A group without temporary samples is still "below N bytes" at its
	 * rates. */
	asr_rates_cover(&known, rates);
	asr_rates_cover(&maybe, rates);
	if (p) {
		asr_rates_merge(&known, &p->temporary);
		asr_rates_merge(&maybe, &p->temporary);
		asr_rates_merge(&maybe, &p->pending);
	}
	if (as_estimate_compute(known.accums, known.n, threads, options, est) ||
	    as_estimate_compute(maybe.accums, maybe.n, threads, options, &upper) ||
	    as_estimate_objects_compute(known.accums, known.n, options->confidence, &counted) ||
	    as_estimate_objects_compute(maybe.accums, maybe.n, options->confidence, &counted_maybe))
		goto end;
	est->upper = upper.upper;
	*objects = (struct asr_objects) { counted.estimate, counted.lower, counted_maybe.upper };
	status = 0;
end:
	asr_rates_fini(&known);
	asr_rates_fini(&maybe);
	return status;
}

int asr_group_temporary(struct asr_group *g, uint64_t threads,
			const struct as_estimate_options *options)
{
	const struct asr_lifetime_parts *p = g->lifetime_parts;

	g->lifetime_incomplete = g->live_incomplete || (p && p->untimed > 0);
	return asr_temporary_compute(&g->rates, p, threads, options, &g->temporary,
				     &g->temporary_objects);
}
