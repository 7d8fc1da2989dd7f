/* emit_linalg_build.c - library calls of rt_linalg_build.h beside emit_lib.c's: the
 * constructors (ones_*, zeros_*, linspaced_*, one_hot_*,
 * uniform_simplex), the sorts (sort_asc, sort_desc, sort_indices_*,
 * rank), append_array, distance and squared_distance of vectors,
 * quantile, to_array_2d, columns_dot_self, rows_dot_self,
 * trace_quad_form, trace_gen_quad_form, determinant, mdivide_right_spd,
 * matrix_power, chol2inv, symmetrize_from_lower_tri, the SVD
 * (singular_values, svd_U, svd_V), the Gaussian-process kernels
 * gp_exponential_cov, gp_matern32_cov, gp_matern52_cov, gp_periodic_cov,
 * gp_dot_prod_cov, and cov_exp_quad (gp_exp_quad_cov's old name).
 *
 * Each is a value and, where it takes reals that may be parameters, a
 * reverse step: the functions that only rearrange elements (the sorts of
 * reals by a computed permutation, append_array, to_array_2d,
 * symmetrize_from_lower_tri) scatter the adjoint back through the same
 * map; the others call the runtime's _adj rule into fresh buffers of the
 * arguments that carry derivatives and push those into the arguments. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ------------------------------------------------------------- helpers */

static bool call_of(const MirExpr *e, const char *name)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB && e->fn
        && strcmp(e->fn, name) == 0;
}

static bool is_int_type(const Type *t)
{
    return ty_base(t)->kind == TY_INT;
}

static bool is_real_type(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    return k == TY_INT || k == TY_REAL || k == TY_VECTOR
        || k == TY_ROW_VECTOR || k == TY_MATRIX;
}

/* Whether every argument and the result are real (not complex). */
static bool all_real(const MirExpr *e)
{
    for (int i = 0; i < e->nargs; i++)
        if (!is_real_type(e->args[i]->type))
            return false;
    return is_real_type(e->type);
}

/* A C int temporary holding the int expression v (evaluated once). */
static const char *int_temp(Emit *em, const char *v)
{
    const char *t = em_fresh(em, "n");
    em_line(em, "int %s = %s;", t, v);
    return t;
}

/* o as doubles: an int container copied. */
static Opnd as_doubles(Emit *em, Opnd o)
{
    if (!o.is_int || !o.container)
        return o;
    Opnd d = em_new_container(em, o.n, o.rows, o.cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", o.n, d.val,
            o.val);
    return d;
}

/* Stan's check_size_match: "FN: WHAT_I (3) and WHAT_J (2) must match in
 * size". */
static void size_match(Emit *em, const char *fn, const char *what_i,
                       const char *i, const char *what_j, const char *j)
{
    if (strcmp(i, j) == 0)
        return;
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: %%s (%%d) and "
            "%%s (%%d) must match in size\", %s, %s, (int)(%s), %s, (int)(%s));",
            i, j, em_c_string(em->a, fn), em_c_string(em->a, what_i), i,
            em_c_string(em->a, what_j), j);
}

/* Stan's check_square on matrix o named `name`. */
static void check_square(Emit *em, const char *fn, const char *name, Opnd o)
{
    size_match(em, fn, A("Expecting a square matrix; rows of %s", name),
               o.rows, A("columns of %s", name), o.cols);
}

/* Stan's check_multiplicable of a (named na) and b (named nb). */
static void check_multiplicable(Emit *em, const char *fn, const char *na,
                                Opnd a, const char *nb, Opnd b)
{
    size_match(em, fn, A("Columns of %s", na), a.cols, A("Rows of %s", nb),
               b.rows);
}

/* n doubles of scratch. */
static const char *scratch(Emit *em, const char *n)
{
    const char *w = em_fresh(em, "w");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s));",
            w, n);
    return w;
}

static const char *scratch_ints(Emit *em, const char *n)
{
    const char *w = em_fresh(em, "p");
    em_line(em, "int *%s = rt_scratch_ints(&S->scratch, (size_t)(%s));", w,
            n);
    return w;
}

/* The adjoint buffer of argument i when it carries derivatives, else
 * NULL; *ptr gets what the runtime takes (the address of a scalar's). */
static const char *arg_buffer(Emit *em, const MirExpr *e, int i, Opnd o,
                              const char **ptr)
{
    if (!em_is_ad(em, e->args[i])) {
        *ptr = "NULL";
        return NULL;
    }
    const char *b = em_adj_buffer(em, o);
    *ptr = o.container ? b : A("&%s", b);
    return b;
}

/* The count and size of the vectors of an array of vectors o (of
 * expression x).  An indexed array of vectors (pts[2:3]) comes with its
 * element count as rows and 1 as columns, so its size is read from the
 * variable; false when neither is known. */
