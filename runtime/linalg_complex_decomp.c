/* linalg_complex_decomp.c - the decompositions with complex results (Stan
 * Functions Reference, "Complex matrix operations" and "Linear algebra
 * functions": eigenvalues / eigenvectors / eigendecompose of a real
 * non-symmetric or of a complex matrix, complex_schur_decompose and its
 * _t / _u parts, singular_values / svd_U / svd_V / svd of a complex
 * matrix).  Values only; the reverse rules are linalg_eigen_adj.c's and
 * linalg_complex_decomp_adj.c's, which rely on the conventions below.
 *
 * Algorithms:
 *   real eigenproblem     GSL's gsl_eigen_nonsymmv (Francis double-shift
 *                         QR on the real Schur form).
 *   complex Schur         GSL has none: Householder reduction to upper
 *                         Hessenberg form, then single-shift complex QR
 *                         iteration by Givens rotations with Wilkinson's
 *                         shift and exceptional shifts after 10 and 20
 *                         iterations without deflation (the algorithm of
 *                         Golub & Van Loan, "Matrix Computations" 7.5,
 *                         which Eigen's ComplexSchur also follows).
 *   complex eigenproblem  the Schur form T = U^H A U, then the
 *                         eigenvectors of the triangular T by back
 *                         substitution (as Eigen's ComplexEigenSolver),
 *                         mapped back by U.
 *   complex SVD           one-sided (Hestenes) Jacobi: plane rotations of
 *                         the columns until every pair is orthogonal to
 *                         working precision (Demmel & Veselic 1992).
 *
 * Conventions (what is and is not guaranteed; rt_complex.h repeats them):
 *   - eigenvalues are sorted by increasing modulus, which is what Eigen's
 *     ComplexEigenSolver returns; the Functions Reference promises no
 *     order (and Eigen's real EigenSolver does not sort), so a program may
 *     rely on the set, not on the order of eigenvalues of equal modulus
 *     (a conjugate pair comes in whichever order the sort leaves it).
 *   - eigenvectors (column k belongs to eigenvalue k) have unit Euclidean
 *     norm, as Eigen's; their phase is free, and we fix it so that the
 *     first entry of largest modulus is real and positive (Eigen leaves
 *     it as the algorithm finds it).  For a defective matrix the vectors
 *     of a repeated eigenvalue are (nearly) parallel, as Eigen's are.
 *   - singular values decrease; the columns of U (m x k) and V (n x k),
 *     k = min(m, n), follow them, each pair with a free common phase that
 *     we fix as for the real SVD (linalg_build.c): the first entry of largest
 *     modulus of each column of U is real and positive.
 *   - Schur: A = U T U^H with U unitary and T upper triangular (entries
 *     below the diagonal exactly 0); the eigenvalues on T's diagonal are in
 *     the order the iteration deflates them (no sort: neither Stan nor
 *     Eigen sorts them), and U T are unique only up to that order and
 *     column phases, which we fix as for the eigenvectors: the first entry
 *     of largest modulus of each column of U is real and positive (T
 *     follows; Eigen leaves the phases as the iteration finds them).
 *   - A NaN or infinite entry fills the results with NaN and is an error
 *     ("eigenvalues: m is nan, but must be finite!"), as the real SVD is.
 *   - Sizes: eigen functions and svd_U / svd_V refuse an empty matrix as
 *     Stan's check_nonzero_size does; singular_values and the Schur
 *     functions give empty results.
 *
 * A complex value is an interleaved (re, im) pair; the work is done on
 * copies held as C99 double complex. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>

#include "pplrt.h"
#include "rt_complex.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

typedef double complex cplx;

/* ---------------------------------------------------------- helpers */

static void fill_nan(double *x, size_t n)
{
    if (x)
        for (size_t i = 0; i < n; i++)
            x[i] = NAN;
}

