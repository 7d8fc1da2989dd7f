/* interp_multi.c - the interpreter's library, continued (interp_lib.c has
 * the elementwise functions, operators, univariate densities and
 * reductions): cumulative distributions, multivariate densities, the
 * GLMs and matrix functions, each calling libpplrt. */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

/* Not here: interp_lib.c goes on looking. */
#define NOT_HERE (-3)

static int error(LibCall *c, const char *msg)
{
    rt_error(c->err, "%s: %s", c->name, msg);
    return LIB_ERROR;
}

static bool dense(const IVal *v)
{
    return v->k == IV_VEC || v->k == IV_ROWVEC || v->k == IV_MAT;
}

static int value(LibCall *c, double v, IVal *out)
{
    *out = iv_real(v);
    return isnan(v) && c->err->msg[0] ? LIB_ERROR : LIB_OK;
}

/* An argument as the runtime's vectors: its values flattened. */
static RtArg arg(LibCall *c, int i)
{
    const IVal *v = &c->args[i];
    long n = iv_count(v);
    double *x = v->d;
    if (!dense(v)) {
        x = arena_alloc(c->a, sizeof(double) * (size_t)(n + 1));
        iv_flatten(v, x);
    }
    RtArg a = rt_argn(x, NULL, (int)n, c->ad[i]);
    a.vec = v->k != IV_REAL && v->k != IV_INT;     /* a scalar broadcasts */
    return a;
}

static RtIArg iarg(LibCall *c, int i)
{
    const IVal *v = &c->args[i];
    long n = iv_count(v);
    double *x = arena_alloc(c->a, sizeof(double) * (size_t)(n + 1));
    int *xi = arena_alloc(c->a, sizeof(int) * (size_t)(n + 1));
    iv_flatten(v, x);
    for (long k = 0; k < n; k++)
        xi[k] = (int)x[k];
    RtIArg a = rt_iarg(xi, (int)n);
    a.vec = v->k != IV_INT;
    return a;
}

/* A matrix argument (rt_dist_multi.h's convention): a vector is K x 1, a
 * row vector 1 x K, an array of N vectors N x K, a scalar 1 x 1. */
static RtMat mat(LibCall *c, int i)
{
    const IVal *v = &c->args[i];
    if (dense(v))
        return (RtMat){v->d, NULL, v->rows, v->cols, c->ad[i]};
    long n = iv_count(v);
    double *x = arena_alloc(c->a, sizeof(double) * (size_t)(n + 1));
    iv_flatten(v, x);
    if (v->k == IV_ARRAY && v->n > 0 && dense(&v->el[0]))
        return (RtMat){x, NULL, v->n, (int)(n / v->n), c->ad[i]};
    return (RtMat){x, NULL, (int)n, 1, c->ad[i]};
}

static bool is_int_valued(const IVal *v)
{
    return v->k == IV_INT || (v->k == IV_ARRAY && (v->n == 0
                                                   || is_int_valued(&v->el[0])));
}

/* ------------------------------------------------------------- cdfs */

typedef double (*C1)(RtArg, double, RtError *);
typedef double (*C2)(RtArg, RtArg, double, RtError *);
typedef double (*C3)(RtArg, RtArg, RtArg, double, RtError *);
typedef double (*C4)(RtArg, RtArg, RtArg, RtArg, double, RtError *);

typedef struct Cdf {
    const char *name;
    int nargs;
    void (*f)(void);
} Cdf;

