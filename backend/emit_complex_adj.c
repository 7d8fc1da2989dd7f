/* emit_complex_adj.c - the derivatives of complex values: the reverse
 * steps of emit_complex.c's operators and library calls.
 *
 * The adjoint of a complex value z = x + iy is the complex number
 * adj(z) = dL/dx + i dL/dy, a C `double complex`; a complex container's
 * adjoint is a `double complex *` buffer (2 doubles an element), and a
 * complex variable's adjoint is declared so (emit_c.c).  em_backprop of a
 * complex expression takes such an adjoint: a double complex C
 * expression, or a pointer to them.  The rules:
 *
 * - w = f(z) holomorphic (exp, log, sqrt, pow, the trigonometric and
 *   hyperbolic functions and their inverses, products, quotients):
 *   adj(z) += conj(f'(z)) adj(w);
 * - a real x where a complex value is taken (promotion, a real operand
 *   of a complex operation, to_complex): adj(x) += the real part of what
 *   the rule gives a complex one;
 * - conj: adj(z) += conj(adj(w)); get_real: adj(z) += adj; get_imag:
 *   adj(z) += i adj; abs: adj(z) += adj z / |z| (0 at z = 0, as Stan
 *   Math); norm = |z|^2: adj(z) += 2 adj z; arg: adj(z) += adj i z /
 *   |z|^2; to_complex(a, b): adj(a) += Re adj, adj(b) += Im adj;
 *   proj: the identity (finite values);
 * - a linear map y = M x: adj(x) += M^H adj(y).  fft: adj(x) = N
 *   inv_fft(adj(y)); inv_fft: adj(x) = fft(adj(y)) / N (2-D likewise);
 *   C = A B: adj(A) += adj(C) B^H, adj(B) += A^H adj(C);
 *   dot_product(x, y) = sum conj(x_k) y_k (conjugate-linear in x):
 *   adj(x_k) += y_k conj(adj), adj(y_k) += x_k adj.
 *
 * X = B / A (a complex matrix A): adj(B) += adj(X) A^-H, adj(A) +=
 * -X^H adj(B).  singular_values(A): adj(A) += sum_i adj(s_i) u_i v_i^H.
 * svd_U, svd_V, complex_schur_decompose_u / _t: the runtime's rules
 * (decomposition_backprop); the eigendecompositions' reverse steps are
 * emit_complex_eigen_adj.c's.  Every decomposition of
 * emit_complex_linalg.c has a rule. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ------------------------------------------------------------ helpers */

const char *em_complex_unary_deriv(Arena *a, const char *fn, const char *z)
{
#define D(name, ...) \
    if (strcmp(fn, name) == 0) \
        return arena_printf(a, __VA_ARGS__)
    D("exp", "cexp(%s)", z);
    D("log", "(1.0 / (%s))", z);
    D("log10", "(1.0 / ((%s) * 2.30258509299404568402))", z);
    D("sqrt", "(0.5 / csqrt(%s))", z);
    D("sin", "ccos(%s)", z);
    D("cos", "(-csin(%s))", z);
    D("tan", "(1.0 / (ccos(%s) * ccos(%s)))", z, z);
    D("asin", "(1.0 / csqrt(1.0 - (%s) * (%s)))", z, z);
    D("acos", "(-1.0 / csqrt(1.0 - (%s) * (%s)))", z, z);
    D("atan", "(1.0 / (1.0 + (%s) * (%s)))", z, z);
    D("sinh", "ccosh(%s)", z);
    D("cosh", "csinh(%s)", z);
    D("tanh", "(1.0 / (ccosh(%s) * ccosh(%s)))", z, z);
    D("asinh", "(1.0 / csqrt((%s) * (%s) + 1.0))", z, z);
    D("acosh", "(1.0 / (csqrt((%s) - 1.0) * csqrt((%s) + 1.0)))", z, z);
    D("atanh", "(1.0 / (1.0 - (%s) * (%s)))", z, z);
    D("proj", "%.0s1.0", z);
#undef D
    return NULL;
}