/* |re| + |im|: Eigen's norm1, cheap and scale-aware. */
static double norm1(cplx z)
{
    return fabs(creal(z)) + fabs(cimag(z));
}

/* The first non-finite double of x (n of them), or -1. */
static long first_nonfinite(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return (long)i;
    return -1;
}

static cplx *cplx_alloc(size_t n)
{
    return n ? malloc(n * sizeof(cplx)) : malloc(sizeof(cplx));
}

static void load(cplx *dst, const double *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = CMPLX(src[2 * i], src[2 * i + 1]);
}

static void store(double *dst, const cplx *src, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dst[2 * i] = creal(src[i]);
        dst[2 * i + 1] = cimag(src[i]);
    }
}

/* Scale column j of the rows x cols X so that its first entry of largest
 * modulus is real and positive; the same phase goes to column j of Y (may
 * be NULL, yrows rows). */
static void fix_phase(cplx *X, int rows, int cols, int j, cplx *Y,
                      int yrows)
{
    int big = 0;
    for (int i = 1; i < rows; i++)
        if (cabs(X[IDX(i, j, cols)]) > cabs(X[IDX(big, j, cols)]))
            big = i;
    double r = cabs(X[IDX(big, j, cols)]);
    if (!(r > 0))
        return;
    cplx ph = conj(X[IDX(big, j, cols)]) / r;
    for (int i = 0; i < rows; i++)
        X[IDX(i, j, cols)] *= ph;
    X[IDX(big, j, cols)] = r;
    if (Y)
        for (int i = 0; i < yrows; i++)
            Y[IDX(i, j, cols)] *= ph;
}

static int square_check(const char *fn, int rows, int cols, RtError *err)
{
    if (rows != cols)
        return rt_error(err, "%s: Expecting a square matrix; rows of m (%d) "
                        "and columns of m (%d) must match in size", fn, rows,
                        cols);
    return 0;
}

static int nonfinite_error(const char *fn, double v, RtError *err)
{
    return rt_error(err, "%s: m is %g, but must be finite!", fn, v);
}

/* ------------------------------------------------------ complex Schur */

/* The Givens rotation G = [c s; -conj(s) c] (c real) with G [p; q] =
 * [r; 0]. */
static void givens(cplx p, cplx q, double *c, cplx *s)
{
    if (q == 0) {
        *c = 1;
        *s = 0;
        return;
    }
    if (p == 0) {
        *c = 0;
        *s = conj(q) / cabs(q);
        return;
    }
    double ap = cabs(p), nrm = hypot(ap, cabs(q));
    *c = ap / nrm;
    *s = (p / ap) * conj(q) / nrm;
}

/* Rows i, i+1 of T (columns from..n-1) times G on the left. */
static void rot_left(cplx *T, int n, int i, int from, double c, cplx s)
{
    for (int j = from; j < n; j++) {
        cplx x = T[IDX(i, j, n)], y = T[IDX(i + 1, j, n)];
        T[IDX(i, j, n)] = c * x + s * y;
        T[IDX(i + 1, j, n)] = -conj(s) * x + c * y;
    }
}

/* Columns i, i+1 of M (rows 0..to-1) times G^H on the right. */
static void rot_right(cplx *M, int n, int i, int to, double c, cplx s)
{
    for (int r = 0; r < to; r++) {
        cplx x = M[IDX(r, i, n)], y = M[IDX(r, i + 1, n)];
        M[IDX(r, i, n)] = c * x + conj(s) * y;
        M[IDX(r, i + 1, n)] = -s * x + c * y;
    }
}

/* A = Q H Q^H in place: T becomes upper Hessenberg, U accumulates Q
 * (U starts as the identity).  v: n work values. */
