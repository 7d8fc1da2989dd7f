/* emit_linalg.c - calls of rt_linalg.h's matrix functions: the value, and
 * the reverse step through the function's _adj rule.
 *
 * Each function is one row of a table: Stan's size checks, the shape of
 * the result, and two C templates, the forward call and the adjoint call,
 * which the emitter fills in with the operands.  The reverse step
 * recomputes the operands with em_value (the reverse sweep has restored
 * the variables; values computed earlier in the statement are reused),
 * calls the _adj rule into fresh adjoint buffers of the arguments that
 * carry derivatives, and pushes those buffers into the arguments.  The
 * two-set kernel gp_exp_quad_cov(x1, x2, alpha, rho) (rt_gp.h), whose
 * arguments are arrays and scalars, has code of its own at the end. */
#include <ctype.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ---------------------------------------------------------------- table */

/* Stan's size checks, before the forward call (the runtime functions
 * take one size per dimension and trust it). */
enum {
    CHK_SQUARE0 = 1,    /* argument 1 is square */
    CHK_SQUARE1 = 2,    /* argument 2 is square */
    CHK_MULT = 4,       /* columns of argument 1 = rows of argument 2 */
    CHK_SAME = 8,       /* the same rows and columns */
    CHK_DIAG = 16,      /* columns of argument 1 = size of argument 2 */
    CHK_MULT12 = 32     /* columns of argument 2 = rows of argument 3 */
};

/* A function of the table.  The templates are C statements in which
 *   $a $b $c are the values of arguments 1, 2 and 3,
 *   $m $n    the rows and columns of argument 1, $p $q those of argument 2,
 *            $r $s those of argument 3 (1 and 1 for a real),
 *   $y       the result: a pointer, or for a real result a double to set,
 *   $Y       the result's adjoint: a pointer, or for a real result a scalar,
 *   $g $h $k the adjoint buffers of arguments 1, 2 and 3 (a pointer to a
 *            real's), or NULL for data,
 *   $w       `work` (forward) or `adj_work` (reverse) doubles of scratch.
 * The adjoint template may use $y only for a container result. */
typedef struct LinalgFn {
    const char *name;
    const char *kinds;      /* per argument: M a matrix, * also a vector,
                               r a real (or an int) */
    int checks;
    const char *arg_names;  /* the arguments' names in messages */
    const char *rows, *cols;    /* the result's shape, unless real */
    bool out_array;         /* a real result written as a 1 x 1 array */
    const char *value, *work;
    const char *adjoint, *adj_work;
} LinalgFn;

