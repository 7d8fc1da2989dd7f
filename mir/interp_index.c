/* interp_index.c - indexing in the MIR interpreter: the selections an
 * index list makes on a value (single indexes, ranges, multi-indexes, as
 * the sampler checks them), reading through them and storing through
 * them. */
#include <string.h>

#include "interp_impl.h"

static int make_sel(MirInterp *I, Frame *f, const MirIndex *ix, int dim,
                    const char *name, Sel *s, Ref *refs, int *nrefs)
{
    IVal lo = {0}, hi = {0};
    Ref r = NOREF;
    long long a = 1, b = dim;
    s->single = ix->kind == IDX_SINGLE;
    if (ix->lo) {
        if (interp_eval(I, f, ix->lo, &lo, &r))
            return -1;
        refs[(*nrefs)++] = r;
    }
    if (ix->hi) {
        if (interp_eval(I, f, ix->hi, &hi, &r))
            return -1;
        refs[(*nrefs)++] = r;
    }
    if (ix->kind == IDX_MULTI) {
        if (lo.k != IV_ARRAY)
            return interp_fail(I, "%s", "a multi-index is not an int array");
        s->n = lo.n;
        s->pos = arena_alloc(I->a, sizeof(int) * (size_t)(lo.n + 1));
        for (int k = 0; k < lo.n; k++) {
            long long i = lo.el[k].i;
            if (i < 1 || i > dim)
                return rt_index_error(&I->err, "%s: index %lld out of range; "
                                      "expecting index to be between 1 and "
                                      "%d", name, i, dim);
            s->pos[k] = (int)i - 1;
        }
        return 0;
    }
    if (ix->kind == IDX_SINGLE) {
        if (interp_as_int(I, &lo, &a))
            return -1;
        if (a < 1 || a > dim)
            return rt_index_error(&I->err, "%s: index %lld out of range; "
                                  "expecting index to be between 1 and %d",
                                  name, a, dim);
        s->n = 1;
        s->pos = arena_alloc(I->a, sizeof(int));
        s->pos[0] = (int)a - 1;
        return 0;
    }
    if (ix->kind == IDX_LOWER || ix->kind == IDX_BETWEEN)
        if (interp_as_int(I, &lo, &a))
            return -1;
    if (ix->kind == IDX_UPPER)
        if (interp_as_int(I, ix->hi ? &hi : &lo, &b))
            return -1;
    if (ix->kind == IDX_BETWEEN)
        if (interp_as_int(I, &hi, &b))
            return -1;
    s->n = b >= a ? (int)(b - a + 1) : 0;
    s->pos = arena_alloc(I->a, sizeof(int) * (size_t)(s->n + 1));
    for (int k = 0; k < s->n; k++) {
        long long i = a + k;
        if (i < 1 || i > dim)
            return rt_index_error(&I->err, "%s: index %lld out of range; "
                                  "expecting index to be between 1 and %d",
                                  name, i, dim);
        s->pos[k] = (int)i - 1;
    }
    return 0;
}

/* The extent of v's dimension k among the ones indices address: for an
 * array its size, then a vector's length, a matrix's rows and columns. */
static int dim_of(const IVal *v)
{
    switch (v->k) {
    case IV_ARRAY: return v->n;
    case IV_VEC: case IV_CVEC: return v->rows;
    case IV_ROWVEC: case IV_CROWVEC: return v->cols;
    case IV_MAT: case IV_CMAT: return v->rows;
    default: return 0;
    }
}

/* An element of a complex container (or a real one: w = 1). */
static IVal element(const IVal *v, size_t at)
{
    if (iv_is_complex_kind(v->k))
        return iv_complex(v->d[2 * at], v->d[2 * at + 1]);
    return iv_real(v->d[at]);
}

/* Store a scalar (int, real or complex) into element at of v. */
static int put_element(MirInterp *I, IVal *v, size_t at, const IVal *x)
{
    if (!iv_is_complex_kind(v->k)) {
        if (x->k != IV_INT && x->k != IV_REAL)
            return interp_fail(I, "%s", "assignment of a value of another "
                               "type");
        v->d[at] = iv_num(x);
        return 0;
    }
    if (x->k == IV_COMPLEX) {
        v->d[2 * at] = x->r;
        v->d[2 * at + 1] = x->im;
    } else if (x->k == IV_INT || x->k == IV_REAL) {
        v->d[2 * at] = iv_num(x);
        v->d[2 * at + 1] = 0;
    } else {
        return interp_fail(I, "%s", "assignment of a value of another type");
    }
    return 0;
}

