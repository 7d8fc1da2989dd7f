/* test_interp_grad.c - the trace's backward pass (mir/interp_grad*.c):
 * every closed-form derivative rule of the table against central finite
 * differences of the library function it differentiates, at random
 * arguments in the rule's domain; the multivariate normal and Cholesky
 * rules likewise; the whole gradient of small programs (loops, indexing,
 * a user function, bounds depending on a parameter, a simplex) against
 * finite differences of the interpreter's log density; the queries
 * (referenced, dependents) and the per-node metadata of the tracking
 * context; the validator's third opinion (driver/validate_interp.c,
 * included) on probe files that agree, disagree and cannot be run. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "interp_impl.h"
#include "mir.h"
#include "pplrt.h"

#include "validate_interp.c"

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

/* a fixed-seed generator: the tests are reproducible */
static double uniform(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / 9007199254740992.0;
}

static IVal draw(unsigned long long *s, char dom, double before)
{
    switch (dom) {
    case 'J': return iv_int(6 + (long long)(5 * uniform(s)));
    case 'L': return iv_real(before - 0.1 - 2 * uniform(s));
    case 'M': return iv_real(before * (0.2 + 0.6 * uniform(s)));
    case 'P': return iv_real(0.2 + 2.8 * uniform(s));
    case 'U': return iv_real(0.05 + 0.9 * uniform(s));
    case 'I': return iv_int((long long)(6 * uniform(s)));
    case 'B': return iv_int(uniform(s) < 0.5);
    default: return iv_real(-2 + 4 * uniform(s));
    }
}

