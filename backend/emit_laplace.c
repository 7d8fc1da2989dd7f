/* emit_laplace.c - the embedded Laplace approximation with a built-in
 * likelihood: laplace_marginal[_tol]_{poisson_log,neg_binomial_2_log,
 * bernoulli_logit}_lpmf (and _lupmf, and their ~ statements) and
 * laplace_latent[_tol]_*_rng, through the runtime's rt_laplace_* (rt_laplace.h).
 *
 * The covariance function is a user function passed with the tuple of its
 * arguments; the runtime needs its value K and, for the gradient, the
 * vector-Jacobian product K_adj^T dK/dphi with the arguments phi.  Both
 * come from callbacks emitted once per covariance function (lap_K and
 * lap_Kvjp: the function's C function and its reverse function with the
 * adjoint K_adj of its result), with the shared parts of emit_callback.c:
 * the tuple's items are the callback's extra arguments, read from a
 * CbCtx.  The offsets m and the negative binomial's dispersion eta get
 * their adjoints from the runtime directly; y, y_index and the Hessian
 * block size are data, and the control tuple's initial guess has no
 * derivative (the mode does not depend on it).
 *
 * The general forms (laplace_marginal[_tol], laplace_latent[_tol]_rng)
 * pass a user log likelihood with its tuple too: a second family of
 * callbacks (lap_ll: the value from its C function, the gradient in theta
 * and in the tuple's items from its reverse function with adjoint 1)
 * feeds the runtime's rt_laplace_*_user, which differentiates that
 * gradient for the Hessian and the third derivatives (rt_laplace.h). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

enum { CONTROL_ITEMS = 6 };

/* A call's form: which likelihood, where its arguments are. */
typedef struct LaplaceForm {
    const char *rt_kind;     /* the RtLaplaceLik, NULL: a user likelihood */
    bool rng, tol;
    int eta;                 /* the dispersion's position, or -1 */
    int m, hbs, cov;         /* m, the block size, the function (its tuple
                                follows it, then the control tuple) */
} LaplaceForm;

static bool chop(const char **s, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncmp(*s, prefix, n) != 0)
        return false;
    *s += n;
    return true;
}

