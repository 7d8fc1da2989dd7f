/* emit_transform.c - the built-in transforms called as Stan functions
 * (Stan Functions Reference 2.37, "Variable Transformation Functions").
 *
 * The scalar ones (lower_bound, upper_bound, lower_upper_bound,
 * offset_multiplier with the suffixes _constrain, _unconstrain and
 * _jacobian) elementwise over scalars and containers (scalars broadcast),
 * through rt_tf_* of runtime/rt_transform_fns.h.  A _jacobian call in the
 * log density adds the transform's log Jacobian to it when the density
 * asks for the Jacobian, exactly as `jacobian +=` does, and its reverse
 * step adds that term's partials (with the adjoint of target, 1).
 *
 * The vector and matrix ones (ordered, positive_ordered, simplex,
 * sum_to_zero of a vector or a matrix, unit_vector, cholesky_factor_corr,
 * cholesky_factor_cov, corr_matrix, cov_matrix, stochastic_column,
 * stochastic_row), of one value or an array of them, through rt_st_*:
 * the samplers' own transforms of declared parameters (pplrt.h), with
 * the derivatives of all three directions. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static const struct {
    const char *family, *kind;
    int nargs;
} families[] = {
    {"lower_bound", "RT_TF_LOWER", 2},
    {"upper_bound", "RT_TF_UPPER", 2},
    {"lower_upper_bound", "RT_TF_LOWER_UPPER", 3},
    {"offset_multiplier", "RT_TF_OFFSET_MULTIPLIER", 3},
};

enum { TF_CONSTRAIN, TF_UNCONSTRAIN, TF_JACOBIAN };

/* The family (index into families) and suffix of a call, or -1. */
static int transform_call(const MirExpr *e, int *suffix)
{
    static const char *const suffixes[] = {"_constrain", "_unconstrain",
                                           "_jacobian"};
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return -1;
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        size_t n = strlen(families[i].family);
        if (strncmp(e->fn, families[i].family, n) != 0
            || e->nargs != families[i].nargs)
            continue;
        for (int s = 0; s < 3; s++)
            if (strcmp(e->fn + n, suffixes[s]) == 0) {
                *suffix = s;
                return (int)i;
            }
    }
    return -1;
}

/* "y, a, b" of element k (b is 0 for the two-argument families). */
static const char *elements(Emit *em, const Opnd *ops, int n)
{
    const char *s = "";
    for (int i = 0; i < 3; i++)
        s = A("%s%s%s", s, i ? ", " : "",
              i < n ? A("(double)%s", em_elem(em, ops[i])) : "0.0");
    return s;
}

/* Whether a _jacobian call here adds to the log density: in the log
 * density itself, and in a user function (the typechecker allows the
 * call only in _jacobian functions, which take the caller's `lp` and
 * `jacobian`); elsewhere (generated quantities re-running transformed
 * parameters) it is its _constrain. */
static bool adds_jacobian(Emit *em, int suffix)
{
    return suffix == TF_JACOBIAN && (em->sec_logp || em->in_function);
}

/* The log density a _jacobian call adds to, and the weight of its log
 * Jacobian in the reverse step: the adjoint of target, which in a user
 * function's reverse is the caller's (1, or 0 when the call's context is
 * off: emit_ctx.c). */
static const char *jacobian_lp(const Emit *em)
{
    return em->in_function ? "*lp" : "lp";
}

static const char *jacobian_weight(const Emit *em)
{
    return em_target_adj(em);
}

static Opnd transform_value(Emit *em, const MirExpr *e, int f, int suffix)
{
    Opnd ops[3];
    int big = em_call_operands(em, e, ops, true);
    const char *args = elements(em, ops, e->nargs);
    const char *fn = em_c_string(em->a, e->fn);
    const char *rt = suffix == TF_UNCONSTRAIN ? "rt_tf_unconstrain"
                                              : "rt_tf_constrain";
    bool jac = adds_jacobian(em, suffix);
    Opnd o = big < 0 ? em_scalar(em_fresh(em, "t"), NULL, false)
                     : em_new_container(em, ops[big].n, ops[big].rows,
                                        ops[big].cols, false);
    const char *dst = big < 0 ? o.val : A("%s[k]", o.val);
    if (big < 0)
        em_line(em, "double %s;", o.val);
    em_line(em, big < 0 ? "{" : "for (int k = 0; k < %s; k++) {", o.n);
    em_line(em, "    if (%s(%s, %s, %s, &%s, NULL, err)) return -1;", rt,
            families[f].kind, fn, args, dst);
    if (jac)
        em_line(em, "    if (jacobian) %s += rt_tf_log_jacobian(%s, %s, "
                "NULL);", jacobian_lp(em), families[f].kind, args);
    em_line(em, "}");
    return o;
}

