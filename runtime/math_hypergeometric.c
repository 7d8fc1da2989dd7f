/* math_hypergeometric.c - the hypergeometric functions (Stan Functions
 * Reference, "Real-valued basic functions", "Hypergeometric functions"):
 *   pFq(a; b; z) = sum_k prod_i (a_i)_k / prod_j (b_j)_k z^k / k!
 * and its cases 1F0, 2F1 and 3F2, with the partials in every argument.
 *
 * The series: t_0 = 1, t_(k+1) = t_k r_k, r_k = c_k z,
 * c_k = prod_i (a_i + k) / (prod_j (b_j + k) (k + 1)).  The partials are
 * summed term by term from the same recurrence (the Functions
 * Reference's digamma sums, without digamma: d t_k / d a_i is carried
 * along, so a terminating a_i = -n needs no special case):
 *   d t_(k+1) = d t_k r_k + t_k d r_k,
 *   d r_k / d a_i = prod_(l != i) (a_l + k) / (prod_j (b_j + k) (k + 1)) z,
 *   d r_k / d b_j = -r_k / (b_j + k),   d r_k / d z = c_k.
 * The sum stops when the next terms shrink (|r_k| < 1) and the last term
 * of the value and of every partial is below 1e-16 of its sum, or when
 * every term is exactly zero (a terminating series); after 10^6 terms it
 * is an error.
 *
 * Where the series converges (DLMF 16.2): for every z when p <= q, for
 * |z| < 1 when p = q + 1, only at z = 0 when p > q + 1; anywhere when
 * an a_i is a non-positive integer (a polynomial), but then the partial
 * in that a_i is a divergent series unless the general condition holds:
 * it is an error to ask for it.  |z| = 1 with p = q + 1 converges (when
 * sum b - sum a > 0) too slowly for a term-by-term sum: an error.
 *
 * 2F1 applies Euler's transformation where the series does not converge
 * (as the Functions Reference says Stan does), for z <= -1:
 *   2F1(a1, a2; b1; z) = (1 - z)^(-a2) 2F1(b1 - a1, a2; b1; z / (z - 1)),
 * z / (z - 1) in [1/2, 1).  Its value comes from GSL's gsl_sf_hyperg_2F1
 * where GSL has it: GSL documents |x| < 1 only, a GSL_EMAXITER near x = 1
 * when c - a - b is an integer, and refuses c a non-positive integer;
 * where GSL reports an error the series gives the value.  The partials
 * always come from the series.  1F0(a;; z) = (1 - z)^(-a), |z| < 1, in
 * closed form. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_hyperg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_hypergeometric.h"

#define MAX_TERMS 1000000
#define REL_TOL 1e-16

/* The sum's state for p upper and q lower parameters: the current term
 * t and its partials (dta, dtb, dtz), the sums of each. */
typedef struct Series {
    int p, q;
    bool grad_a, grad_b, grad_z;   /* which partials are summed */
    double t, s;
    double *dta, *dtb, *sa, *sb;   /* p, q, p, q */
    double dtz, sz;
} Series;

static bool is_nonpos_int(double x)
{
    return x <= 0 && x == floor(x);
}

static bool small_against(double term, double sum)
{
    return term == 0 || fabs(term) <= REL_TOL * fabs(sum);
}

/* One step: the term k + 1 from the term k.  Returns false where a b_j
 * + k is 0 with a term still to come (the series has a pole). */
static bool step(Series *s, const double *a, const double *b, double z,
                 int k, double *ratio)
{
    double den = k + 1.0, num = 1;
    for (int j = 0; j < s->q; j++) {
        if (b[j] + k == 0)
            return false;
        den *= b[j] + k;
    }
    for (int i = 0; i < s->p; i++)
        num *= a[i] + k;
    double c = num / den, r = c * z, t = s->t;
    *ratio = r;
    for (int i = 0; s->grad_a && i < s->p; i++) {
        double others = 1;
        for (int l = 0; l < s->p; l++)
            if (l != i)
                others *= a[l] + k;
        s->dta[i] = s->dta[i] * r + t * others / den * z;
    }
    for (int j = 0; s->grad_b && j < s->q; j++)
        s->dtb[j] = s->dtb[j] * r - t * r / (b[j] + k);
    if (s->grad_z)
        s->dtz = s->dtz * r + t * c;
    s->t = t * r;
    return true;
}

