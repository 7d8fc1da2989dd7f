/* linalg_eigen_herm.c - the eigendecomposition of a complex Hermitian
 * matrix (Stan Functions Reference, "Complex matrix operations", complex
 * linear algebra: eigenvalues_sym, eigenvectors_sym and
 * eigendecompose_sym of a complex_matrix; stanc3 gives them complex
 * results), through GSL's gsl_eigen_hermv (reduction to a real
 * tridiagonal matrix by Householder reflections, then the symmetric QR
 * iteration).
 *
 * Conventions, as Stan's (Eigen's SelfAdjointEigenSolver) where Stan has
 * one, and ours where it does not:
 *   - the eigenvalues are real (returned with a zero imaginary part) and
 *     ascending, as Eigen's;
 *   - eigenvector k (column k) belongs to eigenvalue k and has unit norm;
 *     its phase is free (Eigen leaves it as its algorithm finds it), and
 *     we fix it as every complex eigenvector of the runtime
 *     (linalg_complex_decomp.c): the first entry of largest modulus is
 *     real and positive.  On a real symmetric matrix that is the sign
 *     convention of the real eigenvectors_sym (linalg.c), so both give the
 *     same vectors;
 *   - only the lower triangle and the real part of the diagonal are read,
 *     as Eigen and GSL read them, after the check below.
 *
 * The check.  Stan Math applies check_symmetric to the complex matrix,
 * which compares m[i,j] with m[j,i] (complex symmetry, not Hermitian
 * symmetry), and then solves the Hermitian matrix that the lower triangle
 * defines: it refuses a Hermitian matrix whose off-diagonal entries are
 * not real (Pauli's sigma_y) and accepts a complex symmetric matrix
 * whose eigenvalues are not those it returns.  We check what the
 * algorithm assumes, that m is Hermitian to Stan's tolerance 1e-8 (the
 * absolute tolerance of check_symmetric):
 *   "eigenvalues_sym: m is not Hermitian. m[1,2] = (0,1), but m[2,1] =
 *    (0,1)"               |m[i,j] - conj(m[j,i])| > 1e-8, i < j;
 *   "eigenvalues_sym: m is not Hermitian. m[1,1] = (1,0.5), but its
 *    imaginary part must be 0"    |Im m[i,i]| > 1e-8.
 * A NaN is "FN: m is nan, but must not be nan!" (the real
 * eigenvalues_sym's message), a non-square m "FN: Expecting a square
 * matrix; rows of m (2) and columns of m (3) must match in size", and an
 * empty m gives empty results. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>

#include "pplrt.h"
#include "rt_complex.h"
#include "rt_linalg.h"

#define IDX(i, j, ncol) ((size_t)(i) * (size_t)(ncol) + (size_t)(j))

static void fill_nan(double *x, size_t n)
{
    if (x)
        for (size_t i = 0; i < n; i++)
            x[i] = NAN;
}

int rt_check_hermitian(const char *fn, const char *name, const double *A,
                       int n, RtError *err)
{
    for (int i = 0; i < n; i++) {
        const double *d = A + 2 * IDX(i, i, n);
        if (!(fabs(d[1]) <= RT_CONSTRAINT_TOLERANCE) && !isnan(d[1]))
            return rt_error(err, "%s: %s is not Hermitian. %s[%d,%d] = "
                            "(%g,%g), but its imaginary part must be 0", fn,
                            name, name, i + 1, i + 1, d[0], d[1]);
        for (int j = i + 1; j < n; j++) {
            const double *a = A + 2 * IDX(i, j, n), *b = A + 2 * IDX(j, i, n);
            if (isnan(a[0] + a[1] + b[0] + b[1]))
                continue;               /* the NaN check's to report */
            if (!(hypot(a[0] - b[0], a[1] + b[1]) <= RT_CONSTRAINT_TOLERANCE))
                return rt_error(err, "%s: %s is not Hermitian. %s[%d,%d] = "
                                "(%g,%g), but %s[%d,%d] = (%g,%g)", fn, name,
                                name, i + 1, j + 1, a[0], a[1], name, j + 1,
                                i + 1, b[0], b[1]);
        }
    }
    return 0;
}

