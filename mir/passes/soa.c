/* soa.c - the memory pattern of every vector and matrix that needs
 * derivatives (stanc3's matrix memory layout optimization): "struct of
 * arrays" (MEM_SOA: one value matrix, one adjoint matrix) when the
 * variable is only used whole, "array of structs" (MEM_AOS: one
 * value-adjoint pair per element) otherwise, with the reason in
 * MirVar.mem_reason (stanc3's words where the rule is stanc3's) and the
 * statement that decided it in MirVar.mem_reason_span, which
 * --debug-mem-patterns prints (analyses/mem_patterns.c).  The rules (the
 * user guide's; stanc3's Memory_patterns):
 *
 *  - a variable read one element at a time inside a loop, or assigned one
 *    element at a time anywhere, is AoS;
 *  - a variable passed to a library function without an SoA
 *    implementation (the table below), or to a user function, is AoS;
 *  - an assignment between two candidates makes both AoS when one is
 *    (their storage must agree), to the fixed point;
 *  - @aos on the declaration makes it AoS; @soa makes it SoA unless a
 *    rule above says AoS, in which case @soa is refused: the variable
 *    stays AoS and the reason says so (and the pass's log).  @soa on a
 *    variable that is no candidate (data, generated quantities, no
 *    derivatives, not a vector or matrix) is refused too, with why.
 *
 * The candidates are the variables declared in log_prob (parameters,
 * transformed parameters, locals) of vector, row_vector or matrix type
 * (arrays of them too) with AD_AUTODIFF; every other variable keeps
 * MEM_AOS and no reason (but the refusal of an @soa).  Every read of a
 * variable (MX_VAR) carries its variable's pattern.  The C backend
 * emits the same code for both patterns today: the choice is recorded for
 * the report (issue 9) and for a backend that uses it.
 *
 * requires: the AD levels of variables (run after adlevel).  invalidates:
 * nothing (mem is not a cache mir_refresh recomputes). */
#include <string.h>

#include "passes.h"

/* Library functions with an SoA implementation (argument passed whole). */
static const char *const soa_functions[] = {
    "add", "subtract", "multiply", "minus", "elt_multiply", "elt_divide",
    "divide", "transpose", "dot_product", "dot_self", "columns_dot_product",
    "rows_dot_product", "columns_dot_self", "rows_dot_self", "sum", "mean",
    "variance", "sd", "log_sum_exp", "softmax", "log_softmax",
    "cumulative_sum", "exp", "log", "log1p", "log1m", "log1p_exp",
    "log1m_exp", "log_inv_logit", "log1m_inv_logit", "inv_logit", "logit",
    "sqrt", "square", "inv", "inv_sqrt", "inv_square", "abs", "fabs", "tanh",
    "sin", "cos", "lgamma", "Phi", "Phi_approx", "pow", "fma", "rows",
    "cols", "num_elements", "size", "head", "tail", "segment", "block",
    "row", "col", "diagonal", "diag_matrix", "diag_pre_multiply",
    "diag_post_multiply", "quad_form", "quad_form_diag", "quad_form_sym",
    "trace_quad_form", "tcrossprod", "crossprod", "inverse",
    "log_determinant", "determinant", "cholesky_decompose",
    "multiply_lower_tri_self_transpose", "mdivide_left_tri_low",
    "mdivide_right_tri_low", "mdivide_left", "mdivide_right",
    "append_row", "append_col", "rep_vector", "rep_row_vector", "rep_matrix",
    "to_vector", "to_row_vector", "max", "min", "norm1", "norm2",
    "squared_distance", "distance", "add_diag", "softmax",
    "normal_lpdf", "normal_lupdf", "std_normal_lpdf", "std_normal_lupdf",
    "normal_id_glm_lpdf", "normal_id_glm_lupdf", "student_t_lpdf",
    "student_t_lupdf", "cauchy_lpdf", "cauchy_lupdf", "lognormal_lpdf",
    "lognormal_lupdf", "exponential_lpdf", "exponential_lupdf",
    "gamma_lpdf", "gamma_lupdf", "beta_lpdf", "beta_lupdf",
    "double_exponential_lpdf", "double_exponential_lupdf",
    "logistic_lpdf", "logistic_lupdf", "bernoulli_logit_lpmf",
    "bernoulli_logit_lupmf", "bernoulli_logit_glm_lpmf",
    "bernoulli_logit_glm_lupmf", "poisson_log_lpmf", "poisson_log_lupmf",
    "poisson_log_glm_lpmf", "poisson_log_glm_lupmf", "binomial_logit_lpmf",
    "binomial_logit_lupmf", "multi_normal_lpdf", "multi_normal_lupdf",
    "multi_normal_cholesky_lpdf", "multi_normal_cholesky_lupdf",
    "lkj_corr_cholesky_lpdf", "lkj_corr_cholesky_lupdf", "dirichlet_lpdf",
    "dirichlet_lupdf", "categorical_logit_lpmf", "categorical_logit_lupmf",
    NULL
};

