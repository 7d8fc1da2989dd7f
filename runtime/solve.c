/* solve.c - the algebraic solvers of rt_solve.h over GSL's multiroot
 * solvers: Powell's hybrid method (hybridsj, the MINPACK algorithm behind
 * Eigen's HybridNonLinearSolver that Stan runs) and Newton's method with
 * step control (gnewton: each step must reduce |f|, as KINSOL's line search
 * that Stan runs), with the Jacobian from the system's vector-Jacobian
 * products; hybrids and dnewton (finite differences) without them.
 *
 * Sections: evaluating the system for GSL; Stan's argument checks; the
 * iteration; the implicit-function gradient. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_multiroots.h>

#include "pplrt.h"
#include "rt_solve.h"

/* ------------------------------------------------ the system for GSL */

/* What GSL's callbacks see: the system, and the first failure (GSL turns
 * any failing callback into GSL_EBADFUNC; the message stays here). */
typedef struct Solve {
    const RtAlgebraSystem *sys;
    const char *fn;
    RtError *err;
    bool failed;
    long nfev;                  /* evaluations of f, as Eigen counts them */
    double *x, *fx, *w, *gx, *gtheta;   /* n, n, n, n, max(p, 1) */
} Solve;

/* f at x into fx, with Stan's size check and a finite check. */
static int eval_f(Solve *s, const double *x, double *fx)
{
    int n = s->sys->n;
    if (s->failed)
        return -1;
    s->nfev++;
    int m = s->sys->f(s->sys->ctx, x, fx, s->err);
    if (m < 0) {
        s->failed = true;
        return -1;
    }
    if (m != n) {
        s->failed = true;
        return rt_error(s->err, "%s: size of the algebraic system's output "
                        "(%d) and size of the vector of unknowns, x, (%d) "
                        "must match in size", s->fn, m, n);
    }
    for (int i = 0; i < n; i++)
        if (!isfinite(fx[i])) {
            s->failed = true;
            return rt_error(s->err, "%s: the algebraic system's output[%d] "
                            "is %g, but must be finite!", s->fn, i + 1,
                            fx[i]);
        }
    return 0;
}

/* J_x at x into the n x n row-major rows (stride tda): row i is e_i^T J_x,
 * one vjp call each. */
static int eval_jacobian(Solve *s, const double *x, double *rows, size_t tda)
{
    const RtAlgebraSystem *sys = s->sys;
    int n = sys->n;
    if (s->failed)
        return -1;
    for (int i = 0; i < n; i++) {
        memset(s->w, 0, sizeof *s->w * (size_t)n);
        memset(s->gx, 0, sizeof *s->gx * (size_t)n);
        s->w[i] = 1;
        if (sys->vjp(sys->ctx, x, s->w, s->gx, s->gtheta, s->err)) {
            s->failed = true;
            return -1;
        }
        for (int j = 0; j < n; j++) {
            if (!isfinite(s->gx[j])) {
                s->failed = true;
                return rt_error(s->err, "%s: the Jacobian of the algebraic "
                                "system is %g at row %d, column %d, but "
                                "must be finite!", s->fn, s->gx[j], i + 1,
                                j + 1);
            }
            rows[(size_t)i * tda + (size_t)j] = s->gx[j];
        }
    }
    return 0;
}

/* GSL's vectors into contiguous doubles (theirs may have a stride). */
static const double *contiguous(Solve *s, const gsl_vector *v)
{
    for (size_t i = 0; i < v->size; i++)
        s->x[i] = gsl_vector_get(v, i);
    return s->x;
}

/* Whether GSL's trial point is finite: a singular Jacobian can send the
 * step to infinity, which ends the iteration (GSL keeps the last iterate)
 * rather than being the user function's error. */
static bool finite_point(const gsl_vector *x)
{
    for (size_t i = 0; i < x->size; i++)
        if (!isfinite(gsl_vector_get(x, i)))
            return false;
    return true;
}

