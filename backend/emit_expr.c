/* emit_expr.c - values and adjoints of MIR expressions, as C.
 *
 * em_value emits the statements that compute an expression and says where
 * the value is; composite values go into fresh temporaries (containers in
 * scratch memory).  em_backprop emits the reverse-sweep code that adds an
 * incoming adjoint into the adjoints of the expression's variables; it
 * recomputes the operand values it needs with em_value, which is sound
 * because the reverse sweep has restored every variable to the value it had
 * when the expression was first evaluated (docs/backend.md). */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

bool em_is_ad(const Emit *em, const MirExpr *e)
{
    return em->ad && e->ad == AD_AUTODIFF && ty_base(e->type)->kind != TY_INT
        && (!em->cx_any || em_depends(em, e));
}

bool em_is_container_type(const Type *t)
{
    return t->kind == TY_ARRAY || t->kind == TY_VECTOR
        || t->kind == TY_ROW_VECTOR || t->kind == TY_MATRIX
        || t->kind == TY_COMPLEX_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR
        || t->kind == TY_COMPLEX_MATRIX;
}

Opnd em_scalar(const char *val, const char *adj, bool is_int)
{
    Opnd o = {val, adj, "1", "1", "1", false, is_int, false, NULL};
    return o;
}

/* A fresh container temporary of n doubles (or ints). */
Opnd em_new_container(Emit *em, const char *n, const char *rows,
                          const char *cols, bool is_int)
{
    const char *t = em_fresh(em, "t");
    em_temp_check(em, rows, cols);
    em_line(em, "%s *%s = rt_scratch_%s(&S->scratch, (size_t)(%s));",
            is_int ? "int" : "double", t, is_int ? "ints" : "doubles", n);
    Opnd o = {t, NULL, n, rows, cols, true, is_int, false, NULL};
    return o;
}

/* rows and cols of a type with element count n (vector: n x 1). */
void em_shape_of(const Type *t, const char *n, const char **rows,
                     const char **cols)
{
    if (t->kind == TY_ROW_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR) {
        *rows = "1";
        *cols = n;
    } else {
        *rows = n;
        *cols = "1";
    }
}

/* ------------------------------------------------------------- indexing */

const char *em_var_user_name(const Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    while (var->tuple_ndims != 0)
        var = &em->p->vars[var->tuple_root];
    return var->name;
}

/* Stan's check that index i (a C int expression) of dimension `dim` of
 * variable `name` is in 1..dim: out of range is an error, not a read
 * outside the variable. */
static void check_index(Emit *em, const char *name, const char *i,
                        const char *dim)
{
    em_line(em, "if ((%s) < 1 || (%s) > (%s)) return rt_index_error(err, \"%%s: "
            "index %%d out of range; expecting index to be between 1 and "
            "%%d\", %s, (int)(%s), (int)(%s));", i, i, dim,
            em_c_string(em->a, name), i, dim);
}

const char *em_index_offset(Emit *em, VarId v, const MirIndex *ix, int k,
                            int first, const char **count)
{
    const MirVar *var = &em->p->vars[v];
    int total = em_var_rank(var);
    const char *off = "0";
    for (int i = 0; i < k; i++) {
        int d = first + i;
        if (ix[i].kind != IDX_SINGLE)
            em_unsupported(em, "indexing '%s' with a range or a multi-index "
                           "in this position", var->name);
        Opnd o = em_value(em, ix[i].lo);
        if (d < total)
            check_index(em, em_var_user_name(em, v), o.val, em_var_dim(em, v, d));
        const char *stride = "1";
        for (int r = d + 1; r < total; r++)
            stride = A("%s * %s", stride, em_var_dim(em, v, r));
        off = A("%s + (%s - 1) * %s", off, o.val, stride);
    }
    const char *rest = "1";
    for (int r = first + k; r < total; r++)
        rest = A("%s * %s", rest, em_var_dim(em, v, r));
    *count = rest;
    return off;
}

bool em_indices_single(const MirIndex *ix, int k)
{
    for (int i = 0; i < k; i++)
        if (ix[i].kind != IDX_SINGLE)
            return false;
    return true;
}

static bool is_vector_type(const Type *t)
{
    return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_COMPLEX_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR;
}

static bool is_matrix_type(const Type *t)
{
    return t->kind == TY_MATRIX || t->kind == TY_COMPLEX_MATRIX;
}

static bool is_row_type(const Type *t)
{
    return t->kind == TY_ROW_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR;
}

/* A fresh container for elements like those of o. */
static Opnd new_like(Emit *em, Opnd o, const char *n, const char *rows,
                     const char *cols)
{
    return o.is_complex ? em_new_complex(em, n, rows, cols)
                        : em_new_container(em, n, rows, cols, o.is_int);
}

/* em_index_map for a value named `name` with dimensions dims[0..total-1]
 * (row-major); *shape (unless shape is NULL) gets the result's
 * dimensions, the kept ones (emit_dims.c). */
