/* dist_hypergeometric.c - the hypergeometric distribution (Stan Functions
 * Reference, "Hypergeometric distribution"): n successes in N draws
 * without replacement from a successes and b failures,
 *   Hypergeometric(n | N, a, b) = C(a, n) C(b, N - n) / C(a + b, N).
 * Every argument is an integer: there are values only, no partials, and
 * under propto nothing is kept (Stan's include_summand<propto> of no
 * autodiff type).  Conventions: rt_dist_disc.h. */
#include <gsl/gsl_sf_gamma.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* "FN: NAME is V, but must be in the interval [LO, HI]". */
static bool check_in(const char *fn, const char *name, int v, int lo, int hi,
                     RtError *err)
{
    if (v >= lo && v <= hi)
        return true;
    rt_error(err, "%s: %s is %d, but must be in the interval [%d, %d]", fn,
             name, v, lo, hi);
    return false;
}

static double ln_choose(int n, int k)
{
    return gsl_sf_lnchoose((unsigned)n, (unsigned)k);
}

/* Stan's checks, in Stan's order: 0 <= n <= a, N >= n, 0 <= N - n <= b,
 * 0 <= N <= a + b (a + b in a long: no overflow). */
double rt_hypergeometric_lpmf(RtIArg n, RtIArg N, RtIArg a, RtIArg b,
                              bool propto, double adj, RtError *err)
{
    const char *fn = "hypergeometric_lpmf";
    (void)adj;
    const char *names[] = {"Successes variable", "Draws parameter",
                           "Successes in population parameter",
                           "Failures in population parameter"};
    int size = common_size(fn, 4, names,
                           (int[]){RT_LEN(n), RT_LEN(N), RT_LEN(a), RT_LEN(b)},
                           err);
    if (size < 0)
        return fail();
    for (int i = 0; i < size; i++) {
        int ni = AT(n, i), Ni = AT(N, i), ai = AT(a, i), bi = AT(b, i);
        long ab = (long)ai + bi;
        if (!check_in(fn, "Successes variable", ni, 0, ai, err))
            return fail();
        if (Ni < ni) {
            rt_error(err, "%s: Draws parameter is %d, but must be greater "
                     "than or equal to %d", fn, Ni, ni);
            return fail();
        }
        if (!check_in(fn, "Draws parameter minus successes variable",
                      Ni - ni, 0, bi, err))
            return fail();
        if (Ni < 0 || Ni > ab) {
            rt_error(err, "%s: Draws parameter is %d, but must be in the "
                     "interval [0, %ld]", fn, Ni, ab);
            return fail();
        }
    }
    if (propto)
        return 0;
    double lp = 0;
    for (int i = 0; i < size; i++) {
        int ni = AT(n, i), Ni = AT(N, i), ai = AT(a, i), bi = AT(b, i);
        lp += ln_choose(ai, ni) + ln_choose(bi, Ni - ni)
              - gsl_sf_lnchoose((unsigned)((long)ai + bi), (unsigned)Ni);
    }
    return lp;
}

/* N draws one at a time: a success with probability (successes left) /
 * (balls left).  Stan's checks: 0 <= N <= a + b, and N, a, b positive. */
int rt_hypergeometric_rng(int N, int a, int b, RtRng *rng, RtError *err)
{
    const char *fn = "hypergeometric_rng";
    long ab = (long)a + b;
    if (N < 0 || N > ab)
        return rt_error(err, "%s: Draws parameter is %d, but must be in the "
                        "interval [0, %ld]", fn, N, ab);
    if (N <= 0)
        return rt_error(err, "%s: Draws parameter is %d, but must be "
                        "positive!", fn, N);
    if (a <= 0)
        return rt_error(err, "%s: Successes in population parameter is %d, "
                        "but must be positive!", fn, a);
    if (b <= 0)
        return rt_error(err, "%s: Failures in population parameter is %d, "
                        "but must be positive!", fn, b);
    long left = ab, succ = a;
    int n = 0;
    for (int k = 0; k < N; k++, left--)
        if (rt_rng_uniform(rng) * (double)left < (double)succ) {
            n++;
            succ--;
        }
    return n;
}
