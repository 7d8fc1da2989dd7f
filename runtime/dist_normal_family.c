/* dist_normal_family.c - the normal distribution and its relatives
 * (Stan Functions Reference, "Unbounded continuous distributions" and
 * "Positive continuous distributions"): normal, std_normal, lognormal,
 * skew_normal (with Owen's T function for its cdf) and exp_mod_normal.
 *
 * Each distribution is a per-element kernel for its lpdf, lcdf and lccdf
 * written from the density's definition, and thin public functions that
 * pick the summands propto keeps and run the broadcasting loop of
 * dist_cont_impl.h; the checks, their order and which summands propto
 * keeps follow the Stan math library. */
#include <gsl/gsl_randist.h>
#include <math.h>

#include "dist_cont_impl.h"

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

/* log Phi(s z) with its partials; s = 1 for the cdf, -1 (upper) the
 * ccdf */
static double normal_tail(const double *x, double *d, bool upper)
{
    double s = upper ? -1 : 1;
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

DC_TAIL_TERMS(normal)

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

static double lognormal_tail(const double *x, double *d, bool upper)
{
    double s = upper ? -1 : 1;
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

DC_TAIL_TERMS(lognormal)

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
    if (!dc_check_loc_scale_rng("lognormal_rng", mu, sigma, err))
        return NAN;
    return exp(mu + sigma * rt_rng_normal(rng));
}
/* ------------------------------------------------------- Owen's T */

/* The 20-point Gauss-Legendre rule on [-1, 1]: nodes +-x, weights w. */
static const double gauss_legendre_20[10][2] = {
    {0.99312859918509488, 0.017614007139152118},
    {0.96397192727791381, 0.040601429800386939},
    {0.91223442825132595, 0.062672048334109068},
    {0.83911697182221878, 0.083276741576704755},
    {0.74633190646015080, 0.10193011981724044},
    {0.63605368072651502, 0.11819453196151841},
    {0.51086700195082713, 0.13168863844917664},
    {0.37370608871541955, 0.14209610931838204},
    {0.22778585114164507, 0.14917298647260374},
    {0.07652652113349734, 0.15275338713072584},
};

/* T(h, a) for h >= 0, 0 <= a <= 1: exp(-h^2/2) / (2 pi) times the
 * integral over [0, a] of exp(-h^2 x^2 / 2) / (1 + x^2), cut where the
 * integrand has fallen below exp(-40.5) of its start, by two 20-point
 * Gauss-Legendre panels.  The integrand is analytic with poles at +-i
 * only, so the rule converges geometrically: against adaptive quadrature
 * the relative error is below 1e-14 for h in [0, 30]. */
static double owens_t_small(double h, double a)
{
    double b = h * a > 9 ? 9 / h : a, half = 0.25 * b, sum = 0;
    for (int p = 0; p < 2; p++) {
        double c = (2 * p + 1) * half;
        for (int i = 0; i < 10; i++) {
            for (int s = -1; s <= 1; s += 2) {
                double x = c + s * half * gauss_legendre_20[i][0];
                sum += gauss_legendre_20[i][1] * exp(-0.5 * h * h * x * x) /
                       (1 + x * x);
            }
        }
    }
    return exp(-0.5 * h * h) * half * sum / (2 * M_PI);
}

/* Owen's T function T(h, a) = (1/2pi) int_0^a exp(-h^2 (1+x^2)/2) /
 * (1+x^2) dx.  It is even in h and odd in a; for a > 1, the identity
 * T(h, a) = [Phi(h) Q(ah) + Phi(ah) Q(h)] / 2 - T(ah, 1/a) (h >= 0,
 * Q = 1 - Phi) brings a into [0, 1].  Absolute error about 1e-16. */
static double owens_t(double h, double a)
{
    h = fabs(h);
    if (a < 0)
        return -owens_t(h, -a);
    if (a == 0)
        return 0;
    if (a <= 1)
        return owens_t_small(h, a);
    double ah = a * h;
    double ph = 0.5 * erfc(-h * M_SQRT1_2), qh = 0.5 * erfc(h * M_SQRT1_2);
    double pah = 0.5 * erfc(-ah * M_SQRT1_2), qah = 0.5 * erfc(ah * M_SQRT1_2);
    return 0.5 * (ph * qah + pah * qh) - owens_t_small(ah, 1 / a);
}

/* --------------------------------------------------------- skew_normal */

enum {
    SN_CONST = 1,           /* -log sqrt(2 pi) */
    SN_LOG_OMEGA = 2,       /* -log omega                     omega */
    SN_QUAD = 4,            /* -z^2 / 2                       y, xi, omega */
    SN_SKEW = 8,            /* log erfc(-alpha z / sqrt 2)    all */
};

static const DcCheck skew_normal_checks[4] = {
    {"Random variable", DC_NOT_NAN},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE},
    {"Shape parameter", DC_FINITE},
};

