/* emit_lib.c - library calls beside those of emit_call.c: the binary
 * elementwise functions (pow, fmin, fmax, lbeta, lchoose, ...) over
 * containers (the generic binary route), max and min of two values, the
 * int forms of max, min, prod and cumulative_sum, cumulative_sum of
 * reals, log_mix (of scalars, and of a vector of mixing proportions),
 * dims, log10(), gp_exp_quad_cov (every form: one set of reals, arrays
 * of vectors with one length scale or one per dimension, and through
 * emit_linalg.c two sets) and bernoulli_logit_glm_rng.  Each is a value
 * and, where it carries derivatives, a reverse step; the rows are at
 * the end (emit_call_table.c). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static bool named(const MirExpr *e, const char *name, int nargs)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB
        && strcmp(e->fn, name) == 0 && e->nargs == nargs;
}

static bool is_int_type(const Type *t)
{
    return ty_base(t)->kind == TY_INT;
}

/* A binary elementwise function with at least one container argument. */
static bool vector_binary(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB && e->nargs == 2
        && em_binary_fn(e->fn)
        && (em_is_container_type(e->args[0]->type)
            || em_is_container_type(e->args[1]->type));
}

/* max(a, b) / min(a, b) of scalars. */
static bool max_min2(const MirExpr *e)
{
    return (named(e, "max", 2) || named(e, "min", 2))
        && !em_is_container_type(e->args[0]->type)
        && !em_is_container_type(e->args[1]->type);
}

/* The first argument of log_mix(theta, lambda) with theta a vector. */
static bool log_mix_vector(const MirExpr *e)
{
    return named(e, "log_mix", 2) && em_is_container_type(e->args[0]->type);
}

/* lambda's vectors: one (a vector) or several (an array of them); n is
 * their count, k their size. */
static void mix_shape(const MirExpr *lam, Opnd l, const char **n,
                      const char **k)
{
    if (lam->type->kind == TY_ARRAY && em_is_container_type(lam->type->elem)) {
        *n = l.rows;
        *k = l.cols;
    } else {
        *n = "1";
        *k = l.n;
    }
}

/* gp_exp_quad_cov(x, sigma, length_scale) or (x1, x2, sigma,
 * length_scale) of arrays of vectors, with a length scale per dimension:
 * the last argument an array.  The two-set form with one length scale is
 * emit_linalg.c's. */
static bool gp_ard(const MirExpr *e)
{
    if (!(named(e, "gp_exp_quad_cov", 3) || named(e, "gp_exp_quad_cov", 4))
        || !em_is_container_type(e->args[e->nargs - 1]->type))
        return false;
    for (int k = 0; k < e->nargs - 2; k++)
        if (e->args[k]->type->kind != TY_ARRAY
            || e->args[k]->type->elem->kind != TY_VECTOR)
            return false;
    return true;
}

/* The operands of a gp_ard call: the point sets (one or two), sigma and
 * the length scales as doubles (an int array copied). */
static int gp_ard_operands(Emit *em, const MirExpr *e, Opnd *x, Opnd *sigma,
                           Opnd *l)
{
    int sets = e->nargs - 2;
    for (int k = 0; k < sets; k++) {
        x[k] = em_value(em, e->args[k]);
        if (!x[k].rows || !x[k].cols)
            em_unsupported(em, "gp_exp_quad_cov of this array of vectors "
                           "yet");
    }
    *sigma = em_value(em, e->args[sets]);
    *l = em_value(em, e->args[sets + 1]);
    if (l->is_int) {
        Opnd d = em_new_container(em, l->n, l->n, "1", false);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", l->n,
                d.val, l->val);
        *l = d;
    }
    return sets;
}