/* e's form, or false. */
static bool form_of(const MirExpr *e, LaplaceForm *f)
{
    if (!e || e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    const char *s = e->fn;
    if (!chop(&s, "laplace_"))
        return false;
    memset(f, 0, sizeof *f);
    bool marginal = chop(&s, "marginal");
    if (!marginal && !chop(&s, "latent"))
        return false;
    f->rng = !marginal;
    f->tol = chop(&s, "_tol");
    if ((marginal && *s == '\0') || (!marginal && strcmp(s, "_rng") == 0)) {
        /* the likelihood and its tuple, the block size, the covariance */
        f->eta = f->m = -1;
        f->hbs = 2;
        f->cov = 3;
        return e->nargs == f->cov + 2 + f->tol;
    }
    static const struct {
        const char *family, *rt_kind;
        bool eta;
    } families[] = {
        {"_poisson_log", "RT_LAPLACE_POISSON_LOG", false},
        {"_neg_binomial_2_log", "RT_LAPLACE_NEG_BINOMIAL_2_LOG", true},
        {"_bernoulli_logit", "RT_LAPLACE_BERNOULLI_LOGIT", false},
    };
    for (size_t i = 0; i < sizeof families / sizeof *families; i++) {
        const char *t = s;
        if (!chop(&t, families[i].family))
            continue;
        if (marginal ? strcmp(t, "_lpmf") != 0 && strcmp(t, "_lupmf") != 0
                     : strcmp(t, "_rng") != 0)
            return false;
        f->rt_kind = families[i].rt_kind;
        f->eta = families[i].eta ? 2 : -1;
        f->m = families[i].eta ? 3 : 2;
        f->hbs = f->m + 1;
        f->cov = f->m + 2;
        return e->nargs == f->cov + 2 + f->tol;
    }
    return false;
}

static bool is_tuple_expr(const MirExpr *e)
{
    return e->kind == MX_CALL && e->fn && strcmp(e->fn, "FnMakeTuple__") == 0;
}

/* The call of the function at pos as emit_callback.c sees one: the
 * function, then the items of the tuple after it. */
static const MirExpr *passed_call(Emit *em, const MirExpr *e, int pos)
{
    const MirExpr *tuple = e->args[pos + 1];
    if (!is_tuple_expr(tuple))
        return NULL;
    MirExpr *call = mir_new_expr(em->a, MX_CALL, e->type, e->span);
    call->fn_kind = FNK_STANLIB;
    call->fn = e->fn;
    call->nargs = 1 + tuple->nargs;
    call->args = arena_alloc(em->a, sizeof(MirExpr *) * (size_t)call->nargs);
    call->args[0] = e->args[pos];
    for (int i = 0; i < tuple->nargs; i++)
        call->args[1 + i] = tuple->args[i];
    return call;
}

bool em_laplace_is_call(const MirExpr *e)
{
    LaplaceForm f;
    return form_of(e, &f);
}

int em_laplace_fun(Emit *em, const MirExpr *e)
{
    LaplaceForm f;
    if (!form_of(e, &f))
        return -1;
    const MirExpr *call = passed_call(em, e, f.cov);
    if (!call)
        return -1;
    int count = call->nargs - 1;
    return em_cb_fun(em, call, count, 1, count, 0);
}

bool em_laplace_lik_is_call(const MirExpr *e)
{
    LaplaceForm f;
    return form_of(e, &f) && !f.rt_kind;
}

int em_laplace_lik_fun(Emit *em, const MirExpr *e)
{
    if (!em_laplace_lik_is_call(e))
        return -1;
    const MirExpr *call = passed_call(em, e, 0);
    if (!call)
        return -1;
    int count = call->nargs - 1;
    return em_cb_fun(em, call, 1 + count, 1, count, 1);
}

/* ------------------------------------------------------------ callbacks */

#define K_PARAMS "void *ctx, int *n, double *K, RtError *err"
#define KVJP_PARAMS "void *ctx, const double *K_adj, double *gtheta, " \
    "RtError *err"
#define LL_PARAMS "void *ctx, const double *theta, double *lp, double *gx, " \
    "double *gtheta, RtError *err"

void em_laplace_declare(Emit *em, int fi)
{
    em_cb_declare(em, "lap_K", fi, K_PARAMS);
    em_cb_declare(em, "lap_Kvjp", fi, KVJP_PARAMS);
}

void em_laplace_define(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    /* K = f(...), which must be n x n; *n < 0: set it, K may be NULL */
    if (em_cb_open(em, "lap_K", fi, K_PARAMS, em->fun_why[fi])) {
        em_line(em, "    double *r = NULL;");
        em_line(em, "    int rows = 0, cols = 0;");
        em_cb_run_begin(em, fi, false);
        em_line(em, "    if (%s((const Model *)c->m, c->S, false%s, &r, &rows, "
                "&cols, NULL, err)) return -1;", em_cb_cname(em, fi),
                em_cb_args(em, f, 0));
        em_line(em, "    if (*n < 0 && rows == cols) *n = rows;");
        em_line(em, "    if (rows != *n || cols != *n)");
        em_line(em, "        return rt_error(err, \"the covariance function "
                "%%s returned a %%d x %%d matrix; the latent Gaussian "
                "vector has size %%d\", %s, rows, cols, *n);",
                em_c_string(em->a, f->name));
        em_line(em, "    if (K) memcpy(K, r, sizeof(double) * (size_t)rows * "
                "(size_t)rows);");
        em_cb_run_end(em, fi, false, "0");
    }
    /* ADD K_adj^T dK/dtheta into gtheta */
    const char *why = em->fun_why[fi] ? em->fun_why[fi] : em->rev_why[fi];
    if (!em_cb_open(em, "lap_Kvjp", fi, KVJP_PARAMS, why))
        return;
    em_cb_run_begin(em, fi, true);
    em_line(em, "    int rc = %s_rev((const Model *)c->m, c->S, false%s, K_adj"
            "%s, NULL, err);", em_cb_cname(em, fi), em_cb_args(em, f, 0),
            em_cb_grads(em, f, 0));
    em_cb_run_end(em, fi, true, "rc");
}

void em_laplace_lik_declare(Emit *em, int fi)
{
    em_cb_declare(em, "lap_ll", fi, LL_PARAMS);
}

/* The likelihood ll(theta, ...): its value, and when gx is non-NULL its
 * gradient in theta (gx) and in the tuple's items (gtheta), from its
 * reverse function with adjoint 1. */
void em_laplace_lik_define(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    const char *why = em->fun_why[fi] ? em->fun_why[fi] : em->rev_why[fi];
    if (!em_cb_open(em, "lap_ll", fi, LL_PARAMS, why))
        return;
    em_line(em, "    (void)gtheta;");
    em_cb_run_begin(em, fi, true);
    em_line(em, "    int rc = %s((const Model *)c->m, c->S, false, theta, "
            "c->n%s, lp, NULL, err);", em_cb_cname(em, fi),
            em_cb_args(em, f, 1));
    em_line(em, "    if (!rc && gx)");
    em_line(em, "        rc = %s_rev((const Model *)c->m, c->S, false, theta, "
            "c->n%s, 1.0, gx%s, NULL, err);", em_cb_cname(em, fi),
            em_cb_args(em, f, 1), em_cb_grads(em, f, 1));
    em_cb_run_end(em, fi, true, "rc");
}

/* ------------------------------------------------------------- the call */

/* What a call evaluates before the runtime runs: the likelihood (a
 * built-in one's data, or the user likelihood's callback context), the
 * options, K, and the covariance function's context for the gradient. */
typedef struct Setup {
    const char *n;           /* theta's size, a C int */
    const char *lik, *opts, *K, *ctx, *ntheta;
    Opnd m, eta, extra[32];
    int fi;
    const MirExpr *call;     /* the covariance function's call */
    int lfi;                 /* the user likelihood's function, or -1 */
    const MirExpr *lcall;
    const char *lctx, *lp;   /* its context and tuple's theta length */
    Opnd lextra[32];
} Setup;

static int passed_fun(Emit *em, const MirExpr *e, bool lik, bool with_grad)
{
    int fi = lik ? em_laplace_lik_fun(em, e) : em_laplace_fun(em, e);
    const char *what = lik ? "likelihood" : "covariance function";
    em_cb_check_passed(em, e, lik ? em_laplace_lik_is_call
                                  : em_laplace_is_call, fi,
                       A("this %s (its arguments must be a tuple "
                         "expression)", what));
    if ((with_grad || lik) && em_cb_no_rev(em, fi))
        em_unsupported(em, "%s: the %s's derivatives: %s", e->fn, what,
                       em->rev_why[fi]);
    return fi;
}

static void setup(Emit *em, const MirExpr *e, const LaplaceForm *f,
                  bool with_grad, Setup *su)
{
    su->call = passed_call(em, e, f->cov);
    su->fi = passed_fun(em, e, false, with_grad);
    su->lfi = -1;
    const char *fn = em_c_string(em->a, e->fn);
    Opnd hbs = em_value(em, e->args[f->hbs]);
    su->ctx = em_cb_fill(em, su->call, 1, su->fi, 0, "0", su->extra,
                         &su->ntheta);
    su->K = em_fresh(em, "K");
    if (f->rt_kind) {
        Opnd y = em_value(em, e->args[0]);
        Opnd idx = em_value(em, e->args[1]);
        su->m = em_cb_doubles(em, em_value(em, e->args[f->m]));
        su->eta = f->eta >= 0
            ? em_cb_doubles(em, em_value(em, e->args[f->eta]))
            : (Opnd){.val = "0.0", .n = "1"};
        su->n = su->m.n;
        em_line(em, "if (%s != %s) return rt_error(err, \"%%s: y has %%d "
                "elements and y_index %%d; they must match\", %s, %s, %s);",
                y.n, idx.n, fn, y.n, idx.n);
        su->lik = em_fresh(em, "lik");
        em_line(em, "RtLaplaceLikelihood %s = {%s, %s, %s, %s, %s, %s, %s};",
                su->lik, f->rt_kind, su->m.n, y.n, y.val, idx.val, su->m.val,
                su->eta.val);
    } else {
        /* theta's size is K's */
        su->n = em_fresh(em, "n");
        em_line(em, "int %s = -1;", su->n);
        em_line(em, "if (lap_K%d(&%s, &%s, NULL, err)) return -1;", su->fi,
                su->ctx, su->n);
        su->lcall = passed_call(em, e, 0);
        su->lfi = passed_fun(em, e, true, with_grad);
        su->lctx = em_cb_fill(em, su->lcall, 1, su->lfi, 1, su->n,
                              su->lextra, &su->lp);
        su->lik = em_fresh(em, "ull");
        em_line(em, "RtLaplaceUser %s = {%s, %s, lap_ll%d, &%s};", su->lik,
                su->n, su->lp, su->lfi, su->lctx);
    }
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s) * "
            "(size_t)(%s));", su->K, su->n, su->n);
    em_line(em, "if (lap_K%d(&%s, &(int){%s}, %s, err)) return -1;", su->fi,
            su->ctx, su->n, su->K);
    su->opts = em_fresh(em, "lopt");
    if (!f->tol) {
        em_line(em, "RtLaplaceOptions %s = RT_LAPLACE_DEFAULTS(%s);",
                su->opts, hbs.val);
        return;
    }
    const MirExpr *ctl = e->args[f->cov + 2];
    if (!is_tuple_expr(ctl) || ctl->nargs != CONTROL_ITEMS)
        em_unsupported(em, "%s with control parameters that are not a "
                       "tuple expression", e->fn);
    Opnd theta0 = em_cb_doubles(em, em_value(em, ctl->args[0]));
    Opnd it[CONTROL_ITEMS];
    for (int i = 1; i < CONTROL_ITEMS; i++)
        it[i] = em_value(em, ctl->args[i]);
    em_line(em, "if (%s != %s) return rt_error(err, \"%%s: the initial guess "
            "has %%d elements and theta %%d; they must match\", %s, %s, %s);",
            theta0.n, su->n, fn, theta0.n, su->n);
    em_line(em, "RtLaplaceOptions %s = {%s, (double)(%s), %s, %s, %s, %s, "
            "%s};", su->opts, theta0.val, it[1].val, it[2].val, hbs.val,
            it[3].val, it[4].val, it[5].val);
}

