/* exits.c - return, break and continue as flags, the backend's
 * transformation after untuple.c (mir_transform), so that
 * --debug-transformed-mir-pretty shows and mir_verify checks what the C
 * backend compiles.
 *
 * The reverse sweep replays the forward sweep's control flow from what the
 * forward sweep pushed (each if's condition, each loop's bounds or
 * iteration count), which assumes that a statement, once started, runs to
 * its end.  A return before the end of a function, break and continue do
 * not.  So in the code that has derivatives -- the log density and the
 * user functions (whose reverse functions share the body) -- they become
 * flags (new int locals, ret1__, brk2__, cont3__, retval4__):
 *
 *   return e;    ->  retval = e; ret = 1;
 *   break;       ->  brk = 1;
 *   continue;    ->  cont = 1;
 *
 * the statements after one that may have set a flag run under
 * `if (flags) {} else { ... }`, a loop's body runs under the flags of its
 * break and of return (a for loop then idles through its remaining
 * iterations; a while loop's condition also tests them), continue's flag
 * is cleared at the start of each iteration, and the function ends with
 * `return retval;`.  Every assignment and if of the rewritten code is an
 * ordinary one, so the usual pushes and pops replay it exactly.  The
 * other sections (prepare_data, generate_quantities) keep their
 * statements: C has them.
 *
 * Left as they are: a function returning a container before its end
 * (retval would need sizes the function's type does not give); the
 * backend refuses its reverse function by name.
 *
 * The rewrite builds new statement nodes for what it changes and shares
 * the rest. */
#include <string.h>

#include "mir.h"

typedef struct Exits {
    MirProgram *p;
    VarId ret, retval;      /* -1 outside a function (or a void one) */
    VarId brk, cont;        /* the innermost loop's, -1 when unused */
} Exits;

static const Span no_span;

/* Whether s contains a return (anywhere), or a break / continue that
 * leaves the loop being rewritten (not one inside a loop nested in s). */
bool mir_has_return(const MirStmt *s)
{
    if (!s)
        return false;
    if (s->kind == MS_RETURN)
        return true;
    if (mir_has_return(s->body) || mir_has_return(s->else_body))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (mir_has_return(s->stmts[i]))
            return true;
    return false;
}

bool mir_exits_loop(const MirStmt *s)
{
    if (!s)
        return false;
    if (s->kind == MS_BREAK || s->kind == MS_CONTINUE)
        return true;
    if (s->kind == MS_FOR || s->kind == MS_WHILE)
        return false;        /* those belong to the inner loop */
    if (mir_exits_loop(s->body) || mir_exits_loop(s->else_body))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (mir_exits_loop(s->stmts[i]))
            return true;
    return false;
}

static bool has_jump(const MirStmt *s, MirStmtKind kind)
{
    if (!s)
        return false;
    if (s->kind == kind)
        return true;
    if (s->kind == MS_FOR || s->kind == MS_WHILE)
        return false;       /* its own break/continue */
    if (has_jump(s->body, kind) || has_jump(s->else_body, kind))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (has_jump(s->stmts[i], kind))
            return true;
    return false;
}

/* Whether s has a return that is not in tail position. */
static bool early_return(const MirStmt *s, bool tail)
{
    if (!s)
        return false;
    switch (s->kind) {
    case MS_RETURN:
        return !tail;
    case MS_IF:
        return early_return(s->body, tail) || early_return(s->else_body, tail);
    case MS_BLOCK:
    case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            if (early_return(s->stmts[i], tail && i == s->nstmts - 1))
                return true;
        return false;
    case MS_FOR:
    case MS_WHILE:
    case MS_PROFILE:
        return early_return(s->body, false);
    default:
        return false;
    }
}

bool mir_has_exits(const MirStmt *s, bool tail)
{
    if (!s)
        return false;
    switch (s->kind) {
    case MS_RETURN:
        return !tail;
    case MS_BREAK:
    case MS_CONTINUE:
        return true;
    case MS_IF:
        return mir_has_exits(s->body, tail) || mir_has_exits(s->else_body, tail);
    case MS_BLOCK:
    case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            if (mir_has_exits(s->stmts[i], tail && i == s->nstmts - 1))
                return true;
        return false;
    case MS_FOR:
    case MS_WHILE:
        return mir_has_exits(s->body, false);
    case MS_PROFILE:   /* only runs its body: a tail stays a tail */
        return mir_has_exits(s->body, tail);
    default:
        return false;
    }
}

