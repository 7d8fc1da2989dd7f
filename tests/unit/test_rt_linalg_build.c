/* test_rt_linalg_build.c - runtime/linalg_build.c and runtime/gp_kernels.c
 * (rt_linalg_build.h): values against independent computations (direct loops,
 * hand values, identities such as U diag(s) V^T = A), every adjoint
 * against central differences (and that adjoints are added), and Stan's
 * checks and messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_test_util.h"

#define CLOSE(a, b, tol) \
    assert_true(fabs((a) - (b)) <= (tol) * (1 + fabs((double)(b))))

static void expect_msg(int rc, const RtError *err, const char *msg)
{
    assert_int_equal(rc, -1);
    assert_string_equal(err->msg, msg);
}

/* C = A B by the definition (A m x k, B k x n). */
static void naive_multiply(const double *A, const double *B, int m, int k,
                           int n, double *C)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += A[i * k + l] * B[l * n + j];
            C[i * n + j] = s;
        }
}

/* ------------------------------------------------------- constructors */

static void test_constructors(void **state)
{
    (void)state;
    RtError err;
    assert_int_equal(rt_check_size("ones_vector", 0, false, &err), 0);
    expect_msg(rt_check_size("ones_vector", -1, false, &err), &err,
               "ones_vector: size is -1, but must be nonnegative!");
    expect_msg(rt_check_size("uniform_simplex", 0, true, &err), &err,
               "uniform_simplex: size is 0, but must be positive!");
    assert_int_equal(rt_check_one_hot("one_hot_vector", 3, 3, &err), 0);
    expect_msg(rt_check_one_hot("one_hot_vector", 3, 4, &err), &err,
               "one_hot_vector: k is 4, but must be in the interval [1, 3]");
    expect_msg(rt_check_one_hot("one_hot_array", 0, 1, &err), &err,
               "one_hot_array: size is 0, but must be positive!");

    double v[5];
    assert_int_equal(rt_linspaced("linspaced_vector", 5, 1, 5, v, &err), 0);
    for (int i = 0; i < 5; i++)
        assert_true(v[i] == i + 1);
    assert_int_equal(rt_linspaced("linspaced_vector", 3, -2, 0.5, v, &err),
                     0);
    CLOSE(v[1], -0.75, 1e-15);
    assert_true(v[0] == -2 && v[2] == 0.5);   /* exact end points */
    assert_int_equal(rt_linspaced("linspaced_array", 1, 1, 7, v, &err), 0);
    assert_true(v[0] == 7);
    assert_int_equal(rt_linspaced("linspaced_array", 0, 1, 7, v, &err), 0);
    expect_msg(rt_linspaced("linspaced_vector", 2, 3, 1, v, &err), &err,
               "linspaced_vector: high is 1, but must be greater than or "
               "equal to 3");
    expect_msg(rt_linspaced("linspaced_row_vector", 2, -INFINITY, 1, v,
                            &err), &err,
               "linspaced_row_vector: low is -inf, but must be finite!");
    expect_msg(rt_linspaced("linspaced_array", -2, 0, 1, v, &err), &err,
               "linspaced_array: size is -2, but must be nonnegative!");

    /* Eigen's integer spacing, as Stan's tests give it */
    static const struct {
        int K, lo, hi, want[6];
    } cases[] = {
        {5, 1, 5, {1, 2, 3, 4, 5}}, {5, -2, 2, {-2, -1, 0, 1, 2}},
        {5, 0, 8, {0, 2, 4, 6, 8}}, {4, 0, 7, {0, 2, 4, 6}},
        {5, 1, 3, {1, 1, 2, 2, 3}}, {6, 0, 1, {0, 0, 0, 1, 1, 1}},
        {1, 1, 5, {5}}, {3, 4, 4, {4, 4, 4}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int out[6];
        assert_int_equal(rt_linspaced_int(cases[c].K, cases[c].lo,
                                          cases[c].hi, out, &err), 0);
        for (int i = 0; i < cases[c].K; i++)
            assert_int_equal(out[i], cases[c].want[i]);
    }
    int out[2];
    expect_msg(rt_linspaced_int(2, 5, 1, out, &err), &err,
               "linspaced_int_array: high is 1, but must be greater than or "
               "equal to 5");
}

/* ------------------------------------------------------------- sorting */

static void test_sorting(void **state)
{
    (void)state;
    RtError err;
    const double x[6] = {3, -1, 2, -1, 7, 2};
    int perm[6], work[6];
    assert_int_equal(rt_sort_perm("sort_asc", x, 6, false, true, perm, work,
                                  &err), 0);
    static const int asc[6] = {1, 3, 2, 5, 0, 4};   /* ties keep order */
    for (int i = 0; i < 6; i++)
        assert_int_equal(perm[i], asc[i]);
    assert_int_equal(rt_sort_perm("sort_desc", x, 6, true, true, perm, work,
                                  &err), 0);
    static const int desc[6] = {4, 0, 2, 5, 1, 3};
    for (int i = 0; i < 6; i++)
        assert_int_equal(perm[i], desc[i]);
    /* a longer input against a check of sortedness and permutation */
    TestRng r = {7};
    double y[37];
    int p[37], w[37], seen[37] = {0};
    fill_normal(&r, y, 37);
    assert_int_equal(rt_sort_perm("sort_asc", y, 37, false, true, p, w,
                                  &err), 0);
    for (int i = 0; i < 37; i++) {
        seen[p[i]]++;
        if (i)
            assert_true(y[p[i - 1]] <= y[p[i]]);
    }
    for (int i = 0; i < 37; i++)
        assert_int_equal(seen[i], 1);
    const int xi[4] = {2, 9, -4, 2};
    rt_sort_perm_int(xi, 4, false, perm, work);
    assert_true(perm[0] == 2 && perm[1] == 0 && perm[2] == 3 && perm[3] == 1);
    rt_sort_perm_int(xi, 4, true, perm, work);
    assert_true(perm[0] == 1 && perm[1] == 0 && perm[2] == 3 && perm[3] == 2);
    rt_sort_perm_int(xi, 0, true, perm, work);

    double xn[3] = {1, NAN, 2};
    expect_msg(rt_sort_perm("sort_desc", xn, 3, true, true, perm, work, &err),
               &err, "sort_desc: container argument[2] is nan, but must not "
               "be nan!");

    assert_int_equal(rt_rank(x, 6, 1, &err), 4);
    assert_int_equal(rt_rank(x, 6, 2, &err), 0);
    assert_int_equal(rt_rank(x, 6, 6, &err), 2);
    assert_int_equal(rt_rank_int(xi, 4, 4, &err), 1);
    assert_int_equal(rt_rank(x, 6, 7, &err), -1);
    assert_string_equal(err.msg, "rank: accessing element out of range. "
                        "index 7 out of range; expecting index to be between "
                        "1 and 6");
    assert_int_equal(rt_rank_int(xi, 4, 0, &err), -1);

    /* R's type 7: 1 + (n - 1) p, interpolated */
    double q[6];
    const double five[5] = {5, 1, 4, 2, 3};
    CLOSE(rt_quantile(five, 5, 0.1, q, &err), 1.4, 1e-15);
    CLOSE(rt_quantile(five, 5, 0.5, q, &err), 3, 1e-15);
    CLOSE(rt_quantile(five, 5, 0.0, q, &err), 1, 1e-15);
    CLOSE(rt_quantile(five, 5, 1.0, q, &err), 5, 1e-15);
    CLOSE(rt_quantile(x, 6, 0.3, q, &err), -1 + 0.5 * 3, 1e-15);
    CLOSE(rt_quantile(five, 1, 0.7, q, &err), 5, 1e-15);
    assert_true(isnan(rt_quantile(five, 5, 1.5, q, &err)));
    assert_string_equal(err.msg, "quantile: p is 1.5, but must be in the "
                        "interval [0, 1]");
    assert_true(isnan(rt_quantile(xn, 3, 0.5, q, &err)));
    assert_string_equal(err.msg, "quantile: container argument[2] is nan, "
                        "but must not be nan!");
    assert_true(isnan(rt_quantile(five, 0, 0.5, q, &err)));
    assert_string_equal(err.msg, "quantile: container argument has size 0, "
                        "but must have a non-zero size");
}

/* -------------------------------------------------------------- values */

static const double M3[9] = {2, -1, 0.5, 0.3, 1.5, -2, 1, 0.2, 3};
static const double B32[6] = {1, 0.5, -1, 2, 0.3, -0.7};
static const double D22[4] = {1, 2, -0.5, 3};
static const double SPD3[9] = {4, 1, 0.5, 1, 3, -0.2, 0.5, -0.2, 2};

static double trace_of(const double *X, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += X[i * n + i];
    return s;
}

static void transpose(const double *X, int m, int n, double *Y)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            Y[j * m + i] = X[i * n + j];
}