static void hessenberg(cplx *T, cplx *U, int n, cplx *v)
{
    for (int k = 0; k + 2 < n; k++) {
        double tail = 0;
        for (int i = k + 2; i < n; i++)
            tail = hypot(tail, cabs(T[IDX(i, k, n)]));
        if (tail == 0)
            continue;           /* already zero below the subdiagonal */
        cplx x0 = T[IDX(k + 1, k, n)];
        double nx = hypot(cabs(x0), tail);
        cplx alpha = x0 == 0 ? -nx : -nx * x0 / cabs(x0);
        /* v = x - alpha e1, normalized; H = I - 2 v v^H */
        int m = n - k - 1;
        v[0] = x0 - alpha;
        for (int i = 1; i < m; i++)
            v[i] = T[IDX(k + 1 + i, k, n)];
        double nv = 0;
        for (int i = 0; i < m; i++)
            nv = hypot(nv, cabs(v[i]));
        for (int i = 0; i < m; i++)
            v[i] /= nv;
        for (int j = 0; j < n; j++) {          /* T = H T */
            cplx s = 0;
            for (int i = 0; i < m; i++)
                s += conj(v[i]) * T[IDX(k + 1 + i, j, n)];
            for (int i = 0; i < m; i++)
                T[IDX(k + 1 + i, j, n)] -= 2 * v[i] * s;
        }
        for (int r = 0; r < n; r++) {          /* T = T H, U = U H */
            cplx s = 0, u = 0;
            for (int i = 0; i < m; i++) {
                s += T[IDX(r, k + 1 + i, n)] * v[i];
                u += U[IDX(r, k + 1 + i, n)] * v[i];
            }
            for (int i = 0; i < m; i++) {
                T[IDX(r, k + 1 + i, n)] -= 2 * s * conj(v[i]);
                U[IDX(r, k + 1 + i, n)] -= 2 * u * conj(v[i]);
            }
        }
        T[IDX(k + 1, k, n)] = alpha;
        for (int i = k + 2; i < n; i++)
            T[IDX(i, k, n)] = 0;
    }
}

/* Whether T[i+1, i] is negligible beside its diagonal neighbours (then
 * set to 0). */
static bool negligible(cplx *T, int n, int i)
{
    double d = norm1(T[IDX(i, i, n)]) + norm1(T[IDX(i + 1, i + 1, n)]);
    double sd = norm1(T[IDX(i + 1, i, n)]);
    if (sd <= DBL_EPSILON * d || sd == 0 || (d == 0 && sd < DBL_MIN)) {
        T[IDX(i + 1, i, n)] = 0;
        return true;
    }
    return false;
}

/* The shift for the active block ending at row iu: the eigenvalue of the
 * trailing 2 x 2 block nearer to T[iu, iu] (Wilkinson), or an exceptional
 * shift after 10 and 20 iterations without deflation. */
static cplx shift(const cplx *T, int n, int iu, int iter)
{
    if (iter == 10 || iter == 20) {
        double s = fabs(creal(T[IDX(iu, iu - 1, n)]));
        if (iu >= 2)
            s += fabs(creal(T[IDX(iu - 1, iu - 2, n)]));
        return s;
    }
    cplx t00 = T[IDX(iu - 1, iu - 1, n)], t01 = T[IDX(iu - 1, iu, n)];
    cplx t10 = T[IDX(iu, iu - 1, n)], t11 = T[IDX(iu, iu, n)];
    double scale = norm1(t00) + norm1(t01) + norm1(t10) + norm1(t11);
    if (scale == 0)
        return 0;
    t00 /= scale;
    t01 /= scale;
    t10 /= scale;
    t11 /= scale;
    cplx b = t01 * t10, c = t00 - t11;
    cplx disc = csqrt(c * c + 4.0 * b);
    cplx det = t00 * t11 - b, tr = t00 + t11;
    cplx e1 = (tr + disc) / 2.0, e2 = (tr - disc) / 2.0;
    /* the smaller root from the product, which cancels less */
    if (norm1(e1) > norm1(e2)) {
        if (e1 != 0)
            e2 = det / e1;
    } else if (e2 != 0) {
        e1 = det / e2;
    }
    /* a real block with a complex-conjugate pair has both roots equally
     * near: rounding would choose, and with it the order of the pair on
     * T's diagonal, which would then jump under any perturbation; the
     * root with the larger imaginary part is taken instead */
    double d1 = norm1(e1 - t11), d2 = norm1(e2 - t11);
    if (fabs(d1 - d2) <= 16 * DBL_EPSILON * (d1 + d2))
        return scale * (cimag(e1) > cimag(e2) ? e1 : e2);
    return scale * (d1 < d2 ? e1 : e2);
}

