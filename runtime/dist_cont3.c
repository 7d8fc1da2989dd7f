/* dist_cont3.c - continuous univariate distributions, part 3: the
 * positive and bounded families pareto, pareto_type_2, frechet, gumbel,
 * rayleigh, loglogistic, inv_chi_square, scaled_inv_chi_square and
 * beta_proportion (machinery in dist_cont_impl.h; see dist_cont.c).
 *
 * Each is written from the Stan Functions Reference definition; the
 * checks, their order and which summands propto keeps follow the Stan
 * math library's _lpdf/_lcdf/_lccdf/_cdf/_rng functions. */
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdio.h>

#include "dist_cont_impl.h"

/* ------------------------------------------------------------- checks */

/* Stan prints values with an ostream's default format; NaN as "nan". */
static const char *fmt_value(char *buf, size_t size, double v)
{
    if (isnan(v))
        return "nan";
    snprintf(buf, size, "%g", v);
    return buf;
}

/* Stan's check_greater_or_equal(v, lb): "..., but must be greater than or
 * equal to lb". */
static bool check_at_least(const char *fn, const char *name, RtArg v,
                           RtArg lb, int N, RtError *err)
{
    for (int i = 0; i < N; i++) {
        double x = v.x[v.n == 1 ? 0 : i], l = lb.x[lb.n == 1 ? 0 : i];
        if (x >= l)
            continue;
        char b1[32], b2[32], idx[16] = "";
        if (v.n != 1)
            snprintf(idx, sizeof idx, "[%d]", i + 1);
        rt_error(err, "%s: %s%s is %s, but must be greater than or equal to "
                 "%s", fn, name, idx, fmt_value(b1, sizeof b1, x),
                 fmt_value(b2, sizeof b2, l));
        return false;
    }
    return true;
}

/* Stan's check_less(v, hi): "..., but must be less than hi". */
static bool check_below(const char *fn, const char *name, RtArg v,
                        double hi, RtError *err)
{
    for (int i = 0; i < v.n; i++) {
        if (v.x[i] < hi)
            continue;
        char b1[32], b2[32], idx[16] = "";
        if (v.n != 1)
            snprintf(idx, sizeof idx, "[%d]", i + 1);
        rt_error(err, "%s: %s%s is %s, but must be less than %s", fn, name,
                 idx, fmt_value(b1, sizeof b1, v.x[i]),
                 fmt_value(b2, sizeof b2, hi));
        return false;
    }
    return true;
}

static void zero_partials(double *d, int k)
{
    if (d)
        for (int j = 0; j < k; j++)
            d[j] = 0;
}

/* log(1 - exp(t)), t <= 0, and its derivative -1 / expm1(-t) (0 where the
 * value is -inf) */
static double log1m_exp_d(double t, double *dt)
{
    *dt = t == 0 ? 0 : -1 / expm1(-t);
    return dc_log1m_exp(t);
}

/* ---------------------------------------------- incomplete gamma tails */

static double log_gamma_p_of_a(double a, const double *c)
{
    return rt_dist_log_gamma_p(a, c[0]);
}

static double log_gamma_q_of_a(double a, const double *c)
{
    return rt_dist_log_gamma_q(a, c[0]);
}

/* log P(a, x) (upper = false) or log Q(a, x), with the partials in x and
 * a (if dx is non-NULL; the a partial by differences). */
static double log_gamma_tail(double a, double x, bool upper, double *dx,
                             double *da)
{
    if (x == 0 || isinf(x)) {
        if (dx)
            *dx = *da = 0;
        return (x == 0) == upper ? 0 : -INFINITY;
    }
    double v = upper ? rt_dist_log_gamma_q(a, x) : rt_dist_log_gamma_p(a, x);
    if (dx) {
        double ld = (a - 1) * log(x) - x - lgamma(a);
        double g = isinf(v) ? 0 : exp(ld - v);
        *dx = upper ? -g : g;
        *da = rt_dist_deriv(upper ? log_gamma_q_of_a : log_gamma_p_of_a, &x,
                            a);
    }
    return v;
}

/* -------------------------------------------------------------- pareto */

enum {
    PAR_LOG_ALPHA = 1,      /* log alpha               alpha */
    PAR_Y_ALPHA = 2,        /* -(alpha + 1) log y      y, alpha */
    PAR_YMIN_ALPHA = 4,     /* alpha log y_min         y_min, alpha */
};

static const DcCheck pareto_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
};

static const DcCheck pareto_cdf_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
};

static double pareto_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], ymin = x[1], alpha = x[2];
    if (y < ymin) {
        zero_partials(d, 3);
        return -INFINITY;
    }
    double ly = log(y), lm = log(ymin), lp = 0;
    bool la = inc & PAR_LOG_ALPHA, ya = inc & PAR_Y_ALPHA;
    bool ma = inc & PAR_YMIN_ALPHA;
    if (la)
        lp += log(alpha);
    if (ya)
        lp -= (alpha + 1) * ly;
    if (ma)
        lp += alpha * lm;
    if (d) {
        d[0] = ya ? -(alpha + 1) / y : 0;
        d[1] = ma ? alpha / ymin : 0;
        d[2] = (la ? 1 / alpha : 0) - (ya ? ly : 0) + (ma ? lm : 0);
    }
    return lp;
}

