/* integrate.c - integrate_1d (rt_integrate.h) over GSL's QAGS family.
 *
 * Stan integrates with Boost's double-exponential rules and accepts a
 * result when the error estimate is at most the relative tolerance times
 * the integral of |f| (its L1 norm); here GSL's adaptive Gauss-Kronrod
 * rules integrate each piece twice: |f| to a loose tolerance for the
 * norm, then f with the absolute tolerance rel_tol times that norm.  So
 * an integral near zero of a function that is not (the gradient of a
 * normalized density, say) is accepted as Stan accepts it, where a purely
 * relative test would never be met.
 *
 * Sections: the integrand for GSL; one piece; the value; the gradient. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "pplrt.h"
#include "rt_integrate.h"

/* GSL's limit on the subintervals of one integration. */
#define LIMIT 1000
/* The relative tolerance of the norm, which only scales the tolerance. */
#define NORM_TOLERANCE 1e-3

/* ------------------------------------------------ the integrand for GSL */

/* What GSL's callback sees: the integrand, which quantity (f itself, or
 * component k of its gradient), whether its absolute value is wanted, the
 * piece's bounds for xc, and the first failure (GSL's callback cannot
 * fail: the message stays here and the value 0 goes back). */
typedef struct Integrate {
    const RtIntegrand *f;
    RtError *err;
    bool failed;
    int component;          /* -1: f; k >= 0: df/dtheta_k */
    bool absolute;
    bool finite;            /* both bounds of the whole interval finite */
    double lo, hi;          /* the piece */
    double *g;              /* p values */
} Integrate;

static double complement(const Integrate *s, double x)
{
    if (!s->finite)
        return NAN;
    return x - s->lo <= s->hi - x ? s->lo - x : s->hi - x;
}

static double fail(Integrate *s)
{
    s->failed = true;
    return 0;
}

static double integrand(double x, void *params)
{
    Integrate *s = params;
    const RtIntegrand *f = s->f;
    if (s->failed)
        return 0;
    double xc = complement(s, x), v = 0;
    if (s->component < 0) {
        if (f->f(f->ctx, x, xc, &v, s->err))
            return fail(s);
        if (!isfinite(v)) {
            rt_error(s->err, "integrate_1d: the integrand is %g at x = %g, "
                     "but must be finite!", v, x);
            return fail(s);
        }
    } else {
        memset(s->g, 0, sizeof *s->g * (size_t)f->p);
        if (f->grad(f->ctx, x, xc, s->g, s->err))
            return fail(s);
        v = s->g[s->component];
        double fx = 0;
        if (isnan(v) && f->f(f->ctx, x, xc, &fx, s->err))
            return fail(s);
        if (isnan(v) && fx == 0)
            v = 0;      /* Stan's rule: see rt_integrate_1d_grad */
        if (!isfinite(v)) {
            rt_error(s->err, "integrate_1d: the gradient of the integrand "
                     "with respect to theta[%d] is %g at x = %g, but must "
                     "be finite!", s->component + 1, v, x);
            return fail(s);
        }
    }
    return s->absolute ? fabs(v) : v;
}

/* --------------------------------------------------------------- pieces */

/* GSL's rule for the piece [lo, hi]: QAGS on a finite one, else the
 * transformed rules for infinite bounds. */
static int quadrature(Integrate *s, double epsabs, double epsrel,
                      gsl_integration_workspace *w, double *result,
                      double *abserr)
{
    gsl_function F = {integrand, s};
    double lo = s->lo, hi = s->hi;
    if (isinf(lo) && isinf(hi))
        return gsl_integration_qagi(&F, epsabs, epsrel, LIMIT, w, result,
                                    abserr);
    if (isinf(lo))
        return gsl_integration_qagil(&F, hi, epsabs, epsrel, LIMIT, w,
                                     result, abserr);
    if (isinf(hi))
        return gsl_integration_qagiu(&F, lo, epsabs, epsrel, LIMIT, w,
                                     result, abserr);
    return gsl_integration_qags(&F, lo, hi, epsabs, epsrel, LIMIT, w, result,
                                abserr);
}

/* The integral over the piece [lo, hi] into *out, accepted when the
 * error estimate is at most rel_tol times the integral of |.|; which
 * (" below zero", " above zero" or "") names the piece as Stan does. */
