/* dist_wiener.c - the Wiener first passage time density (four and five
 * parameters) with analytic partials.  Definitions, series and conventions
 * in rt_dist_wiener.h. */
#include <math.h>

#include "pplrt.h"
#include "rt_dist_wiener.h"
#include "dist_disc_internal.h"
#include "dist_wiener_internal.h"

/* Terms are summed while they may exceed exp(-TAIL_NATS) of the first. */
#define TAIL_NATS 50.0

static const char *const WIENER_NAMES[] = {
    "Random variable", "Boundary separation", "Nondecision time",
    "A-priori bias", "Drift rate", "Inter-trial variability in drift rate",
    "Inter-trial variability in A-priori bias",
    "Inter-trial variability in Nondecision time"};

const char *const *rt_wiener_names(void)
{
    return WIENER_NAMES;
}

/* log S(u, w) of the standardized density and its partials in u and w. */
typedef struct LogS {
    double value, du, dw;
    bool ok;
} LogS;

/* Small-time series, each term scaled by exp(w^2 / (2u)) (the k = 0
 * term's exponential) so that nothing underflows for small u. */
static LogS small_time(double u, double w, int K)
{
    double t = 0, t3 = 0, tw = 0;
    for (int k = -K; k <= K; k++) {
        double g = w + 2.0 * k;
        double r = exp(-(g * g - w * w) / (2 * u));
        t += g * r;
        t3 += g * g * g * r;
        tw += r * (1 - g * g / u);
    }
    LogS s = {0, 0, 0, t > 0};
    s.value = -0.5 * log(2 * M_PI) - 1.5 * log(u) - w * w / (2 * u) + log(t);
    s.du = -1.5 / u + t3 / (2 * u * u * t);
    s.dw = tw / t;
    return s;
}

/* Large-time series, each term scaled by exp(pi^2 u / 2) (the k = 1
 * term's exponential). */
static LogS large_time(double u, double w, int K)
{
    double l = 0, lu = 0, lw = 0;
    for (int k = 1; k <= K; k++) {
        double q = exp(-((double)k * k - 1) * M_PI * M_PI * u / 2);
        double s = sin(k * M_PI * w), c = cos(k * M_PI * w);
        l += k * q * s;
        lu += k * q * s * (-((double)k * k - 1) * M_PI * M_PI / 2);
        lw += k * q * k * M_PI * c;
    }
    LogS s = {0, 0, 0, l > 0};
    s.value = log(M_PI) - M_PI * M_PI * u / 2 + log(l);
    s.du = -M_PI * M_PI / 2 + lu / l;
    s.dw = lw / l;
    return s;
}

/* Navarro & Fuss's choice: the series that needs fewer terms for the
 * tail bound (small times: k with 2k(k - 1)/u below TAIL_NATS on both
 * sides; large times: k with (k^2 - 1) pi^2 u / 2 below it). */
static LogS log_standard_density(double u, double w)
{
    int ks = (int)ceil((1 + sqrt(1 + 4 * TAIL_NATS * u)) / 2);
    double kl_real = sqrt(1 + 2 * TAIL_NATS / (M_PI * M_PI * u));
    int kl = kl_real < 1e6 ? (int)ceil(kl_real) + 1 : 1000000;
    if (2 * ks + 1 <= kl || ks <= 2) {
        LogS s = small_time(u, w, ks);
        if (s.ok)
            return s;
    }
    LogS s = large_time(u, w, kl);
    if (!s.ok)
        s = small_time(u, w, ks);
    return s;
}