/* log(1 - (y_min / y)^alpha) or alpha log(y_min / y) */
static double pareto_tail(const double *x, double *d, bool upper)
{
    double y = x[0], ymin = x[1], alpha = x[2];
    zero_partials(d, 3);
    if (y < ymin)
        return upper ? 0 : -INFINITY;
    if (isinf(y))
        return upper ? -INFINITY : 0;
    double lq = log(ymin / y), t = alpha * lq, dt = 1;
    double v = upper ? t : log1m_exp_d(t, &dt);
    if (d) {
        d[0] = -dt * alpha / y;
        d[1] = dt * alpha / ymin;
        d[2] = dt * lq;
    }
    return v;
}

static double pareto_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return pareto_tail(x, d, false);
}

static double pareto_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return pareto_tail(x, d, true);
}

double rt_pareto_lpdf(RtArg y, RtArg y_min, RtArg alpha, bool propto,
                      double adj, RtError *err)
{
    RtArg a[3] = {y, y_min, alpha};
    unsigned inc = dc_inc(propto, alpha.ad, PAR_LOG_ALPHA) |
                   dc_inc(propto, y.ad || alpha.ad, PAR_Y_ALPHA) |
                   dc_inc(propto, y_min.ad || alpha.ad, PAR_YMIN_ALPHA);
    return dc_log("pareto_lpdf", 3, a, pareto_checks, pareto_term, inc, adj,
                  err);
}

DC_CDFS3(pareto, pareto_lcdf_term, pareto_lccdf_term, pareto_cdf_checks)

double rt_pareto_rng(double y_min, double alpha, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("pareto_rng", "Scale parameter", y_min,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("pareto_rng", "Shape parameter", alpha,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return y_min * exp(rt_rng_exponential(rng) / alpha);
}

/* ------------------------------------------------------- pareto_type_2 */

enum {
    P2_LOG_ALPHA = 1,       /* log alpha                          alpha */
    P2_LOG_LAMBDA = 2,      /* -log lambda                        lambda */
    P2_KERNEL = 4,          /* -(alpha + 1) log1p((y - mu) / lambda)  all */
};

/* names for the size check; the values are checked in Stan's order by
 * pareto_type_2_ok */
static const DcCheck pareto_type_2_names[4] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_ANY},
    {"Scale parameter", DC_ANY},
    {"Shape parameter", DC_ANY},
};

static const DcCheck pareto_type_2_cdf_checks[4] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Location parameter", DC_ANY},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
};

static const DcCheck pareto_type_2_param_checks[4] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_ANY},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
};

/* Stan's lpdf checks y >= mu, then lambda and alpha; its cdfs check y >= 0,
 * lambda and alpha, then y >= mu. */
static bool pareto_type_2_ok(const char *fn, const RtArg *a, bool cdf,
                             RtError *err)
{
    int N;
    if (!rt_dist_check(fn, 4, a, pareto_type_2_names, &N, err))
        return false;
    if (cdf)
        return rt_dist_check(fn, 4, a, pareto_type_2_cdf_checks, &N, err) &&
               check_at_least(fn, "Random variable", a[0], a[1], N, err);
    return check_at_least(fn, "Random variable", a[0], a[1], N, err) &&
           rt_dist_check(fn, 4, a, pareto_type_2_param_checks, &N, err);
}

static double pareto_type_2_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], mu = x[1], lambda = x[2], alpha = x[3];
    double diff = y - mu, l = log1p(diff / lambda), lp = -(alpha + 1) * l;
    bool la = inc & P2_LOG_ALPHA, ll = inc & P2_LOG_LAMBDA;
    if (la)
        lp += log(alpha);
    if (ll)
        lp -= log(lambda);
    if (d) {
        double is = 1 / (lambda + diff);
        d[0] = -(alpha + 1) * is;
        d[1] = -d[0];
        d[2] = (alpha + 1) * diff * is / lambda - (ll ? 1 / lambda : 0);
        d[3] = (la ? 1 / alpha : 0) - l;
    }
    return lp;
}

/* t = -alpha log1p((y - mu) / lambda): log(1 - exp(t)) or t */
static double pareto_type_2_tail(const double *x, double *d, bool upper)
{
    double y = x[0], mu = x[1], lambda = x[2], alpha = x[3];
    double diff = y - mu, l = log1p(diff / lambda), t = -alpha * l, dt = 1;
    double v = upper ? t : log1m_exp_d(t, &dt);
    if (d) {
        double is = 1 / (lambda + diff);
        d[0] = -dt * alpha * is;
        d[1] = -d[0];
        d[2] = dt * alpha * diff * is / lambda;
        d[3] = -dt * l;
    }
    return v;
}

static double pareto_type_2_lcdf_term(const double *x, double *d,
                                      unsigned inc)
{
    (void)inc;
    return pareto_type_2_tail(x, d, false);
}

static double pareto_type_2_lccdf_term(const double *x, double *d,
                                       unsigned inc)
{
    (void)inc;
    return pareto_type_2_tail(x, d, true);
}

