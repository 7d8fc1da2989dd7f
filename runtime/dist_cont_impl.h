/* dist_cont_impl.h - the machinery shared by the continuous univariate
 * distributions (private to them; files listed in rt_dist_cont.h):
 * argument checks with Stan's messages (dist_cont_common.c), the special
 * functions several families need, and the broadcasting loop that calls
 * one per-element kernel and adds its partials into the adjoint buffers.
 *
 * A kernel computes one element's log term (log density, log cdf or log
 * ccdf) from the element's argument values x[0..k-1].  If d is non-NULL
 * it also writes d[j] = d term / d x[j] for every j < k.  inc is a mask of
 * the summands to include (DC_ALL for the cdfs; for an lpdf, bits the
 * distribution defines, computed once per call from propto and the ad
 * flags).  The loop is always_inline so that each public function gets a
 * copy with its kernel inlined: no indirect call per element. */
#ifndef DIST_CONT_IMPL_H
#define DIST_CONT_IMPL_H

#include <math.h>
#include <stdbool.h>

#include "pplrt.h"
#include "rt_dist_cont.h"

#define DC_ALL (~0u)
#define DC_LOG_SQRT_2PI 0.91893853320467274178
#define DC_LOG_PI 1.14472988584940017414
#define DC_LN2 0.69314718055994530942
#define DC_LOG_2PI 1.83787706640934548356

/* What an argument must satisfy; the message ends Stan's "..., but must
 * be positive!" sentences. */
typedef enum DcCheckKind {
    DC_ANY,
    DC_NOT_NAN,          /* must not be nan! */
    DC_FINITE,           /* must be finite! */
    DC_POSITIVE,         /* must be positive! */
    DC_POSITIVE_FINITE,  /* must be positive finite! */
    DC_NONNEGATIVE,      /* must be nonnegative! */
    DC_UNIT_INTERVAL,    /* must be in the interval [0, 1] */
} DcCheckKind;

typedef struct DcCheck {
    const char *name;    /* "Scale parameter" */
    DcCheckKind kind;
} DcCheck;

typedef double (*DcKernel)(const double *x, double *d, unsigned inc);

/* Check the k arguments' sizes (sets *N to the common length) and values
 * in order; false with Stan's message in err on the first violation. */
bool rt_dist_check(const char *fn, int k, const RtArg *a, const DcCheck *c,
                   int *N, RtError *err);
/* err = "fn: name[i] is v, but must be greater than lb" (check_greater). */
bool rt_dist_check_greater(const char *fn, const char *name, RtArg v,
                           RtArg lb, int N, RtError *err);
/* log Phi(z) and d log Phi / dz (if dz), stable for all z. */
double rt_dist_log_Phi(double z, double *dz);
/* d f(x; c) / d x by Richardson-extrapolated central differences, with
 * steps small enough that x +- h stays positive (x > 0). */
double rt_dist_deriv(double (*f)(double x, const double *c),
                     const double *c, double x);
/* log P(a, x) and log Q(a, x), the regularized incomplete gamma
 * functions, and log I_x(a, b), the regularized incomplete beta. */
double rt_dist_log_gamma_p(double a, double x);
double rt_dist_log_gamma_q(double a, double x);
double rt_dist_log_beta_inc(double a, double b, double x);
/* digamma */
double rt_dist_digamma(double x);

/* Stan's check_greater_or_equal(v, lb): "..., but must be greater than or
 * equal to lb" (v and lb of N elements or broadcast). */
bool rt_dist_check_at_least(const char *fn, const char *name, RtArg v,
                            RtArg lb, int N, RtError *err);
/* Stan's check_less(v, hi): "..., but must be less than hi". */
bool rt_dist_check_below(const char *fn, const char *name, RtArg v,
                         double hi, RtError *err);

static inline double dc_log1p_exp(double x)
{
    return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

/* log(1 - exp(x)) for x <= 0 */
static inline double dc_log1m_exp(double x)
{
    return x > -DC_LN2 ? log(-expm1(x)) : log1p(-exp(x));
}

/* (a - 1) * log(y) with the term 0 when a == 1 (y may be 0) */
static inline double dc_pow_term(double am1, double logy)
{
    return am1 == 0 ? 0 : am1 * logy;
}

/* The sum over N elements of kern's terms; with grad, adds adj * partials
 * into the arguments' g (summed for broadcast ones). */
static inline __attribute__((always_inline)) double
dc_sum(int k, const RtArg *a, int N, DcKernel kern, unsigned inc, bool grad,
       double adj)
{
    const double *xp[4];
    int stride[4];
    double x[4], d[4] = {0, 0, 0, 0}, acc[4] = {0, 0, 0, 0}, sum = 0;
    for (int j = 0; j < k; j++) {
        xp[j] = a[j].x;
        stride[j] = a[j].n == 1 ? 0 : 1;
    }
    if (!grad) {
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < k; j++)
                x[j] = xp[j][i * stride[j]];
            sum += kern(x, NULL, inc);
        }
        return sum;
    }
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < k; j++)
            x[j] = xp[j][i * stride[j]];
        sum += kern(x, d, inc);
        for (int j = 0; j < k; j++) {
            if (!a[j].g)
                continue;
            if (stride[j])
                a[j].g[i] += adj * d[j];
            else
                acc[j] += d[j];
        }
    }
    for (int j = 0; j < k; j++)
        if (a[j].g && !stride[j])
            a[j].g[0] += adj * acc[j];
    return sum;
}

