/* inline.c - user-function inlining (stanc3's function inlining): a call
 * of a user function is replaced by a copy of the function's body, its
 * locals renamed (inline_symN__), its arguments evaluated once and in
 * order, and its returns rewritten to assignments of a result variable.
 *
 * What is inlined, and where:
 *  - only calls in the sections (prepare_data, log_prob,
 *    generate_quantities, transform_inits), at a place that is evaluated
 *    once, unconditionally, before anything else of the statement that
 *    could fail or have an effect: the right-hand side of an assignment
 *    (whose left-hand side indices are plain variables or literals),
 *    target +=, a void call statement, the condition of an if; never
 *    inside an arm of ?:, the right operand of && or ||, a while
 *    condition or a loop bound (those are not evaluated once, or not
 *    always), so no effect is moved past another or duplicated;
 *  - never a recursive function, directly or through others (the strongly
 *    connected components of the call graph), nor one marked @noinline,
 *    nor one declared without a body;
 *  - only functions returning int, real or nothing, whose container
 *    arguments are variables of exactly the parameter's type (the C
 *    backend cannot declare a vector or matrix whose size only its value
 *    gives, so a container is never copied into a temporary);
 *  - the size rule, so that inlining cannot multiply heavy work: a
 *    function is inlined when its body has at most SMALL_BODY nodes, or
 *    when it is called from exactly one place and its body has at most
 *    LARGE_BODY nodes; @inline lifts the limit (never the recursion rule).
 *    At most MAX_INLINES calls are inlined in one run of the pass, and
 *    only as many as the growth budget (budget.h) has room for: a copied
 *    body's calls are inlined in turn, so the copies could multiply.
 *
 * Arguments: a variable or a literal of the parameter's type is
 * substituted (the body cannot assign to its arguments nor to the
 * caller's variables); every other argument goes, in order, into a
 * temporary of the parameter's type.
 *
 * Returns: a body whose only return is its last statement becomes a block
 * ending in `result = value;`.  Otherwise the body runs inside a one-trip
 * loop (`for (inline_symN__ in 1:1)`), each return becomes `result =
 * value; break;`, and when a return sits inside a loop of the body a flag
 * records it and every such loop is followed by `if (flag) break;`
 * (stanc3's scheme).
 *
 * _lpdf semantics: a call written foo_lpdf (normalized) of a body that
 * calls bar_lupdf gets bar_lpdf there, as Stan evaluates it; a target +=
 * inside an inlined _lp function stays a target += at the call site.
 *
 * The breaks of the one-trip loops in the log density become flags
 * (mir_structure_exits, as mir_transform does for the program's own
 * exits), which is the form the C backend compiles.
 *
 * requires: nothing.  invalidates: the effect and AD caches (the runner
 * refreshes them). */
#include <limits.h>
#include <string.h>

#include "budget.h"
#include "passes.h"

enum { SMALL_BODY = 40, LARGE_BODY = 400, MAX_INLINES = 256 };
/* the nodes an inlined call adds per argument (and for its result)
 * besides the body's copy: a temporary's declaration and assignment */
enum { INLINE_NODES = 4 };

typedef struct Inliner {
    MirProgram *p;
    Arena *a;
    bool *ok;            /* per function: may be inlined */
    long long *nodes;    /* per function: its body's nodes */
    PassBudget budget;
    ScopeTable funs;     /* function names to indices */
    int left;            /* inlines left in this run */
    MirSection section;
    bool changed;
} Inliner;

/* --------------------------------------------------------- the functions */

/* The name of the definition a call of `called` calls: foo_lupdf calls
 * foo_lpdf (and foo_lupmf foo_lpmf). */
static const char *defined_name(Arena *a, const char *called)
{
    size_t n = strlen(called);
    if (name_has_suffix(called, "_lupdf") || name_has_suffix(called, "_lupmf"))
        return arena_printf(a, "%.*s_lp%cf", (int)(n - 6), called,
                            called[n - 2]);
    return called;
}

/* The function a user call calls: the overload whose parameters take the
 * arguments at the least promotion cost, unique; -1 when there is none
 * or the choice is ambiguous.  funs maps names to function indices (one
 * entry per overload and forward declaration). */
