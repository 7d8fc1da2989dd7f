/* test_interp_values.c - the MIR interpreter's complex values
 * (mir/interp_complex.c) and ODE solver calls (mir/interp_ode.c): complex
 * arithmetic, containers, indexing, fft and the library functions against
 * values computed here by hand; how the trace shows complex values; the
 * backward pass through complex values against finite differences;
 * ode_rk45 against the closed-form solution of a linear system, and the
 * backward pass through ode_rk45_tol (the right-hand side's Jacobians by
 * the interpreter's own backward pass) against finite differences of the
 * interpreter's log density; ordered_logistic with one cutpoint vector
 * per outcome; dims of arrays and of user functions' results. */
#include <complex.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"
#include "pplrt.h"

#undef I

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

/* The interpreter of text with the data json, prepare_data run. */
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

/* ------------------------------------------------------------ complex */

/* Transformed data computes with complex values; the model's mean m is
 * a real made of them, so the log density (mu ~ normal(m, 1), mu = u)
 * tells m. */
static const char complex_model[] =
    "data { int N; vector[N] y; complex w; complex_vector[2] cv; }\n"
    "transformed data {\n"
    "  complex z = to_complex(3, 4) * 2.0 / 2 + 1i;\n"      /* 3+5i */
    "  real a = abs(to_complex(3, 4));\n"                    /* 5 */
    "  complex_matrix[2, 2] M = [[1, 2i], [3, 4]];\n"
    "  complex_vector[2] v = M * [1, 1i]';\n"               /* -1, 3+4i */
    "  complex_vector[N] c;\n"
    "  for (n in 1:N) c[n] = to_complex(y[n], 0);\n"
    "  complex_vector[N] f = fft(c);\n"                      /* f[1] = sum */
    "  complex_vector[N] back = inv_fft(f);\n"               /* = c */
    "  complex p = 2 / to_complex(0, 1);\n"                  /* -2i */
    "  complex q = conj(w) - cv[2] + pow(1i, 2);\n"
    "  complex_vector[4] tv = to_vector(M);\n"           /* column-major */
    "  real m = get_real(z) + a + get_imag(v[2]) + get_real(v[1])\n"
    "           + get_real(tv[2]) + get_imag(tv[3])\n"
    "           + get_real(f[1]) + get_real(back[2]) + get_imag(p)\n"
    "           + arg(to_complex(0, 2)) + norm(q) + get_imag(sum(v));\n"
    "}\n"
    "parameters { real mu; }\n"
    "model { mu ~ normal(m, 1); }\n";

static void test_complex_values(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(complex_model, "{\"N\": 3, \"y\": [1, 2, 4], "
                           "\"w\": [1, 2], \"cv\": [[0, 0], [0.5, -1]]}", &d);
    /* q = (1 - 2i) - (0.5 - i) + (-1) = -0.5 - i: norm 1.25 */
    double m = 3 + 5 + 4 - 1 + 3 + 2 + 7 + 2 - 2 + M_PI / 2 + 1.25 + 4;
    double u = 0.25, lp;
    char why[512];
    bool unsup;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    MirTrace *t = NULL;
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    double want = -0.5 * (u - m) * (u - m);
    if (!(fabs(lp - want) < 1e-12))
        fail_msg("log density %.17g, by hand %.17g", lp, want);
    rt_data_free(d);
}

/* eigenvalues_sym / eigenvectors_sym / eigendecompose_sym of a complex
 * Hermitian matrix (rt_eigen_herm): [[2, 1 - i], [1 + i, 3]] has
 * eigenvalues 1, 4 and second eigenvector ((1 - i) / sqrt 6,
 * sqrt(2 / 3)) (test_rt_eigen_herm works them out). */
static const char eigen_herm_model[] =
    "transformed data {\n"
    "  complex_matrix[2, 2] H = [[2, 1 - 1i], [1 + 1i, 3]];\n"
    "  complex_vector[2] l = eigenvalues_sym(H);\n"
    "  complex_matrix[2, 2] V = eigenvectors_sym(H);\n"
    "  tuple(complex_matrix[2, 2], complex_vector[2]) d\n"
    "    = eigendecompose_sym(H);\n"
    "  real m = get_real(l[2]) + get_imag(V[1, 2]) + get_real(d.2[1])\n"
    "           + get_real(d.1[2, 2]);\n"
    "}\n"
    "parameters { real mu; }\n"
    "model { mu ~ normal(m, 1); }\n";

