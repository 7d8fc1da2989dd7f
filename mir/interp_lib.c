/* interp_lib.c - the interpreter's library: Stan's functions and operators
 * on interpreter values, each calling libpplrt (the functions the samplers
 * call, so that interpreter and sampler evaluate the same math).  Dispatch
 * is by table: elementwise functions of one and two reals, densities by
 * the shape of their runtime signature, then the rest by name.  A function
 * missing here gives "the interpreter does not support NAME yet". */
#include <float.h>
#include <math.h>
#include <string.h>

#include "interp_impl.h"

/* -------------------------------------------------------------- values */

IVal iv_int(long long v)
{
    return (IVal){.k = IV_INT, .i = v};
}

IVal iv_real(double v)
{
    return (IVal){.k = IV_REAL, .r = v};
}

IVal iv_complex(double re, double im)
{
    return (IVal){.k = IV_COMPLEX, .r = re, .im = im};
}

bool iv_is_complex_kind(IvKind k)
{
    return k == IV_COMPLEX || k == IV_CVEC || k == IV_CROWVEC || k == IV_CMAT;
}

bool iv_is_complex(const IVal *v)
{
    if (v->k == IV_ARRAY)
        return v->n > 0 && iv_is_complex(&v->el[0]);
    return iv_is_complex_kind(v->k);
}

/* Doubles an element of a container of kind k. */
static long width(IvKind k)
{
    return iv_is_complex_kind(k) ? 2 : 1;
}

int iv_alloc(Arena *a, IvKind k, long rows, long cols, IVal *out,
             RtError *err)
{
    if (rows < 0 || cols < 0 || (cols && rows > INTERP_MAX_ELEMENTS / cols))
        return rt_error(err, "a %ld x %ld value is too large for the "
                        "interpreter", rows, cols);
    *out = (IVal){.k = k, .rows = (int)rows, .cols = (int)cols};
    out->d = arena_alloc(a, sizeof(double) * (size_t)(width(k) * rows * cols
                                                      + 1));
    return 0;
}

IVal iv_copy(Arena *a, const IVal *v)
{
    IVal r = *v;
    if (v->k == IV_VEC || v->k == IV_ROWVEC || v->k == IV_MAT
        || v->k == IV_CVEC || v->k == IV_CROWVEC || v->k == IV_CMAT) {
        size_t n = (size_t)(width(v->k) * v->rows * v->cols);
        r.d = arena_alloc(a, sizeof(double) * (n + 1));
        if (n)
            memcpy(r.d, v->d, sizeof(double) * n);
    } else if (v->k == IV_ARRAY) {
        r.el = arena_alloc(a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++)
            r.el[k] = iv_copy(a, &v->el[k]);
    }
    return r;
}

long iv_count(const IVal *v)
{
    switch (v->k) {
    case IV_INT: case IV_REAL: return 1;
    case IV_COMPLEX: return 2;
    case IV_VEC: case IV_ROWVEC: case IV_MAT: return (long)v->rows * v->cols;
    case IV_CVEC: case IV_CROWVEC: case IV_CMAT:
        return 2 * (long)v->rows * v->cols;
    case IV_ARRAY: {
        long n = 0;
        for (int k = 0; k < v->n; k++)
            n += iv_count(&v->el[k]);
        return n;
    }
    default: return 0;
    }
}

static void flatten(const IVal *v, double *out, long *at)
{
    switch (v->k) {
    case IV_INT: out[(*at)++] = (double)v->i; break;
    case IV_REAL: out[(*at)++] = v->r; break;
    case IV_COMPLEX:
        out[(*at)++] = v->r;
        out[(*at)++] = v->im;
        break;
    case IV_VEC: case IV_ROWVEC: case IV_MAT:
    case IV_CVEC: case IV_CROWVEC: case IV_CMAT: {
        long n = width(v->k) * v->rows * v->cols;
        if (n)
            memcpy(out + *at, v->d, sizeof(double) * (size_t)n);
        *at += n;
        break;
    }
    case IV_ARRAY:
        for (int k = 0; k < v->n; k++)
            flatten(&v->el[k], out, at);
        break;
    default: break;
    }
}

void iv_flatten(const IVal *v, double *out)
{
    long at = 0;
    flatten(v, out, &at);
}

double iv_num(const IVal *v)
{
    return v->k == IV_INT ? (double)v->i : v->k == IV_REAL ? v->r : NAN;
}

/* ------------------------------------------------------------- showing */

typedef struct Buf {
    char s[512];
    size_t n;
    int items;
} Buf;

static void put(Buf *b, const char *t)
{
    size_t m = strlen(t);
    if (b->n + m >= sizeof b->s - 8)
        m = sizeof b->s - 8 - b->n;
    memcpy(b->s + b->n, t, m);
    b->n += m;
    b->s[b->n] = 0;
}

static void show_num(Buf *b, double x)
{
    char t[40];
    snprintf(t, sizeof t, "%.6g", x);
    put(b, t);
}

#define SHOW_ITEMS 8

/* A complex as re+imi (1.5-2i, 0+1i, nan+nani; zeros unsigned). */
static void show_complex(Buf *b, double re, double im)
{
    char t[96];
    re = re == 0 ? 0 : re;
    im = im == 0 ? 0 : im;
    snprintf(t, sizeof t, "%.6g%s%.6gi", re, signbit(im) || isnan(im)
             ? "" : "+", im);
    put(b, t);
}

