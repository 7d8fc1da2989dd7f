/* one_step_unroll.c - one-step loop unrolling (stanc3's): the first
 * iteration of a loop is peeled off, so that later passes see it apart.
 *
 *   for (i in a:b) S   ->  { int lo = a; int hi = b;
 *                            if (hi >= lo) { S[i := lo]; for (i in (lo + 1):hi) S } }
 *
 * The bounds are evaluated once, in order, as the loop evaluated them: a
 * bound that is not a literal, or a variable the body does not assign, is
 * bound to a temporary first (stanc3 once evaluated an effectful bound
 * twice).  The peeled copy keeps its own block (its scope, as the
 * iteration's).
 *
 *   while (c) S  ->  if (c) { S; while (c) S }
 *
 * only when evaluating c can neither act nor fail (no call, no indexing):
 * the condition is then evaluated exactly as often as before.  A loop
 * whose body breaks or continues it is left alone (the peeled copy would
 * have no loop to leave).  Each loop is peeled once, innermost first,
 * within the growth budget (budget.h): each peel copies a body that holds
 * the peeled inner loops, so a nest of n loops would grow as 2^n; the
 * loops past the budget (the outer ones of a deep nest) are left whole.
 *
 * requires: nothing.  invalidates: the effect and AD caches. */
#include <string.h>

#include "budget.h"
#include "passes.h"

/* the nodes a peel adds besides the body's copy: the guard, the
 * bounds' temporaries, the rest's bounds */
enum { PEEL_NODES = 16 };

typedef struct Peel {
    MirProgram *p;
    Arena *a;
    bool changed;
    PassBudget budget;
} Peel;

static bool assigns(const MirStmt *s, VarId v)
{
    if (!s)
        return false;
    if (s->kind == MS_ASSIGN && s->lhs.var == v)
        return true;
    if (assigns(s->body, v) || assigns(s->else_body, v))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (assigns(s->stmts[i], v))
            return true;
    return false;
}

/* Only variables, literals and the operators of them: evaluating it can
 * neither act nor fail (integer division by zero can: not among them). */
static bool quiet(const MirExpr *e)
{
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
    case MX_VAR:
        return true;
    case MX_PROMOTE:
        return quiet(e->args[0]);
    case MX_AND:
    case MX_OR:
        return quiet(e->args[0]) && quiet(e->args[1]);
    case MX_CALL:
        if (e->fn_kind != FNK_STANLIB || e->op == OP_NONE || e->op == OP_DIV
            || e->op == OP_IDIV || e->op == OP_MOD || e->op == OP_LDIV)
            return false;
        for (int i = 0; i < e->nargs; i++)
            if (!quiet(e->args[i]))
                return false;
        return true;
    default:
        return false;
    }
}

static MirExpr *binop(Peel *u, Op op, MirExpr *x, MirExpr *y)
{
    MirExpr *e = mir_new_expr(u->a, MX_CALL, TY(INT), x->span);
    e->fn_kind = FNK_STANLIB;
    e->fn = ast_op_name(op, false);
    e->op = op;
    e->args = arena_alloc(u->a, sizeof(MirExpr *) * 3);
    e->args[0] = x;
    e->args[1] = y;
    e->nargs = 2;
    e->ad = AD_DATA;
    return e;
}

/* bound as it may be read again: a literal, a variable the loop does not
 * assign, or a temporary holding its value (declared into pre). */
static MirExpr *once(Peel *u, MirExpr *bound, const MirStmt *loop,
                     MirStmt **pre, int *npre)
{
    if (bound->kind == MX_INT
        || (bound->kind == MX_VAR && bound->var != loop->var
            && !assigns(loop->body, bound->var)))
        return bound;
    MirProgram *p = u->p;
    VarId t = mir_new_var(p, mir_fresh_name(p, "unroll_sym"), MV_INTERNAL,
                          TY(INT), AD_DATA);
    p->vars[t].span = bound->span;
    MirStmt *d = mir_new_stmt(u->a, MS_DECL, bound->span);
    d->var = t;
    pre[(*npre)++] = d;
    MirStmt *s = mir_new_stmt(u->a, MS_ASSIGN, bound->span);
    s->lhs.var = t;
    s->lhs.type = TY(INT);
    s->rhs = bound;
    pre[(*npre)++] = s;
    return mir_var(p, t);
}