double rt_pareto_type_2_lpdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                             bool propto, double adj, RtError *err)
{
    RtArg a[4] = {y, mu, lambda, alpha};
    if (!pareto_type_2_ok("pareto_type_2_lpdf", a, false, err))
        return NAN;
    unsigned inc = dc_inc(propto, alpha.ad, P2_LOG_ALPHA) |
                   dc_inc(propto, lambda.ad, P2_LOG_LAMBDA) |
                   dc_inc(propto, y.ad || mu.ad || lambda.ad || alpha.ad,
                          P2_KERNEL);
    return dc_log("pareto_type_2_lpdf", 4, a, pareto_type_2_names,
                  pareto_type_2_term, inc, adj, err);
}

double rt_pareto_type_2_lcdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                             double adj, RtError *err)
{
    RtArg a[4] = {y, mu, lambda, alpha};
    if (!pareto_type_2_ok("pareto_type_2_lcdf", a, true, err))
        return NAN;
    return dc_log("pareto_type_2_lcdf", 4, a, pareto_type_2_names,
                  pareto_type_2_lcdf_term, DC_ALL, adj, err);
}

double rt_pareto_type_2_lccdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                              double adj, RtError *err)
{
    RtArg a[4] = {y, mu, lambda, alpha};
    if (!pareto_type_2_ok("pareto_type_2_lccdf", a, true, err))
        return NAN;
    return dc_log("pareto_type_2_lccdf", 4, a, pareto_type_2_names,
                  pareto_type_2_lccdf_term, DC_ALL, adj, err);
}

double rt_pareto_type_2_cdf(RtArg y, RtArg mu, RtArg lambda, RtArg alpha,
                            double adj, RtError *err)
{
    RtArg a[4] = {y, mu, lambda, alpha};
    if (!pareto_type_2_ok("pareto_type_2_cdf", a, true, err))
        return NAN;
    return dc_cdf("pareto_type_2_cdf", 4, a, pareto_type_2_names,
                  pareto_type_2_lcdf_term, adj, err);
}

double rt_pareto_type_2_rng(double mu, double lambda, double alpha,
                            RtRng *rng, RtError *err)
{
    const char *fn = "pareto_type_2_rng";
    if (!rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE,
                              err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", lambda,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Shape parameter", alpha,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    /* U^(-1/alpha) - 1 with -log U exponential */
    return mu + lambda * expm1(rt_rng_exponential(rng) / alpha);
}

/* ------------------------------------------------------------- frechet */

enum {
    FR_LOG_ALPHA = 1,       /* log alpha               alpha */
    FR_Y_ALPHA = 2,         /* -(alpha + 1) log y      y, alpha */
    FR_ALPHA_SIGMA = 4,     /* alpha log sigma         alpha, sigma */
    FR_KERNEL = 8,          /* -(sigma / y)^alpha      all */
};

static const DcCheck frechet_checks[3] = {
    {"Random variable", DC_POSITIVE},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static double frechet_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], alpha = x[1], sigma = x[2];
    double ly = log(y), ls = log(sigma), w = exp(alpha * (ls - ly));
    bool la = inc & FR_LOG_ALPHA, ya = inc & FR_Y_ALPHA;
    bool as = inc & FR_ALPHA_SIGMA;
    double lp = -w;
    if (la)
        lp += log(alpha);
    if (ya)
        lp -= (alpha + 1) * ly;
    if (as)
        lp += alpha * ls;
    if (d) {
        d[0] = (alpha * w - (ya ? alpha + 1 : 0)) / y;
        d[1] = (la ? 1 / alpha : 0) - (ya ? ly : 0) + (as ? ls : 0) -
               w * (ls - ly);
        d[2] = ((as ? alpha : 0) - alpha * w) / sigma;
    }
    return lp;
}

/* F = exp(-w), w = (sigma / y)^alpha; dw = d log(F or 1 - F) / dw */
static double frechet_tail(const double *x, double *d, bool upper)
{
    double y = x[0], alpha = x[1], sigma = x[2];
    double lsy = log(sigma) - log(y), w = exp(alpha * lsy);
    double v = upper ? dc_log1m_exp(-w) : -w;
    if (d) {
        double dw = upper ? (w == 0 || isinf(w) ? 0 : 1 / expm1(w)) : -1;
        d[0] = -dw * alpha * w / y;
        d[1] = dw * w * lsy;
        d[2] = dw * alpha * w / sigma;
    }
    return v;
}

static double frechet_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return frechet_tail(x, d, false);
}

static double frechet_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return frechet_tail(x, d, true);
}

double rt_frechet_lpdf(RtArg y, RtArg alpha, RtArg sigma, bool propto,
                       double adj, RtError *err)
{
    RtArg a[3] = {y, alpha, sigma};
    unsigned inc = dc_inc(propto, alpha.ad, FR_LOG_ALPHA) |
                   dc_inc(propto, y.ad || alpha.ad, FR_Y_ALPHA) |
                   dc_inc(propto, alpha.ad || sigma.ad, FR_ALPHA_SIGMA) |
                   dc_inc(propto, y.ad || alpha.ad || sigma.ad, FR_KERNEL);
    return dc_log("frechet_lpdf", 3, a, frechet_checks, frechet_term, inc,
                  adj, err);
}