/* The first NaN among the 2 n^2 doubles of A, or -1. */
static long first_nan(const double *A, size_t count)
{
    for (size_t k = 0; k < count; k++)
        if (isnan(A[k]))
            return (long)k;
    return -1;
}

/* Column j of the n x n evec scaled so that its first entry of largest
 * modulus is real and positive (the entry itself set to the modulus, so
 * that it is exactly real), stored into vecs. */
static void store_column(const gsl_matrix_complex *evec, int n, int j,
                         double *vecs)
{
    int big = 0;
    double best = -1;
    for (int i = 0; i < n; i++) {
        double m = gsl_complex_abs(gsl_matrix_complex_get(evec, (size_t)i,
                                                          (size_t)j));
        if (m > best) {
            best = m;
            big = i;
        }
    }
    gsl_complex p = gsl_matrix_complex_get(evec, (size_t)big, (size_t)j);
    /* the phase conj(p) / |p| (a zero column cannot happen: unit norm) */
    double cr = GSL_REAL(p) / best, ci = -GSL_IMAG(p) / best;
    for (int i = 0; i < n; i++) {
        gsl_complex z = gsl_matrix_complex_get(evec, (size_t)i, (size_t)j);
        double *o = vecs + 2 * IDX(i, j, n);
        o[0] = GSL_REAL(z) * cr - GSL_IMAG(z) * ci;
        o[1] = GSL_REAL(z) * ci + GSL_IMAG(z) * cr;
    }
    vecs[2 * IDX(big, j, n)] = best;
    vecs[2 * IDX(big, j, n) + 1] = 0;
}

int rt_eigen_herm(const char *fn, const double *A, int rows, int cols,
                  double *vals, double *vecs, RtError *err)
{
    if (rows != cols)
        return rt_error(err, "%s: Expecting a square matrix; rows of m (%d) "
                        "and columns of m (%d) must match in size", fn, rows,
                        cols);
    int n = rows;
    size_t nn = (size_t)n * (size_t)n;
    long bad = first_nan(A, 2 * nn);
    if (bad >= 0 || rt_check_hermitian(fn, "m", A, n, err)) {
        fill_nan(vals, 2 * (size_t)n);
        fill_nan(vecs, 2 * nn);
        if (bad >= 0)
            return rt_error(err, "%s: m is nan, but must not be nan!", fn);
        return -1;
    }
    if (n == 0)
        return 0;
    gsl_matrix_complex *a = gsl_matrix_complex_alloc((size_t)n, (size_t)n);
    gsl_matrix_complex *evec = gsl_matrix_complex_alloc((size_t)n, (size_t)n);
    gsl_vector *eval = gsl_vector_alloc((size_t)n);
    gsl_eigen_hermv_workspace *w = gsl_eigen_hermv_alloc((size_t)n);
    int status = 0;
    if (!a || !evec || !eval || !w) {
        status = rt_fatal(err, "%s: out of memory", fn);
    } else {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                const double *z = A + 2 * IDX(i, j, n);
                gsl_matrix_complex_set(a, (size_t)i, (size_t)j,
                                       gsl_complex_rect(z[0], z[1]));
            }
        /* GSL's default handler aborts; the library reports errors
         * instead (a process-wide setting, as in fft.c) */
        gsl_set_error_handler_off();
        int s = gsl_eigen_hermv(a, eval, evec, w);
        if (s == GSL_SUCCESS)
            s = gsl_eigen_hermv_sort(eval, evec, GSL_EIGEN_SORT_VAL_ASC);
        if (s != GSL_SUCCESS)
            status = rt_error(err, "%s: %s", fn, gsl_strerror(s));
    }
    if (status == 0) {
        for (int k = 0; vals && k < n; k++) {
            vals[2 * k] = gsl_vector_get(eval, (size_t)k);
            vals[2 * k + 1] = 0;
        }
        for (int j = 0; vecs && j < n; j++)
            store_column(evec, n, j, vecs);
    } else {
        fill_nan(vals, 2 * (size_t)n);
        fill_nan(vecs, 2 * nn);
    }
    if (w)
        gsl_eigen_hermv_free(w);
    if (eval)
        gsl_vector_free(eval);
    if (evec)
        gsl_matrix_complex_free(evec);
    if (a)
        gsl_matrix_complex_free(a);
    return status;
}