static int resolve(const MirProgram *p, const ScopeTable *funs,
                   const MirExpr *call)
{
    int best = -1, best_cost = -1;
    bool tie = false;
    const char *name = defined_name(p->arena, call->fn);
    for (int e = scope_find(funs, name); e >= 0; e = scope_older(funs, e)) {
        int i = funs->entries[e].value;
        const MirFun *f = &p->funs[i];
        if (f->nparams != call->nargs)
            continue;
        int cost = 0;
        for (int k = 0; k < f->nparams && cost >= 0; k++) {
            int c = ty_promotion_cost(call->args[k]->type,
                                      p->vars[f->params[k]].sized.type);
            cost = c < 0 ? -1 : cost + c;
        }
        if (cost < 0)
            continue;
        bool same = best >= 0 && cost == best_cost;
        /* a forward declaration and its definition are one function */
        if (same && (!f->body || !p->funs[best].body)) {
            if (f->body)
                best = i;
            continue;
        }
        if (best < 0 || cost < best_cost) {
            best = i;
            best_cost = cost;
            tie = false;
        } else if (same) {
            tie = true;
        }
    }
    return tie ? -1 : best;
}

typedef struct Graph {
    const MirProgram *p;
    const ScopeTable *funs;
    int current;
    int *from, *to;
    int n, cap;
    int *sites;          /* per function: calls of it in the program */
    Arena *a;
} Graph;

/* A call of function i (from g->current, -1 in a section). */
static void add_call(Graph *g, int i)
{
    g->sites[i]++;
    if (g->current < 0)
        return;
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 64;
        int *fr = arena_alloc(g->a, sizeof(int) * (size_t)cap);
        int *to = arena_alloc(g->a, sizeof(int) * (size_t)cap);
        if (g->n) {
            memcpy(fr, g->from, sizeof(int) * (size_t)g->n);
            memcpy(to, g->to, sizeof(int) * (size_t)g->n);
        }
        g->from = fr;
        g->to = to;
        g->cap = cap;
    }
    g->from[g->n] = g->current;
    g->to[g->n++] = i;
}

static bool collect_edge(MirExpr *e, void *ctx)
{
    Graph *g = ctx;
    if (e->kind != MX_CALL || e->fn_kind != FNK_USER)
        return true;
    int f = resolve(g->p, g->funs, e);
    if (f >= 0) {
        add_call(g, f);
        return true;
    }
    /* an unresolved call counts as a call of every overload */
    const char *name = defined_name(g->a, e->fn);
    for (int x = scope_find(g->funs, name); x >= 0;
         x = scope_older(g->funs, x))
        add_call(g, g->funs->entries[x].value);
    return true;
}

/* recursive[i]: function i reaches itself in the call graph (Tarjan's
 * strongly connected components, iteratively: a call chain of thousands
 * of functions must not exhaust the stack). */
