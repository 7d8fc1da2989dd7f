/* test_rt_csr.c - libpplrt's compressed sparse row functions (rt_csr.h).
 *
 * The Functions Reference's own example ("Sparse matrix operations",
 * "Compressed row storage"): A = [[19, 27, 0, 0], [0, 0, 0, 0],
 * [0, 0, 0, 52], [81, 0, 95, 33]] has w = (19, 27, 52, 81, 95, 33),
 * v = (1, 2, 4, 1, 3, 4), u = (1, 3, 3, 4, 7).  Then the round trip
 * dense -> csr -> dense and the product against the dense product at
 * seeded random sparse matrices, the adjoints against the dense product's
 * (exact: the functions are linear in w and in b), and every check's
 * message: sizes, u out of order or not ending at size(w) + 1, v out of
 * range (an index error). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"
#include "rt_csr.h"
#include "rt_test_util.h"

static const double EX[16] = {19, 27, 0, 0, 0, 0, 0, 0,
                              0, 0, 0, 52, 81, 0, 95, 33};

static void test_reference_example(void **state)
{
    (void)state;
    assert_int_equal(rt_csr_nnz(EX, 4, 4), 6);
    double w[6];
    int v[6], u[5];
    rt_csr_extract_w(EX, 4, 4, w);
    rt_csr_extract_v(EX, 4, 4, v);
    rt_csr_extract_u(EX, 4, 4, u);
    const double ww[6] = {19, 27, 52, 81, 95, 33};
    const int wv[6] = {1, 2, 4, 1, 3, 4}, wu[5] = {1, 3, 3, 4, 7};
    for (int k = 0; k < 6; k++) {
        assert_true(w[k] == ww[k]);
        assert_int_equal(v[k], wv[k]);
    }
    for (int k = 0; k < 5; k++)
        assert_int_equal(u[k], wu[k]);
}

/* A random m x n matrix with about a third of its entries non-zero. */
static void sparse(TestRng *r, double *A, int m, int n)
{
    for (int e = 0; e < m * n; e++)
        A[e] = rng_uniform(r) < 0.35 ? rng_normal(r) : 0;
}

static void test_round_trip_and_product(void **state)
{
    (void)state;
    TestRng r = {9};
    for (int m = 1; m <= 5; m++)
        for (int n = 1; n <= 5; n++) {
            double A[25], D[25], w[25], b[5], y[5];
            int v[25], u[6];
            sparse(&r, A, m, n);
            fill_normal(&r, b, n);
            int nnz = rt_csr_nnz(A, m, n);
            rt_csr_extract_w(A, m, n, w);
            rt_csr_extract_v(A, m, n, v);
            rt_csr_extract_u(A, m, n, u);
            RtError err = {.msg = ""};
            assert_int_equal(rt_csr_to_dense_matrix(m, n, w, nnz, v, nnz, u,
                                                    m + 1, D, &err), 0);
            for (int e = 0; e < m * n; e++)
                assert_true(D[e] == A[e]);
            assert_int_equal(rt_csr_matrix_times_vector(m, n, w, nnz, v, nnz,
                                                        u, m + 1, b, n, y,
                                                        &err), 0);
            for (int i = 0; i < m; i++) {
                double s = 0;
                for (int j = 0; j < n; j++)
                    s += A[i * n + j] * b[j];
                assert_true(fabs(y[i] - s) <= 1e-14 * (1 + fabs(s)));
            }
            /* adjoints: y = A b, so w_adj = y_adj[i] b[j] at A's non-zero
             * (i, j), b_adj = A^T y_adj; the dense matrix's: D_adj at the
             * same entries; csr_extract_w's: back to those entries */
            double ya[5], wa[25] = {0}, ba[5] = {0}, Da[25], wa2[25] = {0};
            double Aa[25] = {0};
            fill_normal(&r, ya, m);
            fill_normal(&r, Da, m * n);
            rt_csr_matrix_times_vector_adj(m, n, w, v, u, b, ya, wa, ba);
            rt_csr_to_dense_matrix_adj(m, n, v, u, Da, wa2);
            rt_csr_extract_w_adj(A, m, n, wa2, Aa);
            int k = 0;
            for (int i = 0; i < m; i++)
                for (int j = 0; j < n; j++) {
                    if (A[i * n + j] == 0) {
                        assert_true(Aa[i * n + j] == 0);
                        continue;
                    }
                    assert_true(wa[k] == ya[i] * b[j]);
                    assert_true(wa2[k] == Da[i * n + j]);
                    assert_true(Aa[i * n + j] == Da[i * n + j]);
                    k++;
                }
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int i = 0; i < m; i++)
                    s += A[i * n + j] * ya[i];
                assert_true(fabs(ba[j] - s) <= 1e-14 * (1 + fabs(s)));
            }
        }
}

