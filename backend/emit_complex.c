/* emit_complex.c - complex values in the C backend (their derivatives
 * are emit_complex_adj.c's).
 *
 * A complex is a C99 `double complex` (the emitted file includes
 * complex.h); a complex container is a `double complex *` in scratch
 * memory, 2 doubles an element, so the runtime's functions on interleaved
 * (re, im) doubles (rt_fft, rt_data_complexes, the outputs) take it cast
 * to `double *`.  Opnd.is_complex marks such values.  C converts reals to
 * complex by itself, so mixed arithmetic on elements needs nothing; a real
 * container where a complex one is needed is copied (em_to_complex).
 *
 * Derivative code (the log density, reverse functions): a complex
 * variable that depends on parameters has a complex adjoint (emit_c.c).
 * The MIR marks every local of the model block as carrying derivatives,
 * so em_complex_scan asks the MIR's dependence analysis (mir/depend.c)
 * which complex variables read no parameter: those are data, with no
 * adjoint, and em_depends sees through them.
 *
 * The library calls (em_complex_value): to_complex, get_real, get_imag,
 * abs, arg, norm, conj, proj, polar, exp, log, log10, sqrt, pow and the
 * trigonometric and hyperbolic functions of complex scalars; fft, inv_fft,
 * fft2, inv_fft2; sum, prod, dot_product, cumulative_sum, trace; the
 * rep_ and to_
 * functions that copy; append_row into a vector; add_diag,
 * diag_pre_multiply, diag_post_multiply, symmetrize_from_lower_tri;
 * size, rows, cols, num_elements; division by a complex matrix and the
 * products and decompositions of emit_complex_linalg.c.  The
 * element-rearranging functions
 * (head, block, transpose of a matrix, ...) are emit_shape.c's gathers.
 * Everything else on complex values is refused by name, and so are the
 * derivatives of what emit_complex_adj.c has no rule for. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ----------------------------------------------------------- types */

bool em_is_complex_type(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    return k == TY_COMPLEX || k == TY_COMPLEX_VECTOR
        || k == TY_COMPLEX_ROW_VECTOR || k == TY_COMPLEX_MATRIX;
}

bool em_is_complex_var(const MirVar *var)
{
    return em_is_complex_type(var->sized.type);
}

bool em_complex_call(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    /* a higher-order call (an ODE or algebraic solver, integrate_1d, ...)
     * hands complex extra arguments to its function: the callbacks'
     * business (emit_callback.c, emit_ode.c) */
    if (e->nargs > 0 && e->args[0]->type
        && e->args[0]->type->kind == TY_FUNCTION)
        return false;
    if (em_is_complex_type(e->type))
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (e->args[i]->type && em_is_complex_type(e->args[i]->type))
            return true;
    return false;
}

/* ------------------------------------------------- data-only complex */

bool em_depends(const Emit *em, const MirExpr *e)
{
    return e && e->ad == AD_AUTODIFF && mir_depends(&em->depends, e);
}

void em_complex_scan(Emit *em)
{
    const MirProgram *p = em->p;
    em->ncx_data = p->nvars;
    em->cx_data = arena_alloc(em->a, sizeof(bool) * (size_t)(p->nvars + 1));
    bool any = false;
    for (int v = 0; v < p->nvars; v++) {
        const MirVar *var = &p->vars[v];
        em->cx_data[v] = em_is_complex_var(var) && var->ad == AD_AUTODIFF
            && var->kind != MV_ARG && var->kind != MV_PARAM;
        any = any || em->cx_data[v];
    }
    if (!any)
        return;     /* no complex value in derivative code: nothing to ask */
    em->depends = mir_param_dependence(p, em->a);
    for (int v = 0; v < p->nvars; v++) {
        em->cx_data[v] = em->cx_data[v] && !em->depends.var[v];
        em->cx_any = em->cx_any || em->cx_data[v];
    }
}

/* ------------------------------------------------------------ values */

static Opnd complex_scalar(const char *val)
{
    Opnd o = em_scalar(val, NULL, false);
    o.is_complex = true;
    return o;
}