#define CDF(name, n) \
    {#name "_lcdf", n, (void (*)(void))rt_##name##_lcdf}, \
    {#name "_lccdf", n, (void (*)(void))rt_##name##_lccdf}

static const Cdf cdfs[] = {
    CDF(normal, 3), CDF(std_normal, 1), CDF(student_t, 4), CDF(cauchy, 3),
    CDF(double_exponential, 3), CDF(logistic, 3), CDF(lognormal, 3),
    CDF(exponential, 2), CDF(gamma, 3), CDF(inv_gamma, 3), CDF(weibull, 3),
    CDF(chi_square, 2), CDF(beta, 3), CDF(uniform, 3), CDF(pareto, 3),
    CDF(frechet, 3), CDF(gumbel, 3), CDF(rayleigh, 2),
    CDF(inv_chi_square, 2), CDF(scaled_inv_chi_square, 3),
    {"normal_cdf", 3, (void (*)(void))rt_normal_cdf},
    {"std_normal_cdf", 1, (void (*)(void))rt_std_normal_cdf},
};

static int cdf(LibCall *c, const Cdf *d, IVal *out)
{
    if (c->nargs != d->nargs)
        return NOT_HERE;
    RtArg a[4];
    for (int i = 0; i < d->nargs; i++)
        a[i] = arg(c, i);
    double v;
    switch (d->nargs) {
    case 1: v = ((C1)d->f)(a[0], 1, c->err); break;
    case 2: v = ((C2)d->f)(a[0], a[1], 1, c->err); break;
    case 3: v = ((C3)d->f)(a[0], a[1], a[2], 1, c->err); break;
    default: v = ((C4)d->f)(a[0], a[1], a[2], a[3], 1, c->err); break;
    }
    return value(c, v, out);
}

/* ------------------------------------------------ multivariate, GLMs */

/* ordered_logistic and ordered_probit with an array of cutpoint vectors,
 * one per outcome (Stan's signature with array[] vector c): the runtime
 * takes one shared vector, so each outcome is a call of its own and the
 * log probabilities are summed (flattening the array would make one long
 * cutpoint vector: a wrong value or a wrong "not ordered" error). */
static int ordered_per_outcome(LibCall *c, bool logistic, bool propto,
                               IVal *out)
{
    const IVal *y = &c->args[0], *eta = &c->args[1], *cuts = &c->args[2];
    long n = iv_count(y), ne = iv_count(eta);
    if (cuts->n != n || (ne != 1 && ne != n))
        return rt_error(c->err, "%s_lpmf: Size of cut points (%d) and size "
                        "of the outcomes (%ld) must match in size",
                        logistic ? "ordered_logistic" : "ordered_probit",
                        cuts->n, n) ? LIB_ERROR : LIB_ERROR;
    RtIArg ys = iarg(c, 0);
    RtArg es = arg(c, 1);
    double total = 0;
    for (long j = 0; j < n; j++) {
        const IVal *cj = &cuts->el[j];
        RtArg cv = rt_argn(cj->d, NULL, cj->rows * cj->cols, c->ad[2]);
        RtIArg yj = rt_iarg1(ys.x + j);
        RtArg ej = rt_arg1(es.x + (ne == 1 ? 0 : j), NULL, c->ad[1]);
        double v = logistic
            ? rt_ordered_logistic_lpmf(yj, ej, cv, propto, 1, c->err)
            : rt_ordered_probit_lpmf(yj, ej, cv, propto, 1, c->err);
        if (isnan(v) && c->err->msg[0])
            return LIB_ERROR;
        total += v;
    }
    *out = iv_real(total);
    return LIB_OK;
}

static int multi(LibCall *c, const char *base, bool propto, IVal *out)
{
    int n = c->nargs;
    RtError *e = c->err;
    double v;
    if (!strcmp(base, "multi_normal") && n == 3)
        v = rt_multi_normal_lpdf(mat(c, 0), mat(c, 1), mat(c, 2), propto, 1,
                                 NULL, e);
    else if (!strcmp(base, "multi_normal_cholesky") && n == 3)
        v = rt_multi_normal_cholesky_lpdf(mat(c, 0), mat(c, 1), mat(c, 2),
                                          propto, 1, NULL, e);
    else if (!strcmp(base, "dirichlet") && n == 2)
        v = rt_dirichlet_lpdf(mat(c, 0), mat(c, 1), propto, 1, e);
    else if (!strcmp(base, "lkj_corr_cholesky") && n == 2)
        v = rt_lkj_corr_cholesky_lpdf(mat(c, 0), arg(c, 1), propto, 1, e);
    else if (!strcmp(base, "lkj_corr") && n == 2)
        v = rt_lkj_corr_lpdf(mat(c, 0), arg(c, 1), propto, 1, NULL, e);
    else if (!strcmp(base, "wishart") && n == 3)
        v = rt_wishart_lpdf(mat(c, 0), arg(c, 1), mat(c, 2), propto, 1, NULL,
                            e);
    else if (!strcmp(base, "inv_wishart") && n == 3)
        v = rt_inv_wishart_lpdf(mat(c, 0), arg(c, 1), mat(c, 2), propto, 1,
                                NULL, e);
    else if (!strcmp(base, "categorical") && n == 2)
        v = rt_categorical_lpmf(iarg(c, 0), arg(c, 1), propto, 1, e);
    else if (!strcmp(base, "categorical_logit") && n == 2)
        v = rt_categorical_logit_lpmf(iarg(c, 0), arg(c, 1), propto, 1, e);
    else if (!strcmp(base, "multinomial") && n == 2)
        v = rt_multinomial_lpmf(iarg(c, 0), arg(c, 1), propto, 1, e);
    else if ((!strcmp(base, "ordered_logistic")
              || !strcmp(base, "ordered_probit")) && n == 3
             && c->args[2].k == IV_ARRAY)
        return ordered_per_outcome(c, base[8] == 'l', propto, out);
    else if (!strcmp(base, "ordered_logistic") && n == 3)
        v = rt_ordered_logistic_lpmf(iarg(c, 0), arg(c, 1), arg(c, 2), propto,
                                     1, e);
    else if (!strcmp(base, "ordered_probit") && n == 3)
        v = rt_ordered_probit_lpmf(iarg(c, 0), arg(c, 1), arg(c, 2), propto,
                                   1, e);
    else if (!strcmp(base, "bernoulli_logit_glm") && n == 4)
        v = rt_bernoulli_logit_glm_lpmf(iarg(c, 0), mat(c, 1), arg(c, 2),
                                        arg(c, 3), propto, 1, e);
    else if (!strcmp(base, "poisson_log_glm") && n == 4)
        v = rt_poisson_log_glm_lpmf(iarg(c, 0), mat(c, 1), arg(c, 2),
                                    arg(c, 3), propto, 1, e);
    else if (!strcmp(base, "categorical_logit_glm") && n == 4)
        v = rt_categorical_logit_glm_lpmf(iarg(c, 0), mat(c, 1), arg(c, 2),
                                          mat(c, 3), propto, 1, e);
    else if (!strcmp(base, "normal_id_glm") && n == 5)
        v = rt_normal_id_glm_lpdf(arg(c, 0), mat(c, 1), arg(c, 2), arg(c, 3),
                                  arg(c, 4), propto, 1, e);
    else
        return NOT_HERE;
    return value(c, v, out);
}

/* ---------------------------------------------------- matrix functions */

static int alloc(LibCall *c, IvKind k, long rows, long cols, IVal *out)
{
    return iv_alloc(c->a, k, rows, cols, out, c->err) ? LIB_ERROR : LIB_OK;
}

static int append(LibCall *c, bool row, IVal *out)
{
    const IVal *a = &c->args[0], *b = &c->args[1];
    /* a scalar joins a vector (append_row) or a row vector (append_col) */
    IVal sa, sb;
    IvKind one = row ? IV_VEC : IV_ROWVEC;
    if (a->k == IV_INT || a->k == IV_REAL) {
        if (alloc(c, one, 1, 1, &sa))
            return LIB_ERROR;
        sa.d[0] = iv_num(a);
        a = &sa;
    }
    if (b->k == IV_INT || b->k == IV_REAL) {
        if (alloc(c, one, 1, 1, &sb))
            return LIB_ERROR;
        sb.d[0] = iv_num(b);
        b = &sb;
    }
    if (!dense(a) || !dense(b))
        return NOT_HERE;
    if (row ? a->cols != b->cols : a->rows != b->rows)
        return error(c, row ? "columns of the arguments must match in size"
                            : "rows of the arguments must match in size");
    int rows = row ? a->rows + b->rows : a->rows;
    int cols = row ? a->cols : a->cols + b->cols;
    IvKind k = rows == 1 && a->k != IV_MAT && b->k != IV_MAT ? IV_ROWVEC
             : cols == 1 && a->k != IV_MAT && b->k != IV_MAT ? IV_VEC : IV_MAT;
    if (alloc(c, k, rows, cols, out))
        return LIB_ERROR;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            const IVal *s = row ? (i < a->rows ? a : b) : (j < a->cols ? a : b);
            int si = row && i >= a->rows ? i - a->rows : i;
            int sj = !row && j >= a->cols ? j - a->cols : j;
            out->d[(long)i * cols + j] = s->d[(long)si * s->cols + sj];
        }
    return LIB_OK;
}

/* Doubles of scratch memory for a runtime function. */
static double *work(LibCall *c, long n)
{
    return arena_alloc(c->a, sizeof(double) * (size_t)(n > 0 ? n : 1));
}

static bool square(const IVal *v)
{
    return v->k == IV_MAT && v->rows == v->cols;
}

static int linalg_build(LibCall *c, IVal *out)
{
    const char *n = c->name;
    IVal *a = c->args;
    int na = c->nargs;
    if (!strcmp(n, "int_step") && na == 1 && (a[0].k == IV_INT
                                              || a[0].k == IV_REAL)) {
        *out = iv_int(iv_num(&a[0]) > 0);
        return LIB_OK;
    }
    if ((!strcmp(n, "ones_vector") || !strcmp(n, "zeros_vector")
         || !strcmp(n, "ones_row_vector") || !strcmp(n, "zeros_row_vector"))
        && na == 1 && a[0].k == IV_INT) {
        bool row = strstr(n, "row") != NULL;
        if (a[0].i < 0)
            return error(c, "the size must be non-negative");
        if (alloc(c, row ? IV_ROWVEC : IV_VEC, row ? 1 : a[0].i,
                  row ? a[0].i : 1, out))
            return LIB_ERROR;
        for (long i = 0; i < a[0].i; i++)
            out->d[i] = n[0] == 'o';
        return LIB_OK;
    }
    if (!strcmp(n, "to_array_1d") && na == 1) {
        long k = iv_count(&a[0]);
        bool ints = is_int_valued(&a[0]);
        double *x = work(c, k);
        if (a[0].k == IV_MAT) {     /* column-major, as Stan */
            for (int i = 0; i < a[0].rows; i++)
                for (int j = 0; j < a[0].cols; j++)
                    x[(long)j * a[0].rows + i] = a[0].d[(long)i * a[0].cols
                                                        + j];
        } else {
            iv_flatten(&a[0], x);
        }
        IVal r = {.k = IV_ARRAY, .n = (int)k};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(k + 1));
        for (long i = 0; i < k; i++)
            r.el[i] = ints ? iv_int((long long)x[i]) : iv_real(x[i]);
        *out = r;
        return LIB_OK;
    }
    if ((!strcmp(n, "reverse") || !strcmp(n, "cumulative_sum")) && na == 1
        && (a[0].k == IV_ARRAY || dense(&a[0]))) {
        bool rev = n[0] == 'r';
        if (a[0].k == IV_ARRAY) {
            IVal r = {.k = IV_ARRAY, .n = a[0].n};
            r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
            for (int i = 0; i < r.n; i++) {
                r.el[i] = a[0].el[rev ? r.n - 1 - i : i];
                if (!rev && i > 0) {
                    if (r.el[i].k == IV_INT)
                        r.el[i] = iv_int(r.el[i - 1].i + r.el[i].i);
                    else if (r.el[i].k == IV_REAL)
                        r.el[i] = iv_real(r.el[i - 1].r + r.el[i].r);
                    else
                        return NOT_HERE;
                }
            }
            *out = r;
            return LIB_OK;
        }
        if (!rev)
            return NOT_HERE;        /* interp_lib.c's */
        long k = (long)a[0].rows * a[0].cols;
        if (a[0].k == IV_MAT || alloc(c, a[0].k, a[0].rows, a[0].cols, out))
            return a[0].k == IV_MAT ? NOT_HERE : LIB_ERROR;
        for (long i = 0; i < k; i++)
            out->d[i] = a[0].d[k - 1 - i];
        return LIB_OK;
    }
    if ((!strcmp(n, "determinant") || !strcmp(n, "log_determinant"))
        && na == 1 && square(&a[0])) {
        int k = a[0].rows;
        double *w = work(c, 2L * k * k + k);
        return value(c, n[0] == 'd' ? rt_determinant(a[0].d, k, w)
                                    : rt_log_determinant(a[0].d, k, w), out);
    }
    if ((!strcmp(n, "inverse") || !strcmp(n, "inverse_spd")) && na == 1
        && square(&a[0])) {
        int k = a[0].rows;
        if (alloc(c, IV_MAT, k, k, out))
            return LIB_ERROR;
        double *w = work(c, 2L * k * k + k);
        int rc = n[7] == '_' ? rt_inverse_spd(a[0].d, k, out->d, w, c->err)
                             : rt_inverse(a[0].d, k, out->d, w, c->err);
        return rc ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "eigenvalues_sym") && na == 1 && square(&a[0])) {
        if (alloc(c, IV_VEC, a[0].rows, 1, out))
            return LIB_ERROR;
        return rt_eigenvalues_sym(a[0].d, a[0].rows, out->d, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if ((!strcmp(n, "qr_thin_Q") || !strcmp(n, "qr_thin_R")) && na == 1
        && a[0].k == IV_MAT) {
        int M = a[0].rows, N = a[0].cols, k = M < N ? M : N;
        bool q = n[8] == 'Q';
        if (alloc(c, IV_MAT, q ? M : k, q ? k : N, out))
            return LIB_ERROR;
        int rc = q ? rt_qr_thin_Q(a[0].d, M, N, out->d, c->err)
                   : rt_qr_thin_R(a[0].d, M, N, out->d, c->err);
        return rc ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "mdivide_left") && na == 2 && a[0].k == IV_MAT
        && dense(&a[1])) {
        if (alloc(c, a[1].k, a[0].cols, a[1].cols, out))
            return LIB_ERROR;
        double *w = work(c, 2L * a[0].rows * a[0].cols + 2L * a[0].rows
                         * (a[1].cols + 1) + 16);
        return rt_mdivide_left(a[0].d, a[0].rows, a[0].cols, a[1].d,
                               a[1].rows, a[1].cols, out->d, w, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "hmm_marginal") && na == 3) {
        RtMat om = mat(c, 0), g = mat(c, 1), rho = mat(c, 2);
        double *w = work(c, (long)rt_hmm_marginal_work_size(om.rows,
                                                             om.cols));
        return value(c, rt_hmm_marginal(om, g, rho, 1, w, c->err), out);
    }
    return NOT_HERE;
}

