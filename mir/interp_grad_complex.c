/* interp_grad_complex.c - the backward pass's rules for complex values
 * (the functions of mir/interp_complex.c).  A complex value's adjoint is
 * its two parts' adjoints side by side, as its values are stored: for z =
 * x + iy, gz = dL/dx + i dL/dy (the C backend's convention,
 * backend/emit_complex_adj.c).  A real argument of a complex function
 * takes the real part of its complex adjoint.
 *
 * Closed forms, written from the definitions:
 *   holomorphic w = f(z) (exp, log, log10, sqrt, the trigonometric and
 *     hyperbolic functions and their inverses, unary - and +):
 *     gz += gw conj(f'(z)); conj: gz += conj(gw); proj (finite z): gz += gw
 *   get_real, get_imag, abs (z/|z|), norm (2z), arg (i z/|z|^2): real
 *     results, gz += gw times the factor
 *   to_complex(re, im), polar(r, theta)
 *   + - * / .* ./ and pow with a scalar broadcast: gz += gw conj(dw/dz)
 *   the matrix product C = A B: gA += gC B^H, gB += A^H gC
 *   sum, prod, dot_product (sum conj(x) y), cumulative_sum
 *   dot_self and the other products of interp_complex_linalg.c
 *   fft, inv_fft, fft2, inv_fft2: linear, their adjoints are N inv_fft,
 *     fft / N (N the number of values) and the 2-D ones likewise.
 * interp_grad_complex returns 1 when no argument and not the value is
 * complex, or for the rearranging functions (interp_grad_more.c's labels
 * follow complex values too); 2 for the other complex functions, which
 * the backward pass then differentiates numerically (eigenvalues_sym,
 * B / A, singular_values, add_diag, diag_pre_multiply, trace, ...). */
#include "interp_impl.h"

#include <complex.h>
#include <math.h>
#include <string.h>

#undef I        /* complex.h's; complex values are made with CMPLX */

typedef double complex Cx;

/* An argument: its flat values, whether complex, its elements. */
typedef struct Arg {
    double *x;          /* iv_flatten's: pairs when complex */
    double *g;          /* its adjoint (NULL: not wanted) */
    bool cx;
    long n;             /* elements (a complex counts once) */
} Arg;

static Arg arg(Arena *a, const IVal *v, double *g)
{
    long m = iv_count(v);
    Arg r = {arena_alloc(a, sizeof(double) * (size_t)(m + 1)), g,
             iv_is_complex(v), 0};
    iv_flatten(v, r.x);
    r.n = r.cx ? m / 2 : m;
    return r;
}

/* Element j (an element broadcast when there is one). */
static Cx at(const Arg *a, long j)
{
    if (a->n == 1)
        j = 0;
    return a->cx ? CMPLX(a->x[2 * j], a->x[2 * j + 1]) : CMPLX(a->x[j], 0.0);
}

/* gz added to element j's adjoint (a real one takes the real part). */
static void put(Arg *a, long j, Cx gz)
{
    if (!a->g)
        return;
    if (a->n == 1)
        j = 0;
    if (a->cx) {
        a->g[2 * j] += creal(gz);
        a->g[2 * j + 1] += cimag(gz);
    } else {
        a->g[j] += creal(gz);
    }
}

static bool named(const char *n, const char *const *names)
{
    for (int k = 0; names[k]; k++)
        if (!strcmp(n, names[k]))
            return true;
    return false;
}

/* ---------------------------------------------------- one argument */

/* f'(z) of the holomorphic functions; false for others. */
static bool holomorphic(const char *n, Cx z, Cx *d)
{
    Cx one = 1;
    if (!strcmp(n, "exp")) *d = cexp(z);
    else if (!strcmp(n, "log")) *d = one / z;
    else if (!strcmp(n, "log10")) *d = one / (z * 2.30258509299404568402);
    else if (!strcmp(n, "sqrt")) *d = one / (2 * csqrt(z));
    else if (!strcmp(n, "sin")) *d = ccos(z);
    else if (!strcmp(n, "cos")) *d = -csin(z);
    else if (!strcmp(n, "tan")) *d = one / (ccos(z) * ccos(z));
    else if (!strcmp(n, "asin")) *d = one / csqrt(1 - z * z);
    else if (!strcmp(n, "acos")) *d = -one / csqrt(1 - z * z);
    else if (!strcmp(n, "atan")) *d = one / (1 + z * z);
    else if (!strcmp(n, "sinh")) *d = ccosh(z);
    else if (!strcmp(n, "cosh")) *d = csinh(z);
    else if (!strcmp(n, "tanh")) *d = one / (ccosh(z) * ccosh(z));
    else if (!strcmp(n, "asinh")) *d = one / csqrt(z * z + 1);
    else if (!strcmp(n, "acosh")) *d = one / (csqrt(z - 1) * csqrt(z + 1));
    else if (!strcmp(n, "atanh")) *d = one / (1 - z * z);
    else if (!strcmp(n, "minus")) *d = -1;
    else if (!strcmp(n, "plus")) *d = 1;
    else return false;
    return true;
}

