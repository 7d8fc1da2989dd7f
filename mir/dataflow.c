/* dataflow.c - one generic monotone-framework solver over bitsets and the
 * analyses built on it, each a lattice plus a transfer function:
 * reaching definitions, liveness, available expressions, anticipated
 * (very busy) expressions, and lazy code motion's earliest, latest and
 * used placements (Knoop, Ruthing and Steffen, "Lazy code motion", 1992,
 * in the node form of the Dragon book, 2nd ed., section 9.5).
 *
 * Expressions are identified structurally (mir_expr_equal): two
 * occurrences of sqrt(x) are one expression, while x declared in two
 * scopes gives two VarIds and so two expressions.  An expression with an
 * effect is never in the universe; one that may fail (integer arithmetic,
 * which is checked for overflow and division by zero; an index; a user
 * function's call) is kept from moving across anything else that may fail
 * or has an effect. */
#include <string.h>

#include "mir.h"

/* ---------------------------------------------------------------- bitsets */

int df_words(int nbits)
{
    return nbits <= 0 ? 1 : (nbits + DF_WORD_BITS - 1) / DF_WORD_BITS;
}

bool df_has(const DfWord *s, int i)
{
    return (s[i / DF_WORD_BITS] >> (i % DF_WORD_BITS)) & 1;
}

void df_add(DfWord *s, int i)
{
    s[i / DF_WORD_BITS] |= (DfWord)1 << (i % DF_WORD_BITS);
}

void df_remove(DfWord *s, int i)
{
    s[i / DF_WORD_BITS] &= ~((DfWord)1 << (i % DF_WORD_BITS));
}

int df_count(const DfWord *s, int nbits)
{
    int c = 0;
    for (int i = 0; i < nbits; i++)
        c += df_has(s, i);
    return c;
}

static DfWord *new_set(Arena *a, int nwords)
{
    return arena_alloc(a, sizeof(DfWord) * (size_t)nwords);
}

