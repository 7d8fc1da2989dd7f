/* lcm.c - lazy code motion: partial redundancy elimination and
 * loop-invariant code motion (Knoop, Ruthing and Steffen), as the user
 * guide's "Lazy code motion" describes.  An expression computed more than
 * once on a path, or in a loop that surely runs while its operands do not
 * change, is computed once into a temporary (lcm_symN__, declared at the
 * top of the body with the expression's type and AD level) as late as
 * possible, and read from it after.
 *
 * requires: nothing (builds its own flowgraph and analyses per body)
 * invalidates: the effect and AD caches of the new nodes (the runner
 *   refreshes them)
 *
 * What it never does, by the analyses it rests on (mir/dataflow.c): move
 * an expression with an effect (the universe holds only pure ones),
 * evaluate an expression on a path where the program would not have
 * (insertions are down-safe: anticipated on every path), move it across a
 * write of a variable it reads (kill), or move one that may fail
 * (integer arithmetic, checked for overflow and division by zero; an
 * index; a user function's call) across anything else that may fail or
 * has an effect (barrier).  A loop is known to run when its bounds say so
 * (1:10, or 1:N with int<lower=1> N in data): only then is what its body
 * computes moved before it.  Variables are VarIds, so one name
 * declared in two scopes is two variables.
 *
 * A loop that may run zero times (for (n in 1:N), N possibly 0) is where
 * the analysis cannot move code from: what its body computes is not
 * computed on the path that skips it.  So, after those rounds, each for
 * loop in turn gives its invariant expressions a temporary of their own,
 * declared and computed just before the loop, guarded:
 *
 *     real lcm_symN__;
 *     if (lo <= hi) { lcm_symN__ = e; }
 *     for (i in lo:hi) ... lcm_symN__ ...
 *
 * e is anticipated at the entry of the body (evaluated on every path from
 * there before an operand is written, and, if it may fail, before
 * anything else that may fail or has an effect), and nothing in the loop
 * writes what it reads: with the loop running once at least, the program
 * evaluates e anyway, with that value.  The guard needs pure bounds (they
 * are evaluated once more); with bounds that have an effect, only an
 * expression that cannot fail and is cheap moves, unguarded; a loop that
 * surely runs needs no guard.  An expression that cannot fail and is
 * cheap (a few operators and library calls) also moves when the loop
 * evaluates it only on some iterations (under an if, or in an inner loop
 * that may not run): out of a nest of loops at once, evaluated once more
 * than the program would at worst, which nobody can observe.  The temporary lives in the loop's own list
 * and is assigned once per run of it: in the log density, a fused loop
 * (target increments only) may read it and stays fused
 * (backend/emit_final.c).  For the same reason a temporary with
 * derivatives of the partial-redundancy rounds in the log density is made
 * only where it is computed at one place outside every loop.
 *
 * Each round moves the expressions the analysis finds, the largest first,
 * all but those nested in one moved (or containing one), and the analyses
 * are run again on the result: moving a + b * c first leaves b * c in the
 * computation of its temporary only, where it is no longer redundant.
 * Where the analysis asks for code at a place no statement list has (the
 * test of a loop), that expression is left where it is. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

/* A bound on the rounds per body: each round moves one expression, and an
 * expression moved is not redundant any more; the bound only guards
 * against a mistake looping. */
#define LCM_MAX_ROUNDS 500

typedef struct Lcm {
    MirProgram *p;
    Arena *a;
    bool log_prob;        /* the body being moved in is log_prob */
    PtrVec wrapped;       /* the SLISTs this pass put statements in */
    PtrVec skip;          /* expressions that have no place to go */
    PtrVec temps;         /* the declarations of the temporaries */
    int hoisted;          /* temporaries made before loops */
    bool changed;
} Lcm;

static bool in_vec(const PtrVec *v, const void *x)
{
    for (int i = 0; i < v->len; i++)
        if (v->items[i] == x)
            return true;
    return false;
}

static bool skipped(const Lcm *c, const MirExpr *e)
{
    for (int i = 0; i < c->skip.len; i++)
        if (mir_expr_equal(c->skip.items[i], e))
            return true;
    return false;
}

