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
    vsnprintf(buf, sizeof buf, fmt, ap);
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

int rt_msg_fatal(const RtMsg *m, RtError *err)
{
    return rt_fatal(err, "%s", m->text);
}