static inline bool dc_any_g(int k, const RtArg *a)
{
    for (int j = 0; j < k; j++)
        if (a[j].g)
            return true;
    return false;
}

/* An lpdf, lcdf or lccdf: checks, then the sum (0 when inc is empty). */
static inline __attribute__((always_inline)) double
dc_log(const char *fn, int k, const RtArg *a, const DcCheck *c,
       DcKernel kern, unsigned inc, double adj, RtError *err)
{
    int N;
    if (!rt_dist_check(fn, k, a, c, &N, err))
        return NAN;
    if (N == 0 || inc == 0)
        return 0;
    return dc_sum(k, a, N, kern, inc, dc_any_g(k, a), adj);
}

/* A cdf, the product of exp(lcdf terms): its partials are the product
 * times the lcdf partials, added in a second pass that knows the
 * product.  A zero product has zero partials. */
static inline __attribute__((always_inline)) double
dc_cdf(const char *fn, int k, const RtArg *a, const DcCheck *c,
       DcKernel lcdf, double adj, RtError *err)
{
    int N;
    if (!rt_dist_check(fn, k, a, c, &N, err))
        return NAN;
    if (N == 0)
        return 1;
    double p = exp(dc_sum(k, a, N, lcdf, DC_ALL, false, 0));
    if (p > 0 && dc_any_g(k, a))
        dc_sum(k, a, N, lcdf, DC_ALL, true, adj * p);
    return p;
}

/* include a summand: not propto, or it depends on a parameter */
static inline unsigned dc_inc(bool propto, bool dep, unsigned bit)
{
    return (!propto || dep) ? bit : 0;
}

/* Definitions of the lcdf, lccdf and cdf of a three-argument family
 * (y, p1, p2) from its kernels and the checks of its cdfs. */
