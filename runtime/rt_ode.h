/* rt_ode.h - Stan's ODE solvers (Stan Functions Reference, "Ordinary
 * differential equations", and the deprecated integrate_ode_* functions
 * of "Removed functions"), with forward sensitivities for the gradient:
 *   ode_rk45[_tol], integrate_ode_rk45  Dormand-Prince 5(4) with adaptive
 *       steps and dense output, as Boost.odeint's runge_kutta_dopri5
 *       driven by integrate_times, which Stan Math uses (ode.c);
 *   ode_ckrk[_tol]  Cash-Karp 5(4), GSL's rkck (ode_gsl.c);
 *   ode_adams[_tol], integrate_ode_adams  variable-order Adams multistep
 *       methods, GSL's msadams (Stan uses CVODES' Adams-Moulton);
 *   ode_bdf[_tol], integrate_ode_bdf  variable-order backward
 *       differentiation formulas for stiff systems, GSL's msbdf with the
 *       Jacobian from the system's vjp (Stan uses CVODES' BDF).
 *
 * The sampler sees the solution y(ts[k]) and its Jacobian with respect to
 * the initial state and the parameters; in the reverse sweep it multiplies
 * the adjoints of the outputs into those Jacobians (the forward-sensitivity
 * method Stan uses for ode_rk45).
 *
 * The solver allocates its work space with malloc on each call and frees
 * it on every path.  It never prints and never calls exit. */
#ifndef RT_ODE_H
#define RT_ODE_H

typedef struct RtError RtError;

/* dy/dt = f(t, y; theta): n states, p parameters that carry derivatives. */
typedef struct RtOdeSystem {
    int n, p;
    /* dydt = f(t, y); 0, or -1 with err filled */
    int (*f)(void *ctx, double t, const double *y, double *dydt, RtError *err);
    /* The vector-Jacobian product: ADD w^T df/dy into gy (n entries) and
     * w^T df/dtheta into gtheta (p entries) at (t, y).  NULL when p == 0
     * and no sensitivities are wanted. */
    int (*vjp)(void *ctx, double t, const double *y, const double *w,
               double *gy, double *gtheta, RtError *err);
    void *ctx;
} RtOdeSystem;

/* Solve from y(t0) = y0 to the nts output times ts (strictly after t0,
 * non-decreasing), writing y(ts[k]) into y_out[k*n .. k*n+n-1].
 *
 * With sens != NULL also the sensitivities dy(ts[k])/d(y0, theta): an
 * n x (n+p) row-major block per output time,
 *   sens[k*n*(n+p) + i*(n+p) + j] = d y_i(ts[k]) / d y0_j      (j < n)
 *                                 = d y_i(ts[k]) / d theta_{j-n} (j >= n),
 * integrated as Stan does: the coupled system of the states and
 * S' = J_y S + [0 | J_theta], S(t0) = [I | 0], with the error controlled
 * over all of its components (rows of J_y and J_theta come from n calls of
 * vjp with w = e_i, so vjp is required).  Without sens only the n states
 * are integrated.  (Stan integrates sensitivity columns only for the
 * arguments that are parameters; with y0 data and theta parameters its
 * error control sees n + n*p components where this one sees n + n*(n+p),
 * so the steps, and the results within the tolerances, can differ.)
 *
 * Stan's check that the parameters and data passed to f are finite ("ode
 * parameters and data") is the caller's: theta is not seen here.
 *
 * Steps are not clipped to the output times: the solver steps freely and
 * reads the outputs off the method's dense output (Shampine's fourth-order
 * interpolant), only the step onto the last output time is shortened to
 * end there -- so the steps, and the results, are those of Stan.
 *
 * rtol, atol and max_num_steps (the limit on steps between two output
 * times) are those of ode_rk45_tol; ode_rk45 passes 1e-6, 1e-6, 1e6.
 * Returns 0, or -1 with Stan's message in err (err may be NULL), e.g.
 *   "ode_rk45: initial time is 2, but must be less than 1.000000"
 *   "ode_rk45: times is not a valid sorted vector. The element at 3 is 1,
 *    but should be greater than or equal to the previous element, 2"
 *   "ode_rk45:  Failed to integrate to next output time (10) in less than
 *    max_num_steps steps" (Stan's two spaces: an empty variable name)
 * or the message of a failing f or vjp as they wrote it. */
