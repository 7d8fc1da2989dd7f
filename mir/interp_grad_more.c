/* interp_grad_more.c - closed-form derivative rules of the library
 * functions the corpus uses beyond the scalar table
 * (interp_grad_rules.c), written from their definitions:
 *
 *   rearranging functions (to_vector, append_row, rep_matrix, ...): they
 *     only copy values, so calling them on labels (each real argument
 *     value replaced by a distinct large number) says where every value
 *     of the result came from, and its adjoint goes there
 *   dirichlet(theta | alpha), categorical(y | theta),
 *     multinomial(y | theta)
 *   add_diag, diag_pre_multiply, diag_post_multiply, quad_form_diag
 *   gp_exp_quad_cov(x, alpha, rho) for x that is data
 *   ordered_logistic(k | eta, c), hmm_marginal(log_omega, Gamma, rho)
 *
 * interp_grad_more returns 1 when lib is none of them or the shapes do
 * not fit (the caller then differentiates numerically). */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

/* Labels start here: far above any count or size a rearranging function
 * gets, exact as doubles. */
#define LABEL_BASE 1099511627776.0      /* 2^40 */

static const char *const rearranging[] = {
    "to_vector", "to_row_vector", "to_matrix", "to_array_1d", "to_array_2d",
    "transpose", "append_row", "append_col", "rep_vector", "rep_row_vector",
    "rep_matrix", "rep_array", "head", "tail", "segment", "reverse",
    "diag_matrix", "diagonal", "col", "row", "block", "sub_col", "sub_row",
    "append_array", NULL
};

/* The real leaves of v replaced by labels from *at on (ints kept). */
static void label_reals(IVal *v, double *at)
{
    switch (v->k) {
    case IV_REAL: v->r = (*at)++; break;
    case IV_VEC: case IV_ROWVEC: case IV_MAT:
        for (long k = 0; k < (long)v->rows * v->cols; k++)
            v->d[k] = (*at)++;
        break;
    case IV_ARRAY:
        for (int k = 0; k < v->n; k++)
            label_reals(&v->el[k], at);
        break;
    default: break;
    }
}

static double *flat(Arena *a, const IVal *v, long *m)
{
    *m = iv_count(v);
    double *x = arena_alloc(a, sizeof(double) * (size_t)(*m + 1));
    iv_flatten(v, x);
    return x;
}

static int back_rearranging(Arena *a, const MirTraceVals *kv,
                            const double *gout, double **ga)
{
    int n = kv->nargs;
    IVal *args = arena_alloc(a, sizeof(IVal) * (size_t)(n + 1));
    long *start = arena_alloc(a, sizeof(long) * (size_t)(n + 2));
    double at = LABEL_BASE;
    for (int k = 0; k < n; k++) {
        args[k] = iv_copy(a, &kv->args[k]);
        start[k] = (long)(at - LABEL_BASE);
        label_reals(&args[k], &at);
    }
    start[n] = (long)(at - LABEL_BASE);
    RtError err = {.msg = ""};
    LibCall c = {a, &err, kv->lib, args, kv->ad, n, kv->propto};
    IVal out;
    long m;
    if (interp_lib_call(&c, &out) || iv_count(&out) != iv_count(&kv->out))
        return 1;
    double *lab = flat(a, &out, &m);
    /* label l (of argument k) -> its flat position among k's values */
    long *where = arena_alloc(a, sizeof(long) * (size_t)(start[n] + 1));
    for (int k = 0; k < n; k++) {
        long mk, seen = start[k];
        double *orig = flat(a, &args[k], &mk);
        for (long q = 0; q < mk; q++)
            if (orig[q] >= LABEL_BASE && seen < start[k + 1])
                where[seen++] = q;
    }
    for (long j = 0; j < m; j++) {
        double l = lab[j] - LABEL_BASE;
        if (l < 0 || l >= (double)start[n] || l != floor(l))
            continue;
        int k = 0;
        while (k + 1 < n && start[k + 1] <= (long)l)
            k++;
        if (ga[k])
            ga[k][where[(long)l]] += gout[j];
    }
    return 0;
}

static bool is_vector(const IVal *v)
{
    return v->k == IV_VEC || v->k == IV_ROWVEC;
}

