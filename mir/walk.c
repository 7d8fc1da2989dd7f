/* walk.c - the one generic walker of MIR that passes and analyses share:
 * a visitor (read, in evaluation order) and a rewriter (replace
 * expressions bottom-up, statements bottom-up).
 *
 * Every expression a statement holds is reached: the right-hand side, the
 * call, the condition, the loop bounds, the indices of an assignment's
 * left-hand side, and (at a declaration, when the visitor asks for them)
 * the sizes and constraint arguments of the declared variable. */
#include "mir.h"

/* ---------------------------------------------------------------- visitor */

static void visit_index(const MirIndex *ix, const MirVisitor *v)
{
    mir_visit_expr(ix->lo, v);
    mir_visit_expr(ix->hi, v);
}

void mir_visit_expr(MirExpr *e, const MirVisitor *v)
{
    if (!e)
        return;
    if (v->expr && !v->expr(e, v->ctx))
        return;
    for (int i = 0; i < e->nargs; i++)
        mir_visit_expr(e->args[i], v);
    for (int i = 0; i < e->nindices; i++)
        visit_index(&e->indices[i], v);
    if (v->expr_post)
        v->expr_post(e, v->ctx);
}

static void visit_sized(const MirSized *z, const MirVisitor *v)
{
    for (int i = 0; i < z->ndims; i++)
        mir_visit_expr(z->dims[i], v);
    for (int i = 0; i < z->nsizes; i++)
        mir_visit_expr(z->size[i], v);
    mir_visit_expr(z->tr_a, v);
    mir_visit_expr(z->tr_b, v);
    for (int i = 0; i < z->nitems; i++)
        visit_sized(z->items[i], v);
}

void mir_visit_stmt_exprs(MirStmt *s, const MirVisitor *v)
{
    if (s->kind == MS_DECL && v->decl_sizes && v->p && s->var >= 0)
        visit_sized(&v->p->vars[s->var].sized, v);
    for (int i = 0; i < s->lhs.nsteps; i++)
        for (int k = 0; k < s->lhs.steps[i].nindices; k++)
            visit_index(&s->lhs.steps[i].indices[k], v);
    mir_visit_expr(s->lo, v);
    mir_visit_expr(s->hi, v);
    mir_visit_expr(s->cond, v);
    mir_visit_expr(s->rhs, v);
    mir_visit_expr(s->call, v);
}

void mir_visit_stmt(MirStmt *s, const MirVisitor *v)
{
    if (!s)
        return;
    if (v->stmt && !v->stmt(s, v->ctx))
        return;
    mir_visit_stmt_exprs(s, v);
    mir_visit_stmt(s->body, v);
    mir_visit_stmt(s->else_body, v);
    for (int i = 0; i < s->nstmts; i++)
        mir_visit_stmt(s->stmts[i], v);
    if (v->stmt_post)
        v->stmt_post(s, v->ctx);
}

MirStmt **mir_section(MirProgram *p, MirSection sec)
{
    switch (sec) {
    case MIR_PREPARE_DATA: return &p->prepare_data;
    case MIR_LOG_PROB: return &p->log_prob;
    case MIR_GENERATE_QUANTITIES: return &p->generate_quantities;
    case MIR_TRANSFORM_INITS: return &p->transform_inits;
    case MIR__NSECTIONS: break;
    }
    return NULL;
}

const char *mir_section_name(MirSection sec)
{
    static const char *const names[] = {
        [MIR_PREPARE_DATA] = "prepare_data",
        [MIR_LOG_PROB] = "log_prob",
        [MIR_GENERATE_QUANTITIES] = "generate_quantities",
        [MIR_TRANSFORM_INITS] = "transform_inits",
    };
    return sec >= 0 && sec < MIR__NSECTIONS ? names[sec] : "?";
}

void mir_visit_program(MirProgram *p, const MirVisitor *v)
{
    for (int i = 0; i < p->nfuns; i++)
        mir_visit_stmt(p->funs[i].body, v);
    for (int s = 0; s < MIR__NSECTIONS; s++)
        mir_visit_stmt(*mir_section(p, (MirSection)s), v);
}

/* --------------------------------------------------------------- rewriter */

static void rewrite_index(MirIndex *ix, const MirRewriter *r)
{
    ix->lo = mir_rewrite_expr(ix->lo, r);
    ix->hi = mir_rewrite_expr(ix->hi, r);
}

