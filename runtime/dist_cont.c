/* dist_cont.c - continuous univariate distributions, part 1: the shared
 * checks and special functions, then normal, std_normal, student_t,
 * cauchy, double_exponential, logistic and lognormal.  (dist_cont2.c has
 * the positive and bounded families.)
 *
 * Each distribution is a per-element kernel for its lpdf, lcdf and lccdf
 * written from the density's definition (Stan Functions Reference,
 * "Continuous distributions"), and thin public functions that pick the
 * summands propto keeps and run the broadcasting loop of
 * dist_cont_impl.h. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
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

static bool check_ok(DcCheckKind kind, double v)
{
    switch (kind) {
    case DC_ANY:
        return true;
    case DC_NOT_NAN:
        return !isnan(v);
    case DC_FINITE:
        return isfinite(v);
    case DC_POSITIVE:
        return v > 0;
    case DC_POSITIVE_FINITE:
        return v > 0 && isfinite(v);
    case DC_NONNEGATIVE:
        return v >= 0;
    case DC_UNIT_INTERVAL:
        return v >= 0 && v <= 1;
    }
    return false;
}

static const char *check_wants(DcCheckKind kind)
{
    switch (kind) {
    case DC_NOT_NAN:
        return "must not be nan!";
    case DC_FINITE:
        return "must be finite!";
    case DC_POSITIVE:
        return "must be positive!";
    case DC_POSITIVE_FINITE:
        return "must be positive finite!";
    case DC_NONNEGATIVE:
        return "must be nonnegative!";
    case DC_UNIT_INTERVAL:
        return "must be in the interval [0, 1]";
    case DC_ANY:
        break;
    }
    return "";
}

bool rt_dist_check_scalar(const char *fn, const char *name, double v,
                          DcCheckKind kind, RtError *err)
{
    if (check_ok(kind, v))
        return true;
    char buf[32];
    rt_error(err, "%s: %s is %s, but %s", fn, name,
             fmt_value(buf, sizeof buf, v), check_wants(kind));
    return false;
}

bool rt_dist_check(const char *fn, int k, const RtArg *a, const DcCheck *c,
                   int *N, RtError *err)
{
    int n[4] = {-1, -1, -1, -1};
    for (int j = 0; j < k; j++)
        n[j] = a[j].n;
    *N = rt_common_length(n[0], n[1], n[2], n[3]);
    if (*N < 0) {
        /* Stan's check_consistent_sizes: name the first argument whose
         * length differs from the first vector's. */
        int first = -1;
        for (int j = 0; j < k; j++) {
            if (a[j].n == 1)
                continue;
            if (first < 0) {
                first = j;
                continue;
            }
            if (a[j].n != a[first].n) {
                rt_error(err,
                         "%s: %s has dimension = %d, expecting dimension = "
                         "%d; a function was called with arguments of "
                         "different scalar, array, vector, or matrix types, "
                         "and they were not consistently sized;  all "
                         "arguments must be scalars or multidimensional "
                         "values of the same shape.",
                         fn, c[j].name, a[j].n, a[first].n);
                break;
            }
        }
        return false;
    }
    for (int j = 0; j < k; j++) {
        if (c[j].kind == DC_ANY)
            continue;
        for (int i = 0; i < a[j].n; i++) {
            if (check_ok(c[j].kind, a[j].x[i]))
                continue;
            char buf[32];
            const char *v = fmt_value(buf, sizeof buf, a[j].x[i]);
            if (a[j].n == 1)
                rt_error(err, "%s: %s is %s, but %s", fn, c[j].name, v,
                         check_wants(c[j].kind));
            else
                rt_error(err, "%s: %s[%d] is %s, but %s", fn, c[j].name,
                         i + 1, v, check_wants(c[j].kind));
            return false;
        }
    }
    return true;
}