static double call(Arena *a, const char *name, IVal *args, int n)
{
    RtError err = {.msg = ""};
    bool ad[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    LibCall c = {a, &err, name, args, ad, n, false};
    IVal out;
    if (interp_lib_call(&c, &out) != 0)
        fail_msg("%s: %s", name, err.msg);
    return iv_num(&out);
}

/* Every row of the table, 20 random points each: the partial of every
 * real argument against a central difference (h = 1e-6). */
static void test_rules_against_differences(void **state)
{
    (void)state;
    Arena a = {0};
    int n;
    const InterpGradRule *r = interp_grad_rules(&n);
    assert_true(n > 30);
    unsigned long long seed = 20261124;
    for (int i = 0; i < n; i++) {
        const char *name = r[i].density && !strstr(r[i].name, "_lc")
            ? arena_printf(&a, "%s_%s", r[i].name,
                           strchr(r[i].domain, 'I') || strchr(r[i].domain, 'B')
                           ? "lpmf" : "lpdf")
            : r[i].name;
        for (int rep = 0; rep < 20; rep++) {
            IVal args[8];
            double x[8], d[8];
            size_t dl = strlen(r[i].domain);
            for (int k = 0; k < r[i].nargs; k++) {
                args[k] = draw(&seed, (size_t)k < dl ? r[i].domain[k] : '-',
                               k ? x[k - 1] : 0);
                x[k] = iv_num(&args[k]);
            }
            r[i].d(x, d);
            for (int k = 0; k < r[i].nargs; k++) {
                if (args[k].k == IV_INT)
                    continue;
                double h = 1e-6 * fmax(1, fabs(x[k]));
                IVal up[8], dn[8];
                memcpy(up, args, sizeof up);
                memcpy(dn, args, sizeof dn);
                up[k] = iv_real(x[k] + h);
                dn[k] = iv_real(x[k] - h);
                double fd = (call(&a, name, up, r[i].nargs)
                             - call(&a, name, dn, r[i].nargs)) / (2 * h);
                if (!(fabs(fd - d[k]) <= 1e-5 * (1 + fabs(fd))))
                    fail_msg("%s: argument %d at point %d: the rule gives "
                             "%.12g, finite differences %.12g", name, k + 1,
                             rep, d[k], fd);
            }
        }
    }
    arena_free(&a);
}

/* multi_normal_lpdf(y | mu, Sigma), multi_normal_cholesky_lpdf and
 * cholesky_decompose at a random 3 x 3 covariance. */
static void test_matrix_rules(void **state)
{
    (void)state;
    Arena a = {0};
    enum { K = 3 };
    unsigned long long seed = 7;
    IVal y, mu, S, L;
    iv_alloc(&a, IV_VEC, K, 1, &y, NULL);
    iv_alloc(&a, IV_VEC, K, 1, &mu, NULL);
    iv_alloc(&a, IV_MAT, K, K, &S, NULL);
    double B[K * K];
    for (int i = 0; i < K * K; i++)
        B[i] = -1 + 2 * uniform(&seed);
    for (int i = 0; i < K; i++) {
        y.d[i] = -1 + 2 * uniform(&seed);
        mu.d[i] = -1 + 2 * uniform(&seed);
        for (int j = 0; j < K; j++) {
            double s = i == j ? 1 : 0;
            for (int k = 0; k < K; k++)
                s += B[i * K + k] * B[j * K + k];
            S.d[i * K + j] = s;
        }
    }
    IVal cargs[1] = {S};
    RtError err = {.msg = ""};
    bool ad[3] = {1, 1, 1};
    LibCall cc = {&a, &err, "cholesky_decompose", cargs, ad, 1, false};
    assert_int_equal(interp_lib_call(&cc, &L), 0);
    for (int chol = 0; chol < 2; chol++) {
        const char *name = chol ? "multi_normal_cholesky_lpdf"
                                : "multi_normal_lpdf";
        IVal args[3] = {y, mu, chol ? L : S};
        double gy[K] = {0}, gm[K] = {0}, gs[K * K] = {0};
        double *ga[3] = {gy, gm, gs};
        assert_int_equal(interp_grad_multi_normal(&a, chol ? "multi_normal_"
                                                  "cholesky" : "multi_normal",
                                                  args, 3, 1.0, ga), 0);
        for (int k = 0; k < 3; k++) {
            IVal v = iv_copy(&a, &args[k]);
            args[k] = v;
            int m = k == 2 ? K * K : K;
            for (int j = 0; j < m; j++) {
                int r = j / K, c = j % K;
                if (k == 2 && (chol ? c > r : c != r && c > r))
                    continue;
                double x0 = v.d[j], h = 1e-6, f[2];
                for (int s = 0; s < 2; s++) {
                    v.d[j] = x0 + (s ? h : -h);
                    if (k == 2 && !chol)    /* symmetric: both entries */
                        v.d[c * K + r] = v.d[j];
                    f[s] = call(&a, name, args, 3);
                }
                v.d[j] = x0;
                if (k == 2 && !chol)
                    v.d[c * K + r] = x0;
                double fd = (f[1] - f[0]) / (2 * h);
                double got = ga[k][j] + (k == 2 && !chol && r != c
                                         ? ga[k][c * K + r] : 0);
                if (!(fabs(fd - got) <= 1e-5 * (1 + fabs(fd))))
                    fail_msg("%s: argument %d, value %d: the rule gives "
                             "%.12g, finite differences %.12g", name, k + 1,
                             j, got, fd);
            }
        }
    }
    /* cholesky_decompose: the adjoint of sum(W .* L) for a fixed W */
    double W[K * K], gA[K * K] = {0};
    for (int i = 0; i < K * K; i++)
        W[i] = -1 + 2 * uniform(&seed);
    assert_int_equal(interp_grad_cholesky(&a, &L, W, gA), 0);
    for (int i = 0; i < K; i++)
        for (int j = 0; j <= i; j++) {
            double h = 1e-6, f[2];
            IVal A = iv_copy(&a, &S), Lh;
            for (int s = 0; s < 2; s++) {
                A.d[i * K + j] = S.d[i * K + j] + (s ? h : -h);
                A.d[j * K + i] = A.d[i * K + j];
                IVal aa[1] = {A};
                LibCall c2 = {&a, &err, "cholesky_decompose", aa, ad, 1,
                              false};
                assert_int_equal(interp_lib_call(&c2, &Lh), 0);
                f[s] = 0;
                for (int q = 0; q < K * K; q++)
                    f[s] += W[q] * (q % K <= q / K ? Lh.d[q] : 0);
            }
            double fd = (f[1] - f[0]) / (2 * h);
            double got = gA[i * K + j] + (i != j ? gA[j * K + i] : 0);
            if (!(fabs(fd - got) <= 1e-5 * (1 + fabs(fd))))
                fail_msg("cholesky_decompose: (%d, %d): the rule gives %.12g, "
                         "finite differences %.12g", i, j, got, fd);
        }
    arena_free(&a);
}

static IVal random_value(Arena *a, unsigned long long *s, IvKind k, int rows,
                         int cols, double lo, double hi)
{
    IVal v;
    if (k == IV_REAL)
        return iv_real(lo + (hi - lo) * uniform(s));
    if (k == IV_ARRAY) {            /* rows reals */
        v = (IVal){.k = IV_ARRAY, .n = rows};
        v.el = arena_alloc(a, sizeof(IVal) * (size_t)(rows + 1));
        for (int i = 0; i < rows; i++)
            v.el[i] = iv_real(lo + (hi - lo) * uniform(s));
        return v;
    }
    iv_alloc(a, k, rows, cols, &v, NULL);
    for (int i = 0; i < rows * cols; i++)
        v.d[i] = lo + (hi - lo) * uniform(s);
    return v;
}

/* interp_grad_more's rule for name on args (want[k]: differentiate
 * argument k) against central differences of sum_j gout_j f_j. */
static void check_more(Arena *a, const char *name, IVal *args, int n,
                       const bool *want)
{
    unsigned long long seed = 3;
    RtError err = {.msg = ""};
    bool ad[4] = {1, 1, 1, 1};
    LibCall c = {a, &err, name, args, ad, n, false};
    IVal out;
    if (interp_lib_call(&c, &out))
        fail_msg("%s: %s", name, err.msg);
    long m = iv_count(&out);
    double *gout = arena_alloc(a, sizeof(double) * (size_t)(m + 1));
    for (long j = 0; j < m; j++)
        gout[j] = -1 + 2 * uniform(&seed);
    MirTraceVals kv = {.out = out, .args = args, .nargs = n, .lib = name,
                       .ad = ad};
    double *ga[4] = {0};
    for (int k = 0; k < n; k++)
        if (want[k])
            ga[k] = arena_alloc(a, sizeof(double) * (size_t)(iv_count(&args[k])
                                                             + 1));
    size_t len = strlen(name);
    char base[64];
    snprintf(base, sizeof base, "%.*s", (int)(len > 5 && strstr(name, "_lp")
                                              ? len - 5 : len), name);
    int rc = interp_grad_more(a, base, &kv, gout, ga);
    if (rc == 1)
        rc = interp_grad_glm(a, base, &kv, gout[0], ga);
    assert_int_equal(rc, 0);
    for (int k = 0; k < n; k++) {
        if (!want[k])
            continue;
        IVal saved = args[k];
        args[k] = iv_copy(a, &saved);
        long mk = iv_count(&args[k]);
        for (long q = 0; q < mk; q++) {
            IVal *el0 = args[k].k == IV_ARRAY ? &args[k].el[0] : NULL;
            long per = el0 && el0->k != IV_REAL ? iv_count(el0) : 1;
            double *x = args[k].k == IV_REAL ? &args[k].r
                      : el0 && per == 1 ? &args[k].el[q].r
                      : el0 ? &args[k].el[q / per].d[q % per]
                      : &args[k].d[q];
            double x0 = *x, h = 1e-6, f[2];
            for (int sgn = 0; sgn < 2; sgn++) {
                *x = x0 + (sgn ? h : -h);
                IVal o;
                LibCall c2 = {a, &err, name, args, ad, n, false};
                if (interp_lib_call(&c2, &o))
                    fail_msg("%s: %s", name, err.msg);
                double *y = arena_alloc(a, sizeof(double) * (size_t)(m + 1));
                iv_flatten(&o, y);
                f[sgn] = 0;
                for (long j = 0; j < m; j++)
                    f[sgn] += gout[j] * y[j];
            }
            *x = x0;
            double fd = (f[1] - f[0]) / (2 * h);
            if (!(fabs(fd - ga[k][q]) <= 1e-5 * (1 + fabs(fd))))
                fail_msg("%s: argument %d, value %ld: the rule gives %.12g, "
                         "finite differences %.12g", name, k + 1, q,
                         ga[k][q], fd);
        }
        args[k] = saved;
    }
}

static void test_more_rules(void **state)
{
    (void)state;
    Arena a = {0};
    unsigned long long s = 5;
    const bool all[3] = {1, 1, 1}, not_first[3] = {0, 1, 1};
    IVal m = random_value(&a, &s, IV_MAT, 3, 3, -1, 1);
    IVal v = random_value(&a, &s, IV_VEC, 3, 1, 0.5, 2);
    IVal w = random_value(&a, &s, IV_VEC, 3, 1, -1, 1);
    IVal args[3];
    args[0] = m; args[1] = v;
    check_more(&a, "add_diag", args, 2, all);
    args[1] = iv_real(0.7);
    check_more(&a, "add_diag", args, 2, all);
    args[0] = v; args[1] = m;
    check_more(&a, "diag_pre_multiply", args, 2, all);
    args[0] = m; args[1] = v;
    check_more(&a, "diag_post_multiply", args, 2, all);
    check_more(&a, "quad_form_diag", args, 2, all);
    args[0] = v; args[1] = w;
    check_more(&a, "append_row", args, 2, all);
    args[0] = m;
    check_more(&a, "to_vector", args, 1, all);
    check_more(&a, "transpose", args, 1, all);
    args[0] = random_value(&a, &s, IV_ARRAY, 5, 1, -2, 2);
    args[1] = iv_real(1.3);
    args[2] = iv_real(0.8);
    check_more(&a, "gp_exp_quad_cov", args, 3, not_first);
    /* dirichlet's concentration (theta stays a simplex) */
    IVal th;
    iv_alloc(&a, IV_VEC, 3, 1, &th, NULL);
    th.d[0] = 0.2; th.d[1] = 0.3; th.d[2] = 0.5;
    args[0] = th; args[1] = v;
    check_more(&a, "dirichlet_lpdf", args, 2, not_first);
    /* ordered_logistic: every category, one cutpoint vector and one per
     * element, a vector and a scalar eta */
    IVal ks = {.k = IV_ARRAY, .n = 4};
    ks.el = arena_alloc(&a, sizeof(IVal) * 4);
    for (int k = 0; k < 4; k++)
        ks.el[k] = iv_int(k + 1);
    IVal cut;
    iv_alloc(&a, IV_VEC, 3, 1, &cut, NULL);
    cut.d[0] = -0.8; cut.d[1] = 0.1; cut.d[2] = 1.4;
    args[0] = ks;
    args[1] = random_value(&a, &s, IV_VEC, 4, 1, -1.5, 1.5);
    args[2] = cut;
    check_more(&a, "ordered_logistic_lpmf", args, 3, not_first);
    IVal cuts = {.k = IV_ARRAY, .n = 4};
    cuts.el = arena_alloc(&a, sizeof(IVal) * 4);
    for (int k = 0; k < 4; k++) {
        cuts.el[k] = iv_copy(&a, &cut);
        cuts.el[k].d[1] += 0.1 * k;
    }
    args[2] = cuts;
    check_more(&a, "ordered_logistic_lpmf", args, 3, not_first);
    args[0] = iv_int(2);
    args[1] = iv_real(0.4);
    args[2] = cut;
    check_more(&a, "ordered_logistic_lpmf", args, 3, not_first);
    arena_free(&a);
}

/* hmm_marginal: log_omega against finite differences; Gamma's rows and
 * rho along directions that keep them simplexes (e_j - e_k: the rule's
 * difference of two partials). */
static void test_hmm_rule(void **state)
{
    (void)state;
    Arena a = {0};
    unsigned long long s = 29;
    enum { K = 3, N = 5 };
    IVal args[3];
    args[0] = random_value(&a, &s, IV_MAT, K, N, -3, 1);
    iv_alloc(&a, IV_MAT, K, K, &args[1], NULL);
    iv_alloc(&a, IV_VEC, K, 1, &args[2], NULL);
    for (int i = 0; i < K; i++) {
        double t = 0;
        for (int j = 0; j < K; j++)
            t += args[1].d[i * K + j] = 0.2 + uniform(&s);
        for (int j = 0; j < K; j++)
            args[1].d[i * K + j] /= t;
        args[2].d[i] = (i + 1) / 6.0;
    }
    const bool first[3] = {1, 0, 0};
    check_more(&a, "hmm_marginal", args, 3, first);
    MirTraceVals kv = {.args = args, .nargs = 3, .lib = "hmm_marginal"};
    double *ga[3];
    for (int k = 0; k < 3; k++)
        ga[k] = arena_alloc(&a, sizeof(double) * (K * N + 1));
    double one = 1;
    assert_int_equal(interp_grad_more(&a, "hmm_marginal", &kv, &one, ga), 0);
    for (int k = 1; k < 3; k++)
        for (int i = 0; i < (k == 1 ? K : 1); i++)
            for (int j = 0; j < K; j++) {
                int l = (j + 1) % K;
                double h = 1e-6, f[2];
                for (int sg = 0; sg < 2; sg++) {
                    IVal m[3] = {args[0], iv_copy(&a, &args[1]),
                                 iv_copy(&a, &args[2])};
                    m[k].d[i * K + j] += sg ? h : -h;
                    m[k].d[i * K + l] -= sg ? h : -h;
                    f[sg] = call(&a, "hmm_marginal", m, 3);
                }
                double fd = (f[1] - f[0]) / (2 * h);
                double r = ga[k][i * K + j] - ga[k][i * K + l];
                if (!(fabs(fd - r) <= 1e-6 * (1 + fabs(fd))))
                    fail_msg("hmm_marginal: argument %d row %d, e_%d - e_%d: "
                             "the rule gives %.12g, finite differences %.12g",
                             k + 1, i, j, l, r, fd);
            }
    arena_free(&a);
}

/* The GLM densities: x, alpha and beta against finite differences, with
 * a scalar and a vector alpha, several rows and one row vector. */
static void test_glm_rules(void **state)
{
    (void)state;
    Arena a = {0};
    unsigned long long s = 23;
    const bool not_first[4] = {0, 1, 1, 1};
    IVal ys = {.k = IV_ARRAY, .n = 4}, cs = {.k = IV_ARRAY, .n = 4};
    ys.el = arena_alloc(&a, sizeof(IVal) * 4);
    cs.el = arena_alloc(&a, sizeof(IVal) * 4);
    for (int k = 0; k < 4; k++) {
        ys.el[k] = iv_int(k % 2 == 0 ? k : 1);
        cs.el[k] = iv_int(1 + k % 3);
    }
    IVal x = random_value(&a, &s, IV_MAT, 4, 3, -1, 1);
    IVal beta = random_value(&a, &s, IV_VEC, 3, 1, -0.5, 0.5);
    IVal args[4] = {ys, x, iv_real(0.3), beta};
    const char *glms[] = {"poisson_log_glm_lpmf", "bernoulli_logit_glm_lpmf"};
    for (int f = 0; f < 2; f++) {
        if (f == 1)
            for (int k = 0; k < 4; k++)
                ys.el[k] = iv_int(k % 2);
        args[0] = ys;
        args[2] = iv_real(0.3);
        check_more(&a, glms[f], args, 4, not_first);
        args[2] = random_value(&a, &s, IV_VEC, 4, 1, -1, 1);
        check_more(&a, glms[f], args, 4, not_first);
    }
    args[0] = cs;
    args[2] = random_value(&a, &s, IV_VEC, 3, 1, -1, 1);
    args[3] = random_value(&a, &s, IV_MAT, 3, 3, -1, 1);
    check_more(&a, "categorical_logit_glm_lpmf", args, 4, not_first);
    args[0] = iv_int(2);
    args[1] = random_value(&a, &s, IV_ROWVEC, 1, 3, -1, 1);
    check_more(&a, "categorical_logit_glm_lpmf", args, 4, not_first);
    arena_free(&a);
}

/* A random K x K covariance B B' + K I. */
static IVal random_cov(Arena *a, unsigned long long *s, int K)
{
    IVal S;
    iv_alloc(a, IV_MAT, K, K, &S, NULL);
    double *B = arena_alloc(a, sizeof(double) * (size_t)(K * K));
    for (int i = 0; i < K * K; i++)
        B[i] = -1 + 2 * uniform(s);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++) {
            double v = i == j ? K : 0;
            for (int q = 0; q < K; q++)
                v += B[i * K + q] * B[j * K + q];
            S.d[i * K + j] = v;
        }
    return S;
}

