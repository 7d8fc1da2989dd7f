/* fold.c - constant evaluation on typed literal values, and what the
 * expression passes need to know about an expression's effects (fold.h). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "fold.h"

bool fold_is_scalar(const Type *t)
{
    return t && (t->kind == TY_INT || t->kind == TY_REAL);
}

static bool is_op(const MirExpr *e, Op op, int nargs)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB && e->op == op
        && e->nargs == nargs;
}

bool fold_value(const MirExpr *e, FoldValue *v)
{
    if (!e)
        return false;
    if (e->kind == MX_INT) {
        *v = (FoldValue){.is_int = true, .i = e->ival, .r = (double)e->ival};
        return true;
    }
    if (e->kind == MX_REAL) {
        *v = (FoldValue){.is_int = false, .r = e->rval};
        return true;
    }
    if (is_op(e, OP_NEG, 1) && e->prefix && fold_is_scalar(e->type)
        && (e->args[0]->kind == MX_INT || e->args[0]->kind == MX_REAL)) {
        FoldValue x;
        fold_value(e->args[0], &x);
        if (x.is_int && x.i == INT_MIN)
            return false;
        *v = (FoldValue){.is_int = x.is_int, .i = -x.i, .r = -x.r};
        return true;
    }
    return false;
}

/* minus(x) as the lowering builds a prefix minus. */
static MirExpr *negate(Arena *a, MirExpr *x)
{
    MirExpr *m = mir_new_expr(a, MX_CALL, x->type, x->span);
    m->fn_kind = FNK_STANLIB;
    m->fn = "minus";
    m->op = OP_NEG;
    m->prefix = true;
    m->args = arena_alloc(a, sizeof(MirExpr *));
    m->args[0] = x;
    m->nargs = 1;
    m->ad = AD_DATA;
    return m;
}

MirExpr *fold_literal(Arena *a, FoldValue v, const Type *type)
{
    if (!type)
        return NULL;
    if (type->kind == TY_INT) {
        if (!v.is_int || v.i < INT_MIN || v.i > INT_MAX || v.i == INT_MIN)
            return NULL;
        if (v.i < 0)
            return negate(a, mir_int(a, (int)-v.i));
        return mir_int(a, (int)v.i);
    }
    if (type->kind == TY_REAL) {
        double r = v.is_int ? (double)v.i : v.r;
        if (!isfinite(r))
            return NULL;
        /* -0.0 too is minus(0.0): the sign of zero is kept */
        if (signbit(r))
            return negate(a, mir_real(a, -r));
        return mir_real(a, r);
    }
    return NULL;
}

/* An int operation as the runtime's rt_int.h computes it; false where it
 * rejects (overflow, division by zero). */
static bool int_op(Op op, long long x, long long y, long long *out)
{
    if (x < INT_MIN || x > INT_MAX || y < INT_MIN || y > INT_MAX)
        return false;
    int a = (int)x, b = (int)y, r;
    switch (op) {
    case OP_ADD:
        if (__builtin_add_overflow(a, b, &r))
            return false;
        break;
    case OP_SUB:
        if (__builtin_sub_overflow(a, b, &r))
            return false;
        break;
    case OP_MUL:
        if (__builtin_mul_overflow(a, b, &r))
            return false;
        break;
    case OP_DIV:
    case OP_IDIV:
        if (b == 0 || (a == INT_MIN && b == -1))
            return false;
        r = a / b;
        break;
    case OP_MOD:
        if (b == 0)
            return false;
        r = b == -1 ? 0 : a % b;
        break;
    default:
        return false;
    }
    *out = r;
    return true;
}

static bool real_op(Op op, double x, double y, double *out)
{
    switch (op) {
    case OP_ADD: *out = x + y; break;
    case OP_SUB: *out = x - y; break;
    case OP_MUL: *out = x * y; break;
    case OP_DIV: *out = x / y; break;
    default: return false;
    }
    return isfinite(*out);
}

