/* emit_ctx.c - the contexts of the log density (RtContext: joint, prior,
 * likelihood) in the emitted C.  Which factor belongs to which context is
 * the factor graph's decision (analyses.h, FgraphContext), taken again on
 * the program being emitted, after every pass (never a cached answer).
 *
 * The emitted log density sets two flags, ctx_prior and ctx_lik (both in
 * the joint context), and each statement of log_prob that holds factors is
 * run, forward and reverse, under the flag of its context: the flag is
 * constant for the call, so the forward and reverse sweeps skip the same
 * statements and the stack stays balanced.  A `target += a + b` whose
 * summands belong to both contexts is emitted as two statements, one per
 * context (a statement made here, of the same summands).  A call of an _lp
 * function outside target += (x = f_lp(...)) always runs: what it adds to
 * target goes to a dropped accumulator, and its reverse function gets the
 * target's adjoint 0, when its context is off. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyses.h"
#include "emit.h"

typedef struct CtxEntry {
    const void *node;       /* a statement of log_prob or an _lp call */
    int ctx;                /* FGC_PRIOR | FGC_LIKELIHOOD */
    const MirStmt *part[2]; /* a statement of both: its prior part, its
                               likelihood part */
} CtxEntry;

struct EmCtx {
    CtxEntry *e;
    int n, cap;
};

static void add(Emit *em, EmCtx *c, const void *node, int ctx)
{
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 16;
        CtxEntry *fresh = arena_alloc(em->a, sizeof *fresh * (size_t)cap);
        if (c->n)
            memcpy(fresh, c->e, sizeof *fresh * (size_t)c->n);
        c->e = fresh;
        c->cap = cap;
    }
    CtxEntry *x = &c->e[c->n++];
    memset(x, 0, sizeof *x);
    x->node = node;
    x->ctx = ctx;
}

static int by_node(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const CtxEntry *)a)->node;
    uintptr_t y = (uintptr_t)((const CtxEntry *)b)->node;
    return x < y ? -1 : x > y;
}

/* Sort by node and merge the entries of one node (their contexts or'ed):
 * lookups by binary search, so that a program of many statements is
 * emitted in n log n. */
static void sort_merge(EmCtx *c)
{
    if (c->n == 0)
        return;     /* c->e may be NULL: qsort's pointer must not be */
    qsort(c->e, (size_t)c->n, sizeof *c->e, by_node);
    int n = 0;
    for (int i = 0; i < c->n; i++) {
        if (n > 0 && c->e[n - 1].node == c->e[i].node)
            c->e[n - 1].ctx |= c->e[i].ctx;
        else
            c->e[n++] = c->e[i];
    }
    c->n = n;
}

static const CtxEntry *find(const Emit *em, const void *node)
{
    const EmCtx *c = em->ctx;
    if (!c || !c->n)
        return NULL;
    CtxEntry key = {.node = node};
    return bsearch(&key, c->e, (size_t)c->n, sizeof *c->e, by_node);
}

/* The sum of the terms of statement s (the factor graph's summands, in
 * order) that belong to context ctx, as a copy of s adding that. */
static const MirStmt *part(Emit *em, const FactorGraph *g, const MirStmt *s,
                           int ctx)
{
    MirExpr *sum = NULL;
    for (int f = 0; f < g->nfactors; f++) {
        const FgraphFactor *x = &g->factors[f];
        if (x->stmt != s || (int)x->context != ctx)
            continue;
        MirExpr *t = (MirExpr *)x->term;
        if (!sum) {
            sum = t;
            continue;
        }
        MirExpr *add = mir_new_expr(em->a, MX_CALL, s->rhs->type, t->span);
        add->fn_kind = s->rhs->fn_kind;
        add->fn = s->rhs->fn;
        add->op = OP_ADD;
        add->ad = sum->ad > t->ad ? sum->ad : t->ad;
        add->effect = sum->effect | t->effect;
        add->args = arena_alloc(em->a, sizeof *add->args * 2);
        add->args[0] = sum;
        add->args[1] = t;
        add->nargs = 2;
        sum = add;
    }
    MirStmt *copy = mir_new_stmt(em->a, s->kind, s->span);
    *copy = *s;
    copy->rhs = sum;
    return copy;
}