/* T (a copy of A) becomes its Schur form and U the unitary factor;
 * returns false if the iteration does not converge in 30 n steps. */
static bool schur(cplx *T, cplx *U, int n, cplx *work)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            U[IDX(i, j, n)] = i == j;
    hessenberg(T, U, n, work);
    int iu = n - 1, iter = 0, total = 0;
    while (iu > 0) {
        if (negligible(T, n, iu - 1)) {
            iu--;
            iter = 0;
            continue;
        }
        if (++total > 30 * n)
            return false;
        iter++;
        int il = iu - 1;
        while (il > 0 && !negligible(T, n, il - 1))
            il--;
        /* one implicit QR step on the unreduced block il..iu, chasing the
         * bulge down with Givens rotations */
        double c;
        cplx s, mu = shift(T, n, iu, iter);
        givens(T[IDX(il, il, n)] - mu, T[IDX(il + 1, il, n)], &c, &s);
        rot_left(T, n, il, il, c, s);
        rot_right(T, n, il, (il + 2 < iu ? il + 2 : iu) + 1, c, s);
        rot_right(U, n, il, n, c, s);
        for (int i = il + 1; i < iu; i++) {
            givens(T[IDX(i, i - 1, n)], T[IDX(i + 1, i - 1, n)], &c, &s);
            rot_left(T, n, i, i - 1, c, s);
            T[IDX(i + 1, i - 1, n)] = 0;
            rot_right(T, n, i, (i + 2 < iu ? i + 2 : iu) + 1, c, s);
            rot_right(U, n, i, n, c, s);
        }
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            T[IDX(i, j, n)] = 0;
    return true;
}

/* U = U D, T = D^H T D for the diagonal unitary D that makes the first
 * entry of largest modulus of each column of U real and positive: A = U
 * T U^H still, and the pair is a function of A (given the order of T's
 * diagonal), which its reverse rule needs. */
static void schur_phases(cplx *U, cplx *T, int n)
{
    for (int j = 0; j < n; j++) {
        int big = 0;
        for (int i = 1; i < n; i++)
            if (cabs(U[IDX(i, j, n)]) > cabs(U[IDX(big, j, n)]))
                big = i;
        double r = cabs(U[IDX(big, j, n)]);
        if (!(r > 0))
            continue;
        cplx ph = conj(U[IDX(big, j, n)]) / r;
        for (int i = 0; i < n; i++)
            U[IDX(i, j, n)] *= ph;
        U[IDX(big, j, n)] = r;
        /* column j of T D and row j of D^H T, in the upper triangle only:
         * the diagonal stays, and the zeros below stay +0 (0 times a
         * complex number may give -0, which prints as "-0") */
        for (int i = 0; i < j; i++)
            T[IDX(i, j, n)] *= ph;
        for (int i = j + 1; i < n; i++)
            T[IDX(j, i, n)] *= conj(ph);
    }
}

