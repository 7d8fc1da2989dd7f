/* types.h - Stan's unsized types (the typechecker's view of a value).
 *
 * Reference Manual, "Data types and declarations": every expression has an
 * unsized type: a base type, an array of a non-array type with a number of
 * dimensions, a tuple, or a function type.  Sizes and constraints belong to
 * declarations (ast.h SizedType), not to types. */
#ifndef PPL_TYPES_H
#define PPL_TYPES_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"

typedef enum TypeKind {
    TY_INT,
    TY_REAL,
    TY_COMPLEX,
    TY_VECTOR,
    TY_ROW_VECTOR,
    TY_MATRIX,
    TY_COMPLEX_VECTOR,
    TY_COMPLEX_ROW_VECTOR,
    TY_COMPLEX_MATRIX,
    TY_ARRAY,     /* dims, elem */
    TY_TUPLE,     /* n, items */
    TY_FUNCTION,  /* n, items (arguments), data_only, ret, fun_kind */
    TY_STRING,    /* string literals: only in print/reject/fatal_error */
    TY_VOID,      /* return type of void functions */
    TY_ERROR      /* an expression that already failed to check */
} TypeKind;

/* How a function's name suffix lets it be used (Reference Manual,
 * "User-defined functions": function names ending in _lpdf, _rng, ...). */
typedef enum FunKind {
    FK_PLAIN,
    FK_LPDF,
    FK_LPMF,
    FK_LCDF,
    FK_LCCDF,
    FK_RNG,
    FK_LP,
    FK_JACOBIAN
} FunKind;

/* Whether a value may depend on parameters (stanc3's autodiff level). */
typedef enum AdLevel { AD_DATA, AD_AUTODIFF } AdLevel;

typedef struct Type Type;
struct Type {
    TypeKind kind;
    int dims;               /* TY_ARRAY: array dimensions, >= 1 */
    const Type *elem;       /* TY_ARRAY: element type, never an array */
    int n;                  /* TY_TUPLE items, TY_FUNCTION arguments */
    const Type **items;     /* TY_TUPLE, TY_FUNCTION */
    const bool *data_only;  /* TY_FUNCTION: argument declared `data` */
    const Type *ret;        /* TY_FUNCTION: return type (TY_VOID if none) */
    FunKind fun_kind;       /* TY_FUNCTION */
};

/* Shared immutable instances of the types without parameters. */
const Type *ty_basic(TypeKind k);
#define TY(k) ty_basic(TY_##k)

/* An array of `dims` dimensions; an array of arrays is flattened. */
const Type *ty_array(Arena *a, int dims, const Type *elem);
const Type *ty_tuple(Arena *a, int n, const Type **items);
const Type *ty_function(Arena *a, const Type *ret, int n, const Type **args,
                        const bool *data_only, FunKind fk);

bool ty_equal(const Type *x, const Type *y);
/* The element type of an array (itself for a non-array), and the number of
 * array dimensions (0 for a non-array). */
const Type *ty_base(const Type *t);
int ty_array_dims(const Type *t);
bool ty_is_scalar(const Type *t);      /* int, real, complex */
bool ty_is_real_or_int(const Type *t);
bool ty_is_container(const Type *t);   /* array, vector, row_vector, matrix */
bool ty_is_complex_valued(const Type *t);
/* The type left after indexing one position into t (array dim, vector,
 * row of a matrix); NULL if t cannot be indexed. */
const Type *ty_index_once(Arena *a, const Type *t);
/* The complex counterpart of a real container type (vector -> complex_vector). */
const Type *ty_complexify(Arena *a, const Type *t);

/* Cost of implicitly promoting a value of type `from` to type `to`
 * (Reference Manual, "Type inference": int -> real -> complex, elementwise
 * through arrays and tuples); 0 for equal types, -1 when not allowed. */
int ty_promotion_cost(const Type *from, const Type *to);
/* The least type both promote to (for ?: arms, array expressions), or NULL. */
const Type *ty_join(Arena *a, const Type *x, const Type *y);

/* Print in stanc3's notation: `array[,] real`, `tuple(real, int)`,
 * `(data real, vector) => real`. */
void ty_print(FILE *out, const Type *t);
/* The same into an arena string. */
char *ty_str(Arena *a, const Type *t);

#endif