static const LinalgFn linalg_fns[] = {
    {"crossprod", "M", 0, "m", "$n", "$n", false,
     "rt_crossprod($a, $m, $n, $y);", NULL,
     "rt_crossprod_adj($a, $Y, $m, $n, $g);", NULL},
    {"tcrossprod", "M", 0, "m", "$m", "$m", false,
     "rt_tcrossprod($a, $m, $n, $y);", NULL,
     "rt_tcrossprod_adj($a, $Y, $m, $n, $g);", NULL},
    {"columns_dot_product", "**", CHK_SAME, "v1 v2", "1", "$n", false,
     "rt_columns_dot_product($a, $b, $m, $n, $y);", NULL,
     "rt_columns_dot_product_adj($a, $b, $m, $n, $Y, $g, $h);", NULL},
    {"rows_dot_product", "**", CHK_SAME, "v1 v2", "$m", "1", false,
     "rt_rows_dot_product($a, $b, $m, $n, $y);", NULL,
     "rt_rows_dot_product_adj($a, $b, $m, $n, $Y, $g, $h);", NULL},
    {"diag_post_multiply", "M*", CHK_DIAG, "m1 m2", "$m", "$n", false,
     "rt_diag_post_multiply($a, $b, $m, $n, $y);", NULL,
     "rt_diag_post_multiply_adj($a, $b, $m, $n, $Y, $g, $h);", NULL},
    /* B^T A B: a matrix for a matrix B, a real for a vector */
    {"quad_form", "M*", CHK_SQUARE0 | CHK_MULT, "A B", "$q", "$q", true,
     "rt_quad_form($a, $b, $m, $q, $y, $w);", "$m * $q",
     "rt_quad_form_adj($a, $b, $Y, $m, $q, $g, $h, $w);", "$m * $q"},
    {"quad_form_sym", "M*", CHK_SQUARE0 | CHK_MULT, "A B", "$q", "$q", true,
     "if (rt_quad_form_sym($a, $b, $m, $q, $y, $w, err)) return -1;",
     "$m * $q",
     "rt_quad_form_sym_adj($a, $b, $Y, $m, $q, $g, $h, $w);",
     "$m * $q + $q * $q"},
    /* Stan's trace is Eigen's: the diagonal of any shape, so not the
     * runtime's square rt_trace */
    {"trace", "M", 0, "m", NULL, NULL, false,
     "$y = 0; for (int i = 0; i < $m && i < $n; i++) $y += $a[i * $n + i];",
     NULL, "for (int i = 0; i < $m && i < $n; i++) $g[i * $n + i] += $Y;",
     NULL},
    {"mdivide_left_tri_low", "M*", CHK_SQUARE0 | CHK_MULT, "A b", "$p", "$q",
     false, "rt_mdivide_left_tri_low($a, $b, $m, $q, $y);", NULL,
     "rt_mdivide_left_tri_low_adj($a, $y, $Y, $m, $q, $g, $h, $w);",
     "$m * $q"},
    {"mdivide_right_tri_low", "*M", CHK_SQUARE1 | CHK_MULT, "b A", "$m",
     "$n", false, "rt_mdivide_right_tri_low($a, $b, $m, $n, $y);", NULL,
     "rt_mdivide_right_tri_low_adj($b, $y, $Y, $m, $n, $g, $h, $w);",
     "$m * $n"},
    {"mdivide_left_spd", "M*", CHK_SQUARE0 | CHK_MULT, "m1 m2", "$p", "$q",
     false,
     "if (rt_mdivide_left_spd($a, $b, $m, $q, $y, $w, err)) return -1;",
     "$m * $m",
     "rt_mdivide_left_spd_adj($a, $y, $Y, $m, $q, $g, $h, $w);",
     "$m * $m + $m * $q"},
    /* general A by LU (rt_lu.h), which makes Stan's size checks itself;
     * A \ b and b / A are emit_expr.c's */
    {"mdivide_left", "M*", 0, "A b", "$p", "$q", false,
     "if (rt_mdivide_left($a, $m, $n, $b, $p, $q, $y, $w, err)) return -1;",
     "$m * $m + $m",
     "rt_mdivide_left_adj($a, $y, $Y, $p, $q, $g, $h, $w);",
     "$m * $m + $m + $p * $q"},
    {"mdivide_right", "*M", 0, "b A", "$m", "$n", false,
     "if (rt_mdivide_right($a, $m, $n, $b, $p, $q, $y, $w, err)) return -1;",
     "$p * $p + $p",
     "rt_mdivide_right_adj($b, $y, $Y, $m, $n, $g, $h, $w);",
     "$p * $p + $p + $m * $n"},
    {"log_determinant", "M", CHK_SQUARE0, "m", NULL, NULL, false,
     "$y = rt_log_determinant($a, $m, $w);", "$m * $m + $m",
     "rt_log_determinant_adj($a, $m, $Y, $g, $w);", "2 * $m * $m + $m"},
    {"log_determinant_spd", "M", CHK_SQUARE0, "m", NULL, NULL, false,
     "$y = rt_log_determinant_spd($a, $m, $w, err); "
     "if (isnan($y)) return -1;", "$m * $m",
     "rt_log_determinant_spd_adj($a, $m, $Y, $g, $w);", "2 * $m * $m"},
    {"inverse", "M", CHK_SQUARE0, "m", "$m", "$m", false,
     "if (rt_inverse($a, $m, $y, $w, err)) return -1;", "$m * $m + $m",
     "rt_inverse_adj($y, $Y, $m, $g, $w);", "$m * $m"},
    {"inverse_spd", "M", CHK_SQUARE0, "m", "$m", "$m", false,
     "if (rt_inverse_spd($a, $m, $y, $w, err)) return -1;", "$m * $m",
     "rt_inverse_spd_adj($y, $Y, $m, $g, $w);", "$m * $m"},
    /* the adjoint of either needs both the values and the vectors: work
     * holds the values, then the vectors, then rt_eigen_sym_adj's 2 n^2 */
    /* matrix_exp.c: Pade with scaling and squaring, and the adjoint from
     * the Frechet derivative (rt_matrix_exp.h); exp(A) B is exp(1 A) B */
    {"matrix_exp", "M", CHK_SQUARE0, "A", "$m", "$m", false,
     "if (rt_matrix_exp($a, $m, $y, $w, err)) return -1;",
     "rt_matrix_exp_work($m)",
     "if (rt_matrix_exp_adj($a, $Y, $m, $g, $w, err)) return -1;",
     "rt_matrix_exp_adj_work($m)"},
    {"matrix_exp_multiply", "MM", CHK_SQUARE0 | CHK_MULT, "A B", "$m", "$q",
     false,
     "if (rt_scale_matrix_exp_multiply(1, $a, $b, $m, $q, $y, $w, err)) "
     "return -1;", "rt_scale_matrix_exp_multiply_work($m, $q)",
     "if (rt_scale_matrix_exp_multiply_adj(1, $a, $b, $Y, $m, $q, NULL, $g, "
     "$h, $w, err)) return -1;",
     "rt_scale_matrix_exp_multiply_adj_work($m, $q)"},
    {"scale_matrix_exp_multiply", "rMM", CHK_SQUARE1 | CHK_MULT12, "t A B",
     "$p", "$s", false,
     "if (rt_scale_matrix_exp_multiply($a, $b, $c, $p, $s, $y, $w, err)) "
     "return -1;", "rt_scale_matrix_exp_multiply_work($p, $s)",
     "if (rt_scale_matrix_exp_multiply_adj($a, $b, $c, $Y, $p, $s, $g, $h, "
     "$k, $w, err)) return -1;",
     "rt_scale_matrix_exp_multiply_adj_work($p, $s)"},
    /* generalized_inverse.c: the SVD, Golub and Pereyra's derivative */
    {"generalized_inverse", "M", 0, "G", "$n", "$m", false,
     "if (rt_generalized_inverse($a, $m, $n, $y, $w, err)) return -1;",
     "rt_generalized_inverse_work($m, $n)",
     "rt_generalized_inverse_adj($a, $y, $Y, $m, $n, $g, $w);",
     "rt_generalized_inverse_adj_work($m, $n)"},
    {"eigenvalues_sym", "M", CHK_SQUARE0, "m", "$m", "1",
     false, "if (rt_eigenvalues_sym($a, $m, $y, err)) return -1;", NULL,
     "if (rt_eigenvectors_sym($a, $m, $w, $w + $m, err)) { return -1; } "
     "rt_eigen_sym_adj($w, $w + $m, $Y, NULL, $m, $g, $w + $m + $m * $m);",
     "$m + 3 * $m * $m"},
    {"eigenvectors_sym", "M", CHK_SQUARE0, "m", "$m", "$m",
     false, "if (rt_eigenvectors_sym($a, $m, $w, $y, err)) return -1;", "$m",
     "if (rt_eigenvectors_sym($a, $m, $w, $w + $m, err)) { return -1; } "
     "rt_eigen_sym_adj($w, $w + $m, NULL, $Y, $m, $g, $w + $m + $m * $m);",
     "$m + 3 * $m * $m"},
};