static int expr_size(const MirExpr *e)
{
    if (!e)
        return 0;
    int n = 1;
    for (int i = 0; i < e->nargs; i++)
        n += expr_size(e->args[i]);
    for (int i = 0; i < e->nindices; i++)
        n += expr_size(e->indices[i].lo) + expr_size(e->indices[i].hi);
    return n;
}

/* Whether every node that must compute id has a place for the code. */
static bool placeable(const Flowgraph *g, const DfLcm *l, int id)
{
    for (int n = 0; n < g->n; n++)
        if (df_has(l->insert[n], id) && n != g->entry && !g->nodes[n].slot)
            return false;
    return true;
}

/* ------------------------------------------- flowgraph nodes by statement */

typedef struct NodeOf {
    const MirStmt *stmt;
    int node;
} NodeOf;

/* The nodes of a flowgraph sorted by statement, to find a statement's. */
typedef struct NodeIndex {
    NodeOf *v;
    int n;
} NodeIndex;

static int node_of_cmp(const void *x, const void *y)
{
    const NodeOf *a = x, *b = y;
    uintptr_t pa = (uintptr_t)a->stmt, pb = (uintptr_t)b->stmt;
    if (pa != pb)
        return pa < pb ? -1 : 1;
    return (a->node > b->node) - (a->node < b->node);
}

static NodeIndex node_index(Arena *a, const Flowgraph *g)
{
    NodeIndex ix = {arena_alloc(a, sizeof(NodeOf) * (size_t)(g->n + 1)), 0};
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].stmt)
            ix.v[ix.n++] = (NodeOf){g->nodes[i].stmt, i};
    qsort(ix.v, (size_t)ix.n, sizeof *ix.v, node_of_cmp);
    return ix;
}

/* Mark the nodes of s itself (a for loop has three). */
static void mark_stmt(const NodeIndex *ix, const MirStmt *s, bool *mark)
{
    int lo = 0, hi = ix->n;
    while (lo < hi) {   /* the first entry of s */
        int mid = (lo + hi) / 2;
        if ((uintptr_t)ix->v[mid].stmt < (uintptr_t)s)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int k = lo; k < ix->n && ix->v[k].stmt == s; k++)
        mark[ix->v[k].node] = true;
}

/* Mark the nodes of s and of every statement in it. */
static void mark_subtree(const NodeIndex *ix, const MirStmt *s, bool *mark)
{
    if (!s)
        return;
    mark_stmt(ix, s, mark);
    mark_subtree(ix, s->body, mark);
    mark_subtree(ix, s->else_body, mark);
    for (int i = 0; i < s->nstmts; i++)
        mark_subtree(ix, s->stmts[i], mark);
}

/* The nodes of loop (its test and increment, and its body's), not its
 * bounds' (evaluated once, before it). */
static void mark_loop(const Flowgraph *g, const NodeIndex *ix,
                      const MirStmt *loop, bool *mark)
{
    mark_stmt(ix, loop, mark);
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].stmt == loop && g->nodes[i].kind == FG_FOR_INIT)
            mark[i] = false;
    mark_subtree(ix, loop->body, mark);
}

/* Mark the nodes inside a loop of s. */
static void mark_looped(const Flowgraph *g, const NodeIndex *ix,
                        const MirStmt *s, bool *mark)
{
    if (!s)
        return;
    if (s->kind == MS_FOR || s->kind == MS_WHILE) {
        mark_loop(g, ix, s, mark);
        return;
    }
    mark_looped(g, ix, s->body, mark);
    mark_looped(g, ix, s->else_body, mark);
    for (int i = 0; i < s->nstmts; i++)
        mark_looped(g, ix, s->stmts[i], mark);
}

/* Whether moving expression id into a temporary pays.  In log_prob, a
 * temporary with derivatives is a local the C backend must record and
 * replay unless its value is final once assigned (backend/emit_final.c):
 * then the single forward sweep it emits for target increments may read
 * it, and its fused loops stay fused.  A temporary assigned in a loop is
 * not (the bench model loop_invariant's gradient ran 10 times slower with
 * exp(log_scale) in one), nor one assigned at two places; so in log_prob
 * an expression with derivatives moves only to one place outside every
 * loop.  Data-only ones, and every expression of the other sections and
 * of the functions, move wherever the analysis says. */
