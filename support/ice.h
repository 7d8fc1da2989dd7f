/* ice.h - internal compiler errors: the escape hatch every layer uses.
 *
 * An internal error is a bug in pplbench, never the user's: ICE() records
 * file, line and message and longjmps to the recovery point of the
 * compilation in progress, which reports it ("Internal compiler error:
 * ...") as that unit's result (fe_compile for the frontend,
 * drv_pipeline_run for the MIR, the backend and the validator).  With no
 * recovery point set, it prints the message and aborts.
 *
 * The functions keep their diag_ names from when this lived in diag.h, so
 * that no caller changed when it moved to support/. */
#ifndef PPL_ICE_H
#define PPL_ICE_H

#include <setjmp.h>

#define ICE(...) diag_ice(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void diag_ice(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Set this thread's recovery point (NULL to clear); returns the old one. */
jmp_buf *diag_set_ice_target(jmp_buf *target);
/* The message of the last internal error on this thread ("FILE:LINE:
 * what"). */
const char *diag_ice_message(void);
/* Raise the last internal error again, its message unchanged, to the
 * recovery point now set.  For a function that holds what a jump past it
 * would leak (a memory stream, a scratch arena): it sets its own recovery
 * point, frees what it holds after the jump, restores the outer point and
 * rethrows:
 *
 *     jmp_buf recover;
 *     jmp_buf *outer = diag_set_ice_target(&recover);
 *     volatile bool ice = false;
 *     if (setjmp(recover) != 0)
 *         ice = true;
 *     else
 *         ...work...
 *     diag_set_ice_target(outer);
 *     ...free...
 *     if (ice)
 *         diag_ice_rethrow();                                          */
_Noreturn void diag_ice_rethrow(void);

#endif
