/* rt_sizes.h - checked sizes: the dimensions of a declared variable, the
 * element counts and byte counts derived from them, computed in 64 bits
 * with overflow checks.  Included by pplrt.h. */
#ifndef RT_SIZES_H
#define RT_SIZES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct RtError RtError;

/* The most elements one variable (and the sum of the outputs, of the
 * unconstrained parameters) may have: emitted code indexes with int. */
#define RT_MAX_ELEMENTS INT_MAX

/* *out = a * b for a, b >= 0; false (and *out unchanged) when either is
 * negative or the product does not fit in int64_t. */
bool rt_size_mul(int64_t a, int64_t b, int64_t *out);

/* *out = a + b for a, b >= 0; false when either is negative or the sum
 * does not fit in int64_t. */
bool rt_size_add(int64_t a, int64_t b, int64_t *out);

/* *out = n * elem bytes for n >= 0, elem > 0; false when it does not fit in
 * size_t. */
bool rt_size_bytes(int64_t n, size_t elem, size_t *out);

/* The message of rt_dims_check for sizes that fail it; -1. */
int rt_dims_error(const char *var, const char *const *exprs, const int *dims,
                  int n, RtError *err);

/* The sizes dims[0..n-1] of the variable var, declared with the Stan
 * expressions exprs[0..n-1] (exprs may be NULL): each non-negative (Stan's
 * validate_non_negative_index message otherwise) and their product at most
 * RT_MAX_ELEMENTS.  0, or -1 with the message in err.  Inline: emitted
 * code checks every declaration, also the log density's on every call.
 * The running product stays below 2^31 * 2^31, so int64_t holds it. */
static inline int rt_dims_check(const char *var, const char *const *exprs,
                                const int *dims, int n, RtError *err)
{
    int64_t count = 1;
    for (int i = 0; i < n; i++) {
        count *= dims[i];
        if (dims[i] < 0 || count > RT_MAX_ELEMENTS)
            return rt_dims_error(var, exprs, dims, n, err);
    }
    return 0;
}

/* The message of rt_temp_check for a shape that fails it; -1. */
int rt_temp_error(int64_t rows, int64_t cols, RtError *err);

/* The shape rows x cols of an intermediate result (a vector is n x 1),
 * computed from sizes that may come from data (rep_matrix(x, N, N),
 * diag_matrix(v), a * b'): both non-negative and at most RT_MAX_ELEMENTS
 * elements, else -1 with the message in err.  Inline, as rt_dims_check;
 * callers pass the sizes as 64-bit values, so the product does not wrap. */
static inline int rt_temp_check(int64_t rows, int64_t cols, RtError *err)
{
    if (rows < 0 || cols < 0 || rows > RT_MAX_ELEMENTS
        || cols > RT_MAX_ELEMENTS || rows * cols > RT_MAX_ELEMENTS)
        return rt_temp_error(rows, cols, err);
    return 0;
}

/* The message of rt_shape_sum for sizes that fail it; -1. */
int rt_shape_sum_error(int64_t a, int64_t b, RtError *err);

/* *out = a + b, the size of a concatenation (append_row, append_col) of
 * parts of a and b (ints, so the sum cannot wrap in 64 bits), when it is
 * at most RT_MAX_ELEMENTS; else -1 with the message in err. */
static inline int rt_shape_sum(int64_t a, int64_t b, int *out, RtError *err)
{
    int64_t sum = a + b;
    if (a < 0 || b < 0 || sum > RT_MAX_ELEMENTS)
        return rt_shape_sum_error(a, b, err);
    *out = (int)sum;
    return 0;
}

/* *total += n (n >= 0, *total >= 0) when the sum stays at most
 * RT_MAX_ELEMENTS; 0, or -1 with a message naming what is counted
 * ("outputs") and the variable that overflows it. */
int rt_count_add(int *total, int64_t n, const char *what, const char *var,
                 RtError *err);

#endif
