/* interp_shape.c - the interpreter's gathers of matrices (col, block,
 * sub_col, sub_row, diagonal, to_matrix), trace, trace_quad_form,
 * trace_gen_quad_form and symmetrize_from_lower_tri on real values, and the real-linear
 * functions on complex values: a function f that is linear in its real
 * and complex arguments jointly (the rearranging ones, trace, add_diag,
 * symmetrize_from_lower_tri) is f(re) + i f(im), its real version called
 * on the real parts and on the imaginary parts (ints, sizes and indices,
 * given to both).  Stan Functions Reference, "Matrix operations" and
 * "Complex matrix operations". */
#include <string.h>

#include "interp_impl.h"

static int error(LibCall *c, const char *msg)
{
    rt_error(c->err, "%s: %s", c->name, msg);
    return LIB_ERROR;
}

static bool is_int(const IVal *v)
{
    return v->k == IV_INT;
}

/* The 1-based range [from, from + len) within n. */
static bool in_range(long long from, long long len, long n)
{
    return from >= 1 && len >= 0 && from - 1 + len <= n;
}

/* out = the rows x cols block of m from (i, j), 1-based; kind k. */
static int take_block(LibCall *c, const IVal *m, long i, long j, long rows,
                      long cols, IvKind k, IVal *out)
{
    if (!in_range(i, rows, m->rows) || !in_range(j, cols, m->cols))
        return error(c, "the block is out of range");
    if (iv_alloc(c->a, k, rows, cols, out, c->err))
        return LIB_ERROR;
    for (long r = 0; r < rows; r++)
        for (long q = 0; q < cols; q++)
            out->d[r * cols + q] = m->d[(i - 1 + r) * m->cols + j - 1 + q];
    return LIB_OK;
}

/* to_matrix of a matrix, vector or row vector (a copy, vectors as one
 * column or row), of a 2-D array, or of a vector, row vector or 1-D
 * array with rows and cols (column-major, or row-major when a fourth
 * argument is 0). */
static int to_matrix(LibCall *c, IVal *out)
{
    const IVal *a = c->args;
    int na = c->nargs;
    if (na == 1 && (a[0].k == IV_MAT || a[0].k == IV_VEC
                    || a[0].k == IV_ROWVEC)) {
        *out = iv_copy(c->a, &a[0]);
        out->k = IV_MAT;
        return LIB_OK;
    }
    if (na == 1 && a[0].k == IV_ARRAY) {
        /* rows: 1-D arrays or row vectors */
        long rows = a[0].n, cols = rows ? iv_count(&a[0].el[0]) : 0;
        for (long r = 0; r < rows; r++) {
            const IVal *e = &a[0].el[r];
            if ((e->k != IV_ARRAY && e->k != IV_ROWVEC)
                || iv_count(e) != cols || iv_is_complex(e)
                || (e->k == IV_ARRAY && e->n && e->el[0].k == IV_ARRAY))
                return -3;
        }
        if (iv_alloc(c->a, IV_MAT, rows, cols, out, c->err))
            return LIB_ERROR;
        for (long r = 0; r < rows; r++)
            iv_flatten(&a[0].el[r], out->d + r * cols);
        return LIB_OK;
    }
    if ((na == 3 || (na == 4 && is_int(&a[3]))) && is_int(&a[1])
        && is_int(&a[2])) {
        long long rows = a[1].i, cols = a[2].i;
        long n = iv_count(&a[0]);
        bool cm = na == 3 || a[3].i != 0;
        if (a[0].k == IV_MAT || iv_is_complex(&a[0]))
            return -3;
        if (rows < 0 || cols < 0 || rows * cols != n)
            return error(c, "the sizes do not match the number of values");
        double *x = arena_alloc(c->a, sizeof(double) * (size_t)(n + 1));
        iv_flatten(&a[0], x);
        if (iv_alloc(c->a, IV_MAT, rows, cols, out, c->err))
            return LIB_ERROR;
        for (long r = 0; r < rows; r++)
            for (long q = 0; q < cols; q++)
                out->d[r * cols + q] = x[cm ? q * rows + r : r * cols + q];
        return LIB_OK;
    }
    return -3;
}

