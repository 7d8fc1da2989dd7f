/* depend.c - which variables' values depend on the parameters: the least
 * fixed point over every assignment of the program (data-flow, not
 * control: a value assigned under a condition on a parameter has no
 * derivative through that condition).
 *
 * Sources: the parameters, FnReadParam__ (the values read in log_prob
 * and generate_quantities), target() and calls that read target (_lp
 * functions), and the arguments of user functions that may carry
 * derivatives (a function's body is analysed once for every call).  A
 * variable depends when an assignment to it -- whole or through indices,
 * whose expressions count too -- reads a value that depends.  Nothing is
 * read from the per-node `ad` caches, so the answer holds after any
 * rewrite.
 *
 * Users: the C backend (a complex local that does not depend on the
 * parameters gets no adjoint: backend/emit_complex.c) and the adlevel
 * pass (what needs no gradient). */
#include "mir.h"

bool mir_depends(const MirDepends *d, const MirExpr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case MX_VAR:
        return e->var >= 0 && e->var < d->nvars && d->var[e->var];
    case MX_CALL:
        if (e->fn_kind == FNK_INTERNAL && e->internal == FN_READ_PARAM)
            return true;
        if (e->effect & EFF_TARGET)
            return true;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->nargs; i++)
        if (mir_depends(d, e->args[i]))
            return true;
    for (int i = 0; i < e->nindices; i++)
        if (mir_depends(d, e->indices[i].lo)
            || mir_depends(d, e->indices[i].hi))
            return true;
    return false;
}

/* One round over the assignments of s: marks what now depends. */
static void scan(MirDepends *d, bool *var, const MirStmt *s, bool *changed)
{
    if (!s)
        return;
    VarId v = s->kind == MS_ASSIGN ? s->lhs.var
        : s->kind == MS_FOR ? s->var : -1;
    if (v >= 0 && v < d->nvars && !var[v]) {
        bool dep;
        if (s->kind == MS_FOR) {
            dep = mir_depends(d, s->lo) || mir_depends(d, s->hi);
        } else {
            dep = mir_depends(d, s->rhs);
            for (int k = 0; k < s->lhs.nsteps && !dep; k++)
                for (int i = 0; i < s->lhs.steps[k].nindices; i++) {
                    const MirIndex *x = &s->lhs.steps[k].indices[i];
                    dep = dep || mir_depends(d, x->lo)
                        || mir_depends(d, x->hi);
                }
        }
        if (dep) {
            var[v] = true;
            *changed = true;
        }
    }
    scan(d, var, s->body, changed);
    scan(d, var, s->else_body, changed);
    for (int i = 0; i < s->nstmts; i++)
        scan(d, var, s->stmts[i], changed);
}

MirDepends mir_param_dependence(const MirProgram *p, Arena *a)
{
    bool *var = arena_alloc(a, sizeof(bool) * (size_t)(p->nvars + 1));
    MirDepends d = {var, p->nvars};
    for (int v = 0; v < p->nvars; v++)
        var[v] = p->vars[v].kind == MV_PARAM;
    for (int f = 0; f < p->nfuns; f++)
        for (int i = 0; i < p->funs[f].nparams; i++) {
            VarId v = p->funs[f].params[i];
            if (v >= 0 && v < p->nvars && !p->funs[f].data_only[i])
                var[v] = true;
        }
    for (bool changed = true; changed;) {
        changed = false;
        scan(&d, var, p->prepare_data, &changed);
        scan(&d, var, p->log_prob, &changed);
        scan(&d, var, p->generate_quantities, &changed);
        for (int f = 0; f < p->nfuns; f++)
            scan(&d, var, p->funs[f].body, &changed);
    }
    return d;
}