static bool is(const MirExpr *e, const char *name, int nargs)
{
    return strcmp(e->fn, name) == 0 && e->nargs == nargs;
}

static bool cx_type(const MirExpr *x)
{
    return x->type && em_is_complex_type(x->type);
}

/* A double complex temporary holding x (a scalar C expression). */
static const char *cx_temp(Emit *em, const char *x)
{
    const char *t = em_fresh(em, "z");
    em_line(em, "double complex %s = %s;", t, x);
    return t;
}

/* Element k of operand o, a scalar held in a temporary (read in a loop
 * or several times). */
static const char *elem(Emit *em, Opnd o)
{
    return o.container ? A("%s[k]", o.val) : A("(%s)", cx_temp(em, o.val));
}

/* Add the contribution c (a C expression of the adjoint's type for a
 * complex x, else its real part is taken) into the adjoint of argument
 * x, whose value is xo: when n is not NULL, c is of k and holds for each
 * of the n elements of the result (a scalar x, broadcast, gets their
 * sum); else c is one scalar. */
static void give(Emit *em, const MirExpr *x, Opnd xo, const char *n,
                 const char *c)
{
    if (!em_is_ad(em, x))
        return;
    bool cx = cx_type(x);
    const char *v = cx ? c : A("creal(%s)", c);
    const char *ct = cx ? "double complex" : "double";
    const char *t = em_fresh(em, "g");
    if (!n) {
        em_line(em, "%s %s = %s;", ct, t, v);
    } else if (xo.container) {
        em_line(em, "%s *%s = (%s *)rt_scratch_doubles(&S->scratch, "
                "(size_t)%s(%s));", ct, t, ct, cx ? "2 * " : "", n);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s;", n, t, v);
    } else {
        em_line(em, "%s %s = 0;", ct, t);
        em_line(em, "for (int k = 0; k < %s; k++) %s += %s;", n, t, v);
    }
    em_backprop(em, x, t);
}

/* A zeroed adjoint buffer shaped like argument x (value xo): complex
 * when x is. */
static const char *arg_buffer(Emit *em, const MirExpr *x, Opnd xo)
{
    xo.is_complex = cx_type(x);
    return em_adj_buffer(em, xo);
}

/* What adds the complex c into x's buffer: c, or its real part. */
static const char *part(Emit *em, const MirExpr *x, const char *c)
{
    return cx_type(x) ? c : A("creal(%s)", c);
}

void em_complex_backprop_real(Emit *em, const MirExpr *x, const char *adj)
{
    if (!em_is_ad(em, x))
        return;
    Opnd o = em_value(em, x);
    give(em, x, o, o.container ? o.n : NULL,
         o.container ? A("%s[k]", adj) : A("(%s)", adj));
}

/* ---------------------------------------------------------- operators */

/* C = L R of containers (a row_vector times a vector: a scalar). */
static void product_backprop(Emit *em, const MirExpr *le, const MirExpr *re,
                             Opnd l, Opnd r, const char *adj)
{
    bool scalar = strcmp(l.rows, "1") == 0 && strcmp(r.cols, "1") == 0;
    const char *a = scalar ? cx_temp(em, adj) : adj;
    if (em_is_ad(em, le)) {
        const char *g = arg_buffer(em, le, l);
        if (scalar)
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] += %s;", l.cols,
                    g, part(em, le, A("%s * conj(%s[k])", a, r.val)));
        else
            em_line(em, "for (int i = 0; i < %s; i++) for (int j = 0; j < %s; "
                    "j++) for (int k = 0; k < %s; k++) %s[i * (%s) + k] += %s;",
                    l.rows, r.cols, l.cols, g, l.cols,
                    part(em, le, A("%s[i * (%s) + j] * conj(%s[k * (%s) + j])",
                                   a, r.cols, r.val, r.cols)));
        em_backprop(em, le, g);
    }
    if (em_is_ad(em, re)) {
        const char *g = arg_buffer(em, re, r);
        if (scalar)
            em_line(em, "for (int k = 0; k < %s; k++) %s[k] += %s;", l.cols,
                    g, part(em, re, A("conj(%s[k]) * %s", l.val, a)));
        else
            em_line(em, "for (int i = 0; i < %s; i++) for (int j = 0; j < %s; "
                    "j++) for (int k = 0; k < %s; k++) %s[k * (%s) + j] += %s;",
                    l.rows, r.cols, l.cols, g, r.cols,
                    part(em, re, A("conj(%s[i * (%s) + k]) * %s[i * (%s) + j]",
                                   l.val, l.cols, a, r.cols)));
        em_backprop(em, re, g);
    }
}