bool rt_dist_check_greater(const char *fn, const char *name, RtArg v,
                           RtArg lb, int N, RtError *err)
{
    for (int i = 0; i < N; i++) {
        double x = v.x[v.n == 1 ? 0 : i], l = lb.x[lb.n == 1 ? 0 : i];
        if (x > l)
            continue;
        char b1[32], b2[32];
        if (v.n == 1)
            rt_error(err, "%s: %s is %s, but must be greater than %s", fn,
                     name, fmt_value(b1, sizeof b1, x),
                     fmt_value(b2, sizeof b2, l));
        else
            rt_error(err, "%s: %s[%d] is %s, but must be greater than %s",
                     fn, name, i + 1, fmt_value(b1, sizeof b1, x),
                     fmt_value(b2, sizeof b2, l));
        return false;
    }
    return true;
}

/* ---------------------------------------------------- special functions */

double rt_dist_log_Phi(double z, double *dz)
{
    double v;
    if (isinf(z)) {
        if (dz)
            *dz = 0;
        return z > 0 ? 0 : -INFINITY;
    }
    if (z > 0) {
        v = log1p(-0.5 * erfc(z * M_SQRT1_2));
    } else if (z > -30) {
        v = log(0.5 * erfc(-z * M_SQRT1_2));
    } else {
        /* erfc underflows near -38: GSL's log_erfc has an asymptotic
         * form that does not. */
        gsl_sf_result r;
        gsl_sf_log_erfc_e(-z * M_SQRT1_2, &r);
        v = r.val - DC_LN2;
    }
    if (dz)
        *dz = exp(-0.5 * z * z - DC_LOG_SQRT_2PI - v);
    return v;
}

double rt_dist_deriv(double (*f)(double x, const double *c), const double *c,
                     double x)
{
    /* Three central differences at h, h/2, h/4, combined twice by
     * Richardson extrapolation: error O(h^6), with h a tenth of x. */
    double h = 0.1 * x, D[3];
    for (int i = 0; i < 3; i++, h *= 0.5)
        D[i] = (f(x + h, c) - f(x - h, c)) / (2 * h);
    double r1 = (4 * D[1] - D[0]) / 3, r2 = (4 * D[2] - D[1]) / 3;
    return (16 * r2 - r1) / 15;
}

/* GSL's default error handler aborts on underflow; the library checks
 * results itself and never aborts, so the handler is turned off before
 * calling the incomplete functions (idempotent; a process-wide setting). */
double rt_dist_log_gamma_p(double a, double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    if (x > a + 1) {
        /* P = 1 - Q is better computed from the small Q */
        gsl_sf_gamma_inc_Q_e(a, x, &r);
        return log1p(-r.val);
    }
    gsl_sf_gamma_inc_P_e(a, x, &r);
    return log(r.val);
}

double rt_dist_log_gamma_q(double a, double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    if (x < a + 1) {
        gsl_sf_gamma_inc_P_e(a, x, &r);
        return log1p(-r.val);
    }
    gsl_sf_gamma_inc_Q_e(a, x, &r);
    return log(r.val);
}

double rt_dist_log_beta_inc(double a, double b, double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    if (x > a / (a + b)) {
        gsl_sf_beta_inc_e(b, a, 1 - x, &r);
        return log1p(-r.val);
    }
    gsl_sf_beta_inc_e(a, b, x, &r);
    return log(r.val);
}

double rt_dist_digamma(double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    gsl_sf_psi_e(x, &r);
    return r.val;
}

/* -------------------------------------------------------------- normal */

enum { NORMAL_CONST = 1, NORMAL_LOG_SIGMA = 2, NORMAL_KERNEL = 4 };

static const DcCheck normal_checks[3] = {
    {"Random variable", DC_NOT_NAN},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE},
};

/* -z^2/2 - log sigma - log sqrt(2 pi), z = (y - mu) / sigma */
static double normal_term(const double *x, double *d, unsigned inc)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv;
    double lp = -0.5 * z * z;
    double ls = (inc & NORMAL_LOG_SIGMA) ? 1 : 0;
    if (inc & NORMAL_CONST)
        lp -= DC_LOG_SQRT_2PI;
    if (ls != 0)
        lp -= log(x[2]);
    if (d) {
        d[0] = -z * inv;
        d[1] = z * inv;
        d[2] = (z * z - ls) * inv;
    }
    return lp;
}

