/* error.c - RtError: the one way runtime functions report a failure. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"

static void error_format(RtError *err, const char *fmt, va_list ap)
{
    /* Format into a local buffer first: callers may pass err->msg itself as
     * an argument ("%s: %s", name, err->msg) to prefix a message. */
    char buf[sizeof err->msg];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    if (n >= (int)sizeof buf) {
        /* too long for err: the cut is marked, never silent */
        char mark[64];
        int m = snprintf(mark, sizeof mark, " ... [message of %d bytes "
                         "truncated]", n);
        memcpy(buf + sizeof buf - 1 - (size_t)m, mark, (size_t)m + 1);
    }
    memcpy(err->msg, buf, sizeof buf);
}

int rt_error(RtError *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    error_format(err, fmt, ap);
    va_end(ap);
    return -1;
}

int rt_fatal(RtError *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    error_format(err, fmt, ap);
    va_end(ap);
    err->fatal = true;
    return -1;
}

int rt_index_error(RtError *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    error_format(err, fmt, ap);
    va_end(ap);
    err->kind = RT_ERROR_INDEX;
    return -1;
}

int rt_msg_fatal(RtMsg *m, RtError *err)
{
    int rc = rt_msg_reject(m, err);
    if (err)
        err->fatal = true;
    return rc;
}

const char *rt_error_class(const RtError *err)
{
    if (err->fatal)
        return "fatal";
    switch (err->kind) {
    case RT_ERROR_REJECT: return "reject";
    case RT_ERROR_INDEX: return "index";
    default: return "error";
    }
}

/* -------------------------------------------- int arithmetic (rt_int.h) */

int rt_int_overflow(RtError *err, const char *op, int a, int b)
{
    if (strcmp(op, "abs") == 0)
        return rt_error(err, "integer overflow in abs(%d)", a);
    if (strcmp(op, "neg") == 0)
        return rt_error(err, "integer overflow in -(%d)", a);
    return rt_error(err, "integer overflow in %d %s %d", a, op, b);
}

int rt_int_divide_by_zero(RtError *err)
{
    return rt_error(err, "divide: denominator is 0");
}

int rt_int_modulus_by_zero(RtError *err)
{
    return rt_error(err, "modulus: divisor is 0");
}

int rt_int_reduce_overflow(RtError *err, const char *fn, int i, int acc,
                           int x)
{
    return rt_error(err, "integer overflow in %s of an int array: %d %s %d"
                         " at element %d", fn, acc,
                    strcmp(fn, "prod") == 0 ? "*" : "+", x, i + 1);
}
