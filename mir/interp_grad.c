/* interp_grad.c - the trace's backward pass: the gradient of the log
 * density with respect to the unconstrained parameters u, by reverse
 * accumulation over the recorded Wengert list (each node keeps its value
 * and its arguments' values, interp_impl.h's MirTraceVals), independently
 * of the C backend and of the runtime's derivatives.
 *
 * Seeds: every `target +=` node adds the adjoint of target to each value
 * of its argument; a transform's log-Jacobian node (note "log|J|") seeds
 * the transform's second output, its log-Jacobian, with it.  The adjoint
 * of target is 1 at the end and grows by the adjoint of each target()
 * read that the backward pass passes (Reference Manual: target() is the
 * log density so far, so every term added before a read feeds it); one
 * running value for the nested lists too, which an _lp function's
 * target() reads and adds to.  Nodes are visited in reverse order;
 * only active nodes (depending on a FnReadParam__ read, through real
 * values) are differentiated.  A FnReadParam__ node sends its adjoint to
 * the places of u it read; a nested call runs the callee's list backward
 * from its return node and hands the adjoints of its argument nodes back.
 *
 * Values are differentiated as their flattened doubles: a complex value's
 * adjoint is its two parts' (d/dre, d/dim), and a real value promoted to
 * complex (an argument, a returned value, an item of a complex array)
 * takes the real part's adjoint.  Each primitive's partials come from,
 * in this order: the structural rules here ([] and []= by labels, making
 * arrays and row vectors), the complex rules of interp_grad_complex.c
 * (any value complex), sum and matrix products, the closed-form table of
 * interp_grad_rules.c, and
 * otherwise a numeric derivative (a five-point central difference of the
 * primitive called again with one argument value moved; the node is
 * marked grad_numeric and the function named in MirGradStats). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp_impl.h"

typedef struct Grad {
    MirInterp *I;
    double *grad;
    int nunc;
    MirGradStats *st;
    char *why;
    size_t nwhy;
    double target_adj;  /* the adjoint of target where the pass is */
} Grad;

/* One list's state: adjoints of values and of log-Jacobians, activity. */
typedef struct List {
    MirTrace *t;
    double **adj;       /* [1..n]; NULL: none yet */
    double *ljadj;
    bool *active;
} List;

static int fail(Grad *g, const char *msg, const MirTraceNode *nd)
{
    if (g->nwhy)
        snprintf(g->why, g->nwhy, "%s (node @%d, %s)", msg, nd->index,
                 nd->fn ? nd->fn : "?");
    return -1;
}

static long count(const MirTraceNode *nd)
{
    return nd->vals ? iv_count(&nd->vals->out) : 0;
}

/* Whether v holds real values (complex ones count: an adjoint of a
 * complex value is its two parts' adjoints, interp_grad_complex.c). */
static bool has_reals(const IVal *v)
{
    switch (v->k) {
    case IV_REAL: case IV_VEC: case IV_ROWVEC: case IV_MAT:
    case IV_COMPLEX: case IV_CVEC: case IV_CROWVEC: case IV_CMAT:
        return true;
    case IV_ARRAY: return v->n > 0 && has_reals(&v->el[0]);
    default: return false;
    }
}

/* The adjoint array of node i, allocated (zeroed) on first use. */
static double *adj_of(List *L, int i)
{
    if (!L->adj[i]) {
        long m = count(&L->t->nodes[i - 1]);
        L->adj[i] = calloc((size_t)m + 1, sizeof(double));
    }
    return L->adj[i];
}

/* Replace v's leaves (a deep copy) by their positions from *at on, plus
 * one: a 0 in a result is a value of no leaf (the imaginary part of a
 * real value stored into a complex container). */
static void label(IVal *v, long *at)
{
    switch (v->k) {
    case IV_INT: v->i = ++(*at); break;
    case IV_REAL: v->r = (double)++(*at); break;
    case IV_COMPLEX:
        v->r = (double)++(*at);
        v->im = (double)++(*at);
        break;
    case IV_VEC: case IV_ROWVEC: case IV_MAT:
    case IV_CVEC: case IV_CROWVEC: case IV_CMAT:
        for (long k = 0; k < iv_count(v); k++)
            v->d[k] = (double)++(*at);
        break;
    case IV_ARRAY:
        for (int k = 0; k < v->n; k++)
            label(&v->el[k], at);
        break;
    default: break;
    }
}

/* Pointers to v's real leaves in flattened order (NULL for an int). */
static void leaves(IVal *v, double **p, long *at)
{
    switch (v->k) {
    case IV_INT: p[(*at)++] = NULL; break;
    case IV_REAL: p[(*at)++] = &v->r; break;
    case IV_COMPLEX:
        p[(*at)++] = &v->r;
        p[(*at)++] = &v->im;
        break;
    case IV_VEC: case IV_ROWVEC: case IV_MAT:
    case IV_CVEC: case IV_CROWVEC: case IV_CMAT:
        for (long k = 0; k < iv_count(v); k++)
            p[(*at)++] = &v->d[k];
        break;
    case IV_ARRAY:
        for (int k = 0; k < v->n; k++)
            leaves(&v->el[k], p, at);
        break;
    default: break;
    }
}

