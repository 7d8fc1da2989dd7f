/* mir.c - MIR constructors and the variable table. */
#include "mir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const expr_names[] = {
#define MEXPR(k, s) [k] = s,
#include "mir.def"
#undef MEXPR
};

static const char *const stmt_names[] = {
#define MSTMT(k, s) [k] = s,
#include "mir.def"
#undef MSTMT
};

const char *mir_expr_kind_name(MirExprKind k)
{
    return expr_names[k];
}

const char *mir_stmt_kind_name(MirStmtKind k)
{
    return stmt_names[k];
}

VarId mir_new_var(MirProgram *p, const char *name, MirVarKind kind,
                  const Type *type, AdLevel ad)
{
    if (p->nvars == p->capvars) {
        int cap = p->capvars ? p->capvars * 2 : 64;
        MirVar *v = arena_alloc(p->arena, sizeof(MirVar) * (size_t)cap);
        if (p->nvars)
            memcpy(v, p->vars, sizeof(MirVar) * (size_t)p->nvars);
        p->vars = v;
        p->capvars = cap;
    }
    MirVar *v = &p->vars[p->nvars];
    memset(v, 0, sizeof *v);
    v->name = name;
    v->kind = kind;
    v->sized.type = type;
    v->ad = ad;
    return p->nvars++;
}

const char *mir_fresh_name(MirProgram *p, const char *prefix)
{
    return arena_printf(p->arena, "%s%d__", prefix, ++p->fresh);
}

MirExpr *mir_new_expr(Arena *a, MirExprKind k, const Type *type, Span span)
{
    MirExpr *e = NEW(a, MirExpr);
    e->kind = k;
    e->type = type;
    e->span = span;
    e->var = -1;
    return e;
}

MirStmt *mir_new_stmt(Arena *a, MirStmtKind k, Span span)
{
    MirStmt *s = NEW(a, MirStmt);
    s->kind = k;
    s->span = span;
    s->var = -1;
    s->lhs.var = -1;
    return s;
}

static const Span no_span;

MirExpr *mir_int(Arena *a, int v)
{
    MirExpr *e = mir_new_expr(a, MX_INT, TY(INT), no_span);
    e->text = arena_printf(a, "%d", v);
    e->ival = v;
    return e;
}

MirExpr *mir_real(Arena *a, double v)
{
    MirExpr *e = mir_new_expr(a, MX_REAL, TY(REAL), no_span);
    char buf[64];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    /* a real literal needs a '.' or an exponent to read back as real */
    if (isfinite(v) && !strpbrk(buf, ".e"))
        e->text = arena_printf(a, "%s.0", buf);
    else
        e->text = arena_strdup(a, buf);
    e->rval = v;
    return e;
}

void mir_literal_value(MirExpr *e)
{
    if (!e->text)
        return;
    switch (e->kind) {
    case MX_INT:
        e->ival = strtoll(e->text, NULL, 10);
        break;
    case MX_REAL:
    case MX_IMAG:
        /* the C library reads Stan's forms: 1., .5, 1e3, 1.5E-2 */
        e->rval = strtod(e->text, NULL);
        break;
    default:
        break;
    }
}

MirExpr *mir_str(Arena *a, const char *content)
{
    MirExpr *e = mir_new_expr(a, MX_STR, TY(STRING), no_span);
    e->text = content;
    return e;
}

MirExpr *mir_var(const MirProgram *p, VarId v)
{
    const MirVar *var = &p->vars[v];
    MirExpr *e = mir_new_expr(p->arena, MX_VAR, var->sized.type, var->span);
    e->var = v;
    e->ad = ty_base(var->sized.type)->kind == TY_INT ? AD_DATA : var->ad;
    e->mem = var->mem;
    return e;
}

MirExpr *mir_call_internal(Arena *a, MirInternal fn, const Type *type,
                           int nargs, MirExpr **args)
{
    MirExpr *e = mir_new_expr(a, MX_CALL, type, no_span);
    e->fn_kind = FNK_INTERNAL;
    e->internal = fn;
    e->fn = mir_internal_name(fn);
    e->effect = mir_internal_effect(fn);
    e->args = args;
    e->nargs = nargs;
    e->ad = AD_DATA;
    for (int i = 0; i < nargs; i++)
        if (args[i]->ad == AD_AUTODIFF)
            e->ad = AD_AUTODIFF;
    return e;
}

MirStmt *mir_block(Arena *a, MirStmtKind k, int n, MirStmt **stmts)
{
    MirStmt *s = mir_new_stmt(a, k, no_span);
    s->stmts = stmts;
    s->nstmts = n;
    return s;
}
