/* interp_io.c - the compiler internals of the transformed MIR for the
 * interpreter: reading data (FnReadData__) and the unconstrained point
 * (FnReadParam__), the constraining transforms and their inverses
 * (FnConstrain__, FnUnconstrain__, through libpplrt's transforms), the
 * constraint checks (FnCheck__), print, reject and the other internals. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "interp_impl.h"

/* ------------------------------------------------------- the internals */

const char *interp_str_arg(const MirExpr *e)
{
    return e && e->kind == MX_STR ? e->text : "";
}

/* The declared shape of a read (FnReadData__, FnReadParam__): type t's
 * array dimensions then its vector/matrix sizes, from args[2..]. */
typedef struct Shape {
    const Type *base;
    int ndims, nsizes;
    int dims[18];       /* array dims, then sizes */
} Shape;

static int read_shape(MirInterp *I, Frame *f, const MirExpr *e, Shape *sh)
{
    sh->base = ty_base(e->type);
    sh->ndims = ty_array_dims(e->type);
    if (sh->ndims > 14)
        return interp_unsupported(I, "arrays of more than 14 dimensions");
    int nsz = e->nargs - 2 - sh->ndims;
    sh->nsizes = nsz < 0 ? 0 : nsz > 2 ? 2 : nsz;
    for (int i = 0; i < sh->ndims + sh->nsizes; i++) {
        IVal v;
        Ref r;
        long long x;
        if (interp_eval(I, f, e->args[2 + i], &v, &r) || interp_as_int(I, &v, &x))
            return -1;
        sh->dims[i] = x > INT32_MAX ? INT32_MAX : (int)x;
    }
    return 0;
}

/* Build a value of shape sh (leaves of `leaf` doubles each, given by
 * rows x cols) from flat storage-order doubles or ints. */
static int build(MirInterp *I, const Shape *sh, int level, IvKind leaf,
                 int rows, int cols, const double *xd, const int *xi,
                 long *at, IVal *out)
{
    if (level < sh->ndims) {
        IVal r = {.k = IV_ARRAY, .n = sh->dims[level]};
        r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int k = 0; k < r.n; k++)
            if (build(I, sh, level + 1, leaf, rows, cols, xd, xi, at,
                      &r.el[k]))
                return -1;
        *out = r;
        return 0;
    }
    if (leaf == IV_INT) {
        *out = iv_int(xi[(*at)++]);
    } else if (leaf == IV_REAL) {
        *out = iv_real(xd[(*at)++]);
    } else if (leaf == IV_COMPLEX) {
        *out = iv_complex(xd[*at], xd[*at + 1]);
        *at += 2;
    } else {
        long w = iv_is_complex_kind(leaf) ? 2 : 1;
        if (iv_alloc(I->a, leaf, rows, cols, out, &I->err))
            return -1;
        memcpy(out->d, xd + *at, sizeof(double) * (size_t)(w * rows * cols));
        *at += w * rows * cols;
    }
    return 0;
}

static IvKind leaf_kind(const Type *base)
{
    switch (base->kind) {
    case TY_INT: return IV_INT;
    case TY_REAL: return IV_REAL;
    case TY_VECTOR: return IV_VEC;
    case TY_ROW_VECTOR: return IV_ROWVEC;
    case TY_MATRIX: return IV_MAT;
    case TY_COMPLEX: return IV_COMPLEX;
    case TY_COMPLEX_VECTOR: return IV_CVEC;
    case TY_COMPLEX_ROW_VECTOR: return IV_CROWVEC;
    case TY_COMPLEX_MATRIX: return IV_CMAT;
    default: return IV_VOID;
    }
}

static void leaf_shape(const Shape *sh, IvKind k, int *rows, int *cols)
{
    k = iv_real_kind(k);
    const int *s = sh->dims + sh->ndims;
    *rows = k == IV_VEC || k == IV_MAT ? s[0] : 1;
    *cols = k == IV_ROWVEC ? s[0] : k == IV_MAT ? s[1] : 1;
}

