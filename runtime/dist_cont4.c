/* dist_cont4.c - continuous univariate distributions, part 4: the
 * unbounded and circular families skew_normal, exp_mod_normal,
 * skew_double_exponential and von_mises (machinery in dist_cont_impl.h;
 * see dist_cont.c), with the special functions they need: Owen's T
 * function and the von Mises cdf. */
#include <gsl/gsl_sf_bessel.h>
#include <math.h>
#include <stdio.h>

#include "dist_cont_impl.h"

#define LOG_2PI 1.83787706640934548356

static void zero_partials(double *d, int k)
{
    if (d)
        for (int j = 0; j < k; j++)
            d[j] = 0;
}

/* Definitions of the lcdf, lccdf and cdf of a four-argument family. */
#define CDFS4(NAME, LCDF, LCCDF, CHECKS)                                     \
    double rt_##NAME##_lcdf(RtArg y, RtArg p1, RtArg p2, RtArg p3,           \
                            double adj, RtError *err)                        \
    {                                                                        \
        RtArg a[4] = {y, p1, p2, p3};                                        \
        return dc_log(#NAME "_lcdf", 4, a, CHECKS, LCDF, DC_ALL, adj, err);  \
    }                                                                        \
    double rt_##NAME##_lccdf(RtArg y, RtArg p1, RtArg p2, RtArg p3,          \
                             double adj, RtError *err)                       \
    {                                                                        \
        RtArg a[4] = {y, p1, p2, p3};                                        \
        return dc_log(#NAME "_lccdf", 4, a, CHECKS, LCCDF, DC_ALL, adj,      \
                      err);                                                  \
    }                                                                        \
    double rt_##NAME##_cdf(RtArg y, RtArg p1, RtArg p2, RtArg p3,            \
                           double adj, RtError *err)                         \
    {                                                                        \
        RtArg a[4] = {y, p1, p2, p3};                                        \
        return dc_cdf(#NAME "_cdf", 4, a, CHECKS, LCDF, adj, err);           \
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
        zero_partials(d, 4);
        return (z > 0) != upper ? 0 : -INFINITY;
    }
    double p = skew_normal_std_cdf(s * z, s * alpha), v = log(p);
    if (d) {
        if (p == 0) {
            zero_partials(d, 4);
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

static double skew_normal_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return skew_normal_tail(x, d, false);
}

static double skew_normal_lccdf_term(const double *x, double *d,
                                     unsigned inc)
{
    (void)inc;
    return skew_normal_tail(x, d, true);
}

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

CDFS4(skew_normal, skew_normal_lcdf_term, skew_normal_lccdf_term,
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
        zero_partials(d, 4);
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
            zero_partials(d, 4);
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

static double exp_mod_normal_lcdf_term(const double *x, double *d,
                                       unsigned inc)
{
    (void)inc;
    return exp_mod_normal_tail(x, d, false);
}

static double exp_mod_normal_lccdf_term(const double *x, double *d,
                                        unsigned inc)
{
    (void)inc;
    return exp_mod_normal_tail(x, d, true);
}

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

CDFS4(exp_mod_normal, exp_mod_normal_lcdf_term, exp_mod_normal_lccdf_term,
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
            zero_partials(d, 4);
            return v;
        }
        for (int j = 0; j < 4; j++)
            d[j] = dv_dm * dm[j];
        d[3] += dv_dc * dc;
    }
    return v;
}

static double skew_double_exponential_lcdf_term(const double *x, double *d,
                                                unsigned inc)
{
    (void)inc;
    return skew_double_exponential_tail(x, d, false);
}

static double skew_double_exponential_lccdf_term(const double *x, double *d,
                                                 unsigned inc)
{
    (void)inc;
    return skew_double_exponential_tail(x, d, true);
}

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

CDFS4(skew_double_exponential, skew_double_exponential_lcdf_term,
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

/* ----------------------------------------------------------- von_mises */

enum {
    VM_CONST = 1,           /* -log(2 pi) */
    VM_LOG_I0 = 2,          /* -log I0(kappa)                 kappa */
    VM_KERNEL = 4,          /* kappa cos(y - mu)              all */
};

/* The lpdf: y and mu finite, kappa >= 0 finite (two checks, as Stan). */
static const DcCheck von_mises_checks[3] = {
    {"Random variable", DC_FINITE},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_NONNEGATIVE},
};

static const DcCheck von_mises_finite_kappa[3] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_ANY},
    {"Scale parameter", DC_FINITE},
};

/* The cdfs: y in [-pi, pi] (checked by von_mises_cdf_ok), mu finite,
 * kappa > 0, and finite (Stan's cdf returns NaN for an infinite kappa). */
static const DcCheck von_mises_cdf_checks[3] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_FINITE},
    {"Scale parameter", DC_POSITIVE},
};

/* log I0(kappa) and, if ratio, I1(kappa) / I0(kappa) */
static double log_bessel_i0(double kappa, double *ratio)
{
    double i0 = gsl_sf_bessel_I0_scaled(kappa);
    if (ratio)
        *ratio = gsl_sf_bessel_I1_scaled(kappa) / i0;
    return log(i0) + kappa;
}

