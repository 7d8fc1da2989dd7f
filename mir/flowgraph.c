/* flowgraph.c - the flowgraph of one body of MIR statements (a function's
 * or a section's), the graph every dataflow analysis runs on.
 *
 * A node is a simple statement or a test: an if's condition, a while's
 * condition (evaluated every iteration), and a for loop's three parts: its
 * bounds (evaluated once, on entry), its bound test and its increment
 * (where continue goes).  Edges follow the control flow: fallthrough, both
 * arms of an if, loop back edges, break to after the loop, continue to the
 * test or increment, return to the exit.  A for loop that surely runs its
 * body once -- lo an int literal, hi a literal no less than lo or an int
 * declared in data with such a lower bound (for (n in 1:N) with
 * int<lower=1> N) -- goes from its entry straight into the body, so that
 * what the body computes is known to be computed: loop-invariant code
 * motion needs that.
 *
 * A node records where its statement is held (slot), so that a pass can
 * put code before it; loop tests and increments have no such place. */
#include <string.h>

#include "mir.h"

typedef struct IntList {
    int *v;
    int n, cap;
} IntList;

typedef struct Builder {
    Arena *a;
    Flowgraph *g;
    int cap;
    IntList from, to;     /* the edges, in the order they are made */
} Builder;

/* What break and continue jump to inside the innermost loop. */
typedef struct LoopCtx {
    int cont;             /* the node continue goes to */
    IntList *breaks;      /* the break nodes, which fall out of the loop */
} LoopCtx;

static void push(Arena *a, IntList *l, int x)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        int *v = arena_alloc(a, sizeof(int) * (size_t)cap);
        if (l->n)
            memcpy(v, l->v, sizeof(int) * (size_t)l->n);
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = x;
}

static int new_node(Builder *b, FgNodeKind kind, MirStmt *s, MirStmt **slot)
{
    Flowgraph *g = b->g;
    if (g->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 32;
        FgNode *nodes = arena_alloc(b->a, sizeof(FgNode) * (size_t)cap);
        if (g->n)
            memcpy(nodes, g->nodes, sizeof(FgNode) * (size_t)g->n);
        g->nodes = nodes;
        b->cap = cap;
    }
    FgNode *n = &g->nodes[g->n];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->stmt = s;
    n->slot = slot;
    n->def = -1;
    return g->n++;
}

static void edge(Builder *b, int from, int to)
{
    push(b->a, &b->from, from);
    push(b->a, &b->to, to);
}

/* Edges from every node of the frontier to n; the frontier becomes {n}. */
static void enter(Builder *b, IntList *front, int n)
{
    for (int i = 0; i < front->n; i++)
        edge(b, front->v[i], n);
    front->n = 0;
    push(b->a, front, n);
}

/* ------------------------------------------------------------ expressions */

typedef struct Roots {
    Arena *a;
    PtrVec v;
} Roots;

static bool root(MirExpr *e, void *ctx)
{
    Roots *r = ctx;
    vec_push(r->a, &r->v, e);
    return false;   /* the root only: its operands are part of it */
}

/* The expressions the node of s evaluates: a declaration's sizes first
 * (the walker visits them first), then the statement's own. */
static void node_exprs(Builder *b, int id, MirStmt *s)
{
    FgNode *n = &b->g->nodes[id];
    Roots r = {.a = b->a};
    MirVisitor v = {.expr = root, .ctx = &r, .decl_sizes = true,
                    .p = b->g->p};
    /* only the statement's own expressions, never a body's */
    MirStmt own = *s;
    own.body = own.else_body = NULL;
    own.stmts = NULL;
    own.nstmts = 0;
    mir_visit_stmt_exprs(&own, &v);
    n->exprs = (MirExpr **)r.v.items;
    n->nexprs = r.v.len;
    n->nsize_exprs = s->kind == MS_DECL ? r.v.len : 0;
}

/* ------------------------------------------------------------- statements */

static void build(Builder *b, MirStmt **slot, IntList *front, LoopCtx *loop);

/* The least value the int e surely has: a literal's, or the literal lower
 * bound of an int declared in data (outside prepare_data, where data are
 * read and checked before anything else runs, a data variable never
 * changes and satisfies its constraint). */
static bool least_value(const Builder *b, const MirExpr *e, long long *least)
{
    if (!e)
        return false;
    if (e->kind == MX_INT) {
        *least = e->ival;
        return true;
    }
    const MirProgram *p = b->g->p;
    if (e->kind != MX_VAR || e->var < 0 || b->g->body == &p->prepare_data)
        return false;
    const MirVar *v = &p->vars[e->var];
    const MirSized *z = &v->sized;
    if ((v->kind != MV_DATA && v->kind != MV_TDATA) || z->ndims != 0
        || !z->type || z->type->kind != TY_INT
        || (z->tr != TR_LOWER && z->tr != TR_LOWER_UPPER)
        || !z->tr_a || z->tr_a->kind != MX_INT)
        return false;
    *least = z->tr_a->ival;
    return true;
}

