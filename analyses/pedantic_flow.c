/* pedantic_flow.c - pedantic mode's checks of statements and declarations
 * (Stan user guide, "Control flow depends on a parameter", "Strict or
 * nonsensical parameter bounds", "Nonlinear transformations"; stanc3's
 * Pedantic_analysis):
 *   - an if, while or for of the log density whose condition or bounds
 *     depend on a parameter (through assignments and the conditions they
 *     happen under), and one inside a user function that depends on an
 *     argument given a value that depends on a parameter at a call;
 *   - a parameter with constant lower and upper bounds other than (0, 1)
 *     and (-1, 1), and one whose lower bound is not below its upper;
 *   - a `~` (or target += of a density) whose variate is a non-linear
 *     expression of a parameter (stanc3's heuristic; unlike stanc3, a
 *     variate that depends on no parameter needs no Jacobian and is not
 *     reported);
 *   - the Jacobian: a function named *_jacobian that never increments the
 *     Jacobian, and a jacobian += of a value that depends on no parameter.
 */
#include <stdlib.h>
#include <string.h>

#include "pedantic.h"

/* -------------------------------------------------------- control flow */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "a, b": the parameters (not @silent) in set, sorted; NULL if none. */
static const char *param_list(PedCtx *c, const DfWord *set)
{
    const MirProgram *p = c->p;
    const char **names = arena_alloc(&c->scratch, sizeof(char *) * (size_t)(p->nvars + 1));
    int n = 0;
    for (VarId v = 0; v < p->nvars; v++) {
        if (!df_has(set, v) || p->vars[v].kind != MV_PARAM)
            continue;
        if (!ped_silent(p->vars[v].annots, p->vars[v].nannots))
            names[n++] = p->vars[v].name;
    }
    if (!n)
        return NULL;
    qsort(names, (size_t)n, sizeof *names, compare_names);
    const char *text = names[0];
    for (int i = 1; i < n; i++)
        text = arena_printf(&c->scratch, "%s, %s", text, names[i]);
    return text;
}

static DfWord *new_set(PedCtx *c)
{
    return arena_alloc(&c->scratch, sizeof(DfWord) * (size_t)c->deps->nwords);
}

/* What a control statement's test reads and depends on. */
static DfWord *test_reach(PedCtx *c, const MirStmt *s)
{
    DfWord *set = new_set(c);
    if (s->kind == MS_FOR) {
        vdep_reach(c->deps, s->lo, set, true);
        vdep_reach(c->deps, s->hi, set, true);
    } else {
        vdep_reach(c->deps, s->cond, set, true);
    }
    return set;
}

static bool is_control(const MirStmt *s)
{
    return s->kind == MS_IF || s->kind == MS_WHILE || s->kind == MS_FOR;
}

static void control_flow(PedCtx *c, const MirStmt *s)
{
    if (!s)
        return;
    if (is_control(s)) {
        const char *list = param_list(c, test_reach(c, s));
        if (list)
            ped_warn(c, &s->span, -1, D_PED_CONTROL_FLOW, list);
    }
    control_flow(c, s->body);
    control_flow(c, s->else_body);
    for (int i = 0; i < s->nstmts; i++) {
        const MirStmt *x = s->stmts[i];
        /* the truncation of a `~` is an if after it at the same place:
         * it tests the variate, not a choice the program makes */
        if (i > 0 && x->kind == MS_IF && s->stmts[i - 1]->kind == MS_TARGET_PE
            && memcmp(&x->span, &s->stmts[i - 1]->span, sizeof(Span)) == 0)
            continue;
        control_flow(c, x);
    }
}

/* The control statements of a function body that depend on argument k. */
typedef struct FunCf {
    const MirFun *fun;
    int arg;
    const MirStmt *at;
} FunCf;

typedef struct FunCfList {
    FunCf *items;
    int n, cap;
} FunCfList;