int rt_complex_schur(const char *fn, const double *A, int rows, int cols,
                     double *U, double *T, RtError *err)
{
    if (square_check(fn, rows, cols, err))
        return -1;
    int n = rows;
    size_t nn = (size_t)n * (size_t)n;
    long bad = first_nonfinite(A, 2 * nn);
    if (bad >= 0) {
        fill_nan(U, 2 * nn);
        fill_nan(T, 2 * nn);
        return nonfinite_error(fn, A[bad], err);
    }
    if (n == 0)
        return 0;
    cplx *t = cplx_alloc(nn), *u = cplx_alloc(nn), *w = cplx_alloc(n);
    int status = 0;
    if (!t || !u || !w) {
        status = rt_fatal(err, "%s: out of memory", fn);
    } else {
        load(t, A, nn);
        if (!schur(t, u, n, w))
            status = rt_error(err, "%s: the Schur iteration did not "
                              "converge", fn);
    }
    if (status == 0) {
        schur_phases(u, t, n);
        if (U)
            store(U, u, nn);
        if (T)
            store(T, t, nn);
    } else {
        fill_nan(U, 2 * nn);
        fill_nan(T, 2 * nn);
    }
    free(t);
    free(u);
    free(w);
    return status;
}

/* ------------------------------------------------------ eigenproblems */

/* Sort vals (and the columns of vecs, may be NULL) by increasing modulus:
 * a stable insertion sort, so equal moduli keep their order. */
static void sort_by_modulus(cplx *vals, cplx *vecs, int n)
{
    for (int k = 1; k < n; k++)
        for (int j = k; j > 0 && cabs(vals[j]) < cabs(vals[j - 1]); j--) {
            cplx t = vals[j];
            vals[j] = vals[j - 1];
            vals[j - 1] = t;
            if (vecs)
                for (int i = 0; i < n; i++) {
                    t = vecs[IDX(i, j, n)];
                    vecs[IDX(i, j, n)] = vecs[IDX(i, j - 1, n)];
                    vecs[IDX(i, j - 1, n)] = t;
                }
        }
}

/* Unit norm and the phase convention for every column of the n x n V. */
static void normalize_columns(cplx *V, int n)
{
    for (int j = 0; j < n; j++) {
        double nrm = 0;
        for (int i = 0; i < n; i++)
            nrm = hypot(nrm, cabs(V[IDX(i, j, n)]));
        if (nrm > 0)
            for (int i = 0; i < n; i++)
                V[IDX(i, j, n)] /= nrm;
        fix_phase(V, n, n, j, NULL, 0);
    }
}

/* The eigenvectors of the upper triangular T (X, n x n): X[k, k] = 1 and
 * back substitution in (T - T[k, k]) x = 0 (Eigen's
 * ComplexEigenSolver::doComputeEigenvectors); a zero divisor (a repeated
 * eigenvalue) becomes eps * |T|. */
static void triangular_vectors(const cplx *T, int n, cplx *X)
{
    double tnorm = 0;
    for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
        tnorm = fmax(tnorm, cabs(T[i]));
    for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
        X[i] = 0;
    for (int k = n - 1; k >= 0; k--) {
        X[IDX(k, k, n)] = 1;
        for (int i = k - 1; i >= 0; i--) {
            cplx s = -T[IDX(i, k, n)];
            for (int j = i + 1; j < k; j++)
                s -= T[IDX(i, j, n)] * X[IDX(j, k, n)];
            cplx z = T[IDX(i, i, n)] - T[IDX(k, k, n)];
            if (z == 0)
                z = DBL_EPSILON * tnorm;
            X[IDX(i, k, n)] = s / z;
        }
    }
}

/* The eigenvalues and eigenvectors (may be NULL) of the complex n x n a
 * (destroyed); work: 3 n^2 + n values. */
static bool eigen_complex(cplx *a, int n, cplx *vals, cplx *vecs,
                          cplx *work)
{
    cplx *U = work, *X = work + (size_t)n * n, *w = X + (size_t)n * n;
    if (!schur(a, U, n, w))
        return false;
    for (int i = 0; i < n; i++)
        vals[i] = a[IDX(i, i, n)];
    if (vecs) {
        triangular_vectors(a, n, X);
        for (int i = 0; i < n; i++)           /* vecs = U X */
            for (int j = 0; j < n; j++) {
                cplx s = 0;
                for (int k = 0; k <= j; k++)
                    s += U[IDX(i, k, n)] * X[IDX(k, j, n)];
                vecs[IDX(i, j, n)] = s;
            }
    }
    sort_by_modulus(vals, vecs, n);
    if (vecs)
        normalize_columns(vecs, n);
    return true;
}

