/* emit_csr.c - calls of the compressed sparse row functions of rt_csr.h
 * (Stan Functions Reference, "Sparse matrix operations"): the value, and
 * the reverse step.
 *
 *   csr_extract_w(A)      the non-zeros of A: their number is known only
 *                         at run time, counted into an int first;
 *                         A_adj gets w_adj at the same entries
 *   csr_extract_v(A), csr_extract_u(A)    int arrays, no derivatives
 *   csr_to_dense_matrix(m, n, w, v, u)    derivatives to w
 *   csr_matrix_times_vector(m, n, w, v, u, b)    derivatives to w and b
 *
 * csr_extract(A), the tuple (w, v, u), is taken apart into the three
 * calls before the backend (mir/untuple.c).  The last two validate m, n,
 * v and u (rt_csr_check) before the result is allocated, so that Stan's
 * message comes first and a hostile index never reaches a read. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

typedef enum CsrFn { CSR_W, CSR_V, CSR_U, CSR_DENSE, CSR_TIMES } CsrFn;

static const struct {
    const char *name;
    int nargs;
} csr_fns[] = {
    [CSR_W] = {"csr_extract_w", 1},
    [CSR_V] = {"csr_extract_v", 1},
    [CSR_U] = {"csr_extract_u", 1},
    [CSR_DENSE] = {"csr_to_dense_matrix", 5},
    [CSR_TIMES] = {"csr_matrix_times_vector", 6},
};

/* Which of the functions e calls, or -1. */
static int which(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return -1;
    for (int k = 0; k < (int)(sizeof csr_fns / sizeof csr_fns[0]); k++)
        if (strcmp(e->fn, csr_fns[k].name) == 0
            && e->nargs == csr_fns[k].nargs)
            return k;
    return -1;
}

/* The int array argument k of e (v or u). */
static Opnd int_array(Emit *em, const MirExpr *e, int k)
{
    Opnd o = em_value(em, e->args[k]);
    if (!o.is_int || !o.container)
        em_unsupported(em, "%s with this argument %d", e->fn, k + 1);
    return o;
}

/* The arguments m, n, w, v, u (and b) of the last two, and the check of
 * all of them as Stan makes it. */
typedef struct CsrArgs {
    Opnd m, n, w, v, u, b;
} CsrArgs;

static CsrArgs csr_args(Emit *em, const MirExpr *e, bool check)
{
    CsrArgs c;
    c.m = em_value(em, e->args[0]);
    c.n = em_value(em, e->args[1]);
    c.w = em_value(em, e->args[2]);
    c.v = int_array(em, e, 3);
    c.u = int_array(em, e, 4);
    bool times = e->nargs == 6;
    if (times)
        c.b = em_value(em, e->args[5]);
    if (!check)
        return c;
    const char *fn = em_c_string(em->a, e->fn);
    if (times)   /* Stan checks n against b first */
        em_line(em, "if (%s > 0 && %s > 0 && %s != %s) return rt_error(err, "
                "\"%%s: n (%%d) and b (%%d) must match in size\", %s, "
                "(int)(%s), (int)(%s));", c.m.val, c.n.val, c.n.val, c.b.n,
                fn, c.n.val, c.b.n);
    em_line(em, "if (rt_csr_check(%s, %s, %s, %s, %s, %s, %s, %s, err)) "
            "return -1;", fn, c.m.val, c.n.val, c.w.n, c.v.val, c.v.n,
            c.u.val, c.u.n);
    return c;
}

static bool csr_value(Emit *em, const MirExpr *e, Opnd *out)
{
    int f = which(e);
    if (f < 0)
        return false;
    if (f == CSR_DENSE || f == CSR_TIMES) {
        CsrArgs c = csr_args(em, e, true);
        if (f == CSR_DENSE) {
            Opnd y = em_new_container(em, A("(%s) * (%s)", c.m.val, c.n.val),
                                      c.m.val, c.n.val, false);
            em_line(em, "if (rt_csr_to_dense_matrix(%s, %s, %s, %s, %s, %s, "
                    "%s, %s, %s, err)) return -1;", c.m.val, c.n.val, c.w.val,
                    c.w.n, c.v.val, c.v.n, c.u.val, c.u.n, y.val);
            *out = y;
        } else {
            Opnd y = em_new_container(em, c.m.val, c.m.val, "1", false);
            em_line(em, "if (rt_csr_matrix_times_vector(%s, %s, %s, %s, %s, "
                    "%s, %s, %s, %s, %s, %s, err)) return -1;", c.m.val,
                    c.n.val, c.w.val, c.w.n, c.v.val, c.v.n, c.u.val, c.u.n,
                    c.b.val, c.b.n, y.val);
            *out = y;
        }
        return true;
    }
    Opnd a = em_value(em, e->args[0]);
    if (f == CSR_U) {
        const char *n = em_size_sum(em, a.rows, "1");
        Opnd u = em_new_container(em, n, n, "1", true);
        em_line(em, "rt_csr_extract_u(%s, %s, %s, %s);", a.val, a.rows,
                a.cols, u.val);
        *out = u;
        return true;
    }
    const char *nnz = em_fresh(em, "nnz");
    em_line(em, "int %s = rt_csr_nnz(%s, %s, %s);", nnz, a.val, a.rows,
            a.cols);
    Opnd y = em_new_container(em, nnz, nnz, "1", f == CSR_V);
    em_line(em, "rt_csr_extract_%c(%s, %s, %s, %s);", f == CSR_V ? 'v' : 'w',
            a.val, a.rows, a.cols, y.val);
    *out = y;
    return true;
}

static bool csr_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    int f = which(e);
    if (f < 0)
        return false;
    if (f == CSR_V || f == CSR_U)
        return true;   /* int results carry no derivative */
    if (f == CSR_W) {
        if (!em_is_ad(em, e->args[0]))
            return true;
        Opnd a = em_value(em, e->args[0]);
        const char *g = em_adj_buffer(em, a);
        em_line(em, "rt_csr_extract_w_adj(%s, %s, %s, %s, %s);", a.val,
                a.rows, a.cols, adj, g);
        em_backprop(em, e->args[0], g);
        return true;
    }
    bool wad = em_is_ad(em, e->args[2]);
    bool bad = f == CSR_TIMES && em_is_ad(em, e->args[5]);
    if (!wad && !bad)
        return true;
    /* the forward call accepted these same values */
    CsrArgs c = csr_args(em, e, false);
    const char *gw = wad ? em_adj_buffer(em, c.w) : NULL;
    const char *gb = bad ? em_adj_buffer(em, c.b) : NULL;
    if (f == CSR_DENSE)
        em_line(em, "rt_csr_to_dense_matrix_adj(%s, %s, %s, %s, %s, %s);",
                c.m.val, c.n.val, c.v.val, c.u.val, adj, gw);
    else
        em_line(em, "rt_csr_matrix_times_vector_adj(%s, %s, %s, %s, %s, %s, "
                "%s, %s, %s);", c.m.val, c.n.val, c.w.val, c.v.val, c.u.val,
                c.b.val, adj, gw ? gw : "NULL", gb ? gb : "NULL");
    if (gw)
        em_backprop(em, e->args[2], gw);
    if (gb)
        em_backprop(em, e->args[5], gb);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"csr_extract_w", csr_value, csr_backprop},
    {"csr_extract_v", csr_value, csr_backprop},
    {"csr_extract_u", csr_value, csr_backprop},
    {"csr_to_dense_matrix", csr_value, csr_backprop},
    {"csr_matrix_times_vector", csr_value, csr_backprop},
};

const EmCallRules em_csr_rules = EM_CALL_RULES(rows);