static DfWord **new_sets(Arena *a, int n, int nwords)
{
    DfWord **s = arena_alloc(a, sizeof(DfWord *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        s[i] = new_set(a, nwords);
    return s;
}

/* All of the universe 0..nbits-1 (no bit past it). */
static void fill(DfWord *s, int nbits)
{
    int nw = df_words(nbits);
    for (int w = 0; w < nw; w++)
        s[w] = ~(DfWord)0;
    if (nbits % DF_WORD_BITS)
        s[nw - 1] = ((DfWord)1 << (nbits % DF_WORD_BITS)) - 1;
    if (nbits <= 0)
        s[0] = 0;
}

/* ----------------------------------------------------------------- solver */

static void gen_kill(const DfProblem *pb, int node, const DfWord *in,
                     DfWord *out, int nwords)
{
    const DfWord *gen = pb->gen ? pb->gen[node] : NULL;
    const DfWord *kill = pb->kill ? pb->kill[node] : NULL;
    for (int w = 0; w < nwords; w++)
        out[w] = (gen ? gen[w] : 0) | (in[w] & ~(kill ? kill[w] : 0));
}

DfResult *df_solve(Arena *a, const Flowgraph *g, const DfProblem *pb)
{
    DfResult *r = NEW(a, DfResult);
    int n = g->n, nw = df_words(pb->nbits);
    r->n = n;
    r->nbits = pb->nbits;
    r->nwords = nw;
    r->in = new_sets(a, n, nw);
    r->out = new_sets(a, n, nw);
    bool fwd = pb->dir == DF_FORWARD;
    /* flow_in is what the meet makes (in for forward, out for backward) */
    DfWord **flow_in = fwd ? r->in : r->out;
    DfWord **flow_out = fwd ? r->out : r->in;
    int boundary = fwd ? g->entry : g->exit;
    /* the top of the lattice everywhere; the meet then lowers it */
    if (pb->meet == DF_INTERSECT)
        for (int i = 0; i < n; i++) {
            fill(flow_in[i], pb->nbits);
            fill(flow_out[i], pb->nbits);
        }
    DfWord *tmp = new_set(a, nw);
    /* the worklist, a FIFO ring seeded in (reverse) reverse postorder so
     * that most nodes see their inputs' final values first */
    int *queue = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    bool *queued = arena_alloc(a, sizeof(bool) * (size_t)(n + 1));
    int head = 0, count = 0;
    for (int k = 0; k < n; k++) {
        int v = fwd ? g->order[k] : g->order[n - 1 - k];
        queue[(head + count++) % n] = v;
        queued[v] = true;
    }
    while (count > 0) {
        int v = queue[head];
        head = (head + 1) % n;
        count--;
        queued[v] = false;
        const FgNode *node = &g->nodes[v];
        const int *from = fwd ? node->pred : node->succ;
        int nfrom = fwd ? node->npred : node->nsucc;
        DfWord *in = flow_in[v];
        if (v == boundary) {
            for (int w = 0; w < nw; w++)
                in[w] = pb->boundary ? pb->boundary[w] : 0;
        } else if (nfrom > 0) {
            for (int w = 0; w < nw; w++) {
                DfWord m = flow_out[from[0]][w];
                for (int k = 1; k < nfrom; k++)
                    m = pb->meet == DF_UNION ? m | flow_out[from[k]][w]
                                             : m & flow_out[from[k]][w];
                in[w] = m;
            }
        }
        if (pb->transfer)
            pb->transfer(g, v, in, tmp, pb->ctx);
        else
            gen_kill(pb, v, in, tmp, nw);
        if (memcmp(tmp, flow_out[v], sizeof(DfWord) * (size_t)nw) == 0)
            continue;
        memcpy(flow_out[v], tmp, sizeof(DfWord) * (size_t)nw);
        const int *to = fwd ? node->succ : node->pred;
        int nto = fwd ? node->nsucc : node->npred;
        for (int k = 0; k < nto; k++)
            if (!queued[to[k]]) {
                queued[to[k]] = true;
                queue[(head + count++) % n] = to[k];
            }
    }
    return r;
}

/* ----------------------------------------------------- reaching, liveness */

DfResult *df_reaching_defs(Arena *a, const Flowgraph *g)
{
    int n = g->n, nw = df_words(n);
    DfProblem pb = {.dir = DF_FORWARD, .meet = DF_UNION, .nbits = n,
                    .gen = new_sets(a, n, nw), .kill = new_sets(a, n, nw)};
    for (int d = 0; d < n; d++) {
        const FgNode *nd = &g->nodes[d];
        if (nd->def < 0)
            continue;
        df_add(pb.gen[d], d);
        if (!nd->def_whole)
            continue;
        for (int k = 0; k < n; k++)
            if (g->nodes[k].def == nd->def)
                df_add(pb.kill[d], k);
    }
    return df_solve(a, g, &pb);
}

static bool read_var(MirExpr *e, void *ctx)
{
    if (e->kind == MX_VAR && e->var >= 0)
        df_add(ctx, e->var);
    return true;
}

DfWord *df_live_at_exit(Arena *a, const MirProgram *p)
{
    DfWord *s = new_set(a, df_words(p->nvars));
    for (int v = 0; v < p->nvars; v++) {
        MirVarKind k = p->vars[v].kind;
        if (k != MV_LOCAL && k != MV_LOOP && k != MV_ARG && k != MV_INTERNAL)
            df_add(s, v);
    }
    return s;
}

DfResult *df_liveness(Arena *a, const Flowgraph *g,
                      const DfWord *live_at_exit)
{
    int n = g->n, nbits = g->p->nvars, nw = df_words(nbits);
    DfProblem pb = {.dir = DF_BACKWARD, .meet = DF_UNION, .nbits = nbits,
                    .gen = new_sets(a, n, nw), .kill = new_sets(a, n, nw),
                    .boundary = live_at_exit ? live_at_exit
                                             : df_live_at_exit(a, g->p)};
    for (int i = 0; i < n; i++) {
        const FgNode *nd = &g->nodes[i];
        MirVisitor v = {.expr = read_var, .ctx = pb.gen[i]};
        for (int k = 0; k < nd->nexprs; k++)
            mir_visit_expr(nd->exprs[k], &v);
        /* the bound test and the increment read the loop variable */
        if (nd->kind == FG_FOR_TEST || nd->kind == FG_FOR_INCR)
            df_add(pb.gen[i], nd->stmt->var);
        if (nd->def >= 0 && nd->def_whole)
            df_add(pb.kill[i], nd->def);
    }
    return df_solve(a, g, &pb);
}

/* ------------------------------------------------- structural equality */

static bool index_equal(const MirIndex *a, const MirIndex *b)
{
    return a->kind == b->kind && mir_expr_equal(a->lo, b->lo)
        && mir_expr_equal(a->hi, b->hi);
}

static bool str_equal(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

bool mir_expr_equal(const MirExpr *a, const MirExpr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->nargs != b->nargs
        || a->nindices != b->nindices)
        return false;
    if (!ty_equal(a->type, b->type))
        return false;
    switch (a->kind) {
    case MX_INT:
        if (a->ival != b->ival)
            return false;
        break;
    case MX_REAL:
    case MX_IMAG:
        /* the same bits: -0.0 is not 0.0 */
        if (memcmp(&a->rval, &b->rval, sizeof a->rval) != 0)
            return false;
        break;
    case MX_STR:
        if (!str_equal(a->text, b->text))
            return false;
        break;
    case MX_VAR:
        if (a->var != b->var)
            return false;
        break;
    case MX_CALL:
        if (a->fn_kind != b->fn_kind || a->op != b->op
            || a->prefix != b->prefix || !str_equal(a->fn, b->fn)
            || (a->fn_kind == FNK_INTERNAL && a->internal != b->internal))
            return false;
        break;
    case MX_TUPLE_PROJ:
        if (a->slot != b->slot)
            return false;
        break;
    default:
        break;
    }
    for (int i = 0; i < a->nargs; i++)
        if (!mir_expr_equal(a->args[i], b->args[i]))
            return false;
    for (int i = 0; i < a->nindices; i++)
        if (!index_equal(&a->indices[i], &b->indices[i]))
            return false;
    return true;
}

static unsigned long mix(unsigned long h, unsigned long x)
{
    return (h ^ x) * 1099511628211UL;
}

static unsigned long str_hash(const char *s)
{
    unsigned long h = 14695981039346656037UL;
    for (; s && *s; s++)
        h = mix(h, (unsigned char)*s);
    return h;
}

unsigned long mir_expr_hash(const MirExpr *e)
{
    if (!e)
        return 7;
    unsigned long h = mix(14695981039346656037UL, (unsigned long)e->kind);
    switch (e->kind) {
    case MX_INT:
        h = mix(h, (unsigned long)e->ival);
        break;
    case MX_REAL:
    case MX_IMAG: {
        unsigned long long bits;
        memcpy(&bits, &e->rval, sizeof bits);
        h = mix(h, (unsigned long)bits);
        break;
    }
    case MX_STR:
        h = mix(h, str_hash(e->text));
        break;
    case MX_VAR:
        h = mix(h, (unsigned long)e->var);
        break;
    case MX_CALL:
        h = mix(h, str_hash(e->fn));
        h = mix(h, (unsigned long)e->op);
        break;
    case MX_TUPLE_PROJ:
        h = mix(h, (unsigned long)e->slot);
        break;
    default:
        break;
    }
    for (int i = 0; i < e->nargs; i++)
        h = mix(h, mir_expr_hash(e->args[i]));
    for (int i = 0; i < e->nindices; i++) {
        h = mix(h, (unsigned long)e->indices[i].kind);
        h = mix(h, mir_expr_hash(e->indices[i].lo));
        h = mix(h, mir_expr_hash(e->indices[i].hi));
    }
    return h;
}

/* ------------------------------------------------------------ expressions */

static bool scalar(const Type *t)
{
    return t && (t->kind == TY_INT || t->kind == TY_REAL
                 || t->kind == TY_COMPLEX);
}

/* An operator that cannot fail on scalars: real and complex arithmetic,
 * comparisons, logic.  Integer arithmetic can: it is checked for
 * overflow (runtime/rt_int.h), and divides by zero. */
static bool total_op(const MirExpr *e)
{
    if (e->fn_kind != FNK_STANLIB || !scalar(e->type))
        return false;
    for (int i = 0; i < e->nargs; i++)
        if (!scalar(e->args[i]->type))
            return false;
    switch (e->op) {
    case OP_NOT: case OP_EQ: case OP_NEQ: case OP_LT: case OP_LEQ:
    case OP_GT: case OP_GEQ: case OP_OR: case OP_AND:
        return true;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: case OP_PLUS:
    case OP_DIV: case OP_POW:
        return e->type->kind != TY_INT;
    default:
        return false;
    }
}

/* What is known of the program's user functions: which cannot fail. */
typedef struct Safety {
    const MirProgram *p;
    bool *total;          /* per function: its calls cannot fail */
} Safety;

/* Whether a call of name calls the function fun: foo_lupdf calls
 * foo_lpdf (and foo_lupmf foo_lpmf). */
static bool calls(const char *fun, const char *name)
{
    size_t n = strlen(name);
    if (!name_is_unnormalized(name))
        return strcmp(fun, name) == 0;
    const char *want = name[n - 2] == 'd' ? "_lpdf" : "_lpmf";
    return strlen(fun) == n - 1 && strncmp(fun, name, n - 6) == 0
        && strcmp(fun + n - 6, want) == 0;
}

static bool user_total(const Safety *sf, const char *name)
{
    bool any = false;
    for (int i = 0; i < sf->p->nfuns; i++)
        if (calls(sf->p->funs[i].name, name)) {
            if (!sf->total || !sf->total[i])
                return false;
            any = true;
        }
    return any;
}

/* Whether evaluating e itself (not its operands) may fail or do more
 * than compute a value.  A library function's call is trusted to its
 * effect class (mir/effects.c: one that may reject its arguments says
 * EFF_REJECTS); a user function's call may fail unless its body cannot
 * (safety_of), since a body may index out of range, overflow or recurse
 * too deep, which no effect class records. */
static bool own_unsafe(const Safety *sf, const MirExpr *e)
{
    switch (e->kind) {
    case MX_CALL:
        if (e->op != OP_NONE)
            return !total_op(e);
        if (e->fn_kind == FNK_USER)
            return e->effect != EFF_PURE || !user_total(sf, e->fn);
        return e->fn_kind != FNK_STANLIB || e->effect != EFF_PURE;
    case MX_INDEXED:
        return true;
    default:
        return false;
    }
}

typedef struct Unsafe {
    const Safety *sf;
    bool found;
} Unsafe;

static bool any_unsafe(MirExpr *e, void *ctx)
{
    Unsafe *u = ctx;
    if (own_unsafe(u->sf, e))
        u->found = true;
    return true;
}

static bool may_fail(const Safety *sf, MirExpr *e)
{
    Unsafe u = {.sf = sf};
    MirVisitor v = {.expr = any_unsafe, .ctx = &u};
    mir_visit_expr(e, &v);
    return u.found;
}

/* Whether running s cannot fail: no effect, nothing that may fail, no
 * while loop (it may not end), no sized declaration (sizes are checked). */
static bool stmt_total(const Safety *sf, MirStmt *s)
{
    if (!s)
        return true;
    if (s->kind == MS_WHILE || mir_stmt_effect(s) != EFF_PURE)
        return false;
    if (s->kind == MS_DECL) {
        const MirSized *z = &sf->p->vars[s->var].sized;
        if (z->ndims || z->nsizes || z->tr != TR_NONE)
            return false;
    }
    Unsafe u = {.sf = sf};
    MirVisitor v = {.expr = any_unsafe, .ctx = &u};
    MirStmt own = *s;
    own.body = own.else_body = NULL;
    own.stmts = NULL;
    own.nstmts = 0;
    mir_visit_stmt_exprs(&own, &v);
    if (u.found)
        return false;
    if (!stmt_total(sf, s->body) || !stmt_total(sf, s->else_body))
        return false;
    for (int i = 0; i < s->nstmts; i++)
        if (!stmt_total(sf, s->stmts[i]))
            return false;
    return true;
}

/* The user functions that cannot fail: the least fixpoint, so that a
 * function only becomes total once every function it calls is (one that
 * recurses never does: it may recurse too deep). */
static Safety safety_of(Arena *a, const MirProgram *p)
{
    Safety sf = {.p = p};
    sf.total = arena_alloc(a, sizeof(bool) * (size_t)(p->nfuns + 1));
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < p->nfuns; i++) {
            const MirFun *f = &p->funs[i];
            if (sf.total[i] || !f->body || f->effect != EFF_PURE)
                continue;
            if (stmt_total(&sf, f->body)) {
                sf.total[i] = true;
                changed = true;
            }
        }
    }
    return sf;
}

