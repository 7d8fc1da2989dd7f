/* emit_tuples.c - tuples, taken apart before the C is emitted.
 *
 * C has no tuple values here; instead every tuple variable becomes one
 * variable per element (nested tuples recursively), and every tuple
 * expression is projected before it is used:
 *
 *   tuple(real, vector[N]) kf;      ->  real kf_1__; vector[N] kf_2__;
 *   kf = f(x);                      ->  kf_1__ = f_1__(x); kf_2__ = f_2__(x);
 *   kf.1                            ->  kf_1__
 *   (a, b).2                        ->  b
 *   qr_thin(X).1                    ->  qr_thin_Q(X)
 *
 * A user function returning a tuple becomes one function per element
 * (the same body, returning that element), so each element has an
 * ordinary result with an ordinary reverse function; the body runs once
 * per element used, which is only sound for functions without effects
 * (no RNG, target or print), and others are refused.  The temporary that
 * lowering makes for `(a, b) = f(x)` is never stored: its uses become
 * projections of f(x).  Data tuples are read element by element by their
 * JSON paths ("beta_prior.2") with each element's constraint checked.
 *
 * Not taken apart (the emitter then refuses them with a message): arrays
 * of tuples, tuple arguments of user functions, tuple outputs. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

typedef struct Tup {
    Emit *em;
    MirProgram *p;
    int cap;                /* entries of first and subst */
    VarId *first;           /* per variable: its first element, or -1 */
    const MirExpr **subst;  /* internal temporaries: their value */
    int *split;             /* per function: its first element function */
    int split_of;           /* rewriting element function body: 1-based
                               element returned, 0 otherwise */
} Tup;


static bool is_tuple(const Type *t)
{
    return t && t->kind == TY_TUPLE;
}

/* Library functions returning tuples, and the functions giving each
 * element. */
static const struct {
    const char *name;
    const char *elems[3];
} lib_splits[] = {
    {"qr_thin", {"qr_thin_Q", "qr_thin_R", NULL}},
    {"qr", {"qr_Q", "qr_R", NULL}},
    {"eigendecompose_sym", {"eigenvalues_sym", "eigenvectors_sym", NULL}},
    {"eigendecompose", {"eigenvalues", "eigenvectors", NULL}},
    {"svd", {"svd_U", "singular_values", "svd_V"}},
};

/* ------------------------------------------------------ element variables */

static Arena *arena(Tup *t)
{
    return t->p->arena;
}

/* Room in first and subst for every variable there is now. */
static void grow(Tup *t)
{
    int n = t->p->nvars;
    if (n <= t->cap)
        return;
    int cap = n * 2 + 16;
    VarId *f = arena_alloc(t->em->a, sizeof(VarId) * (size_t)cap);
    const MirExpr **s = arena_alloc(t->em->a, sizeof(MirExpr *)
                                    * (size_t)cap);
    for (int v = 0; v < cap; v++) {
        f[v] = v < t->cap ? t->first[v] : -1;
        s[v] = v < t->cap ? t->subst[v] : NULL;
    }
    t->first = f;
    t->subst = s;
    t->cap = cap;
}

static void make_elements(Tup *t, VarId v)
{
    const MirVar *var = &t->p->vars[v];
    if (!is_tuple(var->sized.type) || var->sized.ndims > 0
        || var->kind == MV_ARG || var->sized.nitems != var->sized.type->n)
        return;
    int n = var->sized.nitems;
    VarId first = -1;
    for (int i = 0; i < n; i++) {
        const MirVar *pv = &t->p->vars[v];   /* vars may move */
        const char *name = arena_printf(arena(t), "%s_%d__", pv->name, i + 1);
        VarId c = mir_new_var(t->p, name, pv->kind, pv->sized.items[i]->type,
                              pv->ad);
        MirVar *cv = &t->p->vars[c];
        const MirVar *parent = &t->p->vars[v];
        cv->sized = *parent->sized.items[i];
        cv->span = parent->span;
        cv->mem = parent->mem;
        if (ty_base(cv->sized.type)->kind == TY_INT)
            cv->ad = AD_DATA;
        if (i == 0)
            first = c;
    }
    grow(t);
    t->first[v] = first;
}

/* ---------------------------------------------------------- projections */

static MirExpr *rw_expr(Tup *t, const MirExpr *e);