static bool worth_a_temporary(const Lcm *c, const Flowgraph *g,
                              const DfExprs *x, const DfLcm *l,
                              const bool *looped, int id)
{
    if (!(c->log_prob && x->expr[id]->ad == AD_AUTODIFF))
        return true;
    int places = 0;
    for (int n = 0; n < g->n; n++)
        if (df_has(l->insert[n], id)) {
            if (looped[n])
                return false;
            places++;
        }
    return places == 1;
}

/* Whether b occurs in a (a itself included). */
static bool contains(const MirExpr *a, const MirExpr *b)
{
    if (!a)
        return false;
    if (mir_expr_equal(a, b))
        return true;
    for (int i = 0; i < a->nargs; i++)
        if (contains(a->args[i], b))
            return true;
    for (int i = 0; i < a->nindices; i++)
        if (contains(a->indices[i].lo, b) || contains(a->indices[i].hi, b))
            return true;
    return false;
}

/* The expressions to move this round, into chosen (room for x->n): each
 * that has an insertion and a place for it, the largest first (the first
 * in the universe's order among equals), leaving out one that contains or
 * is contained in one already chosen -- moving the outer one changes
 * where the inner one is evaluated, so it waits for the next round's
 * analysis.  The others do not touch each other's occurrences.  The
 * number chosen; 0 when nothing is left to move. */
static int pick(Lcm *c, const Flowgraph *g, const DfExprs *x, const DfLcm *l,
                int *chosen)
{
    bool *looped = arena_alloc(c->a, sizeof(bool) * (size_t)(g->n + 1));
    NodeIndex ix = node_index(c->a, g);
    mark_looped(g, &ix, *g->body, looped);
    int n = 0;
    for (int id = 0; id < x->n; id++) {
        if (!worth_a_temporary(c, g, x, l, looped, id))
            continue;
        bool inserts = false;
        for (int k = 0; k < g->n && !inserts; k++)
            inserts = df_has(l->insert[k], id);
        if (!inserts || skipped(c, x->expr[id]))
            continue;
        if (!placeable(g, l, id)) {
            vec_push(c->a, &c->skip, x->expr[id]);
            continue;
        }
        /* insertion sort: size descending, id ascending */
        int size = expr_size(x->expr[id]), at = n;
        while (at > 0 && expr_size(x->expr[chosen[at - 1]]) < size) {
            chosen[at] = chosen[at - 1];
            at--;
        }
        chosen[at] = id;
        n++;
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
        bool nested = false;
        for (int j = 0; j < kept && !nested; j++)
            nested = contains(x->expr[chosen[j]], x->expr[chosen[i]])
                || contains(x->expr[chosen[i]], x->expr[chosen[j]]);
        if (!nested)
            chosen[kept++] = chosen[i];
    }
    return kept;
}

/* ------------------------------------------------------------ rewriting */

typedef struct Replace {
    const MirExpr *what;
    MirProgram *p;
    VarId temp;
    int count;            /* occurrences replaced */
} Replace;

static MirExpr *replace_expr(MirExpr *e, void *ctx)
{
    Replace *r = ctx;
    if (mir_expr_equal(e, r->what)) {
        r->count++;
        return mir_var(r->p, r->temp);
    }
    return e;
}

static bool count_expr(MirExpr *e, void *ctx)
{
    Replace *r = ctx;
    if (!mir_expr_equal(e, r->what))
        return true;
    r->count++;
    return false;
}

static MirStmt *assign_temp(Lcm *c, VarId t, const MirExpr *e)
{
    MirStmt *s = mir_new_stmt(c->a, MS_ASSIGN, e->span);
    s->lhs.var = t;
    s->lhs.type = c->p->vars[t].sized.type;
    s->rhs = mir_clone_expr(c->a, e);
    return s;
}

/* Put s before the statement held in *slot. */
static void insert_before(Lcm *c, MirStmt **slot, MirStmt *s)
{
    MirStmt **two = arena_alloc(c->a, sizeof(MirStmt *) * 3);
    two[0] = s;
    two[1] = *slot;
    MirStmt *list = mir_block(c->a, MS_SLIST, 2, two);
    vec_push(c->a, &c->wrapped, list);
    *slot = list;
}

