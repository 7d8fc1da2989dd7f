/* emit_callback.c - how a runtime solver calls back into a user function
 * passed to a higher-order call (the algebraic solvers of emit_solve.c,
 * integrate_1d of emit_integrate.c, the covariance function of the
 * embedded Laplace functions of emit_laplace.c, the residual of the DAE
 * solvers of emit_dae.c; map_rect, which calls its function
 * directly, is emit_map_rect.c).  The ODE solvers' callbacks (emit_ode.c)
 * are the same idea written before this file, with their own context type
 * OdeCtx; they can become one more family of the table below.
 *
 * A call passes its extra arguments, the ones the solver hands on to the
 * function unchanged, through a CbCtx: the model, its working memory, a
 * pointer to each argument's values with its sizes, and where each
 * argument's elements start in theta, the vector of the elements of the
 * arguments the function takes as real and not `data`, which the
 * derivative callbacks write.  Each family emits, once per user function
 * it is passed, a primal callback (the function's C function) and a
 * derivative callback (its reverse function with a chosen adjoint of the
 * result); this file emits their shared parts: the context type, each
 * callback's prototype and head, the body of one that cannot work (it
 * returns the reason), the scratch memory and muted prints around the
 * function's run in a body, the function's extra arguments read from a
 * context, the theta slices of the reverse function's gradient arguments,
 * the checks of the function a call passes, the filling of a context at a
 * call and the adjoints of the call's extra arguments.  A new family
 * writes only what differs: its callbacks' parameters, the call of the
 * function inside each, and its call.
 *
 * The callbacks are declared after the user functions' prototypes (a
 * function body may call a solver) and defined after the functions, when
 * it is known which reverse functions compile; a callback of a function
 * that does not compile says so at run time, which no call reaches (the
 * call itself is refused at compile time). */
#include <ctype.h>
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

#define CB_MAX_ARGS 16

/* ------------------------------------------------------------ families */

typedef struct CbFamily {
    bool (*is_call)(const MirExpr *e);
    /* the user function e passes, or -1 */
    int (*fun_of)(Emit *em, const MirExpr *e);
    /* the callbacks' prototypes, and their definitions */
    void (*declare)(Emit *em, int fi);
    void (*define)(Emit *em, int fi);
} CbFamily;

static const CbFamily families[] = {
    {em_solve_is_call, em_solve_fun, em_solve_declare, em_solve_define},
    {em_integrate_is_call, em_integrate_fun, em_integrate_declare,
     em_integrate_define},
    {em_laplace_is_call, em_laplace_fun, em_laplace_declare,
     em_laplace_define},
    {em_laplace_lik_is_call, em_laplace_lik_fun, em_laplace_lik_declare,
     em_laplace_lik_define},
    {em_dae_is_call, em_dae_fun, em_dae_declare, em_dae_define},
};
#define NFAMILIES ((int)(sizeof families / sizeof families[0]))

/* em_mark_passed's walk: the call test, the function it passes, where
 * the marks go. */
typedef struct Passed {
    Emit *em;
    bool (*is_call)(const MirExpr *e);
    int (*fun_of)(Emit *em, const MirExpr *e);
    bool *used;
} Passed;

static bool mark_passed(MirExpr *e, void *ctx)
{
    Passed *ps = ctx;
    if (ps->is_call(e)) {
        int fi = ps->fun_of(ps->em, e);
        if (fi >= 0)
            ps->used[fi] = true;
    }
    return true;
}

void em_mark_passed(Emit *em, bool (*is_call)(const MirExpr *e),
                    int (*fun_of)(Emit *em, const MirExpr *e), bool *used)
{
    Passed ps = {em, is_call, fun_of, used};
    /* the walker takes the program as writable; this walk only reads */
    MirVisitor v = {.expr = mark_passed, .ctx = &ps, .decl_sizes = true,
                    .p = (MirProgram *)em->p};
    mir_visit_program((MirProgram *)em->p, &v);
}

/* Per family and user function: whether a call passes it (computed once
 * at the prototypes, kept for the definitions). */
static bool *used_table(Emit *em)
{
    const MirProgram *p = em->p;
    size_t n = (size_t)NFAMILIES * (size_t)(p->nfuns + 1);
    bool *used = arena_alloc(em->a, sizeof(bool) * n);
    memset(used, 0, sizeof(bool) * n);
    for (int k = 0; k < NFAMILIES; k++)
        em_mark_passed(em, families[k].is_call, families[k].fun_of,
                       used + (size_t)k * (size_t)p->nfuns);
    return used;
}

