/* vectorize_range.c - linear forms of int expressions for the
 * vectorize-loops pass (vectorize.h): a loop's bounds, an index n + c,
 * the slice bounds lo + c and hi + c, declared sizes and the data's
 * declared bounds, so that the pass can prove a slice inside its
 * container, or equal to the whole of it, without running anything. */
#include <limits.h>
#include <string.h>

#include "fold.h"
#include "vectorize.h"

static bool fits(long long v)
{
    return v >= INT_MIN && v <= INT_MAX;
}

static bool add_term(VecLin *l, const MirExpr *atom, long long coef)
{
    for (int i = 0; i < l->n; i++)
        if (mir_expr_equal(l->atom[i], atom)) {
            l->coef[i] += coef;
            if (!fits(l->coef[i]))
                return false;
            if (l->coef[i] == 0) {
                memmove(&l->atom[i], &l->atom[i + 1],
                        sizeof l->atom[0] * (size_t)(l->n - i - 1));
                memmove(&l->coef[i], &l->coef[i + 1],
                        sizeof l->coef[0] * (size_t)(l->n - i - 1));
                l->n--;
            }
            return true;
        }
    if (coef == 0)
        return true;
    if (l->n == VEC_LIN_MAX)
        return false;
    l->atom[l->n] = atom;
    l->coef[l->n++] = coef;
    return true;
}

bool vec_lin_add(VecLin *x, const VecLin *y, long long scale)
{
    long long k = x->k + scale * y->k;
    if (!fits(scale) || !fits(k))
        return false;
    x->k = k;
    for (int i = 0; i < y->n; i++)
        if (!fits(scale * y->coef[i]) || !add_term(x, y->atom[i],
                                                   scale * y->coef[i]))
            return false;
    return true;
}

static bool is_int_var(const MirExpr *e)
{
    return e->kind == MX_VAR && e->var >= 0 && e->type->kind == TY_INT;
}

/* x when e is size(x), num_elements(x), rows(x) of a vector or cols(x)
 * of a row vector, x a variable of one dimension; else -1. */
static VarId size_of(const MirProgram *p, const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || e->nargs != 1
        || e->args[0]->kind != MX_VAR || e->args[0]->var < 0)
        return -1;
    const Type *t = e->args[0]->type;
    bool one_dim = (t->kind == TY_ARRAY && t->dims == 1)
        || t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR;
    if (!one_dim)
        return -1;
    bool ok = strcmp(e->fn, "size") == 0
        || strcmp(e->fn, "num_elements") == 0
        || (strcmp(e->fn, "rows") == 0 && t->kind == TY_VECTOR)
        || (strcmp(e->fn, "cols") == 0 && t->kind == TY_ROW_VECTOR);
    (void)p;
    return ok ? e->args[0]->var : -1;
}

bool vec_lin(const MirProgram *p, const MirExpr *e, VecLin *out)
{
    memset(out, 0, sizeof *out);
    if (!e || e->type->kind != TY_INT)
        return false;
    if (e->kind == MX_INT) {
        out->k = e->ival;
        return fits(e->ival);
    }
    if (is_int_var(e))
        return add_term(out, e, 1);
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    VarId x = size_of(p, e);
    if (x >= 0) {
        if (vec_lin_size(p, x, out))
            return true;
        memset(out, 0, sizeof *out);
        return add_term(out, e, 1);
    }
    VecLin a, b;
    if (e->op == OP_NEG && e->prefix && e->nargs == 1)
        return vec_lin(p, e->args[0], &a) && vec_lin_add(out, &a, -1);
    if (e->prefix || e->nargs != 2 || !vec_lin(p, e->args[0], &a)
        || !vec_lin(p, e->args[1], &b))
        return false;
    long long k;
    switch (e->op) {
    case OP_ADD:
        return vec_lin_add(out, &a, 1) && vec_lin_add(out, &b, 1);
    case OP_SUB:
        return vec_lin_add(out, &a, 1) && vec_lin_add(out, &b, -1);
    case OP_MUL:
        if (vec_lin_const(&a, &k))
            return vec_lin_add(out, &b, k);
        if (vec_lin_const(&b, &k))
            return vec_lin_add(out, &a, k);
        return false;
    default:
        return false;
    }
}

bool vec_lin_reads(const VecLin *l, VarId v)
{
    for (int i = 0; i < l->n; i++)
        if (fold_reads(l->atom[i], v))
            return true;
    return false;
}

VecLin vec_lin_without(const VecLin *l, VarId v, long long *coef)
{
    VecLin out = *l;
    *coef = 0;
    for (int i = 0; i < out.n; i++)
        if (out.atom[i]->kind == MX_VAR && out.atom[i]->var == v) {
            *coef = out.coef[i];
            memmove(&out.atom[i], &out.atom[i + 1],
                    sizeof out.atom[0] * (size_t)(out.n - i - 1));
            memmove(&out.coef[i], &out.coef[i + 1],
                    sizeof out.coef[0] * (size_t)(out.n - i - 1));
            out.n--;
            break;
        }
    return out;
}

bool vec_lin_const(const VecLin *l, long long *k)
{
    *k = l->k;
    return l->n == 0;
}

typedef struct Fixed {
    const MirProgram *p;
    bool ok;
} Fixed;