DC_CDFS3(frechet, frechet_lcdf_term, frechet_lccdf_term, frechet_checks)

double rt_frechet_rng(double alpha, double sigma, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("frechet_rng", "Shape parameter", alpha,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("frechet_rng", "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return sigma * exp(-log(rt_rng_exponential(rng)) / alpha);
}

/* -------------------------------------------------------------- gumbel */

enum { GUM_LOG_BETA = 1, GUM_KERNEL = 2 };

static const DcCheck gumbel_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE},
};

/* -log beta - z - exp(-z), z = (y - mu) / beta */
static double gumbel_term(const double *x, double *d, unsigned inc)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, e = exp(-z);
    double lb = (inc & GUM_LOG_BETA) ? 1 : 0;
    double lp = -z - e - (lb != 0 ? log(x[2]) : 0);
    if (d) {
        double dz = e - 1;
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = (-dz * z - lb) * inv;
    }
    return lp;
}

/* F = exp(-exp(-z)) */
static double gumbel_tail(const double *x, double *d, bool upper)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, e = exp(-z);
    double v = upper ? dc_log1m_exp(-e) : -e;
    if (d) {
        double dz = 0;
        if (!isinf(z) && !isinf(v))
            dz = upper ? (e == 0 ? -1 : -e / expm1(e)) : e;
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = dz == 0 ? 0 : -dz * z * inv;
    }
    return v;
}

static double gumbel_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return gumbel_tail(x, d, false);
}

static double gumbel_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return gumbel_tail(x, d, true);
}

double rt_gumbel_lpdf(RtArg y, RtArg mu, RtArg beta, bool propto, double adj,
                      RtError *err)
{
    RtArg a[3] = {y, mu, beta};
    unsigned inc = dc_inc(propto, beta.ad, GUM_LOG_BETA) |
                   dc_inc(propto, y.ad || mu.ad || beta.ad, GUM_KERNEL);
    return dc_log("gumbel_lpdf", 3, a, gumbel_checks, gumbel_term, inc, adj,
                  err);
}

DC_CDFS3(gumbel, gumbel_lcdf_term, gumbel_lccdf_term, gumbel_checks)

double rt_gumbel_rng(double mu, double beta, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("gumbel_rng", "Location parameter", mu,
                              DC_FINITE, err) ||
        !rt_dist_check_scalar("gumbel_rng", "Scale parameter", beta,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return mu - beta * log(rt_rng_exponential(rng));
}

/* ------------------------------------------------------------ rayleigh */

enum { RAY_LOG_Y = 1, RAY_LOG_SIGMA = 2, RAY_KERNEL = 4 };

/* Stan checks sigma before y */
static const DcCheck rayleigh_sigma_checks[2] = {
    {"Random variable", DC_ANY},
    {"Scale parameter", DC_POSITIVE},
};

static const DcCheck rayleigh_y_checks[2] = {
    {"Random variable", DC_POSITIVE},
    {"Scale parameter", DC_ANY},
};

static const DcCheck rayleigh_cdf_checks[2] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Scale parameter", DC_POSITIVE},
};

/* log y - 2 log sigma - y^2 / (2 sigma^2) */
static double rayleigh_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], is = 1 / x[1], u = y * is;
    bool lyk = inc & RAY_LOG_Y, lsk = inc & RAY_LOG_SIGMA;
    double lp = -0.5 * u * u;
    if (lyk)
        lp += log(y);
    if (lsk)
        lp -= 2 * log(x[1]);
    if (d) {
        d[0] = (lyk ? 1 / y : 0) - u * is;
        d[1] = (u * u - (lsk ? 2 : 0)) * is;
    }
    return lp;
}

/* t = y^2 / (2 sigma^2): log(1 - exp(-t)) or -t */
static double rayleigh_tail(const double *x, double *d, bool upper)
{
    double y = x[0], is = 1 / x[1], t = 0.5 * y * y * is * is, dt = -1;
    double v = -t;
    if (!upper) {
        v = log1m_exp_d(-t, &dt);
        dt = -dt;
    }
    if (d) {
        d[0] = dt * y * is * is;
        d[1] = -dt * 2 * t * is;
    }
    return v;
}

static double rayleigh_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return rayleigh_tail(x, d, false);
}

static double rayleigh_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return rayleigh_tail(x, d, true);
}

double rt_rayleigh_lpdf(RtArg y, RtArg sigma, bool propto, double adj,
                        RtError *err)
{
    RtArg a[2] = {y, sigma};
    int N;
    if (!rt_dist_check("rayleigh_lpdf", 2, a, rayleigh_sigma_checks, &N,
                       err))
        return NAN;
    unsigned inc = dc_inc(propto, y.ad, RAY_LOG_Y) |
                   dc_inc(propto, sigma.ad, RAY_LOG_SIGMA) |
                   dc_inc(propto, y.ad || sigma.ad, RAY_KERNEL);
    return dc_log("rayleigh_lpdf", 2, a, rayleigh_y_checks, rayleigh_term,
                  inc, adj, err);
}