bool em_vectors_shape(Emit *em, const MirExpr *x, Opnd o,
                      const char **count, const char **size)
{
    const MirExpr *base = x->kind == MX_INDEXED ? x->args[0] : NULL;
    if (base && base->kind == MX_VAR && base->var >= 0 && x->nindices == 1
        && base->type->kind == TY_ARRAY && base->type->dims == 1) {
        const char *d = em_var_dim(em, base->var, 1);
        *size = d;
        *count = A("((%s) ? (%s) / (%s) : 0)", d, o.n, d);
        return true;
    }
    if (!o.rows || !o.cols)
        return false;
    *count = o.rows;
    *size = o.cols;
    return true;
}

/* --------------------------------------------------------- constructors */

static const char *const constructors[] = {
    "ones_vector", "ones_row_vector", "ones_array", "ones_int_array",
    "zeros_vector", "zeros_row_vector", "zeros_array", "zeros_int_array",
    "uniform_simplex", "one_hot_vector", "one_hot_row_vector",
    "one_hot_array", "one_hot_int_array", "linspaced_vector",
    "linspaced_row_vector", "linspaced_array", "linspaced_int_array", NULL};

static Opnd constructor_value(Emit *em, const MirExpr *e)
{
    const char *fn = e->fn;
    const char *n = int_temp(em, em_value(em, e->args[0]).val);
    bool is_int = is_int_type(e->type);
    const char *rows, *cols;
    em_shape_of(e->type, n, &rows, &cols);
    bool hot = strncmp(fn, "one_hot", 7) == 0;
    bool lin = strncmp(fn, "linspaced", 9) == 0;
    if (hot)
        em_line(em, "if (rt_check_one_hot(%s, %s, %s, err)) return -1;",
                em_c_string(em->a, fn), n, em_value(em, e->args[1]).val);
    else if (!lin)
        em_line(em, "if (rt_check_size(%s, %s, %s, err)) return -1;",
                em_c_string(em->a, fn), n, fn[0] == 'u' ? "true" : "false");
    Opnd o = em_new_container(em, A("(%s < 0 ? 0 : %s)", n, n), rows, cols,
                              is_int);
    o.n = n;
    if (lin) {
        Opnd lo = em_value(em, e->args[1]), hi = em_value(em, e->args[2]);
        if (is_int)
            em_line(em, "if (rt_linspaced_int(%s, %s, %s, %s, err)) return "
                    "-1;", n, lo.val, hi.val, o.val);
        else
            em_line(em, "if (rt_linspaced(%s, %s, %s, %s, %s, err)) "
                    "return -1;", em_c_string(em->a, fn), n, lo.val, hi.val, o.val);
    } else if (hot) {
        em_line(em, "%s[%s - 1] = 1;", o.val, em_value(em, e->args[1]).val);
    } else if (fn[0] == 'o') {
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = 1;", n, o.val);
    } else if (fn[0] == 'u') {
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = 1.0 / %s;", n,
                o.val, n);
    }
    return o;
}

/* ------------------------------------------------------------- sorting */

static bool is_sort(const MirExpr *e)
{
    return (call_of(e, "sort_asc") || call_of(e, "sort_desc"))
        && e->nargs == 1 && all_real(e);
}

static bool is_sort_indices(const MirExpr *e)
{
    return (call_of(e, "sort_indices_asc") || call_of(e, "sort_indices_desc"))
        && e->nargs == 1 && all_real(e);
}

/* The 0-based permutation that sorts x (NaN checked when check_nan). */
static const char *sort_perm(Emit *em, const char *fn, Opnd x, bool desc,
                             bool check_nan)
{
    const char *perm = scratch_ints(em, x.n), *work = scratch_ints(em, x.n);
    if (x.is_int)
        em_line(em, "rt_sort_perm_int(%s, %s, %s, %s, %s);", x.val, x.n,
                desc ? "true" : "false", perm, work);
    else
        em_line(em, "if (rt_sort_perm(%s, %s, %s, %s, %s, %s, %s, err)) "
                "return -1;", em_c_string(em->a, fn), x.val, x.n, desc ? "true" : "false",
                check_nan ? "true" : "false", perm, work);
    return perm;
}

static Opnd sort_value(Emit *em, const MirExpr *e)
{
    Opnd x = em_value(em, e->args[0]);
    const char *perm = sort_perm(em, e->fn, x, name_has_suffix(e->fn, "desc"), true);
    Opnd o = em_new_container(em, x.n, x.rows, x.cols, x.is_int);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[%s[k]];", x.n,
            o.val, x.val, perm);
    return o;
}

/* The value is x[perm]: the adjoint goes back through perm. */
static void sort_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd x = em_value(em, e->args[0]);
    const char *perm = sort_perm(em, e->fn, x, name_has_suffix(e->fn, "desc"), false);
    const char *g = em_adj_buffer(em, x);
    em_line(em, "for (int k = 0; k < %s; k++) %s[%s[k]] += %s[k];", x.n, g,
            perm, adj);
    em_backprop(em, e->args[0], g);
}

static Opnd sort_indices_value(Emit *em, const MirExpr *e)
{
    Opnd x = em_value(em, e->args[0]);
    const char *perm = sort_perm(em, e->fn, x, name_has_suffix(e->fn, "desc"), false);
    Opnd o = em_new_container(em, x.n, x.n, "1", true);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k] + 1;", x.n, o.val,
            perm);
    return o;
}