Opnd em_new_complex(Emit *em, const char *n, const char *rows,
                    const char *cols)
{
    const char *t = em_fresh(em, "t");
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s));", t, n);
    Opnd o = {t, NULL, n, rows, cols, true, false, true, NULL};
    return o;
}

Opnd em_to_complex(Emit *em, Opnd o)
{
    if (o.is_complex)
        return o;
    if (!o.container)
        return complex_scalar(A("((double complex)(%s))", o.val));
    Opnd c = em_new_complex(em, o.n, o.rows, o.cols);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", o.n, c.val,
            o.val);
    c.shape = o.shape;
    return c;
}

Opnd em_complex_imag(Emit *em, const MirExpr *e)
{
    return complex_scalar(A("CMPLX(0.0, %s)", e->text));
}

/* A fresh temporary holding the complex scalar expression x. */
static Opnd complex_temp(Emit *em, const char *x)
{
    const char *t = em_fresh(em, "z");
    em_line(em, "double complex %s = %s;", t, x);
    return complex_scalar(t);
}

/* The matrix product of complex (or mixed) containers l (R x K) and
 * r (K x C), with Stan's size check; a row_vector times a vector is a
 * scalar. */
static Opnd matrix_product(Emit *em, Opnd l, Opnd r)
{
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"multiply: Columns "
            "of m1 (%%d) and Rows of m2 (%%d) must match in size\", "
            "(int)(%s), (int)(%s));", l.cols, r.rows, l.cols, r.rows);
    if (strcmp(l.rows, "1") == 0 && strcmp(r.cols, "1") == 0) {
        const char *t = em_fresh(em, "z");
        em_line(em, "double complex %s = 0;", t);
        em_line(em, "for (int k = 0; k < %s; k++) %s += %s[k] * %s[k];",
                l.cols, t, l.val, r.val);
        return complex_scalar(t);
    }
    Opnd o = em_new_complex(em, A("(%s) * (%s)", l.rows, r.cols), l.rows,
                            r.cols);
    em_line(em, "for (int i = 0; i < %s; i++)", l.rows);
    em_line(em, "    for (int j = 0; j < %s; j++) {", r.cols);
    em_line(em, "        double complex s = 0;");
    em_line(em, "        for (int k = 0; k < %s; k++) s += %s[i * (%s) + k] "
            "* %s[k * (%s) + j];", l.cols, l.val, l.cols, r.val, r.cols);
    em_line(em, "        %s[i * (%s) + j] = s;", o.val, r.cols);
    em_line(em, "    }");
    return o;
}

Opnd em_complex_binary(Emit *em, const MirExpr *e, Op op, Opnd l, Opnd r)
{
    const char *c;
    switch (op) {
    case OP_ADD: c = "+"; break;
    case OP_SUB: c = "-"; break;
    case OP_MUL: case OP_EMUL: c = "*"; break;
    case OP_DIV: case OP_EDIV: c = "/"; break;
    case OP_EQ: c = "=="; break;
    case OP_NEQ: c = "!="; break;
    case OP_POW: case OP_EPOW:
        if (!l.container && !r.container)
            return complex_scalar(A("cpow(%s, %s)", l.val, r.val));
        c = NULL;   /* elementwise cpow below (stanc3's pow of complex
                       containers, a scalar broadcasting) */
        break;
    default:
        em_unsupported(em, "the operator %s on complex values",
                       ast_op_str(op));
    }
    if (op == OP_EQ || op == OP_NEQ) {
        if (l.container || r.container)
            em_unsupported(em, "%s on complex containers", c);
        return em_scalar(A("((%s) %s (%s))", l.val, c, r.val), NULL, true);
    }
    if (op == OP_MUL && l.container && r.container)
        return matrix_product(em, l, r);
    if (op == OP_DIV && r.container)
        return em_complex_divide(em, l, r);    /* B / A = B A^-1 */
    if (!l.container && !r.container)
        return complex_scalar(A("((double complex)(%s) %s (%s))", l.val, c,
                                r.val));
    Opnd big = l.container ? l : r;
    if (l.container && r.container)
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: the "
                "operands' sizes (%%d and %%d) must match\", %s, (int)(%s), "
                "(int)(%s));", l.n, r.n,
                em_c_string(em->a, e->fn ? e->fn : c ? c : "pow"), l.n, r.n);
    Opnd o = em_new_complex(em, big.n, big.rows, big.cols);
    if (c)
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s %s %s;", big.n,
                o.val, em_elem(em, l), c, em_elem(em, r));
    else
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = cpow(%s, %s);",
                big.n, o.val, em_elem(em, l), em_elem(em, r));
    return o;
}