/* The row of the table for call e, or NULL when e is not one of them or
 * its arguments are not real matrices and vectors, or reals where the
 * row says r (complex ones are not served by the runtime). */
static const LinalgFn *lookup(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return NULL;
    for (size_t i = 0; i < sizeof linalg_fns / sizeof linalg_fns[0]; i++) {
        const LinalgFn *f = &linalg_fns[i];
        if (strcmp(f->name, e->fn) != 0
            || (int)strlen(f->kinds) != e->nargs)
            continue;
        for (int k = 0; k < e->nargs; k++) {
            TypeKind t = e->args[k]->type->kind;
            if (f->kinds[k] == 'r' ? t != TY_REAL && t != TY_INT
                : t != TY_MATRIX && (f->kinds[k] == 'M'
                                     || (t != TY_VECTOR
                                         && t != TY_ROW_VECTOR)))
                return NULL;
        }
        bool real = e->type->kind == TY_REAL;
        if (real ? f->rows && !f->out_array : !f->rows)
            return NULL;   /* not the result the table row gives */
        return f;
    }
    return NULL;
}

/* ------------------------------------------------------------ templates */

/* Whether s is one parenthesized expression: (a + b), not (a) + (b). */
static bool parenthesized(const char *s)
{
    int depth = 0;
    for (const char *c = s; *c; c++) {
        depth += (*c == '(') - (*c == ')');
        if (depth == 0)
            return c != s && c[1] == '\0';
    }
    return false;
}

