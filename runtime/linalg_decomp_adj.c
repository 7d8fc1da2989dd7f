/* linalg_decomp_adj.c - the reverse steps of Stan's QR decompositions
 * (qr_thin_Q, qr_thin_R, qr_Q, qr_R) and of the singular vectors (svd_U,
 * svd_V), for matrices that depend on parameters.
 *
 * QR.  Stan differentiates its Householder QR as an algorithm (Eigen's
 * HouseholderQR on autodiff scalars), and so does this file: the columns
 * of the full Q past min(M, N) are fixed by the reflectors, not by the
 * matrix, so no formula in A alone gives their derivative.  The forward
 * sweep factors A again with the reflectors of linalg_qr.c (LAPACK's
 * dlarfg convention, which GSL's gsl_linalg_QR_decomp and Eigen use: the
 * column x maps onto beta e1 with beta = -sign(x0) |x|, v = (1,
 * x[1:] / (x0 - beta)), tau = (beta - x0) / beta; no reflector, tau = 0,
 * when x[1:] is zero), keeping each reduced column; the reverse sweep
 * runs the reflections backwards.  Q = H_0 H_1 ... H_{p-1} I, so its
 * reverse takes Q back to I one reflector at a time (each H is its own
 * inverse), and R's reverse restores the reduced matrix the same way:
 * O(M N) memory besides the outputs.  Stan's sign fix (column i of Q and
 * row i of R negated where R[i, i] < 0) is locally constant and is
 * applied to the adjoints first.
 *
 * SVD.  With A = U S V^T (thin, k = min(m, n), distinct non-zero singular
 * values), Townsend, "Differentiating the Singular Value Decomposition"
 * (2016), eq. (23) with S_adj = 0:
 *   A_adj = U [(F o (U^T U_adj - U_adj^T U)) S
 *              + S (F o (V^T V_adj - V_adj^T V))] V^T
 *         + (I - U U^T) U_adj S^-1 V^T + U S^-1 V_adj^T (I - V V^T),
 * F[i, j] = 1 / (s_j^2 - s_i^2) off the diagonal, 0 on it.  Repeated
 * singular values make the singular vectors, and so F, undefined: an
 * error, as Stan's F would be infinite. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_linalg.h"
#include "rt_linalg_build.h"
#include "rt_sizes.h"

#define AT(a, i, j, cols) ((a)[(size_t)(i) * (size_t)(cols) + (size_t)(j)])

/* ------------------------------------------------------------------ QR */

/* The factorization with everything the reverse sweep needs. */
typedef struct Hh {
    int M, N, p;          /* p = min(M, N) reflectors */
    double *R;            /* M x N: the reduced matrix, A_p (zeros below) */
    double *V;            /* M x p: v_k in rows k.. of column k (v_k[0] = 1) */
    double *X;            /* M x p: the column each reflector reduced */
    double *tau, *beta;   /* p each */
    double *buffer;
} Hh;

static int hh_alloc(const char *fn, int M, int N, Hh *h, RtError *err)
{
    int64_t mn, mp, total;
    size_t bytes;
    int p = M < N ? M : N;
    if (!rt_size_mul(M, N, &mn) || !rt_size_mul(M, p, &mp)
        || !rt_size_mul(mp, 2, &total) || !rt_size_add(total, mn, &total)
        || !rt_size_add(total, 2 * (int64_t)p, &total)
        || !rt_size_bytes(total, sizeof(double), &bytes))
        return rt_error(err, "%s: a %d x %d matrix is too large", fn, M, N);
    h->buffer = calloc(bytes ? bytes / sizeof(double) : 1, sizeof(double));
    if (!h->buffer)
        return rt_fatal(err, "%s: out of memory", fn);
    h->M = M;
    h->N = N;
    h->p = p;
    h->R = h->buffer;
    h->V = h->R + mn;
    h->X = h->V + mp;
    h->tau = h->X + mp;
    h->beta = h->tau + p;
    return 0;
}