static const char *index_map_dims(Emit *em, const char *name,
                                  const char *const *dims, int total,
                                  const MirIndex *ix, int k,
                                  const char **count, const char **rows,
                                  const char **cols, const char ***shape)
{
    if (k > total)
        em_unsupported(em, "indexing '%s' with more indices than it has "
                       "dimensions", name);
    /* per dimension: the 1-based index as a C expression of the loop
     * counter j<d> (kept dimensions) or a fixed value (single indices) */
    const char *idx[16], *len[16];
    int kept[16], nkept = 0;
    for (int d = 0; d < total; d++) {
        const MirIndex *x = d < k ? &ix[d] : NULL;
        const char *dim = dims[d];
        const char *j = A("j%d", d);
        len[d] = NULL;
        if (x && x->kind == IDX_SINGLE) {
            const char *i = em_fresh(em, "i");
            em_line(em, "int %s = %s;", i, em_value(em, x->lo).val);
            check_index(em, name, i, dim);
            idx[d] = i;
            continue;
        }
        const char *l = em_fresh(em, "len");
        if (!x || x->kind == IDX_ALL) {
            em_line(em, "int %s = %s;", l, dim);
            idx[d] = A("(%s + 1)", j);
        } else if (x->kind == IDX_MULTI) {
            Opnd g = em_value(em, x->lo);
            em_line(em, "int %s = %s;", l, g.n);
            const char *i = em_fresh(em, "i");
            em_line(em, "for (int %s = 0; %s < %s; %s++) {", i, i, l, i);
            em->indent++;
            check_index(em, name, A("%s[%s]", g.val, i), dim);
            em->indent--;
            em_line(em, "}");
            idx[d] = A("%s[%s]", g.val, j);
        } else {
            const char *lo = x->kind == IDX_LOWER || x->kind == IDX_BETWEEN
                ? em_value(em, x->lo).val : "1";
            const char *hi = x->kind == IDX_UPPER || x->kind == IDX_BETWEEN
                ? em_value(em, x->hi).val : dim;
            const char *a = em_fresh(em, "lo");
            em_line(em, "int %s = %s;", a, lo);
            em_line(em, "int %s = (%s) >= %s ? (%s) - %s + 1 : 0;", l, hi, a,
                    hi, a);
            em_line(em, "if (%s > 0) {", l);
            em->indent++;
            check_index(em, name, a, dim);
            check_index(em, name, A("%s + %s - 1", a, l), dim);
            em->indent--;
            em_line(em, "}");
            idx[d] = A("(%s + %s)", a, j);
        }
        len[d] = l;
        kept[nkept++] = d;
    }
    const char *n = "1";
    for (int i = 0; i < nkept; i++)
        n = A("%s * %s", n, len[kept[i]]);
    const char *cnt = em_fresh(em, "n");
    em_line(em, "int %s = %s;", cnt, n);
    const char *map = em_fresh(em, "map");
    em_line(em, "int *%s = rt_scratch_ints(&S->scratch, (size_t)%s);", map,
            cnt);
    const char *off = "0";
    for (int d = 0; d < total; d++) {
        const char *stride = "1";
        for (int r = d + 1; r < total; r++)
            stride = A("%s * %s", stride, dims[r]);
        off = A("%s + (%s - 1) * %s", off, idx[d], stride);
    }
    const char *q = em_fresh(em, "q");
    em_line(em, "{");
    em->indent++;
    em_line(em, "int %s = 0;", q);
    for (int i = 0; i < nkept; i++) {
        int d = kept[i];
        em_line(em, "for (int j%d = 0; j%d < %s; j%d++)", d, d, len[d], d);
        em->indent++;
    }
    em_line(em, "%s[%s++] = %s;", map, q, off);
    em->indent -= nkept;
    em->indent--;
    em_line(em, "}");
    *count = cnt;
    /* the result's shape: the last two kept dimensions */
    *rows = nkept >= 2 ? len[kept[nkept - 2]] : cnt;
    *cols = nkept >= 2 ? len[kept[nkept - 1]] : "1";
    if (shape) {
        const char **kd = arena_alloc(em->a, sizeof *kd
                                      * (size_t)(nkept + 1));
        for (int i = 0; i < nkept; i++)
            kd[i] = len[kept[i]];
        *shape = kd;
    }
    return map;
}

static const char *var_index_map(Emit *em, VarId v, const MirIndex *ix,
                                 int k, const char **count, const char **rows,
                                 const char **cols, const char ***shape)
{
    const MirVar *var = &em->p->vars[v];
    int total = em_var_rank(var);
    if (total > 16)
        em_unsupported(em, "indexing a variable of %d dimensions", total);
    const char *dims[16];
    for (int d = 0; d < total; d++)
        dims[d] = em_var_dim(em, v, d);
    return index_map_dims(em, em_var_user_name(em, v), dims, total, ix, k,
                          count, rows, cols, shape);
}

const char *em_index_map(Emit *em, VarId v, const MirIndex *ix, int k,
                         const char **count, const char **rows,
                         const char **cols)
{
    return var_index_map(em, v, ix, k, count, rows, cols, NULL);
}

/* The offsets selected by the indices of e, whose base is an expression
 * (not a variable) with value b. */
static const char *expr_index_map(Emit *em, const MirExpr *e, Opnd b,
                                  const char **count, const char **rows,
                                  const char **cols, const char ***shape)
{
    const Type *t = e->args[0]->type;
    const char *dims[16];
    int total;
    if (b.shape && em_type_rank(t) <= 16) {
        total = em_type_rank(t);
        for (int d = 0; d < total; d++)
            dims[d] = b.shape[d];
    } else if (is_matrix_type(t)
        || (t->kind == TY_ARRAY && t->dims == 1 && is_vector_type(t->elem))) {
        dims[0] = b.rows;
        dims[1] = b.cols;
        total = 2;
    } else if (is_vector_type(t)
               || (t->kind == TY_ARRAY && t->dims == 1
                   && !em_is_container_type(t->elem))) {
        dims[0] = b.n;
        total = 1;
    } else {
        em_unsupported(em, "indexing an expression of this type");
    }
    return index_map_dims(em, "expression", dims, total, e->indices,
                          e->nindices, count, rows, cols, shape);
}

static const char *index_offset(Emit *em, VarId v, const MirIndex *ix, int k,
                                const char **count)
{
    return em_index_offset(em, v, ix, k, 0, count);
}