static void show(Buf *b, const IVal *v)
{
    switch (v->k) {
    case IV_VOID: put(b, "nothing"); return;
    case IV_FUN: put(b, v->s); return;
    case IV_INT: {
        char t[32];
        snprintf(t, sizeof t, "%lld", v->i);
        put(b, t);
        return;
    }
    case IV_REAL: show_num(b, v->r); return;
    case IV_COMPLEX: show_complex(b, v->r, v->im); return;
    case IV_STR: put(b, "\""); put(b, v->s); put(b, "\""); return;
    case IV_VEC: case IV_ROWVEC: case IV_MAT:
    case IV_CVEC: case IV_CROWVEC: case IV_CMAT: {
        long n = (long)v->rows * v->cols;
        bool cx = iv_is_complex_kind(v->k);
        put(b, "[");
        for (long i = 0; i < n; i++) {
            if ((v->k == IV_MAT || v->k == IV_CMAT) && i % v->cols == 0)
                put(b, i ? "; " : "");
            else if (i)
                put(b, ", ");
            if (i >= SHOW_ITEMS) {
                char t[48];
                snprintf(t, sizeof t, "… %ld more", n - i);
                put(b, t);
                break;
            }
            if (cx)
                show_complex(b, v->d[2 * i], v->d[2 * i + 1]);
            else
                show_num(b, v->d[i]);
        }
        put(b, v->k == IV_VEC || v->k == IV_CVEC ? "]'" : "]");
        return;
    }
    case IV_ARRAY:
        put(b, "{");
        for (int k = 0; k < v->n; k++) {
            if (k)
                put(b, ", ");
            if (k >= SHOW_ITEMS) {
                char t[48];
                snprintf(t, sizeof t, "… %d more", v->n - k);
                put(b, t);
                break;
            }
            show(b, &v->el[k]);
        }
        put(b, "}");
        return;
    }
}

const char *iv_show(Arena *a, const IVal *v)
{
    Buf b = {.n = 0};
    b.s[0] = 0;
    show(&b, v);
    return arena_strdup(a, b.s);
}

void iv_msg(RtMsg *m, const IVal *v)
{
    switch (v->k) {
    case IV_INT: rt_msg_int(m, (int)v->i); break;
    case IV_REAL: rt_msg_real(m, v->r); break;
    case IV_STR: case IV_FUN: rt_msg_str(m, v->s); break;
    case IV_VEC: case IV_ROWVEC:
        rt_msg_reals(m, v->d, v->rows * v->cols);
        break;
    case IV_MAT:        /* row by row, as Stan Math's stan_print */
        rt_msg_reals_dims(m, v->d, v->rows * v->cols,
                          (const int[]){v->rows, v->cols}, 2);
        break;
    case IV_COMPLEX: rt_msg_complex(m, v->r, v->im); break;
    case IV_CVEC: case IV_CROWVEC:
        rt_msg_complexes(m, v->d, v->rows * v->cols);
        break;
    case IV_CMAT:
        rt_msg_complexes_dims(m, v->d, v->rows * v->cols,
                              (const int[]){v->rows, v->cols}, 2);
        break;
    case IV_ARRAY:
        rt_msg_str(m, "[");
        for (int k = 0; k < v->n; k++) {
            if (k)
                rt_msg_str(m, ",");
            iv_msg(m, &v->el[k]);
        }
        rt_msg_str(m, "]");
        break;
    case IV_VOID: break;
    }
}

/* ------------------------------------------------------------- helpers */

static int unsupported(LibCall *c)
{
    return rt_error(c->err, "the interpreter does not support %s yet",
                    c->name) ? LIB_UNSUPPORTED : LIB_UNSUPPORTED;
}

static bool is_scalar(const IVal *v)
{
    return v->k == IV_INT || v->k == IV_REAL;
}

static bool is_dense(const IVal *v)
{
    return v->k == IV_VEC || v->k == IV_ROWVEC || v->k == IV_MAT;
}

/* A real argument of a density or reduction: its values flattened (an
 * array of reals or of vectors, a vector, a scalar). */
static int as_arg(LibCall *c, int i, RtArg *out)
{
    const IVal *v = &c->args[i];
    if (v->k == IV_STR || v->k == IV_VOID)
        return unsupported(c);
    long n = iv_count(v);
    double *x;
    if (is_dense(v)) {
        x = v->d;
    } else {
        x = arena_alloc(c->a, sizeof(double) * (size_t)(n + 1));
        iv_flatten(v, x);
    }
    *out = rt_argn(x, NULL, (int)n, c->ad[i]);
    out->vec = v->k != IV_REAL && v->k != IV_INT;  /* a scalar broadcasts */
    return 0;
}

static int as_iarg(LibCall *c, int i, RtIArg *out)
{
    const IVal *v = &c->args[i];
    long n = iv_count(v);
    double *x = arena_alloc(c->a, sizeof(double) * (size_t)(n + 1));
    int *xi = arena_alloc(c->a, sizeof(int) * (size_t)(n + 1));
    iv_flatten(v, x);
    for (long k = 0; k < n; k++)
        xi[k] = (int)x[k];
    if (v->k == IV_REAL || (v->k != IV_INT && v->k != IV_ARRAY))
        return unsupported(c);
    *out = rt_iarg(xi, (int)n);
    out->vec = v->k != IV_INT;
    return 0;
}

static int done(LibCall *c, double v, IVal *out)
{
    *out = iv_real(v);
    return isnan(v) && c->err->msg[0] ? LIB_ERROR : LIB_OK;
}

/* ------------------------------------------- elementwise real functions */

typedef double (*Fn1)(double);
typedef double (*Fn2)(double, double);

static double stan_step(double x) { return x < 0 ? 0 : 1; }
static double stan_logical_negation(double x) { return x == 0; }

static const struct { const char *name; Fn1 f; } fn1[] = {
    {"square", rt_square}, {"inv", rt_inv}, {"inv_square", rt_inv_square},
    {"sqrt", rt_sqrt}, {"inv_sqrt", rt_inv_sqrt}, {"cbrt", rt_cbrt},
    {"exp", rt_exp}, {"exp2", rt_exp2}, {"expm1", rt_expm1}, {"log", rt_log},
    {"log2", rt_log2}, {"log10", rt_log10}, {"log1p", rt_log1p},
    {"log1m", rt_log1m}, {"log1p_exp", rt_log1p_exp},
    {"log1m_exp", rt_log1m_exp}, {"inv_logit", rt_inv_logit},
    {"logit", rt_logit}, {"log_inv_logit", rt_log_inv_logit},
    {"log1m_inv_logit", rt_log1m_inv_logit},
    {"inv_cloglog", rt_inv_cloglog}, {"sin", rt_sin}, {"cos", rt_cos},
    {"tan", rt_tan}, {"asin", rt_asin}, {"acos", rt_acos}, {"atan", rt_atan},
    {"sinh", rt_sinh}, {"cosh", rt_cosh}, {"tanh", rt_tanh},
    {"asinh", rt_asinh}, {"acosh", rt_acosh}, {"atanh", rt_atanh},
    {"erf", rt_erf}, {"erfc", rt_erfc}, {"fabs", rt_fabs}, {"abs", rt_abs},
    {"floor", rt_floor}, {"ceil", rt_ceil}, {"round", rt_round},
    {"trunc", rt_trunc}, {"lgamma", rt_lgamma}, {"tgamma", rt_tgamma},
    {"digamma", rt_digamma}, {"trigamma", rt_trigamma},
    {"inv_erfc", rt_inv_erfc}, {"inv_Phi", rt_std_normal_qf},
    {"std_normal_qf", rt_std_normal_qf},
    {"std_normal_log_qf", rt_std_normal_log_qf}, {"Phi", rt_Phi},
    {"Phi_approx", rt_Phi_approx},
    {"std_normal_log_qf", rt_std_normal_log_qf},
    {"lambert_w0", rt_lambert_w0}, {"lambert_wm1", rt_lambert_wm1},
    {"step", stan_step}, {"minus", NULL}, {"plus", NULL},
    {"logical_negation", stan_logical_negation},
};

