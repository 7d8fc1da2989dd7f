/* test_rt_fft.c - fft, inv_fft, fft2 and inv_fft2 (rt_complex.h): the 1-D
 * transforms against a direct O(n^2) DFT for n = 1, 2, 5, 8, 12 (and a
 * prime 13), inv_fft(fft(x)) == x, transforms in place, the 2-D forms
 * against the 1-D ones applied to every row and then every column, and
 * empty inputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "pplrt.h"
#include "rt_complex.h"

#define MAXN 64

static const int SIZES[] = {1, 2, 5, 8, 12, 13};

/* A reproducible complex vector: 2n doubles. */
static void fill(double *x, int n, int seed)
{
    for (int j = 0; j < 2 * n; j++)
        x[j] = sin(1.7 * j + 0.3 * seed) + 0.25 * cos(0.9 * j * j + seed);
}

/* sum_j x[j] exp(sign 2 pi i j k / n), divided by n when inverse. */
static void dft(const double *x, int n, double *y, int sign)
{
    for (int k = 0; k < n; k++) {
        double re = 0, im = 0;
        for (int j = 0; j < n; j++) {
            double a = sign * 2 * M_PI * (double)((long)j * k % n) / n;
            re += x[2 * j] * cos(a) - x[2 * j + 1] * sin(a);
            im += x[2 * j] * sin(a) + x[2 * j + 1] * cos(a);
        }
        y[2 * k] = sign > 0 ? re / n : re;
        y[2 * k + 1] = sign > 0 ? im / n : im;
    }
}

static double max_diff(const double *a, const double *b, int count)
{
    double worst = 0;
    for (int i = 0; i < count; i++)
        worst = fmax(worst, fabs(a[i] - b[i]));
    return worst;
}

static void test_against_dft(void **state)
{
    (void)state;
    double worst = 0;
    for (size_t s = 0; s < sizeof SIZES / sizeof *SIZES; s++) {
        int n = SIZES[s];
        double x[2 * MAXN], got[2 * MAXN], want[2 * MAXN];
        fill(x, n, n);
        assert_int_equal(rt_fft(x, n, got, NULL), 0);
        dft(x, n, want, -1);
        double d = max_diff(got, want, 2 * n);
        if (d > 1e-12 * n)
            fail_msg("fft, n = %d: off by %g", n, d);
        worst = fmax(worst, d);
        assert_int_equal(rt_inv_fft(x, n, got, NULL), 0);
        dft(x, n, want, +1);
        d = max_diff(got, want, 2 * n);
        if (d > 1e-12)
            fail_msg("inv_fft, n = %d: off by %g", n, d);
        worst = fmax(worst, d);
    }
    print_message("fft, inv_fft: worst difference from the DFT %.1e\n",
                  worst);
}

static void test_round_trip(void **state)
{
    (void)state;
    for (int n = 1; n <= MAXN; n++) {
        double x[2 * MAXN], y[2 * MAXN], z[2 * MAXN];
        fill(x, n, 7);
        assert_int_equal(rt_fft(x, n, y, NULL), 0);
        assert_int_equal(rt_inv_fft(y, n, z, NULL), 0);
        if (max_diff(x, z, 2 * n) > 1e-13)
            fail_msg("inv_fft(fft(x)) != x for n = %d", n);
        /* in place, out == in */
        memcpy(z, x, sizeof x);
        assert_int_equal(rt_fft(z, n, z, NULL), 0);
        assert_true(max_diff(y, z, 2 * n) == 0);
    }
    /* fft of a unit impulse is all ones; of a constant, n at 0 */
    double e[10] = {1, 0}, one[10], c[10], f[10];
    assert_int_equal(rt_fft(e, 5, one, NULL), 0);
    for (int k = 0; k < 5; k++)
        assert_true(fabs(one[2 * k] - 1) < 1e-15
                    && fabs(one[2 * k + 1]) < 1e-15);
    for (int k = 0; k < 5; k++)
        c[2 * k] = 2, c[2 * k + 1] = -1;
    assert_int_equal(rt_fft(c, 5, f, NULL), 0);
    assert_true(fabs(f[0] - 10) < 1e-14 && fabs(f[1] + 5) < 1e-14);
    assert_true(max_diff(f + 2, (double[8]){0}, 8) < 1e-14);
}

