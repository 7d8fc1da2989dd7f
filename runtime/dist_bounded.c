/* dist_bounded.c - the continuous distributions on a bounded interval
 * (Stan Functions Reference, "Continuous distributions on [0, 1]",
 * "Bounded continuous distributions" and "Circular distributions"): beta,
 * beta_proportion, uniform and von_mises (with the von Mises cdf).
 *
 * Kernels and public functions as in dist_normal_family.c. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_bessel.h>
#include <math.h>

#include "dist_cont_impl.h"

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
            d[1] = rt_dist_deriv(dc_log_beta_inc_of_b, cb, a);
            d[2] = rt_dist_deriv(dc_log_beta_inc_of_a, ca, b);
        } else {
            double cb[2] = {b, y}, ca[2] = {a, y};
            d[1] = rt_dist_deriv(dc_log_beta_inc_of_a, cb, a);
            d[2] = rt_dist_deriv(dc_log_beta_inc_of_b, ca, b);
        }
    }
    return v;
}

DC_TAIL_TERMS(beta)

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
           rt_dist_check_below(fn, "Location parameter", a[1], 1.0, err) &&
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

/* log I_y(a, b), or for the ccdf log I_{1-y}(b, a); the shape partials by
 * differences, then mu and kappa by the chain rule */
static double beta_proportion_tail(const double *x, double *d, bool upper)
{
    double y = x[0], mu = x[1], kappa = x[2];
    double a = mu * kappa, b = kappa - a;
    if (y == 0 || y == 1) {
        dc_zero_partials(d, 3);
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
            da = rt_dist_deriv(dc_log_beta_inc_of_b, cb, a);
            db = rt_dist_deriv(dc_log_beta_inc_of_a, ca, b);
        } else {
            double cb[2] = {b, y}, ca[2] = {a, y};
            da = rt_dist_deriv(dc_log_beta_inc_of_a, cb, a);
            db = rt_dist_deriv(dc_log_beta_inc_of_b, ca, b);
        }
        d[0] = upper ? -g : g;
        d[1] = kappa * (da - db);
        d[2] = mu * da + (1 - mu) * db;
    }
    return v;
}

DC_TAIL_TERMS(beta_proportion)

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
        !rt_dist_check_below(fn, "Location parameter", m, 1.0, err) ||
        !rt_dist_check_scalar(fn, "Precision parameter", kappa,
                              DC_POSITIVE_FINITE, err))
        return NAN;
    return gsl_ran_beta(rt_rng_gsl(rng), mu * kappa, (1 - mu) * kappa);
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

DC_TAIL_TERMS(uniform)

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
        lp -= DC_LOG_2PI;
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
        dc_zero_partials(d, 3);
        return (y == M_PI) != upper ? 0 : -INFINITY;
    }
    double dky, dklo;
    double hy = von_mises_turns(y - mu, kappa, d ? &dky : NULL);
    double hlo = von_mises_turns(-M_PI - mu, kappa, d ? &dklo : NULL);
    double p = upper ? hlo + 1 - hy : hy - hlo;
    p = p < 0 ? 0 : p > 1 ? 1 : p;
    if (d) {
        if (p == 0) {
            dc_zero_partials(d, 3);
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

DC_TAIL_TERMS(von_mises)

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