static void fun_control(PedCtx *c, const MirFun *f, const MirStmt *s,
                        FunCfList *out)
{
    if (!s)
        return;
    if (is_control(s)) {
        DfWord *set = test_reach(c, s);
        for (int k = 0; k < f->nparams; k++) {
            if (!df_has(set, f->params[k]))
                continue;
            if (out->n == out->cap) {
                int cap = out->cap ? 2 * out->cap : 8;
                FunCf *items = arena_alloc(&c->scratch, sizeof *items * (size_t)cap);
                if (out->items)
                    memcpy(items, out->items, sizeof *items * (size_t)out->n);
                out->items = items;
                out->cap = cap;
            }
            out->items[out->n++] = (FunCf){f, k, s};
        }
    }
    fun_control(c, f, s->body, out);
    fun_control(c, f, s->else_body, out);
    for (int i = 0; i < s->nstmts; i++)
        fun_control(c, f, s->stmts[i], out);
}

static void fun_call_site(PedCtx *c, const MirExpr *call, const MirStmt *s)
{
    (void)s;
    if (call->fn_kind != FNK_USER)
        return;
    FunCfList cfs = {0};
    for (int f = 0; f < c->p->nfuns; f++)
        if (strcmp(c->p->funs[f].name, call->fn) == 0
            && !ped_silent(c->p->funs[f].annots, c->p->funs[f].nannots))
            fun_control(c, &c->p->funs[f], c->p->funs[f].body, &cfs);
    for (int i = 0; i < cfs.n; i++) {
        const FunCf *cf = &cfs.items[i];
        if (cf->arg >= call->nargs)
            continue;
        const MirExpr *arg = call->args[cf->arg];
        DfWord *set = new_set(c);
        vdep_reach(c->deps, arg, set, true);
        const char *list = param_list(c, set);
        if (!list)
            continue;
        const char *argname = c->p->vars[cf->fun->params[cf->arg]].name;
        ped_warn(c, &cf->at->span, -1, D_PED_FUN_CONTROL_FLOW, cf->fun->name,
                 argname, diag_where(c->sink, arg->span), argname, list);
    }
}

/* --------------------------------------------------------------- bounds */

static void check_bounds(PedCtx *c)
{
    const FactorGraph *g = c->graph;
    for (int gv = 0; gv < g->nvars; gv++) {
        VarId v = g->vars[gv].var;
        const MirVar *x = &c->p->vars[v];
        PedConst lo, hi;
        if (g->vars[gv].kind != FGV_PARAM || x->sized.tr != TR_LOWER_UPPER
            || !ped_const(c, x->sized.tr_a, &lo)
            || !ped_const(c, x->sized.tr_b, &hi))
            continue;
        if ((lo.value == 0 && hi.value == 1)
            || (lo.value == -1 && hi.value == 1))
            continue;
        ped_warn(c, NULL, v, lo.value >= hi.value ? D_PED_NONSENSE_BOUNDS
                                                  : D_PED_HARD_CONSTRAINT,
                 x->name);
    }
}

/* ------------------------------------------------------------ non-linear */

static bool is_linear(const MirExpr *e, bool allow_var);

static bool all_linear(const MirExpr *e, bool allow_var)
{
    for (int i = 0; i < e->nargs; i++)
        if (!is_linear(e->args[i], allow_var))
            return false;
    return true;
}

/* Library functions that are linear when their arguments are. */
static bool linear_function(const char *name)
{
    static const char *const names[] = {
        "add", "append_block", "append_row", "append_col", "block", "col",
        "cols", "row", "rows", "diagonal", "head", "tail", "minus",
        "negative_infinity", "not_a_number", "rep_matrix", "rep_vector",
        "rep_row_vector", "positive_infinity", "segment", "subtract", "sum",
        "to_vector", "to_row_vector", "to_matrix", "to_array_1d",
        "to_array_2d", "transpose", NULL};
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* stanc3's check: linear in at most one variable factor (a * b needs one
 * of a, b constant). */
