/* dist_multi_gp.c - multi_gp and multi_gp_cholesky (Stan Functions
 * Reference, "Multivariate Gaussian process distribution" and
 * "Multivariate Gaussian process distribution, Cholesky parameterization"):
 * the K rows of the K x N matrix y are independent,
 *   y_i ~ MultiNormal(0, Sigma / w_i),  Sigma = L L^T (Cholesky form),
 * so with z_i = L^-1 y_i^T, q_i = z_i^T z_i and a_i = Sigma^-1 y_i^T,
 *   log p = -K N / 2 log(2 pi) - K / 2 log det Sigma
 *           + N / 2 sum_i log w_i - 1/2 sum_i w_i q_i
 * and the partials
 *   d/dy_i = -w_i a_i,  d/dw_i = N / (2 w_i) - q_i / 2,
 *   d/dSigma = -K / 2 Sigma^-1 + 1/2 sum_i w_i a_i a_i^T,
 *   d/dL = lower(-K diag(1 / L_jj) + sum_i w_i a_i z_i^T).
 * Conventions: rt_dist_multi.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_multi.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))
#define LOG_TWO_PI 1.8378770664093454836

size_t rt_multi_gp_work_size(int N)
{
    return 2 * (size_t)N * (size_t)N + 2 * (size_t)N;
}

/* Stan's checks of y, w and the kernel's size. */
static int check_gp_args(const char *fn, RtMat y, RtMat S, RtArg w,
                         RtError *err)
{
    if (y.rows != w.n)
        return rt_error(err, "%s: Size of random variable (rows y) (%d) and "
                        "Size of kernel scales (w) (%d) must match in size",
                        fn, y.rows, w.n);
    if (y.cols != S.rows)
        return rt_error(err, "%s: Size of random variable (%d) and rows of "
                        "covariance parameter (%d) must match in size", fn,
                        y.cols, S.rows);
    if (S.rows != S.cols)
        return rt_error(err, "%s: Expecting a square matrix; rows of "
                        "covariance parameter (%d) and columns of covariance "
                        "parameter (%d) must match in size", fn, S.rows,
                        S.cols);
    if (S.rows <= 0)
        return rt_error(err, "%s: Kernel rows is %d, but must be positive!",
                        fn, S.rows);
    for (int i = 0; i < w.n; i++)
        if (!isfinite(w.x[i]) || !(w.x[i] > 0))
            return rt_error(err, "%s: Kernel scales[%d] is %g, but must be "
                            "positive finite!", fn, i + 1, w.x[i]);
    for (size_t k = 0; k < (size_t)y.rows * y.cols; k++)
        if (!isfinite(y.x[k]))
            return rt_error(err, "%s: Random variable[%zu] is %g, but must "
                            "be finite!", fn, k + 1, y.x[k]);
    return 0;
}

/* Both forms after the factor L: the log density and the partials in y,
 * w and (into LG, zeroed by the caller, when non-NULL) the quadratic
 * term's sum_i w_i a_i z_i^T (dL) or sum_i w_i a_i a_i^T / 2 (dSigma). */
static double gp_common(RtMat y, RtArg w, const double *L, bool chol_grad,
                        bool keep_det, bool keep_quad, bool propto,
                        double adj, double *LG, double *work)
{
    int K = y.rows, N = y.cols;
    double *z = work, *a = work + N;
    double lp = propto ? 0 : -0.5 * K * N * LOG_TWO_PI;
    if (keep_det) {
        double ld = 0;
        for (int j = 0; j < N; j++)
            ld += log(L[IDX(j, j, N)]);
        lp -= K * ld;
    }
    if (!propto || w.ad) {
        double lw = 0;
        for (int i = 0; i < K; i++)
            lw += log(w.x[i]);
        lp += 0.5 * N * lw;
    }
    if (!keep_quad)
        return lp;
    for (int i = 0; i < K; i++) {
        memcpy(z, y.x + IDX(i, 0, N), sizeof *z * (size_t)N);
        rt_tri_low_solve(L, N, z, 1);
        double q = 0;
        for (int j = 0; j < N; j++)
            q += z[j] * z[j];
        lp -= 0.5 * w.x[i] * q;
        if (w.g)
            w.g[i] += adj * (0.5 * N / w.x[i] - 0.5 * q);
        if (!y.g && !LG)
            continue;
        memcpy(a, z, sizeof *a * (size_t)N);
        rt_tri_low_solve_trans(L, N, a, 1);
        if (y.g)
            for (int j = 0; j < N; j++)
                y.g[IDX(i, j, N)] -= adj * w.x[i] * a[j];
        if (LG)
            for (int r = 0; r < N; r++)
                for (int c = 0; c <= r || (!chol_grad && c < N); c++)
                    LG[IDX(r, c, N)] += adj * w.x[i]
                        * (chol_grad ? a[r] * z[c] : 0.5 * a[r] * a[c]);
    }
    return lp;
}

double rt_multi_gp_lpdf(RtMat y, RtMat Sigma, RtArg w, bool propto,
                        double adj, double *work, RtError *err)
{
    const char *fn = "multi_gp_lpdf";
    if (check_gp_args(fn, y, Sigma, w, err)
        || rt_check_symmetric(fn, "Sigma", Sigma.x, Sigma.rows, err))
        return NAN;
    int N = Sigma.rows;
    double *own = NULL;
    if (!work) {
        own = malloc(sizeof *own * rt_multi_gp_work_size(N));
        if (!own)
            return rt_fatal(err, "%s: out of memory", fn), NAN;
        work = own;
    }
    double *L = work, *inv = L + (size_t)N * N, *vecs = inv + (size_t)N * N;
    if (rt_cholesky_factor(Sigma.x, N, L)) {
        free(own);
        return rt_error(err, "%s: LDLT_Factor of covariance parameter is not "
                        "positive definite.", fn), NAN;
    }
    bool keep_det = !propto || Sigma.ad;
    bool keep_quad = !propto || y.ad || w.ad || Sigma.ad;
    double lp = gp_common(y, w, L, false, keep_det, keep_quad, propto, adj,
                          Sigma.g, vecs);
    if (Sigma.g) {
        rt_chol_inverse(L, N, inv);
        for (size_t k = 0; k < (size_t)N * N; k++)
            Sigma.g[k] -= adj * 0.5 * y.rows * inv[k];
    }
    free(own);
    return lp;
}

double rt_multi_gp_cholesky_lpdf(RtMat y, RtMat L, RtArg w, bool propto,
                                 double adj, double *work, RtError *err)
{
    const char *fn = "multi_gp_cholesky_lpdf";
    if (check_gp_args(fn, y, L, w, err))
        return NAN;
    int N = L.rows;
    double *own = NULL;
    if (!work) {
        own = malloc(sizeof *own * rt_multi_gp_work_size(N));
        if (!own)
            return rt_fatal(err, "%s: out of memory", fn), NAN;
        work = own;
    }
    bool keep_det = !propto || L.ad;
    bool keep_quad = !propto || y.ad || w.ad || L.ad;
    double lp = gp_common(y, w, L.x, true, keep_det, keep_quad, propto, adj,
                          L.g, work);
    if (L.g)
        for (int j = 0; j < N; j++)
            L.g[IDX(j, j, N)] -= adj * y.rows / L.x[IDX(j, j, N)];
    free(own);
    return lp;
}