/* The partials of element k, times its adjoint, into the buffers of the
 * arguments that carry derivatives (a scalar's sum over the broadcast);
 * for a _jacobian in the log density, the log Jacobian's too. */
static void transform_backprop(Emit *em, const MirExpr *e, int f, int suffix,
                               const char *adj)
{
    Opnd ops[3];
    int big = em_call_operands(em, e, ops, false);
    const char *g[3] = {NULL, NULL, NULL};
    bool any = false;
    for (int i = 0; i < e->nargs; i++) {
        g[i] = em_is_ad(em, e->args[i]) ? em_adj_buffer(em, ops[i]) : NULL;
        any |= g[i] != NULL;
    }
    if (!any)
        return;
    const char *args = elements(em, ops, e->nargs);
    const char *a = big < 0 ? A("(%s)", adj) : A("%s[k]", adj);
    const char *d = em_fresh(em, "d"), *dj = em_fresh(em, "dj");
    const char *rt = suffix == TF_UNCONSTRAIN ? "rt_tf_unconstrain"
                                              : "rt_tf_constrain";
    bool jac = adds_jacobian(em, suffix);
    em_line(em, big < 0 ? "{" : "for (int k = 0; k < %s; k++) {",
            big < 0 ? "" : ops[big].n);
    em_line(em, "    double %s[3], %s[3] = {0, 0, 0}, v_;", d, dj);
    em_line(em, "    %s(%s, \"\", %s, &v_, %s, NULL);", rt, families[f].kind,
            args, d);
    if (jac)
        em_line(em, "    if (jacobian) rt_tf_log_jacobian(%s, %s, %s);",
                families[f].kind, args, dj);
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_line(em, "    %s += %s * %s[%d] + %s * %s[%d];",
                    ops[i].container ? A("%s[k]", g[i]) : g[i], a, d, i,
                    jacobian_weight(em), dj, i);
    em_line(em, "}");
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_backprop(em, e->args[i], g[i]);
}

/* ------------------------------------- vector and matrix transforms */

/* The vector and matrix transforms, each through the runtime's transform
 * of declared parameters of its type (rt_st_* of rt_transform_fns.h): the
 * free argument, then `ints` int arguments (the sizes); the constrained
 * value a vector or a matrix; the free one a vector or, for the
 * stochastic and sum-to-zero matrices, a matrix.  Array forms apply the
 * transform to each element. */
static const struct {
    const char *family, *kind;
    int ints;
    bool vector_value, matrix_free;
} shaped[] = {
    {"ordered", "RT_ST_ORDERED", 0, true, false},
    {"positive_ordered", "RT_ST_POSITIVE_ORDERED", 0, true, false},
    {"simplex", "RT_ST_SIMPLEX", 0, true, false},
    {"sum_to_zero", "RT_ST_SUM_TO_ZERO", 0, true, false},
    {"unit_vector", "RT_ST_UNIT_VECTOR", 0, true, false},
    {"cholesky_factor_corr", "RT_ST_CHOLESKY_CORR", 1, false, false},
    {"cholesky_factor_cov", "RT_ST_CHOLESKY_COV", 2, false, false},
    {"corr_matrix", "RT_ST_CORR_MATRIX", 1, false, false},
    {"cov_matrix", "RT_ST_COV_MATRIX", 1, false, false},
    {"stochastic_column", "RT_ST_STOCHASTIC_COLUMN", 0, false, true},
    {"stochastic_row", "RT_ST_STOCHASTIC_ROW", 0, false, true},
    {"sum_to_zero", "RT_ST_SUM_TO_ZERO_MATRIX", 0, false, true},
};

