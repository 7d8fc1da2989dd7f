/* emit_matrix_fns.c - matrix and vector functions of the runtime's
 * rt_linalg.h and rt_hmm.h that are not table-driven like emit_linalg.c's:
 * dot_product, cholesky_decompose, add_diag, diag_pre_multiply, softmax
 * and log_softmax, multiply_lower_tri_self_transpose, quad_form_diag,
 * the hidden Markov model functions and the QR decompositions.  Each
 * function's value, then its reverse step, then one row each at the end
 * (emit_call_table.c). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* ---------------------------------------------------------- dot_product */

static bool dot_product_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = rt_dot_product(%s, %s, %s);", t, x.val,
            y.val, x.n);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool dot_product_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->nargs != 2)
        return false;
    Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
    bool xa = em_is_ad(em, e->args[0]), ya = em_is_ad(em, e->args[1]);
    const char *gx = xa ? em_adj_buffer(em, x) : "NULL";
    const char *gy = ya ? em_adj_buffer(em, y) : "NULL";
    em_line(em, "rt_dot_product_adj(%s, %s, %s, %s, %s, %s);", x.val,
            y.val, x.n, adj, gx, gy);
    if (xa)
        em_backprop(em, e->args[0], gx);
    if (ya)
        em_backprop(em, e->args[1], gy);
    return true;
}

/* --------------------------------------------------- cholesky_decompose */

static bool cholesky_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd A_ = em_value(em, e->args[0]);
    Opnd L = em_new_container(em, A_.n, A_.rows, A_.cols, false);
    em_line(em, "if (rt_cholesky_decompose(%s, %s, %s, err)) return -1;",
            A_.val, A_.rows, L.val);
    *out = L;
    return true;
}

static bool cholesky_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd A_ = em_value(em, e->args[0]);
    Opnd L = em_value(em, e);   /* the factor this statement computed */
    const char *g = em_adj_buffer(em, A_);
    em_line(em, "rt_cholesky_decompose_adj(%s, %s, %s, %s, %s, "
            "rt_scratch_doubles(&S->scratch, (size_t)(%s)));", A_.val,
            L.val, adj, A_.rows, g, A_.n);
    em_backprop(em, e->args[0], g);
    return true;
}

/* ------------------------------------------------------------- add_diag */

static bool add_diag_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    Opnd M = em_value(em, e->args[0]), d = em_value(em, e->args[1]);
    Opnd o = em_new_container(em, M.n, M.rows, M.cols, false);
    em_line(em, "rt_add_diag(%s, %s, %s, %s, %s);", M.val,
            d.container ? d.val : A("&(double){%s}", d.val), M.rows,
            d.container ? d.n : "1", o.val);
    *out = o;
    return true;
}

static bool add_diag_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd M = em_value(em, e->args[0]), d = em_value(em, e->args[1]);
    const char *gM = em_adj_buffer(em, M), *gd = em_adj_buffer(em, d);
    em_line(em, "rt_add_diag_adj(%s, %s, %s, %s, %s);", adj, M.rows,
            d.container ? d.n : "1", gM, d.container ? gd : A("&%s", gd));
    em_backprop(em, e->args[0], gM);
    em_backprop(em, e->args[1], gd);
    return true;
}

/* ---------------------------------------------------- diag_pre_multiply */

static bool diag_pre_multiply_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    Opnd v = em_value(em, e->args[0]), M = em_value(em, e->args[1]);
    Opnd o = em_new_container(em, M.n, M.rows, M.cols, false);
    em_line(em, "rt_diag_pre_multiply(%s, %s, %s, %s, %s);", v.val, M.val,
            M.rows, M.cols, o.val);
    *out = o;
    return true;
}

static bool diag_pre_multiply_backprop(Emit *em, const MirExpr *e,
                                       const char *adj)
{
    Opnd v = em_value(em, e->args[0]), M = em_value(em, e->args[1]);
    const char *gv = em_adj_buffer(em, v), *gM = em_adj_buffer(em, M);
    em_line(em, "rt_diag_pre_multiply_adj(%s, %s, %s, %s, %s, %s, %s);",
            v.val, M.val, M.rows, M.cols, adj, gv, gM);
    em_backprop(em, e->args[0], gv);
    em_backprop(em, e->args[1], gM);
    return true;
}