/* ------------------------------------------------------ library calls */

/* Operators called by name. */
static const struct {
    const char *name;
    Op op;
} named_ops[] = {
    {"add", OP_ADD}, {"subtract", OP_SUB}, {"multiply", OP_MUL},
    {"divide", OP_DIV}, {"elt_multiply", OP_EMUL}, {"elt_divide", OP_EDIV},
    {"pow", OP_POW}, {"mdivide_right", OP_DIV},
};

static bool is(const MirExpr *e, const char *name, int nargs)
{
    return strcmp(e->fn, name) == 0 && e->nargs == nargs;
}

bool em_complex_named_op(const MirExpr *e, Op *op)
{
    for (size_t i = 0; i < sizeof named_ops / sizeof named_ops[0]; i++)
        if (is(e, named_ops[i].name, 2)) {
            *op = named_ops[i].op;
            return true;
        }
    return false;
}

/* A container shaped like x with the C expression elem (of `k`, the
 * element's index, and X, x's values) for each element: complex values
 * (cx) or reals. */
static Opnd map_elems(Emit *em, Opnd x, bool cx, const char *elem)
{
    Opnd o = cx ? em_new_complex(em, x.n, x.rows, x.cols)
                : em_new_container(em, x.n, x.rows, x.cols, false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", x.n, o.val, elem);
    return o;
}

/* to_complex(re, im), elementwise with a scalar broadcast. */
static Opnd to_complex(Emit *em, const MirExpr *e)
{
    if (e->nargs == 0)
        return complex_scalar("CMPLX(0.0, 0.0)");
    Opnd re = em_value(em, e->args[0]);
    Opnd im = e->nargs > 1 ? em_value(em, e->args[1])
                           : em_scalar("0.0", NULL, false);
    if (!re.container && !im.container)
        return complex_temp(em, A("CMPLX(%s, %s)", re.val, im.val));
    if (re.container && im.container)
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"to_complex: "
                "size of the real parts (%%d) and size of the imaginary "
                "parts (%%d) must match in size\", (int)(%s), (int)(%s));",
                re.n, im.n, re.n, im.n);
    Opnd big = re.container ? re : im;
    return map_elems(em, big, true, A("CMPLX(%s, %s)", em_elem(em, re),
                                      em_elem(em, im)));
}

/* The fast Fourier transforms through rt_complex.h. */
static Opnd fourier(Emit *em, const MirExpr *e)
{
    Opnd x = em_to_complex(em, em_value(em, e->args[0]));
    Opnd o = em_new_complex(em, x.n, x.rows, x.cols);
    if (strcmp(e->fn, "fft2") == 0 || strcmp(e->fn, "inv_fft2") == 0)
        em_line(em, "if (rt_%s((const double *)%s, %s, %s, (double *)%s, "
                "err)) return -1;", e->fn, x.val, x.rows, x.cols, o.val);
    else
        em_line(em, "if (rt_%s((const double *)%s, %s, (double *)%s, err)) "
                "return -1;", e->fn, x.val, x.n, o.val);
    return o;
}