/* bernoulli_logit_glm_rng(x, alpha, beta): one draw per row of x. */
static Opnd glm_rng_value(Emit *em, const MirExpr *e)
{
    Opnd x = em_value(em, e->args[0]), al = em_value(em, e->args[1]);
    Opnd be = em_value(em, e->args[2]);
    const char *alpha = al.container
        ? A("rt_argn(%s, NULL, %s, false)", al.val, al.n)
        : A("rt_arg1(&(double){%s}, NULL, false)", al.val);
    if (al.container)   /* a vector of one does not broadcast in Stan */
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, "
                "\"bernoulli_logit_glm_rng: Vector of intercepts has "
                "dimension = %%d, expecting dimension = %%d; a function was "
                "called with arguments of different scalar, array, vector, "
                "or matrix types, and they were not consistently sized;  all "
                "arguments must be scalars or multidimensional values of the "
                "same shape.\", (int)(%s), (int)(%s));", al.n, x.rows, al.n,
                x.rows);
    Opnd o = em_new_container(em, x.rows, x.rows, "1", true);
    em_line(em, "if (rt_bernoulli_logit_glm_rng((RtMat){%s, NULL, %s, %s, "
            "false}, %s, rt_argn(%s, NULL, %s, false), %s, rng, err)) "
            "return -1;", x.val, x.rows, x.cols, alpha, be.val, be.n, o.val);
    return o;
}