/* FnReadData__("name", "kind", dims..., sizes...) */
int interp_read_data(MirInterp *I, Frame *f, const MirExpr *e, IVal *out)
{
    const char *name = interp_str_arg(e->args[0]);
    Shape sh;
    if (read_shape(I, f, e, &sh))
        return -1;
    IvKind k = leaf_kind(sh.base);
    if (k == IV_VOID)
        return interp_unsupported(I, arena_printf(I->a, "reading data of type %s",
                                           ty_str(I->a, e->type)));
    int rows, cols;
    leaf_shape(&sh, k, &rows, &cols);
    int n = sh.ndims + sh.nsizes;
    if (rt_dims_check(name, NULL, sh.dims, n, &I->err))
        return -1;
    long total = 1;
    for (int i = 0; i < n; i++)
        total *= sh.dims[i];
    if (total > INTERP_MAX_ELEMENTS)
        return interp_fail(I, "%s: too large for the interpreter", name);
    double *xd = NULL;
    int *xi = NULL;
    if (k == IV_INT) {
        xi = arena_alloc(I->a, sizeof(int) * (size_t)(total + 1));
        if (rt_data_ints(I->data, name, n, sh.dims, xi, &I->err))
            return -1;
    } else if (iv_is_complex_kind(k)) {
        xd = arena_alloc(I->a, sizeof(double) * (size_t)(2 * total + 1));
        if (rt_data_complexes(I->data, name, n, sh.dims, xd, &I->err))
            return -1;
    } else {
        xd = arena_alloc(I->a, sizeof(double) * (size_t)(total + 1));
        if (rt_data_reals(I->data, name, n, sh.dims, xd, &I->err))
            return -1;
    }
    long at = 0;
    return build(I, &sh, 0, k, rows, cols, xd, xi, &at, out);
}

/* The free values per item of a structured transform of an item with
 * sizes s (K, or M and N). */
static long free_size(const char *tr, const int *s, int nsizes)
{
    int K = s[0], N = nsizes > 1 ? s[1] : s[0];
    if (!strcmp(tr, "simplex")) return rt_simplex_free_size(K);
    if (!strcmp(tr, "sum_to_zero_vector")) return rt_sum_to_zero_free_size(K);
    if (!strcmp(tr, "sum_to_zero_matrix"))
        return rt_sum_to_zero_matrix_free_size(K, N);
    if (!strcmp(tr, "cholesky_factor_corr"))
        return rt_cholesky_corr_free_size(K);
    if (!strcmp(tr, "cholesky_factor_cov"))
        return rt_cholesky_cov_free_size(K, N);
    if (!strcmp(tr, "corr_matrix")) return rt_corr_matrix_free_size(K);
    if (!strcmp(tr, "cov_matrix")) return rt_cov_matrix_free_size(K);
    if (!strcmp(tr, "stochastic_row")) return rt_stochastic_row_free_size(K, N);
    if (!strcmp(tr, "stochastic_column"))
        return rt_stochastic_column_free_size(K, N);
    return -1;      /* not structured: one free value per element */
}

/* FnReadParam__("name", "transform", dims..., sizes...): the free values,
 * for a structured transform one vector of them per item. */
int interp_read_param(MirInterp *I, Frame *f, const MirExpr *e, IVal *out)
{
    const char *name = interp_str_arg(e->args[0]);
    const char *tr = interp_str_arg(e->args[1]);
    Shape sh;
    if (read_shape(I, f, e, &sh))
        return -1;
    IvKind k = leaf_kind(sh.base);
    if (k == IV_VOID || k == IV_INT)
        return interp_unsupported(I, arena_printf(I->a, "parameters of type %s",
                                           ty_str(I->a, e->type)));
    int n = sh.ndims + sh.nsizes;
    if (rt_dims_check(name, NULL, sh.dims, n, &I->err))
        return -1;
    long items = 1, total;
    for (int i = 0; i < sh.ndims; i++)
        items *= sh.dims[i];
    long per = free_size(tr, sh.dims + sh.ndims, sh.nsizes);
    int rows, cols;
    if (per >= 0) {
        total = items * per;
        k = IV_VEC;
        rows = (int)per;
        cols = 1;
    } else {
        leaf_shape(&sh, k, &rows, &cols);
        total = items * rows * cols;
    }
    if (total > INTERP_MAX_ELEMENTS)
        return interp_fail(I, "%s: too large for the interpreter", name);
    if (I->counting) {
        I->nunc += (int)total;
        double *z = arena_alloc(I->a, sizeof(double) * (size_t)(total + 1));
        long at = 0;
        return build(I, &sh, 0, k, rows, cols, z, NULL, &at, out);
    }
    long at = 0;
    int rc = build(I, &sh, 0, k, rows, cols, I->u + I->upos, NULL, &at,
                   out);
    I->upos += (int)total;
    return rc;
}