/* dirichlet, categorical, multinomial: the partials of the log density
 * with respect to theta (and dirichlet's alpha). */
static int back_simplex_density(Arena *a, const char *base,
                                const MirTraceVals *kv, double g,
                                double **ga)
{
    long m0, m1;
    if (kv->nargs != 2)
        return 1;
    double *x0 = flat(a, &kv->args[0], &m0), *x1 = flat(a, &kv->args[1], &m1);
    if (!strcmp(base, "dirichlet")) {
        if (!is_vector(&kv->args[0]) || !is_vector(&kv->args[1]) || m0 != m1)
            return 1;
        double sa = 0;
        for (long i = 0; i < m1; i++)
            sa += x1[i];
        for (long i = 0; i < m0; i++) {
            if (ga[0])
                ga[0][i] += g * (x1[i] - 1) / x0[i];
            if (ga[1])
                ga[1][i] += g * (log(x0[i]) - interp_digamma(x1[i])
                                 + interp_digamma(sa));
        }
        return 0;
    }
    if (!is_vector(&kv->args[1]) || ga[0])
        return 1;
    if (!strcmp(base, "categorical")) {
        for (long j = 0; j < m0; j++) {
            long y = (long)x0[j];
            if (y < 1 || y > m1)
                return 1;
            if (ga[1])
                ga[1][y - 1] += g / x1[y - 1];
        }
        return 0;
    }
    if (!strcmp(base, "multinomial") && m0 == m1) {
        for (long i = 0; i < m1 && ga[1]; i++)
            ga[1][i] += g * x0[i] / x1[i];
        return 0;
    }
    return 1;
}

/* add_diag(m, d), diag_pre_multiply(v, m), diag_post_multiply(m, v),
 * quad_form_diag(m, v). */
static int back_diag(const MirTraceVals *kv, const double *gout, double **ga)
{
    const char *f = kv->lib;
    if (kv->nargs != 2)
        return 1;
    bool pre = !strcmp(f, "diag_pre_multiply");
    const IVal *M = &kv->args[pre ? 1 : 0], *V = &kv->args[pre ? 0 : 1];
    double *gm = ga[pre ? 1 : 0], *gv = ga[pre ? 0 : 1];
    if (M->k != IV_MAT || iv_count(&kv->out) != (long)M->rows * M->cols)
        return 1;
    int r = M->rows, c = M->cols;
    if (!strcmp(f, "add_diag")) {
        bool scalar = V->k == IV_REAL || V->k == IV_INT;
        if (!scalar && (!is_vector(V) || iv_count(V) != (r < c ? r : c)))
            return 1;
        for (long q = 0; q < (long)r * c && gm; q++)
            gm[q] += gout[q];
        for (int i = 0; i < r && i < c && gv; i++)
            gv[scalar ? 0 : i] += gout[(long)i * c + i];
        return 0;
    }
    if (!is_vector(V))
        return 1;
    const double *v = V->d, *m = M->d;
    long nv = iv_count(V);
    if (pre || !strcmp(f, "diag_post_multiply")) {
        if (nv != (pre ? r : c))
            return 1;
        for (int i = 0; i < r; i++)
            for (int j = 0; j < c; j++) {
                double gij = gout[(long)i * c + j], s = v[pre ? i : j];
                if (gm)
                    gm[(long)i * c + j] += gij * s;
                if (gv)
                    gv[pre ? i : j] += gij * m[(long)i * c + j];
            }
        return 0;
    }
    if (!strcmp(f, "quad_form_diag") && r == c && nv == r) {
        for (int i = 0; i < r; i++)
            for (int j = 0; j < c; j++) {
                double gij = gout[(long)i * c + j], mij = m[(long)i * c + j];
                if (gm)
                    gm[(long)i * c + j] += gij * v[i] * v[j];
                if (gv) {
                    gv[i] += gij * mij * v[j];
                    gv[j] += gij * v[i] * mij;
                }
            }
        return 0;
    }
    return 1;
}

/* gp_exp_quad_cov(x, alpha, rho) = alpha^2 exp(-|x_i - x_j|^2 / (2 rho^2))
 * with x data (not differentiated). */