static double von_mises_term(const double *x, double *d, unsigned inc)
{
    double diff = x[0] - x[1], kappa = x[2], ratio = 0;
    double lp = kappa * cos(diff);
    bool li = inc & VM_LOG_I0;
    if (inc & VM_CONST)
        lp -= LOG_2PI;
    if (li)
        lp -= log_bessel_i0(kappa, d ? &ratio : NULL);
    if (d) {
        d[0] = -kappa * sin(diff);
        d[1] = -d[0];
        d[2] = cos(diff) - ratio;
    }
    return lp;
}

double rt_von_mises_lpdf(RtArg y, RtArg mu, RtArg kappa, bool propto,
                         double adj, RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    int N;
    if (!rt_dist_check("von_mises_lpdf", 3, a, von_mises_checks, &N, err))
        return NAN;
    unsigned inc = dc_inc(propto, false, VM_CONST) |
                   dc_inc(propto, kappa.ad, VM_LOG_I0) |
                   dc_inc(propto, y.ad || mu.ad || kappa.ad, VM_KERNEL);
    return dc_log("von_mises_lpdf", 3, a, von_mises_finite_kappa,
                  von_mises_term, inc, adj, err);
}

/* Above this kappa the cdf is the normal approximation; below, the series.
 * At the switch both are accurate to about 1e-12 absolute. */
#define VM_SERIES_MAX_KAPPA 1e5

/* C(x) = P(X <= x) for X von Mises(0, kappa) on [-pi, pi], and (if dk)
 * dC/dkappa.  For kappa <= 1e5 the Fourier series
 *   C(x) = 1/2 + x / (2 pi) + (1/pi) sum_{n>=1} rho_n sin(n x) / n,
 * rho_n = I_n(kappa) / I_0(kappa), summed backwards with r_n = I_n /
 * I_{n-1} from the recurrence r_n = kappa / (2n + kappa r_{n+1}) (as
 * scipy's vonmises_cdf, Hill 1977), to n = 30 + sqrt(90 kappa) terms, where
 * rho_n < exp(-40); drho_n/dkappa = rho_n (r_{n+1} + n/kappa - r_1).
 * Against adaptive quadrature the absolute error is below 3e-16 for kappa
 * <= 100, 3e-15 at 1e3, 2e-14 at 1e4 and 4e-13 at 1e5 (rounding in the
 * sum of about sqrt(kappa) terms).  Above, Phi(b sin(x/2)) with b =
 * sqrt(2/pi) e^kappa / I0(kappa), whose error falls as about 7 / kappa^2
 * (7e-13 at 1e5). */
static double von_mises_centered_cdf(double x, double kappa, double *dk)
{
    if (kappa > VM_SERIES_MAX_KAPPA) {
        double ratio, i0s = gsl_sf_bessel_I0_scaled(kappa);
        ratio = gsl_sf_bessel_I1_scaled(kappa) / i0s;
        double b = sqrt(2 / M_PI) / i0s, sh = sin(0.5 * x), dz;
        double v = exp(rt_dist_log_Phi(b * sh, &dz));
        if (dk)
            *dk = v * dz * sh * b * (1 - ratio);
        return v;
    }
    int terms = 30 + (int)sqrt(90 * kappa);
    double s1 = sin(x), c1 = cos(x);
    double sn = sin(terms * x), cn = cos(terms * x);
    double r_next = 0, V = 0, W = 0;
    for (int n = terms; n >= 1; n--) {
        double q = 2 * n + kappa * r_next, r = kappa / q;
        double term = sn / n;
        /* r (term + V) and r term (r_next + n/kappa) + r W */
        V = r * (term + V);
        W = term * (r * r_next + n / q) + r * W;
        r_next = r;
        /* rotate (sin, cos)(n x) to ((n-1) x) */
        double st = sn * c1 - cn * s1;
        cn = cn * c1 + sn * s1;
        sn = st;
    }
    if (dk)
        *dk = (W - r_next * V) / M_PI;
    return 0.5 + x / (2 * M_PI) + V / M_PI;
}

/* H(x) = the integral of the density over [-pi, x] for any x: whole turns
 * plus C of x reduced into [-pi, pi). */
static double von_mises_turns(double x, double kappa, double *dk)
{
    double turns = floor((x + M_PI) / (2 * M_PI));
    return turns + von_mises_centered_cdf(x - 2 * M_PI * turns, kappa, dk);
}

static double von_mises_density(double x, double kappa)
{
    return exp(kappa * (cos(x) - 1)) /
           (2 * M_PI * gsl_sf_bessel_I0_scaled(kappa));
}

/* P(Y <= y) = H(y - mu) - H(-pi - mu), P(Y > y) = H(pi - mu) - H(y - mu):
 * the density is periodic, so whatever mu is the support is [-pi, pi]. */
