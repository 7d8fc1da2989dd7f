/* dae.c - dae and dae_tol (rt_dae.h): a variable-step, variable-order
 * (1 to 5) backward differentiation formula in variable-coefficient form
 * for F(t, y, y') = 0, with Newton's method on the residual and forward
 * sensitivities advanced on the same steps.
 *
 * The method (Brenan, Campbell and Petzold, "Numerical Solution of
 * Initial-Value Problems in Differential-Algebraic Equations", SIAM 1996,
 * sections 3.1 and 5.2).  Order k at the new point x_0 = t + h: y'(x_0) is
 * the derivative of the polynomial through (x_j, y_j), j = 0..k, the new
 * point and the last k solution points, y'_0 = sum_j c_j y_j with c_j the
 * derivatives of the Lagrange basis at x_0 (c_0 = sum_{j>=1} 1/(x_0 -
 * x_j)); Newton's method solves G(y_0) = F(x_0, y_0, c_0 y_0 + b) = 0, b =
 * sum_{j>=1} c_j y_j, with the iteration matrix F_y + c_0 F_y' from a
 * predictor, the polynomial through the last k+1 points at x_0.
 *
 * The error.  With Y[x_0..x_q] the divided differences of the new point
 * and the history, the local error of order q is
 *   est(q) = |Y[x_0..x_{q+1}]| prod_{j=1..q} (x_0 - x_j) / c_0(q),
 * the interpolation error of the true solution in the formula (its
 * (q+1)-th derivative over (q+1)! times the derivative at x_0 of the node
 * polynomial) divided by the formula's leading coefficient; at constant
 * steps it is the classical (y_0 - predictor) / ((k+1) sum_{j<=k} 1/j).
 * The initial point enters the divided differences twice, with yp0 as its
 * first difference (a Hermite node), so the first step has its estimate
 * (y_1 - y0 - h yp0).  Errors are weighed as IDAS weighs them, w_i =
 * 1 / (rtol |y_i| + atol) at the step's start, in the root mean square.
 *
 * Steps and orders (DASSL's strategy, simplified): after a step accepted
 * with est(k) <= 1 the order goes down if est(k-1) <= est(k) and up if
 * est(k+1) < est(k) after k+1 steps at order k, then the step changes by
 * the factor (2 est + 1e-4)^(-1/(k+1)) kept within [0.5, 2].  (Not
 * DASSL's hysteresis, which keeps the step unless the factor is below 1
 * or above 2: its jumps make the computed solution less smooth in the
 * parameters, which finite differences of it see.)  The Newton
 * iteration stops at 1e-3 of the tolerance (IDAS: 0.33), for the same
 * reason.  An error test failure shrinks it
 * (0.9 (2 est)^(-1/(k+1)) within [0.25, 0.9], then 0.25, and order 1 from
 * the third), a Newton failure quarters it; ten of either in one step,
 * or a step below the resolution of t, end the solve with IDAS' flag.
 *
 * Sensitivities: after a step is accepted, s_0 solves the linear system
 * the formula makes of F_y s + F_y' s' + F_theta = 0 at the new point,
 * (F_y + c_0 F_y') s_0 = -F_y' sum_{j>=1} c_j s_j - F_theta: the exact
 * derivative of the computed step with respect to the initial values
 * and theta (IDAS' staggered corrector with a direct linear solver). */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ode_internal.h"
#include "pplrt.h"

#define MAX_ORDER 5
/* Stored solution points: est(k+1) at order k = 4 and est(k-1..k) at 5
 * need the new point and six more. */
#define HIST (MAX_ORDER + 1)
/* divided-difference nodes: the new point, the history, t0 again */
#define NODES (HIST + 2)
#define MAX_NEWTON 4
#define MAX_FAILS 10
/* The Newton iteration stops when its estimated distance to the root is
 * below this fraction of the tolerance (IDAS' epsNewt is 0.33). */
#define NEWTON_TOL 1e-3

/* ------------------------------------------------------------ checks */

