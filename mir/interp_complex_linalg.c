/* interp_complex_linalg.c - the complex products and solves of the
 * interpreter, as the C backend computes them (backend/
 * emit_complex_linalg.c, Stan Math's definitions): dot_self,
 * columns_dot_self, rows_dot_self (sums of |x|^2: complex results with a
 * zero imaginary part), columns_dot_product and rows_dot_product (no
 * conjugate), crossprod (x^T x) and tcrossprod (x x^T), B / A (B A^-1,
 * the runtime's rt_complex_mdivide_right) and the singular values of a
 * complex matrix (rt_complex_svd).  Their values here, their derivatives
 * in interp_grad_complex.c.  The products by columns and rows of real
 * matrices are the same code with real results. */
#include "interp_impl.h"

#include <complex.h>
#include <string.h>

#undef I        /* complex.h's; complex values are made with CMPLX */

static bool dense(const IVal *v)
{
    IvKind k = iv_real_kind(v->k);
    return k == IV_VEC || k == IV_ROWVEC || k == IV_MAT;
}

static double complex at(const IVal *v, long k)
{
    return iv_is_complex_kind(v->k) ? CMPLX(v->d[2 * k], v->d[2 * k + 1])
                                    : CMPLX(v->d[k], 0.0);
}

static void set(IVal *v, long k, double complex z)
{
    v->d[2 * k] = creal(z);
    v->d[2 * k + 1] = cimag(z);
}

/* Element k's group: all one (dot_self), its column or its row. */
static long group(char how, const IVal *x, long k)
{
    return how == 'd' ? 0 : how == 'c' ? k % x->cols : k / x->cols;
}

static int products(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *x = &c->args[0], *y = c->nargs > 1 ? &c->args[1] : NULL;
    char how = n[0];
    long m = (long)x->rows * x->cols;
    if (y && (y->rows != x->rows || y->cols != x->cols || !dense(y))) {
        rt_error(c->err, "%s: the sizes of v1 and v2 must match", n);
        return LIB_ERROR;
    }
    /* real arguments: real results (columns_dot_self of a matrix ...) */
    bool real = !iv_is_complex_kind(x->k) && (!y || !iv_is_complex_kind(y->k));
    if (how == 'd') {
        *out = iv_complex(0, 0);
    } else {
        long len = how == 'c' ? x->cols : x->rows;
        IvKind k = how == 'c' ? IV_CROWVEC : IV_CVEC;
        if (iv_alloc(c->a, real ? iv_real_kind(k) : k, how == 'c' ? 1 : len,
                     how == 'c' ? len : 1, out, c->err))
            return LIB_ERROR;
    }
    double complex *acc = arena_alloc(c->a, sizeof(double complex)
                                      * (size_t)(m + 1));
    for (long k = 0; k <= m; k++)
        acc[k] = 0;
    for (long k = 0; k < m; k++) {
        double complex z = at(x, k);
        acc[group(how, x, k)] += y ? z * at(y, k)
            : creal(z) * creal(z) + cimag(z) * cimag(z);
    }
    if (how == 'd')
        *out = real ? iv_real(creal(acc[0]))
                    : iv_complex(creal(acc[0]), cimag(acc[0]));
    else
        for (long k = 0; k < (long)out->rows * out->cols; k++) {
            if (real)
                out->d[k] = creal(acc[k]);
            else
                set(out, k, acc[k]);
        }
    return LIB_OK;
}

/* tcrossprod(x) = x x^T, crossprod(x) = x^T x. */
static int cross(LibCall *c, IVal *out)
{
    const IVal *x = &c->args[0];
    bool t = c->name[0] == 't';
    long d = t ? x->rows : x->cols, inner = t ? x->cols : x->rows;
    if (iv_alloc(c->a, IV_CMAT, d, d, out, c->err))
        return LIB_ERROR;
    for (long i = 0; i < d; i++)
        for (long j = 0; j < d; j++) {
            double complex s = 0;
            for (long k = 0; k < inner; k++)
                s += t ? at(x, i * x->cols + k) * at(x, j * x->cols + k)
                       : at(x, k * x->cols + i) * at(x, k * x->cols + j);
            set(out, i * d + j, s);
        }
    return LIB_OK;
}

int interp_complex_linalg(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *x = &c->args[0];
    if (c->nargs < 1 || !dense(x))
        return -3;
    bool any = false;
    for (int k = 0; k < c->nargs; k++)
        any = any || iv_is_complex_kind(c->args[k].k);
    if (!any)   /* real ones: the products by columns and rows only */
        return strstr(n, "columns_dot") || strstr(n, "rows_dot")
            ? products(c, out) : -3;
    if (c->nargs == 1 && (!strcmp(n, "dot_self")
                          || !strcmp(n, "columns_dot_self")
                          || !strcmp(n, "rows_dot_self")))
        return products(c, out);
    if (c->nargs == 2 && (!strcmp(n, "columns_dot_product")
                          || !strcmp(n, "rows_dot_product")))
        return products(c, out);
    if (c->nargs == 1 && (!strcmp(n, "crossprod")
                          || !strcmp(n, "tcrossprod")))
        return cross(c, out);
    if (c->nargs == 2 && !strcmp(n, "divide") && dense(&c->args[1])) {
        IVal b, a;
        if (iv_to_complex(c->a, x, &b, c->err)
            || iv_to_complex(c->a, &c->args[1], &a, c->err)
            || iv_alloc(c->a, iv_complex_kind(x->k), x->rows, x->cols, out,
                        c->err))
            return LIB_ERROR;
        return rt_complex_mdivide_right(b.d, b.rows, b.cols, a.d, a.rows,
                                        a.cols, out->d, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if (c->nargs == 1 && !strcmp(n, "singular_values")
        && iv_is_complex_kind(x->k)) {
        long k = x->rows < x->cols ? x->rows : x->cols;
        if (iv_alloc(c->a, IV_VEC, k, 1, out, c->err))
            return LIB_ERROR;
        return rt_complex_svd(n, x->d, x->rows, x->cols, NULL, out->d, NULL,
                              true, c->err) ? LIB_ERROR : LIB_OK;
    }
    return -3;
}