/* The element offset and count of x[a:b] on x's outermost dimension. */
static void slice(Emit *em, VarId v, const MirIndex *ix, const char **off,
                  const char **count, const char **len)
{
    const MirVar *var = &em->p->vars[v];
    int rank = em_var_rank(var);
    const char *stride = "1";
    for (int r = 1; r < rank; r++)
        stride = A("%s * %s", stride, em_var_dim(em, v, r));
    const char *lo = ix->kind == IDX_LOWER || ix->kind == IDX_BETWEEN
        ? em_value(em, ix->lo).val : "1";
    const char *hi = ix->kind == IDX_UPPER || ix->kind == IDX_BETWEEN
        ? em_value(em, ix->hi).val : em_var_dim(em, v, 0);
    const char *o = em_fresh(em, "s"), *n = em_fresh(em, "n");
    const char *l = em_fresh(em, "len");
    em_line(em, "int %s = (%s - 1) * %s;", o, lo, stride);
    em_line(em, "int %s = %s >= %s ? %s - %s + 1 : 0;", l, hi, lo, hi, lo);
    em_line(em, "if (%s > 0) {", l);
    em->indent++;
    check_index(em, em_var_user_name(em, v), lo, em_var_dim(em, v, 0));
    check_index(em, em_var_user_name(em, v), hi, em_var_dim(em, v, 0));
    em->indent--;
    em_line(em, "}");
    em_line(em, "int %s = %s * %s;", n, l, stride);
    *off = o;
    *count = n;
    *len = l;
}

/* o, the part of variable v after its first `skip` dimensions, with
 * the shape of the rest when rows and cols do not say it (emit_dims.c). */
static Opnd var_shape(Emit *em, VarId v, int skip, Opnd o)
{
    const MirVar *var = &em->p->vars[v];
    int rank = em_var_rank(var) - skip;
    if (rank < 2)
        return o;
    const char **dims = arena_alloc(em->a, sizeof *dims * (size_t)rank);
    for (int d = 0; d < rank; d++)
        dims[d] = em_var_dim(em, v, skip + d);
    o.shape = dims;
    return o;
}

static Opnd value_indexed(Emit *em, const MirExpr *e)
{
    const MirExpr *base = e->args[0];
    if (base->kind != MX_VAR || base->var < 0) {
        /* f(x)[i, a:b]: the value, then a gather from it */
        Opnd b = em_value(em, base);
        const char *count, *rows, *cols, **shape;
        const char *map = expr_index_map(em, e, b, &count, &rows, &cols,
                                         &shape);
        if (!em_is_container_type(e->type)) {
            Opnd x = em_scalar(A("%s[%s[0]]", b.val, map), NULL, b.is_int);
            x.is_complex = b.is_complex;
            return x;
        }
        if (is_row_type(e->type)) {
            rows = "1";
            cols = count;
        }
        Opnd g = new_like(em, b, count, rows, cols);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[%s[k]];", count,
                g.val, b.val, map);
        if (em_needs_shape(e->type))
            g.shape = shape;
        return g;
    }
    VarId v = base->var;
    const char *ptr = em_var_val(em, v);
    bool is_int = ty_base(em->p->vars[v].sized.type)->kind == TY_INT;
    bool cx = em_is_complex_var(&em->p->vars[v]);
    Opnd like = {0};
    like.is_int = is_int;
    like.is_complex = cx;
    const char *adj = em_is_ad(em, e) && em_var_has_adj(em, v)
        ? em_var_adj(em, v) : NULL;
    /* x[a:b], x[a:], x[:b] on the outermost dimension: a contiguous run */
    if (e->nindices == 1 && e->indices[0].kind != IDX_SINGLE
        && e->indices[0].kind != IDX_MULTI) {
        const char *off, *count, *len;
        slice(em, v, &e->indices[0], &off, &count, &len);
        Opnd r = {A("(%s + %s)", ptr, off), adj ? A("(%s + %s)", adj, off)
                  : NULL, count, count, "1", true, is_int, cx, NULL};
        const Type *t = e->type;
        if (is_matrix_type(t)
            || (t->kind == TY_ARRAY && t->dims == 1
                && em_is_container_type(t->elem))) {
            /* rows lo..hi of a matrix, or vectors lo..hi of an array of
             * them: one per row */
            r.rows = len;
            r.cols = em_var_dim(em, v, 1);
        } else {
            em_shape_of(e->type, count, &r.rows, &r.cols);
        }
        if (em_needs_shape(e->type)) {
            int rank = em_type_rank(e->type);
            const char **dims = arena_alloc(em->a, sizeof *dims
                                            * (size_t)rank);
            dims[0] = len;
            for (int d = 1; d < rank; d++)
                dims[d] = em_var_dim(em, v, d);
            r = em_opnd_set_shape(em, e->type, r, dims);
        }
        return r;
    }
    const char *count;
    if (!em_indices_single(e->indices, e->nindices)) {
        /* any other mix of ranges, multi-indices and single indices: a
         * gather through the offsets of the selected elements */
        const char *rows, *cols, **shape;
        const char *map = var_index_map(em, v, e->indices, e->nindices,
                                        &count, &rows, &cols, &shape);
        if (is_row_type(e->type)) {
            rows = "1";
            cols = count;
        }
        Opnd g = new_like(em, like, count, rows, cols);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[%s[k]];", count,
                g.val, ptr, map);
        if (em_needs_shape(e->type))
            g.shape = shape;
        return g;
    }
    const char *off = index_offset(em, v, e->indices, e->nindices, &count);
    const char *o = em_fresh(em, "i");
    em_line(em, "int %s = %s;", o, off);
    if (!em_is_container_type(e->type)) {
        Opnd x = em_scalar(A("%s[%s]", ptr, o), adj ? A("%s[%s]", adj, o)
                           : NULL, is_int);
        x.is_complex = cx;
        return x;
    }
    Opnd r = {A("(%s + %s)", ptr, o), adj ? A("(%s + %s)", adj, o) : NULL,
              count, count, "1", true, is_int, cx, NULL};
    const Type *t = e->type;
    if (is_matrix_type(t)
        || (t->kind == TY_ARRAY && t->dims == 1 && is_vector_type(t->elem))) {
        /* a matrix, or an array of vectors (one per row), of an array
         * of them: its dimensions are the variable's after the indexed
         * ones (em_shape_of knows only the count: w[2][1] of array[2, 3]
         * vector[2] w took w[2] for six rows of one) */
        r.rows = em_var_dim(em, v, e->nindices);
        r.cols = em_var_dim(em, v, e->nindices + 1);
    } else {
        em_shape_of(e->type, count, &r.rows, &r.cols);
    }
    return var_shape(em, v, e->nindices, r);
}

