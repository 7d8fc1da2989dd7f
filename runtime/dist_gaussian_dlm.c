/* dist_gaussian_dlm.c - gaussian_dlm_obs (Stan Functions Reference,
 * "Gaussian dynamic linear models"): the log likelihood of the r x T
 * observations y of
 *   y_t ~ N(F^T theta_t, V),  theta_t ~ N(G theta_(t-1), W),
 *   theta_0 ~ N(m0, C0)
 * (F n x r, G n x n, V r x r or a vector of r variances, W n x n), by
 * the Kalman filter, per step t:
 *   a = G m,  R = G C G^T + W,  f = F^T a,  Q = F^T R F + V,
 *   e = y_t - f,  A = R F Q^-1,  m <- a + A e,  C <- R - A (R F)^T,
 *   log p += -1/2 (r log(2 pi) + log det Q + e^T Q^-1 e).
 * A vector V is diag(V): Stan filters its observations one at a time,
 * which gives the same density.
 *
 * Derivatives: forward mode through the recursions, one tangent pass per
 * parameter scalar (each quantity above with its directional derivative:
 * dQ^-1 = -Q^-1 dQ Q^-1, d log det Q = tr(Q^-1 dQ), ...).  A DLM's
 * parameters are typically a few variances and system coefficients while
 * y, F and G are data, so P passes of O(T (n^3 + r^3)) each cost little,
 * and a tangent pass is the filter itself, checked by the same code; a
 * hand-written reverse sweep (one pass whatever P) would pay off for y or
 * large F, G as parameters and is not written.
 * Conventions: rt_dist_multi.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_checks.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"

#define LOG_TWO_PI 1.8378770664093454836

/* The arguments, as the filter reads them: values and (one direction's)
 * tangents; dims n (state) and r (observation), T steps. */
typedef struct Dlm {
    int n, r, T;
    bool v_diag;                 /* V a vector of variances */
    const double *y, *F, *G, *V, *W, *m0, *C0;
} Dlm;

typedef struct DlmDir {
    const double *y, *F, *G, *V, *W, *m0, *C0;   /* NULL: zero */
} DlmDir;

/* ---------------------------------------------------- small kernels */

/* C = op(A) op(B) (+ C when acc), A m x k after op, B k x p after op;
 * ta / tb: take A / B transposed (A stored k x m, B stored p x k). */
static void mm(const double *A, bool ta, const double *B, bool tb, int m,
               int k, int p, double *C, bool acc)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < p; j++) {
            double s = acc ? C[i * p + j] : 0;
            for (int l = 0; l < k; l++)
                s += (ta ? A[l * m + i] : A[i * k + l])
                     * (tb ? B[j * k + l] : B[l * p + j]);
            C[i * p + j] = s;
        }
}

/* A null tangent reads as zeros: a zero buffer of the size asked. */
static const double *or_zero(const double *d, const double *zeros)
{
    return d ? d : zeros;
}

/* --------------------------------------------------------- the filter */

/* Work, in doubles, of one filter run for state size n, observation
 * size r. */
static size_t dlm_work(int n, int r)
{
    size_t nn = (size_t)n * n, rr = (size_t)r * r, nr = (size_t)n * r;
    return 4 * (size_t)n + 4 * (size_t)r + 8 * nn + 6 * rr + 5 * nr;
}

/* One run: the log density without the constant (and *d its derivative
 * in direction dir, when dir is non-NULL).  Returns 0, or -1 with a
 * message when a one-step forecast covariance Q is not positive definite.
 * w: dlm_work(n, r) doubles. */