/* The elementwise functions of one complex argument (arrays too). */
static int back_unary(Arena *a, const MirTraceVals *kv, const double *gout,
                      double *ga)
{
    const char *n = kv->lib;
    Arg x = arg(a, &kv->args[0], ga);
    bool creal_out = iv_is_complex(&kv->out);
    long mout = iv_count(&kv->out);
    if (!x.cx || mout != (creal_out ? 2 : 1) * x.n)
        return 2;
    for (long j = 0; j < x.n; j++) {
        Cx z = at(&x, j), d;
        Cx gw = creal_out ? CMPLX(gout[2 * j], gout[2 * j + 1])
                          : CMPLX(gout[j], 0.0);
        double r = cabs(z), gr = creal(gw);
        if (creal_out && holomorphic(n, z, &d))
            put(&x, j, gw * conj(d));
        else if (creal_out && !strcmp(n, "conj"))
            put(&x, j, conj(gw));
        else if (creal_out && !strcmp(n, "proj") && isfinite(creal(z))
                 && isfinite(cimag(z)))
            put(&x, j, gw);
        else if (!creal_out && !strcmp(n, "get_real"))
            put(&x, j, gr);
        else if (!creal_out && !strcmp(n, "get_imag"))
            put(&x, j, CMPLX(0.0, gr));
        else if (!creal_out && !strcmp(n, "abs") && r > 0)
            put(&x, j, gr * z / r);
        else if (!creal_out && !strcmp(n, "norm"))
            put(&x, j, 2 * gr * z);
        else if (!creal_out && !strcmp(n, "arg") && r > 0)
            put(&x, j, gr * CMPLX(-cimag(z), creal(z)) / (r * r));
        else
            return 2;
    }
    return 0;
}

/* ------------------------------------------------ two arguments */

static bool dense(const IVal *v)
{
    IvKind k = iv_real_kind(v->k);
    return k == IV_VEC || k == IV_ROWVEC || k == IV_MAT;
}

/* w = l op r elementwise (a scalar broadcast): + - * / pow. */
static int back_binary(Arena *a, const MirTraceVals *kv, const double *gout,
                       double **ga)
{
    const char *n = kv->lib;
    int op = !strcmp(n, "add") ? '+' : !strcmp(n, "subtract") ? '-'
           : !strcmp(n, "multiply") || !strcmp(n, "elt_multiply") ? '*'
           : !strcmp(n, "divide") || !strcmp(n, "elt_divide") ? '/'
           : !strcmp(n, "pow") ? '^' : 0;
    if (!op || !iv_is_complex(&kv->out)
        || (op == '/' && n[0] == 'd' && dense(&kv->args[0])
            && dense(&kv->args[1])))
        return 2;       /* B / A: a solve, not elementwise */
    Arg l = arg(a, &kv->args[0], ga[0]), r = arg(a, &kv->args[1], ga[1]);
    Arg w = arg(a, &kv->out, NULL);
    if ((l.n != 1 && l.n != w.n) || (r.n != 1 && r.n != w.n))
        return 2;
    for (long j = 0; j < w.n; j++) {
        Cx x = at(&l, j), y = at(&r, j), v = at(&w, j);
        Cx gw = CMPLX(gout[2 * j], gout[2 * j + 1]), dl, dr;
        switch (op) {
        case '+': dl = 1; dr = 1; break;
        case '-': dl = 1; dr = -1; break;
        case '*': dl = y; dr = x; break;
        case '/': dl = 1 / y; dr = -v / y; break;
        default: dl = y * cpow(x, y - 1); dr = v * clog(x); break;
        }
        put(&l, j, gw * conj(dl));
        put(&r, j, gw * conj(dr));
    }
    return 0;
}

/* C = A B of dense A (R x K) and B (K x C), one complex; a row vector
 * times a vector is a scalar.  gA += gC B^H, gB += A^H gC. */
