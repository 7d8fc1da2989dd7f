/* interp_arrays.c - the interpreter's array builders and integer
 * functions: ones_array, zeros_array, ones_int_array, zeros_int_array,
 * linspaced_array, linspaced_int_array, one_hot_array,
 * one_hot_int_array, one_hot_vector, one_hot_row_vector, uniform_simplex, linspaced_vector,
 * linspaced_row_vector, append_array, dims, quantile, distance,
 * squared_distance, binary_log_loss, lmgamma (scalars), the sorts and rank, inc_beta, inv_inc_beta (scalars),
 * choose, to_int (scalars and arrays) and
 * falling_factorial / rising_factorial (int or real x, int n, elementwise
 * over arrays and vectors with a scalar broadcast), through the runtime's
 * functions the samplers call (Stan Functions Reference, "Array
 * operations", "Integer-valued basic functions", "Combinatorial
 * functions"). */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

static int error(LibCall *c, const char *msg)
{
    rt_error(c->err, "%s: %s", c->name, msg);
    return LIB_ERROR;
}

/* An array of n values (ints or reals) from x or xi. */
static int array_of(LibCall *c, long n, const double *x, const int *xi,
                    IVal *out)
{
    if (n < 0 || n > INTERP_MAX_ELEMENTS)
        return error(c, "the size must be non-negative");
    IVal r = {.k = IV_ARRAY, .n = (int)n};
    r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(n + 1));
    for (long k = 0; k < n; k++)
        r.el[k] = xi ? iv_int(xi[k]) : iv_real(x[k]);
    *out = r;
    return LIB_OK;
}

static int builders(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *a = c->args;
    int na = c->nargs;
    static const char *const names[] = {
        "ones_array", "zeros_array", "ones_int_array", "zeros_int_array",
        "one_hot_array", "one_hot_int_array", "linspaced_array",
        "linspaced_int_array", NULL
    };
    bool known = false;
    for (int k = 0; names[k] && !known; k++)
        known = !strcmp(n, names[k]);
    if (!known)
        return -3;
    for (int k = 0; k < na; k++)
        if (a[k].k != IV_INT && a[k].k != IV_REAL)
            return -3;
    long m = na >= 1 && a[0].k == IV_INT ? (long)a[0].i : -1;
    if (m < 0 || m > INTERP_MAX_ELEMENTS)
        return na >= 1 && a[0].k == IV_INT
            ? error(c, "the size must be non-negative") : -3;
    double *x = arena_alloc(c->a, sizeof(double) * (size_t)(m + 1));
    int *xi = arena_alloc(c->a, sizeof(int) * (size_t)(m + 1));
    bool ints = strstr(n, "_int_") != NULL;
    if (na == 1 && (!strcmp(n, "ones_array") || !strcmp(n, "zeros_array")
                    || !strcmp(n, "ones_int_array")
                    || !strcmp(n, "zeros_int_array"))) {
        for (long k = 0; k < m; k++) {
            x[k] = n[0] == 'o';
            xi[k] = n[0] == 'o';
        }
        return array_of(c, m, x, ints ? xi : NULL, out);
    }
    if (na == 2 && (!strcmp(n, "one_hot_array")
                    || !strcmp(n, "one_hot_int_array"))
        && a[1].k == IV_INT) {
        if (rt_check_one_hot(n, (int)m, (int)a[1].i, c->err))
            return LIB_ERROR;
        for (long k = 0; k < m; k++) {
            x[k] = k + 1 == a[1].i;
            xi[k] = k + 1 == a[1].i;
        }
        return array_of(c, m, x, ints ? xi : NULL, out);
    }
    if (na == 3 && !strcmp(n, "linspaced_array")) {
        if (rt_linspaced(n, (int)m, iv_num(&a[1]), iv_num(&a[2]), x, c->err))
            return LIB_ERROR;
        return array_of(c, m, x, NULL, out);
    }
    if (na == 3 && !strcmp(n, "linspaced_int_array") && a[1].k == IV_INT
        && a[2].k == IV_INT) {
        if (rt_linspaced_int((int)m, (int)a[1].i, (int)a[2].i, xi, c->err))
            return LIB_ERROR;
        return array_of(c, m, NULL, xi, out);
    }
    return -3;
}