int rt_dae_check_arguments(const char *fn, const double *yy0, int nyy,
                           const double *yp0, int nyp, double t0,
                           const double *ts, int nts, double rtol,
                           double atol, long max_num_steps, RtError *err)
{
    for (int i = 0; i < nyy; i++)
        if (!isfinite(yy0[i]))
            return rt_error(err, "%s: initial state[%d] is %g, but must be "
                            "finite!", fn, i + 1, yy0[i]);
    for (int i = 0; i < nyp; i++)
        if (!isfinite(yp0[i]))
            return rt_error(err, "%s: initial state derivative[%d] is %g, "
                            "but must be finite!", fn, i + 1, yp0[i]);
    if (nyy <= 0)
        return rt_error(err, "%s: initial state has size 0, but must have "
                        "a non-zero size", fn);
    if (nyp <= 0)
        return rt_error(err, "%s: initial state derivative has size 0, but "
                        "must have a non-zero size", fn);
    if (nyy != nyp)
        return rt_error(err, "%s: size of initial state (%d) and size of "
                        "initial state derivative (%d) must match in size",
                        fn, nyy, nyp);
    if (rt_ode_check_times(fn, t0, ts, nts, err))
        return -1;
    return rt_ode_check_controls(fn, t0, ts, nts, rtol, atol, max_num_steps,
                                 err);
}

int rt_dae_check_finite(const double *x, int n, RtError *err)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return rt_error(err, "dae: DAE parameters and data[%d] is %g, "
                            "but must be finite!", i + 1, x[i]);
    return 0;
}

int rt_dae_sensitivity_columns(int nts, int n, int p, int *m, RtError *err)
{
    int64_t cols = 2 * (int64_t)n + p;
    if (rt_temp_check(n, cols, err) || rt_temp_check(nts, (int64_t)n * cols,
                                                     err))
        return -1;
    *m = (int)cols;
    return 0;
}

/* --------------------------------------------------------- the solver */

typedef struct Dae {
    const RtDaeSystem *sys;
    const char *fn;
    int n, p, m;            /* m sensitivity columns (0: none) */
    double rtol, atol;
    /* the history, newest first: nh points (th, yh, sh); has_t0: the
     * oldest is the initial point, whose derivative yp0 is known */
    int nh;
    bool has_t0;
    double th[HIST];
    double *yh[HIST], *sh[HIST];
    const double *yp0;
    /* the step being tried: the new point's y and y', the residual,
     * Newton's correction, the weights, b of the formula */
    double *y, *yp, *r, *r2, *delta, *ewt, *b;
    /* dF/dy, dF/dy', dF/dtheta (row-major), the iteration matrix's LU
     * factors and pivots, the unit vector of the vjp calls */
    double *Fy, *Fyp, *Fp, *M, *unit;
    int *piv;
    /* divided differences: the table's column, and its top entries */
    double *dd[NODES], *top[NODES];
    double *sb, *srhs;      /* n x m: sum_{j>=1} c_j s_j; one column */
} Dae;

/* Outcomes of a step attempt besides 0 (accepted) and -1 (an error in
 * err): a Newton failure, the residual not finite, an error test
 * failure. */
enum { STEP_NEWTON = 1, STEP_NAN, STEP_ERROR_TEST, STEP_SINGULAR };

static double wrms(const Dae *d, const double *v)
{
    double s = 0;
    for (int i = 0; i < d->n; i++) {
        double x = v[i] * d->ewt[i];
        s += x * x;
    }
    return sqrt(s / d->n);
}

/* LU with partial pivoting of the n x n matrix A in place; false if a
 * pivot is zero or not finite (singular, as far as the solve can tell). */
static bool lu_factor(double *A, int n, int *piv)
{
    for (int k = 0; k < n; k++) {
        int best = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(A[(size_t)i * n + k]) > fabs(A[(size_t)best * n + k]))
                best = i;
        piv[k] = best;
        double pk = A[(size_t)best * n + k];
        if (pk == 0 || !isfinite(pk))
            return false;
        if (best != k)
            for (int j = 0; j < n; j++) {
                double tmp = A[(size_t)k * n + j];
                A[(size_t)k * n + j] = A[(size_t)best * n + j];
                A[(size_t)best * n + j] = tmp;
            }
        for (int i = k + 1; i < n; i++) {
            double l = A[(size_t)i * n + k] / pk;
            A[(size_t)i * n + k] = l;
            if (l != 0)
                for (int j = k + 1; j < n; j++)
                    A[(size_t)i * n + j] -= l * A[(size_t)k * n + j];
        }
    }
    return true;
}

