/* linalg_qr.c - QR decompositions of data matrices (Stan Functions
 * Reference, "QR decomposition"): qr_thin_Q, qr_thin_R, qr_Q and qr_R,
 * values only.  Conventions: rt_linalg.h.
 *
 * GSL's Householder QR (gsl_linalg_QR_decomp) chooses its reflectors as
 * Eigen's HouseholderQR does, which Stan uses: each reflector maps its
 * column onto -sign(leading entry) times the column's norm, and a column
 * that is already zero below the diagonal gets no reflector.  Stan then
 * negates column i of Q and row i of R wherever R[i, i] < 0, so that R's
 * diagonal is non-negative; so do these.  (The columns of the full Q past
 * min(M, N) are not normalized, in Stan or here.) */
#include <stdlib.h>

#include <gsl/gsl_linalg.h>

#include "pplrt.h"
#include "rt_linalg.h"

/* A factored matrix: GSL's packed QR (M x N, R on and above the diagonal,
 * the reflectors below) and the reflectors' coefficients. */
typedef struct QrFactor {
    double *buffer;             /* one allocation for all of it */
    gsl_matrix_view qr;
    gsl_vector_view tau;
    gsl_vector_view column;     /* M doubles of scratch */
    int rows, cols, min;
} QrFactor;

/* Factors A; 0, or -1 with Stan's message (an empty matrix) or "out of
 * memory" in err. */
static int qr_factor(const char *fn, const double *A, int M, int N,
                     QrFactor *f, RtError *err)
{
    if (M <= 0 || N <= 0)
        return rt_error(err, "%s: m has size 0, but must have a non-zero "
                        "size", fn);
    int min = M < N ? M : N;
    size_t mn = (size_t)M * N;
    f->buffer = malloc((mn + min + M) * sizeof *f->buffer);
    if (!f->buffer)
        return rt_fatal(err, "%s: out of memory", fn);
    for (size_t i = 0; i < mn; i++)
        f->buffer[i] = A[i];
    f->qr = gsl_matrix_view_array(f->buffer, M, N);
    f->tau = gsl_vector_view_array(f->buffer + mn, min);
    f->column = gsl_vector_view_array(f->buffer + mn + min, M);
    f->rows = M;
    f->cols = N;
    f->min = min;
    gsl_linalg_QR_decomp(&f->qr.matrix, &f->tau.vector);
    return 0;
}

/* Stan's sign: -1 where R[i, i] < 0 (i < min(M, N)), else 1. */
static double flip(const QrFactor *f, int i)
{
    return i < f->min && gsl_matrix_get(&f->qr.matrix, i, i) < 0 ? -1 : 1;
}

/* out (M x ncols) = the first ncols columns of Q, signs fixed. */
static void unpack_q(QrFactor *f, int ncols, double *out)
{
    gsl_vector *v = &f->column.vector;
    for (int c = 0; c < ncols; c++) {
        gsl_vector_set_basis(v, c);
        gsl_linalg_QR_Qvec(&f->qr.matrix, &f->tau.vector, v);
        double s = flip(f, c);
        for (int r = 0; r < f->rows; r++)
            out[(size_t)r * ncols + c] = s * gsl_vector_get(v, r);
    }
}

/* out (nrows x N) = the first nrows rows of R, signs fixed. */
static void unpack_r(const QrFactor *f, int nrows, double *out)
{
    for (int r = 0; r < nrows; r++) {
        double s = flip(f, r);
        for (int c = 0; c < f->cols; c++)
            out[(size_t)r * f->cols + c] =
                c >= r && r < f->min
                    ? s * gsl_matrix_get(&f->qr.matrix, r, c) : 0;
    }
}

int rt_qr_thin_Q(const double *A, int M, int N, double *out, RtError *err)
{
    QrFactor f;
    if (qr_factor("qr_thin_Q", A, M, N, &f, err))
        return -1;
    unpack_q(&f, f.min, out);
    free(f.buffer);
    return 0;
}

int rt_qr_thin_R(const double *A, int M, int N, double *out, RtError *err)
{
    QrFactor f;
    if (qr_factor("qr_thin_R", A, M, N, &f, err))
        return -1;
    unpack_r(&f, f.min, out);
    free(f.buffer);
    return 0;
}

int rt_qr_Q(const double *A, int M, int N, double *out, RtError *err)
{
    QrFactor f;
    if (qr_factor("qr_Q", A, M, N, &f, err))
        return -1;
    unpack_q(&f, M, out);
    free(f.buffer);
    return 0;
}

int rt_qr_R(const double *A, int M, int N, double *out, RtError *err)
{
    QrFactor f;
    if (qr_factor("qr_R", A, M, N, &f, err))
        return -1;
    unpack_r(&f, M, out);
    free(f.buffer);
    return 0;
}
