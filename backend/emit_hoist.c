/* emit_hoist.c - loop-invariant work out of fused loops.
 *
 * A for loop of the log density whose statements are all fused target
 * increments (its derivatives are complete when the forward sweep ends)
 * often recomputes the same values every iteration: exp(log_scale), a
 * user function of the parameters, log(sigma) and 1 / sigma inside an
 * inlined normal density.  While such a loop is emitted:
 *
 *   - a real scalar expression the loop body evaluates unconditionally
 *     that reads no variable the loop assigns (nor its index), and that
 *     cannot fail (operators, the elementwise math functions, user
 *     functions without effects; no indexing), is computed once before
 *     the loop into h, with an adjoint ah that the body's reverse steps
 *     add into instead of going through the expression again;
 *   - after the loop, ah goes through the expression once;
 *   - densities ask for derived invariants (1 / sigma, log sigma, the
 *     domain test) the same way (em_hoist_scalar).
 *
 * The hoisted code runs only when the loop runs at least once, so a loop
 * of no iterations computes nothing, as before.  The loop's text is
 * emitted into a buffer first and written after the hoisted code. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

typedef struct Hoisted {
    const MirExpr *e;       /* NULL: a derived scalar */
    const char *val, *adj;
    const char *key;        /* derived scalars: their C expression */
} Hoisted;

struct EmHoist {
    FILE *decls, *code;     /* the hoisted declarations and computations */
    char *decls_buf, *code_buf;
    size_t decls_len, code_len;
    FILE *loop_out;         /* the loop's text, emitted meanwhile */
    char *loop_buf;
    size_t loop_len;
    FILE *saved_out;
    bool *assigned;         /* per variable: the loop writes it */
    int nvars;
    Hoisted *items;
    int n, cap;
    int indent;             /* the loop's indentation */
    int depth;              /* block_depth at the loop's top level */
    int conditional;        /* if/loop bodies inside the loop */
    const MirExpr *skip;    /* being propagated after the loop */
};

static void mark_assigned(EmHoist *h, const MirStmt *s)
{
    if (!s)
        return;
    if (s->kind == MS_ASSIGN && s->lhs.var >= 0 && s->lhs.var < h->nvars)
        h->assigned[s->lhs.var] = true;
    if ((s->kind == MS_DECL || s->kind == MS_FOR) && s->var >= 0
        && s->var < h->nvars)
        h->assigned[s->var] = true;
    mark_assigned(h, s->body);
    mark_assigned(h, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        mark_assigned(h, s->stmts[i]);
}

/* Whether e reads nothing the loop assigns and cannot fail. */
static bool invariant(const Emit *em, const MirExpr *e)
{
    const EmHoist *h = em->hoist;
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
        return true;
    case MX_VAR:
        return e->var >= 0 && (e->var >= h->nvars || !h->assigned[e->var]);
    case MX_PROMOTE:
        return invariant(em, e->args[0]);
    case MX_CALL:
        if (e->effect & (EFF_RNG | EFF_TARGET | EFF_PRINTS | EFF_REJECTS))
            return false;
        if (e->fn_kind == FNK_INTERNAL)
            return false;
        if (e->fn_kind == FNK_USER) {
            int fi = em_resolve_fun((Emit *)em, e);
            if (em->p->funs[fi].effect != EFF_PURE || (em->fun_why
                                                       && em->fun_why[fi]))
                return false;
        } else if (e->op == OP_NONE || e->prefix) {
            if (!em_cannot_fail_call(e))
                return false;
        } else if (e->op == OP_IDIV || e->op == OP_MOD
                   || ty_base(e->type)->kind == TY_INT) {
            return false;   /* integer division checks for zero */
        }
        for (int i = 0; i < e->nargs; i++)
            if (em_is_container_type(e->args[i]->type)
                || !invariant(em, e->args[i]))
                return false;
        return true;
    default:
        return false;
    }
}

static bool active(const Emit *em)
{
    const EmHoist *h = em->hoist;
    return h && !h->skip && h->conditional == 0 && em->block_depth == h->depth;
}

void em_hoist_begin(Emit *em, const MirStmt *loop)
{
    EmHoist *h = arena_alloc(em->a, sizeof *h);
    h->nvars = em->p->nvars;
    h->assigned = arena_alloc(em->a, sizeof(bool) * (size_t)(h->nvars + 1));
    mark_assigned(h, loop);
    h->decls = open_memstream(&h->decls_buf, &h->decls_len);
    h->code = open_memstream(&h->code_buf, &h->code_len);
    h->loop_out = open_memstream(&h->loop_buf, &h->loop_len);
    if (!h->decls || !h->code || !h->loop_out)
        em_unsupported(em, "hoisting (out of memory)");
    h->saved_out = em->out;
    h->indent = em->indent;
    h->depth = em->block_depth;
    em->out = h->loop_out;
    em->hoist = h;
}

/* Emit into one of the hoist streams at the loop's indentation (+extra). */
static void with_stream(Emit *em, FILE *f, int extra, FILE **saved,
                        int *indent)
{
    *saved = em->out;
    *indent = em->indent;
    em->out = f;
    em->indent = em->hoist->indent + extra;
}

