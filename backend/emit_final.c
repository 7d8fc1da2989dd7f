/* emit_final.c - which locals of the log density a fused target increment
 * may read: the locals whose value is final once assigned.
 *
 * A fused `target += e` (emit_c.c, fusable()) adds its partials during the
 * forward sweep and leaves nothing for the reverse sweep.  It may read a
 * variable with derivatives whose value stays what it was for the rest of
 * the log density: a parameter, a transformed parameter, and a local of
 * the log density that is *final after its assignment*:
 *
 *   1. a local or compiler temporary with derivatives (em_var_has_adj),
 *      declared in the log density;
 *   2. written by exactly one statement, `v = e` writing all of it (no
 *      index, no other assignment anywhere);
 *   3. every loop around that assignment is around v's declaration too
 *      (so it runs at most once per life of v: the adjoint that the reads
 *      accumulate belongs to that one value).
 *
 * Such a v is *ready* at a target increment that comes after the
 * assignment: in a later statement of a list holding the assignment (at
 * any depth), or after the if whose branch assigns it.  A read in the
 * other branch of that if, or before the assignment, is not fused.  (A
 * read after an if whose branch did not run sees v unassigned, NaN, as
 * the program as written does; no assignment then receives its adjoint,
 * in either sweep.)
 *
 * The forward sweep then adds the partials of v's fused reads into v's
 * adjoint.  The reverse sweep must start v's adjoint from what the
 * forward sweep accumulated: a local declared at the top level of the log
 * density has one adjoint for both sweeps; one declared in a block has its
 * adjoint pushed with its values at the end of the block's forward code
 * and popped with them in the reverse (em_final_carried), instead of a
 * zeroed one.  The non-fused reads then add theirs in the reverse sweep,
 * and the reverse step of the assignment takes the sum.
 *
 * The same scan finds the assignments whose overwritten value the reverse
 * sweep never needs (em_old_unneeded): a local, compiler temporary or
 * transformed parameter of real type, written by exactly one statement,
 * `v = e` writing all of it, that is the statement right after v's
 * declaration in the same list and does not read v.  No statement reads v
 * before it (only v's NaN was there), so the forward sweep pushes nothing
 * for it and the reverse sweep pops nothing; and no reverse step after
 * the assignment's (the statements before it) reads v's adjoint, so it is
 * not cleared.  A read before the assignment (`real c; real d =
 * is_nan(c) ? a : s; c = d;`) or a second write keeps the push: the
 * reverse steps before it would see the wrong value. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

/* A target increment and a final local it may read. */
struct EmReady {
    const MirStmt *stmt;
    VarId var;
};

typedef struct Scan {
    Emit *em;
    int nvars;
    int *writes;          /* per variable: statements that write it */
    bool *whole;          /* every write writes all of it */
    int *decl_depth;      /* loops around its declaration; -1: none seen */
    int *write_depth;     /* loops around its (last) write */
    bool *final;          /* conditions 1-3 */
    bool *decl_then_assign;  /* declared, then assigned whole by the next
                                statement of the same list, which does not
                                read it */
    bool *ready;          /* during the second walk: assigned on this path */
    EmReady *pairs;
    int npairs, cap;
} Scan;

static void count_writes(Scan *c, const MirStmt *s, int depth)
{
    if (!s)
        return;
    switch (s->kind) {
    case MS_DECL:
        c->decl_depth[s->var] = depth;
        return;
    case MS_ASSIGN:
        c->writes[s->lhs.var]++;
        c->whole[s->lhs.var] &= s->lhs.nsteps == 0;
        c->write_depth[s->lhs.var] = depth;
        return;
    case MS_FOR:
    case MS_WHILE:
        count_writes(c, s->body, depth + 1);
        return;
    default:
        count_writes(c, s->body, depth);
        count_writes(c, s->else_body, depth);
        for (int i = 0; i < s->nstmts; i++) {
            count_writes(c, s->stmts[i], depth);
            const MirStmt *d = s->stmts[i];
            const MirStmt *next = i + 1 < s->nstmts ? s->stmts[i + 1] : NULL;
            if (d->kind == MS_DECL && next && next->kind == MS_ASSIGN
                && next->lhs.var == d->var && next->lhs.nsteps == 0
                && !em_reads_var(next->rhs, d->var))
                c->decl_then_assign[d->var] = true;
        }
        return;
    }
}

static void add_pair(Scan *c, const MirStmt *s, VarId v)
{
    if (c->npairs == c->cap) {
        int cap = c->cap ? 2 * c->cap : 16;
        EmReady *p = arena_alloc(c->em->a, sizeof *p * (size_t)cap);
        if (c->npairs)
            memcpy(p, c->pairs, sizeof *p * (size_t)c->npairs);
        c->pairs = p;
        c->cap = cap;
    }
    c->pairs[c->npairs++] = (EmReady){s, v};
}