/* dims(x): the sizes of x's dimensions, arrays first. */
static int dims(LibCall *c, IVal *out)
{
    int xi[32], n = 0;
    const IVal *v = &c->args[0];
    while (v->k == IV_ARRAY && n < 30) {
        xi[n++] = v->n;
        if (v->n == 0)
            break;
        v = &v->el[0];
    }
    IvKind k = iv_real_kind(v->k);
    if (k == IV_VEC || k == IV_MAT)
        xi[n++] = v->rows;
    if (k == IV_ROWVEC || k == IV_MAT)
        xi[n++] = v->cols;
    return array_of(c, n, NULL, xi, out);
}

static int to_int(LibCall *c, const IVal *v, IVal *out)
{
    if (v->k == IV_INT) {
        *out = *v;
        return LIB_OK;
    }
    if (v->k == IV_REAL) {
        int i;
        if (rt_to_int(v->r, &i, c->err))
            return LIB_ERROR;
        *out = iv_int(i);
        return LIB_OK;
    }
    if (v->k != IV_ARRAY)
        return -3;
    IVal r = {.k = IV_ARRAY, .n = v->n};
    r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(v->n + 1));
    for (int k = 0; k < v->n; k++) {
        int rc = to_int(c, &v->el[k], &r.el[k]);
        if (rc)
            return rc;
    }
    *out = r;
    return LIB_OK;
}

/* falling_factorial / rising_factorial of x (int or real) and n (int),
 * elementwise, one of them broadcast. */
static int factorial(LibCall *c, const IVal *x, const IVal *n, IVal *out)
{
    bool fall = c->name[0] == 'f';
    if (x->k == IV_ARRAY || n->k == IV_ARRAY) {
        const IVal *big = x->k == IV_ARRAY ? x : n;
        if (x->k == IV_ARRAY && n->k == IV_ARRAY && x->n != n->n)
            return error(c, "the arguments' sizes must match");
        IVal r = {.k = IV_ARRAY, .n = big->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(big->n + 1));
        for (int k = 0; k < big->n; k++) {
            int rc = factorial(c, x->k == IV_ARRAY ? &x->el[k] : x,
                               n->k == IV_ARRAY ? &n->el[k] : n, &r.el[k]);
            if (rc)
                return rc;
        }
        *out = r;
        return LIB_OK;
    }
    if (n->k != IV_INT)
        return -3;
    if (n->i < 0)
        return error(c, "the second argument must be non-negative");
    if (x->k == IV_INT) {
        int v;
        if ((fall ? rt_falling_factorial_int : rt_rising_factorial_int)
                ((int)x->i, (int)n->i, &v, c->err))
            return LIB_ERROR;
        *out = iv_int(v);
        return LIB_OK;
    }
    if (x->k == IV_REAL) {
        *out = iv_real((fall ? rt_falling_factorial : rt_rising_factorial)
                           (x->r, (int)n->i));
        return LIB_OK;
    }
    if (x->k != IV_VEC && x->k != IV_ROWVEC && x->k != IV_MAT)
        return -3;
    if (iv_alloc(c->a, x->k, x->rows, x->cols, out, c->err))
        return LIB_ERROR;
    for (long k = 0; k < (long)x->rows * x->cols; k++)
        out->d[k] = (fall ? rt_falling_factorial : rt_rising_factorial)
                        (x->d[k], (int)n->i);
    return LIB_OK;
}