static bool lib_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    const char *fn = e->fn;
    if (vector_binary(e)) {
        Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
        Opnd big = x.container ? x : y;
        if (x.container && y.container)
            em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: size "
                    "of x (%%d) and size of y (%%d) must match in size\", "
                    "%s, (int)(%s), (int)(%s));", x.n, y.n,
                    em_c_string(em->a, fn), x.n, y.n);
        Opnd o = em_new_container(em, big.n, big.rows, big.cols, false);
        const char *xk = em_elem(em, x), *yk = em_elem(em, y);
        em_line(em, "for (int k = 0; k < %s; k++) {", big.n);
        em->indent++;
        em_line(em, "%s[k] = rt_%s(%s, %s);", o.val, fn, xk, yk);
        /* an element outside the domain Stan Math checks is its error */
        em_domain_check(em, fn, A("%s[k]", o.val),
                        A("(double)(%s), (double)(%s)", xk, yk), 2);
        em->indent--;
        em_line(em, "}");
        *out = o;
        return true;
    }
    if (max_min2(e)) {
        Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
        bool mx = fn[1] == 'a';
        if (is_int_type(e->type)) {
            *out = em_scalar(A("((%s) %s (%s) ? (%s) : (%s))", x.val,
                               mx ? ">" : "<", y.val, x.val, y.val), NULL,
                             true);
            return true;
        }
        /* NaN in, NaN out, as Stan's max and min */
        const char *t = em_fresh(em, "t");
        em_line(em, "double %s = isnan((double)(%s)) || isnan((double)(%s)) "
                "? NAN : (%s) %s (%s) ? (%s) : (%s);", t, x.val, y.val, x.val,
                mx ? ">=" : "<=", y.val, x.val, y.val);
        *out = em_scalar(t, NULL, false);
        return true;
    }
    if ((named(e, "max", 1) || named(e, "min", 1) || named(e, "prod", 1))
        && is_int_type(e->args[0]->type)) {
        Opnd x = em_value(em, e->args[0]);
        const char *t = em_fresh(em, "t");
        if (fn[0] == 'p') {
            em_line(em, "int %s = 0;", t);
            em_line(em, "if (rt_int_prod(%s, %s, &%s, err)) return -1;",
                    x.val, x.n, t);
        } else {
            em_line(em, "if ((%s) == 0) return rt_error(err, \"%%s: int "
                    "array must have at least one element\", %s);", x.n,
                    em_c_string(em->a, fn));
            em_line(em, "int %s = %s[0];", t, x.val);
            em_line(em, "for (int k = 1; k < %s; k++) if (%s[k] %s %s) %s = "
                    "%s[k];", x.n, x.val, fn[1] == 'a' ? ">" : "<", t, t,
                    x.val);
        }
        *out = em_scalar(t, NULL, true);
        return true;
    }
    if (named(e, "cumulative_sum", 1) && is_int_type(e->type)) {
        Opnd x = em_value(em, e->args[0]);
        Opnd o = em_new_container(em, x.n, x.n, "1", true);
        em_line(em, "if (rt_int_cumulative_sum(%s, %s, %s, err)) return -1;",
                x.val, x.n, o.val);
        *out = o;
        return true;
    }
    if (named(e, "log10", 0)) {
        *out = em_scalar("2.30258509299404568402", NULL, false);
        return true;
    }
    if (named(e, "dims", 1)) {
        const MirExpr *x = e->args[0];
        const char *d[16];
        int r = 0;
        if (x->kind == MX_VAR && x->var >= 0) {
            r = em_var_rank(&em->p->vars[x->var]);
            if (r > 16)
                em_unsupported(em, "dims of %d dimensions", r);
            for (int i = 0; i < r; i++)
                d[i] = em_var_dim(em, x->var, i);
        } else if (em_is_container_type(x->type)) {
            /* all of them, where the value knows them (emit_dims.c) */
            Opnd o = em_value(em, x);
            r = em_type_rank(x->type);
            if (r > 16)
                em_unsupported(em, "dims of %d dimensions", r);
            for (int i = 0; i < r; i++)
                d[i] = em_opnd_dim(em, x->type, o, i);
        }
        const char *n = A("%d", r ? r : 0);
        Opnd o = em_new_container(em, r ? n : "0", r ? n : "0", "1", true);
        for (int i = 0; i < r; i++)
            em_line(em, "%s[%d] = %s;", o.val, i, d[i]);
        *out = o;
        return true;
    }
    if (log_mix_vector(e)) {
        /* sum over lambda's vectors of log sum_k theta_k exp(lambda_k) */
        Opnd th = em_value(em, e->args[0]), l = em_value(em, e->args[1]);
        const char *n, *k;
        mix_shape(e->args[1], l, &n, &k);
        const char *t = em_fresh(em, "t");
        em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"log_mix: size "
                "of theta (%%d) and size of lambda (%%d) must match in "
                "size\", (int)(%s), (int)(%s));", th.n, k, th.n, k);
        em_line(em, "double %s = 0;", t);
        em_line(em, "for (int i = 0; i < %s; i++) {", n);
        em_line(em, "    double mx = -INFINITY, s = 0;");
        em_line(em, "    for (int k = 0; k < %s; k++) {", k);
        em_line(em, "        double a = log(%s[k]) + %s[i * (%s) + k];",
                th.val, l.val, k);
        em_line(em, "        if (a > mx) { s = s * exp(mx - a) + 1; mx = a; }");
        em_line(em, "        else s += exp(a - mx);");
        em_line(em, "    }");
        em_line(em, "    %s += mx + log(s);", t);
        em_line(em, "}");
        *out = em_scalar(t, NULL, false);
        return true;
    }
    if (named(e, "gp_exp_quad_cov", 3) && e->args[0]->type->kind == TY_ARRAY
        && em_is_container_type(e->args[0]->type->elem)
        && !em_is_container_type(e->args[2]->type)) {
        Opnd x = em_value(em, e->args[0]);
        Opnd al = em_value(em, e->args[1]), rh = em_value(em, e->args[2]);
        Opnd K = em_new_container(em, A("(%s) * (%s)", x.rows, x.rows),
                                  x.rows, x.rows, false);
        em_line(em, "if (rt_gp_exp_quad_cov(%s, %s, %s, %s, %s, %s, err)) "
                "return -1;", x.val, x.rows, x.cols, al.val, rh.val, K.val);
        *out = K;
        return true;
    }
    if (gp_ard(e)) {
        Opnd x[2], sg, l;
        int sets = gp_ard_operands(em, e, x, &sg, &l);
        const Opnd *x2 = &x[sets - 1];
        Opnd K = em_new_container(em, A("(%s) * (%s)", x[0].rows, x2->rows),
                                  x[0].rows, x2->rows, false);
        if (sets == 1)
            em_line(em, "if (rt_gp_exp_quad_cov_ard(%s, %s, %s, %s, %s, %s, "
                    "%s, err)) return -1;", x[0].val, x[0].rows, x[0].cols,
                    sg.val, l.val, l.n, K.val);
        else
            em_line(em, "if (rt_gp_exp_quad_cov2_ard(%s, %s, %s, %s, %s, %s, "
                    "%s, %s, %s, %s, err)) return -1;", x[0].val, x[0].rows,
                    x[0].cols, x[1].val, x[1].rows, x[1].cols, sg.val, l.val,
                    l.n, K.val);
        *out = K;
        return true;
    }
    if (named(e, "bernoulli_logit_glm_rng", 3)) {
        *out = glm_rng_value(em, e);
        return true;
    }
    return false;
}

