/* dist_location_scale.c - the other unbounded location-scale families
 * (Stan Functions Reference, "Unbounded continuous distributions"):
 * student_t, cauchy, double_exponential, skew_double_exponential,
 * logistic and gumbel.  The normal family is dist_normal_family.c's.
 *
 * Kernels and public functions as in dist_normal_family.c (machinery in
 * dist_cont_impl.h). */
#include <gsl/gsl_randist.h>
#include <math.h>

#include "dist_cont_impl.h"

/* ----------------------------------------------------------- student_t */

enum {
    ST_CONST = 1, ST_NU = 2, ST_LOG_SIGMA = 4, ST_KERNEL = 8,
    ST_WANT_DNU = 16,    /* nu has an adjoint: compute its digammas */
};

static const DcCheck student_t_checks[4] = {
    {"Random variable", DC_NOT_NAN},
    {"Degrees of freedom parameter", DC_POSITIVE_FINITE},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

/* lgamma((nu+1)/2) - lgamma(nu/2) - log(nu pi)/2 - log sigma
 *   - (nu+1)/2 log1p(z^2 / nu) */
static double student_t_term(const double *x, double *d, unsigned inc)
{
    double nu = x[1], inv = 1 / x[3], z = (x[0] - x[2]) * inv;
    double r = z * z / nu, l = log1p(r), hn = 0.5 * nu;
    double ls = (inc & ST_LOG_SIGMA) ? 1 : 0;
    double lp = -(hn + 0.5) * l;
    if (inc & ST_NU)
        lp += lgamma(hn + 0.5) - lgamma(hn) - 0.5 * log(nu);
    if (inc & ST_CONST)
        lp -= 0.5 * DC_LOG_PI;
    if (ls != 0)
        lp -= log(x[3]);
    if (d) {
        double q = (nu + 1) / (nu * (1 + r));
        d[0] = -q * z * inv;
        d[2] = -d[0];
        d[3] = (q * z * z - ls) * inv;
        d[1] = -0.5 * l + 0.5 * q * r;
        if ((inc & ST_NU) && (inc & ST_WANT_DNU))
            d[1] += 0.5 * (rt_dist_digamma(hn + 0.5) - rt_dist_digamma(hn)) -
                    0.5 / nu;
    }
    return lp;
}

/* log P(T <= z) for T ~ student_t(nu, 0, 1): the tail P(T <= -|z|) is
 * I_x(nu/2, 1/2) / 2 with x = nu / (nu + z^2). */
static double t_log_cdf_std(double z, double nu)
{
    if (isinf(z))
        return z > 0 ? 0 : -INFINITY;
    double z2 = z * z, x = nu / (nu + z2), ltail;
    if (x < 0.5)
        ltail = rt_dist_log_beta_inc(0.5 * nu, 0.5, x) - DC_LN2;
    else
        ltail = log1p(-exp(rt_dist_log_beta_inc(0.5, 0.5 * nu,
                                                z2 / (nu + z2)))) - DC_LN2;
    return z <= 0 ? ltail : dc_log1m_exp(ltail);
}

static double t_log_cdf_of_nu(double nu, const double *c)
{
    return t_log_cdf_std(c[0], nu);
}

/* log P(Y <= y) or (upper) log P(Y > y) = log P(T <= -z): s = 1 or -1 */
static double student_t_tail(const double *x, double *d, bool upper)
{
    double s = upper ? -1 : 1;
    double nu = x[1], inv = 1 / x[3], z = (x[0] - x[2]) * inv;
    double v = t_log_cdf_std(s * z, nu);
    if (d) {
        if (isinf(z) || isinf(v)) {
            d[0] = d[1] = d[2] = d[3] = 0;
            return v;
        }
        double hn = 0.5 * nu;
        double lpdf = lgamma(hn + 0.5) - lgamma(hn) -
                      0.5 * (log(nu) + DC_LOG_PI) -
                      (hn + 0.5) * log1p(z * z / nu);
        double dz = s * exp(lpdf - v);
        double c = s * z;
        d[0] = dz * inv;
        d[2] = -d[0];
        d[3] = -dz * z * inv;
        d[1] = rt_dist_deriv(t_log_cdf_of_nu, &c, nu);
    }
    return v;
}

DC_TAIL_TERMS(student_t)

double rt_student_t_lpdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                         bool propto, double adj, RtError *err)
{
    RtArg a[4] = {y, nu, mu, sigma};
    unsigned inc = dc_inc(propto, false, ST_CONST) |
                   dc_inc(propto, nu.ad, ST_NU) |
                   dc_inc(propto, sigma.ad, ST_LOG_SIGMA) |
                   dc_inc(propto, y.ad || nu.ad || mu.ad || sigma.ad,
                          ST_KERNEL);
    if (inc && nu.g)
        inc |= ST_WANT_DNU;
    return dc_log("student_t_lpdf", 4, a, student_t_checks, student_t_term,
                  inc, adj, err);
}