/* The scalar argument k of a transform (a bound, offset or multiplier). */
static int scalar_arg(MirInterp *I, const IVal *v, double *x)
{
    if (v->k != IV_INT && v->k != IV_REAL)
        return interp_unsupported(I, "container bounds, offsets or multipliers");
    *x = iv_num(v);
    return 0;
}

typedef struct Xf {
    const char *tr;
    double a, b;
    int s[2], nsizes;
    double *lj;         /* NULL: no Jacobian */
    bool inverse;
} Xf;

/* One leaf (scalar element or structured item) through the transform. */
static int xf_leaf(MirInterp *I, const Xf *x, const IVal *v, IVal *out)
{
    const char *t = x->tr;
    if (v->k == IV_REAL || v->k == IV_INT) {
        double y = iv_num(v), r;
        if (!strcmp(t, "lb")) {
            if (x->inverse) {
                if (rt_lb_unconstrain(y, x->a, &r, &I->err)) return -1;
            } else {
                r = rt_lb_constrain(y, x->a, x->lj);
            }
        } else if (!strcmp(t, "ub")) {
            if (x->inverse) {
                if (rt_ub_unconstrain(y, x->a, &r, &I->err)) return -1;
            } else {
                r = rt_ub_constrain(y, x->a, x->lj);
            }
        } else if (!strcmp(t, "lub")) {
            if (x->inverse) {
                if (rt_lub_unconstrain(y, x->a, x->b, &r, &I->err)) return -1;
            } else {
                r = rt_lub_constrain(y, x->a, x->b, x->lj);
            }
        } else if (!strcmp(t, "offset") || !strcmp(t, "multiplier")
                   || !strcmp(t, "offset_multiplier")) {
            double mu = !strcmp(t, "multiplier") ? 0 : x->a;
            double sg = !strcmp(t, "offset") ? 1
                      : !strcmp(t, "multiplier") ? x->a : x->b;
            if (x->inverse) {
                if (rt_offset_multiplier_unconstrain(y, mu, sg, &r, &I->err))
                    return -1;
            } else {
                r = rt_offset_multiplier_constrain(y, mu, sg, x->lj);
            }
        } else if (!strcmp(t, "identity")) {
            r = y;
        } else {
            return interp_unsupported(I, arena_printf(I->a, "the %s transform of a "
                                               "scalar", t));
        }
        *out = iv_real(r);
        return 0;
    }
    if (free_size(t, x->s, x->nsizes) < 0) {
        /* elementwise over a vector or matrix */
        if (iv_alloc(I->a, v->k, v->rows, v->cols, out, &I->err))
            return -1;
        for (long i = 0; i < (long)v->rows * v->cols; i++) {
            IVal y = iv_real(v->d[i]), r;
            if (xf_leaf(I, x, &y, &r))
                return -1;
            out->d[i] = r.r;
        }
        return 0;
    }
    int K = x->s[0], N = x->nsizes > 1 ? x->s[1] : x->s[0];
    bool mat = strcmp(t, "simplex") && strcmp(t, "sum_to_zero_vector")
        && strcmp(t, "unit_vector") && strcmp(t, "ordered")
        && strcmp(t, "positive_ordered");
    if (x->inverse) {
        long nf = free_size(t, x->s, x->nsizes);
        if (iv_alloc(I->a, IV_VEC, nf, 1, out, &I->err))
            return -1;
#define UNC(name, ...) rt_##name##_unconstrain(v->d, __VA_ARGS__, out->d, \
                                                &I->err)
        int rc = !strcmp(t, "simplex") ? UNC(simplex, K)
            : !strcmp(t, "sum_to_zero_vector") ? UNC(sum_to_zero, K)
            : !strcmp(t, "sum_to_zero_matrix") ? UNC(sum_to_zero_matrix, K, N)
            : !strcmp(t, "cholesky_factor_corr") ? UNC(cholesky_corr, K)
            : !strcmp(t, "cholesky_factor_cov") ? UNC(cholesky_cov, K, N)
            : !strcmp(t, "corr_matrix") ? UNC(corr_matrix, K)
            : !strcmp(t, "cov_matrix") ? UNC(cov_matrix, K)
            : !strcmp(t, "stochastic_row") ? UNC(stochastic_row, K, N)
            : UNC(stochastic_column, K, N);
#undef UNC
        return rc ? -1 : 0;
    }
    if (iv_alloc(I->a, mat ? IV_MAT : IV_VEC, K, mat ? N : 1, out, &I->err))
        return -1;
    const double *u = v->d;
    double *y = out->d;
    if (!strcmp(t, "simplex")) rt_simplex_constrain(u, K, y, x->lj);
    else if (!strcmp(t, "sum_to_zero_vector"))
        rt_sum_to_zero_constrain(u, K, y, x->lj);
    else if (!strcmp(t, "sum_to_zero_matrix"))
        rt_sum_to_zero_matrix_constrain(u, K, N, y, x->lj);
    else if (!strcmp(t, "cholesky_factor_corr"))
        rt_cholesky_corr_constrain(u, K, y, x->lj);
    else if (!strcmp(t, "cholesky_factor_cov"))
        rt_cholesky_cov_constrain(u, K, N, y, x->lj);
    else if (!strcmp(t, "corr_matrix")) rt_corr_matrix_constrain(u, K, y, x->lj);
    else if (!strcmp(t, "cov_matrix")) rt_cov_matrix_constrain(u, K, y, x->lj);
    else if (!strcmp(t, "stochastic_row"))
        rt_stochastic_row_constrain(u, K, N, y, x->lj);
    else rt_stochastic_column_constrain(u, K, N, y, x->lj);
    return 0;
}