static void test_matrix_values(void **state)
{
    (void)state;
    RtError err;
    double out[9], T[9], U[9], W[64];
    /* the squares of the columns and rows of B32 (3 x 2) */
    rt_columns_dot_self(B32, 3, 2, out);
    CLOSE(out[0], 1 + 1 + 0.09, 1e-15);
    CLOSE(out[1], 0.25 + 4 + 0.49, 1e-15);
    rt_rows_dot_self(B32, 3, 2, out);
    CLOSE(out[2], 0.09 + 0.49, 1e-15);

    /* trace(B^T A B) and trace(D B^T A B) by products */
    double Bt[6], AB[6], C[4], DC[4];
    naive_multiply(M3, B32, 3, 3, 2, AB);
    transpose(B32, 3, 2, Bt);
    naive_multiply(Bt, AB, 2, 3, 2, C);
    CLOSE(rt_trace_quad_form(M3, B32, 3, 2), trace_of(C, 2), 1e-14);
    naive_multiply(D22, C, 2, 2, 2, DC);
    CLOSE(rt_trace_gen_quad_form(D22, M3, B32, 3, 2, W), trace_of(DC, 2),
          1e-14);

    /* the determinant by the rule of Sarrus; a permutation; singular */
    const double *a = M3;
    double sarrus = a[0] * a[4] * a[8] + a[1] * a[5] * a[6]
        + a[2] * a[3] * a[7] - a[2] * a[4] * a[6] - a[0] * a[5] * a[7]
        - a[1] * a[3] * a[8];
    CLOSE(rt_determinant(M3, 3, W), sarrus, 1e-14);
    const double swap[9] = {0, 1, 0, 1, 0, 0, 0, 0, 2};
    CLOSE(rt_determinant(swap, 3, W), -2, 1e-15);
    const double sing[4] = {1, 2, 2, 4};
    assert_true(rt_determinant(sing, 2, W) == 0);
    assert_true(rt_determinant(NULL, 0, W) == 1);

    /* X = B A^-1: X A = B, for B 2 x 3 */
    double X[6], XA[6];
    transpose(B32, 3, 2, Bt);
    assert_int_equal(rt_mdivide_right_spd(Bt, SPD3, 2, 3, X, W, &err), 0);
    naive_multiply(X, SPD3, 2, 3, 3, XA);
    for (int i = 0; i < 6; i++)
        CLOSE(XA[i], Bt[i], 1e-13);
    double notsym[9];
    memcpy(notsym, SPD3, sizeof notsym);
    notsym[1] = 1.5;
    expect_msg(rt_mdivide_right_spd(Bt, notsym, 2, 3, X, W, &err), &err,
               "mdivide_right_spd: A is not symmetric. A[1,2] = 1.5, but "
               "A[2,1] = 1");
    assert_true(isnan(X[0]));
    const double indef[4] = {1, 2, 2, 1};
    expect_msg(rt_mdivide_right_spd(Bt, indef, 1, 2, X, W, &err), &err,
               "mdivide_right_spd: Matrix A is not positive definite");

    /* M^3 by products; M^0 = I */
    double M2[9];
    naive_multiply(M3, M3, 3, 3, 3, M2);
    naive_multiply(M2, M3, 3, 3, 3, T);
    assert_int_equal(rt_matrix_power(M3, 3, 3, U, W, &err), 0);
    for (int i = 0; i < 9; i++)
        CLOSE(U[i], T[i], 1e-13);
    assert_int_equal(rt_matrix_power(M3, 3, 0, U, W, &err), 0);
    for (int i = 0; i < 9; i++)
        assert_true(U[i] == (i % 4 == 0));
    expect_msg(rt_matrix_power(M3, 3, -1, U, W, &err), &err,
               "matrix_power: n is -1, but must be nonnegative!");

    /* chol2inv(L) (L L^T) = I */
    const double L[9] = {2, 0, 0, 0.5, 1.5, 0, -1, 0.3, 0.8};
    double LLt[9], Lt[9], I3[9];
    transpose(L, 3, 3, Lt);
    naive_multiply(L, Lt, 3, 3, 3, LLt);
    assert_int_equal(rt_chol2inv(L, 3, U, &err), 0);
    naive_multiply(U, LLt, 3, 3, 3, I3);
    for (int i = 0; i < 9; i++)
        CLOSE(I3[i], i % 4 == 0, 1e-13);
    expect_msg(rt_chol2inv(M3, 3, U, &err), &err,
               "chol2inv: L is not lower triangular; L[1,2]=-1");

    /* the SVD: U diag(s) V^T = A, orthonormal columns, s decreasing, the
     * sign convention; both shapes */
    for (int t = 0; t < 2; t++) {
        int m = t ? 2 : 3, n = t ? 3 : 2, k = 2;
        double A[6], Us[6], s[2], V[6];
        if (t)
            transpose(B32, 3, 2, A);
        else
            memcpy(A, B32, sizeof A);
        assert_int_equal(rt_svd("svd_U", A, m, n, Us, s, V, false, &err), 0);
        assert_true(s[0] >= s[1] && s[1] >= 0);
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double r = 0;
                for (int c = 0; c < k; c++)
                    r += Us[i * k + c] * s[c] * V[j * k + c];
                CLOSE(r, A[i * n + j], 1e-13);
            }
        for (int c = 0; c < k; c++)
            for (int d = 0; d < k; d++) {
                double uu = 0, vv = 0;
                for (int i = 0; i < m; i++)
                    uu += Us[i * k + c] * Us[i * k + d];
                for (int i = 0; i < n; i++)
                    vv += V[i * k + c] * V[i * k + d];
                CLOSE(uu, c == d, 1e-13);
                CLOSE(vv, c == d, 1e-13);
            }
        for (int c = 0; c < k; c++) {
            int big = 0;
            for (int i = 1; i < m; i++)
                if (fabs(Us[i * k + c]) > fabs(Us[big * k + c]))
                    big = i;
            assert_true(Us[big * k + c] > 0);
        }
        /* the singular values are the square roots of A^T A's eigenvalues:
         * their squares sum to the squared Frobenius norm */
        double fro = 0;
        for (int i = 0; i < 6; i++)
            fro += A[i] * A[i];
        CLOSE(s[0] * s[0] + s[1] * s[1], fro, 1e-13);
    }
    const double diag[4] = {3, 0, 0, -2};
    double s2[2];
    assert_int_equal(rt_svd("singular_values", diag, 2, 2, NULL, s2, NULL,
                            true, &err), 0);
    CLOSE(s2[0], 3, 1e-15);
    CLOSE(s2[1], 2, 1e-15);
    assert_int_equal(rt_svd("singular_values", NULL, 0, 2, NULL, s2, NULL,
                            true, &err), 0);
    expect_msg(rt_svd("svd_V", NULL, 0, 2, NULL, NULL, NULL, false, &err),
               &err, "svd_V: m has size 0, but must have a non-zero size");
}

