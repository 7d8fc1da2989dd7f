/* rt_fd_check.h - a central finite-difference check of a runtime
 * function's partials, shared by the tests of the families compiled in
 * session 8 (test_rt_dist_ordinal.c, test_rt_dist_lkj_cov.c,
 * test_rt_dist_multi_gp.c, test_rt_math_hypergeometric.c,
 * test_rt_dist_gaussian_dlm.c).
 * The caller packs every real argument into one vector x of n values;
 * `eval` returns the function's value at x and, when g is non-NULL, adds
 * its partials into g (zeroed by the checker first). */
#ifndef RT_FD_CHECK_H
#define RT_FD_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef double (*FdEval)(const double *x, double *g, void *ctx);

/* The largest relative mismatch of g against fourth-order central
 * differences with step h * max(1, |x_i|). */
static inline double fd_worst(FdEval eval, void *ctx, const double *x0,
                              int n, double h)
{
    double x[128], g[128], worst = 0;
    if (n > 128)
        return INFINITY;
    memcpy(x, x0, sizeof *x * (size_t)n);
    memset(g, 0, sizeof *g * (size_t)n);
    eval(x, g, ctx);
    for (int i = 0; i < n; i++) {
        double s = h * fmax(1, fabs(x0[i])), f[4];
        const double off[4] = {-2, -1, 1, 2};
        for (int k = 0; k < 4; k++) {
            memcpy(x, x0, sizeof *x * (size_t)n);
            x[i] += off[k] * s;
            f[k] = eval(x, NULL, ctx);
        }
        double fd = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * s);
        double rel = fabs(fd - g[i]) / fmax(1, fabs(fd));
        if (rel > worst)
            worst = rel;
        if (!(rel < 1e-5))
            fprintf(stderr, "fd_worst: partial %d is %.10g, differences "
                    "give %.10g\n", i, g[i], fd);
    }
    return worst;
}

#endif