/* ordered, positive_ordered and unit_vector keep the vector's shape but
 * are not elementwise. */
static int xf_vector(MirInterp *I, const Xf *x, const IVal *v, IVal *out)
{
    const char *t = x->tr;
    int K = v->rows;
    if (iv_alloc(I->a, IV_VEC, K, 1, out, &I->err))
        return -1;
    if (x->inverse) {
        int rc = !strcmp(t, "ordered")
            ? rt_ordered_unconstrain(v->d, K, out->d, &I->err)
            : !strcmp(t, "positive_ordered")
            ? rt_positive_ordered_unconstrain(v->d, K, out->d, &I->err)
            : rt_unit_vector_unconstrain(v->d, K, out->d, &I->err);
        return rc ? -1 : 0;
    }
    if (!strcmp(t, "ordered"))
        rt_ordered_constrain(v->d, K, out->d, x->lj);
    else if (!strcmp(t, "positive_ordered"))
        rt_positive_ordered_constrain(v->d, K, out->d, x->lj);
    else
        rt_unit_vector_constrain(v->d, K, out->d, x->lj);
    return 0;
}

static int xf_value(MirInterp *I, const Xf *x, const IVal *v, IVal *out)
{
    if (v->k == IV_ARRAY) {
        IVal r = {.k = IV_ARRAY, .n = v->n};
        r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++)
            if (xf_value(I, x, &v->el[k], &r.el[k]))
                return -1;
        *out = r;
        return 0;
    }
    if (!strcmp(x->tr, "ordered") || !strcmp(x->tr, "positive_ordered")
        || !strcmp(x->tr, "unit_vector"))
        return xf_vector(I, x, v, out);
    return xf_leaf(I, x, v, out);
}