static void lu_solve(const double *A, int n, const int *piv, double *x)
{
    for (int k = 0; k < n; k++) {
        int p = piv[k];
        if (p != k) {
            double tmp = x[k];
            x[k] = x[p];
            x[p] = tmp;
        }
        for (int i = k + 1; i < n; i++)
            x[i] -= A[(size_t)i * n + k] * x[k];
    }
    for (int k = n - 1; k >= 0; k--) {
        for (int j = k + 1; j < n; j++)
            x[k] -= A[(size_t)k * n + j] * x[j];
        x[k] /= A[(size_t)k * n + k];
    }
}

static bool all_finite(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return false;
    return true;
}

/* F_y, F_y' (and F_theta when with_p) at (t, y, yp): rows from the vjp
 * with w = e_i; without a vjp, F_y + c0 F_y' (h: the step) from
 * forward differences of the residual r0 = F(t, y, yp). */
static int jacobian(Dae *d, double t, double *y, double *yp,
                    const double *r0, double c0, double h, bool with_p,
                    RtError *err)
{
    const RtDaeSystem *sys = d->sys;
    int n = d->n, p = d->p;
    memset(d->Fy, 0, sizeof(double) * (size_t)n * n);
    memset(d->Fyp, 0, sizeof(double) * (size_t)n * n);
    if (sys->vjp) {
        if (with_p)
            memset(d->Fp, 0, sizeof(double) * (size_t)n * p);
        for (int i = 0; i < n; i++) {
            d->unit[i] = 1;
            /* theta's gradient is wanted only for the sensitivities; the
             * vjp writes it anyway, into Fp (sized for it) */
            int rc = sys->vjp(sys->ctx, t, y, yp, d->unit,
                              d->Fy + (size_t)i * n, d->Fyp + (size_t)i * n,
                              d->Fp + (size_t)i * p, err);
            d->unit[i] = 0;
            if (rc != 0)
                return -1;
        }
        return 0;
    }
    /* forward differences of the residual along (e_j, c0 e_j), which give
     * column j of the iteration matrix F_y + c0 F_y' (into F_y, F_y'
     * left 0), with IDAS' increment: sqrt(unit roundoff) times the larger
     * of |y_j| and |h y'_j|, at least 1/w_j */
    for (int j = 0; j < n; j++) {
        double sy = y[j], syp = yp[j];
        double inc = fmax(sqrt(DBL_EPSILON) * fmax(fabs(sy), fabs(h * syp)),
                          1 / d->ewt[j]);
        y[j] = sy + inc;
        inc = y[j] - sy;
        yp[j] = syp + c0 * inc;
        int rc = sys->res(sys->ctx, t, y, yp, d->r2, err);
        y[j] = sy;
        yp[j] = syp;
        if (rc != 0)
            return -1;
        for (int i = 0; i < n; i++)
            d->Fy[(size_t)i * n + j] = (d->r2[i] - r0[i]) / inc;
    }
    return 0;
}

/* M = F_y + c0 F_y', factored; false if singular. */
static bool iteration_matrix(Dae *d, double c0)
{
    size_t nn = (size_t)d->n * (size_t)d->n;
    for (size_t i = 0; i < nn; i++)
        d->M[i] = d->Fy[i] + c0 * d->Fyp[i];
    return lu_factor(d->M, d->n, d->piv);
}

/* The top entries top[q] = Y[x_0..x_q], q < cnt, of the divided
 * differences of the points (x[i], v[i]); with herm the last node repeats
 * the one before it (the initial point) and yp0 is their difference. */
static void divided_differences(Dae *d, const double *x, double *const *v,
                                int cnt, bool herm)
{
    int n = d->n;
    for (int i = 0; i < cnt; i++)
        memcpy(d->dd[i], v[i], sizeof(double) * (size_t)n);
    memcpy(d->top[0], d->dd[0], sizeof(double) * (size_t)n);
    for (int q = 1; q < cnt; q++) {
        for (int i = 0; i + q < cnt; i++) {
            double *w = d->dd[i];
            if (q == 1 && herm && i == cnt - 2) {
                memcpy(w, d->yp0, sizeof(double) * (size_t)n);
                continue;
            }
            double dx = x[i + q] - x[i];
            for (int k = 0; k < n; k++)
                w[k] = (d->dd[i + 1][k] - w[k]) / dx;
        }
        memcpy(d->top[q], d->dd[0], sizeof(double) * (size_t)n);
    }
}

