/* pedantic.c - stanc3's pedantic mode (--warn-pedantic): runs the checks
 * of pedantic_dist.c, pedantic_graph.c and pedantic_flow.c over the MIR as
 * lowered, drops the warnings about a declaration annotated @silent, and
 * adds the rest to the sink in stanc3's order: by location, those without
 * one first, each text once per place (stanc3 collects them in a set).
 * Also the helpers the checks share: constant evaluation (stanc3 runs
 * constant propagation and partial evaluation first, so that normal(x,
 * 1 - 2) is seen as normal(x, -1)), parameters, densities. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pedantic.h"

void ped_warn(PedCtx *c, const Span *span, VarId about, DiagId id, ...)
{
    va_list ap;
    va_start(ap, id);
    char *msg = diag_vformat(c->sink, id, ap);
    va_end(ap);
    if (c->nwarnings == c->cap) {
        int cap = c->cap ? 2 * c->cap : 16;
        PedWarning *w = arena_alloc(&c->scratch, sizeof *w * (size_t)cap);
        if (c->warnings)
            memcpy(w, c->warnings, sizeof *w * (size_t)c->nwarnings);
        c->warnings = w;
        c->cap = cap;
    }
    PedWarning *w = &c->warnings[c->nwarnings++];
    w->has_span = span != NULL;
    if (span)
        w->span = *span;
    w->id = id;
    w->msg = msg;
    w->about = about;
}

/* ------------------------------------------------------- shared helpers */

static const char *number_text(PedCtx *c, double v)
{
    if (v == floor(v) && fabs(v) < 1e15)
        return arena_printf(&c->scratch, "%.0f", v);
    return arena_printf(&c->scratch, "%.15g", v);
}

static bool const_depth(PedCtx *c, const MirExpr *e, PedConst *out, int depth)
{
    if (!e || depth > 32)
        return false;
    switch (e->kind) {
    case MX_INT:
        *out = (PedConst){(double)e->ival, e->text, e->span};
        return true;
    case MX_REAL:
        *out = (PedConst){e->rval, e->text, e->span};
        return true;
    case MX_PROMOTE:
        return const_depth(c, e->args[0], out, depth + 1);
    case MX_VAR:
        if (e->var < 0 || c->p->vars[e->var].kind != MV_LOCAL
            || c->nassign[e->var] != 1 || !c->assigned[e->var]
            || !const_depth(c, c->assigned[e->var], out, depth + 1))
            return false;
        out->span = e->span;
        return true;
    case MX_CALL:
        break;
    default:
        return false;
    }
    if (e->fn_kind != FNK_STANLIB || e->op == OP_NONE)
        return false;
    PedConst a, b;
    if (e->prefix && e->nargs == 1) {
        if (!const_depth(c, e->args[0], &a, depth + 1))
            return false;
        if (e->op == OP_PLUS) {
            *out = a;
            return true;
        }
        if (e->op != OP_NEG)
            return false;
        bool literal = e->args[0]->kind == MX_INT
                       || e->args[0]->kind == MX_REAL;
        out->value = -a.value;
        out->text = literal ? arena_printf(&c->scratch, "-%s", a.text)
                            : number_text(c, -a.value);
        out->span = literal ? a.span : e->span;
        return true;
    }
    if (e->nargs != 2 || !const_depth(c, e->args[0], &a, depth + 1)
        || !const_depth(c, e->args[1], &b, depth + 1))
        return false;
    bool ints = e->type && e->type->kind == TY_INT;
    double v;
    switch (e->op) {
    case OP_ADD: v = a.value + b.value; break;
    case OP_SUB: v = a.value - b.value; break;
    case OP_MUL: v = a.value * b.value; break;
    case OP_DIV:
    case OP_IDIV:
        if (b.value == 0)
            return false;
        v = a.value / b.value;
        if (ints)
            v = trunc(v);
        break;
    default:
        return false;
    }
    *out = (PedConst){v, number_text(c, v), e->span};
    return true;
}

bool ped_const(PedCtx *c, const MirExpr *e, PedConst *out)
{
    return const_depth(c, e, out, 0);
}

VarId ped_param_of(const PedCtx *c, const MirExpr *e)
{
    while (e && e->kind == MX_PROMOTE)
        e = e->args[0];
    if (e && e->kind == MX_VAR && e->var >= 0
        && c->p->vars[e->var].kind == MV_PARAM)
        return e->var;
    return -1;
}