/* wishart and inv_wishart: W, nu and S against central differences; a
 * symmetric matrix moves (i, j) and (j, i) together, which the rule's
 * G_ij + G_ji gives. */
static void test_wishart_rules(void **state)
{
    (void)state;
    Arena a = {0};
    unsigned long long seed = 17;
    const char *names[] = {"wishart_lpdf", "inv_wishart_lpdf"};
    const char *bases[] = {"wishart", "inv_wishart"};
    for (int f = 0; f < 2; f++)
        for (int K = 1; K <= 3; K++) {
            IVal args[3] = {random_cov(&a, &seed, K), iv_real(K + 2.5),
                            random_cov(&a, &seed, K)};
            double *ga[3];
            for (int k = 0; k < 3; k++)
                ga[k] = arena_alloc(&a, sizeof(double) * (size_t)(K * K + 1));
            assert_int_equal(interp_grad_wishart(&a, bases[f], args, 3, 1.0,
                                                 ga), 0);
            double h = 1e-6;
            IVal up[3], dn[3];
            double x0 = args[1].r;
            memcpy(up, args, sizeof up);
            memcpy(dn, args, sizeof dn);
            up[1] = iv_real(x0 + h);
            dn[1] = iv_real(x0 - h);
            double fd = (call(&a, names[f], up, 3) - call(&a, names[f], dn, 3))
                        / (2 * h);
            if (!(fabs(fd - ga[1][0]) <= 1e-6 * (1 + fabs(fd))))
                fail_msg("%s: nu: the rule gives %.12g, finite differences "
                         "%.12g", names[f], ga[1][0], fd);
            for (int k = 0; k < 3; k += 2)
                for (int i = 0; i < K; i++)
                    for (int j = 0; j <= i; j++) {
                        IVal m = iv_copy(&a, &args[k]);
                        memcpy(up, args, sizeof up);
                        memcpy(dn, args, sizeof dn);
                        up[k] = m;
                        dn[k] = iv_copy(&a, &args[k]);
                        up[k].d[i * K + j] += h;
                        dn[k].d[i * K + j] -= h;
                        if (i != j) {
                            up[k].d[j * K + i] += h;
                            dn[k].d[j * K + i] -= h;
                        }
                        fd = (call(&a, names[f], up, 3)
                              - call(&a, names[f], dn, 3)) / (2 * h);
                        double r = ga[k][i * K + j]
                                   + (i != j ? ga[k][j * K + i] : 0);
                        if (!(fabs(fd - r) <= 1e-6 * (1 + fabs(fd))))
                            fail_msg("%s: argument %d [%d, %d]: the rule "
                                     "gives %.12g, finite differences %.12g",
                                     names[f], k + 1, i, j, r, fd);
                    }
        }
    arena_free(&a);
}

