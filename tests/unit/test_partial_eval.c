/* test_partial_eval.c - every row of partial-eval's rule table
 * (mir/passes/partial_eval.h) is a numeric identity: both sides are
 * evaluated with the runtime's functions (libpplrt) at random arguments
 * and at the domain edges (0, -0, +-1 and their neighbours, tiny, huge,
 * overflow thresholds, infinities, NaN), inside the row's domain
 * condition, and must
 *   - reject at the same arguments (rt_scalar_domain: Stan's domain
 *     errors), so a rewrite never hides nor adds a rejection;
 *   - give NaN at the same arguments;
 *   - where the original is finite, agree with it within the pass's
 *     tolerance (passes.def) relative to the row's scale (the magnitude of
 *     the original's terms: the original's own rounding is of that size),
 *     or, where the original itself is off by more than that (a
 *     cancellation: log(1 - inv_logit(30))), be exact to the tolerance and
 *     closer to the exact value (a long double reference) than the
 *     original: the better form may only be better;
 *   - where the original overflows or underflows to an infinity, give that
 *     infinity or the exact value (a long double reference).
 * A deliberately wrong row of each kind (a changed value, a hidden
 * rejection, a wrong fused form) must fail the same check. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "partial_eval.h"
#include "passes.h"
#include "pplrt.h"
#include "rt_dist_cont.h"
#include "rt_dist_disc.h"
#include "rt_linalg.h"
#include "rt_scalar.h"

/* ------------------------------------------------------------- the rows */

/* One side's value, and whether it rejects (Stan's domain error). */
typedef double (*Side)(const double *x, bool *rejects);
typedef long double (*Ref)(const long double *x);
typedef double (*Scale)(const double *x);

typedef struct TestRow {
    const char *name;     /* the pe_rules row it checks */
    int nargs;
    Side from, to;
    Ref ref;              /* the exact value, in long double */
    Scale scale;          /* NULL: max(1, |original|) */
    int nint;             /* the first nint arguments are ints */
} TestRow;

static bool domain_rejects(const char *fn, double x)
{
    return rt_scalar_domain(fn, 1, &x, NULL) != 0;
}

static double l1m_il(const double *x, bool *r)
{
    (void)r;
    return rt_log(1 - rt_inv_logit(x[0]));
}
static double l1m_il_to(const double *x, bool *r)
{
    (void)r;
    return rt_log1m_inv_logit(x[0]);
}
static long double l1m_il_ref(const long double *x)
{
    return -log1pl(expl(x[0]));
}

static double l_il(const double *x, bool *r)
{
    (void)r;
    return rt_log(rt_inv_logit(x[0]));
}
static double l_il_to(const double *x, bool *r)
{
    (void)r;
    return rt_log_inv_logit(x[0]);
}
static long double l_il_ref(const long double *x)
{
    return -log1pl(expl(-x[0]));
}

static double l1pe_a(const double *x, bool *r)
{
    (void)r;
    return rt_log(1 + rt_exp(x[0]));
}
static double l1pe_b(const double *x, bool *r)
{
    (void)r;
    return rt_log(rt_exp(x[0]) + 1);
}
static double l1pe_to(const double *x, bool *r)
{
    (void)r;
    return rt_log1p_exp(x[0]);
}
static long double l1pe_ref(const long double *x)
{
    return x[0] > 0 ? x[0] + log1pl(expl(-x[0])) : log1pl(expl(x[0]));
}

static double l1me(const double *x, bool *r)
{
    (void)r;
    return rt_log(1 - rt_exp(x[0]));
}
static double l1me_to(const double *x, bool *r)
{
    (void)r;
    return rt_log1m_exp(x[0]);
}
static long double l1me_ref(const long double *x)
{
    return logl(-expm1l(x[0]));
}

static double lse(const double *x, bool *r)
{
    (void)r;
    return rt_log(rt_exp(x[0]) + rt_exp(x[1]));
}
static double lse_to(const double *x, bool *r)
{
    (void)r;
    return rt_log_sum_exp(x[0], x[1]);
}
static long double lse_ref(const long double *x)
{
    long double m = x[0] > x[1] ? x[0] : x[1];
    if (isinf(m))
        return m;
    return m + logl(expl(x[0] - m) + expl(x[1] - m));
}

static double l1m(const double *x, bool *r)
{
    (void)r;
    return rt_log(1 - x[0]);
}
static double l1m_to(const double *x, bool *r)
{
    *r |= domain_rejects("log1m", x[0]);
    return rt_log1m(x[0]);
}
static long double l1m_ref(const long double *x)
{
    return log1pl(-x[0]);
}

static double l1p_a(const double *x, bool *r)
{
    (void)r;
    return rt_log(1 + x[0]);
}
static double l1p_b(const double *x, bool *r)
{
    (void)r;
    return rt_log(x[0] + 1);
}
static double l1p_to(const double *x, bool *r)
{
    *r |= domain_rejects("log1p", x[0]);
    return rt_log1p(x[0]);
}
static long double l1p_ref(const long double *x)
{
    return log1pl(x[0]);
}

