/* rt_reduce.h - reductions of a vector to a number (sum, mean, variance,
 * log_sum_exp, norms, log_mix) and the vector-to-vector maps that belong
 * with them (cumulative_sum, softmax, log_softmax), following rt_math.h.
 *
 * A reduction returns its value and, when an argument's g is non-NULL,
 * ADDS adj * d(value)/d(x[i]) into g[i].  In a reverse sweep the emitter
 * calls it again with the result's adjoint (the value is recomputed: each
 * is one pass over the data); for target += sum(x) it passes adj = 1 once.
 * A vector out (cumulative_sum, softmax) comes with an _adj function that
 * adds the adjoint of its input given the adjoints of its output.
 *
 * Sizes and errors follow Stan Math: sum of nothing is 0, prod 1,
 * log_sum_exp -inf, max -inf and min +inf (ints: an error); mean,
 * variance, sd, softmax and log_softmax of nothing are errors, returned as
 * NaN with Stan's message in err (err may be NULL).  The vectors of a
 * binary reduction must have equal sizes (x.n, y.n).
 *
 * At points where the function is not differentiable a subgradient is
 * used and said so at the declaration (max: the first arg max). */
#ifndef RT_REDUCE_H
#define RT_REDUCE_H

#include "rt_math.h"

/* ------------------------------------------------------------- reals */

double rt_sum(RtArg x, double adj);
double rt_mean(RtArg x, double adj, RtError *err);
/* Sample variance, divisor n - 1; 0 for one element. */
double rt_variance(RtArg x, double adj, RtError *err);
/* sqrt(variance); 0 for one element.  Where all elements are equal the
 * gradient is taken as 0 (the formula's 0/0). */
double rt_sd(RtArg x, double adj, RtError *err);
/* Partials prod / x[i]; where x[i] is 0, the product of the others. */
double rt_prod(RtArg x, double adj);
/* A NaN element gives NaN; the adjoint goes to the first arg max / min. */
double rt_max(RtArg x, double adj);
double rt_min(RtArg x, double adj);
/* log(sum(exp(x))), shifted by the maximum; partials softmax(x). */
double rt_log_sum_exp_vec(RtArg x, double adj);
double rt_dot_self(RtArg x, double adj);
/* sum |x[i]|; the subgradient 0 at x[i] == 0. */
double rt_norm1(RtArg x, double adj);
/* sqrt(dot_self(x)); gradient 0 at x == 0. */
double rt_norm2(RtArg x, double adj);
double rt_squared_distance(RtArg x, RtArg y, double adj, RtError *err);
/* Gradient 0 where x == y. */
double rt_distance(RtArg x, RtArg y, double adj, RtError *err);
/* log(sum(theta .* exp(lambda))): theta in [0, 1] elementwise, lambda
 * finite, equal sizes (Stan's checks, in its order). */
double rt_log_mix_vec(RtArg theta, RtArg lambda, double adj, RtError *err);

/* y[i] = x[0] + ... + x[i]; y has x.n entries. */
void rt_cumulative_sum(RtArg x, double *y);
/* Adds sum_{j >= i} adj_y[j] into x.g[i] (x.g NULL: nothing). */
void rt_cumulative_sum_adj(RtArg x, const double *adj_y);

/* y = exp(x - log_sum_exp(x)); returns 0, or -1 with err for an empty x
 * (y untouched). */
int rt_softmax(RtArg x, double *y, RtError *err);
/* y is softmax(x): adds y[i] (adj_y[i] - sum_j adj_y[j] y[j]). */
void rt_softmax_adj(RtArg x, const double *y, const double *adj_y);
int rt_log_softmax(RtArg x, double *y, RtError *err);
/* y is log_softmax(x): adds adj_y[i] - exp(y[i]) sum_j adj_y[j]. */
void rt_log_softmax_adj(RtArg x, const double *y, const double *adj_y);

/* -------------------------------------------------------------- ints */

int rt_sum_int(RtIArg x);
int rt_prod_int(RtIArg x);
/* Returns 0 with *out set, or -1 with Stan's error for an empty x. */
int rt_max_int(RtIArg x, int *out, RtError *err);
int rt_min_int(RtIArg x, int *out, RtError *err);
void rt_cumulative_sum_int(RtIArg x, int *y);

#endif
