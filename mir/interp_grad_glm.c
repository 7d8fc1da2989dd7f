/* interp_grad_glm.c - closed-form backward rules of the generalized
 * linear model densities for the trace's backward pass, from their
 * definitions (Stan Functions Reference, "Bernoulli-logit generalized
 * linear model", "Poisson-log generalized linear model",
 * "Categorical logit generalized linear model"):
 *
 *   bernoulli_logit_glm(y | x, alpha, beta), poisson_log_glm(y | x,
 *   alpha, beta): eta = x beta + alpha (N values), the density sums
 *   f(y_n, eta_n) with df/deta = y - inv_logit(eta) and y - exp(eta);
 *   categorical_logit_glm(y | x, alpha, beta): eta = x beta + alpha' (N x
 *   C), the density sums eta[n, y_n] - log_sum_exp(eta[n]), so deta[n, c]
 *   = [c == y_n] - softmax(eta[n])_c.
 *
 * Then dalpha = the sum of deta over n (or deta itself for a vector alpha
 * of the bernoulli and poisson forms), dbeta = x' deta, dx = deta beta'.
 * x is a matrix or one row vector (N = 1); y an int or an array (one y
 * with several rows is used for every row). */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

typedef struct Glm {
    int N, K, C;            /* rows of x, its columns, categories */
    const double *x;        /* N x K */
    const double *beta;     /* K (x C) */
    double *y;              /* N values, or 1 */
    long ny;
    const double *alpha;
    long nalpha;
} Glm;

static int shapes(Arena *a, const MirTraceVals *kv, bool categorical,
                  Glm *m)
{
    const IVal *y = &kv->args[0], *x = &kv->args[1];
    const IVal *al = &kv->args[2], *be = &kv->args[3];
    if (kv->nargs != 4 || (x->k != IV_MAT && x->k != IV_ROWVEC)
        || (y->k != IV_INT && y->k != IV_ARRAY))
        return 1;
    m->N = x->rows;
    m->K = x->cols;
    m->x = x->d;
    m->ny = iv_count(y);
    m->y = arena_alloc(a, sizeof(double) * (size_t)(m->ny + 1));
    iv_flatten(y, m->y);
    if (m->ny != 1 && m->ny != m->N)
        return 1;
    if (categorical) {
        if (be->k != IV_MAT || be->rows != m->K || al->k != IV_VEC
            || al->rows != be->cols)
            return 1;
        m->C = be->cols;
    } else {
        if ((be->k != IV_VEC && be->k != IV_ROWVEC)
            || (long)be->rows * be->cols != m->K)
            return 1;
        m->C = 1;
    }
    m->beta = be->d;
    m->nalpha = iv_count(al);
    if (al->k == IV_REAL || al->k == IV_INT) {
        double *v = arena_alloc(a, sizeof(double) * 2);
        v[0] = iv_num(al);
        m->alpha = v;
    } else if (al->k == IV_VEC || al->k == IV_ROWVEC) {
        m->alpha = al->d;
    } else {
        return 1;
    }
    if (!categorical && m->nalpha != 1 && m->nalpha != m->N)
        return 1;
    return 0;
}

int interp_grad_glm(Arena *a, const char *base, const MirTraceVals *kv,
                    double g, double **ga)
{
    bool bern = !strcmp(base, "bernoulli_logit_glm");
    bool pois = !strcmp(base, "poisson_log_glm");
    bool cat = !strcmp(base, "categorical_logit_glm");
    Glm m;
    if (!(bern || pois || cat) || shapes(a, kv, cat, &m))
        return 1;
    int N = m.N, K = m.K, C = m.C;
    double *eta = arena_alloc(a, sizeof(double) * (size_t)(C + 1));
    double *de = arena_alloc(a, sizeof(double) * (size_t)(C + 1));
    for (int n = 0; n < N; n++) {
        for (int c = 0; c < C; c++) {
            double s = cat ? m.alpha[c]
                     : m.alpha[m.nalpha == 1 ? 0 : n];
            for (int k = 0; k < K; k++)
                s += m.x[(long)n * K + k] * m.beta[(long)k * C + c];
            eta[c] = s;
        }
        double y = m.y[m.ny == 1 ? 0 : n];
        if (cat) {
            double mx = eta[0], z = 0;
            for (int c = 1; c < C; c++)
                mx = eta[c] > mx ? eta[c] : mx;
            for (int c = 0; c < C; c++)
                z += exp(eta[c] - mx);
            for (int c = 0; c < C; c++)
                de[c] = g * ((c == (int)y - 1) - exp(eta[c] - mx) / z);
        } else if (bern) {
            double p = eta[0] >= 0 ? 1 / (1 + exp(-eta[0]))
                                   : exp(eta[0]) / (1 + exp(eta[0]));
            de[0] = g * (y - p);
        } else {
            de[0] = g * (y - exp(eta[0]));
        }
        for (int c = 0; c < C; c++) {
            if (ga[2])
                ga[2][cat ? c : m.nalpha == 1 ? 0 : n] += de[c];
            for (int k = 0; k < K; k++) {
                if (ga[3])
                    ga[3][(long)k * C + c] += m.x[(long)n * K + k] * de[c];
                if (ga[1])
                    ga[1][(long)n * K + k] += de[c] * m.beta[(long)k * C + c];
            }
        }
    }
    return 0;
}