/* The copies: same elements, another shape or more of them. */
static bool copies(Emit *em, const MirExpr *e, Opnd *out)
{
    const char *fn = e->fn;
    if ((is(e, "to_vector", 1) || is(e, "to_row_vector", 1)
         || is(e, "transpose", 1) || e->op == OP_TRANSPOSE)
        && e->args[0]->type->kind != TY_COMPLEX_MATRIX
        && ty_array_dims(e->args[0]->type) <= 1) {
        Opnd x = em_to_complex(em, em_value(em, e->args[0]));
        const char *rows, *cols;
        em_shape_of(e->type, x.n, &rows, &cols);
        *out = map_elems(em, x, true, A("%s[k]", x.val));
        out->rows = rows;
        out->cols = cols;
        return true;
    }
    if ((is(e, "to_matrix", 1) && e->args[0]->type->kind == TY_ARRAY)
        || is(e, "to_array_2d", 1)) {
        /* array[,] complex, array[] complex_row_vector and complex_matrix
         * share the row-major layout */
        Opnd x = em_to_complex(em, em_value(em, e->args[0]));
        *out = map_elems(em, x, true, A("%s[k]", x.val));
        return true;
    }
    if (is(e, "rep_vector", 2) || is(e, "rep_row_vector", 2)
        || (is(e, "rep_array", 2) && !em_is_container_type(e->args[0]->type))) {
        Opnd x = em_value(em, e->args[0]), n = em_value(em, e->args[1]);
        const char *rows, *cols;
        em_shape_of(e->type, n.val, &rows, &cols);
        Opnd o = em_new_complex(em, A("(%s < 0 ? 0 : %s)", n.val, n.val),
                                rows, cols);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", o.n, o.val,
                x.val);
        *out = o;
        return true;
    }
    if (is(e, "rep_matrix", 3) && !em_is_container_type(e->args[0]->type)) {
        Opnd x = em_value(em, e->args[0]), r = em_value(em, e->args[1]);
        Opnd c = em_value(em, e->args[2]);
        Opnd o = em_new_complex(em, A("(%s) * (%s)", r.val, c.val), r.val,
                                c.val);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", o.n, o.val,
                x.val);
        *out = o;
        return true;
    }
    if (is(e, "append_row", 2) && e->type->kind == TY_COMPLEX_VECTOR) {
        Opnd a = em_value(em, e->args[0]), b = em_value(em, e->args[1]);
        const char *na = a.container ? a.n : "1", *nb = b.container ? b.n : "1";
        const char *n = em_size_sum(em, na, nb);
        Opnd o = em_new_complex(em, n, n, "1");
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", na, o.val,
                em_elem(em, a));
        em_line(em, "for (int k = 0; k < %s; k++) %s[%s + k] = %s;", nb,
                o.val, na, em_elem(em, b));
        *out = o;
        return true;
    }
    (void)fn;
    return false;
}

