/* test_rt_eigen_adj.c - the reverse rules of the eigendecompositions with
 * complex results (rt_complex.h: linalg_eigen_adj.c) against central
 * finite differences of the value functions.
 *
 * Each test takes a scalar L = Re sum conj(a_k) lambda_k + Re sum
 * conj(B_jk) V_jk with fixed complex weights a, B (so that adj(lambda) =
 * a and adj(V) = B in the runtime's convention) and compares, for every
 * real coordinate t of A (each real entry; the real and imaginary part of
 * each complex entry; for a Hermitian A, Hermitian directions D), the
 * reverse rule's Re sum conj(adj(A)) dA/dt with the central difference
 * (L(A - 2h D) - 8 L(A - h D) + 8 L(A + h D) - L(A + 2h D)) / 12h,
 * h = 1e-4, to 1e-6 relative.  The values' rule, the vectors' rule and both at once are
 * checked, on
 *   real 3 x 3 and 4 x 4 matrices with a complex-conjugate pair of
 *   eigenvalues and distinct moduli otherwise (asserted), a real
 *   matrix with real eigenvalues only, and 16 pseudo-random ones (those
 *   whose moduli are apart, conjugate pairs aside);
 *   complex 3 x 3 and 4 x 4 matrices;
 *   Hermitian 3 x 3 and 4 x 4 matrices (basis directions: each real
 *   diagonal entry, each pair (i, j), (j, i) moved by (1, 1) and by (i,
 *   -i)).
 * A wrong sign in any term of the rule (the eigenvalue term, F, either
 * normalization term) moves the result far outside the tolerance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <complex.h>
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_complex.h"

#define MAXN 4
#define H 1e-4

typedef double complex cplx;

enum { VALS = 1, VECS = 2 };

typedef struct {
    int kind;           /* 'r' real general, 'c' complex general, 'h' */
    int n, which;       /* VALS | VECS */
    double a[2 * MAXN], B[2 * MAXN * MAXN];
} Case;

static cplx at(const double *x, size_t k)
{
    return CMPLX(x[2 * k], x[2 * k + 1]);
}

static double weight(int k, int seed)
{
    return sin(0.9 * k + 1.3 * seed) + 0.3 * cos(2.7 * k * seed);
}

/* L at A (doubles as the value function reads them). */
static double loss(const Case *c, const double *A)
{
    double vals[2 * MAXN], vecs[2 * MAXN * MAXN];
    RtError err = {.msg = ""};
    int n = c->n;
    int rc = c->kind == 'h'
        ? rt_eigen_herm("eigenvectors_sym", A, n, n, vals, vecs, &err)
        : rt_eigen_general("eigenvectors", A, c->kind == 'c', n, n, vals,
                           vecs, &err);
    assert_int_equal(rc, 0);
    double L = 0;
    for (int k = 0; (c->which & VALS) && k < n; k++)
        L += creal(conj(at(c->a, (size_t)k)) * at(vals, (size_t)k));
    for (int k = 0; (c->which & VECS) && k < n * n; k++)
        L += creal(conj(at(c->B, (size_t)k)) * at(vecs, (size_t)k));
    return L;
}

/* The reverse rule's adj(A) at A. */
static void reverse(const Case *c, const double *A, double *A_adj)
{
    double vals[2 * MAXN], vecs[2 * MAXN * MAXN];
    double work[10 * MAXN * MAXN];
    RtError err = {.msg = ""};
    int n = c->n;
    size_t count = (c->kind == 'r' ? 1 : 2) * (size_t)n * (size_t)n;
    for (size_t k = 0; k < count; k++)
        A_adj[k] = 0;
    assert_true(rt_eigen_adj_work(n) <= sizeof work / sizeof work[0]);
    const double *va = c->which & VALS ? c->a : NULL;
    const double *Va = c->which & VECS ? c->B : NULL;
    if (c->kind == 'h') {
        assert_int_equal(rt_eigen_herm("eigenvectors_sym", A, n, n, vals,
                                       vecs, &err), 0);
        assert_int_equal(rt_eigen_herm_adj("eigenvectors_sym", n, vals, vecs,
                                           va, Va, A_adj, work, &err), 0);
    } else {
        bool cx = c->kind == 'c';
        assert_int_equal(rt_eigen_general("eigenvectors", A, cx, n, n, vals,
                                          vecs, &err), 0);
        /* once with the caller's work and once allocating its own */
        assert_int_equal(rt_eigen_general_adj("eigenvectors", cx, n, vals,
                                              vecs, va, Va, A_adj,
                                              c->which == VECS ? NULL : work,
                                              &err), 0);
    }
}

