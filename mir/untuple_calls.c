/* untuple_calls.c - the tuple arguments of user functions taken apart
 * (untuple.c's header says how the rest is), and the calls that pass
 * them:
 *
 *   real f(tuple(real, vector) p)   ->  real f(real p_1__, vector p_2__)
 *   f(t)                            ->  f(t_1__, t_2__)
 *
 * An overloaded function whose tuple arguments are taken apart gets a
 * name of its own (f(tuple(real, real)) taken apart would be f(real,
 * real), which another overload may already be): f_ov2, h_ov3_lpdf
 * (the suffix kept: a call as h_ov3_lupdf still drops constants), and
 * each call is resolved to its overload here, as the typechecker chose
 * (the least promotion cost, the first defined among equals).
 *
 * Higher-order calls whose function takes its trailing arguments
 * (Stan Functions Reference, "Variadic ODE solvers", "Algebraic equation
 * solvers", "Reduce-sum"; stanc3 accepts any argument type there,
 * tuples too) pass the trailing arguments' elements:
 *
 *   ode_rk45(rhs, y0, t0, ts, (k, c))   ->  ode_rk45(rhs, y0, t0, ts, k, c)
 *
 * aligned from the end (the function's own leading arguments, t and y,
 * and the solver's, are never tuples).  reduce_sum and reduce_sum_static
 * of such a function, or of an array of tuples, become the direct call
 * f(x, 1, size(x), ...), the sum the backend computes for them anyway
 * (one slice: emit_call.c), so that the slice's slots are arguments of
 * their own.  The embedded Laplace functions pass a tuple of their
 * function's arguments, and the others (map_rect, integrate_1d, the
 * deprecated solvers) fixed arrays: a function passed to them keeps its
 * arguments as declared. */
#include <stdint.h>
#include <string.h>

#include "untuple_impl.h"

/* ------------------------------------------------------------ names */

/* The name of the definition a call of `called` calls: foo_lupdf calls
 * foo_lpdf (and foo_lupmf foo_lpmf). */
static const char *definition_name(Arena *a, const char *called)
{
    size_t n = strlen(called);
    if (n > 6 && (strcmp(called + n - 6, "_lupdf") == 0
                  || strcmp(called + n - 6, "_lupmf") == 0))
        return arena_printf(a, "%.*s_lp%cf", (int)(n - 6), called,
                            called[n - 2]);
    return called;
}

/* The length of the suffix of a function's name that says what kind of
 * function it is (the backend, the passes and the effects read it). */
static size_t suffix_len(const char *name)
{
    static const char *const suffixes[] = {
        "_lupdf", "_lupmf", "_lpdf", "_lpmf", "_lcdf", "_lccdf", "_rng",
        "_lp", "_jacobian",
    };
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t k = strlen(suffixes[i]);
        if (n > k && strcmp(name + n - k, suffixes[i]) == 0)
            return k;
    }
    return 0;
}

/* Whether a name is taken, by a function or by a new name so far. */
static bool name_taken(const Tup *t, const char *name, int upto)
{
    for (int g = 0; g < t->p->nfuns; g++)
        if (strcmp(t->p->funs[g].name, name) == 0)
            return true;
    for (int g = 0; g < upto; g++)
        if (t->new_name[g] && strcmp(t->new_name[g], name) == 0)
            return true;
    return false;
}

/* The name a call of `called` (foo, foo_lupdf ...) of the renamed
 * function f has: the new name with the call's own suffix. */
static const char *renamed(Tup *t, int f, const char *called)
{
    const char *old = t->orig_name[f], *neu = t->new_name[f];
    size_t old_base = strlen(old) - suffix_len(old);
    size_t new_base = strlen(neu) - suffix_len(neu);
    return arena_printf(t->a, "%.*s%s", (int)new_base, neu,
                        called + old_base);
}

/* ------------------------------------------------ higher-order calls */

static bool is_ref(const MirExpr *e)
{
    return e && e->kind == MX_VAR && e->var < 0 && e->fn;
}