/* Sums, products and the functions of square matrices. */
static bool reductions(Emit *em, const MirExpr *e, Opnd *out)
{
    if ((is(e, "sum", 1) || is(e, "prod", 1)) && e->args[0]->type
        && em_is_container_type(e->args[0]->type)) {
        bool sum = e->fn[0] == 's';
        Opnd x = em_value(em, e->args[0]);
        const char *t = em_fresh(em, "z");
        em_line(em, "double complex %s = %s;", t, sum ? "0" : "1");
        em_line(em, "for (int k = 0; k < %s; k++) %s %s= %s[k];", x.n, t,
                sum ? "+" : "*", x.val);
        *out = complex_scalar(t);
        return true;
    }
    if (is(e, "dot_product", 2)) {
        /* Stan Math's v1.dot(v2): Eigen's dot product of complex vectors
         * conjugates the first */
        Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"dot_product: "
                "size of v1 (%%d) and size of v2 (%%d) must match in size\", "
                "(int)(%s), (int)(%s));", x.n, y.n, x.n, y.n);
        const char *t = em_fresh(em, "z");
        em_line(em, "double complex %s = 0;", t);
        em_line(em, "for (int k = 0; k < %s; k++) %s += conj(%s[k]) * %s[k];",
                x.n, t, x.val, y.val);
        *out = complex_scalar(t);
        return true;
    }
    if (is(e, "cumulative_sum", 1)) {
        Opnd x = em_to_complex(em, em_value(em, e->args[0]));
        Opnd o = em_new_complex(em, x.n, x.rows, x.cols);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = (k ? %s[k - 1] : "
                "0) + %s[k];", x.n, o.val, o.val, x.val);
        *out = o;
        return true;
    }
    if (is(e, "trace", 1)) {
        Opnd x = em_value(em, e->args[0]);
        const char *t = em_fresh(em, "z");
        em_line(em, "double complex %s = 0;", t);
        em_line(em, "for (int k = 0; k < %s && k < %s; k++) %s += %s[k * (%s) "
                "+ k];", x.rows, x.cols, t, x.val, x.cols);
        *out = complex_scalar(t);
        return true;
    }
    if (is(e, "add_diag", 2)) {
        Opnd M = em_value(em, e->args[0]), d = em_value(em, e->args[1]);
        Opnd o = map_elems(em, M, true, A("%s[k]", M.val));
        const char *dk = d.container ? A("%s[k]", d.val) : A("(%s)", d.val);
        if (d.container)
            em_line(em, "if ((%s) != ((%s) < (%s) ? (%s) : (%s))) return "
                    "rt_error(err, \"add_diag: size of the diagonal (%%d) "
                    "must match the matrix's diagonal\", (int)(%s));", d.n,
                    M.rows, M.cols, M.rows, M.cols, d.n);
        em_line(em, "for (int k = 0; k < %s && k < %s; k++) %s[k * (%s) + k] "
                "+= %s;", M.rows, M.cols, o.val, M.cols, dk);
        *out = o;
        return true;
    }
    if (is(e, "diag_pre_multiply", 2) || is(e, "diag_post_multiply", 2)) {
        bool pre = strstr(e->fn, "pre") != NULL;
        Opnd v = em_value(em, e->args[pre ? 0 : 1]);
        Opnd M = em_value(em, e->args[pre ? 1 : 0]);
        const char *side = pre ? M.rows : M.cols;
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: size of "
                "the vector (%%d) must match the matrix (%%d)\", %s, (int)(%s), "
                "(int)(%s));", v.n, side, em_c_string(em->a, e->fn), v.n, side);
        *out = map_elems(em, M, true, A("%s[%s] * %s[k]", v.val,
                                        pre ? A("k / (%s)", M.cols)
                                            : A("k %% (%s)", M.cols),
                                        M.val));
        return true;
    }
    if (is(e, "symmetrize_from_lower_tri", 1)) {
        Opnd M = em_value(em, e->args[0]);
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"symmetrize_from_"
                "lower_tri: Expecting a square matrix; rows of m (%%d) and "
                "columns of m (%%d) must match in size\", (int)(%s), "
                "(int)(%s));", M.rows, M.cols, M.rows, M.cols);
        *out = map_elems(em, M, true, A("(k / (%s) >= k %% (%s) ? %s[k] : "
                                        "%s[(k %% (%s)) * (%s) + k / (%s)])",
                                        M.cols, M.cols, M.val, M.val, M.cols,
                                        M.cols, M.cols));
        return true;
    }
    return false;
}

/* The functions that exist only on complex values (the others, abs, exp,
 * size, dot_self, ..., are rows or generic routes of their real forms):
 * tests/unit/test_emit_calls.c classifies the library by it. */
static const char *const complex_only[] = {
    "to_complex", "get_real", "get_imag", "conj", "arg", "norm", "polar",
    "proj", "fft", "inv_fft", "fft2", "inv_fft2", "complex_schur_decompose",
    "complex_schur_decompose_t", "complex_schur_decompose_u", "eigenvalues",
    "eigenvectors", "eigendecompose", "svd", "svd_U", "svd_V", NULL};

bool em_complex_name(const char *name)
{
    return em_in_list(complex_only, name);
}

