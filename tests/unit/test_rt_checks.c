/* test_rt_checks.c - constraint checks of structured data (rt_checks.h):
 * for each check a passing case, cases just inside Stan's tolerance, and
 * failing cases with the exact message of stan::math's check_*; and the
 * pivoted LDLT against known pivots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "pplrt.h"
#include "rt_checks.h"

typedef int (*SquareCheck)(const char *, const double *, int, RtError *);

static void expect_fail(int rc, const RtError *err, const char *want)
{
    assert_int_equal(rc, -1);
    assert_string_equal(err->msg, want);
}

static void test_cov_matrix(void **state)
{
    (void)state;
    RtError err;
    double ok[9] = {2, 0.5, 0.1, 0.5, 1, 0.2, 0.1, 0.2, 3};
    assert_int_equal(rt_check_cov_matrix("Sigma", ok, 3, &err), 0);
    double one[1] = {2};
    assert_int_equal(rt_check_cov_matrix("Sigma", one, 1, &err), 0);
    /* asymmetry within the tolerance passes */
    double near_sym[4] = {1, 0.5, 0.5 + 5e-9, 1};
    assert_int_equal(rt_check_cov_matrix("Sigma", near_sym, 2, &err), 0);
    double asym[4] = {1, 0.5, 0.4, 1};
    expect_fail(rt_check_cov_matrix("Sigma", asym, 2, &err), &err,
                "Sigma is not symmetric. Sigma[1,2] = 0.5, but Sigma[2,1] = 0.4");
    expect_fail(rt_check_cov_matrix("Sigma", ok, 0, &err), &err,
                "Sigma must have a positive size, but is 0; dimension size "
                "expression = rows");
    double nan_diag[4] = {1, 0, 0, NAN};
    expect_fail(rt_check_cov_matrix("Sigma", nan_diag, 2, &err), &err,
                "Sigma[2, 2] is nan, but must not be nan!");
    double tiny[1] = {1e-9};
    expect_fail(rt_check_cov_matrix("Sigma", tiny, 1, &err), &err,
                "Sigma is not positive definite.");
    double indef[4] = {1, 2, 2, 1};
    expect_fail(rt_check_cov_matrix("Sigma", indef, 2, &err), &err,
                "Sigma is not positive definite.");
    double semidef[4] = {1, 1, 1, 1};
    expect_fail(rt_check_cov_matrix("Sigma", semidef, 2, &err), &err,
                "Sigma is not positive definite.");
}

static void test_corr_matrix(void **state)
{
    (void)state;
    RtError err;
    double ok[9] = {1, 0.3, -0.2, 0.3, 1, 0.1, -0.2, 0.1, 1};
    assert_int_equal(rt_check_corr_matrix("Omega", ok, 3, &err), 0);
    assert_int_equal(rt_check_corr_matrix("Omega", ok, 0, &err), 0);
    double diag[4] = {2, 0, 0, 1};
    expect_fail(rt_check_corr_matrix("Omega", diag, 2, &err), &err,
                "Omega is not a valid correlation matrix. Omega(1,1) is 2, "
                "but should be near 1.0");
    double asym[4] = {1, 0.5, 0.4, 1};
    expect_fail(rt_check_corr_matrix("Omega", asym, 2, &err), &err,
                "Omega is not symmetric. Omega[1,2] = 0.5, but Omega[2,1] = 0.4");
    double notpd[9] = {1, 0.9, -0.9, 0.9, 1, 0.9, -0.9, 0.9, 1};
    expect_fail(rt_check_corr_matrix("Omega", notpd, 3, &err), &err,
                "Omega is not positive definite.");
}

static void test_cholesky_factor_cov(void **state)
{
    (void)state;
    RtError err;
    double ok[6] = {1, 0, 0.5, 2, -1, 3};        /* 3 x 2 */
    assert_int_equal(rt_check_cholesky_factor_cov("L", ok, 3, 2, &err), 0);
    expect_fail(rt_check_cholesky_factor_cov("L", ok, 2, 3, &err), &err,
                "columns and rows of Cholesky factor is 3, but must be less "
                "than or equal to 2");
    expect_fail(rt_check_cholesky_factor_cov("L", ok, 2, 0, &err), &err,
                "columns of Cholesky factor is 0, but must be positive!");
    double upper[4] = {1, 0.5, 0, 1};
    expect_fail(rt_check_cholesky_factor_cov("L", upper, 2, 2, &err), &err,
                "L is not lower triangular; L[1,2]=0.5");
    double negdiag[4] = {1, 0, 0.3, -1};
    expect_fail(rt_check_cholesky_factor_cov("L", negdiag, 2, 2, &err), &err,
                "L[2] is -1, but must be positive!");
}

