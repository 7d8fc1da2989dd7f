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
    case IV_VEC: return v->rows;
    case IV_ROWVEC: return v->cols;
    case IV_MAT: return v->rows;
    default: return 0;
    }
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
    if (v->k == IV_VEC || v->k == IV_ROWVEC) {
        if (n > 1)
            return interp_fail(I, "%s", "too many indexes for a vector");
        if (s->single) {
            *out = iv_real(v->d[s->pos[0]]);
            return 0;
        }
        if (iv_alloc(I->a, v->k, v->k == IV_VEC ? s->n : 1,
                     v->k == IV_VEC ? 1 : s->n, out, &I->err))
            return -1;
        for (int k = 0; k < s->n; k++)
            out->d[k] = v->d[s->pos[k]];
        return 0;
    }
    if (v->k == IV_MAT) {
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
            *out = iv_real(v->d[(size_t)s->pos[0] * v->cols + cs->pos[0]]);
            return 0;
        }
        IvKind k = s->single ? IV_ROWVEC : cs->single ? IV_VEC : IV_MAT;
        int rows = s->single ? 1 : s->n, cols = cs->single ? 1 : cs->n;
        if (iv_alloc(I->a, k, rows, cols, out, &I->err))
            return -1;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                out->d[(size_t)r * cols + c] =
                    v->d[(size_t)s->pos[s->single ? 0 : r] * v->cols
                         + cs->pos[cs->single ? 0 : c]];
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
        } else if (cur->k == IV_MAT) {
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
        if (v->k != rhs->k && !(v->k == IV_REAL && rhs->k == IV_INT))
            return interp_fail(I, "%s", "assignment of a value of another type");
        if ((v->k == IV_VEC || v->k == IV_ROWVEC || v->k == IV_MAT)
            && (v->rows != rhs->rows || v->cols != rhs->cols))
            return rt_error(&I->err, "assign: Rows of left-hand-side (%d) "
                            "and rows of right-hand-side (%d) must match in "
                            "size", v->rows * v->cols, rhs->rows * rhs->cols);
        if (v->k == IV_ARRAY && v->n != rhs->n)
            return rt_error(&I->err, "assign: size of left-hand side (%d) and "
                            "size of right-hand side (%d) must match in size",
                            v->n, rhs->n);
        *v = v->k == IV_REAL ? iv_real(iv_num(rhs)) : iv_copy(I->a, rhs);
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
    if (v->k == IV_VEC || v->k == IV_ROWVEC) {
        if (s->single) {
            v->d[s->pos[0]] = iv_num(rhs);
            return 0;
        }
        if (iv_count(rhs) != s->n)
            return rt_error(&I->err, "assign: size of left-hand side (%d) and "
                            "size of right-hand side (%ld) must match in size",
                            s->n, iv_count(rhs));
        for (int k = 0; k < s->n; k++)
            v->d[s->pos[k]] = rhs->d[k];
        return 0;
    }
    if (v->k == IV_MAT) {
        if (n == 2 && s[0].single && s[1].single) {
            v->d[(size_t)s[0].pos[0] * v->cols + s[1].pos[0]] = iv_num(rhs);
            return 0;
        }
        if (n == 1 && s->single) {
            if (rhs->k != IV_ROWVEC || rhs->cols != v->cols)
                return interp_fail(I, "%s", "assign: a matrix row of another size");
            memcpy(v->d + (size_t)s->pos[0] * v->cols, rhs->d,
                   sizeof(double) * (size_t)v->cols);
            return 0;
        }
        /* rows (and columns) by ranges or multi-indexes: the right-hand
         * side's values in row-major order */
        int nr = s[0].n, nc = n > 1 ? s[1].n : v->cols;
        if (iv_count(rhs) != (long)nr * nc || rhs->k == IV_ARRAY)
            return rt_error(&I->err, "assign: the left-hand side (%d x %d) "
                            "and the right-hand side (%ld values) must match "
                            "in size", nr, nc, iv_count(rhs));
        for (int r = 0; r < nr; r++)
            for (int k = 0; k < nc; k++)
                v->d[(size_t)s[0].pos[r] * v->cols
                     + (n > 1 ? s[1].pos[k] : k)] =
                    rhs->d[(size_t)r * nc + k];
        return 0;
    }
    return interp_fail(I, "%s", "indexing a value that is not a container");
}