/* FnConstrain__ / FnUnconstrain__(x, "transform", args..., sizes...):
 * vals[0] is x, vals[1] the name. */
static int transform(MirInterp *I, const MirExpr *e, const IVal *vals,
                     bool inverse, IVal *out, double *lj)
{
    Xf x = {.tr = interp_str_arg(e->args[1]), .inverse = inverse, .lj = lj};
    bool structured = free_size(x.tr, (int[]){1, 1}, 1) >= 0;
    int nbounds = !strcmp(x.tr, "lub") || !strcmp(x.tr, "offset_multiplier")
        ? 2 : !strcmp(x.tr, "lb") || !strcmp(x.tr, "ub")
        || !strcmp(x.tr, "offset") || !strcmp(x.tr, "multiplier") ? 1 : 0;
    if (nbounds >= 1 && scalar_arg(I, &vals[2], &x.a))
        return -1;
    if (nbounds == 2 && scalar_arg(I, &vals[3], &x.b))
        return -1;
    if (structured) {
        x.nsizes = e->nargs - 2 - nbounds;
        if (x.nsizes < 1 || x.nsizes > 2)
            return interp_fail(I, "%s: a transform without its sizes", x.tr);
        for (int i = 0; i < x.nsizes; i++)
            x.s[i] = (int)vals[2 + nbounds + i].i;
    }
    return xf_value(I, &x, &vals[0], out);
}

/* FnCheck__("check", "name", x, args...) on one leaf named name. */
static int check_leaf(MirInterp *I, const char *chk, const char *name,
                      const IVal *v, const IVal *a, const IVal *b)
{
    double buf;
    const double *x = v->d;
    size_t n = (size_t)v->rows * v->cols;
    if (v->k == IV_INT || v->k == IV_REAL) {
        buf = iv_num(v);
        x = &buf;
        n = 1;
    }
    if (!strcmp(chk, "greater_or_equal") || !strcmp(chk, "bounded")) {
        double lb = 0;
        if (scalar_arg(I, a, &lb))
            return -1;
        if (rt_check_lower(name, x, n, lb, &I->err))
            return -1;
    }
    if (!strcmp(chk, "less_or_equal") || !strcmp(chk, "bounded")) {
        double ub = 0;
        if (scalar_arg(I, !strcmp(chk, "bounded") ? b : a, &ub))
            return -1;
        if (rt_check_upper(name, x, n, ub, &I->err))
            return -1;
    }
    if (!strcmp(chk, "greater_or_equal") || !strcmp(chk, "less_or_equal")
        || !strcmp(chk, "bounded"))
        return 0;
    int K = v->rows;
    int rc;
    if (!strcmp(chk, "simplex")) rc = rt_check_simplex(name, x, K, &I->err);
    else if (!strcmp(chk, "unit_vector"))
        rc = rt_check_unit_vector(name, x, K, &I->err);
    else if (!strcmp(chk, "ordered")) rc = rt_check_ordered(name, x, K, &I->err);
    else if (!strcmp(chk, "positive_ordered"))
        rc = rt_check_positive_ordered(name, x, K, &I->err);
    else if (!strcmp(chk, "sum_to_zero") && v->k == IV_VEC)
        rc = rt_check_sum_to_zero(name, x, K, &I->err);
    else if (!strcmp(chk, "sum_to_zero"))
        rc = rt_check_sum_to_zero_matrix(name, x, v->rows, v->cols, &I->err);
    else if (!strcmp(chk, "stochastic_column"))
        rc = rt_check_stochastic_column(name, x, v->rows, v->cols, &I->err);
    else if (!strcmp(chk, "stochastic_row"))
        rc = rt_check_stochastic_row(name, x, v->rows, v->cols, &I->err);
    else if (!strcmp(chk, "cov_matrix"))
        rc = rt_check_cov_matrix(name, x, K, &I->err);
    else if (!strcmp(chk, "corr_matrix"))
        rc = rt_check_corr_matrix(name, x, K, &I->err);
    else if (!strcmp(chk, "cholesky_factor"))
        rc = rt_check_cholesky_factor_cov(name, x, v->rows, v->cols, &I->err);
    else if (!strcmp(chk, "cholesky_factor_corr"))
        rc = rt_check_cholesky_factor_corr(name, x, K, &I->err);
    else
        return interp_unsupported(I, arena_printf(I->a, "the %s check", chk));
    return rc ? -1 : 0;
}

