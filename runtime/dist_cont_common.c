/* dist_cont_common.c - what every continuous univariate distribution
 * shares (dist_cont_impl.h): the argument checks with Stan's messages and
 * the special functions of their cdfs.  The distributions themselves are
 * in one file per family (rt_dist_cont.h lists them).
 *
 * Each distribution is a per-element kernel for its lpdf, lcdf and lccdf
 * written from the density's definition (Stan Functions Reference,
 * "Continuous distributions"), and thin public functions that pick the
 * summands propto keeps and run the broadcasting loop of
 * dist_cont_impl.h. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdio.h>

#include "dist_cont_impl.h"

/* ------------------------------------------------------------- checks */

/* Stan prints values with an ostream's default format; NaN as "nan". */
static const char *fmt_value(char *buf, size_t size, double v)
{
    if (isnan(v))
        return "nan";
    snprintf(buf, size, "%g", v);
    return buf;
}

static bool check_ok(DcCheckKind kind, double v)
{
    switch (kind) {
    case DC_ANY:
        return true;
    case DC_NOT_NAN:
        return !isnan(v);
    case DC_FINITE:
        return isfinite(v);
    case DC_POSITIVE:
        return v > 0;
    case DC_POSITIVE_FINITE:
        return v > 0 && isfinite(v);
    case DC_NONNEGATIVE:
        return v >= 0;
    case DC_UNIT_INTERVAL:
        return v >= 0 && v <= 1;
    }
    return false;
}

static const char *check_wants(DcCheckKind kind)
{
    switch (kind) {
    case DC_NOT_NAN:
        return "must not be nan!";
    case DC_FINITE:
        return "must be finite!";
    case DC_POSITIVE:
        return "must be positive!";
    case DC_POSITIVE_FINITE:
        return "must be positive finite!";
    case DC_NONNEGATIVE:
        return "must be nonnegative!";
    case DC_UNIT_INTERVAL:
        return "must be in the interval [0, 1]";
    case DC_ANY:
        break;
    }
    return "";
}

bool rt_dist_check_scalar(const char *fn, const char *name, double v,
                          DcCheckKind kind, RtError *err)
{
    if (check_ok(kind, v))
        return true;
    char buf[32];
    rt_error(err, "%s: %s is %s, but %s", fn, name,
             fmt_value(buf, sizeof buf, v), check_wants(kind));
    return false;
}

bool rt_dist_check(const char *fn, int k, const RtArg *a, const DcCheck *c,
                   int *N, RtError *err)
{
    int n[4] = {-1, -1, -1, -1};
    for (int j = 0; j < k; j++)
        n[j] = RT_LEN(a[j]);
    *N = rt_common_length(n[0], n[1], n[2], n[3]);
    if (*N < 0) {
        /* Stan's check_consistent_sizes: name the first argument whose
         * length differs from the first vector's. */
        int first = -1;
        for (int j = 0; j < k; j++) {
            if (RT_LEN(a[j]) < 0)
                continue;
            if (first < 0) {
                first = j;
                continue;
            }
            if (a[j].n != a[first].n) {
                rt_error(err,
                         "%s: %s has dimension = %d, expecting dimension = "
                         "%d; a function was called with arguments of "
                         "different scalar, array, vector, or matrix types, "
                         "and they were not consistently sized;  all "
                         "arguments must be scalars or multidimensional "
                         "values of the same shape.",
                         fn, c[j].name, a[j].n, a[first].n);
                break;
            }
        }
        return false;
    }
    for (int j = 0; j < k; j++) {
        if (c[j].kind == DC_ANY)
            continue;
        for (int i = 0; i < a[j].n; i++) {
            if (check_ok(c[j].kind, a[j].x[i]))
                continue;
            char buf[32];
            const char *v = fmt_value(buf, sizeof buf, a[j].x[i]);
            if (RT_LEN(a[j]) < 0)
                rt_error(err, "%s: %s is %s, but %s", fn, c[j].name, v,
                         check_wants(c[j].kind));
            else
                rt_error(err, "%s: %s[%d] is %s, but %s", fn, c[j].name,
                         i + 1, v, check_wants(c[j].kind));
            return false;
        }
    }
    return true;
}

bool rt_dist_check_greater(const char *fn, const char *name, RtArg v,
                           RtArg lb, int N, RtError *err)
{
    for (int i = 0; i < N; i++) {
        double x = v.x[v.n == 1 ? 0 : i], l = lb.x[lb.n == 1 ? 0 : i];
        if (x > l)
            continue;
        char b1[32], b2[32];
        if (v.n == 1)
            rt_error(err, "%s: %s is %s, but must be greater than %s", fn,
                     name, fmt_value(b1, sizeof b1, x),
                     fmt_value(b2, sizeof b2, l));
        else
            rt_error(err, "%s: %s[%d] is %s, but must be greater than %s",
                     fn, name, i + 1, fmt_value(b1, sizeof b1, x),
                     fmt_value(b2, sizeof b2, l));
        return false;
    }
    return true;
}