/* ------------------------------------------------------------ adjoints */

/* f(p) = sum_k weights[k] F(p)_k for each function F; fn fills the value
 * and, with g, adds the gradient through the _adj rule. */
static double weights[64];

typedef double (*Objective)(const double *p, double *g);

static double weighted(const double *y, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += weights[k] * y[k];
    return s;
}

static double f_columns(const double *p, double *g)
{
    double out[2];
    rt_columns_dot_self(p, 3, 2, out);
    if (g)
        rt_columns_dot_self_adj(p, 3, 2, weights, g);
    return weighted(out, 2);
}

static double f_rows(const double *p, double *g)
{
    double out[3];
    rt_rows_dot_self(p, 3, 2, out);
    if (g)
        rt_rows_dot_self_adj(p, 3, 2, weights, g);
    return weighted(out, 3);
}

/* p = (A 3 x 3 | B 3 x 2) */
static double f_trace_quad(const double *p, double *g)
{
    double v = rt_trace_quad_form(p, p + 9, 3, 2);
    if (g)
        rt_trace_quad_form_adj(p, p + 9, 3, 2, 1.7, g, g + 9);
    return 1.7 * v;
}

/* p = (D 2 x 2 | A 3 x 3 | B 3 x 2) */
static double f_trace_gen(const double *p, double *g)
{
    double w[64];
    double v = rt_trace_gen_quad_form(p, p + 4, p + 13, 3, 2, w);
    if (g)
        rt_trace_gen_quad_form_adj(p, p + 4, p + 13, 3, 2, -0.6, g, g + 4,
                                   g + 13, w);
    return -0.6 * v;
}