static void test_complex_eigen_sym(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(eigen_herm_model, "{}", &d);
    double m = 4 - 1 / sqrt(6.0) + 1 + sqrt(2.0 / 3);
    double u = 0.25, lp;
    char why[512];
    bool unsup;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    MirTrace *t = NULL;
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    double want = -0.5 * (u - m) * (u - m);
    if (!(fabs(lp - want) < 1e-12))
        fail_msg("log density %.17g, by hand %.17g", lp, want);
    rt_data_free(d);
}

/* The trace of prepare_data is not recorded; a complex value in the log
 * density's list shows as re+imi. */
static const char complex_trace[] =
    "data { complex w; }\n"
    "parameters { real mu; }\n"
    "model {\n"
    "  complex z = w * 2;\n"
    "  complex_vector[2] v = [z, -1.5i]';\n"
    "  mu ~ normal(get_real(z) + get_imag(v[2]), 1);\n"
    "}\n";

static void test_complex_trace(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(complex_trace, "{\"w\": [1, -0.25]}", &d);
    double u = 0.5, lp, grad[1];
    char why[512];
    bool unsup;
    MirGradStats st;
    MirTrace *t = NULL;
    assert_int_equal(mir_interp_gradient(in, &u, &lp, grad, &st, &t, why,
                                         sizeof why, &unsup), 0);
    /* mean 2 - 1.5: the gradient of -(u - 0.5)^2 / 2 at 0.5 is 0 */
    assert_true(fabs(lp) < 1e-12);
    assert_true(fabs(grad[0]) < 1e-12);
    bool seen_z = false, seen_v = false;
    for (int i = 0; i < t->n; i++) {
        const char *v = t->nodes[i].value ? t->nodes[i].value : "";
        seen_z = seen_z || !strcmp(v, "2-0.5i");
        seen_v = seen_v || !strcmp(v, "[2-0.5i, 0-1.5i]'");
    }
    if (!seen_z || !seen_v) {
        mir_trace_print(stderr, t, 1);
        fail_msg("the trace does not show the complex values");
    }
    rt_data_free(d);
}

/* Complex values carry derivatives in the backward pass
 * (mir/interp_grad_complex.c): a log density built from complex values of
 * the parameters (the operators with a scalar broadcast, sum of a complex
 * vector, a real promoted to complex into a user function and out of it,
 * a row vector of complex and real items, an array of complex written
 * through an index, fft, pow, abs, arg, conj) has the gradient of the
 * central differences of its own log density, every primitive by a
 * closed form.  Before, the pass refused it ("complex values carry no
 * derivatives"); the real rule of sum once took the imaginary parts'
 * adjoints too. */
static const char complex_grad_model[] =
    "functions {\n"
    "  complex_vector twice(vector x) { return x * 2; }\n"
    "  complex mix(complex z, real x) { return z * x + exp(z) / x; }\n"
    "}\n"
    "parameters { real<lower=0.2, upper=0.9> a; vector[3] b; }\n"
    "model {\n"
    "  complex z = to_complex(a, b[2]);\n"
    "  complex_vector[3] u = to_complex(b, a);\n"
    "  complex_vector[3] w = u * 2 - z + u ./ (u + 1i) + pow(u, z);\n"
    "  complex s = sum(w) + sum(twice(b)) + mix(z, b[1]) + mix(a, 2);\n"
    "  complex_row_vector[3] v = [z, a, b[3] * z];\n"
    "  array[2] complex arr;\n"
    "  arr[1] = z * conj(u[2]);\n"
    "  arr[2] = b[1];\n"
    "  complex_vector[3] f = fft(u .* u);\n"
    "  target += 0.1 * get_real(s) - 0.2 * get_imag(s) + abs(sum(v))\n"
    "            + arg(arr[1] + arr[2]) + 0.05 * norm(f[2]);\n"
    "  b ~ normal(0, 1);\n"
    "}\n";