void em_callback_prototypes(Emit *em)
{
    bool *used = used_table(em);
    bool any = false;
    for (int k = 0; k < NFAMILIES; k++)
        for (int fi = 0; fi < em->p->nfuns; fi++) {
            bool *u = &used[k * em->p->nfuns + fi];
            *u = *u && !em->fun_why[fi];
            any = any || *u;
        }
    em->cb_declared = any ? used : NULL;
    if (!any)
        return;
    em_line(em, "/* what the callbacks of higher-order calls need: the "
            "model, its working memory, the extra arguments with their "
            "sizes, and where each one's elements start in theta */");
    em_line(em, "typedef struct CbCtx {");
    em_line(em, "    const void *m;");
    em_line(em, "    State *S;");
    em_line(em, "    int n;");
    em_line(em, "    const double *a[%d];", CB_MAX_ARGS);
    em_line(em, "    const int *ia[%d];", CB_MAX_ARGS);
    em_line(em, "    int len[%d], rows[%d], cols[%d], off[%d];", CB_MAX_ARGS,
            CB_MAX_ARGS, CB_MAX_ARGS, CB_MAX_ARGS);
    em_line(em, "    const int *dims[%d];", CB_MAX_ARGS);
    em_line(em, "} CbCtx;");
    for (int k = 0; k < NFAMILIES; k++)
        for (int fi = 0; fi < em->p->nfuns; fi++)
            if (used[k * em->p->nfuns + fi])
                families[k].declare(em, fi);
    em_line(em, "%s", "");
}

void em_callback_definitions(Emit *em)
{
    const bool *used = em->cb_declared;
    if (!used)
        return;
    for (int k = 0; k < NFAMILIES; k++)
        for (int fi = 0; fi < em->p->nfuns; fi++)
            if (used[k * em->p->nfuns + fi]) {
                families[k].define(em, fi);
                em_line(em, "%s", "");
            }
}

bool em_cb_declared(const Emit *em, bool (*is_call)(const MirExpr *),
                    int fi)
{
    if (!em->cb_declared || fi < 0)
        return false;
    for (int k = 0; k < NFAMILIES; k++)
        if (families[k].is_call == is_call)
            return em->cb_declared[k * em->p->nfuns + fi];
    return false;
}

/* ------------------------------------------------------------- pieces */

const char *em_cb_cname(Emit *em, int fi)
{
    return A("f%d_%s", fi, em->p->funs[fi].name);
}

const char *em_cb_no_rev(const Emit *em, int fi)
{
    return !em->in_function && em->rev_why ? em->rev_why[fi] : NULL;
}

void em_cb_check_passed(Emit *em, const MirExpr *e,
                        bool (*is_call)(const MirExpr *), int fi,
                        const char *none)
{
    if (fi < 0)
        em_unsupported(em, "%s with %s", e->fn, none);
    if (em->fun_why[fi])
        em_unsupported(em, "%s: %s", e->fn, em->fun_why[fi]);
    if (!em_cb_declared(em, is_call, fi))
        em_unsupported(em, "%s here", e->fn);
}

void em_cb_declare(Emit *em, const char *name, int fi, const char *params)
{
    em_line(em, "static int MAYBE_UNUSED %s%d(%s);", name, fi, params);
}

/* "(void)a; (void)b;" for the parameters of params but err: the names
 * end each comma-separated declaration */
static const char *voids(Emit *em, const char *params)
{
    const char *s = "";
    const char *p = params;
    while (*p) {
        const char *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        const char *b = end;
        while (b > p && (isalnum((unsigned char)b[-1]) || b[-1] == '_'))
            b--;
        int len = (int)(end - b);
        if (!(len == 3 && strncmp(b, "err", 3) == 0))
            s = A("%s%s(void)%.*s;", s, *s ? " " : "", len, b);
        p = *end ? end + 1 : end;
    }
    return s;
}

bool em_cb_open(Emit *em, const char *name, int fi, const char *params,
                const char *why)
{
    em_line(em, "static int MAYBE_UNUSED %s%d(%s)", name, fi, params);
    em_line(em, "{");
    if (why) {
        em_line(em, "    %s", voids(em, params));
        em_line(em, "    return rt_error(err, \"%%s\", %s);",
                em_c_string(em->a, why));
        em_line(em, "}");
        return false;
    }
    em_line(em, "    CbCtx *c = ctx;");
    return true;
}

void em_cb_run_begin(Emit *em, int fi, bool mute)
{
    em_cb_scratch_mark(em);
    if (mute && em_cb_prints(em, fi))
        em_line(em, "    rt_print_mute(1);");
}