DC_CDFS2(rayleigh, rayleigh_lcdf_term, rayleigh_lccdf_term,
         rayleigh_cdf_checks)

double rt_rayleigh_rng(double sigma, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("rayleigh_rng", "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return sigma * sqrt(2 * rt_rng_exponential(rng));
}

/* --------------------------------------------------------- loglogistic */

enum {
    LL_SCALE_SHAPE = 1,     /* log beta - beta log alpha      alpha, beta */
    LL_KERNEL = 2,          /* (beta - 1) log y - 2 log1p((y / alpha)^beta) */
};

static const DcCheck loglogistic_checks[3] = {
    {"Random variable", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
};

static const DcCheck loglogistic_cdf_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
};

/* with s = beta log(y / alpha), log1p((y / alpha)^beta) = log1p_exp(s) */
static double loglogistic_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], alpha = x[1], beta = x[2];
    double ly = log(y), la = log(alpha), s = beta * (ly - la);
    bool ab = inc & LL_SCALE_SHAPE;
    double lp = (beta - 1) * ly - 2 * dc_log1p_exp(s);
    if (ab)
        lp += log(beta) - beta * la;
    if (d) {
        double p = 1 / (1 + exp(-s));     /* d log1p_exp(s) / ds */
        d[0] = (beta - 1 - 2 * p * beta) / y;
        d[1] = (2 * p * beta - (ab ? beta : 0)) / alpha;
        d[2] = (ab ? 1 / beta - la : 0) + ly - 2 * p * (ly - la);
    }
    return lp;
}

/* log F = -log1p_exp(-s) */
static double loglogistic_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    double y = x[0], alpha = x[1], beta = x[2];
    if (y == 0) {
        zero_partials(d, 3);
        return -INFINITY;
    }
    double ly = log(y), la = log(alpha), s = beta * (ly - la);
    if (d) {
        double ds = 1 / (1 + exp(s));
        d[0] = ds * beta / y;
        d[1] = -ds * beta / alpha;
        d[2] = ds * (ly - la);
    }
    return -dc_log1p_exp(-s);
}

double rt_loglogistic_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                           double adj, RtError *err)
{
    RtArg a[3] = {y, alpha, beta};
    unsigned inc = dc_inc(propto, alpha.ad || beta.ad, LL_SCALE_SHAPE) |
                   dc_inc(propto, y.ad || alpha.ad || beta.ad, LL_KERNEL);
    return dc_log("loglogistic_lpdf", 3, a, loglogistic_checks,
                  loglogistic_term, inc, adj, err);
}

double rt_loglogistic_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                          RtError *err)
{
    RtArg a[3] = {y, alpha, beta};
    return dc_cdf("loglogistic_cdf", 3, a, loglogistic_cdf_checks,
                  loglogistic_lcdf_term, adj, err);
}

double rt_loglogistic_rng(double alpha, double beta, RtRng *rng,
                          RtError *err)
{
    if (!rt_dist_check_scalar("loglogistic_rng", "Scale parameter", alpha,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("loglogistic_rng", "Shape parameter", beta,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    double u = rt_rng_uniform(rng);
    return alpha * exp((log(u) - log1p(-u)) / beta);
}

/* ------------------------------------------------------ inv_chi_square */

enum {
    ICS_NU = 1,             /* -nu/2 log 2 - lgamma(nu/2)      nu */
    ICS_Y_NU = 2,           /* -(nu/2 + 1) log y               y, nu */
    ICS_Y = 4,              /* -1 / (2 y)                      y */
    ICS_WANT_DNU = 8,
};

/* Stan checks nu before y */
static const DcCheck inv_chi_square_nu_checks[2] = {
    {"Random variable", DC_ANY},
    {"Degrees of freedom parameter", DC_POSITIVE_FINITE},
};

static const DcCheck inv_chi_square_y_checks[2] = {
    {"Random variable", DC_NOT_NAN},
    {"Degrees of freedom parameter", DC_ANY},
};

static const DcCheck inv_chi_square_cdf_y_checks[2] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Degrees of freedom parameter", DC_ANY},
};

static double inv_chi_square_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], hn = 0.5 * x[1];
    if (y <= 0) {
        zero_partials(d, 2);
        return -INFINITY;
    }
    double ly = log(y), iy = 1 / y, lp = 0;
    if (inc & ICS_NU)
        lp -= hn * DC_LN2 + lgamma(hn);
    if (inc & ICS_Y_NU)
        lp -= (hn + 1) * ly;
    if (inc & ICS_Y)
        lp -= 0.5 * iy;
    if (d) {
        d[0] = (((inc & ICS_Y) ? 0.5 * iy : 0) -
                ((inc & ICS_Y_NU) ? hn + 1 : 0)) * iy;
        d[1] = (inc & ICS_Y_NU) ? -0.5 * ly : 0;
        if (inc & ICS_NU) {
            d[1] -= 0.5 * DC_LN2;
            if (inc & ICS_WANT_DNU)
                d[1] -= 0.5 * rt_dist_digamma(hn);
        }
    }
    return lp;
}