static bool internal_call(MirExpr *e, void *ctx)
{
    if (e->kind == MX_CALL && e->fn_kind == FNK_INTERNAL)
        *(bool *)ctx = true;
    return true;
}

/* Whether e is an expression code motion may consider. */
static bool candidate(MirExpr *e)
{
    switch (e->kind) {
    case MX_CALL:
    case MX_TERNARY:
    case MX_AND:
    case MX_OR:
        break;
    default:
        return false;   /* literals, variables, plain reads */
    }
    if (!scalar(e->type) || mir_expr_effect(e) != EFF_PURE)
        return false;
    bool internal = false;
    MirVisitor v = {.expr = internal_call, .ctx = &internal};
    mir_visit_expr(e, &v);
    return !internal;
}

typedef struct ExprTable {
    Arena *a;
    DfExprs *x;
    Safety sf;
    int cap;
    int *bucket;          /* open addressing over ids, -1 empty */
    int nbuckets;
    PtrVec *reads;        /* per id: the VarIds it reads (as ints) */
} ExprTable;

static int lookup(const ExprTable *t, const MirExpr *e, unsigned long h)
{
    for (unsigned long k = h % (unsigned long)t->nbuckets;;
         k = (k + 1) % (unsigned long)t->nbuckets) {
        int id = t->bucket[k];
        if (id < 0 || mir_expr_equal(t->x->expr[id], e))
            return (int)k;
    }
}