static int gsl_f(const gsl_vector *x, void *params, gsl_vector *f)
{
    Solve *s = params;
    if (!finite_point(x))
        return GSL_EBADFUNC;
    if (eval_f(s, contiguous(s, x), s->fx))
        return GSL_EFAILED;
    for (size_t i = 0; i < f->size; i++)
        gsl_vector_set(f, i, s->fx[i]);
    return GSL_SUCCESS;
}

static int gsl_df(const gsl_vector *x, void *params, gsl_matrix *J)
{
    Solve *s = params;
    if (!finite_point(x))
        return GSL_EBADFUNC;
    return eval_jacobian(s, contiguous(s, x), J->data, J->tda) ? GSL_EFAILED
                                                               : GSL_SUCCESS;
}

static int gsl_fdf(const gsl_vector *x, void *params, gsl_vector *f,
                   gsl_matrix *J)
{
    int rc = gsl_f(x, params, f);
    return rc ? rc : gsl_df(x, params, J);
}

/* ------------------------------------------------------ argument checks */

/* Stan's checks before the solve (solve_powell_tol and
 * algebra_solver_newton_impl in Stan Math), messages naming fn. */
static int check_arguments(const char *fn, RtSolveMethod method, int n,
                           const double *guess, double tol, double f_tol,
                           long max_steps, RtError *err)
{
    if (n <= 0)
        return rt_error(err, "%s: initial guess has size 0, but must have a "
                        "non-zero size", fn);
    for (int i = 0; i < n; i++)
        if (!isfinite(guess[i]))
            return rt_error(err, "%s: initial guess[%d] is %g, but must be "
                            "finite!", fn, i + 1, guess[i]);
    const char *tol_name = method == RT_SOLVE_POWELL ? "relative_tolerance"
                                                     : "scaling_step_size";
    if (!(tol >= 0))
        return rt_error(err, "%s: %s is %g, but must be nonnegative!", fn,
                        tol_name, tol);
    if (!(f_tol >= 0))
        return rt_error(err, "%s: function_tolerance is %g, but must be "
                        "nonnegative!", fn, f_tol);
    if (max_steps <= 0)
        return rt_error(err, "%s: max_num_steps is %ld, but must be "
                        "positive!", fn, max_steps);
    return 0;
}

/* ------------------------------------------------------- the iteration */

/* One of GSL's two solver kinds: with the Jacobian (fdf) or without. */
typedef struct Root {
    gsl_multiroot_fsolver *fs;
    gsl_multiroot_fdfsolver *fdfs;
} Root;

static gsl_vector *root_x(const Root *r)
{
    return r->fs ? r->fs->x : r->fdfs->x;
}

static gsl_vector *root_f(const Root *r)
{
    return r->fs ? r->fs->f : r->fdfs->f;
}

static gsl_vector *root_dx(const Root *r)
{
    return r->fs ? r->fs->dx : r->fdfs->dx;
}

static int root_iterate(Root *r)
{
    return r->fs ? gsl_multiroot_fsolver_iterate(r->fs)
                 : gsl_multiroot_fdfsolver_iterate(r->fdfs);
}

static double norm2(const gsl_vector *v)
{
    double s = 0;
    for (size_t i = 0; i < v->size; i++)
        s += gsl_vector_get(v, i) * gsl_vector_get(v, i);
    return sqrt(s);
}

static double norm_max(const gsl_vector *v)
{
    double m = 0;
    for (size_t i = 0; i < v->size; i++)
        m = fmax(m, fabs(gsl_vector_get(v, i)));
    return m;
}

/* Whether the iteration has ended (1), goes on (0), or ran out of steps
 * (-1, with Stan's message). */
