/* interp_complex.c - complex values in the MIR interpreter: Stan's
 * functions and operators on complex scalars and complex_vector,
 * complex_row_vector and complex_matrix values, computed as the C backend
 * computes them (backend/emit_complex.c: C99 double complex, the same
 * mixed real/complex arithmetic, the runtime's fft) so that both give the
 * same values.
 *
 * Their derivatives are interp_grad_complex.c's (a complex value's
 * adjoint: its two parts' adjoints side by side, as the C backend's
 * backend/emit_complex_adj.c).
 *
 * The functions: to_complex (scalars and elementwise), get_real, get_imag,
 * conj, abs, arg, norm (elementwise on containers), proj, polar, exp, log,
 * log10, sqrt, pow and the trigonometric and hyperbolic functions; + - *
 * / .* ./ ^ == != and unary - +; the matrix product; transpose; fft,
 * inv_fft, fft2, inv_fft2; eigenvalues_sym, eigenvectors_sym (of a
 * Hermitian matrix); sum, prod, dot_product, cumulative_sum;
 * rep_vector, rep_row_vector, rep_matrix, to_vector, to_row_vector;
 * size, num_elements, rows, cols; diag_pre_multiply, diag_post_multiply;
 * the products and solves of interp_complex_linalg.c and, by parts, the
 * real-linear functions of interp_shape.c. */
#include "interp_impl.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#undef I        /* complex.h's; complex values are made with CMPLX */

/* ------------------------------------------------------------- kinds */

IvKind iv_complex_kind(IvKind k)
{
    switch (k) {
    case IV_INT: case IV_REAL: return IV_COMPLEX;
    case IV_VEC: return IV_CVEC;
    case IV_ROWVEC: return IV_CROWVEC;
    case IV_MAT: return IV_CMAT;
    default: return k;
    }
}

IvKind iv_real_kind(IvKind k)
{
    switch (k) {
    case IV_COMPLEX: return IV_REAL;
    case IV_CVEC: return IV_VEC;
    case IV_CROWVEC: return IV_ROWVEC;
    case IV_CMAT: return IV_MAT;
    default: return k;
    }
}

static bool dense(const IVal *v)
{
    IvKind k = iv_real_kind(v->k);
    return k == IV_VEC || k == IV_ROWVEC || k == IV_MAT;
}

static bool scalar(const IVal *v)
{
    return v->k == IV_INT || v->k == IV_REAL || v->k == IV_COMPLEX;
}

static long elements(const IVal *v)
{
    return (long)v->rows * v->cols;
}

int iv_to_complex(Arena *a, const IVal *v, IVal *out, RtError *err)
{
    if (iv_is_complex_kind(v->k)) {
        *out = *v;
        return 0;
    }
    if (v->k == IV_INT || v->k == IV_REAL) {
        *out = iv_complex(iv_num(v), 0);
        return 0;
    }
    if (dense(v)) {
        if (iv_alloc(a, iv_complex_kind(v->k), v->rows, v->cols, out, err))
            return -1;
        for (long k = 0; k < elements(v); k++) {
            out->d[2 * k] = v->d[k];
            out->d[2 * k + 1] = 0;
        }
        return 0;
    }
    if (v->k == IV_ARRAY) {
        IVal r = {.k = IV_ARRAY, .n = v->n};
        r.el = arena_alloc(a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++)
            if (iv_to_complex(a, &v->el[k], &r.el[k], err))
                return -1;
        *out = r;
        return 0;
    }
    return rt_error(err, "%s", "a value that cannot be made complex");
}

/* ------------------------------------------------------------ values */

static double complex cx(const IVal *v)
{
    return v->k == IV_COMPLEX ? CMPLX(v->r, v->im) : CMPLX(iv_num(v), 0.0);
}

static IVal of(double complex z)
{
    return iv_complex(creal(z), cimag(z));
}

/* Element k of a container as complex, and whether it is real. */
static double complex elem(const IVal *v, long k, bool *real)
{
    if (scalar(v)) {
        *real = v->k != IV_COMPLEX;
        return cx(v);
    }
    *real = !iv_is_complex_kind(v->k);
    return *real ? CMPLX(v->d[k], 0.0) : CMPLX(v->d[2 * k], v->d[2 * k + 1]);
}

static void set(IVal *v, long k, double complex z)
{
    v->d[2 * k] = creal(z);
    v->d[2 * k + 1] = cimag(z);
}