/* ------------------------------------------------ softmax, log_softmax */

static bool softmax_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd x = em_value(em, e->args[0]);
    Opnd o = em_new_container(em, x.n, x.rows, x.cols, false);
    em_line(em, "if (rt_%s(rt_argn(%s, NULL, %s, false), %s, err)) "
            "return -1;", e->fn, x.val, x.n, o.val);
    *out = o;
    return true;
}

static bool softmax_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const char *fn = e->fn;
    Opnd x = em_value(em, e->args[0]);
    Opnd y = em_new_container(em, x.n, x.rows, x.cols, false);
    em_line(em, "if (rt_%s(rt_argn(%s, NULL, %s, false), %s, err)) "
            "return -1;", fn, x.val, x.n, y.val);
    const char *g = em_adj_buffer(em, x);
    em_line(em, "rt_%s_adj(rt_argn(%s, %s, %s, true), %s, %s);", fn,
            x.val, g, x.n, y.val, adj);
    em_backprop(em, e->args[0], g);
    return true;
}

/* ------------------------------------ multiply_lower_tri_self_transpose */

static bool mlt_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    Opnd L = em_value(em, e->args[0]);
    Opnd o = em_new_container(em, A("%s * %s", L.rows, L.rows), L.rows,
                              L.rows, false);
    em_line(em, "rt_multiply_lower_tri_self_transpose(%s, %s, %s, %s);",
            L.val, L.rows, L.cols, o.val);
    *out = o;
    return true;
}

static bool mlt_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd L = em_value(em, e->args[0]);
    const char *g = em_adj_buffer(em, L);
    em_line(em, "rt_multiply_lower_tri_self_transpose_adj(%s, %s, %s, %s, "
            "%s);", L.val, adj, L.rows, L.cols, g);
    em_backprop(em, e->args[0], g);
    return true;
}

/* ------------------------------------------------------- quad_form_diag */

static bool quad_form_diag_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 2)
        return false;
    Opnd M = em_value(em, e->args[0]), v = em_value(em, e->args[1]);
    Opnd o = em_new_container(em, M.n, M.rows, M.cols, false);
    em_line(em, "rt_quad_form_diag(%s, %s, %s, %s);", M.val, v.val,
            M.rows, o.val);
    *out = o;
    return true;
}

static bool quad_form_diag_backprop(Emit *em, const MirExpr *e,
                                    const char *adj)
{
    Opnd M = em_value(em, e->args[0]), v = em_value(em, e->args[1]);
    const char *gM = em_adj_buffer(em, M), *gv = em_adj_buffer(em, v);
    em_line(em, "rt_quad_form_diag_adj(%s, %s, %s, %s, %s, %s);", M.val,
            v.val, adj, M.rows, gM, gv);
    em_backprop(em, e->args[0], gM);
    em_backprop(em, e->args[1], gv);
    return true;
}

/* ------------------------------------------------- hidden Markov models */

static bool hmm_marginal_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 3)
        return false;
    Opnd w = em_value(em, e->args[0]), G = em_value(em, e->args[1]);
    Opnd r = em_value(em, e->args[2]);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = rt_hmm_marginal(%s, %s, %s, 0.0, "
            "rt_scratch_doubles(&S->scratch, rt_hmm_marginal_work_size(%s, "
            "%s)), err);", t, em_mat_view(em, w, NULL, false),
            em_mat_view(em, G, NULL, false), em_mat_view(em, r, NULL, false),
            w.rows, w.cols);
    em_line(em, "if (isnan(%s)) return -1;", t);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool hmm_marginal_backprop(Emit *em, const MirExpr *e,
                                  const char *adj)
{
    Opnd ops[3];
    const char *g[3], *views[3];
    for (int i = 0; i < 3; i++) {
        ops[i] = em_value(em, e->args[i]);
        bool ad = em_is_ad(em, e->args[i]);
        g[i] = ad ? em_adj_buffer(em, ops[i]) : NULL;
        views[i] = em_mat_view(em, ops[i], g[i], ad);
    }
    em_line(em, "(void)rt_hmm_marginal(%s, %s, %s, %s, rt_scratch_doubles("
            "&S->scratch, rt_hmm_marginal_work_size(%s, %s)), err);",
            views[0], views[1], views[2], adj, ops[0].rows, ops[0].cols);
    for (int i = 0; i < 3; i++)
        if (g[i])
            em_backprop(em, e->args[i], g[i]);
    return true;
}

