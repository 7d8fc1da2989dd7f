/* partial_eval.h - the rule table of the partial-eval pass, for the pass
 * and for its numeric identity test (tests/unit/test_partial_eval.c, which
 * evaluates both sides of every row with the runtime's functions).
 * Internal to mir/passes/. */
#ifndef PPL_PARTIAL_EVAL_H
#define PPL_PARTIAL_EVAL_H

#include <stdbool.h>

/* A pattern: a library call (operators by their library names: "add",
 * "subtract", "multiply"), a literal, or a hole that matches any scalar
 * int or real expression. */
typedef struct PePattern {
    enum { PE_CALL, PE_LIT, PE_HOLE } kind;
    const char *fn;                  /* PE_CALL */
    const struct PePattern *args[3];
    int nargs;
    double lit;                      /* PE_LIT: an int or real of value */
    int hole;                        /* PE_HOLE: its number, 0.. */
} PePattern;

/* What must be known about a hole's value for a row to apply: the
 * replacement rejects (Stan's domain error) where the original gives NaN,
 * so the row applies only where the range of the hole is proved (a
 * literal, a constrained data or parameter variable, a function of known
 * range such as inv_logit). */
typedef enum PeDomain {
    PE_ANY,          /* both sides agree everywhere */
    PE_AT_MOST_0,    /* hole 0 <= 0 */
    PE_AT_MOST_1,    /* hole 0 <= 1 */
    PE_AT_LEAST_M1   /* hole 0 >= -1 */
} PeDomain;

typedef struct PeRule {
    const char *name;        /* "log(1 - x) -> log1m(x)": unique */
    const PePattern *from;
    const char *to;          /* the library function of the replacement */
    int nto;                 /* its arguments: holes to_holes[0..nto) */
    int to_holes[3];
    PeDomain domain;
} PeRule;

/* Every row, tried in order (the more specific first); a NULL name ends
 * the table. */
extern const PeRule pe_rules[];

#endif