static double f_determinant(const double *p, double *g)
{
    double w[64];
    double d = rt_determinant(p, 3, w);
    if (g)
        rt_determinant_adj(p, 3, d, 0.8, g, w);
    return 0.8 * d;
}

/* p = (B 2 x 3 | the lower triangle of A, row by row): A symmetric, so
 * the partial of an off-diagonal entry is A_adj[i,j] + A_adj[j,i]. */
static void sym_from_lower(const double *q, int n, double *A)
{
    for (int i = 0, k = 0; i < n; i++)
        for (int j = 0; j <= i; j++, k++)
            A[i * n + j] = A[j * n + i] = q[k];
}

static void lower_of_adj(const double *A_adj, int n, double *g)
{
    for (int i = 0, k = 0; i < n; i++)
        for (int j = 0; j <= i; j++, k++)
            g[k] += i == j ? A_adj[i * n + i]
                           : A_adj[i * n + j] + A_adj[j * n + i];
}

static double f_mdivide_right_spd(const double *p, double *g)
{
    double A[9], X[6], w[64], Ag[9] = {0};
    sym_from_lower(p + 6, 3, A);
    int rc = rt_mdivide_right_spd(p, A, 2, 3, X, w, NULL);
    assert_int_equal(rc, 0);
    if (g) {
        rt_mdivide_right_spd_adj(A, X, weights, 2, 3, g, Ag, w);
        lower_of_adj(Ag, 3, g + 6);
    }
    return weighted(X, 6);
}

