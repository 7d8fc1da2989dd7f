/* rt_dae.h - Stan's DAE solver (Stan Functions Reference, "Differential-
 * Algebraic equation (DAE) solver"): dae and dae_tol solve the fully
 * implicit index-1 system F(t, y, y') = 0 from y(t0) = yy0, y'(t0) = yp0
 * with a variable-step, variable-order (1 to 5) backward differentiation
 * formula, and give the forward sensitivities of the solution with
 * respect to yy0, yp0 and the parameters for the gradient (dae.c).
 *
 * Stan runs SUNDIALS' IDAS (fixed-leading-coefficient BDF, Newton
 * iteration on the residual with a dense Jacobian); this is the
 * variable-coefficient form of the same formulas: the derivative at the
 * new point is that of the polynomial through the new point and the last
 * k solution points, the predictor the polynomial through the last k+1,
 * the local error estimated from the divided differences (Brenan,
 * Campbell and Petzold, "Numerical Solution of Initial-Value Problems in
 * Differential-Algebraic Equations", SIAM 1996, ch. 3 and 5: DASSL).
 * Consistent initial values are the caller's responsibility, as in Stan
 * (F(t0, yy0, yp0) is not checked).
 *
 * The solver allocates its work space with malloc on each call and frees
 * it on every path.  It never prints and never calls exit. */
#ifndef RT_DAE_H
#define RT_DAE_H

typedef struct RtError RtError;

/* F(t, y, y'; theta) = 0: n states, p parameters that carry derivatives. */
typedef struct RtDaeSystem {
    int n, p;
    /* r = F(t, y, yp) (n values); 0, or -1 with err filled.  Values that
     * are not finite are not an error here: the solver retries with a
     * smaller step, and fails with Stan's message if that does not help. */
    int (*res)(void *ctx, double t, const double *y, const double *yp,
               double *r, RtError *err);
    /* The vector-Jacobian product: ADD w^T dF/dy into gy, w^T dF/dy' into
     * gyp (n entries each) and w^T dF/dtheta into gtheta (p entries) at
     * (t, y, yp).  NULL: the Newton iteration's Jacobian comes from
     * forward differences of res, and no sensitivities can be asked for. */
    int (*vjp)(void *ctx, double t, const double *y, const double *yp,
               const double *w, double *gy, double *gyp, double *gtheta,
               RtError *err);
    void *ctx;
} RtDaeSystem;

/* Stan Math's checks of dae_tol_impl, in its order, messages naming fn:
 * check_finite of the initial state and its derivative, check_nonzero_size
 * of both, the sizes matching, check_finite of the initial time and the
 * times, check_nonzero_size and check_sorted of the times, check_less of
 * the initial time, check_positive_finite of the tolerances,
 * check_positive of max_num_steps.  0, or -1 with err set, e.g.
 *   "dae: initial state derivative[2] is nan, but must be finite!"
 *   "dae: initial time is 2, but must be less than 1.000000" */
int rt_dae_check_arguments(const char *fn, const double *yy0, int nyy,
                           const double *yp0, int nyp, double t0,
                           const double *ts, int nts, double rtol,
                           double atol, long max_num_steps, RtError *err);

/* Stan's check that each argument passed on to the residual is finite:
 *   "dae: DAE parameters and data[1] is inf, but must be finite!"
 * (Stan names the function "dae" for dae_tol too.) */
int rt_dae_check_finite(const double *x, int n, RtError *err);

/* The sensitivity columns m = 2n + p of n states and p parameters into
 * *m, with the size of the sensitivities at nts output times (nts x n x
 * m doubles, which the caller allocates) checked against the limit on
 * intermediate results (rt_temp_check's message).  0, or -1 with err
 * set. */
int rt_dae_sensitivity_columns(int nts, int n, int p, int *m, RtError *err);

/* Solve (after rt_dae_check_arguments, which it runs again) from t0 to
 * the nts output times ts, writing y(ts[k]) into y_out[k*n .. k*n+n-1].
 * Steps end on the output times (the last step before one is shortened
 * or stretched to end there).
 *
 * With sens != NULL (sys->vjp required) also the sensitivities: an n x m
 * row-major block per output time, m = 2n + p,
 *   sens[k*n*m + i*m + j] = d y_i(ts[k]) / d yy0_j          (j < n)
 *                         = d y_i(ts[k]) / d yp0_{j-n}      (n <= j < 2n)
 *                         = d y_i(ts[k]) / d theta_{j-2n}   (j >= 2n),
 * the solution of the sensitivity DAE F_y s + F_y' s' + F_theta = 0 with
 * s(t0) = [I | 0 | 0], s'(t0) = [0 | I | 0], advanced on the states'
 * steps with the same formula (staggered direct: after each accepted
 * step, one linear solve with the iteration matrix F_y + c F_y' at the
 * new point; the Jacobians come from n calls of vjp with w = e_i).  This
 * is the derivative of the computed solution for the steps taken; the
 * sensitivities are not in the error test.  A consistent solution does
 * not depend on yp0, and neither does the formula's result: those
 * columns are 0.
 *
 * rtol and atol weigh errors as IDAS does (rtol |y_i| + atol, the norm
 * the root mean square); max_num_steps bounds the steps between two
 * output times, as IDAS' mxstep.  Returns 0, or -1 with err set: the
 * argument checks above, a failing res or vjp's own message, or Stan's
 * IDASolve message (check_flag_sundials) with where it happened:
 *   "dae: IDASolve failed with error flag -1: The solver took mxstep
 *    internal steps but could not reach tout. (500 steps from t = 0 did
 *    not reach the output time 40)"
 *   ... flag -3 (error test failures, or the step size fell below the
 *   resolution of t), -4 (Newton iteration failures; "the iteration
 *   matrix dF/dy + c dF/dy' is singular" when it is), -9 (the residual
 *   was not finite on every retry). */
int rt_dae_solve(const char *fn, const RtDaeSystem *sys, const double *yy0,
                 int nyy, const double *yp0, int nyp, double t0,
                 const double *ts, int nts, double rtol, double atol,
                 long max_num_steps, double *y_out, double *sens,
                 RtError *err);

#endif