static int dlm_filter(const char *fn, const Dlm *M, const DlmDir *dir,
                      double *lp, double *d, double *w, RtError *err)
{
    int n = M->n, r = M->r;
    size_t nn = (size_t)n * n, rr = (size_t)r * r, nr = (size_t)n * r;
    double *m = w, *dm = m + n, *C = dm + n, *dC = C + nn;
    double *GC = dC + nn, *dGC = GC + nn, *a = dGC + nn, *da = a + n;
    double *R = da + n, *dR = R + nn, *f = dR + nn, *df = f + r;
    double *RF = df + r, *dRF = RF + nr, *Q = dRF + nr, *dQ = Q + rr;
    double *L = dQ + rr, *Qi = L + rr, *dQi = Qi + rr, *tmp = dQi + rr;
    double *e = tmp + rr, *de = e + r, *A = de + r, *dA = A + nr;
    /* zeros (nn + nr, never written): the tangent of an argument without
     * one in this direction */
    double *tn = dA + nr, *zeros = tn + nn;
    const DlmDir none = {0};
    const DlmDir *D = dir ? dir : &none;
    const double *dF = or_zero(D->F, zeros), *dG = or_zero(D->G, zeros);
    const double *dW = or_zero(D->W, zeros);
    memcpy(m, M->m0, sizeof *m * (size_t)n);
    memcpy(C, M->C0, sizeof *C * nn);
    for (int i = 0; i < n; i++)
        dm[i] = D->m0 ? D->m0[i] : 0;
    for (size_t i = 0; i < nn; i++)
        dC[i] = D->C0 ? D->C0[i] : 0;
    double total = 0, dtotal = 0;
    for (int t = 0; t < M->T; t++) {
        /* a = G m, R = G C G^T + W */
        mm(M->G, false, m, false, n, n, 1, a, false);
        mm(M->G, false, C, false, n, n, n, GC, false);
        mm(GC, false, M->G, true, n, n, n, R, false);
        for (size_t i = 0; i < nn; i++)
            R[i] += M->W[i];
        /* f = F^T a, RF = R F, Q = F^T RF + V */
        mm(M->F, true, a, false, r, n, 1, f, false);
        mm(R, false, M->F, false, n, n, r, RF, false);
        mm(M->F, true, RF, false, r, n, r, Q, false);
        for (int i = 0; i < r; i++)
            for (int j = 0; j < r; j++)
                Q[i * r + j] += M->v_diag ? (i == j ? M->V[i] : 0)
                                          : M->V[i * r + j];
        if (rt_cholesky_factor(Q, r, L))
            return rt_error(err, "%s: the one-step forecast covariance F' R F "
                            "+ V is not positive definite at time %d", fn,
                            t + 1);
        rt_chol_inverse(L, r, Qi);
        double logdet = 0;
        for (int i = 0; i < r; i++)
            logdet += 2 * log(L[i * r + i]);
        for (int j = 0; j < r; j++)
            e[j] = M->y[(size_t)j * M->T + t] - f[j];
        mm(RF, false, Qi, false, n, r, r, A, false);
        double quad = 0;
        for (int i = 0; i < r; i++)
            for (int j = 0; j < r; j++)
                quad += e[i] * Qi[i * r + j] * e[j];
        total -= 0.5 * (logdet + quad);
        if (dir) {
            /* da = dG m + G dm; dGC = dG C + G dC;
             * dR = dGC G^T + GC dG^T + dW */
            mm(dG, false, m, false, n, n, 1, da, false);
            mm(M->G, false, dm, false, n, n, 1, da, true);
            mm(dG, false, C, false, n, n, n, dGC, false);
            mm(M->G, false, dC, false, n, n, n, dGC, true);
            mm(dGC, false, M->G, true, n, n, n, dR, false);
            mm(GC, false, dG, true, n, n, n, dR, true);
            for (size_t i = 0; i < nn; i++)
                dR[i] += dW[i];
            /* df = dF^T a + F^T da; dRF = dR F + R dF;
             * dQ = dF^T RF + F^T dRF + dV */
            mm(dF, true, a, false, r, n, 1, df, false);
            mm(M->F, true, da, false, r, n, 1, df, true);
            mm(dR, false, M->F, false, n, n, r, dRF, false);
            mm(R, false, dF, false, n, n, r, dRF, true);
            mm(dF, true, RF, false, r, n, r, dQ, false);
            mm(M->F, true, dRF, false, r, n, r, dQ, true);
            if (D->V)
                for (int i = 0; i < r; i++)
                    for (int j = 0; j < r; j++)
                        dQ[i * r + j] += M->v_diag
                            ? (i == j ? D->V[i] : 0) : D->V[i * r + j];
            /* dQi = -Qi dQ Qi; d log det = tr(Qi dQ) */
            mm(Qi, false, dQ, false, r, r, r, tmp, false);
            double dlogdet = 0;
            for (int i = 0; i < r; i++)
                dlogdet += tmp[i * r + i];
            mm(tmp, false, Qi, false, r, r, r, dQi, false);
            for (size_t i = 0; i < rr; i++)
                dQi[i] = -dQi[i];
            for (int j = 0; j < r; j++)
                de[j] = (D->y ? D->y[(size_t)j * M->T + t] : 0) - df[j];
            double dquad = 0;
            for (int i = 0; i < r; i++)
                for (int j = 0; j < r; j++)
                    dquad += 2 * e[i] * Qi[i * r + j] * de[j]
                             + e[i] * dQi[i * r + j] * e[j];
            dtotal -= 0.5 * (dlogdet + dquad);
            /* dA = dRF Qi + RF dQi; dm' = da + dA e + A de;
             * dC' = dR - dA RF^T - A dRF^T */
            mm(dRF, false, Qi, false, n, r, r, dA, false);
            mm(RF, false, dQi, false, n, r, r, dA, true);
            for (int i = 0; i < n; i++) {
                double s = da[i];
                for (int j = 0; j < r; j++)
                    s += dA[i * r + j] * e[j] + A[i * r + j] * de[j];
                dm[i] = s;
            }
            mm(dA, false, RF, true, n, r, n, tn, false);
            mm(A, false, dRF, true, n, r, n, tn, true);
            for (size_t i = 0; i < nn; i++)
                dC[i] = dR[i] - tn[i];
            for (int i = 0; i < n; i++)       /* symmetric, as C is */
                for (int j = 0; j < i; j++) {
                    double s = 0.5 * (dC[i * n + j] + dC[j * n + i]);
                    dC[i * n + j] = dC[j * n + i] = s;
                }
        }
        /* m' = a + A e, C' = R - A RF^T (symmetrized) */
        for (int i = 0; i < n; i++) {
            double s = a[i];
            for (int j = 0; j < r; j++)
                s += A[i * r + j] * e[j];
            m[i] = s;
        }
        mm(A, false, RF, true, n, r, n, tn, false);
        for (size_t i = 0; i < nn; i++)
            C[i] = R[i] - tn[i];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) {
                double s = 0.5 * (C[i * n + j] + C[j * n + i]);
                C[i * n + j] = C[j * n + i] = s;
            }
    }
    *lp = total;
    if (d)
        *d = dtotal;
    return 0;
}