/* hmm_latent_rng (a draw) and hmm_hidden_state_prob */
static bool hmm_states_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 3)
        return false;
    const char *fn = e->fn;
    Opnd w = em_value(em, e->args[0]), G = em_value(em, e->args[1]);
    Opnd r = em_value(em, e->args[2]);
    bool draw = fn[4] == 'l';
    Opnd o = em_new_container(em, draw ? w.cols : w.n, draw ? w.cols
                              : w.rows, draw ? "1" : w.cols, draw);
    em_line(em, "if (rt_%s(%s, %s, %s, %s, %s, %s%s, err)) return -1;",
            fn, w.val, G.val, r.val, w.rows, w.cols, draw ? "rng, " : "",
            o.val);
    *out = o;
    return true;
}

/* hmm_hidden_state_prob has no derivative in Stan: Stan Math computes it
 * on the arguments' values (value_of) and returns a matrix of doubles, so
 * no adjoint flows back through it, here either. */
static bool hmm_states_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    (void)em;
    (void)adj;
    return e->nargs == 3;
}

/* ------------------------------------------------------------------ QR */

/* qr_thin_Q, qr_thin_R, qr_Q, qr_R */
static bool qr_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 1)
        return false;
    const char *fn = e->fn;
    Opnd X = em_value(em, e->args[0]);
    const char *k = A("((%s) < (%s) ? (%s) : (%s))", X.rows, X.cols,
                      X.rows, X.cols);
    bool thin = strncmp(fn, "qr_thin", 7) == 0;
    bool q = fn[strlen(fn) - 1] == 'Q';
    const char *rows = q ? X.rows : thin ? k : X.rows;
    const char *cols = q ? (thin ? k : X.rows) : X.cols;
    Opnd o = em_new_container(em, A("(%s) * (%s)", rows, cols), rows,
                              cols, false);
    em_line(em, "if (rt_%s(%s, %s, %s, %s, err)) return -1;", fn, X.val,
            X.rows, X.cols, o.val);
    *out = o;
    return true;
}

/* The reverse step through the Householder reflectors (rt_qr_adj), as
 * Stan differentiates Eigen's HouseholderQR. */
static bool qr_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->nargs != 1)
        return false;
    const char *fn = e->fn;
    Opnd X = em_value(em, e->args[0]);
    const char *k = A("((%s) < (%s) ? (%s) : (%s))", X.rows, X.cols,
                      X.rows, X.cols);
    bool thin = strncmp(fn, "qr_thin", 7) == 0;
    bool q = fn[strlen(fn) - 1] == 'Q';
    const char *n = thin ? k : X.rows;   /* Q's columns, R's rows */
    const char *g = em_adj_buffer(em, X);
    em_line(em, "if (rt_qr_adj(%s, %s, %s, %s, %s, %s, %s, %s, %s, err)) "
            "return -1;", em_c_string(em->a, fn), X.val, X.rows, X.cols,
            q ? adj : "NULL", n, q ? "NULL" : adj, n, g);
    em_backprop(em, e->args[0], g);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"add_diag", add_diag_value, add_diag_backprop},
    {"cholesky_decompose", cholesky_value, cholesky_backprop},
    {"diag_pre_multiply", diag_pre_multiply_value,
     diag_pre_multiply_backprop},
    {"dot_product", dot_product_value, dot_product_backprop},
    {"hmm_hidden_state_prob", hmm_states_value, hmm_states_backprop},
    {"hmm_latent_rng", hmm_states_value, NULL},
    {"hmm_marginal", hmm_marginal_value, hmm_marginal_backprop},
    {"log_softmax", softmax_value, softmax_backprop},
    {"multiply_lower_tri_self_transpose", mlt_value, mlt_backprop},
    {"qr_Q", qr_value, qr_backprop},
    {"qr_R", qr_value, qr_backprop},
    {"qr_thin_Q", qr_value, qr_backprop},
    {"qr_thin_R", qr_value, qr_backprop},
    {"quad_form_diag", quad_form_diag_value, quad_form_diag_backprop},
    {"softmax", softmax_value, softmax_backprop},
};

const EmCallRules em_matrix_fn_rules = EM_CALL_RULES(rows);