static MirInterp *interp(const char *text, const char *json, RtData **d)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    mir_refresh(p);
    RtError err = {.msg = ""};
    *d = rt_data_parse(json, &err);
    if (!*d)
        fail_msg("bad test data: %s", err.msg);
    char why[512];
    bool unsup;
    MirInterp *in = mir_interp_new(&unit.arena, p, *d, why, sizeof why,
                                   &unsup);
    if (!in)
        fail_msg("prepare_data failed: %s", why);
    return in;
}

static const char program[] =
    "functions {\n"
    "  real f(vector v, real s) { return dot_self(v) * s + log1p_exp(v[1]); }\n"
    "  void add_lp(real x) { target += -square(x); }\n"
    "}\n"
    "data { int N; vector[N] y; }\n"
    "parameters {\n"
    "  real mu; real<lower=0> sigma; real<lower=0, upper=1> a;\n"
    "  real<lower=0, upper=1 - a> b; simplex[3] theta;\n"
    "  vector<lower=-1, upper=2>[2] w;\n"
    "  ordered[3] o; vector<offset=1, multiplier=2>[2] q;\n"
    "  cholesky_factor_corr[3] Lc; corr_matrix[3] Om;\n"
    "}\n"
    "model {\n"
    "  vector[N] m;\n"
    "  for (n in 1:N) m[n] = mu + (n > 1 ? m[n - 1] * b : a);\n"
    "  y ~ normal(m, sigma);\n"
    "  target += f(w, sigma) + dirichlet_lpdf(theta | [2, 3, 4]');\n"
    "  add_lp(mu * theta[2]);\n"
    "  target += log_sum_exp(w) + sum(cumulative_sum(m));\n"
    "  o ~ normal(0, 3); q ~ normal(1, 2);\n"
    "  Lc ~ lkj_corr_cholesky(2); Om ~ lkj_corr(2.5);\n"
    "}\n";

