/* test_rt_linalg.c - libpplrt's matrix functions (rt_linalg.h).
 *
 * Values against direct computation (GSL's BLAS, Cholesky, LU and the
 * definitions), and every adjoint against fourth-order central finite
 * differences of t(x) = sum(w .* f(x)) for a random w, at seeded random
 * inputs of sizes 1, 2, 3 and 5, to 1e-6 relative.  Adjoint buffers start
 * non-zero to prove the functions add.  Symmetric inputs are perturbed in
 * pairs (the adjoint of a pair is adj[i,j] + adj[j,i]); triangular inputs
 * are random in their upper triangle too, which must get no adjoint.
 * Then Stan's messages for the domain errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

#include "pplrt.h"
#include "rt_test_util.h"
#include "rt_linalg.h"

#define MAXX 256        /* inputs of one case */
#define MAXO 256        /* outputs of one case */
#define MAXW 1024       /* work */

static const int SIZES[] = {1, 2, 3, 5};

/* ------------------------------------------------------- random points */

/* A random symmetric positive definite n x n matrix: B B^T + n I. */
static void fill_spd(TestRng *r, double *A, int n)
{
    double B[64];
    fill_normal(r, B, n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = i == j ? n : 0;
            for (int k = 0; k < n; k++)
                s += B[i * n + k] * B[j * n + k];
            A[i * n + j] = s;
        }
}

/* A random lower-triangular factor with diagonal in [1, 2), and noise
 * above the diagonal that the functions must ignore. */
static void fill_low(TestRng *r, double *L, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            L[i * n + j] = i == j ? 1 + rng_uniform(r) : 0.5 * rng_normal(r);
}

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * fmax(1, fabs(want));
}

/* --------------------------------------------------- the adjoint check */

/* One function seen uniformly: inputs packed in x, outputs in out. */
typedef struct Case Case;
struct Case {
    const char *name;
    int m, k, n;                /* sizes, as the function reads them */
    int nx, nout;
    int sym_off, sym_n;         /* a symmetric input block, or sym_n = 0 */
    int low_off, low_n;         /* a lower-triangular input block */
    void (*fwd)(const Case *c, const double *x, double *out);
    void (*adj)(const Case *c, const double *x, const double *out,
                const double *w, double *gx);
    TestRng *rng;               /* to make inputs */
    void (*init)(const Case *c, TestRng *r, double *x);
};

static double weighted(const Case *c, const double *x, const double *w)
{
    double out[MAXO] = {0}, s = 0;
    c->fwd(c, x, out);
    for (int i = 0; i < c->nout; i++)
        s += w[i] * out[i];
    return s;
}