/* s as an operand of * and +: parenthesized unless it is a name, a
 * number, a field or an element (v_x_d0, m->v_x_d0, t3[0]) or already
 * parenthesized. */
static const char *operand(Emit *em, const char *s)
{
    if (parenthesized(s))
        return s;
    for (const char *c = s; *c; c++) {
        if (c[0] == '-' && c[1] == '>')
            c++;
        else if (!isalnum((unsigned char)*c) && !strchr("_.[]", *c))
            return A("(%s)", s);
    }
    return s;
}

/* What the $ names of a template stand for, indexed by the letter. */
typedef struct Subst {
    const char *name[128];
} Subst;

static const char *expand(Emit *em, const Subst *s, const char *tmpl)
{
    const char *out = "";
    const char *run = tmpl;
    for (const char *c = tmpl; *c; c++) {
        if (*c != '$')
            continue;
        const char *v = s->name[(unsigned char)c[1]];
        if (!v)
            ICE("emit_linalg: $%c in \"%s\" stands for nothing", c[1], tmpl);
        out = A("%s%.*s%s", out, (int)(c - run), run, v);
        run = c + 2;
        c++;
    }
    return A("%s%s", out, run);
}

/* The operands of e's call: values in $a $b $c, sizes in $m $n $p $q $r
 * $s (a real's are 1 and 1). */
static void operands(Emit *em, const MirExpr *e, Opnd *ops, Subst *s)
{
    static const char vals[] = "abc", dims[] = "mnpqrs";
    for (int k = 0; k < e->nargs; k++) {
        ops[k] = em_value(em, e->args[k]);
        bool scalar = !em_is_container_type(e->args[k]->type);
        s->name[(unsigned char)vals[k]] = scalar ? operand(em, ops[k].val)
                                                 : ops[k].val;
        s->name[(unsigned char)dims[2 * k]] = scalar ? "1"
            : operand(em, ops[k].rows);
        s->name[(unsigned char)dims[2 * k + 1]] = scalar ? "1"
            : operand(em, ops[k].cols);
    }
}

/* $w: fresh scratch of `size` doubles, when tmpl uses it. */
static void work(Emit *em, Subst *s, const char *tmpl, const char *size)
{
    if (!strstr(tmpl, "$w"))
        return;
    const char *w = em_fresh(em, "w");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s));",
            w, expand(em, s, size));
    s->name['w'] = w;
}

/* ------------------------------------------------------------- checks */

/* Stan's check_size_match: "FN: Columns of A (3) and Rows of B (2) must
 * match in size". */
static void size_match(Emit *em, const char *fn, const char *what_i,
                       const char *i, const char *what_j, const char *j)
{
    if (strcmp(i, j) == 0)
        return;   /* the same size: rows(v) and rows(v), or 1 and 1 */
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: %%s (%%d) and "
            "%%s (%%d) must match in size\", %s, %s, (int)(%s), %s, (int)(%s));",
            i, j, em_c_string(em->a, fn), em_c_string(em->a, what_i), i,
            em_c_string(em->a, what_j), j);
}

static void emit_checks(Emit *em, const MirExpr *e, const LinalgFn *f,
                        const Opnd *ops, const Subst *s)
{
    char n1[8] = "", n2[8] = "", n3[8] = "";
    sscanf(f->arg_names, "%7s %7s %7s", n1, n2, n3);
    const char *fn = e->fn;
    const char *m = s->name['m'], *n = s->name['n'];
    const char *p = s->name['p'], *q = s->name['q'];
    if (f->checks & CHK_SQUARE0)
        size_match(em, fn, A("Expecting a square matrix; rows of %s", n1), m,
                   A("columns of %s", n1), n);
    if (f->checks & CHK_SQUARE1)
        size_match(em, fn, A("Expecting a square matrix; rows of %s", n2), p,
                   A("columns of %s", n2), q);
    if (f->checks & CHK_MULT)
        size_match(em, fn, A("Columns of %s", n1), n, A("Rows of %s", n2), p);
    if (f->checks & CHK_SAME) {
        size_match(em, fn, A("Rows of %s", n1), m, A("rows of %s", n2), p);
        size_match(em, fn, A("Columns of %s", n1), n, A("columns of %s", n2),
                   q);
    }
    if (f->checks & CHK_MULT12)
        size_match(em, fn, A("Columns of %s", n2), q, A("Rows of %s", n3),
                   s->name['r']);
    if (f->checks & CHK_DIAG)
        size_match(em, fn, A("%s.size()", n2), ops[1].n,
                   A("%s.cols()", n1), n);
}