/* P(Y <= y) = Q(nu/2, 1/(2y)); P(Y > y) = P(nu/2, 1/(2y)) */
static double inv_chi_square_tail(const double *x, double *d, bool upper)
{
    double y = x[0], dx, da;
    if (y == 0) {
        zero_partials(d, 2);
        return upper ? 0 : -INFINITY;
    }
    double v = log_gamma_tail(0.5 * x[1], 0.5 / y, !upper, d ? &dx : NULL,
                              &da);
    if (d) {
        d[0] = -dx * 0.5 / (y * y);
        d[1] = 0.5 * da;
    }
    return v;
}

static double inv_chi_square_lcdf_term(const double *x, double *d,
                                       unsigned inc)
{
    (void)inc;
    return inv_chi_square_tail(x, d, false);
}

static double inv_chi_square_lccdf_term(const double *x, double *d,
                                        unsigned inc)
{
    (void)inc;
    return inv_chi_square_tail(x, d, true);
}

/* nu's checks, then y's (c) */
static double inv_chi_square_call(const char *fn, RtArg y, RtArg nu,
                                  const DcCheck *c, DcKernel kern,
                                  unsigned inc, bool cdf, double adj,
                                  RtError *err)
{
    RtArg a[2] = {y, nu};
    int N;
    if (!rt_dist_check(fn, 2, a, inv_chi_square_nu_checks, &N, err))
        return NAN;
    if (cdf)
        return dc_cdf(fn, 2, a, c, kern, adj, err);
    return dc_log(fn, 2, a, c, kern, inc, adj, err);
}

double rt_inv_chi_square_lpdf(RtArg y, RtArg nu, bool propto, double adj,
                              RtError *err)
{
    unsigned inc = dc_inc(propto, nu.ad, ICS_NU) |
                   dc_inc(propto, y.ad || nu.ad, ICS_Y_NU) |
                   dc_inc(propto, y.ad, ICS_Y);
    if (inc && nu.g)
        inc |= ICS_WANT_DNU;
    return inv_chi_square_call("inv_chi_square_lpdf", y, nu,
                               inv_chi_square_y_checks, inv_chi_square_term,
                               inc, false, adj, err);
}

double rt_inv_chi_square_lcdf(RtArg y, RtArg nu, double adj, RtError *err)
{
    return inv_chi_square_call("inv_chi_square_lcdf", y, nu,
                               inv_chi_square_cdf_y_checks,
                               inv_chi_square_lcdf_term, DC_ALL, false, adj,
                               err);
}

double rt_inv_chi_square_lccdf(RtArg y, RtArg nu, double adj, RtError *err)
{
    return inv_chi_square_call("inv_chi_square_lccdf", y, nu,
                               inv_chi_square_cdf_y_checks,
                               inv_chi_square_lccdf_term, DC_ALL, false, adj,
                               err);
}

double rt_inv_chi_square_cdf(RtArg y, RtArg nu, double adj, RtError *err)
{
    return inv_chi_square_call("inv_chi_square_cdf", y, nu,
                               inv_chi_square_cdf_y_checks,
                               inv_chi_square_lcdf_term, DC_ALL, true, adj,
                               err);
}