double rt_student_t_lcdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                         double adj, RtError *err)
{
    RtArg a[4] = {y, nu, mu, sigma};
    return dc_log("student_t_lcdf", 4, a, student_t_checks,
                  student_t_lcdf_term, DC_ALL, adj, err);
}

double rt_student_t_lccdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                          double adj, RtError *err)
{
    RtArg a[4] = {y, nu, mu, sigma};
    return dc_log("student_t_lccdf", 4, a, student_t_checks,
                  student_t_lccdf_term, DC_ALL, adj, err);
}

double rt_student_t_cdf(RtArg y, RtArg nu, RtArg mu, RtArg sigma,
                        double adj, RtError *err)
{
    RtArg a[4] = {y, nu, mu, sigma};
    return dc_cdf("student_t_cdf", 4, a, student_t_checks,
                  student_t_lcdf_term, adj, err);
}

double rt_student_t_rng(double nu, double mu, double sigma, RtRng *rng,
                        RtError *err)
{
    const char *fn = "student_t_rng";
    if (!rt_dist_check_scalar(fn, "Degrees of freedom parameter", nu,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return mu + sigma * gsl_ran_tdist(rt_rng_gsl(rng), nu);
}

/* -------------------------------------------------------------- cauchy */

enum { CAUCHY_CONST = 1, CAUCHY_LOG_SIGMA = 2, CAUCHY_KERNEL = 4 };

static const DcCheck location_scale_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

/* -log pi - log sigma - log1p(z^2) */
static double cauchy_term(const double *x, double *d, unsigned inc)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv;
    double ls = (inc & CAUCHY_LOG_SIGMA) ? 1 : 0;
    double lp = -log1p(z * z);
    if (inc & CAUCHY_CONST)
        lp -= DC_LOG_PI;
    if (ls != 0)
        lp -= log(x[2]);
    if (d) {
        double q = 2 * z / (1 + z * z);
        d[0] = -q * inv;
        d[1] = q * inv;
        d[2] = (q * z - ls) * inv;
    }
    return lp;
}

/* F(z) = 1/2 + atan(z)/pi = atan2(1, -z)/pi, accurate in both tails */
static double cauchy_tail(const double *x, double *d, bool upper)
{
    double s = upper ? -1 : 1;
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv;
    double f = atan2(1, -s * z) / M_PI;
    if (d) {
        double dz = isinf(z) || f == 0 ? 0 : s / (M_PI * (1 + z * z) * f);
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = isinf(z) ? 0 : -dz * z * inv;
    }
    return log(f);
}

DC_TAIL_TERMS(cauchy)

double rt_cauchy_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                      double adj, RtError *err)
{
    RtArg a[3] = {y, mu, sigma};
    unsigned inc = dc_inc(propto, false, CAUCHY_CONST) |
                   dc_inc(propto, sigma.ad, CAUCHY_LOG_SIGMA) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad, CAUCHY_KERNEL);
    return dc_log("cauchy_lpdf", 3, a, location_scale_checks, cauchy_term,
                  inc, adj, err);
}

DC_CDFS3(cauchy, cauchy_lcdf_term, cauchy_lccdf_term, location_scale_checks)

double rt_cauchy_rng(double mu, double sigma, RtRng *rng, RtError *err)
{
    if (!dc_check_loc_scale_rng("cauchy_rng", mu, sigma, err))
        return NAN;
    return mu + sigma * tan(M_PI * (rt_rng_uniform(rng) - 0.5));
}

/* -------------------------------------------------- double_exponential */

enum { DE_CONST = 1, DE_LOG_SIGMA = 2, DE_KERNEL = 4 };

