/* rt_solve.h - Stan's algebraic solvers (Stan Functions Reference,
 * "Algebraic equation solvers"): solve_powell[_tol] and the deprecated
 * algebra_solver (Powell's hybrid dogleg method), solve_newton[_tol] and
 * algebra_solver_newton (Newton's method with a line search), through
 * GSL's multiroot solvers, and the gradient of a root by the implicit
 * function theorem.
 *
 * A system f(x; theta) = 0 of n equations in n unknowns x, where theta
 * are the p parameters that carry derivatives.  The solver never prints
 * and never calls exit; it allocates with GSL on each call and frees on
 * every path. */
#ifndef RT_SOLVE_H
#define RT_SOLVE_H

typedef struct RtError RtError;

typedef struct RtAlgebraSystem {
    int n, p;
    /* f(x) into fx, which has room for n values: writes at most n and
     * returns how many the function gives (the solver rejects any other
     * number than n), or -1 with err filled. */
    int (*f)(void *ctx, const double *x, double *fx, RtError *err);
    /* ADD w^T df/dx into gx (n) and w^T df/dtheta into gtheta (p); 0, or
     * -1 with err filled.  NULL: no derivatives (the solvers then
     * approximate the Jacobian by finite differences). */
    int (*vjp)(void *ctx, const double *x, const double *w, double *gx,
               double *gtheta, RtError *err);
    void *ctx;
} RtAlgebraSystem;

typedef enum RtSolveMethod {
    RT_SOLVE_POWELL,     /* GSL's hybridsj (hybrids without vjp) */
    RT_SOLVE_NEWTON      /* GSL's gnewton (dnewton without vjp) */
} RtSolveMethod;

/* Stan's defaults: (relative tolerance or scaling step, function
 * tolerance, maximum steps) of solve_powell, algebra_solver and
 * solve_newton / algebra_solver_newton. */
#define RT_SOLVE_POWELL_DEFAULTS 1e-10, 1e-6, 200
#define RT_ALGEBRA_SOLVER_DEFAULTS 1e-10, 1e-6, 1000
#define RT_SOLVE_NEWTON_DEFAULTS 1e-3, 1e-6, 200

/* Solve f(x) = 0 from the initial guess into x (n values), fn naming the
 * Stan function in messages.  Powell: tol is the relative tolerance on the
 * step (||dx|| <= tol (||x|| + tol) ends the iteration), max_steps bounds
 * the evaluations of f; Newton: tol is the scaling step (a step with
 * max_i |dx_i| / max(|x_i|, 1) below it ends the iteration), max_steps
 * bounds the iterations, and max_i |f_i| <= f_tol is a root.  Stan's
 * checks, in Stan's order: the guess non-empty and finite, the tolerances
 * non-negative, max_steps positive, the output's size that of x; after the
 * solve, the norm of f(x) (Euclidean for Powell, maximum for Newton) at
 * most f_tol.  Returns 0, or -1 with the message in err, e.g.
 *   "solve_powell: initial guess[2] is nan, but must be finite!"
 *   "solve_newton: max number of iterations: 200 exceeded."
 *   "algebra_solver: the norm of the algebraic function is 0.5 but should
 *    be lower than the function tolerance: 1e-06. Consider decreasing the
 *    relative tolerance and increasing max_num_steps."
 * A value of f that is not finite is an error too. */
int rt_algebra_solve(const char *fn, RtSolveMethod method,
                     const RtAlgebraSystem *sys, const double *guess,
                     double tol, double f_tol, long max_steps, double *x,
                     RtError *err);

/* The reverse step at a root x: with J_x = df/dx and J_theta = df/dtheta
 * there, dx/dtheta = -J_x^{-1} J_theta, so ADD adj^T dx/dtheta into gtheta
 * (p values) as eta^T J_theta with J_x^T eta = -adj: n vjp calls for J_x,
 * one linear solve, one vjp call.  A singular J_x is an error. */
int rt_algebra_solve_adjoint(const char *fn, const RtAlgebraSystem *sys,
                             const double *x, const double *adj,
                             double *gtheta, RtError *err);

#endif