static double f_matrix_power(const double *p, double *g)
{
    double Y[9], w[64];
    assert_int_equal(rt_matrix_power(p, 3, 4, Y, w, NULL), 0);
    if (g)
        rt_matrix_power_adj(p, 3, 4, weights, g, w);
    return weighted(Y, 9);
}

/* p: the lower triangle of L, row by row */
static double f_chol2inv(const double *p, double *g)
{
    double L[9] = {0}, Y[9], w[64], Lg[9] = {0};
    for (int i = 0, k = 0; i < 3; i++)
        for (int j = 0; j <= i; j++, k++)
            L[i * 3 + j] = p[k];
    assert_int_equal(rt_chol2inv(L, 3, Y, NULL), 0);
    if (g) {
        rt_chol2inv_adj(L, Y, weights, 3, Lg, w);
        for (int i = 0, k = 0; i < 3; i++)
            for (int j = 0; j <= i; j++, k++)
                g[k] += Lg[i * 3 + j];
        for (int i = 0; i < 3; i++)
            for (int j = i + 1; j < 3; j++)
                assert_true(Lg[i * 3 + j] == 0);
    }
    return weighted(Y, 9);
}

static int g_svd_rows;   /* the shape of f_singular_values' matrix */

static double f_singular_values(const double *p, double *g)
{
    int m = g_svd_rows, n = 6 / m;
    double s[2], w[64];
    assert_int_equal(rt_svd("singular_values", p, m, n, NULL, s, NULL, true,
                            NULL), 0);
    if (g)
        assert_int_equal(rt_singular_values_adj(p, m, n, weights, g, w), 0);
    return weighted(s, 2);
}

static void check_grad(const char *name, Objective f, const double *p0,
                       int np)
{
    double p[64], g[64] = {0}, g2[64];
    memcpy(p, p0, sizeof *p * (size_t)np);
    f(p, g);
    memcpy(g2, g, sizeof g);
    f(p, g2);
    for (int j = 0; j < np; j++) {
        CLOSE(g2[j], 2 * g[j], 1e-12);     /* the adjoints are added */
        double h = 1e-5 * (1 + fabs(p0[j]));
        p[j] = p0[j] + h;
        double up = f(p, NULL);
        p[j] = p0[j] - h;
        double down = f(p, NULL);
        p[j] = p0[j];
        double fd = (up - down) / (2 * h);
        if (fabs(fd - g[j]) > 1e-7 * (1 + fabs(fd)))
            fail_msg("%s, partial %d: analytic %.12g, difference %.12g",
                     name, j, g[j], fd);
    }
}

