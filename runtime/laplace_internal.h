/* laplace_internal.h - what the two embedded Laplace files share: the
 * Newton iteration for the mode (laplace.c, used by laplace_user.c too).
 * Not part of libpplrt's interface. */
#ifndef LAPLACE_INTERNAL_H
#define LAPLACE_INTERNAL_H

#include <stdbool.h>

#include "rt_laplace.h"

/* One Newton iteration's problem, in the parameterization theta = K a of
 * Rasmussen & Williams' Algorithm 3.1.  a and theta hold the start and
 * receive the mode; a_new and theta_new are scratch of the same size n. */
typedef struct RtLaplaceNewton {
    int n;
    double *a, *theta, *a_new, *theta_new;
    /* The mode's name in the divergence message: "the Newton iteration
     * for WHAT diverged at step 3". */
    const char *what;
    /* Linearize at theta (step is 1-based, for messages) and write the
     * full Newton step's a into a_new; 0, or -1 with err. */
    int (*direction)(void *ctx, int step, double *a_new, RtError *err);
    /* theta = K a and the objective -a'theta/2 + log p(y | theta) into *f;
     * 0, or -1 with err. */
    int (*objective)(void *ctx, const double *a, double *theta, double *f,
                     RtError *err);
    void *ctx;
} RtLaplaceNewton;

/* Newton's method from the objective *f at nw's a and theta, with step
 * halving while the objective falls by more than rounding (at most
 * o->max_steps_line_search halvings), until the objective changes by less
 * than o->tol (or than rounding, when the tolerance asks for less).  On
 * return nw's a and theta are the last iterate and *f its objective;
 * divergence (a non-finite objective) and more than o->max_steps steps are
 * errors naming fn. */
int rt_laplace_newton(const char *fn, const RtLaplaceNewton *nw,
                      const RtLaplaceOptions *o, double *f, RtError *err);

#endif