static void backprop_indexed(Emit *em, const MirExpr *e, const char *adj)
{
    const MirExpr *base = e->args[0];
    if (base->kind != MX_VAR || base->var < 0) {
        Opnd b = em_value(em, base);
        const char *count, *rows, *cols;
        const char *map = expr_index_map(em, e, b, &count, &rows, &cols,
                                         NULL);
        const char *g = em_adj_buffer(em, b);
        if (em_is_container_type(e->type))
            em_line(em, "for (int k = 0; k < %s; k++) %s[%s[k]] += %s[k];",
                    count, g, map, adj);
        else
            em_line(em, "%s[%s[0]] += %s;", g, map, adj);
        em_backprop(em, base, g);
        return;
    }
    VarId v = base->var;
    if (!em_var_has_adj(em, v))
        return;
    const char *aptr = em_var_adj(em, v);
    const char *count, *off;
    const char *len;
    if (!em_indices_single(e->indices, e->nindices)
        && !(e->nindices == 1 && e->indices[0].kind != IDX_MULTI)) {
        const char *rows, *cols;
        const char *map = em_index_map(em, v, e->indices, e->nindices, &count,
                                       &rows, &cols);
        em_line(em, "for (int k = 0; k < %s; k++) %s[%s[k]] += %s[k];", count,
                aptr, map, adj);
        return;
    }
    if (e->nindices == 1 && e->indices[0].kind != IDX_SINGLE)
        slice(em, v, &e->indices[0], &off, &count, &len);
    else
        off = index_offset(em, v, e->indices, e->nindices, &count);
    if (!em_is_container_type(e->type)) {
        em_line(em, "%s[%s] += %s;", aptr, off, adj);
        return;
    }
    em_line(em, "for (int k = 0; k < %s; k++) %s[%s + k] += %s[k];", count,
            aptr, off, adj);
}

/* -------------------------------------------------------- elementwise ops */

/* The C operator of a scalar arithmetic or comparison operator. */
static const char *c_op(Op op)
{
    switch (op) {
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: case OP_EMUL: return "*";
    case OP_DIV: case OP_EDIV: return "/";
    case OP_MOD: return "%";
    case OP_EQ: return "==";
    case OP_NEQ: return "!=";
    case OP_LT: return "<";
    case OP_LEQ: return "<=";
    case OP_GT: return ">";
    case OP_GEQ: return ">=";
    default: return NULL;
    }
}

/* The rt_int.h helper of an int operator (C truncates towards zero, as
 * Stan does), or NULL for the comparisons. */
static const char *int_op(Op op)
{
    switch (op) {
    case OP_ADD: return "add";
    case OP_SUB: return "sub";
    case OP_MUL: case OP_EMUL: return "mul";
    case OP_DIV: case OP_EDIV: case OP_IDIV: return "div";
    case OP_MOD: return "mod";
    default: return NULL;
    }
}

Opnd em_int_checked(Emit *em, const char *fn, Opnd x)
{
    if (x.container) {
        Opnd o = em_new_container(em, x.n, x.rows, x.cols, true);
        em_line(em, "for (int k = 0; k < %s; k++)", x.n);
        em_line(em, "    if (rt_int_%s(%s[k], &%s[k], err)) return -1;", fn,
                x.val, o.val);
        return o;
    }
    const char *t = em_fresh(em, "n");
    em_line(em, "int %s = 0;", t);
    em_line(em, "if (rt_int_%s(%s, &%s, err)) return -1;", fn, x.val, t);
    return em_scalar(t, NULL, true);
}

/* Element k of an operand (a scalar broadcasts). */
const char *em_elem(Emit *em, Opnd o)
{
    return o.container ? A("%s[k]", o.val) : A("(%s)", o.val);
}