/* The entry of a call (matched by name, suffix and the first argument's
 * element type, which tells the two sum_to_zero apart), or -1. */
static int shaped_call(const MirExpr *e, int *suffix)
{
    static const char *const suffixes[] = {"_constrain", "_unconstrain",
                                           "_jacobian"};
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || e->nargs < 1)
        return -1;
    bool arg_matrix = ty_base(e->args[0]->type)->kind == TY_MATRIX;
    for (size_t i = 0; i < sizeof shaped / sizeof shaped[0]; i++) {
        size_t n = strlen(shaped[i].family);
        if (strncmp(e->fn, shaped[i].family, n) != 0)
            continue;
        for (int k = 0; k < 3; k++) {
            if (strcmp(e->fn + n, suffixes[k]) != 0)
                continue;
            bool un = k == TF_UNCONSTRAIN;
            bool want = un ? !shaped[i].vector_value : shaped[i].matrix_free;
            if (want == arg_matrix && e->nargs == 1 + (un ? 0 : shaped[i].ints)) {
                *suffix = k;
                return (int)i;
            }
        }
    }
    return -1;
}

/* The shape of the matrices of x when x is an array of matrices variable
 * or an element or slice of one (indices only into the array: the
 * operand of an indexed matrix knows its element count, not its shape). */
static bool var_matrix_shape(Emit *em, const MirExpr *x, const char **rows,
                             const char **cols)
{
    const MirExpr *base = x->kind == MX_INDEXED ? x->args[0] : x;
    if (base->kind != MX_VAR || base->var < 0 || base->type->kind != TY_ARRAY
        || base->type->elem->kind != TY_MATRIX
        || (x != base && x->nindices > base->type->dims))
        return false;
    *rows = em_var_dim(em, base->var, base->type->dims);
    *cols = em_var_dim(em, base->var, base->type->dims + 1);
    return true;
}

/* The element count and the element shape (rows x cols; a vector is
 * size x 1) of the first argument x, value o: one vector or matrix, or an
 * array of them. */
static void element_shape(Emit *em, const MirExpr *x, Opnd o,
                          const char **count, const char **rows,
                          const char **cols)
{
    const Type *t = x->type;
    *count = "1";
    *cols = "1";
    if (t->kind == TY_VECTOR) {
        *rows = o.n;
        return;
    }
    if (t->kind == TY_MATRIX) {
        if (var_matrix_shape(em, x, rows, cols))
            return;
        if (!o.rows || !o.cols)
            em_unsupported(em, "this matrix expression as a transform's "
                           "argument yet");
        *rows = o.rows;
        *cols = o.cols;
        return;
    }
    if (t->elem->kind == TY_VECTOR) {
        /* a variable of any number of array dimensions, or an element or
         * slice of one: the vectors' size is its last dimension */
        const MirExpr *base = x->kind == MX_INDEXED ? x->args[0] : x;
        if (base->kind == MX_VAR && base->var >= 0
            && base->type->kind == TY_ARRAY && base->type->dims > 1
            && (x == base || x->nindices < base->type->dims)) {
            *rows = em_var_dim(em, base->var, base->type->dims);
            *count = A("((%s) > 0 ? (%s) / (%s) : 0)", *rows, o.n, *rows);
            return;
        }
        if (!em_vectors_shape(em, x, o, count, rows))
            em_unsupported(em, "this array of vectors as a transform's "
                           "argument yet");
        return;
    }
    /* an array of matrices: a variable, a slice of one, or {A, B} */
    if (var_matrix_shape(em, x, rows, cols)) {
        if (x->kind == MX_VAR && x->type->dims == 1) {
            *count = em_var_dim(em, x->var, 0);
            return;
        }
    } else if (x->kind == MX_CALL && x->fn_kind == FNK_INTERNAL
               && x->internal == FN_MAKE_ARRAY && x->nargs > 0) {
        Opnd first = em_value(em, x->args[0]);
        const char *r = first.rows, *c = first.cols;
        if (!var_matrix_shape(em, x->args[0], &r, &c) && (!r || !c))
            em_unsupported(em, "this array of matrices as a transform's "
                           "argument yet");
        *rows = r;
        *cols = c;
        *count = A("%d", x->nargs);
        return;
    } else {
        em_unsupported(em, "this array of matrices as a transform's argument "
                       "yet");
    }
    /* a slice: the count from its size (0 when the matrices are empty) */
    *count = A("((%s) * (%s) > 0 ? (%s) / ((%s) * (%s)) : 0)", *rows, *cols,
               o.n, *rows, *cols);
}

