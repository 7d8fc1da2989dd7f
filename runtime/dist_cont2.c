/* dist_cont2.c - continuous univariate distributions, part 2: the
 * positive and bounded families exponential, gamma, inv_gamma, weibull,
 * chi_square, beta and uniform (machinery in dist_cont_impl.h; see
 * dist_cont.c). */
#include <gsl/gsl_randist.h>
#include <math.h>

#include "dist_cont_impl.h"

/* log of the gamma(a, 1) density at x > 0 */
static double log_gamma_density(double a, double x)
{
    return (a - 1) * log(x) - x - lgamma(a);
}

static double log_gamma_p_of_a(double a, const double *c)
{
    return rt_dist_log_gamma_p(a, c[0]);
}

static double log_gamma_q_of_a(double a, const double *c)
{
    return rt_dist_log_gamma_q(a, c[0]);
}

/* log P(a, x) (upper = false) or log Q(a, x), with the partials in x and
 * a (if dx, da non-NULL). */
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
        double g = isinf(v) ? 0 : exp(log_gamma_density(a, x) - v);
        *dx = upper ? -g : g;
        *da = rt_dist_deriv(upper ? log_gamma_q_of_a : log_gamma_p_of_a, &x,
                            a);
    }
    return v;
}

/* --------------------------------------------------------- exponential */

enum { EXP_LOG_BETA = 1, EXP_KERNEL = 2 };

static const DcCheck exponential_checks[2] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Inverse scale parameter", DC_POSITIVE_FINITE},
};

/* log beta - beta y */
static double exponential_term(const double *x, double *d, unsigned inc)
{
    double lb = (inc & EXP_LOG_BETA) ? 1 : 0;
    double lp = -x[1] * x[0] + (lb != 0 ? log(x[1]) : 0);
    if (d) {
        d[0] = -x[1];
        d[1] = lb / x[1] - x[0];
    }
    return lp;
}

/* log(1 - exp(-beta y)) */
static double exponential_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    double t = x[1] * x[0];
    if (d) {
        double g = t == 0 ? 0 : 1 / expm1(t);
        d[0] = g * x[1];
        d[1] = g * x[0];
    }
    return dc_log1m_exp(-t);
}

static double exponential_lccdf_term(const double *x, double *d,
                                     unsigned inc)
{
    (void)inc;
    if (d) {
        d[0] = -x[1];
        d[1] = -x[0];
    }
    return -x[1] * x[0];
}

double rt_exponential_lpdf(RtArg y, RtArg beta, bool propto, double adj,
                           RtError *err)
{
    RtArg a[2] = {y, beta};
    unsigned inc = dc_inc(propto, beta.ad, EXP_LOG_BETA) |
                   dc_inc(propto, y.ad || beta.ad, EXP_KERNEL);
    return dc_log("exponential_lpdf", 2, a, exponential_checks,
                  exponential_term, inc, adj, err);
}

DC_CDFS2(exponential, exponential_lcdf_term, exponential_lccdf_term,
         exponential_checks)

double rt_exponential_rng(double beta, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("exponential_rng", "Inverse scale parameter",
                              beta, DC_POSITIVE_FINITE, err))
        return NAN;
    return rt_rng_exponential(rng) / beta;
}

/* --------------------------------------------------------------- gamma */

enum {
    GAMMA_LGAMMA = 1,       /* -lgamma(alpha)          alpha */
    GAMMA_ALPHA_BETA = 2,   /* alpha log beta          alpha, beta */
    GAMMA_Y_ALPHA = 4,      /* (alpha - 1) log y       y, alpha */
    GAMMA_Y_BETA = 8,       /* -beta y                 y, beta */
    GAMMA_WANT_DALPHA = 16,
};

static const DcCheck gamma_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Inverse scale parameter", DC_POSITIVE_FINITE},
};

static const DcCheck gamma_cdf_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Inverse scale parameter", DC_POSITIVE_FINITE},
};

static double gamma_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], alpha = x[1], beta = x[2];
    if (y < 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return -INFINITY;
    }
    double ly = log(y), lb = log(beta), lp = 0;
    if (inc & GAMMA_LGAMMA)
        lp -= lgamma(alpha);
    if (inc & GAMMA_ALPHA_BETA)
        lp += alpha * lb;
    if (inc & GAMMA_Y_ALPHA)
        lp += dc_pow_term(alpha - 1, ly);
    if (inc & GAMMA_Y_BETA)
        lp -= beta * y;
    if (d) {
        d[0] = ((inc & GAMMA_Y_ALPHA) ? (alpha - 1) / y : 0) -
               ((inc & GAMMA_Y_BETA) ? beta : 0);
        d[1] = ((inc & GAMMA_ALPHA_BETA) ? lb : 0) +
               ((inc & GAMMA_Y_ALPHA) ? ly : 0);
        if ((inc & GAMMA_LGAMMA) && (inc & GAMMA_WANT_DALPHA))
            d[1] -= rt_dist_digamma(alpha);
        d[2] = ((inc & GAMMA_ALPHA_BETA) ? alpha / beta : 0) -
               ((inc & GAMMA_Y_BETA) ? y : 0);
    }
    return lp;
}