/* X = B / A = B A^-1 for a complex matrix A: adj(B) = adj(X) A^-H
 * (solved with A's conjugate transpose), adj(A) = -X^H adj(B). */
static void divide_backprop(Emit *em, const MirExpr *e, Opnd b, Opnd a,
                            const char *adj)
{
    const MirExpr *be = e->args[0], *ae = e->args[1];
    a = em_to_complex(em, a);
    Opnd x = em_value(em, e);
    const char *h = em_fresh(em, "h"), *gb = em_fresh(em, "g");
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s) * (%s));", h, a.rows, a.cols);
    em_line(em, "for (int i = 0; i < %s; i++) for (int j = 0; j < %s; j++) "
            "%s[j * (%s) + i] = conj(%s[i * (%s) + j]);", a.rows, a.cols, h,
            a.rows, a.val, a.cols);
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s));", gb, x.n);
    em_line(em, "if (rt_complex_mdivide_right((const double *)%s, %s, %s, "
            "(const double *)%s, %s, %s, (double *)%s, err)) return -1;", adj,
            x.rows, x.cols, h, a.cols, a.rows, gb);
    give(em, be, b, b.n, A("%s[k]", gb));
    if (!em_is_ad(em, ae))
        return;
    /* adj(A)[i, j] = -sum_r conj(X[r, i]) adj(B)[r, j] */
    const char *g = arg_buffer(em, ae, a);
    em_line(em, "for (int r = 0; r < %s; r++) for (int i = 0; i < %s; i++) "
            "for (int j = 0; j < %s; j++) %s[i * (%s) + j] -= %s;", x.rows,
            a.rows, a.cols, g, a.cols,
            part(em, ae, A("conj(%s[r * (%s) + i]) * %s[r * (%s) + j]", x.val,
                           x.cols, gb, a.cols)));
    em_backprop(em, ae, g);
}

void em_complex_backprop_binary(Emit *em, const MirExpr *e, Op op,
                                 const char *adj)
{
    const MirExpr *le = e->args[0], *re = e->args[1];
    if (op == OP_EQ || op == OP_NEQ)
        return;     /* comparisons: no derivative */
    if (!em_is_ad(em, le) && !em_is_ad(em, re))
        return;
    Opnd l = em_value(em, le), r = em_value(em, re);
    if (op == OP_MUL && l.container && r.container) {
        product_backprop(em, le, re, l, r, adj);
        return;
    }
    if (op == OP_DIV && r.container) {
        divide_backprop(em, e, l, r, adj);
        return;
    }
    bool vec = l.container || r.container;
    const char *n = vec ? (l.container ? l.n : r.n) : NULL;
    const char *lk = elem(em, l), *rk = elem(em, r);
    const char *ak = vec ? A("%s[k]", adj) : A("(%s)", cx_temp(em, adj));
    const char *dl, *dr;
    switch (op) {
    case OP_ADD:
        dl = ak;
        dr = ak;
        break;
    case OP_SUB:
        dl = ak;
        dr = A("(-%s)", ak);
        break;
    case OP_MUL:
    case OP_EMUL:
        dl = A("conj(%s) * %s", rk, ak);
        dr = A("conj(%s) * %s", lk, ak);
        break;
    case OP_DIV:
    case OP_EDIV:
        dl = A("%s / conj(%s)", ak, rk);
        dr = A("-conj(%s / (%s * %s)) * %s", lk, rk, rk, ak);
        break;
    case OP_POW:
    case OP_EPOW:
        /* w = l^r = exp(r log l): dw/dl = r l^(r - 1), dw/dr = w log l */
        dl = A("conj(%s * cpow(%s, %s - 1.0)) * %s", rk, lk, rk, ak);
        dr = A("conj(cpow(%s, %s) * clog(%s)) * %s", lk, rk, lk, ak);
        break;
    default:
        em_unsupported(em, "derivatives of the operator %s on complex values",
                       ast_op_str(op));
    }
    give(em, le, l, n, dl);
    give(em, re, r, n, dr);
}

