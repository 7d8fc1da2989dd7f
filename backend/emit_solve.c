/* emit_solve.c - the algebraic solvers solve_newton[_tol],
 * solve_powell[_tol] and the deprecated algebra_solver[_newton] (with and
 * without tolerances) through the runtime's rt_algebra_solve (rt_solve.h).
 *
 * The solver calls back into the model for f(x, ...) and for the
 * vector-Jacobian products w^T df/dx and w^T df/dtheta (the callbacks
 * alg_f and alg_vjp of each user function passed to a solver, from the
 * function's C function and its reverse function; emit_callback.c has the
 * shared parts).  theta are the real extra arguments' elements, one after
 * the other.  The value of a call is a solve; its reverse step solves
 * again (the reverse sweep recomputes values) and adds adj^T dx/dtheta by
 * the implicit function theorem into the extra arguments' adjoints.  The
 * initial guess has no derivative: the root does not depend on it. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

/* A solver's form: where its extra arguments are, where its tolerances
 * are (0: none, Stan's defaults), and its method. */
typedef struct SolveForm {
    const char *name;
    int nargs;          /* -1: variadic */
    int from, count;    /* the extra arguments (count -1: to the end) */
    int tol;            /* the first of the three tolerance arguments */
    bool newton;
    const char *defaults;
} SolveForm;

static const SolveForm forms[] = {
    {"solve_newton", -1, 2, -1, 0, true, "RT_SOLVE_NEWTON_DEFAULTS"},
    {"solve_newton_tol", -1, 5, -1, 2, true, NULL},
    {"solve_powell", -1, 2, -1, 0, false, "RT_SOLVE_POWELL_DEFAULTS"},
    {"solve_powell_tol", -1, 5, -1, 2, false, NULL},
    {"algebra_solver", 5, 2, 3, 0, false, "RT_ALGEBRA_SOLVER_DEFAULTS"},
    {"algebra_solver", 8, 2, 3, 5, false, NULL},
    {"algebra_solver_newton", 5, 2, 3, 0, true, "RT_SOLVE_NEWTON_DEFAULTS"},
    {"algebra_solver_newton", 8, 2, 3, 5, true, NULL},
};