/* P(alpha, beta y) or Q(alpha, beta y) */
static double gamma_tail(const double *x, double *d, bool upper)
{
    double y = x[0], beta = x[2], dx, da;
    double v = log_gamma_tail(x[1], beta * y, upper, d ? &dx : NULL, &da);
    if (d) {
        d[0] = dx * beta;
        d[1] = da;
        d[2] = dx * y;
    }
    return v;
}

static double gamma_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return gamma_tail(x, d, false);
}

static double gamma_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return gamma_tail(x, d, true);
}

double rt_gamma_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                     double adj, RtError *err)
{
    RtArg a[3] = {y, alpha, beta};
    unsigned inc = dc_inc(propto, alpha.ad, GAMMA_LGAMMA) |
                   dc_inc(propto, alpha.ad || beta.ad, GAMMA_ALPHA_BETA) |
                   dc_inc(propto, y.ad || alpha.ad, GAMMA_Y_ALPHA) |
                   dc_inc(propto, y.ad || beta.ad, GAMMA_Y_BETA);
    if (inc && alpha.g)
        inc |= GAMMA_WANT_DALPHA;
    return dc_log("gamma_lpdf", 3, a, gamma_checks, gamma_term, inc, adj,
                  err);
}

DC_CDFS3(gamma, gamma_lcdf_term, gamma_lccdf_term, gamma_cdf_checks)

double rt_gamma_rng(double alpha, double beta, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("gamma_rng", "Shape parameter", alpha,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("gamma_rng", "Inverse scale parameter", beta,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return gsl_ran_gamma(rt_rng_gsl(rng), alpha, 1 / beta);
}

/* ----------------------------------------------------------- inv_gamma */

enum {
    IG_LGAMMA = 1,          /* -lgamma(alpha)          alpha */
    IG_ALPHA_BETA = 2,      /* alpha log beta          alpha, beta */
    IG_Y_ALPHA = 4,         /* -(alpha + 1) log y      y, alpha */
    IG_Y_BETA = 8,          /* -beta / y               y, beta */
    IG_WANT_DALPHA = 16,
};

static const DcCheck inv_gamma_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static const DcCheck inv_gamma_cdf_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Shape parameter", DC_POSITIVE_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

static double inv_gamma_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], alpha = x[1], beta = x[2];
    if (y <= 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return -INFINITY;
    }
    double ly = log(y), lb = log(beta), iy = 1 / y, lp = 0;
    if (inc & IG_LGAMMA)
        lp -= lgamma(alpha);
    if (inc & IG_ALPHA_BETA)
        lp += alpha * lb;
    if (inc & IG_Y_ALPHA)
        lp -= (alpha + 1) * ly;
    if (inc & IG_Y_BETA)
        lp -= beta * iy;
    if (d) {
        d[0] = (((inc & IG_Y_BETA) ? beta * iy : 0) -
                ((inc & IG_Y_ALPHA) ? alpha + 1 : 0)) * iy;
        d[1] = ((inc & IG_ALPHA_BETA) ? lb : 0) -
               ((inc & IG_Y_ALPHA) ? ly : 0);
        if ((inc & IG_LGAMMA) && (inc & IG_WANT_DALPHA))
            d[1] -= rt_dist_digamma(alpha);
        d[2] = ((inc & IG_ALPHA_BETA) ? alpha / beta : 0) -
               ((inc & IG_Y_BETA) ? iy : 0);
    }
    return lp;
}

/* P(Y <= y) = Q(alpha, beta / y); P(Y > y) = P(alpha, beta / y) */
static double inv_gamma_tail(const double *x, double *d, bool upper)
{
    double y = x[0], beta = x[2], dx, da;
    if (y == 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return upper ? 0 : -INFINITY;
    }
    double v = log_gamma_tail(x[1], beta / y, !upper, d ? &dx : NULL, &da);
    if (d) {
        d[0] = -dx * beta / (y * y);
        d[1] = da;
        d[2] = dx / y;
    }
    return v;
}