static Hoisted *add(EmHoist *h)
{
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 16;
        Hoisted *g = realloc(h->items, sizeof *g * (size_t)cap);
        if (!g)
            return NULL;
        h->items = g;
        h->cap = cap;
    }
    Hoisted *x = &h->items[h->n++];
    memset(x, 0, sizeof *x);
    return x;
}

bool em_hoisted_value(Emit *em, const MirExpr *e, Opnd *out)
{
    EmHoist *h = em->hoist;
    if (!h || e->kind != MX_CALL)
        return false;
    for (int i = 0; i < h->n; i++)
        if (h->items[i].e == e) {
            *out = em_scalar(h->items[i].val, NULL,
                             ty_base(e->type)->kind == TY_INT);
            return true;
        }
    if (!active(em) || em_is_container_type(e->type)
        || (e->type->kind != TY_REAL && e->type->kind != TY_INT)
        || !invariant(em, e))
        return false;
    bool is_int = ty_base(e->type)->kind == TY_INT;
    const char *val = em_fresh(em, "h");
    const char *adj = em_is_ad(em, e) ? em_fresh(em, "ah") : NULL;
    FILE *saved;
    int indent;
    with_stream(em, h->decls, 0, &saved, &indent);
    em_line(em, "%s %s = %s;%s", is_int ? "int" : "double", val,
            is_int ? "0" : "NAN", adj ? A(" double %s = 0;", adj) : "");
    em->out = h->code;
    em->indent = h->indent + 1;
    /* the computation: no memo (its temporaries live in the guard's
     * block), no hoisting inside it */
    em->block_depth++;
    h->conditional++;
    em_line(em, "{");
    em->indent++;
    Opnd v = em_value(em, e);
    em_line(em, "%s = %s;", val, v.val);
    em->indent--;
    em_line(em, "}");
    h->conditional--;
    em->block_depth--;
    em->out = saved;
    em->indent = indent;
    Hoisted *x = add(h);   /* only now: the computation above is e's own */
    if (!x)
        em_unsupported(em, "hoisting (out of memory)");
    x->e = e;
    x->val = val;
    x->adj = adj;
    *out = em_scalar(val, NULL, is_int);
    return true;
}

bool em_hoisted_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    EmHoist *h = em->hoist;
    if (!h || e->kind != MX_CALL || e == h->skip)
        return false;
    for (int i = 0; i < h->n; i++)
        if (h->items[i].e == e) {
            if (h->items[i].adj)
                em_line(em, "%s += %s;", h->items[i].adj, adj);
            return true;
        }
    return false;
}

const char *em_hoist_scalar(Emit *em, const MirExpr *e, const char *cexpr,
                            const char *type)
{
    EmHoist *h = em->hoist;
    if (!h || !active(em) || !invariant(em, e))
        return NULL;
    for (int i = 0; i < h->n; i++)
        if (!h->items[i].e && strcmp(h->items[i].key, cexpr) == 0)
            return h->items[i].val;
    Hoisted *x = add(h);
    if (!x)
        return NULL;
    x->key = arena_strdup(em->a, cexpr);
    x->val = em_fresh(em, "h");
    FILE *saved;
    int indent;
    with_stream(em, h->decls, 0, &saved, &indent);
    em_line(em, "%s %s = 0;", type, x->val);
    em->out = h->code;
    em->indent = h->indent + 1;
    em_line(em, "%s = %s;", x->val, cexpr);
    em->out = saved;
    em->indent = indent;
    return x->val;
}

void em_hoist_conditional(Emit *em, int delta)
{
    if (em->hoist)
        em->hoist->conditional += delta;
}

void em_hoist_end(Emit *em, const char *lo, const char *hi)
{
    EmHoist *h = em->hoist;
    em->hoist = NULL;
    fclose(h->decls);
    fclose(h->code);
    fclose(h->loop_out);
    em->out = h->saved_out;
    fwrite(h->decls_buf, 1, h->decls_len, em->out);
    if (h->code_len) {
        em_line(em, "if (%s <= %s) {", lo, hi);
        fwrite(h->code_buf, 1, h->code_len, em->out);
        em_line(em, "}");
    }
    fwrite(h->loop_buf, 1, h->loop_len, em->out);
    /* the hoisted values' adjoints, once: the latest first, since one may
     * use an earlier one */
    bool any = false;
    for (int i = 0; i < h->n; i++)
        any = any || h->items[i].adj;
    if (any) {
        em_line(em, "if (%s <= %s) {", lo, hi);
        em->indent++;
        em->hoist = h;
        for (int i = h->n - 1; i >= 0; i--) {
            if (!h->items[i].adj)
                continue;
            h->skip = h->items[i].e;
            em->block_depth++;
            em_backprop(em, h->items[i].e, h->items[i].adj);
            em->block_depth--;
        }
        em->hoist = NULL;
        em->indent--;
        em_line(em, "}");
    }
    free(h->decls_buf);
    free(h->code_buf);
    free(h->loop_buf);
    free(h->items);
}