MirExpr *mir_rewrite_expr(MirExpr *e, const MirRewriter *r)
{
    if (!e)
        return NULL;
    if (r->expr_pre && !r->expr_pre(e, r->ctx))
        return e;
    for (int i = 0; i < e->nargs; i++)
        e->args[i] = mir_rewrite_expr(e->args[i], r);
    for (int i = 0; i < e->nindices; i++)
        rewrite_index(&e->indices[i], r);
    return r->expr ? r->expr(e, r->ctx) : e;
}

static void rewrite_sized(MirSized *z, const MirRewriter *r)
{
    for (int i = 0; i < z->ndims; i++)
        z->dims[i] = mir_rewrite_expr(z->dims[i], r);
    for (int i = 0; i < z->nsizes; i++)
        z->size[i] = mir_rewrite_expr(z->size[i], r);
    z->tr_a = mir_rewrite_expr(z->tr_a, r);
    z->tr_b = mir_rewrite_expr(z->tr_b, r);
    for (int i = 0; i < z->nitems; i++)
        rewrite_sized(z->items[i], r);
}

void mir_rewrite_stmt_exprs(MirStmt *s, const MirRewriter *r)
{
    if (s->kind == MS_DECL && r->decl_sizes && r->p && s->var >= 0)
        rewrite_sized(&r->p->vars[s->var].sized, r);
    for (int i = 0; i < s->lhs.nsteps; i++)
        for (int k = 0; k < s->lhs.steps[i].nindices; k++)
            rewrite_index(&s->lhs.steps[i].indices[k], r);
    s->lo = mir_rewrite_expr(s->lo, r);
    s->hi = mir_rewrite_expr(s->hi, r);
    s->cond = mir_rewrite_expr(s->cond, r);
    s->rhs = mir_rewrite_expr(s->rhs, r);
    s->call = mir_rewrite_expr(s->call, r);
}

MirStmt *mir_rewrite_stmt(MirStmt *s, const MirRewriter *r)
{
    if (!s)
        return NULL;
    if (r->stmt_pre && !r->stmt_pre(s, r->ctx))
        return s;
    if (r->expr || r->expr_pre)
        mir_rewrite_stmt_exprs(s, r);
    s->body = mir_rewrite_stmt(s->body, r);
    s->else_body = mir_rewrite_stmt(s->else_body, r);
    for (int i = 0; i < s->nstmts; i++)
        s->stmts[i] = mir_rewrite_stmt(s->stmts[i], r);
    MirStmt *out = r->stmt ? r->stmt(s, r->ctx) : s;
    /* model_block points into log_prob: follow a replaced one */
    if (out != s && r->p && r->p->model_block == s)
        r->p->model_block = out;
    return out;
}

void mir_rewrite_program(MirProgram *p, const MirRewriter *r)
{
    for (int i = 0; i < p->nfuns; i++)
        p->funs[i].body = mir_rewrite_stmt(p->funs[i].body, r);
    for (int s = 0; s < MIR__NSECTIONS; s++) {
        MirStmt **sec = mir_section(p, (MirSection)s);
        *sec = mir_rewrite_stmt(*sec, r);
    }
}

/* ---------------------------------------------------------- substitution */

typedef struct Subst {
    VarId var;
    const MirExpr *value;
    Arena *a;
} Subst;

static MirExpr *subst_expr(MirExpr *e, void *ctx)
{
    const Subst *s = ctx;
    if (e->kind == MX_VAR && e->var == s->var)
        return mir_clone_expr(s->a, s->value);
    return e;
}

MirStmt *mir_substitute_var(MirProgram *p, MirStmt *s, VarId var,
                            const MirExpr *value)
{
    Subst sub = {var, value, p->arena};
    MirRewriter r = {.expr = subst_expr, .ctx = &sub, .p = p};
    return mir_rewrite_stmt(s, &r);
}

typedef struct SizeReads {
    MirProgram *p;
    VarId var;
    bool found;
} SizeReads;

static bool size_expr(MirExpr *e, void *ctx)
{
    SizeReads *r = ctx;
    if (e->kind == MX_VAR && e->var == r->var)
        r->found = true;
    return !r->found;
}

static bool decl_stmt(MirStmt *s, void *ctx)
{
    SizeReads *r = ctx;
    if (s->kind == MS_DECL && s->var >= 0) {
        MirVisitor v = {.expr = size_expr, .ctx = r, .decl_sizes = true,
                        .p = r->p};
        mir_visit_stmt_exprs(s, &v);
    }
    return !r->found;
}

bool mir_decl_sizes_read(MirProgram *p, MirStmt *s, VarId var)
{
    SizeReads r = {p, var, false};
    MirVisitor v = {.stmt = decl_stmt, .ctx = &r};
    mir_visit_stmt(s, &v);
    return r.found;
}
