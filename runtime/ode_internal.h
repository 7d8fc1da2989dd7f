/* ode_internal.h - what the ODE solvers share (ode.c: Dormand-Prince for
 * ode_rk45; ode_gsl.c: GSL's odeiv2 steppers for ode_ckrk, ode_adams and
 * ode_bdf): Stan's argument checks (most of which the DAE solver, dae.c,
 * shares) and the coupled system of the states and their forward
 * sensitivities (ode_coupled.c).  Not part of libpplrt's interface. */
#ifndef ODE_INTERNAL_H
#define ODE_INTERNAL_H

#include "pplrt.h"
#include "rt_ode.h"

/* The integrated state z = [y (n) | S (n x m, row-major)], m = n + p
 * sensitivity columns, or z = y alone (m = 0) without sensitivities. */
typedef struct RtOdeCoupled {
    const RtOdeSystem *sys;
    int n, m, size;     /* size = n + n*m */
    double *unit;       /* n: the w = e_i of the vjp calls */
    double *jy;         /* n x n: df/dy, row i from vjp with e_i */
    double *jtheta;     /* n x p: df/dtheta */
} RtOdeCoupled;

/* Stan's argument checks of every ODE solver, in the order of Stan Math's
 * ode_rk45_tol_impl and cvodes_integrator: check_finite of the initial
 * state, initial time and times; check_nonzero_size of the initial state
 * and the times; check_sorted; check_less; check_positive_finite of the
 * tolerances; check_positive of max_num_steps.  Messages name fn. */
int rt_ode_check_arguments(const char *fn, int n, const double *y0,
                           double t0, const double *ts, int nts,
                           double rtol, double atol, long max_num_steps,
                           RtError *err);
/* The parts of those checks that the DAE solver's (dae.c, after its
 * own checks of the initial state and its derivative) share: the initial
 * time and the times finite; then the times' size, their order, the
 * initial time before the first, the tolerances and max_num_steps. */
int rt_ode_check_times(const char *fn, double t0, const double *ts,
                       int nts, RtError *err);
int rt_ode_check_controls(const char *fn, double t0, const double *ts,
                          int nts, double rtol, double atol,
                          long max_num_steps, RtError *err);

/* Rows of df/dy into c->jy and of df/dtheta into c->jtheta at (t, y):
 * n calls of the system's vjp with w = e_i (the system must have one). */
int rt_ode_jacobian(const RtOdeCoupled *c, double t, const double *y,
                    RtError *err);

/* dz = (f(t, y), J_y S + [0 | J_theta]) (only f(t, y) when c->m == 0). */
int rt_ode_coupled_rhs(const RtOdeCoupled *c, double t, const double *z,
                       double *dz, RtError *err);

/* The work space of c (unit, jy, jtheta) in mem, which has
 * rt_ode_coupled_scratch(c) doubles; returns the number used. */
size_t rt_ode_coupled_scratch(const RtOdeCoupled *c);
void rt_ode_coupled_place(RtOdeCoupled *c, double *mem);

/* Solve with GSL's odeiv2 (ode_gsl.c): RT_ODE_CKRK, RT_ODE_ADAMS or
 * RT_ODE_BDF, as rt_ode_solve describes. */
int rt_ode_gsl(RtOdeMethod method, const char *fn, const RtOdeSystem *sys,
               const double *y0, double t0, const double *ts, int nts,
               double rtol, double atol, long max_num_steps, double *y_out,
               double *sens, RtError *err);

#endif
