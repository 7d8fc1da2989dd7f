/* matrix_exp.c - the matrix exponential (Stan Functions Reference,
 * "Linear algebra functions and solvers": matrix_exp, matrix_exp_multiply,
 * scale_matrix_exp_multiply) and its adjoint.  Conventions: rt_matrix_exp.h.
 *
 * The value is Higham's scaling and squaring algorithm (N. J. Higham,
 * "The scaling and squaring method for the matrix exponential revisited",
 * SIAM J. Matrix Anal. Appl. 26(4), 2005, Algorithm 2.3), as Stan's
 * matrix_exp_pade: the diagonal Pade approximant r_m of degree m in
 * {3, 5, 7, 9, 13}, the smallest whose threshold theta_m bounds the
 * 1-norm of A; past theta_13, A is scaled by 2^-s into range and the
 * approximant squared s times.  r_m = (V - U)^-1 (V + U), with U the odd
 * and V the even part of the numerator polynomial.
 *
 * The adjoint: for a scalar function of Y = exp(A) with gradient Y_adj,
 * A_adj = L(A^T, Y_adj), where L(X, E) is the Frechet derivative of exp
 * at X in the direction E (exp is a primary matrix function, so the
 * adjoint of L(A, .) is L(A^T, .)).  L(X, E) is the upper-right block of
 * exp([[X, E], [0, X]]) (Higham, "Functions of Matrices", 2008, Theorem
 * 3.6; Mathias 1996), computed by the same algorithm at twice the size. */
#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_lu.h"
#include "rt_matrix_exp.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static size_t sq(int n)
{
    return (size_t)n * (size_t)n;
}

/* C = A B, A m x l, B l x n (C distinct from both). */
static void mul(const double *A, const double *B, int m, int l, int n,
                double *C)
{
    for (int i = 0; i < m; i++) {
        double *c = C + IDX(i, 0, n);
        for (int j = 0; j < n; j++)
            c[j] = 0;
        for (int k = 0; k < l; k++) {
            double a = A[IDX(i, k, l)];
            if (a == 0)
                continue;
            const double *b = B + IDX(k, 0, n);
            for (int j = 0; j < n; j++)
                c[j] += a * b[j];
        }
    }
}

/* ---------------------------------------------------- exp by Pade */

/* Higham 2005, Table 2.3: the largest 1-norm for which r_m is accurate
 * to double precision without scaling. */
static const int DEGREES[] = {3, 5, 7, 9, 13};
static const double THETA[] = {
    1.495585217958292e-2, 2.539398330063230e-1, 9.504178996162932e-1,
    2.097847961257068e0, 5.371920351148152e0,
};

/* The numerator coefficients b_0..b_m of r_m (Higham 2005, (2.2) and the
 * listing of Algorithm 2.3). */
static const double B3[] = {120, 60, 12, 1};
static const double B5[] = {30240, 15120, 3360, 420, 30, 1};
static const double B7[] = {17297280, 8648640, 1995840, 277200, 25200, 1512,
                            56, 1};
static const double B9[] = {17643225600., 8821612800., 2075673600.,
                            302702400., 30270240., 2162160., 110880., 3960.,
                            90., 1.};
static const double B13[] = {
    64764752532480000., 32382376266240000., 7771770303897600.,
    1187353796428800., 129060195264000., 10559470521600., 670442572800.,
    33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.,
};

/* The doubles expm needs beside its result: the scaled A, its powers
 * A^2 .. A^8, U' (U without its factor A), U and V, and the LU solve's
 * n*n + n. */
static size_t expm_work(int n)
{
    return 9 * sq(n) + (size_t)n;
}

/* X = sum_k c[k] P[k] + c0 I over the powers P (n x n each). */
static void combine(double *X, int n, double c0, const double *const *P,
                    const double *c, int np)
{
    size_t nn = sq(n);
    for (size_t e = 0; e < nn; e++) {
        double s = 0;
        for (int k = 0; k < np; k++)
            s += c[k] * P[k][e];
        X[e] = s;
    }
    for (int i = 0; i < n; i++)
        X[IDX(i, i, n)] += c0;
}