static Opnd rank_value(Emit *em, const MirExpr *e)
{
    Opnd v = em_value(em, e->args[0]), s = em_value(em, e->args[1]);
    const char *t = em_fresh(em, "t");
    em_line(em, "int %s = rt_rank%s(%s, %s, %s, err);", t,
            v.is_int ? "_int" : "", v.val, v.n, s.val);
    em_line(em, "if (%s < 0) return -1;", t);
    return em_scalar(t, NULL, true);
}

/* -------------------------------------------------------- append_array */

/* The items of an append_array operand: their count and size (1 for an
 * array of scalars); false when the runtime shape is not known. */
static bool array_items(Emit *em, const MirExpr *x, Opnd o,
                        const char **count, const char **size)
{
    const Type *t = x->type;
    if (t->kind != TY_ARRAY)
        return false;
    const Type *el = t->elem;
    bool scalar = el->kind == TY_INT || el->kind == TY_REAL
        || el->kind == TY_COMPLEX;
    if (t->dims == 1 && scalar) {
        *count = o.n;
        *size = "1";
        return true;
    }
    if (t->dims == 1 && (el->kind == TY_VECTOR || el->kind == TY_ROW_VECTOR
                         || el->kind == TY_COMPLEX_VECTOR
                         || el->kind == TY_COMPLEX_ROW_VECTOR))
        return em_vectors_shape(em, x, o, count, size);
    if (t->dims == 2 && scalar && o.rows && o.cols) {
        *count = o.rows;
        *size = o.cols;
        return true;
    }
    return false;
}

static Opnd append_array_value(Emit *em, const MirExpr *e)
{
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    const char *cx, *sx, *cy, *sy;
    if (!array_items(em, e->args[0], x, &cx, &sx)
        || !array_items(em, e->args[1], y, &cy, &sy))
        em_unsupported(em, "append_array of arrays of this type yet");
    if (strcmp(sx, "1") != 0)
        em_line(em, "if ((%s) > 0 && (%s) > 0 && rt_ne(%s, %s)) return "
                "rt_error(err, \"append_array: shape of x (%%d) and shape of "
                "y (%%d) must match in size\", (int)(%s), (int)(%s));", cx,
                cy, sx, sy, sx, sy);
    const char *n = A("(%s + %s)", x.n, y.n);
    const char *rows = A("(%s + %s)", cx, cy), *cols = sx;
    Opnd o = em_is_complex_type(e->type)
        ? em_new_complex(em, n, rows, cols)
        : em_new_container(em, n, rows, cols, is_int_type(e->type));
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", x.n, o.val,
            x.val);
    em_line(em, "for (int k = 0; k < %s; k++) %s[%s + k] = %s[k];", y.n,
            o.val, x.n, y.val);
    return o;
}

static void append_array_backprop(Emit *em, const MirExpr *e,
                                  const char *adj)
{
    Opnd x = em_value(em, e->args[0]);
    em_backprop(em, e->args[0], adj);
    em_backprop(em, e->args[1], A("(%s + %s)", adj, x.n));
}

/* ------------------------------------------------------------ distances */

static bool is_distance(const MirExpr *e)
{
    return (call_of(e, "distance") || call_of(e, "squared_distance"))
        && e->nargs == 2 && em_is_container_type(e->args[0]->type)
        && em_is_container_type(e->args[1]->type) && all_real(e);
}

/* squared_distance(real, real): (x - y)^2, d/dx = 2 (x - y) = -d/dy */
static bool is_scalar_distance(const MirExpr *e)
{
    return call_of(e, "squared_distance") && e->nargs == 2
        && !em_is_container_type(e->args[0]->type)
        && !em_is_container_type(e->args[1]->type) && all_real(e);
}

static Opnd scalar_distance_value(Emit *em, const MirExpr *e)
{
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = ((double)(%s) - (double)(%s)) * ((double)(%s) "
            "- (double)(%s));", t, x.val, y.val, x.val, y.val);
    return em_scalar(t, NULL, false);
}

static void scalar_distance_backprop(Emit *em, const MirExpr *e,
                                     const char *adj)
{
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    const char *g = em_fresh(em, "g");
    em_line(em, "double %s = 2.0 * ((double)(%s) - (double)(%s)) * (%s);", g,
            x.val, y.val, adj);
    if (em_is_ad(em, e->args[0]))
        em_backprop(em, e->args[0], g);
    if (em_is_ad(em, e->args[1]))
        em_backprop(em, e->args[1], A("(-%s)", g));
}

/* rt_distance / rt_squared_distance (rt_reduce.h) with the adjoints
 * g and h (NULL: the value only). */
static const char *distance_call(Emit *em, const MirExpr *e, Opnd x, Opnd y,
                                 const char *g, const char *h,
                                 const char *adj)
{
    return A("rt_%s(rt_argn(%s, %s, %s, %s), rt_argn(%s, %s, %s, %s), %s, "
             "err)", e->fn, x.val, g ? g : "NULL", x.n, g ? "true" : "false",
             y.val, h ? h : "NULL", y.n, h ? "true" : "false", adj);
}

