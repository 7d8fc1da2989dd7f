/* lcm.c - lazy code motion: partial redundancy elimination and
 * loop-invariant code motion (Knoop, Ruthing and Steffen), as the user
 * guide's "Lazy code motion" describes.  An expression computed more than
 * once on a path, or in a loop that surely runs while its operands do not
 * change, is computed once into a temporary (lcm_symN__, declared at the
 * top of the body with the expression's type and AD level) as late as
 * possible, and read from it after.
 *
 * requires: nothing (builds its own flowgraph and analyses per body)
 * invalidates: the effect and AD caches of the new nodes (the runner
 *   refreshes them)
 *
 * What it never does, by the analyses it rests on (mir/dataflow.c): move
 * an expression with an effect (the universe holds only pure ones),
 * evaluate an expression on a path where the program would not have
 * (insertions are down-safe: anticipated on every path), move it across a
 * write of a variable it reads (kill), or move one that may fail
 * (integer arithmetic, checked for overflow and division by zero; an
 * index; a user function's call) across anything else that may fail or
 * has an effect (barrier).  A loop is known to run when its bounds say so
 * (1:10, or 1:N with int<lower=1> N in data): only then is what its body
 * computes moved before it.  Variables are VarIds, so one name
 * declared in two scopes is two variables.
 *
 * Each round moves the expressions the analysis finds, the largest first,
 * all but those nested in one moved (or containing one), and the analyses
 * are run again on the result: moving a + b * c first leaves b * c in the
 * computation of its temporary only, where it is no longer redundant.
 * Where the analysis asks for code at a place no statement list has (the
 * test of a loop), that expression is left where it is. */
#include <string.h>

#include "passes.h"

/* A bound on the rounds per body: each round moves one expression, and an
 * expression moved is not redundant any more; the bound only guards
 * against a mistake looping. */
#define LCM_MAX_ROUNDS 500

typedef struct Lcm {
    MirProgram *p;
    Arena *a;
    bool log_prob;        /* the body being moved in is log_prob */
    PtrVec wrapped;       /* the SLISTs this pass put statements in */
    PtrVec skip;          /* expressions that have no place to go */
    PtrVec temps;         /* the declarations of the temporaries */
    bool changed;
} Lcm;

static bool in_vec(const PtrVec *v, const void *x)
{
    for (int i = 0; i < v->len; i++)
        if (v->items[i] == x)
            return true;
    return false;
}

static bool skipped(const Lcm *c, const MirExpr *e)
{
    for (int i = 0; i < c->skip.len; i++)
        if (mir_expr_equal(c->skip.items[i], e))
            return true;
    return false;
}

static int expr_size(const MirExpr *e)
{
    if (!e)
        return 0;
    int n = 1;
    for (int i = 0; i < e->nargs; i++)
        n += expr_size(e->args[i]);
    for (int i = 0; i < e->nindices; i++)
        n += expr_size(e->indices[i].lo) + expr_size(e->indices[i].hi);
    return n;
}

/* Whether every node that must compute id has a place for the code. */
static bool placeable(const Flowgraph *g, const DfLcm *l, int id)
{
    for (int n = 0; n < g->n; n++)
        if (df_has(l->insert[n], id) && n != g->entry && !g->nodes[n].slot)
            return false;
    return true;
}

/* Whether moving e into a temporary pays.  In log_prob, a temporary with
 * derivatives is a local the C backend must record and replay: the
 * backend then gives up the single forward sweep it emits for a log
 * density made only of target increments (backend/emit_c.c, inert()),
 * and its own loop hoisting (backend/emit_hoist.c) with it -- the bench
 * model loop_invariant's gradient ran 10 times slower with exp(log_scale)
 * in a temporary.  Until the backend accumulates adjoints into such a
 * temporary inside its fused loops, lcm leaves expressions with
 * derivatives in log_prob where they are; data-only ones, and every
 * expression of the other sections and of the functions, move. */
static bool worth_a_temporary(const Lcm *c, const MirExpr *e)
{
    return !(c->log_prob && e->ad == AD_AUTODIFF);
}

/* Whether b occurs in a (a itself included). */
static bool contains(const MirExpr *a, const MirExpr *b)
{
    if (!a)
        return false;
    if (mir_expr_equal(a, b))
        return true;
    for (int i = 0; i < a->nargs; i++)
        if (contains(a->args[i], b))
            return true;
    for (int i = 0; i < a->nindices; i++)
        if (contains(a->indices[i].lo, b) || contains(a->indices[i].hi, b))
            return true;
    return false;
}