static int fail(LibCall *c, const char *msg)
{
    rt_error(c->err, "%s: %s", c->name, msg);
    return LIB_ERROR;
}

static int unsupported(LibCall *c)
{
    rt_error(c->err, "the interpreter does not support %s on complex values "
             "yet", c->name);
    return LIB_UNSUPPORTED;
}

/* ------------------------------------------------------- arithmetic */

enum { CX_ADD, CX_SUB, CX_MUL, CX_DIV, CX_POW };

/* l op r as the emitted C computes it: the left operand made complex, a
 * real right operand kept real (C's mixed arithmetic: z / 2.0 divides
 * each part, x / z is a complex division). */
static double complex arith(int op, double complex l, double complex r,
                            bool rreal)
{
    double x = creal(r);
    switch (op) {
    case CX_ADD: return rreal ? l + x : l + r;
    case CX_SUB: return rreal ? l - x : l - r;
    case CX_MUL: return rreal ? l * x : l * r;
    case CX_POW: return cpow(l, r);
    default: return rreal ? l / x : l / r;
    }
}

/* The matrix product of l (R x K) and r (K x C), one of them complex;
 * a row vector times a vector is a scalar. */
static int product(LibCall *c, const IVal *l, const IVal *r, IVal *out)
{
    if (l->cols != r->rows) {
        rt_error(c->err, "multiply: Columns of m1 (%d) and Rows of m2 (%d) "
                 "must match in size", l->cols, r->rows);
        return LIB_ERROR;
    }
    bool lr, rr;
    if (l->rows == 1 && r->cols == 1 && iv_real_kind(l->k) == IV_ROWVEC
        && iv_real_kind(r->k) == IV_VEC) {
        double complex s = 0;
        for (long k = 0; k < l->cols; k++)
            s += elem(l, k, &lr) * elem(r, k, &rr);
        *out = of(s);
        return LIB_OK;
    }
    IvKind k = r->cols == 1 && iv_real_kind(r->k) == IV_VEC ? IV_CVEC
             : l->rows == 1 && iv_real_kind(l->k) == IV_ROWVEC ? IV_CROWVEC
             : IV_CMAT;
    if (iv_alloc(c->a, k, l->rows, r->cols, out, c->err))
        return LIB_ERROR;
    for (long i = 0; i < l->rows; i++)
        for (long j = 0; j < r->cols; j++) {
            double complex s = 0;
            for (long q = 0; q < l->cols; q++)
                s += elem(l, i * l->cols + q, &lr)
                     * elem(r, q * r->cols + j, &rr);
            set(out, i * r->cols + j, s);
        }
    return LIB_OK;
}

static int binary(LibCall *c, int op, const IVal *l, const IVal *r,
                  IVal *out)
{
    bool lr, rr;
    if (scalar(l) && scalar(r)) {
        double complex a = elem(l, 0, &lr), b = elem(r, 0, &rr);
        *out = of(arith(op, a, b, rr));
        return LIB_OK;
    }
    if (l->k == IV_ARRAY || r->k == IV_ARRAY)
        return unsupported(c);
    bool elementwise = !strcmp(c->name, "elt_multiply")
        || !strcmp(c->name, "elt_divide");
    if (op == CX_MUL && !elementwise && dense(l) && dense(r))
        return product(c, l, r, out);
    if (op == CX_DIV && !elementwise && dense(r))
        return fail(c, "division by a complex container is not supported");
    const IVal *big = dense(l) ? l : r;
    if (dense(l) && dense(r) && (l->rows != r->rows || l->cols != r->cols)) {
        rt_error(c->err, "%s: the operands' sizes (%ld and %ld) must match",
                 c->name, elements(l), elements(r));
        return LIB_ERROR;
    }
    if (iv_alloc(c->a, iv_complex_kind(big->k), big->rows, big->cols, out,
                 c->err))
        return LIB_ERROR;
    for (long k = 0; k < elements(big); k++) {
        double complex a = elem(l, k, &lr), b = elem(r, k, &rr);
        set(out, k, arith(op, a, b, rr));
    }
    return LIB_OK;
}

