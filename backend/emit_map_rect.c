/* emit_map_rect.c - map_rect(f, phi, theta, x_r, x_i): f(phi, theta[j],
 * x_r[j], x_i[j]) for each job j, the results concatenated (Stan
 * Functions Reference, "Map-rect"), run serially: no MPI, no threads.
 *
 * No callback: the jobs are a loop of direct calls of f's C function;
 * the reverse step runs the loop again for the results' sizes and then
 * calls f's reverse function per job with its slice of the result's
 * adjoint, adding into phi's adjoint and theta[j]'s.  Stan's checks: the
 * job counts of theta, x_r and x_i match (an array of arrays here is
 * rectangular, so Stan's per-job size checks hold by construction). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static bool is_map_rect(const MirExpr *e)
{
    return e && e->kind == MX_CALL && e->fn_kind == FNK_STANLIB
        && strcmp(e->fn, "map_rect") == 0 && e->nargs == 5;
}

/* The first dimension (the job count) of a data array argument: a
 * variable's, through a promotion. */
static const char *jobs_of(Emit *em, const MirExpr *x)
{
    while (x->kind == MX_PROMOTE)
        x = x->args[0];
    if (x->kind == MX_VAR && x->var >= 0)
        return em_var_dim(em, x->var, 0);
    if (x->kind == MX_CALL && x->fn_kind == FNK_INTERNAL
        && x->internal == FN_MAKE_ARRAY)
        return A("%d", x->nargs);
    em_unsupported(em, "map_rect with data arrays that are not variables");
}

/* One job's arguments: phi whole, theta[j], x_r[j], x_i[j]. */
typedef struct Jobs {
    int fi;
    Opnd phi, theta, xr, xi;
    const char *J, *k, *nr, *ni;    /* jobs; sizes per job */
    const char *sizes;              /* int[J]: each job's result size */
} Jobs;

static const char *job_args(Emit *em, const Jobs *jb, const char *j)
{
    const MirFun *f = &em->p->funs[jb->fi];
    const char *a[4] = {
        A("%s, %s", jb->phi.val, jb->phi.n),
        A("%s + (size_t)(%s) * (size_t)(%s), %s", jb->theta.val, j, jb->k,
          jb->k),
        A("%s + (size_t)(%s) * (size_t)(%s), %s", jb->xr.val, j, jb->nr,
          jb->nr),
        A("%s + (size_t)(%s) * (size_t)(%s), %s", jb->xi.val, j, jb->ni,
          jb->ni),
    };
    (void)f;
    return A(", %s, %s, %s, %s", a[0], a[1], a[2], a[3]);
}

