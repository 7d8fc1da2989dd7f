/* linalg_complex_decomp_adj.c - the reverse rules of the singular value
 * decomposition of a complex matrix (svd_U, svd_V, singular_values, svd;
 * values: linalg_complex_decomp.c, rt_complex_svd) and of the complex
 * Schur decomposition (complex_schur_decompose_t / _u; values:
 * rt_complex_schur).
 *
 * The adjoint convention is linalg_eigen_adj.c's: for a complex value z
 * = x + iy, adj(z) = dL/dx + i dL/dy, so dL = Re(conj(adj(z)) dz) summed
 * over every value, <X, Y> = Re tr(X^H Y) for matrices.
 *
 * SVD.  A = U S V^H, m x n, k = min(m, n), U m x k, V n x k, S = diag(s)
 * real, distinct and non-zero singular values.  With dP = U^H dA V,
 * dO_U = U^H dU and dO_V = V^H dV (both skew-Hermitian):
 *   dP = dO_U S + dS - S dO_V, so ds_i = Re dP_ii and, for i != j,
 *   dO_U[i,j] = (s_j dP_ij + s_i conj(dP_ji)) / (s_j^2 - s_i^2),
 *   dO_V[i,j] = (s_i dP_ij + s_j conj(dP_ji)) / (s_j^2 - s_i^2);
 *   the diagonal gives only the difference Im dP_ii = s_i (Im dO_U[i,i]
 *   - Im dO_V[i,i]): the common phase of (u_i, v_i) is free;
 *   dU = U dO_U + (I - U U^H) dA V S^-1, dV = V dO_V + (I - V V^H) dA^H
 *   U S^-1.
 * The common phase is what the value function fixes: the first entry of
 * largest modulus of each column of U, at row p_i, is real and positive.
 * So the derivative is the one above with any split of the diagonal (we
 * take dO_U[i,i] = -dO_V[i,i] = i Im dP_ii / 2 s_i), followed by the
 * gauge step (dU_i, dV_i) += i theta_i (u_i, v_i), theta_i =
 * -Im(dU_i[p_i]) / |U[p_i, i]|, which makes dU[p_i, i] real.  Reverse,
 * in the opposite order: with theta_adj_i = Im(u_i^H U_adj_i + v_i^H
 * V_adj_i) (zero for a loss that does not change when (u_i, v_i) turn
 * by a common phase, the only losses for which a convention-free rule
 * exists), U_adj[p_i, i] -= i theta_adj_i / |U[p_i, i]|; then, with
 * M_U = U^H U_adj, M_V = V^H V_adj, skew(X) = X - X^H,
 * F[i, j] = 1 / (s_j^2 - s_i^2) (0 on the diagonal):
 *   P = (F o skew(M_U)) S + S (F o skew(M_V))
 *       + diag(s_adj + i (Im M_U[i,i] - Im M_V[i,i]) / 2 s_i),
 *   adj(A) = U P V^H + (U_adj - U M_U) S^-1 V^H
 *            + U S^-1 (V_adj - V M_V)^H,
 * the complex form of Townsend's rule (linalg_decomp_adj.c; Wan & Zhang,
 * "Automatic differentiation for complex valued SVD", 2019, add the
 * diagonal term).  For a phase-invariant loss the gauge step does
 * nothing and the rule is the convention-free one.  Equal or zero
 * singular values with a vector adjoint: the vectors have no
 * derivative, an error (as rt_svd_vectors_adj); the choice of p_i is
 * locally constant where the largest modulus is unique.
 *
 * Schur.  A = U T U^H, U unitary, T upper triangular with distinct
 * diagonal entries in the order the value function's iteration finds
 * them; given that order, U is unique up to column phases, which the
 * value function fixes as for the SVD (column j of U real and positive
 * at its first entry of largest modulus, row p_j).  With X = U^H dA U
 * and dO = U^H dU (skew-Hermitian):
 *   dT = X - (dO T - T dO),
 * whose strictly lower part must vanish.  Only the strictly lower part L
 * of dO enters there, so L solves the triangular Sylvester-type system
 *   S(L) = strictly_lower(L T - T L) = strictly_lower(X),
 *   L_ij (T_jj - T_ii) + sum_{k<j} L_ik T_kj - sum_{k>i} T_ik L_kj = X_ij
 * (rows bottom up, columns left to right; distinct T_ii make it
 * regular); dO = L - L^H + i diag(theta), theta_j = -Im((U (L -
 * L^H))[p_j, j]) / |U[p_j, j]| (the gauge step: dU[p_j, j] real), dU = U
 * dO.  Reverse, with adj(T) restricted to the upper triangle (the zeros
 * below are constants):
 *   adj(O) = U^H adj(U) + T^H adj(T) - adj(T) T^H,
 *   the gauge step backwards: column j of adj(O) += U[p_j, :]^H z_j,
 *     z_j = -i Im(adj(O)_jj) / |U[p_j, j]|,
 *   adj(L) = strictly_lower(adj(O) - adj(O)^H),
 *   Y = S^-H adj(L): S^H(Y) = strictly_lower(Y T^H - T^H Y), solved
 *     rows top down, columns right to left,
 *   adj(X) = upper(adj(T)) + Y, adj(A) = U adj(X) U^H
 * (a real A takes the real part).  Where there is no derivative: equal
 * diagonal entries of T are an error; a near tie in the order of T's
 * diagonal can change the order under a perturbation.  For a real A a
 * complex-conjugate pair is such a tie for the shift, which the value
 * function breaks the same way for every real A (the shift is the root
 * with the larger imaginary part, linalg_complex_decomp.c: shift), so
 * the order is locally constant there and the rule holds in
 * real directions; in imaginary directions at a real A the order jumps
 * (the conjugate of A's Schur form is conj(A)'s), and no derivative
 * exists. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_complex.h"
#include "rt_sizes.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

typedef double complex cplx;

static cplx at(const double *x, size_t k)
{
    return CMPLX(x[2 * k], x[2 * k + 1]);
}

/* The first row of largest modulus of column j of the rows x cols X (the
 * value code's fix_phase). */