static Opnd value_binary(Emit *em, const MirExpr *e)
{
    Opnd l = em_value(em, e->args[0]), r = em_value(em, e->args[1]);
    bool is_int = ty_base(e->type)->kind == TY_INT;
    if (l.is_complex || r.is_complex || em_is_complex_type(e->type))
        return em_complex_binary(em, e, e->op, l, r);
    const char *checked = is_int && !l.container && !r.container
        ? int_op(e->op) : NULL;
    if (checked) {
        /* Stan ints wrap in C (undefined behaviour): overflow and division
         * by zero are errors, through rt_int.h's one-branch helpers */
        const char *t = em_fresh(em, "n");
        em_line(em, "int %s = 0;", t);
        em_line(em, "if (rt_int_%s(%s, %s, &%s, err)) return -1;", checked,
                l.val, r.val, t);
        return em_scalar(t, NULL, true);
    }
    /* b / A and A \ b with A a matrix solve a linear system (Stan's
     * mdivide_right and mdivide_left, rt_lu.h): not an elementwise
     * division */
    if ((e->op == OP_DIV || e->op == OP_LDIV) && r.container) {
        bool left = e->op == OP_LDIV;
        Opnd A = left ? l : r, B = left ? r : l;
        if (e->args[left ? 0 : 1]->type->kind != TY_MATRIX || !B.container
            || !A.rows || !A.cols || !B.rows || !B.cols)
            em_unsupported(em, "matrix division (%s) of these operands",
                           left ? "\\" : "/");
        const char *w = em_fresh(em, "w");
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)"
                "((%s) * (%s) + (%s)));", w, A.rows, A.rows, A.rows);
        Opnd o = em_new_container(em, B.n, B.rows, B.cols, false);
        em_line(em, "if (rt_mdivide_%s(%s, %s, %s, %s, %s, %s, %s, %s, err)) "
                "return -1;", left ? "left" : "right", l.val, l.rows, l.cols,
                r.val, r.rows, r.cols, o.val, w);
        return o;
    }
    if (e->op == OP_MUL && l.container && r.container) {
        /* a matrix or row_vector times a vector or matrix, with Stan's
         * check_multiplicable (without it a mismatch reads past r) */
        if (strcmp(l.cols, r.rows) != 0)
            em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"multiply: "
                    "Columns of m1 (%%d) and Rows of m2 (%%d) must match in "
                    "size\", (int)(%s), (int)(%s));", l.cols, r.rows, l.cols,
                    r.rows);
        Opnd o = em_new_container(em, A("%s * %s", l.rows, r.cols), l.rows,
                               r.cols, false);
        if (strcmp(l.rows, "1") == 0 && strcmp(r.cols, "1") == 0) {
            /* row_vector * vector: a scalar */
            const char *t = em_fresh(em, "t");
            em_line(em, "double %s = rt_dot_product(%s, %s, %s);", t, l.val,
                    r.val, r.n);
            return em_scalar(t, NULL, false);
        }
        em_line(em, "rt_multiply(%s, %s, %s, %s, %s, %s);", l.val, r.val,
                l.rows, l.cols, r.cols, o.val);
        return o;
    }
    if (e->op == OP_POW || e->op == OP_EPOW) {
        if (l.container || r.container)
            em_unsupported(em, "^ on containers");
        return em_scalar(A("rt_pow(%s, %s)", l.val, r.val), NULL, false);
    }
    const char *op = c_op(e->op);
    if (!op || (e->op == OP_MOD && !is_int))
        em_unsupported(em, "the operator %s here", ast_op_str(e->op));
    if (!l.container && !r.container)
        return em_scalar(A("(%s %s %s)", l.val, op, r.val), NULL, is_int);
    Opnd big = l.container ? l : r;
    Opnd o = em_new_container(em, big.n, big.rows, big.cols, is_int);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s %s %s;", big.n,
            o.val, em_elem(em, l), op, em_elem(em, r));
    return o;
}

/* An adjoint buffer (container) or scalar for an operand of shape o. */
const char *em_adj_buffer(Emit *em, Opnd o)
{
    const char *t = em_fresh(em, "g");
    if (o.is_complex && o.container)
        em_line(em, "double complex *%s = (double complex *)rt_scratch_"
                "doubles(&S->scratch, (size_t)2 * (%s));", t, o.n);
    else if (o.is_complex)
        em_line(em, "double complex %s = 0;", t);
    else if (o.container)
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
                "(size_t)(%s));", t, o.n);
    else
        em_line(em, "double %s = 0;", t);
    return t;
}

/* Add the adjoint `a` (for the whole result, shape `res`) times `factor`
 * (a C expression using index k for containers) into buffer g of operand
 * o: summing over the broadcast when o is a scalar. */
void em_accumulate(Emit *em, Opnd res, Opnd o, const char *g,
                       const char *a, const char *factor)
{
    if (!res.container) {
        em_line(em, "%s += (%s) * (%s);", g, a, factor);
    } else if (o.container) {
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] += %s[k] * (%s);",
                res.n, g, a, factor);
    } else {
        em_line(em, "for (int k = 0; k < %s; k++) %s += %s[k] * (%s);",
                res.n, g, a, factor);
    }
}

