/* rt_complex.h - Stan's functions of complex matrices that the emitted C
 * does not write inline: the discrete Fourier transforms (fft.c; Stan
 * Functions Reference, "Complex-valued basic functions", fast Fourier
 * transforms: fft, inv_fft, fft2, inv_fft2), division by a complex matrix
 * (linalg_complex_lu.c) and the decompositions with complex results
 * (linalg_complex_decomp.c: eigenvalues / eigenvectors of a real
 * non-symmetric or complex matrix, the complex Schur decomposition, the
 * SVD of a complex matrix; linalg_eigen_herm.c: the eigendecomposition
 * of a complex Hermitian matrix) and the reverse rules of the
 * eigendecompositions (linalg_eigen_adj.c).
 *
 * A complex value is an interleaved (re, im) pair of doubles, so a
 * complex_vector[n] is 2n doubles and a complex_matrix[rows, cols] is
 * 2 * rows * cols doubles in row-major order.  The transforms are GSL's
 * mixed-radix complex FFT (any length: O(n log n) when n factors into
 * 2, 3, 5 and 7; each larger prime factor p costs O(n p)), with Stan's
 * conventions:
 *
 *   fft(x)[k]     = sum_j x[j] exp(-2 pi i j k / n)      (unnormalized)
 *   inv_fft(y)[j] = (1/n) sum_k y[k] exp(+2 pi i j k / n)
 *
 * and fft2 / inv_fft2 apply them to every row and then every column
 * (inv_fft2 divides by rows * cols).  A length of 0 gives an empty result.
 * out may be in (the transform is done in place in out).  Data only: no
 * derivatives.  They allocate GSL's wavetables and work space for the call
 * and return 0, or -1 with a message in err (err may be NULL) when memory
 * runs out or a size is negative. */
#ifndef RT_COMPLEX_H
#define RT_COMPLEX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct RtError RtError;

/* fft of the n complex values in (2n doubles) into out (2n doubles). */
int rt_fft(const double *in, int n, double *out, RtError *err);
/* inv_fft: the inverse, scaled by 1/n. */
int rt_inv_fft(const double *in, int n, double *out, RtError *err);
/* fft2 of a rows x cols complex matrix (row-major, 2 doubles a value). */
int rt_fft2(const double *in, int rows, int cols, double *out, RtError *err);
/* inv_fft2: the inverse, scaled by 1/(rows * cols). */
int rt_inv_fft2(const double *in, int rows, int cols, double *out,
                RtError *err);

/* ------------------------------------------- linalg_complex_lu.c */

/* X = B A^-1 for complex B (rows_B x cols_B) and A (square), X rows_B x
 * cols_B (may be B); Stan's mdivide_right checks and messages, "A is
 * singular" (X NaN) for an exactly zero pivot. */
int rt_complex_mdivide_right(const double *B, int rows_B, int cols_B,
                             const double *A, int rows_A, int cols_A,
                             double *X, RtError *err);

/* ---------------------------------------- linalg_complex_decomp.c */

/* Conventions (linalg_complex_decomp.c says why):
 *   - eigenvalues by increasing modulus (equal moduli in no promised
 *     order); eigenvector k (column k) belongs to eigenvalue k, has unit
 *     norm and its first entry of largest modulus is real and positive;
 *   - singular values decreasing, U m x k and V n x k (k = min(m, n)),
 *     A = U diag(s) V^H, the first largest entry of each U column real
 *     and positive;
 *   - Schur: A = U T U^H, U unitary, T upper triangular (zeros below),
 *     the first largest entry of each U column real and positive;
 *   - a non-finite entry of A: NaN results and "FN: m is nan, but must be
 *     finite!"; a non-square A: "FN: Expecting a square matrix; rows of m
 *     (2) and columns of m (3) must match in size".
 * fn names the Stan function in messages.  Any output may be NULL.  They
 * allocate their work space (not for hot paths) and return 0, or -1 with
 * the message in err. */

/* Eigenvalues (vals: n complex) and eigenvectors (vecs: n x n complex) of
 * the rows x cols A: real (rows * cols doubles, through GSL's
 * gsl_eigen_nonsymmv) unless complex_in (interleaved).  An empty A is
 * "FN: m has size 0, but must have a non-zero size". */
int rt_eigen_general(const char *fn, const double *A, bool complex_in,
                     int rows, int cols, double *vals, double *vecs,
                     RtError *err);
/* The complex Schur decomposition of the complex rows x cols A: U and T
 * (n x n complex each).  An empty A gives empty results. */
int rt_complex_schur(const char *fn, const double *A, int rows, int cols,
                     double *U, double *T, RtError *err);
/* The thin SVD of the complex m x n A: U (m x k complex), s (k reals), V
 * (n x k complex).  An empty A is an error ("FN: m has size 0, but must
 * have a non-zero size") unless allow_empty (singular_values). */
int rt_complex_svd(const char *fn, const double *A, int m, int n, double *U,
                   double *s, double *V, bool allow_empty, RtError *err);

/* ------------------------------------------- linalg_eigen_herm.c */