/* diag_pre_multiply(v, M): v_i M_ij; diag_post_multiply(M, v): M_ij v_j. */
static int diag_multiply(LibCall *c, IVal *out)
{
    bool pre = !strcmp(c->name, "diag_pre_multiply");
    const IVal *v = &c->args[pre ? 0 : 1], *m = &c->args[pre ? 1 : 0];
    bool vr, mr;
    if (!dense(v) || iv_real_kind(m->k) != IV_MAT
        || elements(v) != (pre ? m->rows : m->cols))
        return fail(c, "the vector's size must match the matrix");
    if (iv_alloc(c->a, IV_CMAT, m->rows, m->cols, out, c->err))
        return LIB_ERROR;
    for (long i = 0; i < m->rows; i++)
        for (long j = 0; j < m->cols; j++)
            set(out, i * m->cols + j, elem(m, i * m->cols + j, &mr)
                                      * elem(v, pre ? i : j, &vr));
    return LIB_OK;
}

/* --------------------------------------------------------- functions */

typedef double complex (*CFn)(double complex);

static double complex c_log10(double complex z)
{
    return clog(z) / 2.30258509299404568402;
}

static double complex c_neg(double complex z) { return -z; }
static double complex c_plus(double complex z) { return +z; }

static const struct {
    const char *name;
    CFn f;
} unary[] = {
    {"exp", cexp}, {"log", clog}, {"log10", c_log10}, {"sqrt", csqrt},
    {"sin", csin}, {"cos", ccos}, {"tan", ctan}, {"asin", casin},
    {"acos", cacos}, {"atan", catan}, {"sinh", csinh}, {"cosh", ccosh},
    {"tanh", ctanh}, {"asinh", casinh}, {"acosh", cacosh},
    {"atanh", catanh}, {"proj", cproj}, {"conj", conj}, {"minus", c_neg},
    {"plus", c_plus},
};

typedef double (*RFn)(double complex);

static double c_real(double complex z) { return creal(z); }
static double c_imag(double complex z) { return cimag(z); }
static double c_abs(double complex z) { return cabs(z); }
static double c_arg(double complex z) { return carg(z); }

static double c_norm(double complex z)
{
    return creal(z) * creal(z) + cimag(z) * cimag(z);
}

static const struct {
    const char *name;
    RFn f;
} to_real[] = {
    {"get_real", c_real}, {"get_imag", c_imag}, {"abs", c_abs},
    {"arg", c_arg}, {"norm", c_norm},
};

/* f (complex to complex, cf; or complex to real, rf) on v's elements,
 * arrays element by element. */
static int map(LibCall *c, CFn cf, RFn rf, const IVal *v, IVal *out)
{
    bool real;
    if (scalar(v)) {
        double complex z = elem(v, 0, &real);
        *out = cf ? of(cf(z)) : iv_real(rf(z));
        return LIB_OK;
    }
    if (dense(v)) {
        IvKind k = cf ? iv_complex_kind(v->k) : iv_real_kind(v->k);
        if (iv_alloc(c->a, k, v->rows, v->cols, out, c->err))
            return LIB_ERROR;
        for (long i = 0; i < elements(v); i++) {
            double complex z = elem(v, i, &real);
            if (cf)
                set(out, i, cf(z));
            else
                out->d[i] = rf(z);
        }
        return LIB_OK;
    }
    if (v->k == IV_ARRAY) {
        IVal r = {.k = IV_ARRAY, .n = v->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++) {
            int rc = map(c, cf, rf, &v->el[k], &r.el[k]);
            if (rc)
                return rc;
        }
        *out = r;
        return LIB_OK;
    }
    return unsupported(c);
}

/* to_complex(re, im) on two values, elementwise with a scalar
 * broadcast, arrays element by element. */
