/* refresh.c - the per-node caches of the MIR (`effect` of every call, of
 * every function, and `ad` of every expression), recomputed from the
 * program as it is now.  Lowering computes them once; every pass changes
 * the program, so the pass runner recomputes them after each pass rather
 * than trusting what a rewrite left behind.
 *
 * The rules are the typechecker's: an expression needs derivatives when
 * one of its operands does, except that an int never does, an _rng draw
 * never does and target() always does; a variable's level is its
 * declaration's. */
#include <string.h>

#include "mir.h"

typedef struct Refresh {
    MirProgram *p;
    ScopeTable funs;     /* function names to indices, one per overload */
    int current;         /* the function whose body is walked, or -1 */
    /* the call graph's edges, callee to caller */
    int *callee, *caller;
    int nedges, capedges;
} Refresh;


/* ---------------------------------------------------------------- effects */

static MirEffect callee_effect(const Refresh *r, const char *called)
{
    MirEffect eff = mir_name_effect(called);
    const char *name = name_definition(r->p->arena, called);
    for (int i = scope_find(&r->funs, name); i >= 0;
         i = scope_older(&r->funs, i))
        eff |= r->p->funs[r->funs.entries[i].value].effect;
    return eff;
}

static void add_edge(Refresh *r, int callee, int caller)
{
    if (r->nedges == r->capedges) {
        int cap = r->capedges ? r->capedges * 2 : 64;
        int *ce = arena_alloc(r->p->arena, sizeof(int) * (size_t)cap);
        int *cr = arena_alloc(r->p->arena, sizeof(int) * (size_t)cap);
        if (r->nedges) {
            memcpy(ce, r->callee, sizeof(int) * (size_t)r->nedges);
            memcpy(cr, r->caller, sizeof(int) * (size_t)r->nedges);
        }
        r->callee = ce;
        r->caller = cr;
        r->capedges = cap;
    }
    r->callee[r->nedges] = callee;
    r->caller[r->nedges++] = caller;
}

/* First round: every call's own effect, user functions by their suffix
 * only; the edges of the call graph. */
static bool stamp_own(MirExpr *e, void *ctx)
{
    Refresh *r = ctx;
    if (e->kind != MX_CALL)
        return true;
    switch (e->fn_kind) {
    case FNK_INTERNAL:
        e->effect = mir_internal_effect(e->internal);
        break;
    case FNK_STANLIB:
        e->effect = mir_library_call_effect(e);
        break;
    case FNK_USER:
        e->effect = mir_name_effect(e->fn);
        if (r->current >= 0) {
            const char *name = name_definition(r->p->arena, e->fn);
            for (int i = scope_find(&r->funs, name); i >= 0;
                 i = scope_older(&r->funs, i))
                add_edge(r, r->funs.entries[i].value, r->current);
        }
        break;
    }
    return true;
}

static bool stamp_user(MirExpr *e, void *ctx)
{
    const Refresh *r = ctx;
    if (e->kind == MX_CALL && e->fn_kind == FNK_USER)
        e->effect = callee_effect(r, e->fn);
    return true;
}

static bool or_effect(MirExpr *e, void *ctx)
{
    if (e->kind == MX_CALL)
        *(MirEffect *)ctx |= e->effect;
    return true;
}

static bool or_stmt_effect(MirStmt *s, void *ctx)
{
    if (s->kind == MS_TARGET_PE || s->kind == MS_JACOBIAN_PE)
        *(MirEffect *)ctx |= EFF_TARGET;
    return true;
}

MirEffect mir_stmt_effect(MirStmt *s)
{
    MirEffect eff = EFF_PURE;
    MirVisitor v = {.expr = or_effect, .stmt = or_stmt_effect, .ctx = &eff};
    mir_visit_stmt(s, &v);
    return eff;
}

MirEffect mir_expr_effect(MirExpr *e)
{
    MirEffect eff = EFF_PURE;
    MirVisitor v = {.expr = or_effect, .ctx = &eff};
    mir_visit_expr(e, &v);
    return eff;
}

/* A function's effect is its body's, through the functions it calls (the
 * least fixed point, recursion included): a worklist passes every change
 * on to the callers, so the work is linear in the program. */