static void test_matrix_adjoints(void **state)
{
    (void)state;
    for (int k = 0; k < 64; k++)
        weights[k] = sin(1.7 * k + 0.3);
    double p[64];
    check_grad("columns_dot_self", f_columns, B32, 6);
    check_grad("rows_dot_self", f_rows, B32, 6);
    memcpy(p, M3, sizeof M3);
    memcpy(p + 9, B32, sizeof B32);
    check_grad("trace_quad_form", f_trace_quad, p, 15);
    memcpy(p, D22, sizeof D22);
    memcpy(p + 4, M3, sizeof M3);
    memcpy(p + 13, B32, sizeof B32);
    check_grad("trace_gen_quad_form", f_trace_gen, p, 19);
    check_grad("determinant", f_determinant, M3, 9);
    transpose(B32, 3, 2, p);
    const double lower[6] = {4, 1, 3, 0.5, -0.2, 2};   /* SPD3 */
    memcpy(p + 6, lower, sizeof lower);
    check_grad("mdivide_right_spd", f_mdivide_right_spd, p, 12);
    double small[9];
    for (int i = 0; i < 9; i++)
        small[i] = 0.5 * M3[i];
    check_grad("matrix_power", f_matrix_power, small, 9);
    const double L[6] = {2, 0.5, 1.5, -1, 0.3, 0.8};
    check_grad("chol2inv", f_chol2inv, L, 6);
    g_svd_rows = 3;
    check_grad("singular_values 3 x 2", f_singular_values, B32, 6);
    g_svd_rows = 2;
    check_grad("singular_values 2 x 3", f_singular_values, B32, 6);
    /* M^0 and data arguments: nothing added */
    double Mg[9] = {0}, w[64];
    rt_matrix_power_adj(M3, 3, 0, weights, Mg, w);
    for (int i = 0; i < 9; i++)
        assert_true(Mg[i] == 0);
    rt_trace_quad_form_adj(M3, B32, 3, 2, 1, NULL, Mg);
    rt_trace_gen_quad_form_adj(D22, M3, B32, 3, 2, 1, NULL, NULL, NULL, w);
}

/* ---------------------------------------------------------- GP kernels */

enum { NA = 4, NB = 3, DIM = 2 };

static const double XA[NA * DIM] = {0.1, -0.4, 0.9, 0.3, -1.1, 0.8, 0.4, 0.5};
static const double XB[NB * DIM] = {0.0, 0.2, 1.5, -0.2, -0.6, 1.1};

/* k of two points by the definitions of Stan's Functions Reference. */
static double direct_k(RtGpKind kind, const double *a, const double *b,
                       int D, double sigma, const double *l, bool ard,
                       double p)
{
    double d2 = 0, r2 = 0, dot = 0;
    for (int c = 0; c < D; c++) {
        double t = a[c] - b[c], lc = l ? l[ard ? c : 0] : 1;
        d2 += t * t;
        r2 += t * t / (lc * lc);
        dot += a[c] * b[c];
    }
    double r = sqrt(r2), s2 = sigma * sigma;
    switch (kind) {
    case RT_GP_EXPONENTIAL:
        return s2 * exp(-r);
    case RT_GP_MATERN32:
        return s2 * (1 + sqrt(3) * r) * exp(-sqrt(3) * r);
    case RT_GP_MATERN52:
        return s2 * (1 + sqrt(5) * r + 5 * r2 / 3) * exp(-sqrt(5) * r);
    case RT_GP_PERIODIC: {
        double s = sin(M_PI * sqrt(d2) / p);
        return s2 * exp(-2 * s * s / (l[0] * l[0]));
    }
    default:
        return s2 + dot;
    }
}

static const char *const kind_names[] = {"gp_exponential_cov",
                                         "gp_matern32_cov", "gp_matern52_cov",
                                         "gp_periodic_cov", "gp_dot_prod_cov"};

static RtGpCov make_gp(RtGpKind kind, bool two, bool ard, const double *x1,
                       const double *x2, double sigma, const double *l,
                       double period)
{
    RtGpCov g = {kind_names[kind], kind, x1, two ? x2 : NULL, NA,
                 two ? NB : NA, DIM, DIM, sigma, l, ard ? DIM : 1, ard,
                 period};
    return g;
}