static bool soa_function(const char *name)
{
    for (int i = 0; soa_functions[i]; i++)
        if (strcmp(soa_functions[i], name) == 0)
            return true;
    return false;
}

typedef struct Soa {
    MirProgram *p;
    Arena *a;
    bool *cand;          /* per variable: a candidate */
    bool *in_log_prob;   /* per variable: declared in log_prob */
    const char **why;    /* per variable: why AoS, NULL while SoA */
    Span *where;         /* per variable: the statement that said why */
    const MirStmt *stmt; /* the statement walked */
    int loops;           /* loops around the statement walked */
} Soa;

static bool matrix_type(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    return k == TY_VECTOR || k == TY_ROW_VECTOR || k == TY_MATRIX;
}

static bool scalar(const Type *t)
{
    return t && (t->kind == TY_REAL || t->kind == TY_INT);
}

static void demote(Soa *s, VarId v, const char *why)
{
    if (v >= 0 && s->cand[v] && !s->why[v]) {
        s->why[v] = why;
        if (s->stmt)
            s->where[v] = s->stmt->span;
    }
}

/* A variable read whole as an argument of call e. */
static void check_call(Soa *s, const MirExpr *e)
{
    if (e->fn_kind == FNK_INTERNAL)
        return;
    for (int i = 0; i < e->nargs; i++) {
        const MirExpr *a = e->args[i];
        if (a->kind != MX_VAR || a->var < 0 || !s->cand[a->var])
            continue;
        if (e->fn_kind == FNK_USER)
            demote(s, a->var, "Used in user defined function");
        else if (e->op == OP_NONE && !soa_function(e->fn))
            demote(s, a->var, arena_printf(s->a, "Function %s is not "
                                           "supported", e->fn));
    }
}

static bool visit_expr(MirExpr *e, void *ctx)
{
    Soa *s = ctx;
    if (e->kind == MX_CALL)
        check_call(s, e);
    if (e->kind == MX_INDEXED && e->args[0]->kind == MX_VAR
        && e->args[0]->var >= 0 && scalar(e->type) && s->loops > 0)
        demote(s, e->args[0]->var, "Accessed by element in a for loop");
    return true;
}

static bool visit_stmt(MirStmt *st, void *ctx)
{
    Soa *s = ctx;
    /* a statement's own expressions are visited before its parts: this is
     * the statement they belong to */
    s->stmt = st;
    if (st->kind == MS_ASSIGN && st->lhs.nsteps > 0 && scalar(st->lhs.type))
        demote(s, st->lhs.var, s->loops > 0
               ? "Accessed by element in a for loop"
               : "Assigned by element");    /* stanc3 keeps SoA there */
    if (st->kind == MS_FOR || st->kind == MS_WHILE)
        s->loops++;
    return true;
}

static void leave_stmt(MirStmt *st, void *ctx)
{
    Soa *s = ctx;
    if (st->kind == MS_FOR || st->kind == MS_WHILE)
        s->loops--;
}

typedef struct Flow {
    Soa *s;
    VarId lhs;
    const MirStmt *stmt; /* the assignment */
    bool changed;
} Flow;

/* The candidates an assignment's right-hand side reads whole. */
static bool flow_expr(MirExpr *e, void *ctx)
{
    Flow *f = ctx;
    Soa *s = f->s;
    if (e->kind == MX_INDEXED && scalar(e->type))
        return false;            /* one element: a number, not storage */
    if (e->kind != MX_VAR || e->var < 0 || !s->cand[e->var])
        return true;
    VarId x = e->var, y = f->lhs;
    if (s->why[x] && !s->why[y]) {
        s->why[y] = arena_printf(s->a, "Right hand side contains AoS "
                                 "expressions (%s)", s->p->vars[x].name);
        s->where[y] = f->stmt->span;
        f->changed = true;
    } else if (s->why[y] && !s->why[x]) {
        s->why[x] = arena_printf(s->a, "Assigned to the AoS variable (%s)",
                                 s->p->vars[y].name);
        s->where[x] = f->stmt->span;
        f->changed = true;
    }
    return true;
}