/* ------------------------------------------------------- MIR builders */

static VarId new_flag(Exits *x, const char *prefix)
{
    MirProgram *p = x->p;
    return mir_new_var(p, mir_fresh_name(p, prefix), MV_INTERNAL, TY(INT),
                       AD_DATA);
}

static MirStmt *decl(Exits *x, VarId v)
{
    MirStmt *s = mir_new_stmt(x->p->arena, MS_DECL, no_span);
    s->var = v;
    return s;
}

static MirStmt *assign(Exits *x, VarId v, MirExpr *rhs)
{
    MirStmt *s = mir_new_stmt(x->p->arena, MS_ASSIGN, rhs->span);
    s->lhs.var = v;
    s->lhs.type = x->p->vars[v].sized.type;
    s->rhs = rhs;
    return s;
}

static MirStmt *set_flag(Exits *x, VarId v, int value)
{
    return assign(x, v, mir_int(x->p->arena, value));
}

static MirStmt *block(Exits *x, MirStmtKind kind, MirStmt **stmts, int n)
{
    Arena *a = x->p->arena;
    MirStmt **copy = arena_alloc(a, sizeof *copy * (size_t)(n ? n : 1));
    if (n > 0)   /* stmts may be NULL then: memcpy's is undefined */
        memcpy(copy, stmts, sizeof *copy * (size_t)n);
    return mir_block(a, kind, n, copy);
}

/* flags[0] || flags[1] || ... as an int expression */
static MirExpr *any_of(Exits *x, const VarId *flags, int n)
{
    MirExpr *e = mir_var(x->p, flags[0]);
    for (int i = 1; i < n; i++) {
        MirExpr *o = mir_new_expr(x->p->arena, MX_OR, TY(INT),
                                  no_span);
        o->args = arena_alloc(x->p->arena, sizeof(MirExpr *) * 2);
        o->args[0] = e;
        o->args[1] = mir_var(x->p, flags[i]);
        o->nargs = 2;
        e = o;
    }
    return e;
}

/* if (flags) {} else { body } */
static MirStmt *unless(Exits *x, const VarId *flags, int n, MirStmt *body)
{
    MirStmt *s = mir_new_stmt(x->p->arena, MS_IF, body->span);
    s->cond = any_of(x, flags, n);
    s->body = block(x, MS_BLOCK, NULL, 0);
    s->else_body = body;
    return s;
}

/* The flags that running s may set. */
static int flags_of(const Exits *x, const MirStmt *s, VarId *out)
{
    int n = 0;
    if (x->ret >= 0 && mir_has_return(s))
        out[n++] = x->ret;
    if (x->brk >= 0 && has_jump(s, MS_BREAK))
        out[n++] = x->brk;
    if (x->cont >= 0 && has_jump(s, MS_CONTINUE))
        out[n++] = x->cont;
    return n;
}

/* ------------------------------------------------------------ rewrite */

static MirStmt *rewrite(Exits *x, const MirStmt *s);

static MirStmt *rewrite_list(Exits *x, MirStmtKind kind, MirStmt *const *in,
                             int n)
{
    MirStmt *out[2 * n + 1];
    int k = 0;
    for (int i = 0; i < n; i++) {
        MirStmt *r = rewrite(x, in[i]);
        if (in[i]->kind == MS_RETURN && r->kind == MS_BLOCK) {
            for (int j = 0; j < r->nstmts; j++)   /* already in a list */
                out[k++] = r->stmts[j];
        } else {
            out[k++] = r;
        }
        VarId flags[3];
        int nf = flags_of(x, in[i], flags);
        if (nf > 0 && i + 1 < n) {
            MirStmt *rest = rewrite_list(x, MS_BLOCK, in + i + 1, n - i - 1);
            out[k++] = unless(x, flags, nf, rest);
            break;
        }
    }
    return block(x, kind, out, k);
}

