/* prop.c - the forward propagation shared by constprop, copyprop and
 * exprprop (prop.h says what it keeps and when it forgets). */
#include <string.h>

#include "budget.h"
#include "prop.h"

typedef struct Prop {
    MirProgram *p;
    Arena *a;
    PropPolicy policy;
    bool fold;
    bool changed;
    MirExpr **val;      /* per variable: the expression it holds, or NULL */
    bool *scratch;      /* per variable, for kill sets */
    PassBudget budget;  /* each use gets a copy of the value: a chain
                           x1 = x0 + x0, x2 = x1 + x1 ... would double */
} Prop;

static size_t nv(const Prop *s)
{
    return (size_t)(s->p->nvars ? s->p->nvars : 1);
}

static MirExpr **env_copy(const Prop *s)
{
    MirExpr **e = arena_alloc(s->a, sizeof(MirExpr *) * nv(s));
    memcpy(e, s->val, sizeof(MirExpr *) * nv(s));
    return e;
}

/* Forget every variable marked in kill[], and every value reading one. */
static void forget_set(Prop *s, bool *kill)
{
    int n = s->p->nvars;
    for (int v = 0; v < n; v++)
        if (kill[v])
            s->val[v] = NULL;
    for (int v = 0; v < n; v++)
        if (s->val[v] && fold_reads_any(s->val[v], kill))
            s->val[v] = NULL;
}

static void forget(Prop *s, VarId x)
{
    if (x < 0)
        return;
    memset(s->scratch, 0, sizeof(bool) * nv(s));
    s->scratch[x] = true;
    forget_set(s, s->scratch);
}

/* --------------------------------------------------------- substitution */

static MirExpr *subst_expr(MirExpr *e, void *ctx)
{
    Prop *s = ctx;
    if (e->kind == MX_VAR && e->var >= 0 && s->val[e->var]) {
        /* past the budget the read stays (the variable still holds it) */
        MirExpr *v = s->val[e->var];
        long long left = pass_budget_left(&s->budget);
        if (!pass_budget_take(&s->budget, pass_count_expr(v, left + 1) - 1))
            return e;
        s->changed = true;
        return mir_clone_expr(s->a, v);
    }
    if (s->fold) {
        MirExpr *f = fold_expr(s->a, e);
        if (f) {
            s->changed = true;
            return f;
        }
    }
    return e;
}

static MirExpr *subst(Prop *s, MirExpr *e);

/* A compiler internal that names a variable (a check's message names it,
 * an output is written from it, a transform works on it in place) keeps
 * the variable: only its other arguments are substituted. */
static bool names_variables(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_INTERNAL)
        return false;
    switch (e->internal) {
    case FN_PRINT:
    case FN_REJECT:
    case FN_FATAL_ERROR:
    case FN_MAKE_ARRAY:
    case FN_MAKE_ROW_VEC:
    case FN_MAKE_TUPLE:
        return false;
    default:
        return true;
    }
}

static bool subst_pre(MirExpr *e, void *ctx)
{
    Prop *s = ctx;
    /* an indexed or projected variable stays a variable unless its value
     * is one: x[i] never becomes (a + b)[i] */
    if ((e->kind == MX_INDEXED || e->kind == MX_TUPLE_PROJ)
        && e->args[0]->kind == MX_VAR && e->args[0]->var >= 0
        && s->val[e->args[0]->var]
        && s->val[e->args[0]->var]->kind != MX_VAR) {
        for (int i = 0; i < e->nindices; i++) {
            e->indices[i].lo = subst(s, e->indices[i].lo);
            e->indices[i].hi = subst(s, e->indices[i].hi);
        }
        return false;
    }
    if (!names_variables(e))
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (e->args[i]->kind != MX_VAR)
            e->args[i] = subst(ctx, e->args[i]);
    return false;
}

static MirExpr *subst(Prop *s, MirExpr *e)
{
    MirRewriter r = {.expr = subst_expr, .expr_pre = subst_pre, .ctx = s};
    return mir_rewrite_expr(e, &r);
}

static void subst_sized(Prop *s, MirSized *z)
{
    for (int i = 0; i < z->ndims; i++)
        z->dims[i] = subst(s, z->dims[i]);
    for (int i = 0; i < z->nsizes; i++)
        z->size[i] = subst(s, z->size[i]);
    z->tr_a = subst(s, z->tr_a);
    z->tr_b = subst(s, z->tr_b);
    for (int i = 0; i < z->nitems; i++)
        subst_sized(s, z->items[i]);
}

/* ------------------------------------------------------------ the walk */

typedef struct Assigned {
    bool *set;
} Assigned;

static bool mark_assigned(MirStmt *st, void *ctx)
{
    Assigned *as = ctx;
    if (st->kind == MS_ASSIGN && st->lhs.var >= 0)
        as->set[st->lhs.var] = true;
    if ((st->kind == MS_FOR || st->kind == MS_DECL) && st->var >= 0)
        as->set[st->var] = true;
    return true;
}

/* Forget everything a loop (its variable and its body) assigns. */
static void forget_loop(Prop *s, MirStmt *loop)
{
    memset(s->scratch, 0, sizeof(bool) * nv(s));
    Assigned as = {.set = s->scratch};
    MirVisitor v = {.stmt = mark_assigned, .ctx = &as};
    mir_visit_stmt(loop, &v);
    forget_set(s, s->scratch);
}

