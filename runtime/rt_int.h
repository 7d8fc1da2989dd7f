/* rt_int.h - Stan's int arithmetic, checked.  Included by pplrt.h.
 *
 * A Stan int is a 32-bit C int, and C leaves signed overflow undefined
 * (2147483647 + 1 wraps, INT_MIN / -1 traps on x86).  Emitted code does
 * every int +, -, *, %/%, %, unary minus and abs through these helpers,
 * and sums and products of int arrays through the loops below: each
 * returns 0 with the exact result in *r, or -1 with a message that names
 * the operation and its operands in err ("integer overflow in
 * 2147483647 + 1") and *r untouched.  The test is GCC's __builtin_*_overflow, one
 * predictable branch per operation.
 *
 * Division and modulus by zero are Stan Math's domain errors, in its words
 * ("divide: denominator is 0", "modulus: divisor is 0").  Like every
 * other error here they are recoverable (a rejection in the model block).
 * INT_MIN % -1 is 0, which is representable: it is not an overflow, only
 * undefined in C, so it is computed as 0 rather than refused. */
#ifndef RT_INT_H
#define RT_INT_H

#include <limits.h>

typedef struct RtError RtError;

/* The error of an overflowing `a OP b`, or of the unary OP "neg" or
 * "abs" of a (b unused: "-(a)", "abs(a)"); returns -1.  Out of line: it is
 * the cold path. */
int rt_int_overflow(RtError *err, const char *op, int a, int b)
    __attribute__((cold));
/* Stan Math's division and modulus by zero; return -1. */
int rt_int_divide_by_zero(RtError *err) __attribute__((cold));
int rt_int_modulus_by_zero(RtError *err) __attribute__((cold));
/* An array sum or product leaving int at element i (0-based) with the
 * partial result acc and that element x; returns -1. */
int rt_int_reduce_overflow(RtError *err, const char *fn, int i, int acc,
                           int x) __attribute__((cold));

static inline int rt_int_add(int a, int b, int *r, RtError *err)
{
    int t;
    if (__builtin_expect(__builtin_add_overflow(a, b, &t), 0))
        return rt_int_overflow(err, "+", a, b);
    *r = t;
    return 0;
}

static inline int rt_int_sub(int a, int b, int *r, RtError *err)
{
    int t;
    if (__builtin_expect(__builtin_sub_overflow(a, b, &t), 0))
        return rt_int_overflow(err, "-", a, b);
    *r = t;
    return 0;
}

static inline int rt_int_mul(int a, int b, int *r, RtError *err)
{
    int t;
    if (__builtin_expect(__builtin_mul_overflow(a, b, &t), 0))
        return rt_int_overflow(err, "*", a, b);
    *r = t;
    return 0;
}

/* Stan's int division (/ of two ints, %/%): truncates towards zero. */
static inline int rt_int_div(int a, int b, int *r, RtError *err)
{
    if (__builtin_expect(b == 0, 0))
        return rt_int_divide_by_zero(err);
    if (__builtin_expect(a == INT_MIN && b == -1, 0))
        return rt_int_overflow(err, "%/%", a, b);
    *r = a / b;
    return 0;
}

/* The remainder of the truncating division: its sign is a's. */
static inline int rt_int_mod(int a, int b, int *r, RtError *err)
{
    if (__builtin_expect(b == 0, 0))
        return rt_int_modulus_by_zero(err);
    *r = b == -1 ? 0 : a % b;
    return 0;
}

static inline int rt_int_neg(int a, int *r, RtError *err)
{
    if (__builtin_expect(a == INT_MIN, 0))
        return rt_int_overflow(err, "neg", a, 0);
    *r = -a;
    return 0;
}

static inline int rt_int_abs(int a, int *r, RtError *err)
{
    if (__builtin_expect(a == INT_MIN, 0))
        return rt_int_overflow(err, "abs", a, 0);
    *r = a < 0 ? -a : a;
    return 0;
}

/* sum and prod of n ints (0 and 1 for none); cumulative_sum into y. */
static inline int rt_int_sum(const int *x, int n, int *r, RtError *err)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        int next;
        if (__builtin_expect(__builtin_add_overflow(s, x[i], &next), 0))
            return rt_int_reduce_overflow(err, "sum", i, s, x[i]);
        s = next;
    }
    *r = s;
    return 0;
}

static inline int rt_int_prod(const int *x, int n, int *r, RtError *err)
{
    int p = 1;
    for (int i = 0; i < n; i++) {
        int next;
        if (__builtin_expect(__builtin_mul_overflow(p, x[i], &next), 0))
            return rt_int_reduce_overflow(err, "prod", i, p, x[i]);
        p = next;
    }
    *r = p;
    return 0;
}

static inline int rt_int_cumulative_sum(const int *x, int n, int *y,
                                        RtError *err)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        int next;
        if (__builtin_expect(__builtin_add_overflow(s, x[i], &next), 0))
            return rt_int_reduce_overflow(err, "cumulative_sum", i, s, x[i]);
        y[i] = s = next;
    }
    return 0;
}

#endif