/* Whether the higher-order function `name` passes its trailing
 * arguments to its function argument (args[0]) one by one. */
static bool passes_trailing(const char *name)
{
    return sig_is_variadic(sig_table(), name)
        && strncmp(name, "laplace_", 8) != 0;
}

static bool is_reduce_sum(const char *name)
{
    return strcmp(name, "reduce_sum") == 0
        || strcmp(name, "reduce_sum_static") == 0;
}

typedef struct Refs {
    Arena *a;
    const char *name;
    bool whole;
} Refs;

/* Whether the higher-order function `name` passes its function
 * arguments the items of the tuple after each (the embedded Laplace
 * functions). */
static bool passes_tuple_items(const char *name)
{
    return strncmp(name, "laplace_", 8) == 0;
}

/* Whether args[i] of call e, a function argument, gets its arguments
 * from the call's trailing arguments or from the tuple after it. */
static bool passes_args(const MirExpr *e, int i)
{
    if (e->fn_kind != FNK_STANLIB)
        return false;
    if (i == 0 && passes_trailing(e->fn))
        return true;
    return passes_tuple_items(e->fn) && i + 1 < e->nargs
        && e->args[i + 1]->type->kind == TY_TUPLE;
}

static bool find_whole_ref(MirExpr *e, void *ctx)
{
    Refs *r = ctx;
    if (e->kind != MX_CALL)
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (is_ref(e->args[i])
            && strcmp(definition_name(r->a, e->args[i]->fn), r->name) == 0
            && !passes_args(e, i))
            r->whole = true;
    return !r->whole;
}

/* Whether a function of this name is passed to a higher-order function
 * that passes it its arguments as declared. */
static bool passed_whole(Tup *t, const char *name)
{
    Refs r = {t->a, name, false};
    MirVisitor v = {.expr = find_whole_ref, .ctx = &r, .decl_sizes = true,
                    .p = t->p};
    mir_visit_program(t->p, &v);
    return r.whole;
}

/* ------------------------------------------------------- preparation */

static bool has_tuple_param(const MirProgram *p, const MirFun *f)
{
    for (int i = 0; i < f->nparams; i++)
        if (ut_is_tuple(ty_base(p->vars[f->params[i]].sized.type)))
            return true;
    return false;
}

void ut_prepare_args(Tup *t)
{
    MirProgram *p = t->p;
    int n = p->nfuns;
    t->n_orig = n;
    t->args_ok = arena_alloc(t->a, sizeof(bool) * (size_t)(n + 1));
    t->orig_params = arena_alloc(t->a, sizeof(VarId *) * (size_t)(n + 1));
    t->orig_nparams = arena_alloc(t->a, sizeof(int) * (size_t)(n + 1));
    t->orig_name = arena_alloc(t->a, sizeof(char *) * (size_t)(n + 1));
    t->new_name = arena_alloc(t->a, sizeof(char *) * (size_t)(n + 1));
    for (int f = 0; f < n; f++) {
        const MirFun *fn = &p->funs[f];
        t->orig_params[f] = fn->params;
        t->orig_nparams[f] = fn->nparams;
        t->orig_name[f] = fn->name;
        t->new_name[f] = NULL;
        t->args_ok[f] = fn->body != NULL && !passed_whole(t, fn->name);
    }
    for (int f = 0; f < n; f++) {
        const MirFun *fn = &p->funs[f];
        if (!t->args_ok[f] || !has_tuple_param(p, fn))
            continue;
        bool overloaded = false;
        for (int g = 0; g < n && !overloaded; g++)
            overloaded = g != f && strcmp(p->funs[g].name, fn->name) == 0;
        if (!overloaded)
            continue;
        size_t base = strlen(fn->name) - suffix_len(fn->name);
        for (int k = f + 1;; k++) {
            const char *name = arena_printf(t->a, "%.*s_ov%d%s", (int)base,
                                            fn->name, k, fn->name + base);
            if (!name_taken(t, name, f)) {
                t->new_name[f] = name;
                break;
            }
        }
    }
}