static MirExpr *copy_expr(Tup *t, const MirExpr *e)
{
    MirExpr *c = mir_new_expr(arena(t), e->kind, e->type, e->span);
    *c = *e;
    return c;
}

static int user_fun(const Tup *t, const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_USER)
        return -1;
    for (int i = 0; i < t->p->nfuns; i++)
        if (strcmp(t->p->funs[i].name, e->fn) == 0
            && is_tuple(t->p->funs[i].ret) && t->split[i] >= 0)
            return i;
    return -1;
}

/* Element k (1-based) of the tuple value x (already rewritten), or NULL
 * when it cannot be taken apart. */
static MirExpr *project(Tup *t, const MirExpr *x, int k)
{
    const Type *et = x->type->items[k - 1];
    switch (x->kind) {
    case MX_VAR:
        if (x->var >= 0 && x->var < t->cap && t->subst[x->var])
            return project(t, rw_expr(t, t->subst[x->var]), k);
        if (x->var >= 0 && x->var < t->cap && t->first[x->var] >= 0)
            return mir_var(t->p, t->first[x->var] + k - 1);
        return NULL;
    case MX_TUPLE_PROJ: {
        MirExpr *inner = project(t, x->args[0], x->slot);
        return inner ? project(t, inner, k) : NULL;
    }
    case MX_CALL:
        if (x->fn_kind == FNK_INTERNAL && x->internal == FN_MAKE_TUPLE)
            return x->args[k - 1];
        if (x->fn_kind == FNK_USER) {
            int f = user_fun(t, x);
            if (f < 0)
                return NULL;
            MirExpr *c = copy_expr(t, x);
            c->fn = t->p->funs[t->split[f] + k - 1].name;
            c->type = et;
            return c;
        }
        if (x->fn_kind == FNK_STANLIB)
            for (size_t i = 0; i < sizeof lib_splits / sizeof lib_splits[0];
                 i++)
                if (strcmp(lib_splits[i].name, x->fn) == 0
                    && lib_splits[i].elems[k - 1]) {
                    MirExpr *c = copy_expr(t, x);
                    c->fn = lib_splits[i].elems[k - 1];
                    c->type = et;
                    return c;
                }
        return NULL;
    default:
        return NULL;
    }
}

static MirExpr *rw_expr(Tup *t, const MirExpr *e)
{
    if (!e)
        return NULL;
    MirExpr *c = copy_expr(t, e);
    if (e->nargs) {
        c->args = arena_alloc(arena(t), sizeof(MirExpr *) * (size_t)e->nargs);
        for (int i = 0; i < e->nargs; i++)
            c->args[i] = rw_expr(t, e->args[i]);
    }
    if (e->nindices) {
        c->indices = arena_alloc(arena(t), sizeof(MirIndex)
                                 * (size_t)e->nindices);
        for (int i = 0; i < e->nindices; i++) {
            c->indices[i] = e->indices[i];
            c->indices[i].lo = rw_expr(t, e->indices[i].lo);
            c->indices[i].hi = rw_expr(t, e->indices[i].hi);
        }
    }
    if (e->kind == MX_TUPLE_PROJ) {
        MirExpr *p = project(t, c->args[0], e->slot);
        if (p)
            return p;
    }
    return c;
}

/* ----------------------------------------------------------- statements */

static MirStmt *rw_stmt(Tup *t, const MirStmt *s);

static MirStmt *new_stmt(Tup *t, MirStmtKind k, Span span)
{
    return mir_new_stmt(arena(t), k, span);
}

static MirStmt *list(Tup *t, MirStmt **items, int n)
{
    MirStmt **copy = arena_alloc(arena(t), sizeof *copy * (size_t)(n + 1));
    if (n > 0)   /* items may be NULL then: memcpy's is undefined */
        memcpy(copy, items, sizeof *copy * (size_t)n);
    return mir_block(arena(t), MS_SLIST, n, copy);
}

static MirExpr *string_arg(Tup *t, const char *s)
{
    return mir_str(arena(t), s);
}

/* The read of data element c (of a tuple read by its JSON path), then
 * the check of its constraint. */