/* The declaration of t at the top of the body, after the temporaries
 * already there, then (at) the code that runs at the body's entry. */
static void declare_at_top(Lcm *c, MirStmt **body, VarId t, MirStmt *at)
{
    MirStmt *b = *body;
    if (b->kind != MS_BLOCK && b->kind != MS_SLIST) {
        MirStmt **one = arena_alloc(c->a, sizeof(MirStmt *) * 2);
        one[0] = b;
        b = *body = mir_block(c->a, MS_BLOCK, 1, one);
    }
    int lead = 0;
    while (lead < b->nstmts && in_vec(&c->temps, b->stmts[lead]))
        lead++;
    MirStmt *decl = mir_new_stmt(c->a, MS_DECL, c->p->vars[t].span);
    decl->var = t;
    vec_push(c->a, &c->temps, decl);
    int n = b->nstmts + 1 + (at != NULL);
    MirStmt **stmts = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < lead; i++)
        stmts[k++] = b->stmts[i];
    stmts[k++] = decl;
    if (at)
        stmts[k++] = at;
    for (int i = lead; i < b->nstmts; i++)
        stmts[k++] = b->stmts[i];
    b->stmts = stmts;
    b->nstmts = k;
}

/* Move expression id: a temporary t, computed where the analysis
 * inserts, read where it replaces; what runs at the body's entry goes in
 * *at_entry (or NULL).  The caller declares t at the top of the body once
 * every move of the round is done: the slots of the top statements point
 * into the body's list. */
static VarId move(Lcm *c, const Flowgraph *g, const DfExprs *x,
                  const DfLcm *l, int id, MirStmt **at_entry)
{
    const MirExpr *e = x->expr[id];
    MirProgram *p = c->p;
    const char *name = mir_fresh_name(p, "lcm_sym");
    AdLevel ad = e->type->kind == TY_INT ? AD_DATA : e->ad;
    VarId t = mir_new_var(p, name, MV_INTERNAL, e->type, ad);
    p->vars[t].span = e->span;
    /* the replacements first: the inserted computations keep e */
    Replace r = {.what = e, .p = p, .temp = t};
    MirRewriter rw = {.expr = replace_expr, .ctx = &r};
    for (int n = 0; n < g->n; n++)
        if (df_has(l->replace[n], id) && g->nodes[n].stmt)
            mir_rewrite_stmt_exprs(g->nodes[n].stmt, &rw);
    *at_entry = NULL;
    for (int n = 0; n < g->n; n++) {
        if (!df_has(l->insert[n], id))
            continue;
        if (n == g->entry)
            *at_entry = assign_temp(c, t, e);
        else
            insert_before(c, g->nodes[n].slot, assign_temp(c, t, e));
    }
    c->changed = true;
    return t;
}

/* The wrapping lists go: spliced into the list that holds them, or made a
 * block where they are a body of their own. */
static MirStmt *unwrap(Lcm *c, MirStmt *s);

static MirStmt *unwrap_body(Lcm *c, MirStmt *s)
{
    if (!s)
        return NULL;
    s = unwrap(c, s);
    if (in_vec(&c->wrapped, s))
        s->kind = MS_BLOCK;
    return s;
}

static MirStmt *unwrap(Lcm *c, MirStmt *s)
{
    s->body = unwrap_body(c, s->body);
    s->else_body = unwrap_body(c, s->else_body);
    if (s->kind != MS_BLOCK && s->kind != MS_SLIST)
        return s;
    int n = 0;
    for (int i = 0; i < s->nstmts; i++) {
        s->stmts[i] = unwrap(c, s->stmts[i]);
        n += in_vec(&c->wrapped, s->stmts[i]) ? s->stmts[i]->nstmts : 1;
    }
    if (n == s->nstmts)
        return s;
    MirStmt **stmts = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < s->nstmts; i++) {
        MirStmt *x = s->stmts[i];
        if (in_vec(&c->wrapped, x))
            for (int j = 0; j < x->nstmts; j++)
                stmts[k++] = x->stmts[j];
        else
            stmts[k++] = x;
    }
    s->stmts = stmts;
    s->nstmts = k;
    return s;
}