void ut_rename(Tup *t, MirFun *funs, int n)
{
    for (int f = 0; f < n && f < t->n_orig; f++)
        if (t->new_name[f])
            funs[f].name = t->new_name[f];
}

/* The arguments that v stands for: its elements', in order, when it
 * was taken apart. */
static void flat_params(Tup *t, VarId v, bool data_only, PtrVec *vars,
                        PtrVec *data)
{
    if (v < t->cap && t->first[v] >= 0) {
        int n = ty_base(t->p->vars[v].sized.type)->n;
        for (int i = 0; i < n; i++)
            flat_params(t, t->first[v] + i, data_only, vars, data);
        return;
    }
    vec_push(t->a, vars, (void *)(intptr_t)v);
    vec_push(t->a, data, (void *)(intptr_t)data_only);
}

void ut_flatten_args(Tup *t, int n_orig)
{
    MirProgram *p = t->p;
    bool *ok = arena_alloc(t->a, sizeof(bool) * (size_t)(p->nfuns + 1));
    VarId **orig = arena_alloc(t->a, sizeof(VarId *) * (size_t)(p->nfuns + 1));
    int *norig = arena_alloc(t->a, sizeof(int) * (size_t)(p->nfuns + 1));
    for (int f = 0; f < p->nfuns; f++) {
        int r = f;
        while (r >= n_orig && t->parent[r] >= 0)
            r = t->parent[r];
        ok[f] = r < n_orig && t->args_ok[r];
        orig[f] = p->funs[f].params;
        norig[f] = p->funs[f].nparams;
        if (!ok[f])
            continue;
        PtrVec vars = {0}, data = {0};
        for (int i = 0; i < p->funs[f].nparams; i++)
            flat_params(t, p->funs[f].params[i], p->funs[f].data_only
                        && p->funs[f].data_only[i], &vars, &data);
        VarId *params = arena_alloc(t->a, sizeof(VarId)
                                    * (size_t)(vars.len + 1));
        bool *donly = arena_alloc(t->a, sizeof(bool) * (size_t)(vars.len + 1));
        for (int i = 0; i < vars.len; i++) {
            params[i] = (VarId)(intptr_t)vars.items[i];
            donly[i] = (bool)(intptr_t)data.items[i];
        }
        p->funs[f].params = params;
        p->funs[f].data_only = donly;
        p->funs[f].nparams = vars.len;
    }
    t->args_ok = ok;
    t->orig_params = orig;
    t->orig_nparams = norig;
}

/* ------------------------------------------------------------- calls */

/* The function as declared that a call of `called` with these arguments
 * calls: the least promotion cost, the first defined among equals (as
 * the typechecker and em_resolve_fun choose); -1 when none. */
static int resolve(Tup *t, const char *called, int nargs,
                   MirExpr *const *args)
{
    const char *name = definition_name(t->a, called);
    int best = -1, best_cost = 1 << 30;
    for (int f = 0; f < t->n_orig; f++) {
        if (strcmp(t->orig_name[f], name) != 0 || t->orig_nparams[f] != nargs)
            continue;
        int cost = 0;
        for (int i = 0; i < nargs && cost >= 0; i++) {
            int c = ty_promotion_cost(args[i]->type, t->p->vars
                                      [t->orig_params[f][i]].sized.type);
            cost = c < 0 ? -1 : cost + c;
        }
        if (cost >= 0 && cost < best_cost) {
            best = f;
            best_cost = cost;
        }
    }
    return best;
}

/* The function as declared that a function argument names: the one of
 * the argument's type (the typechecker's choice), or the only one. */
static int resolve_ref(Tup *t, const MirExpr *ref)
{
    const char *name = definition_name(t->a, ref->fn);
    int only = -1, n = 0;
    for (int f = 0; f < t->n_orig; f++) {
        if (strcmp(t->orig_name[f], name) != 0)
            continue;
        only = f;
        n++;
        const Type *ft = ref->type;
        if (!ft || ft->kind != TY_FUNCTION || ft->n != t->orig_nparams[f])
            continue;
        bool same = true;
        for (int i = 0; i < ft->n && same; i++)
            same = ty_equal(ft->items[i], t->p->vars[t->orig_params[f][i]]
                            .sized.type);
        if (same)
            return f;
    }
    return n == 1 ? only : -1;
}

