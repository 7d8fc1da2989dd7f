/* rt_dist_harness.h - the table-driven checks of the runtime's
 * continuous univariate distributions (rt_dist_cont.h), shared by
 * test_rt_dist_cont.c and test_rt_dist_cont_more.c.  A test file wraps each
 * distribution's functions (WRAP_ALL, or WRAP_LPDF and WRAP_FORM for the
 * forms Stan has; WRAP_RNGk for an rng of k parameters), writes one Dist
 * row per distribution, and calls:
 *   rtd_check_values      lpdf and cdfs at five points against the row's
 *                         independent reference, lcdf = log(cdf) and
 *                         lccdf = log1m(cdf), vectorized sums/products;
 *   rtd_check_gradients   every partial of every form against central
 *                         finite differences (1e-6 relative), scalar and
 *                         broadcast both ways round;
 *   rtd_check_propto      with every argument ad the value drops exactly
 *                         the constant; with one argument data, what is
 *                         dropped depends on it alone; none ad gives 0;
 *   rtd_check_accumulate  adjoints are added and scaled by adj;
 *   rtd_check_empty       N = 0 gives 0 (cdf: 1);
 *   rtd_check_rng         20000 draws' mean and variance within 5 standard
 *                         errors, the empirical cdf at three points
 *                         likewise, the same draws per seed. */
#ifndef RT_DIST_HARNESS_H
#define RT_DIST_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_dist_cont.h"

#define NV 5            /* vector length of the vectorized calls */
#define NDRAWS 20000

typedef double (*LpdfFn)(const RtArg *a, bool propto, double adj,
                         RtError *err);
typedef double (*CdfFn)(const RtArg *a, double adj, RtError *err);
typedef double (*RngFn)(const double *p, RtRng *rng, RtError *err);

/* NAME_lpdf_w, NAME_lcdf_w, ...: rt_NAME_* on the arguments a[0..k-1] */
#define WRAP_LPDF(NAME, ...)                                                 \
    static double NAME##_lpdf_w(const RtArg *a, bool p, double adj,          \
                                RtError *e)                                  \
    {                                                                        \
        return rt_##NAME##_lpdf(__VA_ARGS__, p, adj, e);                     \
    }
#define WRAP_FORM(NAME, FORM, ...)                                           \
    static double NAME##_##FORM##_w(const RtArg *a, double adj, RtError *e)  \
    {                                                                        \
        return rt_##NAME##_##FORM(__VA_ARGS__, adj, e);                      \
    }
/* NAME_rng_w: rt_NAME_rng on the first K parameters p[0..K-1] */
#define WRAP_RNG0(NAME)                                                      \
    static double NAME##_rng_w(const double *p, RtRng *r, RtError *e)        \
    {                                                                        \
        (void)p;                                                             \
        return rt_##NAME##_rng(r, e);                                        \
    }
#define WRAP_RNG1(NAME)                                                      \
    static double NAME##_rng_w(const double *p, RtRng *r, RtError *e)        \
    {                                                                        \
        return rt_##NAME##_rng(p[0], r, e);                                  \
    }
#define WRAP_RNG2(NAME)                                                      \
    static double NAME##_rng_w(const double *p, RtRng *r, RtError *e)        \
    {                                                                        \
        return rt_##NAME##_rng(p[0], p[1], r, e);                            \
    }
#define WRAP_RNG3(NAME)                                                      \
    static double NAME##_rng_w(const double *p, RtRng *r, RtError *e)        \
    {                                                                        \
        return rt_##NAME##_rng(p[0], p[1], p[2], r, e);                      \
    }
#define WRAP_ALL(NAME, ...)                                                  \
    WRAP_LPDF(NAME, __VA_ARGS__)                                             \
    WRAP_FORM(NAME, lcdf, __VA_ARGS__)                                       \
    WRAP_FORM(NAME, lccdf, __VA_ARGS__)                                      \
    WRAP_FORM(NAME, cdf, __VA_ARGS__)

/* One distribution of the table. */
typedef struct Dist {
    const char *name;
    int k;                          /* arguments, y included */
    LpdfFn lpdf;
    CdfFn lcdf, lccdf, cdf;         /* NULL where Stan has no such form */
    double (*ref)(const double *x, bool cdf);
    double pt[NV][4];               /* valid points (y, params) */
    double propto_const;            /* propto - full per term, all ad */
    RngFn rng;
    double rng_par[3];              /* the parameters of the draws */
    /* the draws' mean and variance at rng_par; NULL: mean and var */
    void (*moments)(const double *p, double *mean, double *var);
    bool draws_off_support;         /* von_mises: no empirical cdf */
    double mean, var;               /* NAN: no moments (cauchy) */
} Dist;