/* Y = exp(A) (A n x n, n >= 1, finite). */
static int expm(const double *A, int n, double *Y, double *work,
                RtError *err)
{
    size_t nn = sq(n);
    double norm = 0;
    for (int j = 0; j < n; j++) {
        double c = 0;
        for (int i = 0; i < n; i++)
            c += fabs(A[IDX(i, j, n)]);
        norm = fmax(norm, c);
    }
    int which = 0;
    while (which < 4 && norm > THETA[which])
        which++;
    int m = DEGREES[which];
    int s = 0;
    if (m == 13 && norm > THETA[4])
        s = (int)ceil(log2(norm / THETA[4]));
    double *S = work, *P2 = S + nn, *P4 = P2 + nn, *P6 = P4 + nn;
    double *P8 = P6 + nn, *Up = P8 + nn, *U = Up + nn, *V = U + nn;
    double *lu = V + nn;
    double scale = ldexp(1.0, -s);
    for (size_t e = 0; e < nn; e++)
        S[e] = A[e] * scale;
    mul(S, S, n, n, n, P2);
    if (m >= 5)
        mul(P2, P2, n, n, n, P4);
    if (m >= 7)
        mul(P4, P2, n, n, n, P6);
    if (m == 9)
        mul(P6, P2, n, n, n, P8);
    if (m <= 9) {
        const double *b = m == 3 ? B3 : m == 5 ? B5 : m == 7 ? B7 : B9;
        const double *P[] = {P2, P4, P6, P8};
        double codd[4], ceven[4];
        int np = (m - 1) / 2;
        for (int k = 0; k < np; k++) {
            codd[k] = b[2 * k + 3];
            ceven[k] = b[2 * k + 2];
        }
        combine(Up, n, b[1], P, codd, np);
        combine(V, n, b[0], P, ceven, np);
    } else {
        const double *b = B13;
        const double *P[] = {P2, P4, P6};
        double c_hi_odd[] = {b[9], b[11], b[13]};
        double c_lo_odd[] = {b[3], b[5], b[7]};
        double c_hi_even[] = {b[8], b[10], b[12]};
        double c_lo_even[] = {b[2], b[4], b[6]};
        /* U' = P6 (b13 P6 + b11 P4 + b9 P2) + b7 P6 + b5 P4 + b3 P2 + b1 I */
        combine(P8, n, 0, P, c_hi_odd, 3);
        mul(P6, P8, n, n, n, U);
        combine(V, n, b[1], P, c_lo_odd, 3);
        for (size_t e = 0; e < nn; e++)
            Up[e] = U[e] + V[e];
        /* V = P6 (b12 P6 + b10 P4 + b8 P2) + b6 P6 + b4 P4 + b2 P2 + b0 I */
        combine(P8, n, 0, P, c_hi_even, 3);
        mul(P6, P8, n, n, n, U);
        combine(V, n, b[0], P, c_lo_even, 3);
        for (size_t e = 0; e < nn; e++)
            V[e] += U[e];
    }
    mul(S, Up, n, n, n, U);
    /* the numerator V + U into Up, the denominator V - U into U */
    for (size_t e = 0; e < nn; e++) {
        double u = U[e], v = V[e];
        Up[e] = v + u;
        U[e] = v - u;
    }
    RtError inner = {.msg = ""};
    if (rt_mdivide_left(U, n, n, Up, n, n, Y, lu, &inner)) {
        for (size_t e = 0; e < nn; e++)
            Y[e] = NAN;
        return rt_error(err, "matrix_exp: the Pade denominator is singular");
    }
    for (int k = 0; k < s; k++) {
        mul(Y, Y, n, n, n, S);
        memcpy(Y, S, nn * sizeof *Y);
    }
    return 0;
}

static bool all_finite(const double *A, size_t n)
{
    for (size_t e = 0; e < n; e++)
        if (!isfinite(A[e]))
            return false;
    return true;
}

size_t rt_matrix_exp_work(int n)
{
    return expm_work(n);
}