static bool is_vector_kind(IvKind k)
{
    return k == IV_VEC || k == IV_ROWVEC || k == IV_CVEC || k == IV_CROWVEC;
}

static bool is_matrix_kind(IvKind k)
{
    return k == IV_MAT || k == IV_CMAT;
}

/* v indexed by sels[0..n-1] into out. */
int interp_select(MirInterp *I, const IVal *v, const Sel *s, int n,
                      IVal *out)
{
    if (n == 0) {
        *out = *v;
        return 0;
    }
    if (v->k == IV_ARRAY) {
        if (s->single)
            return interp_select(I, &v->el[s->pos[0]], s + 1, n - 1, out);
        IVal r = {.k = IV_ARRAY, .n = s->n};
        r.el = arena_alloc(I->a, sizeof(IVal) * (size_t)(s->n + 1));
        for (int k = 0; k < s->n; k++)
            if (interp_select(I, &v->el[s->pos[k]], s + 1, n - 1, &r.el[k]))
                return -1;
        *out = r;
        return 0;
    }
    if (is_vector_kind(v->k)) {
        if (n > 1)
            return interp_fail(I, "%s", "too many indexes for a vector");
        if (s->single) {
            *out = element(v, (size_t)s->pos[0]);
            return 0;
        }
        bool col = v->k == IV_VEC || v->k == IV_CVEC;
        if (iv_alloc(I->a, v->k, col ? s->n : 1, col ? 1 : s->n, out,
                     &I->err))
            return -1;
        for (int k = 0; k < s->n; k++) {
            IVal x = element(v, (size_t)s->pos[k]);
            put_element(I, out, (size_t)k, &x);
        }
        return 0;
    }
    if (is_matrix_kind(v->k)) {
        Sel all = {0};
        const Sel *cs = n > 1 ? &s[1] : NULL;
        if (n > 2)
            return interp_fail(I, "%s", "too many indexes for a matrix");
        if (!cs) {
            all.n = v->cols;
            all.pos = arena_alloc(I->a, sizeof(int) * (size_t)(v->cols + 1));
            for (int k = 0; k < v->cols; k++)
                all.pos[k] = k;
            cs = &all;
        }
        if (s->single && cs->single) {
            *out = element(v, (size_t)s->pos[0] * v->cols + cs->pos[0]);
            return 0;
        }
        IvKind k = s->single ? IV_ROWVEC : cs->single ? IV_VEC : IV_MAT;
        if (v->k == IV_CMAT)
            k = iv_complex_kind(k);
        int rows = s->single ? 1 : s->n, cols = cs->single ? 1 : cs->n;
        if (iv_alloc(I->a, k, rows, cols, out, &I->err))
            return -1;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                IVal x = element(v, (size_t)s->pos[s->single ? 0 : r]
                                 * v->cols + cs->pos[cs->single ? 0 : c]);
                put_element(I, out, (size_t)r * cols + c, &x);
            }
        return 0;
    }
    return interp_fail(I, "%s", "indexing a value that is not a container");
}

/* The selections of indices on v, dimension by dimension. */
int interp_make_sels(MirInterp *I, Frame *f, const IVal *v,
                     const MirIndex *ix, int n, const char *name, Sel *sels,
                     Ref *refs, int *nrefs)
{
    const IVal *cur = v;
    bool matrix_col = false;
    for (int k = 0; k < n; k++) {
        int dim;
        if (matrix_col) {
            dim = cur->cols;
        } else if (!cur || cur->k == IV_INT || cur->k == IV_REAL) {
            return interp_fail(I, "%s", "too many indexes");
        } else {
            dim = dim_of(cur);
        }
        if (make_sel(I, f, &ix[k], dim, name, &sels[k], refs, nrefs))
            return -1;
        if (matrix_col) {
            cur = NULL;
            matrix_col = false;
        } else if (cur->k == IV_ARRAY) {
            /* every element has one shape: follow the first (or none) */
            cur = cur->n ? &cur->el[0] : NULL;
            if (!cur && k + 1 < n)
                return rt_index_error(&I->err, "%s: index out of range; "
                                      "expecting index to be between 1 and "
                                      "%d", name, 0);
        } else if (is_matrix_kind(cur->k)) {
            matrix_col = true;
        } else {
            cur = NULL;
        }
    }
    return 0;
}

