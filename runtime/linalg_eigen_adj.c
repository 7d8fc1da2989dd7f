/* linalg_eigen_adj.c - the reverse rules of the eigendecompositions with
 * complex results: eigenvalues / eigenvectors / eigendecompose of a real
 * non-symmetric or a complex matrix (values: linalg_complex_decomp.c,
 * rt_eigen_general) and eigenvalues_sym / eigenvectors_sym /
 * eigendecompose_sym of a complex Hermitian matrix (values:
 * linalg_eigen_herm.c, rt_eigen_herm).
 *
 * The adjoint convention (shared with the backend's complex derivatives):
 * for a complex value z = x + iy, adj(z) = dL/dx + i dL/dy, interleaved
 * (re, im) as the values are; so dL = Re(conj(adj(z)) dz) summed over
 * every complex value, and for a complex input A, adj(A) = dL/dRe(A) +
 * i dL/dIm(A) in the same form.
 *
 * The derivation (A V = V Lambda, W = V^-1, so that the rows of W are the
 * left eigenvectors with W V = I; Giles, "An extended collection of
 * matrix derivative results for forward and reverse mode algorithmic
 * differentiation", 2008, 3.1, with our normalization added):
 *   dLambda_k = (W dA V)_kk,
 *   dV = V C with C_ik = (W dA V)_ik / (lambda_k - lambda_i) for i != k,
 *   and C_kk whatever the normalization of column k requires.  Our
 *   vectors have unit norm and their first entry of largest modulus, p,
 *   real and positive (rt_complex.h); both are invariant under scaling
 *   the unnormalized vector by any complex number, so
 *     dv_k = w_k + v_k c_k,  w_k = sum_{i != k} v_i C_ik,
 *     c_k = -Re(v_k^H w_k) - i Im(w_k[p]) / |v_k[p]|
 *   (the real part keeps |v_k| = 1, the imaginary part keeps v_k[p]
 *   real; the index p is locally constant where the largest modulus is
 *   unique).
 * Reverse: with g_k the adjoint of column k and beta = g_k^H v_k, the
 * adjoint that reaches w_k is
 *     g~_k = g_k - Re(beta) v_k + i (Im(beta) / |v_k[p]|) e_p,
 * then P = diag(adj(lambda)) + (V^H G~) o conj(F), F_ik = 1 / (lambda_k -
 * lambda_i) (0 on the diagonal), and
 *     G = W^H P V^H,
 * which is adj(A) for a complex A; a real A takes Re(G).  For a
 * Hermitian A, W = V^H and the rule is only meaningful on Hermitian
 * perturbations (the value reads the lower triangle and the real
 * diagonal): we return the Hermitian part (G + G^H) / 2, which gives the
 * same dL for every Hermitian dA and treats both triangles alike, as
 * Stan's reverse rule of the real eigenvalues_sym symmetrizes (and as
 * rt_eigen_sym_adj does); the imaginary part of adj(lambda) drops out
 * (the eigenvalues are real).
 *
 * Where the derivative does not exist: equal eigenvalues with an
 * eigenvector adjoint give infinite F (non-finite adj(A), as Stan's), a
 * defective A is an error when its computed eigenvectors are linearly
 * dependent to working precision (cond_1(V) >= 1 / (n eps): GSL gives
 * a Jordan block's two vectors 2e-16 apart); a nearly defective A has
 * large adjoints, as its derivative is large; sorting by modulus and the
 * choice of p are locally constant away from ties, where the rule holds.
 * A conjugate pair of a real A has equal moduli, but both stay in the
 * order the solver found them under a real perturbation. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_complex.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

typedef double complex cplx;

size_t rt_eigen_adj_work(int n)
{
    return n > 0 ? 10 * (size_t)n * (size_t)n : 1;
}

static cplx at(const double *x, size_t k)
{
    return CMPLX(x[2 * k], x[2 * k + 1]);
}

/* The first index of largest modulus of column k of the n x n V (the
 * value code's rule, linalg_complex_decomp.c: fix_phase). */
static int phase_index(const cplx *V, int n, int k)
{
    int big = 0;
    for (int i = 1; i < n; i++)
        if (cabs(V[IDX(i, k, n)]) > cabs(V[IDX(big, k, n)]))
            big = i;
    return big;
}

/* The largest column sum of moduli of the n x n X. */
static double norm_1(const cplx *X, int n)
{
    double best = 0;
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++)
            s += cabs(X[IDX(i, j, n)]);
        best = fmax(best, s);
    }
    return best;
}

/* C = X^H Y for n x n X, Y (conj_x) or X Y (not). */
static void product(const cplx *X, bool conj_x, const cplx *Y, int n,
                    cplx *C)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cplx s = 0;
            for (int k = 0; k < n; k++)
                s += (conj_x ? conj(X[IDX(k, i, n)]) : X[IDX(i, k, n)])
                     * Y[IDX(k, j, n)];
            C[IDX(i, j, n)] = s;
        }
}