static bool flow_stmt(MirStmt *st, void *ctx)
{
    Flow *f = ctx;
    if (st->kind != MS_ASSIGN || st->lhs.var < 0 || !f->s->cand[st->lhs.var])
        return true;
    f->lhs = st->lhs.var;
    f->stmt = st;
    MirVisitor v = {.expr = flow_expr, .ctx = f};
    mir_visit_expr(st->rhs, &v);
    return true;
}

static bool collect(MirStmt *st, void *ctx)
{
    Soa *s = ctx;
    if (st->kind == MS_DECL && st->var >= 0) {
        const MirVar *v = &s->p->vars[st->var];
        s->cand[st->var] = matrix_type(v->sized.type)
            && v->ad == AD_AUTODIFF;
        s->in_log_prob[st->var] = true;
    }
    return true;
}

static bool annotated(const MirVar *v, const char *name)
{
    for (int i = 0; i < v->nannots; i++)
        if (strcmp(v->annots[i].name, name) == 0)
            return true;
    return false;
}

/* Why @soa on v, which is no candidate, is refused; NULL when v is not
 * one a user declared (a parameter's or transformed parameter's copy in
 * generated_quantities or transform_inits: the log_prob one decides). */
static const char *refused(const Soa *s, VarId v)
{
    const MirVar *var = &s->p->vars[v];
    MirVarKind k = var->kind;
    if (!s->in_log_prob[v] && k != MV_DATA && k != MV_TDATA && k != MV_GQ
        && k != MV_LOCAL)
        return NULL;
    if (!matrix_type(var->sized.type))
        return "@soa refused: Not a vector or matrix";
    if (var->ad != AD_AUTODIFF)
        return "@soa refused: Has no derivatives";
    /* what is left is a function's local: the pass looks at log_prob */
    return "@soa refused: Declared in a function";
}

static MirExpr *stamp(MirExpr *e, void *ctx)
{
    const MirProgram *p = ctx;
    if (e->kind == MX_VAR && e->var >= 0)
        e->mem = p->vars[e->var].mem;
    return e;
}

bool pass_soa(MirProgram *p, PassCtx *ctx)
{
    if (!p->log_prob)
        return false;
    size_t n = (size_t)p->nvars + 1;
    Soa s = {.p = p, .a = ctx->a};
    s.cand = arena_alloc(ctx->a, n * sizeof(bool));
    s.in_log_prob = arena_alloc(ctx->a, n * sizeof(bool));
    s.why = arena_alloc(ctx->a, n * sizeof(const char *));
    s.where = arena_alloc(ctx->a, n * sizeof(Span));
    MirVisitor decls = {.stmt = collect, .ctx = &s};
    mir_visit_stmt(p->log_prob, &decls);
    for (int v = 0; v < p->nvars; v++)
        if (s.cand[v] && annotated(&p->vars[v], "aos")) {
            s.why[v] = "Forced by @aos";
            s.where[v] = p->vars[v].span;
        }
    MirVisitor uses = {.expr = visit_expr, .stmt = visit_stmt,
                       .stmt_post = leave_stmt, .ctx = &s};
    mir_visit_stmt(p->log_prob, &uses);
    Flow f = {.s = &s};
    MirVisitor flow = {.stmt = flow_stmt, .ctx = &f};
    do {
        f.changed = false;
        mir_visit_stmt(p->log_prob, &flow);
    } while (f.changed);
    bool changed = false;
    for (int v = 0; v < p->nvars; v++) {
        MirVar *var = &p->vars[v];
        bool soa = annotated(var, "soa");
        if (!s.cand[v] && !(soa && refused(&s, v)))
            continue;
        const char *why = s.cand[v] ? s.why[v] : refused(&s, v);
        Span where = s.cand[v] ? s.where[v] : var->span;
        MemPattern mem = why ? MEM_AOS : MEM_SOA;
        if (why && soa) {
            if (s.cand[v])
                why = arena_printf(ctx->a, "@soa refused: %s", why);
            if (ctx->log)
                fprintf(ctx->log, "soa: '%s': %s\n", var->name, why);
        }
        if (var->mem != mem || (why && (!var->mem_reason
                                        || strcmp(why, var->mem_reason))))
            changed = true;
        var->mem = mem;
        var->mem_reason = why;
        var->mem_reason_span = why ? where : (Span){{0, 0, 0, 0},
                                                   {0, 0, 0, 0}};
    }
    MirRewriter r = {.expr = stamp, .ctx = p, .p = p, .decl_sizes = true};
    mir_rewrite_program(p, &r);
    return changed;
}
