/* error.c - RtError: the one way runtime functions report a failure. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pplrt.h"

int rt_error(RtError *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    /* Format into a local buffer first: callers may pass err->msg itself as
     * an argument ("%s: %s", name, err->msg) to prefix a message. */
    char buf[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf) {
        /* too long for err: the cut is marked, never silent */
        char mark[64];
        int m = snprintf(mark, sizeof mark, " ... [message of %d bytes "
                         "truncated]", n);
        memcpy(buf + sizeof buf - 1 - (size_t)m, mark, (size_t)m + 1);
    }
    memcpy(err->msg, buf, sizeof buf);
    return -1;
}