static const struct { const char *name; Fn2 f; } fn2[] = {
    {"pow", rt_pow}, {"hypot", rt_hypot}, {"lmultiply", rt_lmultiply},
    {"multiply_log", rt_multiply_log},
    {"log_inv_logit_diff", rt_log_inv_logit_diff},
    {"log_sum_exp", rt_log_sum_exp}, {"log_diff_exp", rt_log_diff_exp},
    {"atan2", rt_atan2}, {"fmax", rt_fmax}, {"fmin", rt_fmin},
    {"fdim", rt_fdim}, {"fmod", rt_fmod}, {"lbeta", rt_lbeta},
    {"lchoose", rt_lchoose},
    {"binomial_coefficient_log", rt_binomial_coefficient_log},
    {"log_falling_factorial", rt_log_falling_factorial},
    {"log_rising_factorial", rt_log_rising_factorial},
    {"owens_t", rt_owens_t}, {"beta", rt_beta}, {"gamma_p", rt_gamma_p},
    {"gamma_q", rt_gamma_q},
};

/* f applied to every element of v. */
static int map1(LibCall *c, Fn1 f, bool neg, const IVal *v, IVal *out)
{
    if (v->k == IV_INT && (neg || !strcmp(c->name, "abs")
                           || !strcmp(c->name, "plus"))) {
        int x = (int)v->i, r = x;
        if ((neg && rt_int_neg(x, &r, c->err))
            || (!strcmp(c->name, "abs") && rt_int_abs(x, &r, c->err)))
            return LIB_ERROR;
        *out = iv_int(r);
        return LIB_OK;
    }
    if (v->k == IV_INT && f == stan_logical_negation) {
        *out = iv_int(v->i == 0);
        return LIB_OK;
    }
    if (is_scalar(v)) {
        double x = iv_num(v);
        *out = iv_real(f ? f(x) : neg ? -x : x);
        return LIB_OK;
    }
    if (is_dense(v)) {
        if (iv_alloc(c->a, v->k, v->rows, v->cols, out, c->err))
            return LIB_ERROR;
        for (long i = 0; i < (long)v->rows * v->cols; i++)
            out->d[i] = f ? f(v->d[i]) : neg ? -v->d[i] : v->d[i];
        return LIB_OK;
    }
    if (v->k == IV_ARRAY) {
        IVal r = {.k = IV_ARRAY, .n = v->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++) {
            int rc = map1(c, f, neg, &v->el[k], &r.el[k]);
            if (rc)
                return rc;
            if (r.el[k].k == IV_INT && f && !neg)
                r.el[k] = iv_real(f((double)r.el[k].i));
        }
        *out = r;
        return LIB_OK;
    }
    return unsupported(c);
}

static bool same_shape(const IVal *a, const IVal *b)
{
    return a->k == b->k && a->rows == b->rows && a->cols == b->cols;
}

/* f(x, y), or -1 with Stan's message when the value is NaN because
 * (x, y) is outside the domain Stan Math checks (the emitted code's
 * em_domain_check). */
static int apply2(LibCall *c, Fn2 f, double x, double y, double *v)
{
    *v = f(x, y);
    return isnan(*v) && rt_special_domain(c->name, 2, (double[]){x, y},
                                          c->err) ? -1 : 0;
}

/* f on two arguments, broadcasting a scalar against a container. */
static int map2(LibCall *c, Fn2 f, const IVal *a, const IVal *b, IVal *out)
{
    if (is_scalar(a) && is_scalar(b)) {
        double v;
        if (apply2(c, f, iv_num(a), iv_num(b), &v))
            return LIB_ERROR;
        *out = iv_real(v);
        return LIB_OK;
    }
    const IVal *shape = is_scalar(a) ? b : a;
    if (is_dense(shape) && (is_scalar(a) || is_scalar(b)
                            || same_shape(a, b))) {
        if (iv_alloc(c->a, shape->k, shape->rows, shape->cols, out, c->err))
            return LIB_ERROR;
        for (long i = 0; i < (long)shape->rows * shape->cols; i++)
            if (apply2(c, f, is_scalar(a) ? iv_num(a) : a->d[i],
                       is_scalar(b) ? iv_num(b) : b->d[i], &out->d[i]))
                return LIB_ERROR;
        return LIB_OK;
    }
    if (is_dense(a) && is_dense(b))
        return rt_error(c->err, "%s: Rows of x (%d) and rows of y (%d) must "
                        "match in size", c->name, a->rows * a->cols,
                        b->rows * b->cols) ? LIB_ERROR : LIB_ERROR;
    if (shape->k == IV_ARRAY) {
        if (a->k == IV_ARRAY && b->k == IV_ARRAY && a->n != b->n)
            return rt_error(c->err, "%s: size mismatch", c->name)
                ? LIB_ERROR : LIB_ERROR;
        IVal r = {.k = IV_ARRAY, .n = shape->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(shape->n + 1));
        for (int k = 0; k < shape->n; k++) {
            int rc = map2(c, f, a->k == IV_ARRAY ? &a->el[k] : a,
                          b->k == IV_ARRAY ? &b->el[k] : b, &r.el[k]);
            if (rc)
                return rc;
        }
        *out = r;
        return LIB_OK;
    }
    return unsupported(c);
}