static double inv_gamma_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return inv_gamma_tail(x, d, false);
}

static double inv_gamma_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return inv_gamma_tail(x, d, true);
}

double rt_inv_gamma_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                         double adj, RtError *err)
{
    RtArg a[3] = {y, alpha, beta};
    unsigned inc = dc_inc(propto, alpha.ad, IG_LGAMMA) |
                   dc_inc(propto, alpha.ad || beta.ad, IG_ALPHA_BETA) |
                   dc_inc(propto, y.ad || alpha.ad, IG_Y_ALPHA) |
                   dc_inc(propto, y.ad || beta.ad, IG_Y_BETA);
    if (inc && alpha.g)
        inc |= IG_WANT_DALPHA;
    return dc_log("inv_gamma_lpdf", 3, a, inv_gamma_checks, inv_gamma_term,
                  inc, adj, err);
}

DC_CDFS3(inv_gamma, inv_gamma_lcdf_term, inv_gamma_lccdf_term,
         inv_gamma_cdf_checks)

double rt_inv_gamma_rng(double alpha, double beta, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("inv_gamma_rng", "Shape parameter", alpha,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("inv_gamma_rng", "Scale parameter", beta,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return beta / gsl_ran_gamma(rt_rng_gsl(rng), alpha, 1);
}

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

static double weibull_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return weibull_tail(x, d, false);
}

static double weibull_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return weibull_tail(x, d, true);
}

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

/* ---------------------------------------------------------- chi_square */

enum {
    CS_NU = 1,              /* -nu/2 log 2 - lgamma(nu/2)   nu */
    CS_Y_NU = 2,            /* (nu/2 - 1) log y             y, nu */
    CS_Y = 4,               /* -y / 2                       y */
    CS_WANT_DNU = 8,
};

static const DcCheck chi_square_checks[2] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Degrees of freedom parameter", DC_POSITIVE_FINITE},
};

static double chi_square_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], hn = 0.5 * x[1], ly = log(y), lp = 0;
    if (inc & CS_NU)
        lp -= hn * DC_LN2 + lgamma(hn);
    if (inc & CS_Y_NU)
        lp += dc_pow_term(hn - 1, ly);
    if (inc & CS_Y)
        lp -= 0.5 * y;
    if (d) {
        d[0] = ((inc & CS_Y_NU) ? (hn - 1) / y : 0) -
               ((inc & CS_Y) ? 0.5 : 0);
        d[1] = (inc & CS_Y_NU) ? 0.5 * ly : 0;
        if (inc & CS_NU) {
            d[1] -= 0.5 * DC_LN2;
            if (inc & CS_WANT_DNU)
                d[1] -= 0.5 * rt_dist_digamma(hn);
        }
    }
    return lp;
}

/* P(nu/2, y/2) */
static double chi_square_tail(const double *x, double *d, bool upper)
{
    double dx, da;
    double v = log_gamma_tail(0.5 * x[1], 0.5 * x[0], upper,
                              d ? &dx : NULL, &da);
    if (d) {
        d[0] = 0.5 * dx;
        d[1] = 0.5 * da;
    }
    return v;
}

static double chi_square_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return chi_square_tail(x, d, false);
}

static double chi_square_lccdf_term(const double *x, double *d,
                                    unsigned inc)
{
    (void)inc;
    return chi_square_tail(x, d, true);
}

double rt_chi_square_lpdf(RtArg y, RtArg nu, bool propto, double adj,
                          RtError *err)
{
    RtArg a[2] = {y, nu};
    unsigned inc = dc_inc(propto, nu.ad, CS_NU) |
                   dc_inc(propto, y.ad || nu.ad, CS_Y_NU) |
                   dc_inc(propto, y.ad, CS_Y);
    if (inc && nu.g)
        inc |= CS_WANT_DNU;
    return dc_log("chi_square_lpdf", 2, a, chi_square_checks,
                  chi_square_term, inc, adj, err);
}

DC_CDFS2(chi_square, chi_square_lcdf_term, chi_square_lccdf_term,
         chi_square_checks)

