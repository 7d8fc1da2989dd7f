/* test_interp_transforms.c - the closed-form backward rules of the
 * structured transforms (mir/interp_grad_transforms.c) against central
 * finite differences of the runtime's constraining functions: for random
 * free values x, output adjoints gy and a log-Jacobian adjoint glj, the
 * rule's gradient of sum gy . y(x) + glj lj(x) for every transform, at
 * several sizes, and for an array of two items. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "interp_impl.h"
#include "mir.h"
#include "pplrt.h"

static double uniform(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / 9007199254740992.0;
}

typedef struct Case {
    const char *tr;
    int K, N;           /* N: the second size (two-size transforms) */
    bool two;
    int nfree, nout;
} Case;

/* y(x) and lj(x) of one item by the runtime. */
static void constrain(const Case *c, const double *x, double *y, double *lj)
{
    *lj = 0;
    const char *t = c->tr;
    if (!strcmp(t, "simplex")) rt_simplex_constrain(x, c->K, y, lj);
    else if (!strcmp(t, "unit_vector"))
        rt_unit_vector_constrain(x, c->K, y, lj);
    else if (!strcmp(t, "sum_to_zero_vector"))
        rt_sum_to_zero_constrain(x, c->K, y, lj);
    else if (!strcmp(t, "cov_matrix")) rt_cov_matrix_constrain(x, c->K, y, lj);
    else if (!strcmp(t, "cholesky_factor_corr"))
        rt_cholesky_corr_constrain(x, c->K, y, lj);
    else if (!strcmp(t, "corr_matrix"))
        rt_corr_matrix_constrain(x, c->K, y, lj);
    else if (!strcmp(t, "cholesky_factor_cov"))
        rt_cholesky_cov_constrain(x, c->K, c->N, y, lj);
    else if (!strcmp(t, "stochastic_row"))
        rt_stochastic_row_constrain(x, c->K, c->N, y, lj);
    else
        rt_stochastic_column_constrain(x, c->K, c->N, y, lj);
}

static double phi(const Case *c, const double *x, int items, const double *gy,
                  double glj)
{
    double *y = malloc(sizeof(double) * (size_t)c->nout);
    double s = 0;
    for (int it = 0; it < items; it++) {
        double lj;
        constrain(c, x + (size_t)it * c->nfree, y, &lj);
        s += glj * lj;
        for (int k = 0; k < c->nout; k++)
            s += gy[(size_t)it * c->nout + k] * y[k];
    }
    free(y);
    return s;
}

static void check(Case c, int items, unsigned long long *seed)
{
    Arena a = {0};
    int K = c.K, N = c.two ? c.N : K;
    const char *t = c.tr;
    c.nfree = !strcmp(t, "unit_vector") ? K
        : !strcmp(t, "simplex") || !strcmp(t, "sum_to_zero_vector") ? K - 1
        : !strcmp(t, "cov_matrix") ? K * (K + 1) / 2
        : !strcmp(t, "cholesky_factor_corr") || !strcmp(t, "corr_matrix")
        ? K * (K - 1) / 2
        : !strcmp(t, "cholesky_factor_cov") ? N * (N + 1) / 2 + (K - N) * N
        : !strcmp(t, "stochastic_row") ? K * (N - 1) : (K - 1) * N;
    c.nout = !strcmp(t, "simplex") || !strcmp(t, "sum_to_zero_vector")
        || !strcmp(t, "unit_vector") ? K
           : K * N;
    int nx = items * c.nfree, ny = items * c.nout;
    double *x = malloc(sizeof(double) * (size_t)nx);
    double *gy = malloc(sizeof(double) * (size_t)ny);
    for (int i = 0; i < nx; i++)
        x[i] = -1.5 + 3 * uniform(seed);
    for (int i = 0; i < ny; i++)
        gy[i] = -1 + 2 * uniform(seed);
    double glj = 0.3 + uniform(seed);
    /* the node's values: the free values (one vector, or an array of
     * items), the transform, the sizes, and the output */
    IVal args[4];
    if (items == 1) {
        iv_alloc(&a, IV_VEC, nx, 1, &args[0], NULL);
        memcpy(args[0].d, x, sizeof(double) * (size_t)nx);
    } else {
        args[0] = (IVal){.k = IV_ARRAY, .n = items};
        args[0].el = arena_alloc(&a, sizeof(IVal) * (size_t)items);
        for (int it = 0; it < items; it++) {
            iv_alloc(&a, IV_VEC, c.nfree, 1, &args[0].el[it], NULL);
            memcpy(args[0].el[it].d, x + (size_t)it * c.nfree,
                   sizeof(double) * (size_t)c.nfree);
        }
    }
    args[1] = (IVal){.k = IV_STR, .s = t};
    args[2] = iv_int(K);
    args[3] = iv_int(N);
    MirTraceVals kv = {.args = args, .nargs = c.two ? 4 : 3};
    iv_alloc(&a, IV_VEC, ny, 1, &kv.out, NULL);
    double *gx = calloc((size_t)nx + 1, sizeof(double));
    double *ga[4] = {gx, NULL, NULL, NULL};
    assert_int_equal(interp_grad_transform(&a, &kv, gy, glj, ga), 0);
    for (int i = 0; i < nx; i++) {
        double h = 1e-5, x0 = x[i], f[2];
        for (int s = 0; s < 2; s++) {
            x[i] = x0 + (s ? h : -h);
            f[s] = phi(&c, x, items, gy, glj);
        }
        x[i] = x0;
        double fd = (f[1] - f[0]) / (2 * h);
        if (!(fabs(fd - gx[i]) <= 1e-7 * (1 + fabs(fd))))
            fail_msg("%s (K %d, N %d, %d items): free value %d: the rule "
                     "gives %.12g, finite differences %.12g", t, K, N, items,
                     i, gx[i], fd);
    }
    free(x);
    free(gy);
    free(gx);
    arena_free(&a);
}

static void test_transforms_against_differences(void **state)
{
    (void)state;
    unsigned long long seed = 20261125;
    const char *one[] = {"simplex", "unit_vector", "sum_to_zero_vector",
                         "cov_matrix",
                         "cholesky_factor_corr", "corr_matrix"};
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
        for (int K = 2; K <= 5; K++)
            for (int rep = 0; rep < 3; rep++)
                check((Case){one[i], K, K, false, 0, 0}, rep == 2 ? 2 : 1,
                      &seed);
    const char *two[] = {"cholesky_factor_cov", "stochastic_row",
                         "stochastic_column"};
    int sizes[][2] = {{2, 2}, {3, 2}, {4, 3}, {5, 1}};
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (int rep = 0; rep < 3; rep++)
                check((Case){two[i], sizes[s][0], sizes[s][1], true, 0, 0},
                      rep == 2 ? 2 : 1, &seed);
}

/* A transform without a rule here (and a size the rule refuses) is left
 * to the other rules: 1. */
static void test_not_mine(void **state)
{
    (void)state;
    Arena a = {0};
    IVal args[3] = {iv_real(0.5), {.k = IV_STR, .s = "lb"}, iv_int(0)};
    MirTraceVals kv = {.args = args, .nargs = 3, .out = iv_real(1.6)};
    double g = 0, gy = 1, *ga[3] = {&g, NULL, NULL};
    assert_int_equal(interp_grad_transform(&a, &kv, &gy, 0, ga), 1);
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transforms_against_differences),
        cmocka_unit_test(test_not_mine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