static void test_gp_values(void **state)
{
    (void)state;
    RtError err;
    const double l1[1] = {0.8}, l2[2] = {0.7, 1.9};
    double K[NA * NA];
    for (int kind = 0; kind <= RT_GP_DOT_PROD; kind++)
        for (int two = 0; two < 2; two++)
            for (int ard = 0; ard < 2; ard++) {
                if (ard && kind >= RT_GP_PERIODIC)
                    continue;
                RtGpCov g = make_gp(kind, two, ard, XA, XB, 1.3,
                                    ard ? l2 : l1, 2.5);
                assert_int_equal(rt_gp_cov(&g, K, &err), 0);
                const double *x2 = two ? XB : XA;
                int n2 = two ? NB : NA;
                for (int i = 0; i < NA; i++)
                    for (int j = 0; j < n2; j++)
                        CLOSE(K[i * n2 + j],
                              direct_k(kind, XA + i * DIM, x2 + j * DIM, DIM,
                                       1.3, ard ? l2 : l1, ard, 2.5), 1e-14);
            }
    /* an array of reals: one coordinate; hand values */
    const double x[2] = {0, 1}, one[1] = {1};
    RtGpCov g = {"gp_exponential_cov", RT_GP_EXPONENTIAL, x, NULL, 2, 2, 1,
                 1, 2, one, 1, false, 0};
    assert_int_equal(rt_gp_cov(&g, K, &err), 0);
    CLOSE(K[1], 4 * exp(-1), 1e-15);
    assert_true(K[0] == 4 && K[3] == 4 && K[1] == K[2]);
    g.kind = RT_GP_PERIODIC;
    g.period = 2;
    g.sigma = 1;
    assert_int_equal(rt_gp_cov(&g, K, &err), 0);
    CLOSE(K[1], exp(-2), 1e-15);
}

/* p = (x1 | x2 | sigma | l | period) for the kernel under test */
static RtGpKind g_kind;
static bool g_two, g_ard;

static int gp_param_count(void)
{
    int L = g_kind == RT_GP_DOT_PROD ? 0 : g_ard ? DIM : 1;
    return NA * DIM + (g_two ? NB * DIM : 0) + 1 + L
        + (g_kind == RT_GP_PERIODIC);
}

static double f_gp(const double *p, double *g)
{
    const double *x1 = p, *x2 = p + NA * DIM;
    int off = NA * DIM + (g_two ? NB * DIM : 0);
    const double *l = g_kind == RT_GP_DOT_PROD ? NULL : p + off + 1;
    int L = g_kind == RT_GP_DOT_PROD ? 0 : g_ard ? DIM : 1;
    double period = g_kind == RT_GP_PERIODIC ? p[off + 1 + L] : 0;
    RtGpCov c = make_gp(g_kind, g_two, g_ard, x1, x2, p[off], l, period);
    double K[NA * NA];
    RtError err;
    assert_int_equal(rt_gp_cov(&c, K, &err), 0);
    int n = NA * (g_two ? NB : NA);
    if (g)
        rt_gp_cov_adj(&c, K, weights, g, g_two ? g + NA * DIM : NULL,
                      g + off, l ? g + off + 1 : NULL,
                      g_kind == RT_GP_PERIODIC ? g + off + 1 + L : NULL);
    return weighted(K, n);
}

static void test_gp_adjoints(void **state)
{
    (void)state;
    for (int k = 0; k < 64; k++)
        weights[k] = sin(1.7 * k + 0.3);
    for (int kind = 0; kind <= RT_GP_DOT_PROD; kind++)
        for (int two = 0; two < 2; two++)
            for (int ard = 0; ard < 2; ard++) {
                if (ard && kind >= RT_GP_PERIODIC)
                    continue;
                g_kind = kind;
                g_two = two;
                g_ard = ard;
                double p[64];
                int off = 0;
                memcpy(p, XA, sizeof XA);
                off += NA * DIM;
                if (two) {
                    memcpy(p + off, XB, sizeof XB);
                    off += NB * DIM;
                }
                p[off++] = 1.3;
                if (kind != RT_GP_DOT_PROD) {
                    p[off++] = 0.8;
                    if (ard)
                        p[off++] = 1.9;
                }
                if (kind == RT_GP_PERIODIC)
                    p[off++] = 2.5;
                assert_int_equal(off, gp_param_count());
                char name[64];
                snprintf(name, sizeof name, "%s%s%s", kind_names[kind],
                         two ? " two sets" : "", ard ? " ard" : "");
                check_grad(name, f_gp, p, off);
            }
    /* NULL buffers: only the ones asked for */
    RtGpCov c = make_gp(RT_GP_MATERN32, true, false, XA, XB, 1.3,
                        (const double[]){0.8}, 0);
    double K[NA * NB], sg = 0;
    assert_int_equal(rt_gp_cov(&c, K, NULL), 0);
    rt_gp_cov_adj(&c, K, weights, NULL, NULL, &sg, NULL, NULL);
    CLOSE(sg, 2 * weighted(K, NA * NB) / 1.3, 1e-14);
}