static void backprop_binary(Emit *em, const MirExpr *e, const char *adj)
{
    const MirExpr *le = e->args[0], *re = e->args[1];
    if (em_is_complex_type(e->type) || em_is_complex_type(le->type)
        || em_is_complex_type(re->type)) {
        em_complex_backprop_binary(em, e, e->op, adj);
        return;
    }
    bool lad = em_is_ad(em, le), rad = em_is_ad(em, re);
    if (!lad && !rad)
        return;
    Opnd l = em_value(em, le), r = em_value(em, re);
    Opnd res = {0};
    res.container = l.container || r.container;
    res.n = l.container ? l.n : r.n;
    if (e->op == OP_MUL && l.container && r.container) {
        const char *gl = lad ? em_adj_buffer(em, l) : "NULL";
        const char *gr = rad ? em_adj_buffer(em, r) : "NULL";
        if (strcmp(l.rows, "1") == 0 && strcmp(r.cols, "1") == 0)
            em_line(em, "rt_dot_product_adj(%s, %s, %s, %s, %s, %s);", l.val,
                    r.val, r.n, adj, gl, gr);
        else
            em_line(em, "rt_multiply_adj(%s, %s, %s, %s, %s, %s, %s, %s);",
                    l.val, r.val, adj, l.rows, l.cols, r.cols, gl, gr);
        if (lad)
            em_backprop(em, le, gl);
        if (rad)
            em_backprop(em, re, gr);
        return;
    }
    if ((e->op == OP_DIV || e->op == OP_LDIV) && r.container) {
        /* the solves of value_binary: the runtime's _adj rule into
         * buffers of the operands that carry derivatives */
        bool left = e->op == OP_LDIV;
        Opnd A = left ? l : r, B = left ? r : l;
        Opnd X = em_value(em, e);
        const char *gl = lad ? em_adj_buffer(em, l) : "NULL";
        const char *gr = rad ? em_adj_buffer(em, r) : "NULL";
        const char *w = em_fresh(em, "w");
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)"
                "((%s) * (%s) + (%s) + (%s)));", w, A.rows, A.rows, A.rows,
                B.n);
        if (left)
            em_line(em, "rt_mdivide_left_adj(%s, %s, %s, %s, %s, %s, %s, "
                    "%s);", A.val, X.val, adj, B.rows, B.cols, gl, gr, w);
        else
            em_line(em, "rt_mdivide_right_adj(%s, %s, %s, %s, %s, %s, %s, "
                    "%s);", A.val, X.val, adj, B.rows, B.cols, gl, gr, w);
        if (lad)
            em_backprop(em, le, gl);
        if (rad)
            em_backprop(em, re, gr);
        return;
    }
    const char *lk = em_elem(em, l), *rk = em_elem(em, r);
    const char *dl = NULL, *dr = NULL;
    switch (e->op) {
    case OP_ADD:
        dl = "1.0";
        dr = "1.0";
        break;
    case OP_SUB:
        dl = "1.0";
        dr = "-1.0";
        break;
    case OP_MUL:
    case OP_EMUL:
        dl = rk;
        dr = lk;
        break;
    case OP_DIV:
    case OP_EDIV:
        dl = A("1.0 / %s", rk);
        dr = A("-%s / (%s * %s)", lk, rk, rk);
        break;
    case OP_POW:
    case OP_EPOW: {
        const char *dx = em_fresh(em, "d"), *dy = em_fresh(em, "d");
        em_line(em, "double %s = 0, %s = 0;", dx, dy);
        em_line(em, "rt_pow_d(%s, %s, rt_pow(%s, %s), &%s, &%s);", l.val,
                r.val, l.val, r.val, dx, dy);
        dl = dx;
        dr = dy;
        break;
    }
    default:
        return;  /* comparisons: no derivative */
    }
    if (lad) {
        const char *g = em_adj_buffer(em, l);
        em_accumulate(em, res, l, g, adj, dl);
        em_backprop(em, le, g);
    }
    if (rad) {
        const char *g = em_adj_buffer(em, r);
        em_accumulate(em, res, r, g, adj, dr);
        em_backprop(em, re, g);
    }
}

/* ---------------------------------------------------------- expressions */

void em_forget_emitted(Emit *em)
{
    em->nemitted = 0;
}

/* c ? a : b of containers: the chosen arm's elements copied into scratch
 * memory with its sizes (the arms may differ in size; an arm's own
 * storage may be local to its branch).  Only the chosen arm runs. */
static Opnd value_ternary_container(Emit *em, const MirExpr *e)
{
    bool is_int = ty_base(e->type)->kind == TY_INT;
    bool cx = em_is_complex_type(e->type);
    Opnd c = em_value(em, e->args[0]);
    const char *t = em_fresh(em, "t");
    const char *n = A("%s_n", t), *r = A("%s_r", t), *k = A("%s_c", t);
    const char *ct = is_int ? "int" : cx ? "double complex" : "double";
    em_line(em, "%s *%s = NULL;", ct, t);
    em_line(em, "int %s = 0, %s = 0, %s = 0;", n, r, k);
    /* all the dimensions, when rows and cols do not say them */
    int rank = em_needs_shape(e->type) ? em_type_rank(e->type) : 0;
    if (rank > 0)
        em_line(em, "int %s_d[%d] = {0};", t, rank);
    em_line(em, "if (%s) {", c.val);
    for (int arm = 1; arm <= 2; arm++) {
        em->indent++;
        em->block_depth++;
        Opnd y = em_value(em, e->args[arm]);
        for (int d = 0; d < rank; d++)
            em_line(em, "%s_d[%d] = %s;", t, d,
                    em_opnd_dim(em, e->args[arm]->type, y, d));
        em_line(em, "%s = %s;", n, y.n);
        em_line(em, "%s = %s;", r, y.rows ? y.rows : y.n);
        em_line(em, "%s = %s;", k, y.cols ? y.cols : "1");
        if (is_int)
            em_line(em, "%s = rt_scratch_ints(&S->scratch, (size_t)%s);", t, n);
        else if (cx)
            em_line(em, "%s = (double complex *)rt_scratch_doubles(&S->scratch, "
                    "(size_t)2 * (size_t)%s);", t, n);
        else
            em_line(em, "%s = rt_scratch_doubles(&S->scratch, (size_t)%s);", t,
                    n);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", n, t,
                y.val);
        em->block_depth--;
        em->indent--;
        em_line(em, arm == 1 ? "} else {" : "}");
    }
    Opnd o = {t, NULL, n, r, k, true, is_int, cx, NULL};
    if (rank > 0) {
        const char **dims = arena_alloc(em->a, sizeof *dims * (size_t)rank);
        for (int d = 0; d < rank; d++)
            dims[d] = A("%s_d[%d]", t, d);
        o.shape = dims;
    }
    return o;
}

static Opnd value_uncached(Emit *em, const MirExpr *e);