static MirStmt *read_element(Tup *t, VarId c, const char *path)
{
    const MirVar *v = &t->p->vars[c];
    const MirSized *s = &v->sized;
    MirExpr **args = arena_alloc(arena(t), sizeof(MirExpr *)
                                 * (size_t)(2 + s->ndims + s->nsizes));
    int n = 0;
    args[n++] = string_arg(t, path);
    args[n++] = string_arg(t, ty_str(arena(t), ty_base(s->type)));
    for (int i = 0; i < s->ndims; i++)
        args[n++] = s->dims[i];
    for (int i = 0; i < s->nsizes; i++)
        args[n++] = s->size[i];
    MirStmt *a = new_stmt(t, MS_ASSIGN, v->span);
    a->lhs.var = c;
    a->lhs.type = s->type;
    a->rhs = mir_call_internal(arena(t), FN_READ_DATA, s->type, n, args);
    t->em->json_names[c] = path;
    const char *check = mir_check_name(s->tr);
    if (!check)
        return a;
    MirExpr **cargs = arena_alloc(arena(t), sizeof(MirExpr *) * 5);
    int m = 0;
    cargs[m++] = string_arg(t, check);
    cargs[m++] = string_arg(t, path);
    cargs[m++] = mir_var(t->p, c);
    if (s->tr_a)
        cargs[m++] = s->tr_a;
    if (s->tr_b)
        cargs[m++] = s->tr_b;
    MirStmt *k = new_stmt(t, MS_CALL, v->span);
    k->call = mir_call_internal(arena(t), FN_CHECK, TY(VOID), m, cargs);
    MirStmt *both[2] = {a, k};
    return list(t, both, 2);
}

/* lhs = rhs for a tuple variable v taken apart: element by element. */
static MirStmt *assign_elements(Tup *t, VarId v, const MirExpr *rhs,
                                Span span, const char *path)
{
    const MirVar *var = &t->p->vars[v];
    int n = var->sized.type->n;
    MirStmt **out = arena_alloc(arena(t), sizeof(MirStmt *) * (size_t)n);
    bool read = rhs->kind == MX_CALL && rhs->fn_kind == FNK_INTERNAL
        && rhs->internal == FN_READ_DATA;
    for (int i = 0; i < n; i++) {
        VarId c = t->first[v] + i;
        const char *sub = arena_printf(arena(t), "%s.%d", path, i + 1);
        if (t->first[c] >= 0) {
            /* a nested tuple */
            out[i] = read ? assign_elements(t, c, rhs, span, sub)
                          : assign_elements(t, c, project(t, rhs, i + 1)
                                            ? project(t, rhs, i + 1) : rhs,
                                            span, sub);
            continue;
        }
        if (read) {
            out[i] = read_element(t, c, sub);
            continue;
        }
        MirExpr *e = project(t, rhs, i + 1);
        if (!e)
            em_unsupported(t->em, "a tuple value of this kind (assigned to "
                           "'%s')", var->name);
        MirStmt *a = new_stmt(t, MS_ASSIGN, span);
        a->lhs.var = c;
        a->lhs.type = t->p->vars[c].sized.type;
        a->rhs = e;
        out[i] = a;
    }
    return list(t, out, n);
}

