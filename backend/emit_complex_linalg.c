/* emit_complex_linalg.c - the linear algebra of complex matrices (Stan
 * Functions Reference, "Complex matrix operations": dot products and
 * specialized products, division by a complex matrix; "Linear algebra
 * functions": eigendecompositions of non-symmetric and of complex
 * Hermitian matrices (eigenvalues_sym / eigenvectors_sym of a
 * complex_matrix), the complex Schur decomposition, the singular value
 * decomposition of a complex matrix).  The reverse steps: the products,
 * the division, singular_values, the svd and the Schur decomposition in
 * emit_complex_adj.c, the eigendecompositions in emit_complex_eigen_adj.c
 * (which computes the values again with the same runtime calls as here).
 *
 * The products are written inline, with Stan Math's definitions (Eigen
 * expressions on complex scalars):
 *   dot_self(x), columns_dot_self, rows_dot_self   sum |x_k|^2 (Eigen's
 *       squaredNorm, real, returned as a complex with zero imaginary part);
 *   columns_dot_product(x, y), rows_dot_product    sum x_k y_k (Eigen's
 *       cwiseProduct: no conjugate, unlike dot_product);
 *   tcrossprod(x) = x x^T, crossprod(x) = x^T x      (the transpose, not
 *       the conjugate transpose, as the Functions Reference says).
 * The decompositions and the division call rt_complex.h, which states
 * the order and normalisation of eigenvectors and singular vectors.
 * eigendecompose, svd and complex_schur_decompose, whose results are
 * tuples, reach here element by element (mir/untuple.c). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static bool named(const MirExpr *e, const char *name, int nargs)
{
    return strcmp(e->fn, name) == 0 && e->nargs == nargs;
}

/* "FN: WHAT1 (%d) and WHAT2 (%d) must match in size" unless a == b, as
 * emit_linalg.c's size checks word it. */
static void size_match(Emit *em, const char *fn, const char *what1,
                       const char *a, const char *what2, const char *b)
{
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: %%s (%%d) and "
            "%%s (%%d) must match in size\", %s, %s, (int)(%s), %s, "
            "(int)(%s));", a, b, em_c_string(em->a, fn),
            em_c_string(em->a, what1), a, em_c_string(em->a, what2), b);
}

static Opnd complex_scalar(const char *val)
{
    Opnd o = em_scalar(val, NULL, false);
    o.is_complex = true;
    return o;
}

/* ------------------------------------------------------------ products */

/* dot_self, columns_dot_self, rows_dot_self: sums of |x|^2 over all
 * elements, each column or each row. */
static Opnd self_products(Emit *em, const MirExpr *e, Opnd x)
{
    const char *sq = A("(creal(%s[k]) * creal(%s[k]) + cimag(%s[k]) * "
                       "cimag(%s[k]))", x.val, x.val, x.val, x.val);
    if (e->fn[0] == 'd') {
        const char *t = em_fresh(em, "z");
        em_line(em, "double complex %s = 0;", t);
        em_line(em, "for (int k = 0; k < %s; k++) %s += %s;", x.n, t, sq);
        return complex_scalar(t);
    }
    bool cols = e->fn[0] == 'c';
    const char *len = cols ? x.cols : x.rows;
    Opnd o = em_new_complex(em, len, cols ? "1" : len, cols ? len : "1");
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = 0;", len, o.val);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k %s (%s)] += %s;", x.n,
            o.val, cols ? "%" : "/", x.cols, sq);
    return o;
}

/* columns_dot_product, rows_dot_product: no conjugate (Stan Math's
 * cwiseProduct). */
static Opnd pair_products(Emit *em, const MirExpr *e, Opnd x, Opnd y)
{
    size_match(em, e->fn, "Rows of v1", x.rows, "rows of v2", y.rows);
    size_match(em, e->fn, "Columns of v1", x.cols, "columns of v2", y.cols);
    bool cols = e->fn[0] == 'c';
    const char *len = cols ? x.cols : x.rows;
    Opnd o = em_new_complex(em, len, cols ? "1" : len, cols ? len : "1");
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = 0;", len, o.val);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k %s (%s)] += %s[k] * "
            "%s[k];", x.n, o.val, cols ? "%" : "/", x.cols, x.val, y.val);
    return o;
}