static Opnd distance_value(Emit *em, const MirExpr *e)
{
    Opnd x = as_doubles(em, em_value(em, e->args[0]));
    Opnd y = as_doubles(em, em_value(em, e->args[1]));
    size_match(em, e->fn, "size of x1", x.n, "size of x2", y.n);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = %s;", t, distance_call(em, e, x, y, NULL, NULL,
                                                   "0.0"));
    return em_scalar(t, NULL, false);
}

static void distance_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    const char *px, *py;
    const char *g = arg_buffer(em, e, 0, x, &px);
    const char *h = arg_buffer(em, e, 1, y, &py);
    em_line(em, "(void)%s;", distance_call(em, e, x, y, g, h,
                                          A("(%s)", adj)));
    if (g)
        em_backprop(em, e->args[0], g);
    if (h)
        em_backprop(em, e->args[1], h);
}

/* ------------------------------------------------------------ quantile */

static Opnd quantile_value(Emit *em, const MirExpr *e)
{
    Opnd x = as_doubles(em, em_value(em, e->args[0]));
    Opnd p = as_doubles(em, em_value(em, e->args[1]));
    const char *w = scratch(em, x.n);
    if (!p.container) {
        const char *t = em_fresh(em, "t");
        em_line(em, "double %s = rt_quantile(%s, %s, %s, %s, err);", t, x.val,
                x.n, p.val, w);
        em_line(em, "if (isnan(%s)) return -1;", t);
        return em_scalar(t, NULL, false);
    }
    Opnd o = em_new_container(em, p.n, p.rows, p.cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) {", p.n);
    em_line(em, "    %s[k] = rt_quantile(%s, %s, %s[k], %s, err);", o.val,
            x.val, x.n, p.val, w);
    em_line(em, "    if (isnan(%s[k])) return -1;", o.val);
    em_line(em, "}");
    return o;
}

/* ------------------------------------------------- rearranging matrices */

static Opnd to_array_2d_value(Emit *em, const MirExpr *e)
{
    Opnd m = em_value(em, e->args[0]);
    /* both row-major: the same elements in the same order */
    Opnd o = em_new_container(em, m.n, m.rows, m.cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", m.n, o.val,
            m.val);
    return o;
}

/* symmetrize_from_lower_tri: element (i, j) is m[max(i,j), min(i,j)]. */
static const char *lower_index(Emit *em, Opnd m)
{
    return A("(i >= j ? i * (%s) + j : j * (%s) + i)", m.cols, m.cols);
}

static Opnd symmetrize_value(Emit *em, const MirExpr *e)
{
    Opnd m = em_value(em, e->args[0]);
    check_square(em, e->fn, "m", m);
    Opnd o = em_new_container(em, m.n, m.rows, m.cols, false);
    em_line(em, "for (int i = 0; i < %s; i++)", m.rows);
    em_line(em, "    for (int j = 0; j < %s; j++) %s[i * (%s) + j] = %s[%s];",
            m.cols, o.val, m.cols, m.val, lower_index(em, m));
    return o;
}

static void symmetrize_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd m = em_value(em, e->args[0]);
    const char *g = em_adj_buffer(em, m);
    em_line(em, "for (int i = 0; i < %s; i++)", m.rows);
    em_line(em, "    for (int j = 0; j < %s; j++) %s[%s] += %s[i * (%s) + j];",
            m.cols, g, lower_index(em, m), adj, m.cols);
    em_backprop(em, e->args[0], g);
}

/* ----------------------------------------------------- matrix functions */

/* A function of matrices with a runtime value and an _adj rule: the
 * checks, the result and the calls are written per function below; the
 * table says which these are. */
static const char *const matrix_fns[] = {
    "columns_dot_self", "rows_dot_self", "trace_quad_form",
    "trace_gen_quad_form", "determinant", "mdivide_right_spd",
    "matrix_power", "chol2inv", "singular_values", NULL};

static bool is_matrix_fn(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB && e->fn
        && em_in_list(matrix_fns, e->fn) && all_real(e);
}

/* The operands, with Stan's checks emitted when `checks`. */
static void matrix_operands(Emit *em, const MirExpr *e, Opnd *ops,
                            bool checks)
{
    const char *fn = e->fn;
    for (int i = 0; i < e->nargs; i++)
        ops[i] = em_value(em, e->args[i]);
    if (!checks)
        return;
    if (strcmp(fn, "trace_quad_form") == 0) {
        check_square(em, fn, "A", ops[0]);
        check_multiplicable(em, fn, "A", ops[0], "B", ops[1]);
    } else if (strcmp(fn, "trace_gen_quad_form") == 0) {
        check_square(em, fn, "D", ops[0]);
        check_square(em, fn, "A", ops[1]);
        check_multiplicable(em, fn, "A", ops[1], "B", ops[2]);
        check_multiplicable(em, fn, "B", ops[2], "D", ops[0]);
    } else if (strcmp(fn, "determinant") == 0
               || strcmp(fn, "chol2inv") == 0) {
        check_square(em, fn, strcmp(fn, "chol2inv") == 0 ? "L" : "m", ops[0]);
    } else if (strcmp(fn, "matrix_power") == 0) {
        check_square(em, fn, "M", ops[0]);
    } else if (strcmp(fn, "mdivide_right_spd") == 0) {
        check_multiplicable(em, fn, "b", ops[0], "A", ops[1]);
        check_square(em, fn, "A", ops[1]);
    }
}

