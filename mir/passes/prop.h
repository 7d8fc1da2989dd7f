/* prop.h - the propagation the passes constprop, copyprop and exprprop
 * share (internal to mir/passes/; each pass file gives its policy).
 *
 * A forward walk over the structured statements keeps, per variable, the
 * expression whose value the variable holds at this point (what reaches
 * the point from every path): after x = e, x holds e as long as neither x
 * nor a variable e reads is assigned again.  Every read of such a variable
 * (decl sizes and the indices of assignments included) is replaced by a
 * copy of its expression.  Branches meet (a value survives only when both
 * arms leave it); a loop first forgets every variable its body assigns,
 * so what flows into a loop is the same on every iteration; a block's
 * local names are forgotten when it ends, so nothing is used outside its
 * scope.  A variable with a known value is never a function's argument,
 * nor read across sections, except that what prepare_data leaves in the
 * program's data flows into log_prob, generate_quantities and
 * transform_inits (data never changes after prepare_data). */
#ifndef PPL_PROP_H
#define PPL_PROP_H

#include "fold.h"
#include "passes.h"

/* The value x = rhs gives x for the propagation (a literal, a variable,
 * an expression: the pass decides), or NULL to record nothing.  rhs is the
 * right-hand side after substitution; the caller checks that it does not
 * read x itself. */
typedef MirExpr *(*PropPolicy)(MirProgram *p, Arena *a, const MirVar *x,
                               MirExpr *rhs);

/* Run the propagation with policy over the whole program; fold: fold
 * constant operators after substitution (constprop).  Whether anything
 * changed. */
bool prop_run(MirProgram *p, PassCtx *ctx, PropPolicy policy, bool fold);

#endif