/* Rounds of partial redundancy elimination on *body until nothing moves. */
static void redundancy_rounds(Lcm *c, MirStmt **body)
{
    c->skip.len = 0;
    for (int round = 0; round < LCM_MAX_ROUNDS; round++) {
        Flowgraph *g = fg_build(c->a, c->p, body);
        DfExprs *x = df_exprs(c->a, g);
        if (x->n == 0)
            break;
        DfLcm *l = df_lcm(c->a, g, x);
        int *chosen = arena_alloc(c->a, sizeof(int) * (size_t)x->n);
        int n = pick(c, g, x, l, chosen);
        if (n == 0)
            break;
        VarId *temps = arena_alloc(c->a, sizeof(VarId) * (size_t)n);
        MirStmt **at_entry = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)n);
        for (int i = 0; i < n; i++)
            temps[i] = move(c, g, x, l, chosen[i], &at_entry[i]);
        /* last: the top of the body is where the slots of its statements
         * are */
        for (int i = 0; i < n; i++)
            declare_at_top(c, body, temps[i], at_entry[i]);
    }
}

/* ------------------------------------------------ loops that may not run */

/* How an invariant expression leaves its loop. */
typedef enum Exit {
    EXIT_PLAIN,       /* t = e before the loop */
    EXIT_GUARDED      /* if (lo <= hi) { t = e; } before the loop */
} Exit;

/* Whether e costs little enough to compute for a loop that may not run:
 * a few operators and library functions, no user function. */
static bool cheap(const MirExpr *e)
{
    if (expr_size(e) > 8)
        return false;
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
    case MX_VAR:
        return true;
    case MX_PROMOTE:
        return cheap(e->args[0]);
    case MX_CALL:
        if (e->fn_kind != FNK_STANLIB)
            return false;
        for (int i = 0; i < e->nargs; i++)
            if (!cheap(e->args[i]))
                return false;
        return true;
    default:
        return false;
    }
}

/* Whether e only compares plain reads (1 <= N: a guard's test), which is
 * not worth a temporary of its own. */
static bool plain_test(const MirExpr *e)
{
    if (e->kind != MX_CALL)
        return false;
    switch (e->op) {
    case OP_LT: case OP_LEQ: case OP_GT: case OP_GEQ: case OP_EQ:
    case OP_NEQ:
        break;
    default:
        return false;
    }
    for (int i = 0; i < e->nargs; i++)
        if (e->args[i]->kind != MX_VAR && e->args[i]->kind != MX_INT
            && e->args[i]->kind != MX_REAL)
            return false;
    return true;
}

/* The node where each iteration of the loop whose bounds are node init
 * starts (in marks the loop's nodes); *runs: the loop surely runs once. */
static int body_entry(const Flowgraph *g, int init, const bool *in,
                      bool *runs)
{
    const FgNode *ini = &g->nodes[init];
    int test = -1;
    for (int k = 0; k < ini->nsucc; k++)
        if (g->nodes[ini->succ[k]].kind == FG_FOR_TEST
            && g->nodes[ini->succ[k]].stmt == ini->stmt)
            test = ini->succ[k];
    *runs = test < 0;
    if (*runs)   /* straight into the body (flowgraph.c, runs_once) */
        return ini->nsucc == 1 ? ini->succ[0] : -1;
    const FgNode *t = &g->nodes[test];
    for (int k = 0; k < t->nsucc; k++) {
        const FgNode *s = &g->nodes[t->succ[k]];
        if (in[t->succ[k]] && !(s->stmt == ini->stmt
                                && s->kind == FG_FOR_INCR))
            return t->succ[k];
    }
    return -1;
}

/* How a loop lets its invariant expressions out: plainly when it surely
 * runs once (runs), guarded when its bounds are pure (they are evaluated
 * again); with bounds that have an effect, plainly too, and then only
 * what cannot fail and is cheap (invariant()). */
static Exit loop_exit(const MirStmt *loop, bool runs)
{
    if (runs)
        return EXIT_PLAIN;
    return mir_expr_effect(loop->lo) == EFF_PURE
        && mir_expr_effect(loop->hi) == EFF_PURE ? EXIT_GUARDED : EXIT_PLAIN;
}