static MirStmt *rewrite_loop(Exits *x, const MirStmt *s)
{
    Exits inner = *x;
    inner.brk = has_jump(s->body, MS_BREAK) ? new_flag(x, "brk") : -1;
    inner.cont = has_jump(s->body, MS_CONTINUE) ? new_flag(x, "cont") : -1;
    MirStmt *loop = mir_new_stmt(x->p->arena, s->kind, s->span);
    *loop = *s;
    /* the body: clear continue's flag, then run unless break or return
     * happened in an earlier iteration */
    VarId stop[2];
    int nstop = 0;
    if (inner.brk >= 0)
        stop[nstop++] = inner.brk;
    if (x->ret >= 0 && mir_has_return(s->body))
        stop[nstop++] = x->ret;
    MirStmt *body = rewrite(&inner, s->body);
    MirStmt *parts[2];
    int np = 0;
    if (inner.cont >= 0)
        parts[np++] = set_flag(x, inner.cont, 0);
    parts[np++] = nstop ? unless(x, stop, nstop, body) : body;
    loop->body = block(x, MS_BLOCK, parts, np);
    if (s->kind == MS_WHILE && nstop) {
        /* while (!(stop) && cond): a loop that ends by break ends */
        MirExpr *no = mir_new_expr(x->p->arena, MX_CALL, TY(INT),
                                   no_span);
        no->fn_kind = FNK_STANLIB;
        no->fn = "logical_negation";
        no->args = arena_alloc(x->p->arena, sizeof(MirExpr *));
        no->args[0] = any_of(x, stop, nstop);
        no->nargs = 1;
        MirExpr *c = mir_new_expr(x->p->arena, MX_AND, TY(INT),
                                  no_span);
        c->args = arena_alloc(x->p->arena, sizeof(MirExpr *) * 2);
        c->args[0] = no;
        c->args[1] = s->cond;
        c->nargs = 2;
        loop->cond = c;
    }
    if (inner.brk < 0 && inner.cont < 0)
        return loop;
    MirStmt *outer[4];
    int no = 0;
    if (inner.brk >= 0) {
        outer[no++] = decl(x, inner.brk);
        outer[no++] = set_flag(x, inner.brk, 0);
    }
    if (inner.cont >= 0)
        outer[no++] = decl(x, inner.cont);   /* set before every read */
    outer[no++] = loop;
    return block(x, MS_BLOCK, outer, no);
}

static MirStmt *rewrite_node(Exits *x, const MirStmt *s)
{
    if (!s)
        return NULL;
    switch (s->kind) {
    case MS_RETURN: {
        if (x->ret < 0)
            return (MirStmt *)s;    /* only tail returns: they stay */
        MirStmt *parts[2];
        int n = 0;
        if (s->rhs && x->retval >= 0)
            parts[n++] = assign(x, x->retval, s->rhs);
        parts[n++] = set_flag(x, x->ret, 1);
        /* a block, not a list: in `if (c) return e;` both statements are
         * the branch */
        return n == 1 ? parts[0] : block(x, MS_BLOCK, parts, n);
    }
    case MS_BREAK:
        return set_flag(x, x->brk, 1);
    case MS_CONTINUE:
        return set_flag(x, x->cont, 1);
    case MS_BLOCK:
    case MS_SLIST:
        return rewrite_list(x, s->kind, s->stmts, s->nstmts);
    case MS_IF: {
        MirStmt *c = mir_new_stmt(x->p->arena, MS_IF, s->span);
        *c = *s;
        c->body = rewrite(x, s->body);
        c->else_body = rewrite(x, s->else_body);
        return c;
    }
    case MS_PROFILE: {
        MirStmt *c = mir_new_stmt(x->p->arena, MS_PROFILE, s->span);
        *c = *s;
        c->body = rewrite(x, s->body);
        return c;
    }
    case MS_FOR:
    case MS_WHILE:
        return rewrite_loop(x, s);
    default:
        return (MirStmt *)s;
    }
}

