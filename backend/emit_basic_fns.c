/* emit_basic_fns.c - the library's basic functions: reshaping copies
 * (to_vector, to_row_vector, transpose of vectors and 1-d arrays), the
 * rep_ and identity constructors, append_row of vectors, the tests
 * is_nan, is_inf and logical_negation, the constants, the sizes (size,
 * num_elements, rows, cols) and unary +.  The shape functions that only
 * rearrange elements of matrices are emit_shape.c's gathers, which come
 * first.  Each function's value, then its reverse step, then one row
 * each at the end (emit_call_table.c). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ------------------------------------------------- same elements, copied */

/* to_vector, to_row_vector, transpose of a vector or a 1-d array: same
 * elements, another shape: a copy (ints become reals). */
static bool reshape_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1 || e->args[0]->type->kind == TY_MATRIX
        || ty_array_dims(e->args[0]->type) > 1)
        return false;
    Opnd x = em_value(em, e->args[0]);
    if (!x.container)
        em_unsupported(em, "%s of a scalar", e->fn);
    const char *rows, *cols;
    em_shape_of(e->type, x.n, &rows, &cols);
    Opnd o = em_new_container(em, x.n, rows, cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", x.n,
            o.val, x.val);
    *out = o;
    return true;
}

static bool reshape_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->nargs != 1 || e->args[0]->type->kind == TY_MATRIX)
        return false;
    em_backprop(em, e->args[0], adj);   /* same elements, same order */
    return true;
}

/* ------------------------------------------------------- constructors */

static bool rep_array_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2 || em_is_container_type(e->args[0]->type))
        return false;
    Opnd x = em_value(em, e->args[0]), n = em_value(em, e->args[1]);
    Opnd o = em_new_container(em, n.val, n.val, "1", x.is_int);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", n.val, o.val,
            x.val);
    *out = o;
    return true;
}

static bool rep_array_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd n = em_value(em, e->args[1]);
    const char *g = em_fresh(em, "g");
    em_line(em, "double %s = 0;", g);
    em_line(em, "for (int k = 0; k < %s; k++) %s += %s[k];", n.val, g, adj);
    em_backprop(em, e->args[0], g);
    return true;
}

static bool rep_matrix_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 3 || em_is_container_type(e->args[0]->type))
        return false;
    Opnd x = em_value(em, e->args[0]), r = em_value(em, e->args[1]);
    Opnd c = em_value(em, e->args[2]);
    Opnd o = em_new_container(em, A("%s * %s", r.val, c.val), r.val, c.val,
                              false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", o.n, o.val,
            x.val);
    *out = o;
    return true;
}

static bool rep_matrix_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd r = em_value(em, e->args[1]), c = em_value(em, e->args[2]);
    const char *g = em_fresh(em, "g");
    em_line(em, "double %s = 0;", g);
    em_line(em, "for (int k = 0; k < %s * %s; k++) %s += %s[k];", r.val,
            c.val, g, adj);
    em_backprop(em, e->args[0], g);
    return true;
}

/* rep_vector, rep_row_vector */
static bool rep_vector_value(Emit *em, const MirExpr *e, Opnd *out)
{
    Opnd x = em_value(em, e->args[0]), n = em_value(em, e->args[1]);
    const char *rows, *cols;
    em_shape_of(e->type, n.val, &rows, &cols);
    Opnd o = em_new_container(em, n.val, rows, cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", n.val, o.val,
            x.val);
    *out = o;
    return true;
}

static bool rep_vector_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const MirExpr *xe = e->args[0];
    if (!em_is_ad(em, xe))
        return true;
    Opnd n = em_value(em, e->args[1]);
    const char *s = em_fresh(em, "g");
    em_line(em, "double %s = 0;", s);
    em_line(em, "for (int k = 0; k < %s; k++) %s += %s[k];", n.val, s, adj);
    em_backprop(em, xe, s);
    return true;
}

static bool identity_matrix_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd n = em_value(em, e->args[0]);
    Opnd o = em_new_container(em, A("%s * %s", n.val, n.val), n.val, n.val,
                              false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k * %s + k] = 1.0;",
            n.val, o.val, n.val);
    *out = o;
    return true;
}

/* append_row of two vectors (or a scalar and a vector); of matrices it
 * is a gather */
