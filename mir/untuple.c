/* untuple.c - tuples taken apart, the last of the backend's
 * transformations (mir_transform), so that --debug-transformed-mir-pretty
 * shows and mir_verify checks what the C backend compiles.
 *
 * C has no tuple values here; instead every tuple variable becomes one
 * variable per element (nested tuples recursively), and every tuple
 * expression is projected before it is used:
 *
 *   tuple(real, vector[N]) kf;      ->  real kf_1__; vector[N] kf_2__;
 *   kf = f(x);                      ->  kf_1__ = f_1__(x); kf_2__ = f_2__(x);
 *   kf.1                            ->  kf_1__
 *   kf (a whole value)              ->  FnMakeTuple__(kf_1__, kf_2__)
 *   (a, b).2                        ->  b
 *   qr_thin(X).1                    ->  qr_thin_Q(X)
 *
 * A user function returning a tuple becomes one function per element
 * (the same body, returning that element; nested tuples recursively; the
 * function itself goes when nothing calls it any more), so
 * each element has an ordinary result with an ordinary reverse function;
 * the body runs once per element used, which is only sound for functions
 * that neither draw, print nor touch target: those are not split.  The
 * temporary that lowering makes for `(a, b) = f(x)` is never stored: its
 * uses become projections of f(x).  Data tuples are read element by
 * element by their JSON paths (FnReadData__("beta_prior.2", ...)), each
 * element's constraint checked (transform.c checks a tuple by its elements).
 *
 * Parameters and outputs are taken apart the same way: transform.c reads
 * and writes a tuple element by element, and each element variable keeps
 * CmdStan's output name (p:1, p:2.1 ...) in out_name.
 *
 * Arrays of tuples become one array per slot (struct of arrays):
 *
 *   array[N] tuple(real, vector[3]) x;  ->  array[N] real x_1__;
 *                                           array[N] vector[3] x_2__;
 *   x[i].2                          ->  x_2__[i]
 *   x[i] = (a, b)                   ->  x_1__[i] = a; x_2__[i] = b;
 *   x[i] (a whole value)            ->  FnMakeTuple__(x_1__[i], x_2__[i])
 *   {(a, b), (c, d)}.2              ->  {b, d}
 *
 * and are read from JSON by slot paths ("x[]/2.1": runtime/data.c);
 * their elements carry tuple_ndims, tuple_root and tuple_slots, with
 * which the backend writes them and reads them as parameters in Stan's
 * order (backend/emit_tuple.c).  A user function's tuple arguments
 * become one argument per slot (f(tuple(real, vector) p) -> f(real p_1__,
 * vector p_2__)), and its calls pass the projections, overloads and
 * higher-order calls included (untuple_calls.c).
 *
 * Left whole (the backend then refuses them by name): the arguments of a
 * function passed to map_rect, integrate_1d, the deprecated solvers or
 * the embedded Laplace functions, and a variable some value of which cannot be taken
 * apart (a tuple-valued ?:, a call of a function that is not split).
 * Whether a variable can be
 * taken apart depends on the others, so the rewrite is tried, and tried
 * again without the variables (and functions) that failed, until it
 * succeeds; nothing of the program changes before it does. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "untuple_impl.h"


bool ut_is_tuple(const Type *t)
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
    /* the eigenvectors first (Stan Math returns (V, lambda)) */
    {"eigendecompose_sym", {"eigenvectors_sym", "eigenvalues_sym", NULL}},
    {"eigendecompose", {"eigenvectors", "eigenvalues", NULL}},
    {"svd", {"svd_U", "singular_values", "svd_V"}},
    {"csr_extract", {"csr_extract_w", "csr_extract_v", "csr_extract_u"}},
    {"complex_schur_decompose", {"complex_schur_decompose_u",
                                 "complex_schur_decompose_t", NULL}},
};

/* ------------------------------------------------------ element variables */

/* Room in the per-variable tables for every variable there is now. */
static void grow(Tup *t)
{
    int n = t->p->nvars;
    if (n <= t->cap)
        return;
    int cap = n * 2 + 16;
    VarId *f = arena_alloc(t->a, sizeof(VarId) * (size_t)cap);
    VarId *r = arena_alloc(t->a, sizeof(VarId) * (size_t)cap);
    MirExpr **s = arena_alloc(t->a, sizeof(MirExpr *) * (size_t)cap);
    bool *b = arena_alloc(t->a, sizeof(bool) * (size_t)cap);
    for (int v = 0; v < cap; v++) {
        f[v] = v < t->cap ? t->first[v] : -1;
        r[v] = v < t->cap ? t->root[v] : v;
        s[v] = v < t->cap ? t->subst[v] : NULL;
        b[v] = v < t->cap && t->bad[v];
    }
    t->first = f;
    t->root = r;
    t->subst = s;
    t->bad = b;
    t->cap = cap;
}

/* Whether v is an argument (or an element of one) of a function whose
 * tuple arguments may be taken apart. */
static bool arg_splits(const Tup *t, VarId v)
{
    while (t->root[v] != v)
        v = t->root[v];
    for (int f = 0; f < t->p->nfuns; f++) {
        if (!t->args_ok || !t->args_ok[f])
            continue;
        for (int i = 0; i < t->orig_nparams[f]; i++)
            if (t->orig_params[f][i] == v)
                return true;
    }
    return false;
}

/* Whether a type's values need no sizes: scalars, and tuples of them. */
static bool unsized_ok(const Type *type)
{
    if (ut_is_tuple(type)) {
        for (int i = 0; i < type->n; i++)
            if (!unsized_ok(type->items[i]))
                return false;
        return true;
    }
    return type->kind == TY_INT || type->kind == TY_REAL
        || type->kind == TY_COMPLEX;
}

/* Whether a tuple variable (or an array of tuples) can be taken apart
 * at all: one that is not a function's argument, declared element by
 * element (or declared without sizes, as the loop variable of a foreach
 * over an array of tuples, whose slots need none: it gets its slots'
 * declarations here). */
static bool splittable(Tup *t, VarId v)
{
    MirVar *var = &t->p->vars[v];
    const Type *base = ty_base(var->sized.type);
    if (!ut_is_tuple(base) || t->bad[v]
        || (var->kind == MV_ARG && !arg_splits(t, v)))
        return false;
    if (var->sized.nitems == 0 && var->sized.ndims == 0
        && (unsized_ok(base) || var->kind == MV_ARG)) {
        MirSized **items = arena_alloc(t->a, sizeof(MirSized *)
                                       * (size_t)(base->n + 1));
        for (int i = 0; i < base->n; i++) {
            items[i] = NEW(t->a, MirSized);
            items[i]->type = base->items[i];
        }
        var->sized.items = items;
        var->sized.nitems = base->n;
    }
    return var->sized.nitems == base->n;
}