static double fd(const Case *c, double *x, const double *w, int i, int j)
{
    double h = 1e-3 * fmax(1, fabs(x[i])), f[4], x0i = x[i];
    double x0j = j >= 0 ? x[j] : 0;
    static const double steps[4] = {-2, -1, 1, 2};
    for (int s = 0; s < 4; s++) {
        x[i] = x0i + steps[s] * h;
        if (j >= 0)
            x[j] = x0j + steps[s] * h;
        f[s] = weighted(c, x, w);
    }
    x[i] = x0i;
    if (j >= 0)
        x[j] = x0j;
    return (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
}

static void check_case(Case *c, uint64_t seed)
{
    TestRng r = {seed};
    double x[MAXX], out[MAXO] = {0}, w[MAXO], g[MAXX], g0[MAXX];
    assert_true(c->nx <= MAXX && c->nout <= MAXO);
    c->init(c, &r, x);
    fill_normal(&r, w, c->nout);
    fill_normal(&r, g0, c->nx);
    memcpy(g, g0, sizeof g);
    c->fwd(c, x, out);
    c->adj(c, x, out, w, g);
    for (int i = 0; i < c->nx; i++)
        g[i] -= g0[i];
    for (int i = 0; i < c->nx; i++) {
        int j = -1;
        double got = g[i];
        if (c->sym_n && i >= c->sym_off && i < c->sym_off + c->sym_n * c->sym_n) {
            int a = (i - c->sym_off) / c->sym_n, b = (i - c->sym_off) % c->sym_n;
            if (b > a)
                continue;
            if (b < a) {
                j = c->sym_off + b * c->sym_n + a;
                got = g[i] + g[j];
                if (!near(g[i], g[j], 1e-9)) {
                    print_error("%s: asymmetric adjoint [%d,%d]\n", c->name, a, b);
                    fail();
                }
            }
        }
        double want = fd(c, x, w, i, j);
        if (c->low_n && i >= c->low_off && i < c->low_off + c->low_n * c->low_n) {
            int a = (i - c->low_off) / c->low_n, b = (i - c->low_off) % c->low_n;
            if (b > a)
                want = 0;       /* and must be: the upper part is not read */
        }
        if (!near(got, want, 1e-6)) {
            print_error("%s (m=%d k=%d n=%d): d/dx[%d] = %.12g, finite "
                        "differences %.12g\n", c->name, c->m, c->k, c->n, i,
                        got, want);
            fail();
        }
    }
}

/* ---------------------------------------------------------- the cases */

static void init_normal(const Case *c, TestRng *r, double *x)
{
    fill_normal(r, x, c->nx);
}

/* multiply: x = [A (m x k), B (k x n)] */
static void f_multiply(const Case *c, const double *x, double *out)
{
    rt_multiply(x, x + c->m * c->k, c->m, c->k, c->n, out);
}

static void a_multiply(const Case *c, const double *x, const double *out,
                       const double *w, double *g)
{
    (void)out;
    rt_multiply_adj(x, x + c->m * c->k, w, c->m, c->k, c->n, g,
                    g + c->m * c->k);
}

static void f_dots(const Case *c, const double *x, double *out)
{
    const double *A = x, *B = x + c->m * c->n;
    rt_columns_dot_product(A, B, c->m, c->n, out);
    rt_rows_dot_product(A, B, c->m, c->n, out + c->n);
    out[c->n + c->m] = rt_dot_product(A, B, c->m * c->n);
}

static void a_dots(const Case *c, const double *x, const double *out,
                   const double *w, double *g)
{
    (void)out;
    const double *A = x, *B = x + c->m * c->n;
    double *gA = g, *gB = g + c->m * c->n;
    rt_columns_dot_product_adj(A, B, c->m, c->n, w, gA, gB);
    rt_rows_dot_product_adj(A, B, c->m, c->n, w + c->n, gA, gB);
    rt_dot_product_adj(A, B, c->m * c->n, w[c->n + c->m], gA, gB);
}

/* tcrossprod, crossprod, multiply_lower_tri_self_transpose of A m x n */
static void f_cross(const Case *c, const double *x, double *out)
{
    int m = c->m, n = c->n;
    rt_tcrossprod(x, m, n, out);
    rt_crossprod(x, m, n, out + m * m);
    rt_multiply_lower_tri_self_transpose(x, m, n, out + m * m + n * n);
}

static void a_cross(const Case *c, const double *x, const double *out,
                    const double *w, double *g)
{
    (void)out;
    int m = c->m, n = c->n;
    rt_tcrossprod_adj(x, w, m, n, g);
    rt_crossprod_adj(x, w + m * m, m, n, g);
    rt_multiply_lower_tri_self_transpose_adj(x, w + m * m + n * n, m, n, g);
}

/* diag_pre_multiply(u, M), diag_post_multiply(M, v), quad_form_diag(S, u),
 * add_diag(S, u), add_diag(S, d), trace(S): x = [M (m x n), u (m), v (n),
 * S (m x m), d]. */
static void f_diag(const Case *c, const double *x, double *out)
{
    int m = c->m, n = c->n;
    const double *M = x, *u = M + m * n, *v = u + m, *S = v + n, *d = S + m * m;
    rt_diag_pre_multiply(u, M, m, n, out);
    rt_diag_post_multiply(M, v, m, n, out + m * n);
    double *o = out + 2 * m * n;
    rt_quad_form_diag(S, u, m, o);
    rt_add_diag(S, u, m, m, o + m * m);
    rt_add_diag(S, d, m, 1, o + 2 * m * m);
    o[3 * m * m] = rt_trace(S, m);
}

static void a_diag(const Case *c, const double *x, const double *out,
                   const double *w, double *g)
{
    (void)out;
    int m = c->m, n = c->n;
    const double *M = x, *u = M + m * n, *v = u + m, *S = v + n;
    double *gM = g, *gu = gM + m * n, *gv = gu + m, *gS = gv + n, *gd = gS + m * m;
    rt_diag_pre_multiply_adj(u, M, m, n, w, gu, gM);
    rt_diag_post_multiply_adj(M, v, m, n, w + m * n, gM, gv);
    const double *wo = w + 2 * m * n;
    rt_quad_form_diag_adj(S, u, wo, m, gS, gu);
    rt_add_diag_adj(wo + m * m, m, m, gS, gu);
    rt_add_diag_adj(wo + 2 * m * m, m, 1, gS, gd);
    rt_trace_adj(m, wo[3 * m * m], gS);
}

/* quad_form(A, B): x = [A (n x n), B (n x m)] */
static void f_quad_form(const Case *c, const double *x, double *out)
{
    double work[MAXW];
    rt_quad_form(x, x + c->n * c->n, c->n, c->m, out, work);
}

static void a_quad_form(const Case *c, const double *x, const double *out,
                        const double *w, double *g)
{
    (void)out;
    double work[MAXW];
    rt_quad_form_adj(x, x + c->n * c->n, w, c->n, c->m, g, g + c->n * c->n,
                     work);
}

/* quad_form_sym: x = [A sym (n x n), B (n x m)] */
static void init_sym_then_normal(const Case *c, TestRng *r, double *x)
{
    fill_spd(r, x, c->sym_n);
    fill_normal(r, x + c->sym_n * c->sym_n, c->nx - c->sym_n * c->sym_n);
}

static void f_quad_form_sym(const Case *c, const double *x, double *out)
{
    double work[MAXW];
    assert_int_equal(rt_quad_form_sym(x, x + c->n * c->n, c->n, c->m, out,
                                      work, NULL), 0);
}

static void a_quad_form_sym(const Case *c, const double *x, const double *out,
                            const double *w, double *g)
{
    (void)out;
    double work[MAXW];
    rt_quad_form_sym_adj(x, x + c->n * c->n, w, c->n, c->m, g,
                         g + c->n * c->n, work);
}

/* cholesky_decompose, log_determinant_spd, inverse_spd, mdivide_left_spd
 * of a symmetric x = [A (n x n), B (n x m)]. */
static void f_spd(const Case *c, const double *x, double *out)
{
    int n = c->n, m = c->m;
    double work[MAXW];
    assert_int_equal(rt_cholesky_decompose(x, n, out, NULL), 0);
    out[n * n] = rt_log_determinant_spd(x, n, work, NULL);
    assert_int_equal(rt_inverse_spd(x, n, out + n * n + 1, work, NULL), 0);
    assert_int_equal(rt_mdivide_left_spd(x, x + n * n, n, m,
                                         out + 2 * n * n + 1, work, NULL), 0);
}

static void a_spd(const Case *c, const double *x, const double *out,
                  const double *w, double *g)
{
    int n = c->n, m = c->m;
    double work[MAXW];
    rt_cholesky_decompose_adj(x, out, w, n, g, work);
    rt_log_determinant_spd_adj(x, n, w[n * n], g, work);
    rt_inverse_spd_adj(out + n * n + 1, w + n * n + 1, n, g, work);
    rt_mdivide_left_spd_adj(x, out + 2 * n * n + 1, w + 2 * n * n + 1, n, m,
                            g, g + n * n, work);
}

/* log_determinant and inverse of a general x = A (n x n) */
static void init_general(const Case *c, TestRng *r, double *x)
{
    fill_normal(r, x, c->nx);
    for (int i = 0; i < c->n; i++)
        x[i * c->n + i] += 3;   /* well away from singular */
}

static void f_general(const Case *c, const double *x, double *out)
{
    double work[MAXW];
    int n = c->n;
    out[0] = rt_log_determinant(x, n, work);
    assert_int_equal(rt_inverse(x, n, out + 1, work, NULL), 0);
}

static void a_general(const Case *c, const double *x, const double *out,
                      const double *w, double *g)
{
    double work[MAXW];
    int n = c->n;
    rt_log_determinant_adj(x, n, w[0], g, work);
    rt_inverse_adj(out + 1, w + 1, n, g, work);
}

/* mdivide_left_tri_low(L, B), mdivide_right_tri_low(C, L):
 * x = [L (n x n), B (n x m), C (m x n)] */
static void init_tri(const Case *c, TestRng *r, double *x)
{
    fill_low(r, x, c->n);
    fill_normal(r, x + c->n * c->n, c->nx - c->n * c->n);
}

static void f_tri(const Case *c, const double *x, double *out)
{
    int n = c->n, m = c->m;
    const double *L = x, *B = L + n * n, *C = B + n * m;
    rt_mdivide_left_tri_low(L, B, n, m, out);
    rt_mdivide_right_tri_low(C, L, m, n, out + n * m);
}

static void a_tri(const Case *c, const double *x, const double *out,
                  const double *w, double *g)
{
    int n = c->n, m = c->m;
    double work[MAXW];
    const double *L = x;
    double *gL = g, *gB = g + n * n, *gC = gB + n * m;
    rt_mdivide_left_tri_low_adj(L, out, w, n, m, gL, gB, work);
    rt_mdivide_right_tri_low_adj(L, out + n * m, w + n * m, m, n, gC, gL,
                                 work);
}

/* eigenvalues and eigenvectors of a symmetric x (n x n) */
static void f_eigen(const Case *c, const double *x, double *out)
{
    int n = c->n;
    assert_int_equal(rt_eigenvectors_sym(x, n, out, out + n, NULL), 0);
}

static void a_eigen(const Case *c, const double *x, const double *out,
                    const double *w, double *g)
{
    (void)x;
    double work[MAXW];
    rt_eigen_sym_adj(out, out + c->n, w, w + c->n, c->n, g, work);
}

/* gp_exp_quad_cov: x = [points (N x D), alpha, rho]; N = n, D = k */
static void init_gp(const Case *c, TestRng *r, double *x)
{
    fill_normal(r, x, c->nx);
    x[c->nx - 2] = 0.5 + rng_uniform(r);
    x[c->nx - 1] = 0.7 + rng_uniform(r);
}

static void f_gp(const Case *c, const double *x, double *out)
{
    int N = c->n, D = c->k;
    assert_int_equal(rt_gp_exp_quad_cov(x, N, D, x[N * D], x[N * D + 1], out,
                                        NULL), 0);
}

static void a_gp(const Case *c, const double *x, const double *out,
                 const double *w, double *g)
{
    int N = c->n, D = c->k;
    rt_gp_exp_quad_cov_adj(x, N, D, x[N * D], x[N * D + 1], out, w, g,
                           g + N * D, g + N * D + 1);
}

/* ------------------------------------------------------ adjoint tests */

static void run_sizes(Case c, void (*shape)(Case *c))
{
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            c.m = SIZES[a];
            c.k = SIZES[b];
            c.n = SIZES[(a + b) % 4];
            shape(&c);
            check_case(&c, 1000u * (uint64_t)a + (uint64_t)b + 7);
        }
}

