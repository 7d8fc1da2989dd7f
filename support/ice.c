/* ice.c - internal compiler errors; see ice.h. */
#include "ice.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The recovery point of the compilation running on this thread, and the
 * message of the internal error that jumped to it.  Thread-local because a
 * compilation is a thread's own business (the one piece of file-scope
 * state below the driver, as Lua keeps its error jump in the thread
 * state). */
static _Thread_local jmp_buf *ice_target;
static _Thread_local char ice_message[512];

jmp_buf *diag_set_ice_target(jmp_buf *target)
{
    jmp_buf *old = ice_target;
    ice_target = target;
    return old;
}

const char *diag_ice_message(void)
{
    return ice_message;
}

_Noreturn void diag_ice(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(ice_message, sizeof ice_message, "%s:%d: ", file, line);
    if (n < 0 || (size_t)n >= sizeof ice_message)
        n = 0;
    vsnprintf(ice_message + n, sizeof ice_message - (size_t)n, fmt, ap);
    va_end(ap);
    diag_ice_rethrow();
}

_Noreturn void diag_ice_rethrow(void)
{
    if (ice_target)
        longjmp(*ice_target, 1);
    /* No compilation to abandon: a bug outside any unit. */
    fprintf(stderr, "Internal compiler error: %s\n", ice_message);
    abort();
}