/* The arguments for parameter v of a call: the value e, or the
 * projections of e onto v's elements.  False when e cannot be taken
 * apart (v stays whole in the next attempt). */
static bool expand_arg(Tup *t, VarId v, const MirExpr *e, PtrVec *out)
{
    if (!(v < t->cap && t->first[v] >= 0)) {
        vec_push(t->a, out, (void *)e);
        return true;
    }
    int n = ty_base(t->p->vars[v].sized.type)->n;
    for (int i = 0; i < n; i++) {
        MirExpr *x = ut_project(t, e, i + 1);
        if (!x || !expand_arg(t, t->first[v] + i, x, out))
            return false;
    }
    return true;
}

/* Whether parameter i of the function as declared f was taken apart. */
static bool param_split(const Tup *t, int f, int i)
{
    VarId v = t->orig_params[f][i];
    return v < t->cap && t->first[v] >= 0;
}

/* c's arguments from `from` on, for f's parameters from `first` on,
 * projected where they were taken apart; c's arguments before `from`
 * kept.  c unchanged, and the parameter left whole in the next attempt,
 * when an argument cannot be taken apart. */
static MirExpr *expand_args(Tup *t, int f, MirExpr *c, int from, int first)
{
    if (!t->args_ok[f])
        return c;
    PtrVec args = {0};
    for (int i = 0; i < c->nargs; i++) {
        int j = i - from + first;
        if (i < from || j < 0 || j >= t->orig_nparams[f]
            || !param_split(t, f, j)) {
            vec_push(t->a, &args, c->args[i]);
            continue;
        }
        VarId v = t->orig_params[f][j];
        if (ty_promotion_cost(c->args[i]->type, t->p->vars[v].sized.type) < 0
            || !expand_arg(t, v, c->args[i], &args)) {
            t->bad[t->root[v]] = true;
            t->failed = true;
            return c;
        }
    }
    c->args = (MirExpr **)args.items;
    c->nargs = args.len;
    return c;
}

/* reduce_sum(f, x, grainsize, args...) as f(x, 1, size(x), args...). */
static MirExpr *direct_call(Tup *t, const MirExpr *c)
{
    MirExpr *d = mir_new_expr(t->a, MX_CALL, c->type, c->span);
    d->fn_kind = FNK_USER;
    d->fn = c->args[0]->fn;
    d->ad = c->ad;
    d->effect = c->effect;
    d->nargs = c->nargs;
    d->args = arena_alloc(t->a, sizeof(MirExpr *) * (size_t)(d->nargs + 1));
    d->args[0] = c->args[1];
    d->args[1] = mir_int(t->a, 1);
    /* the size of an array of tuples is its first slot's array's */
    const MirExpr *x = c->args[1];
    while (ut_is_make_tuple(x) && x->type->kind == TY_ARRAY)
        x = x->args[0];
    MirExpr *size = mir_new_expr(t->a, MX_CALL, TY(INT), c->span);
    size->fn_kind = FNK_STANLIB;
    size->fn = "size";
    size->ad = AD_DATA;
    size->nargs = 1;
    size->args = arena_alloc(t->a, sizeof(MirExpr *));
    size->args[0] = mir_clone_expr(t->a, x);
    d->args[2] = size;
    for (int i = 3; i < c->nargs; i++)
        d->args[i] = c->args[i];
    return d;
}

/* Whether a reduce_sum call passes tuples: its slice or its function's
 * arguments. */
static bool passes_tuples(const Tup *t, int f, const MirExpr *c)
{
    if (ut_is_tuple(ty_base(c->args[1]->type)))
        return true;
    for (int i = 0; i < t->orig_nparams[f]; i++)
        if (ut_is_tuple(ty_base(t->p->vars[t->orig_params[f][i]].sized.type)))
            return true;
    return false;
}