static double em1(const double *x, bool *r)
{
    (void)r;
    return rt_exp(x[0]) - 1;
}
static double em1_to(const double *x, bool *r)
{
    (void)r;
    return rt_expm1(x[0]);
}
static long double em1_ref(const long double *x)
{
    return expm1l(x[0]);
}
static double em1_scale(const double *x)
{
    return fmax(1, fabs(rt_exp(x[0])));
}

static double fma_a(const double *x, bool *r)
{
    (void)r;
    return x[0] * x[1] + x[2];
}
static double fma_b(const double *x, bool *r)
{
    (void)r;
    return x[2] + x[0] * x[1];
}
static double fma_to(const double *x, bool *r)
{
    (void)r;
    return rt_fma(x[0], x[1], x[2]);
}
static long double fma_ref(const long double *x)
{
    return fmal(x[0], x[1], x[2]);
}
/* the original rounds the product, then the sum: its error is of the
 * terms' size, not of the result's */
static double fma_scale(const double *x)
{
    return fmax(1, fmax(fabs(x[0] * x[1]), fabs(x[2])));
}

/* The densities: n (and N) are x[0] (and x[1]) as ints; lupmf keeps
 * what a parameter's density keeps (the argument carries derivatives). */
static double density(double (*f)(RtIArg, RtArg, bool, double, RtError *),
                      int n, double theta, bool propto, bool *r)
{
    RtError err = {.msg = ""};
    double v = f(rt_iarg1(&n), rt_arg1(&theta, NULL, true), propto,
                 1.0, &err);
    *r |= err.msg[0] != '\0';
    return v;
}

static double density2(double (*f)(RtIArg, RtIArg, RtArg, bool, double,
                                   RtError *),
                       int n, int N, double theta, bool propto, bool *r)
{
    RtError err = {.msg = ""};
    double v = f(rt_iarg1(&n), rt_iarg1(&N),
                 rt_arg1(&theta, NULL, true), propto, 1.0, &err);
    *r |= err.msg[0] != '\0';
    return v;
}

static double bern(const double *x, bool *r)
{
    return density(rt_bernoulli_lpmf, (int)x[0], rt_inv_logit(x[1]), false,
                   r);
}
static double bern_to(const double *x, bool *r)
{
    return density(rt_bernoulli_logit_lpmf, (int)x[0], x[1], false, r);
}
static double bern_u(const double *x, bool *r)
{
    return density(rt_bernoulli_lpmf, (int)x[0], rt_inv_logit(x[1]), true, r);
}
static double bern_u_to(const double *x, bool *r)
{
    return density(rt_bernoulli_logit_lpmf, (int)x[0], x[1], true, r);
}
static long double bern_ref(const long double *x)
{
    return x[0] != 0 ? -log1pl(expl(-x[1])) : -log1pl(expl(x[1]));
}

static double pois(const double *x, bool *r)
{
    return density(rt_poisson_lpmf, (int)x[0], rt_exp(x[1]), false, r);
}
static double pois_to(const double *x, bool *r)
{
    return density(rt_poisson_log_lpmf, (int)x[0], x[1], false, r);
}
static double pois_u(const double *x, bool *r)
{
    return density(rt_poisson_lpmf, (int)x[0], rt_exp(x[1]), true, r);
}
static double pois_u_to(const double *x, bool *r)
{
    return density(rt_poisson_log_lpmf, (int)x[0], x[1], true, r);
}
static long double pois_ref(const long double *x)
{
    return x[0] * x[1] - expl(x[1]) - lgammal(x[0] + 1);
}
static long double pois_u_ref(const long double *x)
{
    return x[0] * x[1] - expl(x[1]);
}
/* n * x - exp(x): the original's error is of its terms' size */
static double pois_scale(const double *x)
{
    return fmax(1, fmax(fabs(x[0] * x[1]), rt_exp(x[1])));
}

static double binom(const double *x, bool *r)
{
    return density2(rt_binomial_lpmf, (int)x[0], (int)x[1],
                    rt_inv_logit(x[2]), false, r);
}
static double binom_to(const double *x, bool *r)
{
    return density2(rt_binomial_logit_lpmf, (int)x[0], (int)x[1], x[2], false,
                    r);
}
static double binom_u(const double *x, bool *r)
{
    return density2(rt_binomial_lpmf, (int)x[0], (int)x[1],
                    rt_inv_logit(x[2]), true, r);
}
static double binom_u_to(const double *x, bool *r)
{
    return density2(rt_binomial_logit_lpmf, (int)x[0], (int)x[1], x[2], true,
                    r);
}
static long double binom_u_ref(const long double *x)
{
    return -x[0] * log1pl(expl(-x[2])) - (x[1] - x[0]) * log1pl(expl(x[2]));
}
static long double binom_ref(const long double *x)
{
    return lgammal(x[1] + 1) - lgammal(x[0] + 1) - lgammal(x[1] - x[0] + 1)
        + binom_u_ref(x);
}
static double binom_scale(const double *x)
{
    return fmax(1, fabs(x[1] * x[2]) + fabs(lgamma(x[1] + 1)));
}

