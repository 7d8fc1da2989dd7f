/* unroll.c - static loop unrolling (stanc3's): a for loop whose bounds
 * are int literals, with at most MAX_TRIPS iterations and a body of at
 * most MAX_NODES nodes in all copies together, becomes its body written
 * out once per iteration, the loop variable replaced by the iteration's
 * value.  A copy whose body declares variables stays a block of its own
 * (each copy its own scope, as each iteration was); a copy without
 * declarations is spliced in.  A loop whose body breaks or continues it
 * is left alone (the copies would have no loop to leave).  Loops are
 * unrolled innermost first.  Nothing is evaluated that was not: the
 * bounds are literals, and the copies run in the iterations' order.
 * The limits bound each loop's copies; the growth budget (budget.h)
 * bounds the whole program's, loop after loop.
 *
 * requires: nothing.  invalidates: the effect and AD caches. */
#include <string.h>

#include "budget.h"
#include "passes.h"

enum { MAX_TRIPS = 8, MAX_NODES = 400 };

typedef struct Unroll {
    MirProgram *p;
    Arena *a;
    bool changed;
    PassBudget budget;
    MirStmt **made;      /* the lists the unrolling made */
    int nmade, capmade;
} Unroll;

static bool made(const Unroll *u, const MirStmt *s)
{
    for (int i = 0; i < u->nmade; i++)
        if (u->made[i] == s)
            return true;
    return false;
}

static bool declares(const MirStmt *s)
{
    if (!s)
        return false;
    if (s->kind == MS_DECL)
        return true;
    if (s->kind == MS_SLIST)
        for (int i = 0; i < s->nstmts; i++)
            if (declares(s->stmts[i]))
                return true;
    return false;
}

/* Whether a declaration in s is sized by an expression that reads v: its
 * copies would share one variable-table entry, so v cannot be replaced
 * in them (such a loop is left alone). */
static MirStmt *unroll_stmt(MirStmt *s, void *ctx)
{
    Unroll *u = ctx;
    if (s->kind != MS_FOR || s->lo->kind != MX_INT || s->hi->kind != MX_INT)
        return s;
    long long lo = s->lo->ival, hi = s->hi->ival;
    long long trips = hi < lo ? 0 : hi - lo + 1;
    if (trips > MAX_TRIPS || mir_exits_loop(s->body)
        || mir_decl_sizes_read(u->p, s->body, s->var))
        return s;
    long long nodes = pass_count_stmt(s->body, MAX_NODES);
    if (nodes * trips > MAX_NODES)
        return s;
    /* the loop's own nodes go: its bounds and itself */
    if (!pass_budget_take(&u->budget, nodes * (trips - 1) - 3))
        return s;
    /* the copies, each with the loop variable replaced */
    bool keep_blocks = s->body->kind != MS_BLOCK;
    int cap = 1;
    for (long long k = 0; k < trips; k++)
        cap += s->body->kind == MS_BLOCK ? s->body->nstmts : 1;
    MirStmt **out = arena_alloc(u->a, sizeof(MirStmt *) * (size_t)cap);
    int n = 0;
    for (long long v = lo; v <= hi; v++) {
        MirStmt *c = mir_clone_stmt(u->a, s->body);
        c = mir_substitute_var(u->p, c, s->var, mir_int(u->a, (int)v));
        bool scoped = keep_blocks;
        for (int i = 0; !scoped && i < c->nstmts; i++)
            scoped = declares(c->stmts[i]);
        if (scoped || c->kind != MS_BLOCK) {
            out[n++] = c;
        } else {
            for (int i = 0; i < c->nstmts; i++)
                out[n++] = c->stmts[i];
        }
    }
    u->changed = true;
    /* no trips: an empty list, spliced away (a skip at the top of a body) */
    MirStmt *list = mir_block(u->a, MS_SLIST, n, out);
    list->span = s->span;
    if (u->nmade == u->capmade) {
        int room = u->capmade ? 2 * u->capmade : 16;
        MirStmt **m = arena_alloc(u->a, sizeof(MirStmt *) * (size_t)room);
        if (u->nmade)
            memcpy(m, u->made, sizeof(MirStmt *) * (size_t)u->nmade);
        u->made = m;
        u->capmade = room;
    }
    u->made[u->nmade++] = list;
    return list;
}

/* Splice the lists the unrolling made into the enclosing list, as stanc3
 * prints them. */
static MirStmt *flatten(MirStmt *s, void *ctx)
{
    Unroll *u = ctx;
    if (s->kind != MS_BLOCK && s->kind != MS_SLIST)
        return s;
    int n = 0;
    bool any = false;
    for (int i = 0; i < s->nstmts; i++) {
        MirStmt *c = s->stmts[i];
        bool splice = made(u, c) && !declares(c);
        any |= splice;
        n += splice ? c->nstmts : 1;
    }
    if (!any)
        return s;
    MirStmt **out = arena_alloc(u->a, sizeof(MirStmt *) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < s->nstmts; i++) {
        MirStmt *c = s->stmts[i];
        if (made(u, c) && !declares(c)) {
            memcpy(out + k, c->stmts, sizeof(MirStmt *) * (size_t)c->nstmts);
            k += c->nstmts;
        } else {
            out[k++] = c;
        }
    }
    s->stmts = out;
    s->nstmts = k;
    return s;
}

static MirStmt *rewrite(MirStmt *s, void *ctx)
{
    return flatten(unroll_stmt(s, ctx), ctx);
}

bool pass_unroll(MirProgram *p, PassCtx *ctx)
{
    Unroll u = {.p = p, .a = ctx->a};
    pass_budget_init(&u.budget, p);
    MirRewriter r = {.stmt = rewrite, .ctx = &u, .p = p};
    mir_rewrite_program(p, &r);
    pass_budget_log(&u.budget, ctx, "loops");
    return u.changed;
}
