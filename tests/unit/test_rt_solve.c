/* test_rt_solve.c - the algebraic solvers (rt_solve.h): roots of a
 * nonlinear system by Powell's hybrid method and by Newton's method, with
 * the system's vector-Jacobian products and without them (finite
 * differences); the implicit-function gradient of a root against its
 * closed form; Stan's argument checks and failure messages; errors raised
 * by the system; a singular Jacobian at the root. */
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
#include "rt_solve.h"

/* f(x) = (x0 - t0, x0 x1 - t1): the root (t0, t1 / t0).  extra makes f
 * return one value too many; fail makes it fail. */
typedef struct Ctx {
    double theta[2];
    bool extra, fail, nan;
    long calls;
} Ctx;

static int pair_f(void *ctx, const double *x, double *fx, RtError *err)
{
    Ctx *c = ctx;
    c->calls++;
    if (c->fail)
        return rt_error(err, "my_system: cannot evaluate at %g", x[0]);
    fx[0] = x[0] - c->theta[0];
    fx[1] = c->nan ? NAN : x[0] * x[1] - c->theta[1];
    return c->extra ? 3 : 2;
}

static int pair_vjp(void *ctx, const double *x, const double *w, double *gx,
                    double *gtheta, RtError *err)
{
    (void)ctx, (void)err;
    gx[0] += w[0] + w[1] * x[1];
    gx[1] += w[1] * x[0];
    gtheta[0] += -w[0];
    gtheta[1] += -w[1];
    return 0;
}

/* f(x) = x0^2 + t0: no root for t0 > 0; a double root at 0 for t0 = 0 */
static int square_f(void *ctx, const double *x, double *fx, RtError *err)
{
    (void)err;
    const Ctx *c = ctx;
    fx[0] = x[0] * x[0] + c->theta[0];
    return 1;
}

static int square_vjp(void *ctx, const double *x, const double *w,
                      double *gx, double *gtheta, RtError *err)
{
    (void)ctx, (void)err;
    gx[0] += 2 * x[0] * w[0];
    gtheta[0] += w[0];
    return 0;
}

static void test_roots(void **state)
{
    (void)state;
    Ctx c = {.theta = {2, 3}};
    const double guess[2] = {1, 1};
    for (int method = 0; method < 2; method++)
        for (int with_vjp = 0; with_vjp < 2; with_vjp++) {
            RtAlgebraSystem sys = {2, 2, pair_f, with_vjp ? pair_vjp : NULL,
                                   &c};
            double x[2] = {0};
            RtError err = {.msg = ""};
            int rc = method ? rt_algebra_solve("solve_newton",
                                               RT_SOLVE_NEWTON, &sys, guess,
                                               1e-10, 1e-12, 100, x, &err)
                            : rt_algebra_solve("solve_powell",
                                               RT_SOLVE_POWELL, &sys, guess,
                                               1e-12, 1e-10, 500, x, &err);
            if (rc)
                fail_msg("method %d vjp %d: %s", method, with_vjp, err.msg);
            assert_true(fabs(x[0] - 2) < 1e-9);
            assert_true(fabs(x[1] - 1.5) < 1e-9);
        }
}

static void test_gradient(void **state)
{
    (void)state;
    Ctx c = {.theta = {2, 3}};
    RtAlgebraSystem sys = {2, 2, pair_f, pair_vjp, &c};
    double x[2], g[2] = {0.25, 0}, adj[2] = {0.7, -0.4};
    const double guess[2] = {1, 1};
    assert_int_equal(rt_algebra_solve("solve_powell", RT_SOLVE_POWELL, &sys,
                                      guess, RT_SOLVE_POWELL_DEFAULTS, x,
                                      NULL), 0);
    assert_int_equal(rt_algebra_solve_adjoint("solve_powell", &sys, x, adj,
                                              g, NULL), 0);
    /* x0 = t0, x1 = t1 / t0; the gradient is added to what g held */
    double t0 = 2, t1 = 3;
    assert_true(fabs(g[0] - (0.25 + adj[0] - adj[1] * t1 / (t0 * t0)))
                < 1e-9);
    assert_true(fabs(g[1] - adj[1] / t0) < 1e-9);
}

/* The message of a failing solve must be want. */
static void expect_failure(const char *fn, RtSolveMethod method,
                           const RtAlgebraSystem *sys, const double *guess,
                           double tol, double f_tol, long max_steps,
                           const char *want)
{
    double x[2] = {0};
    RtError err = {.msg = ""};
    assert_int_equal(rt_algebra_solve(fn, method, sys, guess, tol, f_tol,
                                      max_steps, x, &err), -1);
    if (strcmp(err.msg, want) != 0)
        fail_msg("got \"%s\", expected \"%s\"", err.msg, want);
}