/* ----------------------------------------------------------- operators */

static double op_add(double x, double y) { return x + y; }
static double op_sub(double x, double y) { return x - y; }
static double op_mul(double x, double y) { return x * y; }
static double op_div(double x, double y) { return x / y; }

/* Stan's int operators through rt_int.h: 32-bit, an overflow or a
 * division by zero is the sampler's error. */
static int int_op(LibCall *c, long long x, long long y, IVal *out)
{
    const char *n = c->name;
    int a = (int)x, b = (int)y, r = 0, rc = 0;
    if (!strcmp(n, "add")) rc = rt_int_add(a, b, &r, c->err);
    else if (!strcmp(n, "subtract")) rc = rt_int_sub(a, b, &r, c->err);
    else if (!strcmp(n, "multiply")) rc = rt_int_mul(a, b, &r, c->err);
    else if (!strcmp(n, "divide") || !strcmp(n, "idivide"))
        rc = rt_int_div(a, b, &r, c->err);
    else if (!strcmp(n, "modulus")) rc = rt_int_mod(a, b, &r, c->err);
    else if (!strcmp(n, "logical_eq")) r = a == b;
    else if (!strcmp(n, "logical_neq")) r = a != b;
    else if (!strcmp(n, "logical_lt")) r = a < b;
    else if (!strcmp(n, "logical_lte")) r = a <= b;
    else if (!strcmp(n, "logical_gt")) r = a > b;
    else if (!strcmp(n, "logical_gte")) r = a >= b;
    else if (!strcmp(n, "logical_and")) r = a && b;
    else if (!strcmp(n, "logical_or")) r = a || b;
    else return -3;
    if (rc)
        return LIB_ERROR;
    *out = iv_int(r);
    return LIB_OK;
}

static int compare(LibCall *c, double x, double y, IVal *out)
{
    const char *n = c->name;
    int r;
    if (!strcmp(n, "logical_eq")) r = x == y;
    else if (!strcmp(n, "logical_neq")) r = x != y;
    else if (!strcmp(n, "logical_lt")) r = x < y;
    else if (!strcmp(n, "logical_lte")) r = x <= y;
    else if (!strcmp(n, "logical_gt")) r = x > y;
    else if (!strcmp(n, "logical_gte")) r = x >= y;
    else if (!strcmp(n, "logical_and")) r = x != 0 && y != 0;
    else if (!strcmp(n, "logical_or")) r = x != 0 || y != 0;
    else return -3;
    *out = iv_int(r);
    return LIB_OK;
}

static int matmul(LibCall *c, const IVal *a, const IVal *b, IVal *out)
{
    if (a->cols != b->rows)
        return rt_error(c->err, "multiply: Columns of m1 (%d) and Rows of "
                        "m2 (%d) must match in size", a->cols, b->rows)
            ? LIB_ERROR : LIB_ERROR;
    if (a->k == IV_ROWVEC && b->k == IV_VEC) {
        *out = iv_real(rt_dot_product(a->d, b->d, a->cols));
        return LIB_OK;
    }
    IvKind k = a->k == IV_ROWVEC ? IV_ROWVEC : b->k == IV_VEC ? IV_VEC
             : IV_MAT;
    if (iv_alloc(c->a, k, a->rows, b->cols, out, c->err))
        return LIB_ERROR;
    rt_multiply(a->d, b->d, a->rows, a->cols, b->cols, out->d);
    return LIB_OK;
}

static int binary_op(LibCall *c, IVal *out)
{
    const IVal *a = &c->args[0], *b = &c->args[1];
    const char *n = c->name;
    if (a->k == IV_INT && b->k == IV_INT) {
        int rc = int_op(c, a->i, b->i, out);
        if (rc != -3)
            return rc;
    }
    if (is_scalar(a) && is_scalar(b)) {
        int rc = compare(c, iv_num(a), iv_num(b), out);
        if (rc != -3)
            return rc;
    }
    if (!strcmp(n, "add")) return map2(c, op_add, a, b, out);
    if (!strcmp(n, "subtract")) return map2(c, op_sub, a, b, out);
    if (!strcmp(n, "elt_multiply")) return map2(c, op_mul, a, b, out);
    if (!strcmp(n, "elt_divide")) return map2(c, op_div, a, b, out);
    if (!strcmp(n, "divide") && (is_scalar(b)))
        return map2(c, op_div, a, b, out);
    if (!strcmp(n, "pow")) return map2(c, rt_pow, a, b, out);
    if (!strcmp(n, "multiply")) {
        if (is_scalar(a) || is_scalar(b))
            return map2(c, op_mul, a, b, out);
        if (is_dense(a) && is_dense(b))
            return matmul(c, a, b, out);
    }
    return unsupported(c);
}

/* ----------------------------------------------------------- densities */

/* The runtime's density signatures: y and parameters as RtArg (R) or
 * RtIArg (I), then propto, adj, err. */
typedef double (*DR1)(RtArg, bool, double, RtError *);
typedef double (*DR2)(RtArg, RtArg, bool, double, RtError *);
typedef double (*DR3)(RtArg, RtArg, RtArg, bool, double, RtError *);
typedef double (*DR4)(RtArg, RtArg, RtArg, RtArg, bool, double, RtError *);
typedef double (*DI2)(RtIArg, RtArg, bool, double, RtError *);
typedef double (*DI3)(RtIArg, RtArg, RtArg, bool, double, RtError *);
typedef double (*DII3)(RtIArg, RtIArg, RtArg, bool, double, RtError *);
typedef double (*DII4)(RtIArg, RtIArg, RtArg, RtArg, bool, double,
                       RtError *);
typedef double (*DR5)(RtArg, RtArg, RtArg, RtArg, RtArg, bool, double,
                      RtError *);
typedef double (*DR6)(RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, bool, double,
                      RtError *);
typedef double (*DR8)(RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, RtArg,
                      bool, double, RtError *);
typedef double (*DR7)(RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, bool,
                      double, RtError *);
typedef double (*DR9)(RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, RtArg, RtArg,
                      RtArg, bool, double, RtError *);

