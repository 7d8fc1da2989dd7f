/* factor_graph.c - the factor graph of a program's log density (see
 * analyses.h): factors from the terms of target and of the Jacobian in
 * log_prob, variables from the data, transformed data, parameters and
 * transformed parameters, edges by dependence (vardeps.c), plates from the
 * enclosing for loops.
 *
 * As stanc3's Factor_graph does, a `target += a + b` gives one factor per
 * summand.  Edges do not follow index expressions nor loop bounds (y[n]
 * is an edge to y, not to n nor to the N bounding n's loop: that is the
 * plate). */
#include <stdlib.h>
#include <string.h>

#include "analyses.h"
#include "vardeps.h"

typedef struct Build {
    FactorGraph *g;
    VarDeps *deps;
    CtxDeps *ctxd;      /* what the contexts are decided from */
    int cap_factors, cap_edges, cap_plates;
    int plate;          /* the innermost plate open, or -1 */
    const MirExpr *conds[64];   /* the conditions of the ifs and whiles */
    int nconds;                 /* around the statement (the innermost 64) */
} Build;

/* The family of a density call ("normal" for normal_lupdf), or NULL. */
static const char *density_family(Arena *a, const MirExpr *e)
{
    if (!e || e->kind != MX_CALL || e->fn_kind == FNK_INTERNAL || !e->fn
        || e->nargs < 1)
        return NULL;
    static const char *const suffixes[] = {"_lpdf", "_lupdf", "_lpmf",
                                           "_lupmf"};
    for (int i = 0; i < 4; i++)
        if (name_has_suffix(e->fn, suffixes[i]))
            return arena_strndup(a, e->fn,
                                 strlen(e->fn) - strlen(suffixes[i]));
    return NULL;
}

static bool calls_suffix(const MirExpr *e, const char *suffix)
{
    return e && e->kind == MX_CALL && e->fn_kind == FNK_USER && e->fn
        && name_has_suffix(e->fn, suffix);
}

static void *grow(Arena *a, void *old, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return old;
    int n = *cap ? 2 * *cap : 16;
    while (n < need)
        n *= 2;
    void *fresh = arena_alloc(a, size * (size_t)n);
    if (old)
        memcpy(fresh, old, size * (size_t)*cap);
    *cap = n;
    return fresh;
}

static bool in_graph(VarId v, const void *ctx)
{
    const FactorGraph *g = ctx;
    return g->var_index[v] >= 0;
}

/* The edges of a factor with this variate (NULL: none) and these
 * arguments; the conditions it runs under count as arguments (the
 * density depends on them). */
static void add_edges(Build *b, int f, const MirExpr *variate,
                      const MirExpr *const *args, int nargs)
{
    FactorGraph *g = b->g;
    const MirProgram *p = g->p;
    int nw = b->deps->nwords;
    DfWord *direct_v = arena_alloc(&g->arena, sizeof(DfWord) * (size_t)nw);
    DfWord *reach_v = arena_alloc(&g->arena, sizeof(DfWord) * (size_t)nw);
    DfWord *direct_a = arena_alloc(&g->arena, sizeof(DfWord) * (size_t)nw);
    DfWord *reach_a = arena_alloc(&g->arena, sizeof(DfWord) * (size_t)nw);
    if (variate) {
        vdep_reach_until(b->deps, variate, direct_v, in_graph, g);
        vdep_reach(b->deps, variate, reach_v, false);
    }
    for (int i = 0; i < nargs + b->nconds; i++) {
        const MirExpr *a = i < nargs ? args[i] : b->conds[i - nargs];
        vdep_reach_until(b->deps, a, direct_a, in_graph, g);
        vdep_reach(b->deps, a, reach_a, false);
    }
    bool partial = variate && variate->kind == MX_INDEXED;
    g->factors[f].first_edge = g->nedges;
    for (int v = 0; v < p->nvars; v++) {
        int gv = g->var_index[v];
        if (gv < 0)
            continue;
        bool in_v = df_has(reach_v, v), in_a = df_has(reach_a, v);
        bool direct = df_has(direct_v, v) || df_has(direct_a, v);
        if (!in_v && !in_a)
            continue;
        g->edges = grow(&g->arena, g->edges, &b->cap_edges, g->nedges + 1,
                        sizeof *g->edges);
        FgraphEdge *e = &g->edges[g->nedges++];
        e->factor = f;
        e->var = gv;
        e->role = in_v ? FGR_VARIATE : FGR_ARGUMENT;
        e->direct = direct;
        e->partial = in_v && partial;
    }
    g->factors[f].nedges = g->nedges - g->factors[f].first_edge;
}

/* Whether what e reads (and what that depends on, through local variables
 * and transformed parameters; values, not indices) includes data (1),
 * else parameters (2), else neither (0). */
static int reads_data(Build *b, const MirExpr *e)
{
    unsigned f = ctxd_expr(b->ctxd, e);
    return f & CTXD_DATA ? 1 : f & CTXD_PARAM ? 2 : 0;
}

