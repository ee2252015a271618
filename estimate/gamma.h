/* gamma.h - the regularized incomplete gamma functions, right where GSL's are not. */
#ifndef ALLOCSAMPLE_GAMMA_H
#define ALLOCSAMPLE_GAMMA_H

/*
 * P(a, x) and Q(a, x) = 1 - P(a, x) for shape a > 0 and x: the probability
 * that a gamma variable of shape a and scale 1 is at most x, or above it.
 * GSL's below shape 10^5; from there the Wilson-Hilferty approximation,
 * because GSL 2.7's are wrong for large shapes (gamma.c says where).  NaN
 * if GSL gives no answer.
 */
double as_gamma_P(double a, double x);
double as_gamma_Q(double a, double x);

#endif