int rt_matrix_exp(const double *A, int n, double *Y, double *work,
                  RtError *err)
{
    if (n <= 0)
        return 0;
    if (!all_finite(A, sq(n))) {
        for (size_t e = 0; e < sq(n); e++)
            Y[e] = NAN;
        return 0;
    }
    return expm(A, n, Y, work, err);
}

/* ------------------------------------------------------- adjoint */

size_t rt_matrix_exp_adj_work(int n)
{
    return 8 * sq(n) + expm_work(2 * n);
}

int rt_matrix_exp_adj(const double *A, const double *Y_adj, int n,
                      double *A_adj, double *work, RtError *err)
{
    if (n <= 0 || !A_adj)
        return 0;
    int n2 = 2 * n;
    double *X = work, *E = X + sq(n2), *w = E + sq(n2);
    memset(X, 0, sq(n2) * sizeof *X);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double at = A[IDX(j, i, n)];
            X[IDX(i, j, n2)] = at;
            X[IDX(n + i, n + j, n2)] = at;
            X[IDX(i, n + j, n2)] = Y_adj[IDX(i, j, n)];
        }
    if (!all_finite(X, sq(n2)))
        return 0;   /* the value was NaN: nothing to add */
    if (expm(X, n2, E, w, err))
        return -1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A_adj[IDX(i, j, n)] += E[IDX(i, n + j, n2)];
    return 0;
}

/* -------------------------------------------- exp(t A) B and its adjoint */

size_t rt_scale_matrix_exp_multiply_work(int n, int k)
{
    (void)k;
    return 2 * sq(n) + expm_work(n);
}

/* E = exp(t A) into E, with tA = t A beside it. */
static int scaled_exp(double t, const double *A, int n, double *tA,
                      double *E, double *work, RtError *err)
{
    for (size_t e = 0; e < sq(n); e++)
        tA[e] = t * A[e];
    return rt_matrix_exp(tA, n, E, work, err);
}

int rt_scale_matrix_exp_multiply(double t, const double *A, const double *B,
                                 int n, int k, double *Y, double *work,
                                 RtError *err)
{
    if (n <= 0)
        return 0;
    double *tA = work, *E = tA + sq(n);
    if (scaled_exp(t, A, n, tA, E, E + sq(n), err))
        return -1;
    mul(E, B, n, n, k, Y);
    return 0;
}

size_t rt_scale_matrix_exp_multiply_adj_work(int n, int k)
{
    (void)k;
    size_t inner = expm_work(n);
    size_t adj = rt_matrix_exp_adj_work(n);
    return 4 * sq(n) + (inner > adj ? inner : adj);
}

int rt_scale_matrix_exp_multiply_adj(double t, const double *A,
                                     const double *B, const double *Y_adj,
                                     int n, int k, double *t_adj,
                                     double *A_adj, double *B_adj,
                                     double *work, RtError *err)
{
    if (n <= 0)
        return 0;
    double *tA = work, *E = tA + sq(n), *G = E + sq(n), *H = G + sq(n);
    double *w = H + sq(n);
    if (B_adj) {
        if (scaled_exp(t, A, n, tA, E, w, err))
            return -1;
        for (int i = 0; i < n; i++)          /* B_adj += E^T Y_adj */
            for (int l = 0; l < n; l++) {
                double e = E[IDX(l, i, n)];
                for (int j = 0; j < k; j++)
                    B_adj[IDX(i, j, k)] += e * Y_adj[IDX(l, j, k)];
            }
    }
    if (!A_adj && !t_adj)
        return 0;
    for (size_t e = 0; e < sq(n); e++)
        tA[e] = t * A[e];
    for (int i = 0; i < n; i++)              /* G = Y_adj B^T */
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int l = 0; l < k; l++)
                s += Y_adj[IDX(i, l, k)] * B[IDX(j, l, k)];
            G[IDX(i, j, n)] = s;
        }
    memset(H, 0, sq(n) * sizeof *H);
    if (rt_matrix_exp_adj(tA, G, n, H, w, err))
        return -1;
    double dt = 0;
    for (size_t e = 0; e < sq(n); e++) {
        if (A_adj)
            A_adj[e] += t * H[e];
        dt += H[e] * A[e];
    }
    if (t_adj)
        *t_adj += dt;
    return 0;
}