static void test_complex_gradient(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(complex_grad_model, "{}", &d);
    double u[4] = {0.3, 0.4, -0.7, 0.9}, lp, grad[4], g2[4];
    char why[512];
    bool unsup = false;
    MirGradStats st;
    if (mir_interp_gradient(in, u, &lp, grad, &st, NULL, why, sizeof why,
                            &unsup))
        fail_msg("the backward pass failed: %s", why);
    assert_int_equal(st.numeric, 0);
    assert_true(st.closed > 20);
    for (int k = 0; k < 4; k++) {
        double h = 1e-5, f[2];
        for (int s = 0; s < 2; s++) {
            double v[4];
            memcpy(v, u, sizeof v);
            v[k] += s ? h : -h;
            if (mir_interp_gradient(in, v, &f[s], g2, &st, NULL, why,
                                    sizeof why, &unsup))
                fail_msg("the log density failed: %s", why);
        }
        double fd = (f[1] - f[0]) / (2 * h);
        if (fabs(fd - grad[k]) > 1e-6 * (1 + fabs(fd)))
            fail_msg("gradient[%d]: the backward pass %.12g, central "
                     "differences %.12g", k, grad[k], fd);
    }
    rt_data_free(d);
}

/* The complex products (interp_complex_linalg.c) and the transforms,
 * every primitive by a closed form, against central differences. */
static const char complex_products_model[] =
    "parameters { matrix[2, 3] R; vector[3] a; }\n"
    "model {\n"
    "  complex_matrix[2, 3] X = to_complex(R, R .* R);\n"
    "  complex_matrix[2, 3] Y = to_complex(-R, R);\n"
    "  complex s = dot_self(row(X, 1)) + sum(columns_dot_self(X))\n"
    "      + sum(rows_dot_self(Y)) + sum(columns_dot_product(X, Y))\n"
    "      + sum(rows_dot_product(Y, X)) + sum(crossprod(X))\n"
    "      + sum(tcrossprod(Y)) + sum(X * Y') + prod(to_complex(a, 1))\n"
    "      + sum(cumulative_sum(to_complex(a, a))) + sum(fft2(Y))\n"
    "      + sum(inv_fft(to_complex(a, -a)));\n"
    "  target += 0.05 * get_real(s) - 0.03 * get_imag(s);\n"
    "  target += normal_lpdf(to_vector(R) | 0, 1) + normal_lpdf(a | 0, 1);\n"
    "}\n";

static void check_fd(const char *model, const double *u, int n)
{
    RtData *d;
    MirInterp *in = interp(model, "{}", &d);
    double lp, grad[16], g2[16];
    char why[512];
    bool unsup = false;
    MirGradStats st;
    assert_true(n <= 16);
    if (mir_interp_gradient(in, u, &lp, grad, &st, NULL, why, sizeof why,
                            &unsup))
        fail_msg("the backward pass failed: %s", why);
    if (st.numeric)
        fail_msg("differentiated numerically: %s", st.numeric_fns);
    for (int k = 0; k < n; k++) {
        double h = 1e-5, f[2], v[16];
        for (int s = 0; s < 2; s++) {
            memcpy(v, u, sizeof(double) * (size_t)n);
            v[k] += s ? h : -h;
            if (mir_interp_gradient(in, v, &f[s], g2, &st, NULL, why,
                                    sizeof why, &unsup))
                fail_msg("the log density failed: %s", why);
        }
        double fd = (f[1] - f[0]) / (2 * h);
        if (fabs(fd - grad[k]) > 1e-6 * (1 + fabs(fd)))
            fail_msg("gradient[%d]: the backward pass %.12g, central "
                     "differences %.12g", k, grad[k], fd);
    }
    rt_data_free(d);
}

static void test_complex_products_gradient(void **state)
{
    (void)state;
    double u[9] = {0.3, -0.4, 0.7, 0.2, -0.9, 0.5, 0.6, -0.1, 0.8};
    check_fd(complex_products_model, u, 9);
}

/* ---------------------------------------------------------------- ODEs */

/* y1' = -k1 c y1, y2' = k1 c y1 - k2 s y2 with an int s and a data c:
 * theta = (k1, k2, c) */
