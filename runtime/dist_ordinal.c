/* dist_ordinal.c - ordinal outcomes with ordered cut-points (Stan
 * Functions Reference, "Ordered logistic distribution" and "Ordered
 * probit distribution"): ordered_logistic and ordered_probit, one
 * skeleton with the link as its parameter.  ordered_logistic_glm is
 * dist_glm_categorical.c's.  Conventions: rt_math.h, rt_dist_disc.h.
 *
 * With K = size(c) + 1 categories and the link's cdf F,
 *   P(y = 1) = 1 - F(eta - c[1]),
 *   P(y = k) = F(eta - c[k-1]) - F(eta - c[k]),
 *   P(y = K) = F(eta - c[K-1]). */
#include <gsl/gsl_sf_erf.h>
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_disc_internal.h"

/* ---------------------------------------------------------- skeleton */

/* A link: one observation's log probability of category k (1..K) at
 * location e with cut-points c, and its partials in e (*de), in the
 * cut-point below, c[k-2] (*dlo, k > 1), and the one above, c[k-1]
 * (*dhi, k < K); and whether a uniform draw u falls below F(x), the
 * cumulative probability of the categories up to a cut-point at x =
 * c[k] - eta. */
typedef struct OrdinalLink {
    double (*term)(int k, int K, double e, const double *c, double *de,
                   double *dlo, double *dhi);
    bool (*below)(double u, double x);
} OrdinalLink;

/* One cut-point vector shared by all outcomes (nc = 1, c.n = K - 1) or
 * one per outcome (nc = N vectors of K - 1, one after another: Stan's
 * array of cut-point vectors); outcome i reads vector i % nc. */