static int back_product(Arena *a, const MirTraceVals *kv, const double *gout,
                        double **ga)
{
    const IVal *A = &kv->args[0], *B = &kv->args[1];
    if (!dense(A) || !dense(B) || A->cols != B->rows
        || iv_count(&kv->out) != 2L * A->rows * B->cols)
        return 2;
    Arg l = arg(a, A, ga[0]), r = arg(a, B, ga[1]);
    long R = A->rows, K = A->cols, C = B->cols;
    for (long i = 0; i < R; i++)
        for (long j = 0; j < C; j++) {
            long o = i * C + j;
            Cx g = CMPLX(gout[2 * o], gout[2 * o + 1]);
            for (long q = 0; q < K; q++) {
                put(&l, i * K + q, g * conj(at(&r, q * C + j)));
                put(&r, q * C + j, conj(at(&l, i * K + q)) * g);
            }
        }
    return 0;
}

/* to_complex(re, im) and to_complex(re), a scalar broadcast. */
static int back_make(Arena *a, const MirTraceVals *kv, const double *gout,
                     double **ga)
{
    Arg w = arg(a, &kv->out, NULL);
    for (int k = 0; k < kv->nargs; k++) {
        Arg p = arg(a, &kv->args[k], ga[k]);
        if (p.cx || (p.n != 1 && p.n != w.n))
            return 2;
        for (long j = 0; j < w.n; j++)
            put(&p, j, gout[2 * j + k]);
    }
    return 0;
}

/* polar(r, theta) = r e^(i theta). */
static int back_polar(const MirTraceVals *kv, const double *gout, double **ga)
{
    double r = iv_num(&kv->args[0]), th = iv_num(&kv->args[1]);
    if (kv->nargs != 2 || isnan(r) || isnan(th))
        return 2;
    double gx = gout[0], gy = gout[1];
    if (ga[0])
        ga[0][0] += gx * cos(th) + gy * sin(th);
    if (ga[1])
        ga[1][0] += -gx * r * sin(th) + gy * r * cos(th);
    return 0;
}

/* ------------------------------------------------------ reductions */

static int back_reduce(Arena *a, const MirTraceVals *kv, const double *gout,
                       double **ga)
{
    const char *n = kv->lib;
    Arg x = arg(a, &kv->args[0], ga[0]);
    if (!x.cx && strcmp(n, "dot_product"))
        return 2;
    if (!strcmp(n, "sum") || !strcmp(n, "prod")) {
        Cx g = CMPLX(gout[0], gout[1]);
        if (n[0] == 's') {
            for (long j = 0; j < x.n; j++)
                put(&x, j, g);
            return 0;
        }
        /* the product of the others: prefix times suffix products */
        Cx *suf = arena_alloc(a, sizeof(Cx) * (size_t)(x.n + 1)), pre = 1;
        suf[x.n] = 1;
        for (long j = x.n - 1; j >= 0; j--)
            suf[j] = suf[j + 1] * at(&x, j);
        for (long j = 0; j < x.n; j++) {
            put(&x, j, g * conj(pre * suf[j + 1]));
            pre *= at(&x, j);
        }
        return 0;
    }
    if (!strcmp(n, "dot_product") && kv->nargs == 2) {
        Arg y = arg(a, &kv->args[1], ga[1]);
        if (x.n != y.n)
            return 2;
        Cx g = CMPLX(gout[0], gout[1]);
        for (long j = 0; j < x.n; j++) {
            /* s = sum conj(x_j) y_j */
            put(&x, j, conj(g) * at(&y, j));
            put(&y, j, g * at(&x, j));
        }
        return 0;
    }
    if (!strcmp(n, "cumulative_sum") && iv_count(&kv->out) == 2 * x.n) {
        Cx acc = 0;
        for (long j = x.n - 1; j >= 0; j--) {
            acc += CMPLX(gout[2 * j], gout[2 * j + 1]);
            put(&x, j, acc);
        }
        return 0;
    }
    return 2;
}

/* dot_self, columns_dot_self, rows_dot_self (sums of |x|^2: gx += 2
 * Re(g) x), columns_dot_product, rows_dot_product (sums of x y, no
 * conjugate), crossprod (x^T x) and tcrossprod (x x^T) of a complex x
 * (interp_complex_linalg.c's). */
