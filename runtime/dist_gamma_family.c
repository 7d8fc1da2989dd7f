/* dist_gamma_family.c - the distributions whose cdf is a regularized
 * incomplete gamma function (Stan Functions Reference, "Positive
 * continuous distributions"): exponential, gamma, inv_gamma, chi_square,
 * inv_chi_square and scaled_inv_chi_square.  The tails are
 * dc_log_gamma_tail (dist_cont_impl.h).
 *
 * Kernels and public functions as in dist_normal_family.c. */
#include <gsl/gsl_randist.h>
#include <math.h>

#include "dist_cont_impl.h"

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
    double v = dc_log_gamma_tail(x[1], beta * y, upper, d ? &dx : NULL, &da);
    if (d) {
        d[0] = dx * beta;
        d[1] = da;
        d[2] = dx * y;
    }
    return v;
}

DC_TAIL_TERMS(gamma)

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
    double v = dc_log_gamma_tail(x[1], beta / y, !upper, d ? &dx : NULL, &da);
    if (d) {
        d[0] = -dx * beta / (y * y);
        d[1] = da;
        d[2] = dx / y;
    }
    return v;
}

DC_TAIL_TERMS(inv_gamma)

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
    double v = dc_log_gamma_tail(0.5 * x[1], 0.5 * x[0], upper,
                              d ? &dx : NULL, &da);
    if (d) {
        d[0] = 0.5 * dx;
        d[1] = 0.5 * da;
    }
    return v;
}

DC_TAIL_TERMS(chi_square)

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
        dc_zero_partials(d, 2);
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
        dc_zero_partials(d, 2);
        return upper ? 0 : -INFINITY;
    }
    double v = dc_log_gamma_tail(0.5 * x[1], 0.5 / y, !upper, d ? &dx : NULL,
                              &da);
    if (d) {
        d[0] = -dx * 0.5 / (y * y);
        d[1] = 0.5 * da;
    }
    return v;
}

DC_TAIL_TERMS(inv_chi_square)

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
        dc_zero_partials(d, 3);
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
        dc_zero_partials(d, 3);
        return upper ? 0 : -INFINITY;
    }
    double g = 0.5 * nu * s * s / y;
    double v = dc_log_gamma_tail(0.5 * nu, g, !upper, d ? &dx : NULL, &da);
    if (d) {
        d[0] = -dx * g / y;
        d[1] = 0.5 * da + dx * g / nu;
        d[2] = dx * 2 * g / s;
    }
    return v;
}

DC_TAIL_TERMS(scaled_inv_chi_square)

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