static MirStmt *decl_elements(Tup *t, VarId v)
{
    int n = t->p->vars[v].sized.type->n;
    MirStmt **out = arena_alloc(arena(t), sizeof(MirStmt *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        VarId c = t->first[v] + i;
        if (t->first[c] >= 0) {
            out[i] = decl_elements(t, c);
            continue;
        }
        out[i] = new_stmt(t, MS_DECL, t->p->vars[c].span);
        out[i]->var = c;
    }
    return list(t, out, n);
}

static MirStmt *rw_assign(Tup *t, const MirStmt *s)
{
    VarId v = s->lhs.var;
    MirExpr *rhs = rw_expr(t, s->rhs);
    if (v < t->cap && t->subst[v])
        return new_stmt(t, MS_SKIP, s->span);
    /* follow the tuple slots of the lvalue down to an element */
    int k = 0;
    while (k < s->lhs.nsteps && !s->lhs.steps[k].indices && v < t->cap
           && t->first[v] >= 0) {
        v = t->first[v] + s->lhs.steps[k].slot - 1;
        k++;
    }
    if (v < t->cap && t->first[v] >= 0 && k == s->lhs.nsteps)
        return assign_elements(t, v, rhs, s->span, t->p->vars[v].name);
    MirStmt *c = new_stmt(t, MS_ASSIGN, s->span);
    *c = *s;
    c->rhs = rhs;
    c->lhs.var = v;
    c->lhs.steps = s->lhs.steps + k;
    c->lhs.nsteps = s->lhs.nsteps - k;
    if (c->lhs.nsteps == 0)
        c->lhs.type = t->p->vars[v].sized.type;
    MirLvalueStep *steps = arena_alloc(arena(t), sizeof(MirLvalueStep)
                                       * (size_t)(c->lhs.nsteps + 1));
    for (int i = 0; i < c->lhs.nsteps; i++) {
        steps[i] = c->lhs.steps[i];
        if (steps[i].indices) {
            MirIndex *ix = arena_alloc(arena(t), sizeof(MirIndex)
                                       * (size_t)steps[i].nindices);
            for (int j = 0; j < steps[i].nindices; j++) {
                ix[j] = steps[i].indices[j];
                ix[j].lo = rw_expr(t, ix[j].lo);
                ix[j].hi = rw_expr(t, ix[j].hi);
            }
            steps[i].indices = ix;
        }
    }
    c->lhs.steps = steps;
    return c;
}

static void splice(Tup *t, MirStmt *s, MirStmt ***out, int *n, int *cap)
{
    if (s->kind == MS_SLIST) {
        for (int i = 0; i < s->nstmts; i++)
            splice(t, s->stmts[i], out, n, cap);
        return;
    }
    if (*n == *cap) {
        MirStmt **g = arena_alloc(arena(t), sizeof(MirStmt *)
                                  * (size_t)(*cap * 2 + 4));
        if (*n > 0)
            memcpy(g, *out, sizeof(MirStmt *) * (size_t)*n);
        *out = g;
        *cap = *cap * 2 + 4;
    }
    (*out)[(*n)++] = s;
}

static MirStmt *rw_stmt(Tup *t, const MirStmt *s)
{
    if (!s)
        return NULL;
    MirStmt *c;
    switch (s->kind) {
    case MS_DECL:
        if (s->var < t->cap && t->subst[s->var])
            return new_stmt(t, MS_SKIP, s->span);
        if (s->var < t->cap && t->first[s->var] >= 0)
            return decl_elements(t, s->var);
        return (MirStmt *)s;
    case MS_ASSIGN:
        return rw_assign(t, s);
    case MS_RETURN:
        c = new_stmt(t, MS_RETURN, s->span);
        *c = *s;
        c->rhs = rw_expr(t, s->rhs);
        if (t->split_of && c->rhs) {
            MirExpr *e = project(t, c->rhs, t->split_of);
            if (!e)
                em_unsupported(t->em, "returning a tuple value of this kind");
            c->rhs = e;
        }
        return c;
    default:
        break;
    }
    c = new_stmt(t, s->kind, s->span);
    *c = *s;
    c->rhs = rw_expr(t, s->rhs);
    c->call = rw_expr(t, s->call);
    c->cond = rw_expr(t, s->cond);
    c->lo = rw_expr(t, s->lo);
    c->hi = rw_expr(t, s->hi);
    c->body = rw_stmt(t, s->body);
    c->else_body = rw_stmt(t, s->else_body);
    if (s->nstmts) {
        /* the element declarations and assignments (lists) join the
         * enclosing list, so a block's locals stay its direct children */
        int n = 0, cap = s->nstmts;
        MirStmt **out = arena_alloc(arena(t), sizeof(MirStmt *)
                                    * (size_t)cap);
        for (int i = 0; i < s->nstmts; i++)
            splice(t, rw_stmt(t, s->stmts[i]), &out, &n, &cap);
        c->stmts = out;
        c->nstmts = n;
    }
    if (s == t->p->model_block)
        t->p->model_block = c;
    return c;
}

/* Internal tuple temporaries (lowering's `(a, b) = f(x)`) assigned once
 * at the top of a statement list: their uses become projections of the
 * value. */
static void find_temporaries(Tup *t, const MirStmt *s)
{
    if (!s)
        return;
    if (s->kind == MS_ASSIGN && s->lhs.nsteps == 0 && s->lhs.var >= 0
        && s->lhs.var < t->cap) {
        const MirVar *v = &t->p->vars[s->lhs.var];
        if (v->kind == MV_INTERNAL && is_tuple(v->sized.type)
            && strncmp(v->name, "sym", 3) == 0)
            t->subst[s->lhs.var] = s->rhs;
    }
    find_temporaries(t, s->body);
    find_temporaries(t, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        find_temporaries(t, s->stmts[i]);
}

static bool expr_projects(const MirExpr *e)
{
    if (!e)
        return false;
    if (e->kind == MX_TUPLE_PROJ)
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (expr_projects(e->args[i]))
            return true;
    for (int i = 0; i < e->nindices; i++)
        if (expr_projects(e->indices[i].lo) || expr_projects(e->indices[i].hi))
            return true;
    return false;
}

static bool stmt_projects(const MirStmt *s)
{
    if (!s)
        return false;
    if (expr_projects(s->rhs) || expr_projects(s->call)
        || expr_projects(s->cond) || expr_projects(s->lo)
        || expr_projects(s->hi) || stmt_projects(s->body)
        || stmt_projects(s->else_body))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (stmt_projects(s->stmts[i]))
            return true;
    return false;
}

static bool has_tuples(const MirProgram *p)
{
    if (stmt_projects(p->prepare_data) || stmt_projects(p->log_prob)
        || stmt_projects(p->generate_quantities))
        return true;
    for (int v = 0; v < p->nvars; v++)
        if (is_tuple(p->vars[v].sized.type))
            return true;
    for (int f = 0; f < p->nfuns; f++)
        if (is_tuple(p->funs[f].ret) || stmt_projects(p->funs[f].body))
            return true;
    return false;
}

void em_untuple(Emit *em)
{
    MirProgram *p = em->prog;
    em->json_names = NULL;
    em->njson_names = 0;
    if (!has_tuples(p))
        return;
    Tup t = {.em = em, .p = p};
    grow(&t);
    /* element variables; nested tuples get theirs too (the loop reaches
     * the new variables) */
    for (int v = 0; v < p->nvars; v++)
        make_elements(&t, v);
    em->json_names = arena_alloc(em->a, sizeof(char *) * (size_t)p->nvars);
    em->njson_names = p->nvars;
    /* functions returning tuples: one function per element */
    int nf = p->nfuns, extra = 0;
    t.split = arena_alloc(em->a, sizeof(int) * (size_t)(nf + 1));
    for (int f = 0; f < nf; f++) {
        t.split[f] = -1;
        if (is_tuple(p->funs[f].ret) && p->funs[f].body
            && !(p->funs[f].effect & (EFF_RNG | EFF_TARGET | EFF_PRINTS)))
            extra += p->funs[f].ret->n;
    }
    MirFun *funs = arena_alloc(p->arena, sizeof(MirFun) * (size_t)(nf + extra
                                                                   + 1));
    if (nf > 0)   /* p->funs is NULL in a program without functions */
        memcpy(funs, p->funs, sizeof(MirFun) * (size_t)nf);
    int n = nf;
    for (int f = 0; f < nf; f++) {
        if (!is_tuple(funs[f].ret) || !funs[f].body
            || (funs[f].effect & (EFF_RNG | EFF_TARGET | EFF_PRINTS)))
            continue;
        t.split[f] = n;
        for (int k = 0; k < funs[f].ret->n; k++) {
            funs[n] = funs[f];
            funs[n].name = arena_printf(p->arena, "%s_%d__", funs[f].name,
                                        k + 1);
            funs[n].ret = funs[f].ret->items[k];
            n++;
        }
    }
    p->funs = funs;
    p->nfuns = n;
    /* the temporaries, then every statement */
    find_temporaries(&t, p->prepare_data);
    find_temporaries(&t, p->log_prob);
    find_temporaries(&t, p->generate_quantities);
    for (int f = 0; f < p->nfuns; f++) {
        find_temporaries(&t, p->funs[f].body);
    }
    for (int f = 0; f < p->nfuns; f++) {
        if (!p->funs[f].body)
            continue;
        t.split_of = 0;
        for (int g = 0; g < nf; g++)
            if (t.split[g] >= 0 && f >= t.split[g]
                && f < t.split[g] + p->funs[g].ret->n)
                t.split_of = f - t.split[g] + 1;
        p->funs[f].body = rw_stmt(&t, p->funs[f].body);
    }
    t.split_of = 0;
    p->prepare_data = rw_stmt(&t, p->prepare_data);
    p->log_prob = rw_stmt(&t, p->log_prob);
    p->generate_quantities = rw_stmt(&t, p->generate_quantities);
    p->transform_inits = rw_stmt(&t, p->transform_inits);
}