/* ------------------------------------------------ gp_exp_quad_cov(x1, x2) */

/* gp_exp_quad_cov(x1, x2, alpha, rho) of two arrays of reals or two
 * arrays of vectors with one length scale (the other forms, and the
 * function's row, are emit_lib.c's). */
static bool is_gp2(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB
        || strcmp(e->fn, "gp_exp_quad_cov") != 0 || e->nargs != 4)
        return false;
    for (int k = 0; k < 2; k++) {
        const Type *t = e->args[k]->type;
        if (t->kind != TY_ARRAY || t->dims != 1
            || (t->elem->kind != TY_REAL && t->elem->kind != TY_INT
                && t->elem->kind != TY_VECTOR))
            return false;
    }
    return !em_is_container_type(e->args[2]->type)
        && !em_is_container_type(e->args[3]->type);
}

/* A set of points: its values as doubles (data ints copied), the number
 * of points and of coordinates. */
static Opnd points(Emit *em, const MirExpr *x, const char **N, const char **D)
{
    Opnd o = em_value(em, x);
    bool vectors = x->type->elem->kind == TY_VECTOR;
    if (vectors && (!o.rows || !o.cols))
        em_unsupported(em, "gp_exp_quad_cov of this array of vectors yet");
    *N = vectors ? o.rows : o.n;
    *D = vectors ? o.cols : "1";
    if (o.is_int) {
        Opnd d = em_new_container(em, o.n, o.rows, o.cols, false);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", o.n, d.val,
                o.val);
        o = d;
    }
    return o;
}

static bool gp2_value(Emit *em, const MirExpr *e, Opnd *out)
{
    const char *N1, *D1, *N2, *D2;
    Opnd x1 = points(em, e->args[0], &N1, &D1);
    Opnd x2 = points(em, e->args[1], &N2, &D2);
    Opnd al = em_value(em, e->args[2]), rh = em_value(em, e->args[3]);
    Opnd K = em_new_container(em, A("%s * %s", operand(em, N1),
                                    operand(em, N2)), N1, N2, false);
    em_line(em, "if (rt_gp_exp_quad_cov2(%s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "err)) return -1;", x1.val, N1, D1, x2.val, N2, D2, al.val,
            rh.val, K.val);
    *out = K;
    return true;
}

static bool gp2_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const char *N1, *D1, *N2, *D2;
    Opnd x[2];
    x[0] = points(em, e->args[0], &N1, &D1);
    x[1] = points(em, e->args[1], &N2, &D2);
    Opnd al = em_value(em, e->args[2]), rh = em_value(em, e->args[3]);
    Opnd K = em_value(em, e);
    /* the buffers (a scalar's is a double), and the runtime's pointers */
    const char *buf[4], *ptr[4];
    for (int k = 0; k < 4; k++) {
        buf[k] = NULL;
        if (em_is_ad(em, e->args[k]))
            buf[k] = em_adj_buffer(em, k < 2 ? x[k] : al);
        ptr[k] = !buf[k] ? "NULL" : k < 2 ? buf[k] : A("&%s", buf[k]);
    }
    em_line(em, "rt_gp_exp_quad_cov2_adj(%s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "%s, %s, %s, %s);", x[0].val, N1, x[1].val, N2, D1, al.val, rh.val,
            K.val, adj, ptr[0], ptr[1], ptr[2], ptr[3]);
    for (int k = 0; k < 4; k++)
        if (buf[k])
            em_backprop(em, e->args[k], buf[k]);
    return true;
}

/* ---------------------------------------------------------------- calls */

/* The row of the table for e and its operands, or NULL. */
static const LinalgFn *begin(Emit *em, const MirExpr *e, Opnd *ops,
                             Subst *s)
{
    const LinalgFn *f = lookup(e);
    if (f)
        operands(em, e, ops, s);
    return f;
}

