/* test_rt_complex_decomp_adj.c - the reverse rules of the SVD of a
 * complex matrix and of the complex Schur decomposition (rt_complex.h:
 * rt_complex_svd_adj, rt_complex_schur_adj) against central finite
 * differences of the value functions rt_complex_svd, rt_complex_schur.
 *
 * SVD.
 * On pseudo-random complex m x n matrices, m and n from 1 to 5 (tall,
 * wide and square; singular values at least 0.05 apart and from 0, and
 * the largest modulus of each column of U at least 0.02 above the
 * next, so that the phase convention's row is unambiguous), each loss
 * below is a scalar of (U, s, V) whose adjoints the test writes down;
 * for every real coordinate t of A (the real and the imaginary part of
 * each entry) the reverse rule's Re sum conj(adj(A)) dA/dt must match
 * the five-point central difference (h = 1e-4) to 1e-6 (1 + max
 * |adj(A)|).
 *   phase-invariant: sum w |U|^2, sum w |V|^2, sum d s, Re <W, u_k
 *     v_k^H> weighted by e_k, the entries of U diag(s) V^H, all at once;
 *   phase-dependent (exact only with the convention's gauge term):
 *     Re <B, U>, Re <C, V>, both with the singular values.
 * Flipping the sign of any term of the rule (F, the diagonal, either
 * projection, the gauge step) fails it.  Then the refusals: equal and
 * zero singular values with a vector adjoint.
 *
 * Schur.  On pseudo-random complex n x n matrices, n from 1 to 5, and
 * real ones (complex-conjugate pairs of eigenvalues; real directions
 * only, see check_schur_loss), eigenvalues at
 * least 0.1 apart and the phase rows unambiguous as above: the same
 * comparison for sum w |U|^2, sum w |T|^2 (upper part), Re <c, diag T>,
 * the entries of U T U^H (invariant under the column phases) and Re <B,
 * U>, Re <C, T> (phase-dependent), each alone and all at once.  Then
 * the refusal of equal eigenvalues. */
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

#define MAXD 5
#define H 1e-4
#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

typedef double complex cplx;

enum {
    U_ABS = 1,      /* sum w_ij |U_ij|^2 */
    V_ABS = 2,      /* sum w_ij |V_ij|^2 */
    S_LIN = 4,      /* sum d_k s_k */
    UV_PROD = 8,    /* Re sum_k e_k <W, u_k v_k^H> */
    USV = 16,       /* Re <W, U diag(s) V^H> */
    U_PHASE = 32,   /* Re <B, U> */
    V_PHASE = 64    /* Re <C, V> */
};

typedef struct {
    int m, n, k, which;
    double w[MAXD * MAXD], d[MAXD], e[MAXD];
    cplx W[MAXD * MAXD], B[MAXD * MAXD], C[MAXD * MAXD];
} Loss;

static uint64_t state = 88172645463325252ull;

static double uniform(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static void decompose(const Loss *c, const double *A, cplx *U, double *s,
                      cplx *V)
{
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_svd("svd", A, c->m, c->n, (double *)U, s,
                                    (double *)V, false, &err), 0);
}

static double loss(const Loss *c, const double *A)
{
    cplx U[MAXD * MAXD], V[MAXD * MAXD];
    double s[MAXD], L = 0;
    int m = c->m, n = c->n, k = c->k;
    decompose(c, A, U, s, V);
    for (int i = 0; i < m; i++)
        for (int a = 0; a < k; a++) {
            cplx u = U[IDX(i, a, k)];
            if (c->which & U_ABS)
                L += c->w[IDX(i, a, k)] * creal(u * conj(u));
            if (c->which & U_PHASE)
                L += creal(conj(c->B[IDX(i, a, k)]) * u);
        }
    for (int j = 0; j < n; j++)
        for (int a = 0; a < k; a++) {
            cplx v = V[IDX(j, a, k)];
            if (c->which & V_ABS)
                L += c->w[IDX(j, a, k)] * creal(v * conj(v));
            if (c->which & V_PHASE)
                L += creal(conj(c->C[IDX(j, a, k)]) * v);
        }
    for (int a = 0; a < k; a++) {
        if (c->which & S_LIN)
            L += c->d[a] * s[a];
        double f = ((c->which & UV_PROD) ? c->e[a] : 0)
                   + ((c->which & USV) ? s[a] : 0);
        for (int i = 0; f != 0 && i < m; i++)
            for (int j = 0; j < n; j++)
                L += f * creal(conj(c->W[IDX(i, j, n)]) * U[IDX(i, a, k)]
                               * conj(V[IDX(j, a, k)]));
    }
    return L;
}

