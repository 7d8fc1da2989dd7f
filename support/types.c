/* types.c - Stan's unsized types: construction, comparison, promotion and
 * printing; see types.h. */
#include "types.h"

#include <stdlib.h>
#include <string.h>

/* ---- construction ---- */

/* One immutable instance per kind without parameters; the array, tuple and
 * function kinds have none (they are built in an arena). */
static const Type basic_types[] = {
    [TY_INT] = {.kind = TY_INT},
    [TY_REAL] = {.kind = TY_REAL},
    [TY_COMPLEX] = {.kind = TY_COMPLEX},
    [TY_VECTOR] = {.kind = TY_VECTOR},
    [TY_ROW_VECTOR] = {.kind = TY_ROW_VECTOR},
    [TY_MATRIX] = {.kind = TY_MATRIX},
    [TY_COMPLEX_VECTOR] = {.kind = TY_COMPLEX_VECTOR},
    [TY_COMPLEX_ROW_VECTOR] = {.kind = TY_COMPLEX_ROW_VECTOR},
    [TY_COMPLEX_MATRIX] = {.kind = TY_COMPLEX_MATRIX},
    [TY_ARRAY] = {.kind = TY_ERROR},
    [TY_TUPLE] = {.kind = TY_ERROR},
    [TY_FUNCTION] = {.kind = TY_ERROR},
    [TY_STRING] = {.kind = TY_STRING},
    [TY_VOID] = {.kind = TY_VOID},
    [TY_ERROR] = {.kind = TY_ERROR},
};

const Type *ty_basic(TypeKind k)
{
    /* Asking for a parameterised kind is a caller bug; the error type keeps
     * the checker going instead of crashing on a NULL. */
    if ((unsigned)k > TY_ERROR)
        return &basic_types[TY_ERROR];
    return &basic_types[k];
}

const Type *ty_array(Arena *a, int dims, const Type *elem)
{
    if (dims <= 0)
        return elem;
    if (elem->kind == TY_ARRAY) {
        dims += elem->dims;
        elem = elem->elem;
    }
    Type *t = NEW(a, Type);
    t->kind = TY_ARRAY;
    t->dims = dims;
    t->elem = elem;
    return t;
}