int rt_ode_rk45(const RtOdeSystem *sys, const double *y0, double t0,
                const double *ts, int nts, double rtol, double atol,
                long max_num_steps, double *y_out, double *sens, RtError *err);

/* The same solver, its messages naming ode_rk45_tol. */
int rt_ode_rk45_tol(const RtOdeSystem *sys, const double *y0, double t0,
                    const double *ts, int nts, double rtol, double atol,
                    long max_num_steps, double *y_out, double *sens,
                    RtError *err);

/* Which solver rt_ode_solve runs. */
typedef enum RtOdeMethod {
    RT_ODE_RK45,    /* Dormand-Prince, dense output */
    RT_ODE_CKRK,    /* Cash-Karp, steps ending on the output times */
    RT_ODE_ADAMS,   /* GSL msadams (non-stiff, orders 1 to 12) */
    RT_ODE_BDF      /* GSL msbdf (stiff, orders 1 to 5) */
} RtOdeMethod;

/* Every solver through one entry: the arguments, results and messages of
 * rt_ode_rk45, the messages naming fn (the Stan function called:
 * "ode_bdf_tol", "integrate_ode_adams", ...).  The callers pass Stan's
 * defaults for the forms without tolerances: 1e-6, 1e-6, 1e6 for rk45
 * and ckrk, 1e-10, 1e-10, 1e8 for adams and bdf.
 *
 * The GSL solvers step from one output time to the next, the last step
 * shortened to end on it, with error control over the coupled system's
 * every component: GSL's (D_i = atol + rtol |z_i|, as CVODES weighs
 * errors) for adams and bdf; for ckrk Boost.odeint's controlled stepper,
 * which Stan runs (atol + rtol (|z_i| + h |z_i'|) at the step's start,
 * first trial step 0.1).  max_num_steps bounds the accepted steps between
 * two output times, as CVODES' mxstep.  A trial step whose derivatives
 * are not finite is retried with half the step.  RT_ODE_BDF needs the Jacobian
 * df/dy: from the system's vjp (n calls with w = e_i) when it has one,
 * else by forward differences of f.  With sensitivities the Newton matrix
 * of the coupled system is block diagonal, J_y for the states and for
 * each sensitivity column (CVODES' simultaneous corrector does the same):
 * the derivatives of J_y S with respect to y are left out of the
 * iteration matrix, not of the system, so they change how fast the
 * corrector converges, not what it converges to.
 *
 * Beyond Stan's argument checks (rt_ode_rk45), a GSL solver that cannot
 * go on fails with
 *   "ode_bdf: Failed to integrate to next output time (10): the step
 *    size fell to zero at t = 3.2 (GSL: ...)"
 * (CVODES' own flags have no counterpart here). */
int rt_ode_solve(RtOdeMethod method, const char *fn, const RtOdeSystem *sys,
                 const double *y0, double t0, const double *ts, int nts,
                 double rtol, double atol, long max_num_steps, double *y_out,
                 double *sens, RtError *err);

/* The controls of ode_adjoint_tol_ctl after f, y0, t0 and ts, in Stan's
 * order. */
typedef struct RtOdeAdjointCtl {
    double rtol_forward;
    const double *atol_forward;
    int natol_forward;
    double rtol_backward;
    const double *atol_backward;
    int natol_backward;
    double rtol_quadrature, atol_quadrature;
    int max_num_steps, num_steps_between_checkpoints;
    int interpolation_polynomial, solver_forward, solver_backward;
} RtOdeAdjointCtl;

/* Stan's checks of ode_adjoint_tol_ctl's controls for n states; then the
 * forward solve rt_ode_solve runs for it: *method the solver
 * solver_forward names (1 Adams, 2 BDF), *atol the smallest of the
 * forward absolute tolerances.  The gradient comes from forward
 * sensitivities (ode_adjoint.c says why that is the same derivative).
 * Returns 0, or -1 with err set:
 *   "ode_adjoint_tol_ctl: solver_forward is 3, but must be in the
 *    interval [1, 2]" */
int rt_ode_adjoint_controls(const char *fn, int n, const RtOdeAdjointCtl *c,
                            RtOdeMethod *method, double *atol, RtError *err);

#endif