/* The expressions to move this round, into chosen (room for x->n): each
 * that has an insertion and a place for it, the largest first (the first
 * in the universe's order among equals), leaving out one that contains or
 * is contained in one already chosen -- moving the outer one changes
 * where the inner one is evaluated, so it waits for the next round's
 * analysis.  The others do not touch each other's occurrences.  The
 * number chosen; 0 when nothing is left to move. */
static int pick(Lcm *c, const Flowgraph *g, const DfExprs *x, const DfLcm *l,
                int *chosen)
{
    int n = 0;
    for (int id = 0; id < x->n; id++) {
        if (!worth_a_temporary(c, x->expr[id]))
            continue;
        bool inserts = false;
        for (int k = 0; k < g->n && !inserts; k++)
            inserts = df_has(l->insert[k], id);
        if (!inserts || skipped(c, x->expr[id]))
            continue;
        if (!placeable(g, l, id)) {
            vec_push(c->a, &c->skip, x->expr[id]);
            continue;
        }
        /* insertion sort: size descending, id ascending */
        int size = expr_size(x->expr[id]), at = n;
        while (at > 0 && expr_size(x->expr[chosen[at - 1]]) < size) {
            chosen[at] = chosen[at - 1];
            at--;
        }
        chosen[at] = id;
        n++;
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
        bool nested = false;
        for (int j = 0; j < kept && !nested; j++)
            nested = contains(x->expr[chosen[j]], x->expr[chosen[i]])
                || contains(x->expr[chosen[i]], x->expr[chosen[j]]);
        if (!nested)
            chosen[kept++] = chosen[i];
    }
    return kept;
}

/* ------------------------------------------------------------ rewriting */

typedef struct Replace {
    const MirExpr *what;
    MirProgram *p;
    VarId temp;
} Replace;

static MirExpr *replace_expr(MirExpr *e, void *ctx)
{
    const Replace *r = ctx;
    if (mir_expr_equal(e, r->what))
        return mir_var(r->p, r->temp);
    return e;
}

static MirStmt *assign_temp(Lcm *c, VarId t, const MirExpr *e)
{
    MirStmt *s = mir_new_stmt(c->a, MS_ASSIGN, e->span);
    s->lhs.var = t;
    s->lhs.type = c->p->vars[t].sized.type;
    s->rhs = mir_clone_expr(c->a, e);
    return s;
}

/* Put s before the statement held in *slot. */
static void insert_before(Lcm *c, MirStmt **slot, MirStmt *s)
{
    MirStmt **two = arena_alloc(c->a, sizeof(MirStmt *) * 3);
    two[0] = s;
    two[1] = *slot;
    MirStmt *list = mir_block(c->a, MS_SLIST, 2, two);
    vec_push(c->a, &c->wrapped, list);
    *slot = list;
}

/* The declaration of t at the top of the body, after the temporaries
 * already there, then (at) the code that runs at the body's entry. */
static void declare_at_top(Lcm *c, MirStmt **body, VarId t, MirStmt *at)
{
    MirStmt *b = *body;
    if (b->kind != MS_BLOCK && b->kind != MS_SLIST) {
        MirStmt **one = arena_alloc(c->a, sizeof(MirStmt *) * 2);
        one[0] = b;
        b = *body = mir_block(c->a, MS_BLOCK, 1, one);
    }
    int lead = 0;
    while (lead < b->nstmts && in_vec(&c->temps, b->stmts[lead]))
        lead++;
    MirStmt *decl = mir_new_stmt(c->a, MS_DECL, c->p->vars[t].span);
    decl->var = t;
    vec_push(c->a, &c->temps, decl);
    int n = b->nstmts + 1 + (at != NULL);
    MirStmt **stmts = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < lead; i++)
        stmts[k++] = b->stmts[i];
    stmts[k++] = decl;
    if (at)
        stmts[k++] = at;
    for (int i = lead; i < b->nstmts; i++)
        stmts[k++] = b->stmts[i];
    b->stmts = stmts;
    b->nstmts = k;
}

/* Move expression id: a temporary t, computed where the analysis
 * inserts, read where it replaces; what runs at the body's entry goes in
 * *at_entry (or NULL).  The caller declares t at the top of the body once
 * every move of the round is done: the slots of the top statements point
 * into the body's list. */