/* log Phi(s z) with its partials; s = 1 for the cdf, -1 the ccdf */
static double normal_tail(const double *x, double *d, double s)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, dz;
    double v = rt_dist_log_Phi(s * z, d ? &dz : NULL);
    if (d) {
        dz = isinf(z) ? 0 : s * dz;
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = isinf(z) ? 0 : -dz * z * inv;
    }
    return v;
}

static double normal_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return normal_tail(x, d, 1);
}

static double normal_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return normal_tail(x, d, -1);
}

double rt_normal_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                      double adj, RtError *err)
{
    RtArg a[3] = {y, mu, sigma};
    unsigned inc = dc_inc(propto, false, NORMAL_CONST) |
                   dc_inc(propto, sigma.ad, NORMAL_LOG_SIGMA) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad, NORMAL_KERNEL);
    return dc_log("normal_lpdf", 3, a, normal_checks, normal_term, inc, adj,
                  err);
}

DC_CDFS3(normal, normal_lcdf_term, normal_lccdf_term, normal_checks)

double rt_normal_rng(double mu, double sigma, RtRng *rng, RtError *err)
{
    if (!rt_dist_check_scalar("normal_rng", "Location parameter", mu,
                              DC_FINITE, err) ||
        !rt_dist_check_scalar("normal_rng", "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return mu + sigma * rt_rng_normal(rng);
}

/* ---------------------------------------------------------- std_normal */

static const DcCheck std_normal_checks[1] = {
    {"Random variable", DC_NOT_NAN},
};

static double std_normal_term(const double *x, double *d, unsigned inc)
{
    if (d)
        d[0] = -x[0];
    return -0.5 * x[0] * x[0] - ((inc & NORMAL_CONST) ? DC_LOG_SQRT_2PI : 0);
}

static double std_normal_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return rt_dist_log_Phi(x[0], d);
}

static double std_normal_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    double v = rt_dist_log_Phi(-x[0], d);
    if (d)
        d[0] = -d[0];
    return v;
}

double rt_std_normal_lpdf(RtArg y, bool propto, double adj, RtError *err)
{
    unsigned inc = dc_inc(propto, false, NORMAL_CONST) |
                   dc_inc(propto, y.ad, NORMAL_KERNEL);
    return dc_log("std_normal_lpdf", 1, &y, std_normal_checks,
                  std_normal_term, inc, adj, err);
}

double rt_std_normal_lcdf(RtArg y, double adj, RtError *err)
{
    return dc_log("std_normal_lcdf", 1, &y, std_normal_checks,
                  std_normal_lcdf_term, DC_ALL, adj, err);
}

double rt_std_normal_lccdf(RtArg y, double adj, RtError *err)
{
    return dc_log("std_normal_lccdf", 1, &y, std_normal_checks,
                  std_normal_lccdf_term, DC_ALL, adj, err);
}

double rt_std_normal_cdf(RtArg y, double adj, RtError *err)
{
    return dc_cdf("std_normal_cdf", 1, &y, std_normal_checks,
                  std_normal_lcdf_term, adj, err);
}

double rt_std_normal_rng(RtRng *rng, RtError *err)
{
    (void)err;
    return rt_rng_normal(rng);
}

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

/* log P(Y <= y) (s = 1) or log P(Y > y) = log P(T <= -z) (s = -1) */
static double student_t_tail(const double *x, double *d, double s)
{
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

static double student_t_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return student_t_tail(x, d, 1);
}

static double student_t_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return student_t_tail(x, d, -1);
}

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
static double cauchy_tail(const double *x, double *d, double s)
{
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

static double cauchy_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return cauchy_tail(x, d, 1);
}

static double cauchy_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return cauchy_tail(x, d, -1);
}

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