static int phase_row(const cplx *X, int rows, int cols, int j)
{
    int big = 0;
    for (int i = 1; i < rows; i++)
        if (cabs(X[IDX(i, j, cols)]) > cabs(X[IDX(big, j, cols)]))
            big = i;
    return big;
}

/* n complex values, zeroed, or NULL when the size overflows or memory
 * runs out. */
static cplx *cplx_zeros(int64_t n)
{
    size_t bytes;
    if (n < 1)
        n = 1;
    if (!rt_size_bytes(n, sizeof(cplx), &bytes))
        return NULL;
    return calloc(bytes / sizeof(cplx), sizeof(cplx));
}

/* ------------------------------------------------------------------ SVD */

/* M = X^H Y for rows x k X and Y. */
static void gram(const cplx *X, const cplx *Y, int rows, int k, cplx *M)
{
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++) {
            cplx t = 0;
            for (int i = 0; i < rows; i++)
                t += conj(X[IDX(i, a, k)]) * Y[IDX(i, b, k)];
            M[IDX(a, b, k)] = t;
        }
}

/* Y (rows x k) -= X M (the part of Y along the columns of X, M = X^H
 * Y). */
static void project_off(const cplx *X, const cplx *M, int rows, int k,
                        cplx *Y)
{
    for (int i = 0; i < rows; i++)
        for (int b = 0; b < k; b++) {
            cplx t = 0;
            for (int a = 0; a < k; a++)
                t += X[IDX(i, a, k)] * M[IDX(a, b, k)];
            Y[IDX(i, b, k)] -= t;
        }
}

static int svd_checks(const char *fn, const double *s, int k, RtError *err)
{
    for (int i = 0; i < k; i++) {
        if (!(s[i] > 0))
            return rt_error(err, "%s: a singular value is 0: the singular "
                            "vectors have no derivative", fn);
        for (int j = 0; j < i; j++)
            if (s[i] == s[j])
                return rt_error(err, "%s: the singular values %d and %d are "
                                "equal (%g): the singular vectors have no "
                                "derivative", fn, j + 1, i + 1, s[i]);
    }
    return 0;
}

