/* dist_wiener_full.c - the Wiener first passage time with inter-trial
 * variability of the starting point (sw) and of the non-decision time
 * (st0): the seven-parameter density wiener_lpdf(y | a, t0, w, v, sv, sw,
 * st0) and the unnormalized ("defective") log cdfs wiener_lcdf_unnorm and
 * wiener_lccdf_unnorm of four and seven parameters.  Definitions in
 * rt_dist_wiener.h; the five-parameter density p5 is dist_wiener.c's.
 *
 * Every form is one shape: a weighted integral over the decision time s of
 * p5(s; omega), averaged over omega in [w - sw/2, w + sw/2] when sw > 0.
 * Averaging over the non-decision time tau in [t0, t0 + st0] turns into the
 * weight: with R2 = y - t0 and R1 = y - t0 - st0,
 *   density  (1/st0) int_{max(R1,0)}^{R2} p5(s) ds
 *   cdf      (1/st0) int_0^{R2} (R2 - max(s, R1)) p5(s) ds
 *   ccdf     (1/st0) int_{max(R1,0)}^inf (min(s, R2) - R1) p5(s) ds
 * (the last two are int_{R1}^{R2} F5(r) dr / st0 and the same of the ccdf
 * C5, by parts; for r < 0 F5 is 0 and C5 the probability of the upper
 * boundary).  With st0 = 0: p5(R2), int_0^{R2} p5, int_{R2}^inf p5.
 * The partials are integrals of the same kind: of p5 times its partial in
 * alpha, delta, sv (and beta when sw = 0) under the same weight; in y the
 * weight's derivative (an indicator, or for the density the end points'
 * p5); in st0 the end point R1; in beta and sw (sw > 0) the omega
 * average's end points.  Integrals by adaptive Gauss-Kronrod (15 points,
 * QUADPACK's nodes), all components at once, to a relative 1e-10 of the
 * value (and of the value's scale for the partials), over pieces split at
 * a geometric grid of times so that no peak of the density hides between
 * the nodes. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_wiener.h"
#include "dist_disc_internal.h"
#include "dist_wiener_internal.h"

/* ------------------------------------------------- adaptive quadrature */

enum { C_VAL, C_A, C_V, C_SV, C_W, C_Y, C_ST0, NC };

#define MAX_PIECES 200
#define QUAD_TOL 1e-10

typedef void (*VecFn)(void *ctx, double x, double out[NC]);

/* Kronrod nodes (positive half, the last the centre) and weights, and the
 * Gauss weights of the nodes with odd index and the centre (QUADPACK's
 * qk15). */
static const double XGK[8] = {
    0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
    0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
    0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
    0.207784955007898467600689403773245, 0.0};