void em_reuse_assigned_value(Emit *em, const MirExpr *e, VarId v,
                             const char *at)
{
    if (em->nemitted >= (int)(sizeof em->emitted / sizeof em->emitted[0]))
        return;
    MirExpr x = {.kind = MX_VAR, .var = v, .type = em->p->vars[v].sized.type,
                 .ad = AD_DATA};
    Opnd o = value_uncached(em, &x);
    o.adj = NULL;   /* the value only: e's adjoint is the caller's */
    if (at)
        o.val = at;
    em->emitted[em->nemitted].node = e;
    em->emitted[em->nemitted].value = o;
    em->nemitted++;
}

Opnd em_value(Emit *em, const MirExpr *e)
{
    if (e->kind != MX_CALL && e->kind != MX_INDEXED)
        return value_uncached(em, e);   /* cheap to write again */
    /* this very node's value, emitted already in this statement */
    for (int i = 0; i < em->nemitted; i++)
        if (em->emitted[i].node == e)
            return em->emitted[i].value;
    int depth = em->block_depth;
    Opnd o = value_uncached(em, e);
    if (e->kind == MX_CALL)
        o = em_call_shape(em, e, o);
    if (depth == 0 && em->block_depth == 0
        && em->nemitted < (int)(sizeof em->emitted / sizeof em->emitted[0])) {
        em->emitted[em->nemitted].node = e;
        em->emitted[em->nemitted].value = o;
        em->nemitted++;
    }
    return o;
}

static Opnd value_uncached(Emit *em, const MirExpr *e)
{
    switch (e->kind) {
    case MX_INT:
        return em_scalar(e->text, NULL, true);
    case MX_REAL:
        return em_scalar(A("%s%s", e->text,
                        strpbrk(e->text, ".eE") ? "" : ".0"), NULL, false);
    case MX_VAR: {
        if (e->var < 0)
            em_unsupported(em, "passing the function %s as an argument",
                           e->fn);
        VarId v = e->var;
        const MirVar *var = &em->p->vars[v];
        bool is_int = ty_base(var->sized.type)->kind == TY_INT;
        const char *adj = em_is_ad(em, e) && em_var_has_adj(em, v)
            ? em_var_adj(em, v) : NULL;
        bool cx = em_is_complex_var(var);
        if (!em_is_container_type(var->sized.type)) {
            Opnd x = em_scalar(A("%s[0]", em_var_val(em, v)),
                               adj ? A("%s[0]", adj) : NULL, is_int);
            x.is_complex = cx;
            return x;
        }
        Opnd o = {em_var_val(em, v), adj, em_var_count(em, v), NULL, NULL,
                  true, is_int, cx, NULL};
        const Type *t = var->sized.type;
        if (is_matrix_type(t) || (t->kind == TY_ARRAY && t->dims == 1
                                  && is_vector_type(t->elem))) {
            /* a matrix, or an array of vectors seen as one per row */
            o.rows = em_var_dim(em, v, 0);
            o.cols = em_var_dim(em, v, 1);
        } else {
            em_shape_of(t, o.n, &o.rows, &o.cols);
        }
        return var_shape(em, v, 0, o);
    }
    case MX_CALL:
        if (e->fn_kind == FNK_INTERNAL && (e->internal == FN_MAKE_ARRAY
                                          || e->internal == FN_MAKE_ROW_VEC)) {
            /* {a, b, c} and [a, b, c] of scalars */
            bool is_int = ty_base(e->type)->kind == TY_INT;
            Opnd like = {0};
            like.is_int = is_int;
            like.is_complex = em_is_complex_type(e->type);
            const char *n = A("%d", e->nargs);
            const char *rows, *cols;
            em_shape_of(e->type, n, &rows, &cols);
            if (e->nargs > 0 && em_is_container_type(e->args[0]->type)) {
                /* {u, v} of vectors, [r1, r2] of row_vectors (a matrix):
                 * the elements one after the other, row-major */
                Opnd first = em_value(em, e->args[0]);
                Opnd o = new_like(em, like, A("%s * %s", n, first.n), n,
                                  first.n);
                for (int i = 0; i < e->nargs; i++) {
                    Opnd a = em_value(em, e->args[i]);
                    em_line(em, "for (int k = 0; k < %s; k++) %s[%d * %s + "
                            "k] = %s[k];", first.n, o.val, i, first.n, a.val);
                }
                if (em_needs_shape(e->type)) {
                    /* {m1, m2} of matrices, {a, b} of arrays: n, then
                     * the dimensions of the first */
                    const Type *et = e->args[0]->type;
                    int rank = em_type_rank(et);
                    const char **dims = arena_alloc(em->a, sizeof *dims
                                                    * (size_t)(rank + 1));
                    dims[0] = n;
                    for (int d = 0; d < rank; d++)
                        dims[d + 1] = em_opnd_dim(em, et, first, d);
                    o = em_opnd_set_shape(em, e->type, o, dims);
                }
                return o;
            }
            Opnd o = new_like(em, like, n, rows, cols);
            for (int i = 0; i < e->nargs; i++) {
                Opnd a = em_value(em, e->args[i]);
                em_line(em, "%s[%d] = %s;", o.val, i, a.val);
            }
            return o;
        }
        if (e->fn_kind == FNK_INTERNAL && e->internal == FN_MAKE_TUPLE)
            em_unsupported(em, "a whole %s value here (printed, or passed "
                           "to a function: its slots can be used)",
                           ty_str(em->a, e->type));
        if (e->fn_kind == FNK_INTERNAL && e->internal == FN_TARGET)
            /* the log density so far, the Jacobian terms included, as
             * Stan's target(): in an _lp function the caller's
             * (emit_target.c) */
            return em_target_value(em, e);
        if (e->fn_kind == FNK_INTERNAL)
            em_unsupported(em, "%s inside an expression", e->fn);
        if (em_elementwise(em, e))
            return em_value_elementwise(em, e);
        if (e->op != OP_NONE && !e->prefix && e->op != OP_TRANSPOSE)
            return value_binary(em, e);
        return em_value_call(em, e);
    case MX_TERNARY: {
        /* only the chosen arm runs: the other may reject (Stan's ?: is
         * lazy) */
        if (em_is_container_type(e->type))
            return value_ternary_container(em, e);
        bool is_int = ty_base(e->type)->kind == TY_INT;
        bool cx = em_is_complex_type(e->type);
        Opnd c = em_value(em, e->args[0]);
        const char *t = em_fresh(em, "t");
        em_line(em, "%s %s = 0;", is_int ? "int" : cx ? "double complex"
                                                      : "double", t);
        em_line(em, "if (%s) {", c.val);
        em->indent++;
        em->block_depth++;
        Opnd y = em_value(em, e->args[1]);
        em_line(em, "%s = %s;", t, y.val);
        em->indent--;
        em_line(em, "} else {");
        em->indent++;
        Opnd n = em_value(em, e->args[2]);
        em_line(em, "%s = %s;", t, n.val);
        em->block_depth--;
        em->indent--;
        em_line(em, "}");
        Opnd x = em_scalar(t, NULL, is_int);
        x.is_complex = cx;
        return x;
    }
    case MX_AND:
    case MX_OR: {
        /* short-circuit: the right operand's code runs only when needed */
        const char *t = em_fresh(em, "t");
        Opnd l = em_value(em, e->args[0]);
        em_line(em, "int %s = (%s) != 0;", t, l.val);
        em_line(em, "if (%s%s) {", e->kind == MX_AND ? "" : "!", t);
        em->indent++;
        em->block_depth++;
        Opnd r = em_value(em, e->args[1]);
        em_line(em, "%s = (%s) != 0;", t, r.val);
        em->block_depth--;
        em->indent--;
        em_line(em, "}");
        return em_scalar(t, NULL, true);
    }
    case MX_INDEXED:
        return value_indexed(em, e);
    case MX_PROMOTE: {
        Opnd x = em_value(em, e->args[0]);
        if (!x.is_int || ty_base(e->type)->kind == TY_INT
            || ty_base(e->type)->kind == TY_COMPLEX)
            return x;
        /* int to real: a real value (3 ./ 2 divides reals) */
        if (!x.container)
            return em_scalar(A("((double)%s)", x.val), NULL, false);
        Opnd o = em_new_container(em, x.n, x.rows, x.cols, false);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = (double)%s[k];",
                x.n, o.val, x.val);
        o.shape = x.shape;
        return o;
    }
    case MX_IMAG:
        return em_complex_imag(em, e);
    case MX_STR:
    case MX_TUPLE_PROJ:
    case MX__COUNT:
        break;
    }
    em_unsupported(em, "%s expressions", mir_expr_kind_name(e->kind));
}