static int check_value(MirInterp *I, const char *chk, const char *name,
                       const IVal *v, const IVal *a, const IVal *b)
{
    bool elementwise = !strcmp(chk, "greater_or_equal")
        || !strcmp(chk, "less_or_equal") || !strcmp(chk, "bounded");
    if (v->k != IV_ARRAY)
        return check_leaf(I, chk, name, v, a, b);
    if (elementwise) {
        /* the elements flattened, named by their flat index as the
         * sampler's rt_check_lower names them */
        long n = iv_count(v);
        IVal flat;
        if (iv_alloc(I->a, IV_VEC, n, 1, &flat, &I->err))
            return -1;
        iv_flatten(v, flat.d);
        return check_leaf(I, chk, name, &flat, a, b);
    }
    for (int k = 0; k < v->n; k++) {
        const char *el = arena_printf(I->a, "%s[%d]", name, k + 1);
        if (check_value(I, chk, el, &v->el[k], a, b))
            return -1;
    }
    return 0;
}

/* Append v's values in storage order to the unconstrained output. */
static int write_param(MirInterp *I, const IVal *v)
{
    long n = iv_count(v);
    if (I->counting)
        return 0;
    if (I->nout + n > I->nunc)
        return interp_fail(I, "%s", "transform_inits wrote more values than the "
                    "parameters have");
    iv_flatten(v, I->uout + I->nout);
    I->nout += (int)n;
    return 0;
}

/* ------------------------------------------- printed arrays of tuples */

bool interp_is_tuple_array(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_INTERNAL
        && e->internal == FN_MAKE_TUPLE && e->type->kind == TY_ARRAY;
}

/* The slots' arrays of the array of tuples e (d array dimensions) into
 * leaves, depth first: nested tuples' slots in place. */
static int tuple_leaves(MirInterp *I, Frame *f, const MirExpr *e, int d,
                        IVal *leaves, int cap, int *n)
{
    for (int k = 0; k < e->nargs; k++) {
        const MirExpr *x = e->args[k];
        if (interp_is_tuple_array(x)) {
            if (x->type->dims != d)
                return interp_unsupported(I, "printing an array of tuples "
                                          "holding arrays of tuples");
            if (tuple_leaves(I, f, x, d, leaves, cap, n))
                return -1;
            continue;
        }
        if (*n >= cap)
            return interp_fail(I, "%s", "an array of tuples with more slots "
                               "than counted");
        Ref r;
        if (interp_eval(I, f, x, &leaves[*n], &r))
            return -1;
        (*n)++;
    }
    return 0;
}

static int count_slots(const MirExpr *e)
{
    int n = 0;
    for (int k = 0; k < e->nargs; k++)
        n += interp_is_tuple_array(e->args[k]) ? count_slots(e->args[k]) : 1;
    return n;
}

/* One element "(" slot "," slot ")" of the tuple e, its slots' values at
 * leaves[*next...]. */
static void tuple_elem(RtMsg *m, const MirExpr *e, const IVal *leaves,
                       int *next)
{
    rt_msg_str(m, "(");
    for (int k = 0; k < e->nargs; k++) {
        if (k)
            rt_msg_str(m, ",");
        if (interp_is_tuple_array(e->args[k]))
            tuple_elem(m, e->args[k], leaves, next);
        else
            iv_msg(m, &leaves[(*next)++]);
    }
    rt_msg_str(m, ")");
}

/* The elements at one level of the array (depth of d): the slots'
 * arrays have the same length there, each element one level deeper. */