typedef struct Density {
    const char *name;       /* without the suffix */
    const char *sig;        /* "RRR", "IR", ... */
    void (*f)(void);
} Density;

#define DC(name, sig) {#name, sig, (void (*)(void))rt_##name##_lpdf}
#define DM(name, sig) {#name, sig, (void (*)(void))rt_##name##_lpmf}

static const Density densities[] = {
    DC(normal, "RRR"), DC(std_normal, "R"), DC(student_t, "RRRR"),
    DC(cauchy, "RRR"), DC(double_exponential, "RRR"), DC(logistic, "RRR"),
    DC(lognormal, "RRR"), DC(exponential, "RR"), DC(gamma, "RRR"),
    DC(inv_gamma, "RRR"), DC(weibull, "RRR"), DC(chi_square, "RR"),
    DC(beta, "RRR"), DC(uniform, "RRR"), DC(pareto, "RRR"),
    DC(pareto_type_2, "RRRR"), DC(frechet, "RRR"), DC(gumbel, "RRR"),
    DC(rayleigh, "RR"), DC(loglogistic, "RRR"), DC(inv_chi_square, "RR"),
    DC(scaled_inv_chi_square, "RRR"), DC(beta_proportion, "RRR"),
    DC(skew_normal, "RRRR"), DC(exp_mod_normal, "RRRR"),
    DC(skew_double_exponential, "RRRR"), DC(von_mises, "RRR"),
    DM(bernoulli, "IR"), DM(bernoulli_logit, "IR"), DM(binomial, "IIR"),
    DM(binomial_logit, "IIR"), DM(beta_binomial, "IIRR"),
    DM(poisson, "IR"), DM(poisson_log, "IR"), DM(neg_binomial_2, "IRR"),
    DM(neg_binomial_2_log, "IRR"), DM(neg_binomial, "IRR"),
    DM(yule_simon, "IR"),
    /* wiener_lpdf's overloads by their number of arguments */
    {"wiener", "RRRRR", (void (*)(void))rt_wiener_lpdf},
    {"wiener", "RRRRRR", (void (*)(void))rt_wiener5_lpdf},
    {"wiener", "RRRRRRRR", (void (*)(void))rt_wiener7_lpdf},
    /* and with the trailing tolerance */
    {"wiener", "RRRRRRR", (void (*)(void))rt_wiener5_tol_lpdf},
    {"wiener", "RRRRRRRRR", (void (*)(void))rt_wiener7_tol_lpdf},
};

/* NAME_lpdf / _lupdf / _lpmf / _lupmf: the base name and propto. */
static bool density_name(const char *fn, char *base, size_t n, bool *propto)
{
    static const char *const sfx[] = {"_lpdf", "_lupdf", "_lpmf", "_lupmf"};
    size_t len = strlen(fn);
    for (int i = 0; i < 4; i++) {
        size_t m = strlen(sfx[i]);
        if (name_has_suffix(fn, sfx[i]) && len - m < n) {
            memcpy(base, fn, len - m);
            base[len - m] = 0;
            *propto = i == 1 || i == 3;
            return true;
        }
    }
    return false;
}

static int density(LibCall *c, const Density *d, bool propto, IVal *out)
{
    int n = (int)strlen(d->sig);
    if (c->nargs != n)
        return -3;
    RtArg r[9];
    RtIArg ia[9];
    for (int i = 0; i < n; i++) {
        int rc = d->sig[i] == 'I' ? as_iarg(c, i, &ia[i]) : as_arg(c, i, &r[i]);
        if (rc)
            return rc;
    }
    RtError *e = c->err;
    double v;
    if (!strcmp(d->sig, "R")) v = ((DR1)d->f)(r[0], propto, 1, e);
    else if (!strcmp(d->sig, "RR")) v = ((DR2)d->f)(r[0], r[1], propto, 1, e);
    else if (!strcmp(d->sig, "RRR"))
        v = ((DR3)d->f)(r[0], r[1], r[2], propto, 1, e);
    else if (!strcmp(d->sig, "RRRR"))
        v = ((DR4)d->f)(r[0], r[1], r[2], r[3], propto, 1, e);
    else if (!strcmp(d->sig, "IR")) v = ((DI2)d->f)(ia[0], r[1], propto, 1, e);
    else if (!strcmp(d->sig, "IRR"))
        v = ((DI3)d->f)(ia[0], r[1], r[2], propto, 1, e);
    else if (!strcmp(d->sig, "IIR"))
        v = ((DII3)d->f)(ia[0], ia[1], r[2], propto, 1, e);
    else if (!strcmp(d->sig, "RRRRR"))
        v = ((DR5)d->f)(r[0], r[1], r[2], r[3], r[4], propto, 1, e);
    else if (!strcmp(d->sig, "RRRRRR"))
        v = ((DR6)d->f)(r[0], r[1], r[2], r[3], r[4], r[5], propto, 1, e);
    else if (!strcmp(d->sig, "RRRRRRRR"))
        v = ((DR8)d->f)(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
                        propto, 1, e);
    else if (!strcmp(d->sig, "RRRRRRR"))
        v = ((DR7)d->f)(r[0], r[1], r[2], r[3], r[4], r[5], r[6], propto, 1,
                        e);
    else if (!strcmp(d->sig, "RRRRRRRRR"))
        v = ((DR9)d->f)(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8],
                        propto, 1, e);
    else
        v = ((DII4)d->f)(ia[0], ia[1], r[2], r[3], propto, 1, e);
    return done(c, v, out);
}

/* wiener_lcdf_unnorm and wiener_lccdf_unnorm (y, alpha, tau, beta,
 * delta[, var_delta, var_beta, var_tau]); -3 for other arities. */
