/* partial_eval.h - the rule table of the partial-eval pass, for the pass
 * and for its numeric identity test (tests/unit/test_partial_eval.c, which
 * evaluates both sides of every row with the runtime's functions).
 * Internal to mir/passes/. */
#ifndef PPL_PARTIAL_EVAL_H
#define PPL_PARTIAL_EVAL_H

#include <stdbool.h>

/* What a hole matches: a scalar int or real expression (the default), a
 * matrix, a vector, or any expression (the outcome of a GLM, whose type
 * the replacement's signature decides). */
typedef enum PeShape {
    PS_SCALAR,
    PS_MATRIX,
    PS_VECTOR,
    PS_ANY
} PeShape;

/* A pattern: a library call (operators by their library names: "add",
 * "subtract", "multiply"), a literal, or a hole. */
typedef struct PePattern {
    enum { PE_CALL, PE_LIT, PE_HOLE } kind;
    const char *fn;                  /* PE_CALL */
    const struct PePattern *args[3];
    int nargs;
    double lit;                      /* PE_LIT: an int or real of value */
    int hole;                        /* PE_HOLE: its number, 0.. */
    PeShape shape;                   /* PE_HOLE */
} PePattern;

/* The most holes of a row, and the most arguments of a replacement. */
#define PE_MAX_HOLES 5
/* A replacement's argument that is the real literal 0 (the intercept of a
 * GLM without one), in place of a hole's number. */
#define PE_ZERO (-1)

/* What must be known about a hole's value for a row to apply: the
 * replacement rejects (Stan's domain error) where the original gives NaN,
 * so the row applies only where the range of the hole is proved (a
 * literal, a constrained data or parameter variable, a function of known
 * range such as inv_logit). */
typedef enum PeDomain {
    PE_ANY,          /* both sides agree everywhere */
    PE_AT_MOST_0,    /* hole 0 <= 0 */
    PE_AT_MOST_1,    /* hole 0 <= 1 */
    PE_AT_LEAST_M1,  /* hole 0 >= -1 */
    /* A GLM's linear predictor X * beta + alpha (holes 1, 2 and 3; no
     * hole 3: alpha = 0): every element of X, beta and alpha is proved
     * finite and so bounded that no sum of up to 2^31 products overflows.
     * The GLM checks its inputs for finiteness only when its result is not
     * finite and then rejects a non-finite X; the original rejects a NaN
     * predictor (from inf * 0 or an overflow) and not an infinite X: the
     * two reject alike only where nothing is infinite. */
    PE_FINITE_PREDICTOR,
    /* the same, the outcome (hole 0) finite and the scale (hole 4)
     * positive and finite: normal_id_glm rejects an infinite y and an
     * infinite scale, normal does not; it checks the scale also when there
     * are no outcomes, normal does not */
    PE_FINITE_PREDICTOR_NORMAL
} PeDomain;

/* The bound on |x|, |beta| and |alpha| products that PE_FINITE_PREDICTOR
 * needs: max|X| * max|beta| * 2^31 + max|alpha| below this. */
#define PE_PREDICTOR_LIMIT 0x1p1020

typedef struct PeRule {
    const char *name;        /* "log(1 - x) -> log1m(x)": unique */
    const PePattern *from;
    const char *to;          /* the library function of the replacement */
    int nto;                 /* its arguments: holes to_holes[0..nto), or
                                PE_ZERO */
    int to_holes[PE_MAX_HOLES];
    PeDomain domain;
} PeRule;

/* Every row, tried in order (the more specific first); a NULL name ends
 * the table. */
extern const PeRule pe_rules[];

#endif