int rt_complex_svd_adj(const char *fn, const double *A, int m, int n,
                       const double *U_adj, const double *s_adj,
                       const double *V_adj, double *A_adj, RtError *err)
{
    int k = m < n ? m : n;
    if (k <= 0 || (!U_adj && !s_adj && !V_adj))
        return 0;
    bool vecs = U_adj || V_adj;
    int64_t mk = (int64_t)m * k, nk = (int64_t)n * k, kk = (int64_t)k * k;
    int64_t total = 2 * mk + 2 * nk + 3 * kk + k;
    cplx *w = cplx_zeros(total);
    if (!w)
        return rt_fatal(err, "%s: out of memory", fn);
    cplx *U = w, *V = U + mk, *Ua = V + nk, *Va = Ua + mk;
    cplx *MU = Va + nk, *MV = MU + kk, *P = MV + kk;
    double *s = (double *)(P + kk);
    int status = rt_complex_svd(fn, A, m, n, (double *)U, s, (double *)V,
                                false, err);
    if (status == 0 && vecs)
        status = svd_checks(fn, s, k, err);
    if (status) {
        free(w);
        return -1;
    }
    for (int64_t i = 0; U_adj && i < mk; i++)
        Ua[i] = at(U_adj, (size_t)i);
    for (int64_t i = 0; V_adj && i < nk; i++)
        Va[i] = at(V_adj, (size_t)i);
    if (vecs) {
        /* the gauge step backwards: the phase convention on U */
        for (int i = 0; i < k; i++) {
            cplx t = 0;
            for (int r = 0; r < m; r++)
                t += conj(U[IDX(r, i, k)]) * Ua[IDX(r, i, k)];
            for (int r = 0; r < n; r++)
                t += conj(V[IDX(r, i, k)]) * Va[IDX(r, i, k)];
            int p = phase_row(U, m, k, i);
            Ua[IDX(p, i, k)] -= CMPLX(0, cimag(t) / cabs(U[IDX(p, i, k)]));
        }
        gram(U, Ua, m, k, MU);
        gram(V, Va, n, k, MV);
    }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            if (i == j) {
                cplx d = s_adj ? s_adj[i] : 0;
                if (vecs)
                    d += CMPLX(0, (cimag(MU[IDX(i, i, k)])
                                   - cimag(MV[IDX(i, i, k)])) / (2 * s[i]));
                P[IDX(i, i, k)] = d;
                continue;
            }
            if (!vecs)
                continue;
            double f = 1 / (s[j] * s[j] - s[i] * s[i]);
            cplx ju = MU[IDX(i, j, k)] - conj(MU[IDX(j, i, k)]);
            cplx jv = MV[IDX(i, j, k)] - conj(MV[IDX(j, i, k)]);
            P[IDX(i, j, k)] = f * (ju * s[j] + s[i] * jv);
        }
    /* Ua = U P + (I - U U^H) U_adj S^-1, Va = (I - V V^H) V_adj S^-1;
     * then adj(A) += Ua V^H + U Va^H */
    if (vecs) {
        project_off(U, MU, m, k, Ua);
        project_off(V, MV, n, k, Va);
    }
    for (int r = 0; r < m; r++)
        for (int a = 0; a < k; a++) {
            cplx t = vecs ? Ua[IDX(r, a, k)] / s[a] : 0;
            for (int b = 0; b < k; b++)
                t += U[IDX(r, b, k)] * P[IDX(b, a, k)];
            Ua[IDX(r, a, k)] = t;
        }
    for (int r = 0; vecs && r < n; r++)
        for (int a = 0; a < k; a++)
            Va[IDX(r, a, k)] /= s[a];
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) {
            cplx t = 0;
            for (int a = 0; a < k; a++)
                t += Ua[IDX(r, a, k)] * conj(V[IDX(c, a, k)])
                     + U[IDX(r, a, k)] * conj(Va[IDX(c, a, k)]);
            A_adj[2 * IDX(r, c, n)] += creal(t);
            A_adj[2 * IDX(r, c, n) + 1] += cimag(t);
        }
    free(w);
    return 0;
}

/* ---------------------------------------------------------------- Schur */