bool mir_keeps_exits(const MirFun *f)
{
    TypeKind k = f->ret->kind;
    bool container = k == TY_ARRAY || k == TY_VECTOR || k == TY_ROW_VECTOR
        || k == TY_MATRIX || k == TY_COMPLEX_VECTOR
        || k == TY_COMPLEX_ROW_VECTOR || k == TY_COMPLEX_MATRIX
        || k == TY_TUPLE;
    return container && f->body && early_return(f->body, true);
}

/* A function's body with its exits as flags, or NULL when they stay. */
/* The rewrite of s; the program's model_block follows its statement. */
static MirStmt *rewrite(Exits *x, const MirStmt *s)
{
    MirStmt *r = rewrite_node(x, s);
    if (s && s == x->p->model_block)
        x->p->model_block = r;
    return r;
}

/* Whether every path through s ends in a return or a rejection, loops
 * aside (a loop may run no iteration). */
static bool surely_returns(const MirStmt *s)
{
    if (!s)
        return false;
    switch (s->kind) {
    case MS_RETURN:
        return true;
    case MS_CALL:
        return s->call->kind == MX_CALL && s->call->fn_kind == FNK_INTERNAL
            && (s->call->internal == FN_REJECT
                || s->call->internal == FN_FATAL_ERROR);
    case MS_IF:
        return surely_returns(s->body) && surely_returns(s->else_body);
    case MS_BLOCK:
    case MS_SLIST:
    case MS_PROFILE:
        if (s->kind == MS_PROFILE)
            return surely_returns(s->body);
        for (int i = 0; i < s->nstmts; i++)
            if (surely_returns(s->stmts[i]))
                return true;
        return false;
    default:
        return false;
    }
}

static MirStmt *function_exits(MirProgram *p, const MirFun *f)
{
    Exits x = {p, -1, -1, -1, -1};
    const MirStmt *body = f->body;
    if (mir_keeps_exits(f))
        return NULL;
    if (!early_return(body, true))
        return rewrite(&x, body);
    MirStmt *parts[6];
    int n = 0;
    x.ret = new_flag(&x, "ret");
    parts[n++] = decl(&x, x.ret);
    parts[n++] = set_flag(&x, x.ret, 0);
    if (f->ret->kind != TY_VOID) {
        x.retval = mir_new_var(p, mir_fresh_name(p, "retval"), MV_INTERNAL,
                               f->ret, f->ret->kind == TY_INT ? AD_DATA
                                                              : AD_AUTODIFF);
        parts[n++] = decl(&x, x.retval);
    }
    parts[n++] = rewrite(&x, body);
    if (x.retval >= 0 && !surely_returns(body)) {
        /* a path that ends without a return (through a loop that ran no
         * iteration: stanc3 takes a loop's return for the loop's) is an
         * error, as at the end of a function the flags did not touch */
        MirExpr **why = arena_alloc(p->arena, sizeof *why);
        why[0] = mir_str(p->arena, arena_printf(
            p->arena, "%s: the end of the function was reached without a "
            "return", f->name));
        MirStmt *c = mir_new_stmt(p->arena, MS_CALL, body->span);
        c->call = mir_call_internal(p->arena, FN_REJECT, TY(VOID), 1, why);
        parts[n++] = unless(&x, &x.ret, 1, block(&x, MS_BLOCK, &c, 1));
    }
    if (x.retval >= 0) {
        MirStmt *r = mir_new_stmt(p->arena, MS_RETURN, body->span);
        r->rhs = mir_var(p, x.retval);
        parts[n++] = r;
    }
    return block(&x, MS_BLOCK, parts, n);
}

void mir_structure_exits(MirProgram *p)
{
    for (int i = 0; i < p->nfuns; i++) {
        MirFun *f = &p->funs[i];
        if (!f->body || !mir_has_exits(f->body, true))
            continue;
        MirStmt *body = function_exits(p, f);
        if (body)
            f->body = body;
    }
    if (p->log_prob && mir_has_exits(p->log_prob, false)) {
        /* the log density keeps its scopes: no return there */
        Exits x = {p, -1, -1, -1, -1};
        p->log_prob = rewrite(&x, p->log_prob);
    }
}