static void test_cholesky_factor_corr(void **state)
{
    (void)state;
    RtError err;
    double c = sqrt(1 - 0.36);
    double ok[4] = {1, 0, 0.6, c};
    assert_int_equal(rt_check_cholesky_factor_corr("L", ok, 2, &err), 0);
    double upper[4] = {1, 0.1, 0.6, c};
    expect_fail(rt_check_cholesky_factor_corr("L", upper, 2, &err), &err,
                "L is not lower triangular; L[1,2]=0.1");
    double zero[4] = {1, 0, 1, 0};
    expect_fail(rt_check_cholesky_factor_corr("L", zero, 2, &err), &err,
                "L[2] is 0, but must be positive!");
    double long_row[4] = {1, 0, 0.5, 1};
    expect_fail(rt_check_cholesky_factor_corr("L", long_row, 2, &err), &err,
                "L is not a valid unit vector. The sum of the squares of the "
                "elements should be 1, but is 1.25");
}

static void test_vectors(void **state)
{
    (void)state;
    RtError err;
    double p[3] = {0.2, 0.3, 0.5}, p_near[2] = {0.5, 0.5 + 9e-9};
    assert_int_equal(rt_check_simplex("p", p, 3, &err), 0);
    assert_int_equal(rt_check_simplex("p", p_near, 2, &err), 0);
    double p_sum[3] = {0.2, 0.3, 0.6}, p_neg[3] = {-0.1, 0.6, 0.5};
    expect_fail(rt_check_simplex("p", p_sum, 3, &err), &err,
                "p is not a valid simplex. sum(p) = 1.1, but should be 1");
    expect_fail(rt_check_simplex("p", p_neg, 3, &err), &err,
                "p is not a valid simplex. p[1] = -0.1, but should be greater "
                "than or equal to 0");
    expect_fail(rt_check_simplex("p", p, 0, &err), &err,
                "p has size 0, but must have a non-zero size");

    double u[2] = {0.6, 0.8}, u_bad[2] = {1, 1};
    assert_int_equal(rt_check_unit_vector("u", u, 2, &err), 0);
    expect_fail(rt_check_unit_vector("u", u_bad, 2, &err), &err,
                "u is not a valid unit vector. The sum of the squares of the "
                "elements should be 1, but is 2");
    expect_fail(rt_check_unit_vector("u", u, 0, &err), &err,
                "u has size 0, but must have a non-zero size");

    double o[3] = {-1, 0, 2.5}, o_tie[3] = {-1, 1, 1};
    assert_int_equal(rt_check_ordered("x", o, 3, &err), 0);
    assert_int_equal(rt_check_ordered("x", o, 0, &err), 0);
    expect_fail(rt_check_ordered("x", o_tie, 3, &err), &err,
                "x is not a valid ordered vector. The element at 3 is 1, but "
                "should be greater than the previous element, 1");

    double po[3] = {0, 1, 2}, po_neg[2] = {-1, 2}, po_tie[2] = {1, 0.5};
    assert_int_equal(rt_check_positive_ordered("x", po, 3, &err), 0);
    assert_int_equal(rt_check_positive_ordered("x", po, 0, &err), 0);
    expect_fail(rt_check_positive_ordered("x", po_neg, 2, &err), &err,
                "x is not a valid positive_ordered vector. The element at 1 "
                "is -1, but should be postive.");
    expect_fail(rt_check_positive_ordered("x", po_tie, 2, &err), &err,
                "x is not a valid ordered vector. The element at 2 is 0.5, "
                "but should be greater than the previous element, 1");

    double z[3] = {1, -0.25, -0.75}, z_bad[2] = {0.3, -0.2};
    assert_int_equal(rt_check_sum_to_zero("z", z, 3, &err), 0);
    expect_fail(rt_check_sum_to_zero("z", z_bad, 2, &err), &err,
                "z does not sum to zero. sum(z) = 0.1, but should be 0");
    expect_fail(rt_check_sum_to_zero("z", z, 0, &err), &err,
                "z has size 0, but must have a non-zero size");
    /* err may be NULL */
    assert_int_equal(rt_check_sum_to_zero("z", z_bad, 2, NULL), -1);
}

/* The matrix checks: row-major M x N; sums within 1e-8 pass; every row
 * of a sum-to-zero matrix before its columns; a stochastic matrix line by
 * line, each element's sign before the line's sum (Stan's order). */