/* Whether a for loop surely runs its body once: lo is a literal no
 * greater than the least value of hi. */
static bool runs_once(const Builder *b, const MirStmt *s)
{
    long long hi;
    return s->lo && s->lo->kind == MX_INT && least_value(b, s->hi, &hi)
        && s->lo->ival <= hi;
}

static void build_for(Builder *b, MirStmt **slot, IntList *front)
{
    MirStmt *s = *slot;
    int init = new_node(b, FG_FOR_INIT, s, slot);
    node_exprs(b, init, s);
    b->g->nodes[init].def = s->var;
    b->g->nodes[init].def_whole = true;
    enter(b, front, init);
    int test = new_node(b, FG_FOR_TEST, s, NULL);
    int incr = new_node(b, FG_FOR_INCR, s, NULL);
    b->g->nodes[incr].def = s->var;
    b->g->nodes[incr].def_whole = true;
    IntList breaks = {0};
    LoopCtx inner = {.cont = incr, .breaks = &breaks};
    IntList body = {0};
    push(b->a, &body, test);
    if (runs_once(b, s))
        push(b->a, &body, init);    /* the first iteration always runs */
    else
        edge(b, init, test);
    build(b, &s->body, &body, &inner);
    for (int i = 0; i < body.n; i++)
        edge(b, body.v[i], incr);
    edge(b, incr, test);
    front->n = 0;
    push(b->a, front, test);
    for (int i = 0; i < breaks.n; i++)
        push(b->a, front, breaks.v[i]);
}

static void build_while(Builder *b, MirStmt **slot, IntList *front)
{
    MirStmt *s = *slot;
    /* the test runs on entry and after every iteration: no single place
     * before it runs exactly when it does */
    int test = new_node(b, FG_WHILE, s, NULL);
    node_exprs(b, test, s);
    enter(b, front, test);
    IntList breaks = {0};
    LoopCtx inner = {.cont = test, .breaks = &breaks};
    IntList body = {0};
    push(b->a, &body, test);
    build(b, &s->body, &body, &inner);
    for (int i = 0; i < body.n; i++)
        edge(b, body.v[i], test);
    front->n = 0;
    push(b->a, front, test);
    for (int i = 0; i < breaks.n; i++)
        push(b->a, front, breaks.v[i]);
}

static void build_if(Builder *b, MirStmt **slot, IntList *front,
                     LoopCtx *loop)
{
    MirStmt *s = *slot;
    int test = new_node(b, FG_IF, s, slot);
    node_exprs(b, test, s);
    enter(b, front, test);
    IntList then = {0}, other = {0};
    push(b->a, &then, test);
    push(b->a, &other, test);
    build(b, &s->body, &then, loop);
    build(b, &s->else_body, &other, loop);
    front->n = 0;
    for (int i = 0; i < then.n; i++)
        push(b->a, front, then.v[i]);
    for (int i = 0; i < other.n; i++)
        push(b->a, front, other.v[i]);
}

static void build_simple(Builder *b, MirStmt **slot, IntList *front,
                         LoopCtx *loop)
{
    MirStmt *s = *slot;
    int id = new_node(b, FG_STMT, s, slot);
    node_exprs(b, id, s);
    FgNode *n = &b->g->nodes[id];
    if (s->kind == MS_ASSIGN) {
        n->def = s->lhs.var;
        n->def_whole = s->lhs.nsteps == 0;
    } else if (s->kind == MS_DECL) {
        n->def = s->var;
        n->def_whole = true;
    }
    enter(b, front, id);
    switch (s->kind) {
    case MS_RETURN:
        edge(b, id, b->g->exit);
        front->n = 0;
        break;
    case MS_BREAK:
        if (loop)
            push(b->a, loop->breaks, id);
        front->n = 0;
        break;
    case MS_CONTINUE:
        if (loop)
            edge(b, id, loop->cont);
        front->n = 0;
        break;
    default:
        break;
    }
}