/* The adjoints of U, s, V for the loss at (U, s, V); NULL where the loss
 * does not read that output. */
static void loss_adj(const Loss *c, const cplx *U, const double *s,
                     const cplx *V, cplx *Ua, double *sa, cplx *Va,
                     bool *has_u, bool *has_s, bool *has_v)
{
    int m = c->m, n = c->n, k = c->k;
    *has_u = c->which & (U_ABS | UV_PROD | USV | U_PHASE);
    *has_v = c->which & (V_ABS | UV_PROD | USV | V_PHASE);
    *has_s = c->which & (S_LIN | USV);
    for (int i = 0; i < m; i++)
        for (int a = 0; a < k; a++) {
            cplx g = 0;
            if (c->which & U_ABS)
                g += 2 * c->w[IDX(i, a, k)] * U[IDX(i, a, k)];
            if (c->which & U_PHASE)
                g += c->B[IDX(i, a, k)];
            Ua[IDX(i, a, k)] = g;
        }
    for (int j = 0; j < n; j++)
        for (int a = 0; a < k; a++) {
            cplx g = 0;
            if (c->which & V_ABS)
                g += 2 * c->w[IDX(j, a, k)] * V[IDX(j, a, k)];
            if (c->which & V_PHASE)
                g += c->C[IDX(j, a, k)];
            Va[IDX(j, a, k)] = g;
        }
    for (int a = 0; a < k; a++) {
        sa[a] = (c->which & S_LIN) ? c->d[a] : 0;
        double f = ((c->which & UV_PROD) ? c->e[a] : 0)
                   + ((c->which & USV) ? s[a] : 0);
        /* Re sum conj(W_ij) U_ia conj(V_ja) f: adj(U)[:, a] += f W v_a,
         * adj(V)[:, a] += f W^H u_a, adj(s_a) += Re(u_a^H W v_a) */
        cplx uwv = 0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                cplx x = c->W[IDX(i, j, n)];
                if (f != 0) {
                    Ua[IDX(i, a, k)] += f * x * V[IDX(j, a, k)];
                    Va[IDX(j, a, k)] += f * conj(x) * U[IDX(i, a, k)];
                }
                uwv += conj(U[IDX(i, a, k)]) * x * V[IDX(j, a, k)];
            }
        if (c->which & USV)
            sa[a] += creal(uwv);
    }
}

static void check_loss(Loss *c, const double *A)
{
    cplx U[MAXD * MAXD], V[MAXD * MAXD], Ua[MAXD * MAXD], Va[MAXD * MAXD];
    double s[MAXD], sa[MAXD], Aa[2 * MAXD * MAXD], X[2 * MAXD * MAXD];
    bool hu, hs, hv;
    int m = c->m, n = c->n;
    size_t count = 2 * (size_t)m * (size_t)n;
    decompose(c, A, U, s, V);
    loss_adj(c, U, s, V, Ua, sa, Va, &hu, &hs, &hv);
    memset(Aa, 0, sizeof Aa);
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_svd_adj("svd", A, m, n,
                                        hu ? (double *)Ua : NULL,
                                        hs ? sa : NULL,
                                        hv ? (double *)Va : NULL, Aa, &err),
                     0);
    double scale = 0;
    for (size_t t = 0; t < count; t++)
        scale = fmax(scale, fabs(Aa[t]));
    static const double step[4] = {-2, -1, 1, 2};
    for (size_t t = 0; t < count; t++) {
        double f[4];
        for (int q = 0; q < 4; q++) {
            memcpy(X, A, sizeof(double) * count);
            X[t] += step[q] * H;
            f[q] = loss(c, X);
        }
        double fd = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * H);
        if (!(fabs(fd - Aa[t]) <= 1e-6 * (1 + scale)))
            fail_msg("%d x %d, loss %d, coordinate %zu: finite difference "
                     "%.10g, reverse rule %.10g", m, n, c->which, t, fd,
                     Aa[t]);
    }
}

/* How far the largest modulus in column col of U (rows x ncol) stands
 * above the next largest: the phase convention picks the largest entry,
 * so a near tie is a place without a derivative. */
static double top_gap(const cplx *U, int rows, int col, int ncol)
{
    double big = 0, next = 0;
    for (int i = 0; i < rows; i++) {
        double r = cabs(U[IDX(i, col, ncol)]);
        if (r > big) {
            next = big;
            big = r;
        } else if (r > next) {
            next = r;
        }
    }
    return big - next;
}