/* The gradient at random points against central differences of the
 * interpreter's own log density. */
static void test_program_gradient(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(program, "{\"N\": 4, \"y\": [0.5, -0.2, 1.1, 0.3]}",
                           &d);
    int n = mir_interp_num_unconstrained(in);
    assert_int_equal(n, 19);
    unsigned long long seed = 11;
    for (int rep = 0; rep < 5; rep++) {
        double u[19], grad[19], lp;
        for (int i = 0; i < n; i++)
            u[i] = -1.5 + 3 * uniform(&seed);
        MirGradStats st;
        char why[512];
        bool unsup;
        assert_int_equal(mir_interp_gradient(in, u, &lp, grad, &st, NULL, why,
                                             sizeof why, &unsup), 0);
        assert_true(st.closed > 0);
        MirInterpOptions o = {.jacobian = true, .max_depth = 0};
        for (int i = 0; i < n; i++) {
            double h = 1e-5, f[2], x0 = u[i];
            for (int s = 0; s < 2; s++) {
                u[i] = x0 + (s ? h : -h);
                assert_int_equal(mir_interp_log_prob(in, u, &o, &f[s], NULL,
                                                     why, sizeof why, &unsup),
                                 0);
            }
            u[i] = x0;
            double fd = (f[1] - f[0]) / (2 * h);
            if (!(fabs(fd - grad[i]) <= 1e-6 * (1 + fabs(fd))))
                fail_msg("component %d at point %d: the backward pass gives "
                         "%.12g, finite differences %.12g (numeric: %s)", i,
                         rep, grad[i], fd, st.numeric_fns);
        }
    }
    rt_data_free(d);
}