/* Stan's check_greater_or_equal(v, lb): "..., but must be greater than or
 * equal to lb". */
bool rt_dist_check_at_least(const char *fn, const char *name, RtArg v,
                            RtArg lb, int N, RtError *err)
{
    for (int i = 0; i < N; i++) {
        double x = v.x[v.n == 1 ? 0 : i], l = lb.x[lb.n == 1 ? 0 : i];
        if (x >= l)
            continue;
        char b1[32], b2[32], idx[16] = "";
        if (v.n != 1)
            snprintf(idx, sizeof idx, "[%d]", i + 1);
        rt_error(err, "%s: %s%s is %s, but must be greater than or equal to "
                 "%s", fn, name, idx, fmt_value(b1, sizeof b1, x),
                 fmt_value(b2, sizeof b2, l));
        return false;
    }
    return true;
}

/* Stan's check_less(v, hi): "..., but must be less than hi". */
bool rt_dist_check_below(const char *fn, const char *name, RtArg v,
                         double hi, RtError *err)
{
    for (int i = 0; i < v.n; i++) {
        if (v.x[i] < hi)
            continue;
        char b1[32], b2[32], idx[16] = "";
        if (v.n != 1)
            snprintf(idx, sizeof idx, "[%d]", i + 1);
        rt_error(err, "%s: %s%s is %s, but must be less than %s", fn, name,
                 idx, fmt_value(b1, sizeof b1, v.x[i]),
                 fmt_value(b2, sizeof b2, hi));
        return false;
    }
    return true;
}

/* ---------------------------------------------------- special functions */

double rt_dist_log_Phi(double z, double *dz)
{
    double v;
    if (isinf(z)) {
        if (dz)
            *dz = 0;
        return z > 0 ? 0 : -INFINITY;
    }
    if (z > 0) {
        v = log1p(-0.5 * erfc(z * M_SQRT1_2));
    } else if (z > -30) {
        v = log(0.5 * erfc(-z * M_SQRT1_2));
    } else {
        /* erfc underflows near -38: GSL's log_erfc has an asymptotic
         * form that does not. */
        gsl_sf_result r;
        gsl_sf_log_erfc_e(-z * M_SQRT1_2, &r);
        v = r.val - DC_LN2;
    }
    if (dz)
        *dz = exp(-0.5 * z * z - DC_LOG_SQRT_2PI - v);
    return v;
}

double rt_dist_deriv(double (*f)(double x, const double *c), const double *c,
                     double x)
{
    /* Three central differences at h, h/2, h/4, combined twice by
     * Richardson extrapolation: error O(h^6), with h a tenth of x. */
    double h = 0.1 * x, D[3];
    for (int i = 0; i < 3; i++, h *= 0.5)
        D[i] = (f(x + h, c) - f(x - h, c)) / (2 * h);
    double r1 = (4 * D[1] - D[0]) / 3, r2 = (4 * D[2] - D[1]) / 3;
    return (16 * r2 - r1) / 15;
}

/* GSL's default error handler aborts on underflow; the library checks
 * results itself and never aborts, so the handler is turned off before
 * calling the incomplete functions (idempotent; a process-wide setting). */
double rt_dist_log_gamma_p(double a, double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    if (x > a + 1) {
        /* P = 1 - Q is better computed from the small Q */
        gsl_sf_gamma_inc_Q_e(a, x, &r);
        return log1p(-r.val);
    }
    gsl_sf_gamma_inc_P_e(a, x, &r);
    return log(r.val);
}

double rt_dist_log_gamma_q(double a, double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    if (x < a + 1) {
        gsl_sf_gamma_inc_P_e(a, x, &r);
        return log1p(-r.val);
    }
    gsl_sf_gamma_inc_Q_e(a, x, &r);
    return log(r.val);
}

double rt_dist_log_beta_inc(double a, double b, double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    if (x > a / (a + b)) {
        gsl_sf_beta_inc_e(b, a, 1 - x, &r);
        return log1p(-r.val);
    }
    gsl_sf_beta_inc_e(a, b, x, &r);
    return log(r.val);
}

double rt_dist_digamma(double x)
{
    gsl_sf_result r;
    gsl_set_error_handler_off();
    gsl_sf_psi_e(x, &r);
    return r.val;
}