/* The nodes of the history, newest first, with t0 again at the end when
 * the history reaches it; returns their number. */
static int history_nodes(const Dae *d, double *x, double **v)
{
    int cnt = 0;
    for (int j = 0; j < d->nh; j++) {
        x[cnt] = d->th[j];
        v[cnt++] = d->yh[j];
    }
    if (d->has_t0) {
        x[cnt] = d->th[d->nh - 1];
        v[cnt++] = d->yh[d->nh - 1];
    }
    return cnt;
}

/* est(q) from the divided differences top[] of the new point x[0] and
 * the history nodes x[1..]. */
static double estimate(Dae *d, const double *x, int q)
{
    double prod = 1, c0 = 0;
    for (int j = 1; j <= q; j++) {
        prod *= x[0] - x[j];
        c0 += 1 / (x[0] - x[j]);
    }
    return wrms(d, d->top[q + 1]) * fabs(prod / c0);
}

/* One attempt of a step of size h at order k from the newest history
 * point to tn (t + h, or exactly the output time).  c receives the
 * formula's coefficients; on success (0) y and yp hold the new point,
 * *est_k its error estimate and est[] those of the orders around k
 * (negative: not available). */
static int attempt(Dae *d, double tn, int k, double *c, double *est,
                   RtError *err)
{
    const RtDaeSystem *sys = d->sys;
    int n = d->n;
    double x[NODES];
    double *v[NODES];
    /* the formula's coefficients over x_0 = tn, x_j = th[j-1] */
    x[0] = tn;
    for (int j = 1; j <= k; j++)
        x[j] = d->th[j - 1];
    c[0] = 0;
    for (int j = 1; j <= k; j++)
        c[0] += 1 / (x[0] - x[j]);
    for (int j = 1; j <= k; j++) {
        double num = 1, den = 1;
        for (int i = 1; i <= k; i++) {
            if (i != j)
                num *= x[0] - x[i];
            if (i != j)
                den *= x[j] - x[i];
        }
        den *= x[j] - x[0];
        c[j] = num / den;
    }
    /* the predictor: the polynomial through the last k+1 nodes at tn */
    int cnt = history_nodes(d, x + 1, v);
    if (cnt > k + 1)
        cnt = k + 1;
    bool herm = d->has_t0 && cnt == d->nh + 1;
    divided_differences(d, x + 1, v, cnt, herm);
    memset(d->y, 0, sizeof(double) * (size_t)n);
    double w = 1;
    for (int q = 0; q < cnt; q++) {
        for (int i = 0; i < n; i++)
            d->y[i] += w * d->top[q][i];
        w *= tn - x[1 + q];
    }
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 1; j <= k; j++)
            s += c[j] * d->yh[j - 1][i];
        d->b[i] = s;
    }
    /* Newton's method, the iteration matrix at the predictor */
    for (int i = 0; i < n; i++)
        d->yp[i] = c[0] * d->y[i] + d->b[i];
    if (sys->res(sys->ctx, tn, d->y, d->yp, d->r, err))
        return -1;
    if (!all_finite(d->r, n))
        return STEP_NAN;
    if (jacobian(d, tn, d->y, d->yp, d->r, c[0], tn - d->th[0], false, err))
        return -1;
    if (!iteration_matrix(d, c[0]))
        return STEP_SINGULAR;
    /* corrections at the level of rounding in y end the iteration too:
     * at tight tolerances the tests below cannot be met */
    double tiny = 100 * DBL_EPSILON * wrms(d, d->y);
    double first = 0;
    bool converged = false;
    for (int it = 0; it < MAX_NEWTON && !converged; it++) {
        if (it > 0) {
            for (int i = 0; i < n; i++)
                d->yp[i] = c[0] * d->y[i] + d->b[i];
            if (sys->res(sys->ctx, tn, d->y, d->yp, d->r, err))
                return -1;
            if (!all_finite(d->r, n))
                return STEP_NAN;
        }
        for (int i = 0; i < n; i++)
            d->delta[i] = -d->r[i];
        lu_solve(d->M, n, d->piv, d->delta);
        for (int i = 0; i < n; i++)
            d->y[i] += d->delta[i];
        double dn = wrms(d, d->delta);
        if (!isfinite(dn))
            return STEP_NEWTON;
        if (dn <= tiny) {
            converged = true;
        } else if (it == 0) {
            first = dn;
            converged = dn <= 1e-3 * NEWTON_TOL;
        } else {
            double rate = pow(dn / first, 1.0 / it);
            if (rate > 0.9)
                return STEP_NEWTON;
            converged = dn * rate / (1 - rate) <= NEWTON_TOL;
        }
    }
    if (!converged)
        return STEP_NEWTON;
    for (int i = 0; i < n; i++)
        d->yp[i] = c[0] * d->y[i] + d->b[i];
    /* the error estimates from the new point and the history */
    cnt = 1 + history_nodes(d, x + 1, v + 1);
    v[0] = d->y;
    divided_differences(d, x, v, cnt, d->has_t0);
    for (int q = 0; q <= MAX_ORDER + 1; q++)
        est[q] = -1;
    for (int q = k > 1 ? k - 1 : 1; q <= k + 1 && q <= MAX_ORDER; q++)
        if (q + 2 <= cnt)
            est[q] = estimate(d, x, q);
    return est[k] <= 1 ? 0 : STEP_ERROR_TEST;
}