void em_cb_run_end(Emit *em, int fi, bool mute, const char *ret)
{
    if (mute && em_cb_prints(em, fi))
        em_line(em, "    rt_print_mute(-1);");
    em_cb_scratch_release(em);
    if (ret) {
        em_line(em, "    return %s;", ret);
        em_line(em, "}");
    }
}

int em_cb_fun(Emit *em, const MirExpr *call, int nparams, int from,
              int count, int first)
{
    const MirExpr *fnarg = call->args[0];
    if (!fnarg || !fnarg->fn)
        return -1;
    /* among overloads, the one the extra arguments fit with the fewest
     * promotions, as a direct call would choose */
    int best = -1, best_cost = 1 << 30;
    for (int fi = 0; fi < em->p->nfuns; fi++) {
        const MirFun *f = &em->p->funs[fi];
        if (strcmp(f->name, fnarg->fn) != 0 || f->nparams != nparams)
            continue;
        int cost = 0;
        for (int i = 0; i < count && cost >= 0; i++) {
            int c = ty_promotion_cost(call->args[from + i]->type,
                                      em->p->vars[f->params[first + i]]
                                          .sized.type);
            cost = c < 0 ? -1 : cost + c;
        }
        if (cost >= 0 && cost < best_cost) {
            best = fi;
            best_cost = cost;
        }
    }
    return best;
}

const char *em_cb_args(Emit *em, const MirFun *f, int first)
{
    const char *s = "";
    for (int i = first; i < f->nparams; i++) {
        const MirVar *var = &em->p->vars[f->params[i]];
        int k = i - first, rank = em_var_rank(var);
        /* a complex argument's elements are stored as pairs of doubles
         * (em_cb_set_arg) */
        const char *ptr = em_is_int_var(var) ? A("c->ia[%d]", k)
            : em_is_complex_var(var) ? A("((const double complex *)c->a[%d])",
                                         k)
            : A("c->a[%d]", k);
        if (rank == 0)
            s = A("%s, %s[0]", s, ptr);
        else if (rank == 1)
            s = A("%s, %s, c->len[%d]", s, ptr, k);
        else if (!em_needs_shape(var->sized.type))
            s = A("%s, %s, c->rows[%d], c->cols[%d]", s, ptr, k, k);
        else {
            /* all its dimensions (em_cb_fill_dims) */
            s = A("%s, %s", s, ptr);
            for (int d = 0; d < rank; d++)
                s = A("%s, c->dims[%d][%d]", s, k, d);
        }
    }
    return s;
}

void em_cb_fill_dims(Emit *em, const char *c, int i, const Type *t, Opnd a)
{
    if (!em_needs_shape(t))
        return;
    int rank = em_type_rank(t);
    const char *d = A("%s_d%d", c, i);
    const char *list = "";
    for (int k = 0; k < rank; k++)
        list = A("%s%s%s", list, k ? ", " : "", em_opnd_dim(em, t, a, k));
    /* in the context's scope: the solver reads it during the call */
    em_line(em, "int %s[%d] = {%s};", d, rank, list);
    em_line(em, "%s.dims[%d] = %s;", c, i, d);
}

const char *em_cb_grads(Emit *em, const MirFun *f, int first)
{
    const char *s = "";
    for (int i = first; i < f->nparams; i++) {
        const MirVar *var = &em->p->vars[f->params[i]];
        if (em_is_int_var(var) || f->data_only[i])
            continue;
        /* a complex argument's adjoint is complex: a pair of doubles of
         * theta per element (real part first, as C99 stores them) */
        if (em_is_complex_var(var))
            s = A("%s, (double complex *)(gtheta + c->off[%d])", s,
                  i - first);
        else
            s = A("%s, gtheta + c->off[%d]", s, i - first);
    }
    return s;
}

const char *em_cb_theta_len(Emit *em, Opnd a)
{
    const char *n = a.container ? a.n : "1";
    return a.is_complex ? A("2 * (%s)", n) : n;
}

void em_cb_set_arg(Emit *em, const char *c, int i, Opnd a, bool is_int,
                   const char *off)
{
    const char *ptr = a.container ? a.val
        : A("&(%s){%s}", is_int ? "int" : a.is_complex ? "double complex"
                                                       : "double", a.val);
    if (a.is_complex)
        ptr = A("(const double *)%s", ptr);
    em_line(em, "%s.%s[%d] = %s;", c, is_int ? "ia" : "a", i, ptr);
    em_line(em, "%s.len[%d] = %s; %s.rows[%d] = %s; %s.cols[%d] = %s; "
            "%s.off[%d] = %s;", c, i, a.container ? a.n : "1", c, i,
            a.container && a.rows ? a.rows : "1", c, i,
            a.container && a.cols ? a.cols : "1", c, i, off);
}