const char *ped_density(PedCtx *c, const MirExpr *e)
{
    if (!e || e->kind != MX_CALL || e->fn_kind == FNK_INTERNAL || !e->fn
        || e->nargs < 1)
        return NULL;
    static const char *const suffixes[] = {"_lpdf", "_lupdf", "_lpmf",
                                           "_lupmf"};
    size_t n = strlen(e->fn);
    for (int i = 0; i < 4; i++) {
        size_t k = strlen(suffixes[i]);
        if (name_has_suffix(e->fn, suffixes[i]))
            return arena_strndup(&c->scratch, e->fn, n - k);
    }
    return NULL;
}

typedef void CallFn(PedCtx *c, const MirExpr *call, const MirStmt *stmt);

static void each_call_expr(PedCtx *c, const MirExpr *e, const MirStmt *s,
                           CallFn *f)
{
    if (!e)
        return;
    if (e->kind == MX_CALL)
        f(c, e, s);
    for (int i = 0; i < e->nargs; i++)
        each_call_expr(c, e->args[i], s, f);
    for (int i = 0; i < e->nindices; i++) {
        each_call_expr(c, e->indices[i].lo, s, f);
        each_call_expr(c, e->indices[i].hi, s, f);
    }
}

void ped_each_call(PedCtx *c, const MirStmt *s, CallFn *f)
{
    if (!s)
        return;
    each_call_expr(c, s->rhs, s, f);
    each_call_expr(c, s->call, s, f);
    each_call_expr(c, s->cond, s, f);
    each_call_expr(c, s->lo, s, f);
    each_call_expr(c, s->hi, s, f);
    ped_each_call(c, s->body, f);
    ped_each_call(c, s->else_body, f);
    for (int i = 0; i < s->nstmts; i++)
        ped_each_call(c, s->stmts[i], f);
}

static void count_assignments(PedCtx *c, const MirStmt *s)
{
    if (!s)
        return;
    if (s->kind == MS_ASSIGN && s->lhs.var >= 0) {
        c->nassign[s->lhs.var]++;
        c->assigned[s->lhs.var] = s->lhs.nsteps == 0 ? s->rhs : NULL;
    }
    count_assignments(c, s->body);
    count_assignments(c, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        count_assignments(c, s->stmts[i]);
}

/* -------------------------------------------------------- the entry */

bool ped_silent(const Annotation *annots, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(annots[i].name, "silent") == 0)
            return true;
    return false;
}

static bool silent(const MirProgram *p, VarId v)
{
    return v >= 0 && v < p->nvars
        && ped_silent(p->vars[v].annots, p->vars[v].nannots);
}

static int compare_loc(const Loc *a, const Loc *b)
{
    if (a->file != b->file)
        return a->file < b->file ? -1 : 1;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return 0;
}

static int compare_warnings(const void *x, const void *y)
{
    const PedWarning *a = x, *b = y;
    if (a->has_span != b->has_span)
        return a->has_span ? 1 : -1;
    if (a->has_span) {
        int d = compare_loc(&a->span.begin, &b->span.begin);
        if (!d)
            d = compare_loc(&a->span.end, &b->span.end);
        if (d)
            return d;
    }
    return strcmp(a->msg, b->msg);
}

bool ped_check(const MirProgram *p, DiagSink *sink)
{
    PedCtx c = {.p = p, .sink = sink, .arena = sink->arena};
    c.graph = fgraph_build(p);
    if (!c.graph)
        return false;
    c.deps = vdep_build(&c.scratch, p, true);
    c.graph_deps = vdep_build(&c.scratch, p, false);
    c.nassign = arena_alloc(&c.scratch, sizeof(int) * (size_t)(p->nvars + 1));
    c.assigned = arena_alloc(&c.scratch,
                             sizeof(MirExpr *) * (size_t)(p->nvars + 1));
    count_assignments(&c, p->log_prob);
    ped_check_distributions(&c);
    ped_check_graph(&c);
    ped_check_flow(&c);
    if (c.nwarnings > 1)   /* none: c.warnings is NULL, which qsort may not get */
        qsort(c.warnings, (size_t)c.nwarnings, sizeof *c.warnings,
              compare_warnings);
    for (int i = 0; i < c.nwarnings; i++) {
        const PedWarning *w = &c.warnings[i];
        if (silent(p, w->about))
            continue;
        if (i > 0 && compare_warnings(w, &c.warnings[i - 1]) == 0)
            continue;
        diag_emit_text(sink, w->id, w->has_span ? &w->span : NULL,
                       w->msg);
    }
    fgraph_free(c.graph);
    arena_free(&c.scratch);
    return true;
}