static void rehash(ExprTable *t, int nbuckets)
{
    t->nbuckets = nbuckets;
    t->bucket = arena_alloc(t->a, sizeof(int) * (size_t)nbuckets);
    for (int k = 0; k < nbuckets; k++)
        t->bucket[k] = -1;
    for (int id = 0; id < t->x->n; id++)
        t->bucket[lookup(t, t->x->expr[id], mir_expr_hash(t->x->expr[id]))]
            = id;
}

typedef struct Reads {
    Arena *a;
    PtrVec *v;
} Reads;

static bool collect_read(MirExpr *e, void *ctx)
{
    Reads *r = ctx;
    if (e->kind == MX_VAR)
        vec_push(r->a, r->v, (void *)(long)e->var);
    return true;
}

static int intern(ExprTable *t, MirExpr *e)
{
    unsigned long h = mir_expr_hash(e);
    int k = lookup(t, e, h);
    if (t->bucket[k] >= 0)
        return t->bucket[k];
    DfExprs *x = t->x;
    if (x->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 32;
        MirExpr **ex = arena_alloc(t->a, sizeof(MirExpr *) * (size_t)cap);
        bool *mf = arena_alloc(t->a, sizeof(bool) * (size_t)cap);
        PtrVec *rd = arena_alloc(t->a, sizeof(PtrVec) * (size_t)cap);
        if (x->n) {
            memcpy(ex, x->expr, sizeof(MirExpr *) * (size_t)x->n);
            memcpy(mf, x->may_fail, sizeof(bool) * (size_t)x->n);
            memcpy(rd, t->reads, sizeof(PtrVec) * (size_t)x->n);
        }
        x->expr = ex;
        x->may_fail = mf;
        t->reads = rd;
        t->cap = cap;
    }
    int id = x->n++;
    x->expr[id] = e;
    x->may_fail[id] = may_fail(&t->sf, e);
    Reads r = {.a = t->a, .v = &t->reads[id]};
    MirVisitor v = {.expr = collect_read, .ctx = &r};
    mir_visit_expr(e, &v);
    if (2 * x->n > t->nbuckets)
        rehash(t, 4 * t->nbuckets);
    else
        t->bucket[k] = id;
    return id;
}

