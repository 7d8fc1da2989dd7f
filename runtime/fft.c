/* fft.c - fft, inv_fft, fft2 and inv_fft2 on interleaved complex data,
 * through GSL's mixed-radix complex FFT (gsl_fft_complex_forward and
 * gsl_fft_complex_inverse, whose signs and 1/n scaling are Stan's). */
#include <stdbool.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fft_complex.h>

#include "pplrt.h"
#include "rt_complex.h"

/* Transform `count` sequences of length n in place: sequence s starts at
 * data + 2 * s * next and its elements are `stride` complex values apart.
 * One wavetable and work space serve them all. */
static int transform(const char *fn, double *data, int n, int count,
                     size_t stride, size_t next, bool inverse, RtError *err)
{
    if (n <= 1)
        return 0;    /* the transform of one value is itself, also scaled */
    /* GSL's default handler aborts; the library reports errors instead
     * (a process-wide setting, as in dist_cont.c). */
    gsl_set_error_handler_off();
    gsl_fft_complex_wavetable *wave = gsl_fft_complex_wavetable_alloc(n);
    gsl_fft_complex_workspace *work = gsl_fft_complex_workspace_alloc(n);
    int status = wave && work ? GSL_SUCCESS : GSL_ENOMEM;
    for (int s = 0; s < count && status == GSL_SUCCESS; s++) {
        double *seq = data + 2 * (size_t)s * next;
        status = inverse
            ? gsl_fft_complex_inverse(seq, stride, (size_t)n, wave, work)
            : gsl_fft_complex_forward(seq, stride, (size_t)n, wave, work);
    }
    if (work)
        gsl_fft_complex_workspace_free(work);
    if (wave)
        gsl_fft_complex_wavetable_free(wave);
    if (status != GSL_SUCCESS)
        return rt_error(err, "%s: %s", fn, gsl_strerror(status));
    return 0;
}

/* rows x cols complex values copied from in to out (which may alias;
 * both may be NULL when there is nothing to copy). */
static void copy_in(const double *in, double *out, int rows, int cols)
{
    if (in != out && rows > 0 && cols > 0)
        memmove(out, in, sizeof *in * 2 * (size_t)rows * (size_t)cols);
}

static int fft1(const char *fn, const double *in, int n, double *out,
                bool inverse, RtError *err)
{
    if (n < 0)
        return rt_error(err, "%s: size is %d, but must be non-negative", fn,
                        n);
    copy_in(in, out, 1, n);
    return transform(fn, out, n, 1, 1, 0, inverse, err);
}

/* Rows first, then columns, as Stan Math's fft2. */
static int fft2(const char *fn, const double *in, int rows, int cols,
                double *out, bool inverse, RtError *err)
{
    if (rows < 0 || cols < 0)
        return rt_error(err, "%s: size is %d x %d, but must be "
                        "non-negative", fn, rows, cols);
    if (rows == 0 || cols == 0)
        return 0;
    copy_in(in, out, rows, cols);
    if (transform(fn, out, cols, rows, 1, (size_t)cols, inverse, err))
        return -1;
    return transform(fn, out, rows, cols, (size_t)cols, 1, inverse, err);
}

int rt_fft(const double *in, int n, double *out, RtError *err)
{
    return fft1("fft", in, n, out, false, err);
}

int rt_inv_fft(const double *in, int n, double *out, RtError *err)
{
    return fft1("inv_fft", in, n, out, true, err);
}

int rt_fft2(const double *in, int rows, int cols, double *out, RtError *err)
{
    return fft2("fft2", in, rows, cols, out, false, err);
}

int rt_inv_fft2(const double *in, int rows, int cols, double *out,
                RtError *err)
{
    return fft2("inv_fft2", in, rows, cols, out, true, err);
}
