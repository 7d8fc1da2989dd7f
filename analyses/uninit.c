/* uninit.c - --warn-uninitialized: reads of a variable that may not have
 * been assigned a value, as stanc3 reports them ("The variable y may not
 * have been assigned a value before its use.", at the read).
 *
 * A must-be-assigned analysis on the dataflow framework: forward, meet by
 * intersection, over the VarIds; a declaration kills its variable, an
 * assignment generates it; the entry starts with every variable (a
 * variable declared in the body is killed at its declaration before any
 * read can see it; one declared outside it -- data, parameters, the
 * transformed data read in log_prob -- is assigned there).  A read at
 * node n of a tracked variable not in in[n] is a use before assignment.
 *
 * The flowgraph (mir/flowgraph.c) gives the control flow: both arms of an
 * if; a while body that may run zero times; a for body that may run zero
 * times unless the loop surely runs once (literal bounds such as 1:3, or
 * 1:N with N an int declared in data with a lower bound of at least 1, as
 * the flowgraph decides: then an assignment in the body is made);
 * break and continue; return to the end of a function.  Nodes the entry
 * does not reach keep the top value: dead code is never reported.
 *
 * Decisions:
 *  - an assignment to part of a variable (x[i] = e, x.1 = e) counts as
 *    assigning it, as in stanc3: the analysis does not follow elements;
 *  - data, parameters, function arguments and loop variables are assigned
 *    by definition, and compiler temporaries are not reported
 *    (uninit_tracked); function names are not variables at all;
 *  - the analysis runs on the MIR as lowered (stanc3 runs it before its
 *    transformations), where every section's own statements are still as
 *    written; the generated quantities repeat the transformed parameters'
 *    statements, so a warning is kept once per variable name and place. */
#include "analyses.h"

#include <stdlib.h>
#include <string.h>

bool uninit_tracked(const MirProgram *p, VarId v)
{
    if (v < 0 || v >= p->nvars)
        return false;
    switch (p->vars[v].kind) {
    case MV_TDATA:
    case MV_TPARAM:
    case MV_GQ:
    case MV_LOCAL:
        return true;
    default:
        return false;
    }
}

DfResult *uninit_assigned(Arena *a, const Flowgraph *g)
{
    const MirProgram *p = g->p;
    int n = g->n, nbits = p->nvars, nw = df_words(nbits);
    DfWord **gen = arena_alloc(a, sizeof(DfWord *) * (size_t)(n + 1));
    DfWord **kill = arena_alloc(a, sizeof(DfWord *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        const FgNode *nd = &g->nodes[i];
        if (nd->kind != FG_STMT || !uninit_tracked(p, nd->def))
            continue;
        if (nd->stmt->kind == MS_DECL) {
            kill[i] = arena_alloc(a, sizeof(DfWord) * (size_t)nw);
            df_add(kill[i], nd->def);
        } else if (nd->stmt->kind == MS_ASSIGN) {
            /* whole or part (def_whole false): both assign */
            gen[i] = arena_alloc(a, sizeof(DfWord) * (size_t)nw);
            df_add(gen[i], nd->def);
        }
    }
    DfWord *all = arena_alloc(a, sizeof(DfWord) * (size_t)nw);
    for (int v = 0; v < nbits; v++)
        df_add(all, v);
    DfProblem pb = {.dir = DF_FORWARD, .meet = DF_INTERSECT, .nbits = nbits,
                    .boundary = all, .gen = gen, .kill = kill};
    return df_solve(a, g, &pb);
}

/* ------------------------------------------------------------------ uses */

typedef struct Uses {
    Arena *a;
    const MirProgram *p;
    const DfWord *assigned;   /* in[] of the node being read */
    UninitUse *v;
    int n, cap;
} Uses;

static bool has_place(Span sp)
{
    return sp.begin.line > 0;
}

static bool read_var(MirExpr *e, void *ctx)
{
    Uses *u = ctx;
    if (e->kind != MX_VAR || !uninit_tracked(u->p, e->var)
        || df_has(u->assigned, e->var) || !has_place(e->span))
        return true;
    if (u->n == u->cap) {
        int cap = u->cap ? 2 * u->cap : 16;
        UninitUse *v = arena_alloc(u->a, sizeof *v * (size_t)cap);
        if (u->n)
            memcpy(v, u->v, sizeof *v * (size_t)u->n);
        u->v = v;
        u->cap = cap;
    }
    u->v[u->n++] = (UninitUse){.var = e->var, .name = u->p->vars[e->var].name,
                               .span = e->span};
    return true;
}

/* The reads of one body (a function's or a section's). */
static void body_uses(Uses *u, MirProgram *p, MirStmt **body)
{
    if (!*body)
        return;
    Flowgraph *g = fg_build(u->a, p, body);
    DfResult *r = uninit_assigned(u->a, g);
    MirVisitor v = {.expr = read_var, .ctx = u};
    for (int i = 0; i < g->n; i++) {
        u->assigned = r->in[i];
        for (int k = 0; k < g->nodes[i].nexprs; k++)
            mir_visit_expr(g->nodes[i].exprs[k], &v);
    }
}

static int compare_loc(Loc a, Loc b)
{
    if (a.file != b.file)
        return a.file < b.file ? -1 : 1;
    if (a.line != b.line)
        return a.line < b.line ? -1 : 1;
    if (a.col != b.col)
        return a.col < b.col ? -1 : 1;
    return 0;
}

static int compare_uses(const void *x, const void *y)
{
    const UninitUse *a = x, *b = y;
    int c = compare_loc(a->span.begin, b->span.begin);
    if (!c)
        c = compare_loc(a->span.end, b->span.end);
    return c ? c : strcmp(a->name, b->name);
}

int uninit_uses(Arena *a, MirProgram *p, UninitUse **uses)
{
    Uses u = {.a = a, .p = p};
    for (int f = 0; f < p->nfuns; f++)
        body_uses(&u, p, &p->funs[f].body);
    for (MirSection s = 0; s < MIR__NSECTIONS; s++)
        body_uses(&u, p, mir_section(p, s));
    if (u.n > 1)
        qsort(u.v, (size_t)u.n, sizeof *u.v, compare_uses);
    int n = 0;
    for (int i = 0; i < u.n; i++)
        if (n == 0 || compare_uses(&u.v[n - 1], &u.v[i]) != 0)
            u.v[n++] = u.v[i];
    *uses = u.v;
    return n;
}

int uninit_warn(MirProgram *p, DiagSink *sink)
{
    UninitUse *uses;
    int n = uninit_uses(sink->arena, p, &uses);
    for (int i = 0; i < n; i++)
        diag_emit(sink, D_WARN_UNINITIALIZED, uses[i].span, uses[i].name);
    return n;
}
