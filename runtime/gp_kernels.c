/* gp_kernels.c - Stan's Gaussian-process kernels of a distance
 * (gp_exponential_cov, gp_matern32_cov, gp_matern52_cov with one length
 * scale or one per coordinate, gp_periodic_cov) and gp_dot_prod_cov, of
 * one set of points or two, with their reverse-mode rules (rt_linalg_build.h).
 * gp_exp_quad_cov is linalg_gp.c's. */
#include <math.h>
#include <string.h>

#include "pplrt.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static const double PI = 3.14159265358979323846;

/* The second set: x1 itself for the one-set kernel. */
static const double *second(const RtGpCov *g, int *N2)
{
    *N2 = g->x2 ? g->N2 : g->N1;
    return g->x2 ? g->x2 : g->x1;
}

/* "FN: x1[3] is nan, but must not be nan!" (also "is inf, but must be
 * finite!" when finite) for the first bad point. */
static int check_points(const RtGpCov *g, const char *name, const double *x,
                        int N, int D, bool finite, RtError *err)
{
    for (size_t i = 0; i < (size_t)N * (size_t)D; i++) {
        size_t point = i / (size_t)(D > 0 ? D : 1) + 1;
        if (isnan(x[i]))
            return rt_error(err, "%s: %s[%zu] is nan, but must not be nan!",
                            g->fn, name, point);
        if (finite && !isfinite(x[i]))
            return rt_error(err, "%s: %s[%zu] is %g, but must be finite!",
                            g->fn, name, point, x[i]);
    }
    return 0;
}

static int check_positive_finite(const RtGpCov *g, const char *name,
                                 const char *index, double v, RtError *err)
{
    if (!(v > 0) || !isfinite(v))
        return rt_error(err, "%s: %s%s is %g, but must be positive finite!",
                        g->fn, name, index, v);
    return 0;
}

static int check_positive(const RtGpCov *g, const char *name, double v,
                          RtError *err)
{
    if (!(v > 0))
        return rt_error(err, "%s: %s is %g, but must be positive!", g->fn,
                        name, v);
    return 0;
}

/* Stan's checks of each kernel, in its order. */
static int check(const RtGpCov *g, RtError *err)
{
    bool two = g->x2 != NULL;
    const char *n1 = two ? "x1" : "x", *n2 = "x2";
    int N2;
    second(g, &N2);
    if (g->kind == RT_GP_DOT_PROD) {
        if (isnan(g->sigma))
            return rt_error(err, "%s: sigma is nan, but must not be nan!",
                            g->fn);
        if (g->sigma < 0)
            return rt_error(err, "%s: sigma is %g, but must be "
                            "nonnegative!", g->fn, g->sigma);
        if (!isfinite(g->sigma))
            return rt_error(err, "%s: sigma is %g, but must be finite!",
                            g->fn, g->sigma);
        if (check_points(g, n1, g->x1, g->N1, g->D1, true, err)
            || (two && check_points(g, n2, g->x2, g->N2, g->D2, true, err)))
            return -1;
    } else if (g->kind == RT_GP_PERIODIC) {
        if (check_positive(g, "signal standard deviation", g->sigma, err)
            || check_positive(g, "length-scale", g->l[0], err)
            || check_positive(g, "period", g->period, err))
            return -1;
        if (check_points(g, two ? "element of x1" : "element of x", g->x1,
                         g->N1, g->D1, false, err)
            || (two && check_points(g, "element of x2", g->x2, g->N2, g->D2,
                                    false, err)))
            return -1;
    } else {
        if (g->N1 == 0 || N2 == 0)
            return 0;   /* Stan returns the empty matrix unchecked */
        if (check_points(g, n1, g->x1, g->N1, g->D1, false, err)
            || (two && check_points(g, n2, g->x2, g->N2, g->D2, false, err))
            || check_positive_finite(g, "magnitude", "", g->sigma, err))
            return -1;
        for (int c = 0; c < g->L; c++) {
            char index[24] = "";
            if (g->ard)
                snprintf(index, sizeof index, "[%d]", c + 1);
            if (check_positive_finite(g, "length scale", index, g->l[c], err))
                return -1;
        }
        if (g->ard && g->D1 != g->L)
            return rt_error(err, "%s: x dimension (%d) and number of length "
                            "scales (%d) must match in size", g->fn, g->D1,
                            g->L);
        if (g->ard && two && g->D2 != g->L)
            return rt_error(err, "%s: x dimension (%d) and number of length "
                            "scales (%d) must match in size", g->fn, g->D2,
                            g->L);
    }
    if (two && g->N1 > 0 && g->N2 > 0 && g->D1 != g->D2)
        return rt_error(err, "%s: dimension of x1 (%d) and dimension of x2 "
                        "(%d) must match in size", g->fn, g->D1, g->D2);
    return 0;
}