/* The sensitivities at the accepted new point (tn, y, yp) into srow (n x
 * m), from the history's and the formula's coefficients c (order k). */
static int sensitivities(Dae *d, double tn, int k, const double *c,
                         double *srow, RtError *err)
{
    int n = d->n, m = d->m, p = d->p;
    if (jacobian(d, tn, d->y, d->yp, NULL, c[0], tn - d->th[0], true, err))
        return -1;
    if (!iteration_matrix(d, c[0]))
        return STEP_SINGULAR;
    size_t nm = (size_t)n * m;
    memset(d->sb, 0, sizeof(double) * nm);
    for (int j = 1; j <= k; j++)
        for (size_t i = 0; i < nm; i++)
            d->sb[i] += c[j] * d->sh[j - 1][i];
    for (int col = 0; col < m; col++) {
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < n; l++)
                s += d->Fyp[(size_t)i * n + l] * d->sb[(size_t)l * m + col];
            if (col >= 2 * n)
                s += d->Fp[(size_t)i * p + (col - 2 * n)];
            d->srhs[i] = -s;
        }
        lu_solve(d->M, n, d->piv, d->srhs);
        for (int i = 0; i < n; i++)
            srow[(size_t)i * m + col] = d->srhs[i];
    }
    return 0;
}

/* The accepted point (tn, y, sensitivities in d->sh[HIST-1]'s buffer
 * written by the caller) becomes the newest of the history. */
static void push_history(Dae *d, double tn)
{
    double *yo = d->yh[HIST - 1], *so = d->sh[HIST - 1];
    if (d->nh == HIST)
        d->has_t0 = false;
    for (int j = HIST - 1; j > 0; j--) {
        d->th[j] = d->th[j - 1];
        d->yh[j] = d->yh[j - 1];
        d->sh[j] = d->sh[j - 1];
    }
    d->th[0] = tn;
    d->yh[0] = yo;
    d->sh[0] = so;
    memcpy(yo, d->y, sizeof(double) * (size_t)d->n);
    if (d->nh < HIST)
        d->nh++;
}

static int flag_error(const Dae *d, int flag, double t, const char *why,
                      RtError *err)
{
    const char *what = flag == -3
        ? "Error test failures occurred too many times during one internal "
          "time step or minimum step size was reached"
        : flag == -4
        ? "Convergence test failures occurred too many times during one "
          "internal time step or minimum step size was reached"
        : "The user-provided residual function repeatedly returned a "
          "recoverable error flag, but the solver was unable to recover";
    return rt_error(err, "%s: IDASolve failed with error flag %d: %s. (at "
                    "t = %g: %s)", d->fn, flag, what, t, why);
}