static int make_pair(LibCall *c, const IVal *re, const IVal *im, IVal *out)
{
    if (re->k == IV_ARRAY || im->k == IV_ARRAY) {
        const IVal *big = re->k == IV_ARRAY ? re : im;
        if (re->k == IV_ARRAY && im->k == IV_ARRAY && re->n != im->n)
            return fail(c, "the real and imaginary parts' sizes must match");
        IVal r = {.k = IV_ARRAY, .n = big->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(big->n + 1));
        for (int k = 0; k < big->n; k++) {
            int rc = make_pair(c, re->k == IV_ARRAY ? &re->el[k] : re,
                               im->k == IV_ARRAY ? &im->el[k] : im, &r.el[k]);
            if (rc)
                return rc;
        }
        *out = r;
        return LIB_OK;
    }
    if (!(scalar(re) || dense(re)) || !(scalar(im) || dense(im))
        || iv_is_complex_kind(re->k) || iv_is_complex_kind(im->k))
        return unsupported(c);
    if (scalar(re) && scalar(im)) {
        *out = iv_complex(iv_num(re), iv_num(im));
        return LIB_OK;
    }
    const IVal *big = dense(re) ? re : im;
    if (dense(re) && dense(im) && elements(re) != elements(im)) {
        rt_error(c->err, "to_complex: size of the real parts (%ld) and size "
                 "of the imaginary parts (%ld) must match in size",
                 elements(re), elements(im));
        return LIB_ERROR;
    }
    if (iv_alloc(c->a, iv_complex_kind(big->k), big->rows, big->cols, out,
                 c->err))
        return LIB_ERROR;
    for (long k = 0; k < elements(big); k++) {
        out->d[2 * k] = scalar(re) ? iv_num(re) : re->d[k];
        out->d[2 * k + 1] = scalar(im) ? iv_num(im) : im->d[k];
    }
    return LIB_OK;
}

/* to_complex(), to_complex(re), to_complex(re, im). */
static int make(LibCall *c, IVal *out)
{
    if (c->nargs == 0) {
        *out = iv_complex(0, 0);
        return LIB_OK;
    }
    IVal zero = iv_real(0);
    return make_pair(c, &c->args[0], c->nargs > 1 ? &c->args[1] : &zero,
                     out);
}

/* polar(r, theta): Stan's NaN for a negative or NaN modulus or an
 * infinite angle. */
static int polar(LibCall *c, IVal *out)
{
    if (!scalar(&c->args[0]) || !scalar(&c->args[1])
        || c->args[0].k == IV_COMPLEX || c->args[1].k == IV_COMPLEX)
        return unsupported(c);
    double r = iv_num(&c->args[0]), th = iv_num(&c->args[1]);
    *out = !(r >= 0) || isinf(th) ? iv_complex(NAN, 0)
                                  : iv_complex(r * cos(th), r * sin(th));
    return LIB_OK;
}

static int fourier(LibCall *c, IVal *out)
{
    IVal x;
    if (!dense(&c->args[0]) || iv_to_complex(c->a, &c->args[0], &x, c->err))
        return unsupported(c);
    bool two = !strcmp(c->name, "fft2") || !strcmp(c->name, "inv_fft2");
    if (two != (x.k == IV_CMAT))
        return unsupported(c);
    if (iv_alloc(c->a, x.k, x.rows, x.cols, out, c->err))
        return LIB_ERROR;
    int rc;
    if (!strcmp(c->name, "fft"))
        rc = rt_fft(x.d, (int)elements(&x), out->d, c->err);
    else if (!strcmp(c->name, "inv_fft"))
        rc = rt_inv_fft(x.d, (int)elements(&x), out->d, c->err);
    else if (!strcmp(c->name, "fft2"))
        rc = rt_fft2(x.d, x.rows, x.cols, out->d, c->err);
    else
        rc = rt_inv_fft2(x.d, x.rows, x.cols, out->d, c->err);
    return rc ? LIB_ERROR : LIB_OK;
}

/* eigenvalues_sym, eigenvectors_sym of a complex Hermitian matrix (the
 * runtime's rt_eigen_herm, as the C backend calls it). */
static int eigen_herm(LibCall *c, IVal *out)
{
    const IVal *x = &c->args[0];
    if (x->k != IV_CMAT)
        return unsupported(c);
    bool vectors = !strcmp(c->name, "eigenvectors_sym");
    int n = x->rows;
    if (iv_alloc(c->a, vectors ? IV_CMAT : IV_CVEC, n, vectors ? n : 1, out,
                 c->err))
        return LIB_ERROR;
    return rt_eigen_herm(c->name, x->d, x->rows, x->cols,
                         vectors ? NULL : out->d,
                         vectors ? out->d : NULL, c->err) ? LIB_ERROR : LIB_OK;
}

/* A 1-D array of (real or complex) scalars as a complex vector. */
static int flat_vector(LibCall *c, const IVal *v, IVal *out)
{
    for (int k = 0; k < v->n; k++)
        if (!scalar(&v->el[k]))
            return unsupported(c);
    if (iv_alloc(c->a, IV_CVEC, v->n, 1, out, c->err))
        return LIB_ERROR;
    for (int k = 0; k < v->n; k++)
        set(out, k, cx(&v->el[k]));
    return LIB_OK;
}