static const double WGK[8] = {
    0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
    0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
    0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
    0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
static const double WG[4] = {
    0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
    0.381830050505118944950369775488975, 0.417959183673469387755102040816327};

typedef struct Piece {
    double a, b, I[NC], E[NC];
} Piece;

/* The 15-point rule on [p->a, p->b]: integrals and |K15 - G7|. */
static void gk15(VecFn f, void *ctx, Piece *p)
{
    double c = 0.5 * (p->a + p->b), h = 0.5 * (p->b - p->a);
    double f1[NC], f2[NC], G[NC];
    f(ctx, c, f1);
    for (int k = 0; k < NC; k++) {
        p->I[k] = WGK[7] * f1[k];
        G[k] = WG[3] * f1[k];
    }
    for (int j = 0; j < 7; j++) {
        f(ctx, c - h * XGK[j], f1);
        f(ctx, c + h * XGK[j], f2);
        for (int k = 0; k < NC; k++) {
            p->I[k] += WGK[j] * (f1[k] + f2[k]);
            if (j % 2 == 1)
                G[k] += WG[j / 2] * (f1[k] + f2[k]);
        }
    }
    for (int k = 0; k < NC; k++) {
        p->I[k] *= h;
        p->E[k] = fabs(p->I[k] - h * G[k]);
    }
}

/* The integrals of f from breaks[0] to breaks[nb - 1] (sorted), starting
 * from the pieces between the breaks and bisecting the piece with the
 * largest error until the value's error is within QUAD_TOL of it and
 * every partial's within dtol of |its integral| + |the value's| (or
 * MAX_PIECES pieces). */
static void integrate(VecFn f, void *ctx, const double *breaks, int nb,
                      double dtol, double out[NC])
{
    Piece p[MAX_PIECES];
    int n = 0;
    for (int i = 0; i + 1 < nb && n < MAX_PIECES; i++)
        if (breaks[i + 1] > breaks[i]) {
            p[n].a = breaks[i];
            p[n].b = breaks[i + 1];
            gk15(f, ctx, &p[n++]);
        }
    for (;;) {
        double I[NC] = {0}, E[NC] = {0}, allow[NC];
        for (int i = 0; i < n; i++)
            for (int k = 0; k < NC; k++) {
                I[k] += p[i].I[k];
                E[k] += p[i].E[k];
            }
        bool ok = true;
        for (int k = 0; k < NC; k++) {
            allow[k] = (k == C_VAL ? QUAD_TOL : dtol)
                       * (fabs(I[k]) + fabs(I[C_VAL]));
            ok &= E[k] <= allow[k];
        }
        if (ok || n >= MAX_PIECES) {
            memcpy(out, I, sizeof I);
            return;
        }
        int worst = 0;
        double most = -1;
        for (int i = 0; i < n; i++) {
            double score = 0;
            for (int k = 0; k < NC; k++)
                score = fmax(score, allow[k] > 0 ? p[i].E[k] / allow[k]
                                    : p[i].E[k] > 0 ? DBL_MAX : 0);
            if (score > most) {
                most = score;
                worst = i;
            }
        }
        double a = p[worst].a, b = p[worst].b, m = 0.5 * (a + b);
        if (!(m > a && m < b)) {   /* no room left: accept the piece */
            memset(p[worst].E, 0, sizeof p[worst].E);
            continue;
        }
        p[worst].b = m;
        gk15(f, ctx, &p[worst]);
        p[n].a = m;
        p[n].b = b;
        gk15(f, ctx, &p[n++]);
    }
}

/* ------------------------------------------------------ the integrand */

typedef enum { WF_PDF, WF_CDF, WF_CCDF } WForm;

typedef struct Wiener7 {
    WForm form;
    double a, v, sv, w, sw;
    double r1, r2, st0;   /* y - t0 - st0, y - t0, st0 */
    double scale;         /* log of the factor taken out of every p5 */
    double omega;         /* the starting point of the inner integral */
    double tail_at, tail_len;   /* ccdf past tail_at: s = tail_at + L z/(1-z) */
    double dtol;          /* relative tolerance of the partials */
} Wiener7;

/* p5(s; omega) / exp(scale) and its log-partials d (as
 * rt_wiener5_log_term); where it underflows, 0 and no partials (which
 * may be NaN there: 0 times them must stay 0). */
static double p5(const Wiener7 *c, double s, double omega, double d[6])
{
    double lp = rt_wiener5_log_term(s, c->a, 0, omega, c->v, c->sv, d);
    double p = exp(lp - c->scale);
    if (!(p > 0)) {
        memset(d, 0, 6 * sizeof *d);
        return 0;
    }
    return p;
}

/* The weights of the value and of the y and st0 end-point components at
 * decision time s (st0 > 0, or the cdfs with st0 = 0: weight 1). */
static void weights(const Wiener7 *c, double s, double *wv, double *wy,
                    double *wst)
{
    *wv = *wy = *wst = 0;
    if (c->st0 == 0) {
        *wv = 1;
        return;
    }
    double k = 1 / c->st0;
    switch (c->form) {
    case WF_PDF:
        *wv = k;
        break;
    case WF_CDF:
        *wv = (c->r2 - fmax(s, c->r1)) * k;
        *wy = s > c->r1 ? k : 0;
        *wst = s < c->r1 ? k : 0;
        break;
    case WF_CCDF:
        *wv = (fmin(s, c->r2) - c->r1) * k;
        *wy = s < c->r2 ? -k : 0;
        *wst = k;
        break;
    }
}

/* The integrand over x (the decision time; past tail_at the ccdf's
 * mapped coordinate z = x - tail_at in [0, 1)). */
static void time_integrand(void *ctx, double x, double out[NC])
{
    const Wiener7 *c = ctx;
    double s = x, jac = 1;
    if (c->form == WF_CCDF && x > c->tail_at) {
        double z = x - c->tail_at;
        s = c->tail_at + c->tail_len * z / (1 - z);
        jac = c->tail_len / ((1 - z) * (1 - z));
    }
    double d[6], wv, wy, wst;
    double p = p5(c, s, c->omega, d) * jac;
    weights(c, s, &wv, &wy, &wst);
    out[C_VAL] = wv * p;
    out[C_A] = wv * p * d[1];
    out[C_V] = wv * p * d[4];
    out[C_SV] = wv * p * d[5];
    out[C_W] = wv * p * d[3];
    out[C_Y] = wy * p;
    out[C_ST0] = wst * p;
}

/* The times where the integrals over s break: a geometric grid in
 * u = s / alpha^2 from below the small-time mode dist^2 / 3 (dist the
 * least distance of a starting point from the upper boundary, 1 - beta -
 * sw/2) to where the large-time series has decayed, the drift's passage time
 * alpha (1 - omega) / |delta| and its neighbours, and R1, R2; those
 * inside (lo, hi), with lo and hi themselves.  Returns the count. */
static int time_breaks(const Wiener7 *c, double lo, double hi,
                       double *out, int cap)
{
    double cand[48];
    int n = 0;
    double a2 = c->a * c->a, dist = 1 - c->w - c->sw / 2;
    double u = fmin(1e-3, dist * dist / 30);
    for (; u < 300 && n < 40; u *= 3)
        cand[n++] = a2 * u;
    if (c->v != 0) {
        double td = c->a * (1 - c->omega) / fabs(c->v);
        cand[n++] = 0.5 * td;
        cand[n++] = td;
        cand[n++] = 2 * td;
    }
    cand[n++] = c->r1;
    cand[n++] = c->r2;
    int m = 0;
    out[m++] = lo;
    for (int i = 0; i < n; i++)
        if (cand[i] > lo && cand[i] < hi && m < cap - 1)
            out[m++] = cand[i];
    /* insertion sort: a few dozen points */
    for (int i = 2; i < m; i++)
        for (int j = i; j > 1 && out[j] < out[j - 1]; j--) {
            double t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    out[m++] = hi;
    return m;
}

/* The decision times of the integral at starting point omega: [*lo, *hi]
 * (the density without st0: the point R2). */
static void time_domain(const Wiener7 *c, double *lo, double *hi)
{
    double r1p = fmax(c->r1, 0);
    switch (c->form) {
    case WF_PDF:
        *lo = c->st0 > 0 ? r1p : c->r2;
        *hi = c->r2;
        break;
    case WF_CDF:
        *lo = 0;
        *hi = c->r2;
        break;
    default:
        *lo = c->st0 > 0 ? r1p : c->r2;
        *hi = INFINITY;
        break;
    }
}

/* Every component at the starting point omega (before the average over
 * omega). */
static void at_omega(void *ctx, double omega, double out[NC])
{
    Wiener7 *c = ctx;
    double d[6];
    c->omega = omega;
    if (c->form == WF_PDF && c->st0 == 0) {
        double p = p5(c, c->r2, omega, d);
        out[C_VAL] = p;
        out[C_A] = p * d[1];
        out[C_V] = p * d[4];
        out[C_SV] = p * d[5];
        out[C_W] = p * d[3];
        out[C_Y] = p * d[0];
        out[C_ST0] = -0.5 * p * d[0];
        return;
    }
    double lo, hi;
    time_domain(c, &lo, &hi);
    double br[52];
    int nb;
    if (c->form == WF_CCDF) {
        /* the grid up to where the slowest mode has decayed, then the
         * mapped tail as one more unit of x */
        double a2 = c->a * c->a;
        c->tail_at = fmax(lo, 200 * a2);
        c->tail_len = 1 / (M_PI * M_PI / (2 * a2)
                           + c->v * c->v
                                 / (2 * (1 + c->sv * c->sv * c->tail_at)));
        nb = time_breaks(c, lo, c->tail_at, br, 51);
        if (br[nb - 1] > br[nb - 2])
            br[nb++] = c->tail_at + 1;
        else
            br[nb - 1] = c->tail_at + 1;
    } else {
        nb = time_breaks(c, lo, hi, br, 52);
    }
    integrate(time_integrand, c, br, nb, c->dtol, out);
    if (c->st0 == 0) {   /* the cdfs: the end point R2 */
        double p = p5(c, c->r2, omega, d);
        out[C_Y] = c->form == WF_CDF ? p : -p;
        out[C_ST0] = -0.5 * out[C_Y];
    } else if (c->form == WF_PDF) {
        double p2 = p5(c, c->r2, omega, d);
        double p1 = c->r1 > 0 ? p5(c, c->r1, omega, d) : 0;
        out[C_Y] = (p2 - p1) / c->st0;
        out[C_ST0] = p1 / c->st0;
    }
}

/* log of the largest p5 at probes inside the domain (its ends and the
 * grid, at the middle and the ends of the omega range): the factor taken
 * out of every p5, so that nothing under- or overflows where the mass
 * is. */
static double probe_scale(const Wiener7 *c)
{
    double best = -INFINITY, d[6];
    double omegas[3] = {c->w, c->w - c->sw / 2, c->w + c->sw / 2};
    for (int i = 0; i < 3; i++) {
        Wiener7 g = *c;
        g.omega = omegas[i];
        double lo, hi, br[52];
        time_domain(&g, &lo, &hi);
        int nb = time_breaks(&g, lo, hi, br, 52);
        for (int j = 0; j < nb; j++)
            if (br[j] > 0 && isfinite(br[j]))
                best = fmax(best, rt_wiener5_log_term(br[j], c->a, 0,
                                                      g.omega, c->v, c->sv,
                                                      d));
    }
    return isfinite(best) ? best : 0;
}

/* log of the value of one term and its log-partials d[0..7] in y, alpha,
 * t0, beta, delta, sv, sw, st0 (x the same order). */
static double full_term(WForm form, const double x[8], double dtol,
                        double d[8])
{
    Wiener7 c = {form, x[1], x[4], x[5], x[3], x[6], x[0] - x[2] - x[7],
                 x[0] - x[2], x[7], 0, x[3], 0, 0, dtol};
    c.scale = probe_scale(&c);
    double I[NC];
    if (c.sw > 0) {
        double lo = c.w - c.sw / 2, hi = c.w + c.sw / 2;
        double br[2] = {lo, hi}, end_lo[NC], end_hi[NC];
        integrate(at_omega, &c, br, 2, dtol, I);
        for (int k = 0; k < NC; k++)
            I[k] /= c.sw;
        at_omega(&c, lo, end_lo);
        at_omega(&c, hi, end_hi);
        I[C_W] = (end_hi[C_VAL] - end_lo[C_VAL]) / c.sw;
        d[6] = (end_hi[C_VAL] + end_lo[C_VAL]) / (2 * c.sw * I[C_VAL])
               - 1 / c.sw;
    } else {
        at_omega(&c, c.w, I);
        d[6] = 0;
    }
    double V = I[C_VAL];
    if (!(V > 0)) {   /* underflow: no mass where it was sought */
        memset(d, 0, 8 * sizeof *d);
        return -INFINITY;
    }
    d[0] = I[C_Y] / V;
    d[1] = I[C_A] / V;
    d[2] = -d[0];
    d[3] = I[C_W] / V;
    d[4] = I[C_V] / V;
    d[5] = I[C_SV] / V;
    d[7] = I[C_ST0] / V - (c.st0 > 0 ? 1 / c.st0 : 0);
    return log(V) + c.scale;
}

/* ------------------------------------------------------- the functions */

/* Stan's checks of the relations: y above the non-decision time, the
 * starting point's range inside (0, 1). */
static bool relation_checks(const char *fn, const RtArg *x, int nx, int len,
                            RtError *err)
{
    const char *const *names = rt_wiener_names();
    char buf[128];
    for (int i = 0; i < len; i++) {
        double y = AT(x[0], i), t0 = AT(x[2], i);
        if (y <= t0) {
            rt_error(err, "%s: %s = %g, but must be greater than nondecision "
                     "time = %g", fn, elem(buf, sizeof buf, names[0], x[0].n,
                                           i), y, t0);
            return false;
        }
        if (nx < 8)
            continue;
        double w = AT(x[3], i), sw = AT(x[6], i);
        if (w - 0.5 * sw <= 0 || w + 0.5 * sw >= 1) {
            bool low = w - 0.5 * sw <= 0;
            rt_error(err, "%s: %s = %g, but must be smaller than %s = %g", fn,
                     elem(buf, sizeof buf, names[6], x[6].n, i),
                     sw, low ? "2*(A-priori bias)" : "2*(1-A-priori bias)",
                     low ? 2 * w : 2 * (1 - w));
            return false;
        }
    }
    return true;
}

/* The tolerance of the partials: the trailing argument's (checked), or
 * QUAD_TOL without one; never below 1e-13, where rounding rules. */
static bool partials_tol(const char *fn, const RtArg *tol, double *dtol,
                         RtError *err)
{
    *dtol = QUAD_TOL;
    if (!tol)
        return true;
    if (!check_real(fn, "Precision of the derivatives", *tol, CK_POSFIN, err))
        return false;
    *dtol = fmax(tol->x[0], 1e-13);
    return true;
}

/* Sum of the terms of nx arguments (5, 6 or 8 of y, alpha, tau, beta,
 * delta, sv, sw, st0; the missing ones 0) with their partials. */
static double full_sum(const char *fn, WForm form, const RtArg *x, int nx,
                       const RtArg *tol, bool propto, double adj,
                       RtError *err)
{
    int sizes[8];
    double dtol;
    for (int i = 0; i < nx; i++)
        sizes[i] = RT_LEN(x[i]);
    int len = common_size(fn, nx, rt_wiener_names(), sizes, err);
    if (len < 0 || !rt_wiener_checks(fn, x, nx, err)
        || !partials_tol(fn, tol, &dtol, err)
        || !relation_checks(fn, x, nx, len, err))
        return fail();
    bool any_ad = false;
    for (int i = 0; i < nx; i++)
        any_ad |= x[i].ad;
    if (len == 0 || (propto && !any_ad))
        return 0;
    double total = 0;
    for (int i = 0; i < len; i++) {
        double p[8] = {0}, d[8];
        for (int j = 0; j < nx; j++)
            p[j] = AT(x[j], i);
        total += full_term(form, p, dtol, d);
        for (int j = 0; j < nx; j++)
            if (x[j].g)
                GRAD(x[j], i, adj * d[j]);
    }
    return total;
}

double rt_wiener7_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                       RtArg delta, RtArg var_delta, RtArg var_beta,
                       RtArg var_tau, bool propto, double adj, RtError *err)
{
    RtArg x[8] = {y, alpha, tau, beta, delta, var_delta, var_beta, var_tau};
    return full_sum("wiener_lpdf", WF_PDF, x, 8, NULL, propto, adj, err);
}

double rt_wiener7_tol_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                           RtArg delta, RtArg var_delta, RtArg var_beta,
                           RtArg var_tau, RtArg tol, bool propto, double adj,
                           RtError *err)
{
    RtArg x[8] = {y, alpha, tau, beta, delta, var_delta, var_beta, var_tau};
    return full_sum("wiener_lpdf", WF_PDF, x, 8, &tol, propto, adj, err);
}