/* choose(n, k) of ints, elementwise over arrays with a broadcast. */
static int choose(LibCall *c, const IVal *x, const IVal *k, IVal *out)
{
    if (x->k == IV_ARRAY || k->k == IV_ARRAY) {
        const IVal *big = x->k == IV_ARRAY ? x : k;
        if (x->k == IV_ARRAY && k->k == IV_ARRAY && x->n != k->n)
            return error(c, "the arguments' sizes must match");
        IVal r = {.k = IV_ARRAY, .n = big->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(big->n + 1));
        for (int j = 0; j < big->n; j++) {
            int rc = choose(c, x->k == IV_ARRAY ? &x->el[j] : x,
                            k->k == IV_ARRAY ? &k->el[j] : k, &r.el[j]);
            if (rc)
                return rc;
        }
        *out = r;
        return LIB_OK;
    }
    if (x->k != IV_INT || k->k != IV_INT)
        return -3;
    int v = rt_choose((int)x->i, (int)k->i);
    if (v < 0)
        return error(c, "the arguments are out of its domain");
    *out = iv_int(v);
    return LIB_OK;
}

/* quantile(x, p) of a 1-D array or vector x, p a real or several. */
static int quantile(LibCall *c, IVal *out)
{
    const IVal *x = &c->args[0], *p = &c->args[1];
    if (x->k != IV_VEC && x->k != IV_ROWVEC
        && !(x->k == IV_ARRAY && (!x->n || x->el[0].k == IV_REAL
                                  || x->el[0].k == IV_INT)))
        return -3;
    long m = iv_count(x), np = iv_count(p);
    double *v = arena_alloc(c->a, sizeof(double) * (size_t)(m + 1));
    double *w = arena_alloc(c->a, sizeof(double) * (size_t)(m + 1));
    double *ps = arena_alloc(c->a, sizeof(double) * (size_t)(np + 1));
    iv_flatten(x, v);
    iv_flatten(p, ps);
    if (p->k == IV_INT || p->k == IV_REAL) {
        double q = rt_quantile(v, (int)m, ps[0], w, c->err);
        if (isnan(q))
            return LIB_ERROR;
        *out = iv_real(q);
        return LIB_OK;
    }
    double *q = arena_alloc(c->a, sizeof(double) * (size_t)(np + 1));
    for (long k = 0; k < np; k++) {
        q[k] = rt_quantile(v, (int)m, ps[k], w, c->err);
        if (isnan(q[k]))
            return LIB_ERROR;
    }
    if (p->k == IV_ARRAY)
        return array_of(c, np, q, NULL, out);
    if (iv_alloc(c->a, p->k, p->rows, p->cols, out, c->err))
        return LIB_ERROR;
    memcpy(out->d, q, sizeof(double) * (size_t)np);
    return LIB_OK;
}

/* sort_asc, sort_desc, sort_indices_asc, sort_indices_desc and rank of
 * a vector, row vector or 1-D array of reals or ints. */
static int sorts(LibCall *c, IVal *out)
{
    const char *n = c->name;
    const IVal *x = &c->args[0];
    bool ints = x->k == IV_ARRAY && x->n > 0 && x->el[0].k == IV_INT;
    if (!(x->k == IV_VEC || x->k == IV_ROWVEC
          || (x->k == IV_ARRAY && (!x->n || x->el[0].k == IV_REAL || ints))))
        return -3;
    long m = iv_count(x);
    double *v = arena_alloc(c->a, sizeof(double) * (size_t)(m + 1));
    int *vi = arena_alloc(c->a, sizeof(int) * (size_t)(m + 1));
    int *perm = arena_alloc(c->a, sizeof(int) * (size_t)(m + 1));
    int *work = arena_alloc(c->a, sizeof(int) * (size_t)(m + 1));
    iv_flatten(x, v);
    for (long k = 0; k < m; k++)
        vi[k] = (int)v[k];
    if (!strcmp(n, "rank")) {
        if (c->nargs != 2 || c->args[1].k != IV_INT)
            return -3;
        int r = ints ? rt_rank_int(vi, (int)m, (int)c->args[1].i, c->err)
                     : rt_rank(v, (int)m, (int)c->args[1].i, c->err);
        if (r < 0)
            return LIB_ERROR;
        *out = iv_int(r);
        return LIB_OK;
    }
    bool desc = strstr(n, "desc") != NULL, idx = strstr(n, "indices") != NULL;
    if (ints)
        rt_sort_perm_int(vi, (int)m, desc, perm, work);
    else if (rt_sort_perm(n, v, (int)m, desc, !idx, perm, work, c->err))
        return LIB_ERROR;
    if (idx) {
        for (long k = 0; k < m; k++)
            vi[k] = perm[k] + 1;
        return array_of(c, m, NULL, vi, out);
    }
    double *sorted = arena_alloc(c->a, sizeof(double) * (size_t)(m + 1));
    int *sorted_i = arena_alloc(c->a, sizeof(int) * (size_t)(m + 1));
    for (long k = 0; k < m; k++) {
        sorted[k] = v[perm[k]];
        sorted_i[k] = vi[perm[k]];
    }
    if (x->k == IV_ARRAY)
        return array_of(c, m, sorted, ints ? sorted_i : NULL, out);
    if (iv_alloc(c->a, x->k, x->rows, x->cols, out, c->err))
        return LIB_ERROR;
    memcpy(out->d, sorted, sizeof(double) * (size_t)m);
    return LIB_OK;
}

