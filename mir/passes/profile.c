/* profile.c - instrumentation by rewriting (the IR-rewriting notes'
 * profiler): put a profile record around every top-level statement of the
 * model block and around the body of every user function, so that a
 * sampler built with `pplbench build --profile` writes CmdStan's profile
 * CSV (runtime/profile.c) and a user sees where the time goes without
 * editing the model.  It changes no value: a profile statement only runs
 * its body, so the validator must find the program unchanged.
 *
 * Names are derived from the program, deterministically:
 *   model:L<line>:<what>   a model-block statement on source line <line>;
 *                          <what> is the distribution of a density
 *                          increment (normal for y ~ normal(...) and for
 *                          target += normal_lpdf(...)), else the
 *                          statement's kind (for, while, if, assign,
 *                          target, call name, block, profile)
 *   fn:<name>              every call of the user function <name> (the
 *                          record is around its body, so calls from any
 *                          place, expressions included, are counted;
 *                          overloads share it; a recursive call is timed
 *                          by its outermost activation).  A final return
 *                          stays after the record; a real or int value it
 *                          computes is computed inside, into a fresh
 *                          local (a container's is not)
 * Declarations of the model block get no record of their own.
 *
 * In no optimization level: instrumentation is asked for, never implied.
 *
 * requires: nothing.  invalidates: nothing (new statements, no new
 * expressions). */
#include <string.h>

#include "passes.h"

/* The distribution of a density call: normal for normal_lupdf. */
static const char *density_name(PassCtx *ctx, const MirExpr *e)
{
    static const char *const suffixes[] = {
        "_lupdf", "_lpdf", "_lupmf", "_lpmf",
    };
    if (!e || e->kind != MX_CALL || !e->fn)
        return NULL;
    size_t n = strlen(e->fn);
    for (size_t k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
        size_t m = strlen(suffixes[k]);
        if (name_has_suffix(e->fn, suffixes[k]))
            return arena_strndup(ctx->a, e->fn, n - m);
    }
    return NULL;
}

static const char *what(PassCtx *ctx, const MirStmt *s)
{
    switch (s->kind) {
    case MS_TARGET_PE: {
        const char *d = density_name(ctx, s->rhs);
        return d ? d : "target";
    }
    case MS_CALL:
        return s->call && s->call->fn ? s->call->fn : "call";
    case MS_ASSIGN: return "assign";
    case MS_FOR: return "for";
    case MS_WHILE: return "while";
    case MS_IF: return "if";
    case MS_PROFILE: return "profile";
    default: return "block";
    }
}

/* s inside profile("name") { s }: the name with quotes, as lowering
 * keeps a profile's name. */
/* profile("name") { stmts[0..n-1] }, the name with quotes as lowering
 * keeps a profile's name.  The body is a statement list, not a block: a
 * profile opens no scope here (the C backend emits a list without braces),
 * so what it declares stays visible after it. */
static MirStmt *wrap(PassCtx *ctx, MirStmt **stmts, int n, Span span,
                     const char *name)
{
    MirStmt **copy = arena_alloc(ctx->a, sizeof *copy * (size_t)n);
    memcpy(copy, stmts, sizeof *copy * (size_t)n);
    MirStmt *p = mir_new_stmt(ctx->a, MS_PROFILE, span);
    p->name = arena_printf(ctx->a, "\"%s\"", name);
    p->body = mir_block(ctx->a, MS_SLIST, n, copy);
    p->body->span = span;
    return p;
}

/* A function's body in one record; a return that ends the body stays
 * after it (derivative code's only return, mir_structure_exits), and a
 * scalar value it computes is computed inside the record, into a fresh
 * local the return then reads. */
static bool instrument_function(MirProgram *p, PassCtx *ctx, MirFun *f)
{
    MirStmt *b = f->body;
    if (!b || b->kind != MS_BLOCK || b->nstmts == 0)
        return false;
    int n = b->nstmts;
    MirStmt *ret = b->stmts[n - 1]->kind == MS_RETURN ? b->stmts[n - 1] : NULL;
    MirStmt **inner = arena_alloc(ctx->a, sizeof *inner * (size_t)(n + 1));
    memcpy(inner, b->stmts, sizeof *inner * (size_t)n);
    MirStmt *decl = NULL;
    if (ret) {
        n--;
        MirExpr *e = ret->rhs;
        TypeKind k = e ? e->type->kind : TY_VOID;
        if (e && e->kind != MX_VAR && (k == TY_REAL || k == TY_INT)) {
            VarId v = mir_new_var(p, mir_fresh_name(p, "profile_sym"),
                                  MV_INTERNAL, e->type,
                                  k == TY_REAL ? AD_AUTODIFF : AD_DATA);
            decl = mir_new_stmt(ctx->a, MS_DECL, e->span);
            decl->var = v;
            MirStmt *set = mir_new_stmt(ctx->a, MS_ASSIGN, e->span);
            set->lhs.var = v;
            set->lhs.type = e->type;
            set->rhs = e;
            inner[n++] = set;
            MirStmt *r = mir_new_stmt(ctx->a, MS_RETURN, ret->span);
            r->rhs = mir_var(p, v);
            ret = r;
        }
    }
    if (n == 0)
        return false;
    MirStmt **stmts = arena_alloc(ctx->a, sizeof *stmts * 3);
    int k = 0;
    if (decl)
        stmts[k++] = decl;
    stmts[k++] = wrap(ctx, inner, n, b->span,
                      arena_printf(ctx->a, "fn:%s", f->name));
    if (ret)
        stmts[k++] = ret;
    b->stmts = stmts;
    b->nstmts = k;
    return true;
}

static bool instrument_list(PassCtx *ctx, MirStmt *list)
{
    bool changed = false;
    for (int i = 0; i < list->nstmts; i++) {
        MirStmt *s = list->stmts[i];
        if (s->kind == MS_DECL || s->kind == MS_SKIP)
            continue;
        if (s->kind == MS_SLIST) {   /* lowering's groups: their parts */
            changed |= instrument_list(ctx, s);
            continue;
        }
        const char *name = arena_printf(ctx->a, "model:L%d:%s",
                                        s->span.begin.line, what(ctx, s));
        list->stmts[i] = wrap(ctx, &list->stmts[i], 1, s->span, name);
        changed = true;
    }
    return changed;
}

bool pass_profile(MirProgram *p, PassCtx *ctx)
{
    bool changed = false;
    for (int i = 0; i < p->nfuns; i++)
        changed |= instrument_function(p, ctx, &p->funs[i]);
    MirStmt *m = p->model_block;
    if (m && (m->kind == MS_BLOCK || m->kind == MS_SLIST))
        changed |= instrument_list(ctx, m);
    return changed;
}