static int linalg(LibCall *c, IVal *out)
{
    const char *n = c->name;
    IVal *a = c->args;
    int na = c->nargs;
    if (!strcmp(n, "append_row") && na == 2)
        return append(c, true, out);
    if (!strcmp(n, "append_col") && na == 2)
        return append(c, false, out);
    if (!strcmp(n, "identity_matrix") && na == 1 && a[0].k == IV_INT) {
        if (a[0].i < 0)
            return error(c, "the size must be non-negative");
        if (alloc(c, IV_MAT, a[0].i, a[0].i, out))
            return LIB_ERROR;
        for (long i = 0; i < a[0].i; i++)
            out->d[i * a[0].i + i] = 1;
        return LIB_OK;
    }
    if (!strcmp(n, "diag_matrix") && na == 1 && dense(&a[0])) {
        long k = (long)a[0].rows * a[0].cols;
        if (alloc(c, IV_MAT, k, k, out))
            return LIB_ERROR;
        for (long i = 0; i < k; i++)
            out->d[i * k + i] = a[0].d[i];
        return LIB_OK;
    }
    if (!strcmp(n, "rep_matrix") && na == 2 && (a[0].k == IV_VEC
                                               || a[0].k == IV_ROWVEC)) {
        bool vec = a[0].k == IV_VEC;
        long m = a[1].i, len = vec ? a[0].rows : a[0].cols;
        if (m < 0)
            return error(c, "the size must be non-negative");
        if (alloc(c, IV_MAT, vec ? len : m, vec ? m : len, out))
            return LIB_ERROR;
        for (long i = 0; i < out->rows; i++)
            for (long j = 0; j < out->cols; j++)
                out->d[i * out->cols + j] = a[0].d[vec ? i : j];
        return LIB_OK;
    }
    if (!strcmp(n, "quad_form_diag") && na == 2 && a[0].k == IV_MAT
        && dense(&a[1])) {
        int k = a[0].rows;
        if (a[0].cols != k || a[1].rows * a[1].cols != k)
            return error(c, "the sizes of the arguments must match");
        if (alloc(c, IV_MAT, k, k, out))
            return LIB_ERROR;
        rt_quad_form_diag(a[0].d, a[1].d, k, out->d);
        return LIB_OK;
    }
    if (!strcmp(n, "diag_post_multiply") && na == 2 && a[0].k == IV_MAT
        && dense(&a[1]) && a[1].rows * a[1].cols == a[0].cols) {
        if (alloc(c, IV_MAT, a[0].rows, a[0].cols, out))
            return LIB_ERROR;
        rt_diag_post_multiply(a[0].d, a[1].d, a[0].rows, a[0].cols, out->d);
        return LIB_OK;
    }
    if ((!strcmp(n, "crossprod") || !strcmp(n, "tcrossprod")
         || !strcmp(n, "multiply_lower_tri_self_transpose")) && na == 1
        && a[0].k == IV_MAT) {
        bool cross = n[0] == 'c';
        int k = cross ? a[0].cols : a[0].rows;
        if (alloc(c, IV_MAT, k, k, out))
            return LIB_ERROR;
        if (cross)
            rt_crossprod(a[0].d, a[0].rows, a[0].cols, out->d);
        else if (n[0] == 't')
            rt_tcrossprod(a[0].d, a[0].rows, a[0].cols, out->d);
        else
            rt_multiply_lower_tri_self_transpose(a[0].d, a[0].rows,
                                                 a[0].cols, out->d);
        return LIB_OK;
    }
    if (!strcmp(n, "mdivide_left_tri_low") && na == 2 && a[0].k == IV_MAT
        && dense(&a[1])) {
        if (a[0].rows != a[0].cols || a[1].rows != a[0].rows)
            return error(c, "the sizes of the arguments must match");
        if (alloc(c, a[1].k, a[1].rows, a[1].cols, out))
            return LIB_ERROR;
        rt_mdivide_left_tri_low(a[0].d, a[1].d, a[0].rows, a[1].cols, out->d);
        return LIB_OK;
    }
    if (!strcmp(n, "gp_exp_quad_cov") && na == 3 && a[0].k == IV_ARRAY) {
        bool vecs = a[0].n > 0 && dense(&a[0].el[0]);
        long N = a[0].n, D = vecs ? iv_count(&a[0]) / (N ? N : 1) : 1;
        RtArg x = arg(c, 0);
        if (alloc(c, IV_MAT, N, N, out))
            return LIB_ERROR;
        return rt_gp_exp_quad_cov(x.x, (int)N, (int)D, iv_num(&a[1]),
                                  iv_num(&a[2]), out->d, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "log_mix") && na == 3 && a[0].k != IV_ARRAY
        && !dense(&a[0])) {
        double x[3] = {iv_num(&a[0]), iv_num(&a[1]), iv_num(&a[2])};
        double v = rt_log_mix(x[0], x[1], x[2]);
        /* Stan's checks, as the emitted code's (em_domain_check) */
        if (isnan(v) && rt_special_domain("log_mix", 3, x, c->err))
            return LIB_ERROR;
        return value(c, v, out);
    }
    if (!strcmp(n, "log_mix") && na == 2 && a[1].k == IV_ARRAY
        && a[1].n > 0 && dense(&a[1].el[0])) {
        /* one mixture of each vector of the array, summed */
        double s = 0;
        for (int k = 0; k < a[1].n; k++) {
            RtArg lam = rt_argn(a[1].el[k].d, NULL,
                                a[1].el[k].rows * a[1].el[k].cols, false);
            lam.vec = true;
            s += rt_log_mix_vec(arg(c, 0), lam, 1, c->err);
            if (c->err->msg[0] && isnan(s))
                return LIB_ERROR;
        }
        return value(c, s, out);
    }
    if (!strcmp(n, "log_mix") && na == 2)
        return value(c, rt_log_mix_vec(arg(c, 0), arg(c, 1), 1, c->err), out);
    if (!strcmp(n, "to_array_2d") && na == 1 && a[0].k == IV_MAT) {
        /* row by row (the matrix is row-major) */
        IVal r = {.k = IV_ARRAY, .n = a[0].rows};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int i = 0; i < r.n; i++) {
            IVal row = {.k = IV_ARRAY, .n = a[0].cols};
            row.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(row.n + 1));
            for (int j = 0; j < row.n; j++)
                row.el[j] = iv_real(a[0].d[(long)i * a[0].cols + j]);
            r.el[i] = row;
        }
        *out = r;
        return LIB_OK;
    }
    if (!strcmp(n, "append_array") && na == 2 && a[0].k == IV_ARRAY
        && a[1].k == IV_ARRAY) {
        /* the elements of both (their shapes match: Stan checks them) */
        IVal r = {.k = IV_ARRAY, .n = a[0].n + a[1].n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int i = 0; i < r.n; i++)
            r.el[i] = i < a[0].n ? a[0].el[i] : a[1].el[i - a[0].n];
        *out = r;
        return LIB_OK;
    }
    if ((!strcmp(n, "head") || !strcmp(n, "tail") || !strcmp(n, "segment"))
        && na == (n[0] == 's' ? 3 : 2) && a[0].k == IV_ARRAY) {
        /* of an array: whole elements, whatever they are */
        long len = a[0].n, k = a[na - 1].i;
        long from = n[0] == 'h' ? 0 : n[0] == 't' ? len - k : a[1].i - 1;
        if (k < 0 || from < 0 || from + k > len)
            return error(c, n[0] == 's' ? "the segment is out of range"
                                        : "the size is out of range");
        IVal r = {.k = IV_ARRAY, .n = (int)k};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(k + 1));
        for (long i = 0; i < k; i++)
            r.el[i] = a[0].el[from + i];
        *out = r;
        return LIB_OK;
    }
    if ((!strcmp(n, "head") || !strcmp(n, "tail")) && na == 2
        && (a[0].k == IV_VEC || a[0].k == IV_ROWVEC)) {
        long len = (long)a[0].rows * a[0].cols, k = a[1].i;
        if (k < 0 || k > len)
            return error(c, "the size is out of range");
        bool vec = a[0].k == IV_VEC;
        if (alloc(c, a[0].k, vec ? k : 1, vec ? 1 : k, out))
            return LIB_ERROR;
        memcpy(out->d, a[0].d + (n[0] == 'h' ? 0 : len - k),
               sizeof(double) * (size_t)k);
        return LIB_OK;
    }
    if (!strcmp(n, "segment") && na == 3
        && (a[0].k == IV_VEC || a[0].k == IV_ROWVEC)) {
        long len = (long)a[0].rows * a[0].cols, i = a[1].i, k = a[2].i;
        if (i < 1 || k < 0 || i - 1 + k > len)
            return error(c, "the segment is out of range");
        bool vec = a[0].k == IV_VEC;
        if (alloc(c, a[0].k, vec ? k : 1, vec ? 1 : k, out))
            return LIB_ERROR;
        memcpy(out->d, a[0].d + i - 1, sizeof(double) * (size_t)k);
        return LIB_OK;
    }
    return linalg_build(c, out);
}

int interp_lib_more(LibCall *c, IVal *out, const char *base, bool propto)
{
    for (size_t i = 0; i < sizeof cdfs / sizeof cdfs[0]; i++)
        if (!strcmp(cdfs[i].name, c->name)) {
            int rc = cdf(c, &cdfs[i], out);
            if (rc != NOT_HERE)
                return rc;
        }
    if (base) {
        /* an int variate where a discrete density wants one */
        if (!strcmp(base, "categorical") || !strcmp(base, "multinomial")
            || !strcmp(base, "ordered_logistic")
            || !strcmp(base, "categorical_logit")
            || !strcmp(base, "ordered_probit") || strstr(base, "_glm")) {
            if (!is_int_valued(&c->args[0]) && strcmp(base, "normal_id_glm"))
                return NOT_HERE;
        }
        int rc = multi(c, base, propto, out);
        if (rc != NOT_HERE)
            return rc;
    }
    int rc = interp_matrix_exp_csr(c, out);
    return rc != NOT_HERE ? rc : linalg(c, out);
}
