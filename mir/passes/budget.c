/* budget.c - the growth budget of the passes that copy code (budget.h
 * says why and how much). */
#include <limits.h>
#include <stdio.h>

#include "budget.h"

typedef struct Counter {
    long long n, cap;
} Counter;

/* past the cap, the children are not visited: the walk stops growing */
static bool count_expr(MirExpr *e, void *ctx)
{
    (void)e;
    Counter *c = ctx;
    return ++c->n <= c->cap;
}

static bool count_stmt(MirStmt *s, void *ctx)
{
    (void)s;
    Counter *c = ctx;
    return ++c->n <= c->cap;
}

long long pass_count_stmt(MirStmt *s, long long cap)
{
    Counter c = {.cap = cap};
    MirVisitor v = {.expr = count_expr, .stmt = count_stmt, .ctx = &c};
    if (s)
        mir_visit_stmt(s, &v);
    return c.n;
}

long long pass_count_expr(MirExpr *e, long long cap)
{
    Counter c = {.cap = cap};
    MirVisitor v = {.expr = count_expr, .stmt = count_stmt, .ctx = &c};
    if (e)
        mir_visit_expr(e, &v);
    return c.n;
}

void pass_budget_init(PassBudget *b, MirProgram *p)
{
    Counter c = {.cap = LLONG_MAX};
    MirVisitor v = {.expr = count_expr, .stmt = count_stmt, .ctx = &c};
    mir_visit_program(p, &v);
    b->size = c.n;
    b->limit = c.n > PASS_GROWTH_SLACK ? 2 * c.n : c.n + PASS_GROWTH_SLACK;
    b->skipped = 0;
}

long long pass_budget_left(const PassBudget *b)
{
    return b->size < b->limit ? b->limit - b->size : 0;
}

bool pass_budget_take(PassBudget *b, long long nodes)
{
    if (nodes > pass_budget_left(b)) {
        b->skipped++;
        return false;
    }
    b->size += nodes > 0 ? nodes : 0;
    return true;
}

void pass_budget_log(const PassBudget *b, const PassCtx *ctx,
                     const char *sites)
{
    if (ctx->log && b->skipped > 0)
        fprintf(ctx->log, "%s: %d %s left as they were: the growth budget "
                "(%lld nodes) was spent\n", ctx->pass ? ctx->pass : "pass",
                b->skipped, sites, b->limit);
}