/* w = v_k^T B[k:, j] for column j of an M-row matrix B of `cols` columns */
static double hh_dot(const Hh *h, int k, const double *B, int cols, int j)
{
    double w = 0;
    for (int i = k; i < h->M; i++)
        w += AT(h->V, i, k, h->p) * AT(B, i, j, cols);
    return w;
}

/* B[k:, j] -= tau_k v_k (v_k^T B[k:, j]): H_k applied to column j */
static void hh_apply(const Hh *h, int k, double *B, int cols, int j)
{
    double w = h->tau[k] * hh_dot(h, k, B, cols, j);
    if (w != 0)
        for (int i = k; i < h->M; i++)
            AT(B, i, j, cols) -= w * AT(h->V, i, k, h->p);
}

static void hh_factor(Hh *h, const double *A)
{
    int M = h->M, N = h->N;
    memcpy(h->R, A, sizeof *A * (size_t)M * (size_t)N);
    for (int k = 0; k < h->p; k++) {
        double alpha = AT(h->R, k, k, N), sigma = 0;
        for (int i = k; i < M; i++)
            AT(h->X, i, k, h->p) = AT(h->R, i, k, N);
        for (int i = k + 1; i < M; i++)
            sigma += AT(h->R, i, k, N) * AT(h->R, i, k, N);
        AT(h->V, k, k, h->p) = 1;
        if (sigma == 0) {
            h->tau[k] = 0;
            h->beta[k] = alpha;
            continue;
        }
        double beta = -copysign(sqrt(alpha * alpha + sigma), alpha);
        if (alpha == 0)
            beta = -sqrt(sigma);
        h->beta[k] = beta;
        h->tau[k] = (beta - alpha) / beta;
        for (int i = k + 1; i < M; i++) {
            AT(h->V, i, k, h->p) = AT(h->R, i, k, N) / (alpha - beta);
            AT(h->R, i, k, N) = 0;
        }
        AT(h->R, k, k, N) = beta;
        for (int j = k + 1; j < N; j++)
            hh_apply(h, k, h->R, N, j);
    }
}

/* Adds into vbar (M x p, like V) and taubar the adjoints that
 * Y = H_k Z sends back through columns j0.. of Y (M x cols), given Y and
 * Y_adj there, and turns Y into Z and Y_adj into Z_adj = H_k Y_adj. */
static void hh_reverse(const Hh *h, int k, double *Y, double *Ya, int cols,
                       int j0, double *vbar, double *taubar)
{
    double t = h->tau[k];
    if (t == 0)
        return;
    for (int j = j0; j < cols; j++) {
        hh_apply(h, k, Y, cols, j);                 /* Y[:, j] is Z[:, j] */
        double u = hh_dot(h, k, Y, cols, j);       /* v^T z */
        double g = hh_dot(h, k, Ya, cols, j);      /* v^T y_adj */
        taubar[k] -= g * u;
        for (int i = k; i < h->M; i++) {
            AT(vbar, i, k, h->p) -= t * (AT(Ya, i, j, cols) * u
                                         + AT(Y, i, j, cols) * g);
            AT(Ya, i, j, cols) -= t * g * AT(h->V, i, k, h->p);
        }
    }
}

/* x_adj (rows k.. of column k of A_adj) from the adjoints of v_k, tau_k
 * and beta_k (the reduced column's leading entry). */
static void hh_column_reverse(const Hh *h, int k, const double *vbar,
                              const double *taubar, double beta_adj,
                              double *A_adj)
{
    int M = h->M, p = h->p, N = h->N;
    if (h->tau[k] == 0) {          /* beta = x0, nothing else depends */
        AT(A_adj, k, k, N) += beta_adj;
        return;
    }
    double alpha = AT(h->X, k, k, p), beta = h->beta[k], d = alpha - beta;
    double d_adj = 0;
    for (int i = k + 1; i < M; i++) {
        double vb = AT(vbar, i, k, p);
        AT(A_adj, i, k, N) += vb / d;
        d_adj -= vb * AT(h->X, i, k, p) / (d * d);
    }
    double alpha_adj = -taubar[k] / beta + d_adj;
    double b = beta_adj + taubar[k] * alpha / (beta * beta) - d_adj;
    for (int i = k; i < M; i++)
        AT(A_adj, i, k, N) += b * AT(h->X, i, k, p) / beta;
    AT(A_adj, k, k, N) += alpha_adj;
}