static bool is_global(const MirProgram *p, VarId v)
{
    MirVarKind k = p->vars[v].kind;
    return k == MV_DATA || k == MV_TDATA || k == MV_PARAM || k == MV_TPARAM
        || k == MV_GQ;
}

static bool same_value(const MirExpr *x, const MirExpr *y)
{
    if (x == y)
        return true;
    FoldValue a, b;
    if (!x || !y || !fold_value(x, &a) || !fold_value(y, &b))
        return false;
    if (a.is_int != b.is_int)
        return false;
    /* the same bits: 0.0 and -0.0 are different values here */
    return a.is_int ? a.i == b.i : memcmp(&a.r, &b.r, sizeof a.r) == 0;
}

static void walk(Prop *s, MirStmt *st);

static void walk_assign(Prop *s, MirStmt *st)
{
    for (int i = 0; i < st->lhs.nsteps; i++)
        for (int k = 0; k < st->lhs.steps[i].nindices; k++) {
            MirIndex *ix = &st->lhs.steps[i].indices[k];
            ix->lo = subst(s, ix->lo);
            ix->hi = subst(s, ix->hi);
        }
    st->rhs = subst(s, st->rhs);
    VarId x = st->lhs.var;
    forget(s, x);
    if (x < 0 || st->lhs.nsteps > 0 || fold_reads(st->rhs, x))
        return;
    MirExpr *v = s->policy(s->p, s->a, &s->p->vars[x], st->rhs);
    if (v && !fold_reads(v, x))
        s->val[x] = v;
}

static void walk_list(Prop *s, MirStmt *st)
{
    for (int i = 0; i < st->nstmts; i++)
        walk(s, st->stmts[i]);
    if (st->kind != MS_BLOCK)
        return;
    /* the block's own names end here */
    memset(s->scratch, 0, sizeof(bool) * nv(s));
    bool any = false;
    for (int i = 0; i < st->nstmts; i++) {
        MirStmt *c = st->stmts[i];
        if (c->kind == MS_DECL && c->var >= 0 && !is_global(s->p, c->var))
            s->scratch[c->var] = any = true;
    }
    if (any)
        forget_set(s, s->scratch);
}

static void walk(Prop *s, MirStmt *st)
{
    if (!st)
        return;
    switch (st->kind) {
    case MS_DECL:
        if (st->var >= 0) {
            subst_sized(s, &s->p->vars[st->var].sized);
            forget(s, st->var);
        }
        return;
    case MS_ASSIGN:
        walk_assign(s, st);
        return;
    case MS_TARGET_PE:
    case MS_JACOBIAN_PE:
    case MS_RETURN:
        st->rhs = subst(s, st->rhs);
        return;
    case MS_CALL:
        st->call = subst(s, st->call);
        return;
    case MS_BREAK:
    case MS_CONTINUE:
    case MS_SKIP:
        return;
    case MS_IF: {
        st->cond = subst(s, st->cond);
        MirExpr **before = env_copy(s);
        walk(s, st->body);
        MirExpr **then = s->val;
        s->val = before;
        walk(s, st->else_body);
        for (int v = 0; v < s->p->nvars; v++)
            if (!same_value(s->val[v], then[v]))
                s->val[v] = NULL;
        return;
    }
    case MS_WHILE:
        /* the condition runs before every iteration */
        forget_loop(s, st);
        st->cond = subst(s, st->cond);
        walk(s, st->body);
        forget_loop(s, st);
        return;
    case MS_FOR:
        /* the bounds run once, before the loop */
        st->lo = subst(s, st->lo);
        st->hi = subst(s, st->hi);
        forget_loop(s, st);
        walk(s, st->body);
        forget_loop(s, st);
        return;
    case MS_PROFILE:
        walk(s, st->body);
        return;
    case MS_BLOCK:
    case MS_SLIST:
        walk_list(s, st);
        return;
    case MS__COUNT:
        return;
    }
}

bool prop_run(MirProgram *p, PassCtx *ctx, PropPolicy policy, bool fold)
{
    Prop s = {.p = p, .a = ctx->a, .policy = policy, .fold = fold};
    s.scratch = arena_alloc(s.a, sizeof(bool) * nv(&s));
    s.val = arena_alloc(s.a, sizeof(MirExpr *) * nv(&s));
    pass_budget_init(&s.budget, p);
    for (int i = 0; i < p->nfuns; i++) {
        memset(s.val, 0, sizeof(MirExpr *) * nv(&s));
        walk(&s, p->funs[i].body);
    }
    memset(s.val, 0, sizeof(MirExpr *) * nv(&s));
    walk(&s, p->prepare_data);
    /* only what the data holds after prepare_data carries on */
    for (int v = 0; v < p->nvars; v++)
        if (s.val[v] && p->vars[v].kind != MV_DATA
            && p->vars[v].kind != MV_TDATA)
            s.val[v] = NULL;
    MirExpr **data = env_copy(&s);
    for (int sec = MIR_LOG_PROB; sec < MIR__NSECTIONS; sec++) {
        memcpy(s.val, data, sizeof(MirExpr *) * nv(&s));
        walk(&s, *mir_section(p, (MirSection)sec));
    }
    pass_budget_log(&s.budget, ctx, "uses");
    return s.changed;
}