double rt_wiener5_tol_lpdf(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                           RtArg delta, RtArg var_delta, RtArg tol,
                           bool propto, double adj, RtError *err)
{
    double dtol;
    if (!partials_tol("wiener_lpdf", &tol, &dtol, err))
        return fail();
    return rt_wiener5_lpdf(y, alpha, tau, beta, delta, var_delta, propto, adj,
                           err);
}

/* The cdfs of four parameters (the first five arguments) or seven, with
 * or without the tolerance. */
static double cdf4(const char *fn, WForm form, RtArg y, RtArg alpha,
                   RtArg tau, RtArg beta, RtArg delta, const RtArg *tol,
                   double adj, RtError *err)
{
    RtArg x[5] = {y, alpha, tau, beta, delta};
    return full_sum(fn, form, x, 5, tol, false, adj, err);
}

static double cdf7(const char *fn, WForm form, RtArg y, RtArg alpha,
                   RtArg tau, RtArg beta, RtArg delta, RtArg var_delta,
                   RtArg var_beta, RtArg var_tau, const RtArg *tol,
                   double adj, RtError *err)
{
    RtArg x[8] = {y, alpha, tau, beta, delta, var_delta, var_beta, var_tau};
    return full_sum(fn, form, x, 8, tol, false, adj, err);
}