bool em_complex_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!em_complex_call(e))
        return false;
    const char *fn = e->fn;
    if ((is(e, "size", 1) || is(e, "num_elements", 1) || is(e, "rows", 1)
         || is(e, "cols", 1))) {
        Opnd x = em_value(em, e->args[0]);
        const char *v = em_size_of(em, fn, e->args[0]->type, x);
        *out = em_scalar(A("(%s)", v), NULL, true);
        return true;
    }
    if (strcmp(fn, "to_complex") == 0) {
        *out = to_complex(em, e);
        return true;
    }
    Op op;
    if (em_complex_named_op(e, &op)) {
        Opnd l = em_value(em, e->args[0]), r = em_value(em, e->args[1]);
        *out = em_complex_binary(em, e, op, l, r);
        return true;
    }
    if ((is(e, "minus", 1) || is(e, "plus", 1))) {
        Opnd x = em_value(em, e->args[0]);
        const char *sign = fn[0] == 'm' ? "-" : "+";
        *out = x.container ? map_elems(em, x, true, A("%s%s[k]", sign, x.val))
                           : complex_scalar(A("(%s(%s))", sign, x.val));
        return true;
    }
    if (is(e, "get_real", 1) || is(e, "get_imag", 1) || is(e, "conj", 1)) {
        Opnd x = em_value(em, e->args[0]);
        const char *c = fn[0] == 'c' ? "conj" : fn[4] == 'r' ? "creal"
                                                             : "cimag";
        bool cx = fn[0] == 'c';
        if (x.container)
            *out = map_elems(em, x, cx, A("%s(%s[k])", c, x.val));
        else if (cx)
            *out = complex_scalar(A("conj(%s)", x.val));
        else
            *out = em_scalar(A("%s(%s)", c, x.val), NULL, false);
        return true;
    }
    if (is(e, "abs", 1) && em_is_container_type(e->args[0]->type)) {
        /* the modulus of each element (stanc3's abs of complex containers
         * and arrays of them) */
        Opnd x = em_value(em, e->args[0]);
        *out = map_elems(em, x, false, A("cabs(%s[k])", x.val));
        return true;
    }
    if (e->nargs == 1 && !em_is_container_type(e->args[0]->type)) {
        Opnd x = em_value(em, e->args[0]);
        if (strcmp(fn, "abs") == 0 || strcmp(fn, "arg") == 0) {
            *out = em_scalar(A("c%s(%s)", fn, x.val), NULL, false);
            return true;
        }
        if (strcmp(fn, "norm") == 0) {
            Opnd z = complex_temp(em, x.val);
            *out = em_scalar(A("(creal(%s) * creal(%s) + cimag(%s) * "
                               "cimag(%s))", z.val, z.val, z.val, z.val),
                             NULL, false);
            return true;
        }
        if (strcmp(fn, "log10") == 0) {
            *out = complex_scalar(A("(clog(%s) / 2.30258509299404568402)",
                                    x.val));
            return true;
        }
        if (em_complex_unary_deriv(em->a, fn, "z")) {   /* C99's c<fn> */
            *out = complex_scalar(A("c%s(%s)", fn, x.val));
            return true;
        }
    }
    if (is(e, "polar", 2)) {
        /* Stan's: NaN for a negative or NaN modulus or an infinite angle */
        Opnd r = em_value(em, e->args[0]), th = em_value(em, e->args[1]);
        const char *rr = em_fresh(em, "r"), *tt = em_fresh(em, "th");
        em_line(em, "double %s = %s, %s = %s;", rr, r.val, tt, th.val);
        *out = complex_temp(em, A("!(%s >= 0) || isinf(%s) ? CMPLX(NAN, 0.0)"
                                  " : CMPLX(%s * cos(%s), %s * sin(%s))", rr,
                                  tt, rr, tt, rr, tt));
        return true;
    }
    if (is(e, "fft", 1) || is(e, "inv_fft", 1) || is(e, "fft2", 1)
        || is(e, "inv_fft2", 1)) {
        *out = fourier(em, e);
        return true;
    }
    if (copies(em, e, out) || reductions(em, e, out)
        || em_complex_linalg(em, e, out))
        return true;
    em_unsupported(em, "the function %s on complex values", fn);
}
