/* dce.c - dead code elimination: code whose removal no one can observe.
 *
 * Removed: the arm of an if that a literal condition never takes, a
 * while(0), a loop whose body does nothing (or whose literal bounds give no
 * iteration), code after a return, break or continue in the same block,
 * skips and empty blocks, assignments to local variables that nothing
 * reads (the variable is read nowhere in the program), assignments to
 * local variables that are dead where they happen (liveness on the
 * flowgraph: every path from them writes the variable again, or ends,
 * before reading it), and then the declarations of local variables that
 * nothing names at all.
 *
 * Never removed: anything with an effect (print, reject, fatal_error, an
 * RNG draw, a target change, a call of a user function that is not
 * pure -- and a user function call at all, since it may reject), and
 * anything that may reject (a check, a size validation, an indexed
 * assignment, an assignment of a container whose size may not match, a
 * right-hand side or a loop bound that may fail: fold_may_fail).  A
 * declaration goes only when its sizes are literals (a size expression
 * may reject).
 *
 * requires: the flowgraph and liveness (mir/flowgraph.c, mir/dataflow.c)
 * invalidates: nothing beyond what mir_refresh recomputes */
#include <string.h>

#include "fold.h"
#include "passes.h"

typedef struct Dce {
    MirProgram *p;
    Arena *a;
    bool changed;
    int *reads;     /* per variable: how many times it is read */
    int *names;     /* per variable: reads + writes + declarations' sizes */
} Dce;

static bool is_empty(const MirStmt *s)
{
    if (!s || s->kind == MS_SKIP)
        return true;
    if (s->kind == MS_BLOCK || s->kind == MS_SLIST) {
        for (int i = 0; i < s->nstmts; i++)
            if (!is_empty(s->stmts[i]))
                return false;
        return true;
    }
    return false;
}

static MirStmt *skip(Dce *d, const MirStmt *s)
{
    d->changed = true;
    return mir_new_stmt(d->a, MS_SKIP, s->span);
}

static bool ends_flow(const MirStmt *s)
{
    return s->kind == MS_RETURN || s->kind == MS_BREAK
        || s->kind == MS_CONTINUE;
}

static bool is_local(const MirProgram *p, VarId v)
{
    return v >= 0 && v < p->nvars && p->vars[v].kind == MV_LOCAL;
}

/* A local scalar assignment x = e that no one reads. */
static bool dead_assignment(const Dce *d, const MirStmt *s)
{
    return s->kind == MS_ASSIGN && s->lhs.nsteps == 0
        && is_local(d->p, s->lhs.var) && d->reads[s->lhs.var] == 0
        && fold_is_scalar(s->lhs.type) && !fold_may_fail(s->rhs);
}

static bool literal_sizes(const MirSized *z)
{
    for (int i = 0; i < z->ndims; i++)
        if (z->dims[i]->kind != MX_INT || z->dims[i]->ival < 0)
            return false;
    for (int i = 0; i < z->nsizes; i++)
        if (z->size[i]->kind != MX_INT || z->size[i]->ival < 0)
            return false;
    return z->tr == TR_NONE && !z->tr_a && !z->tr_b && z->nitems == 0;
}

static bool dead_decl(const Dce *d, const MirStmt *s)
{
    return s->kind == MS_DECL && is_local(d->p, s->var)
        && d->names[s->var] == 0 && literal_sizes(&d->p->vars[s->var].sized);
}

/* Whether block s declares a name of its own. */
static bool declares(const MirStmt *s)
{
    for (int i = 0; i < s->nstmts; i++)
        if (s->stmts[i]->kind == MS_DECL)
            return true;
    return false;
}

/* A block without skips, empty sub-blocks, nested statement lists and
 * code after the end of its flow. */
static MirStmt *tidy_list(Dce *d, MirStmt *s)
{
    int n = 0;
    int cap = s->nstmts ? s->nstmts : 1;
    MirStmt **out = arena_alloc(d->a, sizeof(MirStmt *) * (size_t)cap);
    bool ended = false;
    for (int i = 0; i < s->nstmts && !ended; i++) {
        MirStmt *c = s->stmts[i];
        if (c == d->p->model_block) {   /* the backend finds it by address */
            out[n++] = c;
            continue;
        }
        if (is_empty(c) || dead_assignment(d, c) || dead_decl(d, c)) {
            d->changed = true;
            continue;
        }
        if (c->kind == MS_SLIST || (c->kind == MS_BLOCK && !declares(c))) {
            /* no names of its own: splice it into this list, with room
             * for what is spliced and for every statement still to come
             * (several splices add up: sized for the last child alone,
             * the list ran over its allocation into the next one) */
            int need = n + c->nstmts + (s->nstmts - i - 1);
            if (need > cap) {
                MirStmt **grown = arena_alloc(d->a, sizeof(MirStmt *)
                                              * (size_t)need);
                memcpy(grown, out, sizeof(MirStmt *) * (size_t)n);
                out = grown;
                cap = need;
            }
            for (int k = 0; k < c->nstmts && !ended; k++) {
                out[n++] = c->stmts[k];
                ended = ends_flow(c->stmts[k]);
            }
            d->changed = true;
            continue;
        }
        out[n++] = c;
        ended = ends_flow(c);
    }
    if (ended && n < s->nstmts)
        d->changed = true;
    s->stmts = out;
    s->nstmts = n;
    return s;
}