static void shape_multiply(Case *c)
{
    c->nx = c->m * c->k + c->k * c->n;
    c->nout = c->m * c->n;
}

static void shape_dots(Case *c)
{
    c->nx = 2 * c->m * c->n;
    c->nout = c->n + c->m + 1;
}

static void shape_cross(Case *c)
{
    c->nx = c->m * c->n;
    c->nout = 2 * c->m * c->m + c->n * c->n;
    c->low_n = 0;
}

static void shape_diag(Case *c)
{
    int m = c->m, n = c->n;
    c->nx = m * n + m + n + m * m + 1;
    c->nout = 2 * m * n + 3 * m * m + 1;
}

static void shape_quad(Case *c)
{
    c->nx = c->n * c->n + c->n * c->m;
    c->nout = c->m * c->m;
    c->sym_off = 0;
}

static void shape_quad_sym(Case *c)
{
    shape_quad(c);
    c->sym_n = c->n;
}

static void shape_spd(Case *c)
{
    c->nx = c->n * c->n + c->n * c->m;
    c->nout = 2 * c->n * c->n + 1 + c->n * c->m;
    c->sym_n = c->n;
}

static void shape_general(Case *c)
{
    c->nx = c->n * c->n;
    c->nout = c->n * c->n + 1;
}

static void shape_tri(Case *c)
{
    c->nx = c->n * c->n + 2 * c->n * c->m;
    c->nout = 2 * c->n * c->m;
    c->low_n = c->n;
}