/* binary_log_loss(y, y_hat): ints y, reals y_hat, elementwise with a
 * scalar broadcast; the result has the shape of the container. */
static int log_loss(LibCall *c, IVal *out)
{
    const IVal *y = &c->args[0], *p = &c->args[1];
    long my = iv_count(y), mp = iv_count(p);
    if (iv_is_complex(p) || (y->k != IV_INT && y->k != IV_ARRAY)
        || (my != 1 && mp != 1 && my != mp))
        return -3;
    long m = my > mp ? my : mp;
    double *yv = arena_alloc(c->a, sizeof(double) * (size_t)(my + 1));
    double *pv = arena_alloc(c->a, sizeof(double) * (size_t)(mp + 1));
    double *r = arena_alloc(c->a, sizeof(double) * (size_t)(m + 1));
    iv_flatten(y, yv);
    iv_flatten(p, pv);
    for (long k = 0; k < m; k++)
        r[k] = rt_binary_log_loss((int)yv[my == 1 ? 0 : k],
                                  pv[mp == 1 ? 0 : k]);
    if (y->k == IV_INT && (p->k == IV_INT || p->k == IV_REAL)) {
        *out = iv_real(r[0]);
        return LIB_OK;
    }
    if (p->k == IV_VEC || p->k == IV_ROWVEC || p->k == IV_MAT) {
        if (iv_alloc(c->a, p->k, p->rows, p->cols, out, c->err))
            return LIB_ERROR;
        memcpy(out->d, r, sizeof(double) * (size_t)m);
        return LIB_OK;
    }
    return array_of(c, m, r, NULL, out);
}