static int tuple_level(MirInterp *I, RtMsg *m, const MirExpr *e,
                       const IVal *leaves, int n, int depth, int d)
{
    if (depth == d) {
        int next = 0;
        tuple_elem(m, e, leaves, &next);
        return 0;
    }
    for (int j = 0; j < n; j++)
        if (leaves[j].k != IV_ARRAY || leaves[j].n != leaves[0].n)
            return interp_fail(I, "%s", "the slots of an array of tuples "
                               "differ in size");
    IVal *sub = arena_alloc(I->a, sizeof(IVal) * (size_t)(n + 1));
    rt_msg_str(m, "[");
    for (int i = 0; i < leaves[0].n; i++) {
        if (i)
            rt_msg_str(m, ",");
        for (int j = 0; j < n; j++)
            sub[j] = leaves[j].el[i];
        if (tuple_level(I, m, e, sub, n, depth + 1, d))
            return -1;
    }
    rt_msg_str(m, "]");
    return 0;
}

int interp_tuple_text(MirInterp *I, Frame *f, const MirExpr *e, IVal *out,
                      Ref *ref)
{
    int cap = count_slots(e);
    IVal *leaves = arena_alloc(I->a, sizeof(IVal) * (size_t)(cap + 1));
    int n = 0;
    if (tuple_leaves(I, f, e, e->type->dims, leaves, cap, &n))
        return -1;
    if (n == 0)
        return interp_unsupported(I, "printing an array of empty tuples");
    RtMsg m = {0};
    int rc = tuple_level(I, &m, e, leaves, n, 0, e->type->dims);
    if (rc == 0 && m.oom)
        rc = interp_fail(I, "%s", "out of memory printing an array of "
                         "tuples");
    if (rc == 0) {
        *out = (IVal){.k = IV_STR, .s = arena_strdup(I->a, rt_msg_text(&m))};
        *ref = (Ref){0, arena_printf(I->a, "\"%s\"", out->s)};
    }
    rt_msg_free(&m);
    return rc;
}

static int message(MirInterp *I, const IVal *vals, int n, RtMsg *m)
{
    (void)I;
    for (int i = 0; i < n; i++)
        iv_msg(m, &vals[i]);
    return 0;
}

/* [a, b] with complex elements (a complex row vector), or [r1, r2] of
 * complex rows (a complex matrix); real elements converted. */
static int make_complex_row(MirInterp *I, const IVal *vals, int n, IVal *out)
{
    bool rows = n > 0 && (vals[0].k == IV_ROWVEC || vals[0].k == IV_CROWVEC);
    int cols = rows ? vals[0].cols : n;
    if (iv_alloc(I->a, rows ? IV_CMAT : IV_CROWVEC, rows ? n : 1, cols, out,
                 &I->err))
        return -1;
    for (int i = 0; i < n; i++) {
        IVal z;
        if (rows && ((vals[i].k != IV_ROWVEC && vals[i].k != IV_CROWVEC)
                     || vals[i].cols != cols))
            return interp_fail(I, "%s", "the rows of a matrix expression "
                               "differ in size");
        if (!rows && !(vals[i].k == IV_INT || vals[i].k == IV_REAL
                       || vals[i].k == IV_COMPLEX))
            return interp_unsupported(I, "row vector expressions of this "
                                      "type");
        if (iv_to_complex(I->a, &vals[i], &z, &I->err))
            return -1;
        if (rows)
            memcpy(out->d + (size_t)2 * i * cols, z.d,
                   sizeof(double) * 2 * (size_t)cols);
        else {
            out->d[2 * i] = z.r;
            out->d[2 * i + 1] = z.im;
        }
    }
    return 0;
}

