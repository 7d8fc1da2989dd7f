/* pedantic_graph.c - pedantic mode's checks on the factor graph (Stan user
 * guide, "Unused parameters", "Parameters with zero or multiple priors",
 * "Parameters with multiple tildes"):
 *   - a parameter no factor depends on is unused;
 *   - a parameter with no prior, or with several;
 *   - a parameter on the left of more than one `~` statement (or an
 *     equivalent target += density call), counted by statement.
 *
 * A prior of a parameter P is a factor F with P as its variate (a factor
 * counts as a prior only for its variate; a density with no variable in
 * its variate -- 1 ~ normal(d, 1) -- for every parameter it touches; a
 * factor of no density -- target += -0.5 * x^2, an _lp call -- for every
 * parameter it touches that has no prior from a density: an _lp function
 * giving z ~ normal(0, tau) is not a second prior of tau)
 * from which no path in the factor graph reaches modeled data but through
 * P (see reaches_data).  So where the user guide's example counts
 * c ~ normal(b, 1) as b's prior, here it is c's only, and b, whose own
 * factor b ~ normal(x, 1) reads modeled data, has none
 * (tests/golden/pedantic_priors_guide_fires).  Modeled data is data that is the variate of some factor (or read by
 * a factor with no variate, such as a target += log_mix(...)):
 * a hyperparameter given as data (mu ~ normal(0, tau) with tau in data)
 * is a constant, not an observation, so it does not make a prior a
 * likelihood -- stanc3 takes all real data as modeled and warns there;
 * and a parameter used as another one's scale (mu ~ normal(0, sigma)) does
 * not count that factor among sigma's priors -- stanc3 does and warns
 * "sigma has 2 priors".  Jacobian terms are never priors.  Indexed
 * variables count as one: a parameter whose priors are on its elements
 * (b[1] ~ ...; b[2] ~ ...) is not said to have several. */
#include <string.h>

#include "pedantic.h"

static bool has_variate(const FactorGraph *g, const FgraphFactor *x);

static bool is_jacobian(const FgraphFactor *f)
{
    return f->kind == FGF_JACOBIAN || f->kind == FGF_JACOBIAN_CALL;
}

/* Per variable index: whether it is modeled data -- the variate of a
 * factor, or read by a factor with no variate (target += log_mix(...,
 * normal_lpdf(y[n] | ...)), reduce_sum over y). */
static bool *modeled_data(PedCtx *c)
{
    const FactorGraph *g = c->graph;
    bool *modeled = arena_alloc(&c->scratch, sizeof(bool) * (size_t)(g->nvars + 1));
    for (int i = 0; i < g->nedges; i++) {
        const FgraphEdge *e = &g->edges[i];
        const FgraphVar *v = &g->vars[e->var];
        const FgraphFactor *x = &g->factors[e->factor];
        if ((v->kind == FGV_DATA || v->kind == FGV_TDATA) && !is_jacobian(x)
            && e->direct && (e->role == FGR_VARIATE || !has_variate(g, x)))
            modeled[e->var] = true;
    }
    return modeled;
}


/* Whether the factor's variate reads a variable of the graph (not so for
 * 1 ~ normal(d, 1), which acts as a function of its arguments). */
static bool has_variate(const FactorGraph *g, const FgraphFactor *x)
{
    for (int i = 0; i < x->nedges; i++)
        if (g->edges[x->first_edge + i].role == FGR_VARIATE)
            return true;
    return false;
}

/* Whether a path from factor f reaches modeled data without passing
 * through variable index p.  The path runs along the edges by which a
 * factor reads a variable itself or through locals, and from a
 * transformed parameter to what it depends on (and back); the
 * transformed parameters that depend on p are p in another form (theta =
 * mu + tau * p) and are not passed either.  Data not modeled, and
 * transformed data, are dead ends: constants (mu ~ normal(0, 5 * y_scale)
 * is a prior of mu even when y_scale = sd(y)). */
static bool reaches_data(PedCtx *c, const bool *modeled, int f, int p)
{
    const FactorGraph *g = c->graph;
    const VarDeps *d = c->graph_deps;
    VarId pv = g->vars[p].var;
    bool *seen_f = arena_alloc(&c->scratch, sizeof(bool) * (size_t)(g->nfactors + 1));
    bool *seen_v = arena_alloc(&c->scratch, sizeof(bool) * (size_t)(g->nvars + 1));
    int *fq = arena_alloc(&c->scratch, sizeof(int) * (size_t)(g->nfactors + 1));
    int *vq = arena_alloc(&c->scratch, sizeof(int) * (size_t)(g->nvars + 1));
    int fh = 0, ft = 0, vh = 0, vt = 0;
    for (int v = 0; v < g->nvars; v++)
        if (v == p || (g->vars[v].kind == FGV_TPARAM
                       && df_has(d->on[g->vars[v].var], pv)))
            seen_v[v] = true;
    fq[ft++] = f;
    seen_f[f] = true;
    while (fh < ft || vh < vt) {
        if (fh < ft) {
            const FgraphFactor *x = &g->factors[fq[fh++]];
            for (int i = 0; i < x->nedges; i++) {
                const FgraphEdge *e = &g->edges[x->first_edge + i];
                if (e->direct && !seen_v[e->var]) {
                    seen_v[e->var] = true;
                    vq[vt++] = e->var;
                }
            }
            continue;
        }
        int v = vq[vh++];
        if (modeled[v])
            return true;
        FgraphVarKind k = g->vars[v].kind;
        if (k != FGV_PARAM && k != FGV_TPARAM)
            continue;
        VarId mv = g->vars[v].var;
        for (int e = 0; e < g->nedges; e++)
            if (g->edges[e].var == v && g->edges[e].direct
                && !seen_f[g->edges[e].factor]) {
                seen_f[g->edges[e].factor] = true;
                fq[ft++] = g->edges[e].factor;
            }
        /* a transformed parameter's sources; a parameter's dependents */
        for (int u = 0; u < g->nvars; u++) {
            if (seen_v[u])
                continue;
            VarId uv = g->vars[u].var;
            bool link = (k == FGV_TPARAM && df_has(d->on[mv], uv))
                || (k == FGV_PARAM && g->vars[u].kind == FGV_TPARAM
                    && df_has(d->on[uv], mv));
            if (link) {
                seen_v[u] = true;
                vq[vt++] = u;
            }
        }
    }
    return false;
}