/* The real non-symmetric eigenproblem through GSL (A is n x n). */
static int eigen_real(const char *fn, const double *A, int n, cplx *vals,
                      cplx *vecs, RtError *err)
{
    gsl_matrix *a = gsl_matrix_alloc((size_t)n, (size_t)n);
    gsl_vector_complex *ev = gsl_vector_complex_alloc((size_t)n);
    gsl_matrix_complex *evec = gsl_matrix_complex_alloc((size_t)n, (size_t)n);
    gsl_eigen_nonsymmv_workspace *w = gsl_eigen_nonsymmv_alloc((size_t)n);
    int status = 0;
    if (!a || !ev || !evec || !w) {
        status = rt_fatal(err, "%s: out of memory", fn);
    } else {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                gsl_matrix_set(a, (size_t)i, (size_t)j, A[IDX(i, j, n)]);
        /* GSL's default handler aborts; the library reports errors
         * instead (a process-wide setting, as in fft.c) */
        gsl_set_error_handler_off();
        int s = gsl_eigen_nonsymmv(a, ev, evec, w);
        if (s != GSL_SUCCESS) {
            status = rt_error(err, "%s: %s", fn, gsl_strerror(s));
        } else {
            for (int i = 0; i < n; i++) {
                gsl_complex z = gsl_vector_complex_get(ev, (size_t)i);
                vals[i] = CMPLX(GSL_REAL(z), GSL_IMAG(z));
                for (int j = 0; vecs && j < n; j++) {
                    z = gsl_matrix_complex_get(evec, (size_t)j, (size_t)i);
                    vecs[IDX(j, i, n)] = CMPLX(GSL_REAL(z), GSL_IMAG(z));
                }
            }
            sort_by_modulus(vals, vecs, n);
            if (vecs)
                normalize_columns(vecs, n);
        }
    }
    if (w)
        gsl_eigen_nonsymmv_free(w);
    if (evec)
        gsl_matrix_complex_free(evec);
    if (ev)
        gsl_vector_complex_free(ev);
    if (a)
        gsl_matrix_free(a);
    return status;
}

int rt_eigen_general(const char *fn, const double *A, bool complex_in,
                     int rows, int cols, double *vals, double *vecs,
                     RtError *err)
{
    if (square_check(fn, rows, cols, err))
        return -1;
    int n = rows;
    size_t nn = (size_t)n * (size_t)n;
    if (n == 0)
        return rt_error(err, "%s: m has size 0, but must have a non-zero "
                        "size", fn);
    long bad = first_nonfinite(A, complex_in ? 2 * nn : nn);
    if (bad >= 0) {
        fill_nan(vals, 2 * (size_t)n);
        fill_nan(vecs, 2 * nn);
        return nonfinite_error(fn, A[bad], err);
    }
    cplx *v = cplx_alloc((size_t)n), *V = vecs ? cplx_alloc(nn) : NULL;
    cplx *a = complex_in ? cplx_alloc(nn) : NULL;
    cplx *work = complex_in ? cplx_alloc(3 * nn + (size_t)n) : NULL;
    int status = 0;
    if (!v || (vecs && !V) || (complex_in && (!a || !work))) {
        status = rt_fatal(err, "%s: out of memory", fn);
    } else if (complex_in) {
        load(a, A, nn);
        if (!eigen_complex(a, n, v, V, work))
            status = rt_error(err, "%s: the Schur iteration did not "
                              "converge", fn);
    } else {
        status = eigen_real(fn, A, n, v, V, err);
    }
    if (status == 0) {
        store(vals, v, (size_t)n);
        if (vecs)
            store(vecs, V, nn);
    } else {
        fill_nan(vals, 2 * (size_t)n);
        fill_nan(vecs, 2 * nn);
    }
    free(v);
    free(V);
    free(a);
    free(work);
    return status;
}