static const DcCheck finite_location_scale_checks[3] = {
    {"Random variable", DC_FINITE},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

/* -log 2 - log sigma - |y - mu| / sigma */
static double double_exponential_term(const double *x, double *d,
                                      unsigned inc)
{
    double inv = 1 / x[2], diff = x[0] - x[1];
    double ls = (inc & DE_LOG_SIGMA) ? 1 : 0;
    double lp = -fabs(diff) * inv;
    if (inc & DE_CONST)
        lp -= DC_LN2;
    if (ls != 0)
        lp -= log(x[2]);
    if (d) {
        double sgn = (diff > 0) - (diff < 0);
        d[0] = -sgn * inv;
        d[1] = sgn * inv;
        d[2] = (fabs(diff) * inv - ls) * inv;
    }
    return lp;
}

/* F = exp(z)/2 below mu, 1 - exp(-z)/2 above; dz = d log F / dz */
static double double_exponential_lcdf_term(const double *x, double *d,
                                           unsigned inc)
{
    (void)inc;
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, v, dz;
    if (z < 0) {
        v = z - DC_LN2;
        dz = 1;
    } else {
        v = log1p(-0.5 * exp(-z));
        dz = 1 / (2 * exp(z) - 1);
    }
    if (d) {
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = -dz * z * inv;
    }
    return v;
}

static double double_exponential_lccdf_term(const double *x, double *d,
                                            unsigned inc)
{
    (void)inc;
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, v, dz;
    if (z < 0) {
        v = log1p(-0.5 * exp(z));
        dz = -1 / (2 * exp(-z) - 1);
    } else {
        v = -z - DC_LN2;
        dz = -1;
    }
    if (d) {
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = -dz * z * inv;
    }
    return v;
}

double rt_double_exponential_lpdf(RtArg y, RtArg mu, RtArg sigma,
                                  bool propto, double adj, RtError *err)
{
    RtArg a[3] = {y, mu, sigma};
    unsigned inc = dc_inc(propto, false, DE_CONST) |
                   dc_inc(propto, sigma.ad, DE_LOG_SIGMA) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad, DE_KERNEL);
    return dc_log("double_exponential_lpdf", 3, a,
                  finite_location_scale_checks, double_exponential_term, inc,
                  adj, err);
}

DC_CDFS3(double_exponential, double_exponential_lcdf_term,
         double_exponential_lccdf_term, finite_location_scale_checks)

double rt_double_exponential_rng(double mu, double sigma, RtRng *rng,
                                 RtError *err)
{
    if (!dc_check_loc_scale_rng("double_exponential_rng", mu, sigma, err))
        return NAN;
    double e = rt_rng_exponential(rng);
    return rt_rng_uniform(rng) < 0.5 ? mu - sigma * e : mu + sigma * e;
}

/* --------------------------------------------- skew_double_exponential */

enum {
    SDE_CONST = 1,          /* log 2 */
    SDE_LOG_SIGMA = 2,      /* -log sigma                     sigma */
    SDE_TAU = 4,            /* log tau + log1m(tau)           tau */
    SDE_KERNEL = 8,         /* -2/sigma (1-tau)(mu-y) below mu, tau(y-mu)
                             * above                          all */
};

static const DcCheck skew_double_exponential_checks[4] = {
    {"Random variable", DC_NOT_NAN},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Skewness parameter", DC_UNIT_INTERVAL},
};

/* The kernel -2 w |y - mu| / sigma, w = 1 - tau below mu and tau above;
 * d/dy at y == mu is 0, as Stan's sign(0). */
static double skew_double_exponential_term(const double *x, double *d,
                                           unsigned inc)
{
    double diff = x[0] - x[1], sigma = x[2], tau = x[3], inv = 1 / sigma;
    bool below = diff < 0;
    double w = below ? 1 - tau : tau, k = -2 * w * fabs(diff) * inv;
    double ls = (inc & SDE_LOG_SIGMA) ? 1 : 0, lp = k;
    if (inc & SDE_CONST)
        lp += DC_LN2;
    if (ls != 0)
        lp -= log(sigma);
    if (inc & SDE_TAU)
        lp += log(tau) + log1p(-tau);
    if (d) {
        double sgn = (diff > 0) - (diff < 0);
        d[0] = -2 * w * sgn * inv;
        d[1] = -d[0];
        d[2] = (-k - ls) * inv;
        d[3] = (below ? 2 : -2) * fabs(diff) * inv;
        if (inc & SDE_TAU)
            d[3] += 1 / tau - 1 / (1 - tau);
    }
    return lp;
}

/* F = tau exp(-2 (1-tau) (mu-y) / sigma) below mu, 1 - (1-tau) exp(-2 tau
 * (y-mu) / sigma) above.  For each piece, log of the piece written as
 * log c - m (the near tail) or log1m(c exp(-m)) (the far one). */