#define DC_CDFS3(NAME, LCDF, LCCDF, CHECKS)                                 \
    double rt_##NAME##_lcdf(RtArg y, RtArg p1, RtArg p2, double adj,        \
                            RtError *err)                                   \
    {                                                                       \
        RtArg a[3] = {y, p1, p2};                                           \
        return dc_log(#NAME "_lcdf", 3, a, CHECKS, LCDF, DC_ALL, adj, err); \
    }                                                                       \
    double rt_##NAME##_lccdf(RtArg y, RtArg p1, RtArg p2, double adj,       \
                             RtError *err)                                  \
    {                                                                       \
        RtArg a[3] = {y, p1, p2};                                           \
        return dc_log(#NAME "_lccdf", 3, a, CHECKS, LCCDF, DC_ALL, adj,     \
                      err);                                                 \
    }                                                                       \
    double rt_##NAME##_cdf(RtArg y, RtArg p1, RtArg p2, double adj,         \
                           RtError *err)                                    \
    {                                                                       \
        RtArg a[3] = {y, p1, p2};                                           \
        return dc_cdf(#NAME "_cdf", 3, a, CHECKS, LCDF, adj, err);          \
    }

#define DC_CDFS2(NAME, LCDF, LCCDF, CHECKS)                                 \
    double rt_##NAME##_lcdf(RtArg y, RtArg p1, double adj, RtError *err)    \
    {                                                                       \
        RtArg a[2] = {y, p1};                                               \
        return dc_log(#NAME "_lcdf", 2, a, CHECKS, LCDF, DC_ALL, adj, err); \
    }                                                                       \
    double rt_##NAME##_lccdf(RtArg y, RtArg p1, double adj, RtError *err)   \
    {                                                                       \
        RtArg a[2] = {y, p1};                                               \
        return dc_log(#NAME "_lccdf", 2, a, CHECKS, LCCDF, DC_ALL, adj,     \
                      err);                                                 \
    }                                                                       \
    double rt_##NAME##_cdf(RtArg y, RtArg p1, double adj, RtError *err)     \
    {                                                                       \
        RtArg a[2] = {y, p1};                                               \
        return dc_cdf(#NAME "_cdf", 2, a, CHECKS, LCDF, adj, err);          \
    }

/* rng argument checks: one scalar against one check, Stan's message */
bool rt_dist_check_scalar(const char *fn, const char *name, double v,
                          DcCheckKind kind, RtError *err);

/* The lcdf and lccdf kernels NAME_lcdf_term and NAME_lccdf_term of a
 * family whose one tail function, static double NAME_tail(const double
 * *x, double *d, bool upper), gives log P(Y <= y) (upper false) or
 * log P(Y > y) (upper true) with its partials. */
#define DC_TAIL_TERMS(NAME)                                                 \
    static double NAME##_lcdf_term(const double *x, double *d,              \
                                   unsigned inc)                            \
    {                                                                       \
        (void)inc;                                                          \
        return NAME##_tail(x, d, false);                                    \
    }                                                                       \
    static double NAME##_lccdf_term(const double *x, double *d,             \
                                    unsigned inc)                           \
    {                                                                       \
        (void)inc;                                                          \
        return NAME##_tail(x, d, true);                                     \
    }

/* Definitions of the lcdf, lccdf and cdf of a four-argument family. */
#define DC_CDFS4(NAME, LCDF, LCCDF, CHECKS)                                 \
    double rt_##NAME##_lcdf(RtArg y, RtArg p1, RtArg p2, RtArg p3,          \
                            double adj, RtError *err)                       \
    {                                                                       \
        RtArg a[4] = {y, p1, p2, p3};                                       \
        return dc_log(#NAME "_lcdf", 4, a, CHECKS, LCDF, DC_ALL, adj, err); \
    }                                                                       \
    double rt_##NAME##_lccdf(RtArg y, RtArg p1, RtArg p2, RtArg p3,         \
                             double adj, RtError *err)                      \
    {                                                                       \
        RtArg a[4] = {y, p1, p2, p3};                                       \
        return dc_log(#NAME "_lccdf", 4, a, CHECKS, LCCDF, DC_ALL, adj,     \
                      err);                                                 \
    }                                                                       \
    double rt_##NAME##_cdf(RtArg y, RtArg p1, RtArg p2, RtArg p3,           \
                           double adj, RtError *err)                        \
    {                                                                       \
        RtArg a[4] = {y, p1, p2, p3};                                       \
        return dc_cdf(#NAME "_cdf", 4, a, CHECKS, LCDF, adj, err);          \
    }

/* ------------------------------------------ helpers of several families */

/* location-scale rngs check mu finite and sigma positive finite */
static inline bool dc_check_loc_scale_rng(const char *fn, double mu,
                                          double sigma, RtError *err)
{
    return rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE,
                                err) &&
           rt_dist_check_scalar(fn, "Scale parameter", sigma,
                                DC_POSITIVE_FINITE, err);
}

/* d[0..k-1] = 0 (if d is non-NULL) */
static inline void dc_zero_partials(double *d, int k)
{
    if (d)
        for (int j = 0; j < k; j++)
            d[j] = 0;
}

/* log(1 - exp(t)), t <= 0, and its derivative -1 / expm1(-t) (0 where the
 * value is -inf) */
static inline double dc_log1m_exp_d(double t, double *dt)
{
    *dt = t == 0 ? 0 : -1 / expm1(-t);
    return dc_log1m_exp(t);
}

static inline double dc_log_gamma_p_of_a(double a, const double *c)
{
    return rt_dist_log_gamma_p(a, c[0]);
}

static inline double dc_log_gamma_q_of_a(double a, const double *c)
{
    return rt_dist_log_gamma_q(a, c[0]);
}

/* log P(a, x) (upper = false) or log Q(a, x), with the partials in x and
 * a (if dx is non-NULL; the a partial by differences). */
static inline double dc_log_gamma_tail(double a, double x, bool upper,
                                       double *dx, double *da)
{
    if (x == 0 || isinf(x)) {
        if (dx)
            *dx = *da = 0;
        return (x == 0) == upper ? 0 : -INFINITY;
    }
    double v = upper ? rt_dist_log_gamma_q(a, x) : rt_dist_log_gamma_p(a, x);
    if (dx) {
        /* the gamma(a, 1) density at x over the tail */
        double ld = (a - 1) * log(x) - x - lgamma(a);
        double g = isinf(v) ? 0 : exp(ld - v);
        *dx = upper ? -g : g;
        *da = rt_dist_deriv(upper ? dc_log_gamma_q_of_a : dc_log_gamma_p_of_a,
                            &x, a);
    }
    return v;
}

/* log I_x(a, b) as a function of a (c = {b, x}) or of b (c = {a, x}), for
 * rt_dist_deriv */
static inline double dc_log_beta_inc_of_a(double a, const double *c)
{
    return rt_dist_log_beta_inc(a, c[0], c[1]);
}

static inline double dc_log_beta_inc_of_b(double b, const double *c)
{
    return rt_dist_log_beta_inc(c[0], b, c[1]);
}

#endif