static VarId move(Lcm *c, const Flowgraph *g, const DfExprs *x,
                  const DfLcm *l, int id, MirStmt **at_entry)
{
    const MirExpr *e = x->expr[id];
    MirProgram *p = c->p;
    const char *name = mir_fresh_name(p, "lcm_sym");
    AdLevel ad = e->type->kind == TY_INT ? AD_DATA : e->ad;
    VarId t = mir_new_var(p, name, MV_INTERNAL, e->type, ad);
    p->vars[t].span = e->span;
    /* the replacements first: the inserted computations keep e */
    Replace r = {.what = e, .p = p, .temp = t};
    MirRewriter rw = {.expr = replace_expr, .ctx = &r};
    for (int n = 0; n < g->n; n++)
        if (df_has(l->replace[n], id) && g->nodes[n].stmt)
            mir_rewrite_stmt_exprs(g->nodes[n].stmt, &rw);
    *at_entry = NULL;
    for (int n = 0; n < g->n; n++) {
        if (!df_has(l->insert[n], id))
            continue;
        if (n == g->entry)
            *at_entry = assign_temp(c, t, e);
        else
            insert_before(c, g->nodes[n].slot, assign_temp(c, t, e));
    }
    c->changed = true;
    return t;
}

/* The wrapping lists go: spliced into the list that holds them, or made a
 * block where they are a body of their own. */
static MirStmt *unwrap(Lcm *c, MirStmt *s);

static MirStmt *unwrap_body(Lcm *c, MirStmt *s)
{
    if (!s)
        return NULL;
    s = unwrap(c, s);
    if (in_vec(&c->wrapped, s))
        s->kind = MS_BLOCK;
    return s;
}

static MirStmt *unwrap(Lcm *c, MirStmt *s)
{
    s->body = unwrap_body(c, s->body);
    s->else_body = unwrap_body(c, s->else_body);
    if (s->kind != MS_BLOCK && s->kind != MS_SLIST)
        return s;
    int n = 0;
    for (int i = 0; i < s->nstmts; i++) {
        s->stmts[i] = unwrap(c, s->stmts[i]);
        n += in_vec(&c->wrapped, s->stmts[i]) ? s->stmts[i]->nstmts : 1;
    }
    if (n == s->nstmts)
        return s;
    MirStmt **stmts = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < s->nstmts; i++) {
        MirStmt *x = s->stmts[i];
        if (in_vec(&c->wrapped, x))
            for (int j = 0; j < x->nstmts; j++)
                stmts[k++] = x->stmts[j];
        else
            stmts[k++] = x;
    }
    s->stmts = stmts;
    s->nstmts = k;
    return s;
}

static void lcm_body(Lcm *c, MirStmt **body)
{
    if (!*body)
        return;
    c->skip.len = 0;
    for (int round = 0; round < LCM_MAX_ROUNDS; round++) {
        Flowgraph *g = fg_build(c->a, c->p, body);
        DfExprs *x = df_exprs(c->a, g);
        if (x->n == 0)
            break;
        DfLcm *l = df_lcm(c->a, g, x);
        int *chosen = arena_alloc(c->a, sizeof(int) * (size_t)x->n);
        int n = pick(c, g, x, l, chosen);
        if (n == 0)
            break;
        VarId *temps = arena_alloc(c->a, sizeof(VarId) * (size_t)n);
        MirStmt **at_entry = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)n);
        for (int i = 0; i < n; i++)
            temps[i] = move(c, g, x, l, chosen[i], &at_entry[i]);
        /* last: the top of the body is where the slots of its statements
         * are */
        for (int i = 0; i < n; i++)
            declare_at_top(c, body, temps[i], at_entry[i]);
    }
    if (c->wrapped.len > 0)
        *body = unwrap(c, *body);
}

bool pass_lcm(MirProgram *p, PassCtx *ctx)
{
    Lcm c = {.p = p, .a = ctx->a};
    /* a temporary takes its expression's AD level: from the program as it
     * is, not from a cache an earlier pass or the lowering left */
    mir_refresh(p);
    for (int i = 0; i < p->nfuns; i++)
        lcm_body(&c, &p->funs[i].body);
    for (int s = 0; s < MIR__NSECTIONS; s++) {
        c.log_prob = s == MIR_LOG_PROB;
        lcm_body(&c, mir_section(p, (MirSection)s));
    }
    if (ctx->log && c.changed)
        fprintf(ctx->log, "lcm: %d temporaries\n", c.temps.len);
    return c.changed;
}