static const char *min_size(Emit *em, Opnd m)
{
    return A("((%s) < (%s) ? (%s) : (%s))", m.rows, m.cols, m.rows, m.cols);
}

static Opnd matrix_value(Emit *em, const MirExpr *e)
{
    const char *fn = e->fn;
    Opnd ops[3];
    matrix_operands(em, e, ops, true);
    Opnd a = ops[0];
    if (strcmp(fn, "columns_dot_self") == 0
        || strcmp(fn, "rows_dot_self") == 0) {
        bool cols = fn[0] == 'c';
        const char *n = cols ? a.cols : a.rows;
        Opnd o = em_new_container(em, n, cols ? "1" : n, cols ? n : "1",
                                  false);
        em_line(em, "rt_%s(%s, %s, %s, %s);", fn, a.val, a.rows, a.cols,
                o.val);
        return o;
    }
    const char *t = em_fresh(em, "t");
    if (strcmp(fn, "trace_quad_form") == 0) {
        em_line(em, "double %s = rt_trace_quad_form(%s, %s, %s, %s);", t,
                a.val, ops[1].val, a.rows, ops[1].cols);
        return em_scalar(t, NULL, false);
    }
    if (strcmp(fn, "trace_gen_quad_form") == 0) {
        Opnd B = ops[2];
        const char *w = scratch(em, A("(%s) * (%s) + (%s) * (%s)", B.rows,
                                      B.cols, B.cols, B.cols));
        em_line(em, "double %s = rt_trace_gen_quad_form(%s, %s, %s, %s, %s, "
                "%s);", t, a.val, ops[1].val, B.val, B.rows, B.cols, w);
        return em_scalar(t, NULL, false);
    }
    if (strcmp(fn, "determinant") == 0) {
        const char *w = scratch(em, A("(%s) * (%s) + (%s)", a.rows, a.rows,
                                      a.rows));
        em_line(em, "double %s = rt_determinant(%s, %s, %s);", t, a.val,
                a.rows, w);
        return em_scalar(t, NULL, false);
    }
    if (strcmp(fn, "mdivide_right_spd") == 0) {
        Opnd A_ = ops[1];
        Opnd o = em_new_container(em, a.n, a.rows, a.cols, false);
        const char *w = scratch(em, A("(%s) * (%s) + (%s)", A_.rows, A_.rows,
                                      a.n));
        em_line(em, "if (rt_mdivide_right_spd(%s, %s, %s, %s, %s, %s, err)) "
                "return -1;", a.val, A_.val, a.rows, a.cols, o.val, w);
        return o;
    }
    if (strcmp(fn, "matrix_power") == 0) {
        Opnd o = em_new_container(em, a.n, a.rows, a.cols, false);
        const char *w = scratch(em, a.n);
        em_line(em, "if (rt_matrix_power(%s, %s, %s, %s, %s, err)) return "
                "-1;", a.val, a.rows, ops[1].val, o.val, w);
        return o;
    }
    if (strcmp(fn, "chol2inv") == 0) {
        Opnd o = em_new_container(em, a.n, a.rows, a.cols, false);
        em_line(em, "if (rt_chol2inv(%s, %s, %s, err)) return -1;", a.val,
                a.rows, o.val);
        return o;
    }
    /* singular_values */
    const char *k = min_size(em, a);
    Opnd o = em_new_container(em, k, k, "1", false);
    em_line(em, "if (rt_svd(\"singular_values\", %s, %s, %s, NULL, %s, NULL, "
            "true, err)) return -1;", a.val, a.rows, a.cols, o.val);
    return o;
}