static void test_gp_errors(void **state)
{
    (void)state;
    RtError err;
    double K[NA * NA];
    const double l1[1] = {0.8}, l2[2] = {0.7, 1.9}, l0[1] = {0};
    RtGpCov g = make_gp(RT_GP_MATERN32, false, false, XA, XB, 0, l1, 0);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_matern32_cov: magnitude is 0, but must be positive "
               "finite!");
    assert_true(isnan(K[0]) && isnan(K[NA * NA - 1]));
    g = make_gp(RT_GP_EXPONENTIAL, true, false, XA, XB, 1, l0, 0);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_exponential_cov: length scale is 0, but must be positive "
               "finite!");
    const double bad[2] = {0.7, -1};
    g = make_gp(RT_GP_MATERN52, false, true, XA, XB, 1, bad, 0);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_matern52_cov: length scale[2] is -1, but must be positive "
               "finite!");
    g = make_gp(RT_GP_MATERN52, false, true, XA, XB, 1, l2, 0);
    g.L = 1;
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_matern52_cov: x dimension (2) and number of length scales "
               "(1) must match in size");
    double xn[NA * DIM];
    memcpy(xn, XA, sizeof xn);
    xn[5] = NAN;     /* the third point */
    g = make_gp(RT_GP_EXPONENTIAL, true, false, XA, xn, 1, l1, 0);
    g.N2 = NA;
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_exponential_cov: x2[3] is nan, but must not be nan!");
    g = make_gp(RT_GP_PERIODIC, false, false, XA, XB, 1, l1, 0);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_periodic_cov: period is 0, but must be positive!");
    g = make_gp(RT_GP_PERIODIC, false, false, XA, XB, -1, l1, 2);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_periodic_cov: signal standard deviation is -1, but must "
               "be positive!");
    g = make_gp(RT_GP_PERIODIC, false, false, xn, XB, 1, l1, 2);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_periodic_cov: element of x[3] is nan, but must not be "
               "nan!");
    g = make_gp(RT_GP_DOT_PROD, false, false, XA, XB, -0.5, NULL, 0);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_dot_prod_cov: sigma is -0.5, but must be nonnegative!");
    xn[5] = INFINITY;
    g = make_gp(RT_GP_DOT_PROD, false, false, xn, XB, 0, NULL, 0);
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_dot_prod_cov: x[3] is inf, but must be finite!");
    g = make_gp(RT_GP_DOT_PROD, true, false, XA, XB, 1, NULL, 0);
    g.N2 = 2;
    g.D2 = 3;
    expect_msg(rt_gp_cov(&g, K, &err), &err,
               "gp_dot_prod_cov: dimension of x1 (2) and dimension of x2 (3) "
               "must match in size");
    /* empty sets: the kernels of a distance check nothing */
    g = make_gp(RT_GP_MATERN32, false, false, NULL, NULL, -1, l1, 0);
    g.N1 = 0;
    assert_int_equal(rt_gp_cov(&g, K, &err), 0);
    /* err may be NULL */
    g = make_gp(RT_GP_MATERN32, false, false, XA, XB, -1, l1, 0);
    assert_int_equal(rt_gp_cov(&g, K, NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constructors),
        cmocka_unit_test(test_sorting),
        cmocka_unit_test(test_matrix_values),
        cmocka_unit_test(test_matrix_adjoints),
        cmocka_unit_test(test_gp_values),
        cmocka_unit_test(test_gp_adjoints),
        cmocka_unit_test(test_gp_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
