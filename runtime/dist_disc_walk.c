/* dist_disc_walk.c - the cumulative functions of poisson, binomial and
 * neg_binomial_2 as sums of the mass function in log space
 * (dist_disc_internal.h: rt_disc_walk_cumulative), so no special function
 * can fail on an extreme argument. */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* ---- cumulative functions as sums of the mass function ----
 *
 * A family supplies log p(k) and d log p(k) / d param for up to two
 * parameters, by recurrence from k to k + 1.  sum_terms() adds p(k) for
 * k in [from, to] (to < 0: until the terms are negligible past the mode),
 * returning log sum p(k) and, in d[0..1], sum p(k) dlog p(k) / sum p(k). */
typedef struct PmfWalk {
    PmfFamily family;
    int N;                  /* binomial trials */
    double p1, p2;          /* lambda | theta | mu, phi */
    double mode;
} PmfWalk;

static void walk_term(const PmfWalk *w, int k, double *lp, double *d)
{
    double a = w->p1, b = w->p2;
    if (w->family == WALK_POISSON) {
        *lp = multiply_log(k, a) - a - lngamma(k + 1.0);
        d[0] = (a > 0 ? k / a : 0) - 1;
    } else if (w->family == WALK_BINOMIAL) {
        *lp = gsl_sf_lnchoose((unsigned)w->N, (unsigned)k)
              + multiply_log(k, a) + multiply_log(w->N - k, 1 - a);
        d[0] = (k ? k / a : 0) - (w->N - k ? (w->N - k) / (1 - a) : 0);
    } else {
        double lmp = log(a + b);
        *lp = lngamma(k + b) - lngamma(k + 1.0) - lngamma(b)
              + multiply_log(k, a) - k * lmp + b * (log(b) - lmp);
        d[0] = k / a - (k + b) / (a + b);
        d[1] = gsl_sf_psi(k + b) - gsl_sf_psi(b) + log(b) - lmp
               + (a - k) / (a + b);
    }
}

static double sum_terms(const PmfWalk *w, int from, int to, double *d)
{
    double total = -INFINITY, acc[2] = {0, 0};
    for (long k = from; to < 0 || k <= to; k++) {
        double lp, dk[2] = {0, 0};
        walk_term(w, (int)k, &lp, dk);
        double nt = log_add(total, lp);
        /* acc is the p-weighted mean of d so far: rescale and add. */
        if (nt > -INFINITY) {
            double wold = exp(total - nt), wnew = exp(lp - nt);
            for (int j = 0; j < 2; j++)
                acc[j] = acc[j] * wold + dk[j] * wnew;
        }
        total = nt;
        if (to < 0 && k > w->mode && (lp == -INFINITY || lp < total - 40))
            break;
        if (k >= 100000000)
            break;
    }
    d[0] = acc[0];
    d[1] = acc[1];
    return total;
}

/* which: DISC_CDF, DISC_LCDF or DISC_LCCDF.  Each term's log and its
 * log-partials d[i][0..1] are combined as in bernoulli_cumulative. */
double rt_disc_walk_cumulative(DiscCdfForm which, PmfFamily family,
                               RtIArg n, RtIArg Nt, RtArg p1, RtArg p2,
                               int len, double adj)
{
    double lp = 0;
    for (int pass = 0; pass < 2; pass++) {
        double scale = which == DISC_CDF ? exp(lp) : 1;
        for (int i = 0; i < len; i++) {
            PmfWalk w = {family, Nt.n ? AT(Nt, i) : 0, AT(p1, i),
                         p2.n ? AT(p2, i) : 0, 0};
            int k = AT(n, i), top = family == WALK_BINOMIAL ? w.N : -1;
            w.mode = family == WALK_BINOMIAL ? w.N * w.p1 : w.p1;
            double d[2] = {0, 0}, l;
            if (k < 0) {
                if (which != DISC_LCCDF)
                    return which == DISC_CDF ? 0 : -INFINITY;
                continue;
            }
            if (top >= 0 && k >= top) {
                if (which == DISC_LCCDF)
                    return -INFINITY;
                continue;
            }
            if (family == WALK_BINOMIAL && (w.p1 == 0 || w.p1 == 1)) {
                /* A point mass: cdf 1 (theta 0) or 0 (theta 1) below N;
                 * derivative of the cdf at an end: -N C(N-1, k) ... is 0
                 * or N at the ends; left to the limit of the sum. */
                l = (w.p1 == 0) == (which != DISC_LCCDF) ? 0 : -INFINITY;
                d[0] = 0;
            } else if (which == DISC_LCCDF) {
                l = sum_terms(&w, k + 1, top, d);
            } else {
                l = sum_terms(&w, 0, k, d);
            }
            if (pass == 0) {
                lp += l;
                continue;
            }
            if (p1.g)
                GRAD(p1, i, adj * scale * d[0]);
            if (p2.n && p2.g)
                GRAD(p2, i, adj * scale * d[1]);
        }
        if (pass == 0 && !p1.g && !(p2.n && p2.g))
            break;
    }
    return which == DISC_CDF ? exp(lp) : lp;
}