/* tcrossprod(x) = x x^T (rows x rows), crossprod(x) = x^T x (cols x
 * cols). */
static Opnd cross_products(Emit *em, const MirExpr *e, Opnd x)
{
    bool t = e->fn[0] == 't';
    const char *d = t ? x.rows : x.cols, *inner = t ? x.cols : x.rows;
    Opnd o = em_new_complex(em, A("(%s) * (%s)", d, d), d, d);
    /* element (i, k) of x is x[i * cols + k]; tcrossprod sums over the
     * columns k, crossprod over the rows */
    const char *xi = t ? A("%s[i * (%s) + k]", x.val, x.cols)
                       : A("%s[k * (%s) + i]", x.val, x.cols);
    const char *xj = t ? A("%s[j * (%s) + k]", x.val, x.cols)
                       : A("%s[k * (%s) + j]", x.val, x.cols);
    em_line(em, "for (int i = 0; i < %s; i++)", d);
    em_line(em, "    for (int j = 0; j < %s; j++) {", d);
    em_line(em, "        double complex s = 0;");
    em_line(em, "        for (int k = 0; k < %s; k++) s += %s * %s;", inner,
            xi, xj);
    em_line(em, "        %s[i * (%s) + j] = s;", o.val, d);
    em_line(em, "    }");
    return o;
}

/* ------------------------------------------------------ decompositions */

static const char *min_size(Emit *em, Opnd a)
{
    return A("((%s) < (%s) ? (%s) : (%s))", a.rows, a.cols, a.rows, a.cols);
}

/* eigenvalues, eigenvectors of a real (GSL) or complex matrix. */
static Opnd eigen(Emit *em, const MirExpr *e, Opnd a)
{
    bool vectors = strcmp(e->fn, "eigenvectors") == 0;
    Opnd vals = em_new_complex(em, a.rows, a.rows, "1");
    Opnd vecs = vectors ? em_new_complex(em, A("(%s) * (%s)", a.rows, a.rows),
                                         a.rows, a.rows)
                        : vals;
    em_line(em, "if (rt_eigen_general(%s, (const double *)%s, %s, %s, %s, "
            "(double *)%s, %s, err)) return -1;", em_c_string(em->a, e->fn),
            a.val, a.is_complex ? "true" : "false", a.rows, a.cols, vals.val,
            vectors ? A("(double *)%s", vecs.val) : "NULL");
    return vecs;
}

/* eigenvalues_sym, eigenvectors_sym of a complex Hermitian matrix (real
 * eigenvalues, returned complex as stanc3 types them). */
static Opnd eigen_herm(Emit *em, const MirExpr *e, Opnd a)
{
    bool vectors = strcmp(e->fn, "eigenvectors_sym") == 0;
    Opnd vals = em_new_complex(em, a.rows, a.rows, "1");
    Opnd vecs = vectors ? em_new_complex(em, A("(%s) * (%s)", a.rows, a.rows),
                                         a.rows, a.rows)
                        : vals;
    em_line(em, "if (rt_eigen_herm(%s, (const double *)%s, %s, %s, "
            "(double *)%s, %s, err)) return -1;", em_c_string(em->a, e->fn),
            a.val, a.rows, a.cols, vals.val,
            vectors ? A("(double *)%s", vecs.val) : "NULL");
    return vecs;
}

/* complex_schur_decompose_t / _u. */
static Opnd schur(Emit *em, const MirExpr *e, Opnd a)
{
    Opnd x = em_to_complex(em, a);
    bool t = e->fn[strlen(e->fn) - 1] == 't';
    Opnd o = em_new_complex(em, A("(%s) * (%s)", x.rows, x.rows), x.rows,
                            x.rows);
    em_line(em, "if (rt_complex_schur(%s, (const double *)%s, %s, %s, %s, "
            "%s, err)) return -1;", em_c_string(em->a, e->fn), x.val, x.rows,
            x.cols, t ? "NULL" : A("(double *)%s", o.val),
            t ? A("(double *)%s", o.val) : "NULL");
    return o;
}