/* The type of slot k of a tuple, or of an array of tuples (the array of
 * the slot's values: array[N] tuple(real, vector) -> array[N] vector). */
const Type *ut_slot_type(Arena *a, const Type *type, int k)
{
    if (type->kind == TY_ARRAY)
        return ty_array(a, type->dims, ut_slot_type(a, type->elem, k));
    return type->items[k - 1];
}

/* The declaration of slot i of the variable declared s: an array of
 * tuples gives an array of the slot's declaration, its dimensions first
 * (struct of arrays: array[N] tuple(real, vector[3]) x is array[N] real
 * x_1__ and array[N] vector[3] x_2__). */
MirSized mir_slot_sized(Arena *a, const MirSized *s, int i)
{
    MirSized z = *s->items[i];
    z.type = ut_slot_type(a, s->type, i + 1);
    if (s->ndims == 0)
        return z;
    z.ndims = s->ndims + s->items[i]->ndims;
    z.dims = arena_alloc(a, sizeof(MirExpr *) * (size_t)(z.ndims + 1));
    for (int k = 0; k < s->ndims; k++)
        z.dims[k] = s->dims[k];
    for (int k = 0; k < s->items[i]->ndims; k++)
        z.dims[s->ndims + k] = s->items[i]->dims[k];
    z.type = ut_slot_type(a, s->type, i + 1);
    return z;
}

/* How element i of v is named in the outputs: a tuple's p:1, p:2:1;
 * an array of tuples keeps its name and the element its slots (the
 * backend puts the array's indices between them, x.2:1). */
static void name_element(Tup *t, VarId v, VarId c, int i)
{
    const MirVar *parent = &t->p->vars[v];
    MirVar *cv = &t->p->vars[c];
    bool output = parent->kind == MV_PARAM || parent->kind == MV_TPARAM
        || parent->kind == MV_GQ;
    const char *base = parent->out_name ? parent->out_name : parent->name;
    if (parent->tuple_ndims == 0 && parent->sized.ndims == 0) {
        if (output)
            cv->out_name = arena_printf(t->a, "%s:%d", base, i + 1);
        return;
    }
    if (output)
        cv->out_name = base;
    if (parent->tuple_ndims == 0) {
        /* the array of tuples itself */
        cv->tuple_ndims = parent->sized.ndims;
        cv->tuple_root = v;
        cv->tuple_slots = arena_printf(t->a, ":%d", i + 1);
        return;
    }
    cv->tuple_root = parent->tuple_root;
    cv->tuple_ndims = parent->tuple_ndims;
    /* a tuple inside the array keeps its layout; an array of tuples
     * inside it has indices of its own after the slots, marked "[n]"
     * for its n dimensions (z.1:2.3:1 is slots ":2[1]:1") */
    int nested = parent->sized.ndims - parent->tuple_ndims;
    for (const char *m = strchr(parent->tuple_slots, '['); m;
         m = strchr(m + 1, '['))
        nested -= (int)strtol(m + 1, NULL, 10);
    cv->tuple_slots = nested > 0
        ? arena_printf(t->a, "%s[%d]:%d", parent->tuple_slots, nested, i + 1)
        : arena_printf(t->a, "%s:%d", parent->tuple_slots, i + 1);
}

static void make_elements(Tup *t, VarId v)
{
    if (!splittable(t, v))
        return;
    int n = t->p->vars[v].sized.nitems;
    VarId first = -1;
    for (int i = 0; i < n; i++) {
        const MirVar *pv = &t->p->vars[v];   /* vars may move */
        const char *name = arena_printf(t->a, "%s_%d__", pv->name, i + 1);
        MirSized z = mir_slot_sized(t->a, &pv->sized, i);
        VarId c = mir_new_var(t->p, name, pv->kind, z.type, pv->ad);
        MirVar *cv = &t->p->vars[c];
        const MirVar *parent = &t->p->vars[v];
        cv->sized = z;
        cv->span = parent->span;
        name_element(t, v, c, i);
        cv->mem = parent->mem;
        if (ty_base(cv->sized.type)->kind == TY_INT)
            cv->ad = AD_DATA;
        if (i == 0)
            first = c;
    }
    grow(t);
    t->first[v] = first;
    for (int i = 0; i < n; i++)
        t->root[first + i] = t->root[v];
}

/* ---------------------------------------------------------- projections */

static MirExpr *rw_expr(Tup *t, const MirExpr *e);

static MirExpr *merge_indices(Tup *t, MirExpr *c);

static MirExpr *copy_expr(Tup *t, const MirExpr *e)
{
    MirExpr *c = mir_new_expr(t->a, e->kind, e->type, e->span);
    *c = *e;
    return c;
}

/* The split function a call calls, or -1. */
static int user_fun(const Tup *t, const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_USER)
        return -1;
    for (int i = 0; i < t->p->nfuns; i++)
        if (strcmp(t->p->funs[i].name, e->fn) == 0
            && ut_is_tuple(ty_base(t->p->funs[i].ret)) && t->split[i] >= 0)
            return i;
    return -1;
}

/* FnMakeTuple__(x_1__, x_2__, ...) for a variable taken apart: its value
 * where the whole tuple is used. */