static bool *recursive_functions(Graph *g)
{
    int n = g->p->nfuns;
    Arena *a = g->a;
    bool *rec = arena_alloc(a, sizeof(bool) * (size_t)(n + 1));
    int *start = arena_alloc(a, sizeof(int) * (size_t)(n + 2));
    int *adj = arena_alloc(a, sizeof(int) * (size_t)(g->n + 1));
    for (int e = 0; e < g->n; e++) {
        start[g->from[e] + 1]++;
        if (g->from[e] == g->to[e])
            rec[g->from[e]] = true;
    }
    for (int i = 0; i < n; i++)
        start[i + 1] += start[i];
    int *fill = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    memcpy(fill, start, sizeof(int) * (size_t)n);
    for (int e = 0; e < g->n; e++)
        adj[fill[g->from[e]]++] = g->to[e];
    int *index = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *low = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *edge = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    bool *on = arena_alloc(a, sizeof(bool) * (size_t)(n + 1));
    int *stack = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *call = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int counter = 0, sp = 0;
    for (int i = 0; i < n; i++)
        index[i] = -1;
    for (int root = 0; root < n; root++) {
        if (index[root] >= 0)
            continue;
        int depth = 0;
        call[depth++] = root;
        index[root] = low[root] = counter++;
        edge[root] = start[root];
        stack[sp++] = root;
        on[root] = true;
        while (depth > 0) {
            int v = call[depth - 1];
            if (edge[v] < start[v + 1]) {
                int w = adj[edge[v]++];
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    edge[w] = start[w];
                    stack[sp++] = w;
                    on[w] = true;
                    call[depth++] = w;
                } else if (on[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            depth--;
            if (depth > 0 && low[v] < low[call[depth - 1]])
                low[call[depth - 1]] = low[v];
            if (low[v] != index[v])
                continue;
            int size = 0, w;
            do {
                w = stack[--sp];
                on[w] = false;
                size++;
            } while (w != v);
            if (size > 1)
                for (int k = sp; k < sp + size; k++)
                    rec[stack[k]] = true;
        }
    }
    return rec;
}

static bool has_annotation(const MirFun *f, const char *name)
{
    for (int i = 0; i < f->nannots; i++)
        if (strcmp(f->annots[i].name, name) == 0)
            return true;
    return false;
}

static bool scalar_type(const Type *t)
{
    return t->kind == TY_INT || t->kind == TY_REAL;
}

/* Which functions may be inlined (the rules at the top of the file);
 * their bodies' nodes into nodes[]. */
static bool *inlinable(MirProgram *p, const ScopeTable *funs, Arena *a,
                       long long *nodes)
{
    Graph g = {.p = p, .funs = funs, .a = a, .current = -1};
    g.sites = arena_alloc(a, sizeof(int) * (size_t)(p->nfuns + 1));
    MirVisitor v = {.expr = collect_edge, .ctx = &g};
    for (int i = 0; i < p->nfuns; i++) {
        g.current = i;
        mir_visit_stmt(p->funs[i].body, &v);
    }
    g.current = -1;
    for (int s = 0; s < MIR__NSECTIONS; s++)
        mir_visit_stmt(*mir_section(p, (MirSection)s), &v);
    bool *rec = recursive_functions(&g);
    bool *ok = arena_alloc(a, sizeof(bool) * (size_t)(p->nfuns + 1));
    for (int i = 0; i < p->nfuns; i++) {
        MirFun *f = &p->funs[i];
        if (!f->body || rec[i] || has_annotation(f, "noinline")
            || has_annotation(f, "extern")
            || !(f->ret->kind == TY_VOID || scalar_type(f->ret)))
            continue;
        nodes[i] = pass_count_stmt(f->body, LLONG_MAX);
        ok[i] = has_annotation(f, "inline") || nodes[i] <= SMALL_BODY
            || (g.sites[i] == 1 && nodes[i] <= LARGE_BODY);
    }
    return ok;
}

/* ------------------------------------------------------- the call sites */

typedef struct Finder {
    Inliner *in;
    bool dirty;          /* something evaluated so far may fail or act */
    MirExpr **found;
    int fun;
} Finder;

static bool literal(const MirExpr *e)
{
    return e->kind == MX_INT || e->kind == MX_REAL || e->kind == MX_STR;
}

/* The call's arguments can be bound: containers only as variables of the
 * parameter's exact type. */
static bool bindable(const MirProgram *p, const MirFun *f, const MirExpr *call)
{
    for (int k = 0; k < f->nparams; k++) {
        const Type *pt = p->vars[f->params[k]].sized.type;
        const MirExpr *arg = call->args[k];
        if (scalar_type(pt) && scalar_type(arg->type))
            continue;
        if (arg->kind != MX_VAR || !ty_equal(arg->type, pt))
            return false;
    }
    return true;
}

/* Search e in evaluation order for the first call that may be inlined
 * with nothing that could fail or act evaluated before it. */
static void find(Finder *fd, MirExpr **slot)
{
    MirExpr *e = *slot;
    if (fd->found || !e)
        return;
    bool dirty_before = fd->dirty;
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
    case MX_IMAG:
    case MX_STR:
    case MX_VAR:
        return;
    case MX_PROMOTE:
    case MX_TUPLE_PROJ:
        find(fd, &e->args[0]);
        return;
    case MX_TERNARY:
    case MX_AND:
    case MX_OR:
        /* only the first operand is always evaluated */
        find(fd, &e->args[0]);
        fd->dirty = true;
        return;
    case MX_INDEXED:
        for (int i = 0; i < e->nargs; i++)
            find(fd, &e->args[i]);
        for (int i = 0; i < e->nindices; i++) {
            if (e->indices[i].lo)
                find(fd, &e->indices[i].lo);
            if (e->indices[i].hi)
                find(fd, &e->indices[i].hi);
        }
        fd->dirty = true;
        return;
    case MX_CALL:
        for (int i = 0; i < e->nargs; i++)
            find(fd, &e->args[i]);
        if (fd->found)
            return;
        if (e->fn_kind == FNK_USER && !dirty_before) {
            const MirProgram *p = fd->in->p;
            int f = resolve(p, &fd->in->funs, e);
            if (f >= 0 && fd->in->ok[f] && bindable(p, &p->funs[f], e)) {
                fd->found = slot;
                fd->fun = f;
                return;
            }
        }
        fd->dirty = true;
        return;
    case MX__COUNT:
        return;
    }
}

static bool plain(const MirExpr *e)
{
    return !e || e->kind == MX_VAR || literal(e);
}

/* The place in s of the first call to inline, or NULL. */
static MirExpr **find_call(Inliner *in, MirStmt *s, int *fun)
{
    Finder fd = {.in = in};
    switch (s->kind) {
    case MS_ASSIGN:
        for (int i = 0; i < s->lhs.nsteps; i++)
            for (int k = 0; k < s->lhs.steps[i].nindices; k++)
                if (!plain(s->lhs.steps[i].indices[k].lo)
                    || !plain(s->lhs.steps[i].indices[k].hi))
                    return NULL;
        find(&fd, &s->rhs);
        break;
    case MS_TARGET_PE:
    case MS_JACOBIAN_PE:
        find(&fd, &s->rhs);
        break;
    case MS_CALL:
        find(&fd, &s->call);
        break;
    case MS_IF:
        find(&fd, &s->cond);
        break;
    default:
        break;
    }
    *fun = fd.fun;
    return fd.found;
}

/* ------------------------------------------------------------ the copy */

typedef struct Copy {
    Inliner *in;
    const MirFun *f;
    VarId *map;          /* the body's variables to the copies' (or -1) */
    int nmap;            /* variables that existed before the copy */
    MirExpr **arg;       /* per parameter: the expression substituted */
    bool normalize;      /* foo_lpdf called: _lupdf inside becomes _lpdf */
    VarId result, flag;
    bool loop;           /* the body runs in a one-trip loop */
} Copy;

static MirSized clone_sized(Arena *a, const MirSized *z)
{
    MirSized c = *z;
    if (z->ndims) {
        c.dims = arena_alloc(a, sizeof(MirExpr *) * (size_t)(z->ndims + 1));
        for (int i = 0; i < z->ndims; i++)
            c.dims[i] = mir_clone_expr(a, z->dims[i]);
    }
    for (int i = 0; i < z->nsizes; i++)
        c.size[i] = mir_clone_expr(a, z->size[i]);
    c.tr_a = mir_clone_expr(a, z->tr_a);
    c.tr_b = mir_clone_expr(a, z->tr_b);
    if (z->nitems) {
        c.items = arena_alloc(a, sizeof(MirSized *) * (size_t)(z->nitems + 1));
        for (int i = 0; i < z->nitems; i++) {
            c.items[i] = NEW(a, MirSized);
            *c.items[i] = clone_sized(a, z->items[i]);
        }
    }
    return c;
}

static AdLevel new_ad(const Inliner *in, const Type *t)
{
    return in->section == MIR_LOG_PROB && ty_base(t)->kind != TY_INT
        ? AD_AUTODIFF : AD_DATA;
}

/* A fresh variable for the body's local v. */
static VarId rename_local(Copy *c, VarId v)
{
    if (v < 0 || v >= c->nmap)
        return v;
    if (c->map[v] >= 0)
        return c->map[v];
    MirProgram *p = c->in->p;
    MirVar old = p->vars[v];
    VarId nv = mir_new_var(p, mir_fresh_name(p, "inline_sym"),
                           old.kind,
                           old.sized.type, new_ad(c->in, old.sized.type));
    MirVar *var = &p->vars[nv];
    var->sized = clone_sized(p->arena, &old.sized);
    var->span = old.span;
    c->map[v] = nv;
    return nv;
}

static int param_index(const Copy *c, VarId v)
{
    for (int k = 0; k < c->f->nparams; k++)
        if (c->f->params[k] == v)
            return k;
    return -1;
}

static bool copy_stmt_pre(MirStmt *s, void *ctx)
{
    Copy *c = ctx;
    if (s->kind == MS_DECL || s->kind == MS_FOR)
        s->var = rename_local(c, s->var);
    if (s->kind == MS_ASSIGN)
        s->lhs.var = rename_local(c, s->lhs.var);
    return true;
}

static MirExpr *copy_expr(MirExpr *e, void *ctx)
{
    Copy *c = ctx;
    if (e->kind == MX_VAR && e->var >= 0) {
        int k = param_index(c, e->var);
        if (k >= 0)
            return mir_clone_expr(c->in->a, c->arg[k]);
        if (e->var < c->nmap && c->map[e->var] >= 0)
            return mir_var(c->in->p, c->map[e->var]);
        /* a local used before the copy met its declaration cannot
         * happen: declarations come first */
        return e;
    }
    if (c->normalize && e->kind == MX_CALL
        && (name_has_suffix(e->fn, "_lupdf") || name_has_suffix(e->fn, "_lupmf"))) {
        size_t n = strlen(e->fn);
        e->fn = arena_printf(c->in->a, "%.*s_lp%cf", (int)(n - 6), e->fn,
                             e->fn[n - 2]);
    }
    return e;
}

static MirStmt *new_assign(MirProgram *p, VarId v, MirExpr *rhs, Span span)
{
    MirStmt *s = mir_new_stmt(p->arena, MS_ASSIGN, span);
    s->lhs.var = v;
    s->lhs.type = p->vars[v].sized.type;
    s->rhs = rhs;
    return s;
}

static MirStmt *new_decl(MirProgram *p, VarId v, Span span)
{
    MirStmt *s = mir_new_stmt(p->arena, MS_DECL, span);
    s->var = v;
    return s;
}

static MirStmt *list2(Arena *a, MirStmtKind k, MirStmt *x, MirStmt *y)
{
    MirStmt **ss = arena_alloc(a, sizeof(MirStmt *) * 3);
    ss[0] = x;
    ss[1] = y;
    return mir_block(a, k, 2, ss);
}

static bool loop_kind(const MirStmt *s)
{
    return s->kind == MS_FOR || s->kind == MS_WHILE;
}

static bool return_in_loop(const MirStmt *s, bool in_loop)
{
    if (!s)
        return false;
    if (s->kind == MS_RETURN)
        return in_loop;
    bool l = in_loop || loop_kind(s);
    if (return_in_loop(s->body, l) || return_in_loop(s->else_body, l))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (return_in_loop(s->stmts[i], l))
            return true;
    return false;
}

/* Returns to assignments of the result and exits of the one-trip loop. */
static MirStmt *lower_returns(Copy *c, MirStmt *s)
{
    if (!s)
        return NULL;
    MirProgram *p = c->in->p;
    Arena *a = p->arena;
    if (s->kind == MS_RETURN) {
        MirStmt *parts[3];
        int n = 0;
        if (s->rhs && c->result >= 0)
            parts[n++] = new_assign(p, c->result, s->rhs, s->span);
        if (c->flag >= 0)
            parts[n++] = new_assign(p, c->flag, mir_int(a, 1), s->span);
        if (c->loop)
            parts[n++] = mir_new_stmt(a, MS_BREAK, s->span);
        if (n == 0)
            return mir_new_stmt(a, MS_SKIP, s->span);
        if (n == 1)
            return parts[0];
        MirStmt **ss = arena_alloc(a, sizeof(MirStmt *) * (size_t)(n + 1));
        memcpy(ss, parts, sizeof(MirStmt *) * (size_t)n);
        return mir_block(a, MS_BLOCK, n, ss);
    }
    bool exits = loop_kind(s) && mir_has_return(s);
    s->body = lower_returns(c, s->body);
    s->else_body = lower_returns(c, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        s->stmts[i] = lower_returns(c, s->stmts[i]);
    if (exits && c->flag >= 0) {
        /* after a loop that may have returned: leave the enclosing loop */
        MirStmt *check = mir_new_stmt(a, MS_IF, s->span);
        check->cond = mir_var(p, c->flag);
        check->body = mir_new_stmt(a, MS_BREAK, s->span);
        return list2(a, MS_SLIST, s, check);
    }
    return s;
}

/* The statements that replace the call *slot of function f: the
 * arguments bound, the result declared, the body; *slot becomes the
 * result (or NULL for a void call).  Appended to out[*n]. */
static void inline_call(Inliner *in, MirExpr **slot, int fun, MirStmt ***out,
                        int *n, int *cap)
{
    MirProgram *p = in->p;
    Arena *a = p->arena;
    MirFun *f = &p->funs[fun];
    MirExpr *call = *slot;
    Copy c = {.in = in, .f = f, .nmap = p->nvars, .result = -1, .flag = -1};
    c.map = arena_alloc(a, sizeof(VarId) * (size_t)(p->nvars + 1));
    for (int i = 0; i < p->nvars; i++)
        c.map[i] = -1;
    c.arg = arena_alloc(a, sizeof(MirExpr *) * (size_t)(f->nparams + 1));
    c.normalize = (name_has_suffix(call->fn, "_lpdf") || name_has_suffix(call->fn, "_lpmf"));
#define PUT(s) do { \
        if (*n == *cap) { \
            int nc = *cap ? 2 * *cap : 16; \
            MirStmt **m = arena_alloc(a, sizeof(MirStmt *) * (size_t)(nc + 1)); \
            if (*n) \
                memcpy(m, *out, sizeof(MirStmt *) * (size_t)*n); \
            *out = m; \
            *cap = nc; \
        } \
        (*out)[(*n)++] = (s); \
    } while (0)
    /* the arguments, in order */
    for (int k = 0; k < f->nparams; k++) {
        MirExpr *arg = call->args[k];
        const Type *pt = p->vars[f->params[k]].sized.type;
        if ((arg->kind == MX_VAR || literal(arg)) && ty_equal(arg->type, pt)) {
            c.arg[k] = arg;
            continue;
        }
        if (arg->kind == MX_INT && pt->kind == TY_REAL) {
            c.arg[k] = mir_real(a, (double)arg->ival);   /* promoted */
            continue;
        }
        VarId t = mir_new_var(p, mir_fresh_name(p, "inline_sym"), MV_INTERNAL,
                              pt, new_ad(in, pt));
        p->vars[t].span = arg->span;
        PUT(new_decl(p, t, arg->span));
        PUT(new_assign(p, t, arg, arg->span));
        c.arg[k] = mir_var(p, t);
    }
    if (f->ret->kind != TY_VOID) {
        c.result = mir_new_var(p, mir_fresh_name(p, "inline_sym"), MV_INTERNAL,
                               f->ret, new_ad(in, f->ret));
        p->vars[c.result].span = call->span;
        PUT(new_decl(p, c.result, call->span));
    }
    /* the body, renamed */
    MirStmt *body = mir_clone_stmt(a, f->body);
    MirRewriter rw = {.expr = copy_expr, .stmt_pre = copy_stmt_pre, .ctx = &c,
                      .decl_sizes = true, .p = p};
    body = mir_rewrite_stmt(body, &rw);
    bool tail = true;
    if (body->kind == MS_BLOCK || body->kind == MS_SLIST) {
        for (int i = 0; i + 1 < body->nstmts; i++)
            if (mir_has_return(body->stmts[i]))
                tail = false;
        if (body->nstmts > 0 && mir_has_return(body->stmts[body->nstmts - 1])
            && body->stmts[body->nstmts - 1]->kind != MS_RETURN)
            tail = false;
    } else {
        tail = !mir_has_return(body) || body->kind == MS_RETURN;
    }
    if (tail) {
        body = lower_returns(&c, body);
    } else {
        c.loop = true;
        if (return_in_loop(body, false)) {
            c.flag = mir_new_var(p, mir_fresh_name(p, "inline_sym"),
                                 MV_INTERNAL, TY(INT), AD_DATA);
            PUT(new_decl(p, c.flag, call->span));
            PUT(new_assign(p, c.flag, mir_int(a, 0), call->span));
        }
        body = lower_returns(&c, body);
        VarId k = mir_new_var(p, mir_fresh_name(p, "inline_sym"), MV_LOOP,
                              TY(INT), AD_DATA);
        MirStmt *once = mir_new_stmt(a, MS_FOR, call->span);
        once->var = k;
        once->lo = mir_int(a, 1);
        once->hi = mir_int(a, 1);
        once->body = body;
        if (body->kind != MS_BLOCK) {
            MirStmt **ss = arena_alloc(a, sizeof(MirStmt *) * 2);
            ss[0] = body;
            once->body = mir_block(a, MS_BLOCK, 1, ss);
        }
        body = once;
    }
    bool declares = body->kind != MS_BLOCK;
    for (int i = 0; !declares && i < body->nstmts; i++)
        declares = body->stmts[i]->kind == MS_DECL
            || body->stmts[i]->kind == MS_SLIST;
    if (declares) {
        PUT(body);
    } else {
        /* nothing to scope: the statements straight at the call site */
        for (int i = 0; i < body->nstmts; i++)
            PUT(body->stmts[i]);
    }
#undef PUT
    *slot = c.result >= 0 ? mir_var(p, c.result) : NULL;
    in->changed = true;
    in->left--;
}

static MirStmt *process(Inliner *in, MirStmt *s, bool in_list);

/* A statement list with its statements' inlined code spliced in before
 * them (as stanc3 prints it; the C backend also declares the adjoints of
 * a list's own declarations only). */
static MirStmt *process_list(Inliner *in, MirStmt *s)
{
    MirStmt **out = NULL;
    int n = 0, cap = 0;
    bool grew = false;
    for (int i = 0; i < s->nstmts; i++) {
        MirStmt *r = process(in, s->stmts[i], true);
        bool splice = r != s->stmts[i] && r->kind == MS_SLIST;
        int add = splice ? r->nstmts : 1;
        if (n + add > cap) {
            int nc = 2 * (n + add) + 8;
            MirStmt **m = arena_alloc(in->a, sizeof(MirStmt *) * (size_t)nc);
            if (n)
                memcpy(m, out, sizeof(MirStmt *) * (size_t)n);
            out = m;
            cap = nc;
        }
        if (splice) {
            memcpy(out + n, r->stmts, sizeof(MirStmt *) * (size_t)r->nstmts);
            n += r->nstmts;
            grew = true;
        } else {
            out[n++] = r;
        }
    }
    if (grew) {
        s->stmts = out;
        s->nstmts = n;
    }
    return s;
}

/* s with its calls inlined: a statement list (to be spliced into the
 * enclosing list) or a block holding what was inlined before s, then s. */
static MirStmt *process(Inliner *in, MirStmt *s, bool in_list)
{
    if (!s)
        return NULL;
    switch (s->kind) {
    case MS_BLOCK:
    case MS_SLIST:
        return process_list(in, s);
    case MS_FOR:
    case MS_WHILE:
    case MS_PROFILE:
        s->body = process(in, s->body, false);
        return s;
    default:
        break;
    }
    if (s->kind == MS_IF) {
        s->body = process(in, s->body, false);
        s->else_body = process(in, s->else_body, false);
    }
    MirStmt **out = NULL;
    int n = 0, cap = 0, fun;
    MirExpr **slot;
    bool keep = true;
    while (in->left > 0 && keep && (slot = find_call(in, s, &fun))) {
        /* past the budget the call stays, and so do the calls after it
         * (a call left may act: nothing after it would be inlined) */
        MirFun *f = &in->p->funs[fun];
        if (!pass_budget_take(&in->budget, in->nodes[fun]
                              + INLINE_NODES * (f->nparams + 1)))
            break;
        int from = n;
        inline_call(in, slot, fun, &out, &n, &cap);
        /* the copied body may call other functions in turn */
        for (int i = from; i < n; i++)
            out[i] = process(in, out[i], false);
        if (s->kind == MS_CALL && !s->call)
            keep = false;      /* the void call itself was inlined */
    }
    if (n == 0)
        return s;
    MirStmt **ss = arena_alloc(in->a, sizeof(MirStmt *) * (size_t)(n + 2));
    memcpy(ss, out, sizeof(MirStmt *) * (size_t)n);
    if (keep)
        ss[n++] = s;
    return mir_block(in->a, in_list ? MS_SLIST : MS_BLOCK, n, ss);
}

bool pass_inline(MirProgram *p, PassCtx *ctx)
{
    if (p->nfuns == 0)
        return false;
    Inliner in = {.p = p, .a = ctx->a, .left = MAX_INLINES};
    scope_init(&in.funs, ctx->a);
    scope_push(&in.funs);
    for (int i = 0; i < p->nfuns; i++)
        scope_declare(&in.funs, p->funs[i].name, i);
    in.nodes = arena_alloc(ctx->a, sizeof(long long) * (size_t)(p->nfuns + 1));
    in.ok = inlinable(p, &in.funs, ctx->a, in.nodes);
    pass_budget_init(&in.budget, p);
    for (int s = 0; s < MIR__NSECTIONS; s++) {
        in.section = (MirSection)s;
        MirStmt **sec = mir_section(p, (MirSection)s);
        *sec = process(&in, *sec, false);
    }
    /* the one-trip loops' breaks in derivative code become flags, as
     * mir_transform left every other exit (exits.c) */
    if (in.changed)
        mir_structure_exits(p);
    if (ctx->log && in.left == 0)
        fprintf(ctx->log, "inline: stopped after %d calls\n", MAX_INLINES);
    pass_budget_log(&in.budget, ctx, "calls");
    return in.changed;
}
