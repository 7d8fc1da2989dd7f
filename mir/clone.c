/* clone.c - a deep copy of a MIR program, so that the O0 program stays
 * beside every optimized one: each pass works on its own copy.
 *
 * Every node, index list, argument list, statement list, the variable
 * table with its declared sizes and the function table are copied into
 * the destination arena.  What is immutable is shared: types, names and
 * literal texts (arena strings nobody writes), annotations, spans. */
#include <string.h>

#include "mir.h"

typedef struct Cloner {
    Arena *a;
    const MirProgram *src;
    MirProgram *dst;
} Cloner;

static void *copy_array(Arena *a, const void *src, size_t elem, int n)
{
    if (!src)
        return NULL;
    /* one more than needed: the lowering allocates n + 1 too, and a zero
     * size would give a shared empty allocation */
    void *out = arena_alloc(a, elem * ((size_t)n + 1));
    if (n > 0)
        memcpy(out, src, elem * (size_t)n);
    return out;
}

static void clone_indices(Arena *a, MirIndex **ix, int n)
{
    if (!*ix)
        return;
    MirIndex *out = copy_array(a, *ix, sizeof(MirIndex), n);
    for (int i = 0; i < n; i++) {
        out[i].lo = mir_clone_expr(a, out[i].lo);
        out[i].hi = mir_clone_expr(a, out[i].hi);
    }
    *ix = out;
}

MirExpr *mir_clone_expr(Arena *a, const MirExpr *e)
{
    if (!e)
        return NULL;
    MirExpr *c = NEW(a, MirExpr);
    *c = *e;
    if (e->args) {
        c->args = copy_array(a, e->args, sizeof(MirExpr *), e->nargs);
        for (int i = 0; i < e->nargs; i++)
            c->args[i] = mir_clone_expr(a, e->args[i]);
    }
    clone_indices(a, &c->indices, c->nindices);
    return c;
}

MirStmt *mir_clone_stmt(Arena *a, const MirStmt *s)
{
    if (!s)
        return NULL;
    MirStmt *c = NEW(a, MirStmt);
    *c = *s;
    if (s->lhs.steps) {
        c->lhs.steps = copy_array(a, s->lhs.steps, sizeof(MirLvalueStep),
                                  s->lhs.nsteps);
        for (int i = 0; i < s->lhs.nsteps; i++)
            clone_indices(a, &c->lhs.steps[i].indices,
                          c->lhs.steps[i].nindices);
    }
    c->rhs = mir_clone_expr(a, s->rhs);
    c->call = mir_clone_expr(a, s->call);
    c->cond = mir_clone_expr(a, s->cond);
    c->lo = mir_clone_expr(a, s->lo);
    c->hi = mir_clone_expr(a, s->hi);
    c->body = mir_clone_stmt(a, s->body);
    c->else_body = mir_clone_stmt(a, s->else_body);
    if (s->stmts) {
        c->stmts = copy_array(a, s->stmts, sizeof(MirStmt *), s->nstmts);
        for (int i = 0; i < s->nstmts; i++)
            c->stmts[i] = mir_clone_stmt(a, s->stmts[i]);
    }
    return c;
}

static void clone_sized(Arena *a, MirSized *z)
{
    if (z->dims) {
        z->dims = copy_array(a, z->dims, sizeof(MirExpr *), z->ndims);
        for (int i = 0; i < z->ndims; i++)
            z->dims[i] = mir_clone_expr(a, z->dims[i]);
    }
    for (int i = 0; i < z->nsizes && i < 2; i++)
        z->size[i] = mir_clone_expr(a, z->size[i]);
    z->tr_a = mir_clone_expr(a, z->tr_a);
    z->tr_b = mir_clone_expr(a, z->tr_b);
    if (z->items) {
        MirSized **items = copy_array(a, z->items, sizeof(MirSized *),
                                      z->nitems);
        for (int i = 0; i < z->nitems; i++) {
            MirSized *it = NEW(a, MirSized);
            *it = *z->items[i];
            clone_sized(a, it);
            items[i] = it;
        }
        z->items = items;
    }
}

/* The copy of the statement `want` of the original inside the copy: the
 * same position in the same tree. */
static MirStmt *find_same(const MirStmt *orig, MirStmt *copy,
                          const MirStmt *want)
{
    if (!orig || !copy)
        return NULL;
    if (orig == want)
        return copy;
    MirStmt *r = find_same(orig->body, copy->body, want);
    if (!r)
        r = find_same(orig->else_body, copy->else_body, want);
    for (int i = 0; !r && i < orig->nstmts; i++)
        r = find_same(orig->stmts[i], copy->stmts[i], want);
    return r;
}

MirProgram *mir_clone(Arena *a, const MirProgram *p)
{
    MirProgram *c = NEW(a, MirProgram);
    *c = *p;
    c->arena = a;
    c->vars = arena_alloc(a, sizeof(MirVar) * ((size_t)p->capvars + 1));
    if (p->nvars > 0)
        memcpy(c->vars, p->vars, sizeof(MirVar) * (size_t)p->nvars);
    for (int i = 0; i < p->nvars; i++)
        clone_sized(a, &c->vars[i].sized);
    c->funs = copy_array(a, p->funs, sizeof(MirFun), p->nfuns);
    for (int i = 0; i < p->nfuns; i++) {
        MirFun *f = &c->funs[i];
        f->params = copy_array(a, f->params, sizeof(VarId), f->nparams);
        f->data_only = copy_array(a, f->data_only, sizeof(bool), f->nparams);
        f->body = mir_clone_stmt(a, f->body);
    }
    c->input_vars = copy_array(a, p->input_vars, sizeof(VarId), p->ninput);
    c->output_vars = copy_array(a, p->output_vars, sizeof(VarId),
                                p->noutput);
    c->prepare_data = mir_clone_stmt(a, p->prepare_data);
    c->log_prob = mir_clone_stmt(a, p->log_prob);
    c->generate_quantities = mir_clone_stmt(a, p->generate_quantities);
    c->transform_inits = mir_clone_stmt(a, p->transform_inits);
    c->model_block = p->model_block
        ? find_same(p->log_prob, c->log_prob, p->model_block) : NULL;
    return c;
}