/* The context of a factor: the rule is in analyses.h (FgraphContext). */
static FgraphContext classify(Build *b, FgraphFactorKind kind,
                              const MirExpr *term, const char *dist)
{
    if (kind == FGF_JACOBIAN || kind == FGF_JACOBIAN_CALL)
        return FGC_PRIOR;
    if (!term)
        return FGC_LIKELIHOOD;
    if (dist)
        return reads_data(b, term->args[0]) == 2 ? FGC_PRIOR
                                                  : FGC_LIKELIHOOD;
    /* a target += statement's other terms: walk() classifies the whole
     * statement */
    return reads_data(b, term) == 2 ? FGC_PRIOR : FGC_LIKELIHOOD;
}

static int new_factor(Build *b, FgraphFactorKind kind, const MirStmt *s,
                      const MirExpr *term, Span span)
{
    FactorGraph *g = b->g;
    g->factors = grow(&g->arena, g->factors, &b->cap_factors,
                      g->nfactors + 1, sizeof *g->factors);
    int f = g->nfactors++;
    FgraphFactor *x = &g->factors[f];
    memset(x, 0, sizeof *x);
    x->kind = kind;
    x->stmt = s;
    x->term = term;
    x->span = span;
    x->plate = b->plate;
    x->dist = density_family(&g->arena, term);
    x->fn = term && term->kind == MX_CALL ? term->fn : NULL;
    x->context = classify(b, kind, term, x->dist);
    if (!b->deps)
        x->first_edge = g->nedges;   /* the contexts only: no edges */
    else if (x->dist)
        add_edges(b, f, term->args[0],
                  (const MirExpr *const *)term->args + 1, term->nargs - 1);
    else if (term && term->kind == MX_CALL && term->op == OP_NONE)
        add_edges(b, f, NULL, (const MirExpr *const *)term->args,
                  term->nargs);
    else
        add_edges(b, f, NULL, (const MirExpr *const *)&term, term ? 1 : 0);
    return f;
}

/* One factor per summand of e (target += a + b is two terms). */
static void add_terms(Build *b, const MirStmt *s, const MirExpr *e,
                      bool jacobian)
{
    /* a sum of containers is one term: target += v + 1 adds sum(v) + N */
    if (e->kind == MX_CALL && e->op == OP_ADD && e->nargs == 2 && e->type
        && ty_is_scalar(e->type)) {
        add_terms(b, s, e->args[0], jacobian);
        add_terms(b, s, e->args[1], jacobian);
        return;
    }
    FgraphFactorKind kind = jacobian ? FGF_JACOBIAN : FGF_TARGET;
    Span span = e->span;
    /* a `~` is lowered to target += family_lupdf(...) spanning the whole
     * statement; one written as target += ... spans only the call */
    if (!jacobian && density_family(&b->g->arena, e)
        && memcmp(&e->span, &s->span, sizeof(Span)) == 0) {
        kind = FGF_TILDE;
        span = s->span;
    } else if (!jacobian && calls_suffix(e, "_lp")) {
        kind = FGF_LP_CALL;
    } else if (calls_suffix(e, "_jacobian")) {
        kind = FGF_JACOBIAN_CALL;
    }
    new_factor(b, kind, s, e, span);
}

