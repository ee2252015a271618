/* estimate-fuzz.c - libFuzzer target for the estimators (estimate/): arbitrary samples, rates, options and quantile queries must give finite, ordered answers. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "estimate.h"
#include "input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The work of one input is bounded: at most this many operations, each at
 * most a few quantile searches, whatever the input's length. */
#define MAX_OPERATIONS 48
#define MAX_ACCUMS 4

/*
 * Up to 2^32 samples (a trace of four billion events) the quantiles are
 * ordered to within a thousandth of a standard deviation.  Beyond, GSL's
 * CDFs evaluated in doubles lose the relative precision a standard
 * deviation of s*q/p needs: by 2^35 samples F^-1(t; s) can exceed
 * F^-1(t; s + 1) by 10^-2 standard deviations, by 2^51 by 0.8.  There the
 * answers need only be finite.
 */
#define MAX_ORDERED_S ((uint64_t) 1 << 32)

/* A count, size, offset or rate: a selector byte says which kind, so that
 * the fuzzer reaches the small values, the powers of two and the values
 * near 2^64 where the arithmetic is delicate, not only random 64-bit ones. */
static uint64_t take_number(struct input *in)
{
	uint8_t selector = take_byte(in);

	switch (selector % 4) {
	case 0:
		return take(in, 8);
	case 1:
		return take_byte(in);
	case 2:
		return (uint64_t) 1 << (take_byte(in) % 64);
	default:
		return UINT64_MAX - take_byte(in);
	}
}

/* A probability or a confidence: either any double (NaN, infinities,
 * subnormals, out of range) or one of 255 values spread over (0, 1). */
static double take_fraction(struct input *in)
{
	uint8_t selector = take_byte(in);
	uint64_t bits;
	double value;

	if (selector & 0x80) {
		bits = take(in, 8);
		memcpy(&value, &bits, sizeof value);
		return value;
	}
	return ((double) take_byte(in) + 1.0) / 257.0;
}

/* Aborts with the failed property; libFuzzer keeps the input. */
static void expect(bool condition, const char *what)
{
	if (!condition) {
		fprintf(stderr, "estimate-fuzz: %s\n", what);
		abort();
	}
}

/* a <= b, allowing `slack`. */
static bool at_most(double a, double b, double slack)
{
	return a <= b + slack;
}

/* The slack of a comparison of sums of estimates: one failure, by which two
 * ways of evaluating the CDF (GSL's beta, the gamma approximation) may
 * disagree, and 2^-30 of the value for the rounding of sums over rates. */
static double sum_slack(double b)
{
	return 1.0 + fabs(b) * 0x1p-30;
}

/*
 * as_estimate_negbin_quantile: NaN exactly when the contract says so, else a
 * non-negative whole number of failures, finite for any p a rate can give,
 * not decreasing in the target or in s.  The search is bounded by the library, not here: a slow input is a
 * libFuzzer timeout.
 */
static void check_quantile(double target, uint64_t s, double p, double other_target)
{
	double k = as_estimate_negbin_quantile(target, s, p);
	bool defined = target > 0.0 && target < 1.0 && p > 0.0;
	double lo_target, hi_target, slack;

	expect(isnan(k) == !defined, "quantile: NaN when defined, or a number when not");
	if (!defined)
		return;
	expect(k >= 0.0 && floor(k) == k, "quantile: not a whole number >= 0");
	/* No rate gives p below 2^-64; there s*q/p may pass DBL_MAX. */
	expect(isfinite(k) || p < 0x1p-64, "quantile: infinite for p >= 2^-64");
	if (s == 0 || p >= 1.0) {
		expect(k == 0.0, "quantile: not 0 for s == 0 or p >= 1");
		return;
	}
	if (s > MAX_ORDERED_S || !isfinite(k))
		return;
	/* One failure, or 2^-10 of a standard deviation sqrt(s*q)/p: GSL's
	 * CDFs in doubles lose that much by s = 2^32. */
	slack = 1.0 + sqrt((double) s * (1.0 - p)) / p * 0x1p-10;
	if (other_target > 0.0 && other_target < 1.0) {
		lo_target = fmin(target, other_target);
		hi_target = fmax(target, other_target);
		expect(at_most(as_estimate_negbin_quantile(lo_target, s, p),
			       as_estimate_negbin_quantile(hi_target, s, p), slack),
		       "quantile: decreases when the target grows");
	}
	if (s < UINT64_MAX)
		expect(at_most(k, as_estimate_negbin_quantile(target, s + 1, p), slack),
		       "quantile: decreases when s grows");
}

/* as_estimate_add: refuses exactly the impossible samples and leaves the
 * accumulator unchanged then; otherwise counts the sample, u grows by at
 * least what long double can represent of size - offset, and the weighted
 * sum by at least size (a probability is at most 1). */
static void check_add(struct as_estimate_accum *accum, uint64_t size, uint64_t offset)
{
	struct as_estimate_accum before = *accum;
	bool possible = accum->rate != 0 && size != 0 && offset < size;
	bool added = as_estimate_add(accum, size, offset);

	expect(added == possible, "add: accepted an impossible sample or refused a possible one");
	if (!added) {
		expect(memcmp(&before, accum, sizeof before) == 0, "add: changed a refused accumulator");
		return;
	}
	expect(accum->samples == before.samples + 1, "add: sample count");
	expect(accum->rate == before.rate, "add: changed the rate");
	expect(isfinite(accum->u) && accum->u >= before.u, "add: u not finite or decreased");
	expect(isfinite(accum->weighted) && accum->weighted >= before.weighted,
	       "add: weighted sum not finite or decreased");
	expect(accum->weighted >= accum->u * (1.0L - 0x1p-50L), "add: weighted sum below u");
}