/* Whether the last terms are negligible against their sums. */
static bool converged(const Series *s, double ratio)
{
    bool all_zero = s->t == 0 && (!s->grad_z || s->dtz == 0);
    bool small = fabs(ratio) < 1 && small_against(s->t, s->s)
                 && (!s->grad_z || small_against(s->dtz, s->sz));
    for (int i = 0; s->grad_a && i < s->p; i++) {
        all_zero = all_zero && s->dta[i] == 0;
        small = small && small_against(s->dta[i], s->sa[i]);
    }
    for (int j = 0; s->grad_b && j < s->q; j++) {
        all_zero = all_zero && s->dtb[j] == 0;
        small = small && small_against(s->dtb[j], s->sb[j]);
    }
    return all_zero || small;
}

/* Stan's convergence conditions for the series (see the file comment). */
static int check_converges(const char *fn, const double *a, int p,
                           const double *b, int q, double z, bool grad_a,
                           RtError *err)
{
    (void)b;
    bool poly = false;
    for (int i = 0; i < p; i++)
        poly = poly || is_nonpos_int(a[i]);
    bool general = p <= q || z == 0 || (p == q + 1 && fabs(z) < 1);
    if (general)
        return 0;
    if (!poly)
        return rt_error(err, "%s: the series does not converge for z = %g "
                        "(p = %d, q = %d: it converges for |z| < 1 when p = "
                        "q + 1, for every z when p <= q, and everywhere "
                        "when an element of a is a non-positive integer)",
                        fn, z, p, q);
    if (grad_a)
        return rt_error(err, "%s: the series terminates (an element of a is "
                        "a non-positive integer) but its derivative in a "
                        "does not converge for z = %g", fn, z);
    return 0;
}

/* pFq(a; b; z) by its series; the partials into ga, gb, gz (each
 * nullable: none asked for, none summed). */
static double pfq_series(const char *fn, const double *a, int p,
                         const double *b, int q, double z, double *ga,
                         double *gb, double *gz, RtError *err)
{
    for (int i = 0; i < p; i++)
        if (isnan(a[i]))
            return rt_error(err, "%s: a[%d] is nan, but must not be nan!",
                            fn, i + 1), NAN;
    for (int j = 0; j < q; j++)
        if (isnan(b[j]))
            return rt_error(err, "%s: b[%d] is nan, but must not be nan!",
                            fn, j + 1), NAN;
    if (!isfinite(z))
        return rt_error(err, "%s: z is %g, but must be finite!", fn, z), NAN;
    if (check_converges(fn, a, p, b, q, z, ga != NULL, err))
        return NAN;
    Series s = {.p = p, .q = q, .grad_a = ga != NULL, .grad_b = gb != NULL,
                .grad_z = gz != NULL, .t = 1, .s = 1};
    double *buf = NULL;
    if (ga || gb || gz) {
        buf = calloc(2 * (size_t)(p + q) + 1, sizeof *buf);
        if (!buf)
            return rt_fatal(err, "%s: out of memory", fn), NAN;
        s.dta = buf;
        s.dtb = buf + p;
        s.sa = buf + p + q;
        s.sb = buf + 2 * p + q;
    }
    for (int k = 0;; k++) {
        double ratio;
        if (k == MAX_TERMS) {
            free(buf);
            return rt_error(err, "%s: the series did not converge within %d "
                            "terms (z = %g)", fn, MAX_TERMS, z), NAN;
        }
        if (!step(&s, a, b, z, k, &ratio)) {
            free(buf);
            return rt_error(err, "%s: an element of b is the non-positive "
                            "integer %d: the series has a pole", fn, -k), NAN;
        }
        s.s += s.t;
        for (int i = 0; s.grad_a && i < p; i++)
            s.sa[i] += s.dta[i];
        for (int j = 0; s.grad_b && j < q; j++)
            s.sb[j] += s.dtb[j];
        s.sz += s.dtz;
        if (converged(&s, ratio))
            break;
    }
    for (int i = 0; ga && i < p; i++)
        ga[i] = s.sa[i];
    for (int j = 0; gb && j < q; j++)
        gb[j] = s.sb[j];
    if (gz)
        *gz = s.sz;
    free(buf);
    if (!isfinite(s.s))
        return rt_error(err, "%s: the series overflows (z = %g)", fn, z), NAN;
    return s.s;
}

/* Adds adj * part into the adjoint of element i of x, if it has one. */
static void add_grad(RtArg x, int i, double adj, double part)
{
    if (x.g)
        x.g[i] += adj * part;
}

static bool any_grad(RtArg x)
{
    return x.g != NULL;
}

/* ---------------------------------------------------------------- pFq */

