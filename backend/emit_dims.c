/* emit_dims.c - all the dimensions of a container value.
 *
 * A value's Opnd says its element count and rows x cols: enough for a
 * vector, a row_vector, a matrix, a one-dimensional array of scalars and
 * an array of vectors (one per row).  A value of more dimensions
 * (array[,] real, array[] matrix, array[,] vector, their complex
 * counterparts) is stored row-major like the others, but its rows and
 * cols say only its last two dimensions at best; where all are needed
 * (an argument or result of a user function, an index into a value that
 * is not a variable) Opnd.shape holds them, set where the value is made:
 * a variable, the element or slice of one, a user function's result, an
 * array expression, a promotion, a ?: of two. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

int em_type_rank(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    int linear = k == TY_VECTOR || k == TY_ROW_VECTOR
        || k == TY_COMPLEX_VECTOR || k == TY_COMPLEX_ROW_VECTOR ? 1
        : k == TY_MATRIX || k == TY_COMPLEX_MATRIX ? 2 : 0;
    return ty_array_dims(t) + linear;
}

static bool is_vec(const Type *t)
{
    return t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
        || t->kind == TY_COMPLEX_VECTOR || t->kind == TY_COMPLEX_ROW_VECTOR;
}

static bool is_mat(const Type *t)
{
    return t->kind == TY_MATRIX || t->kind == TY_COMPLEX_MATRIX;
}

/* A matrix or an array of vectors: rows and cols are its two dimensions. */
static bool rows_cols_are_dims(const Type *t)
{
    return is_mat(t) || (t->kind == TY_ARRAY && t->dims == 1 && is_vec(t->elem));
}

bool em_needs_shape(const Type *t)
{
    return em_type_rank(t) >= 2 && !rows_cols_are_dims(t);
}

const char *em_opnd_dim(Emit *em, const Type *t, Opnd o, int k)
{
    int rank = em_type_rank(t);
    if (k < 0 || k >= rank)
        em_unsupported(em, "dimension %d of a value of type %s", k + 1,
                       ty_str(em->a, t));
    if (o.shape)
        return o.shape[k];
    if (rank == 1)
        return o.n;
    if (rows_cols_are_dims(t) && o.rows && o.cols)
        return k == 0 ? o.rows : o.cols;
    em_unsupported(em, "this expression of type %s where its dimensions are "
                   "needed (a variable of that type can be used)",
                   ty_str(em->a, t));
}

Opnd em_opnd_shaped(Emit *em, const Type *t, Opnd o, const char *const *dims)
{
    int rank = em_type_rank(t);
    const char *n = dims[0];
    for (int k = 1; k < rank; k++)
        n = A("%s * %s", n, dims[k]);
    o.n = rank > 1 ? A("(%s)", n) : n;
    o.container = true;
    if (rank == 1) {
        em_shape_of(t, o.n, &o.rows, &o.cols);
    } else {
        /* as {a, b} makes them: the outermost dimension by the rest (a
         * matrix's rows and columns; to_matrix of an array[,] reads
         * them) */
        const char *rest = dims[1];
        for (int k = 2; k < rank; k++)
            rest = A("%s * %s", rest, dims[k]);
        o.rows = dims[0];
        o.cols = rank > 2 ? A("(%s)", rest) : rest;
    }
    o.shape = NULL;
    return rank >= 2 ? em_opnd_set_shape(em, t, o, dims) : o;
}

Opnd em_opnd_set_shape(Emit *em, const Type *t, Opnd o,
                       const char *const *dims)
{
    int rank = em_type_rank(t);
    if (rank < 2)
        return o;
    const char **s = arena_alloc(em->a, sizeof *s * (size_t)rank);
    for (int k = 0; k < rank; k++)
        s[k] = dims[k];
    o.shape = s;
    return o;
}