/* as_estimate_merge: refuses two rates and leaves `into` unchanged; merges
 * one rate into a sum of both. */
static void check_merge(struct as_estimate_accum *into, const struct as_estimate_accum *source)
{
	struct as_estimate_accum before = *into;
	/* A copy: `source` may be `into` itself. */
	struct as_estimate_accum from = *source;
	bool merged = as_estimate_merge(into, &from);

	expect(merged == (before.rate == from.rate), "merge: wrong refusal");
	if (!merged) {
		expect(memcmp(&before, into, sizeof before) == 0, "merge: changed a refused accumulator");
		return;
	}
	expect(into->samples == before.samples + from.samples, "merge: sample count");
	expect(into->u >= before.u && into->weighted >= before.weighted, "merge: a sum decreased");
}

/*
 * as_estimate_compute: -1 exactly for invalid arguments, leaving *out
 * alone; otherwise finite numbers and, up to MAX_ORDERED_S samples and
 * threads, u <= lower <= upper, negbin >= u, weighted >= u, lower <= negbin
 * <= upper when the interval is wide enough to hold the mean (C >= 1/2: the
 * mean of a negative binomial lies between its 1/4 and 3/4 quantiles), and
 * an empty group's estimates 0 below a bound.
 */
static void check_compute(const struct as_estimate_accum *accums, size_t n, uint64_t threads,
			  const struct as_estimate_options *options)
{
	struct as_estimate out, untouched;
	long double u = 0.0L;
	uint64_t samples = 0;
	bool valid = n > 0 && threads > 0 && options->confidence > 0.0 && options->confidence < 1.0;
	int status;

	for (size_t i = 0; i < n; i++) {
		valid = valid && accums[i].rate != 0;
		u += accums[i].u;
		samples += accums[i].samples;
	}
	memset(&out, 0x5a, sizeof out);
	untouched = out;
	status = as_estimate_compute(accums, n, threads, options, &out);
	expect(status == (valid ? 0 : -1), "compute: wrong status");
	if (!valid) {
		expect(memcmp(&out, &untouched, sizeof out) == 0, "compute: changed *out on error");
		return;
	}
	expect(isfinite(out.weighted) && isfinite(out.negbin) && isfinite(out.lower) &&
	       isfinite(out.upper), "compute: a number is not finite");
	expect(out.samples == samples, "compute: sample count");
	if (samples > MAX_ORDERED_S || threads > MAX_ORDERED_S)
		return;
	expect(at_most((double) u, out.lower, sum_slack(out.lower)), "compute: lower below u");
	expect(at_most(out.lower, out.upper, sum_slack(out.upper)), "compute: lower above upper");
	expect(at_most((double) u, out.negbin, sum_slack(out.negbin)), "compute: negbin below u");
	expect(at_most((double) u, out.weighted, sum_slack(out.weighted)), "compute: weighted below u");
	if (samples == 0) {
		expect(out.weighted == 0.0 && out.negbin == 0.0 && out.lower == 0.0,
		       "compute: an empty group is not 0");
		expect(out.upper >= 0.0, "compute: an empty group's bound is negative");
	} else if (options->confidence >= 0.5) {
		expect(at_most(out.lower, out.negbin, sum_slack(out.negbin)) &&
		       at_most(out.negbin, out.upper, sum_slack(out.upper)),
		       "compute: negbin outside the interval");
	}
}

/*
 * The input: options (confidence, compensation, T), 1 to 4 accumulators
 * with their rates, then up to MAX_OPERATIONS operations, each chosen by a
 * byte: add a sample, merge two accumulators, or query a quantile; the
 * group is computed at the end, and the first accumulator alone too.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	struct as_estimate_accum accums[MAX_ACCUMS];
	struct as_estimate_options options;
	uint64_t threads;
	size_t n;

	options.confidence = take_fraction(&in);
	options.boundary_compensation = take_byte(&in) & 1;
	threads = take_number(&in);
	n = 1 + take_byte(&in) % MAX_ACCUMS;
	memset(accums, 0, sizeof accums);
	for (size_t i = 0; i < n; i++)
		accums[i].rate = take_number(&in);

	for (int op = 0; op < MAX_OPERATIONS && in.left > 0; op++) {
		uint8_t code = take_byte(&in);
		struct as_estimate_accum *a = &accums[(code >> 2) % n];
		uint64_t first, second;
		double target, p;

		switch (code % 3) {
		case 0:
			first = take_number(&in);
			second = take_number(&in);
			check_add(a, first, second);
			break;
		case 1:
			check_merge(a, &accums[(code >> 4) % n]);
			break;
		default:
			target = take_fraction(&in);
			first = take_number(&in);
			p = take_byte(&in) & 1 ? take_fraction(&in) : 1.0 / (double) take_number(&in);
			check_quantile(target, first, p, take_fraction(&in));
			break;
		}
	}
	check_compute(accums, n, threads, &options);
	check_compute(accums, 1, 1, &options);
	return 0;
}
