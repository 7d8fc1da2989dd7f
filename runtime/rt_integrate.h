/* rt_integrate.h - Stan's 1-D integrator integrate_1d (Stan Functions
 * Reference, "1D integrator") over GSL's adaptive Gauss-Kronrod
 * quadrature: QAGS on finite intervals, QAGIL / QAGIU / QAGI where a bound
 * is infinite.  The gradient with respect to the parameters theta is the
 * integral of the integrand's gradient, component by component, as Stan
 * computes it; with respect to a finite bound it is the integrand there.
 *
 * The integrator never prints and never calls exit; GSL's work space is
 * allocated per call and freed on every path. */
#ifndef RT_INTEGRATE_H
#define RT_INTEGRATE_H

typedef struct RtError RtError;

/* The integrand f(x, xc; theta) with p parameters theta.  xc is Stan's
 * complement of x: on a finite interval the signed distance to the nearer
 * bound (lo - x near lo, hi - x near hi, where an interval that crosses
 * zero is split at zero), NaN when a bound is infinite. */
typedef struct RtIntegrand {
    int p;
    /* f(x, xc) into *fx; 0, or -1 with err filled */
    int (*f)(void *ctx, double x, double xc, double *fx, RtError *err);
    /* ADD df(x, xc)/dtheta into gtheta (p values); 0, or -1 with err
     * filled.  NULL when no gradient is wanted. */
    int (*grad)(void *ctx, double x, double xc, double *gtheta,
                RtError *err);
    void *ctx;
} RtIntegrand;

/* Stan's default relative tolerance, sqrt(machine epsilon). */
#define RT_INTEGRATE_1D_TOLERANCE 1.4901161193847656e-08

/* The integral of f from a to b into *value, to the relative tolerance
 * rel_tol: each piece (an interval that crosses zero is integrated in two
 * pieces, below and above zero, as Stan does) is accepted when GSL's error
 * estimate is at most rel_tol times the integral of |f| over it (Stan's
 * criterion).  Stan's checks: a <= b ("integrate_1d: lower limit is 2, but
 * must be less than or equal to 1.000000"), a == b gives 0 unless both are
 * infinite ("integrate_1d: Integration endpoints are both inf").  A value
 * of f that is not finite is an error.  Returns 0, or -1 with the message
 * in err. */
int rt_integrate_1d(const RtIntegrand *f, double a, double b,
                    double rel_tol, double *value, RtError *err);

/* The gradient of that integral: gtheta[k] = the integral of
 * df/dtheta_k (p values, overwritten), *ga = -f(a, 0) and *gb = f(b, 0)
 * (0 for an infinite bound).  A NaN component of the integrand's gradient
 * counts as 0 where f is 0 (Stan's rule: the gradient overflows where the
 * integrand vanishes), else it is an error. */
int rt_integrate_1d_grad(const RtIntegrand *f, double a, double b,
                         double rel_tol, double *gtheta, double *ga,
                         double *gb, RtError *err);

#endif