/* Whether expression id may leave the loop (nodes in, body entry node
 * entry) as how says: nothing in the loop writes what it reads, and it is
 * anticipated at the body's entry (evaluated on every iteration, or
 * after the loop, before anything changes it); or, evaluated somewhere
 * in the loop though not on every iteration (under an if, in a loop
 * nested in it that may not run), it cannot fail and is cheap, so that
 * computing it once more than the program would is harmless. */
static bool invariant(const Lcm *c, const Flowgraph *g, const DfExprs *x,
                      const DfResult *ant, const bool *in, int entry, int id,
                      Exit how, bool runs)
{
    if (skipped(c, x->expr[id]) || plain_test(x->expr[id]))
        return false;
    bool harmless = !x->may_fail[id] && cheap(x->expr[id]);
    if (!df_has(ant->in[entry], id) || (how == EXIT_PLAIN && !runs))
        if (!harmless)
            return false;
    bool occurs = false;
    for (int n = 0; n < g->n; n++) {
        if (!in[n])
            continue;
        if (df_has(x->kill[n], id))
            return false;
        occurs |= df_has(x->use[n], id) || df_has(x->comp[n], id);
    }
    return occurs;
}

/* The invariant expressions to take out of the loop, into chosen: none
 * nested in another (the larger goes; the other waits for the next
 * round), and one at most that may fail (the order of two failures would
 * be the order of the ids; the analysis lets only one through anyway:
 * what may fail is not anticipated past another that may); their
 * number. */
static int invariants(const Lcm *c, const Flowgraph *g, const DfExprs *x,
                      const DfResult *ant, const bool *in, int entry,
                      Exit how, bool runs, int *chosen)
{
    int n = 0;
    bool failing = false;
    for (int id = 0; id < x->n; id++) {
        if (!invariant(c, g, x, ant, in, entry, id, how, runs)
            || (failing && x->may_fail[id]))
            continue;
        bool nested = false;
        for (int k = 0; k < n && !nested; k++)
            nested = contains(x->expr[chosen[k]], x->expr[id])
                || contains(x->expr[id], x->expr[chosen[k]]);
        if (nested) {
            /* keep the larger */
            int k = 0;
            while (!(contains(x->expr[chosen[k]], x->expr[id])
                     || contains(x->expr[id], x->expr[chosen[k]])))
                k++;
            if (expr_size(x->expr[id]) > expr_size(x->expr[chosen[k]])
                && !(x->may_fail[id] && failing && !x->may_fail[chosen[k]]))
                chosen[k] = id;
        } else {
            chosen[n++] = id;
        }
        failing = false;
        for (int k = 0; k < n; k++)
            failing |= x->may_fail[chosen[k]];
    }
    return n;
}

static MirExpr *leq(Lcm *c, const MirExpr *lo, const MirExpr *hi)
{
    MirExpr *e = mir_new_expr(c->a, MX_CALL, TY(INT), lo->span);
    e->fn_kind = FNK_STANLIB;
    e->fn = ast_op_name(OP_LEQ, false);
    e->op = OP_LEQ;
    e->args = arena_alloc(c->a, sizeof(MirExpr *) * 3);
    e->args[0] = mir_clone_expr(c->a, lo);
    e->args[1] = mir_clone_expr(c->a, hi);
    e->nargs = 2;
    e->ad = AD_DATA;
    return e;
}

/* The expressions of ids out of the loop held in *slot: a temporary
 * each, declared and computed just before it (under one guard), read
 * wherever the body had the expression. */