/* ------------------------------------------------------- complex SVD */

/* Make column j of the m x k orthonormal U a unit vector orthogonal to
 * the other columns (a zero singular value leaves it free): the standard
 * basis vector whose projection off the others is longest, orthogonalized
 * twice (Gram-Schmidt, "twice is enough"). */
static void complete_column(cplx *U, int m, int k, int j, cplx *w)
{
    double best = -1;
    for (int e = 0; e < m; e++) {
        for (int i = 0; i < m; i++)
            w[i] = i == e;
        for (int pass = 0; pass < 2; pass++)
            for (int c = 0; c < k; c++) {
                if (c == j)
                    continue;
                cplx d = 0;
                for (int i = 0; i < m; i++)
                    d += conj(U[IDX(i, c, k)]) * w[i];
                for (int i = 0; i < m; i++)
                    w[i] -= d * U[IDX(i, c, k)];
            }
        double nrm = 0;
        for (int i = 0; i < m; i++)
            nrm = hypot(nrm, cabs(w[i]));
        if (nrm > best) {
            best = nrm;
            for (int i = 0; i < m; i++)
                U[IDX(i, j, k)] = w[i] / nrm;
        }
    }
}

/* The thin SVD of the m x n W (m >= n, destroyed: it becomes U diag(s)):
 * W = U diag(s) V^H, U m x n, V n x n, s decreasing.  work: m values.
 * Returns false if the sweeps do not converge. */
static bool jacobi_svd(cplx *W, int m, int n, cplx *U, double *s, cplx *V,
                       cplx *work)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            V[IDX(i, j, n)] = i == j;
    bool done = false;
    for (int sweep = 0; sweep < 80 && !done; sweep++) {
        done = true;
        for (int p = 0; p < n - 1; p++)
            for (int q = p + 1; q < n; q++) {
                double alpha = 0, beta = 0;
                cplx gamma = 0;
                for (int i = 0; i < m; i++) {
                    cplx wp = W[IDX(i, p, n)], wq = W[IDX(i, q, n)];
                    alpha += creal(wp) * creal(wp) + cimag(wp) * cimag(wp);
                    beta += creal(wq) * creal(wq) + cimag(wq) * cimag(wq);
                    gamma += conj(wp) * wq;
                }
                double g = cabs(gamma);
                if (!(g > DBL_EPSILON * sqrt(alpha) * sqrt(beta)) || g == 0)
                    continue;
                done = false;
                /* a phase makes w_p^H w_q real, then a real rotation
                 * zeroes it: t is the smaller root of
                 * t^2 + 2 zeta t - 1 = 0 */
                cplx ph = conj(gamma) / g;
                double zeta = (beta - alpha) / (2 * g);
                double t = (zeta >= 0 ? 1.0 : -1.0)
                           / (fabs(zeta) + sqrt(1 + zeta * zeta));
                double c = 1 / sqrt(1 + t * t), sn = c * t;
                for (int i = 0; i < m; i++) {
                    cplx wp = W[IDX(i, p, n)], wq = W[IDX(i, q, n)] * ph;
                    W[IDX(i, p, n)] = c * wp - sn * wq;
                    W[IDX(i, q, n)] = sn * wp + c * wq;
                }
                for (int i = 0; i < n; i++) {
                    cplx vp = V[IDX(i, p, n)], vq = V[IDX(i, q, n)] * ph;
                    V[IDX(i, p, n)] = c * vp - sn * vq;
                    V[IDX(i, q, n)] = sn * vp + c * vq;
                }
            }
    }
    if (!done)
        return false;
    for (int j = 0; j < n; j++) {
        double nrm = 0;
        for (int i = 0; i < m; i++)
            nrm = hypot(nrm, cabs(W[IDX(i, j, n)]));
        s[j] = nrm;
    }
    /* decreasing order: selection sort of the columns */
    for (int j = 0; j < n; j++) {
        int big = j;
        for (int k = j + 1; k < n; k++)
            if (s[k] > s[big])
                big = k;
        if (big == j)
            continue;
        double ts = s[j];
        s[j] = s[big];
        s[big] = ts;
        for (int i = 0; i < m; i++) {
            cplx t = W[IDX(i, j, n)];
            W[IDX(i, j, n)] = W[IDX(i, big, n)];
            W[IDX(i, big, n)] = t;
        }
        for (int i = 0; i < n; i++) {
            cplx t = V[IDX(i, j, n)];
            V[IDX(i, j, n)] = V[IDX(i, big, n)];
            V[IDX(i, big, n)] = t;
        }
    }
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            U[IDX(i, j, n)] = s[j] > 0 ? W[IDX(i, j, n)] / s[j] : 0;
    for (int j = 0; j < n; j++)
        if (!(s[j] > 0))
            complete_column(U, m, n, j, work);
    for (int j = 0; j < n; j++)
        fix_phase(U, m, n, j, V, n);
    return true;
}