static int back_gp(Arena *a, const MirTraceVals *kv, const double *gout,
                   double **ga)
{
    if (kv->nargs != 3 || ga[0] || kv->args[0].k != IV_ARRAY)
        return 1;
    const IVal *x = &kv->args[0];
    int n = x->n;
    double al = iv_num(&kv->args[1]), rho = iv_num(&kv->args[2]);
    if (iv_count(&kv->out) != (long)n * n || isnan(al) || isnan(rho))
        return 1;
    long dim = n ? iv_count(&x->el[0]) : 0;
    double *xs = flat(a, x, &dim);
    dim = n ? dim / n : 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double d2 = 0;
            for (long q = 0; q < dim; q++) {
                double t = xs[i * dim + q] - xs[j * dim + q];
                d2 += t * t;
            }
            double k = al * al * exp(-d2 / (2 * rho * rho));
            double g = gout[(long)i * n + j];
            if (ga[1])
                ga[1][0] += g * 2 * k / al;
            if (ga[2])
                ga[2][0] += g * k * d2 / (rho * rho * rho);
        }
    return 0;
}

static double sigmoid(double x)
{
    return x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x));
}

/* ordered_logistic(k | eta, c), K = size(c) + 1 categories, summed over
 * the elements (eta broadcast; c one vector or one per element): the
 * probability of k is 1 - s(eta - c_1), s(eta - c_(k-1)) - s(eta - c_k)
 * or s(eta - c_(K-1)) (s the logistic function), so with s' = s (1 - s)
 * d log P = (s'(a) (d eta - d c_(k-1)) - s'(b) (d eta - d c_k)) / P for
 * a = eta - c_(k-1), b = eta - c_k, the missing ends left out. */
static int back_ordered_logistic(Arena *a, const MirTraceVals *kv, double g,
                                 double **ga)
{
    if (kv->nargs != 3)
        return 1;
    long n, ne, m;
    double *k = flat(a, &kv->args[0], &n);
    double *eta = flat(a, &kv->args[1], &ne);
    double *c = flat(a, &kv->args[2], &m);
    const IVal *cv = &kv->args[2];
    long K1 = cv->k == IV_ARRAY ? (cv->n ? m / cv->n : 0) : m;
    bool per = cv->k == IV_ARRAY;
    if ((ne != 1 && ne != n) || K1 < 1 || (per && cv->n != n)
        || (!per && cv->k != IV_VEC))
        return 1;
    for (long j = 0; j < n; j++) {
        long kk = (long)k[j];
        double e = eta[ne == 1 ? 0 : j];
        const double *cj = c + (per ? j * K1 : 0);
        double *gc = ga[2] ? ga[2] + (per ? j * K1 : 0) : NULL;
        if (kk < 1 || kk > K1 + 1)
            return 1;
        double sa = kk > 1 ? sigmoid(e - cj[kk - 2]) : 1;
        double sb = kk <= K1 ? sigmoid(e - cj[kk - 1]) : 0;
        double da = kk > 1 ? sa * (1 - sa) : 0;
        double db = kk <= K1 ? sb * (1 - sb) : 0;
        /* P = sa - sb; at the ends its complement is computed directly */
        double P = kk == 1 ? sigmoid(cj[0] - e) : kk == K1 + 1
                 ? sigmoid(e - cj[K1 - 1]) : sa - sb;
        if (ga[1])
            ga[1][ne == 1 ? 0 : j] += g * (da - db) / P;
        if (gc && kk > 1)
            gc[kk - 2] -= g * da / P;
        if (gc && kk <= K1)
            gc[kk - 1] += g * db / P;
    }
    return 0;
}

/* hmm_marginal(log_omega, Gamma, rho) by the scaled forward-backward
 * algorithm: with omega_n = exp(log_omega[, n] - max), a_1 = rho .*
 * omega_1, a_n(j) = omega_n(j) sum_i ah_(n-1)(i) Gamma[i, j], c_n =
 * sum a_n, ah_n = a_n / c_n (log p = sum log c_n + the maxima), and bh_N
 * = 1, bh_(n-1)(i) = sum_j Gamma[i, j] omega_n(j) bh_n(j) / c_n:
 *   d/dlog_omega[j, n] = ah_n(j) bh_n(j)           (the state's marginal)
 *   d/dGamma[i, j] = sum_(n>1) ah_(n-1)(i) omega_n(j) bh_n(j) / c_n
 *   d/drho_j = omega_1(j) bh_1(j) / c_1 */