static double ordinal_lpmf(const char *fn, const OrdinalLink *link, RtIArg y,
                           RtArg eta, RtArg c, int nc, bool propto,
                           double adj, RtError *err)
{
    const char *names[] = {"Integers", "Locations"};
    int N = common_size(fn, 2, names, (int[]){RT_LEN(y), RT_LEN(eta)}, err);
    if (N < 0)
        return fail();
    if (nc != 1 && nc != N) {
        rt_error(err, "%s: Length of location variables (%d) and Number of "
                 "cutpoint vectors (%d) must match in size", fn, N, nc);
        return fail();
    }
    int K = (nc > 0 ? c.n / nc : 0) + 1;
    if (!check_int_bounded(fn, "Random variable", y, 1, K, err))
        return fail();
    for (int v = 0; v < nc; v++) {
        RtArg cv = rt_argn(c.x + (size_t)v * (K - 1), NULL, K - 1, c.ad);
        if (!check_cutpoints(fn, cv, err))
            return fail();
    }
    if (!check_real(fn, "Location parameter", eta, CK_FINITE, err))
        return fail();
    if (N == 0 || K == 1 || (propto && !eta.ad && !c.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < N; i++) {
        int k = AT(y, i);
        size_t off = (size_t)(i % nc) * (K - 1);
        double de, dlo = 0, dhi = 0;
        lp += link->term(k, K, AT(eta, i), c.x + off, &de, &dlo, &dhi);
        if (eta.g)
            GRAD(eta, i, adj * de);
        if (c.g) {
            if (k > 1)
                c.g[off + k - 2] += adj * dlo;
            if (k < K)
                c.g[off + k - 1] += adj * dhi;
        }
    }
    return lp;
}

/* The array-of-cut-point-vectors form as an RtArg of nc vectors. */
static RtArg cut_rows(RtMat c, int *nc)
{
    *nc = c.rows;
    RtArg a = rt_argn(c.x, c.g, c.rows * c.cols, c.ad);
    return a;
}

static int ordinal_rng(const char *fn, const OrdinalLink *link, double eta,
                       RtArg c, RtRng *rng, RtError *err)
{
    RtArg e = {&eta, NULL, 1, false, false};
    if (!check_real(fn, "Location parameter", e, CK_FINITE, err)
        || !check_cutpoints(fn, c, err))
        return -1;
    /* P(y <= k) = F(c[k] - eta): the first k whose cumulative probability
     * exceeds u. */
    double u = rt_rng_uniform(rng);
    for (int k = 0; k < c.n; k++)
        if (link->below(u, c.x[k] - eta))
            return k + 1;
    return c.n + 1;
}

/* ---------------------------------------------------- ordered_logistic */

/* F = inv_logit: the term is dist_disc_internal.h's ordered_logistic_term
 * (ordered_logistic_glm's too). */
static bool logistic_below(double u, double x)
{
    return u < inv_logit(x);
}

static const OrdinalLink logistic_link = {ordered_logistic_term,
                                         logistic_below};

double rt_ordered_logistic_lpmf(RtIArg y, RtArg eta, RtArg c, bool propto,
                                double adj, RtError *err)
{
    return ordinal_lpmf("ordered_logistic_lpmf", &logistic_link, y, eta, c,
                        1, propto, adj, err);
}

double rt_ordered_logistic_cuts_lpmf(RtIArg y, RtArg eta, RtMat c,
                                     bool propto, double adj, RtError *err)
{
    int nc;
    RtArg cuts = cut_rows(c, &nc);
    return ordinal_lpmf("ordered_logistic_lpmf", &logistic_link, y, eta,
                        cuts, nc, propto, adj, err);
}

int rt_ordered_logistic_rng(double eta, RtArg c, RtRng *rng, RtError *err)
{
    return ordinal_rng("ordered_logistic_rng", &logistic_link, eta, c, rng,
                       err);
}

/* ------------------------------------------------------ ordered_probit */

/* log Phi(x), accurate far into both tails. */
static double log_Phi(double x)
{
    return gsl_sf_log_erfc(-x * M_SQRT1_2) - M_LN2;
}

/* log phi(x). */
static double log_phi(double x)
{
    return -0.5 * x * x - 0.91893853320467274178;
}

/* log(Phi(a) - Phi(b)) for a > b, from the half where the two cdfs are
 * small (Phi(a) - Phi(b) = Phi(-b) - Phi(-a)), and d/da, d/db. */
static double log_Phi_diff(double a, double b, double *da, double *db)
{
    double l = a + b > 0
        ? log_Phi(-b) + log1m_exp(log_Phi(-a) - log_Phi(-b))
        : log_Phi(a) + log1m_exp(log_Phi(b) - log_Phi(a));
    *da = exp(log_phi(a) - l);
    *db = -exp(log_phi(b) - l);
    return l;
}

/* F = Phi.  The partials are taken in a = eta - c[k-1] and b = eta - c[k]
 * (da, db), so eta's is their sum and the cut-points' their negatives. */
static double probit_term(int k, int K, double e, const double *c,
                          double *de, double *dlo, double *dhi)
{
    double da = 0, db = 0, lp;
    if (k == 1) {
        double b = e - c[0];
        lp = log_Phi(-b);
        db = -exp(log_phi(b) - log_Phi(-b));
    } else if (k == K) {
        double a = e - c[K - 2];
        lp = log_Phi(a);
        da = exp(log_phi(a) - log_Phi(a));
    } else {
        lp = log_Phi_diff(e - c[k - 2], e - c[k - 1], &da, &db);
    }
    *de = da + db;
    *dlo = -da;
    *dhi = -db;
    return lp;
}

static bool probit_below(double u, double x)
{
    return log(u) < log_Phi(x);
}

static const OrdinalLink probit_link = {probit_term, probit_below};

double rt_ordered_probit_lpmf(RtIArg y, RtArg eta, RtArg c, bool propto,
                              double adj, RtError *err)
{
    return ordinal_lpmf("ordered_probit_lpmf", &probit_link, y, eta, c, 1,
                        propto, adj, err);
}

double rt_ordered_probit_cuts_lpmf(RtIArg y, RtArg eta, RtMat c, bool propto,
                                   double adj, RtError *err)
{
    int nc;
    RtArg cuts = cut_rows(c, &nc);
    return ordinal_lpmf("ordered_probit_lpmf", &probit_link, y, eta, cuts,
                        nc, propto, adj, err);
}

int rt_ordered_probit_rng(double eta, RtArg c, RtRng *rng, RtError *err)
{
    return ordinal_rng("ordered_probit_rng", &probit_link, eta, c, rng, err);
}