void em_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (!em_is_ad(em, e))
        return;
    if (e->kind == MX_CALL && em_elementwise(em, e)) {
        em_backprop_elementwise(em, e, adj);
        return;
    }
    switch (e->kind) {
    case MX_VAR: {
        VarId v = e->var;
        if (v < 0 || !em_var_has_adj(em, v))
            return;
        if (!em_is_container_type(em->p->vars[v].sized.type))
            em_line(em, "%s[0] += %s;", em_var_adj(em, v), adj);
        else
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] += %s[k];",
                    em_var_count(em, v), em_var_adj(em, v), adj);
        return;
    }
    case MX_CALL:
        if (e->fn_kind == FNK_INTERNAL && e->internal == FN_TARGET) {
            /* its adjoint goes to every term added before it: into the
             * adjoint of target, which the reverse sweep carries back
             * to them (emit_target.c) */
            em_target_backprop(em, adj);
            return;
        }
        if (e->fn_kind == FNK_INTERNAL && (e->internal == FN_MAKE_ARRAY
                                          || e->internal == FN_MAKE_ROW_VEC)) {
            if (e->nargs > 0 && em_is_container_type(e->args[0]->type)) {
                Opnd first = em_value(em, e->args[0]);
                for (int i = 0; i < e->nargs; i++)
                    em_backprop(em, e->args[i], A("(%s + %d * %s)", adj, i,
                                                  first.n));
                return;
            }
            for (int i = 0; i < e->nargs; i++)
                em_backprop(em, e->args[i], A("%s[%d]", adj, i));
            return;
        }
        if (e->op != OP_NONE && !e->prefix && e->op != OP_TRANSPOSE)
            backprop_binary(em, e, adj);
        else
            em_backprop_call(em, e, adj);
        return;
    case MX_TERNARY: {
        Opnd c = em_value(em, e->args[0]);
        em_line(em, "if (%s) {", c.val);
        em->indent++;
        em->block_depth++;
        em_backprop(em, e->args[1], adj);
        em->indent--;
        em_line(em, "} else {");
        em->indent++;
        em_backprop(em, e->args[2], adj);
        em->block_depth--;
        em->indent--;
        em_line(em, "}");
        return;
    }
    case MX_INDEXED:
        backprop_indexed(em, e, adj);
        return;
    case MX_PROMOTE:
        if (em_is_complex_type(e->type) && !em_is_complex_type(e->args[0]->type))
            em_complex_backprop_real(em, e->args[0], adj);
        else
            em_backprop(em, e->args[0], adj);
        return;
    default:
        em_unsupported(em, "derivatives through %s expressions",
                       mir_expr_kind_name(e->kind));
    }
}