/* The real functions; -3 when none fits. */
static int real_call(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *a = c->args;
    int na = c->nargs;
    bool mat = na >= 1 && a[0].k == IV_MAT;
    if (!strcmp(n, "to_matrix"))
        return to_matrix(c, out);
    if (!strcmp(n, "rep_array") && (na == 3 || na == 4) && is_int(&a[1])) {
        /* rep_array(x, m, n[, k]): m copies of rep_array(x, n[, k]) */
        IVal inner;
        LibCall ic = *c;
        IVal *args = arena_alloc(c->a, sizeof(IVal) * (size_t)na);
        args[0] = a[0];
        for (int k = 2; k < na; k++)
            args[k - 1] = a[k];
        ic.args = args;
        ic.nargs = na - 1;
        int rc = interp_lib_call(&ic, &inner);
        if (rc)
            return rc;
        if (a[1].i < 0 || a[1].i > INTERP_MAX_ELEMENTS)
            return error(c, "the size must be non-negative");
        IVal r = {.k = IV_ARRAY, .n = (int)a[1].i};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int k = 0; k < r.n; k++)
            r.el[k] = iv_copy(c->a, &inner);
        *out = r;
        return LIB_OK;
    }
    if (!strcmp(n, "col") && na == 2 && mat && is_int(&a[1]))
        return take_block(c, &a[0], 1, a[1].i, a[0].rows, 1, IV_VEC, out);
    if (!strcmp(n, "block") && na == 5 && mat && is_int(&a[1])
        && is_int(&a[2]) && is_int(&a[3]) && is_int(&a[4]))
        return take_block(c, &a[0], a[1].i, a[2].i, a[3].i, a[4].i, IV_MAT,
                          out);
    if (!strcmp(n, "sub_col") && na == 4 && mat && is_int(&a[1])
        && is_int(&a[2]) && is_int(&a[3]))
        return take_block(c, &a[0], a[1].i, a[2].i, a[3].i, 1, IV_VEC, out);
    if (!strcmp(n, "sub_row") && na == 4 && mat && is_int(&a[1])
        && is_int(&a[2]) && is_int(&a[3]))
        return take_block(c, &a[0], a[1].i, a[2].i, 1, a[3].i, IV_ROWVEC,
                          out);
    if (!strcmp(n, "row") && na == 2 && mat && is_int(&a[1]))
        return take_block(c, &a[0], a[1].i, 1, 1, a[0].cols, IV_ROWVEC, out);
    if (!strcmp(n, "to_array_2d") && na == 1 && mat) {
        IVal r = {.k = IV_ARRAY, .n = a[0].rows};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (long i = 0; i < a[0].rows; i++) {
            IVal *e = &r.el[i];
            *e = (IVal){.k = IV_ARRAY, .n = a[0].cols};
            e->el = arena_alloc(c->a, sizeof(IVal) * (size_t)(e->n + 1));
            for (long j = 0; j < a[0].cols; j++)
                e->el[j] = iv_real(a[0].d[i * a[0].cols + j]);
        }
        *out = r;
        return LIB_OK;
    }
    if (!strcmp(n, "eigenvectors_sym") && na == 1 && mat) {
        if (a[0].rows != a[0].cols)
            return error(c, "Expecting a square matrix");
        IVal vals;
        if (iv_alloc(c->a, IV_VEC, a[0].rows, 1, &vals, c->err)
            || iv_alloc(c->a, IV_MAT, a[0].rows, a[0].rows, out, c->err))
            return LIB_ERROR;
        return rt_eigen_sym(n, a[0].d, a[0].rows, vals.d, out->d, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if ((!strcmp(n, "eigenvalues") || !strcmp(n, "eigenvectors")) && na == 1
        && mat) {
        bool vecs = n[5] == 'v' && n[6] == 'e' && n[7] == 'c';
        long k = a[0].rows;
        if (iv_alloc(c->a, vecs ? IV_CMAT : IV_CVEC, k, vecs ? k : 1, out,
                     c->err))
            return LIB_ERROR;
        double *other = arena_alloc(c->a, sizeof(double)
                                    * (size_t)(2 * k * k + 2));
        return rt_eigen_general(n, a[0].d, false, a[0].rows, a[0].cols,
                                vecs ? other : out->d, vecs ? out->d : other,
                                c->err) ? LIB_ERROR : LIB_OK;
    }
    if (!strcmp(n, "diagonal") && na == 1 && mat) {
        long k = a[0].rows < a[0].cols ? a[0].rows : a[0].cols;
        if (iv_alloc(c->a, IV_VEC, k, 1, out, c->err))
            return LIB_ERROR;
        for (long i = 0; i < k; i++)
            out->d[i] = a[0].d[i * a[0].cols + i];
        return LIB_OK;
    }
    if (!strcmp(n, "trace") && na == 1 && mat) {
        double s = 0;
        for (long i = 0; i < a[0].rows && i < a[0].cols; i++)
            s += a[0].d[i * a[0].cols + i];
        *out = iv_real(s);
        return LIB_OK;
    }
    if ((!strcmp(n, "trace_quad_form") && na == 2)
        || (!strcmp(n, "trace_gen_quad_form") && na == 3)) {
        /* trace(D B' A B) (D: the identity for trace_quad_form) */
        bool gen = na == 3;
        const IVal *D = gen ? &a[0] : NULL, *A = &a[gen], *B = &a[gen + 1];
        if (A->k != IV_MAT || (B->k != IV_MAT && B->k != IV_VEC)
            || (D && D->k != IV_MAT))
            return -3;
        long n1 = A->rows, k = B->cols;
        if (A->cols != n1 || B->rows != n1
            || (D && (D->rows != k || D->cols != k)))
            return error(c, "the matrices' sizes do not match");
        /* M = B' A B (k x k), then trace(D M) = sum_ij D_ij M_ji */
        double s = 0;
        for (long p = 0; p < k; p++)
            for (long q = 0; q < k; q++) {
                if (!D && p != q)
                    continue;
                double mqp = 0;     /* (B' A B)_qp */
                for (long i = 0; i < n1; i++)
                    for (long j = 0; j < n1; j++)
                        mqp += B->d[i * k + q] * A->d[i * n1 + j]
                               * B->d[j * k + p];
                s += (D ? D->d[p * k + q] : 1) * mqp;
            }
        *out = iv_real(s);
        return LIB_OK;
    }
    if (!strcmp(n, "symmetrize_from_lower_tri") && na == 1 && mat) {
        if (a[0].rows != a[0].cols)
            return error(c, "the matrix must be square");
        *out = iv_copy(c->a, &a[0]);
        for (long i = 0; i < a[0].rows; i++)
            for (long j = i + 1; j < a[0].cols; j++)
                out->d[i * a[0].cols + j] = a[0].d[j * a[0].cols + i];
        return LIB_OK;
    }
    return -3;
}

/* ------------------------------------------------- complex by parts */

static const char *const linear[] = {
    "to_vector", "to_row_vector", "to_matrix", "to_array_1d", "to_array_2d",
    "transpose", "append_row", "append_col", "rep_vector", "rep_row_vector",
    "rep_matrix", "rep_array", "head", "tail", "segment", "reverse",
    "diag_matrix", "diagonal", "col", "row", "block", "sub_col", "sub_row",
    "trace", "add_diag", "symmetrize_from_lower_tri", NULL
};

/* v's real (part 0) or imaginary (part 1) parts, of v's real kind; a
 * real value's imaginary part is zeros; ints stay. */
static IVal part(Arena *a, const IVal *v, int p)
{
    IVal r = *v;
    switch (v->k) {
    case IV_REAL:
        return p ? iv_real(0) : *v;
    case IV_COMPLEX:
        return iv_real(p ? v->im : v->r);
    case IV_VEC: case IV_ROWVEC: case IV_MAT:
        if (!p)
            return *v;
        r = iv_copy(a, v);
        memset(r.d, 0, sizeof(double) * (size_t)iv_count(v));
        return r;
    case IV_CVEC: case IV_CROWVEC: case IV_CMAT: {
        long m = (long)v->rows * v->cols;
        r.k = iv_real_kind(v->k);
        r.d = arena_alloc(a, sizeof(double) * (size_t)(m + 1));
        for (long k = 0; k < m; k++)
            r.d[k] = v->d[2 * k + p];
        return r;
    }
    case IV_ARRAY:
        r.el = arena_alloc(a, sizeof(IVal) * (size_t)(v->n + 1));
        for (int k = 0; k < v->n; k++)
            r.el[k] = part(a, &v->el[k], p);
        return r;
    default:
        return *v;
    }
}

/* re + i im, of the same shape (complex kinds). */
static int join(Arena *a, const IVal *re, const IVal *im, IVal *out,
                RtError *err)
{
    switch (re->k) {
    case IV_INT: case IV_REAL:
        *out = iv_complex(iv_num(re), iv_num(im));
        return 0;
    case IV_VEC: case IV_ROWVEC: case IV_MAT: {
        long m = (long)re->rows * re->cols;
        if (iv_alloc(a, iv_complex_kind(re->k), re->rows, re->cols, out, err))
            return -1;
        for (long k = 0; k < m; k++) {
            out->d[2 * k] = re->d[k];
            out->d[2 * k + 1] = im->d[k];
        }
        return 0;
    }
    case IV_ARRAY: {
        IVal r = {.k = IV_ARRAY, .n = re->n};
        r.el = arena_alloc(a, sizeof(IVal) * (size_t)(re->n + 1));
        for (int k = 0; k < re->n; k++)
            if (join(a, &re->el[k], &im->el[k], &r.el[k], err))
                return -1;
        *out = r;
        return 0;
    }
    default:
        return rt_error(err, "%s", "a value that cannot be made complex");
    }
}

int interp_shape_call(LibCall *c, IVal *out)
{
    bool any = false;
    for (int k = 0; k < c->nargs; k++)
        any = any || iv_is_complex(&c->args[k]);
    if (!any)
        return real_call(c, out);
    bool lin = false;
    for (int k = 0; linear[k] && !lin; k++)
        lin = !strcmp(c->name, linear[k]);
    if (!lin)
        return -3;
    IVal res[2];
    for (int p = 0; p < 2; p++) {
        IVal *args = arena_alloc(c->a, sizeof(IVal) * (size_t)(c->nargs + 1));
        for (int k = 0; k < c->nargs; k++) {
            /* add_diag's diagonal is a value, never a size */
            IVal v = c->args[k];
            if (v.k == IV_INT && !strcmp(c->name, "add_diag"))
                v = iv_real((double)v.i);
            args[k] = part(c->a, &v, p);
        }
        LibCall pc = *c;
        pc.args = args;
        int rc = interp_lib_call(&pc, &res[p]);
        if (rc)
            return rc;
    }
    if (iv_count(&res[0]) != iv_count(&res[1]))
        return error(c, "the parts' results differ in shape");
    return join(c->a, &res[0], &res[1], out, c->err) ? LIB_ERROR : LIB_OK;
}
