/* faults.c - deliberately wrong passes, for the validator's own tests
 * (Lua's Memcontrol makes allocations fail on demand; these make the
 * optimizer wrong on demand).  Each breaks one rule every real pass
 * keeps, at the first place it can, so that validating it on a model
 * with such a place must fail:
 *
 *   fault-drop-target  deletes the first target += of the model block
 *   fault-plus-minus   turns the first + of log_prob into -
 *   fault-drop-print   deletes the first print in a user function
 *   fault-both-arms    evaluates both arms of the first ?: of a section
 *                      (real or int arms) into temporaries before the
 *                      statement, so an arm the program would not take
 *                      runs (and may reject)
 *   fault-swap-normal  swaps the variate and the location of the first
 *                      normal density of the model block whose variate is
 *                      a data variable: y ~ normal(mu, s) becomes
 *                      target += normal_lupdf(mu | y, s), the same joint
 *                      density (value and gradient) but a prior factor
 *                      instead of a likelihood one, which only the prior
 *                      context shows
 *
 * They are PASS_TEST_ONLY: in no level, not listed by --list-passes, and
 * --passes accepts them only with PPLBENCH_TEST_PASSES=1 in the
 * environment (registry.c).
 *
 * requires: nothing.  invalidates: the effect and AD caches. */
#include <string.h>

#include "passes.h"

/* ------------------------------------------------------- drop a target */

static bool drop_target(MirStmt *s)
{
    if (!s)
        return false;
    for (int i = 0; i < s->nstmts; i++) {
        MirStmt *c = s->stmts[i];
        if (c->kind == MS_TARGET_PE) {
            c->kind = MS_SKIP;
            c->rhs = NULL;
            return true;
        }
        if (drop_target(c))
            return true;
    }
    return drop_target(s->body) || drop_target(s->else_body);
}

bool pass_fault_drop_target(MirProgram *p, PassCtx *ctx)
{
    (void)ctx;
    return drop_target(p->model_block);
}

/* --------------------------------------------------------- + becomes - */

static bool flip(MirExpr *e, void *ctx)
{
    bool *done = ctx;
    if (*done)
        return false;
    if (e->kind == MX_CALL && e->op == OP_ADD && !e->prefix
        && e->nargs == 2) {
        e->op = OP_SUB;
        e->fn = ast_op_name(OP_SUB, false);
        *done = true;
        return false;
    }
    return true;
}

bool pass_fault_plus_minus(MirProgram *p, PassCtx *ctx)
{
    (void)ctx;
    bool done = false;
    MirVisitor v = {.expr = flip, .ctx = &done};
    /* the model block first: there a + reaches the density */
    mir_visit_stmt(p->model_block, &v);
    if (!done)
        mir_visit_stmt(p->log_prob, &v);
    return done;
}

/* ------------------------------------------------------ drop a print */

static bool unprint(MirStmt *s, void *ctx)
{
    bool *done = ctx;
    if (*done)
        return false;
    if (s->kind == MS_CALL && s->call && s->call->fn_kind == FNK_INTERNAL
        && s->call->internal == FN_PRINT) {
        s->kind = MS_SKIP;
        s->call = NULL;
        *done = true;
    }
    return !*done;
}

bool pass_fault_drop_print(MirProgram *p, PassCtx *ctx)
{
    (void)ctx;
    bool done = false;
    MirVisitor v = {.stmt = unprint, .ctx = &done};
    for (int i = 0; i < p->nfuns && !done; i++)
        mir_visit_stmt(p->funs[i].body, &v);
    return done;
}

/* -------------------------------------------------- both arms of ?: */

typedef struct Arms {
    MirProgram *p;
    Arena *a;
    MirSection section;
    bool done;
} Arms;

static bool scalar(const Type *t)
{
    return t->kind == TY_INT || t->kind == TY_REAL;
}

/* The first ?: of e with scalar arms. */
static MirExpr *find_ternary(MirExpr *e)
{
    if (!e)
        return NULL;
    if (e->kind == MX_TERNARY && scalar(e->args[1]->type)
        && scalar(e->args[2]->type))
        return e;
    for (int i = 0; i < e->nargs; i++) {
        MirExpr *t = find_ternary(e->args[i]);
        if (t)
            return t;
    }
    return NULL;
}

static MirExpr *hoist(Arms *x, MirExpr *arm, MirStmt **out, int *n)
{
    MirProgram *p = x->p;
    const Type *t = arm->type;
    VarId v = mir_new_var(p, mir_fresh_name(p, "fault_sym"), MV_INTERNAL, t,
                          x->section == MIR_LOG_PROB && t->kind == TY_REAL
                          ? AD_AUTODIFF : AD_DATA);
    MirStmt *d = mir_new_stmt(x->a, MS_DECL, arm->span);
    d->var = v;
    out[(*n)++] = d;
    MirStmt *s = mir_new_stmt(x->a, MS_ASSIGN, arm->span);
    s->lhs.var = v;
    s->lhs.type = t;
    s->rhs = arm;
    out[(*n)++] = s;
    return mir_var(p, v);
}

static MirStmt *both_arms(MirStmt *s, void *ctx)
{
    Arms *x = ctx;
    if (x->done || (s->kind != MS_ASSIGN && s->kind != MS_TARGET_PE))
        return s;
    MirExpr *t = find_ternary(s->rhs);
    if (!t)
        return s;
    MirStmt **out = arena_alloc(x->a, sizeof(MirStmt *) * 6);
    int n = 0;
    t->args[1] = hoist(x, t->args[1], out, &n);
    t->args[2] = hoist(x, t->args[2], out, &n);
    out[n++] = s;
    x->done = true;
    return mir_block(x->a, MS_BLOCK, n, out);
}

bool pass_fault_both_arms(MirProgram *p, PassCtx *ctx)
{
    Arms x = {.p = p, .a = ctx->a};
    MirRewriter r = {.stmt = both_arms, .ctx = &x, .p = p};
    for (int s = 0; s < MIR__NSECTIONS && !x.done; s++) {
        x.section = (MirSection)s;
        MirStmt **sec = mir_section(p, (MirSection)s);
        *sec = mir_rewrite_stmt(*sec, &r);
    }
    return x.done;
}

/* ------------------------------------------ a likelihood into the prior */

static bool swap_normal(MirStmt *s, const MirProgram *p)
{
    if (!s)
        return false;
    if (s->kind == MS_TARGET_PE && s->rhs && s->rhs->kind == MX_CALL
        && s->rhs->nargs == 3 && s->rhs->fn
        && (!strcmp(s->rhs->fn, "normal_lupdf")
            || !strcmp(s->rhs->fn, "normal_lpdf"))) {
        MirExpr **a = s->rhs->args;
        if (a[0]->kind == MX_VAR && p->vars[a[0]->var].kind == MV_DATA
            && a[1]->type && a[0]->type
            && a[1]->type->kind == a[0]->type->kind) {
            MirExpr *t = a[0];
            a[0] = a[1];
            a[1] = t;
            return true;
        }
    }
    for (int i = 0; i < s->nstmts; i++)
        if (swap_normal(s->stmts[i], p))
            return true;
    return swap_normal(s->body, p) || swap_normal(s->else_body, p);
}

bool pass_fault_swap_normal(MirProgram *p, PassCtx *ctx)
{
    (void)ctx;
    return swap_normal(p->model_block, p);
}