static bool compare(Op op, FoldValue x, FoldValue y, long long *out)
{
    bool both_int = x.is_int && y.is_int;
    double a = x.is_int ? (double)x.i : x.r, b = y.is_int ? (double)y.i : y.r;
    int c;
    switch (op) {
    case OP_EQ: c = both_int ? x.i == y.i : a == b; break;
    case OP_NEQ: c = both_int ? x.i != y.i : a != b; break;
    case OP_LT: c = both_int ? x.i < y.i : a < b; break;
    case OP_LEQ: c = both_int ? x.i <= y.i : a <= b; break;
    case OP_GT: c = both_int ? x.i > y.i : a > b; break;
    case OP_GEQ: c = both_int ? x.i >= y.i : a >= b; break;
    default: return false;
    }
    *out = c;
    return true;
}

static bool truth(FoldValue v)
{
    return v.is_int ? v.i != 0 : v.r != 0;
}

static MirExpr *int_result(Arena *a, long long v)
{
    return fold_literal(a, (FoldValue){.is_int = true, .i = v}, TY(INT));
}

/* An operator call on constants. */
static MirExpr *fold_operator(Arena *a, MirExpr *e)
{
    FoldValue x, y;
    for (int i = 0; i < e->nargs; i++)
        if (!fold_is_scalar(e->args[i]->type))
            return NULL;
    if (e->nargs == 1 && e->prefix) {
        if (!fold_value(e->args[0], &x))
            return NULL;
        switch (e->op) {
        case OP_PLUS:
            return e->args[0];
        case OP_NOT:
            return int_result(a, !truth(x));
        case OP_NEG:
            /* minus(literal) is the constant itself; minus(minus(c)) folds */
            if (e->args[0]->kind == MX_INT || e->args[0]->kind == MX_REAL)
                return NULL;
            if (x.is_int && x.i == INT_MIN)
                return NULL;
            return fold_literal(a, (FoldValue){.is_int = x.is_int,
                                               .i = -x.i, .r = -x.r},
                                e->type);
        default:
            return NULL;
        }
    }
    if (e->nargs != 2 || !fold_value(e->args[0], &x)
        || !fold_value(e->args[1], &y))
        return NULL;
    long long c;
    if (compare(e->op, x, y, &c))
        return int_result(a, c);
    if (e->type->kind == TY_INT) {
        if (!x.is_int || !y.is_int || !int_op(e->op, x.i, y.i, &c))
            return NULL;
        return int_result(a, c);
    }
    if (e->type->kind == TY_REAL) {
        double r;
        if (e->op == OP_IDIV || e->op == OP_MOD
            || !real_op(e->op, x.is_int ? (double)x.i : x.r,
                        y.is_int ? (double)y.i : y.r, &r))
            return NULL;
        return fold_literal(a, (FoldValue){.r = r}, e->type);
    }
    return NULL;
}

/* The value of arm (of type arm->type) as type t. */
static MirExpr *as_type(Arena *a, MirExpr *arm, const Type *t)
{
    if (ty_equal(arm->type, t))
        return arm;
    FoldValue v;
    if (fold_value(arm, &v))
        return fold_literal(a, v, t);
    if (ty_promotion_cost(arm->type, t) < 0)
        return NULL;
    MirExpr *m = mir_new_expr(a, MX_PROMOTE, t, arm->span);
    m->args = arena_alloc(a, sizeof(MirExpr *));
    m->args[0] = arm;
    m->nargs = 1;
    m->ad = arm->ad;
    return m;
}