static bool linalg_value(Emit *em, const MirExpr *e, Opnd *out)
{
    Opnd ops[3];
    Subst s = {{0}};
    const LinalgFn *f = begin(em, e, ops, &s);
    if (!f)
        return false;
    emit_checks(em, e, f, ops, &s);
    work(em, &s, f->value, f->work);
    if (e->type->kind == TY_REAL && !f->out_array) {
        const char *t = em_fresh(em, "t");
        em_line(em, "double %s = 0;", t);
        s.name['y'] = t;
        em_line(em, "%s", expand(em, &s, f->value));
        *out = em_scalar(t, NULL, false);
        return true;
    }
    const char *rows = expand(em, &s, f->rows);
    const char *cols = expand(em, &s, f->cols);
    Opnd y = em_new_container(em, A("%s * %s", operand(em, rows),
                                    operand(em, cols)), rows, cols, false);
    s.name['y'] = y.val;
    em_line(em, "%s", expand(em, &s, f->value));
    *out = e->type->kind == TY_REAL ? em_scalar(A("%s[0]", y.val), NULL, false)
                                    : y;
    return true;
}

static bool linalg_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd ops[3];
    Subst s = {{0}};
    const LinalgFn *f = begin(em, e, ops, &s);
    if (!f)
        return false;
    static const char bufs[] = "ghk";
    const char *buf[3] = {NULL, NULL, NULL};   /* a real's: a double */
    bool any = false;
    for (int k = 0; k < e->nargs; k++) {
        bool ad = em_is_ad(em, e->args[k]);
        buf[k] = ad ? em_adj_buffer(em, ops[k]) : NULL;
        s.name[(unsigned char)bufs[k]] = !ad ? "NULL"
            : em_is_container_type(e->args[k]->type) ? buf[k]
            : A("&%s", buf[k]);
        any |= ad;
    }
    if (!any)
        return true;
    if (strstr(f->adjoint, "$y"))
        s.name['y'] = em_value(em, e).val;   /* a container: see the table */
    if (e->type->kind != TY_REAL)
        s.name['Y'] = adj;
    else
        s.name['Y'] = f->out_array ? A("&(double){%s}", adj) : A("(%s)", adj);
    work(em, &s, f->adjoint, f->adj_work);
    em_line(em, "%s", expand(em, &s, f->adjoint));
    for (int k = 0; k < e->nargs; k++)
        if (buf[k])
            em_backprop(em, e->args[k], buf[k]);
    return true;
}

bool em_gp2_value(Emit *em, const MirExpr *e, Opnd *out)
{
    return is_gp2(e) && gp2_value(em, e, out);
}

bool em_gp2_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    return is_gp2(e) && gp2_backprop(em, e, adj);
}

/* ------------------------------------------------------------- rows */

/* one per name of linalg_fns (gp_exp_quad_cov's row is emit_lib.c's) */
static const EmCallRule rows[] = {
    {"columns_dot_product", linalg_value, linalg_backprop},
    {"crossprod", linalg_value, linalg_backprop},
    {"diag_post_multiply", linalg_value, linalg_backprop},
    {"eigenvalues_sym", linalg_value, linalg_backprop},
    {"eigenvectors_sym", linalg_value, linalg_backprop},
    {"generalized_inverse", linalg_value, linalg_backprop},
    {"inverse", linalg_value, linalg_backprop},
    {"inverse_spd", linalg_value, linalg_backprop},
    {"log_determinant", linalg_value, linalg_backprop},
    {"log_determinant_spd", linalg_value, linalg_backprop},
    {"matrix_exp", linalg_value, linalg_backprop},
    {"matrix_exp_multiply", linalg_value, linalg_backprop},
    {"mdivide_left", linalg_value, linalg_backprop},
    {"mdivide_left_spd", linalg_value, linalg_backprop},
    {"mdivide_left_tri_low", linalg_value, linalg_backprop},
    {"mdivide_right", linalg_value, linalg_backprop},
    {"mdivide_right_tri_low", linalg_value, linalg_backprop},
    {"quad_form", linalg_value, linalg_backprop},
    {"quad_form_sym", linalg_value, linalg_backprop},
    {"rows_dot_product", linalg_value, linalg_backprop},
    {"scale_matrix_exp_multiply", linalg_value, linalg_backprop},
    {"tcrossprod", linalg_value, linalg_backprop},
    {"trace", linalg_value, linalg_backprop},
};

const EmCallRules em_linalg_rules = EM_CALL_RULES(rows);