/* An element of v by one single 1-based index per dimension: for the
 * assignment below. */
int interp_store(MirInterp *I, IVal *v, const Sel *s, int n,
                 const IVal *rhs)
{
    if (n == 0) {
        bool widen = (v->k == IV_REAL && rhs->k == IV_INT)
            || (v->k == IV_COMPLEX && (rhs->k == IV_INT || rhs->k == IV_REAL));
        if (v->k != rhs->k && !widen)
            return interp_fail(I, "%s", "assignment of a value of another type");
        if ((is_vector_kind(v->k) || is_matrix_kind(v->k))
            && (v->rows != rhs->rows || v->cols != rhs->cols))
            return rt_error(&I->err, "assign: Rows of left-hand-side (%d) "
                            "and rows of right-hand-side (%d) must match in "
                            "size", v->rows * v->cols, rhs->rows * rhs->cols);
        if (v->k == IV_ARRAY && v->n != rhs->n)
            return rt_error(&I->err, "assign: size of left-hand side (%d) and "
                            "size of right-hand side (%d) must match in size",
                            v->n, rhs->n);
        *v = v->k == IV_REAL ? iv_real(iv_num(rhs))
           : v->k == IV_COMPLEX && rhs->k != IV_COMPLEX
           ? iv_complex(iv_num(rhs), 0) : iv_copy(I->a, rhs);
        return 0;
    }
    if (v->k == IV_ARRAY) {
        if (s->single)
            return interp_store(I, &v->el[s->pos[0]], s + 1, n - 1, rhs);
        if (rhs->k != IV_ARRAY || rhs->n != s->n)
            return interp_fail(I, "%s", "assign: multi-index sizes must match");
        for (int k = 0; k < s->n; k++)
            if (interp_store(I, &v->el[s->pos[k]], s + 1, n - 1, &rhs->el[k]))
                return -1;
        return 0;
    }
    if (is_vector_kind(v->k)) {
        if (s->single)
            return put_element(I, v, (size_t)s->pos[0], rhs);
        if (!(is_vector_kind(rhs->k) || is_matrix_kind(rhs->k))
            || (long)rhs->rows * rhs->cols != s->n)
            return rt_error(&I->err, "assign: size of left-hand side (%d) and "
                            "size of right-hand side (%ld) must match in size",
                            s->n, (long)rhs->rows * rhs->cols);
        for (int k = 0; k < s->n; k++) {
            IVal x = element(rhs, (size_t)k);
            if (put_element(I, v, (size_t)s->pos[k], &x))
                return -1;
        }
        return 0;
    }
    if (is_matrix_kind(v->k)) {
        if (n == 2 && s[0].single && s[1].single)
            return put_element(I, v, (size_t)s[0].pos[0] * v->cols
                               + s[1].pos[0], rhs);
        if (n == 1 && s->single) {
            if ((rhs->k != IV_ROWVEC && rhs->k != IV_CROWVEC)
                || rhs->cols != v->cols)
                return interp_fail(I, "%s", "assign: a matrix row of another size");
            for (int k = 0; k < v->cols; k++) {
                IVal x = element(rhs, (size_t)k);
                if (put_element(I, v, (size_t)s->pos[0] * v->cols + k, &x))
                    return -1;
            }
            return 0;
        }
        /* rows (and columns) by ranges or multi-indexes: the right-hand
         * side's values in row-major order */
        int nr = s[0].n, nc = n > 1 ? s[1].n : v->cols;
        if (!(is_vector_kind(rhs->k) || is_matrix_kind(rhs->k))
            || (long)rhs->rows * rhs->cols != (long)nr * nc)
            return rt_error(&I->err, "assign: the left-hand side (%d x %d) "
                            "and the right-hand side (%ld values) must match "
                            "in size", nr, nc, iv_count(rhs));
        for (int r = 0; r < nr; r++)
            for (int k = 0; k < nc; k++) {
                IVal x = element(rhs, (size_t)r * nc + k);
                if (put_element(I, v, (size_t)s[0].pos[r] * v->cols
                                + (n > 1 ? s[1].pos[k] : k), &x))
                    return -1;
            }
        return 0;
    }
    return interp_fail(I, "%s", "indexing a value that is not a container");
}
