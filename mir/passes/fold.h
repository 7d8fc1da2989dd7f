/* fold.h - constant evaluation and the effect questions the expression
 * passes share (constprop, copyprop, exprprop, dce, partial-eval).  Internal
 * to mir/passes/: the passes' public header is passes.h.
 *
 * Folding works on the typed literal values (MirExpr.ival / rval), never on
 * their text, and computes exactly what the emitted C computes at run time:
 * int arithmetic in 32 bits, folded only when it neither overflows nor
 * divides by zero (where the program would reject, the expression is left
 * to run and reject); real arithmetic in IEEE double as C evaluates it,
 * folded only when the result is finite.  Library calls are never folded
 * (their values are the runtime's, and their domain errors reject). */
#ifndef PPL_FOLD_H
#define PPL_FOLD_H

#include <stdbool.h>

#include "mir.h"

/* A constant scalar: an int or a real. */
typedef struct FoldValue {
    bool is_int;
    long long i;
    double r;
} FoldValue;

/* Whether e is a constant scalar: an int or real literal, or the negation
 * of one (a folded negative value is built as minus(literal), so that the
 * emitted C never reads "--5"); its value in *v. */
bool fold_value(const MirExpr *e, FoldValue *v);

/* The literal of value v and type int or real (type decides: an int value
 * of real type becomes a real literal); NULL when it cannot be one (an int
 * outside 32 bits, a real that is not finite). */
MirExpr *fold_literal(Arena *a, FoldValue v, const Type *type);

/* One step of folding, on an expression whose operands are already folded:
 * the scalar operators on constants, a ternary, && or || whose deciding
 * operand is constant, a promotion of a constant; NULL when e does not
 * fold.  A ternary folds only when its condition does, and then yields the
 * arm the program takes (the other arm is never evaluated). */
MirExpr *fold_expr(Arena *a, MirExpr *e);

/* Whether evaluating e may reject (a check, a domain error, an index out
 * of range, an int overflow, a size mismatch) or do anything besides
 * computing its value (print, RNG, target): conservative, true unless e is
 * built from literals, variables and operations known not to fail. */
bool fold_may_fail(const MirExpr *e);

/* Whether e reads variable v (anywhere in it, indices included). */
bool fold_reads(const MirExpr *e, VarId v);

/* Whether e reads any variable for which in[var] is true. */
bool fold_reads_any(const MirExpr *e, const bool *in);

/* Whether e is a scalar int or real type. */
bool fold_is_scalar(const Type *t);

#endif