/* ------------------------------------------------------ library calls */

/* Functions of one scalar or elementwise over a container: the
 * contribution to the argument's adjoint at element k (ak: the result's
 * adjoint there, xk: the argument's value), or NULL. */
static const char *elementwise(Emit *em, const MirExpr *e, const char *xk,
                               const char *ak)
{
    const char *fn = e->fn;
    if (strcmp(fn, "minus") == 0)
        return A("(-%s)", ak);
    if (strcmp(fn, "plus") == 0)
        return ak;
    if (strcmp(fn, "get_real") == 0)
        return A("((double complex)%s)", ak);
    if (strcmp(fn, "get_imag") == 0)
        return A("CMPLX(0.0, %s)", ak);
    if (strcmp(fn, "conj") == 0)
        return A("conj(%s)", ak);
    if (strcmp(fn, "abs") == 0)
        return A("(%s == 0 ? 0 : %s * %s / cabs(%s))", xk, ak, xk, xk);
    if (strcmp(fn, "norm") == 0)
        return A("2.0 * %s * %s", ak, xk);
    if (strcmp(fn, "arg") == 0)
        return A("(%s == 0 ? 0 : %s * CMPLX(-cimag(%s), creal(%s)) / (creal(%s)"
                 " * creal(%s) + cimag(%s) * cimag(%s)))", xk, ak, xk, xk, xk,
                 xk, xk, xk);
    const char *d = em_complex_unary_deriv(em->a, fn, xk);
    return d ? A("conj(%s) * %s", d, ak) : NULL;
}

/* to_complex(re, im), elementwise with a scalar broadcast. */
static void to_complex_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd o[2];
    bool vec = false;
    for (int i = 0; i < e->nargs; i++) {
        o[i] = em_value(em, e->args[i]);
        vec = vec || o[i].container;
    }
    const char *n = NULL;
    for (int i = 0; i < e->nargs && !n; i++)
        if (o[i].container)
            n = o[i].n;
    const char *ak = vec ? A("%s[k]", adj) : A("(%s)", cx_temp(em, adj));
    for (int i = 0; i < e->nargs; i++)
        give(em, e->args[i], o[i], n, i == 0 ? A("creal(%s)", ak)
                                             : A("cimag(%s)", ak));
}

/* polar(r, theta) = r e^(i theta). */
static void polar_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd r = em_value(em, e->args[0]), th = em_value(em, e->args[1]);
    const char *a = cx_temp(em, adj);
    const char *u = cx_temp(em, A("CMPLX(cos(%s), sin(%s))", th.val,
                                  th.val));
    give(em, e->args[0], r, NULL, A("conj(%s) * %s", u, a));
    give(em, e->args[1], th, NULL, A("conj(CMPLX(0.0, %s) * %s) * %s", r.val,
                                     u, a));
}

/* fft, inv_fft, fft2, inv_fft2: adj(x) = M^H adj(y), M^H the other
 * transform times its scale. */