static int piece(Integrate *s, double lo, double hi, const char *which,
                 double rel_tol, gsl_integration_workspace *w, double *out)
{
    double norm = 0, result = 0, abserr = 0;
    s->lo = lo;
    s->hi = hi;
    s->absolute = true;
    quadrature(s, 0, NORM_TOLERANCE, w, &norm, &abserr);
    s->absolute = false;
    if (s->failed)
        return -1;
    if (norm == 0) {    /* zero everywhere GSL looked */
        *out = 0;
        return 0;
    }
    int status = quadrature(s, rel_tol * norm, rel_tol, w, &result, &abserr);
    if (s->failed)
        return -1;
    if (status != GSL_SUCCESS && !(abserr <= rel_tol * norm)) {
        if (s->component >= 0)
            return rt_error(s->err, "integrate_1d: error estimate of "
                            "integral%s of the gradient with respect to "
                            "theta[%d] %g exceeds the given relative "
                            "tolerance times norm of integral%s", which,
                            s->component + 1, abserr, which);
        return rt_error(s->err, "integrate_1d: error estimate of integral%s "
                        "%g exceeds the given relative tolerance times norm "
                        "of integral%s", which, abserr, which);
    }
    *out = result;
    return 0;
}

/* Stan's pieces: an interval that crosses zero is split there. */
static int pieces(double a, double b, double *lo, double *hi,
                  const char **which)
{
    bool split = (isinf(a) && isinf(b)) ? false
        : isinf(a) ? b > 0
        : isinf(b) ? a < 0
        : a < 0 && b > 0;
    if (!split) {
        lo[0] = a;
        hi[0] = b;
        which[0] = "";
        return 1;
    }
    lo[0] = a;
    hi[0] = 0;
    which[0] = " below zero";
    lo[1] = 0;
    hi[1] = b;
    which[1] = " above zero";
    return 2;
}

/* The integral of the quantity s->component over [a, b]. */
static int integrate(Integrate *s, double a, double b, double rel_tol,
                     gsl_integration_workspace *w, double *out)
{
    double lo[2], hi[2];
    const char *which[2];
    int n = pieces(a, b, lo, hi, which);
    *out = 0;
    for (int i = 0; i < n; i++) {
        double v = 0;
        if (piece(s, lo[i], hi[i], which[i], rel_tol, w, &v))
            return -1;
        *out += v;
    }
    return 0;
}

/* Stan's checks; 1 when the integral is 0 (a == b), 0 to go on, -1. */
static int check_bounds(double a, double b, double rel_tol, RtError *err)
{
    /* check_less_or_equal prints the bound with std::to_string, hence %f */
    if (!(a <= b))
        return rt_error(err, "integrate_1d: lower limit is %g, but must be "
                        "less than or equal to %f", a, b);
    if (!(rel_tol > 0 && isfinite(rel_tol)))
        return rt_error(err, "integrate_1d: relative_tolerance is %g, but "
                        "must be positive finite!", rel_tol);
    if (a == b) {
        if (isinf(a))
            return rt_error(err, "integrate_1d: Integration endpoints are "
                            "both %g", a);
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ the value */

int rt_integrate_1d(const RtIntegrand *f, double a, double b,
                    double rel_tol, double *value, RtError *err)
{
    *value = 0;
    int c = check_bounds(a, b, rel_tol, err);
    if (c)
        return c < 0 ? -1 : 0;
    gsl_set_error_handler_off();
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(LIMIT);
    if (!w)
        return rt_fatal(err, "integrate_1d: out of memory");
    Integrate s = {.f = f, .err = err, .component = -1,
                   .finite = isfinite(a) && isfinite(b)};
    int rc = integrate(&s, a, b, rel_tol, w, value);
    gsl_integration_workspace_free(w);
    return rc;
}

/* --------------------------------------------------------- the gradient */

int rt_integrate_1d_grad(const RtIntegrand *f, double a, double b,
                         double rel_tol, double *gtheta, double *ga,
                         double *gb, RtError *err)
{
    if (f->p > 0)
        memset(gtheta, 0, sizeof *gtheta * (size_t)f->p);
    if (ga)
        *ga = 0;
    if (gb)
        *gb = 0;
    int c = check_bounds(a, b, rel_tol, err);
    if (c)
        return c < 0 ? -1 : 0;
    if (f->p > 0 && !f->grad)
        return rt_error(err, "integrate_1d: the gradient needs the "
                        "integrand's derivatives");
    /* d/da of the integral from a is -f(a), d/db of the one to b f(b) */
    if (ga && isfinite(a)) {
        if (f->f(f->ctx, a, 0.0, ga, err))
            return -1;
        *ga = -*ga;
    }
    if (gb && isfinite(b) && f->f(f->ctx, b, 0.0, gb, err))
        return -1;
    if (f->p == 0)
        return 0;
    gsl_set_error_handler_off();
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(LIMIT);
    double *g = malloc(sizeof *g * (size_t)f->p);
    int rc = 0;
    if (!w || !g)
        rc = rt_fatal(err, "integrate_1d: out of memory");
    Integrate s = {.f = f, .err = err, .g = g,
                   .finite = isfinite(a) && isfinite(b)};
    for (int k = 0; rc == 0 && k < f->p; k++) {
        s.component = k;
        rc = integrate(&s, a, b, rel_tol, w, &gtheta[k]);
    }
    free(g);
    if (w)
        gsl_integration_workspace_free(w);
    return rc;
}