static double skew_double_exponential_tail(const double *x, double *d,
                                           bool upper)
{
    double diff = x[0] - x[1], sigma = x[2], tau = x[3], inv = 1 / sigma;
    bool below = diff < 0;
    /* the exponential piece on y's side: weight c, rate r */
    double c = below ? tau : 1 - tau, r = below ? 1 - tau : tau;
    double m = 2 * r * fabs(diff) * inv;
    /* dm: partials of m in y, mu, sigma, tau; dc: of c in tau */
    double sgn = below ? -1 : 1;
    double dm[4] = {2 * r * sgn * inv, -2 * r * sgn * inv, -m * inv,
                    (below ? -2 : 2) * fabs(diff) * inv};
    double dc = below ? 1 : -1, v, dv_dm, dv_dc;
    if (below != upper) {
        /* the piece is the tail itself: log c - m */
        v = log(c) - m;
        dv_dm = -1;
        dv_dc = 1 / c;
    } else {
        /* one minus the piece: log(1 - c exp(-m)) */
        double q = c * exp(-m);
        v = log1p(-q);
        dv_dm = q / (1 - q);
        dv_dc = -exp(-m) / (1 - q);
    }
    if (d) {
        if (isinf(v) || isinf(m)) {
            dc_zero_partials(d, 4);
            return v;
        }
        for (int j = 0; j < 4; j++)
            d[j] = dv_dm * dm[j];
        d[3] += dv_dc * dc;
    }
    return v;
}

DC_TAIL_TERMS(skew_double_exponential)

double rt_skew_double_exponential_lpdf(RtArg y, RtArg mu, RtArg sigma,
                                       RtArg tau, bool propto, double adj,
                                       RtError *err)
{
    RtArg a[4] = {y, mu, sigma, tau};
    unsigned inc = dc_inc(propto, false, SDE_CONST) |
                   dc_inc(propto, sigma.ad, SDE_LOG_SIGMA) |
                   dc_inc(propto, tau.ad, SDE_TAU) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad || tau.ad,
                          SDE_KERNEL);
    return dc_log("skew_double_exponential_lpdf", 4, a,
                  skew_double_exponential_checks,
                  skew_double_exponential_term, inc, adj, err);
}

DC_CDFS4(skew_double_exponential, skew_double_exponential_lcdf_term,
      skew_double_exponential_lccdf_term, skew_double_exponential_checks)

double rt_skew_double_exponential_rng(double mu, double sigma, double tau,
                                      RtRng *rng, RtError *err)
{
    const char *fn = "skew_double_exponential_rng";
    if (!rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE,
                              err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Skewness parameter", tau,
                              DC_UNIT_INTERVAL, err))
        return NAN;
    /* the inverse of the cdf at a uniform draw */
    double u = rt_rng_uniform(rng);
    if (u < tau)
        return mu + sigma / (2 * (1 - tau)) * log(u / tau);
    return mu - sigma / (2 * tau) * log((1 - u) / (1 - tau));
}

/* ------------------------------------------------------------ logistic */

enum { LOGISTIC_LOG_SIGMA = 1, LOGISTIC_KERNEL = 2 };

/* -z - 2 log1p(exp(-z)) - log sigma, written in |z| (it is even in z) */
static double logistic_term(const double *x, double *d, unsigned inc)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, az = fabs(z);
    double e = exp(-az), ls = (inc & LOGISTIC_LOG_SIGMA) ? 1 : 0;
    double lp = -az - 2 * log1p(e);
    if (ls != 0)
        lp -= log(x[2]);
    if (d) {
        double dz = -tanh(0.5 * z);     /* 1 - 2 inv_logit(z) */
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = (-dz * z - ls) * inv;
    }
    return lp;
}

/* log inv_logit(s z) = -log1p_exp(-s z), s = 1 for the cdf, -1 (upper)
 * the ccdf */
static double logistic_tail(const double *x, double *d, bool upper)
{
    double s = upper ? -1 : 1;
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv;
    double v = -dc_log1p_exp(-s * z);
    if (d) {
        double dz = s / (1 + exp(s * z));
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = -dz * z * inv;
    }
    return v;
}

DC_TAIL_TERMS(logistic)

double rt_logistic_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                        double adj, RtError *err)
{
    RtArg a[3] = {y, mu, sigma};
    unsigned inc = dc_inc(propto, sigma.ad, LOGISTIC_LOG_SIGMA) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad,
                          LOGISTIC_KERNEL);
    return dc_log("logistic_lpdf", 3, a, finite_location_scale_checks,
                  logistic_term, inc, adj, err);
}

DC_CDFS3(logistic, logistic_lcdf_term, logistic_lccdf_term,
         finite_location_scale_checks)

double rt_logistic_rng(double mu, double sigma, RtRng *rng, RtError *err)
{
    if (!dc_check_loc_scale_rng("logistic_rng", mu, sigma, err))
        return NAN;
    double u = rt_rng_uniform(rng);
    return mu + sigma * (log(u) - log1p(-u));
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

DC_TAIL_TERMS(gumbel)

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