/* Whether A is far enough from the places without a derivative. */
static bool well_separated(const Loss *c, const double *A)
{
    cplx U[MAXD * MAXD], V[MAXD * MAXD];
    double s[MAXD];
    int m = c->m, k = c->k;
    decompose(c, A, U, s, V);
    for (int a = 0; a < k; a++) {
        if (s[a] < 0.05 || (a > 0 && s[a - 1] - s[a] < 0.05))
            return false;
        if (m > 1 && top_gap(U, m, a, k) < 0.02)
            return false;
    }
    return true;
}

static const int losses[] = {
    U_ABS, V_ABS, S_LIN, UV_PROD, USV, U_ABS | V_ABS | S_LIN | UV_PROD | USV,
    U_PHASE, V_PHASE, U_PHASE | V_PHASE | S_LIN,
};

static void test_random(void **unused)
{
    (void)unused;
    int done = 0, tall = 0, wide = 0;
    for (int attempt = 0; attempt < 400 && done < 30; attempt++) {
        Loss c = {0};
        c.m = 1 + (int)((uniform() + 1) * 2.5);
        c.n = 1 + (int)((uniform() + 1) * 2.5);
        c.m = c.m > MAXD ? MAXD : c.m;
        c.n = c.n > MAXD ? MAXD : c.n;
        c.k = c.m < c.n ? c.m : c.n;
        double A[2 * MAXD * MAXD];
        for (int t = 0; t < 2 * c.m * c.n; t++)
            A[t] = uniform();
        if (!well_separated(&c, A))
            continue;
        for (int t = 0; t < MAXD * MAXD; t++) {
            c.w[t] = uniform();
            c.W[t] = CMPLX(uniform(), uniform());
            c.B[t] = CMPLX(uniform(), uniform());
            c.C[t] = CMPLX(uniform(), uniform());
        }
        for (int t = 0; t < MAXD; t++) {
            c.d[t] = uniform();
            c.e[t] = uniform();
        }
        for (size_t l = 0; l < sizeof losses / sizeof losses[0]; l++) {
            c.which = losses[l];
            check_loss(&c, A);
        }
        done++;
        tall += c.m > c.n;
        wide += c.m < c.n;
    }
    assert_int_equal(done, 30);
    assert_true(tall >= 5 && wide >= 5);
}

static void test_no_derivative(void **unused)
{
    (void)unused;
    /* the identity: both singular values 1 */
    double I2[8] = {1, 0, 0, 0, 0, 0, 1, 0}, Aa[8] = {0};
    double Ua[8] = {1, 0, 0, 0, 0, 0, 0, 0}, sa[2] = {1, 0};
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_svd_adj("svd_U", I2, 2, 2, Ua, NULL, NULL, Aa,
                                        &err), -1);
    assert_string_equal(err.msg, "svd_U: the singular values 1 and 2 are "
                        "equal (1): the singular vectors have no "
                        "derivative");
    /* the singular values alone have one: adj(A) = u_1 v_1^H */
    assert_int_equal(rt_complex_svd_adj("singular_values", I2, 2, 2, NULL, sa,
                                        NULL, Aa, &err), 0);
    assert_true(fabs(Aa[0] - 1) < 1e-12 && fabs(Aa[1]) < 1e-12
                && fabs(Aa[6]) < 1e-12);
    /* a zero column: a zero singular value */
    double R[8] = {1, 0, 0, 0, 2, 0, 0, 0};
    err.msg[0] = 0;
    assert_int_equal(rt_complex_svd_adj("svd_V", R, 2, 2, NULL, NULL, Ua, Aa,
                                        &err), -1);
    assert_string_equal(err.msg, "svd_V: a singular value is 0: the singular "
                        "vectors have no derivative");
    /* nothing to do: no adjoint, an empty matrix */
    assert_int_equal(rt_complex_svd_adj("svd_U", R, 2, 2, NULL, NULL, NULL,
                                        Aa, &err), 0);
    assert_int_equal(rt_complex_svd_adj("svd_U", R, 0, 2, Ua, NULL, NULL, Aa,
                                        &err), 0);
}

/* ---------------------------------------------------------------- Schur */