static bool lib_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    const char *fn = e->fn;
    if (vector_binary(e)) {
        Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
        Opnd big = x.container ? x : y;
        const char *gx = em_is_ad(em, e->args[0]) ? em_adj_buffer(em, x) : NULL;
        const char *gy = em_is_ad(em, e->args[1]) ? em_adj_buffer(em, y) : NULL;
        em_line(em, "for (int k = 0; k < %s; k++) {", big.n);
        em_line(em, "    double dx, dy, xk = %s, yk = %s;", em_elem(em, x),
                em_elem(em, y));
        em_line(em, "    rt_%s_d(xk, yk, rt_%s(xk, yk), &dx, &dy);", fn, fn);
        if (gx)
            em_line(em, "    %s += %s[k] * dx;", x.container
                    ? A("%s[k]", gx) : gx, adj);
        if (gy)
            em_line(em, "    %s += %s[k] * dy;", y.container
                    ? A("%s[k]", gy) : gy, adj);
        if (!gx || !gy)
            em_line(em, "    (void)dx; (void)dy;");
        em_line(em, "}");
        if (gx)
            em_backprop(em, e->args[0], gx);
        if (gy)
            em_backprop(em, e->args[1], gy);
        return true;
    }
    if (max_min2(e)) {
        Opnd x = em_value(em, e->args[0]), y = em_value(em, e->args[1]);
        bool mx = fn[1] == 'a';
        const char *first = em_fresh(em, "c");
        em_line(em, "int %s = (%s) %s (%s);", first, x.val, mx ? ">=" : "<=",
                y.val);
        em_backprop(em, e->args[0], A("(%s ? (%s) : 0.0)", first, adj));
        em_backprop(em, e->args[1], A("(%s ? 0.0 : (%s))", first, adj));
        return true;
    }
    if (log_mix_vector(e)) {
        Opnd th = em_value(em, e->args[0]), l = em_value(em, e->args[1]);
        const char *n, *k;
        mix_shape(e->args[1], l, &n, &k);
        bool ta = em_is_ad(em, e->args[0]), la = em_is_ad(em, e->args[1]);
        const char *gt = ta ? em_adj_buffer(em, th) : NULL;
        const char *gl = la ? em_adj_buffer(em, l) : NULL;
        /* weights w_k = theta_k exp(lambda_k) / sum: d/dlambda_k = w_k,
         * d/dtheta_k = w_k / theta_k */
        em_line(em, "for (int i = 0; i < %s; i++) {", n);
        em_line(em, "    double mx = -INFINITY, s = 0;");
        em_line(em, "    for (int k = 0; k < %s; k++) {", k);
        em_line(em, "        double a = log(%s[k]) + %s[i * (%s) + k];",
                th.val, l.val, k);
        em_line(em, "        if (a > mx) mx = a;");
        em_line(em, "    }");
        em_line(em, "    for (int k = 0; k < %s; k++)", k);
        em_line(em, "        s += exp(log(%s[k]) + %s[i * (%s) + k] - mx);",
                th.val, l.val, k);
        em_line(em, "    for (int k = 0; k < %s; k++) {", k);
        em_line(em, "        double w = exp(log(%s[k]) + %s[i * (%s) + k] - "
                "mx) / s;", th.val, l.val, k);
        if (gt)
            em_line(em, "        %s[k] += (%s) * w / %s[k];", gt, adj, th.val);
        if (gl)
            em_line(em, "        %s[i * (%s) + k] += (%s) * w;", gl, k, adj);
        if (!gt && !gl)
            em_line(em, "        (void)w;");
        em_line(em, "    }");
        em_line(em, "}");
        if (gt)
            em_backprop(em, e->args[0], gt);
        if (gl)
            em_backprop(em, e->args[1], gl);
        return true;
    }
    if (named(e, "gp_exp_quad_cov", 3) && e->args[0]->type->kind == TY_ARRAY
        && em_is_container_type(e->args[0]->type->elem)
        && !em_is_container_type(e->args[2]->type)) {
        Opnd x = em_value(em, e->args[0]);
        Opnd al = em_value(em, e->args[1]), rh = em_value(em, e->args[2]);
        Opnd K = em_value(em, e);
        bool xa = em_is_ad(em, e->args[0]);
        const char *gx = xa ? em_adj_buffer(em, x) : "NULL";
        const char *ga = em_adj_buffer(em, al), *gr = em_adj_buffer(em, rh);
        em_line(em, "rt_gp_exp_quad_cov_adj(%s, %s, %s, %s, %s, %s, %s, %s, "
                "&%s, &%s);", x.val, x.rows, x.cols, al.val, rh.val, K.val,
                adj, gx, ga, gr);
        if (xa)
            em_backprop(em, e->args[0], gx);
        em_backprop(em, e->args[1], ga);
        em_backprop(em, e->args[2], gr);
        return true;
    }
    if (gp_ard(e)) {
        Opnd x[2], sg, l;
        int sets = gp_ard_operands(em, e, x, &sg, &l);
        Opnd K = em_value(em, e);
        /* the buffers of the arguments that carry derivatives (sigma's a
         * double), and the pointers the runtime takes */
        const char *buf[4], *ptr[4];
        for (int k = 0; k < e->nargs; k++) {
            Opnd o = k < sets ? x[k] : k == sets ? sg : l;
            buf[k] = em_is_ad(em, e->args[k]) ? em_adj_buffer(em, o) : NULL;
            ptr[k] = !buf[k] ? "NULL" : k == sets ? A("&%s", buf[k]) : buf[k];
        }
        if (sets == 1)
            em_line(em, "rt_gp_exp_quad_cov_ard_adj(%s, %s, %s, %s, %s, %s, "
                    "%s, %s, %s, %s);", x[0].val, x[0].rows, x[0].cols,
                    sg.val, l.val, K.val, adj, ptr[0], ptr[1], ptr[2]);
        else
            em_line(em, "rt_gp_exp_quad_cov2_ard_adj(%s, %s, %s, %s, %s, %s, "
                    "%s, %s, %s, %s, %s, %s, %s);", x[0].val, x[0].rows,
                    x[1].val, x[1].rows, x[0].cols, sg.val, l.val, K.val, adj,
                    ptr[0], ptr[1], ptr[2], ptr[3]);
        for (int k = 0; k < e->nargs; k++)
            if (buf[k])
                em_backprop(em, e->args[k], buf[k]);
        return true;
    }
    return false;
}