double rt_chi_square_rng(double nu, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("chi_square_rng",
                              "Degrees of freedom parameter", nu,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return 2 * gsl_ran_gamma(rt_rng_gsl(rng), 0.5 * nu, 1);
}

/* ---------------------------------------------------------------- beta */

enum {
    BETA_LGAMMA_A = 1,      /* -lgamma(alpha)            alpha */
    BETA_LGAMMA_B = 2,      /* -lgamma(beta)             beta */
    BETA_LGAMMA_AB = 4,     /* lgamma(alpha + beta)      alpha, beta */
    BETA_Y_A = 8,           /* (alpha - 1) log y         y, alpha */
    BETA_Y_B = 16,          /* (beta - 1) log1m(y)       y, beta */
    BETA_WANT_DA = 32,
    BETA_WANT_DB = 64,
};

static const DcCheck beta_checks[3] = {
    {"Random variable", DC_UNIT_INTERVAL},
    {"First shape parameter", DC_POSITIVE_FINITE},
    {"Second shape parameter", DC_POSITIVE_FINITE},
};

static double beta_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], a = x[1], b = x[2];
    double ly = log(y), l1my = log1p(-y), lp = 0;
    if (inc & BETA_LGAMMA_A)
        lp -= lgamma(a);
    if (inc & BETA_LGAMMA_B)
        lp -= lgamma(b);
    if (inc & BETA_LGAMMA_AB)
        lp += lgamma(a + b);
    if (inc & BETA_Y_A)
        lp += dc_pow_term(a - 1, ly);
    if (inc & BETA_Y_B)
        lp += dc_pow_term(b - 1, l1my);
    if (d) {
        double dab = (inc & (BETA_WANT_DA | BETA_WANT_DB)) &&
                     (inc & BETA_LGAMMA_AB) ? rt_dist_digamma(a + b) : 0;
        d[0] = ((inc & BETA_Y_A) ? (a - 1) / y : 0) -
               ((inc & BETA_Y_B) ? (b - 1) / (1 - y) : 0);
        d[1] = dab + ((inc & BETA_Y_A) ? ly : 0);
        d[2] = dab + ((inc & BETA_Y_B) ? l1my : 0);
        if ((inc & BETA_LGAMMA_A) && (inc & BETA_WANT_DA))
            d[1] -= rt_dist_digamma(a);
        if ((inc & BETA_LGAMMA_B) && (inc & BETA_WANT_DB))
            d[2] -= rt_dist_digamma(b);
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

/* log I_y(a, b), or for the ccdf log I_{1-y}(b, a) */
static double beta_tail(const double *x, double *d, bool upper)
{
    double y = x[0], a = x[1], b = x[2];
    if (y == (upper ? 1 : 0) || y == (upper ? 0 : 1)) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return y == (upper ? 0 : 1) ? 0 : -INFINITY;
    }
    double v = upper ? rt_dist_log_beta_inc(b, a, 1 - y)
                     : rt_dist_log_beta_inc(a, b, y);
    if (d) {
        double lpdf = (a - 1) * log(y) + (b - 1) * log1p(-y) - lgamma(a) -
                      lgamma(b) + lgamma(a + b);
        double g = exp(lpdf - v);
        d[0] = upper ? -g : g;
        if (upper) {
            /* I_{1-y}(b, a): a is the second shape, b the first */
            double cb[2] = {b, 1 - y}, ca[2] = {a, 1 - y};
            d[1] = rt_dist_deriv(log_beta_inc_of_b, cb, a);
            d[2] = rt_dist_deriv(log_beta_inc_of_a, ca, b);
        } else {
            double cb[2] = {b, y}, ca[2] = {a, y};
            d[1] = rt_dist_deriv(log_beta_inc_of_a, cb, a);
            d[2] = rt_dist_deriv(log_beta_inc_of_b, ca, b);
        }
    }
    return v;
}

static double beta_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return beta_tail(x, d, false);
}

static double beta_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return beta_tail(x, d, true);
}

double rt_beta_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                    double adj, RtError *err)
{
    RtArg a[3] = {y, alpha, beta};
    unsigned inc = dc_inc(propto, alpha.ad, BETA_LGAMMA_A) |
                   dc_inc(propto, beta.ad, BETA_LGAMMA_B) |
                   dc_inc(propto, alpha.ad || beta.ad, BETA_LGAMMA_AB) |
                   dc_inc(propto, y.ad || alpha.ad, BETA_Y_A) |
                   dc_inc(propto, y.ad || beta.ad, BETA_Y_B);
    if (inc && alpha.g)
        inc |= BETA_WANT_DA;
    if (inc && beta.g)
        inc |= BETA_WANT_DB;
    return dc_log("beta_lpdf", 3, a, beta_checks, beta_term, inc, adj, err);
}

DC_CDFS3(beta, beta_lcdf_term, beta_lccdf_term, beta_checks)