static double *flat(Arena *a, const IVal *v, long *m)
{
    *m = iv_count(v);
    double *x = arena_alloc(a, sizeof(double) * (size_t)(*m + 1));
    iv_flatten(v, x);
    return x;
}

/* ------------------------------------------------- structural rules */

/* [] : the selection applied to the labels of the base says where each
 * value of the result came from. */
static int back_index(Grad *g, const MirTraceVals *kv, const double *gout,
                      double *gbase)
{
    IVal lab = iv_copy(g->I->a, &kv->args[0]), res;
    long at = 0, m;
    label(&lab, &at);
    if (interp_select(g->I, &lab, kv->sels, kv->nsels, &res))
        return -1;
    double *pos = flat(g->I->a, &res, &m);
    for (long j = 0; j < m; j++)
        if (pos[j] >= 1)
            gbase[(long)pos[j] - 1] += gout[j];
    return 0;
}

/* []= : the store done on labels (the variable's, then the right side's
 * after them) says which value each result value is. */
static int back_store(Grad *g, const MirTraceVals *kv, const double *gout,
                      double *gcur, double *grhs)
{
    IVal cur = iv_copy(g->I->a, &kv->args[0]);
    IVal rhs = iv_copy(g->I->a, &kv->args[1]);
    long at = 0, m;
    label(&cur, &at);
    long ncur = at;
    label(&rhs, &at);
    if (rhs.k == IV_INT && cur.k != IV_ARRAY)
        rhs = iv_real((double)rhs.i);
    if (interp_store(g->I, &cur, kv->sels, kv->nsels, &rhs))
        return -1;
    double *pos = flat(g->I->a, &cur, &m);
    for (long j = 0; j < m; j++) {
        long p = (long)pos[j] - 1;
        if (p < 0)
            continue;
        if (p < ncur && gcur)
            gcur[p] += gout[j];
        else if (p >= ncur && grhs)
            grhs[p - ncur] += gout[j];
    }
    return 0;
}

static bool is_matrix_like(const IVal *v)
{
    return v->k == IV_VEC || v->k == IV_ROWVEC || v->k == IV_MAT;
}

/* C = A B (row-major): gA = G B', gB = A' G. */
static int back_matmul(const MirTraceVals *kv, const double *gout,
                       double *ga, double *gb)
{
    const IVal *A = &kv->args[0], *B = &kv->args[1];
    int r = A->rows, k = A->cols, c = B->cols;
    if (B->rows != k || iv_count(&kv->out) != (long)r * c)
        return 1;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            double gij = gout[(long)i * c + j];
            for (int l = 0; l < k; l++) {
                if (ga)
                    ga[(long)i * k + l] += gij * B->d[(long)l * c + j];
                if (gb)
                    gb[(long)l * c + j] += gij * A->d[(long)i * k + l];
            }
        }
    return 0;
}

/* A table rule over broadcast arguments; 1 when the shapes do not fit. */
static int back_rule(Grad *g, const InterpGradRule *r, bool density,
                     const MirTraceVals *kv, const double *gout, double **ga)
{
    int n = kv->nargs;
    if (n != r->nargs || n > 8)
        return 1;
    double *x[8];
    long m[8], L = 1;
    bool containers = 0;
    for (int k = 0; k < n; k++) {
        x[k] = flat(g->I->a, &kv->args[k], &m[k]);
        if (kv->args[k].k != IV_INT && kv->args[k].k != IV_REAL) {
            if (containers && (!strcmp(r->name, "multiply")
                               || !strcmp(r->name, "divide")))
                return 1;
            containers = true;
        }
        if (m[k] != 1) {
            if (L != 1 && m[k] != L)
                return 1;
            L = m[k];
        }
    }
    long mout = iv_count(&kv->out);
    if (density ? mout != 1 : mout != L)
        return 1;
    double xs[8], d[8];
    for (long j = 0; j < L; j++) {
        for (int k = 0; k < n; k++)
            xs[k] = x[k][m[k] == 1 ? 0 : j];
        r->d(xs, d);
        double gj = gout[density ? 0 : j];
        for (int k = 0; k < n; k++)
            if (ga[k])
                ga[k][m[k] == 1 ? 0 : j] += gj * d[k];
    }
    return 0;
}

/* FnConstrain__(x, "lb"|"ub"|"lub", bounds...) with scalar bounds,
 * elementwise: the value's and the log-Jacobian's partials. */