static int converged(Solve *s, RtSolveMethod method, const Root *r,
                     double tol, double f_tol, long max_steps, long iter)
{
    const gsl_vector *x = root_x(r), *dx = root_dx(r), *f = root_f(r);
    if (norm_max(f) == 0)
        return 1;
    if (method == RT_SOLVE_POWELL) {
        if (iter > 0 && norm2(dx) <= tol * (norm2(x) + tol))
            return 1;
        if (s->nfev >= max_steps)
            return rt_error(s->err, "%s: maximum number of iterations (%ld) "
                            "was exceeded in the solve.", s->fn, max_steps);
        return 0;
    }
    if (norm_max(f) <= f_tol)
        return 1;
    double step = 0;
    for (size_t i = 0; i < x->size; i++)
        step = fmax(step, fabs(gsl_vector_get(dx, i))
                              / fmax(fabs(gsl_vector_get(x, i)), 1));
    if (iter > 0 && step <= tol)
        return 1;
    if (iter >= max_steps)
        return rt_error(s->err, "%s: max number of iterations: %ld "
                        "exceeded.", s->fn, max_steps);
    return 0;
}

static int iterate(Solve *s, RtSolveMethod method, Root *r, double tol,
                   double f_tol, long max_steps)
{
    for (long iter = 0;; iter++) {
        int c = converged(s, method, r, tol, f_tol, max_steps, iter);
        if (c)
            return c < 0 ? -1 : 0;
        int status = root_iterate(r);
        if (s->failed)
            return -1;
        /* no progress (a local minimum of |f|, or the step at its
         * floor): the norm check decides */
        if (status != GSL_SUCCESS)
            return 0;
    }
}

static Solve *solve_new(const char *fn, const RtAlgebraSystem *sys,
                        RtError *err)
{
    size_t n = (size_t)sys->n, p = sys->p > 0 ? (size_t)sys->p : 1;
    Solve *s = calloc(1, sizeof *s + sizeof(double) * (4 * n + p));
    if (!s)
        return NULL;
    *s = (Solve){.sys = sys, .fn = fn, .err = err};
    double *mem = (double *)(s + 1);
    s->x = mem;
    s->fx = mem + n;
    s->w = mem + 2 * n;
    s->gx = mem + 3 * n;
    s->gtheta = mem + 4 * n;
    return s;
}

int rt_algebra_solve(const char *fn, RtSolveMethod method,
                     const RtAlgebraSystem *sys, const double *guess,
                     double tol, double f_tol, long max_steps, double *x,
                     RtError *err)
{
    if (check_arguments(fn, method, sys->n, guess, tol, f_tol, max_steps,
                        err))
        return -1;
    gsl_set_error_handler_off();
    Solve *s = solve_new(fn, sys, err);
    gsl_vector *x0 = gsl_vector_alloc((size_t)sys->n);
    Root r = {0};
    gsl_multiroot_function fun = {gsl_f, (size_t)sys->n, s};
    gsl_multiroot_function_fdf fdf = {gsl_f, gsl_df, gsl_fdf,
                                      (size_t)sys->n, s};
    if (sys->vjp)
        r.fdfs = gsl_multiroot_fdfsolver_alloc(
            method == RT_SOLVE_POWELL ? gsl_multiroot_fdfsolver_hybridsj
                                      : gsl_multiroot_fdfsolver_gnewton,
            (size_t)sys->n);
    else
        r.fs = gsl_multiroot_fsolver_alloc(
            method == RT_SOLVE_POWELL ? gsl_multiroot_fsolver_hybrids
                                      : gsl_multiroot_fsolver_dnewton,
            (size_t)sys->n);
    int rc = -1;
    if (!s || !x0 || (!r.fs && !r.fdfs)) {
        rc = rt_fatal(err, "%s: out of memory", fn);
        goto done;
    }
    for (int i = 0; i < sys->n; i++)
        gsl_vector_set(x0, (size_t)i, guess[i]);
    int status = r.fs ? gsl_multiroot_fsolver_set(r.fs, &fun, x0)
                      : gsl_multiroot_fdfsolver_set(r.fdfs, &fdf, x0);
    if (s->failed)
        goto done;
    if (status != GSL_SUCCESS) {
        rc = rt_error(err, "%s: the solver cannot start: %s", fn,
                      gsl_strerror(status));
        goto done;
    }
    if (iterate(s, method, &r, tol, f_tol, max_steps))
        goto done;
    /* Stan's check that the end point is a root */
    const gsl_vector *f = root_f(&r);
    double fnorm = method == RT_SOLVE_POWELL ? norm2(f) : norm_max(f);
    if (!(fnorm <= f_tol)) {
        rc = rt_error(err, "%s: the norm of the algebraic function is %g but "
                      "should be lower than the function tolerance: %g. "
                      "Consider decreasing the relative tolerance and "
                      "increasing max_num_steps.", fn, fnorm, f_tol);
        goto done;
    }
    for (int i = 0; i < sys->n; i++)
        x[i] = gsl_vector_get(root_x(&r), (size_t)i);
    rc = 0;
done:
    if (r.fs)
        gsl_multiroot_fsolver_free(r.fs);
    if (r.fdfs)
        gsl_multiroot_fdfsolver_free(r.fdfs);
    gsl_vector_free(x0);
    free(s);
    return rc;
}

