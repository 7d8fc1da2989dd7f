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
    if (rows_cols_are_dims(t)) {
        o.rows = dims[0];
        o.cols = dims[1];
    } else {
        em_shape_of(t, o.n, &o.rows, &o.cols);
    }
    o.shape = NULL;
    if (rank >= 2) {
        const char **s = arena_alloc(em->a, sizeof *s * (size_t)rank);
        for (int k = 0; k < rank; k++)
            s[k] = dims[k];
        o.shape = s;
    }
    return o;
}

const char *em_size_of(Emit *em, const char *fn, const Type *t, Opnd x)
{
    if (strcmp(fn, "rows") == 0)
        return x.rows;
    if (strcmp(fn, "cols") == 0)
        return x.cols;
    /* the size of an array is its outermost dimension, not its count of
     * elements (array[2, 3] real and array[2] vector[3] have size 2) */
    if (strcmp(fn, "size") == 0 && t->kind == TY_ARRAY)
        return em_opnd_dim(em, t, x, 0);
    return x.n;
}