static int back_hmm(Arena *a, const MirTraceVals *kv, double g, double **ga)
{
    const IVal *lo = &kv->args[0], *G = &kv->args[1], *rho = &kv->args[2];
    if (kv->nargs != 3 || lo->k != IV_MAT || G->k != IV_MAT
        || (rho->k != IV_VEC && rho->k != IV_ROWVEC))
        return 1;
    int K = lo->rows, N = lo->cols;
    if (K < 1 || G->rows != K || G->cols != K
        || (long)rho->rows * rho->cols != K)
        return 1;
    if (N == 0)
        return 0;
    size_t kn = (size_t)K * N;
    double *om = arena_alloc(a, sizeof(double) * (3 * kn + N + 1));
    double *ah = om + kn, *bh = ah + kn, *c = bh + kn;
    for (int n = 0; n < N; n++) {
        double mx = -INFINITY;
        for (int j = 0; j < K; j++)
            mx = fmax(mx, lo->d[(size_t)j * N + n]);
        for (int j = 0; j < K; j++)
            om[(size_t)j * N + n] = exp(lo->d[(size_t)j * N + n] - mx);
    }
    for (int n = 0; n < N; n++) {
        double sum = 0;
        for (int j = 0; j < K; j++) {
            double v;
            if (n == 0) {
                v = rho->d[j];
            } else {
                v = 0;
                for (int i = 0; i < K; i++)
                    v += ah[(size_t)i * N + n - 1] * G->d[(size_t)i * K + j];
            }
            v *= om[(size_t)j * N + n];
            ah[(size_t)j * N + n] = v;
            sum += v;
        }
        c[n] = sum;
        for (int j = 0; j < K; j++)
            ah[(size_t)j * N + n] /= sum;
    }
    for (int j = 0; j < K; j++)
        bh[(size_t)j * N + N - 1] = 1;
    for (int n = N - 1; n > 0; n--)
        for (int i = 0; i < K; i++) {
            double v = 0;
            for (int j = 0; j < K; j++)
                v += G->d[(size_t)i * K + j] * om[(size_t)j * N + n]
                     * bh[(size_t)j * N + n];
            bh[(size_t)i * N + n - 1] = v / c[n];
        }
    for (int j = 0; j < K; j++) {
        for (int n = 0; n < N && ga[0]; n++)
            ga[0][(size_t)j * N + n] += g * ah[(size_t)j * N + n]
                                        * bh[(size_t)j * N + n];
        if (ga[2])
            ga[2][j] += g * om[j * (size_t)N] * bh[j * (size_t)N] / c[0];
        for (int i = 0; i < K && ga[1]; i++) {
            double s = 0;
            for (int n = 1; n < N; n++)
                s += ah[(size_t)i * N + n - 1] * om[(size_t)j * N + n]
                     * bh[(size_t)j * N + n] / c[n];
            ga[1][(size_t)i * K + j] += g * s;
        }
    }
    return 0;
}

int interp_grad_more(Arena *a, const char *base, const MirTraceVals *kv,
                     const double *gout, double **ga)
{
    if (!strcmp(kv->lib, "hmm_marginal"))
        return back_hmm(a, kv, gout[0], ga);
    if (!strcmp(base, "ordered_logistic"))
        return back_ordered_logistic(a, kv, gout[0], ga);
    for (const char *const *r = rearranging; *r; r++)
        if (!strcmp(kv->lib, *r))
            return back_rearranging(a, kv, gout, ga);
    if (!strcmp(base, "dirichlet") || !strcmp(base, "categorical")
        || !strcmp(base, "multinomial"))
        return back_simplex_density(a, base, kv, gout[0], ga);
    if (!strcmp(kv->lib, "add_diag") || !strcmp(kv->lib, "diag_pre_multiply")
        || !strcmp(kv->lib, "diag_post_multiply")
        || !strcmp(kv->lib, "quad_form_diag"))
        return back_diag(kv, gout, ga);
    if (!strcmp(kv->lib, "gp_exp_quad_cov"))
        return back_gp(a, kv, gout, ga);
    return 1;
}