/* The five functions of a distribution with every form. */
#define ALL4(N) N##_lpdf_w, N##_lcdf_w, N##_lccdf_w, N##_cdf_w, ref_##N

/* ---------------------------------------------------------- argument set */

typedef struct Args {
    double x[4][NV], g[4][NV];
    int n[4];
    RtArg a[4];
} Args;

/* vec_mask bit j makes arg j a vector of the NV points' values, otherwise
 * a scalar with point `scalar_pt`'s value */
static inline void args_fill(Args *A, const Dist *D, unsigned vec_mask,
                      int scalar_pt, bool with_g, bool ad)
{
    memset(A, 0, sizeof *A);
    for (int j = 0; j < D->k; j++) {
        A->n[j] = (vec_mask >> j) & 1 ? NV : 1;
        for (int i = 0; i < A->n[j]; i++)
            A->x[j][i] = D->pt[A->n[j] == 1 ? scalar_pt : i][j];
        double *g = with_g ? A->g[j] : NULL;
        A->a[j] = (vec_mask >> j) & 1 ? rt_argn(A->x[j], g, NV, ad)
                                      : rt_arg1(A->x[j], g, ad);
    }
}

static inline void args_no_g(Args *A, int k)
{
    for (int j = 0; j < k; j++)
        A->a[j].g = NULL;
}

static inline double rel_err(double got, double want)
{
    if (got == want)
        return 0;
    return fabs(got - want) / fmax(1, fabs(want));
}

#define ASSERT_CLOSE(got, want, tol, ...)                                    \
    do {                                                                     \
        double g_ = (got), w_ = (want);                                      \
        if (!(rel_err(g_, w_) <= (tol))) {                                   \
            print_error(__VA_ARGS__);                                        \
            print_error(": got %.17g, want %.17g\n", g_, w_);                \
            fail();                                                          \
        }                                                                    \
    } while (0)

typedef enum Kind { K_LPDF, K_LCDF, K_LCCDF, K_CDF } Kind;
static const char *kind_names[] = {"lpdf", "lcdf", "lccdf", "cdf"};

static inline bool has(const Dist *D, Kind kind)
{
    switch (kind) {
    case K_LPDF:
        return D->lpdf != NULL;
    case K_LCDF:
        return D->lcdf != NULL;
    case K_LCCDF:
        return D->lccdf != NULL;
    case K_CDF:
        return D->cdf != NULL;
    }
    return false;
}

static inline double call(const Dist *D, Kind kind, Args *A, bool propto,
                   double adj, RtError *err)
{
    switch (kind) {
    case K_LPDF:
        return D->lpdf(A->a, propto, adj, err);
    case K_LCDF:
        return D->lcdf(A->a, adj, err);
    case K_LCCDF:
        return D->lccdf(A->a, adj, err);
    case K_CDF:
        return D->cdf(A->a, adj, err);
    }
    return NAN;
}