static int make_array(MirInterp *I, const MirExpr *e, const IVal *vals,
                      int n, IVal *out)
{
    if (e->internal == FN_MAKE_ROW_VEC) {
        bool cx = false;
        for (int i = 0; i < n; i++)
            cx = cx || iv_is_complex_kind(vals[i].k);
        if (cx || ty_base(e->type)->kind == TY_COMPLEX_ROW_VECTOR
            || ty_base(e->type)->kind == TY_COMPLEX_MATRIX)
            return make_complex_row(I, vals, n, out);
        if (iv_alloc(I->a, IV_ROWVEC, 1, n, out, &I->err))
            return -1;
        if (n > 0 && vals[0].k == IV_ROWVEC) {
            /* [[1, 2], [3, 4]]: the rows of a matrix */
            int cols = vals[0].cols;
            if (iv_alloc(I->a, IV_MAT, n, cols, out, &I->err))
                return -1;
            for (int i = 0; i < n; i++) {
                if (vals[i].k != IV_ROWVEC || vals[i].cols != cols)
                    return interp_fail(I, "%s", "the rows of a matrix "
                                       "expression differ in size");
                memcpy(out->d + (size_t)i * cols, vals[i].d,
                       sizeof(double) * (size_t)cols);
            }
            return 0;
        }
        for (int i = 0; i < n; i++) {
            if (vals[i].k != IV_INT && vals[i].k != IV_REAL)
                return interp_unsupported(I, "row vector expressions of "
                                          "this type");
            out->d[i] = iv_num(&vals[i]);
        }
        return 0;
    }
    IVal r = {.k = IV_ARRAY, .n = n};
    r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(n + 1));
    bool real = ty_base(e->type)->kind == TY_REAL;
    bool cx = ty_base(e->type)->kind == TY_COMPLEX;
    for (int i = 0; i < n; i++) {
        r.el[i] = real && vals[i].k == IV_INT ? iv_real((double)vals[i].i)
                                               : vals[i];
        if (cx && (vals[i].k == IV_INT || vals[i].k == IV_REAL))
            r.el[i] = iv_complex(iv_num(&vals[i]), 0);
    }
    *out = r;
    return 0;
}

/* A compiler internal; vals are its evaluated arguments. */
int interp_internal(MirInterp *I, Frame *f, const MirExpr *e,
                    const IVal *vals, IVal *out, double *lj_out)
{
    *out = (IVal){.k = IV_VOID};
    switch (e->internal) {
    case FN_CONSTRAIN: {
        double lj = 0;
        if (transform(I, e, vals, false, out, I->opt.jacobian ? &lj : NULL))
            return -1;
        *lj_out = lj;
        return 0;
    }
    case FN_UNCONSTRAIN:
        return transform(I, e, vals, true, out, NULL);
    case FN_CHECK:
        return check_value(I, vals[0].s, vals[1].s, &vals[2],
                           e->nargs > 3 ? &vals[3] : NULL,
                           e->nargs > 4 ? &vals[4] : NULL);
    case FN_VALIDATE_SIZE:
        return interp_unsupported(I, "FnValidateSize__");
    case FN_WRITE_PARAM:
        return write_param(I, &vals[0]);
    case FN_PRINT: {
        RtMsg m = {0};
        message(I, vals, e->nargs, &m);
        *out = (IVal){.k = IV_STR, .s = arena_strdup(I->a, rt_msg_text(&m))};
        rt_msg_free(&m);
        return 0;
    }
    case FN_REJECT: case FN_FATAL_ERROR: {
        RtMsg m = {0};
        message(I, vals, e->nargs, &m);
        if (e->internal == FN_REJECT) {
            rt_msg_reject(&m, &I->err);
            I->err.kind = RT_ERROR_REJECT;
        } else {
            rt_msg_fatal(&m, &I->err);
        }
        return -1;
    }
    case FN_MAKE_ARRAY: case FN_MAKE_ROW_VEC:
        return make_array(I, e, vals, e->nargs, out);
    case FN_TARGET:
        *out = iv_real(I->target);
        return 0;
    case FN_MAKE_TUPLE:
        return interp_unsupported(I, "tuples");
    case FN_READ_DATA: case FN_READ_PARAM: case FN__COUNT:
        break;      /* read before their arguments: see eval_call */
    }
    (void)f;
    return interp_unsupported(I, mir_internal_name(e->internal));
}