/* One evaluation inside a node, in the order the node evaluates them. */
typedef struct Eval {
    MirExpr *e;
    int first;            /* index of the first evaluation of e's subtree */
    bool conditional;     /* inside an arm of ?:, or the right of && || */
} Eval;

typedef struct Evals {
    Arena *a;
    Eval *v;
    int n, cap;
} Evals;

/* Post-order: operands first, as they are evaluated. */
static void evals_of(Evals *ev, MirExpr *e, bool conditional)
{
    if (!e)
        return;
    int first = ev->n;
    for (int i = 0; i < e->nargs; i++) {
        bool cond = conditional
            || ((e->kind == MX_TERNARY || e->kind == MX_AND
                 || e->kind == MX_OR) && i > 0);
        evals_of(ev, e->args[i], cond);
    }
    for (int i = 0; i < e->nindices; i++) {
        evals_of(ev, e->indices[i].lo, conditional);
        evals_of(ev, e->indices[i].hi, conditional);
    }
    if (ev->n == ev->cap) {
        int cap = ev->cap ? 2 * ev->cap : 32;
        Eval *v = arena_alloc(ev->a, sizeof(Eval) * (size_t)cap);
        if (ev->n)
            memcpy(v, ev->v, sizeof(Eval) * (size_t)ev->n);
        ev->v = v;
        ev->cap = cap;
    }
    ev->v[ev->n++] = (Eval){e, first, conditional};
}