static int back_bounds(Grad *g, const MirTraceVals *kv, const double *gout,
                       double glj, double **ga)
{
    double *gx = ga[0];
    const char *tr = kv->nargs >= 3 && kv->args[1].k == IV_STR
        ? kv->args[1].s : "";
    int nb = !strcmp(tr, "lub") ? 2 : !strcmp(tr, "lb") || !strcmp(tr, "ub")
        ? 1 : -1;
    if (nb < 0 || kv->nargs != 2 + nb)
        return 1;
    for (int k = 2; k < kv->nargs; k++)
        if (kv->args[k].k != IV_INT && kv->args[k].k != IV_REAL)
            return 1;
    long m;
    double *x = flat(g->I->a, &kv->args[0], &m);
    if (iv_count(&kv->out) != m)
        return 1;
    double lo = iv_num(&kv->args[2]);
    double hi = nb == 2 ? iv_num(&kv->args[3]) : 0;
    double *glo = ga[2], *ghi = nb == 2 ? ga[3] : NULL;
    for (long j = 0; j < m; j++) {
        double dv, dlj;
        if (nb == 1) {          /* lb + exp(x), ub - exp(x); lj = x */
            dv = !strcmp(tr, "lb") ? exp(x[j]) : -exp(x[j]);
            dlj = 1;
            if (glo)            /* the bound shifts the value */
                glo[0] += gout[j];
        } else {                /* lb + (ub - lb) inv_logit(x); lj =
                                   log(ub - lb) + log p + log(1 - p) */
            double p = x[j] >= 0 ? 1 / (1 + exp(-x[j]))
                                 : exp(x[j]) / (1 + exp(x[j]));
            dv = (hi - lo) * p * (1 - p);
            dlj = 1 - 2 * p;
            if (glo)
                glo[0] += gout[j] * (1 - p) - glj / (hi - lo);
            if (ghi)
                ghi[0] += gout[j] * p + glj / (hi - lo);
        }
        if (gx)
            gx[j] += gout[j] * dv + glj * dlj;
    }
    return 0;
}

/* FnConstrain__ of offset/multiplier (scalar), ordered and
 * positive_ordered (a vector): y = o + m x, lj = n log m; ordered y_1 =
 * x_1, y_k = y_(k-1) + exp(x_k), lj = sum_(k>1) x_k; positive_ordered
 * the same with y_1 = exp(x_1), lj = sum x_k.  1 when not these. */
static int back_affine_ordered(Grad *g, const MirTraceVals *kv,
                               const double *gout, double glj, double **ga)
{
    const char *tr = kv->nargs >= 2 && kv->args[1].k == IV_STR
        ? kv->args[1].s : "";
    long m;
    double *x = flat(g->I->a, &kv->args[0], &m);
    if (iv_count(&kv->out) != m)
        return 1;
    bool off = !strcmp(tr, "offset"), mul = !strcmp(tr, "multiplier");
    bool om = !strcmp(tr, "offset_multiplier");
    if (off || mul || om) {
        int nb = om ? 2 : 1;
        if (kv->nargs != 2 + nb)
            return 1;
        for (int k = 2; k < kv->nargs; k++)
            if (kv->args[k].k != IV_INT && kv->args[k].k != IV_REAL)
                return 1;
        double sg = off ? 1 : iv_num(&kv->args[om ? 3 : 2]);
        double *go = off || om ? ga[2] : NULL, *gm = mul ? ga[2]
                   : om ? ga[3] : NULL;
        for (long j = 0; j < m; j++) {
            if (ga[0])
                ga[0][j] += gout[j] * sg;
            if (go)
                go[0] += gout[j];
            if (gm)
                gm[0] += gout[j] * x[j] + glj / sg;
        }
        return 0;
    }
    bool pos = !strcmp(tr, "positive_ordered");
    if ((!pos && strcmp(tr, "ordered")) || kv->args[0].k != IV_VEC
        || !ga[0])
        return 1;
    /* y_k depends on x_j (j <= k): dy_k/dx_1 = 1 (ordered) or e^x_1,
     * dy_k/dx_j = e^x_j; so gx_j = e^x_j (or 1) * sum_(k>=j) gy_k */
    double acc = 0;
    for (long j = m - 1; j >= 0; j--) {
        acc += gout[j];
        double d = j == 0 && !pos ? 1 : exp(x[j]);
        ga[0][j] += acc * d + (j > 0 || pos ? glj : 0);
    }
    return 0;
}

/* log_sum_exp, dot_self, mean, dot_product, cumulative_sum; 1 when not
 * these or the shapes differ. */
