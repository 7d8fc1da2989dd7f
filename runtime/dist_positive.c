/* dist_positive.c - the other positive and lower-bounded families (Stan
 * Functions Reference, "Positive continuous distributions" and "Positive
 * lower-bounded distributions"): weibull, frechet, rayleigh, loglogistic,
 * pareto and pareto_type_2.  The gamma family is dist_gamma_family.c's,
 * lognormal dist_normal_family.c's.
 *
 * Kernels and public functions as in dist_normal_family.c. */
#include <gsl/gsl_randist.h>
#include <math.h>

#include "dist_cont_impl.h"

/* ------------------------------------------------------------- weibull */

enum {
    WB_LOG_ALPHA = 1,       /* log alpha               alpha */
    WB_Y_ALPHA = 2,         /* (alpha - 1) log y       y, alpha */
    WB_ALPHA_SIGMA = 4,     /* -alpha log sigma        alpha, sigma */
    WB_KERNEL = 8,          /* -(y / sigma)^alpha      y, alpha, sigma */
};

static const DcCheck weibull_checks[3] = {
    {"Random variable", DC_FINITE},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static const DcCheck weibull_cdf_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static double weibull_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], alpha = x[1], sigma = x[2];
    if (y < 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return -INFINITY;
    }
    double ly = log(y), ls = log(sigma), lys = ly - ls;
    double w = exp(alpha * lys), lp = -w;
    bool ya = inc & WB_Y_ALPHA, as = inc & WB_ALPHA_SIGMA;
    if (inc & WB_LOG_ALPHA)
        lp += log(alpha);
    if (ya)
        lp += dc_pow_term(alpha - 1, ly);
    if (as)
        lp -= alpha * ls;
    if (d) {
        d[0] = ((ya ? alpha - 1 : 0) - alpha * w) / y;
        d[1] = ((inc & WB_LOG_ALPHA) ? 1 / alpha : 0) + (ya ? ly : 0) -
               (as ? ls : 0) - (w == 0 ? 0 : w * lys);
        d[2] = ((as ? -alpha : 0) + alpha * w) / sigma;
    }
    return lp;
}

/* F = 1 - exp(-w), w = (y / sigma)^alpha; dw = d log(F or 1 - F) / dw */
static double weibull_tail(const double *x, double *d, bool upper)
{
    double y = x[0], alpha = x[1], sigma = x[2];
    if (y == 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return upper ? 0 : -INFINITY;
    }
    double lys = log(y) - log(sigma), w = exp(alpha * lys);
    double v = upper ? -w : dc_log1m_exp(-w);
    if (d) {
        double dw = upper ? -1 : 1 / expm1(w);
        d[0] = dw * alpha * w / y;
        d[1] = dw * w * lys;
        d[2] = -dw * alpha * w / sigma;
    }
    return v;
}

DC_TAIL_TERMS(weibull)

double rt_weibull_lpdf(RtArg y, RtArg alpha, RtArg sigma, bool propto,
                       double adj, RtError *err)
{
    RtArg a[3] = {y, alpha, sigma};
    unsigned inc = dc_inc(propto, alpha.ad, WB_LOG_ALPHA) |
                   dc_inc(propto, y.ad || alpha.ad, WB_Y_ALPHA) |
                   dc_inc(propto, alpha.ad || sigma.ad, WB_ALPHA_SIGMA) |
                   dc_inc(propto, y.ad || alpha.ad || sigma.ad, WB_KERNEL);
    return dc_log("weibull_lpdf", 3, a, weibull_checks, weibull_term, inc,
                  adj, err);
}

DC_CDFS3(weibull, weibull_lcdf_term, weibull_lccdf_term, weibull_cdf_checks)

double rt_weibull_rng(double alpha, double sigma, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("weibull_rng", "Shape parameter", alpha,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("weibull_rng", "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return sigma * pow(rt_rng_exponential(rng), 1 / alpha);
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

DC_TAIL_TERMS(frechet)

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
        v = dc_log1m_exp_d(-t, &dt);
        dt = -dt;
    }
    if (d) {
        d[0] = dt * y * is * is;
        d[1] = -dt * 2 * t * is;
    }
    return v;
}

DC_TAIL_TERMS(rayleigh)

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
        dc_zero_partials(d, 3);
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
        dc_zero_partials(d, 3);
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
    dc_zero_partials(d, 3);
    if (y < ymin)
        return upper ? 0 : -INFINITY;
    if (isinf(y))
        return upper ? -INFINITY : 0;
    double lq = log(ymin / y), t = alpha * lq, dt = 1;
    double v = upper ? t : dc_log1m_exp_d(t, &dt);
    if (d) {
        d[0] = -dt * alpha / y;
        d[1] = dt * alpha / ymin;
        d[2] = dt * lq;
    }
    return v;
}

DC_TAIL_TERMS(pareto)

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
               rt_dist_check_at_least(fn, "Random variable", a[0], a[1], N,
                                      err);
    return rt_dist_check_at_least(fn, "Random variable", a[0], a[1], N, err) &&
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
    double v = upper ? t : dc_log1m_exp_d(t, &dt);
    if (d) {
        double is = 1 / (lambda + diff);
        d[0] = -dt * alpha * is;
        d[1] = -d[0];
        d[2] = dt * alpha * diff * is / lambda;
        d[3] = -dt * l;
    }
    return v;
}

DC_TAIL_TERMS(pareto_type_2)

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
