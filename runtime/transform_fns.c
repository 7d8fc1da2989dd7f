/* transform_fns.c - the scalar transforms as Stan functions, with their
 * partials.  Definitions in rt_transform_fns.h. */
#include <math.h>

#include "pplrt.h"
#include "rt_transform_fns.h"

static double inv_logit(double y)
{
    if (y < 0) {
        double e = exp(y);
        return e / (1 + e);
    }
    return 1 / (1 + exp(-y));
}

static void set3(double d[3], double d0, double d1, double d2)
{
    if (d) {
        d[0] = d0;
        d[1] = d1;
        d[2] = d2;
    }
}

/* The transform that applies once infinite bounds are dropped. */
static RtScalarTransform effective(RtScalarTransform k, double a, double b,
                                   bool *identity)
{
    *identity = false;
    if (k == RT_TF_LOWER)
        *identity = a == -INFINITY;
    else if (k == RT_TF_UPPER)
        *identity = a == INFINITY;
    else if (k == RT_TF_LOWER_UPPER) {
        if (a == -INFINITY && b == INFINITY)
            *identity = true;
        else if (a == -INFINITY)
            return RT_TF_UPPER;   /* the upper bound b */
        else if (b == INFINITY)
            return RT_TF_LOWER;
    }
    return k;
}

static int check_params(RtScalarTransform k, const char *fn, double a,
                        double b, RtError *err)
{
    if (k == RT_TF_LOWER_UPPER && !(a < b))
        return rt_error(err, "%s: lb is %g, but must be less than %g", fn, a,
                        b);
    if (k == RT_TF_OFFSET_MULTIPLIER) {
        if (!isfinite(a))
            return rt_error(err, "%s: offset is %g, but must be finite!", fn,
                            a);
        if (!(b > 0 && isfinite(b)))
            return rt_error(err, "%s: multiplier is %g, but must be positive "
                            "finite!", fn, b);
    }
    return 0;
}

int rt_tf_constrain(RtScalarTransform k, const char *fn, double y, double a,
                    double b, double *x, double d[3], RtError *err)
{
    if (check_params(k, fn, a, b, err))
        return -1;
    bool identity;
    RtScalarTransform e = effective(k, a, b, &identity);
    /* the bound that remains, in a, and where its partial goes */
    int slot = k == RT_TF_LOWER_UPPER && e == RT_TF_UPPER ? 2 : 1;
    double bound = slot == 2 ? b : a;
    double p[3] = {1, 0, 0};
    if (identity) {
        *x = y;
    } else if (e == RT_TF_LOWER) {
        *x = bound + exp(y);
        p[0] = exp(y);
        p[slot] = 1;
    } else if (e == RT_TF_UPPER) {
        *x = bound - exp(y);
        p[0] = -exp(y);
        p[slot] = 1;
    } else if (e == RT_TF_LOWER_UPPER) {
        double s = inv_logit(y);
        *x = a + (b - a) * s;
        p[0] = (b - a) * s * (1 - s);
        p[1] = 1 - s;
        p[2] = s;
    } else {
        *x = a + b * y;
        p[0] = b;
        p[1] = 1;
        p[2] = y;
    }
    set3(d, p[0], p[1], p[2]);
    return 0;
}

int rt_tf_unconstrain(RtScalarTransform k, const char *fn, double x,
                      double a, double b, double *y, double d[3],
                      RtError *err)
{
    if (check_params(k, fn, a, b, err))
        return -1;
    bool identity;
    RtScalarTransform e = effective(k, a, b, &identity);
    int slot = k == RT_TF_LOWER_UPPER && e == RT_TF_UPPER ? 2 : 1;
    double bound = slot == 2 ? b : a;
    double p[3] = {1, 0, 0};
    if (identity) {
        *y = x;
    } else if (e == RT_TF_LOWER) {
        if (!(x >= bound))
            return rt_error(err, "%s: Lower bounded variable is %g, but must "
                            "be greater than or equal to %g", fn, x, bound);
        *y = log(x - bound);
        p[0] = 1 / (x - bound);
        p[slot] = -1 / (x - bound);
    } else if (e == RT_TF_UPPER) {
        if (!(x <= bound))
            return rt_error(err, "%s: Upper bounded variable is %g, but must "
                            "be less than or equal to %g", fn, x, bound);
        *y = log(bound - x);
        p[0] = -1 / (bound - x);
        p[slot] = 1 / (bound - x);
    } else if (e == RT_TF_LOWER_UPPER) {
        if (!(x >= a && x <= b))
            return rt_error(err, "%s: Bounded variable is %g, but must be in "
                            "the interval [%g, %g]", fn, x, a, b);
        *y = log(x - a) - log(b - x);
        p[0] = 1 / (x - a) + 1 / (b - x);
        p[1] = -1 / (x - a);
        p[2] = -1 / (b - x);
    } else {
        *y = (x - a) / b;
        p[0] = 1 / b;
        p[1] = -1 / b;
        p[2] = -(x - a) / (b * b);
    }
    set3(d, p[0], p[1], p[2]);
    return 0;
}

double rt_tf_log_jacobian(RtScalarTransform k, double y, double a, double b,
                          double dj[3])
{
    bool identity;
    RtScalarTransform e = effective(k, a, b, &identity);
    if (identity) {
        set3(dj, 0, 0, 0);
        return 0;
    }
    if (e == RT_TF_LOWER || e == RT_TF_UPPER) {
        set3(dj, 1, 0, 0);
        return y;
    }
    if (e == RT_TF_LOWER_UPPER) {
        /* log(ub - lb) + log inv_logit(y) + log(1 - inv_logit(y)) */
        double s = inv_logit(y);
        set3(dj, 1 - 2 * s, -1 / (b - a), 1 / (b - a));
        double l1p = y > 0 ? -y - log1p(exp(-y)) : -log1p(exp(y));
        double lip = y < 0 ? y - log1p(exp(y)) : -log1p(exp(-y));
        return log(b - a) + lip + l1p;
    }
    set3(dj, 0, 0, 1 / b);
    return log(b);
}