int rt_complex_svd(const char *fn, const double *A, int m, int n, double *U,
                   double *s, double *V, bool allow_empty, RtError *err)
{
    int k = m < n ? m : n;
    if (k == 0) {
        if (allow_empty)
            return 0;
        return rt_error(err, "%s: m has size 0, but must have a non-zero "
                        "size", fn);
    }
    size_t mn = (size_t)m * (size_t)n;
    long bad = first_nonfinite(A, 2 * mn);
    if (bad >= 0) {
        fill_nan(U, 2 * (size_t)m * (size_t)k);
        fill_nan(s, (size_t)k);
        fill_nan(V, 2 * (size_t)n * (size_t)k);
        return nonfinite_error(fn, A[bad], err);
    }
    /* Jacobi wants rows >= columns: decompose A^H when m < n, whose U and
     * V are A's V and U (A^H = U' S V'^H gives A = V' S U'^H) */
    bool tr = m < n;
    int R = tr ? n : m;
    cplx *W = cplx_alloc(mn), *u = cplx_alloc((size_t)R * (size_t)k);
    cplx *v = cplx_alloc((size_t)k * (size_t)k), *w = cplx_alloc((size_t)R);
    double *sv = malloc(sizeof(double) * (size_t)k);
    int status = 0;
    if (!W || !u || !v || !w || !sv) {
        status = rt_fatal(err, "%s: out of memory", fn);
    } else {
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                cplx z = CMPLX(A[2 * IDX(i, j, n)], A[2 * IDX(i, j, n) + 1]);
                if (tr)
                    W[IDX(j, i, m)] = conj(z);
                else
                    W[IDX(i, j, n)] = z;
            }
        if (!jacobi_svd(W, R, k, u, sv, v, w))
            status = rt_error(err, "%s: the Jacobi sweeps did not converge",
                              fn);
    }
    if (status == 0) {
        if (tr)     /* the phase convention is on A's U = v */
            for (int j = 0; j < k; j++)
                fix_phase(v, k, k, j, u, R);
        if (s)
            memcpy(s, sv, sizeof(double) * (size_t)k);
        if (U)
            store(U, tr ? v : u, (size_t)m * (size_t)k);
        if (V)
            store(V, tr ? u : v, (size_t)n * (size_t)k);
    } else {
        fill_nan(U, 2 * (size_t)m * (size_t)k);
        fill_nan(s, (size_t)k);
        fill_nan(V, 2 * (size_t)n * (size_t)k);
    }
    free(W);
    free(u);
    free(v);
    free(w);
    free(sv);
    return status;
}