static void shape_eigen(Case *c)
{
    c->nx = c->n * c->n;
    c->nout = c->n + c->n * c->n;
    c->sym_n = c->n;
}

static void shape_gp(Case *c)
{
    c->nx = c->n * c->k + 2;
    c->nout = c->n * c->n;
}

static void test_adjoint_products(void **state)
{
    (void)state;
    run_sizes((Case){.name = "multiply", .fwd = f_multiply, .adj = a_multiply,
                     .init = init_normal}, shape_multiply);
    run_sizes((Case){.name = "dot products", .fwd = f_dots, .adj = a_dots,
                     .init = init_normal}, shape_dots);
    run_sizes((Case){.name = "crossprods", .fwd = f_cross, .adj = a_cross,
                     .init = init_normal}, shape_cross);
    run_sizes((Case){.name = "diag", .fwd = f_diag, .adj = a_diag,
                     .init = init_normal}, shape_diag);
    run_sizes((Case){.name = "quad_form", .fwd = f_quad_form,
                     .adj = a_quad_form, .init = init_normal}, shape_quad);
    run_sizes((Case){.name = "quad_form_sym", .fwd = f_quad_form_sym,
                     .adj = a_quad_form_sym, .init = init_sym_then_normal},
              shape_quad_sym);
}

static void test_adjoint_factorizations(void **state)
{
    (void)state;
    run_sizes((Case){.name = "spd", .fwd = f_spd, .adj = a_spd,
                     .init = init_sym_then_normal}, shape_spd);
    run_sizes((Case){.name = "general", .fwd = f_general, .adj = a_general,
                     .init = init_general}, shape_general);
    run_sizes((Case){.name = "tri_low", .fwd = f_tri, .adj = a_tri,
                     .init = init_tri}, shape_tri);
    run_sizes((Case){.name = "eigen", .fwd = f_eigen, .adj = a_eigen,
                     .init = init_sym_then_normal}, shape_eigen);
    run_sizes((Case){.name = "gp_exp_quad_cov", .fwd = f_gp, .adj = a_gp,
                     .init = init_gp}, shape_gp);
}