/* z = (y - xi) / omega; log erfc(-alpha z / sqrt 2) = log 2 + log
 * Phi(alpha z) */
static double skew_normal_term(const double *x, double *d, unsigned inc)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, alpha = x[3];
    double lo = (inc & SN_LOG_OMEGA) ? 1 : 0, lp = 0, r = 0;
    if (inc & SN_CONST)
        lp -= DC_LOG_SQRT_2PI;
    if (lo != 0)
        lp -= log(x[2]);
    if (inc & SN_QUAD)
        lp -= 0.5 * z * z;
    if (inc & SN_SKEW)
        lp += DC_LN2 + rt_dist_log_Phi(alpha * z, d ? &r : NULL);
    if (d) {
        double dz = ((inc & SN_QUAD) ? -z : 0) + alpha * r;
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = (-dz * z - lo) * inv;
        d[3] = z * r;
    }
    return lp;
}

/* P(Z <= z) = Phi(z) - 2 T(z, alpha) for the standard skew normal */
static double skew_normal_std_cdf(double z, double alpha)
{
    double p = 0.5 * erfc(-z * M_SQRT1_2) - 2 * owens_t(z, alpha);
    return p < 0 ? 0 : p > 1 ? 1 : p;
}

/* log P(Y <= y), or log P(Y > y) = log P(-Z <= -z) with -Z a skew normal
 * of shape -alpha.  dP/dz = 2 phi(z) Phi(alpha z); dP/dalpha =
 * -exp(-z^2 (1 + alpha^2) / 2) / (pi (1 + alpha^2)). */
static double skew_normal_tail(const double *x, double *d, bool upper)
{
    double inv = 1 / x[2], z = (x[0] - x[1]) * inv, alpha = x[3];
    double s = upper ? -1 : 1;
    if (isinf(z)) {
        dc_zero_partials(d, 4);
        return (z > 0) != upper ? 0 : -INFINITY;
    }
    double p = skew_normal_std_cdf(s * z, s * alpha), v = log(p);
    if (d) {
        if (p == 0) {
            dc_zero_partials(d, 4);
            return v;
        }
        double dz = s * 2 * exp(-0.5 * z * z - DC_LOG_SQRT_2PI) * 0.5 *
                    erfc(-alpha * z * M_SQRT1_2) / p;
        double a2 = 1 + alpha * alpha;
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = -dz * z * inv;
        d[3] = -s * exp(-0.5 * z * z * a2) / (M_PI * a2 * p);
    }
    return v;
}

DC_TAIL_TERMS(skew_normal)

double rt_skew_normal_lpdf(RtArg y, RtArg xi, RtArg omega, RtArg alpha,
                           bool propto, double adj, RtError *err)
{
    RtArg a[4] = {y, xi, omega, alpha};
    bool any = y.ad || xi.ad || omega.ad || alpha.ad;
    unsigned inc = dc_inc(propto, false, SN_CONST) |
                   dc_inc(propto, omega.ad, SN_LOG_OMEGA) |
                   dc_inc(propto, y.ad || xi.ad || omega.ad, SN_QUAD) |
                   dc_inc(propto, any, SN_SKEW);
    return dc_log("skew_normal_lpdf", 4, a, skew_normal_checks,
                  skew_normal_term, inc, adj, err);
}

DC_CDFS4(skew_normal, skew_normal_lcdf_term, skew_normal_lccdf_term,
      skew_normal_checks)

double rt_skew_normal_rng(double xi, double omega, double alpha, RtRng *rng,
                          RtError *err)
{
    const char *fn = "skew_normal_rng";
    if (!rt_dist_check_scalar(fn, "Location parameter", xi, DC_FINITE,
                              err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", omega,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Shape parameter", alpha, DC_FINITE, err))
        return NAN;
    /* Z = delta |U0| + sqrt(1 - delta^2) U1, delta = alpha / sqrt(1 +
     * alpha^2), written with the sign of U0 flipping the whole draw */
    double delta = alpha / sqrt(1 + alpha * alpha);
    double u0 = rt_rng_normal(rng), u1 = rt_rng_normal(rng);
    double z = delta * u0 + sqrt(1 - delta * delta) * u1;
    return xi + omega * (u0 >= 0 ? z : -z);
}