static void matrix_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const char *fn = e->fn;
    Opnd ops[3];
    matrix_operands(em, e, ops, false);
    const char *g[3], *ptr[3];
    for (int i = 0; i < e->nargs; i++)
        g[i] = arg_buffer(em, e, i, ops[i], &ptr[i]);
    Opnd a = ops[0];
    if (strcmp(fn, "columns_dot_self") == 0
        || strcmp(fn, "rows_dot_self") == 0) {
        em_line(em, "rt_%s_adj(%s, %s, %s, %s, %s);", fn, a.val, a.rows,
                a.cols, adj, ptr[0]);
    } else if (strcmp(fn, "trace_quad_form") == 0) {
        em_line(em, "rt_trace_quad_form_adj(%s, %s, %s, %s, %s, %s, %s);",
                a.val, ops[1].val, a.rows, ops[1].cols, adj, ptr[0], ptr[1]);
    } else if (strcmp(fn, "trace_gen_quad_form") == 0) {
        Opnd B = ops[2];
        const char *w = scratch(em, A("3 * (%s) * (%s) + (%s) * (%s)", B.rows,
                                      B.cols, B.cols, B.cols));
        em_line(em, "rt_trace_gen_quad_form_adj(%s, %s, %s, %s, %s, %s, %s, "
                "%s, %s, %s);", a.val, ops[1].val, B.val, B.rows, B.cols, adj,
                ptr[0], ptr[1], ptr[2], w);
    } else if (strcmp(fn, "determinant") == 0) {
        const char *det = em_value(em, e).val;
        const char *w = scratch(em, A("2 * (%s) * (%s) + (%s)", a.rows,
                                      a.rows, a.rows));
        em_line(em, "rt_determinant_adj(%s, %s, %s, %s, %s, %s);", a.val,
                a.rows, det, adj, ptr[0], w);
    } else if (strcmp(fn, "mdivide_right_spd") == 0) {
        Opnd A_ = ops[1];
        const char *X = em_value(em, e).val;
        const char *w = scratch(em, A("2 * (%s) * (%s) + (%s)", A_.rows,
                                      A_.rows, a.n));
        em_line(em, "rt_mdivide_right_spd_adj(%s, %s, %s, %s, %s, %s, %s, "
                "%s);", A_.val, X, adj, a.rows, a.cols, ptr[0], ptr[1], w);
    } else if (strcmp(fn, "matrix_power") == 0) {
        const char *p = ops[1].val;
        const char *w = scratch(em, A("((%s) + 2) * (%s)", p, a.n));
        em_line(em, "rt_matrix_power_adj(%s, %s, %s, %s, %s, %s);", a.val,
                a.rows, p, adj, ptr[0], w);
    } else if (strcmp(fn, "chol2inv") == 0) {
        const char *Y = em_value(em, e).val;
        const char *w = scratch(em, A("2 * (%s)", a.n));
        em_line(em, "rt_chol2inv_adj(%s, %s, %s, %s, %s, %s);", a.val, Y, adj,
                a.rows, ptr[0], w);
    } else {   /* singular_values */
        const char *w = scratch(em, A("((%s) + (%s) + 1) * %s", a.rows,
                                      a.cols, min_size(em, a)));
        em_line(em, "if (rt_singular_values_adj(%s, %s, %s, %s, %s, %s)) "
                "return rt_error(err, \"singular_values: the SVD failed\");",
                a.val, a.rows, a.cols, adj, ptr[0], w);
    }
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_backprop(em, e->args[i], g[i]);
}

/* svd_U and svd_V */
static Opnd svd_value(Emit *em, const MirExpr *e)
{
    Opnd a = em_value(em, e->args[0]);
    const char *k = min_size(em, a);
    bool u = e->fn[4] == 'U';
    const char *rows = u ? a.rows : a.cols;
    Opnd o = em_new_container(em, A("(%s) * %s", rows, k), rows, k, false);
    em_line(em, "if (rt_svd(%s, %s, %s, %s, %s, NULL, %s, false, err)) "
            "return -1;", em_c_string(em->a, e->fn), a.val, a.rows, a.cols, u ? o.val : "NULL",
            u ? "NULL" : o.val);
    return o;
}

/* Their reverse step (Townsend's formula, rt_svd_vectors_adj). */
static void svd_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd a = em_value(em, e->args[0]);
    bool u = e->fn[4] == 'U';
    const char *g = em_adj_buffer(em, a);
    em_line(em, "if (rt_svd_vectors_adj(%s, %s, %s, %s, %s, %s, %s, err)) "
            "return -1;", em_c_string(em->a, e->fn), a.val, a.rows, a.cols,
            u ? adj : "NULL", u ? "NULL" : adj, g);
    em_backprop(em, e->args[0], g);
}

/* ----------------------------------------------------------- GP kernels */

/* The kernels and the number of scalar arguments after the points. */
static const struct {
    const char *name, *kind;
    int scales;     /* sigma, length scale, period */
} gp_kernels[] = {
    {"gp_exponential_cov", "RT_GP_EXPONENTIAL", 2},
    {"gp_matern32_cov", "RT_GP_MATERN32", 2},
    {"gp_matern52_cov", "RT_GP_MATERN52", 2},
    {"gp_periodic_cov", "RT_GP_PERIODIC", 3},
    {"gp_dot_prod_cov", "RT_GP_DOT_PROD", 1},
};

/* Whether t is a set of points: an array of reals (or ints) or of
 * vectors. */
static bool is_points(const Type *t)
{
    return t->kind == TY_ARRAY && t->dims == 1
        && (t->elem->kind == TY_REAL || t->elem->kind == TY_INT
            || t->elem->kind == TY_VECTOR || t->elem->kind == TY_ROW_VECTOR);
}

/* The row of gp_kernels for e, or -1; *sets gets the number of point
 * sets (1 or 2). */
static int gp_kernel(const MirExpr *e, int *sets)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || !e->fn)
        return -1;
    for (int i = 0; i < (int)(sizeof gp_kernels / sizeof gp_kernels[0]);
         i++) {
        if (strcmp(e->fn, gp_kernels[i].name) != 0)
            continue;
        *sets = e->nargs - gp_kernels[i].scales;
        if (*sets < 1 || *sets > 2)
            return -1;
        for (int k = 0; k < *sets; k++)
            if (!is_points(e->args[k]->type))
                return -1;
        return i;
    }
    return -1;
}