static void fourier_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const MirExpr *x = e->args[0];
    Opnd xo = em_value(em, x);
    bool inv = strncmp(e->fn, "inv_", 4) == 0;
    bool two = strcmp(e->fn + strlen(e->fn) - 1, "2") == 0;
    const char *other = inv ? (two ? "fft2" : "fft") : (two ? "inv_fft2"
                                                            : "inv_fft");
    const char *b = em_fresh(em, "b");
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s));", b, xo.n);
    if (two)
        em_line(em, "if (rt_%s((const double *)%s, %s, %s, (double *)%s, "
                "err)) return -1;", other, adj, xo.rows, xo.cols, b);
    else
        em_line(em, "if (rt_%s((const double *)%s, %s, (double *)%s, err)) "
                "return -1;", other, adj, xo.n, b);
    give(em, x, xo, xo.n, inv ? A("%s[k] / (double)(%s)", b, xo.n)
                              : A("%s[k] * (double)(%s)", b, xo.n));
}

/* sum, prod, dot_product, cumulative_sum, trace. */
static bool reduction_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if ((is(e, "sum", 1) || is(e, "prod", 1))
        && em_is_container_type(e->args[0]->type)) {
        Opnd x = em_value(em, e->args[0]);
        const char *a = cx_temp(em, adj);
        if (e->fn[0] == 's') {
            give(em, e->args[0], x, x.n, a);
            return true;
        }
        /* d prod / d x_k = the product of the others: prefix times
         * suffix products (exact with zeros) */
        const char *p = em_fresh(em, "p");
        em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles"
                "(&S->scratch, (size_t)2 * (%s));", p, x.n);
        em_line(em, "{ double complex s = 1; for (int k = 0; k < %s; k++) { "
                "%s[k] = s; s *= %s[k]; } s = 1; for (int k = %s - 1; k >= 0; "
                "k--) { %s[k] *= s; s *= %s[k]; } }", x.n, p, x.val, x.n, p,
                x.val);
        give(em, e->args[0], x, x.n, A("conj(%s[k]) * %s", p, a));
        return true;
    }
    if (is(e, "dot_product", 2)) {
        Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
        const char *a = cx_temp(em, adj);
        give(em, e->args[0], x, x.n, A("%s[k] * conj(%s)", y.val, a));
        give(em, e->args[1], y, y.n, A("%s[k] * %s", x.val, a));
        return true;
    }
    if (is(e, "cumulative_sum", 1)) {
        Opnd x = em_value(em, e->args[0]);
        const char *s = em_fresh(em, "s");
        em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles"
                "(&S->scratch, (size_t)2 * (%s));", s, x.n);
        em_line(em, "for (int k = %s - 1; k >= 0; k--) %s[k] = %s[k] + (k + 1 "
                "< %s ? %s[k + 1] : 0);", x.n, s, adj, x.n, s);
        give(em, e->args[0], x, x.n, A("%s[k]", s));
        return true;
    }
    if (is(e, "trace", 1)) {
        const MirExpr *m = e->args[0];
        if (!em_is_ad(em, m))
            return true;
        Opnd x = em_value(em, m);
        const char *g = arg_buffer(em, m, x);
        em_line(em, "for (int k = 0; k < %s && k < %s; k++) %s[k * (%s) + k] "
                "+= %s;", x.rows, x.cols, g, x.cols, part(em, m, A("(%s)",
                                                                    adj)));
        em_backprop(em, m, g);
        return true;
    }
    return false;
}

/* The copies of emit_complex.c: same elements, another shape, or one
 * value repeated. */