/* The candidates node i evaluates, interned; with fill, its use and comp
 * sets too.  Whether the node may fail or has an effect. */
static bool node_sets(ExprTable *t, const FgNode *nd, int i, bool fill)
{
    DfExprs *x = t->x;
    Evals ev = {.a = t->a};
    /* a declaration's sizes are checked: they may fail, they are never a
     * place code moves from */
    bool unsafe = nd->nsize_exprs > 0 || nd->kind == FG_WHILE;
    for (int k = nd->nsize_exprs; k < nd->nexprs; k++)
        evals_of(&ev, nd->exprs[k], false);
    for (int j = 0; j < ev.n; j++) {
        const Eval *e = &ev.v[j];
        if (!candidate(e->e))
            continue;
        int id = intern(t, e->e);
        if (e->conditional || !fill)
            continue;
        df_add(x->comp[i], id);
        /* nothing that may fail is evaluated before e's own subtree */
        bool clear = true;
        for (int k = 0; k < e->first && clear; k++)
            if (own_unsafe(&t->sf, ev.v[k].e))
                clear = false;
        if (!x->may_fail[id] || clear)
            df_add(x->use[i], id);
    }
    for (int k = 0; k < nd->nexprs; k++)
        if (may_fail(&t->sf, nd->exprs[k]) || mir_expr_effect(nd->exprs[k]))
            unsafe = true;
    return unsafe;
}