static int back_reduce(Grad *g, const MirTraceVals *kv, const double *gout,
                       double **ga)
{
    long m;
    if (!strcmp(kv->lib, "log_sum_exp") && kv->nargs == 1) {
        double *x = flat(g->I->a, &kv->args[0], &m), y = iv_num(&kv->out);
        for (long j = 0; j < m && ga[0]; j++)
            ga[0][j] += gout[0] * exp(x[j] - y);
        return 0;
    }
    if (!strcmp(kv->lib, "log_sum_exp") && kv->nargs == 2
        && iv_count(&kv->args[0]) == 1 && iv_count(&kv->args[1]) == 1) {
        double y = iv_num(&kv->out);
        for (int k = 0; k < 2; k++)
            if (ga[k])
                ga[k][0] += gout[0] * exp(iv_num(&kv->args[k]) - y);
        return 0;
    }
    if ((!strcmp(kv->lib, "dot_self") || !strcmp(kv->lib, "mean"))
        && kv->nargs == 1 && iv_count(&kv->out) == 1) {
        double *x = flat(g->I->a, &kv->args[0], &m);
        bool mean = !strcmp(kv->lib, "mean");
        for (long j = 0; j < m && ga[0]; j++)
            ga[0][j] += gout[0] * (mean ? 1.0 / (double)m : 2 * x[j]);
        return 0;
    }
    if (!strcmp(kv->lib, "dot_product") && kv->nargs == 2
        && iv_count(&kv->args[0]) == iv_count(&kv->args[1])) {
        long m1;
        double *x = flat(g->I->a, &kv->args[0], &m);
        double *y = flat(g->I->a, &kv->args[1], &m1);
        for (long j = 0; j < m; j++) {
            if (ga[0])
                ga[0][j] += gout[0] * y[j];
            if (ga[1])
                ga[1][j] += gout[0] * x[j];
        }
        return 0;
    }
    if (!strcmp(kv->lib, "cumulative_sum") && kv->nargs == 1
        && iv_count(&kv->out) == iv_count(&kv->args[0])) {
        m = iv_count(&kv->out);
        double acc = 0;
        for (long j = m - 1; j >= 0; j--) {
            acc += gout[j];
            if (ga[0])
                ga[0][j] += acc;
        }
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------ numeric rule */

/* The primitive of kv called on args: sum_j gout_j y_j + glj lj. */
static int call_again(Grad *g, const MirTraceVals *kv, const IVal *args,
                      const double *gout, double glj, double *phi)
{
    MirInterp *I = g->I;
    IVal out;
    double lj = 0;
    int rc;
    if (kv->lib) {
        RtError err = {.msg = ""};
        LibCall c = {I->a, &err, kv->lib, (IVal *)args, kv->ad, kv->nargs,
                     kv->propto};
        rc = interp_lib_call(&c, &out);
    } else {
        RtError saved = I->err;
        rc = interp_internal(I, &I->global, kv->call, args, &out, &lj);
        I->err = saved;
    }
    if (rc)
        return -1;
    long m = iv_count(&out);
    if (m != iv_count(&kv->out))
        return -1;
    double *y = flat(I->a, &out, &m);
    double s = glj * lj;
    for (long j = 0; j < m; j++)
        s += gout[j] * y[j];
    *phi = s;
    return 0;
}

/* How the values of an argument move with t: p[0..np-1] from x0 by t
 * each; or, renormalized (a simplex or a stochastic row: the primitive
 * rejects any other move), p[i] by t and then all np divided by 1 + t,
 * the direction e_i - x (whose derivative differs from the partial by a
 * constant over the group, which a sum-preserving upstream ignores). */
typedef struct Move {
    double **p;
    double *x0;
    int np;
    int renorm;         /* 1 + i: renormalized moving p[i]; 0: plain */
} Move;

static void move_to(const Move *mv, double t)
{
    for (int q = 0; q < mv->np; q++)
        *mv->p[q] = mv->renorm ? (mv->x0[q] + (q == mv->renorm - 1 ? t : 0))
                                 / (1 + t)
                               : mv->x0[q] + t;
}

/* Five-point central difference of phi along the move with step h: 0,
 * or -1 when phi cannot be evaluated there. */
static int stencil(Grad *g, const MirTraceVals *kv, const IVal *args,
                   const double *gout, double glj, const Move *mv, double h,
                   double *d)
{
    static const double at4[4] = {-2, -1, 1, 2};
    double f[4];
    int rc = 0;
    for (int s = 0; s < 4 && !rc; s++) {
        move_to(mv, at4[s] * h);
        rc = call_again(g, kv, args, gout, glj, &f[s]);
    }
    move_to(mv, 0);
    for (int q = 0; q < mv->np; q++)
        *mv->p[q] = mv->x0[q];
    *d = (f[0] - 8 * f[1] + 8 * f[2] - f[3]) / (12 * h);
    return rc;
}

/* The derivative along the move: the stencil at h and h/2, combined by
 * Richardson's extrapolation (error O(h^6)); h shrinks while the
 * primitive rejects the moved arguments (tries times). */
static int derivative(Grad *g, const MirTraceVals *kv, const IVal *args,
                      const double *gout, double glj, const Move *mv,
                      int tries, double *d)
{
    double x = mv->x0[mv->renorm ? mv->renorm - 1 : 0];
    double h = 1e-3 * fmax(fabs(x), 1e-2), d1, d2;
    for (int k = 0; k < tries; k++, h /= 8)
        if (stencil(g, kv, args, gout, glj, mv, h, &d1) == 0
            && stencil(g, kv, args, gout, glj, mv, h / 2, &d2) == 0) {
            *d = d2 + (d2 - d1) / 15;
            return 0;
        }
    return -1;
}

/* The leaves p[from..from+n-1] sum to 1 and are not negative. */
static bool simplex_group(double **p, long from, long n)
{
    double s = 0;
    for (long q = 0; q < n; q++) {
        if (!p[from + q] || *p[from + q] < 0)
            return false;
        s += *p[from + q];
    }
    return n > 1 && fabs(s - 1) <= 1e-8;
}

static bool symmetric(const IVal *v)
{
    if (v->k != IV_MAT || v->rows != v->cols || v->rows < 2)
        return false;
    for (int i = 0; i < v->rows; i++)
        for (int j = 0; j < i; j++)
            if (v->d[(long)i * v->cols + j] != v->d[(long)j * v->cols + i])
                return false;
    return true;
}

/* Every active argument's values moved one at a time; a symmetric matrix
 * (a covariance: the primitive checks symmetry) moves (i, j) and (j, i)
 * together, each taking half; a value the primitive does not let move
 * that is exactly 0 in a matrix (a Cholesky factor's upper triangle) is
 * a structural zero: no derivative. */
static int back_numeric(Grad *g, const MirTraceNode *nd, const double *gout,
                        double glj, double **ga)
{
    const MirTraceVals *kv = nd->vals;
    if (!kv->lib && !kv->call)
        return fail(g, "no derivative rule and no call to differentiate "
                    "numerically", nd);
    IVal *args = arena_alloc(g->I->a, sizeof(IVal) * (size_t)(kv->nargs + 1));
    memcpy(args, kv->args, sizeof(IVal) * (size_t)kv->nargs);
    for (int k = 0; k < kv->nargs; k++) {
        if (!ga[k])
            continue;
        args[k] = iv_copy(g->I->a, &kv->args[k]);
        long m = iv_count(&args[k]), at = 0;
        double **p = arena_alloc(g->I->a, sizeof(double *) * (size_t)(m + 1));
        leaves(&args[k], p, &at);
        bool sym = symmetric(&args[k]);
        int cols = args[k].cols;
        long group = args[k].k == IV_MAT ? cols : m;
        double *x0 = arena_alloc(g->I->a, sizeof(double) * (size_t)(m + 1));
        for (long j = 0; j < m; j++)
            x0[j] = p[j] ? *p[j] : 0;
        for (long j = 0; j < m; j++) {
            if (!p[j])
                continue;
            long r = j / (cols ? cols : 1), c = j % (cols ? cols : 1);
            if (sym && c > r)
                continue;
            double *pp[2] = {p[j], sym && c < r ? p[c * cols + r] : NULL};
            double xx[2] = {x0[j], pp[1] ? x0[c * cols + r] : 0};
            Move mv = {pp, xx, pp[1] ? 2 : 1, 0};
            double d;
            int rc = derivative(g, kv, args, gout, glj, &mv, 3, &d);
            long g0 = j / group * group;
            if (rc && simplex_group(p, g0, group)) {
                Move rn = {p + g0, x0 + g0, (int)group, (int)(j - g0) + 1};
                rc = derivative(g, kv, args, gout, glj, &rn, 8, &d);
            } else if (rc) {
                rc = derivative(g, kv, args, gout, glj, &mv, 8, &d);
            }
            if (rc) {
                if (x0[j] == 0 && args[k].k == IV_MAT)
                    continue;
                return fail(g, "the numeric derivative cannot evaluate the "
                            "primitive near its arguments", nd);
            }
            ga[k][j] += d / mv.np;
            if (mv.np == 2)
                ga[k][c * cols + r] += d / mv.np;
        }
        args[k] = kv->args[k];
    }
    return 0;
}

/* fn added to st's names of numerically differentiated primitives. */
static void note_name(Arena *a, MirGradStats *st, const char *fn)
{
    const char *s = st->numeric_fns ? st->numeric_fns : "";
    size_t n = strlen(fn);
    for (const char *q = s; (q = strstr(q, fn)); q += n)
        if ((q == s || q[-2] == ',') && (q[n] == ',' || q[n] == 0))
            return;
    st->numeric_fns = *s ? arena_printf(a, "%s, %s", s, fn)
                         : arena_strdup(a, fn);
}

static void note_numeric(Grad *g, MirTraceNode *nd)
{
    nd->grad_numeric = true;
    g->st->numeric++;
    note_name(g->I->a, g->st, nd->fn ? nd->fn : "?");
}

void interp_grad_merge(Arena *a, MirGradStats *into, const MirGradStats *from)
{
    into->closed += from->closed;
    into->numeric += from->numeric;
    const char *s = from->numeric_fns ? from->numeric_fns : "";
    while (*s) {
        const char *end = strstr(s, ", ");
        size_t len = end ? (size_t)(end - s) : strlen(s);
        note_name(a, into, arena_strndup(a, s, len));
        s += len + (end ? 2 : 0);
    }
}

/* A density's name without _lpdf, _lupdf, _lpmf or _lupmf. */
static const char *density_base(Grad *g, const char *fn)
{
    static const char *const sfx[] = {"_lpdf", "_lupdf", "_lpmf", "_lupmf"};
    size_t len = strlen(fn);
    for (int i = 0; i < 4; i++) {
        size_t s = strlen(sfx[i]);
        if (name_has_suffix(fn, sfx[i]))
            return arena_strndup(g->I->a, fn, len - s);
    }
    return fn;
}

/* ---------------------------------------------------- the primitives */

static int back_primitive_rules(Grad *g, List *L, int i, double **ga);

static int back_primitive(Grad *g, List *L, int i)
{
    MirTraceNode *nd = &L->t->nodes[i - 1];
    const MirTraceVals *kv = nd->vals;
    long mout = count(nd);
    double *gout = L->adj[i];
    if (!gout) {
        gout = calloc((size_t)mout + 1, sizeof(double));
        L->adj[i] = gout;
    }
    if (kv->is_read) {
        long m;
        double *pos = flat(g->I->a, &kv->ulabels, &m);
        for (long j = 0; j < m && j < mout; j++)
            if (pos[j] >= 0 && pos[j] < g->nunc)
                g->grad[(long)pos[j]] += gout[j];
        return 0;
    }
    if (!kv->args)
        return 0;
    /* the arguments' adjoints: argument k of the values is which ref */
    bool index = nd->fn && !strcmp(nd->fn, "[]");
    bool store = nd->fn && !strcmp(nd->fn, "[]=");
    double *ga[64] = {0}, *folded[64] = {0};
    long nfold[64] = {0};
    if (kv->nargs > 64)
        return fail(g, "too many arguments", nd);
    for (int k = 0; k < kv->nargs; k++) {
        int ref = store && k == 1 ? nd->refs[nd->nargs - 1]
                : index || store ? nd->refs[0] : nd->refs[k];
        if (ref <= 0 || ref >= i || !L->active[ref])
            continue;
        long m = iv_count(&kv->args[k]), mref = count(&L->t->nodes[ref - 1]);
        if (m == mref) {
            ga[k] = adj_of(L, ref);
        } else if (m == 2 * mref && iv_is_complex(&kv->args[k])
                   && !iv_is_complex(&L->t->nodes[ref - 1].vals->out)) {
            /* a real value promoted to complex: the real parts'
             * adjoints are the real value's */
            folded[k] = adj_of(L, ref);
            nfold[k] = mref;
            ga[k] = arena_alloc(g->I->a, sizeof(double) * (size_t)(m + 1));
            memset(ga[k], 0, sizeof(double) * (size_t)m);
        }
    }
    int rc = back_primitive_rules(g, L, i, ga);
    for (int k = 0; k < kv->nargs && rc == 0; k++)
        for (long j = 0; j < nfold[k]; j++)
            folded[k][j] += ga[k][2 * j];
    return rc;
}

/* back_primitive's rules on the arguments' adjoints ga. */
static int back_primitive_rules(Grad *g, List *L, int i, double **ga)
{
    MirTraceNode *nd = &L->t->nodes[i - 1];
    const MirTraceVals *kv = nd->vals;
    long mout = count(nd);
    double *gout = L->adj[i];
    bool index = nd->fn && !strcmp(nd->fn, "[]");
    bool store = nd->fn && !strcmp(nd->fn, "[]=");
    int rc = 1;
    if (kv->lib && !strncmp(kv->lib, "ode_", 4)) {
        rc = interp_ode_grad(g->I, kv, gout, ga, g->st);
        if (rc < 0)
            return fail(g, g->I->err.msg, nd);
        if (rc == 0)
            return 0;
    }
    if (index)
        rc = back_index(g, kv, gout, ga[0]) ? -1 : 0;
    else if (store)
        rc = back_store(g, kv, gout, ga[0], ga[1]) ? -1 : 0;
    else if (!kv->lib && kv->call && (kv->call->internal == FN_MAKE_ARRAY
                                      || kv->call->internal == FN_MAKE_ROW_VEC)) {
        /* a real item of a complex result: its real part's adjoint */
        bool cx = iv_is_complex(&kv->out);
        long at = 0;
        for (int k = 0; k < kv->nargs; k++)
            at += iv_count(&kv->args[k])
                  * (cx && !iv_is_complex(&kv->args[k]) ? 2 : 1);
        rc = at == mout ? 0 : 1;
        at = 0;
        for (int k = 0; k < kv->nargs && rc == 0; k++) {
            long m = iv_count(&kv->args[k]);
            int step = cx && !iv_is_complex(&kv->args[k]) ? 2 : 1;
            for (long j = 0; j < m; j++)
                if (ga[k])
                    ga[k][j] += gout[at + step * j];
            at += step * m;
        }
    } else if (kv->lib && (rc = interp_grad_complex(g->I->a, kv, gout, ga))
                              != 1) {
        /* complex values: interp_grad_complex.c's rules, or numerically */
        if (rc == 2)
            rc = 1;
    } else if (kv->lib && !strcmp(kv->lib, "sum") && kv->nargs == 1) {
        long m = iv_count(&kv->args[0]);
        for (long j = 0; j < m && ga[0]; j++)
            ga[0][j] += gout[0];
        rc = 0;
    } else if (kv->lib && !strcmp(kv->lib, "multiply") && kv->nargs == 2
               && is_matrix_like(&kv->args[0])
               && is_matrix_like(&kv->args[1])) {
        rc = back_matmul(kv, gout, ga[0], ga[1]);
    } else if (kv->lib && !strcmp(kv->lib, "cholesky_decompose")
               && kv->nargs == 1) {
        rc = ga[0] ? interp_grad_cholesky(g->I->a, &kv->out, gout, ga[0]) : 0;
    } else if (!kv->lib && kv->call && kv->call->internal == FN_CONSTRAIN) {
        rc = back_bounds(g, kv, gout, L->ljadj[i], ga);
        if (rc == 1)
            rc = back_affine_ordered(g, kv, gout, L->ljadj[i], ga);
        if (rc == 1)
            rc = interp_grad_transform(g->I->a, kv, gout, L->ljadj[i], ga);
    } else if (kv->lib && L->ljadj[i] == 0) {
        bool density;
        const InterpGradRule *r = interp_grad_rule(kv->lib, &density);
        rc = r ? back_rule(g, r, density, kv, gout, ga)
               : back_reduce(g, kv, gout, ga);
        const char *base = density ? density_base(g, kv->lib) : kv->lib;
        if (rc == 1 && density)
            rc = interp_grad_multi_normal(g->I->a, base, kv->args,
                                          kv->nargs, gout[0], ga);
        if (rc == 1 && density)
            rc = interp_grad_lkj(g->I->a, base, kv->args, kv->nargs,
                                 gout[0], ga);
        if (rc == 1 && density)
            rc = interp_grad_wishart(g->I->a, base, kv->args, kv->nargs,
                                     gout[0], ga);
        if (rc == 1 && density)
            rc = interp_grad_glm(g->I->a, base, kv, gout[0], ga);
        if (rc == 1)
            rc = interp_grad_more(g->I->a, base, kv, gout, ga);
    }
    if (rc < 0)
        return fail(g, "the derivative rule failed", nd);
    if (rc == 0) {
        g->st->closed++;
        return 0;
    }
    note_numeric(g, nd);
    return back_numeric(g, nd, gout, L->ljadj[i], ga);
}

/* ---------------------------------------------------------- the lists */

static void list_free(List *L)
{
    if (L->adj)
        for (int i = 0; i <= L->t->n; i++)
            free(L->adj[i]);
    free(L->adj);
    free(L->ljadj);
    free(L->active);
}

/* A read of target(): its adjoint goes to the terms added before it. */
static bool is_target_read(const MirTraceNode *nd)
{
    return nd->kind == MT_PRIMITIVE && nd->nargs == 0 && nd->fn
        && strcmp(nd->fn, "target") == 0;
}

/* A call of an _lp function: it may read target(), whose value depends
 * on u whatever its arguments. */
static bool is_lp_call(const MirTraceNode *nd)
{
    size_t n = nd->fn ? strlen(nd->fn) : 0;
    return nd->kind == MT_NESTED && n > 3 && strcmp(nd->fn + n - 3, "_lp") == 0;
}

static bool is_param_arg(const MirTraceNode *nd)
{
    return nd->kind == MT_ARG && nd->block == 1 && nd->expr > 0;
}

/* Which nodes depend on u through real or complex values (argact: the
 * callee's arguments, by position, or NULL at the top). */
static void mark_active(List *L, const bool *argact, int nargact)
{
    const MirTrace *t = L->t;
    for (int i = 1; i <= t->n; i++) {
        const MirTraceNode *nd = &t->nodes[i - 1];
        bool a = false;
        if ((nd->vals && nd->vals->is_read) || is_target_read(nd)
            || is_lp_call(nd))
            a = true;
        else if (is_param_arg(nd))
            a = argact && nd->expr <= nargact && argact[nd->expr - 1];
        else if (nd->kind != MT_ARG && nd->kind != MT_CONST)
            for (int k = 0; k < nd->nargs; k++)
                if (nd->refs[k] > 0 && nd->refs[k] < i
                    && L->active[nd->refs[k]])
                    a = true;
        /* a call is entered whenever an argument depends on u: its list
         * may add to target (an _lp function) */
        L->active[i] = a && (nd->kind == MT_TARGET || nd->kind == MT_RETURN
                             || nd->kind == MT_NESTED
                             || (nd->vals && has_reals(&nd->vals->out)));
    }
}

static int back_list(Grad *g, MirTrace *t, const bool *argact, int nargact,
                     const double *gret, long mret, double **argadj,
                     const long *argm);

static int back_nested(Grad *g, List *L, int i)
{
    MirTraceNode *nd = &L->t->nodes[i - 1];
    if (!nd->children)
        return fail(g, "the call's list was not recorded (a deeper "
                    "max_depth, and no user primitives, are needed for the "
                    "gradient)", nd);
    int n = nd->nargs;
    bool *argact = calloc((size_t)n + 1, 1);
    double **argadj = calloc((size_t)n + 1, sizeof(double *));
    long *argm = calloc((size_t)n + 1, sizeof(long));
    int rc = argact && argadj && argm ? 0 : fail(g, "out of memory", nd);
    for (int k = 0; k < n && !rc; k++) {
        int ref = nd->refs[k];
        argact[k] = ref > 0 && ref < i && L->active[ref];
        if (argact[k]) {
            argm[k] = count(&L->t->nodes[ref - 1]);
            argadj[k] = adj_of(L, ref);
        }
    }
    if (!rc)
        rc = back_list(g, nd->children, argact, n, adj_of(L, i), count(nd),
                       argadj, argm);
    free(argact);
    free(argadj);
    free(argm);
    return rc;
}

/* t backward; gret: the adjoint of the value returned; argadj[k] (argm[k]
 * values): where the adjoints of the callee's argument k are added. */
static int back_list(Grad *g, MirTrace *t, const bool *argact, int nargact,
                     const double *gret, long mret, double **argadj,
                     const long *argm)
{
    List L = {t, calloc((size_t)t->n + 1, sizeof(double *)),
              calloc((size_t)t->n + 1, sizeof(double)),
              calloc((size_t)t->n + 1, 1)};
    if (!L.adj || !L.ljadj || !L.active) {
        list_free(&L);
        snprintf(g->why, g->nwhy, "out of memory");
        return -1;
    }
    mark_active(&L, argact, nargact);
    int rc = 0;
    for (int i = 1; i <= t->n && !rc; i++) {
        const MirTraceNode *nd = &t->nodes[i - 1];
        int r = nd->nargs ? nd->refs[0] : 0;
        if (r <= 0 || r >= i || !L.active[r])
            continue;
        if (nd->kind == MT_RETURN && gret) {
            double *a = adj_of(&L, r);
            long m = count(&t->nodes[r - 1]);
            /* a real value returned as complex: its real parts' */
            int step = mret == 2 * m ? 2 : 1;
            if (!a)
                rc = fail(g, "out of memory", nd);
            for (long j = 0; a && j < m && step * j < mret; j++)
                a[j] += gret[step * j];
        }
    }
    for (int i = t->n; i >= 1 && !rc; i--) {
        MirTraceNode *nd = &t->nodes[i - 1];
        int r = nd->nargs ? nd->refs[0] : 0;
        if (nd->kind == MT_TARGET && r > 0 && r < i && L.active[r]) {
            /* seeded now: the adjoint of target after the reads that
             * come later */
            if (nd->note && !strcmp(nd->note, "log|J|")) {
                L.ljadj[r] += g->target_adj;
                continue;
            }
            double *a = adj_of(&L, r);
            long m = count(&t->nodes[r - 1]);
            if (!a)
                rc = fail(g, "out of memory", nd);
            for (long j = 0; a && j < m; j++)
                a[j] += g->target_adj;
            continue;
        }
        if (is_target_read(nd)) {
            if (L.adj[i])
                g->target_adj += L.adj[i][0];
            continue;
        }
        if (!L.active[i] || (!L.adj[i] && L.ljadj[i] == 0
                             && nd->kind != MT_NESTED))
            continue;
        if (nd->kind == MT_PRIMITIVE) {
            rc = back_primitive(g, &L, i);
        } else if (nd->kind == MT_NESTED) {
            rc = back_nested(g, &L, i);
        } else if (is_param_arg(nd) && argadj && nd->expr <= nargact
                   && argadj[nd->expr - 1]) {
            long m = count(nd), ma = argm[nd->expr - 1];
            /* a real argument promoted to complex: the real parts' */
            int step = m == 2 * ma && iv_is_complex(&nd->vals->out) ? 2 : 1;
            if (m != step * ma)
                rc = fail(g, "an argument's size differs from the caller's",
                          nd);
            for (long j = 0; j < ma && !rc; j++)
                argadj[nd->expr - 1][j] += L.adj[i][step * j];
        }
    }
    list_free(&L);
    return rc;
}

/* ------------------------------------------------------------ the API */

int interp_grad_list(MirInterp *I, MirTrace *t, const bool *argact,
                     int nargs, const double *gret, double **argadj,
                     const long *argm, MirGradStats *st, char *why,
                     size_t nwhy)
{
    Grad g = {I, NULL, 0, st, why, nwhy, 1.0};
    if (!t)
        return snprintf(why, nwhy, "no list was recorded"), -1;
    return back_list(&g, t, argact, nargs, gret, gret ? LONG_MAX : 0,
                     argadj, argm);
}

int mir_trace_gradient(MirInterp *in, MirTrace *t, double *grad,
                       MirGradStats *st, char *why, size_t n)
{
    Grad g = {in, grad, mir_interp_num_unconstrained(in), st, why, n, 1.0};
    *st = (MirGradStats){.numeric_fns = ""};
    memset(grad, 0, sizeof(double) * (size_t)g.nunc);
    if (!t)
        return snprintf(why, n, "no trace was recorded"), -1;
    return back_list(&g, t, NULL, 0, NULL, 0, NULL, NULL);
}

int mir_interp_gradient(MirInterp *in, const double *u, double *lp,
                        double *grad, MirGradStats *st, MirTrace **trace,
                        char *why, size_t n, bool *unsupported)
{
    MirInterpOptions o = {.jacobian = true, .max_depth = INT32_MAX};
    MirTrace *t = NULL;
    if (trace)
        *trace = NULL;
    if (mir_interp_log_prob(in, u, &o, lp, &t, why, n, unsupported))
        return -1;
    if (trace)
        *trace = t;
    return mir_trace_gradient(in, t, grad, st, why, n);
}

int mir_trace_param_node(const MirTrace *t, int k)
{
    for (int i = 1; t && i <= t->n; i++) {
        const MirTraceVals *kv = t->nodes[i - 1].vals;
        if (!kv || !kv->is_read)
            continue;
        long m = iv_count(&kv->ulabels);
        double *pos = malloc(sizeof(double) * (size_t)(m + 1));
        if (!pos)
            return 0;
        iv_flatten(&kv->ulabels, pos);
        bool hit = false;
        for (long j = 0; j < m; j++)
            hit = hit || (long)pos[j] == k;
        free(pos);
        if (hit)
            return i;
    }
    return 0;
}