enum {
    SU_ABS = 1,     /* sum w_ij |U_ij|^2 */
    ST_ABS = 2,     /* sum_{i <= j} w_ij |T_ij|^2 */
    ST_DIAG = 4,    /* Re sum conj(c_i) T_ii */
    S_UTU = 8,      /* Re <W, U T U^H> */
    SU_PHASE = 16,  /* Re <B, U> */
    ST_PHASE = 32   /* Re <C, T> (upper part) */
};

typedef struct {
    int n, which;
    double w[MAXD * MAXD];
    cplx c[MAXD], W[MAXD * MAXD], B[MAXD * MAXD], C[MAXD * MAXD];
} SLoss;

static void schur_of(int n, const double *A, cplx *U, cplx *T)
{
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_schur("complex_schur_decompose", A, n, n,
                                      (double *)U, (double *)T, &err), 0);
}

/* M = U T U^H */
static void utu(int n, const cplx *U, const cplx *T, cplx *M)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cplx t = 0;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    t += U[IDX(i, a, n)] * T[IDX(a, b, n)]
                         * conj(U[IDX(j, b, n)]);
            M[IDX(i, j, n)] = t;
        }
}

static double schur_loss(const SLoss *c, const double *A)
{
    cplx U[MAXD * MAXD], T[MAXD * MAXD], M[MAXD * MAXD];
    int n = c->n;
    double L = 0;
    schur_of(n, A, U, T);
    utu(n, U, T, M);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            size_t q = IDX(i, j, n);
            if (c->which & SU_ABS)
                L += c->w[q] * creal(U[q] * conj(U[q]));
            if ((c->which & ST_ABS) && i <= j)
                L += c->w[q] * creal(T[q] * conj(T[q]));
            if ((c->which & ST_DIAG) && i == j)
                L += creal(conj(c->c[i]) * T[q]);
            if (c->which & S_UTU)
                L += creal(conj(c->W[q]) * M[q]);
            if (c->which & SU_PHASE)
                L += creal(conj(c->B[q]) * U[q]);
            if ((c->which & ST_PHASE) && i <= j)
                L += creal(conj(c->C[q]) * T[q]);
        }
    return L;
}

/* adj(U), adj(T) of the loss; Re <W, U T U^H>: adj(U) += W U T^H + W^H U
 * T, adj(T) += U^H W U. */
static void schur_loss_adj(const SLoss *c, const cplx *U, const cplx *T,
                           cplx *Ua, cplx *Ta)
{
    int n = c->n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            size_t q = IDX(i, j, n);
            Ua[q] = 0;
            Ta[q] = 0;
            if (c->which & SU_ABS)
                Ua[q] += 2 * c->w[q] * U[q];
            if ((c->which & ST_ABS) && i <= j)
                Ta[q] += 2 * c->w[q] * T[q];
            if ((c->which & ST_DIAG) && i == j)
                Ta[q] += c->c[i];
            if (c->which & SU_PHASE)
                Ua[q] += c->B[q];
            if ((c->which & ST_PHASE) && i <= j)
                Ta[q] += c->C[q];
        }
    if (!(c->which & S_UTU))
        return;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cplx gu = 0, gt = 0;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) {
                    /* W U T^H and W^H U T at (i, j) */
                    gu += c->W[IDX(i, a, n)] * U[IDX(a, b, n)]
                          * conj(T[IDX(j, b, n)]);
                    gu += conj(c->W[IDX(a, i, n)]) * U[IDX(a, b, n)]
                          * T[IDX(b, j, n)];
                    /* U^H W U at (i, j) */
                    gt += conj(U[IDX(a, i, n)]) * c->W[IDX(a, b, n)]
                          * U[IDX(b, j, n)];
                }
            Ua[IDX(i, j, n)] += gu;
            Ta[IDX(i, j, n)] += gt;
        }
}

/* real: A is real and only its real parts move (at a real A with a
 * complex-conjugate pair of eigenvalues the pair's order on T's diagonal
 * is a tie that an imaginary perturbation breaks either way: no
 * derivative in those directions). */
