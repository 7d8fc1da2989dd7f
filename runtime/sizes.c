/* sizes.c - checked sizes (see rt_sizes.h): every size a declaration or
 * an allocation derives from data goes through these, so that a size that
 * is negative or overflows is an error naming the variable, never a
 * wrapped count and a corrupted heap. */
#include <inttypes.h>
#include <stdio.h>

#include "pplrt.h"

bool rt_size_mul(int64_t a, int64_t b, int64_t *out)
{
    if (a < 0 || b < 0 || (b != 0 && a > INT64_MAX / b))
        return false;
    *out = a * b;
    return true;
}

bool rt_size_add(int64_t a, int64_t b, int64_t *out)
{
    if (a < 0 || b < 0 || a > INT64_MAX - b)
        return false;
    *out = a + b;
    return true;
}

bool rt_size_bytes(int64_t n, size_t elem, size_t *out)
{
    if (n < 0 || elem == 0 || (uint64_t)n > SIZE_MAX / elem)
        return false;
    *out = (size_t)n * elem;
    return true;
}

/* "65536 x 65536" into buf (cut with "..." when it does not fit). */
static void format_dims(char *buf, size_t size, const int *dims, int n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++) {
        int k = snprintf(buf + len, size - len, "%s%d", i ? " x " : "",
                         dims[i]);
        if (k < 0 || (size_t)k >= size - len) {
            snprintf(buf + (size > 4 ? size - 4 : 0), size > 4 ? 4 : size,
                     "...");
            return;
        }
        len += (size_t)k;
    }
}

int rt_dims_error(const char *var, const char *const *exprs, const int *dims,
                  int n, RtError *err)
{
    /* Stan Math's validate_non_negative_index, word for word */
    for (int i = 0; i < n; i++)
        if (dims[i] < 0)
            return rt_fatal(err, "Found negative dimension size in variable "
                            "declaration; variable=%s; dimension size "
                            "expression=%s; expression value=%d", var,
                            exprs && exprs[i] ? exprs[i] : "?", dims[i]);
    int64_t count = 1;
    bool fits = true;
    for (int i = 0; i < n && fits; i++)
        fits = rt_size_mul(count, dims[i], &count) && count <= RT_MAX_ELEMENTS;
    if (fits)
        return rt_error(err, "internal error: the sizes of %s are fine", var);
    /* the product for the message: exact below 2^64 (long double) */
    char shown[200], total[64];
    format_dims(shown, sizeof shown, dims, n);
    long double product = 1;
    for (int i = 0; i < n; i++)
        product *= dims[i];
    if (product < 1e19L)
        snprintf(total, sizeof total, "%.0Lf", product);
    else
        snprintf(total, sizeof total, "%.3Lg", product);
    return rt_fatal(err, "variable %s is too large: its dimensions %s make %s "
                    "elements, more than the limit of %d", var, shown, total,
                    RT_MAX_ELEMENTS);
}

int rt_temp_error(int64_t rows, int64_t cols, RtError *err)
{
    if (rows < 0 || cols < 0)
        return rt_error(err, "an intermediate result has a negative size: "
                        "%" PRId64 " x %" PRId64, rows, cols);
    return rt_fatal(err, "an intermediate result is too large: %" PRId64 " x "
                    "%" PRId64 " elements, more than the limit of %d", rows,
                    cols, RT_MAX_ELEMENTS);
}

int rt_shape_sum_error(int64_t a, int64_t b, RtError *err)
{
    if (a < 0 || b < 0)
        return rt_error(err, "a concatenation has a negative size: %" PRId64
                        " + %" PRId64, a, b);
    return rt_fatal(err, "a concatenation is too large: %" PRId64 " + %"
                    PRId64 " = %" PRId64 " elements along it, more than the "
                    "limit of %d", a, b, a + b, RT_MAX_ELEMENTS);
}

int rt_count_add(int *total, int64_t n, const char *what, const char *var,
                 RtError *err)
{
    int64_t sum;
    if (!rt_size_add(*total, n, &sum) || sum > RT_MAX_ELEMENTS)
        return rt_fatal(err, "too many %s: %d before %s and %" PRId64 " in "
                        "it make more than the limit of %d", what, *total,
                        var, n, RT_MAX_ELEMENTS);
    *total = (int)sum;
    return 0;
}