static void test_matrices(void **state)
{
    (void)state;
    RtError err;
    double z[6] = {1, -0.5, -0.5, -1, 0.5, 0.5};      /* 2 x 3 */
    assert_int_equal(rt_check_sum_to_zero_matrix("z", z, 2, 3, &err), 0);
    double z_near[4] = {1, -1, -1, 1 + 5e-9};
    assert_int_equal(rt_check_sum_to_zero_matrix("z", z_near, 2, 2, &err), 0);
    double z_col[6] = {1, -0.25, -0.75, -1, 0.5, 0.5};
    expect_fail(rt_check_sum_to_zero_matrix("z", z_col, 2, 3, &err), &err,
                "z does not sum to zero. sum(z[:, 2]) = 0.25, but should be 0");
    double z_row[4] = {1, -1, -1, 1.1};  /* row 2 and column 2 are off */
    expect_fail(rt_check_sum_to_zero_matrix("z", z_row, 2, 2, &err), &err,
                "z does not sum to zero. sum(z[2, :]) = 0.1, but should be 0");
    expect_fail(rt_check_sum_to_zero_matrix("z", z, 0, 3, &err), &err,
                "z has size 0, but must have a non-zero size");

    double cs[4] = {0.5, 0.25, 0.5, 0.75};
    assert_int_equal(rt_check_stochastic_column("x", cs, 2, 2, &err), 0);
    double cs_sum[4] = {0.5, 0.25, 0.5, 0.95};
    expect_fail(rt_check_stochastic_column("x", cs_sum, 2, 2, &err), &err,
                "x is not a valid column stochastic matrix. sum(x[:, 2]) = "
                "1.2, but should be 1");
    /* column 1 is fine; in column 2 the negative element (row 2) */
    double cs_neg[4] = {0.5, 1.25, 0.5, -0.25};
    expect_fail(rt_check_stochastic_column("x", cs_neg, 2, 2, &err), &err,
                "x is not a valid column stochastic matrix. x[2, 2] = -0.25, "
                "but should be greater than or equal to 0");
    double nan_el[4] = {NAN, 0.25, 0.5, 0.75};
    assert_int_equal(rt_check_stochastic_column("x", nan_el, 2, 2, &err), -1);

    double rs[6] = {0.5, 0.25, 0.25, 0, 0, 1};
    assert_int_equal(rt_check_stochastic_row("x", rs, 2, 3, &err), 0);
    double rs_sum[6] = {0.5, 0.25, 0.25, 0, 0.5, 1};
    expect_fail(rt_check_stochastic_row("x", rs_sum, 2, 3, &err), &err,
                "x is not a valid row stochastic matrix. sum(x[2,:]) = 1.5, "
                "but should be 1");
    /* Stan prints the row index twice: x[1, 1] for the element (1, 3) */
    double rs_neg[6] = {0.5, 0.75, -0.25, 0, 0, 1};
    expect_fail(rt_check_stochastic_row("x", rs_neg, 2, 3, &err), &err,
                "x is not a valid row stochastic matrix. x[1, 1] = -0.25, "
                "but should be greater than or equal to 0");
    expect_fail(rt_check_stochastic_row("x", rs, 2, 0, &err), &err,
                "x has size 0, but must have a non-zero size");
}

/* The pivots of a pivoted LDLT multiply to det A; for diag(1, 4, 2) the
 * order is 4, 2, 1, so the last is 1. */
static void test_ldlt(void **state)
{
    (void)state;
    double work[9], last;
    double D[9] = {1, 0, 0, 0, 4, 0, 0, 0, 2};
    assert_true(rt_ldlt_is_positive(D, 3, work, &last));
    assert_true(last == 1);
    double A[9] = {4, 2, 0.4, 2, 3, 0.5, 0.4, 0.5, 2};
    double det = 4 * (3 * 2 - 0.25) - 2 * (2 * 2 - 0.2) + 0.4 * (1 - 1.2);
    assert_true(rt_ldlt_is_positive(A, 3, work, &last));
    /* the last pivot of a positive definite matrix: det over the first
     * two pivots, and positive */
    assert_true(last > 0 && last < det);
    double indef[4] = {1, 2, 2, 1};
    assert_false(rt_ldlt_is_positive(indef, 2, work, &last));
    /* pivot 1 first (|1| = |1|, first wins), then 1 - 4 = -3 */
    assert_true(fabs(last + 3) < 1e-15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cov_matrix),
        cmocka_unit_test(test_corr_matrix),
        cmocka_unit_test(test_cholesky_factor_cov),
        cmocka_unit_test(test_cholesky_factor_corr),
        cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_matrices),
        cmocka_unit_test(test_ldlt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