/* ------------------------------------------------------ exp_mod_normal */

enum {
    EMN_CONST = 1,          /* -log 2 */
    EMN_LOG_LAMBDA = 2,     /* log lambda                     lambda */
    EMN_KERNEL = 4,         /* v^2/2 - v z + log erfc(...)    all */
};

static const DcCheck exp_mod_normal_checks[4] = {
    {"Random variable", DC_NOT_NAN},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE_FINITE},
    {"Inv_scale parameter", DC_POSITIVE_FINITE},
};

/* With z = (y - mu) / sigma and v = lambda sigma the density is
 * lambda exp(v^2/2 - v z) Phi(z - v), and log erfc((mu + lambda sigma^2 -
 * y) / (sqrt 2 sigma)) = log 2 + log Phi(z - v). */
static double exp_mod_normal_term(const double *x, double *d, unsigned inc)
{
    double sigma = x[2], lambda = x[3], inv = 1 / sigma;
    double z = (x[0] - x[1]) * inv, v = lambda * sigma, r;
    double ll = (inc & EMN_LOG_LAMBDA) ? 1 : 0;
    double lp = DC_LN2 + 0.5 * v * v - v * z +
                rt_dist_log_Phi(z - v, d ? &r : NULL);
    if (inc & EMN_CONST)
        lp -= DC_LN2;
    if (ll != 0)
        lp += log(lambda);
    if (d) {
        double dz = r - v, dv = v - z - r;
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = -dz * z * inv + dv * lambda;
        d[3] = ll / lambda + dv * sigma;
    }
    return lp;
}

/* F = Phi(z) - G, 1 - F = Phi(-z) + G with G = exp(v^2/2 - v z) Phi(z -
 * v), all in logs; dF/dz = v G, dF/dv = phi(z) - (v - z) G. */
static double exp_mod_normal_tail(const double *x, double *d, bool upper)
{
    double sigma = x[2], lambda = x[3], inv = 1 / sigma;
    double z = (x[0] - x[1]) * inv, v = lambda * sigma;
    if (isinf(z)) {
        dc_zero_partials(d, 4);
        return (z > 0) != upper ? 0 : -INFINITY;
    }
    double lg = 0.5 * v * v - v * z + rt_dist_log_Phi(z - v, NULL), lv;
    if (upper) {
        double lq = rt_dist_log_Phi(-z, NULL);
        lv = fmax(lq, lg) + log1p(exp(-fabs(lq - lg)));
    } else {
        double lphi = rt_dist_log_Phi(z, NULL), t = lg - lphi;
        lv = t >= 0 ? -INFINITY : lphi + dc_log1m_exp(t);
    }
    if (d) {
        if (isinf(lv)) {
            dc_zero_partials(d, 4);
            return lv;
        }
        double s = upper ? -1 : 1, g = exp(lg - lv);
        double dz = s * v * g;
        double dv = s * (exp(-0.5 * z * z - DC_LOG_SQRT_2PI - lv) -
                         (v - z) * g);
        d[0] = dz * inv;
        d[1] = -dz * inv;
        d[2] = -dz * z * inv + dv * lambda;
        d[3] = dv * sigma;
    }
    return lv;
}

DC_TAIL_TERMS(exp_mod_normal)

double rt_exp_mod_normal_lpdf(RtArg y, RtArg mu, RtArg sigma, RtArg lambda,
                              bool propto, double adj, RtError *err)
{
    RtArg a[4] = {y, mu, sigma, lambda};
    unsigned inc = dc_inc(propto, false, EMN_CONST) |
                   dc_inc(propto, lambda.ad, EMN_LOG_LAMBDA) |
                   dc_inc(propto, y.ad || mu.ad || sigma.ad || lambda.ad,
                          EMN_KERNEL);
    return dc_log("exp_mod_normal_lpdf", 4, a, exp_mod_normal_checks,
                  exp_mod_normal_term, inc, adj, err);
}

DC_CDFS4(exp_mod_normal, exp_mod_normal_lcdf_term, exp_mod_normal_lccdf_term,
      exp_mod_normal_checks)

double rt_exp_mod_normal_rng(double mu, double sigma, double lambda,
                             RtRng *rng, RtError *err)
{
    const char *fn = "exp_mod_normal_rng";
    if (!rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE,
                              err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", sigma,
                              DC_POSITIVE_FINITE, err) ||
        !rt_dist_check_scalar(fn, "Inv_scale parameter", lambda,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return mu + sigma * rt_rng_normal(rng) +
           rt_rng_exponential(rng) / lambda;
}