/* The final locals that are ready and read in e: pairs with s. */
static void ready_reads(Scan *c, const MirStmt *s, const MirExpr *e)
{
    if (!e)
        return;
    if (e->kind == MX_VAR && e->var >= 0 && e->var < c->nvars
        && c->final[e->var] && c->ready[e->var]) {
        add_pair(c, s, e->var);
        c->em->final_carried[e->var] = true;
    }
    for (int i = 0; i < e->nargs; i++)
        ready_reads(c, s, e->args[i]);
    for (int i = 0; i < e->nindices; i++) {
        ready_reads(c, s, e->indices[i].lo);
        ready_reads(c, s, e->indices[i].hi);
    }
}

/* In program order, which final locals are assigned on the way to each
 * target increment. */
static void walk_ready(Scan *c, const MirStmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case MS_DECL:
        c->ready[s->var] = false;
        return;
    case MS_ASSIGN:
        if (c->final[s->lhs.var])
            c->ready[s->lhs.var] = true;
        return;
    case MS_TARGET_PE:
        ready_reads(c, s, s->rhs);
        return;
    case MS_IF: {
        size_t size = sizeof(bool) * (size_t)c->nvars;
        bool *before = arena_alloc(c->em->a, size + 1);
        memcpy(before, c->ready, size);
        walk_ready(c, s->body);
        bool *then = arena_alloc(c->em->a, size + 1);
        memcpy(then, c->ready, size);
        memcpy(c->ready, before, size);
        walk_ready(c, s->else_body);
        for (int v = 0; v < c->nvars; v++)
            c->ready[v] |= then[v];
        return;
    }
    default:
        walk_ready(c, s->body);
        for (int i = 0; i < s->nstmts; i++)
            walk_ready(c, s->stmts[i]);
        return;
    }
}

static int pair_cmp(const void *x, const void *y)
{
    const EmReady *a = x, *b = y;
    uintptr_t pa = (uintptr_t)a->stmt, pb = (uintptr_t)b->stmt;
    if (pa != pb)
        return pa < pb ? -1 : 1;
    return (a->var > b->var) - (a->var < b->var);
}

void em_final_scan(Emit *em, const MirStmt *body)
{
    int n = em->p->nvars;
    Scan c = {.em = em, .nvars = n};
    size_t nb = sizeof(bool) * (size_t)(n + 1);
    size_t ni = sizeof(int) * (size_t)(n + 1);
    c.writes = arena_alloc(em->a, ni);
    c.whole = arena_alloc(em->a, nb);
    c.decl_depth = arena_alloc(em->a, ni);
    c.write_depth = arena_alloc(em->a, ni);
    c.final = arena_alloc(em->a, nb);
    c.decl_then_assign = arena_alloc(em->a, nb);
    em->old_unneeded = arena_alloc(em->a, nb);
    c.ready = arena_alloc(em->a, nb);
    em->final_carried = arena_alloc(em->a, nb);
    for (int v = 0; v < n; v++) {
        c.whole[v] = true;
        c.decl_depth[v] = -1;
    }
    count_writes(&c, body, 0);
    for (int v = 0; v < n; v++) {
        const MirVar *var = &em->p->vars[v];
        c.final[v] = (var->kind == MV_LOCAL || var->kind == MV_INTERNAL)
            && em_var_has_adj(em, v) && !em_is_complex_var(var)
            && c.decl_depth[v] >= 0
            && c.writes[v] == 1 && c.whole[v]
            && c.write_depth[v] == c.decl_depth[v];
        /* one whole write, the statement after the declaration: nothing
         * reads v before it, so the reverse sweep never needs the value
         * it overwrote (the NaN of the declaration) */
        em->old_unneeded[v] = (var->kind == MV_LOCAL
                               || var->kind == MV_INTERNAL
                               || var->kind == MV_TPARAM)
            && !em_is_int_var(var) && !em_is_complex_var(var)
            && c.decl_depth[v] >= 0 && c.writes[v] == 1 && c.whole[v]
            && c.decl_then_assign[v];
    }
    walk_ready(&c, body);
    if (c.npairs > 1)   /* no pairs: c.pairs is NULL, which qsort may not get */
        qsort(c.pairs, (size_t)c.npairs, sizeof *c.pairs, pair_cmp);
    em->ready = c.pairs;
    em->nready = c.npairs;
}

bool em_final_ready(const Emit *em, const MirStmt *s, VarId v)
{
    EmReady key = {s, v};
    return em->nready > 0
        && bsearch(&key, em->ready, (size_t)em->nready, sizeof key, pair_cmp);
}

bool em_old_unneeded(const Emit *em, const MirStmt *s)
{
    return s->kind == MS_ASSIGN && s->lhs.nsteps == 0 && em->old_unneeded
        && em->sec_logp && em->old_unneeded[s->lhs.var];
}

bool em_final_carried(const Emit *em, VarId v)
{
    return em->final_carried && em->sec_logp && em->final_carried[v];
}