/* Calls of _lp and _jacobian functions in e (outside target +=). */
static void add_calls(Build *b, const MirStmt *s, const MirExpr *e)
{
    if (!e)
        return;
    if (calls_suffix(e, "_lp")) {
        new_factor(b, FGF_LP_CALL, s, e, e->span);
        return;
    }
    if (calls_suffix(e, "_jacobian")) {
        new_factor(b, FGF_JACOBIAN_CALL, s, e, e->span);
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        add_calls(b, s, e->args[i]);
}

static void walk(Build *b, const MirStmt *s);

static void walk_list(Build *b, const MirStmt *s)
{
    for (int i = 0; i < s->nstmts; i++) {
        const MirStmt *x = s->stmts[i];
        /* the truncation of a `~` (T[L, U]) is lowered to an if after it,
         * at the same place: its terms belong to the `~`'s factor */
        if (i > 0 && x->kind == MS_IF && s->stmts[i - 1]->kind == MS_TARGET_PE
            && memcmp(&x->span, &s->stmts[i - 1]->span, sizeof(Span)) == 0) {
            if (b->g->nfactors > 0
                && b->g->factors[b->g->nfactors - 1].stmt == s->stmts[i - 1])
                b->g->factors[b->g->nfactors - 1].trunc = x;
            continue;
        }
        walk(b, x);
    }
}

static void walk(Build *b, const MirStmt *s)
{
    if (!s)
        return;
    FactorGraph *g = b->g;
    switch (s->kind) {
    case MS_TARGET_PE: {
        int first = g->nfactors;
        add_terms(b, s, s->rhs, false);
        /* a statement that is not a sum of densities is one factor for the
         * contexts (analyses.h, FgraphContext) */
        bool densities = true;
        for (int f = first; f < g->nfactors; f++)
            densities &= g->factors[f].dist != NULL;
        if (!densities) {
            FgraphContext c = reads_data(b, s->rhs) == 2 ? FGC_PRIOR
                                                          : FGC_LIKELIHOOD;
            for (int f = first; f < g->nfactors; f++)
                g->factors[f].context = c;
        }
        return;
    }
    case MS_JACOBIAN_PE:
        add_terms(b, s, s->rhs, true);
        return;
    case MS_CALL:
        add_calls(b, s, s->call);
        return;
    case MS_ASSIGN:
    case MS_RETURN:
        add_calls(b, s, s->rhs);
        return;
    case MS_FOR: {
        add_calls(b, s, s->lo);
        add_calls(b, s, s->hi);
        g->plates = grow(&g->arena, g->plates, &b->cap_plates,
                         g->nplates + 1, sizeof *g->plates);
        int k = g->nplates++;
        FgraphPlate *pl = &g->plates[k];
        pl->loop_var = s->var;
        pl->name = g->p->vars[s->var].name;
        pl->span = s->span;
        pl->lo = s->lo;
        pl->hi = s->hi;
        pl->parent = b->plate;
        int saved = b->plate;
        b->plate = k;
        walk(b, s->body);
        b->plate = saved;
        return;
    }
    case MS_IF:
    case MS_WHILE: {
        add_calls(b, s, s->cond);
        int saved = b->nconds;
        if (b->nconds < (int)(sizeof b->conds / sizeof *b->conds))
            b->conds[b->nconds++] = s->cond;
        walk(b, s->body);
        walk(b, s->else_body);
        b->nconds = saved;
        return;
    }
    case MS_BLOCK:
    case MS_SLIST:
        walk_list(b, s);
        return;
    default:
        walk(b, s->body);
        return;
    }
}

static bool is_int_type(const Type *t)
{
    return t && ty_base(t)->kind == TY_INT;
}

static FactorGraph *build(const MirProgram *p, bool edges)
{
    FactorGraph *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->p = p;
    Build b = {.g = g, .plate = -1};
    if (edges)
        b.deps = vdep_build(&g->arena, p, false);
    b.ctxd = ctxd_build(&g->arena, p);
    g->var_index = arena_alloc(&g->arena, sizeof(int) * (size_t)(p->nvars + 1));
    g->vars = arena_alloc(&g->arena, sizeof *g->vars * (size_t)(p->nvars + 1));
    /* parameters and transformed parameters are declared again in
     * generate_quantities and transform_inits: the log density's own are
     * those declared at the top of log_prob */
    bool *in_log_prob = arena_alloc(&g->arena, sizeof(bool) * (size_t)(p->nvars + 1));
    for (int i = 0; p->log_prob && i < p->log_prob->nstmts; i++)
        if (p->log_prob->stmts[i]->kind == MS_DECL)
            in_log_prob[p->log_prob->stmts[i]->var] = true;
    for (int v = 0; v < p->nvars; v++) {
        const MirVar *mv = &p->vars[v];
        FgraphVarKind kind;
        if ((mv->kind == MV_PARAM || mv->kind == MV_TPARAM) && !in_log_prob[v]) {
            g->var_index[v] = -1;
            continue;
        }
        switch (mv->kind) {
        case MV_DATA: kind = FGV_DATA; break;
        case MV_TDATA: kind = FGV_TDATA; break;
        case MV_PARAM: kind = FGV_PARAM; break;
        case MV_TPARAM: kind = FGV_TPARAM; break;
        default:
            g->var_index[v] = -1;
            continue;
        }
        g->var_index[v] = g->nvars;
        g->vars[g->nvars++] = (FgraphVar){v, mv->name, kind,
                                          is_int_type(mv->sized.type)};
    }
    walk(&b, p->log_prob);
    return g;
}

FactorGraph *fgraph_build(const MirProgram *p)
{
    return build(p, true);
}

FactorGraph *fgraph_build_contexts(const MirProgram *p)
{
    return build(p, false);
}

void fgraph_free(FactorGraph *g)
{
    if (!g)
        return;
    arena_free(&g->arena);
    free(g);
}

const FgraphEdge *fgraph_edge(const FactorGraph *g, int f, int v)
{
    const FgraphFactor *x = &g->factors[f];
    for (int i = 0; i < x->nedges; i++)
        if (g->edges[x->first_edge + i].var == v)
            return &g->edges[x->first_edge + i];
    return NULL;
}

const char *fgraph_factor_kind_name(FgraphFactorKind k)
{
    switch (k) {
    case FGF_TILDE: return "tilde";
    case FGF_TARGET: return "target";
    case FGF_LP_CALL: return "lp_call";
    case FGF_JACOBIAN: return "jacobian";
    case FGF_JACOBIAN_CALL: return "jacobian_call";
    }
    return "?";
}

const char *fgraph_context_name(FgraphContext c)
{
    return c == FGC_PRIOR ? "prior" : "likelihood";
}

const char *fgraph_var_kind_name(FgraphVarKind k)
{
    switch (k) {
    case FGV_DATA: return "data";
    case FGV_TDATA: return "transformed_data";
    case FGV_PARAM: return "parameter";
    case FGV_TPARAM: return "transformed_parameter";
    }
    return "?";
}