static void *depth_meta(void *ctx, const MirTraceNode *nd, int depth)
{
    int *count = ctx;
    (*count)++;
    (void)nd;
    return (void *)(intptr_t)depth;
}

static void test_queries_and_meta(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp("functions { real g(real x) { return 2 * x; } }\n"
                           "parameters { real x; }\n"
                           "model { real z = g(x) + 1; target += z; }\n",
                           "{}", &d);
    double u = 0.5, lp;
    char why[512];
    bool unsup;
    MirTrace *t;
    int count = 0;
    MirInterpOptions o = {.jacobian = true, .max_depth = 2,
                          .meta = depth_meta, .meta_ctx = &count};
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    assert_true(count > t->n);      /* the nested list's nodes too */
    const MirTraceNode *call = NULL;
    for (int i = 0; i < t->n; i++)
        if (t->nodes[i].kind == MT_NESTED)
            call = &t->nodes[i];
    assert_non_null(call);
    assert_int_equal((intptr_t)call->meta, 1);
    assert_int_equal((intptr_t)call->children->nodes[0].meta, 2);
    /* the read is referenced; the call's dependents are the + */
    bool *marks = calloc((size_t)t->n + 1, 1);
    int *deps = calloc((size_t)t->n + 1, sizeof(int));
    mir_trace_referenced(t, marks);
    assert_true(marks[1]);
    assert_false(marks[t->n]);      /* the final return: nothing uses it */
    int nd = mir_trace_dependents(t, call->index, deps);
    assert_int_equal(nd, 1);
    assert_string_equal(t->nodes[deps[0] - 1].fn, "+");
    free(marks);
    free(deps);
    rt_data_free(d);
}

