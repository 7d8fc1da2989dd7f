/* ode_adjoint.c - the controls of ode_adjoint_tol_ctl (rt_ode.h).
 *
 * Stan solves ode_adjoint_tol_ctl with CVODES' adjoint method: a forward
 * solve with checkpoints, then a backward solve of the adjoint system and
 * quadratures for the parameters' gradient.  The solution is the forward
 * solve's; the gradient is the same derivative computed another way.  Here
 * the forward solve is rt_ode_solve with the forward controls (the solver
 * Stan's solver_forward names: 1 Adams, 2 BDF), and the gradient comes
 * from its forward sensitivities, as for ode_adams_tol / ode_bdf_tol.  The
 * backward, quadrature and checkpointing controls have no counterpart in
 * that method: they are checked as Stan checks them and otherwise unused,
 * which changes how the gradient is computed, not what it is. */
#include <math.h>

#include "pplrt.h"

/* check_positive_finite of a scalar control. */
static int positive_finite(const char *fn, const char *name, double v,
                           RtError *err)
{
    if (v > 0 && isfinite(v))
        return 0;
    return rt_error(err, "%s: %s is %g, but must be positive finite!", fn,
                    name, v);
}

/* ...of a vector control of one entry per state (check_size_match
 * first). */
static int positive_finite_each(const char *fn, const char *name,
                                const double *v, int nv, int n, RtError *err)
{
    if (nv != n)
        return rt_error(err, "%s: size of %s (%d) and size of the initial "
                        "state (%d) must match in size", fn, name, nv, n);
    for (int i = 0; i < nv; i++)
        if (!(v[i] > 0 && isfinite(v[i])))
            return rt_error(err, "%s: %s[%d] is %g, but must be positive "
                            "finite!", fn, name, i + 1, v[i]);
    return 0;
}

/* check_bounded of an int control in [1, 2]. */
static int one_or_two(const char *fn, const char *name, int v, RtError *err)
{
    if (v == 1 || v == 2)
        return 0;
    return rt_error(err, "%s: %s is %d, but must be in the interval [1, 2]",
                    fn, name, v);
}

int rt_ode_adjoint_controls(const char *fn, int n, const RtOdeAdjointCtl *c,
                            RtOdeMethod *method, double *atol, RtError *err)
{
    if (positive_finite(fn, "relative_tolerance_forward", c->rtol_forward,
                        err)
        || positive_finite_each(fn, "absolute_tolerance_forward",
                                c->atol_forward, c->natol_forward, n, err)
        || positive_finite(fn, "relative_tolerance_backward",
                           c->rtol_backward, err)
        || positive_finite_each(fn, "absolute_tolerance_backward",
                                c->atol_backward, c->natol_backward, n, err)
        || positive_finite(fn, "relative_tolerance_quadrature",
                           c->rtol_quadrature, err)
        || positive_finite(fn, "absolute_tolerance_quadrature",
                           c->atol_quadrature, err))
        return -1;
    if (c->max_num_steps <= 0)
        return rt_error(err, "%s: max_num_steps is %d, but must be positive!",
                        fn, c->max_num_steps);
    if (c->num_steps_between_checkpoints <= 0)
        return rt_error(err, "%s: num_steps_between_checkpoints is %d, but "
                        "must be positive!", fn,
                        c->num_steps_between_checkpoints);
    if (one_or_two(fn, "interpolation_polynomial",
                   c->interpolation_polynomial, err)
        || one_or_two(fn, "solver_forward", c->solver_forward, err)
        || one_or_two(fn, "solver_backward", c->solver_backward, err))
        return -1;
    /* one absolute tolerance for every state: the smallest asked for, so
     * that no state is solved less accurately than its own asks */
    double a = c->atol_forward[0];
    for (int i = 1; i < n; i++)
        a = fmin(a, c->atol_forward[i]);
    *atol = a;
    *method = c->solver_forward == 1 ? RT_ODE_ADAMS : RT_ODE_BDF;
    return 0;
}