static MirExpr *whole_value(Tup *t, VarId v)
{
    const Type *type = t->p->vars[v].sized.type;
    int n = ty_base(type)->n;
    MirExpr **args = arena_alloc(t->a, sizeof(MirExpr *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        VarId c = t->first[v] + i;
        args[i] = t->first[c] >= 0 ? whole_value(t, c) : mir_var(t->p, c);
    }
    MirExpr *e = mir_call_internal(t->a, FN_MAKE_TUPLE, type, n, args);
    e->ad = t->p->vars[v].ad;
    return e;
}

/* Element k (1-based) of the tuple value x (already rewritten), or NULL
 * when it cannot be taken apart. */
MirExpr *ut_project(Tup *t, const MirExpr *x, int k)
{
    const Type *et = ut_slot_type(t->a, x->type, k);
    switch (x->kind) {
    case MX_INDEXED: {
        /* x[i].k is x_k__[i]: the slot's array indexed as the tuples'
         * (copies of the indices: the MIR is a tree) */
        MirExpr *inner = ut_project(t, x->args[0], k);
        if (!inner)
            return NULL;
        MirExpr *c = copy_expr(t, x);
        c->type = et;
        c->args = arena_alloc(t->a, sizeof(MirExpr *));
        c->args[0] = inner;
        c->nargs = 1;
        c->indices = arena_alloc(t->a, sizeof(MirIndex)
                                 * (size_t)(x->nindices + 1));
        for (int i = 0; i < x->nindices; i++) {
            c->indices[i] = x->indices[i];
            c->indices[i].lo = mir_clone_expr(t->a, x->indices[i].lo);
            c->indices[i].hi = mir_clone_expr(t->a, x->indices[i].hi);
        }
        return merge_indices(t, c);
    }
    case MX_VAR:
        if (x->var >= 0 && x->var < t->cap && t->subst[x->var]) {
            MirExpr *e = ut_project(t, rw_expr(t, t->subst[x->var]), k);
            if (!e) {
                t->bad[x->var] = true;
                t->failed = true;
            }
            return e;
        }
        if (x->var >= 0 && x->var < t->cap && t->first[x->var] >= 0)
            return mir_var(t->p, t->first[x->var] + k - 1);
        return NULL;
    case MX_TUPLE_PROJ: {
        MirExpr *inner = ut_project(t, x->args[0], x->slot);
        return inner ? ut_project(t, inner, k) : NULL;
    }
    case MX_PROMOTE: {
        /* (1, 2) promoted to tuple(real, int): each slot promoted to
         * its own type, where it differs */
        MirExpr *inner = ut_project(t, x->args[0], k);
        if (!inner || ty_equal(inner->type, et))
            return inner;
        MirExpr *c = copy_expr(t, x);
        c->type = et;
        c->args = arena_alloc(t->a, sizeof(MirExpr *));
        c->args[0] = inner;
        c->ad = inner->ad;
        return c;
    }
    case MX_TERNARY: {
        /* c ? x : y is c ? x.k : y.k, the condition evaluated once per
         * slot: only a condition that draws, prints and adds nothing
         * (a second draw would differ) */
        if (mir_expr_effect(x->args[0]) & (EFF_RNG | EFF_PRINTS | EFF_TARGET
                                           | EFF_WRITES))
            return NULL;
        MirExpr *a = ut_project(t, x->args[1], k);
        MirExpr *b = a ? ut_project(t, x->args[2], k) : NULL;
        if (!b)
            return NULL;
        MirExpr *c = copy_expr(t, x);
        c->type = et;
        c->args = arena_alloc(t->a, sizeof(MirExpr *) * 3);
        c->args[0] = mir_clone_expr(t->a, x->args[0]);
        c->args[1] = a;
        c->args[2] = b;
        c->ad = a->ad == AD_AUTODIFF || b->ad == AD_AUTODIFF ? AD_AUTODIFF
                                                             : AD_DATA;
        return c;
    }
    case MX_CALL:
        /* copies: each element of a call is its own call (the MIR is a
         * tree, mir_verify) */
        if (x->fn_kind == FNK_INTERNAL && x->internal == FN_MAKE_TUPLE)
            return mir_clone_expr(t->a, x->args[k - 1]);
        if (x->fn_kind == FNK_INTERNAL && x->internal == FN_MAKE_ARRAY) {
            /* {(a, b), (c, d)}.k is {a, c} (b, d for k = 2) */
            MirExpr *c = copy_expr(t, x);
            c->type = et;
            c->args = arena_alloc(t->a, sizeof(MirExpr *)
                                  * (size_t)(x->nargs + 1));
            for (int i = 0; i < x->nargs; i++)
                if (!(c->args[i] = ut_project(t, x->args[i], k)))
                    return NULL;
            return c;
        }
        if (x->fn_kind == FNK_USER) {
            int f = user_fun(t, x);
            if (f < 0)
                return NULL;
            MirExpr *c = mir_clone_expr(t->a, x);
            c->fn = t->p->funs[t->split[f] + k - 1].name;
            c->type = et;
            return c;
        }
        if (x->fn_kind == FNK_STANLIB)
            for (size_t i = 0; i < sizeof lib_splits / sizeof lib_splits[0];
                 i++)
                if (strcmp(lib_splits[i].name, x->fn) == 0
                    && lib_splits[i].elems[k - 1]) {
                    MirExpr *c = mir_clone_expr(t->a, x);
                    c->fn = lib_splits[i].elems[k - 1];
                    c->type = et;
                    return c;
                }
        return NULL;
    default:
        return NULL;
    }
}

/* The operand of a projection, rewritten: a variable stays a variable
 * there (project takes its element), as does one under more
 * projections. */
static MirExpr *rw_operand(Tup *t, const MirExpr *e)
{
    if (e->kind == MX_VAR)
        return copy_expr(t, e);
    if (e->kind != MX_TUPLE_PROJ)
        return rw_expr(t, e);
    MirExpr *c = copy_expr(t, e);
    c->args = arena_alloc(t->a, sizeof(MirExpr *));
    c->args[0] = rw_operand(t, e->args[0]);
    MirExpr *p = ut_project(t, c->args[0], e->slot);
    return p ? p : c;
}

/* x[i] of an array of tuples taken apart, used whole (rewritten: x is
 * FnMakeTuple__(x_1__, x_2__)): the tuple of the elements' arrays
 * indexed, FnMakeTuple__(x_1__[i], x_2__[i]), whose slots the uses
 * project.  Anything else indexed stays as it is. */
bool ut_is_make_tuple(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_INTERNAL
        && e->internal == FN_MAKE_TUPLE;
}

/* x[i][j] as x[i, j] when x[i]'s indices are all single (Stan
 * Reference Manual, "Indexing": the same value): the slot arrays of
 * nested arrays of tuples are indexed level by level (x_2___1__[i][j]),
 * and the backend indexes a variable with several indices, not an
 * indexed array of arrays. */
static MirExpr *merge_indices(Tup *t, MirExpr *c)
{
    const MirExpr *in = c->args[0];
    if (c->kind != MX_INDEXED || in->kind != MX_INDEXED)
        return c;
    for (int i = 0; i < in->nindices; i++)
        if (in->indices[i].kind != IDX_SINGLE)
            return c;
    MirIndex *ix = arena_alloc(t->a, sizeof(MirIndex)
                               * (size_t)(in->nindices + c->nindices + 1));
    for (int i = 0; i < in->nindices; i++)
        ix[i] = in->indices[i];
    for (int i = 0; i < c->nindices; i++)
        ix[in->nindices + i] = c->indices[i];
    c->args = arena_alloc(t->a, sizeof(MirExpr *));
    c->args[0] = in->args[0];
    c->indices = ix;
    c->nindices += in->nindices;
    return c;
}

static MirExpr *index_tuples(Tup *t, MirExpr *c)
{
    const MirExpr *base = c->args[0];
    if (!ut_is_make_tuple(base))
        return c;
    int n = base->nargs;
    MirExpr **items = arena_alloc(t->a, sizeof(MirExpr *) * (size_t)(n + 1));
    for (int k = 0; k < n; k++) {
        MirExpr *ix = copy_expr(t, c);
        ix->type = ut_slot_type(t->a, c->type, k + 1);
        ix->args = arena_alloc(t->a, sizeof(MirExpr *));
        ix->args[0] = base->args[k];
        ix->indices = arena_alloc(t->a, sizeof(MirIndex)
                                  * (size_t)(c->nindices + 1));
        for (int i = 0; i < c->nindices; i++) {
            ix->indices[i] = c->indices[i];
            ix->indices[i].lo = mir_clone_expr(t->a, c->indices[i].lo);
            ix->indices[i].hi = mir_clone_expr(t->a, c->indices[i].hi);
        }
        ix = merge_indices(t, ix);
        items[k] = ut_is_tuple(ty_base(ix->type)) ? index_tuples(t, ix) : ix;
    }
    MirExpr *m = mir_call_internal(t->a, FN_MAKE_TUPLE, c->type, n, items);
    m->ad = c->ad;
    return m;
}

/* The printed form of a tuple value x, as Stan Math's stan_print
 * writes it: "(" its slots separated by "," ")" (nested tuples
 * likewise), appended to out as print's arguments.  False, with
 * nothing appended, when x cannot be taken apart. */
static bool print_items(Tup *t, const MirExpr *x, PtrVec *out)
{
    if (!ut_is_tuple(x->type)) {
        vec_push(t->a, out, (void *)x);
        return true;
    }
    PtrVec items = {0};
    vec_push(t->a, &items, mir_str(t->a, "("));
    for (int k = 1; k <= x->type->n; k++) {
        MirExpr *e = ut_project(t, x, k);
        if (!e || !print_items(t, e, &items))
            return false;
        if (k < x->type->n)
            vec_push(t->a, &items, mir_str(t->a, ","));
    }
    vec_push(t->a, &items, mir_str(t->a, ")"));
    for (int i = 0; i < items.len; i++)
        vec_push(t->a, out, items.items[i]);
    return true;
}

/* print, reject and fatal_error of tuples (rewritten): their slots
 * printed between parentheses.  An array of tuples stays the tuple of
 * its slots' arrays (FnMakeTuple__ of array type, as rw_expr made it),
 * which the backend prints element by element (emit_io.c). */
static void print_tuples(Tup *t, MirExpr *c)
{
    PtrVec args = {0};
    for (int i = 0; i < c->nargs; i++)
        if (!print_items(t, c->args[i], &args))
            vec_push(t->a, &args, c->args[i]);
    c->args = (MirExpr **)args.items;
    c->nargs = args.len;
}

static MirExpr *rw_expr(Tup *t, const MirExpr *e)
{
    if (!e)
        return NULL;
    if (e->kind == MX_TUPLE_PROJ)
        return rw_operand(t, e);
    if (e->kind == MX_VAR && e->var >= 0 && e->var < t->cap) {
        if (t->first[e->var] >= 0)
            return whole_value(t, e->var);
        if (t->subst[e->var]) {
            /* a temporary used whole: it is stored after all */
            t->bad[e->var] = true;
            t->failed = true;
        }
    }
    MirExpr *c = copy_expr(t, e);
    if (e->nargs) {
        c->args = arena_alloc(t->a, sizeof(MirExpr *) * (size_t)e->nargs);
        for (int i = 0; i < e->nargs; i++)
            c->args[i] = rw_expr(t, e->args[i]);
    }
    if (e->nindices) {
        c->indices = arena_alloc(t->a, sizeof(MirIndex) * (size_t)e->nindices);
        for (int i = 0; i < e->nindices; i++) {
            c->indices[i] = e->indices[i];
            c->indices[i].lo = rw_expr(t, e->indices[i].lo);
            c->indices[i].hi = rw_expr(t, e->indices[i].hi);
        }
    }
    if (c->kind == MX_INDEXED && ut_is_tuple(ty_base(c->type)))
        return index_tuples(t, c);
    if (c->kind == MX_CALL && (c->fn_kind == FNK_USER
                               || c->fn_kind == FNK_STANLIB))
        c = ut_rw_call(t, c);
    if (c->kind == MX_CALL && c->fn_kind == FNK_INTERNAL
        && (c->internal == FN_PRINT || c->internal == FN_REJECT
            || c->internal == FN_FATAL_ERROR))
        print_tuples(t, c);
    if (c->kind == MX_CALL && c->fn_kind == FNK_STANLIB && c->nargs == 1
        && strcmp(c->fn, "size") == 0 && ut_is_make_tuple(c->args[0])
        && c->args[0]->type->kind == TY_ARRAY)
        /* the size of an array of tuples is its slots' arrays' */
        c->args[0] = c->args[0]->args[0];
    return c;
}

/* ----------------------------------------------------------- statements */

static MirStmt *rw_stmt(Tup *t, const MirStmt *s);

static MirStmt *rw_assign(Tup *t, const MirStmt *s);

static MirStmt *list(Tup *t, MirStmt **items, int n)
{
    MirStmt **copy = arena_alloc(t->a, sizeof *copy * (size_t)(n + 1));
    if (n > 0)   /* items may be NULL then: memcpy's is undefined */
        memcpy(copy, items, sizeof *copy * (size_t)n);
    return mir_block(t->a, MS_SLIST, n, copy);
}

/* The read of data element c (of a tuple read by its JSON path); the
 * check of its constraint comes after the tuple's reads (transform.c
 * checks the tuple element by element). */
static MirStmt *read_element(Tup *t, VarId c, const char *path)
{
    const MirVar *v = &t->p->vars[c];
    const MirSized *s = &v->sized;
    MirExpr **args = arena_alloc(t->a, sizeof(MirExpr *)
                                 * (size_t)(2 + s->ndims + s->nsizes));
    int n = 0;
    args[n++] = mir_str(t->a, path);
    args[n++] = mir_str(t->a, ty_str(t->a, ty_base(s->type)));
    for (int i = 0; i < s->ndims; i++)
        args[n++] = mir_clone_expr(t->a, s->dims[i]);
    for (int i = 0; i < s->nsizes; i++)
        args[n++] = mir_clone_expr(t->a, s->size[i]);
    MirStmt *a = mir_new_stmt(t->a, MS_ASSIGN, v->span);
    a->lhs.var = c;
    a->lhs.type = s->type;
    a->rhs = mir_call_internal(t->a, FN_READ_DATA, s->type, n, args);
    return a;
}

static MirIndex *rw_indices(Tup *t, const MirIndex *in, int n)
{
    MirIndex *ix = arena_alloc(t->a, sizeof(MirIndex) * (size_t)(n + 1));
    for (int j = 0; j < n; j++) {
        ix[j] = in[j];
        ix[j].lo = rw_expr(t, ix[j].lo);
        ix[j].hi = rw_expr(t, ix[j].hi);
    }
    return ix;
}

/* The JSON path of v's slots (runtime/data.c reads it): v's path, its
 * own array dimensions as "[,]" (those that its enclosing tuple's
 * array does not have), its arity as "/n"; the slot follows as ".k". */
static const char *slots_path(Tup *t, VarId v, int outer_ndims,
                              const char *path)
{
    const MirVar *var = &t->p->vars[v];
    int own = var->sized.ndims - outer_ndims;
    const char *dims = "";
    if (own > 0) {
        dims = "[";
        for (int k = 1; k < own; k++)
            dims = arena_printf(t->a, "%s,", dims);
        dims = arena_printf(t->a, "%s]", dims);
    }
    return arena_printf(t->a, "%s%s/%d", path, dims, var->sized.type->kind
                        == TY_ARRAY ? var->sized.type->elem->n
                        : var->sized.type->n);
}

/* The index steps of an lvalue, copied (with their indices rewritten). */
static MirLvalueStep *copy_steps(Tup *t, const MirLvalueStep *in, int n)
{
    MirLvalueStep *steps = arena_alloc(t->a, sizeof(MirLvalueStep)
                                       * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        steps[i] = in[i];
        if (steps[i].indices)
            steps[i].indices = rw_indices(t, steps[i].indices,
                                          steps[i].nindices);
    }
    return steps;
}

/* lhs = rhs for a tuple variable v taken apart, indexed by the index
 * steps idx (x[i] = (a, b) of an array of tuples): element by element,
 * each element indexed the same (x_1__[i] = a; x_2__[i] = b).  type is
 * the lvalue's; path the JSON path of a read (slots_path).  A value that
 * cannot be taken apart leaves v's outermost tuple whole in the next
 * attempt. */
static MirStmt *assign_elements(Tup *t, VarId v, const MirExpr *rhs,
                                Span span, const char *path,
                                const MirLvalueStep *idx, int nidx,
                                const Type *type, int outer_ndims)
{
    const MirVar *var = &t->p->vars[v];
    int n = ty_base(var->sized.type)->n;
    MirStmt **out = arena_alloc(t->a, sizeof(MirStmt *) * (size_t)n);
    bool read = rhs->kind == MX_CALL && rhs->fn_kind == FNK_INTERNAL
        && rhs->internal == FN_READ_DATA;
    const char *prefix = read ? slots_path(t, v, outer_ndims, path) : path;
    int ndims = var->sized.ndims;
    for (int i = 0; i < n; i++) {
        VarId c = t->first[v] + i;
        const char *sub = read ? arena_printf(t->a, "%s.%d", prefix, i + 1)
                               : NULL;
        const Type *et = ut_slot_type(t->a, type, i + 1);
        MirExpr *e = read ? NULL : ut_project(t, rhs, i + 1);
        if (!read && !e) {
            t->bad[t->root[v]] = true;
            t->failed = true;
            out[i] = mir_new_stmt(t->a, MS_SKIP, span);
            continue;
        }
        if (t->first[c] >= 0) {
            /* a nested tuple */
            out[i] = assign_elements(t, c, read ? rhs : e, span, sub, idx,
                                     nidx, et, ndims);
            continue;
        }
        if (read) {
            out[i] = read_element(t, c, sub);
            continue;
        }
        MirStmt *a = mir_new_stmt(t->a, MS_ASSIGN, span);
        a->lhs.var = c;
        a->lhs.type = et;
        a->lhs.nsteps = nidx;
        a->lhs.steps = copy_steps(t, idx, nidx);
        a->rhs = e;
        out[i] = a;
    }
    return list(t, out, n);
}

static MirStmt *decl_elements(Tup *t, VarId v)
{
    int n = ty_base(t->p->vars[v].sized.type)->n;
    MirStmt **out = arena_alloc(t->a, sizeof(MirStmt *) * (size_t)n);
    for (int i = 0; i < n; i++) {
        VarId c = t->first[v] + i;
        if (t->first[c] >= 0) {
            out[i] = decl_elements(t, c);
            continue;
        }
        out[i] = mir_new_stmt(t->a, MS_DECL, t->p->vars[c].span);
        out[i]->var = c;
    }
    return list(t, out, n);
}

static MirStmt *as_branch(Tup *t, MirStmt *s);

/* x = c ? a : b of tuples whose condition draws (or prints): if (c) x =
 * a; else x = b;, the condition evaluated once (projecting the ?: would
 * evaluate it once per slot).  NULL for any other assignment. */
static MirStmt *assign_ternary(Tup *t, const MirStmt *s)
{
    const MirExpr *r = s->rhs;
    if (!r || r->kind != MX_TERNARY || !ut_is_tuple(ty_base(r->type))
        || !(mir_expr_effect(r->args[0]) & (EFF_RNG | EFF_PRINTS | EFF_TARGET
                                            | EFF_WRITES)))
        return NULL;
    MirStmt *branch[2];
    for (int i = 0; i < 2; i++) {
        MirStmt *a = mir_new_stmt(t->a, MS_ASSIGN, s->span);
        *a = *s;
        a->rhs = r->args[1 + i];
        branch[i] = as_branch(t, rw_assign(t, a));
    }
    MirStmt *c = mir_new_stmt(t->a, MS_IF, s->span);
    c->cond = rw_expr(t, r->args[0]);
    c->body = branch[0];
    c->else_body = branch[1];
    return c;
}

static MirStmt *rw_assign(Tup *t, const MirStmt *s)
{
    MirStmt *branches = assign_ternary(t, s);
    if (branches)
        return branches;
    VarId v = s->lhs.var;
    MirExpr *rhs = rw_expr(t, s->rhs);
    if (v < t->cap && t->subst[v] && !t->bad[v])
        return mir_new_stmt(t->a, MS_SKIP, s->span);
    /* follow the lvalue down to an element: a tuple slot is the element
     * variable, the indices of an array of tuples before it index that
     * element (x[i].2[j] is x_2__[i][j]) */
    int k = 0;
    MirLvalueStep *idx = arena_alloc(t->a, sizeof(MirLvalueStep)
                                     * (size_t)(s->lhs.nsteps + 1));
    int nidx = 0;
    while (k < s->lhs.nsteps && v < t->cap && t->first[v] >= 0) {
        const MirLvalueStep *st = &s->lhs.steps[k];
        if (st->indices)
            idx[nidx++] = *st;
        else
            v = t->first[v] + st->slot - 1;
        k++;
    }
    if (v < t->cap && t->first[v] >= 0 && k == s->lhs.nsteps)
        return assign_elements(t, v, rhs, s->span, t->p->vars[v].name, idx,
                               nidx, s->lhs.type, 0);
    if (v < t->cap && t->first[v] >= 0) {
        /* steps this rewrite does not follow: the tuple stays whole */
        t->bad[t->root[v]] = true;
        t->failed = true;
    }
    MirStmt *c = mir_new_stmt(t->a, MS_ASSIGN, s->span);
    *c = *s;
    c->rhs = rhs;
    c->lhs.var = v;
    /* the indices kept, then the steps after the last slot followed */
    int rest = s->lhs.nsteps - k;
    c->lhs.nsteps = nidx + rest;
    if (c->lhs.nsteps == 0)
        c->lhs.type = t->p->vars[v].sized.type;
    MirLvalueStep *steps = arena_alloc(t->a, sizeof(MirLvalueStep)
                                       * (size_t)(c->lhs.nsteps + 1));
    MirLvalueStep *kept = copy_steps(t, idx, nidx);
    /* an assignment to a whole variable has no steps (NULL): no pointer
     * arithmetic on it (the fuzzer, clang's UBSan) */
    MirLvalueStep *after = copy_steps(t, rest > 0 ? s->lhs.steps + k : NULL,
                                      rest);
    for (int i = 0; i < nidx; i++)
        steps[i] = kept[i];
    for (int i = 0; i < rest; i++)
        steps[nidx + i] = after[i];
    c->lhs.steps = steps;
    return c;
}

static void splice(Tup *t, MirStmt *s, PtrVec *out)
{
    if (s->kind == MS_SKIP)
        return;     /* a temporary's declaration or assignment */
    if (s->kind == MS_SLIST) {
        for (int i = 0; i < s->nstmts; i++)
            splice(t, s->stmts[i], out);
        return;
    }
    vec_push(t->a, out, s);
}

/* A declaration taken apart (decls) and the assignment of the whole
 * variable after it (assigns), each element's declaration followed by
 * its assignment, as the backend reads a parameter in place (into the
 * storage its declaration leaves out: em_param_in_place).  False, with
 * nothing added, when the two do not pair up. */
static bool interleave(Tup *t, MirStmt *decls, MirStmt *assigns,
                       PtrVec *out)
{
    if (decls->kind != MS_SLIST || assigns->kind != MS_SLIST)
        return false;
    PtrVec d = {0}, a = {0};
    splice(t, decls, &d);
    splice(t, assigns, &a);
    if (d.len < 2 || d.len != a.len)
        return false;
    for (int j = 0; j < d.len; j++) {
        const MirStmt *x = d.items[j], *y = a.items[j];
        if (x->kind != MS_DECL || y->kind != MS_ASSIGN
            || y->lhs.var != x->var || y->lhs.nsteps != 0)
            return false;
    }
    for (int j = 0; j < d.len; j++) {
        vec_push(t->a, out, d.items[j]);
        vec_push(t->a, out, a.items[j]);
    }
    return true;
}

/* The element of the split function f's result that f returns: the
 * projections along its slots, outermost first. */
static MirExpr *project_result(Tup *t, int f, MirExpr *e)
{
    if (f < 0 || t->parent[f] < 0 || !e)
        return e;
    MirExpr *outer = project_result(t, t->parent[f], e);
    MirExpr *r = outer ? ut_project(t, outer, t->slot[f]) : NULL;
    if (!r) {
        int root = f;
        while (t->parent[root] >= 0)
            root = t->parent[root];
        t->bad_fun[root] = true;
        t->failed = true;
    }
    return r;
}

/* A branch or loop body that became a list (`if (c) kf = f(x);`) is a
 * block: the list's statements are all the branch. */
static MirStmt *as_branch(Tup *t, MirStmt *s)
{
    if (!s || s->kind != MS_SLIST)
        return s;
    MirStmt *b = mir_new_stmt(t->a, MS_BLOCK, s->span);
    *b = *s;
    b->kind = MS_BLOCK;
    return b;
}

static MirStmt *rw_stmt(Tup *t, const MirStmt *s);

/* print(..., c ? a : b, ...) of tuples whose condition draws (or prints),
 * the arguments before it without effects: if (c) print(..., a, ...);
 * else print(..., b, ...);, the condition evaluated once and where it
 * was (printing each slot would evaluate it once per slot).  The same
 * for reject and fatal_error.  NULL for any other statement. */
static MirStmt *print_ternary(Tup *t, const MirStmt *s)
{
    const MirExpr *c = s->call;
    const MirEffect eff = EFF_RNG | EFF_PRINTS | EFF_TARGET | EFF_WRITES;
    if (!c || c->kind != MX_CALL || c->fn_kind != FNK_INTERNAL
        || (c->internal != FN_PRINT && c->internal != FN_REJECT
            && c->internal != FN_FATAL_ERROR))
        return NULL;
    for (int i = 0; i < c->nargs; i++) {
        const MirExpr *r = c->args[i];
        if (r->kind == MX_TERNARY && ut_is_tuple(ty_base(r->type))
            && (mir_expr_effect(r->args[0]) & eff)) {
            MirStmt *branch[2];
            for (int k = 0; k < 2; k++) {
                MirExpr *call = mir_clone_expr(t->a, c);
                call->args[i] = mir_clone_expr(t->a, r->args[1 + k]);
                MirStmt *b = mir_new_stmt(t->a, MS_CALL, s->span);
                *b = *s;
                b->call = call;
                branch[k] = as_branch(t, rw_stmt(t, b));
            }
            MirStmt *ifs = mir_new_stmt(t->a, MS_IF, s->span);
            ifs->cond = rw_expr(t, r->args[0]);
            ifs->body = branch[0];
            ifs->else_body = branch[1];
            return ifs;
        }
        if (mir_expr_effect((MirExpr *)r) & eff)
            return NULL;    /* an effect before it: the order stays */
    }
    return NULL;
}

static MirStmt *rw_stmt(Tup *t, const MirStmt *s)
{
    if (!s)
        return NULL;
    MirStmt *c;
    switch (s->kind) {
    case MS_CALL:
        c = print_ternary(t, s);
        if (c)
            return c;
        break;
    case MS_DECL:
        if (s->var < t->cap && t->subst[s->var] && !t->bad[s->var])
            return mir_new_stmt(t->a, MS_SKIP, s->span);
        if (s->var < t->cap && t->first[s->var] >= 0)
            return decl_elements(t, s->var);
        return (MirStmt *)s;
    case MS_ASSIGN:
        return rw_assign(t, s);
    case MS_RETURN:
        c = mir_new_stmt(t->a, MS_RETURN, s->span);
        *c = *s;
        c->rhs = rw_expr(t, s->rhs);
        if (c->rhs && t->cur_fun >= 0) {
            MirExpr *e = project_result(t, t->cur_fun, c->rhs);
            c->rhs = e ? e : c->rhs;
        }
        return c;
    default:
        break;
    }
    c = mir_new_stmt(t->a, s->kind, s->span);
    *c = *s;
    c->rhs = rw_expr(t, s->rhs);
    c->call = rw_expr(t, s->call);
    c->cond = rw_expr(t, s->cond);
    c->lo = rw_expr(t, s->lo);
    c->hi = rw_expr(t, s->hi);
    c->body = as_branch(t, rw_stmt(t, s->body));
    c->else_body = as_branch(t, rw_stmt(t, s->else_body));
    if (s->nstmts) {
        /* the element declarations and assignments (lists) join the
         * enclosing list, so a block's locals stay its direct children */
        PtrVec out = {0};
        for (int i = 0; i < s->nstmts; i++) {
            MirStmt *d = rw_stmt(t, s->stmts[i]);
            if (i + 1 < s->nstmts && s->stmts[i]->kind == MS_DECL
                && s->stmts[i + 1]->kind == MS_ASSIGN
                && s->stmts[i + 1]->lhs.var == s->stmts[i]->var
                && s->stmts[i + 1]->lhs.nsteps == 0) {
                /* a declaration and the assignment after it */
                MirStmt *a = rw_stmt(t, s->stmts[++i]);
                if (!interleave(t, d, a, &out)) {
                    splice(t, d, &out);
                    splice(t, a, &out);
                }
                continue;
            }
            splice(t, d, &out);
        }
        c->stmts = (MirStmt **)out.items;
        c->nstmts = out.len;
    }
    if (s == t->p->model_block)
        t->p->model_block = c;
    return c;
}

/* A declaration's sizes and constraint arguments, rewritten (new nodes:
 * z's own are left as they were). */
static void rw_sized(Tup *t, MirSized *z)
{
    if (z->ndims) {
        MirExpr **dims = arena_alloc(t->a, sizeof(MirExpr *)
                                     * (size_t)(z->ndims + 1));
        for (int i = 0; i < z->ndims; i++)
            dims[i] = rw_expr(t, z->dims[i]);
        z->dims = dims;
    }
    for (int i = 0; i < z->nsizes && i < 2; i++)
        z->size[i] = rw_expr(t, z->size[i]);
    z->tr_a = rw_expr(t, z->tr_a);
    z->tr_b = rw_expr(t, z->tr_b);
    if (z->nitems) {
        MirSized **items = arena_alloc(t->a, sizeof(MirSized *)
                                       * (size_t)(z->nitems + 1));
        for (int i = 0; i < z->nitems; i++) {
            items[i] = NEW(t->a, MirSized);
            *items[i] = *z->items[i];
            rw_sized(t, items[i]);
        }
        z->items = items;
    }
}

/* Whether e reads variable v. */
static bool reads_var(const MirExpr *e, VarId v)
{
    if (!e)
        return false;
    if (e->kind == MX_VAR && e->var == v)
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (reads_var(e->args[i], v))
            return true;
    for (int i = 0; i < e->nindices; i++)
        if (reads_var(e->indices[i].lo, v) || reads_var(e->indices[i].hi, v))
            return true;
    return false;
}

/* Whether the temporary assigned by stmts[i] can stand for its value in
 * the assignments after it that read it: not when one of them assigns a
 * variable the value reads ((u, w) = (w, u) swaps: the value is taken
 * before either is assigned, so the temporary is stored). */
static bool value_stays(const MirStmt *const *stmts, int n, int i)
{
    VarId tmp = stmts[i]->lhs.var;
    for (int j = i + 1; j < n; j++) {
        const MirStmt *a = stmts[j];
        if (a->kind != MS_ASSIGN || !reads_var(a->rhs, tmp))
            continue;
        if (reads_var(stmts[i]->rhs, a->lhs.var))
            return false;
    }
    return true;
}

static bool is_temporary(const Tup *t, const MirStmt *s)
{
    if (s->kind != MS_ASSIGN || s->lhs.nsteps != 0 || s->lhs.var < 0
        || s->lhs.var >= t->cap || t->bad[s->lhs.var])
        return false;
    const MirVar *v = &t->p->vars[s->lhs.var];
    return v->kind == MV_INTERNAL && ut_is_tuple(v->sized.type)
        && strncmp(v->name, "sym", 3) == 0;
}

/* Internal tuple temporaries (lowering's `(a, b) = f(x)`) assigned once
 * at the top of a statement list: their uses become projections of the
 * value, unless the unpacking assigns what the value reads. */
static void find_temporaries(Tup *t, const MirStmt *s)
{
    if (!s)
        return;
    if (is_temporary(t, s))
        t->subst[s->lhs.var] = s->rhs;
    find_temporaries(t, s->body);
    find_temporaries(t, s->else_body);
    for (int i = 0; i < s->nstmts; i++) {
        const MirStmt *c = s->stmts[i];
        if (is_temporary(t, c)) {
            if (value_stays((const MirStmt *const *)s->stmts, s->nstmts, i))
                t->subst[c->lhs.var] = c->rhs;
            continue;
        }
        find_temporaries(t, c);
    }
}

static bool expr_projects(const MirExpr *e)
{
    if (!e)
        return false;
    /* a projection, or a tuple value (printed, chosen by ?:) */
    if (e->kind == MX_TUPLE_PROJ || (e->type && ut_is_tuple(ty_base(e->type))))
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
    /* arrays of tuples too: a program may index them and never project
     * (print(a[1]), a function's array of tuples) */
    for (int v = 0; v < p->nvars; v++)
        if (ut_is_tuple(ty_base(p->vars[v].sized.type)))
            return true;
    for (int f = 0; f < p->nfuns; f++)
        if (ut_is_tuple(ty_base(p->funs[f].ret)) || stmt_projects(p->funs[f].body))
            return true;
    return false;
}

/* ------------------------------------------------------------- attempts */

static bool splits(const MirFun *f)
{
    return ut_is_tuple(ty_base(f->ret)) && f->body
        && !(f->effect & (EFF_RNG | EFF_TARGET | EFF_PRINTS));
}

/* The number of element functions of a function returning t, nested
 * tuples' included. */
static int element_functions(const Type *t)
{
    t = ty_base(t);
    int n = t->n;
    for (int i = 0; i < t->n; i++)
        if (ut_is_tuple(ty_base(t->items[i])))
            n += element_functions(t->items[i]);
    return n;
}

/* The element functions of every function returning a tuple that is
 * split (nested tuples: the element functions are split in turn). */
static void split_functions(Tup *t)
{
    MirProgram *p = t->p;
    int n = p->nfuns, total = n;
    for (int f = 0; f < n; f++)
        if (splits(&p->funs[f]) && !t->bad_fun[f])
            total += element_functions(p->funs[f].ret);
    MirFun *funs = arena_alloc(t->a, sizeof(MirFun) * (size_t)(total + 1));
    if (n > 0)   /* p->funs is NULL in a program without functions */
        memcpy(funs, p->funs, sizeof(MirFun) * (size_t)n);
    ut_rename(t, funs, n);
    t->split = arena_alloc(t->a, sizeof(int) * (size_t)(total + 1));
    t->parent = arena_alloc(t->a, sizeof(int) * (size_t)(total + 1));
    t->slot = arena_alloc(t->a, sizeof(int) * (size_t)(total + 1));
    for (int f = 0; f < total; f++)
        t->split[f] = t->parent[f] = -1;
    int next = n;
    for (int f = 0; f < next; f++) {
        if (!splits(&funs[f]) || (f < n && t->bad_fun[f]))
            continue;
        t->split[f] = next;
        for (int k = 0; k < ty_base(funs[f].ret)->n; k++) {
            funs[next] = funs[f];
            funs[next].name = arena_printf(t->a, "%s_%d__", funs[f].name,
                                           k + 1);
            funs[next].ret = ut_slot_type(t->a, funs[f].ret, k + 1);
            t->parent[next] = f;
            t->slot[next] = k + 1;
            next++;
        }
    }
    p->funs = funs;
    p->nfuns = next;
}

/* One attempt: true when everything could be taken apart that was tried
 * (the program is then rewritten), false with the program as it was and
 * the failures marked for the next attempt. */
static bool attempt(Tup *t)
{
    MirProgram *p = t->p;
    MirProgram saved = *p;
    t->failed = false;
    grow(t);
    for (int v = 0; v < t->cap; v++) {
        t->first[v] = -1;
        t->root[v] = v;
        t->subst[v] = NULL;
    }
    /* element variables; nested tuples get theirs too (the loop reaches
     * the new variables) */
    ut_prepare_args(t);
    int n_orig = p->nfuns;
    for (int v = 0; v < p->nvars; v++)
        make_elements(t, v);
    split_functions(t);
    ut_flatten_args(t, n_orig);
    find_temporaries(t, p->prepare_data);
    find_temporaries(t, p->log_prob);
    find_temporaries(t, p->generate_quantities);
    for (int f = 0; f < p->nfuns; f++)
        find_temporaries(t, p->funs[f].body);
    MirStmt **bodies = arena_alloc(t->a, sizeof(MirStmt *)
                                   * (size_t)(p->nfuns + 1));
    for (int f = 0; f < p->nfuns; f++) {
        t->cur_fun = f;
        bodies[f] = rw_stmt(t, p->funs[f].body);
    }
    t->cur_fun = -1;
    MirStmt *prepare = rw_stmt(t, p->prepare_data);
    MirStmt *log_prob = rw_stmt(t, p->log_prob);
    MirStmt *gq = rw_stmt(t, p->generate_quantities);
    MirStmt *inits = rw_stmt(t, p->transform_inits);
    /* declared sizes and bounds read tuples too (vector[t.1] x): their
     * rewritten copies, put in place only when everything succeeded */
    MirSized *sized = arena_alloc(t->a, sizeof(MirSized)
                                  * (size_t)(p->nvars + 1));
    for (int v = 0; v < p->nvars; v++) {
        sized[v] = p->vars[v].sized;
        rw_sized(t, &sized[v]);
    }
    if (t->failed) {
        *p = saved;     /* the variables and functions made are forgotten */
        return false;
    }
    for (int v = 0; v < p->nvars; v++)
        p->vars[v].sized = sized[v];
    for (int f = 0; f < p->nfuns; f++)
        p->funs[f].body = bodies[f];
    p->prepare_data = prepare;
    p->log_prob = log_prob;
    p->generate_quantities = gq;
    p->transform_inits = inits;
    return true;
}

typedef struct Calls {
    const char *name;
    bool found;
} Calls;

static bool find_call(MirExpr *e, void *ctx)
{
    Calls *c = ctx;
    if (e->kind == MX_CALL && e->fn_kind == FNK_USER
        && strcmp(e->fn, c->name) == 0)
        c->found = true;
    return !c->found;
}

/* Whether a function of this name is called by the sections or by a
 * function that stays. */
static bool called(MirProgram *p, const bool *dropped, const char *name)
{
    Calls c = {name, false};
    MirVisitor v = {.expr = find_call, .ctx = &c, .decl_sizes = true, .p = p};
    for (int f = 0; f < p->nfuns && !c.found; f++)
        if (!dropped[f])
            mir_visit_stmt(p->funs[f].body, &v);
    for (int s = 0; s < MIR__NSECTIONS && !c.found; s++)
        mir_visit_stmt(*mir_section(p, (MirSection)s), &v);
    return c.found;
}

/* A split function (and a split element function) that nothing calls
 * any more goes: all its uses were projected onto its element
 * functions (dropping one may leave another uncalled: to a fixed
 * point). */
static void drop_split_functions(Tup *t)
{
    MirProgram *p = t->p;
    bool *dropped = arena_alloc(t->a, sizeof(bool) * (size_t)(p->nfuns + 1));
    for (bool changed = true; changed;) {
        changed = false;
        for (int f = 0; f < p->nfuns; f++)
            if (!dropped[f] && t->split[f] >= 0
                && !called(p, dropped, p->funs[f].name)) {
                dropped[f] = true;
                changed = true;
            }
    }
    int n = 0;
    for (int f = 0; f < p->nfuns; f++)
        if (!dropped[f])
            p->funs[n++] = p->funs[f];
    p->nfuns = n;
}

void mir_untuple(MirProgram *p)
{
    if (!has_tuples(p))
        return;
    Tup t = {.p = p, .a = p->arena, .cur_fun = -1};
    t.bad_fun = arena_alloc(t.a, sizeof(bool) * (size_t)(p->nfuns + 1));
    /* each failed attempt leaves one more variable or function whole:
     * the attempts end */
    while (!attempt(&t))
        ;
    drop_split_functions(&t);
}