/* ---------------------------------------------- the implicit gradient */

int rt_algebra_solve_adjoint(const char *fn, const RtAlgebraSystem *sys,
                             const double *x, const double *adj,
                             double *gtheta, RtError *err)
{
    if (!sys->vjp)
        return rt_error(err, "%s: the gradient needs the system's "
                        "derivatives", fn);
    gsl_set_error_handler_off();
    size_t n = (size_t)sys->n;
    Solve *s = solve_new(fn, sys, err);
    gsl_matrix *Jt = gsl_matrix_alloc(n, n);
    gsl_permutation *perm = gsl_permutation_alloc(n);
    gsl_vector *rhs = gsl_vector_alloc(n), *eta = gsl_vector_alloc(n);
    int rc = -1;
    if (!s || !Jt || !perm || !rhs || !eta) {
        rc = rt_fatal(err, "%s: out of memory", fn);
        goto done;
    }
    /* J_x into Jt transposed: row i of J_x is column i of Jt */
    gsl_matrix *J = gsl_matrix_alloc(n, n);
    if (!J) {
        rc = rt_fatal(err, "%s: out of memory", fn);
        goto done;
    }
    int jrc = eval_jacobian(s, x, J->data, J->tda);
    if (!jrc)
        gsl_matrix_transpose_memcpy(Jt, J);
    gsl_matrix_free(J);
    if (jrc)
        goto done;
    for (size_t i = 0; i < n; i++)
        gsl_vector_set(rhs, i, -adj[i]);
    int sign = 0;
    int status = gsl_linalg_LU_decomp(Jt, perm, &sign);
    if (status == GSL_SUCCESS)
        status = gsl_linalg_LU_solve(Jt, perm, rhs, eta);
    bool finite = status == GSL_SUCCESS;
    for (size_t i = 0; finite && i < n; i++)
        finite = isfinite(gsl_vector_get(eta, i));
    if (!finite) {
        rc = rt_error(err, "%s: the Jacobian of the algebraic system with "
                      "respect to the unknowns is singular at the solution, "
                      "so the solution has no derivatives", fn);
        goto done;
    }
    /* eta^T J_theta into gtheta; eta^T J_x (= -adj) is not wanted */
    for (size_t i = 0; i < n; i++)
        s->w[i] = gsl_vector_get(eta, i);
    memset(s->gx, 0, sizeof *s->gx * n);
    rc = sys->vjp(sys->ctx, x, s->w, s->gx, gtheta, err) ? -1 : 0;
done:
    gsl_vector_free(eta);
    gsl_vector_free(rhs);
    gsl_permutation_free(perm);
    gsl_matrix_free(Jt);
    free(s);
    return rc;
}