/* singular_values (real), svd_U, svd_V of a complex matrix. */
static Opnd svd(Emit *em, const MirExpr *e, Opnd a)
{
    const char *k = min_size(em, a);
    const char *fn = em_c_string(em->a, e->fn);
    if (e->fn[0] == 's' && e->fn[1] == 'i') {
        Opnd o = em_new_container(em, k, k, "1", false);
        em_line(em, "if (rt_complex_svd(%s, (const double *)%s, %s, %s, NULL, "
                "%s, NULL, true, err)) return -1;", fn, a.val, a.rows, a.cols,
                o.val);
        return o;
    }
    bool u = e->fn[4] == 'U';
    const char *rows = u ? a.rows : a.cols;
    Opnd o = em_new_complex(em, A("(%s) * %s", rows, k), rows, k);
    const char *p = A("(double *)%s", o.val);
    em_line(em, "if (rt_complex_svd(%s, (const double *)%s, %s, %s, %s, NULL, "
            "%s, false, err)) return -1;", fn, a.val, a.rows, a.cols,
            u ? p : "NULL", u ? "NULL" : p);
    return o;
}

/* --------------------------------------------------------------- public */

Opnd em_complex_divide(Emit *em, Opnd l, Opnd r)
{
    Opnd b = em_to_complex(em, l), a = em_to_complex(em, r);
    Opnd o = em_new_complex(em, b.n, b.rows, b.cols);
    em_line(em, "if (rt_complex_mdivide_right((const double *)%s, %s, %s, "
            "(const double *)%s, %s, %s, (double *)%s, err)) return -1;",
            b.val, b.rows, b.cols, a.val, a.rows, a.cols, o.val);
    return o;
}

bool em_complex_linalg(Emit *em, const MirExpr *e, Opnd *out)
{
    if (named(e, "dot_self", 1) || named(e, "columns_dot_self", 1)
        || named(e, "rows_dot_self", 1)) {
        *out = self_products(em, e, em_to_complex(em, em_value(em, e->args[0])));
        return true;
    }
    if (named(e, "columns_dot_product", 2) || named(e, "rows_dot_product", 2)) {
        Opnd x = em_to_complex(em, em_value(em, e->args[0]));
        Opnd y = em_to_complex(em, em_value(em, e->args[1]));
        *out = pair_products(em, e, x, y);
        return true;
    }
    if (named(e, "tcrossprod", 1) || named(e, "crossprod", 1)) {
        *out = cross_products(em, e, em_to_complex(em, em_value(em, e->args[0])));
        return true;
    }
    if (e->nargs != 1)
        return false;
    if (strcmp(e->fn, "eigenvalues") == 0 || strcmp(e->fn, "eigenvectors") == 0) {
        *out = eigen(em, e, em_value(em, e->args[0]));
        return true;
    }
    if ((strcmp(e->fn, "eigenvalues_sym") == 0
         || strcmp(e->fn, "eigenvectors_sym") == 0)
        && em_is_complex_type(e->args[0]->type)) {
        *out = eigen_herm(em, e, em_value(em, e->args[0]));
        return true;
    }
    if (strcmp(e->fn, "complex_schur_decompose_t") == 0
        || strcmp(e->fn, "complex_schur_decompose_u") == 0) {
        *out = schur(em, e, em_value(em, e->args[0]));
        return true;
    }
    if ((strcmp(e->fn, "singular_values") == 0 || strcmp(e->fn, "svd_U") == 0
         || strcmp(e->fn, "svd_V") == 0)
        && em_is_complex_type(e->args[0]->type)) {
        *out = svd(em, e, em_value(em, e->args[0]));
        return true;
    }
    return false;
}