/* The binary elementwise functions with a container argument: the
 * generic binary route of emit_call.c (vector_binary, the first case of
 * lib_value and lib_backprop). */
bool em_vector_binary_value(Emit *em, const MirExpr *e, Opnd *out)
{
    return vector_binary(e) && lib_value(em, e, out);
}

bool em_vector_binary_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    return vector_binary(e) && lib_backprop(em, e, adj);
}

/* ------------------------------------- gp_exp_quad_cov, log_mix, cumsum */

/* gp_exp_quad_cov(x, alpha, rho) of an array of reals: one set, one
 * length scale (the two-set form is emit_linalg.c's, the forms of arrays
 * of vectors lib_value's). */
static bool gp1_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->nargs != 3 || e->args[0]->type->kind != TY_ARRAY
        || e->args[0]->type->elem->kind != TY_REAL)
        return false;
    Opnd x = em_value(em, e->args[0]);
    Opnd al = em_value(em, e->args[1]), rh = em_value(em, e->args[2]);
    Opnd K = em_new_container(em, A("%s * %s", x.n, x.n), x.n, x.n, false);
    em_line(em, "if (rt_gp_exp_quad_cov(%s, %s, 1, %s, %s, %s, err)) "
            "return -1;", x.val, x.n, al.val, rh.val, K.val);
    *out = K;
    return true;
}

static void gp1_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    Opnd x = em_value(em, e->args[0]);
    Opnd al = em_value(em, e->args[1]), rh = em_value(em, e->args[2]);
    /* the value the statement computed (em_reuse_assigned_value), or
     * computed again */
    Opnd K = em_value(em, e);
    bool xa = em_is_ad(em, e->args[0]);
    const char *gx = xa ? em_adj_buffer(em, x) : "NULL";
    const char *ga = em_adj_buffer(em, al), *gr = em_adj_buffer(em, rh);
    em_line(em, "rt_gp_exp_quad_cov_adj(%s, %s, 1, %s, %s, %s, %s, %s, "
            "&%s, &%s);", x.val, x.n, al.val, rh.val, K.val, adj, gx, ga,
            gr);
    if (xa)
        em_backprop(em, e->args[0], gx);
    em_backprop(em, e->args[1], ga);
    em_backprop(em, e->args[2], gr);
}