/* The jobs' values, concatenated into a new vector. */
static Opnd run_jobs(Emit *em, const MirExpr *e, Jobs *jb, bool mute)
{
    int fi = em_cb_fun(em, e, 4, 1, 1, 0);
    if (fi < 0)
        em_unsupported(em, "map_rect with this function argument");
    if (em->fun_why[fi])
        em_unsupported(em, "map_rect: %s", em->fun_why[fi]);
    const MirFun *f = &em->p->funs[fi];
    for (int i = 0; i < 4; i++)
        if (em_var_rank(&em->p->vars[f->params[i]]) != 1)
            em_unsupported(em, "map_rect with this function argument");
    jb->fi = fi;
    jb->phi = em_cb_doubles(em, em_value(em, e->args[1]));
    jb->theta = em_cb_doubles(em, em_value(em, e->args[2]));
    jb->xr = em_cb_doubles(em, em_value(em, e->args[3]));
    jb->xi = em_value(em, e->args[4]);
    const char *J = em_fresh(em, "jobs");
    const char *xrj = jobs_of(em, e->args[3]), *xij = jobs_of(em, e->args[4]);
    if (!jb->theta.rows)
        em_unsupported(em, "map_rect with this job parameters argument");
    em_line(em, "int %s = %s;", J, jb->theta.rows);
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"map_rect: size of "
            "job parameters (%%d) and size of real data (%%d) must match in "
            "size\", %s, %s);", J, xrj, J, xrj);
    em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"map_rect: size of "
            "job parameters (%%d) and size of int data (%%d) must match in "
            "size\", %s, %s);", J, xij, J, xij);
    jb->J = J;
    jb->k = em_fresh(em, "k");
    jb->nr = em_fresh(em, "nr");
    jb->ni = em_fresh(em, "ni");
    em_line(em, "int %s = %s ? (%s) / %s : 0, %s = %s ? (%s) / %s : 0, "
            "%s = %s ? (%s) / %s : 0;", jb->k, J, jb->theta.n, J, jb->nr, J,
            jb->xr.n, J, jb->ni, J, jb->xi.n, J);
    /* each job's result, then the concatenation */
    jb->sizes = em_fresh(em, "sizes");
    const char *parts = em_fresh(em, "parts"), *total = em_fresh(em, "total");
    em_line(em, "int *%s = rt_scratch_ints(&S->scratch, (size_t)%s);",
            jb->sizes, J);
    em_line(em, "double **%s = (double **)(void *)rt_scratch_doubles("
            "&S->scratch, (size_t)%s * ((sizeof(double *) + sizeof(double) - "
            "1) / sizeof(double)));", parts, J);
    em_line(em, "long %s = 0;", total);
    if (mute)    /* the reverse sweep's run: the forward one printed */
        em_line(em, "rt_print_mute(1);");
    em_line(em, "for (int j = 0; j < %s; j++) {", J);
    em_line(em, "    int rows = 0, cols = 0;");
    em_line(em, "    int rc = f%d_%s(m, S, false%s, &%s[j], &rows, &cols, "
            "rng, err);", fi, f->name, job_args(em, jb, "j"), parts);
    if (mute)
        em_line(em, "    if (rc) rt_print_mute(-1);");
    em_line(em, "    if (rc) return -1;");
    em_line(em, "    %s[j] = rows * cols;", jb->sizes);
    em_line(em, "    %s += %s[j];", total, jb->sizes);
    em_line(em, "}");
    if (mute)
        em_line(em, "rt_print_mute(-1);");
    em_line(em, "if (%s > 1000000000L) return rt_error(err, \"map_rect: the "
            "results have %%ld elements, too many\", %s);", total, total);
    const char *n = em_fresh(em, "n");
    em_line(em, "int %s = (int)%s;", n, total);
    Opnd y = em_new_container(em, n, n, "1", false);
    em_line(em, "for (int j = 0, o = 0; j < %s; o += %s[j], j++)", J,
            jb->sizes);
    em_line(em, "    memcpy(%s + o, %s[j], sizeof(double) * (size_t)%s[j]);",
            y.val, parts, jb->sizes);
    return y;
}

static bool map_rect_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!is_map_rect(e))
        return false;
    Jobs jb;
    *out = run_jobs(em, e, &jb, false);
    return true;
}

static bool map_rect_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (!is_map_rect(e))
        return false;
    Jobs jb;
    int fi = em_cb_fun(em, e, 4, 1, 1, 0);
    bool mute = fi >= 0 && em_cb_prints(em, fi);
    run_jobs(em, e, &jb, mute);
    const MirFun *f = &em->p->funs[fi];
    if (em->rev_why && em->rev_why[fi])
        em_unsupported(em, "derivatives of map_rect: %s", em->rev_why[fi]);
    /* the gradient arguments of f's reverse function: phi's and theta's
     * (x_r and x_i are data) */
    const char *gphi = em_fresh(em, "gphi"), *gth = em_fresh(em, "gth");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s));",
            gphi, jb.phi.n);
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s));",
            gth, jb.theta.n);
    const char *grads = "";
    if (!f->data_only[0])
        grads = A("%s, %s", grads, gphi);
    if (!f->data_only[1])
        grads = A("%s, %s + (size_t)j * (size_t)%s", grads, gth, jb.k);
    if (mute)    /* the forward sweep printed the jobs' prints */
        em_line(em, "rt_print_mute(1);");
    em_line(em, "for (int j = 0, o = 0; j < %s; o += %s[j], j++) {", jb.J,
            jb.sizes);
    em_line(em, "    int rc = f%d_%s_rev(m, S, false%s, %s + o%s, rng, err);",
            fi, f->name, job_args(em, &jb, "j"), adj, grads);
    if (mute)
        em_line(em, "    if (rc) rt_print_mute(-1);");
    em_line(em, "    if (rc) return -1;");
    em_line(em, "}");
    if (mute)
        em_line(em, "rt_print_mute(-1);");
    if (em_is_ad(em, e->args[1]))
        em_backprop(em, e->args[1], gphi);
    if (em_is_ad(em, e->args[2]))
        em_backprop(em, e->args[2], gth);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"map_rect", map_rect_value, map_rect_backprop},
};

const EmCallRules em_map_rect_rules = EM_CALL_RULES(rows);