MirExpr *fold_expr(Arena *a, MirExpr *e)
{
    FoldValue x, y;
    switch (e->kind) {
    case MX_CALL:
        if (e->fn_kind != FNK_STANLIB || e->op == OP_NONE)
            return NULL;
        return fold_operator(a, e);
    case MX_TERNARY:
        if (!fold_is_scalar(e->args[0]->type) || !fold_value(e->args[0], &x))
            return NULL;
        return as_type(a, truth(x) ? e->args[1] : e->args[2], e->type);
    case MX_AND:
    case MX_OR: {
        if (!fold_value(e->args[0], &x))
            return NULL;
        bool decides = e->kind == MX_AND ? !truth(x) : truth(x);
        if (decides)   /* the right operand is not evaluated at all */
            return int_result(a, e->kind == MX_OR);
        if (!fold_value(e->args[1], &y))
            return NULL;
        return int_result(a, truth(y));
    }
    case MX_PROMOTE:
        if (!fold_value(e->args[0], &x))
            return NULL;
        return fold_literal(a, x, e->type);
    default:
        return NULL;
    }
}

/* ------------------------------------------------------------- effects */

/* Library functions that never reject on scalar real arguments (Stan Math
 * returns NaN or inf outside their domain; runtime: rt_scalar_domain has no
 * case for them). */
static const char *const never_fail[] = {
    "exp", "log", "sqrt", "square", "inv", "inv_sqrt", "inv_square",
    "expm1", "inv_logit", "log_inv_logit", "log1m_inv_logit", "log1p_exp",
    "log1m_exp", "tanh", "sinh", "cosh", "sin", "cos", "tan", "atan",
    "fabs", "erf", "erfc", "cbrt", "exp2", "log2", "log10", "Phi_approx",
    "inv_cloglog", "fmin", "fmax", "pow", "log_sum_exp", "fma", NULL
};

static bool in_list(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

static bool call_may_fail(const MirExpr *e)
{
    if (e->effect != EFF_PURE || e->fn_kind != FNK_STANLIB)
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (!fold_is_scalar(e->args[i]->type))
            return true;  /* shapes may not match */
    if (e->op != OP_NONE) {
        switch (e->op) {
        case OP_EQ: case OP_NEQ: case OP_LT: case OP_LEQ: case OP_GT:
        case OP_GEQ: case OP_NOT: case OP_PLUS:
            return false;
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_NEG:
        case OP_POW:
            /* int arithmetic rejects on overflow and division by zero */
            return e->type->kind != TY_REAL;
        default:
            return true;
        }
    }
    return !(e->type->kind == TY_REAL && in_list(never_fail, e->fn));
}

bool fold_may_fail(const MirExpr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case MX_INT:
    case MX_REAL:
    case MX_IMAG:
    case MX_STR:
    case MX_VAR:
        return false;
    case MX_CALL:
        if (call_may_fail(e))
            return true;
        break;
    case MX_INDEXED:      /* an index out of range rejects */
    case MX_TUPLE_PROJ:
        return true;
    case MX_PROMOTE:
        /* to real or complex: a conversion that cannot fail */
        break;
    case MX_TERNARY:
    case MX_AND:
    case MX_OR:
        break;
    case MX__COUNT:
        return true;
    }
    for (int i = 0; i < e->nargs; i++)
        if (fold_may_fail(e->args[i]))
            return true;
    return false;
}

typedef struct Reads {
    const bool *in;
    VarId var;
    bool found;
} Reads;

static bool reads_expr(MirExpr *e, void *ctx)
{
    Reads *r = ctx;
    if (r->found)
        return false;
    if (e->kind == MX_VAR && e->var >= 0
        && (r->in ? r->in[e->var] : e->var == r->var))
        r->found = true;
    return !r->found;
}

bool fold_reads(const MirExpr *e, VarId v)
{
    Reads r = {.var = v};
    MirVisitor vis = {.expr = reads_expr, .ctx = &r};
    mir_visit_expr((MirExpr *)e, &vis);
    return r.found;
}

bool fold_reads_any(const MirExpr *e, const bool *in)
{
    Reads r = {.in = in, .var = -1};
    MirVisitor vis = {.expr = reads_expr, .ctx = &r};
    mir_visit_expr((MirExpr *)e, &vis);
    return r.found;
}