static double pfq_call(const char *fn, RtArg a, RtArg b, RtArg z,
                       double adj, RtError *err)
{
    bool grad = any_grad(a) || any_grad(b) || any_grad(z);
    double *g = NULL;
    if (grad) {
        g = calloc((size_t)a.n + (size_t)b.n + 1, sizeof *g);
        if (!g)
            return rt_fatal(err, "%s: out of memory", fn), NAN;
    }
    double v = pfq_series(fn, a.x, a.n, b.x, b.n, z.x[0],
                          any_grad(a) ? g : NULL,
                          any_grad(b) ? g + a.n : NULL,
                          any_grad(z) ? g + a.n + b.n : NULL, err);
    if (grad && !isnan(v)) {
        for (int i = 0; i < a.n; i++)
            add_grad(a, i, adj, g[i]);
        for (int j = 0; j < b.n; j++)
            add_grad(b, j, adj, g[a.n + j]);
        add_grad(z, 0, adj, g[a.n + b.n]);
    }
    free(g);
    return v;
}

double rt_hypergeometric_pFq(RtArg a, RtArg b, RtArg z, double adj,
                             RtError *err)
{
    return pfq_call("hypergeometric_pFq", a, b, z, adj, err);
}

double rt_hypergeometric_3F2(RtArg a, RtArg b, RtArg z, double adj,
                             RtError *err)
{
    const char *fn = "hypergeometric_3F2";
    if (a.n != 3)
        return rt_error(err, "%s: size of a (%d) must be 3", fn, a.n), NAN;
    if (b.n != 2)
        return rt_error(err, "%s: size of b (%d) must be 2", fn, b.n), NAN;
    return pfq_call(fn, a, b, z, adj, err);
}

/* ---------------------------------------------------------------- 2F1 */

/* 2F1 at |z| < 1 (or a terminating series): GSL's value when it has one,
 * else the series'; the partials from the series when asked for. */
static double f21_direct(const char *fn, const double p[3], double z,
                         double *g, RtError *err)
{
    if (!g && fabs(z) < 1) {
        gsl_sf_result r;
        gsl_set_error_handler_off();   /* a status, not an abort */
        int status = gsl_sf_hyperg_2F1_e(p[0], p[1], p[2], z, &r);
        if (status == GSL_SUCCESS && isfinite(r.val))
            return r.val;
    }
    return pfq_series(fn, p, 2, p + 2, 1, z, g, g ? g + 2 : NULL,
                      g ? g + 3 : NULL, err);
}

double rt_hypergeometric_2F1(RtArg a1, RtArg a2, RtArg b1, RtArg z,
                             double adj, RtError *err)
{
    const char *fn = "hypergeometric_2F1";
    bool grad = any_grad(a1) || any_grad(a2) || any_grad(b1) || any_grad(z);
    double A1 = a1.x[0], A2 = a2.x[0], B1 = b1.x[0], Z = z.x[0];
    double g[4] = {0, 0, 0, 0}, v;
    if (Z > -1) {
        double p[3] = {A1, A2, B1};
        v = f21_direct(fn, p, Z, grad ? g : NULL, err);
    } else {
        /* Euler: F = (1 - z)^(-a2) G(b1 - a1, a2; b1; w), w = z/(z - 1) */
        double p[3] = {B1 - A1, A2, B1}, w = Z / (Z - 1), gg[4];
        double G = f21_direct(fn, p, w, grad ? gg : NULL, err);
        double f = pow(1 - Z, -A2);
        v = f * G;
        if (grad && !isnan(G)) {
            g[0] = -f * gg[0];
            g[1] = -log1p(-Z) * v + f * gg[1];
            g[2] = f * (gg[0] + gg[2]);
            g[3] = A2 * v / (1 - Z) - f * gg[3] / ((Z - 1) * (Z - 1));
        }
    }
    if (grad && !isnan(v)) {
        add_grad(a1, 0, adj, g[0]);
        add_grad(a2, 0, adj, g[1]);
        add_grad(b1, 0, adj, g[2]);
        add_grad(z, 0, adj, g[3]);
    }
    return v;
}

/* ---------------------------------------------------------------- 1F0 */

double rt_hypergeometric_1F0(RtArg a, RtArg z, double adj, RtError *err)
{
    const char *fn = "hypergeometric_1F0";
    double A = a.x[0], Z = z.x[0];
    if (isnan(A))
        return rt_error(err, "%s: a is nan, but must not be nan!", fn), NAN;
    if (!(fabs(Z) < 1))
        return rt_error(err, "%s: abs(z) is %g, but must be less than 1", fn,
                        fabs(Z)), NAN;
    double v = pow(1 - Z, -A);
    add_grad(a, 0, adj, -log1p(-Z) * v);
    add_grad(z, 0, adj, A * v / (1 - Z));
    return v;
}