/* A set of points as doubles, with its count and dimension. */
static Opnd gp_points(Emit *em, const MirExpr *x, const char **N,
                      const char **D)
{
    Opnd o = em_value(em, x);
    *N = o.n;
    *D = "1";
    if (em_is_container_type(x->type->elem)
        && !em_vectors_shape(em, x, o, N, D))
        em_unsupported(em, "this array of vectors in a kernel yet");
    return as_doubles(em, o);
}

/* The kernel's operands: the points, sigma, the length scale(s) and the
 * period; emits the RtGpCov and returns its name. */
typedef struct GpCall {
    int row, sets;
    Opnd x[2], sigma, l, period;
    const char *N[2], *D[2];
    bool has_l, has_p, ard;
    const char *var;        /* the RtGpCov */
    const char *lptr;       /* the length scales as a pointer */
} GpCall;

static void gp_call(Emit *em, const MirExpr *e, GpCall *c)
{
    memset(c, 0, sizeof *c);
    c->row = gp_kernel(e, &c->sets);
    for (int k = 0; k < c->sets; k++)
        c->x[k] = gp_points(em, e->args[k], &c->N[k], &c->D[k]);
    int scales = gp_kernels[c->row].scales;
    c->sigma = em_value(em, e->args[c->sets]);
    c->has_l = scales >= 2;
    c->has_p = scales == 3;
    const char *L = "1";
    c->lptr = "NULL";
    if (c->has_l) {
        c->l = as_doubles(em, em_value(em, e->args[c->sets + 1]));
        c->ard = c->l.container;
        if (c->ard) {
            c->lptr = c->l.val;
            L = c->l.n;
        } else {
            const char *t = em_fresh(em, "l");
            em_line(em, "double %s = %s;", t, c->l.val);
            c->lptr = A("&%s", t);
        }
    }
    if (c->has_p)
        c->period = em_value(em, e->args[c->sets + 2]);
    int two = c->sets - 1;
    c->var = em_fresh(em, "gp");
    em_line(em, "RtGpCov %s = {%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "%s, %s, %s};", c->var, em_c_string(em->a, e->fn), gp_kernels[c->row].kind,
            c->x[0].val, two ? c->x[1].val : "NULL", c->N[0], c->N[two],
            c->D[0], c->D[two], c->sigma.val, c->lptr, L,
            c->ard ? "true" : "false", c->has_p ? c->period.val : "0.0");
}

static Opnd gp_value(Emit *em, const MirExpr *e)
{
    GpCall c;
    gp_call(em, e, &c);
    const char *N2 = c.N[c.sets - 1];
    Opnd K = em_new_container(em, A("(%s) * (%s)", c.N[0], N2), c.N[0], N2,
                              false);
    em_line(em, "if (rt_gp_cov(&%s, %s, err)) return -1;", c.var, K.val);
    return K;
}

static void gp_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    GpCall c;
    gp_call(em, e, &c);
    Opnd K = em_value(em, e);
    /* argument order: points, sigma, l, period */
    const char *buf[5] = {NULL, NULL, NULL, NULL, NULL};
    const char *ptr[5] = {"NULL", "NULL", "NULL", "NULL", "NULL"};
    for (int k = 0; k < e->nargs; k++) {
        Opnd o = em_value(em, e->args[k]);
        buf[k] = arg_buffer(em, e, k, o, &ptr[k]);
    }
    int s = c.sets;
    em_line(em, "rt_gp_cov_adj(&%s, %s, %s, %s, %s, %s, %s, %s);", c.var,
            K.val, adj, ptr[0], s == 2 ? ptr[1] : "NULL", ptr[s],
            c.has_l ? ptr[s + 1] : "NULL", c.has_p ? ptr[s + 2] : "NULL");
    for (int k = 0; k < e->nargs; k++)
        if (buf[k])
            em_backprop(em, e->args[k], buf[k]);
}

/* cov_exp_quad(...) is gp_exp_quad_cov(...): the same call renamed. */
static const MirExpr *renamed(Emit *em, const MirExpr *e)
{
    MirExpr *c = arena_alloc(em->a, sizeof *c);
    *c = *e;
    c->fn = "gp_exp_quad_cov";
    return c;
}

/* ---------------------------------------------------------------- hooks */

static bool is_constructor(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB && e->fn
        && em_in_list(constructors, e->fn);
}

static bool is_svd(const MirExpr *e)
{
    return (call_of(e, "svd_U") || call_of(e, "svd_V")) && e->nargs == 1
        && all_real(e);
}