/* C = X^H Y (conj_x) or X Y^H (!conj_x) for n x n X, Y. */
static void product_h(const cplx *X, const cplx *Y, int n, bool conj_x,
                      cplx *C)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cplx t = 0;
            for (int k = 0; k < n; k++)
                t += conj_x ? conj(X[IDX(k, i, n)]) * Y[IDX(k, j, n)]
                            : X[IDX(i, k, n)] * conj(Y[IDX(j, k, n)]);
            C[IDX(i, j, n)] = t;
        }
}

int rt_complex_schur_adj(const char *fn, const double *A, int n,
                         const double *U_adj, const double *T_adj,
                         double *A_adj, RtError *err)
{
    if (n <= 0 || (!U_adj && !T_adj))
        return 0;
    int64_t nn = (int64_t)n * n;
    cplx *w = cplx_zeros(5 * nn);
    if (!w)
        return rt_fatal(err, "%s: out of memory", fn);
    cplx *U = w, *T = U + nn, *Ta = T + nn, *O = Ta + nn, *Y = O + nn;
    if (rt_complex_schur(fn, A, n, n, (double *)U, (double *)T, err)) {
        free(w);
        return -1;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (T[IDX(i, i, n)] == T[IDX(j, j, n)]) {
                free(w);
                return rt_error(err, "%s: the eigenvalues %d and %d are "
                                "equal: the Schur decomposition has no "
                                "derivative", fn, j + 1, i + 1);
            }
    /* the upper triangle of adj(T) (the zeros below are constants) */
    for (int i = 0; T_adj && i < n; i++)
        for (int j = i; j < n; j++)
            Ta[IDX(i, j, n)] = at(T_adj, IDX(i, j, n));
    /* adj(Omega) = U^H adj(U) + T^H adj(T) - adj(T) T^H */
    for (int i = 0; U_adj && i < n; i++)
        for (int j = 0; j < n; j++)
            Y[IDX(i, j, n)] = at(U_adj, IDX(i, j, n));
    product_h(U, Y, n, true, O);
    product_h(T, Ta, n, true, Y);
    for (int64_t i = 0; i < nn; i++)
        O[i] += Y[i];
    product_h(Ta, T, n, false, Y);
    for (int64_t i = 0; i < nn; i++)
        O[i] -= Y[i];
    /* the gauge step backwards: Omega = Omega0 + i diag(theta), theta_j =
     * -Im((U Omega0)[p_j, j]) / |U[p_j, j]| */
    for (int j = 0; j < n; j++) {
        int p = phase_row(U, n, n, j);
        cplx z = CMPLX(0, -cimag(O[IDX(j, j, n)]) / cabs(U[IDX(p, j, n)]));
        for (int k = 0; k < n; k++)
            O[IDX(k, j, n)] += conj(U[IDX(p, k, n)]) * z;
    }
    /* Omega0 = L - L^H: adj(L) = the strict lower part of adj(Omega0) -
     * adj(Omega0)^H, into Y; then Y = S^-H adj(L) in place, S(L) =
     * strictly_lower(L T - T L), rows down, each row's columns right to
     * left */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            Y[IDX(i, j, n)] = i > j ? O[IDX(i, j, n)] - conj(O[IDX(j, i, n)])
                                    : 0;
    for (int i = 1; i < n; i++)
        for (int j = i - 1; j >= 0; j--) {
            cplx t = Y[IDX(i, j, n)];
            for (int k = j + 1; k < i; k++)
                t -= Y[IDX(i, k, n)] * conj(T[IDX(j, k, n)])
                     - conj(T[IDX(k, i, n)]) * Y[IDX(k, j, n)];
            Y[IDX(i, j, n)] = t / conj(T[IDX(j, j, n)] - T[IDX(i, i, n)]);
        }
    /* adj(X) = adj(T) (upper) + Y (strictly lower); adj(A) = U adj(X) U^H */
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            Y[IDX(i, j, n)] = Ta[IDX(i, j, n)];
    product_h(Y, U, n, false, O);                 /* O = adj(X) U^H */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cplx t = 0;
            for (int k = 0; k < n; k++)
                t += U[IDX(i, k, n)] * O[IDX(k, j, n)];
            A_adj[2 * IDX(i, j, n)] += creal(t);
            A_adj[2 * IDX(i, j, n) + 1] += cimag(t);
        }
    free(w);
    return 0;
}