typedef struct Seen {
    DrvCaseStatus st;
    char check[32], msg[2048];
    bool has_details;
} Seen;

static void seen_case(void *ctx, const char *check, DrvCaseStatus st,
                      double secs, const char *msg, const char *details)
{
    Seen *s = ctx;
    (void)secs;
    s->st = st;
    snprintf(s->check, sizeof s->check, "%s", check);
    snprintf(s->msg, sizeof s->msg, "%s", msg ? msg : "");
    s->has_details = details != NULL;
}

/* A probe file of one point u with the value lp and gradient g. */
static void write_probe(const char *path, const double *u, int n, double lp,
                        const double *g)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "{\"format\": \"pplbench-probe\", \"dim\": %d, "
            "\"evaluations\": [{\"point\": 0, \"u\": [", n);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%.17g", i ? ", " : "", u[i]);
    fprintf(f, "], \"log_density_jacobian\": {\"value\": %.17g, "
            "\"gradient\": [", lp);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%.17g", i ? ", " : "", g[i]);
    fprintf(f, "]}}]}\n");
    fclose(f);
}

static void test_third_opinion(void **state)
{
    (void)state;
    RtData *d;
    static const char data[] = "{\"N\": 4, \"y\": [0.5, -0.2, 1.1, 0.3]}";
    MirInterp *in = interp(program, data, &d);
    rt_data_free(d);
    char dir[] = "/tmp/test_interp_grad.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char probe[64], dpath[64];
    snprintf(probe, sizeof probe, "%s/p.json", dir);
    snprintf(dpath, sizeof dpath, "%s/d.json", dir);
    FILE *f = fopen(dpath, "w");
    assert_non_null(f);
    fputs(data, f);
    fclose(f);
    double u[19] = {0.1, -0.3, 0.7, 0.2, -1.1, 0.4, 0.9, -0.6, 0.3, -0.2, 0.5,
                    0.1, 0.2, -0.4, 0.6, 0.2, -0.1, 0.3, 0.4}, g[19], lp;
    MirGradStats st;
    char why[512];
    bool unsup;
    assert_int_equal(mir_interp_gradient(in, u, &lp, g, &st, NULL, why,
                                         sizeof why, &unsup), 0);
    MirProgram *p = in->p;
    Seen seen = {0};
    write_probe(probe, u, 19, lp, g);
    val_interp_opinion(probe, dpath, p, seen_case, &seen);
    assert_int_equal(seen.st, DRV_CASE_PASSED);
    assert_string_equal(seen.check, "interp");
    /* the sampler's gradient differs in component 3 (a, read by a node) */
    g[3] += 0.01;
    write_probe(probe, u, 19, lp, g);
    val_interp_opinion(probe, dpath, p, seen_case, &seen);
    assert_int_equal(seen.st, DRV_CASE_FAILED);
    assert_non_null(strstr(seen.msg, "point 0: gradient component 3 (read "
                           "by node @"));
    assert_true(seen.has_details);
    /* and its value */
    g[3] -= 0.01;
    write_probe(probe, u, 19, lp + 1e-3, g);
    val_interp_opinion(probe, dpath, p, seen_case, &seen);
    assert_int_equal(seen.st, DRV_CASE_FAILED);
    assert_non_null(strstr(seen.msg, "point 0: log density: the "
                           "interpreter gives"));
    remove(probe);
    remove(dpath);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_against_differences),
        cmocka_unit_test(test_matrix_rules),
        cmocka_unit_test(test_more_rules),
        cmocka_unit_test(test_wishart_rules),
        cmocka_unit_test(test_glm_rules),
        cmocka_unit_test(test_hmm_rule),
        cmocka_unit_test_teardown(test_program_gradient, teardown),
        cmocka_unit_test_teardown(test_queries_and_meta, teardown),
        cmocka_unit_test_teardown(test_third_opinion, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