/* -------------------------------------------------------- value tests */

static void test_values_against_gsl(void **state)
{
    (void)state;
    TestRng r = {42};
    for (int s = 0; s < 4; s++) {
        int n = SIZES[s], m = SIZES[(s + 1) % 4];
        double A[25], B[25], C[25], ref[64], L[25], work[MAXW], Y[25];
        fill_normal(&r, A, n * m);
        fill_normal(&r, B, m * n);
        rt_multiply(A, B, n, m, n, C);
        gsl_matrix_view a = gsl_matrix_view_array(A, (size_t)n, (size_t)m);
        gsl_matrix_view b = gsl_matrix_view_array(B, (size_t)m, (size_t)n);
        gsl_matrix_view c = gsl_matrix_view_array(ref, (size_t)n, (size_t)n);
        gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1, &a.matrix, &b.matrix, 0,
                       &c.matrix);
        for (int i = 0; i < n * n; i++)
            assert_true(near(C[i], ref[i], 1e-12));

        fill_spd(&r, A, n);
        assert_int_equal(rt_cholesky_decompose(A, n, L, NULL), 0);
        memcpy(ref, A, sizeof A);
        gsl_matrix_view g = gsl_matrix_view_array(ref, (size_t)n, (size_t)n);
        assert_int_equal(gsl_linalg_cholesky_decomp1(&g.matrix), 0);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                assert_true(near(L[i * n + j], j <= i ? ref[i * n + j] : 0,
                                 1e-12));
        /* log det both ways, and A A^-1 = I */
        double ld = rt_log_determinant_spd(A, n, work, NULL);
        double ld2 = 0;
        for (int i = 0; i < n; i++)
            ld2 += 2 * log(ref[i * n + i]);
        assert_true(near(ld, ld2, 1e-12));
        assert_true(near(rt_log_determinant(A, n, work), ld2, 1e-12));
        assert_int_equal(rt_inverse(A, n, Y, work, NULL), 0);
        rt_multiply(A, Y, n, n, n, C);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                assert_true(fabs(C[i * n + j] - (i == j)) < 1e-12);
        /* A v = lambda v */
        double vals[5], vecs[25];
        assert_int_equal(rt_eigenvectors_sym(A, n, vals, vecs, NULL), 0);
        for (int k = 0; k < n; k++) {
            if (k > 0)
                assert_true(vals[k] >= vals[k - 1]);
            for (int i = 0; i < n; i++) {
                double av = 0;
                for (int j = 0; j < n; j++)
                    av += A[i * n + j] * vecs[j * n + k];
                assert_true(near(av, vals[k] * vecs[i * n + k], 1e-10));
            }
        }
    }
}