/* Every partial against central differences of the value. */
static inline void check_gradient(const Dist *D, Kind kind, unsigned vec_mask,
                           int scalar_pt, bool propto)
{
    Args A;
    RtError err = {.msg = ""};
    args_fill(&A, D, vec_mask, scalar_pt, true, true);
    double v = call(D, kind, &A, propto, 1, &err);
    if (!isfinite(v)) {
        print_error("%s_%s mask %u pt %d: value %g (%s)\n", D->name,
                    kind_names[kind], vec_mask, scalar_pt, v, err.msg);
        fail();
    }
    args_no_g(&A, D->k);
    for (int j = 0; j < D->k; j++) {
        for (int i = 0; i < A.n[j]; i++) {
            double x0 = A.x[j][i], h = 1e-6 * fmax(1, fabs(x0));
            A.x[j][i] = x0 + h;
            double fp = call(D, kind, &A, propto, 1, &err);
            A.x[j][i] = x0 - h;
            double fm = call(D, kind, &A, propto, 1, &err);
            A.x[j][i] = x0;
            double fd = (fp - fm) / (2 * h);
            double tol = 1e-6 + 1e-9 * fabs(v) / fmax(1, fabs(fd));
            ASSERT_CLOSE(A.g[j][i], fd, tol,
                         "%s_%s%s mask %u pt %d: d/d arg %d [%d]", D->name,
                         kind_names[kind], propto ? " propto" : "", vec_mask,
                         scalar_pt, j, i);
        }
    }
}
static inline void rtd_check_values(const Dist *dists, int ndists)
{
    for (int d = 0; d < ndists; d++) {
        const Dist *D = &dists[d];
        for (int i = 0; i < NV; i++) {
            Args A;
            RtError err = {.msg = ""};
            args_fill(&A, D, 0, i, false, true);
            const double *x = D->pt[i];
            double f = D->ref(x, false), F = D->ref(x, true);
            ASSERT_CLOSE(call(D, K_LPDF, &A, false, 1, &err), log(f), 1e-11,
                         "%s_lpdf at point %d", D->name, i);
            if (has(D, K_CDF))
                ASSERT_CLOSE(call(D, K_CDF, &A, false, 1, &err), F, 1e-11,
                             "%s_cdf at point %d", D->name, i);
            if (has(D, K_LCDF))
                ASSERT_CLOSE(call(D, K_LCDF, &A, false, 1, &err), log(F),
                             1e-11, "%s_lcdf at point %d", D->name, i);
            if (has(D, K_LCCDF))
                ASSERT_CLOSE(call(D, K_LCCDF, &A, false, 1, &err),
                             log1p(-F), 1e-11, "%s_lccdf at point %d",
                             D->name, i);
            /* lcdf = log(cdf) and lccdf = log1m(cdf) among themselves */
            if (has(D, K_CDF) && has(D, K_LCDF)) {
                double c = call(D, K_CDF, &A, false, 1, &err);
                ASSERT_CLOSE(call(D, K_LCDF, &A, false, 1, &err), log(c),
                             1e-13, "%s lcdf = log cdf %d", D->name, i);
                ASSERT_CLOSE(call(D, K_LCCDF, &A, false, 1, &err),
                             log1p(-c), 1e-12, "%s lccdf = log1m cdf %d",
                             D->name, i);
            }
        }
        /* vectorized: the sum of the scalar terms, the product of cdfs */
        Args A;
        RtError err = {.msg = ""};
        args_fill(&A, D, 0x5, 0, false, true);
        double want = 0, wantc = 1, wantl = 0;
        for (int i = 0; i < NV; i++) {
            double x[4];
            for (int j = 0; j < D->k; j++)
                x[j] = A.x[j][A.n[j] == 1 ? 0 : i];
            want += log(D->ref(x, false));
            wantc *= D->ref(x, true);
            wantl += log(D->ref(x, true));
        }
        ASSERT_CLOSE(call(D, K_LPDF, &A, false, 1, &err), want, 1e-11,
                     "%s_lpdf vectorized", D->name);
        if (has(D, K_CDF))
            ASSERT_CLOSE(call(D, K_CDF, &A, false, 1, &err), wantc, 1e-11,
                         "%s_cdf vectorized", D->name);
        if (has(D, K_LCDF))
            ASSERT_CLOSE(call(D, K_LCDF, &A, false, 1, &err), wantl, 1e-10,
                         "%s_lcdf vectorized", D->name);
    }
}

static inline void rtd_check_gradients(const Dist *dists, int ndists)
{
    for (int d = 0; d < ndists; d++) {
        const Dist *D = &dists[d];
        for (int kind = K_LPDF; kind <= K_CDF; kind++) {
            if (!has(D, (Kind)kind))
                continue;
            for (int i = 0; i < NV; i++)
                check_gradient(D, (Kind)kind, 0, i, false);
            check_gradient(D, (Kind)kind, 0x5, 0, false);
            check_gradient(D, (Kind)kind, 0xA, 0, false);
            check_gradient(D, (Kind)kind, 0xF, 0, false);
        }
        check_gradient(D, K_LPDF, 0x5, 0, true);
        check_gradient(D, K_LPDF, 0xA, 1, true);
    }
}

static inline void rtd_check_propto(const Dist *dists, int ndists)
{
    for (int d = 0; d < ndists; d++) {
        const Dist *D = &dists[d];
        Args A;
        RtError err = {.msg = ""};
        args_fill(&A, D, 0x5, 0, false, true);
        double full = call(D, K_LPDF, &A, false, 1, &err);
        double prop = call(D, K_LPDF, &A, true, 1, &err);
        ASSERT_CLOSE(prop - full, NV * D->propto_const, 1e-12,
                     "%s propto, all ad", D->name);
        args_fill(&A, D, 0x5, 0, false, false);
        assert_true(call(D, K_LPDF, &A, true, 1, &err) == 0);
        for (int j = 0; j < D->k; j++) {
            args_fill(&A, D, 0x5, 0, false, true);
            A.a[j].ad = false;
            double diff1 = call(D, K_LPDF, &A, false, 1, &err) -
                           call(D, K_LPDF, &A, true, 1, &err);
            for (int m = 0; m < D->k; m++)
                if (m != j)
                    for (int i = 0; i < A.n[m]; i++)
                        A.x[m][i] = D->pt[(i + 2) % NV][m];
            double diff2 = call(D, K_LPDF, &A, false, 1, &err) -
                           call(D, K_LPDF, &A, true, 1, &err);
            ASSERT_CLOSE(diff1, diff2, 1e-12, "%s propto, arg %d data",
                         D->name, j);
        }
    }
}