static int wiener_cdf(LibCall *c, IVal *out)
{
    bool lcdf = !strcmp(c->name, "wiener_lcdf_unnorm");
    if ((!lcdf && strcmp(c->name, "wiener_lccdf_unnorm"))
        || c->nargs < 5 || c->nargs > 9 || c->nargs == 7)
        return -3;
    RtArg r[9];
    for (int i = 0; i < c->nargs; i++) {
        int rc = as_arg(c, i, &r[i]);
        if (rc)
            return rc;
    }
    RtError *e = c->err;
    double v;
    if (c->nargs == 5)
        v = (lcdf ? rt_wiener_lcdf_unnorm : rt_wiener_lccdf_unnorm)
            (r[0], r[1], r[2], r[3], r[4], 1, e);
    else if (c->nargs == 6)     /* the tolerance last */
        v = (lcdf ? rt_wiener_tol_lcdf_unnorm : rt_wiener_tol_lccdf_unnorm)
            (r[0], r[1], r[2], r[3], r[4], r[5], 1, e);
    else if (c->nargs == 8)
        v = (lcdf ? rt_wiener7_lcdf_unnorm : rt_wiener7_lccdf_unnorm)
            (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], 1, e);
    else
        v = (lcdf ? rt_wiener7_tol_lcdf_unnorm : rt_wiener7_tol_lccdf_unnorm)
            (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], 1, e);
    return done(c, v, out);
}

/* The hypergeometric functions (their RtArg forms, values only). */
static int hypergeometric(LibCall *c, IVal *out)
{
    const char *n = c->name;
    int want = !strcmp(n, "hypergeometric_1F0") ? 2
             : !strcmp(n, "hypergeometric_2F1") ? 4
             : !strcmp(n, "hypergeometric_3F2")
               || !strcmp(n, "hypergeometric_pFq") ? 3 : 0;
    if (!want || c->nargs != want)
        return -3;
    RtArg r[4];
    for (int i = 0; i < want; i++) {
        int rc = as_arg(c, i, &r[i]);
        if (rc)
            return rc;
    }
    double v = want == 2 ? rt_hypergeometric_1F0(r[0], r[1], 1, c->err)
             : want == 4 ? rt_hypergeometric_2F1(r[0], r[1], r[2], r[3], 1,
                                                 c->err)
             : n[15] == '3' ? rt_hypergeometric_3F2(r[0], r[1], r[2], 1,
                                                    c->err)
             : rt_hypergeometric_pFq(r[0], r[1], r[2], 1, c->err);
    return done(c, v, out);
}

/* ---------------------------------------------------------- reductions */

static int reduction(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *v = &c->args[0];
    if (c->nargs != 1)
        return -3;
    if (!strcmp(n, "size") || !strcmp(n, "num_elements")) {
        long k = !strcmp(n, "size") && v->k == IV_ARRAY ? v->n : iv_count(v);
        if (!strcmp(n, "size") && is_dense(v))
            k = (long)v->rows * v->cols;
        *out = iv_int(k);
        return LIB_OK;
    }
    if (!strcmp(n, "dims")) {
        /* array sizes outermost first (the first element's, as Stan's
         * dims reads them), then a vector's length or a matrix's rows
         * and columns; a scalar has none */
        int d[64], nd = 0;
        const IVal *x = v;
        for (; x->k == IV_ARRAY && nd < 62; x = &x->el[0]) {
            d[nd++] = x->n;
            if (x->n == 0)
                break;
        }
        if (is_dense(x) || x->k == IV_CVEC || x->k == IV_CROWVEC
            || x->k == IV_CMAT) {
            if (x->k == IV_MAT || x->k == IV_CMAT)
                d[nd++] = x->rows, d[nd++] = x->cols;
            else
                d[nd++] = x->rows * x->cols;
        }
        IVal r = {.k = IV_ARRAY, .n = nd};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(nd + 1));
        for (int i = 0; i < nd; i++)
            r.el[i] = iv_int(d[i]);
        *out = r;
        return LIB_OK;
    }
    if (!strcmp(n, "rows") || !strcmp(n, "cols")) {
        if (!is_dense(v))
            return unsupported(c);
        *out = iv_int(!strcmp(n, "rows") ? v->rows : v->cols);
        return LIB_OK;
    }
    if (v->k == IV_INT || (v->k == IV_ARRAY && v->n && v->el[0].k == IV_INT)) {
        RtIArg ia;
        if (!strcmp(n, "sum") || !strcmp(n, "prod") || !strcmp(n, "max")
            || !strcmp(n, "min"))
            if (as_iarg(c, 0, &ia))
                return LIB_ERROR;
        if (!strcmp(n, "sum") || !strcmp(n, "prod")) {
            int r = 0;
            if ((n[0] == 's' ? rt_int_sum(ia.x, ia.n, &r, c->err)
                             : rt_int_prod(ia.x, ia.n, &r, c->err)) != 0)
                return LIB_ERROR;
            *out = iv_int(r);
            return LIB_OK;
        }
        if (!strcmp(n, "max") || !strcmp(n, "min")) {
            int m = 0;
            if ((n[1] == 'a' ? rt_max_int(ia, &m, c->err)
                             : rt_min_int(ia, &m, c->err)) != 0)
                return LIB_ERROR;
            *out = iv_int(m);
            return LIB_OK;
        }
    }
    RtArg x;
    if (!strcmp(n, "sum") || !strcmp(n, "mean") || !strcmp(n, "variance")
        || !strcmp(n, "sd") || !strcmp(n, "prod") || !strcmp(n, "max")
        || !strcmp(n, "min") || !strcmp(n, "log_sum_exp")
        || !strcmp(n, "dot_self") || !strcmp(n, "norm1")
        || !strcmp(n, "norm2")) {
        if (as_arg(c, 0, &x))
            return LIB_ERROR;
    } else {
        return -3;
    }
    double r;
    if (!strcmp(n, "sum")) r = rt_sum(x, 1);
    else if (!strcmp(n, "mean")) r = rt_mean(x, 1, c->err);
    else if (!strcmp(n, "variance")) r = rt_variance(x, 1, c->err);
    else if (!strcmp(n, "sd")) r = rt_sd(x, 1, c->err);
    else if (!strcmp(n, "prod")) r = rt_prod(x, 1);
    else if (!strcmp(n, "max")) r = rt_max(x, 1);
    else if (!strcmp(n, "min")) r = rt_min(x, 1);
    else if (!strcmp(n, "log_sum_exp")) r = rt_log_sum_exp_vec(x, 1);
    else if (!strcmp(n, "dot_self")) r = rt_dot_self(x, 1);
    else if (!strcmp(n, "norm1")) r = rt_norm1(x, 1);
    else r = rt_norm2(x, 1);
    return done(c, r, out);
}