static void test_gp_values(void **state)
{
    (void)state;
    double x[6] = {0, 1, 2.5, -1, 0.5, 3}, K[9];
    assert_int_equal(rt_gp_exp_quad_cov(x, 3, 2, 1.5, 0.8, K, NULL), 0);
    double d2 = (0 - 2.5) * (0 - 2.5) + (1 + 1) * (1 + 1);
    assert_true(near(K[1], 2.25 * exp(-d2 / (2 * 0.64)), 1e-15));
    assert_true(near(K[3], K[1], 0));
    assert_true(near(K[4], 2.25, 0));
    /* an array of reals is D = 1 */
    double t[3] = {0, 1, 3}, K1[9];
    assert_int_equal(rt_gp_exp_quad_cov(t, 3, 1, 2, 1, K1, NULL), 0);
    assert_true(near(K1[2], 4 * exp(-4.5), 1e-15));
}

/* -------------------------------------------------------- domain errors */

static void expect_error(int rc, const RtError *err, const double *out,
                         const char *want)
{
    assert_int_not_equal(rc, 0);
    assert_string_equal(err->msg, want);
    if (out)
        assert_true(isnan(out[0]));
}

static void test_domain_errors(void **state)
{
    (void)state;
    RtError err;
    double L[4], work[MAXW], Y[4];
    double asym[4] = {1, 0.5, 0.25, 1};
    expect_error(rt_cholesky_decompose(asym, 2, L, &err), &err, L,
                 "cholesky_decompose: m is not symmetric. m[1,2] = 0.5, but "
                 "m[2,1] = 0.25");
    double indef[4] = {1, 2, 2, 1};
    expect_error(rt_cholesky_decompose(indef, 2, L, &err), &err, L,
                 "cholesky_decompose: Matrix m is not positive definite");
    double nanm[4] = {NAN, 0, 0, 1};
    expect_error(rt_cholesky_decompose(nanm, 2, L, &err), &err, L,
                 "cholesky_decompose: m is nan, but must not be nan!");
    expect_error(rt_mdivide_left_spd(indef, asym, 2, 2, Y, work, &err), &err,
                 Y, "mdivide_left_spd: Matrix m1 is not positive definite");
    assert_true(isnan(rt_log_determinant_spd(asym, 2, work, &err)));
    assert_string_equal(err.msg, "log_determinant_spd: m is not symmetric. "
                        "m[1,2] = 0.5, but m[2,1] = 0.25");
    expect_error(rt_inverse_spd(indef, 2, Y, work, &err), &err, Y,
                 "inverse_spd: Matrix m is not positive definite");
    double sing[4] = {1, 2, 2, 4};
    expect_error(rt_inverse(sing, 2, Y, work, &err), &err, Y,
                 "inverse: m is singular");
    assert_true(isinf(rt_log_determinant(sing, 2, work)));
    expect_error(rt_quad_form_sym(asym, asym, 2, 2, Y, work, &err), &err, Y,
                 "quad_form_sym: A is not symmetric. A[1,2] = 0.5, but "
                 "A[2,1] = 0.25");
    double vals[2];
    expect_error(rt_eigenvalues_sym(asym, 2, vals, &err), &err, vals,
                 "eigenvalues_sym: m is not symmetric. m[1,2] = 0.5, but "
                 "m[2,1] = 0.25");
    double x[2] = {0, 1}, K[4];
    expect_error(rt_gp_exp_quad_cov(x, 2, 1, 0, 1, K, &err), &err, K,
                 "gp_exp_quad_cov: magnitude is 0, but must be positive "
                 "finite!");
    expect_error(rt_gp_exp_quad_cov(x, 2, 1, 1, -1, K, &err), &err, K,
                 "gp_exp_quad_cov: length scale is -1, but must be positive "
                 "finite!");
    double xn[2] = {0, NAN};
    expect_error(rt_gp_exp_quad_cov(xn, 2, 1, 1, 1, K, &err), &err, K,
                 "gp_exp_quad_cov: x[2] is nan, but must not be nan!");
    expect_error(rt_check_multiplicable("multiply", 3, 2, &err), &err, NULL,
                 "multiply: Columns of m1 (3) and Rows of m2 (2) must match "
                 "in size");
    /* a tolerance of 1e-8, as Stan's CONSTRAINT_TOLERANCE */
    double almost[4] = {2, 0.5, 0.5 + 1e-9, 2};
    assert_int_equal(rt_cholesky_decompose(almost, 2, L, &err), 0);
}

int main(void)
{
    gsl_set_error_handler_off();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_adjoint_products),
        cmocka_unit_test(test_adjoint_factorizations),
        cmocka_unit_test(test_values_against_gsl),
        cmocka_unit_test(test_gp_values),
        cmocka_unit_test(test_domain_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
