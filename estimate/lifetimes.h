/*
 * lifetimes.h - how long a group's bytes stay allocated: the lifetimes of
 * its sampled blocks in buckets of powers of two, and the quantiles of the
 * lifetimes of its bytes with their intervals (doc/estimation.md,
 * "Lifetimes").  Analysis side: links GSL, GPL-3.0+.
 */
#ifndef ALLOCSAMPLE_LIFETIMES_H
#define ALLOCSAMPLE_LIFETIMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "estimate.h"

/* Bucket 0 holds lifetimes of 0 ns, bucket b >= 1 those in [2^(b-1), 2^b)
 * ns, the last one everything from 2^62 ns on: lifetime < 2^b exactly when
 * its bucket is at most b. */
#define AS_LIFETIME_BUCKETS 64

/* The samples of one rate whose lifetimes fall in one bucket. */
struct as_lifetime_bucket {
	uint64_t samples;
	double u;                /* sum of size - offset */
	double weighted;         /* sum of size / (1 - q^size) */
};

/*
 * The lifetimes of a group's samples at one rate: those freed (lifetime
 * known) and those still live at the end of the trace (censored: the
 * lifetime is at least their age then, bucketed by that age).
 * Zero-initialise and set `rate`.  Constant memory: about 3 KiB.
 */
struct as_lifetimes {
	uint64_t rate;
	struct as_lifetime_bucket freed[AS_LIFETIME_BUCKETS];
	struct as_lifetime_bucket censored[AS_LIFETIME_BUCKETS];
};

/* The bucket of a lifetime of `ns` nanoseconds. */
static inline unsigned as_lifetime_bucket_of(uint64_t ns)
{
	unsigned b = ns ? 64u - (unsigned) __builtin_clzll(ns) : 0u;

	return b < AS_LIFETIME_BUCKETS ? b : AS_LIFETIME_BUCKETS - 1;
}

/* Adds a sample of probability `pi` (as_estimate_probability()) to a
 * bucket. */
static inline void as_lifetime_add(struct as_lifetime_bucket *bucket, uint64_t size,
				   uint64_t offset, double pi)
{
	bucket->samples++;
	bucket->u += (double) (size - offset);
	bucket->weighted += (double) size / pi;
}

/* Adds the samples of `from` into `into`, buckets of one rate. */
static inline void as_lifetime_bucket_merge(struct as_lifetime_bucket *into,
					    const struct as_lifetime_bucket *from)
{
	into->samples += from->samples;
	into->u += from->u;
	into->weighted += from->weighted;
}

/* A quantile of the lifetimes of a group's bytes, in nanoseconds. */
struct as_lifetime_quantile {
	double estimate;         /* Kaplan-Meier, within its bucket; +INFINITY:
				  * more than the trace saw (too many censored) */
	double lower;            /* a bucket's start; 0 when nothing shorter is
				  * ruled out */
	double upper;            /* a bucket's last nanosecond; +INFINITY: the
				  * samples bound nothing (too many censored) */
};

/*
 * The `p`-quantile (0 < p < 1) of the lifetimes of the bytes of a group
 * whose samples are in `rates` (n >= 1, distinct rates, at most
 * AS_COMPARE_MAX_RATES), T = `threads`: x_p, the smallest x such that at
 * least the share p of the bytes lived at most x.  The interval holds x_p
 * with probability at least C: each end is the last bucket edge that a
 * one-sided test at level (1 - C)/2 rules out, censored samples counted
 * as never freed for the upper end and as freed at their age for the
 * lower end (doc/estimation.md, "Lifetimes").  `options` may be NULL (as
 * as_estimate_compute).  Returns 0, or -1 for invalid arguments or when
 * no sample is in `rates`, leaving *out unchanged.
 *
 *	F(x) >= p  <=>  B(<= x) / B(> x) >= p / (1 - p)
 */
int as_lifetime_quantile(const struct as_lifetimes *rates, size_t n, uint64_t threads,
			 const struct as_estimate_options *options, double p,
			 struct as_lifetime_quantile *out);

/* One point of a group's survival curve. */
struct as_survival_point {
	double t_ns;             /* an edge of the buckets, 2^k ns */
	double surviving;        /* S(t_ns): Kaplan-Meier, clamped into its
				  * interval */
	double lower, upper;     /* its interval at C, each end missing at
				  * most (1 - C)/2 */
};

/*
 * The survival of the bytes of a group (arguments as
 * as_lifetime_quantile) at the edge 2^k ns, k < AS_LIFETIME_BUCKETS - 1:
 * S(x), the share of the bytes whose blocks lived at least x.  Each end is
 * an end of the interval of the ratio of the bytes that lived less to
 * those that lived longer, the comparison's pivots (as_compare_end), the
 * censored samples counted as never freed for the upper end and as freed
 * at their age for the lower end (doc/estimation.md, "Lifetimes").  Two
 * root searches: about a millisecond.  Returns 0, or -1 for invalid
 * arguments or when no sample is in `rates`, leaving *out unchanged.
 *
 *	S(x) = B(>= x) / (B(< x) + B(>= x))
 */
int as_lifetime_survival_at(const struct as_lifetimes *rates, size_t n, uint64_t threads,
			    const struct as_estimate_options *options, unsigned k,
			    struct as_survival_point *out);

/*
 * The survival curve: as_lifetime_survival_at at the edge before the
 * first bucket with samples and at the end of every bucket with samples
 * up to the last (between them S steps nowhere), into `out`, their number
 * in *count (at most AS_LIFETIME_BUCKETS - 1).  The same returns, and
 * *count unchanged on error.
 */
int as_lifetime_survival(const struct as_lifetimes *rates, size_t n, uint64_t threads,
			 const struct as_estimate_options *options,
			 struct as_survival_point out[AS_LIFETIME_BUCKETS], size_t *count);

#endif