static bool build_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || !e->fn)
        return false;
    int sets;
    if (is_constructor(e))
        *out = constructor_value(em, e);
    else if (is_sort(e))
        *out = sort_value(em, e);
    else if (is_sort_indices(e))
        *out = sort_indices_value(em, e);
    else if (call_of(e, "rank") && e->nargs == 2 && all_real(e))
        *out = rank_value(em, e);
    else if (call_of(e, "append_array") && e->nargs == 2)
        *out = append_array_value(em, e);
    else if (is_distance(e))
        *out = distance_value(em, e);
    else if (is_scalar_distance(e))
        *out = scalar_distance_value(em, e);
    else if (call_of(e, "quantile") && e->nargs == 2 && all_real(e))
        *out = quantile_value(em, e);
    else if (call_of(e, "to_array_2d") && e->nargs == 1 && all_real(e))
        *out = to_array_2d_value(em, e);
    else if (call_of(e, "symmetrize_from_lower_tri") && e->nargs == 1
             && all_real(e))
        *out = symmetrize_value(em, e);
    else if (is_matrix_fn(e))
        *out = matrix_value(em, e);
    else if (is_svd(e))
        *out = svd_value(em, e);
    else if (gp_kernel(e, &sets) >= 0)
        *out = gp_value(em, e);
    else if (call_of(e, "cov_exp_quad"))
        *out = em_value(em, renamed(em, e));
    else
        return false;
    return true;
}

static bool build_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || !e->fn)
        return false;
    int sets;
    if (is_sort(e))
        sort_backprop(em, e, adj);
    else if (call_of(e, "append_array") && e->nargs == 2)
        append_array_backprop(em, e, adj);
    else if (is_distance(e))
        distance_backprop(em, e, adj);
    else if (is_scalar_distance(e))
        scalar_distance_backprop(em, e, adj);
    else if (call_of(e, "to_array_2d") && e->nargs == 1 && all_real(e))
        em_backprop(em, e->args[0], adj);   /* the same layout */
    else if (call_of(e, "symmetrize_from_lower_tri") && e->nargs == 1
             && all_real(e))
        symmetrize_backprop(em, e, adj);
    else if (is_matrix_fn(e))
        matrix_backprop(em, e, adj);
    else if (is_svd(e))
        svd_backprop(em, e, adj);
    else if (gp_kernel(e, &sets) >= 0)
        gp_backprop(em, e, adj);
    else if (call_of(e, "cov_exp_quad"))
        em_backprop(em, renamed(em, e), adj);
    else
        return false;
    return true;
}

/* ------------------------------------------------------------- rows */

/* constructors[], the sorts, rank, append_array, the distances,
 * quantile, to_array_2d, symmetrize_from_lower_tri, matrix_fns[], the
 * SVD, gp_kernels[] and cov_exp_quad */
static const EmCallRule rows[] = {
    {"ones_vector", build_value, build_backprop},
    {"ones_row_vector", build_value, build_backprop},
    {"ones_array", build_value, build_backprop},
    {"ones_int_array", build_value, build_backprop},
    {"zeros_vector", build_value, build_backprop},
    {"zeros_row_vector", build_value, build_backprop},
    {"zeros_array", build_value, build_backprop},
    {"zeros_int_array", build_value, build_backprop},
    {"uniform_simplex", build_value, build_backprop},
    {"one_hot_vector", build_value, build_backprop},
    {"one_hot_row_vector", build_value, build_backprop},
    {"one_hot_array", build_value, build_backprop},
    {"one_hot_int_array", build_value, build_backprop},
    {"linspaced_vector", build_value, build_backprop},
    {"linspaced_row_vector", build_value, build_backprop},
    {"linspaced_array", build_value, build_backprop},
    {"linspaced_int_array", build_value, build_backprop},
    {"sort_asc", build_value, build_backprop},
    {"sort_desc", build_value, build_backprop},
    {"sort_indices_asc", build_value, build_backprop},
    {"sort_indices_desc", build_value, build_backprop},
    {"rank", build_value, build_backprop},
    {"append_array", build_value, build_backprop},
    {"distance", build_value, build_backprop},
    {"squared_distance", build_value, build_backprop},
    {"quantile", build_value, build_backprop},
    {"to_array_2d", build_value, build_backprop},
    {"symmetrize_from_lower_tri", build_value, build_backprop},
    {"columns_dot_self", build_value, build_backprop},
    {"rows_dot_self", build_value, build_backprop},
    {"trace_quad_form", build_value, build_backprop},
    {"trace_gen_quad_form", build_value, build_backprop},
    {"determinant", build_value, build_backprop},
    {"mdivide_right_spd", build_value, build_backprop},
    {"matrix_power", build_value, build_backprop},
    {"chol2inv", build_value, build_backprop},
    {"singular_values", build_value, build_backprop},
    {"svd_U", build_value, build_backprop},
    {"svd_V", build_value, build_backprop},
    {"gp_exponential_cov", build_value, build_backprop},
    {"gp_matern32_cov", build_value, build_backprop},
    {"gp_matern52_cov", build_value, build_backprop},
    {"gp_periodic_cov", build_value, build_backprop},
    {"gp_dot_prod_cov", build_value, build_backprop},
    {"cov_exp_quad", build_value, build_backprop},
};

const EmCallRules em_linalg_build_rules = EM_CALL_RULES(rows);