/* ------------------------------------------------ constructors, linalg */

static int dense_from(LibCall *c, IvKind k, long rows, long cols,
                      const double *x, IVal *out)
{
    if (iv_alloc(c->a, k, rows, cols, out, c->err))
        return LIB_ERROR;
    if (x && rows * cols > 0)
        memcpy(out->d, x, sizeof(double) * (size_t)(rows * cols));
    return LIB_OK;
}

static int other(LibCall *c, IVal *out)
{
    const char *n = c->name;
    IVal *a = c->args;
    int na = c->nargs;
    if (!strcmp(n, "pi") && na == 0) return (*out = iv_real(M_PI), LIB_OK);
    if (!strcmp(n, "e") && na == 0) return (*out = iv_real(M_E), LIB_OK);
    if (!strcmp(n, "sqrt2") && na == 0) return (*out = iv_real(M_SQRT2), LIB_OK);
    if (!strcmp(n, "log2") && na == 0) return (*out = iv_real(M_LN2), LIB_OK);
    if (!strcmp(n, "log10") && na == 0)
        return (*out = iv_real(M_LN10), LIB_OK);
    if (!strcmp(n, "machine_precision") && na == 0)
        return (*out = iv_real(DBL_EPSILON), LIB_OK);
    if (!strcmp(n, "not_a_number") && na == 0)
        return (*out = iv_real(NAN), LIB_OK);
    if (!strcmp(n, "positive_infinity") && na == 0)
        return (*out = iv_real(INFINITY), LIB_OK);
    if (!strcmp(n, "negative_infinity") && na == 0)
        return (*out = iv_real(-INFINITY), LIB_OK);
    if (!strcmp(n, "is_nan") && na == 1)
        return (*out = iv_int(isnan(iv_num(a))), LIB_OK);
    if (!strcmp(n, "is_inf") && na == 1)
        return (*out = iv_int(isinf(iv_num(a))), LIB_OK);
    if ((!strcmp(n, "rep_vector") || !strcmp(n, "rep_row_vector")) && na == 2
        && a[1].k == IV_INT) {
        bool vec = n[4] == 'v';
        if (a[1].i < 0)
            return rt_error(c->err, "%s: n is %lld, but must be "
                            "non-negative", n, a[1].i) ? LIB_ERROR : LIB_ERROR;
        if (dense_from(c, vec ? IV_VEC : IV_ROWVEC, vec ? a[1].i : 1,
                       vec ? 1 : a[1].i, NULL, out))
            return LIB_ERROR;
        for (long i = 0; i < a[1].i; i++)
            out->d[i] = iv_num(&a[0]);
        return LIB_OK;
    }
    if (!strcmp(n, "rep_matrix") && na == 3 && is_scalar(&a[0])) {
        if (a[1].i < 0 || a[2].i < 0)
            return rt_error(c->err, "rep_matrix: negative size")
                ? LIB_ERROR : LIB_ERROR;
        if (dense_from(c, IV_MAT, a[1].i, a[2].i, NULL, out))
            return LIB_ERROR;
        for (long i = 0; i < a[1].i * a[2].i; i++)
            out->d[i] = iv_num(&a[0]);
        return LIB_OK;
    }
    if (!strcmp(n, "rep_array") && na == 2 && a[1].k == IV_INT) {
        if (a[1].i < 0 || a[1].i * iv_count(&a[0]) > INTERP_MAX_ELEMENTS)
            return rt_error(c->err, "rep_array: bad size %lld", a[1].i)
                ? LIB_ERROR : LIB_ERROR;
        IVal r = {.k = IV_ARRAY, .n = (int)a[1].i};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int k = 0; k < r.n; k++)
            r.el[k] = iv_copy(c->a, &a[0]);
        *out = r;
        return LIB_OK;
    }
    if ((!strcmp(n, "to_vector") || !strcmp(n, "to_row_vector")) && na == 1) {
        bool vec = n[3] == 'v';
        long k = iv_count(&a[0]);
        if (dense_from(c, vec ? IV_VEC : IV_ROWVEC, vec ? k : 1,
                       vec ? 1 : k, NULL, out))
            return LIB_ERROR;
        if (a[0].k == IV_MAT) {     /* column-major, as Stan */
            for (int i = 0; i < a[0].rows; i++)
                for (int j = 0; j < a[0].cols; j++)
                    out->d[(long)j * a[0].rows + i] =
                        a[0].d[(long)i * a[0].cols + j];
        } else {
            iv_flatten(&a[0], out->d);
        }
        return LIB_OK;
    }
    if (!strcmp(n, "dot_product") && na == 2) {
        long k = iv_count(&a[0]);
        if (k != iv_count(&a[1]))
            return rt_error(c->err, "dot_product: size mismatch")
                ? LIB_ERROR : LIB_ERROR;
        RtArg x, y;
        if (as_arg(c, 0, &x) || as_arg(c, 1, &y))
            return LIB_ERROR;
        return done(c, rt_dot_product(x.x, y.x, (int)k), out);
    }
    if (!strcmp(n, "transpose") && na == 1 && is_dense(&a[0])) {
        IvKind k = a[0].k == IV_VEC ? IV_ROWVEC : a[0].k == IV_ROWVEC
                 ? IV_VEC : IV_MAT;
        if (dense_from(c, k, a[0].cols, a[0].rows, NULL, out))
            return LIB_ERROR;
        for (int i = 0; i < a[0].rows; i++)
            for (int j = 0; j < a[0].cols; j++)
                out->d[(long)j * a[0].rows + i] = a[0].d[(long)i * a[0].cols
                                                         + j];
        return LIB_OK;
    }
    if (!strcmp(n, "cumulative_sum") && na == 1 && is_dense(&a[0])) {
        RtArg x;
        if (as_arg(c, 0, &x) || dense_from(c, a[0].k, a[0].rows, a[0].cols,
                                           NULL, out))
            return LIB_ERROR;
        rt_cumulative_sum(x, out->d);
        return LIB_OK;
    }
    if ((!strcmp(n, "softmax") || !strcmp(n, "log_softmax")) && na == 1
        && a[0].k == IV_VEC) {
        RtArg x;
        if (as_arg(c, 0, &x) || dense_from(c, IV_VEC, a[0].rows, 1, NULL, out))
            return LIB_ERROR;
        int rc = n[0] == 's' ? rt_softmax(x, out->d, c->err)
                             : rt_log_softmax(x, out->d, c->err);
        return rc ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "cholesky_decompose") && na == 1 && a[0].k == IV_MAT) {
        if (a[0].rows != a[0].cols)
            return rt_error(c->err, "cholesky_decompose: Expecting a square "
                            "matrix; rows of m (%d) and columns of m (%d) "
                            "must match in size", a[0].rows, a[0].cols)
                ? LIB_ERROR : LIB_ERROR;
        if (dense_from(c, IV_MAT, a[0].rows, a[0].cols, NULL, out))
            return LIB_ERROR;
        return rt_cholesky_decompose(a[0].d, a[0].rows, out->d, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "diag_pre_multiply") && na == 2 && a[1].k == IV_MAT
        && is_dense(&a[0]) && (long)a[0].rows * a[0].cols == a[1].rows) {
        if (dense_from(c, IV_MAT, a[1].rows, a[1].cols, NULL, out))
            return LIB_ERROR;
        rt_diag_pre_multiply(a[0].d, a[1].d, a[1].rows, a[1].cols, out->d);
        return LIB_OK;
    }
    if (!strcmp(n, "add_diag") && na == 2 && a[0].k == IV_MAT
        && a[0].rows == a[0].cols) {
        RtArg d;
        if (as_arg(c, 1, &d) || dense_from(c, IV_MAT, a[0].rows, a[0].cols,
                                           NULL, out))
            return LIB_ERROR;
        if (d.n != 1 && d.n != a[0].rows)
            return rt_error(c->err, "add_diag: size mismatch")
                ? LIB_ERROR : LIB_ERROR;
        rt_add_diag(a[0].d, d.x, a[0].rows, d.n, out->d);
        return LIB_OK;
    }
    return unsupported(c);
}