static bool is_linear(const MirExpr *e, bool allow_var)
{
    switch (e->kind) {
    case MX_VAR:
        return allow_var;
    case MX_INT:
    case MX_REAL:
    case MX_IMAG:
    case MX_STR:
        return true;
    case MX_INDEXED:
    case MX_PROMOTE:
        return is_linear(e->args[0], allow_var);
    case MX_TERNARY:
        return all_linear(e, allow_var);
    case MX_CALL:
        break;
    default:
        return false;
    }
    if (e->fn_kind == FNK_INTERNAL)
        return (e->internal == FN_MAKE_ARRAY || e->internal == FN_MAKE_ROW_VEC)
            && all_linear(e, allow_var);
    if (e->fn_kind != FNK_STANLIB)
        return false;
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_NEG: case OP_PLUS: case OP_TRANSPOSE:
        return all_linear(e, allow_var);
    default:
        break;
    }
    if (e->op == OP_NONE && linear_function(e->fn))
        return all_linear(e, allow_var);
    if (all_linear(e, false))
        return true;    /* a function of constants */
    bool times = e->op == OP_MUL || e->op == OP_DIV || e->op == OP_IDIV;
    if (times && e->nargs == 2)
        return (is_linear(e->args[0], allow_var)
                && is_linear(e->args[1], false))
            || (is_linear(e->args[0], false)
                && is_linear(e->args[1], allow_var));
    if (e->op == OP_NONE && strcmp(e->fn, "fma") == 0 && e->nargs == 3)
        return is_linear(e->args[2], allow_var)
            && ((is_linear(e->args[0], allow_var)
                 && is_linear(e->args[1], false))
                || (is_linear(e->args[0], false)
                    && is_linear(e->args[1], allow_var)));
    return false;
}

static bool depends_on_param(PedCtx *c, const MirExpr *e)
{
    DfWord *set = new_set(c);
    vdep_reach(c->deps, e, set, false);
    for (VarId v = 0; v < c->p->nvars; v++)
        if (df_has(set, v) && c->p->vars[v].kind == MV_PARAM)
            return true;
    return false;
}

static void nonlinear(PedCtx *c, const MirStmt *s)
{
    if (!s)
        return;
    if (s->kind == MS_TARGET_PE && ped_density(c, s->rhs)
        && !is_linear(s->rhs->args[0], true)
        && depends_on_param(c, s->rhs->args[0]))
        ped_warn(c, &s->span, -1, D_PED_NONLINEAR);
    nonlinear(c, s->body);
    nonlinear(c, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        nonlinear(c, s->stmts[i]);
}

/* ------------------------------------------------------------- Jacobian */

static bool calls_jacobian(const MirExpr *e)
{
    if (!e)
        return false;
    if (e->kind == MX_CALL && e->fn_kind == FNK_USER && e->fn
        && name_has_suffix(e->fn, "_jacobian"))
        return true;
    for (int i = 0; i < e->nargs; i++)
        if (calls_jacobian(e->args[i]))
            return true;
    for (int i = 0; i < e->nindices; i++)
        if (calls_jacobian(e->indices[i].lo) || calls_jacobian(e->indices[i].hi))
            return true;
    return false;
}

/* Whether s increments the Jacobian: a jacobian += or a _jacobian call. */
static bool increments_jacobian(const MirStmt *s)
{
    if (!s)
        return false;
    if (s->kind == MS_JACOBIAN_PE || calls_jacobian(s->rhs)
        || calls_jacobian(s->call) || calls_jacobian(s->cond)
        || calls_jacobian(s->lo) || calls_jacobian(s->hi))
        return true;
    if (increments_jacobian(s->body) || increments_jacobian(s->else_body))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (increments_jacobian(s->stmts[i]))
            return true;
    return false;
}

static void constant_jacobian(PedCtx *c, const MirStmt *s)
{
    if (!s)
        return;
    if (s->kind == MS_JACOBIAN_PE && !depends_on_param(c, s->rhs))
        ped_warn(c, &s->span, -1, D_PED_JACOBIAN_CONSTANT);
    constant_jacobian(c, s->body);
    constant_jacobian(c, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        constant_jacobian(c, s->stmts[i]);
}

static void check_jacobian(PedCtx *c)
{
    for (int f = 0; f < c->p->nfuns; f++) {
        const MirFun *fun = &c->p->funs[f];
        if (fun->body && !ped_silent(fun->annots, fun->nannots)
            && name_has_suffix(fun->name, "_jacobian")
            && !increments_jacobian(fun->body))
            ped_warn(c, &fun->span, -1, D_PED_JACOBIAN_FN_UNUSED, fun->name);
    }
    constant_jacobian(c, c->p->log_prob);
}

void ped_check_flow(PedCtx *c)
{
    control_flow(c, c->p->log_prob);
    ped_each_call(c, c->p->log_prob, fun_call_site);
    check_bounds(c);
    nonlinear(c, c->p->log_prob);
    check_jacobian(c);
}