/* The C names of a call's sizes: the element count, the constrained
 * shape R x C and the free shape FR x FC. */
typedef struct Shape {
    const char *count, *R, *C, *FR, *FC;
} Shape;

/* Declares and computes the sizes of call e; in the value step (check)
 * Stan's size errors return, in the reverse step they cannot happen. */
static Shape shape(Emit *em, const MirExpr *e, int f, int suffix, Opnd x,
                   bool check)
{
    const char *count, *rows, *cols;
    element_shape(em, e->args[0], x, &count, &rows, &cols);
    Shape s = {em_fresh(em, "cnt"), em_fresh(em, "R"), em_fresh(em, "C"),
               em_fresh(em, "FR"), em_fresh(em, "FC")};
    const char *fn = em_c_string(em->a, e->fn);
    const char *fail = check ? "return -1" : "(void)0";
    em_line(em, "int %s = (int)(%s), %s = 0, %s = 0, %s = 0, %s = 0;",
            s.count, count, s.R, s.C, s.FR, s.FC);
    if (suffix == TF_UNCONSTRAIN) {
        em_line(em, "%s = (int)(%s);", s.R, rows);
        em_line(em, "%s = (int)(%s);", s.C, cols);
        em_line(em, "if (rt_st_free_shape(%s, %s, %s, %s, &%s, &%s, %s)) "
                "%s;", shaped[f].kind, fn, s.R, s.C, s.FR, s.FC,
                check ? "err" : "NULL", fail);
    } else {
        const char *a = shaped[f].ints > 0
            ? A("(int)(%s)", em_value(em, e->args[1]).val) : "0";
        const char *b = shaped[f].ints > 1
            ? A("(int)(%s)", em_value(em, e->args[2]).val) : "0";
        em_line(em, "%s = (int)(%s);", s.FR, rows);
        em_line(em, "%s = (int)(%s);", s.FC, cols);
        em_line(em, "if (rt_st_shape(%s, %s, %s, %s, %s, %s, &%s, &%s, %s)) "
                "%s;", shaped[f].kind, fn, s.FR, s.FC, a, b, s.R, s.C,
                check ? "err" : "NULL", fail);
    }
    return s;
}

/* The result: one vector or matrix of rows x cols, or an array of them
 * (an array of vectors one per row, as variables are seen). */
static Opnd shaped_result(Emit *em, const MirExpr *e, const Shape *s,
                          const char *rows, const char *cols)
{
    const char *each = A("(int64_t)%s * %s", rows, cols);
    em_line(em, "if (rt_temp_check(%s, %s, err)) return -1;", s->count,
            each);
    const char *n = A("(%s * %s * %s)", s->count, rows, cols);
    bool vec = ty_base(e->type)->kind == TY_VECTOR;
    if (e->type->kind != TY_ARRAY)
        return em_new_container(em, n, rows, vec ? "1" : cols, false);
    if (vec)
        return em_new_container(em, n, s->count, rows, false);
    return em_new_container(em, n, n, "1", false);
}