static void build(Builder *b, MirStmt **slot, IntList *front, LoopCtx *loop)
{
    MirStmt *s = *slot;
    if (!s)
        return;
    switch (s->kind) {
    case MS_BLOCK:
    case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            build(b, &s->stmts[i], front, loop);
        return;
    case MS_PROFILE:
        build(b, &s->body, front, loop);
        return;
    case MS_IF:
        build_if(b, slot, front, loop);
        return;
    case MS_WHILE:
        build_while(b, slot, front);
        return;
    case MS_FOR:
        build_for(b, slot, front);
        return;
    default:
        build_simple(b, slot, front, loop);
        return;
    }
}

/* ------------------------------------------------------------------ graph */

/* Reverse postorder from the entry, by an explicit stack (bodies can be
 * deep); nodes the entry does not reach follow in index order. */
static void order_nodes(Arena *a, Flowgraph *g)
{
    int n = g->n;
    g->order = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    bool *seen = arena_alloc(a, sizeof(bool) * (size_t)(n + 1));
    int *post = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *stack = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *next = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int npost = 0, top = 0;
    stack[top++] = g->entry;
    seen[g->entry] = true;
    while (top > 0) {
        int v = stack[top - 1];
        if (next[v] < g->nodes[v].nsucc) {
            int w = g->nodes[v].succ[next[v]++];
            if (!seen[w]) {
                seen[w] = true;
                stack[top++] = w;
            }
        } else {
            post[npost++] = v;
            top--;
        }
    }
    int k = 0;
    for (int i = npost - 1; i >= 0; i--)
        g->order[k++] = post[i];
    for (int v = 0; v < n; v++)
        if (!seen[v])
            g->order[k++] = v;
}

/* The adjacency lists from the edge list, duplicates dropped. */
static void link_edges(Builder *b)
{
    Flowgraph *g = b->g;
    int m = b->from.n;
    for (int e = 0; e < m; e++) {
        g->nodes[b->from.v[e]].nsucc++;
        g->nodes[b->to.v[e]].npred++;
    }
    for (int i = 0; i < g->n; i++) {
        FgNode *n = &g->nodes[i];
        n->succ = arena_alloc(b->a, sizeof(int) * (size_t)(n->nsucc + 1));
        n->pred = arena_alloc(b->a, sizeof(int) * (size_t)(n->npred + 1));
        n->nsucc = n->npred = 0;
    }
    for (int e = 0; e < m; e++) {
        FgNode *f = &g->nodes[b->from.v[e]], *t = &g->nodes[b->to.v[e]];
        bool dup = false;
        for (int k = 0; k < f->nsucc; k++)
            dup |= f->succ[k] == b->to.v[e];
        if (dup)
            continue;
        f->succ[f->nsucc++] = b->to.v[e];
        t->pred[t->npred++] = b->from.v[e];
    }
}

Flowgraph *fg_build(Arena *a, MirProgram *p, MirStmt **body)
{
    Flowgraph *g = NEW(a, Flowgraph);
    g->p = p;
    g->body = body;
    Builder b = {.a = a, .g = g};
    g->entry = new_node(&b, FG_ENTRY, NULL, NULL);
    g->exit = new_node(&b, FG_EXIT, NULL, NULL);
    IntList front = {0};
    push(a, &front, g->entry);
    build(&b, body, &front, NULL);
    for (int i = 0; i < front.n; i++)
        edge(&b, front.v[i], g->exit);
    link_edges(&b);
    order_nodes(a, g);
    return g;
}

int fg_node_of(const Flowgraph *g, const MirStmt *s)
{
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].stmt == s && g->nodes[i].kind != FG_FOR_TEST
            && g->nodes[i].kind != FG_FOR_INCR)
            return i;
    return -1;
}

const char *fg_kind_name(FgNodeKind k)
{
    static const char *const names[] = {
        [FG_ENTRY] = "entry", [FG_EXIT] = "exit", [FG_STMT] = "stmt",
        [FG_IF] = "if", [FG_WHILE] = "while", [FG_FOR_INIT] = "for-init",
        [FG_FOR_TEST] = "for-test", [FG_FOR_INCR] = "for-incr",
    };
    return k <= FG_FOR_INCR ? names[k] : "?";
}

void fg_print(FILE *out, const Flowgraph *g)
{
    for (int i = 0; i < g->n; i++) {
        const FgNode *n = &g->nodes[i];
        fprintf(out, "%d %s", i, fg_kind_name(n->kind));
        if (n->stmt)
            fprintf(out, " %s", mir_stmt_kind_name(n->stmt->kind));
        if (n->def >= 0)
            fprintf(out, " def=%s%s", g->p->vars[n->def].name,
                    n->def_whole ? "" : "[part]");
        fputs(" ->", out);
        for (int k = 0; k < n->nsucc; k++)
            fprintf(out, " %d", n->succ[k]);
        fputc('\n', out);
    }
}
