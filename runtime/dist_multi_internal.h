/* dist_multi_internal.h - what the multivariate distribution files
 * (rt_dist_multi.h lists them) share: how an RtMat holds vectors and the
 * checks of vectors against a matrix argument, scratch memory, the
 * Cholesky-based log determinant and LDLT check with Stan's messages.
 * Not part of libpplrt's interface. */
#ifndef DIST_MULTI_INTERNAL_H
#define DIST_MULTI_INTERNAL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))
#define KK(K) ((size_t)(K) * (size_t)(K))
#define LOG_PI 1.1447298858494001741
#define LOG_TWO_PI 1.8378770664093454836

/* ---------------------------------------------------- scratch, errors */

/* work, or n doubles of our own (in *own, for the caller to free). */
static inline double *scratch(double *work, size_t n, double **own)
{
    *own = NULL;
    if (work)
        return work;
    *own = malloc(sizeof **own * (n ? n : 1));
    return *own;
}

static inline double out_of_memory(const char *fn, RtError *err)
{
    rt_fatal(err, "%s: out of memory", fn);
    return NAN;
}

/* Prefix a message of rt_checks.h with the function's name. */
static inline int prefixed(const char *fn, int rc, RtError *err)
{
    if (rc && err) {
        char msg[sizeof err->msg];
        memcpy(msg, err->msg, sizeof msg);
        rt_error(err, "%s: %s", fn, msg);
    }
    return rc;
}

static inline void fill_nan(double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = NAN;
}

static inline int check_location(const char *fn, const double *mu, int K,
                                 RtError *err)
{
    for (int k = 0; k < K; k++)
        if (!isfinite(mu[k]))
            return rt_error(err,
                            "%s: Location parameter[%d] is %g, but must be "
                            "finite!",
                            fn, k + 1, mu[k]);
    return 0;
}

/* ---------------------------------------------- Cholesky, LDLT */

static inline double log_det_chol(const double *L, int K)
{
    double s = 0;
    for (int k = 0; k < K; k++)
        s += log(L[IDX(k, k, K)]);
    return 2 * s;
}

static inline int check_square(const char *fn, const char *name, RtMat m,
                               RtError *err)
{
    if (m.rows != m.cols)
        return rt_error(err,
                        "%s: Expecting a square matrix; rows of %s (%d) and "
                        "columns of %s (%d) must match in size",
                        fn, name, m.rows, name, m.cols);
    return 0;
}

/* Stan's check_ldlt_factor, then chol(A) into L (which must succeed when
 * the LDLT does; if rounding makes it fail, the same message). */
static inline int ldlt_then_chol(const char *fn, const char *name,
                                 const double *A, int K, double *L,
                                 RtError *err)
{
    double last;
    if (!rt_ldlt_is_positive(A, K, L, &last) || rt_cholesky_factor(A, K, L))
        return rt_error(err,
                        "%s: %s is not positive definite.  last conditional "
                        "variance is %g.",
                        fn, name, last);
    return 0;
}

/* -------------------------------------------- vectors against a matrix */

/* How an RtMat holds vectors: how many, of what size.  With K fixed by
 * the matrix argument, K columns are rows of vectors and a K x 1 one
 * (K > 1) is one vector; without one (vec_view) a column is one vector. */
typedef struct VecView {
    int count, size;
} VecView;

static inline VecView vec_view_sized(RtMat a, int K)
{
    VecView v = {a.rows, a.cols};
    if (a.cols != K && a.cols == 1) {
        v.count = 1;
        v.size = a.rows;
    }
    return v;
}

static inline VecView vec_view(RtMat a)
{
    VecView v;
    if (a.cols == 1) {
        v.count = 1;
        v.size = a.rows;
    } else {
        v.count = a.rows;
        v.size = a.cols;
    }
    return v;
}

/* The common count of two vector arrays (1 broadcasts), or -1. */
static inline int common_count(int a, int b)
{
    if (a == b || b == 1)
        return a;
    if (a == 1)
        return b;
    return -1;
}

/* The number of terms of y against mu (1 broadcasts), the sizes checked
 * against the K x K matrix argument called `what`; -1 with err. */
static inline int vectors_against(const char *fn, RtMat y, RtMat mu, int K,
                                  const char *what, VecView *vy, VecView *vmu,
                                  RtError *err)
{
    *vy = vec_view_sized(y, K);
    *vmu = vec_view_sized(mu, K);
    int a = vy->count, b = vmu->count;
    if (a == 0 || b == 0)
        return 0;
    int N = a == b || b == 1 ? a : a == 1 ? b : -1;
    if (N < 0)
        return rt_error(err,
                        "%s: number of random variables (%d) and number of "
                        "location parameters (%d) must match in size",
                        fn, a, b);
    if (vy->size != vmu->size)
        return rt_error(err,
                        "%s: Size of random variable (%d) and size of "
                        "location parameter (%d) must match in size",
                        fn, vy->size, vmu->size);
    if (vy->size != K)
        return rt_error(err,
                        "%s: Size of random variable (%d) and rows of %s (%d) "
                        "must match in size",
                        fn, vy->size, what, K);
    for (size_t i = 0; i < (size_t)b * (size_t)K; i++)
        if (!isfinite(mu.x[i]))
            return rt_error(err,
                            "%s: Location parameter[%zu] is %g, but must be "
                            "finite!",
                            fn, i % (size_t)K + 1, mu.x[i]);
    for (size_t i = 0; i < (size_t)a * (size_t)K; i++)
        if (isnan(y.x[i]))
            return rt_error(err,
                            "%s: Random variable[%zu] is nan, but must not be "
                            "nan!",
                            fn, i % (size_t)K + 1);
    return N;
}

/* r = y_i - mu_i (K entries). */
static inline void residual(RtMat y, RtMat mu, VecView vy, VecView vmu,
                            int i, int K, double *r)
{
    const double *yi = y.x + (vy.count == 1 ? 0 : IDX(i, 0, K));
    const double *mi = mu.x + (vmu.count == 1 ? 0 : IDX(i, 0, K));
    for (int k = 0; k < K; k++)
        r[k] = yi[k] - mi[k];
}

/* y.g -= c a and mu.g += c a for term i. */
static inline void add_location(RtMat y, RtMat mu, VecView vy, VecView vmu,
                                int i, int K, double c, const double *a)
{
    if (y.g) {
        double *g = y.g + (vy.count == 1 ? 0 : IDX(i, 0, K));
        for (int k = 0; k < K; k++)
            g[k] -= c * a[k];
    }
    if (mu.g) {
        double *g = mu.g + (vmu.count == 1 ? 0 : IDX(i, 0, K));
        for (int k = 0; k < K; k++)
            g[k] += c * a[k];
    }
}

#endif