static const char ode_model[] =
    "functions {\n"
    "  vector rhs(real t, vector y, vector k, int s, real c) {\n"
    "    vector[2] dy;\n"
    "    dy[1] = -k[1] * c * y[1];\n"
    "    dy[2] = k[1] * c * y[1] - k[2] * s * y[2];\n"
    "    return dy;\n"
    "  }\n"
    "}\n"
    "data { int T; array[T] real ts; real c; int tight; }\n"
    "parameters { vector<lower=0>[2] k; real<lower=0> y0; }\n"
    "transformed parameters {\n"
    "  array[T] vector[2] y = tight\n"
    "    ? ode_rk45_tol(rhs, [y0, 0.5]', 0, ts, 1e-10, 1e-10, 100000, k, 1, c)\n"
    "    : ode_rk45(rhs, [y0, 0.5]', 0, ts, k, 1, c);\n"
    "}\n"
    "model {\n"
    "  for (t in 1:T) target += -square(y[t, 1] - 0.3) - y[t, 2];\n"
    "}\n";

/* The closed form: y1 = y0 e^(-a t), y2 = b e^(-k2 t) + a y0 (e^(-a t) -
 * e^(-k2 t)) / (k2 - a), a = k1 c. */
static void exact(double k1, double k2, double c, double y0, double t,
                  double *y)
{
    double a = k1 * c;
    y[0] = y0 * exp(-a * t);
    y[1] = 0.5 * exp(-k2 * t) + a * y0 * (exp(-a * t) - exp(-k2 * t))
           / (k2 - a);
}

static double exact_lp(const double *u, const double *ts, int T, double c)
{
    double k1 = exp(u[0]), k2 = exp(u[1]), y0 = exp(u[2]);
    double lp = u[0] + u[1] + u[2];
    for (int t = 0; t < T; t++) {
        double y[2];
        exact(k1, k2, c, y0, ts[t], y);
        lp += -(y[0] - 0.3) * (y[0] - 0.3) - y[1];
    }
    return lp;
}

static void test_ode_value(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(ode_model, "{\"T\": 3, \"ts\": [0.5, 1, 2.5], "
                           "\"c\": 0.8, \"tight\": 0}", &d);
    assert_int_equal(mir_interp_num_unconstrained(in), 3);
    double u[3] = {-0.2, 0.4, 0.1}, lp, ts[3] = {0.5, 1, 2.5};
    char why[512];
    bool unsup;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    MirTrace *t = NULL;
    if (mir_interp_log_prob(in, u, &o, &lp, &t, why, sizeof why, &unsup))
        fail_msg("log_prob: %s", why);
    /* ode_rk45's tolerances: 1e-6 */
    assert_true(fabs(lp - exact_lp(u, ts, 3, 0.8)) < 1e-5);
    /* the call is one primitive node of the list */
    int calls = 0;
    for (int i = 0; i < t->n; i++)
        calls += t->nodes[i].fn && !strcmp(t->nodes[i].fn, "ode_rk45")
                 && t->nodes[i].kind == MT_PRIMITIVE;
    assert_int_equal(calls, 1);
    rt_data_free(d);
}

static void test_ode_gradient(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(ode_model, "{\"T\": 3, \"ts\": [0.5, 1, 2.5], "
                           "\"c\": 0.8, \"tight\": 1}", &d);
    double ts[3] = {0.5, 1, 2.5};
    double pts[2][3] = {{-0.2, 0.4, 0.1}, {0.5, -0.3, -0.6}};
    for (int p = 0; p < 2; p++) {
        double *u = pts[p], grad[3], lp;
        char why[512];
        bool unsup;
        MirGradStats st;
        if (mir_interp_gradient(in, u, &lp, grad, &st, NULL, why, sizeof why,
                                &unsup))
            fail_msg("gradient: %s", why);
        assert_int_equal(st.numeric, 0);
        assert_true(fabs(lp - exact_lp(u, ts, 3, 0.8)) < 1e-8);
        MirInterpOptions o = {.jacobian = true, .max_depth = 0};
        for (int i = 0; i < 3; i++) {
            double h = 1e-4, f[2], x0 = u[i], ex[2];
            for (int s = 0; s < 2; s++) {
                u[i] = x0 + (s ? h : -h);
                assert_int_equal(mir_interp_log_prob(in, u, &o, &f[s], NULL,
                                                     why, sizeof why, &unsup),
                                 0);
                ex[s] = exact_lp(u, ts, 3, 0.8);
            }
            u[i] = x0;
            double fd = (f[1] - f[0]) / (2 * h);
            double exact_fd = (ex[1] - ex[0]) / (2 * h);
            if (!(fabs(fd - grad[i]) <= 1e-6 * (1 + fabs(fd)))
                || !(fabs(exact_fd - grad[i]) <= 1e-6 * (1 + fabs(fd))))
                fail_msg("component %d at point %d: the backward pass gives "
                         "%.12g, finite differences %.12g (of the closed "
                         "form: %.12g)", i, p, grad[i], fd, exact_fd);
        }
    }
    rt_data_free(d);
}