static int back_products(Arena *a, const MirTraceVals *kv,
                         const double *gout, double **ga)
{
    const char *n = kv->lib;
    const IVal *X = &kv->args[0];
    if (!dense(X) || !iv_is_complex_kind(X->k))
        return 2;
    Arg x = arg(a, X, ga[0]);
    long cols = X->cols;
    bool self = strstr(n, "dot_self") != NULL;
    if (self || strstr(n, "dot_product")) {
        char how = n[0];
        Arg y = self ? x : arg(a, &kv->args[1], ga[1]);
        if (!self && (kv->nargs != 2 || y.n != x.n))
            return 2;
        for (long k = 0; k < x.n; k++) {
            long grp = how == 'd' ? 0 : how == 'c' ? k % cols : k / cols;
            Cx g = CMPLX(gout[2 * grp], gout[2 * grp + 1]);
            if (self) {
                put(&x, k, 2 * creal(g) * at(&x, k));
            } else {
                put(&x, k, g * conj(at(&y, k)));
                put(&y, k, g * conj(at(&x, k)));
            }
        }
        return 0;
    }
    bool t = n[0] == 't';
    long d = t ? X->rows : cols, inner = t ? cols : X->rows;
    for (long i = 0; i < d; i++)
        for (long j = 0; j < d; j++) {
            Cx g = CMPLX(gout[2 * (i * d + j)], gout[2 * (i * d + j) + 1]);
            for (long k = 0; k < inner; k++) {
                /* C_ij = sum_k X_ik X_jk (t) or X_ki X_kj */
                long p = t ? i * cols + k : k * cols + i;
                long q = t ? j * cols + k : k * cols + j;
                put(&x, p, g * conj(at(&x, q)));
                put(&x, q, g * conj(at(&x, p)));
            }
        }
    return 0;
}

/* fft and its kin: linear, adjoint N inv_fft(g) for fft, fft(g) / N for
 * inv_fft (N the values transformed), the 2-D ones likewise. */
static int back_fourier(Arena *a, const MirTraceVals *kv, const double *gout,
                        double *ga)
{
    const char *n = kv->lib;
    const IVal *y = &kv->out;
    if (!ga)
        return 0;
    long N = (long)y->rows * y->cols;
    if (!iv_is_complex_kind(y->k) || iv_count(&kv->args[0]) % N)
        return 2;
    double *t = arena_alloc(a, sizeof(double) * (size_t)(2 * N + 1));
    RtError err = {.msg = ""};
    int rc;
    bool inv = !strncmp(n, "inv_", 4);
    if (!strcmp(n, "fft"))
        rc = rt_inv_fft(gout, (int)N, t, &err);
    else if (!strcmp(n, "inv_fft"))
        rc = rt_fft(gout, (int)N, t, &err);
    else if (!strcmp(n, "fft2"))
        rc = rt_inv_fft2(gout, y->rows, y->cols, t, &err);
    else
        rc = rt_fft2(gout, y->rows, y->cols, t, &err);
    if (rc)
        return 2;
    double s = inv ? 1.0 / (double)N : (double)N;
    Arg x = arg(a, &kv->args[0], ga);
    for (long j = 0; j < N; j++)
        put(&x, j, s * CMPLX(t[2 * j], t[2 * j + 1]));
    return 0;
}

/* --------------------------------------------------------- dispatch */

static const char *const unary[] = {
    "exp", "log", "log10", "sqrt", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "minus",
    "plus", "conj", "proj", "get_real", "get_imag", "abs", "norm", "arg",
    NULL
};

int interp_grad_complex(Arena *a, const MirTraceVals *kv, const double *gout,
                        double **ga)
{
    const char *n = kv->lib;
    bool any = iv_is_complex(&kv->out);
    for (int k = 0; k < kv->nargs; k++)
        any = any || iv_is_complex(&kv->args[k]);
    if (!any || interp_grad_rearranging(n))
        return 1;
    if (!strcmp(n, "to_complex"))
        return back_make(a, kv, gout, ga);
    if (!strcmp(n, "polar"))
        return back_polar(kv, gout, ga);
    if (kv->nargs == 1 && named(n, unary))
        return back_unary(a, kv, gout, ga[0]);
    if (kv->nargs == 1 && (!strcmp(n, "fft") || !strcmp(n, "inv_fft")
                           || !strcmp(n, "fft2") || !strcmp(n, "inv_fft2")))
        return back_fourier(a, kv, gout, ga[0]);
    if (!strcmp(n, "dot_self") || !strcmp(n, "columns_dot_self")
        || !strcmp(n, "rows_dot_self") || !strcmp(n, "columns_dot_product")
        || !strcmp(n, "rows_dot_product") || !strcmp(n, "crossprod")
        || !strcmp(n, "tcrossprod"))
        return back_products(a, kv, gout, ga);
    if (kv->nargs == 2 && !strcmp(n, "multiply") && dense(&kv->args[0])
        && dense(&kv->args[1]))
        return back_product(a, kv, gout, ga);
    if (kv->nargs == 2) {
        int rc = back_binary(a, kv, gout, ga);
        if (rc != 2)
            return rc;
    }
    if (kv->nargs >= 1)
        return back_reduce(a, kv, gout, ga);
    return 2;
}