const Type *ty_tuple(Arena *a, int n, const Type **items)
{
    Type *t = NEW(a, Type);
    t->kind = TY_TUPLE;
    t->n = n;
    const Type **copy = arena_alloc(a, sizeof *copy * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        copy[i] = items[i];
    t->items = copy;
    return t;
}

const Type *ty_function(Arena *a, const Type *ret, int n, const Type **args,
                        const bool *data_only, FunKind fk)
{
    Type *t = NEW(a, Type);
    t->kind = TY_FUNCTION;
    t->n = n;
    const Type **items = arena_alloc(a, sizeof *items * (size_t)(n ? n : 1));
    bool *data = arena_alloc(a, sizeof *data * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        items[i] = args[i];
        data[i] = data_only ? data_only[i] : false;
    }
    t->items = items;
    t->data_only = data;
    t->ret = ret ? ret : TY(VOID);
    t->fun_kind = fk;
    return t;
}

/* ---- queries ---- */

bool ty_equal(const Type *x, const Type *y)
{
    if (x == y)
        return true;
    if (!x || !y || x->kind != y->kind)
        return false;
    switch (x->kind) {
    case TY_ARRAY:
        return x->dims == y->dims && ty_equal(x->elem, y->elem);
    case TY_TUPLE:
        if (x->n != y->n)
            return false;
        for (int i = 0; i < x->n; i++)
            if (!ty_equal(x->items[i], y->items[i]))
                return false;
        return true;
    case TY_FUNCTION:
        if (x->n != y->n || x->fun_kind != y->fun_kind ||
            !ty_equal(x->ret, y->ret))
            return false;
        for (int i = 0; i < x->n; i++)
            if (x->data_only[i] != y->data_only[i] ||
                !ty_equal(x->items[i], y->items[i]))
                return false;
        return true;
    default:
        return true;
    }
}

const Type *ty_base(const Type *t)
{
    return t->kind == TY_ARRAY ? t->elem : t;
}

int ty_array_dims(const Type *t)
{
    return t->kind == TY_ARRAY ? t->dims : 0;
}

bool ty_is_scalar(const Type *t)
{
    return t->kind == TY_INT || t->kind == TY_REAL || t->kind == TY_COMPLEX;
}

bool ty_is_real_or_int(const Type *t)
{
    return t->kind == TY_INT || t->kind == TY_REAL;
}

bool ty_is_container(const Type *t)
{
    switch (t->kind) {
    case TY_ARRAY:
    case TY_VECTOR:
    case TY_ROW_VECTOR:
    case TY_MATRIX:
    case TY_COMPLEX_VECTOR:
    case TY_COMPLEX_ROW_VECTOR:
    case TY_COMPLEX_MATRIX:
        return true;
    default:
        return false;
    }
}

bool ty_is_complex_valued(const Type *t)
{
    switch (ty_base(t)->kind) {
    case TY_COMPLEX:
    case TY_COMPLEX_VECTOR:
    case TY_COMPLEX_ROW_VECTOR:
    case TY_COMPLEX_MATRIX:
        return true;
    default:
        return false;
    }
}

const Type *ty_index_once(Arena *a, const Type *t)
{
    switch (t->kind) {
    case TY_ARRAY:
        return t->dims == 1 ? t->elem : ty_array(a, t->dims - 1, t->elem);
    case TY_VECTOR:
    case TY_ROW_VECTOR:
        return TY(REAL);
    case TY_MATRIX:
        return TY(ROW_VECTOR);
    case TY_COMPLEX_VECTOR:
    case TY_COMPLEX_ROW_VECTOR:
        return TY(COMPLEX);
    case TY_COMPLEX_MATRIX:
        return TY(COMPLEX_ROW_VECTOR);
    default:
        return NULL;
    }
}

const Type *ty_complexify(Arena *a, const Type *t)
{
    switch (t->kind) {
    case TY_INT:
    case TY_REAL:
    case TY_COMPLEX:
        return TY(COMPLEX);
    case TY_VECTOR:
    case TY_COMPLEX_VECTOR:
        return TY(COMPLEX_VECTOR);
    case TY_ROW_VECTOR:
    case TY_COMPLEX_ROW_VECTOR:
        return TY(COMPLEX_ROW_VECTOR);
    case TY_MATRIX:
    case TY_COMPLEX_MATRIX:
        return TY(COMPLEX_MATRIX);
    case TY_ARRAY: {
        const Type *e = ty_complexify(a, t->elem);
        return e ? ty_array(a, t->dims, e) : NULL;
    }
    default:
        return NULL;
    }
}

/* ---- promotion ---- */

/* Reference Manual, "Type inference" / "Promotion": int -> real -> complex
 * for scalars, and each real matrix type to its complex counterpart.  The
 * cost counts the steps, so int -> complex (two steps) loses to a signature
 * that only needs int -> real. */
static int basic_promotion_cost(TypeKind from, TypeKind to)
{
    if (from == to)
        return 0;
    switch (from) {
    case TY_INT:
        return to == TY_REAL ? 1 : to == TY_COMPLEX ? 2 : -1;
    case TY_REAL:
        return to == TY_COMPLEX ? 1 : -1;
    case TY_VECTOR:
        return to == TY_COMPLEX_VECTOR ? 1 : -1;
    case TY_ROW_VECTOR:
        return to == TY_COMPLEX_ROW_VECTOR ? 1 : -1;
    case TY_MATRIX:
        return to == TY_COMPLEX_MATRIX ? 1 : -1;
    default:
        return -1;
    }
}

int ty_promotion_cost(const Type *from, const Type *to)
{
    if (from->kind == TY_ARRAY || to->kind == TY_ARRAY) {
        if (from->kind != to->kind || from->dims != to->dims)
            return -1;
        return ty_promotion_cost(from->elem, to->elem);
    }
    if (from->kind == TY_TUPLE || to->kind == TY_TUPLE) {
        if (from->kind != to->kind || from->n != to->n)
            return -1;
        int total = 0;
        for (int i = 0; i < from->n; i++) {
            int c = ty_promotion_cost(from->items[i], to->items[i]);
            if (c < 0)
                return -1;
            total += c;
        }
        return total;
    }
    if (from->kind == TY_FUNCTION || to->kind == TY_FUNCTION)
        return ty_equal(from, to) ? 0 : -1;
    return basic_promotion_cost(from->kind, to->kind);
}

const Type *ty_join(Arena *a, const Type *x, const Type *y)
{
    if (ty_promotion_cost(x, y) >= 0)
        return y;
    if (ty_promotion_cost(y, x) >= 0)
        return x;
    /* Neither promotes to the other as a whole, but the parts may meet in
     * the middle: tuple(int, real) and tuple(real, int) join to
     * tuple(real, real).  For the basic types each promotion chain is a
     * line, so two of them that do not promote have no common target. */
    if (x->kind == TY_ARRAY && y->kind == TY_ARRAY && x->dims == y->dims) {
        const Type *e = ty_join(a, x->elem, y->elem);
        return e ? ty_array(a, x->dims, e) : NULL;
    }
    if (x->kind == TY_TUPLE && y->kind == TY_TUPLE && x->n == y->n) {
        const Type **items = arena_alloc(a, sizeof *items * (size_t)x->n);
        for (int i = 0; i < x->n; i++) {
            items[i] = ty_join(a, x->items[i], y->items[i]);
            if (!items[i])
                return NULL;
        }
        return ty_tuple(a, x->n, items);
    }
    return NULL;
}

/* ---- printing ---- */

static const char *const basic_names[] = {
    [TY_INT] = "int",
    [TY_REAL] = "real",
    [TY_COMPLEX] = "complex",
    [TY_VECTOR] = "vector",
    [TY_ROW_VECTOR] = "row_vector",
    [TY_MATRIX] = "matrix",
    [TY_COMPLEX_VECTOR] = "complex_vector",
    [TY_COMPLEX_ROW_VECTOR] = "complex_row_vector",
    [TY_COMPLEX_MATRIX] = "complex_matrix",
    [TY_STRING] = "string",
    [TY_VOID] = "void",
    [TY_ERROR] = "<error>",
};

void ty_print(FILE *out, const Type *t)
{
    switch (t->kind) {
    case TY_ARRAY:
        fputs("array[", out);
        for (int i = 1; i < t->dims; i++)
            fputc(',', out);
        fputs("] ", out);
        ty_print(out, t->elem);
        return;
    case TY_TUPLE:
        fputs("tuple(", out);
        for (int i = 0; i < t->n; i++) {
            if (i)
                fputs(", ", out);
            ty_print(out, t->items[i]);
        }
        fputc(')', out);
        return;
    case TY_FUNCTION:
        fputc('(', out);
        for (int i = 0; i < t->n; i++) {
            if (i)
                fputs(", ", out);
            if (t->data_only && t->data_only[i])
                fputs("data ", out);
            ty_print(out, t->items[i]);
        }
        fputs(") => ", out);
        ty_print(out, t->ret ? t->ret : TY(VOID));
        return;
    default:
        fputs(basic_names[t->kind], out);
        return;
    }
}

char *ty_str(Arena *a, const Type *t)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return arena_strdup(a, "<type>");
    ty_print(mem, t);
    fclose(mem);
    char *s = arena_strndup(a, buf, len);
    free(buf);
    return s;
}