static bool copies_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (is(e, "to_vector", 1) || is(e, "to_row_vector", 1)
        || is(e, "transpose", 1) || e->op == OP_TRANSPOSE
        || is(e, "to_matrix", 1) || is(e, "to_array_2d", 1)) {
        Opnd x = em_value(em, e->args[0]);
        give(em, e->args[0], x, x.n, A("%s[k]", adj));
        return true;
    }
    if (is(e, "rep_vector", 2) || is(e, "rep_row_vector", 2)
        || is(e, "rep_array", 2) || is(e, "rep_matrix", 3)) {
        Opnd x = em_value(em, e->args[0]);
        Opnd n = em_value(em, e->args[1]);
        const char *cnt = is(e, "rep_matrix", 3)
            ? A("(%s) * (%s)", n.val, em_value(em, e->args[2]).val)
            : A("(%s < 0 ? 0 : %s)", n.val, n.val);
        give(em, e->args[0], x, cnt, A("%s[k]", adj));
        return true;
    }
    if (is(e, "append_row", 2)) {
        Opnd a = em_value(em, e->args[0]), b = em_value(em, e->args[1]);
        const char *na = a.container ? a.n : "1";
        const char *nb = b.container ? b.n : "1";
        give(em, e->args[0], a, a.container ? na : NULL,
             a.container ? A("%s[k]", adj) : A("%s[0]", adj));
        give(em, e->args[1], b, b.container ? nb : NULL,
             b.container ? A("%s[%s + k]", adj, na) : A("%s[%s]", adj, na));
        return true;
    }
    return false;
}

/* add_diag, diag_pre_multiply, diag_post_multiply,
 * symmetrize_from_lower_tri. */
static bool matrix_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (is(e, "add_diag", 2)) {
        Opnd M = em_value(em, e->args[0]), d = em_value(em, e->args[1]);
        give(em, e->args[0], M, M.n, A("%s[k]", adj));
        const char *diag = A("%s[k * (%s) + k]", adj, M.cols);
        if (d.container) {
            give(em, e->args[1], d, d.n, diag);
        } else if (em_is_ad(em, e->args[1])) {
            const char *s = em_fresh(em, "s");
            em_line(em, "double complex %s = 0;", s);
            em_line(em, "for (int k = 0; k < %s && k < %s; k++) %s += %s;",
                    M.rows, M.cols, s, diag);
            give(em, e->args[1], d, NULL, s);
        }
        return true;
    }
    if (is(e, "diag_pre_multiply", 2) || is(e, "diag_post_multiply", 2)) {
        bool pre = strstr(e->fn, "pre") != NULL;
        const MirExpr *ve = e->args[pre ? 0 : 1], *me = e->args[pre ? 1 : 0];
        Opnd v = em_value(em, ve), M = em_value(em, me);
        /* out[k] = v[i(k)] M[k], i(k) the row (pre) or column (post) */
        const char *ik = pre ? A("k / (%s)", M.cols) : A("k %% (%s)", M.cols);
        give(em, me, M, M.n, A("conj(%s[%s]) * %s[k]", v.val, ik, adj));
        if (em_is_ad(em, ve)) {
            const char *g = arg_buffer(em, ve, v);
            em_line(em, "for (int k = 0; k < %s; k++) %s[%s] += %s;", M.n, g,
                    ik, part(em, ve, A("conj(%s[k]) * %s[k]", M.val, adj)));
            em_backprop(em, ve, g);
        }
        return true;
    }
    if (is(e, "symmetrize_from_lower_tri", 1)) {
        Opnd M = em_value(em, e->args[0]);
        /* element (i, j), i >= j, is read at (i, j) and (j, i) */
        give(em, e->args[0], M, M.n,
             A("(k / (%s) > k %% (%s) ? %s[k] + %s[(k %% (%s)) * (%s) + k / "
               "(%s)] : k / (%s) == k %% (%s) ? %s[k] : 0)", M.cols, M.cols,
               adj, adj, M.cols, M.cols, M.cols, M.cols, M.cols, adj));
        return true;
    }
    return false;
}

/* The products of emit_complex_linalg.c: dot_self, columns_dot_self,
 * rows_dot_self (sums of |x_k|^2, real: adj(x_k) += 2 Re(adj) x_k);
 * columns_dot_product, rows_dot_product (sums of x_k y_k, no conjugate);
 * crossprod(X) = X^T X (adj(X) += conj(X) (adj + adj^T)) and
 * tcrossprod(X) = X X^T (adj(X) += (adj + adj^T) conj(X)). */