/* location-scale rngs check mu finite and sigma positive finite */
static bool check_loc_scale_rng(const char *fn, double mu, double sigma,
                                RtError *err)
{
    return rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE,
                                err) &&
           rt_dist_check_scalar(fn, "Scale parameter", sigma,
                                DC_POSITIVE_FINITE, err);
}

double rt_cauchy_rng(double mu, double sigma, RtRng *rng, RtError *err)
{
    if (!check_loc_scale_rng("cauchy_rng", mu, sigma, err))
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
    if (!check_loc_scale_rng("double_exponential_rng", mu, sigma, err))
        return NAN;
    double e = rt_rng_exponential(rng);
    return rt_rng_uniform(rng) < 0.5 ? mu - sigma * e : mu + sigma * e;
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

/* log inv_logit(s z) = -log1p_exp(-s z) */
static double logistic_tail(const double *x, double *d, double s)
{
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

static double logistic_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return logistic_tail(x, d, 1);
}

static double logistic_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return logistic_tail(x, d, -1);
}

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
    if (!check_loc_scale_rng("logistic_rng", mu, sigma, err))
        return NAN;
    double u = rt_rng_uniform(rng);
    return mu + sigma * (log(u) - log1p(-u));
}

/* ----------------------------------------------------------- lognormal */

enum {
    LN_CONST = 1, LN_LOG_SIGMA = 2, LN_LOG_Y = 4, LN_KERNEL = 8,
};

static const DcCheck lognormal_checks[3] = {
    {"Random variable", DC_NONNEGATIVE},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
};

/* -log sqrt(2 pi) - log sigma - log y - z^2/2, z = (log y - mu) / sigma */
static double lognormal_term(const double *x, double *d, unsigned inc)
{
    double y = x[0], inv = 1 / x[2];
    if (y == 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return -INFINITY;
    }
    double ly = log(y), z = (ly - x[1]) * inv;
    double ls = (inc & LN_LOG_SIGMA) ? 1 : 0, lyk = (inc & LN_LOG_Y) ? 1 : 0;
    double lp = -0.5 * z * z - lyk * ly;
    if (inc & LN_CONST)
        lp -= DC_LOG_SQRT_2PI;
    if (ls != 0)
        lp -= log(x[2]);
    if (d) {
        d[0] = -(z * inv + lyk) / y;
        d[1] = z * inv;
        d[2] = (z * z - ls) * inv;
    }
    return lp;
}

static double lognormal_tail(const double *x, double *d, double s)
{
    double y = x[0], inv = 1 / x[2];
    if (y == 0) {
        if (d)
            d[0] = d[1] = d[2] = 0;
        return s > 0 ? -INFINITY : 0;
    }
    double z = (log(y) - x[1]) * inv, dz;
    double v = rt_dist_log_Phi(s * z, d ? &dz : NULL);
    if (d) {
        dz = isinf(z) ? 0 : s * dz;
        d[0] = dz * inv / y;
        d[1] = -dz * inv;
        d[2] = isinf(z) ? 0 : -dz * z * inv;
    }
    return v;
}

static double lognormal_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return lognormal_tail(x, d, 1);
}

static double lognormal_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return lognormal_tail(x, d, -1);
}

double rt_lognormal_lpdf(RtArg y, RtArg mu, RtArg sigma, bool propto,
                         double adj, RtError *err)
{
    RtArg a[3] = {y, mu, sigma};
    unsigned inc = dc_inc(propto, false, LN_CONST) |
                   dc_inc(propto, sigma.ad, LN_LOG_SIGMA) |
                   dc_inc(propto, y.ad, LN_LOG_Y) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad, LN_KERNEL);
    return dc_log("lognormal_lpdf", 3, a, lognormal_checks, lognormal_term,
                  inc, adj, err);
}

DC_CDFS3(lognormal, lognormal_lcdf_term, lognormal_lccdf_term,
         lognormal_checks)

double rt_lognormal_rng(double mu, double sigma, RtRng *rng, RtError *err)
{
    if (!check_loc_scale_rng("lognormal_rng", mu, sigma, err))
        return NAN;
    return exp(mu + sigma * rt_rng_normal(rng));
}