/* 0 if the complex n x n A (interleaved) is Hermitian to Stan's tolerance
 * 1e-8: |A[i,j] - conj(A[j,i])| and |Im A[i,i]| at most 1e-8; else -1
 * and "FN: NAME is not Hermitian. NAME[1,2] = (0,1), but NAME[2,1] =
 * (0,1)" (or "..., but its imaginary part must be 0" for a diagonal
 * entry).  NaN entries pass (the NaN check reports them). */
int rt_check_hermitian(const char *fn, const char *name, const double *A,
                       int n, RtError *err);
/* eigenvalues_sym / eigenvectors_sym of the complex Hermitian rows x cols
 * A: vals (n complex, zero imaginary parts, ascending) and vecs (n x n
 * complex, column k unit norm, its first entry of largest modulus real
 * and positive); either may be NULL.  Checks, in order: square ("FN:
 * Expecting a square matrix; rows of m (2) and columns of m (3) must
 * match in size"), NaN ("FN: m is nan, but must not be nan!"),
 * rt_check_hermitian; an empty A gives empty results.  Through GSL's
 * gsl_eigen_hermv, reading the lower triangle; allocates its work. */
int rt_eigen_herm(const char *fn, const double *A, int rows, int cols,
                  double *vals, double *vecs, RtError *err);

/* -------------------------------------------- linalg_eigen_adj.c */

/* The reverse rules of the eigendecompositions with complex results.
 * Adjoints of complex values are interleaved (re, im) pairs holding
 * dL/dRe + i dL/dIm (linalg_eigen_adj.c derives the rules).  vals and
 * vecs are the values as the value function returned them (both are
 * needed, whichever output has an adjoint); vals_adj (n complex) and
 * vecs_adj (n x n complex) are the outputs' adjoints, either may be NULL
 * (eigenvalues only, eigenvectors only; both for eigendecompose).  The
 * result is ADDED to A_adj.  work: rt_eigen_adj_work(n) doubles, or NULL
 * to allocate.  Equal eigenvalues with a vecs_adj give non-finite
 * adjoints (no derivative exists there).  They return 0, or -1 with the
 * message in err (fn names the Stan function). */
size_t rt_eigen_adj_work(int n);
/* eigenvalues / eigenvectors / eigendecompose of the n x n A
 * (rt_eigen_general): A_adj is n x n real doubles, or n x n complex when
 * complex_in.  A defective A (the eigenvectors linearly dependent to
 * working precision: cond_1(V) >= 1 / (n DBL_EPSILON)) is
 * "FN: the eigenvectors are linearly dependent (a defective matrix): no
 * derivative". */
int rt_eigen_general_adj(const char *fn, bool complex_in, int n,
                         const double *vals, const double *vecs,
                         const double *vals_adj, const double *vecs_adj,
                         double *A_adj, double *work, RtError *err);
/* eigenvalues_sym / eigenvectors_sym / eigendecompose_sym of the complex
 * Hermitian n x n A (rt_eigen_herm): A_adj (n x n complex) receives the
 * Hermitian part of the gradient, exact for every Hermitian dA (as the
 * real rt_eigen_sym_adj symmetrizes).  Never fails but for memory. */
int rt_eigen_herm_adj(const char *fn, int n, const double *vals,
                      const double *vecs, const double *vals_adj,
                      const double *vecs_adj, double *A_adj, double *work,
                      RtError *err);

/* -------------------------------------- linalg_complex_decomp_adj.c */

/* The reverse rule of the thin SVD of the complex m x n A
 * (rt_complex_svd, which it calls again): A_adj (m x n complex) += the
 * adjoint given those of U (m x k complex), s (k reals) and V (n x k
 * complex), any of them NULL.  Exact for the value function's phase
 * convention (the first entry of largest modulus of each column of U
 * real and positive), so also for losses that depend on the phases; for
 * a loss invariant under (u_i, v_i) -> e^(i phi) (u_i, v_i) it is the
 * convention-free rule.  With a U or V adjoint, equal or zero singular
 * values are "FN: the singular values 1 and 2 are equal (0.5): the
 * singular vectors have no derivative" / "FN: a singular value is 0:
 * ...".  Allocates; 0, or -1 with the message in err. */
int rt_complex_svd_adj(const char *fn, const double *A, int m, int n,
                       const double *U_adj, const double *s_adj,
                       const double *V_adj, double *A_adj, RtError *err);

/* The reverse rule of the complex Schur decomposition of the complex
 * n x n A (rt_complex_schur, which it calls again): A_adj (n x n
 * complex) += the adjoint given those of U and T (n x n complex each,
 * either NULL; T's entries below the diagonal are constants, their
 * adjoints ignored).  Exact for the value function's phase convention
 * and for the order of T's diagonal it finds (locally constant away from
 * ties; at an A with real entries only in real directions: an imaginary
 * perturbation swaps a conjugate pair).  Equal diagonal entries of T are "FN: the eigenvalues 1 and 2
 * are equal: the Schur decomposition has no derivative".  Allocates; 0,
 * or -1 with the message in err. */
int rt_complex_schur_adj(const char *fn, const double *A, int n,
                         const double *U_adj, const double *T_adj,
                         double *A_adj, RtError *err);

#endif