/* G = W^H P V^H from the values, V and W; P and T are work (n^2 each),
 * and G may be P. */
static void adjoint(int n, const double *vals, const cplx *V, const cplx *W,
                    const double *vals_adj, const double *vecs_adj, cplx *P,
                    cplx *T, cplx *G)
{
    for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
        P[k] = 0;
    if (vecs_adj) {
        /* T = G~, column by column */
        for (int k = 0; k < n; k++) {
            cplx beta = 0;
            for (int i = 0; i < n; i++)
                beta += conj(at(vecs_adj, IDX(i, k, n))) * V[IDX(i, k, n)];
            int p = phase_index(V, n, k);
            for (int i = 0; i < n; i++)
                T[IDX(i, k, n)] = at(vecs_adj, IDX(i, k, n))
                                  - creal(beta) * V[IDX(i, k, n)];
            T[IDX(p, k, n)] += CMPLX(0, cimag(beta) / cabs(V[IDX(p, k, n)]));
        }
        product(V, true, T, n, P);              /* P = V^H G~ */
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++)
                P[IDX(i, k, n)] = i == k ? 0
                    : P[IDX(i, k, n)] / conj(at(vals, (size_t)k)
                                             - at(vals, (size_t)i));
    }
    for (int k = 0; vals_adj && k < n; k++)
        P[IDX(k, k, n)] = at(vals_adj, (size_t)k);
    product(W, true, P, n, T);                  /* T = W^H P */
    for (int i = 0; i < n; i++)                 /* G = T V^H */
        for (int j = 0; j < n; j++) {
            cplx s = 0;
            for (int k = 0; k < n; k++)
                s += T[IDX(i, k, n)] * conj(V[IDX(j, k, n)]);
            G[IDX(i, j, n)] = s;
        }
}

/* The matrix kinds of the rules: what W is, and what A_adj receives. */
typedef enum { EIG_REAL, EIG_COMPLEX, EIG_HERM } EigKind;

/* Both rules: V from vecs, W = V^-1 (V^H for a Hermitian A, whose V is
 * unitary), G = W^H P V^H (adjoint), and G, its real part or its
 * Hermitian part added into A_adj.  work as n^2-value blocks: V, W, P,
 * T and E (the identity, for V^-1). */
static int eigen_adj(const char *fn, EigKind kind, int n, const double *vals,
                     const double *vecs, const double *vals_adj,
                     const double *vecs_adj, double *A_adj, double *work,
                     RtError *err)
{
    if (n <= 0 || (!vals_adj && !vecs_adj))
        return 0;
    double *owned = NULL;
    if (!work)
        work = owned = malloc(sizeof(double) * rt_eigen_adj_work(n));
    if (!work)
        return rt_fatal(err, "%s: out of memory", fn);
    size_t nn = (size_t)n * (size_t)n;
    cplx *V = (cplx *)work, *W = V + nn, *P = W + nn, *T = P + nn;
    cplx *E = T + nn;
    memcpy(V, vecs, sizeof(cplx) * nn);
    if (kind == EIG_HERM) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                W[IDX(i, j, n)] = conj(V[IDX(j, i, n)]);
    } else {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                E[IDX(i, j, n)] = i == j;
        RtError inner = {.msg = ""};
        if (rt_complex_mdivide_right((const double *)E, n, n,
                                     (const double *)V, n, n, (double *)W,
                                     &inner)
            || !(norm_1(V, n) * norm_1(W, n) < 1 / (n * DBL_EPSILON))) {
            free(owned);
            return rt_error(err, "%s: the eigenvectors are linearly "
                            "dependent (a defective matrix): no derivative",
                            fn);
        }
    }
    adjoint(n, vals, V, W, vals_adj, vecs_adj, P, T, P);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            size_t k = IDX(i, j, n);
            cplx g = kind == EIG_HERM
                ? 0.5 * (P[k] + conj(P[IDX(j, i, n)])) : P[k];
            if (kind == EIG_REAL) {
                A_adj[k] += creal(g);
            } else {
                A_adj[2 * k] += creal(g);
                A_adj[2 * k + 1] += cimag(g);
            }
        }
    free(owned);
    return 0;
}

int rt_eigen_general_adj(const char *fn, bool complex_in, int n,
                         const double *vals, const double *vecs,
                         const double *vals_adj, const double *vecs_adj,
                         double *A_adj, double *work, RtError *err)
{
    return eigen_adj(fn, complex_in ? EIG_COMPLEX : EIG_REAL, n, vals, vecs,
                     vals_adj, vecs_adj, A_adj, work, err);
}

int rt_eigen_herm_adj(const char *fn, int n, const double *vals,
                      const double *vecs, const double *vals_adj,
                      const double *vecs_adj, double *A_adj, double *work,
                      RtError *err)
{
    return eigen_adj(fn, EIG_HERM, n, vals, vecs, vals_adj, vecs_adj, A_adj,
                     work, err);
}
