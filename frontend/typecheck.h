/* typecheck.h - the semantic checks of a parsed program. */
#ifndef PPL_TYPECHECK_H
#define PPL_TYPECHECK_H

#include "ast.h"
#include "diag.h"

typedef struct TcOptions {
    bool allow_undefined;  /* functions declared but not defined are fine */
} TcOptions;

/* Check and annotate the program in place: every expression gets its type
 * and AD level, every call is resolved against the user's functions and the
 * library.  Errors and warnings go to the sink; returns whether the program
 * is free of errors. */
bool tc_check_program(Arena *a, DiagSink *sink, Program *p,
                      const TcOptions *opts);

#endif