static void test_argument_checks(void **state)
{
    (void)state;
    Ctx c = {.theta = {2, 3}};
    RtAlgebraSystem sys = {2, 2, pair_f, pair_vjp, &c};
    const double guess[2] = {1, 1}, bad[2] = {1, INFINITY};
    expect_failure("solve_powell", RT_SOLVE_POWELL, &sys, bad, 1e-10, 1e-6,
                   200, "solve_powell: initial guess[2] is inf, but must "
                   "be finite!");
    expect_failure("solve_powell_tol", RT_SOLVE_POWELL, &sys, guess, -1,
                   1e-6, 200, "solve_powell_tol: relative_tolerance is -1, "
                   "but must be nonnegative!");
    expect_failure("solve_newton_tol", RT_SOLVE_NEWTON, &sys, guess, -1,
                   1e-6, 200, "solve_newton_tol: scaling_step_size is -1, "
                   "but must be nonnegative!");
    expect_failure("solve_newton_tol", RT_SOLVE_NEWTON, &sys, guess, 1e-3,
                   NAN, 200, "solve_newton_tol: function_tolerance is nan, "
                   "but must be nonnegative!");
    expect_failure("algebra_solver", RT_SOLVE_POWELL, &sys, guess, 1e-10,
                   1e-6, 0, "algebra_solver: max_num_steps is 0, but must be "
                   "positive!");
    RtAlgebraSystem empty = {0, 0, pair_f, pair_vjp, &c};
    expect_failure("solve_newton", RT_SOLVE_NEWTON, &empty, guess, 1e-3,
                   1e-6, 200, "solve_newton: initial guess has size 0, but "
                   "must have a non-zero size");
    c.extra = true;
    expect_failure("solve_powell", RT_SOLVE_POWELL, &sys, guess, 1e-10, 1e-6,
                   200, "solve_powell: size of the algebraic system's output "
                   "(3) and size of the vector of unknowns, x, (2) must "
                   "match in size");
    c.extra = false;
    c.nan = true;
    expect_failure("solve_powell", RT_SOLVE_POWELL, &sys, guess, 1e-10, 1e-6,
                   200, "solve_powell: the algebraic system's output[2] is "
                   "nan, but must be finite!");
    c.nan = false;
    c.fail = true;
    expect_failure("solve_newton", RT_SOLVE_NEWTON, &sys, guess, 1e-3, 1e-6,
                   200, "my_system: cannot evaluate at 1");
}

static void test_no_root(void **state)
{
    (void)state;
    Ctx c = {.theta = {1}};
    const double guess[1] = {1};
    for (int with_vjp = 0; with_vjp < 2; with_vjp++) {
        RtAlgebraSystem sys = {1, 1, square_f, with_vjp ? square_vjp : NULL,
                               &c};
        expect_failure("solve_powell", RT_SOLVE_POWELL, &sys, guess,
                       RT_SOLVE_POWELL_DEFAULTS, "solve_powell: the norm of "
                       "the algebraic function is 1 but should be lower than "
                       "the function tolerance: 1e-06. Consider decreasing "
                       "the relative tolerance and increasing "
                       "max_num_steps.");
    }
    /* too few steps to get there */
    Ctx p = {.theta = {2, 3}};
    RtAlgebraSystem pair = {2, 2, pair_f, pair_vjp, &p};
    const double far[2] = {100, -50};
    expect_failure("algebra_solver", RT_SOLVE_POWELL, &pair, far, 1e-10,
                   1e-6, 2, "algebra_solver: maximum number of iterations "
                   "(2) was exceeded in the solve.");
    expect_failure("solve_newton", RT_SOLVE_NEWTON, &pair, far, 1e-12, 1e-14,
                   1, "solve_newton: max number of iterations: 1 "
                   "exceeded.");
}

static void test_singular(void **state)
{
    (void)state;
    /* x^2 = 0: a root whose Jacobian is singular */
    Ctx c = {.theta = {0}};
    RtAlgebraSystem sys = {1, 1, square_f, square_vjp, &c};
    double x[1] = {0}, adj[1] = {1}, g[1] = {0};
    RtError err = {.msg = ""};
    assert_int_equal(rt_algebra_solve_adjoint("solve_newton", &sys, x, adj, g,
                                              &err), -1);
    assert_string_equal(err.msg, "solve_newton: the Jacobian of the "
                        "algebraic system with respect to the unknowns is "
                        "singular at the solution, so the solution has no "
                        "derivatives");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roots),
        cmocka_unit_test(test_gradient),
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_no_root),
        cmocka_unit_test(test_singular),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