void em_ctx_build(Emit *em)
{
    FactorGraph *g = fgraph_build_contexts(em->p);
    if (!g)
        em_unsupported(em, "the contexts of the log density: out of memory");
    EmCtx *c = arena_alloc(em->a, sizeof *c);
    memset(c, 0, sizeof *c);
    for (int f = 0; f < g->nfactors; f++) {
        const FgraphFactor *x = &g->factors[f];
        const MirStmt *s = x->stmt;
        bool whole = s->kind == MS_TARGET_PE || s->kind == MS_JACOBIAN_PE;
        add(em, c, whole ? (const void *)s : (const void *)x->term,
            (int)x->context);
        if (x->trunc)
            add(em, c, x->trunc, (int)x->context);
    }
    sort_merge(c);
    /* the statements of both contexts, as two statements each */
    int n = c->n;
    for (int i = 0; i < n; i++) {
        if (c->e[i].ctx != (FGC_PRIOR | FGC_LIKELIHOOD))
            continue;
        const MirStmt *a = part(em, g, c->e[i].node, FGC_PRIOR);
        const MirStmt *b = part(em, g, c->e[i].node, FGC_LIKELIHOOD);
        c->e[i].part[0] = a;
        c->e[i].part[1] = b;
        add(em, c, a, FGC_PRIOR);   /* add may move c->e */
        add(em, c, b, FGC_LIKELIHOOD);
    }
    if (c->n != n)
        sort_merge(c);
    fgraph_free(g);
    em->ctx = c;
}

int em_ctx_stmt(const Emit *em, const MirStmt *s)
{
    if (!em->sec_logp || em->in_function || s == em->ctx_open)
        return 0;
    const CtxEntry *x = find(em, s);
    return x ? x->ctx : 0;
}

const MirStmt *em_ctx_part(const Emit *em, const MirStmt *s, int ctx)
{
    const CtxEntry *x = find(em, s);
    return x ? x->part[ctx == FGC_PRIOR ? 0 : 1] : NULL;
}

const char *em_ctx_call_flag(const Emit *em, const MirExpr *call)
{
    if (!em->sec_logp || em->in_function)
        return NULL;
    const CtxEntry *x = find(em, call);
    return x ? em_ctx_flag(x->ctx) : NULL;
}

const char *em_ctx_flag(int ctx)
{
    return ctx == FGC_PRIOR ? "ctx_prior" : "ctx_lik";
}

/* The statement s under its context's flag (fwd: forward code, else
 * reverse), or s as two statements, one per context; false when s holds
 * no factor (the caller emits it as it is). */
bool em_ctx_gate(Emit *em, const MirStmt *s, Section sec, bool fwd)
{
    int ctx = em_ctx_stmt(em, s);
    if (!ctx)
        return false;
    if (ctx == (FGC_PRIOR | FGC_LIKELIHOOD)) {
        const MirStmt *a = em_ctx_part(em, s, FGC_PRIOR);
        const MirStmt *b = em_ctx_part(em, s, FGC_LIKELIHOOD);
        if (fwd) {
            em_fwd_stmt(em, a, sec);
            em_fwd_stmt(em, b, sec);
        } else {
            em_rev_stmt(em, b);
            em_rev_stmt(em, a);
        }
        return true;
    }
    /* the joint context, the common one, falls through */
    em_line(em, "if (__builtin_expect(%s, 1)) {", em_ctx_flag(ctx));
    em->indent++;
    const MirStmt *saved = em->ctx_open;
    em->ctx_open = s;
    if (fwd)
        em_fwd_stmt(em, s, sec);
    else
        em_rev_stmt(em, s);
    em->ctx_open = saved;
    em->indent--;
    em_line(em, "}");
    return true;
}