/* Per variable index: whether the density depends on it -- a factor
 * touches it, or it is in the declared bounds of a parameter that is used
 * (real<lower=a> b: b's transform reads a). */
static bool *used_vars(PedCtx *c)
{
    const FactorGraph *g = c->graph;
    bool *used = arena_alloc(&c->scratch, sizeof(bool) * (size_t)(g->nvars + 1));
    for (int i = 0; i < g->nedges; i++)
        used[g->edges[i].var] = true;
    DfWord *set = arena_alloc(&c->scratch, sizeof(DfWord) * (size_t)c->deps->nwords);
    for (bool changed = true; changed;) {
        changed = false;
        for (int gv = 0; gv < g->nvars; gv++) {
            if (!used[gv] || g->vars[gv].kind != FGV_PARAM)
                continue;
            const MirSized *s = &c->p->vars[g->vars[gv].var].sized;
            vdep_reach(c->deps, s->tr_a, set, true);
            vdep_reach(c->deps, s->tr_b, set, true);
        }
        for (int gv = 0; gv < g->nvars; gv++)
            if (!used[gv] && df_has(set, g->vars[gv].var))
                used[gv] = changed = true;
    }
    return used;
}

static void check_priors(PedCtx *c)
{
    const FactorGraph *g = c->graph;
    bool *modeled = modeled_data(c);
    bool *used = used_vars(c);
    for (int gv = 0; gv < g->nvars; gv++) {
        if (g->vars[gv].kind != FGV_PARAM)
            continue;
        VarId v = g->vars[gv].var;
        const char *name = g->vars[gv].name;
        int touched = 0, priors = 0, others = 0;
        bool partial = false;
        for (int f = 0; f < g->nfactors; f++) {
            const FgraphEdge *e = fgraph_edge(g, f, gv);
            if (!e)
                continue;
            touched++;
            const FgraphFactor *x = &g->factors[f];
            if (is_jacobian(x) || (has_variate(g, x) && e->role != FGR_VARIATE))
                continue;
            if (reaches_data(c, modeled, f, gv))
                continue;
            if (!x->dist) {
                others++;   /* no density: counted when nothing else is */
                continue;
            }
            priors++;
            partial = partial || e->partial;
        }
        if (!priors)
            priors = others;
        if (!touched && !used[gv])
            ped_warn(c, NULL, v, D_PED_UNUSED, name);
        else if (!touched)
            continue;   /* used only in bounds: no factor to be a prior */
        else if (priors == 0)
            ped_warn(c, NULL, v, D_PED_NO_PRIOR, name);
        else if (priors > 1 && !partial)
            ped_warn(c, NULL, v, D_PED_PRIORS, name, priors);
    }
}

/* target += family_lpdf(P, ...) with P a parameter read whole, in the
 * order of the statements: multi-tildes. */
static void collect_tildes(PedCtx *c, const MirStmt *s, const MirStmt **first,
                           int *count)
{
    if (!s)
        return;
    if (s->kind == MS_TARGET_PE && ped_density(c, s->rhs)) {
        VarId v = ped_param_of(c, s->rhs->args[0]);
        if (v >= 0) {
            if (!count[v]++)
                first[v] = s;
        }
    }
    collect_tildes(c, s->body, first, count);
    collect_tildes(c, s->else_body, first, count);
    for (int i = 0; i < s->nstmts; i++)
        collect_tildes(c, s->stmts[i], first, count);
}

static void check_multi_tildes(PedCtx *c)
{
    const MirProgram *p = c->p;
    const MirStmt **first = arena_alloc(&c->scratch,
                                        sizeof(MirStmt *) * (size_t)(p->nvars + 1));
    int *count = arena_alloc(&c->scratch, sizeof(int) * (size_t)(p->nvars + 1));
    collect_tildes(c, p->log_prob, first, count);
    for (VarId v = 0; v < p->nvars; v++)
        if (count[v] > 1)
            ped_warn(c, &first[v]->span, v, D_PED_MULTI_TILDE,
                     p->vars[v].name);
}

void ped_check_graph(PedCtx *c)
{
    check_priors(c);
    check_multi_tildes(c);
}