static const TestRow rows[] = {
    {"log(1 - inv_logit(x)) -> log1m_inv_logit(x)", 1, l1m_il, l1m_il_to,
     l1m_il_ref, NULL, 0},
    {"log(inv_logit(x)) -> log_inv_logit(x)", 1, l_il, l_il_to, l_il_ref,
     NULL, 0},
    {"log(1 + exp(x)) -> log1p_exp(x)", 1, l1pe_a, l1pe_to, l1pe_ref, NULL, 0},
    {"log(exp(x) + 1) -> log1p_exp(x)", 1, l1pe_b, l1pe_to, l1pe_ref, NULL, 0},
    {"log(1 - exp(x)) -> log1m_exp(x)", 1, l1me, l1me_to, l1me_ref, NULL, 0},
    {"log(exp(x) + exp(y)) -> log_sum_exp(x, y)", 2, lse, lse_to, lse_ref,
     NULL, 0},
    {"log(1 - x) -> log1m(x)", 1, l1m, l1m_to, l1m_ref, NULL, 0},
    {"log(1 + x) -> log1p(x)", 1, l1p_a, l1p_to, l1p_ref, NULL, 0},
    {"log(x + 1) -> log1p(x)", 1, l1p_b, l1p_to, l1p_ref, NULL, 0},
    {"exp(x) - 1 -> expm1(x)", 1, em1, em1_to, em1_ref, em1_scale, 0},
    {"bernoulli_lpmf(n | inv_logit(x)) -> bernoulli_logit_lpmf(n | x)", 2,
     bern, bern_to, bern_ref, NULL, 1},
    {"bernoulli_lupmf(n | inv_logit(x)) -> bernoulli_logit_lupmf(n | x)", 2,
     bern_u, bern_u_to, bern_ref, NULL, 1},
    {"poisson_lpmf(n | exp(x)) -> poisson_log_lpmf(n | x)", 2, pois, pois_to,
     pois_ref, pois_scale, 1},
    {"poisson_lupmf(n | exp(x)) -> poisson_log_lupmf(n | x)", 2, pois_u,
     pois_u_to, pois_u_ref, pois_scale, 1},
    {"x * y + z -> fma(x, y, z)", 3, fma_a, fma_to, fma_ref, fma_scale, 0},
    {"z + x * y -> fma(x, y, z)", 3, fma_b, fma_to, fma_ref, fma_scale, 0},
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/* ------------------------------------------------------------ the check */

static const double edges[] = {
    0.0, -0.0, 1.0, -1.0, 0x1.fffffffffffffp-1, 0x1.0000000000001p0,
    -0x1.fffffffffffffp-1, -0x1.0000000000001p0, 0.5, -0.5, 2.0, -2.0,
    1e-17, -1e-17, 1e-300, -1e-300, 4.9e-324, 36.0, -36.0, 40.0, -40.0,
    700.0, -700.0, 709.8, 710.0, -745.2, 800.0, -800.0, 1e300, -1e300,
    INFINITY, -INFINITY, NAN
};
#define NEDGES ((int)(sizeof edges / sizeof edges[0]))

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double uniform(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A random argument: a sign and a magnitude from 1e-20 to 1e20, or a
 * plain one in (-10, 10). */
static double random_arg(void)
{
    if (uniform() < 0.5)
        return 20 * uniform() - 10;
    double m = pow(10, 40 * uniform() - 20);
    return uniform() < 0.5 ? -m : m;
}

static bool allowed(PeDomain d, const double *x)
{
    switch (d) {
    case PE_ANY: return true;
    case PE_AT_MOST_0: return x[0] <= 0;
    case PE_AT_MOST_1: return x[0] <= 1;
    case PE_AT_LEAST_M1: return x[0] >= -1;
    case PE_FINITE_PREDICTOR: case PE_FINITE_PREDICTOR_NORMAL:
        return false;   /* GLM rows: glm_allowed */
    }
    return false;
}

/* Whether the row agrees at x; prints the disagreement if loud. */
static bool agrees(const TestRow *row, const double *x, double tol,
                   bool loud)
{
    bool rf = false, rt = false;
    double f = row->from(x, &rf), t = row->to(x, &rt);
    const char *why = NULL;
    if (rf != rt) {
        why = rf ? "the original rejects, the rewrite does not"
                 : "the rewrite rejects, the original does not";
    } else if (rf) {
        return true;
    } else if (isnan(f) != isnan(t)) {
        why = "one side is NaN";
    } else if (isnan(f)) {
        return true;
    } else if (isfinite(f)) {
        double scale = row->scale ? row->scale(x) : fmax(1, fabs(f));
        if (!(fabs(f - t) <= tol * scale)) {
            long double lx[3] = {x[0], row->nargs > 1 ? x[1] : 0,
                                 row->nargs > 2 ? x[2] : 0};
            long double ref = row->ref(lx);
            long double et = fabsl((long double)t - ref);
            if (!(et <= tol * fmaxl(1, fabsl(ref))
                  && et <= fabsl((long double)f - ref)))
                why = "the values differ";
        }
    } else if (t != f) {
        /* the original overflowed: the rewrite gives the exact value */
        long double lx[3] = {x[0], row->nargs > 1 ? x[1] : 0,
                             row->nargs > 2 ? x[2] : 0};
        double ref = (double)row->ref(lx);
        if (!(isfinite(t) && fabs(t - ref) <= tol * fmax(1, fabs(ref))))
            why = "the original overflows and the rewrite is not exact";
    }
    if (!why)
        return true;
    if (!loud)
        return false;
    printf("  %s at (%.17g", row->name, x[0]);
    for (int i = 1; i < row->nargs; i++)
        printf(", %.17g", x[i]);
    printf("): %.17g -> %.17g: %s\n", f, t, why);
    return false;
}

static const int int_edges[] = {-1, 0, 1, 2, 3, 7, 100};
#define NINT ((int)(sizeof int_edges / sizeof int_edges[0]))

/* A row whose first nint arguments are ints: every pair of int edges
 * against every real edge and random reals. */
static int check_int_row(const TestRow *row, PeDomain d, double tol)
{
    int fails = 0;
    double x[3];
    for (int i = 0; i < NINT; i++)
        for (int j = 0; j < (row->nint > 1 ? NINT : 1); j++) {
            x[0] = int_edges[i];
            x[1] = int_edges[j];
            for (int k = 0; k < NEDGES + 2000; k++) {
                x[row->nint] = k < NEDGES ? edges[k] : random_arg();
                if (allowed(d, x) && !agrees(row, x, tol, fails < 3))
                    fails++;
            }
        }
    return fails;
}

/* The number of failing arguments of row under domain d. */
static int check_row(const TestRow *row, PeDomain d, double tol)
{
    int fails = 0;
    double x[3];
    if (row->nint > 0)
        return check_int_row(row, d, tol);
    /* every combination of edges (for three arguments, edges against a
     * random third) */
    for (int i = 0; i < NEDGES; i++)
        for (int j = 0; j < (row->nargs > 1 ? NEDGES : 1); j++) {
            x[0] = edges[i];
            x[1] = edges[j];
            x[2] = random_arg();
            if (allowed(d, x) && !agrees(row, x, tol, fails < 3))
                fails++;
            x[2] = edges[(i + j) % NEDGES];
            if (row->nargs > 2 && allowed(d, x) && !agrees(row, x, tol, fails < 3))
                fails++;
        }
    for (int k = 0; k < 20000; k++) {
        for (int i = 0; i < 3; i++)
            x[i] = random_arg();
        if (allowed(d, x) && !agrees(row, x, tol, fails < 3))
            fails++;
    }
    return fails;
}

static const PeRule *rule_named(const char *name)
{
    for (const PeRule *r = pe_rules; r->name; r++)
        if (strcmp(r->name, name) == 0)
            return r;
    return NULL;
}

static double tolerance(void)
{
    const PassInfo *p = pass_find("partial-eval");
    assert_non_null(p);
    assert_true(p->rel_tol > 0);
    return p->rel_tol;
}

/* ------------------------------------------------------------ the GLMs */

/* The GLM rows: a density at the linear predictor X * beta + alpha (the
 * original, as the emitted C computes it: multiply's size check,
 * rt_multiply, then the addition in the row's order) against the GLM (the
 * replacement), over random shapes (outcomes, rows, columns and weights
 * of matching and mismatching sizes, one-row X, one outcome) and values
 * (the edges, random, and for the densities' other arguments their own
 * edges: outcomes outside the support, scales <= 0, infinite, NaN). */
typedef enum {
    GF_BERNOULLI, GF_POISSON, GF_NORMAL, GF_NEGBIN, GF_ORDERED
} GlmFamily;
typedef enum { GI_AFTER, GI_BEFORE, GI_NONE } GlmIntercept;

typedef struct GlmRow {
    const char *name;
    GlmFamily family;
    bool propto;
    GlmIntercept intercept;
    bool wrong;           /* for the test that wrong rows fail: the GLM at
                             -alpha */
} GlmRow;

enum { GMAX_N = 4, GMAX_K = 3 };

typedef struct GlmCase {
    int n, k, nbeta, ny;            /* X is n x k */
    double x[GMAX_N * GMAX_K], beta[GMAX_K + 1], alpha;
    double sigma;                   /* the normal's scale, neg_binomial's
                                       precision */
    double cuts[3];                 /* ordered_logistic's cutpoints */
    int ncuts;
    double yr[GMAX_N + 1];
    int yi[GMAX_N + 1];
} GlmCase;

static double glm_from(const GlmRow *row, const GlmCase *c, bool *r)
{
    if (c->nbeta != c->k) {      /* multiply: Columns of m1 and Rows of m2 */
        *r = true;
        return 0;
    }
    double mu[GMAX_N];
    rt_multiply(c->x, c->beta, c->n, c->k, 1, mu);
    for (int i = 0; i < c->n; i++)
        mu[i] = row->intercept == GI_AFTER ? mu[i] + c->alpha
              : row->intercept == GI_BEFORE ? c->alpha + mu[i] : mu[i];
    RtError err = {.msg = ""};
    /* x a row_vector (n 1): mu is a scalar; y of one: a scalar */
    RtArg m = c->n == 1 ? rt_arg1(mu, NULL, true)
                        : rt_argn(mu, NULL, c->n, true);
    RtIArg yi = c->ny == 1 ? rt_iarg1(c->yi) : rt_iarg(c->yi, c->ny);
    RtArg yr = c->ny == 1 ? rt_arg1(c->yr, NULL, false)
                          : rt_argn(c->yr, NULL, c->ny, false);
    double v = 0;
    switch (row->family) {
    case GF_BERNOULLI:
        v = rt_bernoulli_logit_lpmf(yi, m, row->propto, 1.0, &err);
        break;
    case GF_POISSON:
        v = rt_poisson_log_lpmf(yi, m, row->propto, 1.0, &err);
        break;
    case GF_NORMAL:
        v = rt_normal_lpdf(yr, m,
                           rt_arg1(&c->sigma, NULL, true), row->propto,
                           1.0, &err);
        break;
    case GF_NEGBIN:
        v = rt_neg_binomial_2_log_lpmf(yi, m, rt_arg1(&c->sigma, NULL, true),
                                       row->propto, 1.0, &err);
        break;
    case GF_ORDERED:
        v = rt_ordered_logistic_lpmf(yi, m, rt_argn(c->cuts, NULL, c->ncuts, true),
                                     row->propto, 1.0, &err);
        break;
    }
    *r = err.msg[0] != '\0';
    return v;
}

static double glm_to(const GlmRow *row, const GlmCase *c, bool *r)
{
    double zero = 0, minus = -c->alpha;
    RtMat x = {c->x, NULL, c->n, c->k, false};
    RtArg alpha = row->intercept == GI_NONE ? rt_arg1(&zero, NULL, false)
                : rt_arg1(row->wrong ? &minus : &c->alpha, NULL, true);
    RtArg beta = rt_argn(c->beta, NULL, c->nbeta, true);
    RtIArg yi = c->ny == 1 ? rt_iarg1(c->yi) : rt_iarg(c->yi, c->ny);
    RtArg yr = c->ny == 1 ? rt_arg1(c->yr, NULL, false)
                          : rt_argn(c->yr, NULL, c->ny, false);
    RtError err = {.msg = ""};
    double v = 0;
    switch (row->family) {
    case GF_BERNOULLI:
        v = rt_bernoulli_logit_glm_lpmf(yi, x, alpha, beta, row->propto, 1.0,
                                        &err);
        break;
    case GF_POISSON:
        v = rt_poisson_log_glm_lpmf(yi, x, alpha, beta, row->propto, 1.0,
                                    &err);
        break;
    case GF_NORMAL:
        v = rt_normal_id_glm_lpdf(yr, x,
                                  alpha, beta,
                                  rt_arg1(&c->sigma, NULL, true),
                                  row->propto, 1.0, &err);
        break;
    case GF_NEGBIN:
        v = rt_neg_binomial_2_log_glm_lpmf(yi, x, alpha, beta,
                                           rt_arg1(&c->sigma, NULL, true),
                                           row->propto, 1.0, &err);
        /* the GLM drops lgamma(y + 1) under propto, the plain density
         * keeps it while phi is a parameter: a constant, which the
         * validator allows */
        if (row->propto && err.msg[0] == '\0') {
            int n = c->n == 1 ? c->ny : c->n;
            for (int i = 0; i < n; i++)
                v -= lgamma(c->yi[c->ny == 1 ? 0 : i] + 1.0);
        }
        break;
    case GF_ORDERED:
        v = rt_ordered_logistic_glm_lpmf(yi, x, beta,
                                         rt_argn(c->cuts, NULL, c->ncuts, true),
                                         row->propto, 1.0, &err);
        break;
    }
    *r = err.msg[0] != '\0';
    return v;
}

/* The magnitude of the original's terms: the predictor is formed in
 * another order by the GLM (alpha first), so each eta_i may differ by its
 * terms' rounding, times the density's slope there. */
static double glm_scale(const GlmRow *row, const GlmCase *c, double f)
{
    double s = fmax(1, fabs(f));
    int n = c->n == 1 ? c->ny : c->n;
    for (int i = 0; i < n; i++) {
        const double *xr = c->x + (c->n == 1 ? 0 : i) * c->k;
        double t = row->intercept == GI_NONE ? 0 : fabs(c->alpha), eta = 0;
        for (int k = 0; k < c->k; k++) {
            t += fabs(xr[k] * c->beta[k]);
            eta += xr[k] * c->beta[k];
        }
        if (row->intercept != GI_NONE)
            eta += c->alpha;
        double y = row->family == GF_NORMAL ? c->yr[c->ny == 1 ? 0 : i]
                                            : c->yi[c->ny == 1 ? 0 : i];
        switch (row->family) {
        case GF_BERNOULLI:
            s += t;
            break;
        case GF_POISSON:
            s += (fabs(y) + exp(fmin(eta, 709))) * (1 + t) + fabs(y * eta)
                 + lgamma(fabs(y) + 1);
            break;
        case GF_NORMAL: {
            double z = (y - eta) / c->sigma;
            s += (fabs(z) / c->sigma) * t + z * z + fabs(log(c->sigma))
                 + fabs(y / c->sigma) * (fabs(y / c->sigma) + 1);
            break;
        }
        case GF_NEGBIN: {
            double p = c->sigma;
            s += (fabs(y) + p) * (1 + t + fabs(eta) + fabs(log(p)))
                 + fabs(lgamma(fabs(y) + p)) + fabs(lgamma(p))
                 + lgamma(fabs(y) + 1);
            break;
        }
        case GF_ORDERED:
            s += 1 + t;
            break;
        }
    }
    return s;
}

/* Whether the case is inside PE_FINITE_PREDICTOR (and for the normal
 * PE_FINITE_PREDICTOR_NORMAL): what the pass proves before it fuses. */
static bool glm_allowed(const GlmRow *row, const GlmCase *c)
{
    double mx = 0, mb = 0, ma = row->intercept == GI_NONE ? 0 : fabs(c->alpha);
    for (int i = 0; i < c->n * c->k; i++)
        mx = isnan(mx) || isnan(c->x[i]) ? NAN : fmax(mx, fabs(c->x[i]));
    for (int i = 0; i < c->nbeta; i++)
        mb = isnan(mb) || isnan(c->beta[i]) ? NAN
                                              : fmax(mb, fabs(c->beta[i]));
    if (!isfinite(mx) || !isfinite(mb) || !isfinite(ma)
        || !(mx * mb * 0x1p31 + ma < PE_PREDICTOR_LIMIT))
        return false;
    if (row->family != GF_NORMAL)
        return true;
    for (int i = 0; i < c->ny; i++)
        if (!isfinite(c->yr[i]))
            return false;
    return c->sigma > 0 && isfinite(c->sigma);
}

static bool glm_agrees(const GlmRow *row, const GlmCase *c, double tol,
                       bool loud)
{
    bool rf = false, rt = false;
    double f = glm_from(row, c, &rf), t = glm_to(row, c, &rt);
    const char *why = NULL;
    if (rf != rt)
        why = rf ? "the original rejects, the rewrite does not"
                 : "the rewrite rejects, the original does not";
    else if (rf)
        return true;
    else if (isnan(f) != isnan(t))
        why = "one side is NaN";
    else if (isnan(f))
        return true;
    else if (isfinite(f) != isfinite(t) || (!isfinite(f) && f != t))
        why = "one side is infinite";
    else if (isfinite(f) && !(fabs(f - t) <= tol * glm_scale(row, c, f)))
        why = "the values differ";
    if (!why)
        return true;
    if (loud)
        printf("  %s: X %d x %d, beta %d, y %d, alpha %.17g, x0 %.17g, "
               "beta0 %.17g: %.17g -> %.17g: %s\n", row->name, c->n, c->k,
               c->nbeta, c->ny, c->alpha, c->n * c->k > 0 ? c->x[0] : 0,
               c->nbeta ? c->beta[0] : 0, f, t, why);
    return false;
}

/* A value: an edge (a third of the time), else random. */
static double glm_value(void)
{
    if (uniform() < 0.3)
        return edges[(int)(uniform() * NEDGES)];
    return uniform() < 0.5 ? 10 * uniform() - 5 : random_arg();
}

static void glm_case(const GlmRow *row, GlmCase *c)
{
    static const int bern[] = {0, 1, 0, 1, 0, 1, -1, 2};
    static const int pois[] = {0, 1, 3, 100, 0, 2, -1};
    static const double sigmas[] = {1, 0.5, 2, 1e-300, 1e10, 0, -1,
                                    INFINITY, NAN};
    static const double bad_cuts[] = {INFINITY, -INFINITY, NAN, 0, 1e300};
    c->n = (int)(uniform() * (GMAX_N + 1));
    c->k = (int)(uniform() * (GMAX_K + 1));
    c->nbeta = uniform() < 0.9 ? c->k : (int)(uniform() * (GMAX_K + 1));
    double u = uniform();
    c->ny = u < 0.7 ? c->n : u < 0.85 ? 1 : (int)(uniform() * (GMAX_N + 2));
    if (c->n == 0 && c->ny > 1 && uniform() < 0.5)
        c->ny = 0;
    /* mostly plain values, so that most cases are inside the domain */
    bool plain = uniform() < 0.7;
    for (int i = 0; i < c->n * c->k; i++)
        c->x[i] = plain ? 4 * uniform() - 2 : glm_value();
    for (int i = 0; i < c->nbeta; i++)
        c->beta[i] = plain ? 4 * uniform() - 2 : glm_value();
    c->alpha = plain ? 4 * uniform() - 2 : glm_value();
    c->sigma = uniform() < 0.8 ? sigmas[(int)(uniform() * 3)]
                               : sigmas[(int)(uniform() * 9)];
    c->ncuts = (int)(uniform() * 4);
    for (int i = 0; i < c->ncuts; i++)
        c->cuts[i] = (i > 0 ? c->cuts[i - 1] : -3) + 2 * uniform();
    if (c->ncuts > 0 && uniform() < 0.1)
        c->cuts[(int)(uniform() * c->ncuts)] = bad_cuts[(int)(uniform() * 5)];
    for (int i = 0; i < c->ny; i++) {
        c->yr[i] = plain ? 6 * uniform() - 3 : glm_value();
        switch (row->family) {
        case GF_POISSON: case GF_NEGBIN:
            c->yi[i] = pois[(int)(uniform() * 7)];
            break;
        case GF_ORDERED:   /* 1..ncuts + 1, and the two outside */
            c->yi[i] = (int)(uniform() * (c->ncuts + 3));
            break;
        default:
            c->yi[i] = bern[(int)(uniform() * 8)];
        }
    }
}

/* The failing cases of row, inside the domain or (guarded false)
 * anywhere; *inside counts the cases checked. */
static int check_glm_row(const GlmRow *row, bool guarded, double tol,
                         int *inside)
{
    int fails = 0;
    *inside = 0;
    for (int k = 0; k < 40000; k++) {
        GlmCase c;
        glm_case(row, &c);
        if (guarded && !glm_allowed(row, &c))
            continue;
        (*inside)++;
        if (!glm_agrees(row, &c, tol, fails < 3))
            fails++;
    }
    return fails;
}

#define GLM_TEST_ROWS(d, g, f, u)                                            \
    {d "(y | X * beta + alpha) -> " g "(y | X, alpha, beta)", f, u,           \
     GI_AFTER, false},                                                        \
    {d "(y | alpha + X * beta) -> " g "(y | X, alpha, beta)", f, u,           \
     GI_BEFORE, false},                                                       \
    {d "(y | X * beta) -> " g "(y | X, 0, beta)", f, u, GI_NONE, false}
#define GLM_TEST_ROWS3(d, g, s, f, u)                                        \
    {d "(y | X * beta + alpha, " s ") -> " g "(y | X, alpha, beta, " s ")",   \
     f, u, GI_AFTER, false},                                                  \
    {d "(y | alpha + X * beta, " s ") -> " g "(y | X, alpha, beta, " s ")",   \
     f, u, GI_BEFORE, false},                                                 \
    {d "(y | X * beta, " s ") -> " g "(y | X, 0, beta, " s ")", f, u,         \
     GI_NONE, false}

static const GlmRow glm_rows[] = {
    GLM_TEST_ROWS("bernoulli_logit_lpmf", "bernoulli_logit_glm_lpmf",
                  GF_BERNOULLI, false),
    GLM_TEST_ROWS("bernoulli_logit_lupmf", "bernoulli_logit_glm_lupmf",
                  GF_BERNOULLI, true),
    GLM_TEST_ROWS("poisson_log_lpmf", "poisson_log_glm_lpmf", GF_POISSON,
                  false),
    GLM_TEST_ROWS("poisson_log_lupmf", "poisson_log_glm_lupmf", GF_POISSON,
                  true),
    GLM_TEST_ROWS3("normal_lpdf", "normal_id_glm_lpdf", "sigma", GF_NORMAL,
                   false),
    GLM_TEST_ROWS3("normal_lupdf", "normal_id_glm_lupdf", "sigma", GF_NORMAL,
                   true),
    GLM_TEST_ROWS3("neg_binomial_2_log_lpmf", "neg_binomial_2_log_glm_lpmf",
                   "phi", GF_NEGBIN, false),
    GLM_TEST_ROWS3("neg_binomial_2_log_lupmf", "neg_binomial_2_log_glm_lupmf",
                   "phi", GF_NEGBIN, true),
    {"ordered_logistic_lpmf(y | X * beta, c) -> "
     "ordered_logistic_glm_lpmf(y | X, beta, c)", GF_ORDERED, false, GI_NONE,
     false},
    {"ordered_logistic_lupmf(y | X * beta, c) -> "
     "ordered_logistic_glm_lupmf(y | X, beta, c)", GF_ORDERED, true, GI_NONE,
     false},
};
#define NGLM ((int)(sizeof glm_rows / sizeof glm_rows[0]))

/* -------------------------------------------------------------- tests */

/* Every row of the table has its numeric test here, and no test is for a
 * row that does not exist. */
static void test_every_row_is_tested(void **state)
{
    (void)state;
    int n = 0;
    for (const PeRule *r = pe_rules; r->name; r++, n++) {
        bool found = false;
        for (int i = 0; i < NROWS; i++)
            if (strcmp(rows[i].name, r->name) == 0)
                found = true;
        for (int i = 0; i < NGLM; i++)
            if (strcmp(glm_rows[i].name, r->name) == 0)
                found = true;
        if (!found)
            printf("  the row '%s' has no numeric test\n", r->name);
        assert_true(found);
    }
    assert_int_equal(n, NROWS + NGLM);
    for (int i = 0; i < NROWS; i++)
        assert_non_null(rule_named(rows[i].name));
    for (int i = 0; i < NGLM; i++)
        assert_non_null(rule_named(glm_rows[i].name));
}

static void test_rows_are_identities(void **state)
{
    (void)state;
    double tol = tolerance();
    int bad = 0;
    for (int i = 0; i < NROWS; i++) {
        const PeRule *r = rule_named(rows[i].name);
        assert_non_null(r);
        int fails = check_row(&rows[i], r->domain, tol);
        if (fails)
            printf("  %s: %d failing arguments\n", rows[i].name, fails);
        bad += fails;
    }
    assert_int_equal(bad, 0);
}

/* The check is not vacuous: wrong rows fail it. */
static double wrong_l1p(const double *x, bool *r)
{
    *r |= domain_rejects("log1m", x[0]);
    return rt_log1m(x[0]);   /* log(1 + x) -> log1m(x): another value */
}

static double hide_from(const double *x, bool *r)
{
    *r |= domain_rejects("log1m", x[0]);
    return rt_log1m(x[0]);
}

static double hide_to(const double *x, bool *r)
{
    (void)r;
    return rt_log(1 - x[0]);  /* log1m(x) -> log(1 - x): x > 1 no longer
                                 rejects */
}

static double wrong_fma(const double *x, bool *r)
{
    (void)r;
    return rt_fma(x[0], x[1], -x[2]);
}

static void test_wrong_rows_fail(void **state)
{
    (void)state;
    double tol = tolerance();
    const TestRow value = {"wrong: log(1 + x) -> log1m(x)", 1, l1p_a,
                           wrong_l1p, l1p_ref, NULL, 0};
    const TestRow hides = {"wrong: log1m(x) -> log(1 - x)", 1, hide_from,
                           hide_to, l1m_ref, NULL, 0};
    const TestRow fused = {"wrong: x * y + z -> fma(x, y, -z)", 3, fma_a,
                           wrong_fma, fma_ref, fma_scale, 0};
    printf("  (the failures below are expected)\n");
    assert_true(check_row(&value, PE_AT_LEAST_M1, tol) > 0);
    assert_true(check_row(&hides, PE_ANY, tol) > 0);
    assert_true(check_row(&fused, PE_ANY, tol) > 0);
    /* and a right row without its domain condition: log1m rejects where
     * log(1 - x) is NaN */
    const TestRow l1m_any = {"log(1 - x) -> log1m(x) without x <= 1", 1, l1m,
                             l1m_to, l1m_ref, NULL, 0};
    assert_true(check_row(&l1m_any, PE_ANY, tol) > 0);
    /* a fused form Stan's optimizer uses, which is not in the table:
     * binomial_logit rejects an infinite x, binomial(inv_logit(x)) does
     * not */
    const TestRow binomial = {"binomial_lpmf(n | N, inv_logit(x)) -> "
                              "binomial_logit_lpmf(n | N, x)", 3, binom,
                              binom_to, binom_ref, binom_scale, 2};
    const TestRow binomial_u = {"binomial_lupmf(n | N, inv_logit(x)) -> "
                                "binomial_logit_lupmf(n | N, x)", 3, binom_u,
                                binom_u_to, binom_u_ref, binom_scale, 2};
    assert_true(check_row(&binomial, PE_ANY, tol) > 0);
    assert_true(check_row(&binomial_u, PE_ANY, tol) > 0);
}

static void test_glm_rows_are_identities(void **state)
{
    (void)state;
    double tol = tolerance();
    int bad = 0;
    for (int i = 0; i < NGLM; i++) {
        const PeRule *r = rule_named(glm_rows[i].name);
        assert_non_null(r);
        assert_true(r->domain == (glm_rows[i].family == GF_NORMAL
                                  ? PE_FINITE_PREDICTOR_NORMAL
                                  : PE_FINITE_PREDICTOR));
        int inside;
        int fails = check_glm_row(&glm_rows[i], true, tol, &inside);
        if (fails)
            printf("  %s: %d failing cases\n", glm_rows[i].name, fails);
        /* the domain is not so narrow that little is checked */
        assert_true(inside > 20000);
        bad += fails;
    }
    assert_int_equal(bad, 0);
}

/* Each GLM row fails without its domain condition (an infinite X, an
 * overflowing predictor, for the normal an infinite y), and a wrong fused
 * form fails inside it. */
static void test_wrong_glm_rows_fail(void **state)
{
    (void)state;
    double tol = tolerance();
    int inside;
    printf("  (the failures below are expected)\n");
    for (int i = 0; i < NGLM; i++)
        assert_true(check_glm_row(&glm_rows[i], false, tol, &inside) > 0);
    for (int i = 0; i < NGLM; i++) {
        GlmRow w = glm_rows[i];
        if (w.intercept == GI_NONE)
            continue;
        w.wrong = true;
        assert_true(check_glm_row(&w, true, tol, &inside) > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_row_is_tested),
        cmocka_unit_test(test_rows_are_identities),
        cmocka_unit_test(test_wrong_rows_fail),
        cmocka_unit_test(test_glm_rows_are_identities),
        cmocka_unit_test(test_wrong_glm_rows_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