double rt_inv_chi_square_rng(double nu, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("inv_chi_square_rng",
                              "Degrees of freedom parameter", nu,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return 0.5 / gsl_ran_gamma(rt_rng_gsl(rng), 0.5 * nu, 1);
}

/* ----------------------------------------------- scaled_inv_chi_square */

enum {
    SICS_NU = 1,            /* nu/2 log(nu/2) - lgamma(nu/2)   nu */
    SICS_NU_S = 2,          /* nu log s                        nu, s */
    SICS_NU_Y = 4,          /* -(nu/2 + 1) log y               nu, y */
    SICS_ALL = 8,           /* -nu s^2 / (2 y)                 y, nu, s */
    SICS_WANT_DNU = 16,
};

static const DcCheck scaled_inv_chi_square_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Degrees of freedom parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static const DcCheck scaled_inv_chi_square_cdf_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Degrees of freedom parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static double scaled_inv_chi_square_term(const double *x, double *d,
                                         unsigned inc)
{
    double y = x[0], nu = x[1], s = x[2], hn = 0.5 * nu;
    if (y <= 0) {
        zero_partials(d, 3);
        return -INFINITY;
    }
    double ly = log(y), ls = log(s), iy = 1 / y, s2y = s * s * iy, lp = 0;
    if (inc & SICS_NU)
        lp += hn * log(hn) - lgamma(hn);
    if (inc & SICS_NU_S)
        lp += nu * ls;
    if (inc & SICS_NU_Y)
        lp -= (hn + 1) * ly;
    if (inc & SICS_ALL)
        lp -= hn * s2y;
    if (d) {
        bool all = inc & SICS_ALL, ny = inc & SICS_NU_Y;
        d[0] = ((all ? hn * s2y : 0) - (ny ? hn + 1 : 0)) * iy;
        d[1] = ((inc & SICS_NU_S) ? ls : 0) - (ny ? 0.5 * ly : 0) -
               (all ? 0.5 * s2y : 0);
        if (inc & SICS_NU) {
            d[1] += 0.5 * log(hn) + 0.5;
            if (inc & SICS_WANT_DNU)
                d[1] -= 0.5 * rt_dist_digamma(hn);
        }
        d[2] = ((inc & SICS_NU_S) ? nu / s : 0) - (all ? nu * s * iy : 0);
    }
    return lp;
}

/* P(Y <= y) = Q(nu/2, x), x = nu s^2 / (2y) */
static double scaled_inv_chi_square_tail(const double *x, double *d,
                                         bool upper)
{
    double y = x[0], nu = x[1], s = x[2], dx, da;
    if (y == 0) {
        zero_partials(d, 3);
        return upper ? 0 : -INFINITY;
    }
    double g = 0.5 * nu * s * s / y;
    double v = log_gamma_tail(0.5 * nu, g, !upper, d ? &dx : NULL, &da);
    if (d) {
        d[0] = -dx * g / y;
        d[1] = 0.5 * da + dx * g / nu;
        d[2] = dx * 2 * g / s;
    }
    return v;
}

static double scaled_inv_chi_square_lcdf_term(const double *x, double *d,
                                              unsigned inc)
{
    (void)inc;
    return scaled_inv_chi_square_tail(x, d, false);
}

static double scaled_inv_chi_square_lccdf_term(const double *x, double *d,
                                               unsigned inc)
{
    (void)inc;
    return scaled_inv_chi_square_tail(x, d, true);
}

double rt_scaled_inv_chi_square_lpdf(RtArg y, RtArg nu, RtArg s,
                                     bool propto, double adj, RtError *err)
{
    RtArg a[3] = {y, nu, s};
    unsigned inc = dc_inc(propto, nu.ad, SICS_NU) |
                   dc_inc(propto, nu.ad || s.ad, SICS_NU_S) |
                   dc_inc(propto, nu.ad || y.ad, SICS_NU_Y) |
                   dc_inc(propto, y.ad || nu.ad || s.ad, SICS_ALL);
    if (inc && nu.g)
        inc |= SICS_WANT_DNU;
    return dc_log("scaled_inv_chi_square_lpdf", 3, a,
                  scaled_inv_chi_square_checks, scaled_inv_chi_square_term,
                  inc, adj, err);
}

DC_CDFS3(scaled_inv_chi_square, scaled_inv_chi_square_lcdf_term,
         scaled_inv_chi_square_lccdf_term, scaled_inv_chi_square_cdf_checks)

double rt_scaled_inv_chi_square_rng(double nu, double s, RtRng *rng,
                                    RtError *err)
{
    const char *fn = "scaled_inv_chi_square_rng";
    if (!rt_dist_check_scalar(fn, "Degrees of freedom parameter", nu,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", s, DC_POSITIVE_FINITE,
                              err))
        return NAN;
    return 0.5 * nu * s * s / gsl_ran_gamma(rt_rng_gsl(rng), 0.5 * nu, 1);
}

/* ----------------------------------------------------- beta_proportion */

/* beta_proportion(y | mu, kappa) = beta(y | mu kappa, (1 - mu) kappa) */
enum {
    BP_LGAMMA_K = 1,        /* lgamma(kappa)                       kappa */
    BP_LGAMMA_AB = 2,       /* -lgamma(mu k) - lgamma((1-mu) k)    mu, kappa */
    BP_KERNEL = 4,          /* (a - 1) log y + (b - 1) log1m(y)    all */
    BP_WANT_DIGAMMA = 8,
};

static const DcCheck beta_proportion_names[3] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_ANY},
    {"Precision parameter", DC_ANY},
};

static const DcCheck beta_proportion_mu_checks[3] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_POSITIVE},
    {"Precision parameter", DC_ANY},
};

static const DcCheck beta_proportion_kappa_checks[3] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_ANY},
    {"Precision parameter", DC_POSITIVE_FINITE},
};

static const DcCheck beta_proportion_y_checks[3] = {
    {"Random variable", DC_UNIT_INTERVAL},
    {"Location parameter", DC_ANY},
    {"Precision parameter", DC_ANY},
};

/* Stan's order: mu > 0, mu < 1, kappa, then y in [0, 1] */
static bool beta_proportion_ok(const char *fn, const RtArg *a, RtError *err)
{
    int N;
    return rt_dist_check(fn, 3, a, beta_proportion_mu_checks, &N, err) &&
           check_below(fn, "Location parameter", a[1], 1.0, err) &&
           rt_dist_check(fn, 3, a, beta_proportion_kappa_checks, &N, err) &&
           rt_dist_check(fn, 3, a, beta_proportion_y_checks, &N, err);
}

