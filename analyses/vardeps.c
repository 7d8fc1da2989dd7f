/* vardeps.c - what each variable's value depends on, for the factor graph
 * and pedantic mode: the variables read by every assignment to it and by
 * the conditions of the ifs and whiles it is assigned under; in the full
 * form also by the indices (its left-hand side's and those it reads) and
 * by the bounds of the loops it is assigned in.  Closed transitively.
 * Flow-insensitive (all assignments of a variable count, wherever they
 * are), so it errs toward more dependence.  The factor graph takes the
 * values only (a loop is a plate, and y[n] reads y, not the N bounding
 * n); whether a control statement depends on a parameter takes the full
 * form.
 *
 * Read: prepare_data (transformed data), log_prob (transformed
 * parameters, the model block), the user functions' bodies (their
 * locals and arguments are variables of their own).  A parameter's
 * declared bounds are not among its dependences: the factor graph would
 * otherwise join mu to the likelihood of theta in vector<offset=mu>
 * theta (pedantic_graph.c counts bounds as uses instead).  A call of a
 * user function depends on its arguments only: its body cannot assign
 * the caller's variables. */
#include <string.h>

#include "analyses.h"
#include "vardeps.h"

void vdep_expr_vars(const MirExpr *e, DfWord *set, bool indices)
{
    if (!e)
        return;
    if (e->kind == MX_VAR && e->var >= 0)
        df_add(set, e->var);
    for (int i = 0; i < e->nargs; i++)
        vdep_expr_vars(e->args[i], set, indices);
    if (indices)
        for (int i = 0; i < e->nindices; i++) {
            vdep_expr_vars(e->indices[i].lo, set, true);
            vdep_expr_vars(e->indices[i].hi, set, true);
        }
}

typedef struct Walk {
    VarDeps *d;
    DfWord *control;    /* the variables of the enclosing conditions */
} Walk;

static void add_set(DfWord *to, const DfWord *from, int nwords)
{
    for (int w = 0; w < nwords; w++)
        to[w] |= from[w];
}

static void walk(Walk *k, const MirStmt *s)
{
    if (!s)
        return;
    VarDeps *d = k->d;
    int nw = d->nwords;
    switch (s->kind) {
    case MS_ASSIGN: {
        DfWord *on = d->on[s->lhs.var];
        vdep_expr_vars(s->rhs, on, d->full);
        for (int st = 0; d->full && st < s->lhs.nsteps; st++)
            for (int i = 0; i < s->lhs.steps[st].nindices; i++) {
                vdep_expr_vars(s->lhs.steps[st].indices[i].lo, on, true);
                vdep_expr_vars(s->lhs.steps[st].indices[i].hi, on, true);
            }
        add_set(on, k->control, nw);
        return;
    }
    case MS_IF:
    case MS_WHILE:
    case MS_FOR: {
        DfWord saved[nw];
        memcpy(saved, k->control, sizeof(DfWord) * (size_t)nw);
        if (s->kind == MS_FOR && d->full) {
            DfWord *on = d->on[s->var];
            vdep_expr_vars(s->lo, on, true);
            vdep_expr_vars(s->hi, on, true);
            add_set(on, k->control, nw);
            vdep_expr_vars(s->lo, k->control, true);
            vdep_expr_vars(s->hi, k->control, true);
        } else if (s->kind != MS_FOR) {
            vdep_expr_vars(s->cond, k->control, d->full);
        }
        walk(k, s->body);
        walk(k, s->else_body);
        memcpy(k->control, saved, sizeof(DfWord) * (size_t)nw);
        return;
    }
    default:
        break;
    }
    walk(k, s->body);
    walk(k, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        walk(k, s->stmts[i]);
}

VarDeps *vdep_build(Arena *a, const MirProgram *p, bool full)
{
    VarDeps *d = NEW(a, VarDeps);
    d->nvars = p->nvars;
    d->nwords = df_words(p->nvars + 1);
    d->full = full;
    d->on = arena_alloc(a, sizeof(DfWord *) * (size_t)(p->nvars + 1));
    for (int v = 0; v < p->nvars; v++)
        d->on[v] = arena_alloc(a, sizeof(DfWord) * (size_t)d->nwords);
    Walk k = {d, arena_alloc(a, sizeof(DfWord) * (size_t)d->nwords)};
    walk(&k, p->prepare_data);
    walk(&k, p->log_prob);
    for (int f = 0; f < p->nfuns; f++)
        walk(&k, p->funs[f].body);
    d->step = arena_alloc(a, sizeof(DfWord *) * (size_t)(p->nvars + 1));
    for (int v = 0; v < p->nvars; v++) {
        d->step[v] = arena_alloc(a, sizeof(DfWord) * (size_t)d->nwords);
        memcpy(d->step[v], d->on[v], sizeof(DfWord) * (size_t)d->nwords);
    }
    /* the transitive closure: on[v] |= on[u] for every u in on[v] */
    for (bool changed = true; changed;) {
        changed = false;
        for (int v = 0; v < p->nvars; v++)
            for (int u = 0; u < p->nvars; u++) {
                if (u == v || !df_has(d->on[v], u))
                    continue;
                for (int w = 0; w < d->nwords; w++) {
                    DfWord next = d->on[v][w] | d->on[u][w];
                    if (next != d->on[v][w]) {
                        d->on[v][w] = next;
                        changed = true;
                    }
                }
            }
    }
    return d;
}

void vdep_reach(const VarDeps *d, const MirExpr *e, DfWord *set, bool indices)
{
    DfWord direct[d->nwords];
    memset(direct, 0, sizeof direct);
    vdep_expr_vars(e, direct, indices);
    for (int u = 0; u < d->nvars; u++)
        if (df_has(direct, u)) {
            df_add(set, u);
            add_set(set, d->on[u], d->nwords);
        }
}

void vdep_reach_until(const VarDeps *d, const MirExpr *e, DfWord *set,
                      bool (*stop)(VarId v, const void *ctx),
                      const void *ctx)
{
    DfWord done[d->nwords];
    memset(done, 0, sizeof done);
    vdep_expr_vars(e, set, false);
    for (bool changed = true; changed;) {
        changed = false;
        for (int u = 0; u < d->nvars; u++) {
            if (!df_has(set, u) || df_has(done, u))
                continue;
            df_add(done, u);
            if (stop(u, ctx))
                continue;
            for (int w = 0; w < d->nwords; w++)
                set[w] |= d->step[u][w];
            changed = true;
        }
    }
}