const char *em_size_of(Emit *em, const char *fn, const Type *t, Opnd x)
{
    const char *v = x.n;
    if (strcmp(fn, "rows") == 0)
        v = x.rows;
    else if (strcmp(fn, "cols") == 0)
        v = x.cols;
    /* the size of an array is its outermost dimension, not its count of
     * elements (array[2, 3] real and array[2] vector[3] have size 2) */
    else if (strcmp(fn, "size") == 0 && t->kind == TY_ARRAY)
        v = em_opnd_dim(em, t, x, 0);
    /* in a variable of its own: x[size(x)]'s index check would compare
     * the dimension with itself, which the C compiler warns about */
    const char *s = em_fresh(em, "size");
    em_line(em, "int %s = %s;", s, v);
    return s;
}

/* The value of argument x, evaluated again for its dimensions: refused
 * when its code draws, prints or touches target (a second run would do
 * it again); otherwise the first run's value where em_value kept it. */
static Opnd arg_again(Emit *em, const MirExpr *x)
{
    MirEffect eff = mir_expr_effect((MirExpr *)x);
    if (eff & (EFF_RNG | EFF_PRINTS | EFF_TARGET))
        em_unsupported(em, "the dimensions of a value of type %s made from "
                       "an argument that draws, prints or reads target",
                       ty_str(em->a, x->type));
    return em_value(em, x);
}

Opnd em_call_shape(Emit *em, const MirExpr *e, Opnd o)
{
    const Type *t = e->type;
    if (!o.container || o.shape || !em_needs_shape(t)
        || e->fn_kind == FNK_USER || !e->fn)
        return o;
    int rank = em_type_rank(t);
    const char **dims = arena_alloc(em->a, sizeof *dims * (size_t)rank);
    const char *fn = e->fn;
    if (strcmp(fn, "to_array_2d") == 0 && e->nargs == 1) {
        Opnd m = arg_again(em, e->args[0]);
        dims[0] = em_opnd_dim(em, e->args[0]->type, m, 0);
        dims[1] = em_opnd_dim(em, e->args[0]->type, m, 1);
        return em_opnd_set_shape(em, t, o, dims);
    }
    if (strcmp(fn, "append_array") == 0 && e->nargs == 2) {
        Opnd a = arg_again(em, e->args[0]), b = arg_again(em, e->args[1]);
        dims[0] = em_size_sum(em, em_opnd_dim(em, e->args[0]->type, a, 0),
                              em_opnd_dim(em, e->args[1]->type, b, 0));
        for (int k = 1; k < rank; k++)
            dims[k] = em_opnd_dim(em, e->args[0]->type, a, k);
        return em_opnd_set_shape(em, t, o, dims);
    }
    if (strcmp(fn, "rep_array") == 0 && e->nargs >= 2
        && em_is_container_type(e->args[0]->type)) {
        /* copies of a container: the counts, then its dimensions */
        int nrep = e->nargs - 1;
        for (int k = 0; k < nrep; k++)
            dims[k] = arg_again(em, e->args[k + 1]).val;
        Opnd x = arg_again(em, e->args[0]);
        for (int k = nrep; k < rank; k++)
            dims[k] = em_opnd_dim(em, e->args[0]->type, x, k - nrep);
        return em_opnd_set_shape(em, t, o, dims);
    }
    /* elementwise functions (exp(a), pow(a, 2), to_int(a), fmax(a, b)):
     * the shape of the first argument of the result's rank.  Not for a
     * function that changes an argument's sizes (head, append_array, ...:
     * above, or emit_shape.c) */
    if (!em_elementwise(em, e) && !em_elementwise_unary(fn)
        && !em_binary_fn(fn) && strcmp(fn, "to_int") != 0)
        return o;
    for (int i = 0; i < e->nargs; i++) {
        const Type *at = e->args[i]->type;
        if (!at || em_type_rank(at) != rank || !em_is_container_type(at))
            continue;
        Opnd a = arg_again(em, e->args[i]);
        for (int k = 0; k < rank; k++)
            dims[k] = em_opnd_dim(em, at, a, k);
        return em_opnd_set_shape(em, t, o, dims);
    }
    return o;
}