static bool literal(const MirExpr *e, FoldValue *v)
{
    return e && fold_is_scalar(e->type) && fold_value(e, v);
}

static bool truth(FoldValue v)
{
    return v.is_int ? v.i != 0 : v.r != 0;
}

static MirStmt *dce_stmt(MirStmt *s, void *ctx)
{
    Dce *d = ctx;
    FoldValue v, lo, hi;
    switch (s->kind) {
    case MS_IF:
        if (literal(s->cond, &v)) {
            MirStmt *taken = truth(v) ? s->body : s->else_body;
            d->changed = true;
            return taken ? taken : mir_new_stmt(d->a, MS_SKIP, s->span);
        }
        if (is_empty(s->body) && is_empty(s->else_body)
            && !fold_may_fail(s->cond))
            return skip(d, s);
        return s;
    case MS_WHILE:
        if (literal(s->cond, &v) && !truth(v))
            return skip(d, s);
        return s;
    case MS_FOR:
        if (literal(s->lo, &lo) && literal(s->hi, &hi) && lo.is_int
            && hi.is_int && lo.i > hi.i)
            return skip(d, s);
        if (is_empty(s->body) && !fold_may_fail(s->lo)
            && !fold_may_fail(s->hi))
            return skip(d, s);
        return s;
    case MS_BLOCK:
    case MS_SLIST:
        return tidy_list(d, s);
    default:
        return s;
    }
}

/* ------------------------------------------------------- counting names */

static bool count_read(MirExpr *e, void *ctx)
{
    Dce *d = ctx;
    if (e->kind == MX_VAR && e->var >= 0) {
        d->reads[e->var]++;
        d->names[e->var]++;
    }
    return true;
}

static bool count_write(MirStmt *s, void *ctx)
{
    Dce *d = ctx;
    if (s->kind == MS_ASSIGN && s->lhs.var >= 0)
        d->names[s->lhs.var]++;
    if (s->kind == MS_FOR && s->var >= 0)
        d->names[s->var]++;
    return true;
}

static void count(Dce *d)
{
    size_t n = (size_t)(d->p->nvars ? d->p->nvars : 1);
    d->reads = arena_alloc(d->a, sizeof(int) * n);
    d->names = arena_alloc(d->a, sizeof(int) * n);
    memset(d->reads, 0, sizeof(int) * n);
    memset(d->names, 0, sizeof(int) * n);
    MirVisitor v = {.expr = count_read, .stmt = count_write, .ctx = d,
                    .decl_sizes = true, .p = d->p};
    mir_visit_program(d->p, &v);
    /* the outputs and the inputs are observed from outside */
    for (int i = 0; i < d->p->noutput; i++)
        d->reads[d->p->output_vars[i]]++;
    for (int i = 0; i < d->p->ninput; i++)
        d->reads[d->p->input_vars[i]]++;
}

/* Assignments whose value no path reads: x = e where x is not live after
 * the statement (a local scalar, e unable to fail), become skips. */
static void dead_stores(Dce *d, MirStmt **body)
{
    if (!*body)
        return;
    Flowgraph *g = fg_build(d->a, d->p, body);
    DfResult *live = df_liveness(d->a, g, NULL);
    for (int i = 0; i < g->n; i++) {
        const FgNode *n = &g->nodes[i];
        MirStmt *s = n->stmt;
        if (!s || s->kind != MS_ASSIGN || !n->slot || *n->slot != s
            || s->lhs.nsteps > 0 || !is_local(d->p, s->lhs.var)
            || !fold_is_scalar(s->lhs.type) || fold_may_fail(s->rhs)
            || df_has(live->out[i], s->lhs.var))
            continue;
        *n->slot = mir_new_stmt(d->a, MS_SKIP, s->span);
        d->changed = true;
    }
}

bool pass_dce(MirProgram *p, PassCtx *ctx)
{
    Dce d = {.p = p, .a = ctx->a};
    bool any = false;
    /* removing x = y may leave y unread: repeat until nothing changes */
    for (int round = 0; round < 64; round++) {
        d.changed = false;
        count(&d);
        MirRewriter r = {.stmt = dce_stmt, .ctx = &d, .p = p};
        mir_rewrite_program(p, &r);
        for (int i = 0; i < p->nfuns; i++)
            dead_stores(&d, &p->funs[i].body);
        for (int sec = 0; sec < MIR__NSECTIONS; sec++)
            dead_stores(&d, mir_section(p, (MirSection)sec));
        if (!d.changed)
            break;
        any = true;
    }
    return any;
}