/* ordered_logistic with one cutpoint vector per outcome: each outcome
 * with its own cutpoints (the values used to be flattened into one long
 * cutpoint vector: here an ordered one, so a wrong value, not an error),
 * and its closed-form gradient. */
static void test_ordered_cutpoints_per_outcome(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp("data { array[2] int y; }\n"
                           "parameters { real eta; }\n"
                           "model {\n"
                           "  array[2] vector[2] c = {[-1, 0]', [1, 2]'};\n"
                           "  target += ordered_logistic_lpmf(y | "
                           "rep_vector(eta, 2), c);\n"
                           "}\n", "{\"y\": [1, 3]}", &d);
    double u = 0.3, lp, grad[1];
    char why[512];
    bool unsup;
    MirGradStats st;
    if (mir_interp_gradient(in, &u, &lp, grad, &st, NULL, why, sizeof why,
                            &unsup))
        fail_msg("gradient: %s", why);
    /* log(1 - s(eta + 1)) + log s(eta - 2), s the logistic function */
    double s1 = 1 / (1 + exp(-(u + 1))), s2 = 1 / (1 + exp(-(u - 2)));
    double want = log(1 - s1) + log(s2);
    if (!(fabs(lp - want) < 1e-12))
        fail_msg("log density %.17g, by hand %.17g", lp, want);
    assert_true(fabs(grad[0] - (-s1 + (1 - s2))) < 1e-12);
    assert_int_equal(st.numeric, 0);
    rt_data_free(d);
}

/* dims() of arrays of every kind, and of the results of user functions
 * returning array[,] real and array[] complex_matrix (the interpreter
 * refused dims): the model's mean m is the sum of products of them. */
static void test_dims(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(
        "functions {\n"
        "  array[,] real g(int n) { array[n, 2] real r; return r; }\n"
        "  array[] complex_matrix cm(int n) {\n"
        "    array[n] complex_matrix[2, 3] r; return r;\n"
        "  }\n"
        "}\n"
        "transformed data {\n"
        "  array[3] vector[4] v;\n"
        "  array[2, 5] row_vector[6] rv;\n"
        "  array[2] int a = dims(g(7));\n"                  /* 7, 2 */
        "  array[3] int b = dims(cm(8));\n"                 /* 8, 2, 3 */
        "  array[2] int c = dims(v);\n"                     /* 3, 4 */
        "  array[3] int e = dims(rv);\n"                    /* 2, 5, 6 */
        "  real m = a[1] * a[2] + 100 * b[1] * b[2] * b[3]\n"
        "           + 10000 * c[1] * c[2] + 1e6 * e[1] * e[2] * e[3]\n"
        "           + 1e8 * (size(dims(1.5)) + size(b));\n"
        "}\n"
        "parameters { real mu; }\n"
        "model { mu ~ normal(m, 1); }\n", "{}", &d);
    double m = 14 + 100 * 48 + 10000 * 12 + 1e6 * 60 + 1e8 * 3;
    double u = 0.5, lp;
    char why[512];
    bool unsup;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    MirTrace *t = NULL;
    if (mir_interp_log_prob(in, &u, &o, &lp, &t, why, sizeof why, &unsup))
        fail_msg("log_prob: %s", why);
    double want = -0.5 * (u - m) * (u - m);
    if (!(fabs(lp - want) <= 1e-9 * fabs(want)))
        fail_msg("log density %.17g, by hand %.17g", lp, want);
    rt_data_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_dims, teardown),
        cmocka_unit_test_teardown(test_complex_values, teardown),
        cmocka_unit_test_teardown(test_complex_eigen_sym, teardown),
        cmocka_unit_test_teardown(test_complex_trace, teardown),
        cmocka_unit_test_teardown(test_complex_gradient, teardown),
        cmocka_unit_test_teardown(test_complex_products_gradient, teardown),
        cmocka_unit_test_teardown(test_ode_value, teardown),
        cmocka_unit_test_teardown(test_ode_gradient, teardown),
        cmocka_unit_test_teardown(test_ordered_cutpoints_per_outcome,
                                  teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