/* The directional derivative along D (same layout as A) both ways. */
static void compare(const Case *c, const double *A, const double *A_adj,
                    const double *D, size_t count)
{
    double X[2 * MAXN * MAXN], f[4];
    double rev = 0, scale = 0;
    for (size_t k = 0; k < count; k++) {
        rev += A_adj[k] * D[k];         /* Re(conj(adj) dA), pairwise */
        scale = fmax(scale, fabs(A_adj[k]));
    }
    static const double step[4] = {-2, -1, 1, 2};
    for (int s = 0; s < 4; s++) {
        for (size_t k = 0; k < count; k++)
            X[k] = A[k] + step[s] * H * D[k];
        f[s] = loss(c, X);
    }
    /* the five-point central difference, error O(H^4) */
    double fd = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * H);
    if (!(fabs(fd - rev) <= 1e-6 * (1 + scale)))
        fail_msg("kind %c n %d which %d: finite difference %.10g, reverse "
                 "rule %.10g", c->kind, c->n, c->which, fd, rev);
}

static void check_case(Case *c, const double *A)
{
    int n = c->n;
    for (int k = 0; k < 2 * n; k++)
        c->a[k] = weight(k, 3 + n);
    for (int k = 0; k < 2 * n * n; k++)
        c->B[k] = weight(k, 7 + n);
    size_t count = (c->kind == 'r' ? 1 : 2) * (size_t)n * (size_t)n;
    double A_adj[2 * MAXN * MAXN], D[2 * MAXN * MAXN];
    for (c->which = VALS; c->which <= (VALS | VECS); c->which++) {
        reverse(c, A, A_adj);
        if (c->kind != 'h') {
            for (size_t t = 0; t < count; t++) {        /* coordinates */
                memset(D, 0, sizeof D);
                D[t] = 1;
                compare(c, A, A_adj, D, count);
            }
            continue;
        }
        for (int i = 0; i < n; i++)                     /* Hermitian */
            for (int j = i; j < n; j++)
                for (int part = 0; part < (i == j ? 1 : 2); part++) {
                    memset(D, 0, sizeof D);
                    D[2 * (i * n + j) + part] = 1;
                    D[2 * (j * n + i) + part] = part ? -1 : 1;
                    compare(c, A, A_adj, D, count);
                }
        /* the adjoint itself is Hermitian */
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                assert_true(cabs(at(A_adj, (size_t)(i * n + j))
                                 - conj(at(A_adj, (size_t)(j * n + i))))
                            < 1e-12);
    }
}

/* The eigenvalues of the real n x n A: at least one conjugate pair and
 * (when pair) distinct moduli apart from the pairs. */
static void assert_spectrum(const double *A, int n, bool pair)
{
    double vals[2 * MAXN];
    RtError err = {.msg = ""};
    assert_int_equal(rt_eigen_general("eigenvalues", A, false, n, n, vals,
                                      NULL, &err), 0);
    int pairs = 0;
    for (int k = 0; k + 1 < n; k++) {
        cplx l = at(vals, (size_t)k), m = at(vals, (size_t)k + 1);
        if (cimag(l) != 0 && cabs(l - conj(m)) < 1e-12) {
            pairs++;
            k++;
        } else {
            assert_true(cabs(m) - cabs(l) > 1e-3);
        }
    }
    assert_true(pair ? pairs > 0 : pairs == 0);
}

static void test_real(void **state)
{
    (void)state;
    /* eigenvalues 2 +- 1.5i, -0.7 (a rotation block plus a coupling) */
    double A3[9] = {2.0, -1.5, 0.3,
                    1.5, 2.0, -0.4,
                    0.2, 0.5, -0.7};
    double A4[16] = {0.9, -1.2, 0.4, 0.1,
                     1.1, 0.6, -0.3, 0.5,
                     0.2, 0.7, -2.5, 0.3,
                     -0.4, 0.1, 0.6, 3.6};
    double R3[9] = {4.0, 1.0, 0.5,
                    0.3, 2.0, -0.6,
                    0.1, 0.2, -1.0};
    assert_spectrum(A3, 3, true);
    assert_spectrum(A4, 4, true);
    assert_spectrum(R3, 3, false);
    Case c = {.kind = 'r', .n = 3};
    check_case(&c, A3);
    check_case(&c, R3);
    c.n = 4;
    check_case(&c, A4);
}