static bool laplace_value(Emit *em, const MirExpr *e, Opnd *out)
{
    LaplaceForm f;
    if (!form_of(e, &f))
        return false;
    Setup su;
    setup(em, e, &f, false, &su);
    const char *fn = em_c_string(em->a, e->fn);
    const char *user = f.rt_kind ? "" : "_user";
    if (f.rng) {
        Opnd th = em_new_container(em, su.n, su.n, "1", false);
        em_line(em, "if (rt_laplace_latent%s_rng(%s, &%s, %s, &%s, rng, %s, "
                "err)) return -1;", user, fn, su.lik, su.K, su.opts, th.val);
        *out = th;
        return true;
    }
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = 0;", t);
    em_line(em, "if (rt_laplace_marginal%s(%s, &%s, %s, &%s, &%s, err)) "
            "return -1;", user, fn, su.lik, su.K, su.opts, t);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool laplace_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    LaplaceForm f;
    if (!form_of(e, &f))
        return false;
    if (f.rng)
        em_unsupported(em, "derivatives of %s", e->fn);
    /* only the outermost call gives the value (target += of a density) */
    const char *capture = em->capture;
    em->capture = NULL;
    Setup su;
    setup(em, e, &f, true, &su);
    const char *fn = em_c_string(em->a, e->fn);
    const char *t = capture ? capture : em_fresh(em, "t");
    const char *Kadj = em_fresh(em, "Kadj");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s) * "
            "(size_t)(%s));", Kadj, su.n, su.n);
    em_line(em, "double %s = 0;", t);
    const char *gm = NULL, *geta = NULL, *gl = NULL;
    if (f.rt_kind) {
        if (em_is_ad(em, e->args[f.m]))
            gm = em_adj_buffer(em, su.m);
        if (f.eta >= 0 && em_is_ad(em, e->args[f.eta]))
            geta = em_adj_buffer(em, su.eta);
        em_line(em, "if (rt_laplace_marginal_grad(%s, &%s, %s, &%s, %s, &%s, "
                "%s, %s, %s, err)) return -1;", fn, su.lik, su.K, su.opts,
                adj, t, Kadj, gm ? gm : "NULL", geta ? A("&%s", geta) : "NULL");
    } else {
        gl = em_fresh(em, "gl");
        em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s) "
                "+ 1);", gl, su.lp);
        em_line(em, "if (rt_laplace_marginal_user_grad(%s, &%s, %s, &%s, %s, "
                "&%s, %s, %s, err)) return -1;", fn, su.lik, su.K, su.opts,
                adj, t, Kadj, gl);
    }
    if (capture)
        em->capture_checked = true;
    else
        em_line(em, "(void)%s;", t);
    const char *g = em_fresh(em, "g");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s) + "
            "1);", g, su.ntheta);
    em_line(em, "if (lap_Kvjp%d(&%s, %s, %s, err)) return -1;", su.fi, su.ctx,
            Kadj, g);
    em_cb_backprop(em, su.call, 1, su.fi, 0, su.extra, g);
    if (gl)
        em_cb_backprop(em, su.lcall, 1, su.lfi, 1, su.lextra, gl);
    if (gm)
        em_backprop(em, e->args[f.m], gm);
    if (geta)
        em_backprop(em, e->args[f.eta], geta);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"laplace_latent_bernoulli_logit_rng", laplace_value, laplace_backprop},
    {"laplace_latent_neg_binomial_2_log_rng", laplace_value, laplace_backprop},
    {"laplace_latent_poisson_log_rng", laplace_value, laplace_backprop},
    {"laplace_latent_rng", laplace_value, laplace_backprop},
    {"laplace_latent_tol_bernoulli_logit_rng", laplace_value, laplace_backprop},
    {"laplace_latent_tol_neg_binomial_2_log_rng", laplace_value, laplace_backprop},
    {"laplace_latent_tol_poisson_log_rng", laplace_value, laplace_backprop},
    {"laplace_latent_tol_rng", laplace_value, laplace_backprop},
    {"laplace_marginal", laplace_value, laplace_backprop},
    {"laplace_marginal_bernoulli_logit_lpmf", laplace_value, laplace_backprop},
    {"laplace_marginal_neg_binomial_2_log_lpmf", laplace_value, laplace_backprop},
    {"laplace_marginal_poisson_log_lpmf", laplace_value, laplace_backprop},
    {"laplace_marginal_tol", laplace_value, laplace_backprop},
    {"laplace_marginal_tol_bernoulli_logit_lpmf", laplace_value, laplace_backprop},
    {"laplace_marginal_tol_neg_binomial_2_log_lpmf", laplace_value, laplace_backprop},
    {"laplace_marginal_tol_poisson_log_lpmf", laplace_value, laplace_backprop},
    {"laplace_marginal_bernoulli_logit_lupmf", laplace_value, laplace_backprop},
    {"laplace_marginal_neg_binomial_2_log_lupmf", laplace_value, laplace_backprop},
    {"laplace_marginal_poisson_log_lupmf", laplace_value, laplace_backprop},
    {"laplace_marginal_tol_bernoulli_logit_lupmf", laplace_value, laplace_backprop},
    {"laplace_marginal_tol_neg_binomial_2_log_lupmf", laplace_value, laplace_backprop},
    {"laplace_marginal_tol_poisson_log_lupmf", laplace_value, laplace_backprop},
};

const EmCallRules em_laplace_rules = EM_CALL_RULES(rows);