int rt_qr_adj(const char *fn, const double *A, int M, int N,
              const double *Q_adj, int qcols, const double *R_adj, int rrows,
              double *A_adj, RtError *err)
{
    if (M <= 0 || N <= 0)
        return rt_error(err, "%s: m has size 0, but must have a non-zero "
                        "size", fn);
    Hh h = {0};
    if (hh_alloc(fn, M, N, &h, err))
        return -1;
    hh_factor(&h, A);
    int p = h.p;
    int64_t mc;
    size_t bytes;
    double *work = NULL;
    if (!rt_size_mul(M, qcols > 0 ? qcols : 1, &mc)
        || !rt_size_mul(mc, 2, &mc)
        || !rt_size_add(mc, (int64_t)M * p + p, &mc)
        || !rt_size_add(mc, (int64_t)M * N + p, &mc)
        || !rt_size_bytes(mc, sizeof(double), &bytes)
        || !(work = calloc(bytes / sizeof(double), sizeof(double)))) {
        free(h.buffer);
        return rt_fatal(err, "%s: out of memory", fn);
    }
    double *vbar = work, *taubar = vbar + (size_t)M * p;
    double *Wa = taubar + p;                  /* M x N: adjoint of A_k */
    double *Q = Wa + (size_t)M * N, *Qa = Q + (size_t)M * qcols;
    double *sign = Qa + (size_t)M * qcols;
    for (int i = 0; i < p; i++)
        sign[i] = AT(h.R, i, i, N) < 0 ? -1 : 1;
    if (Q_adj && qcols > 0) {
        /* Q_raw = H_0 ... H_{p-1} I[:, :qcols]; back to I, k = 0 .. p-1 */
        for (int j = 0; j < qcols && j < M; j++)
            AT(Q, j, j, qcols) = 1;
        for (int k = p - 1; k >= 0; k--)
            for (int j = 0; j < qcols; j++)
                hh_apply(&h, k, Q, qcols, j);
        for (int i = 0; i < M; i++)
            for (int j = 0; j < qcols; j++)
                AT(Qa, i, j, qcols) = AT(Q_adj, i, j, qcols)
                                      * (j < p ? sign[j] : 1);
        for (int k = 0; k < p; k++)
            hh_reverse(&h, k, Q, Qa, qcols, 0, vbar, taubar);
    }
    if (R_adj)
        for (int i = 0; i < rrows && i < p; i++)
            for (int j = i; j < N; j++)
                AT(Wa, i, j, N) = AT(R_adj, i, j, N) * sign[i];
    /* the elimination backwards: A_{k+1} = (H_k on columns k+1.., column
     * k to (beta_k, 0...)) of A_k */
    double *Ak = h.R;
    for (int k = p - 1; k >= 0; k--) {
        hh_reverse(&h, k, Ak, Wa, N, k + 1, vbar, taubar);
        double beta_adj = AT(Wa, k, k, N);
        AT(Wa, k, k, N) = 0;
        for (int i = k; i < M; i++)
            AT(Ak, i, k, N) = AT(h.X, i, k, p);
        hh_column_reverse(&h, k, vbar, taubar, beta_adj, Wa);
    }
    for (size_t i = 0; i < (size_t)M * N; i++)
        A_adj[i] += Wa[i];
    free(work);
    free(h.buffer);
    return 0;
}

/* ----------------------------------------------------------------- SVD */