/* The check's message for the example's w, v, u with one change. */
static void expect(int m, int n, int nw, const int *v, int nv, const int *u,
                   int nu, int nb, const char *msg, RtErrorKind kind)
{
    double w[8] = {19, 27, 52, 81, 95, 33, 1, 1}, b[8] = {0}, D[64], y[8];
    RtError err = {.msg = ""};
    assert_int_equal(rt_csr_matrix_times_vector(m, n, w, nw, v, nv, u, nu, b,
                                                nb, y, &err), -1);
    assert_string_equal(err.msg, msg);
    assert_int_equal(err.kind, kind);
    if (nb != n)
        return;   /* the product's own check */
    RtError e2 = {.msg = ""};
    assert_int_equal(rt_csr_to_dense_matrix(m, n, w, nw, v, nv, u, nu, D,
                                            &e2), -1);
    const char *p = strchr(msg, ':');
    assert_string_equal(strchr(e2.msg, ':'), p);
    assert_int_equal(e2.kind, kind);
}

static void test_errors(void **state)
{
    (void)state;
    const int v[6] = {1, 2, 4, 1, 3, 4}, u[5] = {1, 3, 3, 4, 7};
    const char *F = "csr_matrix_times_vector: ";
    char want[256];
#define EXPECT(M, N, NW, V, NV, U, NU, NB, MSG, KIND) \
    (snprintf(want, sizeof want, "%s%s", F, MSG), \
     expect(M, N, NW, V, NV, U, NU, NB, want, KIND))
    EXPECT(0, 4, 6, v, 6, u, 5, 4, "m is 0, but must be positive!",
           RT_ERROR_DOMAIN);
    EXPECT(4, -1, 6, v, 6, u, 5, -1, "n is -1, but must be positive!",
           RT_ERROR_DOMAIN);
    EXPECT(4, 4, 6, v, 6, u, 5, 3, "n (4) and b (3) must match in size",
           RT_ERROR_DOMAIN);
    EXPECT(3, 4, 6, v, 6, u, 5, 4,
           "m (3) and size(u) - 1 (4) must match in size", RT_ERROR_DOMAIN);
    EXPECT(4, 4, 6, v, 6, u, 0, 4,
           "m (4) and size(u) - 1 (-1) must match in size", RT_ERROR_DOMAIN);
    EXPECT(4, 4, 7, v, 6, u, 5, 4, "w (7) and v (6) must match in size",
           RT_ERROR_DOMAIN);
    const int u0[5] = {0, 3, 3, 4, 7};
    EXPECT(4, 4, 6, v, 6, u0, 5, 4, "u[1] is 0, but must be at least 1 (u "
           "holds where each row starts in w)", RT_ERROR_DOMAIN);
    const int ud[5] = {1, 3, 2, 4, 7};
    EXPECT(4, 4, 6, v, 6, ud, 5, 4, "u[3] is 2, but must not be less than "
           "u[2] = 3 (u holds where each row starts in w)", RT_ERROR_DOMAIN);
    const int ul[5] = {1, 3, 3, 4, 9};
    EXPECT(4, 4, 6, v, 6, ul, 5, 4, "u[5] - 1 (8) and v (6) must match in "
           "size", RT_ERROR_DOMAIN);
    const int um[5] = {1, 3, 3, 4, INT_MAX};
    EXPECT(4, 4, 6, v, 6, um, 5, 4, "u[5] - 1 (2147483646) and v (6) must "
           "match in size", RT_ERROR_DOMAIN);
    const int vb[6] = {1, 2, 5, 1, 3, 4};
    EXPECT(4, 4, 6, vb, 6, u, 5, 4, "v[3]: index 5 out of range; expecting "
           "index to be between 1 and 4", RT_ERROR_INDEX);
    const int vz[6] = {1, 2, 4, 1, 3, INT_MIN};
    EXPECT(4, 4, 6, vz, 6, u, 5, 4, "v[6]: index -2147483648 out of range; "
           "expecting index to be between 1 and 4", RT_ERROR_INDEX);
#undef EXPECT
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_example),
        cmocka_unit_test(test_round_trip_and_product),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