static const SolveForm *form_of(const MirExpr *e)
{
    if (!e || e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return NULL;
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (strcmp(e->fn, forms[i].name) == 0
            && (forms[i].nargs < 0 || forms[i].nargs == e->nargs))
            return &forms[i];
    return NULL;
}

static int nextra(const SolveForm *form, const MirExpr *e)
{
    return form->count >= 0 ? form->count : e->nargs - form->from;
}

bool em_solve_is_call(const MirExpr *e)
{
    return form_of(e) != NULL;
}

int em_solve_fun(Emit *em, const MirExpr *e)
{
    const SolveForm *form = form_of(e);
    return form ? em_cb_fun(em, e, 1 + nextra(form, e), form->from,
                               nextra(form, e), 1) : -1;
}

/* ------------------------------------------------------------ callbacks */

#define F_PARAMS "void *ctx, const double *x, double *fx, RtError *err"
#define VJP_PARAMS "void *ctx, const double *x, const double *w, " \
    "double *gx, double *gtheta, RtError *err"

void em_solve_declare(Emit *em, int fi)
{
    em_cb_declare(em, "alg_f", fi, F_PARAMS);
    em_cb_declare(em, "alg_vjp", fi, VJP_PARAMS);
}

void em_solve_define(Emit *em, int fi)
{
    const MirFun *f = &em->p->funs[fi];
    if (em_cb_open(em, "alg_f", fi, F_PARAMS, em->fun_why[fi])) {
        em_line(em, "    double *r = NULL;");
        em_line(em, "    int rows = 0, cols = 0;");
        em_cb_run_begin(em, fi, false);
        em_line(em, "    if (%s((const Model *)c->m, c->S, false, x, c->n%s, "
                "&r, &rows, &cols, NULL, err)) return -1;",
                em_cb_cname(em, fi), em_cb_args(em, f, 1));
        em_line(em, "    int k = rows * cols;");
        em_line(em, "    memcpy(fx, r, sizeof(double) * (size_t)(k < c->n ? k "
                ": c->n));");
        em_cb_run_end(em, fi, false, "k");
    }
    const char *why = em->fun_why[fi] ? em->fun_why[fi]
        : em->rev_why[fi] ? em->rev_why[fi]
        : f->data_only[0] ? A("the unknowns of %s are data", f->name) : NULL;
    if (!em_cb_open(em, "alg_vjp", fi, VJP_PARAMS, why))
        return;
    em_line(em, "    (void)gtheta;");
    em_cb_run_begin(em, fi, true);
    em_line(em, "    int rc = %s_rev((const Model *)c->m, c->S, false, x, "
            "c->n%s, w, gx%s, NULL, err);", em_cb_cname(em, fi),
            em_cb_args(em, f, 1), em_cb_grads(em, f, 1));
    em_cb_run_end(em, fi, true, "rc");
}

/* ------------------------------------------------------------- the call */

/* Whether the derivative callback of fi works (see em_cb_no_rev). */
static bool has_vjp(const Emit *em, int fi)
{
    return !em->p->funs[fi].data_only[0] && !em_cb_no_rev(em, fi);
}

/* The solve into a new vector: the context, the system, the call.
 * *sys gets the system's name, *p theta's length, extra the extra
 * arguments' values. */
static Opnd solve(Emit *em, const MirExpr *e, bool with_grad,
                  const char **sys, const char **p, Opnd *extra, int *fi_out)
{
    const SolveForm *form = form_of(e);
    int fi = em_solve_fun(em, e);
    em_cb_check_passed(em, e, em_solve_is_call, fi, "this function argument");
    if (with_grad && !has_vjp(em, fi))
        em_unsupported(em, "derivatives of %s: %s", e->fn,
                       em->rev_why && em->rev_why[fi] ? em->rev_why[fi]
                       : "the unknowns of its function are data");
    *fi_out = fi;
    Opnd guess = em_cb_doubles(em, em_value(em, e->args[1]));
    const char *tol = form->defaults;
    if (!tol)
        tol = A("(double)(%s), (double)(%s), (long)(%s)",
                em_value(em, e->args[form->tol]).val,
                em_value(em, e->args[form->tol + 1]).val,
                em_value(em, e->args[form->tol + 2]).val);
    const char *c = em_cb_fill(em, e, form->from, fi, 1, guess.n, extra, p);
    *sys = em_fresh(em, "sys");
    em_line(em, "RtAlgebraSystem %s = {%s, %s, alg_f%d, %s, &%s};", *sys,
            guess.n, *p, fi, has_vjp(em, fi) ? A("alg_vjp%d", fi) : "NULL",
            c);
    Opnd x = em_new_container(em, guess.n, guess.n, "1", false);
    bool mute = with_grad && em_cb_prints(em, fi);
    const char *rc = em_fresh(em, "rc");
    if (mute)    /* the forward sweep printed this solve's prints */
        em_line(em, "rt_print_mute(1);");
    em_line(em, "int %s = rt_algebra_solve(%s, %s, &%s, %s, %s, %s, err);",
            rc, em_c_string(em->a, e->fn),
            form->newton ? "RT_SOLVE_NEWTON" : "RT_SOLVE_POWELL", *sys,
            guess.val, tol, x.val);
    if (mute)
        em_line(em, "rt_print_mute(-1);");
    em_line(em, "if (%s) return -1;", rc);
    return x;
}

static bool solve_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!form_of(e))
        return false;
    const char *sys, *p;
    Opnd extra[32];
    int fi;
    *out = solve(em, e, false, &sys, &p, extra, &fi);
    return true;
}

static bool solve_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    const SolveForm *form = form_of(e);
    if (!form)
        return false;
    const char *sys, *p;
    Opnd extra[32];
    int fi;
    Opnd x = solve(em, e, true, &sys, &p, extra, &fi);
    const char *g = em_fresh(em, "g");
    em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, (size_t)(%s));",
            g, p);
    const char *rc = em_fresh(em, "rc");
    bool mute = em_cb_prints(em, fi);
    if (mute)
        em_line(em, "rt_print_mute(1);");
    em_line(em, "int %s = rt_algebra_solve_adjoint(%s, &%s, %s, %s, %s, "
            "err);", rc, em_c_string(em->a, e->fn), sys, x.val, adj, g);
    if (mute)
        em_line(em, "rt_print_mute(-1);");
    em_line(em, "if (%s) return -1;", rc);
    em_cb_backprop(em, e, form->from, fi, 1, extra, g);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"solve_newton", solve_value, solve_backprop},
    {"solve_newton_tol", solve_value, solve_backprop},
    {"solve_powell", solve_value, solve_backprop},
    {"solve_powell_tol", solve_value, solve_backprop},
    {"algebra_solver", solve_value, solve_backprop},
    {"algebra_solver_newton", solve_value, solve_backprop},
};

const EmCallRules em_solve_rules = EM_CALL_RULES(rows);