/* sum, prod, dot_product (Eigen's: the first conjugated), cumulative_sum. */
static int reduce(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *x = &c->args[0];
    bool real;
    if ((!strcmp(n, "sum") || !strcmp(n, "prod")) && c->nargs == 1
        && dense(x)) {
        bool sum = n[0] == 's';
        double complex s = sum ? 0 : 1;
        for (long k = 0; k < elements(x); k++)
            s = sum ? s + elem(x, k, &real) : s * elem(x, k, &real);
        *out = of(s);
        return LIB_OK;
    }
    if ((!strcmp(n, "sum") || !strcmp(n, "prod")) && c->nargs == 1
        && x->k == IV_ARRAY) {
        bool sum = n[0] == 's';
        double complex s = sum ? 0 : 1;
        for (int k = 0; k < x->n; k++) {
            if (!scalar(&x->el[k]))
                return unsupported(c);
            s = sum ? s + cx(&x->el[k]) : s * cx(&x->el[k]);
        }
        *out = of(s);
        return LIB_OK;
    }
    if (!strcmp(n, "dot_product") && c->nargs == 2 && x->k == IV_ARRAY
        && c->args[1].k == IV_ARRAY) {
        /* arrays of scalars: their values as vectors */
        IVal xv, yv;
        int rc = flat_vector(c, x, &xv);
        if (!rc)
            rc = flat_vector(c, &c->args[1], &yv);
        if (rc)
            return rc;
        LibCall vc = *c;
        IVal args[2] = {xv, yv};
        vc.args = args;
        return reduce(&vc, out);
    }
    if (!strcmp(n, "dot_product") && c->nargs == 2 && dense(x)
        && dense(&c->args[1])) {
        const IVal *y = &c->args[1];
        if (elements(x) != elements(y)) {
            rt_error(c->err, "dot_product: size of v1 (%ld) and size of v2 "
                     "(%ld) must match in size", elements(x), elements(y));
            return LIB_ERROR;
        }
        double complex s = 0;
        for (long k = 0; k < elements(x); k++)
            s += conj(elem(x, k, &real)) * elem(y, k, &real);
        *out = of(s);
        return LIB_OK;
    }
    if (!strcmp(n, "cumulative_sum") && c->nargs == 1 && dense(x)) {
        if (iv_alloc(c->a, iv_complex_kind(x->k), x->rows, x->cols, out,
                     c->err))
            return LIB_ERROR;
        double complex s = 0;
        for (long k = 0; k < elements(x); k++) {
            s += elem(x, k, &real);
            set(out, k, s);
        }
        return LIB_OK;
    }
    return -3;
}