static bool append_row_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2 || e->type->kind != TY_VECTOR)
        return false;
    Opnd a = em_value(em, e->args[0]), b = em_value(em, e->args[1]);
    const char *na = a.container ? a.n : "1", *nb = b.container ? b.n : "1";
    const char *n = em_size_sum(em, na, nb);
    Opnd o = em_new_container(em, n, n, "1", false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", na, o.val,
            em_elem(em, a));
    em_line(em, "for (int k = 0; k < %s; k++) %s[%s + k] = %s;", nb, o.val,
            na, em_elem(em, b));
    *out = o;
    return true;
}

static bool append_row_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd a = em_value(em, e->args[0]), b = em_value(em, e->args[1]);
    const char *na = a.container ? a.n : "1";
    if (a.container)
        em_backprop(em, e->args[0], adj);
    else
        em_backprop(em, e->args[0], A("%s[0]", adj));
    em_backprop(em, e->args[1], b.container ? A("(%s + %s)", adj, na)
                                            : A("%s[%s]", adj, na));
    return true;
}

/* -------------------------------------------------------------- tests */

/* is_nan, is_inf */
static bool is_nan_inf_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd x = em_value(em, e->args[0]);
    *out = em_scalar(A("rt_%s(%s)", e->fn, x.val), NULL, true);
    return true;
}

static bool logical_negation_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd x = em_value(em, e->args[0]);
    *out = em_scalar(A("(!(%s))", x.val), NULL, true);
    return true;
}

/* ---------------------------------------------------------- constants */

static const struct {
    const char *name, *value;
} constants[] = {
    {"negative_infinity", "(-INFINITY)"}, {"positive_infinity", "INFINITY"},
    {"not_a_number", "NAN"}, {"pi", "3.14159265358979323846"},
    {"e", "2.71828182845904523536"},
};

static bool constant_value(Emit *em, const MirExpr *e, Opnd *out)
{
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
        if (strcmp(e->fn, constants[i].name) == 0) {
            *out = em_scalar(constants[i].value, NULL, false);
            return true;
        }
    (void)em;
    return false;
}

/* -------------------------------------------------------------- sizes */

/* size, num_elements, rows, cols.  size of an array is its number of
 * elements at the top level (Stan Functions Reference, "Array size and
 * dimension function"): of an array[2, 3] real, 2, not 6. */
static bool size_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    const char *fn = e->fn;
    Opnd x = em_value(em, e->args[0]);
    const char *v = em_size_of(em, fn, e->args[0]->type, x);
    *out = em_scalar(A("(%s)", v), NULL, true);
    return true;
}

/* ------------------------------------------------------------ unary + */

/* the operand's value (a container copied, as minus makes its result) */
static bool plus_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd x = em_value(em, e->args[0]);
    if (!x.container) {
        *out = em_scalar(A("(+%s)", x.val), NULL, x.is_int);
        return true;
    }
    Opnd o = em_new_container(em, x.n, x.rows, x.cols, x.is_int);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", x.n,
            o.val, x.val);
    *out = o;
    return true;
}

static bool plus_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->nargs != 1)
        return false;
    if (em_is_ad(em, e->args[0]))   /* the adjoint passes through */
        em_backprop(em, e->args[0], adj);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"append_row", append_row_value, append_row_backprop},
    {"cols", size_value, NULL},
    {"e", constant_value, NULL},
    {"identity_matrix", identity_matrix_value, NULL},
    {"is_inf", is_nan_inf_value, NULL},
    {"is_nan", is_nan_inf_value, NULL},
    {"logical_negation", logical_negation_value, NULL},
    {"negative_infinity", constant_value, NULL},
    {"not_a_number", constant_value, NULL},
    {"num_elements", size_value, NULL},
    {"pi", constant_value, NULL},
    {"plus", plus_value, plus_backprop},
    {"positive_infinity", constant_value, NULL},
    {"rep_array", rep_array_value, rep_array_backprop},
    {"rep_matrix", rep_matrix_value, rep_matrix_backprop},
    {"rep_row_vector", rep_vector_value, rep_vector_backprop},
    {"rep_vector", rep_vector_value, rep_vector_backprop},
    {"rows", size_value, NULL},
    {"size", size_value, NULL},
    {"to_row_vector", reshape_value, reshape_backprop},
    {"to_vector", reshape_value, reshape_backprop},
    {"transpose", reshape_value, reshape_backprop},
};

const EmCallRules em_basic_fn_rules = EM_CALL_RULES(rows);