/* The scaled distance r of points a and b: |a - b| / l, or with ard the
 * distance of a / l and b / l. */
static double scaled_distance(const RtGpCov *g, const double *a,
                              const double *b)
{
    double s = 0;
    for (int c = 0; c < g->D1; c++) {
        double t = (a[c] - b[c]) / g->l[g->ard ? c : 0];
        s += t * t;
    }
    return sqrt(s);
}

/* The kernel's value at scaled distance r (sigma^2 left out), and
 * f'(r) / r where it is finite at r = 0 (the Matern kernels) or f'(r). */
static double profile(RtGpKind kind, double r)
{
    switch (kind) {
    case RT_GP_EXPONENTIAL:
        return exp(-r);
    case RT_GP_MATERN32:
        return (1 + sqrt(3.0) * r) * exp(-sqrt(3.0) * r);
    case RT_GP_MATERN52:
        return (1 + sqrt(5.0) * r + 5.0 / 3.0 * r * r) * exp(-sqrt(5.0) * r);
    default:
        return NAN;
    }
}

/* f'(r) / r; for the exponential kernel infinite at r = 0, where the
 * caller leaves the points' derivative out (it does not exist). */
static double slope_over_r(RtGpKind kind, double r)
{
    switch (kind) {
    case RT_GP_EXPONENTIAL:
        return -exp(-r) / r;
    case RT_GP_MATERN32:
        return -3 * exp(-sqrt(3.0) * r);
    case RT_GP_MATERN52:
        return -5.0 / 3.0 * (1 + sqrt(5.0) * r) * exp(-sqrt(5.0) * r);
    default:
        return NAN;
    }
}

static double entry(const RtGpCov *g, const double *a, const double *b)
{
    double s2 = g->sigma * g->sigma;
    if (g->kind == RT_GP_DOT_PROD) {
        double dot = 0;
        for (int c = 0; c < g->D1; c++)
            dot += a[c] * b[c];
        return s2 + dot;
    }
    if (g->kind == RT_GP_PERIODIC) {
        double d = 0;
        for (int c = 0; c < g->D1; c++)
            d += (a[c] - b[c]) * (a[c] - b[c]);
        double s = sin(PI * sqrt(d) / g->period);
        return s2 * exp(-2 * s * s / (g->l[0] * g->l[0]));
    }
    return s2 * profile(g->kind, scaled_distance(g, a, b));
}

int rt_gp_cov(const RtGpCov *g, double *K, RtError *err)
{
    int N2;
    const double *x2 = second(g, &N2);
    if (check(g, err)) {
        for (size_t i = 0; i < (size_t)g->N1 * (size_t)N2; i++)
            K[i] = NAN;
        return -1;
    }
    int D = g->D1;
    for (int i = 0; i < g->N1; i++)
        for (int j = g->x2 ? 0 : i; j < N2; j++) {
            /* the one-set kernel is symmetric, with sigma^2 on the
             * diagonal of the kernels of a distance */
            double k = !g->x2 && i == j && g->kind != RT_GP_DOT_PROD
                ? g->sigma * g->sigma
                : entry(g, g->x1 + IDX(i, 0, D), x2 + IDX(j, 0, D));
            K[IDX(i, j, N2)] = k;
            if (!g->x2)
                K[IDX(j, i, N2)] = k;
        }
    return 0;
}