DfExprs *df_exprs(Arena *a, const Flowgraph *g)
{
    DfExprs *x = NEW(a, DfExprs);
    ExprTable t = {.a = a, .x = x, .sf = safety_of(a, g->p)};
    rehash(&t, 64);
    int n = g->n;
    /* the universe first, then the sets at its size */
    bool *unsafe = arena_alloc(a, sizeof(bool) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        unsafe[i] = node_sets(&t, &g->nodes[i], i, false);
    int nw = df_words(x->n);
    x->use = new_sets(a, n, nw);
    x->comp = new_sets(a, n, nw);
    x->kill = new_sets(a, n, nw);
    x->barrier = new_sets(a, n, nw);
    for (int i = 0; i < n; i++)
        node_sets(&t, &g->nodes[i], i, true);
    for (int i = 0; i < n; i++) {
        const FgNode *nd = &g->nodes[i];
        for (int id = 0; id < x->n; id++) {
            if (unsafe[i] && x->may_fail[id])
                df_add(x->barrier[i], id);
            if (nd->def < 0)
                continue;
            for (int r = 0; r < t.reads[id].len; r++)
                if ((long)t.reads[id].items[r] == nd->def) {
                    df_add(x->kill[i], id);
                    break;
                }
        }
        /* computed and then overwritten is not computed at the exit */
        for (int w = 0; w < nw; w++)
            x->comp[i][w] &= ~x->kill[i][w];
    }
    return x;
}

int df_expr_id(const DfExprs *x, const MirExpr *e)
{
    for (int id = 0; id < x->n; id++)
        if (mir_expr_equal(x->expr[id], e))
            return id;
    return -1;
}

DfResult *df_available(Arena *a, const Flowgraph *g, const DfExprs *x)
{
    DfProblem pb = {.dir = DF_FORWARD, .meet = DF_INTERSECT, .nbits = x->n,
                    .gen = x->comp, .kill = x->kill};
    return df_solve(a, g, &pb);
}

/* --------------------------------------------------------- lazy code motion */

typedef struct LcmCtx {
    const DfExprs *x;
    int nwords;
    DfWord **ant_in;      /* for availability */
    DfWord **earliest;    /* for postponability */
} LcmCtx;

static void anticipated_transfer(const Flowgraph *g, int node,
                                 const DfWord *out, DfWord *in, void *ctx)
{
    (void)g;
    const LcmCtx *c = ctx;
    const DfExprs *x = c->x;
    for (int w = 0; w < c->nwords; w++)
        in[w] = x->use[node][w]
            | (out[w] & ~(x->kill[node][w] | x->barrier[node][w]));
}

DfResult *df_anticipated(Arena *a, const Flowgraph *g, const DfExprs *x)
{
    LcmCtx c = {.x = x, .nwords = df_words(x->n)};
    DfProblem pb = {.dir = DF_BACKWARD, .meet = DF_INTERSECT, .nbits = x->n,
                    .transfer = anticipated_transfer, .ctx = &c};
    return df_solve(a, g, &pb);
}

/* available if inserted at the earliest anticipated points:
 * out = (anticipated-in | in) & ~kill */
static void will_be_available(const Flowgraph *g, int node, const DfWord *in,
                              DfWord *out, void *ctx)
{
    (void)g;
    const LcmCtx *c = ctx;
    for (int w = 0; w < c->nwords; w++)
        out[w] = (c->ant_in[node][w] | in[w]) & ~c->x->kill[node][w];
}

/* postponable: out = (earliest | in) & ~use */
static void postponable(const Flowgraph *g, int node, const DfWord *in,
                        DfWord *out, void *ctx)
{
    (void)g;
    const LcmCtx *c = ctx;
    for (int w = 0; w < c->nwords; w++)
        out[w] = (c->earliest[node][w] | in[w]) & ~c->x->use[node][w];
}

DfLcm *df_lcm(Arena *a, const Flowgraph *g, const DfExprs *x)
{
    int n = g->n, nbits = x->n, nw = df_words(nbits);
    DfLcm *l = NEW(a, DfLcm);
    LcmCtx c = {.x = x, .nwords = nw};
    l->anticipated = df_anticipated(a, g, x);
    c.ant_in = l->anticipated->in;
    DfProblem av = {.dir = DF_FORWARD, .meet = DF_INTERSECT, .nbits = nbits,
                    .transfer = will_be_available, .ctx = &c};
    l->available = df_solve(a, g, &av);
    l->earliest = new_sets(a, n, nw);
    for (int i = 0; i < n; i++)
        for (int w = 0; w < nw; w++)
            l->earliest[i][w] = l->anticipated->in[i][w]
                & ~l->available->in[i][w];
    c.earliest = l->earliest;
    DfProblem post = {.dir = DF_FORWARD, .meet = DF_INTERSECT, .nbits = nbits,
                      .transfer = postponable, .ctx = &c};
    l->postponable = df_solve(a, g, &post);
    /* latest = (earliest | post-in) & (use | ~AND over successors of
     * (earliest | post-in)) */
    l->latest = new_sets(a, n, nw);
    DfWord *all = new_set(a, nw);
    for (int i = 0; i < n; i++) {
        const FgNode *nd = &g->nodes[i];
        fill(all, nbits);
        for (int k = 0; k < nd->nsucc; k++) {
            int s = nd->succ[k];
            for (int w = 0; w < nw; w++)
                all[w] &= l->earliest[s][w] | l->postponable->in[s][w];
        }
        for (int w = 0; w < nw; w++)
            l->latest[i][w] = (l->earliest[i][w] | l->postponable->in[i][w])
                & (x->use[i][w] | ~all[w]);
    }
    /* used: backward, union; in = (use | out) & ~latest, which is the
     * gen/kill form with gen = use & ~latest and kill = latest */
    DfWord **gen = new_sets(a, n, nw);
    for (int i = 0; i < n; i++)
        for (int w = 0; w < nw; w++)
            gen[i][w] = x->use[i][w] & ~l->latest[i][w];
    DfProblem used = {.dir = DF_BACKWARD, .meet = DF_UNION, .nbits = nbits,
                      .gen = gen, .kill = l->latest};
    l->used = df_solve(a, g, &used);
    l->insert = new_sets(a, n, nw);
    l->replace = new_sets(a, n, nw);
    for (int i = 0; i < n; i++)
        for (int w = 0; w < nw; w++) {
            l->insert[i][w] = l->latest[i][w] & l->used->out[i][w];
            l->replace[i][w] = x->use[i][w]
                & (~l->latest[i][w] | l->used->out[i][w]);
        }
    return l;
}