/* A function argument named ref (renamed if its overload was). */
static MirExpr *renamed_ref(Tup *t, int f, const MirExpr *ref)
{
    MirExpr *r = mir_new_expr(t->a, MX_VAR, ref->type, ref->span);
    *r = *ref;
    if (t->new_name[f])
        r->fn = renamed(t, f, ref->fn);
    return r;
}

/* laplace_*(..., f, (a, b, ...), ...): the items of the tuple after
 * each function argument are its trailing arguments, aligned from the
 * end; their slots where f's arguments were taken apart.  A tuple that
 * is not a tuple expression leaves f's arguments whole (next attempt). */
static MirExpr *expand_tuple_items(Tup *t, MirExpr *c)
{
    MirExpr **args = arena_alloc(t->a, sizeof(MirExpr *)
                                 * (size_t)(c->nargs + 1));
    memcpy(args, c->args, sizeof(MirExpr *) * (size_t)c->nargs);
    for (int i = 0; i + 1 < c->nargs; i++) {
        int f = is_ref(args[i]) && passes_args(c, i)
            ? resolve_ref(t, args[i]) : -1;
        if (f < 0 || !t->args_ok[f])
            continue;
        args[i] = renamed_ref(t, f, args[i]);
        int np = t->orig_nparams[f];
        const MirExpr *items = args[i + 1];
        if (!ut_is_make_tuple(items) || items->nargs > np) {
            for (int j = 0; j < np; j++)
                if (param_split(t, f, j)) {
                    t->bad[t->root[t->orig_params[f][j]]] = true;
                    t->failed = true;
                }
            continue;
        }
        MirExpr *tc = mir_new_expr(t->a, MX_CALL, items->type, items->span);
        *tc = *items;
        tc = expand_args(t, f, tc, 0, np - items->nargs);
        const Type **types = arena_alloc(t->a, sizeof(Type *)
                                         * (size_t)(tc->nargs + 1));
        for (int k = 0; k < tc->nargs; k++)
            types[k] = tc->args[k]->type;
        tc->type = ty_tuple(t->a, tc->nargs, types);
        args[i + 1] = tc;
    }
    c->args = args;
    return c;
}

MirExpr *ut_rw_call(Tup *t, MirExpr *c)
{
    if (c->kind != MX_CALL || !t->orig_params)
        return c;
    if (c->fn_kind == FNK_USER) {
        int f = resolve(t, c->fn, c->nargs, c->args);
        if (f < 0)
            return c;
        if (t->new_name[f])
            c->fn = renamed(t, f, c->fn);
        return expand_args(t, f, c, 0, 0);
    }
    if (c->fn_kind == FNK_STANLIB && passes_tuple_items(c->fn))
        return expand_tuple_items(t, c);
    if (c->fn_kind != FNK_STANLIB || c->nargs < 2 || !is_ref(c->args[0])
        || !passes_trailing(c->fn))
        return c;
    int f = resolve_ref(t, c->args[0]);
    if (f < 0)
        return c;
    if (is_reduce_sum(c->fn) && c->nargs >= 3 && passes_tuples(t, f, c)) {
        MirExpr *d = direct_call(t, c);
        if (t->new_name[f])
            d->fn = renamed(t, f, d->fn);
        return expand_args(t, f, d, 0, 0);
    }
    if (t->new_name[f]) {
        MirExpr **args = arena_alloc(t->a, sizeof(MirExpr *)
                                     * (size_t)(c->nargs + 1));
        memcpy(args, c->args, sizeof(MirExpr *) * (size_t)c->nargs);
        args[0] = renamed_ref(t, f, c->args[0]);
        c->args = args;
    }
    /* the trailing arguments, aligned from the end */
    int np = t->orig_nparams[f];
    if (np > c->nargs - 1)
        return c;
    return expand_args(t, f, c, c->nargs - np, 0);
}