static inline void rtd_check_accumulate(const Dist *dists, int ndists)
{
    for (int d = 0; d < ndists; d++) {
        const Dist *D = &dists[d];
        for (int kind = K_LPDF; kind <= K_CDF; kind++) {
            if (!has(D, (Kind)kind))
                continue;
            Args A, B;
            RtError err = {.msg = ""};
            args_fill(&A, D, 0x5, 0, true, true);
            args_fill(&B, D, 0x5, 0, true, true);
            for (int j = 0; j < D->k; j++)
                for (int i = 0; i < NV; i++)
                    B.g[j][i] = 0.5 + j + 0.1 * i;
            double va = call(D, (Kind)kind, &A, false, 1, &err);
            double vb = call(D, (Kind)kind, &B, false, 2.5, &err);
            assert_true(va == vb);
            for (int j = 0; j < D->k; j++)
                for (int i = 0; i < A.n[j]; i++)
                    ASSERT_CLOSE(B.g[j][i],
                                 0.5 + j + 0.1 * i + 2.5 * A.g[j][i], 1e-13,
                                 "%s_%s accumulate", D->name,
                                 kind_names[kind]);
            args_no_g(&A, D->k);
            assert_true(call(D, (Kind)kind, &A, false, 1, &err) == va);
        }
    }
}

static inline void rtd_check_empty(const Dist *dists, int ndists)
{
    for (int d = 0; d < ndists; d++) {
        const Dist *D = &dists[d];
        Args A;
        RtError err = {.msg = ""};
        args_fill(&A, D, 0xF, 0, true, true);
        for (int j = 0; j < D->k; j++)
            A.a[j].n = 0;
        for (int kind = K_LPDF; kind <= K_CDF; kind++)
            if (has(D, (Kind)kind))
                assert_true(call(D, (Kind)kind, &A, false, 1, &err) ==
                            (kind == K_CDF ? 1 : 0));
        args_fill(&A, D, 0x1, 0, true, true);
        A.a[0].n = 0;
        assert_true(call(D, K_LPDF, &A, false, 1, &err) == 0);
    }
}

static inline void rtd_check_rng(const Dist *dists, int ndists,
                                 uint64_t seed)
{
    for (int d = 0; d < ndists; d++) {
        const Dist *D = &dists[d];
        const double *p = D->rng_par;
        RtRng *r1 = rt_rng_new(seed, 1), *r2 = rt_rng_new(seed, 1);
        RtError err = {.msg = ""};
        static double draws[NDRAWS];
        double sum = 0, mean_want, var_want;
        for (int i = 0; i < NDRAWS; i++) {
            draws[i] = D->rng(p, r1, &err);
            assert_true(draws[i] == D->rng(p, r2, &err));
            sum += draws[i];
        }
        rt_rng_free(r1);
        rt_rng_free(r2);
        if (D->moments) {
            D->moments(p, &mean_want, &var_want);
        } else {
            mean_want = D->mean;
            var_want = D->var;
        }
        bool moments = !isnan(mean_want);
        /* the empirical cdf at three points (without moments, around the
         * location p[0] by the scale p[1]) */
        double q[3] = {-0.5, 0.5, 1.5};
        for (int t = 0; t < 3 && !D->draws_off_support; t++) {
            double x[4] = {moments ? mean_want + q[t] * sqrt(var_want)
                                   : p[0] + q[t] * p[1],
                           p[0], p[1], p[2]};
            double F = D->ref(x, true), below = 0;
            for (int i = 0; i < NDRAWS; i++)
                below += draws[i] <= x[0];
            double se = sqrt(F * (1 - F) / NDRAWS);
            if (fabs(below / NDRAWS - F) > 5 * se + 1e-12) {
                print_error("%s_rng: P(Y <= %g) = %g, want %g\n", D->name,
                            x[0], below / NDRAWS, F);
                fail();
            }
        }
        if (!moments)
            continue;
        double mean = sum / NDRAWS, m2 = 0, m4 = 0;
        for (int i = 0; i < NDRAWS; i++) {
            double c = draws[i] - mean;
            m2 += c * c;
            m4 += c * c * c * c;
        }
        m2 /= NDRAWS - 1;
        m4 /= NDRAWS;
        double se_mean = sqrt(var_want / NDRAWS);
        double se_var = sqrt((m4 - m2 * m2) / NDRAWS);
        if (fabs(mean - mean_want) > 5 * se_mean ||
            fabs(m2 - var_want) > 5 * se_var) {
            print_error("%s_rng: mean %g var %g, want %g %g\n", D->name,
                        mean, m2, mean_want, var_want);
            fail();
        }
    }
}

#endif