/* fft2 is fft of every row, then of every column. */
static void rows_then_cols(const double *x, int rows, int cols, double *y,
                           int inverse)
{
    double line[2 * MAXN], out[2 * MAXN];
    memcpy(y, x, sizeof *x * 2 * rows * cols);
    for (int i = 0; i < rows; i++) {
        dft(y + 2 * i * cols, cols, out, inverse ? 1 : -1);
        memcpy(y + 2 * i * cols, out, sizeof *out * 2 * cols);
    }
    for (int j = 0; j < cols; j++) {
        for (int i = 0; i < rows; i++) {
            line[2 * i] = y[2 * (i * cols + j)];
            line[2 * i + 1] = y[2 * (i * cols + j) + 1];
        }
        dft(line, rows, out, inverse ? 1 : -1);
        for (int i = 0; i < rows; i++) {
            y[2 * (i * cols + j)] = out[2 * i];
            y[2 * (i * cols + j) + 1] = out[2 * i + 1];
        }
    }
}

static void test_2d(void **state)
{
    (void)state;
    const int shapes[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 3}, {4, 6},
                             {5, 8}, {12, 5}};
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        int r = shapes[s][0], c = shapes[s][1];
        double x[2 * 64], got[2 * 64], want[2 * 64], back[2 * 64];
        fill(x, r * c, (int)s);
        assert_int_equal(rt_fft2(x, r, c, got, NULL), 0);
        rows_then_cols(x, r, c, want, 0);
        if (max_diff(got, want, 2 * r * c) > 1e-12 * r * c)
            fail_msg("fft2 %d x %d differs", r, c);
        assert_int_equal(rt_inv_fft2(x, r, c, got, NULL), 0);
        rows_then_cols(x, r, c, want, 1);
        if (max_diff(got, want, 2 * r * c) > 1e-13)
            fail_msg("inv_fft2 %d x %d differs", r, c);
        assert_int_equal(rt_fft2(x, r, c, got, NULL), 0);
        assert_int_equal(rt_inv_fft2(got, r, c, back, NULL), 0);
        if (max_diff(back, x, 2 * r * c) > 1e-13)
            fail_msg("inv_fft2(fft2(x)) != x for %d x %d", r, c);
        /* a matrix of one row is the vector's fft */
        if (r == 1) {
            double v[2 * 64];
            assert_int_equal(rt_fft(x, c, v, NULL), 0);
            assert_int_equal(rt_fft2(x, 1, c, got, NULL), 0);
            assert_true(max_diff(v, got, 2 * c) == 0);
        }
    }
}

static void test_empty_and_errors(void **state)
{
    (void)state;
    double out[2] = {42, 42};
    assert_int_equal(rt_fft(NULL, 0, out, NULL), 0);
    assert_int_equal(rt_inv_fft(NULL, 0, out, NULL), 0);
    assert_int_equal(rt_fft2(NULL, 0, 3, out, NULL), 0);
    assert_int_equal(rt_inv_fft2(NULL, 4, 0, out, NULL), 0);
    assert_true(out[0] == 42 && out[1] == 42);
    RtError err = {.msg = ""};
    assert_int_equal(rt_fft(out, -1, out, &err), -1);
    assert_string_equal(err.msg, "fft: size is -1, but must be "
                        "non-negative");
    assert_int_equal(rt_inv_fft2(out, 2, -3, out, &err), -1);
    assert_string_equal(err.msg, "inv_fft2: size is 2 x -3, but must be "
                        "non-negative");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_dft),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_2d),
        cmocka_unit_test(test_empty_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
