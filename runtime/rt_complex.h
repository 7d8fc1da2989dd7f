/* rt_complex.h - Stan's discrete Fourier transforms of complex vectors and
 * matrices (Stan Functions Reference, "Complex-valued basic functions",
 * fast Fourier transforms): fft, inv_fft, fft2, inv_fft2.
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

#endif