static Opnd shaped_value(Emit *em, const MirExpr *e, int f, int suffix)
{
    Opnd x = em_value(em, e->args[0]);
    Shape s = shape(em, e, f, suffix, x, true);
    const char *csz = A("((ptrdiff_t)%s * %s)", s.R, s.C);
    const char *fsz = A("((ptrdiff_t)%s * %s)", s.FR, s.FC);
    if (suffix == TF_UNCONSTRAIN) {
        Opnd o = shaped_result(em, e, &s, s.FR, s.FC);
        em_line(em, "for (int i = 0; i < %s; i++)", s.count);
        em_line(em, "    if (rt_st_unconstrain(%s, %s + i * %s, %s, %s, %s + "
                "i * %s, err)) return -1;", shaped[f].kind, x.val, csz, s.R,
                s.C, o.val, fsz);
        return o;
    }
    Opnd o = shaped_result(em, e, &s, s.R, s.C);
    bool jac = adds_jacobian(em, suffix);
    const char *lj = em_fresh(em, "lj");
    em_line(em, "double %s = 0;", lj);
    em_line(em, "for (int i = 0; i < %s; i++)", s.count);
    em_line(em, "    if (rt_st_constrain(%s, %s + i * %s, %s, %s, %s + i * "
            "%s, %s, err)) return -1;", shaped[f].kind, x.val, fsz, s.R, s.C,
            o.val, csz, jac ? A("&%s", lj) : "NULL");
    if (jac)
        em_line(em, "if (jacobian) %s += %s;", jacobian_lp(em), lj);
    else
        em_line(em, "(void)%s;", lj);
    return o;
}

static void shaped_backprop(Emit *em, const MirExpr *e, int f, int suffix,
                            const char *adj)
{
    if (!em_is_ad(em, e->args[0]))
        return;
    Opnd x = em_value(em, e->args[0]);
    Shape s = shape(em, e, f, suffix, x, false);
    const char *csz = A("((ptrdiff_t)%s * %s)", s.R, s.C);
    const char *fsz = A("((ptrdiff_t)%s * %s)", s.FR, s.FC);
    const char *g = em_adj_buffer(em, x);
    em_line(em, "for (int i = 0; i < %s; i++)", s.count);
    if (suffix == TF_UNCONSTRAIN)
        em_line(em, "    rt_st_unconstrain_adjoint(%s, %s + i * %s, %s, %s, "
                "%s + i * %s, %s + i * %s);", shaped[f].kind, x.val, csz,
                s.R, s.C, adj, fsz, g, csz);
    else
        em_line(em, "    rt_st_adjoint(%s, %s + i * %s, %s, %s, %s + i * %s, "
                "%s, %s + i * %s);", shaped[f].kind, x.val, fsz, s.R, s.C,
                adj, csz, adds_jacobian(em, suffix)
                ? A("(jacobian && %s != 0)", jacobian_weight(em)) : "false",
                g, fsz);
    em_backprop(em, e->args[0], g);
}

static bool tf_value(Emit *em, const MirExpr *e, Opnd *out)
{
    int suffix, f = transform_call(e, &suffix);
    if (f >= 0) {
        *out = transform_value(em, e, f, suffix);
        return true;
    }
    f = shaped_call(e, &suffix);
    if (f < 0)
        return false;
    *out = shaped_value(em, e, f, suffix);
    return true;
}

static bool tf_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    int suffix, f = transform_call(e, &suffix);
    if (f >= 0) {
        transform_backprop(em, e, f, suffix, adj);
        return true;
    }
    f = shaped_call(e, &suffix);
    if (f < 0)
        return false;
    shaped_backprop(em, e, f, suffix, adj);
    return true;
}

/* ------------------------------------------------------------- rows */

/* every family of families[] and shaped[] with its three suffixes */
#define TF_ROWS(family) \
    {family "_constrain", tf_value, tf_backprop}, \
    {family "_jacobian", tf_value, tf_backprop}, \
    {family "_unconstrain", tf_value, tf_backprop}

static const EmCallRule rows[] = {
    TF_ROWS("lower_bound"),
    TF_ROWS("upper_bound"),
    TF_ROWS("lower_upper_bound"),
    TF_ROWS("offset_multiplier"),
    TF_ROWS("ordered"),
    TF_ROWS("positive_ordered"),
    TF_ROWS("simplex"),
    TF_ROWS("sum_to_zero"),
    TF_ROWS("unit_vector"),
    TF_ROWS("cholesky_factor_corr"),
    TF_ROWS("cholesky_factor_cov"),
    TF_ROWS("corr_matrix"),
    TF_ROWS("cov_matrix"),
    TF_ROWS("stochastic_column"),
    TF_ROWS("stochastic_row"),
};

const EmCallRules em_transform_rules = EM_CALL_RULES(rows);