static void hoist(Lcm *c, MirStmt **slot, const DfExprs *x, const int *ids,
                  int n, Exit how)
{
    MirStmt *loop = *slot;
    MirProgram *p = c->p;
    MirStmt **decls = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)(n + 1));
    MirStmt **computes = arena_alloc(c->a,
                                     sizeof(MirStmt *) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < n; i++) {
        const MirExpr *e = x->expr[ids[i]];
        /* a copy: the rewrite replaces the occurrence e is */
        MirExpr *what = mir_clone_expr(c->a, e);
        /* e where the rewriter does not go would stay (and be found
         * again): left alone */
        Replace r = {.what = what, .p = p};
        MirVisitor count = {.expr = count_expr, .ctx = &r};
        mir_visit_stmt(loop->body, &count);
        if (r.count == 0) {
            vec_push(c->a, &c->skip, what);
            continue;
        }
        AdLevel ad = e->type->kind == TY_INT ? AD_DATA : e->ad;
        VarId t = mir_new_var(p, mir_fresh_name(p, "lcm_sym"), MV_INTERNAL,
                              e->type, ad);
        p->vars[t].span = e->span;
        r.temp = t;
        MirRewriter rw = {.expr = replace_expr, .ctx = &r};
        loop->body = mir_rewrite_stmt(loop->body, &rw);
        decls[k] = mir_new_stmt(c->a, MS_DECL, e->span);
        decls[k]->var = t;
        computes[k++] = assign_temp(c, t, what);
    }
    if (k == 0)
        return;
    MirStmt **list = arena_alloc(c->a, sizeof(MirStmt *) * (size_t)(2 * k + 2));
    int m = 0;
    for (int i = 0; i < k; i++)
        list[m++] = decls[i];
    if (how == EXIT_GUARDED) {
        MirStmt *guard = mir_new_stmt(c->a, MS_IF, loop->span);
        guard->cond = leq(c, loop->lo, loop->hi);
        guard->body = mir_block(c->a, MS_BLOCK, k, computes);
        list[m++] = guard;
    } else {
        for (int i = 0; i < k; i++)
            list[m++] = computes[i];
    }
    list[m++] = loop;
    MirStmt *wrap = mir_block(c->a, MS_SLIST, m, list);
    vec_push(c->a, &c->wrapped, wrap);
    *slot = wrap;
    c->hoisted += k;
    c->changed = true;
}

/* The invariant expressions of one for loop out of it (the first loop in
 * program order that has some: outer loops first, so that what is
 * invariant in both goes out of both); whether the round did anything
 * (moved, or found an expression to leave alone). */
static bool hoist_round(Lcm *c, MirStmt **body)
{
    Flowgraph *g = fg_build(c->a, c->p, body);
    DfExprs *x = df_exprs(c->a, g);
    if (x->n == 0)
        return false;
    DfResult *ant = df_anticipated(c->a, g, x);
    NodeIndex ix = node_index(c->a, g);
    bool *in = arena_alloc(c->a, sizeof(bool) * (size_t)(g->n + 1));
    int *chosen = arena_alloc(c->a, sizeof(int) * (size_t)(x->n + 1));
    for (int i = 0; i < g->n; i++) {
        const FgNode *init = &g->nodes[i];
        if (init->kind != FG_FOR_INIT || !init->slot)
            continue;
        memset(in, 0, sizeof(bool) * (size_t)g->n);
        mark_loop(g, &ix, init->stmt, in);
        bool runs;
        int entry = body_entry(g, i, in, &runs);
        if (entry < 0)
            continue;
        Exit how = loop_exit(init->stmt, runs);
        int n = invariants(c, g, x, ant, in, entry, how, runs, chosen);
        if (n == 0)
            continue;
        hoist(c, init->slot, x, chosen, n, how);
        return true;
    }
    return false;
}

static void lcm_body(Lcm *c, MirStmt **body)
{
    if (!*body)
        return;
    redundancy_rounds(c, body);
    /* then out of the loops the analysis could not move code from, and
     * once more what that made redundant */
    bool moved = false;
    c->skip.len = 0;
    for (int round = 0; round < LCM_MAX_ROUNDS && hoist_round(c, body);
         round++)
        moved = true;
    if (moved)
        redundancy_rounds(c, body);
    if (c->wrapped.len > 0)
        *body = unwrap(c, *body);
}

bool pass_lcm(MirProgram *p, PassCtx *ctx)
{
    Lcm c = {.p = p, .a = ctx->a};
    /* a temporary takes its expression's AD level: from the program as it
     * is, not from a cache an earlier pass or the lowering left */
    mir_refresh(p);
    for (int i = 0; i < p->nfuns; i++)
        lcm_body(&c, &p->funs[i].body);
    for (int s = 0; s < MIR__NSECTIONS; s++) {
        c.log_prob = s == MIR_LOG_PROB;
        lcm_body(&c, mir_section(p, (MirSection)s));
    }
    if (ctx->log && c.changed)
        fprintf(ctx->log, "lcm: %d temporaries\n", c.temps.len + c.hoisted);
    return c.changed;
}