/* ----------------------------------------------------------- checks */

static int size_match(const char *fn, const char *a, int na, const char *b,
                      int nb, RtError *err)
{
    if (na == nb)
        return 0;
    return rt_error(err, "%s: %s (%d) and %s (%d) must match in size", fn, a,
                    na, b, nb);
}

static int check_finite(const char *fn, const char *name, RtMat x,
                        RtError *err)
{
    for (int i = 0; i < x.rows; i++)
        for (int j = 0; j < x.cols; j++) {
            double v = x.x[(size_t)i * x.cols + j];
            if (!isfinite(v))
                return rt_error(err, "%s: %s[%d,%d] is %g, but must be "
                                "finite!", fn, name, i + 1, j + 1, v);
        }
    return 0;
}

/* Stan's checks: the sizes, finite values, V symmetric (a vector V:
 * non-negative), W symmetric, C0 a covariance matrix. */
static int check_dlm(const char *fn, RtMat y, RtMat F, RtMat G, RtMat V,
                     bool v_diag, RtMat W, RtMat m0, RtMat C0, RtError *err)
{
    if (size_match(fn, "columns of F", F.cols, "rows of y", y.rows, err)
        || size_match(fn, "rows of F", F.rows, "rows of G", G.rows, err)
        || size_match(fn, "rows of G", G.rows, "columns of G", G.cols, err)
        || size_match(fn, v_diag ? "size of V" : "rows of V", V.rows,
                      "rows of y", y.rows, err)
        || (!v_diag && size_match(fn, "rows of V", V.rows, "columns of V",
                                  V.cols, err))
        || size_match(fn, "rows of W", W.rows, "rows of G", G.rows, err)
        || size_match(fn, "rows of W", W.rows, "columns of W", W.cols, err)
        || size_match(fn, "size of m0", m0.rows * m0.cols, "rows of G",
                      G.rows, err)
        || size_match(fn, "rows of C0", C0.rows, "rows of G", G.rows, err)
        || check_finite(fn, "y", y, err) || check_finite(fn, "F", F, err)
        || check_finite(fn, "G", G, err) || check_finite(fn, "V", V, err)
        || check_finite(fn, "W", W, err) || check_finite(fn, "m0", m0, err))
        return -1;
    if (v_diag) {
        for (int i = 0; i < V.rows; i++)
            if (V.x[i] < 0)
                return rt_error(err, "%s: V[%d] is %g, but must be "
                                "nonnegative!", fn, i + 1, V.x[i]);
    } else if (rt_check_symmetric(fn, "V", V.x, V.rows, err)) {
        return -1;
    }
    if (rt_check_symmetric(fn, "W", W.x, W.rows, err))
        return -1;
    RtError inner = {.msg = ""};
    if (C0.rows > 0 && rt_check_cov_matrix("C0", C0.x, C0.rows, &inner))
        return rt_error(err, "%s: %s", fn, inner.msg);
    return 0;
}