/* Whether a declaration in s is sized by an expression that reads v: its
 * copies would share one variable-table entry, so v cannot be replaced
 * in them (such a loop is left alone). */
static MirStmt *scoped(Peel *u, MirStmt *s)
{
    if (s->kind == MS_BLOCK)
        return s;
    MirStmt **ss = arena_alloc(u->a, sizeof(MirStmt *) * 2);
    ss[0] = s;
    return mir_block(u->a, MS_BLOCK, 1, ss);
}

static MirStmt *peel_for(Peel *u, MirStmt *s)
{
    MirStmt **pre = arena_alloc(u->a, sizeof(MirStmt *) * 6);
    int npre = 0;
    MirExpr *lo = once(u, s->lo, s, pre, &npre);
    MirExpr *hi = once(u, s->hi, s, pre, &npre);
    MirStmt *first = mir_clone_stmt(u->a, s->body);
    first = mir_substitute_var(u->p, first, s->var, lo);
    MirStmt *rest = mir_new_stmt(u->a, MS_FOR, s->span);
    rest->var = s->var;
    rest->lo = binop(u, OP_ADD, mir_clone_expr(u->a, lo), mir_int(u->a, 1));
    rest->hi = mir_clone_expr(u->a, hi);
    rest->body = s->body;
    /* the copy's statements straight in the branch's block when they
     * declare nothing; otherwise in a block of their own (the
     * iteration's scope) */
    bool decls = first->kind != MS_BLOCK;
    for (int i = 0; !decls && i < first->nstmts; i++)
        decls = first->stmts[i]->kind == MS_DECL
            || first->stmts[i]->kind == MS_SLIST;
    int cap = decls ? 2 : first->nstmts + 1;
    MirStmt **both = arena_alloc(u->a, sizeof(MirStmt *) * (size_t)(cap + 1));
    int n = 0;
    if (decls) {
        both[n++] = scoped(u, first);
    } else {
        for (int i = 0; i < first->nstmts; i++)
            both[n++] = first->stmts[i];
    }
    both[n++] = rest;
    MirStmt *guard = mir_new_stmt(u->a, MS_IF, s->span);
    guard->cond = binop(u, OP_GEQ, mir_clone_expr(u->a, hi),
                        mir_clone_expr(u->a, lo));
    guard->body = mir_block(u->a, MS_BLOCK, n, both);
    if (npre == 0)
        return guard;
    pre[npre++] = guard;
    return mir_block(u->a, MS_BLOCK, npre, pre);
}

static MirStmt *peel_while(Peel *u, MirStmt *s)
{
    MirStmt *first = scoped(u, mir_clone_stmt(u->a, s->body));
    MirStmt **both = arena_alloc(u->a, sizeof(MirStmt *) * 3);
    both[0] = first;
    both[1] = s;
    MirStmt *guard = mir_new_stmt(u->a, MS_IF, s->span);
    guard->cond = mir_clone_expr(u->a, s->cond);
    guard->body = mir_block(u->a, MS_BLOCK, 2, both);
    return guard;
}

static MirStmt *peel(MirStmt *s, void *ctx)
{
    Peel *u = ctx;
    if ((s->kind != MS_FOR && s->kind != MS_WHILE) || mir_exits_loop(s->body))
        return s;
    if (s->kind == MS_FOR && mir_decl_sizes_read(u->p, s->body, s->var))
        return s;
    if (s->kind == MS_WHILE && !quiet(s->cond))
        return s;
    long long copy = pass_count_stmt(s->body, pass_budget_left(&u->budget));
    if (!pass_budget_take(&u->budget, copy + PEEL_NODES))
        return s;
    u->changed = true;
    return s->kind == MS_FOR ? peel_for(u, s) : peel_while(u, s);
}

/* Innermost loops first; a peeled loop is not peeled again (the rewriter
 * visits each statement once, and the new loop is built after its body
 * was visited). */
bool pass_one_step_unroll(MirProgram *p, PassCtx *ctx)
{
    Peel u = {.p = p, .a = ctx->a};
    pass_budget_init(&u.budget, p);
    MirRewriter r = {.stmt = peel, .ctx = &u, .p = p};
    mir_rewrite_program(p, &r);
    pass_budget_log(&u.budget, ctx, "loops");
    return u.changed;
}