static bool products_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    bool self = is(e, "dot_self", 1) || is(e, "columns_dot_self", 1)
        || is(e, "rows_dot_self", 1);
    bool pair = is(e, "columns_dot_product", 2)
        || is(e, "rows_dot_product", 2);
    if (self || pair) {
        Opnd x = em_value(em, e->args[0]);
        /* the adjoint of the sum element k of x goes into */
        const char *ak = e->fn[0] == 'd' ? A("(%s)", cx_temp(em, adj))
            : e->fn[0] == 'c' ? A("%s[k %% (%s)]", adj, x.cols)
                              : A("%s[k / (%s)]", adj, x.cols);
        if (self) {
            give(em, e->args[0], x, x.n, A("2.0 * creal(%s) * %s[k]", ak,
                                           x.val));
            return true;
        }
        Opnd y = em_value(em, e->args[1]);
        give(em, e->args[0], x, x.n, A("conj(%s[k]) * %s", y.val, ak));
        give(em, e->args[1], y, y.n, A("conj(%s[k]) * %s", x.val, ak));
        return true;
    }
    if (!is(e, "crossprod", 1) && !is(e, "tcrossprod", 1))
        return false;
    const MirExpr *xe = e->args[0];
    if (!em_is_ad(em, xe))
        return true;
    Opnd x = em_value(em, xe);
    bool t = e->fn[0] == 't';
    const char *d = t ? x.rows : x.cols;
    const char *g = arg_buffer(em, xe, x);
    /* crossprod: adj(X)[k, l] += sum_j conj(X[k, j]) (a[l, j] + a[j, l]);
     * tcrossprod: adj(X)[l, k] += sum_j (a[l, j] + a[j, l]) conj(X[j, k]) */
    const char *sym = A("(%s[l * (%s) + j] + %s[j * (%s) + l])", adj, d, adj,
                        d);
    const char *inner = t ? x.cols : x.rows;
    const char *into = t ? A("%s[l * (%s) + k]", g, x.cols)
                         : A("%s[k * (%s) + l]", g, x.cols);
    const char *xv = t ? A("conj(%s[j * (%s) + k])", x.val, x.cols)
                       : A("conj(%s[k * (%s) + j])", x.val, x.cols);
    em_line(em, "for (int l = 0; l < %s; l++) for (int j = 0; j < %s; j++) "
            "for (int k = 0; k < %s; k++) %s += %s;", d, d, inner, into,
            part(em, xe, A("%s * %s", sym, xv)));
    em_backprop(em, xe, g);
    return true;
}

/* singular_values of a complex m x n matrix A (k = min(m, n) of them):
 * for distinct singular values, d s_i = Re(u_i^H dA v_i), so adj(A) +=
 * sum_i adj(s_i) u_i v_i^H (the singular vectors of the thin SVD, whose
 * phases cancel in the product). */
static bool singular_values_backprop(Emit *em, const MirExpr *e,
                                     const char *adj)
{
    if (!is(e, "singular_values", 1) || !cx_type(e->args[0]))
        return false;
    const MirExpr *x = e->args[0];
    if (!em_is_ad(em, x))
        return true;
    Opnd a = em_value(em, x);
    const char *k = em_fresh(em, "k"), *u = em_fresh(em, "u");
    const char *v = em_fresh(em, "v");
    em_line(em, "int %s = (%s) < (%s) ? (%s) : (%s);", k, a.rows, a.cols,
            a.rows, a.cols);
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s) * (size_t)%s);", u, a.rows, k);
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s) * (size_t)%s);", v, a.cols, k);
    em_line(em, "if (rt_complex_svd(\"singular_values\", (const double *)%s, "
            "%s, %s, (double *)%s, NULL, (double *)%s, true, err)) return -1;",
            a.val, a.rows, a.cols, u, v);
    const char *g = arg_buffer(em, x, a);
    em_line(em, "for (int r = 0; r < %s; r++) for (int c = 0; c < %s; c++) "
            "for (int i = 0; i < %s; i++) %s[r * (%s) + c] += %s;", a.rows,
            a.cols, k, g, a.cols,
            part(em, x, A("%s[i] * %s[r * %s + i] * conj(%s[c * %s + i])", adj,
                          u, k, v, k)));
    em_backprop(em, x, g);
    return true;
}