static double beta_proportion_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], mu = x[1], kappa = x[2];
    double a = mu * kappa, b = kappa - a;
    double ly = log(y), l1my = log1p(-y);
    double lp = dc_pow_term(a - 1, ly) + dc_pow_term(b - 1, l1my);
    bool lk = inc & BP_LGAMMA_K, lab = inc & BP_LGAMMA_AB;
    if (lk)
        lp += lgamma(kappa);
    if (lab)
        lp -= lgamma(a) + lgamma(b);
    if (d) {
        /* a - 1 == 0 leaves no y term (even at y == 0) */
        d[0] = (a - 1 == 0 ? 0 : (a - 1) / y) -
               (b - 1 == 0 ? 0 : (b - 1) / (1 - y));
        d[1] = kappa * (ly - l1my);
        d[2] = mu * ly + (1 - mu) * l1my;
        if (inc & BP_WANT_DIGAMMA) {
            double pa = lab ? rt_dist_digamma(a) : 0;
            double pb = lab ? rt_dist_digamma(b) : 0;
            d[1] += kappa * (pb - pa);
            d[2] += (lk ? rt_dist_digamma(kappa) : 0) - mu * pa -
                    (1 - mu) * pb;
        }
    }
    return lp;
}

static double log_beta_inc_of_a(double a, const double *c)
{
    return rt_dist_log_beta_inc(a, c[0], c[1]);
}

static double log_beta_inc_of_b(double b, const double *c)
{
    return rt_dist_log_beta_inc(c[0], b, c[1]);
}

/* log I_y(a, b), or for the ccdf log I_{1-y}(b, a); the shape partials by
 * differences, then mu and kappa by the chain rule */
static double beta_proportion_tail(const double *x, double *d, bool upper)
{
    double y = x[0], mu = x[1], kappa = x[2];
    double a = mu * kappa, b = kappa - a;
    if (y == 0 || y == 1) {
        zero_partials(d, 3);
        return (y == 1) != upper ? 0 : -INFINITY;
    }
    double v = upper ? rt_dist_log_beta_inc(b, a, 1 - y)
                     : rt_dist_log_beta_inc(a, b, y);
    if (d) {
        double lpdf = (a - 1) * log(y) + (b - 1) * log1p(-y) - lgamma(a) -
                      lgamma(b) + lgamma(kappa);
        double g = exp(lpdf - v), da, db;
        if (upper) {
            double cb[2] = {b, 1 - y}, ca[2] = {a, 1 - y};
            da = rt_dist_deriv(log_beta_inc_of_b, cb, a);
            db = rt_dist_deriv(log_beta_inc_of_a, ca, b);
        } else {
            double cb[2] = {b, y}, ca[2] = {a, y};
            da = rt_dist_deriv(log_beta_inc_of_a, cb, a);
            db = rt_dist_deriv(log_beta_inc_of_b, ca, b);
        }
        d[0] = upper ? -g : g;
        d[1] = kappa * (da - db);
        d[2] = mu * da + (1 - mu) * db;
    }
    return v;
}

static double beta_proportion_lcdf_term(const double *x, double *d,
                                        unsigned inc)
{
    (void)inc;
    return beta_proportion_tail(x, d, false);
}

static double beta_proportion_lccdf_term(const double *x, double *d,
                                         unsigned inc)
{
    (void)inc;
    return beta_proportion_tail(x, d, true);
}

double rt_beta_proportion_lpdf(RtArg y, RtArg mu, RtArg kappa, bool propto,
                               double adj, RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    int N;
    if (!rt_dist_check("beta_proportion_lpdf", 3, a, beta_proportion_names,
                       &N, err) ||
        !beta_proportion_ok("beta_proportion_lpdf", a, err))
        return NAN;
    unsigned inc = dc_inc(propto, kappa.ad, BP_LGAMMA_K) |
                   dc_inc(propto, mu.ad || kappa.ad, BP_LGAMMA_AB) |
                   dc_inc(propto, y.ad || mu.ad || kappa.ad, BP_KERNEL);
    if (inc && (mu.g || kappa.g))
        inc |= BP_WANT_DIGAMMA;
    return dc_log("beta_proportion_lpdf", 3, a, beta_proportion_names,
                  beta_proportion_term, inc, adj, err);
}

double rt_beta_proportion_lcdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                               RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    int N;
    if (!rt_dist_check("beta_proportion_lcdf", 3, a, beta_proportion_names,
                       &N, err) ||
        !beta_proportion_ok("beta_proportion_lcdf", a, err))
        return NAN;
    return dc_log("beta_proportion_lcdf", 3, a, beta_proportion_names,
                  beta_proportion_lcdf_term, DC_ALL, adj, err);
}

double rt_beta_proportion_lccdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                                RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    int N;
    if (!rt_dist_check("beta_proportion_lccdf", 3, a, beta_proportion_names,
                       &N, err) ||
        !beta_proportion_ok("beta_proportion_lccdf", a, err))
        return NAN;
    return dc_log("beta_proportion_lccdf", 3, a, beta_proportion_names,
                  beta_proportion_lccdf_term, DC_ALL, adj, err);
}

double rt_beta_proportion_rng(double mu, double kappa, RtRng *rng,
                              RtError *err)
{
    const char *fn = "beta_proportion_rng";
    RtArg m = rt_arg1(&mu, NULL, false);
    if (!rt_dist_check_scalar(fn, "Location parameter", mu, DC_POSITIVE,
                              err) ||
        !check_below(fn, "Location parameter", m, 1.0, err) ||
        !rt_dist_check_scalar(fn, "Precision parameter", kappa,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return gsl_ran_beta(rt_rng_gsl(rng), mu * kappa, (1 - mu) * kappa);
}