static bool fixed_expr(MirExpr *e, void *ctx)
{
    Fixed *f = ctx;
    if (e->kind == MX_VAR) {
        MirVarKind k = e->var >= 0 ? f->p->vars[e->var].kind : MV_LOCAL;
        if (k != MV_DATA && k != MV_TDATA)
            f->ok = false;
    }
    return f->ok;
}

bool vec_lin_fixed(const MirProgram *p, const VecLin *l)
{
    Fixed f = {p, true};
    MirVisitor v = {.expr = fixed_expr, .ctx = &f};
    for (int i = 0; i < l->n && f.ok; i++)
        mir_visit_expr((MirExpr *)l->atom[i], &v);
    return f.ok;
}

/* The literal lower (side 0) or upper (side 1) bound declared for the int
 * data variable of atom e. */
static bool atom_bound(const MirProgram *p, const MirExpr *e, int side,
                       long long *out)
{
    if (!is_int_var(e))
        return false;
    const MirVar *v = &p->vars[e->var];
    if (v->kind != MV_DATA && v->kind != MV_TDATA)
        return false;
    const MirSized *z = &v->sized;
    bool has = side == 0 ? z->tr == TR_LOWER || z->tr == TR_LOWER_UPPER
                         : z->tr == TR_UPPER || z->tr == TR_LOWER_UPPER;
    const MirExpr *b = side == 0 ? z->tr_a : z->tr_b;   /* as parsed */
    VecLin l;
    return has && b && vec_lin(p, b, &l) && vec_lin_const(&l, out);
}

static bool extreme(const MirProgram *p, const VecLin *l, int want_max,
                    long long *out)
{
    long long v = l->k;
    for (int i = 0; i < l->n; i++) {
        /* the side of the atom's range that gives l's extreme */
        int side = (l->coef[i] > 0) == (want_max != 0) ? 1 : 0;
        long long b;
        if (!atom_bound(p, l->atom[i], side, &b))
            return false;
        v += l->coef[i] * b;
        if (!fits(v))
            return false;
    }
    *out = v;
    return true;
}

bool vec_lin_min(const MirProgram *p, const VecLin *l, long long *min)
{
    return extreme(p, l, 0, min);
}

bool vec_lin_max(const MirProgram *p, const VecLin *l, long long *max)
{
    return extreme(p, l, 1, max);
}

bool vec_lin_size(const MirProgram *p, VarId x, VecLin *out)
{
    const MirSized *z = &p->vars[x].sized;
    if (!z->type)
        return false;
    const MirExpr *size = NULL;
    TypeKind k = z->type->kind;
    if (k == TY_ARRAY && z->type->dims == 1 && z->ndims == 1
        && (z->type->elem->kind == TY_REAL || z->type->elem->kind == TY_INT))
        size = z->dims[0];
    else if ((k == TY_VECTOR || k == TY_ROW_VECTOR) && z->nsizes == 1)
        size = z->size[0];
    return size && vec_lin(p, size, out) && vec_lin_fixed(p, out);
}

bool vec_int_bounds(const MirProgram *p, VarId g, VecLin *lower,
                    VecLin *upper)
{
    const MirVar *v = &p->vars[g];
    const MirSized *z = &v->sized;
    if ((v->kind != MV_DATA && v->kind != MV_TDATA) || !z->type
        || z->type->kind != TY_ARRAY || z->type->dims != 1
        || z->type->elem->kind != TY_INT || z->tr != TR_LOWER_UPPER)
        return false;
    return vec_lin(p, z->tr_a, lower) && vec_lin_fixed(p, lower)
        && vec_lin(p, z->tr_b, upper) && vec_lin_fixed(p, upper);
}

static MirExpr *int_op(MirProgram *p, Op op, bool prefix, MirExpr *x,
                       MirExpr *y)
{
    MirExpr *e = mir_new_expr(p->arena, MX_CALL, TY(INT), x->span);
    e->fn_kind = FNK_STANLIB;
    e->fn = ast_op_name(op, prefix);
    e->op = op;
    e->prefix = prefix;
    e->args = arena_alloc(p->arena, sizeof(MirExpr *) * 2);
    e->args[0] = x;
    e->args[1] = y;
    e->nargs = y ? 2 : 1;
    e->ad = AD_DATA;
    return e;
}

MirExpr *vec_lin_expr(MirProgram *p, const VecLin *l)
{
    Arena *a = p->arena;
    MirExpr *e = NULL;
    for (int i = 0; i < l->n; i++) {
        long long c = l->coef[i] < 0 ? -l->coef[i] : l->coef[i];
        MirExpr *t = mir_clone_expr(a, l->atom[i]);
        if (c != 1)
            t = int_op(p, OP_MUL, false, mir_int(a, (int)c), t);
        if (!e)
            e = l->coef[i] < 0 ? int_op(p, OP_NEG, true, t, NULL) : t;
        else
            e = int_op(p, l->coef[i] < 0 ? OP_SUB : OP_ADD, false, e, t);
    }
    long long k = l->k;
    if (!e) {
        FoldValue v = {.is_int = true, .i = k};
        return fold_literal(a, v, TY(INT));
    }
    if (k != 0)
        e = int_op(p, k < 0 ? OP_SUB : OP_ADD, false, e,
                   mir_int(a, (int)(k < 0 ? -k : k)));
    return e;
}