Opnd em_cb_value(Emit *em, const MirVar *var, const MirExpr *x)
{
    Opnd a = em_value(em, x);
    if (em_is_complex_var(var))
        return em_to_complex(em, a);
    /* an int where the function takes reals (Stan promotes it) */
    return em_is_int_var(var) ? a : em_cb_doubles(em, a);
}

void em_cb_backprop_arg(Emit *em, const MirVar *var, const MirExpr *x,
                        Opnd a, const char *g, const char *off)
{
    if (!em_is_ad(em, x))
        return;
    if (!em_is_complex_var(var)) {
        em_backprop(em, x, a.container ? A("(%s + %s)", g, off)
                                       : A("%s[%s]", g, off));
        return;
    }
    const char *z = A("((double complex *)(%s + %s))", g, off);
    const char *gi = a.container ? z : A("%s[0]", z);
    /* a real argument of a complex parameter: the real part */
    if (!em_is_complex_type(x->type))
        em_complex_backprop_real(em, x, gi);
    else
        em_backprop(em, x, gi);
}

void em_cb_scratch_mark(Emit *em)
{
    /* the function's locals and result die with the callback: the solver
     * may call it thousands of times in one evaluation */
    em_line(em, "    RtScratchBlock *top = c->S->scratch.head;");
    em_line(em, "    size_t used = top ? top->used : 0;");
}

void em_cb_scratch_release(Emit *em)
{
    em_line(em, "    if (top && c->S->scratch.head == top) top->used = used;");
}

Opnd em_cb_doubles(Emit *em, Opnd a)
{
    if (!a.is_int)
        return a;
    if (!a.container) {
        a.val = A("(double)(%s)", a.val);
        a.is_int = false;
        return a;
    }
    Opnd d = em_new_container(em, a.n, a.rows ? a.rows : a.n,
                              a.cols ? a.cols : "1", false);
    em_line(em, "for (int k = 0; k < %s; k++) %s[k] = %s[k];", a.n, d.val,
            a.val);
    d.shape = a.shape;
    return d;
}

const char *em_cb_fill(Emit *em, const MirExpr *call, int from, int fi,
                       int first, const char *n, Opnd *extra,
                       const char **ntheta)
{
    const MirFun *f = &em->p->funs[fi];
    int nextra = f->nparams - first;
    if (nextra > CB_MAX_ARGS)
        em_unsupported(em, "%s with more than %d arguments for its function",
                       call->fn, CB_MAX_ARGS);
    const char *c = em_fresh(em, "cb");
    em_line(em, "CbCtx %s = {.m = m, .S = S, .n = %s};", c, n);
    const char *off = "0";
    for (int i = 0; i < nextra; i++) {
        const MirVar *var = &em->p->vars[f->params[first + i]];
        bool is_int = em_is_int_var(var);
        Opnd a = em_cb_value(em, var, call->args[from + i]);
        extra[i] = a;
        em_cb_set_arg(em, c, i, a, is_int, off);
        em_cb_fill_dims(em, c, i, var->sized.type, a);
        /* theta: the arguments f takes as real and not `data` (the
         * derivative callbacks write their gradients there) */
        if (!is_int && !f->data_only[first + i])
            off = A("%s + %s", off, em_cb_theta_len(em, a));
    }
    const char *p = em_fresh(em, "p");
    em_line(em, "int %s = %s;", p, off);
    *ntheta = p;
    return c;
}

void em_cb_backprop(Emit *em, const MirExpr *call, int from, int fi,
                    int first, const Opnd *extra, const char *g)
{
    const MirFun *f = &em->p->funs[fi];
    const char *off = "0";
    for (int i = 0; first + i < f->nparams; i++) {
        const MirVar *var = &em->p->vars[f->params[first + i]];
        if (em_is_int_var(var) || f->data_only[first + i])
            continue;
        Opnd a = extra[i];
        em_cb_backprop_arg(em, var, call->args[from + i], a, g, off);
        off = A("%s + %s", off, em_cb_theta_len(em, a));
    }
}

/* The derivative callbacks run the function's body again: a print in it
 * printed when its value was computed. */
bool em_cb_prints(const Emit *em, int fi)
{
    return (em->p->funs[fi].effect & EFF_PRINTS) != 0;
}
