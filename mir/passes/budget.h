/* budget.h - the growth budget of the passes that copy code (internal to
 * mir/passes/: the passes' public header is passes.h).
 *
 * one-step-unroll and unroll copy a loop's body, inline a function's body,
 * exprprop an assigned expression into each of its uses.  Applied at every
 * level of a nest or link of a chain, the copies multiply: 35 nested loops
 * each peeled once made 2^35 copies of the innermost statement (23 GB),
 * and x1 = x0 + x0; x2 = x1 + x1; ... propagated makes 2^n leaves.  So
 * each run of such a pass measures the program first, in MIR nodes
 * (expressions and statements, as pass_count_* count them), and lets it
 * grow to at most max(2 x that, that + PASS_GROWTH_SLACK) nodes: a site
 * whose copy would go past the limit is left as it was, which is always
 * valid (the copies only ever spare work), and the pass notes in its log
 * how many sites it left.  A small program is rewritten as before (the
 * slack); a large one at most doubles in one pass.
 *
 * The other passes grow a program at most by a constant per site they
 * rewrite, each site once (vectorize-loops and lcm copy a loop's bounds
 * into a guard, lcm an expression into the temporary that replaces it,
 * partial-eval moves its holes into the replacement without copying
 * them): they need no budget. */
#ifndef PPL_BUDGET_H
#define PPL_BUDGET_H

#include "passes.h"

enum { PASS_GROWTH_SLACK = 10000 };

typedef struct PassBudget {
    long long size;       /* the program's nodes, with the copies made */
    long long limit;      /* the most it may grow to in this run */
    int skipped;          /* sites left as they were for the budget */
} PassBudget;

/* The budget of one run of a pass over p, measured as it is now. */
void pass_budget_init(PassBudget *b, MirProgram *p);

/* The nodes of s (of e); past cap the walk stops descending (the count
 * is then more than cap, but no longer the whole size). */
long long pass_count_stmt(MirStmt *s, long long cap);
long long pass_count_expr(MirExpr *e, long long cap);

/* The nodes a site may still add: limit - size (0 when spent). */
long long pass_budget_left(const PassBudget *b);

/* Whether a site that adds nodes may be rewritten: true and the nodes
 * counted in, or false and the site counted as skipped. */
bool pass_budget_take(PassBudget *b, long long nodes);

/* "PASS: N SITES left as they were: the growth budget (LIMIT nodes)"
 * into ctx's log, when it has one and a site was skipped. */
void pass_budget_log(const PassBudget *b, const PassCtx *ctx,
                     const char *sites);

#endif