double rt_beta_rng(double alpha, double beta, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("beta_rng", "First shape parameter", alpha,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar("beta_rng", "Second shape parameter", beta,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return gsl_ran_beta(rt_rng_gsl(rng), alpha, beta);
}

/* ------------------------------------------------------------- uniform */

enum { UNIF_SUPPORT = 1, UNIF_LOG_WIDTH = 2 };

static const DcCheck uniform_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Lower bound parameter", DC_FINITE},
    {"Upper bound parameter", DC_FINITE},
};

/* -log(beta - alpha) on [alpha, beta], -inf outside */
static double uniform_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], lo = x[1], hi = x[2];
    if (d)
        d[0] = d[1] = d[2] = 0;
    if (y < lo || y > hi)
        return -INFINITY;
    if (!(inc & UNIF_LOG_WIDTH))
        return 0;
    double iw = 1 / (hi - lo);
    if (d) {
        d[1] = iw;
        d[2] = -iw;
    }
    return -log(hi - lo);
}

/* (y - alpha) / (beta - alpha), or (beta - y) / (beta - alpha) */
static double uniform_tail(const double *x, double *d, bool upper)
{
    double y = x[0], lo = x[1], hi = x[2];
    if (d)
        d[0] = d[1] = d[2] = 0;
    if (y <= lo)
        return upper ? 0 : -INFINITY;
    if (y >= hi)
        return upper ? -INFINITY : 0;
    double iw = 1 / (hi - lo);
    if (d) {
        if (upper) {
            double ir = 1 / (hi - y);
            d[0] = -ir;
            d[1] = iw;
            d[2] = ir - iw;
        } else {
            double ir = 1 / (y - lo);
            d[0] = ir;
            d[1] = iw - ir;
            d[2] = -iw;
        }
    }
    return upper ? log((hi - y) * iw) : log((y - lo) * iw);
}

static double uniform_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return uniform_tail(x, d, false);
}

static double uniform_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return uniform_tail(x, d, true);
}

/* Stan's check_greater(beta, alpha) after the per-argument checks. */
static bool uniform_bounds_ok(const char *fn, RtArg alpha, RtArg beta,
                              RtError *err)
{
    int N = alpha.n > beta.n ? alpha.n : beta.n;
    return rt_dist_check_greater(fn, "Upper bound parameter", beta, alpha, N,
                                 err);
}

static double uniform_call(const char *fn, RtArg y, RtArg alpha, RtArg beta,
                           DcKernel kern, unsigned inc, bool cdf, double adj,
                           RtError *err)
{
    RtArg a[3] = {y, alpha, beta};
    int N;
    if (!rt_dist_check(fn, 3, a, uniform_checks, &N, err) ||
        !uniform_bounds_ok(fn, alpha, beta, err))
        return NAN;
    if (cdf)
        return dc_cdf(fn, 3, a, uniform_checks, kern, adj, err);
    return dc_log(fn, 3, a, uniform_checks, kern, inc, adj, err);
}

double rt_uniform_lpdf(RtArg y, RtArg alpha, RtArg beta, bool propto,
                       double adj, RtError *err)
{
    unsigned inc = dc_inc(propto, y.ad || alpha.ad || beta.ad, UNIF_SUPPORT) |
                   dc_inc(propto, alpha.ad || beta.ad, UNIF_LOG_WIDTH);
    return uniform_call("uniform_lpdf", y, alpha, beta, uniform_term, inc,
                        false, adj, err);
}

double rt_uniform_lcdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                       RtError *err)
{
    return uniform_call("uniform_lcdf", y, alpha, beta, uniform_lcdf_term,
                        DC_ALL, false, adj, err);
}

double rt_uniform_lccdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                        RtError *err)
{
    return uniform_call("uniform_lccdf", y, alpha, beta, uniform_lccdf_term,
                        DC_ALL, false, adj, err);
}

double rt_uniform_cdf(RtArg y, RtArg alpha, RtArg beta, double adj,
                      RtError *err)
{
    return uniform_call("uniform_cdf", y, alpha, beta, uniform_lcdf_term,
                        DC_ALL, true, adj, err);
}

double rt_uniform_rng(double alpha, double beta, RtRng *rng, RtError *err)
{
    RtArg a = rt_arg1(&alpha, NULL, false), b = rt_arg1(&beta, NULL, false);
    if (!rt_dist_check_scalar("uniform_rng", "Lower bound parameter", alpha,
                              DC_FINITE, err) ||
        !rt_dist_check_scalar("uniform_rng", "Upper bound parameter", beta,
                              DC_FINITE, err) ||
        !uniform_bounds_ok("uniform_rng", a, b, err))
        return NAN;
    return alpha + (beta - alpha) * rt_rng_uniform(rng);
}