static void check_schur_loss(const SLoss *c, const double *A, bool real)
{
    cplx U[MAXD * MAXD], T[MAXD * MAXD], Ua[MAXD * MAXD], Ta[MAXD * MAXD];
    double Aa[2 * MAXD * MAXD], X[2 * MAXD * MAXD];
    int n = c->n;
    size_t count = 2 * (size_t)n * (size_t)n;
    schur_of(n, A, U, T);
    schur_loss_adj(c, U, T, Ua, Ta);
    memset(Aa, 0, sizeof Aa);
    RtError err = {.msg = ""};
    bool hu = c->which & (SU_ABS | S_UTU | SU_PHASE);
    bool ht = c->which & (ST_ABS | ST_DIAG | S_UTU | ST_PHASE);
    assert_int_equal(rt_complex_schur_adj("complex_schur_decompose", A, n,
                                          hu ? (double *)Ua : NULL,
                                          ht ? (double *)Ta : NULL, Aa, &err),
                     0);
    double scale = 0;
    for (size_t t = 0; t < count; t++)
        scale = fmax(scale, fabs(Aa[t]));
    static const double step[4] = {-2, -1, 1, 2};
    for (size_t t = 0; t < count; t += real ? 2 : 1) {
        double f[4];
        for (int q = 0; q < 4; q++) {
            memcpy(X, A, sizeof(double) * count);
            X[t] += step[q] * H;
            f[q] = schur_loss(c, X);
        }
        double fd = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * H);
        if (!(fabs(fd - Aa[t]) <= 1e-6 * (1 + scale)))
            fail_msg("Schur %d x %d, loss %d, coordinate %zu: finite "
                     "difference %.10g, reverse rule %.10g", n, n, c->which,
                     t, fd, Aa[t]);
    }
}

static bool schur_separated(int n, const double *A)
{
    cplx U[MAXD * MAXD], T[MAXD * MAXD];
    schur_of(n, A, U, T);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (cabs(T[IDX(i, i, n)] - T[IDX(j, j, n)]) < 0.1)
                return false;
        if (n > 1 && top_gap(U, n, i, n) < 0.02)
            return false;
    }
    return true;
}

static const int schur_losses[] = {
    SU_ABS, ST_ABS, ST_DIAG, S_UTU, SU_ABS | ST_ABS | ST_DIAG | S_UTU,
    SU_PHASE, ST_PHASE, SU_PHASE | ST_PHASE | ST_ABS,
};

static void test_schur_random(void **unused)
{
    (void)unused;
    int done = 0, real = 0, pairs = 0;
    for (int attempt = 0; attempt < 400 && done < 30; attempt++) {
        SLoss c = {0};
        c.n = 1 + (int)((uniform() + 1) * 2.5);
        c.n = c.n > MAXD ? MAXD : c.n;
        bool is_real = attempt % 3 == 0;
        double A[2 * MAXD * MAXD];
        for (int t = 0; t < 2 * c.n * c.n; t++)
            A[t] = is_real && t % 2 ? 0 : uniform();
        if (!schur_separated(c.n, A))
            continue;
        for (int t = 0; t < MAXD * MAXD; t++) {
            c.w[t] = uniform();
            c.W[t] = CMPLX(uniform(), uniform());
            c.B[t] = CMPLX(uniform(), uniform());
            c.C[t] = CMPLX(uniform(), uniform());
        }
        for (int t = 0; t < MAXD; t++)
            c.c[t] = CMPLX(uniform(), uniform());
        for (size_t l = 0; l < sizeof schur_losses / sizeof schur_losses[0];
             l++) {
            c.which = schur_losses[l];
            check_schur_loss(&c, A, is_real);
        }
        done++;
        real += is_real;
        cplx U[MAXD * MAXD], T[MAXD * MAXD];
        schur_of(c.n, A, U, T);
        for (int i = 0; is_real && i < c.n; i++)
            if (cimag(T[IDX(i, i, c.n)]) > 0.1) {
                pairs++;
                break;
            }
    }
    assert_int_equal(done, 30);
    assert_true(real >= 5 && pairs >= 3);
}

static void test_schur_no_derivative(void **unused)
{
    (void)unused;
    /* upper triangular with a repeated diagonal entry */
    double A[8] = {2, 0, 1, 0, 0, 0, 2, 0}, Aa[8] = {0};
    double Ta[8] = {1, 0, 0, 0, 0, 0, 0, 0};
    RtError err = {.msg = ""};
    assert_int_equal(rt_complex_schur_adj("complex_schur_decompose_t", A, 2,
                                          NULL, Ta, Aa, &err), -1);
    assert_string_equal(err.msg, "complex_schur_decompose_t: the eigenvalues "
                        "1 and 2 are equal: the Schur decomposition has no "
                        "derivative");
    assert_int_equal(rt_complex_schur_adj("complex_schur_decompose_t", A, 2,
                                          NULL, NULL, Aa, &err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_no_derivative),
        cmocka_unit_test(test_schur_random),
        cmocka_unit_test(test_schur_no_derivative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