int interp_arrays_call(LibCall *c, IVal *out)
{
    const char *n = c->name;
    if (c->nargs == 2 && !strcmp(n, "lmgamma") && c->args[0].k == IV_INT
        && (c->args[1].k == IV_INT || c->args[1].k == IV_REAL)) {
        *out = iv_real(rt_lmgamma((int)c->args[0].i, iv_num(&c->args[1])));
        return LIB_OK;
    }
    if (c->nargs == 2 && !strcmp(n, "binary_log_loss"))
        return log_loss(c, out);
    if ((c->nargs == 1 && (!strcmp(n, "sort_asc") || !strcmp(n, "sort_desc")
                           || !strcmp(n, "sort_indices_asc")
                           || !strcmp(n, "sort_indices_desc")))
        || (c->nargs == 2 && !strcmp(n, "rank")))
        return sorts(c, out);
    if (c->nargs == 3 && (!strcmp(n, "inc_beta")
                          || !strcmp(n, "inv_inc_beta"))) {
        for (int k = 0; k < 3; k++)
            if (c->args[k].k != IV_INT && c->args[k].k != IV_REAL)
                return -3;
        double a = iv_num(&c->args[0]), b = iv_num(&c->args[1]);
        double x = iv_num(&c->args[2]);
        *out = iv_real(n[1] == 'n' && n[2] == 'c' ? rt_inc_beta(a, b, x)
                                                 : rt_inv_inc_beta(a, b, x));
        return LIB_OK;
    }
    if (c->nargs == 2 && !strcmp(n, "quantile"))
        return quantile(c, out);
    if (c->nargs == 2 && !strcmp(n, "choose"))
        return choose(c, &c->args[0], &c->args[1], out);
    if (c->nargs == 2 && (!strcmp(n, "distance")
                          || !strcmp(n, "squared_distance"))) {
        long m = iv_count(&c->args[0]);
        if (iv_count(&c->args[1]) != m || c->args[0].k == IV_ARRAY
            || iv_is_complex(&c->args[0]) || iv_is_complex(&c->args[1]))
            return -3;
        double *x = arena_alloc(c->a, sizeof(double) * (size_t)(2 * m + 1));
        iv_flatten(&c->args[0], x);
        iv_flatten(&c->args[1], x + m);
        double s = 0;
        for (long k = 0; k < m; k++)
            s += (x[k] - x[m + k]) * (x[k] - x[m + k]);
        *out = iv_real(n[0] == 'd' ? sqrt(s) : s);
        return LIB_OK;
    }
    if (c->nargs == 2 && (!strcmp(n, "one_hot_vector")
                          || !strcmp(n, "one_hot_row_vector"))
        && c->args[0].k == IV_INT && c->args[1].k == IV_INT) {
        bool row = n[8] == 'r';
        long k = (long)c->args[0].i;
        if (rt_check_one_hot(n, (int)k, (int)c->args[1].i, c->err)
            || iv_alloc(c->a, row ? IV_ROWVEC : IV_VEC, row ? 1 : k,
                        row ? k : 1, out, c->err))
            return LIB_ERROR;
        out->d[c->args[1].i - 1] = 1;
        return LIB_OK;
    }
    if (c->nargs == 3 && (!strcmp(n, "linspaced_vector")
                          || !strcmp(n, "linspaced_row_vector"))
        && c->args[0].k == IV_INT) {
        bool row = n[10] == 'r';
        long k = (long)c->args[0].i;
        if (k < 0)
            return error(c, "the size must be non-negative");
        if (iv_alloc(c->a, row ? IV_ROWVEC : IV_VEC, row ? 1 : k, row ? k : 1,
                     out, c->err))
            return LIB_ERROR;
        return rt_linspaced(n, (int)k, iv_num(&c->args[1]),
                            iv_num(&c->args[2]), out->d, c->err)
            ? LIB_ERROR : LIB_OK;
    }
    if (c->nargs == 1 && !strcmp(n, "uniform_simplex")
        && c->args[0].k == IV_INT) {
        long k = (long)c->args[0].i;
        if (k <= 0)
            return error(c, "size is 0, but must be positive!");
        if (iv_alloc(c->a, IV_VEC, k, 1, out, c->err))
            return LIB_ERROR;
        for (long i = 0; i < k; i++)
            out->d[i] = 1.0 / (double)k;
        return LIB_OK;
    }
    if (c->nargs == 1 && !strcmp(n, "dims"))
        return dims(c, out);
    if (c->nargs == 1 && !strcmp(n, "to_int"))
        return to_int(c, &c->args[0], out);
    if (c->nargs == 2 && (!strcmp(n, "falling_factorial")
                          || !strcmp(n, "rising_factorial")))
        return factorial(c, &c->args[0], &c->args[1], out);
    if (c->nargs == 2 && !strcmp(n, "append_array")) {
        const IVal *x = &c->args[0], *y = &c->args[1];
        if (x->k != IV_ARRAY || y->k != IV_ARRAY)
            return -3;
        bool real = (x->n && x->el[0].k == IV_REAL)
                    || (y->n && y->el[0].k == IV_REAL);
        IVal r = {.k = IV_ARRAY, .n = x->n + y->n};
        r.el = arena_alloc(c->a, sizeof(IVal) * (size_t)(r.n + 1));
        for (int k = 0; k < r.n; k++) {
            const IVal *e = k < x->n ? &x->el[k] : &y->el[k - x->n];
            r.el[k] = real && e->k == IV_INT ? iv_real((double)e->i)
                                             : iv_copy(c->a, e);
        }
        *out = r;
        return LIB_OK;
    }
    return builders(c, out);
}