static double von_mises_tail(const double *x, double *d, bool upper)
{
    double y = x[0], mu = x[1], kappa = x[2];
    if (y == -M_PI || y == M_PI) {
        zero_partials(d, 3);
        return (y == M_PI) != upper ? 0 : -INFINITY;
    }
    double dky, dklo;
    double hy = von_mises_turns(y - mu, kappa, d ? &dky : NULL);
    double hlo = von_mises_turns(-M_PI - mu, kappa, d ? &dklo : NULL);
    double p = upper ? hlo + 1 - hy : hy - hlo;
    p = p < 0 ? 0 : p > 1 ? 1 : p;
    if (d) {
        if (p == 0) {
            zero_partials(d, 3);
            return -INFINITY;
        }
        double s = upper ? -1 : 1;
        double fy = von_mises_density(y - mu, kappa);
        double flo = von_mises_density(-M_PI - mu, kappa);
        d[0] = s * fy / p;
        d[1] = s * (flo - fy) / p;
        d[2] = s * (dky - dklo) / p;
    }
    return log(p);
}

static double von_mises_lcdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return von_mises_tail(x, d, false);
}

static double von_mises_lccdf_term(const double *x, double *d, unsigned inc)
{
    (void)inc;
    return von_mises_tail(x, d, true);
}

static const DcCheck von_mises_names[3] = {
    {"Random variable", DC_ANY},
    {"Location parameter", DC_ANY},
    {"Scale parameter", DC_ANY},
};

/* The sizes; Stan's check_bounded(y, -pi, pi); mu, kappa > 0; kappa
 * finite. */
static bool von_mises_cdf_ok(const char *fn, const RtArg *a, RtError *err)
{
    int N;
    if (!rt_dist_check(fn, 3, a, von_mises_names, &N, err))
        return false;
    for (int i = 0; i < a[0].n; i++) {
        double y = a[0].x[i];
        if (y >= -M_PI && y <= M_PI)
            continue;
        char buf[32], idx[16] = "";
        if (a[0].n != 1)
            snprintf(idx, sizeof idx, "[%d]", i + 1);
        if (isnan(y))
            snprintf(buf, sizeof buf, "nan");
        else
            snprintf(buf, sizeof buf, "%g", y);
        rt_error(err, "%s: Random variable%s is %s, but must be in the "
                 "interval [%g, %g]", fn, idx, buf, -M_PI, M_PI);
        return false;
    }
    return rt_dist_check(fn, 3, a, von_mises_cdf_checks, &N, err) &&
           rt_dist_check(fn, 3, a, von_mises_finite_kappa, &N, err);
}

double rt_von_mises_lcdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                         RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    if (!von_mises_cdf_ok("von_mises_lcdf", a, err))
        return NAN;
    return dc_log("von_mises_lcdf", 3, a, von_mises_names,
                  von_mises_lcdf_term, DC_ALL, adj, err);
}

double rt_von_mises_lccdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                          RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    if (!von_mises_cdf_ok("von_mises_lccdf", a, err))
        return NAN;
    return dc_log("von_mises_lccdf", 3, a, von_mises_names,
                  von_mises_lccdf_term, DC_ALL, adj, err);
}

double rt_von_mises_cdf(RtArg y, RtArg mu, RtArg kappa, double adj,
                        RtError *err)
{
    RtArg a[3] = {y, mu, kappa};
    if (!von_mises_cdf_ok("von_mises_cdf", a, err))
        return NAN;
    return dc_cdf("von_mises_cdf", 3, a, von_mises_names,
                  von_mises_lcdf_term, adj, err);
}

/* Best and Fisher's (1979) rejection sampler, as Stan's: the draw lies in
 * [m - pi, m + pi] with m = mu reduced into [0, 2 pi); kappa < 1.4e-8 is
 * the circular uniform. */
double rt_von_mises_rng(double mu, double kappa, RtRng *rng, RtError *err)
{
    const char *fn = "von_mises_rng";
    if (!rt_dist_check_scalar(fn, "Location parameter", mu, DC_FINITE,
                              err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", kappa, DC_NONNEGATIVE,
                              err) ||
        !rt_dist_check_scalar(fn, "Scale parameter", kappa, DC_FINITE, err))
        return NAN;
    double m = fmod(fmod(mu, 2 * M_PI) + 2 * M_PI, 2 * M_PI);
    if (kappa < 1.4e-8)
        return m + 2 * M_PI * (rt_rng_uniform(rng) - 0.5);
    double r = 1 + sqrt(1 + 4 * kappa * kappa);
    double rho = 0.5 * (r - sqrt(2 * r)) / kappa;
    double s = 0.5 * (1 + rho * rho) / rho, w;
    for (;;) {
        double z = cos(M_PI * rt_rng_uniform(rng));
        w = (1 + s * z) / (s + z);
        double t = kappa * (s - w), u = rt_rng_uniform(rng);
        if (t * (2 - t) - u > 0 || log(t / u) + 1 - t >= 0)
            break;
    }
    double angle = acos(w < -1 ? -1 : w > 1 ? 1 : w);
    return rt_rng_uniform(rng) < 0.5 ? m - angle : m + angle;
}