double rt_wiener5_log_term(double y, double a, double tau, double beta,
                           double delta, double sv, double d[6])
{
    double t = y - tau;
    for (int i = 0; i < 6; i++)
        d[i] = 0;
    if (!(t > 0))
        return -INFINITY;
    double w = 1 - beta, u = t / (a * a);
    LogS s = log_standard_density(u, w);
    /* the exponential factor in delta (v = -delta) */
    double D = 1 + sv * sv * t;
    double N = (a * w * sv) * (a * w * sv) + 2 * a * delta * w
               - delta * delta * t;
    double M = N / (2 * D) - 0.5 * log(D);
    double dM_dt = -delta * delta / (2 * D) - N * sv * sv / (2 * D * D)
                   - 0.5 * sv * sv / D;
    double dM_da = (a * w * w * sv * sv + delta * w) / D;
    double dM_dw = (a * a * w * sv * sv + a * delta) / D;
    double dM_ddelta = (a * w - delta * t) / D;
    double dM_dsv = (a * w) * (a * w) * sv / D - N * sv * t / (D * D)
                    - sv * t / D;
    double dy = dM_dt + s.du / (a * a);
    d[0] = dy;
    d[1] = -2 / a + dM_da + s.du * (-2 * u / a);
    d[2] = -dy;
    d[3] = -(dM_dw + s.dw);
    d[4] = dM_ddelta;
    d[5] = dM_dsv;
    return -2 * log(a) + M + s.value;
}

bool rt_wiener_checks(const char *fn, const RtArg *x, int nx, RtError *err)
{
    if (!check_real(fn, WIENER_NAMES[0], x[0], CK_POSFIN, err)
        || !check_real(fn, WIENER_NAMES[1], x[1], CK_POSFIN, err)
        || !check_real(fn, WIENER_NAMES[2], x[2], CK_NONNEG, err)
        || !check_real(fn, WIENER_NAMES[2], x[2], CK_FINITE, err)
        || !check_real(fn, WIENER_NAMES[4], x[4], CK_FINITE, err))
        return false;
    for (int i = 0; i < x[3].n; i++)
        if (!(x[3].x[i] > 0 && x[3].x[i] < 1)) {
            char buf[128];
            rt_error(err, "%s: %s is %g, but must be in the interval (0, 1)",
                     fn, elem(buf, sizeof buf, WIENER_NAMES[3], x[3].n, i),
                     x[3].x[i]);
            return false;
        }
    if (nx > 5) {
        if (!check_real(fn, WIENER_NAMES[5], x[5], CK_NONNEG, err)
            || !check_real(fn, WIENER_NAMES[5], x[5], CK_FINITE, err))
            return false;
    }
    if (nx > 6) {
        if (!check_real(fn, WIENER_NAMES[6], x[6], CK_PROB, err)
            || !check_real(fn, WIENER_NAMES[7], x[7], CK_NONNEG, err)
            || !check_real(fn, WIENER_NAMES[7], x[7], CK_FINITE, err))
            return false;
    }
    return true;
}

static double wiener_sum(const char *fn, const RtArg *x, int nx, bool propto,
                         double adj, RtError *err)
{
    int sizes[6];
    for (int i = 0; i < nx; i++)
        sizes[i] = RT_LEN(x[i]);
    int len = common_size(fn, nx, WIENER_NAMES, sizes, err);
    if (len < 0 || !rt_wiener_checks(fn, x, nx, err))
        return fail();
    bool any_ad = false;
    for (int i = 0; i < nx; i++)
        any_ad |= x[i].ad;
    if (len == 0 || (propto && !any_ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < len; i++) {
        double d[6];
        double sv = nx > 5 ? AT(x[5], i) : 0;
        double term = rt_wiener5_log_term(AT(x[0], i), AT(x[1], i),
                                          AT(x[2], i), AT(x[3], i),
                                          AT(x[4], i), sv, d);
        lp += term;
        if (term == -INFINITY)
            continue;
        for (int j = 0; j < nx; j++)
            if (x[j].g)
                GRAD(x[j], i, adj * d[j]);
    }
    return lp;
}

double rt_wiener_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                      RtArg delta, bool propto, double adj, RtError *err)
{
    RtArg x[5] = {y, alpha, tau, beta, delta};
    return wiener_sum("wiener_lpdf", x, 5, propto, adj, err);
}

double rt_wiener5_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                       RtArg delta, RtArg var_delta, bool propto, double adj,
                       RtError *err)
{
    RtArg x[6] = {y, alpha, tau, beta, delta, var_delta};
    return wiener_sum("wiener_lpdf", x, 6, propto, adj, err);
}