static void function_effects(Refresh *r)
{
    MirProgram *p = r->p;
    int n = p->nfuns;
    for (int i = 0; i < n; i++) {
        MirFun *f = &p->funs[i];
        r->current = i;
        MirVisitor own = {.expr = stamp_own, .ctx = r, .decl_sizes = true,
                          .p = p};
        mir_visit_stmt(f->body, &own);
        f->effect = mir_name_effect(f->name);
        if (f->body)
            f->effect |= mir_stmt_effect(f->body);
    }
    r->current = -1;
    if (n == 0)
        return;
    Arena *a = p->arena;
    int *start = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *callers = arena_alloc(a, sizeof(int) * (size_t)(r->nedges + 1));
    for (int e = 0; e < r->nedges; e++)
        start[r->callee[e] + 1]++;
    for (int j = 0; j < n; j++)
        start[j + 1] += start[j];
    int *fill = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    memcpy(fill, start, sizeof(int) * (size_t)n);
    for (int e = 0; e < r->nedges; e++)
        callers[fill[r->callee[e]]++] = r->caller[e];
    int *work = arena_alloc(a, sizeof(int) * (size_t)n);
    bool *queued = arena_alloc(a, sizeof(bool) * (size_t)n);
    int nwork = 0;
    for (int i = n - 1; i >= 0; i--) {
        work[nwork++] = i;
        queued[i] = true;
    }
    while (nwork > 0) {
        int j = work[--nwork];
        queued[j] = false;
        for (int k = start[j]; k < start[j + 1]; k++) {
            MirFun *c = &p->funs[callers[k]];
            MirEffect eff = c->effect | p->funs[j].effect;
            if (eff == c->effect)
                continue;
            c->effect = eff;
            if (!queued[callers[k]]) {
                queued[callers[k]] = true;
                work[nwork++] = callers[k];
            }
        }
    }
}

void mir_refresh_effects(MirProgram *p)
{
    Refresh r = {.p = p, .current = -1};
    scope_init(&r.funs, p->arena);
    scope_push(&r.funs);
    for (int i = 0; i < p->nfuns; i++)
        scope_declare(&r.funs, p->funs[i].name, i);
    function_effects(&r);
    /* the sizes and bounds of declarations too: they are evaluated */
    MirVisitor own = {.expr = stamp_own, .ctx = &r, .decl_sizes = true,
                      .p = p};
    for (int s = 0; s < MIR__NSECTIONS; s++)
        mir_visit_stmt(*mir_section(p, (MirSection)s), &own);
    MirVisitor user = {.expr = stamp_user, .ctx = &r, .decl_sizes = true,
                       .p = p};
    mir_visit_program(p, &user);
}

/* --------------------------------------------------------------- AD level */

static AdLevel join(int n, MirExpr **args)
{
    for (int i = 0; i < n; i++)
        if (args[i]->ad == AD_AUTODIFF)
            return AD_AUTODIFF;
    return AD_DATA;
}

static bool is_rng(const char *name)
{
    return name && name_has_suffix(name, "_rng");
}

AdLevel mir_expr_ad(const MirProgram *p, const MirExpr *e, AdLevel section_ad)
{
    AdLevel ad = AD_DATA;
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
    case MX_IMAG:
    case MX_STR:
    case MX_AND:
    case MX_OR:
        return AD_DATA;
    case MX_VAR:
        ad = e->var >= 0 ? p->vars[e->var].ad : AD_DATA;
        break;
    case MX_CALL:
        if (e->fn_kind == FNK_INTERNAL && e->internal == FN_TARGET)
            return AD_AUTODIFF;
        /* a parameter read needs derivatives where the section does */
        if (e->fn_kind == FNK_INTERNAL && e->internal == FN_READ_PARAM)
            return section_ad;
        /* a transform's value is its first argument's, transformed */
        if (e->fn_kind == FNK_INTERNAL && (e->internal == FN_CONSTRAIN
                                           || e->internal == FN_UNCONSTRAIN))
            return e->nargs > 0 ? e->args[0]->ad : AD_DATA;
        ad = is_rng(e->fn) ? AD_DATA : join(e->nargs, e->args);
        break;
    case MX_TERNARY:
        ad = join(e->nargs - 1, e->args + 1);
        break;
    case MX_INDEXED:
    case MX_PROMOTE:
    case MX_TUPLE_PROJ:
        ad = e->args[0]->ad;
        break;
    case MX__COUNT:
        break;
    }
    /* an int never carries a derivative, nor does a void function's
     * value (a compiler internal's keeps its arguments' level: the
     * backend reads it as "a check or print of values with derivatives") */
    if (e->type && (ty_base(e->type)->kind == TY_INT
                    || (e->type->kind == TY_VOID && e->kind == MX_CALL
                        && e->fn_kind != FNK_INTERNAL)))
        return AD_DATA;
    return ad;
}

typedef struct AdCtx {
    const MirProgram *p;
    AdLevel section;
} AdCtx;

static MirExpr *refresh_ad(MirExpr *e, void *ctx)
{
    const AdCtx *c = ctx;
    e->ad = mir_expr_ad(c->p, e, c->section);
    return e;
}

void mir_refresh_ad(MirProgram *p)
{
    /* only log_prob differentiates; a function body's expressions follow
     * its arguments' levels */
    AdCtx c = {.p = p, .section = AD_DATA};
    MirRewriter r = {.expr = refresh_ad, .ctx = &c, .p = p,
                     .decl_sizes = true};
    for (int i = 0; i < p->nfuns; i++)
        mir_rewrite_stmt(p->funs[i].body, &r);
    for (int s = 0; s < MIR__NSECTIONS; s++) {
        c.section = s == MIR_LOG_PROB ? AD_AUTODIFF : AD_DATA;
        mir_rewrite_stmt(*mir_section(p, (MirSection)s), &r);
    }
}

void mir_refresh(MirProgram *p)
{
    mir_refresh_effects(p);
    mir_refresh_ad(p);
}