/* svd_U, svd_V of a complex matrix and complex_schur_decompose_u / _t of
 * a real or complex one: the runtime decomposes A again and applies the
 * rule (rt_complex_svd_adj, rt_complex_schur_adj: exact for the phase
 * convention of the values, rt_complex.h). */
static bool decomposition_backprop(Emit *em, const MirExpr *e,
                                   const char *adj)
{
    bool svd = (is(e, "svd_U", 1) || is(e, "svd_V", 1))
        && cx_type(e->args[0]);
    bool schur = is(e, "complex_schur_decompose_u", 1)
        || is(e, "complex_schur_decompose_t", 1);
    if (!svd && !schur)
        return false;
    const MirExpr *x = e->args[0];
    if (!em_is_ad(em, x))
        return true;
    Opnd xo = em_value(em, x), a = em_to_complex(em, xo);
    const char *fn = em_c_string(em->a, e->fn);
    const char *p = A("(const double *)%s", adj), *g = em_fresh(em, "g");
    bool first = svd ? e->fn[4] == 'U' : e->fn[strlen(e->fn) - 1] == 'u';
    em_line(em, "double complex *%s = (double complex *)rt_scratch_doubles("
            "&S->scratch, (size_t)2 * (%s));", g, a.n);
    if (svd)
        em_line(em, "if (rt_complex_svd_adj(%s, (const double *)%s, %s, %s, "
                "%s, NULL, %s, (double *)%s, err)) return -1;", fn, a.val,
                a.rows, a.cols, first ? p : "NULL", first ? "NULL" : p, g);
    else
        em_line(em, "if (rt_complex_schur_adj(%s, (const double *)%s, %s, %s, "
                "%s, (double *)%s, err)) return -1;", fn, a.val, a.rows,
                first ? p : "NULL", first ? "NULL" : p, g);
    give(em, x, xo, xo.n, A("%s[k]", g));
    return true;
}

bool em_complex_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Op op;
    if (em_complex_named_op(e, &op)) {
        em_complex_backprop_binary(em, e, op, adj);
        return true;
    }
    if (strcmp(e->fn, "to_complex") == 0) {
        to_complex_backprop(em, e, adj);
        return true;
    }
    if (is(e, "polar", 2)) {
        polar_backprop(em, e, adj);
        return true;
    }
    if (is(e, "fft", 1) || is(e, "inv_fft", 1) || is(e, "fft2", 1)
        || is(e, "inv_fft2", 1)) {
        fourier_backprop(em, e, adj);
        return true;
    }
    if (copies_backprop(em, e, adj) || reduction_backprop(em, e, adj)
        || matrix_backprop(em, e, adj) || products_backprop(em, e, adj)
        || singular_values_backprop(em, e, adj)
        || em_complex_eigen_backprop(em, e, adj)
        || decomposition_backprop(em, e, adj))
        return true;
    if (e->nargs != 1)
        return false;
    const MirExpr *x = e->args[0];
    Opnd xo = em_value(em, x);
    const char *d = xo.container
        ? elementwise(em, e, A("%s[k]", xo.val), A("%s[k]", adj))
        : elementwise(em, e, cx_temp(em, xo.val), A("(%s)", adj));
    if (!d)
        return false;
    give(em, x, xo, xo.container ? xo.n : NULL, d);
    return true;
}