/* Allocation of the work space: the doubles and the pivots. */
static double *allocate(Dae *d, int n, int m, int p, int **piv)
{
    int64_t nn = (int64_t)n * n, nm = (int64_t)n * m, total = 0;
    int64_t parts[] = {
        HIST * (int64_t)n, HIST * nm,               /* yh, sh */
        8 * (int64_t)n,                             /* y .. b, unit */
        3 * nn, (int64_t)n * p,                     /* Fy, Fyp, M; Fp */
        2 * NODES * (int64_t)n,                     /* dd, top */
        nm, n,                                      /* sb, srhs */
    };
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        if (!rt_size_add(total, parts[i], &total))
            return NULL;
    size_t bytes;
    if (!rt_size_bytes(total, sizeof(double), &bytes))
        return NULL;
    double *mem = malloc(bytes ? bytes : 1);
    *piv = malloc(sizeof(int) * (size_t)n);
    if (!mem || !*piv) {
        free(mem);
        free(*piv);
        return NULL;
    }
    double *q = mem;
    for (int j = 0; j < HIST; j++) {
        d->yh[j] = q;
        q += n;
        d->sh[j] = q;
        q += nm;
    }
    double **vecs[] = {&d->y, &d->yp, &d->r, &d->r2, &d->delta, &d->ewt,
                       &d->b, &d->unit};
    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++) {
        *vecs[i] = q;
        q += n;
    }
    d->Fy = q;
    d->Fyp = q + nn;
    d->M = q + 2 * nn;
    q += 3 * nn;
    d->Fp = q;
    q += (int64_t)n * p;
    for (int j = 0; j < NODES; j++) {
        d->dd[j] = q;
        q += n;
        d->top[j] = q;
        q += n;
    }
    d->sb = q;
    d->srhs = q + nm;
    memset(mem, 0, bytes);
    return mem;
}