double rt_wiener_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                             RtArg delta, double adj, RtError *err)
{
    return cdf4("wiener_lcdf_unnorm", WF_CDF, y, alpha, tau, beta, delta,
                NULL, adj, err);
}

double rt_wiener_tol_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                 RtArg beta, RtArg delta, RtArg tol,
                                 double adj, RtError *err)
{
    return cdf4("wiener_lcdf_unnorm", WF_CDF, y, alpha, tau, beta, delta,
                &tol, adj, err);
}

double rt_wiener_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                              RtArg delta, double adj, RtError *err)
{
    return cdf4("wiener_lccdf_unnorm", WF_CCDF, y, alpha, tau, beta, delta,
                NULL, adj, err);
}

double rt_wiener_tol_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                  RtArg beta, RtArg delta, RtArg tol,
                                  double adj, RtError *err)
{
    return cdf4("wiener_lccdf_unnorm", WF_CCDF, y, alpha, tau, beta, delta,
                &tol, adj, err);
}

double rt_wiener7_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                              RtArg delta, RtArg var_delta, RtArg var_beta,
                              RtArg var_tau, double adj, RtError *err)
{
    return cdf7("wiener_lcdf_unnorm", WF_CDF, y, alpha, tau, beta, delta,
                var_delta, var_beta, var_tau, NULL, adj, err);
}

double rt_wiener7_tol_lcdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                  RtArg beta, RtArg delta, RtArg var_delta,
                                  RtArg var_beta, RtArg var_tau, RtArg tol,
                                  double adj, RtError *err)
{
    return cdf7("wiener_lcdf_unnorm", WF_CDF, y, alpha, tau, beta, delta,
                var_delta, var_beta, var_tau, &tol, adj, err);
}

double rt_wiener7_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau, RtArg beta,
                               RtArg delta, RtArg var_delta, RtArg var_beta,
                               RtArg var_tau, double adj, RtError *err)
{
    return cdf7("wiener_lccdf_unnorm", WF_CCDF, y, alpha, tau, beta, delta,
                var_delta, var_beta, var_tau, NULL, adj, err);
}

double rt_wiener7_tol_lccdf_unnorm(RtArg y, RtArg alpha, RtArg tau,
                                   RtArg beta, RtArg delta, RtArg var_delta,
                                   RtArg var_beta, RtArg var_tau, RtArg tol,
                                   double adj, RtError *err)
{
    return cdf7("wiener_lccdf_unnorm", WF_CCDF, y, alpha, tau, beta, delta,
                var_delta, var_beta, var_tau, &tol, adj, err);
}