/* transpose, to_vector, to_row_vector, rep_*, and the sizes. */
static int shape(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *x = &c->args[0];
    bool real;
    if ((!strcmp(n, "size") || !strcmp(n, "num_elements")
         || !strcmp(n, "rows") || !strcmp(n, "cols")) && c->nargs == 1) {
        if (x->k == IV_ARRAY && !strcmp(n, "size"))
            *out = iv_int(x->n);
        else if (x->k == IV_COMPLEX && n[0] != 'r' && n[0] != 'c')
            *out = iv_int(1);
        else if (dense(x))
            *out = iv_int(n[0] == 'r' ? x->rows : n[0] == 'c' ? x->cols
                          : (long long)elements(x));
        else if (x->k == IV_ARRAY)
            *out = iv_int(iv_count(x) / 2);
        else
            return unsupported(c);
        return LIB_OK;
    }
    if ((!strcmp(n, "transpose") || !strcmp(n, "to_vector")
         || !strcmp(n, "to_row_vector")) && c->nargs == 1 && dense(x)) {
        IvKind rk = iv_real_kind(x->k);
        bool tr = n[0] == 't' && n[1] == 'r';
        bool vec = !strcmp(n, "to_vector");
        if (tr && rk == IV_MAT) {
            if (iv_alloc(c->a, IV_CMAT, x->cols, x->rows, out, c->err))
                return LIB_ERROR;
            for (long i = 0; i < x->rows; i++)
                for (long j = 0; j < x->cols; j++)
                    set(out, j * x->rows + i, elem(x, i * x->cols + j, &real));
            return LIB_OK;
        }
        IvKind k = tr ? (rk == IV_VEC ? IV_CROWVEC : IV_CVEC)
                 : vec ? IV_CVEC : IV_CROWVEC;
        long m = elements(x);
        if (iv_alloc(c->a, k, k == IV_CVEC ? m : 1, k == IV_CVEC ? 1 : m, out,
                     c->err))
            return LIB_ERROR;
        /* a matrix's values in column-major order, as Stan's */
        for (long i = 0; i < m; i++)
            set(out, i, elem(x, rk == IV_MAT ? i % x->rows * x->cols
                                               + i / x->rows : i, &real));
        return LIB_OK;
    }
    if ((!strcmp(n, "rep_vector") || !strcmp(n, "rep_row_vector")
         || !strcmp(n, "rep_matrix")) && x->k == IV_COMPLEX) {
        bool mat = n[4] == 'm', vec = n[4] == 'v';
        if (c->nargs != (mat ? 3 : 2) || c->args[1].k != IV_INT
            || (mat && c->args[2].k != IV_INT))
            return unsupported(c);
        long r = mat || vec ? c->args[1].i : 1;
        long k = mat ? c->args[2].i : vec ? 1 : c->args[1].i;
        if (r < 0 || k < 0)
            return fail(c, "a size is negative");
        if (iv_alloc(c->a, mat ? IV_CMAT : vec ? IV_CVEC : IV_CROWVEC, r, k,
                     out, c->err))
            return LIB_ERROR;
        for (long i = 0; i < r * k; i++)
            set(out, i, cx(x));
        return LIB_OK;
    }
    return -3;
}

/* ---------------------------------------------------------- dispatch */

static const struct {
    const char *name;
    int op;
} ops[] = {
    {"add", CX_ADD}, {"subtract", CX_SUB}, {"multiply", CX_MUL},
    {"divide", CX_DIV}, {"elt_multiply", CX_MUL}, {"elt_divide", CX_DIV},
    {"pow", CX_POW},
};

int interp_complex_call(LibCall *c, IVal *out)
{
    const char *n = c->name;
    bool any = false;
    for (int k = 0; k < c->nargs; k++)
        any = any || iv_is_complex(&c->args[k]);
    if (!strcmp(n, "to_complex"))
        return make(c, out);
    if (!strcmp(n, "polar") && c->nargs == 2)
        return polar(c, out);
    if (c->nargs == 1 && (!strcmp(n, "fft") || !strcmp(n, "inv_fft")
                          || !strcmp(n, "fft2") || !strcmp(n, "inv_fft2")))
        return fourier(c, out);
    if (!any)
        return -3;
    int lrc = interp_complex_linalg(c, out);
    if (lrc != -3)
        return lrc;
    if (c->nargs == 1 && (!strcmp(n, "eigenvalues_sym")
                          || !strcmp(n, "eigenvectors_sym")))
        return eigen_herm(c, out);
    if (c->nargs == 2)
        for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
            if (!strcmp(ops[i].name, n))
                return binary(c, ops[i].op, &c->args[0], &c->args[1], out);
    if (c->nargs == 2 && (!strcmp(n, "logical_eq")
                          || !strcmp(n, "logical_neq"))) {
        if (!scalar(&c->args[0]) || !scalar(&c->args[1]))
            return unsupported(c);
        bool eq = cx(&c->args[0]) == cx(&c->args[1]);
        *out = iv_int(n[8] == 'e' ? eq : !eq);
        return LIB_OK;
    }
    if (c->nargs == 2 && (!strcmp(n, "diag_pre_multiply")
                          || !strcmp(n, "diag_post_multiply")))
        return diag_multiply(c, out);
    if (c->nargs == 1) {
        for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
            if (!strcmp(unary[i].name, n))
                return map(c, unary[i].f, NULL, &c->args[0], out);
        for (size_t i = 0; i < sizeof to_real / sizeof to_real[0]; i++)
            if (!strcmp(to_real[i].name, n))
                return map(c, NULL, to_real[i].f, &c->args[0], out);
    }
    int rc = reduce(c, out);
    if (rc == -3)
        rc = shape(c, out);
    if (rc == -3)
        rc = interp_shape_call(c, out);
    return rc == -3 ? unsupported(c) : rc;
}