/* The partials of one entry K = k(a, b) times its adjoint w, added into
 * the points' adjoints ga and gb (NULL: none) and the scales'. */
static void entry_adj(const RtGpCov *g, const double *a, const double *b,
                      double K, double w, double *ga, double *gb,
                      double *sigma_adj, double *l_adj, double *period_adj)
{
    int D = g->D1;
    if (g->kind == RT_GP_DOT_PROD) {
        if (sigma_adj)
            *sigma_adj += w * 2 * g->sigma;
        for (int c = 0; c < D; c++) {
            if (ga)
                ga[c] += w * b[c];
            if (gb)
                gb[c] += w * a[c];
        }
        return;
    }
    if (sigma_adj)
        *sigma_adj += w * 2 * K / g->sigma;
    if (g->kind == RT_GP_PERIODIC) {
        double d2 = 0;
        for (int c = 0; c < D; c++)
            d2 += (a[c] - b[c]) * (a[c] - b[c]);
        double d = sqrt(d2), l = g->l[0], p = g->period;
        double s = sin(PI * d / p), co = cos(PI * d / p);
        if (l_adj)
            l_adj[0] += w * K * 4 * s * s / (l * l * l);
        if (period_adj)
            *period_adj += w * K * 4 * PI * d * s * co / (l * l * p * p);
        if (d == 0)
            return;   /* the points' derivative vanishes there */
        /* dK/dd = -K 4 s c pi / (l^2 p), dd/da = (a - b) / d */
        double dd = -w * K * 4 * s * co * PI / (l * l * p) / d;
        for (int c = 0; c < D; c++) {
            if (ga)
                ga[c] += dd * (a[c] - b[c]);
            if (gb)
                gb[c] -= dd * (a[c] - b[c]);
        }
        return;
    }
    double r = scaled_distance(g, a, b);
    if (r == 0)
        return;   /* no change of r: nothing for the points or scales */
    /* K = s2 f(r), r^2 = sum_c t_c^2 / l_c^2: dK/dt_c = s2 f'(r)/r t_c /
     * l_c^2 and dK/dl_c = -s2 f'(r)/r t_c^2 / l_c^3 */
    double h = w * g->sigma * g->sigma * slope_over_r(g->kind, r);
    for (int c = 0; c < D; c++) {
        double lc = g->l[g->ard ? c : 0], t = a[c] - b[c];
        if (ga)
            ga[c] += h * t / (lc * lc);
        if (gb)
            gb[c] -= h * t / (lc * lc);
        if (l_adj)
            l_adj[g->ard ? c : 0] -= h * t * t / (lc * lc * lc);
    }
}

void rt_gp_cov_adj(const RtGpCov *g, const double *K, const double *K_adj,
                   double *x1_adj, double *x2_adj, double *sigma_adj,
                   double *l_adj, double *period_adj)
{
    int N2;
    const double *x2 = second(g, &N2);
    if (!g->x2)
        x2_adj = x1_adj;
    int D = g->D1;
    for (int i = 0; i < g->N1; i++)
        for (int j = 0; j < N2; j++) {
            double w = K_adj[IDX(i, j, N2)];
            if (w == 0)
                continue;
            entry_adj(g, g->x1 + IDX(i, 0, D), x2 + IDX(j, 0, D),
                      K[IDX(i, j, N2)], w,
                      x1_adj ? x1_adj + IDX(i, 0, D) : NULL,
                      x2_adj ? x2_adj + IDX(j, 0, D) : NULL, sigma_adj,
                      l_adj, period_adj);
        }
}