/* out (r x c) += X (r x k) diag(1/s) Y^T, Y c x k */
static void add_scaled(double *out, const double *X, const double *s,
                       const double *Y, int r, int c, int k)
{
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            double t = 0;
            for (int l = 0; l < k; l++)
                t += AT(X, i, l, k) * AT(Y, j, l, k) / s[l];
            AT(out, i, j, c) += t;
        }
}

/* P (r x k) = X_adj - X (X^T X_adj), and G = X^T X_adj (k x k) */
static void project_out(const double *X, const double *Xa, int r, int k,
                        double *G, double *P)
{
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++) {
            double t = 0;
            for (int i = 0; i < r; i++)
                t += AT(X, i, a, k) * AT(Xa, i, b, k);
            AT(G, a, b, k) = t;
        }
    for (int i = 0; i < r; i++)
        for (int b = 0; b < k; b++) {
            double t = AT(Xa, i, b, k);
            for (int a = 0; a < k; a++)
                t -= AT(X, i, a, k) * AT(G, a, b, k);
            AT(P, i, b, k) = t;
        }
}

int rt_svd_vectors_adj(const char *fn, const double *A, int m, int n,
                       const double *U_adj, const double *V_adj,
                       double *A_adj, RtError *err)
{
    if (m <= 0 || n <= 0)
        return rt_error(err, "%s: m has size 0, but must have a non-zero "
                        "size", fn);
    int k = m < n ? m : n;
    int64_t mk, nk, kk, total;
    size_t bytes;
    double *w = NULL;
    if (!rt_size_mul(m, k, &mk) || !rt_size_mul(n, k, &nk)
        || !rt_size_mul(k, k, &kk) || !rt_size_mul(mk + nk, 2, &total)
        || !rt_size_add(total, 3 * kk + k + nk, &total)
        || !rt_size_bytes(total, sizeof(double), &bytes)
        || !(w = calloc(bytes / sizeof(double), sizeof(double))))
        return rt_fatal(err, "%s: out of memory", fn);
    double *U = w, *V = U + mk, *P = V + nk, *Q = P + mk;
    double *GU = Q + nk, *GV = GU + kk, *inner = GV + kk, *s = inner + kk;
    double *T = s + k;                                  /* k x n */
    if (rt_svd(fn, A, m, n, U, s, V, false, err)) {
        free(w);
        return -1;
    }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            if (i != j && s[i] == s[j]) {
                double si = s[i];      /* s lives in w */
                free(w);
                return rt_error(err, "%s: the singular values %d and %d "
                                "are equal (%g): the singular vectors have "
                                "no derivative", fn, i + 1, j + 1, si);
            }
    for (int i = 0; i < k; i++)
        if (s[i] == 0) {
            free(w);
            return rt_error(err, "%s: a singular value is 0: the singular "
                            "vectors have no derivative", fn);
        }
    if (U_adj)
        project_out(U, U_adj, m, k, GU, P);
    if (V_adj)
        project_out(V, V_adj, n, k, GV, Q);
    /* inner = J S + S K, J = F o (GU - GU^T), K = F o (GV - GV^T) */
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            if (i == j)
                continue;
            double f = 1 / (s[j] * s[j] - s[i] * s[i]);
            double J = f * (AT(GU, i, j, k) - AT(GU, j, i, k));
            double K = f * (AT(GV, i, j, k) - AT(GV, j, i, k));
            AT(inner, i, j, k) = J * s[j] + s[i] * K;
        }
    for (int a = 0; a < k; a++)          /* T = inner V^T, then U T */
        for (int j = 0; j < n; j++) {
            double t = 0;
            for (int b = 0; b < k; b++)
                t += AT(inner, a, b, k) * AT(V, j, b, k);
            AT(T, a, j, n) = t;
        }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double t = 0;
            for (int a = 0; a < k; a++)
                t += AT(U, i, a, k) * AT(T, a, j, n);
            AT(A_adj, i, j, n) += t;
        }
    if (U_adj)
        add_scaled(A_adj, P, s, V, m, n, k);
    if (V_adj)
        add_scaled(A_adj, U, s, Q, m, n, k);
    free(w);
    return 0;
}