/* Pseudo-random real matrices: whatever their spectrum, as long as the
 * eigenvalues and their moduli are apart (a conjugate pair's moduli
 * aside). */
static void test_real_random(void **state)
{
    (void)state;
    int pairs = 0, checked = 0;
    for (int seed = 1; seed <= 8; seed++)
        for (int n = 3; n <= 4; n++) {
            double A[MAXN * MAXN], vals[2 * MAXN];
            for (int k = 0; k < n * n; k++)
                A[k] = sin(1.9 * k + 0.8 * seed) * cos(0.47 * k * k + seed);
            RtError err = {.msg = ""};
            assert_int_equal(rt_eigen_general("eigenvalues", A, false, n, n,
                                              vals, NULL, &err), 0);
            bool apart = true;
            for (int k = 0; k + 1 < n; k++) {
                cplx l = at(vals, (size_t)k), m = at(vals, (size_t)k + 1);
                if (cimag(l) != 0 && cabs(l - conj(m)) < 1e-12)
                    pairs += k++ >= 0;
                else
                    apart = apart && cabs(m) - cabs(l) > 1e-2;
            }
            /* and the eigenvalues themselves apart (seed 7's pair
             * -0.33 +- 0.008i sits by a double real eigenvalue, where
             * the derivative grows without bound) */
            for (int k = 0; k < n; k++)
                for (int l = k + 1; l < n; l++)
                    apart = apart && cabs(at(vals, (size_t)k)
                                          - at(vals, (size_t)l)) > 0.05;
            if (!apart)
                continue;
            checked++;
            Case c = {.kind = 'r', .n = n};
            check_case(&c, A);
        }
    assert_true(pairs >= 3 && checked >= 12);   /* pairs exercised */
}

static void test_complex(void **state)
{
    (void)state;
    for (int n = 3; n <= 4; n++) {
        double A[2 * MAXN * MAXN];
        for (int k = 0; k < 2 * n * n; k++)
            A[k] = sin(1.7 * k + 0.4 * n) * cos(0.61 * k * k + n)
                   + (k % (2 * n + 2) == 0 ? k * 0.3 : 0);
        Case c = {.kind = 'c', .n = n};
        check_case(&c, A);
    }
}

static void test_hermitian(void **state)
{
    (void)state;
    for (int n = 3; n <= 4; n++) {
        double A[2 * MAXN * MAXN];
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                double re = sin(1.3 * (i * n + j) + 0.7 * n) + (i == j) * i;
                double im = i == j ? 0 : cos(2.1 * (i + 3 * j) + n);
                A[2 * (i * n + j)] = re;
                A[2 * (i * n + j) + 1] = im;
                A[2 * (j * n + i)] = re;
                A[2 * (j * n + i) + 1] = -im;
            }
        Case c = {.kind = 'h', .n = n};
        check_case(&c, A);
    }
}

static void test_defective(void **state)
{
    (void)state;
    /* a Jordan block: one eigenvector, no derivative */
    double J[4] = {1, 1, 0, 1}, vals[4], vecs[8], adj[4] = {0}, a[4] = {1};
    RtError err = {.msg = ""};
    assert_int_equal(rt_eigen_general("eigenvalues", J, false, 2, 2, vals,
                                      vecs, &err), 0);
    assert_int_equal(rt_eigen_general_adj("eigenvalues", false, 2, vals,
                                          vecs, a, NULL, adj, NULL, &err),
                     -1);
    assert_string_equal(err.msg, "eigenvalues: the eigenvectors are "
                        "linearly dependent (a defective matrix): no "
                        "derivative");
    /* no adjoint, nothing to do */
    assert_int_equal(rt_eigen_general_adj("eigenvalues", false, 2, vals,
                                          vecs, NULL, NULL, adj, NULL, &err),
                     0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real),
        cmocka_unit_test(test_real_random),
        cmocka_unit_test(test_complex),
        cmocka_unit_test(test_hermitian),
        cmocka_unit_test(test_defective),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