/* ------------------------------------------------------------ dispatch */

/* dims(x): the array dimensions (through the first element, as Stan's),
 * then a vector's length or a matrix's rows and columns, real or complex;
 * none for a scalar. */
static int dims_of(LibCall *c, IVal *out)
{
    int d[64], r = 0;
    for (const IVal *v = &c->args[0]; r < 62;) {
        if (v->k == IV_ARRAY) {
            d[r++] = v->n;
            if (v->n == 0)
                break;
            v = &v->el[0];
        } else if (v->k == IV_VEC || v->k == IV_CVEC) {
            d[r++] = v->rows;
            break;
        } else if (v->k == IV_ROWVEC || v->k == IV_CROWVEC) {
            d[r++] = v->cols;
            break;
        } else if (v->k == IV_MAT || v->k == IV_CMAT) {
            d[r++] = v->rows;
            d[r++] = v->cols;
            break;
        } else {
            break;
        }
    }
    IVal o = {.k = IV_ARRAY, .n = r};
    o.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r + 1));
    for (int k = 0; k < r; k++)
        o.el[k] = iv_int(d[k]);
    *out = o;
    return LIB_OK;
}

int interp_lib_call(LibCall *c, IVal *out)
{
    const char *n = c->name;
    *out = (IVal){.k = IV_VOID};
    if (!strcmp(n, "dims") && c->nargs == 1)
        return dims_of(c, out);
    int crc = interp_complex_call(c, out);
    if (crc != -3)
        return crc;
    for (size_t i = 0; i < sizeof fn1 / sizeof fn1[0]; i++)
        if (!strcmp(fn1[i].name, n) && c->nargs == 1)
            return map1(c, fn1[i].f, !strcmp(n, "minus"), &c->args[0], out);
    if (c->nargs == 2) {
        int rc = -3;
        if (!strncmp(n, "logical_", 8) || !strcmp(n, "add")
            || !strcmp(n, "subtract") || !strcmp(n, "multiply")
            || !strcmp(n, "divide") || !strcmp(n, "idivide")
            || !strcmp(n, "modulus") || !strcmp(n, "elt_multiply")
            || !strcmp(n, "elt_divide") || (!strcmp(n, "pow")
                                            && (is_dense(&c->args[0])
                                                || is_dense(&c->args[1]))))
            rc = binary_op(c, out);
        if (rc != -3)
            return rc;
        if ((!strcmp(n, "max") || !strcmp(n, "min"))
            && c->args[0].k == IV_INT && c->args[1].k == IV_INT) {
            long long x = c->args[0].i, y = c->args[1].i;
            *out = iv_int(n[1] == 'a' ? (x > y ? x : y) : (x < y ? x : y));
            return LIB_OK;
        }
        if (!strcmp(n, "max") || !strcmp(n, "min"))
            return map2(c, n[1] == 'a' ? rt_fmax : rt_fmin, &c->args[0],
                        &c->args[1], out);
        for (size_t i = 0; i < sizeof fn2 / sizeof fn2[0]; i++)
            if (!strcmp(fn2[i].name, n))
                return map2(c, fn2[i].f, &c->args[0], &c->args[1], out);
    }
    char base[128];
    bool propto = false;
    bool dens = density_name(n, base, sizeof base, &propto);
    if (dens)
        for (size_t i = 0; i < sizeof densities / sizeof densities[0]; i++)
            if (!strcmp(densities[i].name, base)) {
                int drc = density(c, &densities[i], propto && c->propto, out);
                if (drc != -3)
                    return drc;
            }
    if (!strncmp(n, "hypergeometric_", 15)) {
        int hrc = hypergeometric(c, out);
        if (hrc != -3)
            return hrc;
    }
    if (!strncmp(n, "wiener_lc", 9)) {
        int wrc = wiener_cdf(c, out);
        if (wrc != -3)
            return wrc;
    }
    int rc = interp_lib_more(c, out, dens ? base : NULL, propto && c->propto);
    if (rc != -3 || dens)
        return rc == -3 ? unsupported(c) : rc;
    rc = reduction(c, out);
    if (rc == -3)
        rc = interp_shape_call(c, out);
    if (rc == -3)
        rc = interp_arrays_call(c, out);
    if (rc == -3)
        rc = interp_complex_linalg(c, out);
    if (rc != -3)
        return rc;
    return other(c, out);
}
