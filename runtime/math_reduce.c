/* math_reduce.c - reductions and softmax (rt_reduce.h). */
#include <math.h>

#include "pplrt.h"
#include "rt_reduce.h"

static double empty_error(RtError *err, const char *fn, const char *name)
{
    rt_error(err, "%s: %s has size 0, but must have a non-zero size", fn,
             name);
    return NAN;
}

static double size_error(RtError *err, const char *fn, const char *name1,
                         int n1, const char *name2, int n2)
{
    rt_error(err, "%s: size of %s (%d) and size of %s (%d) must match in "
             "size", fn, name1, n1, name2, n2);
    return NAN;
}

/* ------------------------------------------------------------- sums */

double rt_sum(RtArg x, double adj)
{
    double s = 0;
    for (int i = 0; i < x.n; i++)
        s += x.x[i];
    if (x.g)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj;
    return s;
}

double rt_mean(RtArg x, double adj, RtError *err)
{
    if (x.n == 0)
        return empty_error(err, "mean", "x");
    double m = rt_sum(x, adj / x.n);
    return m / x.n;
}

/* Two passes (the mean first) for the sum of squared deviations. */
static double sum_sq_dev(RtArg x, double *mean)
{
    double m = 0, ss = 0;
    for (int i = 0; i < x.n; i++)
        m += x.x[i];
    m /= x.n;
    for (int i = 0; i < x.n; i++)
        ss += (x.x[i] - m) * (x.x[i] - m);
    *mean = m;
    return ss;
}

double rt_variance(RtArg x, double adj, RtError *err)
{
    if (x.n == 0)
        return empty_error(err, "variance", "x");
    if (x.n == 1)
        return 0;
    double m, ss = sum_sq_dev(x, &m);
    /* d/dx_i sum (x - m)^2 = 2 (x_i - m): the mean's own dependence
     * contributes sum (x - m) = 0. */
    if (x.g)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj * 2 * (x.x[i] - m) / (x.n - 1);
    return ss / (x.n - 1);
}

double rt_sd(RtArg x, double adj, RtError *err)
{
    if (x.n == 0)
        return empty_error(err, "sd", "x");
    if (x.n == 1)
        return 0;
    double m, ss = sum_sq_dev(x, &m), sd = sqrt(ss / (x.n - 1));
    if (x.g && sd > 0)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj * (x.x[i] - m) / ((x.n - 1) * sd);
    return sd;
}

double rt_prod(RtArg x, double adj)
{
    double p = 1, p_nonzero = 1;
    int zeros = 0, zero_at = -1;
    for (int i = 0; i < x.n; i++) {
        p *= x.x[i];
        if (x.x[i] == 0) {
            zeros++;
            zero_at = i;
        } else {
            p_nonzero *= x.x[i];
        }
    }
    if (!x.g || zeros > 1)
        return p;
    if (zeros == 1) {
        x.g[zero_at] += adj * p_nonzero;
        return p;
    }
    for (int i = 0; i < x.n; i++)
        x.g[i] += adj * (p / x.x[i]);
    return p;
}

/* The index of the first maximum (sign 1) or minimum (sign -1), -1 for
 * an empty x, -2 if an element is NaN. */
static int arg_extreme(RtArg x, double sign)
{
    int best = -1;
    for (int i = 0; i < x.n; i++) {
        if (isnan(x.x[i]))
            return -2;
        if (best < 0 || sign * x.x[i] > sign * x.x[best])
            best = i;
    }
    return best;
}

double rt_max(RtArg x, double adj)
{
    int i = arg_extreme(x, 1);
    if (i == -1)
        return -INFINITY;
    if (i == -2)
        return NAN;
    if (x.g)
        x.g[i] += adj;
    return x.x[i];
}

double rt_min(RtArg x, double adj)
{
    int i = arg_extreme(x, -1);
    if (i == -1)
        return INFINITY;
    if (i == -2)
        return NAN;
    if (x.g)
        x.g[i] += adj;
    return x.x[i];
}

double rt_log_sum_exp_vec(RtArg x, double adj)
{
    if (x.n == 0)
        return -INFINITY;
    double m = -INFINITY;
    for (int i = 0; i < x.n; i++) {
        if (isnan(x.x[i]))
            return NAN;
        if (x.x[i] > m)
            m = x.x[i];
    }
    if (isinf(m))
        return m;
    double s = 0;
    for (int i = 0; i < x.n; i++)
        s += exp(x.x[i] - m);
    double f = m + log(s);
    if (x.g)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj * exp(x.x[i] - f);
    return f;
}

double rt_dot_self(RtArg x, double adj)
{
    double s = 0;
    for (int i = 0; i < x.n; i++)
        s += x.x[i] * x.x[i];
    if (x.g)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj * 2 * x.x[i];
    return s;
}

double rt_norm1(RtArg x, double adj)
{
    double s = 0;
    for (int i = 0; i < x.n; i++)
        s += fabs(x.x[i]);
    if (x.g)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj * (x.x[i] > 0 ? 1 : x.x[i] < 0 ? -1 : 0);
    return s;
}

double rt_norm2(RtArg x, double adj)
{
    double f = sqrt(rt_dot_self(rt_argn(x.x, NULL, x.n, x.ad), 0));
    if (x.g && f > 0)
        for (int i = 0; i < x.n; i++)
            x.g[i] += adj * x.x[i] / f;
    return f;
}

double rt_squared_distance(RtArg x, RtArg y, double adj, RtError *err)
{
    if (x.n != y.n)
        return size_error(err, "squared_distance", "x1", x.n, "x2", y.n);
    double s = 0;
    for (int i = 0; i < x.n; i++) {
        double d = x.x[i] - y.x[i];
        s += d * d;
        if (x.g)
            x.g[i] += adj * 2 * d;
        if (y.g)
            y.g[i] -= adj * 2 * d;
    }
    return s;
}