static bool gp_value(Emit *em, const MirExpr *e, Opnd *out)
{
    return em_gp2_value(em, e, out) || lib_value(em, e, out)
        || gp1_value(em, e, out);
}

static bool gp_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (!em_gp2_backprop(em, e, adj) && !lib_backprop(em, e, adj))
        gp1_backprop(em, e, adj);
    return true;
}

/* log_mix(theta, lambda1, lambda2) of three scalars (lib_value: of a
 * vector of proportions). */
static bool log_mix_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (lib_value(em, e, out))
        return true;
    if (e->nargs != 3 || em_is_container_type(e->args[0]->type)
        || em_is_container_type(e->args[1]->type))
        return false;
    Opnd t = em_value(em, e->args[0]), a = em_value(em, e->args[1]);
    Opnd b = em_value(em, e->args[2]);
    const char *r = em_fresh(em, "t");
    em_line(em, "double %s = rt_log_mix(%s, %s, %s);", r, t.val, a.val,
            b.val);
    /* Stan's checks: lambda1 and lambda2 not NaN, theta in [0, 1] */
    em_domain_check(em, "log_mix", r, A("(double)(%s), (double)(%s), "
                                        "(double)(%s)", t.val, a.val, b.val),
                    3);
    *out = em_scalar(r, NULL, false);
    return true;
}

static bool log_mix_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (lib_backprop(em, e, adj))
        return true;
    if (e->nargs != 3)
        return false;
    Opnd t = em_value(em, e->args[0]), a = em_value(em, e->args[1]);
    Opnd b = em_value(em, e->args[2]);
    const char *d0 = em_fresh(em, "d"), *d1 = em_fresh(em, "d");
    const char *d2 = em_fresh(em, "d");
    em_line(em, "double %s, %s, %s;", d0, d1, d2);
    em_line(em, "rt_log_mix_d(%s, %s, %s, rt_log_mix(%s, %s, %s), &%s, "
            "&%s, &%s);", t.val, a.val, b.val, t.val, a.val, b.val, d0,
            d1, d2);
    const char *d[3] = {d0, d1, d2};
    for (int i = 0; i < 3; i++)
        em_backprop(em, e->args[i], A("(%s) * %s", adj, d[i]));
    return true;
}

/* cumulative_sum of reals (lib_value: of ints). */
static bool cumulative_sum_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (lib_value(em, e, out))
        return true;
    if (e->nargs != 1 || ty_base(e->type)->kind == TY_INT)
        return false;
    Opnd x = em_value(em, e->args[0]);
    Opnd o = em_new_container(em, x.n, x.rows, x.cols, false);
    em_line(em, "rt_cumulative_sum(rt_argn(%s, NULL, %s, false), %s);",
            x.val, x.n, o.val);
    *out = o;
    return true;
}

static bool cumulative_sum_backprop(Emit *em, const MirExpr *e,
                                    const char *adj)
{
    if (lib_backprop(em, e, adj))
        return true;
    Opnd x = em_value(em, e->args[0]);
    const char *g = em_adj_buffer(em, x);
    em_line(em, "rt_cumulative_sum_adj(rt_argn(%s, %s, %s, true), %s);",
            x.val, g, x.n, adj);
    em_backprop(em, e->args[0], g);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"bernoulli_logit_glm_rng", lib_value, NULL},
    {"cumulative_sum", cumulative_sum_value, cumulative_sum_backprop},
    {"dims", lib_value, lib_backprop},
    {"gp_exp_quad_cov", gp_value, gp_backprop},
    {"log10", lib_value, lib_backprop},
    {"log_mix", log_mix_value, log_mix_backprop},
    {"max", lib_value, lib_backprop},
    {"min", lib_value, lib_backprop},
    {"prod", lib_value, lib_backprop},
};

const EmCallRules em_lib_rules = EM_CALL_RULES(rows);
