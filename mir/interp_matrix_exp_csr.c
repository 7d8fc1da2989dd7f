/* interp_matrix_exp_csr.c - the interpreter's matrix exponential,
 * Moore-Penrose inverse and compressed sparse row functions, each calling
 * libpplrt (rt_matrix_exp.h, rt_csr.h) as the emitted C does, so the
 * trace checks the same code; their gradients in the trace are its
 * numerical ones (interp_grad.c). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "interp_impl.h"

static bool is_mat(const IVal *v)
{
    return v->k == IV_MAT;
}

static bool is_int_array(const IVal *v)
{
    if (v->k != IV_ARRAY)
        return false;
    for (int k = 0; k < v->n; k++)
        if (v->el[k].k != IV_INT)
            return false;
    return true;
}

/* Scratch of n doubles from the call's arena (n from a _work function). */
static double *scratch(LibCall *c, size_t n)
{
    return arena_alloc(c->a, sizeof(double) * (n ? n : 1));
}

/* An array of ints as C ints (values outside int's range become INT_MIN,
 * which every check refuses). */
static int *ints(LibCall *c, const IVal *v)
{
    int *x = arena_alloc(c->a, sizeof(int) * (size_t)(v->n + 1));
    for (int k = 0; k < v->n; k++) {
        long long i = v->el[k].i;
        x[k] = i < INT_MIN || i > INT_MAX ? INT_MIN : (int)i;
    }
    return x;
}

static int int_array_out(LibCall *c, const int *x, int n, IVal *out)
{
    IVal r = {.k = IV_ARRAY, .n = n};
    r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(n + 1));
    for (int k = 0; k < n; k++)
        r.el[k] = iv_int(x[k]);
    *out = r;
    return LIB_OK;
}

/* Stan's check_size_match for the square and multiplicable arguments. */
static int size_error(LibCall *c, const char *what_i, int i,
                      const char *what_j, int j)
{
    rt_error(c->err, "%s: %s (%d) and %s (%d) must match in size", c->name,
             what_i, i, what_j, j);
    return LIB_ERROR;
}

static int matrix_exp_fns(LibCall *c, IVal *out)
{
    const char *n = c->name;
    IVal *a = c->args;
    int na = c->nargs;
    if (!strcmp(n, "matrix_exp") && na == 1 && is_mat(&a[0])) {
        int k = a[0].rows;
        if (k != a[0].cols)
            return size_error(c, "Expecting a square matrix; rows of A", k,
                              "columns of A", a[0].cols);
        if (iv_alloc(c->a, IV_MAT, k, k, out, c->err))
            return LIB_ERROR;
        return rt_matrix_exp(a[0].d, k, out->d, scratch(c,
                             rt_matrix_exp_work(k)), c->err)
            ? LIB_ERROR : LIB_OK;
    }
    bool scaled = !strcmp(n, "scale_matrix_exp_multiply") && na == 3;
    if ((scaled || (!strcmp(n, "matrix_exp_multiply") && na == 2))
        && is_mat(&a[scaled]) && is_mat(&a[scaled + 1])) {
        const IVal *A = &a[scaled], *B = &a[scaled + 1];
        if (scaled && a[0].k != IV_REAL && a[0].k != IV_INT)
            return -3;
        double t = !scaled ? 1 : a[0].k == IV_INT ? (double)a[0].i : a[0].r;
        if (A->rows != A->cols)
            return size_error(c, "Expecting a square matrix; rows of A",
                              A->rows, "columns of A", A->cols);
        if (A->cols != B->rows)
            return size_error(c, "Columns of A", A->cols, "Rows of B",
                              B->rows);
        if (iv_alloc(c->a, IV_MAT, A->rows, B->cols, out, c->err))
            return LIB_ERROR;
        size_t w = rt_scale_matrix_exp_multiply_work(A->rows, B->cols);
        return rt_scale_matrix_exp_multiply(t, A->d, B->d, A->rows, B->cols,
                                            out->d, scratch(c, w), c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "generalized_inverse") && na == 1 && is_mat(&a[0])) {
        int r = a[0].rows, k = a[0].cols;
        if (iv_alloc(c->a, IV_MAT, k, r, out, c->err))
            return LIB_ERROR;
        return rt_generalized_inverse(a[0].d, r, k, out->d, scratch(c,
                                      rt_generalized_inverse_work(r, k)),
                                      c->err) ? LIB_ERROR : LIB_OK;
    }
    return -3;
}

static int csr_fns(LibCall *c, IVal *out)
{
    const char *n = c->name;
    IVal *a = c->args;
    int na = c->nargs;
    if (na == 1 && is_mat(&a[0]) && !strncmp(n, "csr_extract_", 12)
        && strchr("wvu", n[12]) && n[13] == '\0') {
        int r = a[0].rows, k = a[0].cols;
        int nnz = rt_csr_nnz(a[0].d, r, k);
        if (n[12] == 'w') {
            if (iv_alloc(c->a, IV_VEC, nnz, 1, out, c->err))
                return LIB_ERROR;
            rt_csr_extract_w(a[0].d, r, k, out->d);
            return LIB_OK;
        }
        int len = n[12] == 'v' ? nnz : r + 1;
        int *x = arena_alloc(c->a, sizeof(int) * (size_t)(len + 1));
        if (n[12] == 'v')
            rt_csr_extract_v(a[0].d, r, k, x);
        else
            rt_csr_extract_u(a[0].d, r, k, x);
        return int_array_out(c, x, len, out);
    }
    bool dense = !strcmp(n, "csr_to_dense_matrix") && na == 5;
    bool times = !strcmp(n, "csr_matrix_times_vector") && na == 6;
    if (!dense && !times)
        return -3;
    if (a[0].k != IV_INT || a[1].k != IV_INT || a[2].k != IV_VEC
        || !is_int_array(&a[3]) || !is_int_array(&a[4])
        || (times && a[5].k != IV_VEC))
        return -3;
    if (a[0].i < INT_MIN || a[0].i > INT_MAX || a[1].i < INT_MIN
        || a[1].i > INT_MAX)
        return -3;
    int m = (int)a[0].i, k = (int)a[1].i;
    const int *v = ints(c, &a[3]), *u = ints(c, &a[4]);
    int nw = a[2].rows;
    if (times && m > 0 && k > 0 && k != a[5].rows)
        return size_error(c, "n", k, "b", a[5].rows);
    if (rt_csr_check(n, m, k, nw, v, a[3].n, u, a[4].n, c->err))
        return LIB_ERROR;
    if (iv_alloc(c->a, dense ? IV_MAT : IV_VEC, m, dense ? k : 1, out,
                 c->err))
        return LIB_ERROR;
    int rc = dense
        ? rt_csr_to_dense_matrix(m, k, a[2].d, nw, v, a[3].n, u, a[4].n,
                                 out->d, c->err)
        : rt_csr_matrix_times_vector(m, k, a[2].d, nw, v, a[3].n, u, a[4].n,
                                     a[5].d, a[5].rows, out->d, c->err);
    return rc ? LIB_ERROR : LIB_OK;
}

int interp_matrix_exp_csr(LibCall *c, IVal *out)
{
    int rc = matrix_exp_fns(c, out);
    return rc != -3 ? rc : csr_fns(c, out);
}