double rt_distance(RtArg x, RtArg y, double adj, RtError *err)
{
    if (x.n != y.n)
        return size_error(err, "distance", "x1", x.n, "x2", y.n);
    double s = 0;
    for (int i = 0; i < x.n; i++)
        s += (x.x[i] - y.x[i]) * (x.x[i] - y.x[i]);
    double f = sqrt(s);
    if (f > 0)
        for (int i = 0; i < x.n; i++) {
            double d = (x.x[i] - y.x[i]) / f;
            if (x.g)
                x.g[i] += adj * d;
            if (y.g)
                y.g[i] -= adj * d;
        }
    return f;
}

double rt_log_mix_vec(RtArg theta, RtArg lambda, double adj, RtError *err)
{
    for (int i = 0; i < theta.n; i++)
        if (!(theta.x[i] >= 0 && theta.x[i] <= 1)) {
            rt_error(err, "log_mix: theta[%d] is %g, but must be in the "
                     "interval [0, 1]", i + 1, theta.x[i]);
            return NAN;
        }
    for (int i = 0; i < lambda.n; i++)
        if (!isfinite(lambda.x[i])) {
            rt_error(err, "log_mix: lambda[%d] is %g, but must be finite!",
                     i + 1, lambda.x[i]);
            return NAN;
        }
    if (theta.n != lambda.n)
        return size_error(err, "log_mix", "theta", theta.n, "lambda",
                          lambda.n);
    double m = -INFINITY;
    for (int i = 0; i < theta.n; i++) {
        double t = log(theta.x[i]) + lambda.x[i];
        if (t > m)
            m = t;
    }
    if (m == -INFINITY)
        return m;
    double s = 0;
    for (int i = 0; i < theta.n; i++)
        s += theta.x[i] * exp(lambda.x[i] - m);
    double f = m + log(s);
    for (int i = 0; i < theta.n; i++) {
        double e = exp(lambda.x[i] - f);
        if (theta.g)
            theta.g[i] += adj * e;
        if (lambda.g)
            lambda.g[i] += adj * theta.x[i] * e;
    }
    return f;
}

/* --------------------------------------------------- vector to vector */

void rt_cumulative_sum(RtArg x, double *y)
{
    double s = 0;
    for (int i = 0; i < x.n; i++) {
        s += x.x[i];
        y[i] = s;
    }
}

void rt_cumulative_sum_adj(RtArg x, const double *adj_y)
{
    if (!x.g)
        return;
    double s = 0;
    for (int i = x.n - 1; i >= 0; i--) {
        s += adj_y[i];
        x.g[i] += s;
    }
}

int rt_log_softmax(RtArg x, double *y, RtError *err)
{
    if (x.n == 0)
        return rt_error(err, "log_softmax: v has size 0, but must have a "
                        "non-zero size");
    double lse = rt_log_sum_exp_vec(rt_argn(x.x, NULL, x.n, false), 0);
    for (int i = 0; i < x.n; i++)
        y[i] = x.x[i] - lse;
    return 0;
}

int rt_softmax(RtArg x, double *y, RtError *err)
{
    if (x.n == 0)
        return rt_error(err, "softmax: v has size 0, but must have a "
                        "non-zero size");
    /* exp(x - max) / sum, not exp(log_softmax): x - log_sum_exp would
     * round at the scale of the largest x */
    double m = -INFINITY, total = 0;
    for (int i = 0; i < x.n; i++)
        if (x.x[i] > m)
            m = x.x[i];
    for (int i = 0; i < x.n; i++) {
        y[i] = exp(x.x[i] - m);
        total += y[i];
    }
    for (int i = 0; i < x.n; i++)
        y[i] /= total;
    return 0;
}

void rt_softmax_adj(RtArg x, const double *y, const double *adj_y)
{
    if (!x.g)
        return;
    double dot = 0;
    for (int i = 0; i < x.n; i++)
        dot += adj_y[i] * y[i];
    for (int i = 0; i < x.n; i++)
        x.g[i] += y[i] * (adj_y[i] - dot);
}

void rt_log_softmax_adj(RtArg x, const double *y, const double *adj_y)
{
    if (!x.g)
        return;
    double total = 0;
    for (int i = 0; i < x.n; i++)
        total += adj_y[i];
    for (int i = 0; i < x.n; i++)
        x.g[i] += adj_y[i] - exp(y[i]) * total;
}

/* -------------------------------------------------------------- ints */

int rt_sum_int(RtIArg x)
{
    int s = 0;
    for (int i = 0; i < x.n; i++)
        s += x.x[i];
    return s;
}

int rt_prod_int(RtIArg x)
{
    int p = 1;
    for (int i = 0; i < x.n; i++)
        p *= x.x[i];
    return p;
}

int rt_max_int(RtIArg x, int *out, RtError *err)
{
    if (x.n == 0)
        return rt_error(err, "max: int vector has size 0, but must have a "
                        "non-zero size");
    int m = x.x[0];
    for (int i = 1; i < x.n; i++)
        if (x.x[i] > m)
            m = x.x[i];
    *out = m;
    return 0;
}

int rt_min_int(RtIArg x, int *out, RtError *err)
{
    if (x.n == 0)
        return rt_error(err, "min: int vector has size 0, but must have a "
                        "non-zero size");
    int m = x.x[0];
    for (int i = 1; i < x.n; i++)
        if (x.x[i] < m)
            m = x.x[i];
    *out = m;
    return 0;
}

void rt_cumulative_sum_int(RtIArg x, int *y)
{
    int s = 0;
    for (int i = 0; i < x.n; i++) {
        s += x.x[i];
        y[i] = s;
    }
}