/* -------------------------------------------------------------- entry */

static double dlm_lpdf(RtMat y, RtMat F, RtMat G, RtMat V, bool v_diag,
                       RtMat W, RtMat m0, RtMat C0, bool propto, double adj,
                       RtError *err)
{
    const char *fn = "gaussian_dlm_obs_lpdf";
    if (check_dlm(fn, y, F, G, V, v_diag, W, m0, C0, err))
        return NAN;
    int r = y.rows, T = y.cols, n = G.rows;
    if (r == 0 || T == 0)
        return 0;
    RtMat args[7] = {y, F, G, V, W, m0, C0};
    bool any_ad = false;
    for (int k = 0; k < 7; k++)
        any_ad = any_ad || args[k].ad;
    if (propto && !any_ad)
        return 0;
    Dlm M = {n, r, T, v_diag, y.x, F.x, G.x, V.x, W.x, m0.x, C0.x};
    /* one tangent buffer, as large as the largest argument */
    size_t big = 0;
    for (int k = 0; k < 7; k++) {
        size_t s = (size_t)args[k].rows * args[k].cols;
        if (s > big)
            big = s;
    }
    size_t nw = dlm_work(n, r);
    double *w = calloc(nw + big, sizeof *w);
    if (!w)
        return rt_fatal(err, "%s: out of memory", fn), NAN;
    double *unit = w + nw, lp = 0;
    if (dlm_filter(fn, &M, NULL, &lp, NULL, w, err)) {
        free(w);
        return NAN;
    }
    for (int k = 0; k < 7; k++) {
        RtMat *x = &args[k];   /* 0 y, 1 F, 2 G, 3 V, 4 W, 5 m0, 6 C0 */
        if (!x->g)
            continue;
        size_t s = (size_t)x->rows * x->cols;
        for (size_t i = 0; i < s; i++) {
            DlmDir dir = {0};
            const double **slot[7] = {&dir.y, &dir.F, &dir.G, &dir.V, &dir.W,
                                      &dir.m0, &dir.C0};
            *slot[k] = unit;
            unit[i] = 1;
            double v, dv = 0;
            int rc = dlm_filter(fn, &M, &dir, &v, &dv, w, err);
            unit[i] = 0;
            if (rc) {
                free(w);
                return NAN;
            }
            x->g[i] += adj * dv;
        }
    }
    free(w);
    return lp - (propto ? 0 : 0.5 * r * T * LOG_TWO_PI);
}

double rt_gaussian_dlm_obs_lpdf(RtMat y, RtMat F, RtMat G, RtMat V, RtMat W,
                                RtMat m0, RtMat C0, bool propto, double adj,
                                RtError *err)
{
    return dlm_lpdf(y, F, G, V, false, W, m0, C0, propto, adj, err);
}

double rt_gaussian_dlm_obs_vec_lpdf(RtMat y, RtMat F, RtMat G, RtMat V,
                                    RtMat W, RtMat m0, RtMat C0, bool propto,
                                    double adj, RtError *err)
{
    return dlm_lpdf(y, F, G, V, true, W, m0, C0, propto, adj, err);
}