/* The solve proper, with the work space in place. */
static int integrate(Dae *d, const double *yy0, double t0, const double *ts,
                     int nts, long max_num_steps, double *y_out,
                     double *sens, RtError *err)
{
    int n = d->n, m = d->m;
    size_t nm = (size_t)n * m;
    memcpy(d->yh[0], yy0, sizeof(double) * (size_t)n);
    for (int i = 0; i < n && m > 0; i++)
        d->sh[0][(size_t)i * m + i] = 1;
    d->th[0] = t0;
    d->nh = 1;
    d->has_t0 = true;
    /* the first step: IDAS' 0.001 of the way to the first output time,
     * at most what makes ||h yp0|| = 0.5 */
    for (int i = 0; i < n; i++)
        d->ewt[i] = 1 / (d->rtol * fabs(yy0[i]) + d->atol);
    double h = 0.001 * (ts[0] - t0), ypnorm = wrms(d, d->yp0);
    if (ypnorm * h > 0.5)
        h = 0.5 / ypnorm;
    int k = 1, at_order = 0;
    double t = t0;
    double c[MAX_ORDER + 1], est[MAX_ORDER + 2];
    for (int out = 0; out < nts; out++) {
        double tout = ts[out];
        long steps = 0;
        while (t < tout) {
            if (steps >= max_num_steps)
                return rt_error(err, "%s: IDASolve failed with error flag "
                                "-1: The solver took mxstep internal steps "
                                "but could not reach tout. (%ld steps from "
                                "t = %g did not reach the output time %g)",
                                d->fn, max_num_steps, t, tout);
            for (int i = 0; i < n; i++)
                d->ewt[i] = 1 / (d->rtol * fabs(d->yh[0][i]) + d->atol);
            int err_fails = 0, newton_fails = 0, nan_fails = 0;
            double tn, planned;
            for (;;) {
                if (!(h > 0 && t + h > t && h >= 4 * DBL_EPSILON * fabs(t))) {
                    /* the step cannot shrink further: say why it had to */
                    if (nan_fails > 0 && nan_fails >= newton_fails)
                        return flag_error(d, -9, t, "the residual is not "
                                          "finite", err);
                    if (newton_fails > 0)
                        return flag_error(d, -4, t, "the Newton iteration "
                                          "does not converge", err);
                    return flag_error(d, -3, t, "the step size fell below "
                                      "the resolution of t", err);
                }
                /* end on the output time: shorten the step onto it, or
                 * stretch one that would leave a sliver */
                bool last = t + 1.1 * h >= tout;
                planned = h;
                tn = last ? tout : t + h;
                if (last)
                    h = tout - t;
                int rc = attempt(d, tn, k, c, est, err);
                if (rc == 0)
                    break;
                if (rc < 0)
                    return -1;
                at_order = 0;
                if (rc == STEP_ERROR_TEST) {
                    if (++err_fails >= MAX_FAILS)
                        return flag_error(d, -3, t, "the error test failed "
                                          "10 times", err);
                    double r = 0.25;
                    if (err_fails == 1) {
                        if (k > 1 && est[k - 1] >= 0 && est[k - 1] <= est[k])
                            k--;
                        r = 0.9 * pow(2 * est[k] + 1e-4, -1.0 / (k + 1));
                        r = fmax(0.25, fmin(0.9, r));
                    } else if (err_fails >= 3) {
                        k = 1;
                    }
                    h *= r;
                } else if (rc == STEP_NAN) {
                    if (++nan_fails >= MAX_FAILS)
                        return flag_error(d, -9, t, "the residual is not "
                                          "finite", err);
                    h *= 0.25;
                } else {
                    if (++newton_fails >= MAX_FAILS)
                        return flag_error(d, -4, t, rc == STEP_SINGULAR
                                          ? "the iteration matrix dF/dy + c "
                                            "dF/dy' is singular"
                                          : "the Newton iteration does not "
                                            "converge", err);
                    h *= 0.25;
                }
            }
            if (m > 0) {
                int rc = sensitivities(d, tn, k, c, d->sh[HIST - 1], err);
                if (rc < 0)
                    return -1;
                if (rc == STEP_SINGULAR)
                    return flag_error(d, -4, tn, "the iteration matrix dF/dy "
                                      "+ c dF/dy' is singular", err);
            }
            push_history(d, tn);
            t = tn;
            steps++;
            at_order++;
            /* the next order and step */
            int knew = k;
            if (k > 1 && est[k - 1] >= 0 && est[k - 1] <= est[k])
                knew = k - 1;
            else if (k < MAX_ORDER && at_order >= k + 1 && est[k + 1] >= 0
                     && est[k + 1] < est[k] && d->nh >= k + 2)
                knew = k + 1;
            if (knew != k)
                at_order = 0;
            k = knew;
            if (k > d->nh)
                k = d->nh;
            double r = pow(2 * est[k] + 1e-4, -1.0 / (k + 1));
            h *= fmax(0.5, fmin(2, r));
            /* a step shortened onto an output time says nothing about the
             * next one's size: go on with the one planned */
            if (h < planned && est[k] <= 0.5)
                h = planned;
        }
        memcpy(y_out + (size_t)out * n, d->yh[0], sizeof(double) * (size_t)n);
        if (sens)
            memcpy(sens + (size_t)out * nm, d->sh[0], sizeof(double) * nm);
    }
    return 0;
}

int rt_dae_solve(const char *fn, const RtDaeSystem *sys, const double *yy0,
                 int nyy, const double *yp0, int nyp, double t0,
                 const double *ts, int nts, double rtol, double atol,
                 long max_num_steps, double *y_out, double *sens,
                 RtError *err)
{
    if (rt_dae_check_arguments(fn, yy0, nyy, yp0, nyp, t0, ts, nts, rtol,
                               atol, max_num_steps, err))
        return -1;
    if (sys->n != nyy)
        return rt_error(err, "%s: the system has %d states for an initial "
                        "state of size %d", fn, sys->n, nyy);
    if (sens && !sys->vjp)
        return rt_error(err, "%s: sensitivities need the residual's "
                        "vector-Jacobian product", fn);
    int m = 0;
    if (sens && rt_dae_sensitivity_columns(nts, nyy, sys->p, &m, err))
        return -1;
    Dae d = {.sys = sys, .fn = fn, .n = nyy, .p = sys->p,
             .m = m, .rtol = rtol, .atol = atol,
             .yp0 = yp0};
    int *piv = NULL;
    double *mem = allocate(&d, d.n, d.m, d.p, &piv);
    if (!mem)
        return rt_fatal(err, "%s: out of memory for %d states and %d "
                        "sensitivity columns", fn, d.n, d.m);
    d.piv = piv;
    int rc = integrate(&d, yy0, t0, ts, nts, max_num_steps, y_out, sens,
                       err);
    free(mem);
    free(piv);
    return rc;
}
