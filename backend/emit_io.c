/* emit_io.c - the C backend's reading and writing: parameters read
 * through their constraining transforms (with the Jacobian and the
 * adjoint of each transform), data read and checked, outputs written
 * and the inverse transforms of transform_inits (prints and rejects are
 * emit_print.c's).  The statements that call these are in emit_c.c. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

bool em_is_internal(const MirExpr *e, MirInternal fn)
{
    return e && e->kind == MX_CALL && e->fn_kind == FNK_INTERNAL
        && e->internal == fn;
}
/* --------------------------------------------------------- transforms */

typedef struct Xf {
    const char *name;     /* "lb", "simplex", ... */
    const MirExpr *a, *b; /* its arguments (bounds, offset, multiplier) */
} Xf;

static Xf transform_of(const MirExpr *call)
{
    /* FnConstrain__(value, "kind", args..., sizes...) */
    Xf x = {0};
    const char *q = call->args[1]->text;
    x.name = q;
    int n = 2;
    if (strcmp(q, "lb") == 0 || strcmp(q, "ub") == 0
        || strcmp(q, "offset") == 0 || strcmp(q, "multiplier") == 0)
        x.a = call->args[n++];
    else if (strcmp(q, "lub") == 0
             || strcmp(q, "offset_multiplier") == 0) {
        x.a = call->args[n++];
        x.b = call->args[n++];
    }
    return x;
}

static bool is(const Xf *x, const char *name)
{
    return strcmp(x->name, name) == 0;
}

/* The transforms of whole vectors and matrices: the runtime's name, how
 * many size arguments it takes (1: the vector's length or the square
 * matrix's order; 2: rows and columns) and its free-size function (NULL:
 * as many free values as constrained ones). */
typedef struct Structured {
    const char *stan, *rt;
    int nsize;
    const char *free_fn;
} Structured;

static const Structured structured[] = {
    {"simplex", "simplex", 1, "rt_simplex_free_size"},
    {"ordered", "ordered", 1, NULL},
    {"positive_ordered", "positive_ordered", 1, NULL},
    {"unit_vector", "unit_vector", 1, NULL},
    {"sum_to_zero_vector", "sum_to_zero", 1, "rt_sum_to_zero_free_size"},
    {"cholesky_factor_corr", "cholesky_corr", 1, "rt_cholesky_corr_free_size"},
    {"corr_matrix", "corr_matrix", 1, "rt_corr_matrix_free_size"},
    {"cov_matrix", "cov_matrix", 1, "rt_cov_matrix_free_size"},
    {"cholesky_factor_cov", "cholesky_cov", 2, "rt_cholesky_cov_free_size"},
    {"stochastic_row", "stochastic_row", 2, "rt_stochastic_row_free_size"},
    {"stochastic_column", "stochastic_column", 2,
     "rt_stochastic_column_free_size"},
    {"sum_to_zero_matrix", "sum_to_zero_matrix", 2,
     "rt_sum_to_zero_matrix_free_size"},
};

static const Structured *structured_of(const Xf *x)
{
    for (size_t i = 0; i < sizeof structured / sizeof structured[0]; i++)
        if (is(x, structured[i].stan))
            return &structured[i];
    return NULL;
}

/* The elements per item of variable v: its vector's or matrix's size (1
 * for scalars and arrays of them).  A container bound, offset or
 * multiplier has that many elements and applies to each array element. */
static const char *item_size(Emit *em, VarId v)
{
    const MirVar *var = &em->p->vars[v];
    const char *per = "1";
    for (int k = var->sized.ndims; k < em_var_rank(var); k++)
        per = A("%s * %s", per, em_var_dim(em, v, k));
    return per;
}

/* A structured transform's pieces for variable v: the number of items
 * (array elements), the elements per item, the size arguments, the free
 * values per item. */
typedef struct Pieces {
    const char *items, *per_item, *size_args, *free_per_item;
} Pieces;

static Pieces pieces(Emit *em, VarId v, const Structured *st)
{
    const MirVar *var = &em->p->vars[v];
    Pieces pc = {"1", "1", "", ""};
    int nd = var->sized.ndims;
    for (int k = 0; k < nd; k++)
        pc.items = A("%s * %s", pc.items, em_var_dim(em, v, k));
    pc.per_item = item_size(em, v);
    pc.size_args = st->nsize == 1 ? em_var_dim(em, v, nd)
        : A("%s, %s", em_var_dim(em, v, nd), em_var_dim(em, v, nd + 1));
    pc.free_per_item = st->free_fn ? A("%s(%s)", st->free_fn, pc.size_args)
                                   : pc.per_item;
    return pc;
}

/* The free size of a parameter with transform x and K constrained
 * elements. */
static const char *free_size(Emit *em, const Xf *x, VarId v, const char *K)
{
    const Structured *st = structured_of(x);
    if (!st)
        return K;
    Pieces pc = pieces(em, v, st);
    return A("(%s) * (%s)", pc.items, pc.free_per_item);
}

bool em_param_in_place(const Emit *em, const MirStmt *s)
{
    if (s->kind != MS_ASSIGN || s->lhs.nsteps != 0
        || !em_is_internal(s->rhs, FN_READ_PARAM))
        return false;
    const MirVar *var = &em->p->vars[s->lhs.var];
    return em_var_rank(var) > 0 && !em_is_int_var(var)
        && !em_is_complex_var(var);
}

/* A transform's argument at element k of v: a scalar as it is, a
 * container element k modulo its size, after the check of that size
 * (check: emit it; the reverse sweep reads what the forward checked). */
static const char *arg_at(Emit *em, Opnd o, VarId v, const char *what,
                          bool check)
{
    if (!o.container)
        return o.val;
    if (check)
        em_line(em, "if (rt_check_bound_size(%s, \"%s\", %s, %s, err)) "
                "return -1;", em_c_string(em->a, em->p->vars[v].name), what,
                o.n, item_size(em, v));
    return A("(%s)[k %% (%s)]", o.val, o.n);
}

/* Forward: read the parameter's free values at u[pos] and constrain them
 * into v; remember where they are (p_NAME) for the reverse sweep. */
void em_read_param(Emit *em, VarId v, const MirExpr *rhs,
                            bool jacobian_code)
{
    const MirVar *var = &em->p->vars[v];
    Xf x = {"identity", NULL, NULL};
    if (rhs->fn_kind == FNK_INTERNAL && rhs->internal == FN_CONSTRAIN)
        x = transform_of(rhs);
    const char *K = em_var_count(em, v);
    const char *y = em_var_val(em, v);
    /* the Jacobian terms go into their own sum: lp's address never
     * escapes, so the compiler keeps it in a register; into lp itself
     * when something reads target(), which an _lp function sees as
     * *lp (emit_target.c) */
    const char *lj = !jacobian_code ? "NULL"
        : em->target_read ? "(jacobian ? &lp : NULL)"
                          : "(jacobian ? &lpj : NULL)";
    em_line(em, "int p_%s = pos;", var->name);
    if (is(&x, "identity") && em_var_rank(var) > 0) {
        /* the values themselves: a parameter is never assigned */
        em_line(em, "%s = (double *)(u + pos);", y);
    } else if (is(&x, "identity")) {
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = u[pos + k];", K, y);
    } else if (is(&x, "lb") || is(&x, "ub")) {
        bool lb = is(&x, "lb");
        const char *a = arg_at(em, em_value(em, x.a), v,
                               lb ? "lower bound" : "upper bound", true);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = rt_%s_constrain("
                "u[pos + k], %s, %s);", K, y, lb ? "lb" : "ub", a, lj);
    } else if (is(&x, "lub")) {
        const char *a = arg_at(em, em_value(em, x.a), v, "lower bound", true);
        const char *b = arg_at(em, em_value(em, x.b), v, "upper bound", true);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = rt_lub_constrain("
                "u[pos + k], %s, %s, %s);", K, y, a, b, lj);
    } else if (is(&x, "offset") || is(&x, "multiplier")
               || is(&x, "offset_multiplier")) {
        const char *mu = is(&x, "multiplier") ? "0.0"
            : arg_at(em, em_value(em, x.a), v, "offset", true);
        const char *sg = is(&x, "offset") ? "1.0"
            : arg_at(em, em_value(em, is(&x, "multiplier") ? x.a : x.b), v,
                     "multiplier", true);
        em_line(em, "for (int k = 0; k < %s; k++) %s[k] = "
                "rt_offset_multiplier_constrain(u[pos + k], %s, %s, %s);", K,
                y, mu, sg, lj);
    } else if (structured_of(&x)) {
        const Structured *st = structured_of(&x);
        Pieces pc = pieces(em, v, st);
        em_line(em, "for (int it = 0; it < %s; it++) {", pc.items);
        em_line(em, "    rt_%s_constrain(u + pos, %s, %s + it * (%s), %s);",
                st->rt, pc.size_args, y, pc.per_item, lj);
        em_line(em, "    pos += %s;", pc.free_per_item);
        em_line(em, "}");
        return;
    } else {
        em_unsupported(em, "the \"%s\" transform yet ('%s')", x.name,
                       var->name);
    }
    em_line(em, "pos += %s;", free_size(em, &x, v, K));
}

/* Reverse: add the parameter's adjoint (and its log-Jacobian's gradient)
 * into grad at its free values. */
void em_param_adjoint(Emit *em, VarId v, const MirExpr *rhs)
{
    const MirVar *var = &em->p->vars[v];
    Xf x = {"identity", NULL, NULL};
    if (rhs->fn_kind == FNK_INTERNAL && rhs->internal == FN_CONSTRAIN)
        x = transform_of(rhs);
    const char *K = em_var_count(em, v);
    const char *g = em_var_adj(em, v);
    const char *p = A("p_%s", var->name);
    if (is(&x, "identity")) {
        em_line(em, "for (int k = 0; k < %s; k++) grad[%s + k] += %s[k];", K,
                p, g);
        return;
    }
    /* the log-Jacobian's weight: the adjoint of target, 1 unless
     * something reads target() (emit_target.c) */
    const char *w = em_target_adj(em);
    bool weighted = strcmp(w, "1.0") != 0;
    const Structured *st = structured_of(&x);
    if (st) {
        Pieces pc = pieces(em, v, st);
        em_line(em, "for (int it = 0, q = %s; it < %s; it++) {", p, pc.items);
        em_line(em, "    rt_%s_adjoint(u + q, %s, %s + it * (%s), %s, "
                "grad + q);", st->rt, pc.size_args, g, pc.per_item,
                weighted ? "false" : "jacobian");
        if (weighted) {
            /* the log-Jacobian's gradient alone (a zero adjoint of the
             * values), weighted */
            em_line(em, "    if (jacobian) {");
            em_line(em, "        double *z = rt_scratch_doubles(&S->scratch, "
                    "(size_t)(%s));", pc.per_item);
            em_line(em, "        double *jg = rt_scratch_doubles(&S->scratch, "
                    "(size_t)(%s));", pc.free_per_item);
            em_line(em, "        for (int k = 0; k < %s; k++) z[k] = 0;",
                    pc.per_item);
            em_line(em, "        for (int k = 0; k < %s; k++) jg[k] = 0;",
                    pc.free_per_item);
            em_line(em, "        rt_%s_adjoint(u + q, %s, z, true, jg);",
                    st->rt, pc.size_args);
            em_line(em, "        for (int k = 0; k < %s; k++) grad[q + k] += "
                    "%s * jg[k];", pc.free_per_item, w);
            em_line(em, "    }");
        }
        em_line(em, "    q += %s;", pc.free_per_item);
        em_line(em, "}");
        return;
    }
    /* bounds that are parameters collect their adjoints here: the first
     * and the second argument of the transform */
    const MirExpr *args[2] = {x.a, x.b};
    Opnd vals[2] = {{0}, {0}};
    /* a bound's value and adjoint at element k (containers: k modulo
     * their size, as in the forward read), and its adjoint's name */
    const char *acc[2] = {NULL, NULL}, *adj[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        if (!args[i])
            continue;
        Opnd o = em_value(em, args[i]);
        vals[i] = o;
        vals[i].val = arg_at(em, o, v, "", false);
        if (!em_is_ad(em, args[i]))
            continue;
        adj[i] = em_fresh(em, "gb");
        if (o.container) {
            em_line(em, "double *%s = rt_scratch_doubles(&S->scratch, "
                    "(size_t)(%s));", adj[i], o.n);
            acc[i] = A("%s[k %% (%s)]", adj[i], o.n);
        } else {
            em_line(em, "double %s = 0;", adj[i]);
            acc[i] = adj[i];
        }
    }
    em_line(em, "for (int k = 0; k < %s; k++) {", K);
    em->indent++;
    em_line(em, "double dy, dlj;");
    const char *uk = A("u[%s + k]", p), *yk = A("%s[k]", g);
    if (is(&x, "lb") && (strcmp(vals[0].val, "0") == 0
                         || strcmp(vals[0].val, "0.0") == 0)) {
        /* y = exp(x) exactly: dy/dx is the value itself, no exp again */
        em_line(em, "dy = %s[k];", em_var_val(em, v));
        em_line(em, "dlj = 1;");
    } else if (is(&x, "lb") || is(&x, "ub")) {
        em_line(em, "rt_%s_partials(%s, %s, &dy, &dlj);",
                is(&x, "lb") ? "lb" : "ub", uk, vals[0].val);
        if (acc[0])   /* y = lb + exp(x) or ub - exp(x): dy/dbound = 1 */
            em_line(em, "%s += %s;", acc[0], yk);
    } else if (is(&x, "lub")) {
        em_line(em, "rt_lub_partials(%s, %s, %s, &dy, &dlj);", uk,
                vals[0].val, vals[1].val);
        if (acc[0] || acc[1]) {
            em_line(em, "double dl, du, jl, ju;");
            em_line(em, "rt_lub_bound_partials(%s, %s, %s, &dl, &du, &jl, "
                    "&ju);", uk, vals[0].val, vals[1].val);
            if (acc[0])
                em_line(em, "%s += %s * dl + (jacobian ? %s * jl : 0.0);",
                        acc[0], yk, w);
            if (acc[1])
                em_line(em, "%s += %s * du + (jacobian ? %s * ju : 0.0);",
                        acc[1], yk, w);
        }
    } else {
        /* offset, multiplier: y = mu + sigma * x, log|J| = log sigma */
        bool has_mu = !is(&x, "multiplier");
        bool has_sigma = !is(&x, "offset");
        const char *mu = has_mu ? vals[0].val : "0.0";
        int si = is(&x, "multiplier") ? 0 : 1;
        const char *sg = has_sigma ? vals[si].val : "1.0";
        em_line(em, "rt_offset_multiplier_partials(%s, %s, %s, &dy, NULL, "
                "NULL);", uk, mu, sg);
        em_line(em, "dlj = 0;");
        if (has_mu && acc[0])
            em_line(em, "%s += %s;", acc[0], yk);
        if (has_sigma && acc[si])
            em_line(em, "%s += %s * %s + (jacobian ? %s / (%s) : 0.0);",
                    acc[si], yk, uk, w, sg);
    }
    em_line(em, "grad[%s + k] += %s * dy + (jacobian ? %s : 0.0);", p, yk,
            weighted ? A("%s * dlj", w) : "dlj");
    em->indent--;
    em_line(em, "}");
    for (int i = 0; i < 2; i++)
        if (adj[i])
            em_backprop(em, args[i], adj[i]);
}

/* The checks of the constrained vector and matrix types (rt_checks.h),
 * one call per vector or matrix of an array of them: the check's runtime
 * name and whether it checks matrices (2: M x N, 1: square K x K). */
static const struct {
    const char *kind, *rt;
    int matrix;
} structured_checks[] = {
    {"simplex", "rt_check_simplex", 0},
    {"unit_vector", "rt_check_unit_vector", 0},
    {"ordered", "rt_check_ordered", 0},
    {"positive_ordered", "rt_check_positive_ordered", 0},
    {"cov_matrix", "rt_check_cov_matrix", 1},
    {"corr_matrix", "rt_check_corr_matrix", 1},
    {"cholesky_factor_corr", "rt_check_cholesky_factor_corr", 1},
    {"cholesky_factor", "rt_check_cholesky_factor_cov", 2},
    {"stochastic_column", "rt_check_stochastic_column", 2},
    {"stochastic_row", "rt_check_stochastic_row", 2},
    /* "sum_to_zero" names both: the vector's check, or the matrix's */
    {"sum_to_zero", "rt_check_sum_to_zero", 0},
    {"sum_to_zero", "rt_check_sum_to_zero_matrix", 2},
};

static void emit_structured_check(Emit *em, const MirExpr *call,
                                  const char *kind, const char *name, Opnd x)
{
    const MirExpr *xe = call->args[2];
    const Type *elem = xe->type;
    while (elem->kind == TY_ARRAY)
        elem = elem->elem;
    int c = -1;
    for (size_t i = 0; i < sizeof structured_checks
                               / sizeof structured_checks[0]; i++)
        if (strcmp(structured_checks[i].kind, kind) == 0
            && (structured_checks[i].matrix != 0) == (elem->kind == TY_MATRIX))
            c = (int)i;
    if (c < 0 || xe->kind != MX_VAR || xe->var < 0)
        em_unsupported(em, "the \"%s\" check yet (%s)", kind, name);
    VarId v = xe->var;
    int rank = em_var_rank(&em->p->vars[v]);
    const char *rt = structured_checks[c].rt;
    int matrix = structured_checks[c].matrix;
    const char *last = em_var_dim(em, v, rank - 1);
    const char *size = matrix ? A("(%s) * (%s)", em_var_dim(em, v, rank - 2),
                                  last)
                              : last;
    const char *dims = matrix == 2
        ? A("%s, %s", em_var_dim(em, v, rank - 2), last) : last;
    em_line(em, "for (int k = 0; (%s) > 0 && k < (%s) / (%s); k++)", size,
            x.n, size);
    em_line(em, "    if (%s(%s, %s + k * (%s), %s, err)) return -1;", rt, name,
            x.val, size, dims);
}

/* One bound of FnCheck__ (its argument i) on x: a scalar bound for every
 * element, a container bound (a vector or matrix bound on a variable of
 * that type) element by element for each array element of x. */
static void check_bound(Emit *em, const MirExpr *call, bool lower, int i,
                        Opnd x)
{
    const char *name = em_c_string(em->a, call->args[1]->text);
    const char *n = x.container ? x.n : "1";
    const char *ptr = x.container ? x.val
        : A("&(%s){%s}", x.is_int ? "int" : "double", x.val);
    const char *which = lower ? "lower" : "upper";
    Opnd b = em_value(em, call->args[i]);
    if (!b.container) {
        em_line(em, "if (rt_check_%s%s(%s, %s, %s, %s, err)) return -1;",
                which, x.is_int ? "_int" : "", name, ptr, n, b.val);
        return;
    }
    const MirExpr *xe = call->args[2];
    if (x.is_int || b.is_int || xe->kind != MX_VAR || xe->var < 0)
        em_unsupported(em, "this container bound of %s", call->args[1]->text);
    em_line(em, "if (rt_check_bound_size(%s, \"%s bound\", %s, %s, err)) "
            "return -1;", name, which, b.n, item_size(em, xe->var));
    em_line(em, "if (rt_check_%s_each(%s, %s, %s, %s, %s, err)) return -1;",
            which, name, ptr, n, b.val, b.n);
}

/* FnCheck__("kind", "name", x, bounds...) on data, transformed data and
 * transformed parameters. */
void em_check(Emit *em, const MirExpr *call)
{
    const char *kind = call->args[0]->text;
    const char *name = em_c_string(em->a, call->args[1]->text);
    Opnd x = em_value(em, call->args[2]);
    if (strcmp(kind, "greater_or_equal") == 0
        || strcmp(kind, "less_or_equal") == 0) {
        check_bound(em, call, kind[0] == 'g', 3, x);
    } else if (strcmp(kind, "bounded") == 0) {
        check_bound(em, call, true, 3, x);
        check_bound(em, call, false, 4, x);
    } else {
        emit_structured_check(em, call, kind, name, x);
    }
}

/* The dims of a variable as a C array expression, and its rank. */
const char *em_dims_array(Emit *em, VarId v, int *rank)
{
    const MirVar *var = &em->p->vars[v];
    *rank = em_var_rank(var);
    if (*rank == 0)
        return "NULL";
    const char *d = "";
    for (int k = 0; k < *rank; k++)
        d = A("%s%s%s", d, k ? ", " : "", em_var_dim(em, v, k));
    return A("(int[]){%s}", d);
}

void em_read_data(Emit *em, VarId v, const char *name, const char *source)
{
    const MirVar *var = &em->p->vars[v];
    int rank;
    const char *dims = em_dims_array(em, v, &rank);
    bool cx = em_is_complex_var(var);
    em_line(em, "if (rt_data_%s(%s, %s, %d, %s, %s%s, err)) return -1;",
            em_is_int_var(var) ? "ints" : cx ? "complexes" : "reals", source,
            em_c_string(em->a, name), rank, dims, cx ? "(double *)" : "", em_var_val(em, v));
}

/* FnWriteParam__(x) in generate_quantities: x's values, column-major. */
void em_write(Emit *em, const MirExpr *x)
{
    if (x->kind != MX_VAR || x->var < 0)
        em_unsupported(em, "writing an expression as an output");
    VarId v = x->var;
    int rank;
    const char *dims = em_dims_array(em, v, &rank);
    const MirVar *var = &em->p->vars[v];
    bool cx = em_is_complex_var(var);
    em_line(em, "rt_write_colmajor%s(out + opos, %s%s, %s, %d);",
            em_is_int_var(var) ? "_int" : cx ? "_complex" : "",
            cx ? "(const double *)" : "", em_var_val(em, v), dims, rank);
    em_line(em, "opos += %s%s;", cx ? "2 * " : "", em_var_count(em, v));
}

/* FnWriteParam__(FnUnconstrain__(x, ...)) in transform_inits. */
void em_unconstrain(Emit *em, const MirExpr *arg)
{
    const MirExpr *x = arg;
    Xf t = {"identity", NULL, NULL};
    if (em_is_internal(arg, FN_UNCONSTRAIN)) {
        x = arg->args[0];
        t = transform_of(arg);
    }
    VarId v = x->var;
    const char *K = em_var_count(em, v), *y = em_var_val(em, v);
    if (is(&t, "identity")) {
        em_line(em, "for (int k = 0; k < %s; k++) u[pos + k] = %s[k];", K, y);
    } else if (is(&t, "lb") || is(&t, "ub")) {
        bool lb = is(&t, "lb");
        const char *a = arg_at(em, em_value(em, t.a), v,
                               lb ? "lower bound" : "upper bound", true);
        em_line(em, "for (int k = 0; k < %s; k++) if (rt_%s_unconstrain(%s[k],"
                " %s, &u[pos + k], err)) return -1;", K, lb ? "lb" : "ub", y,
                a);
    } else if (is(&t, "lub")) {
        const char *a = arg_at(em, em_value(em, t.a), v, "lower bound", true);
        const char *b = arg_at(em, em_value(em, t.b), v, "upper bound", true);
        em_line(em, "for (int k = 0; k < %s; k++) if (rt_lub_unconstrain(%s[k],"
                " %s, %s, &u[pos + k], err)) return -1;", K, y, a, b);
    } else if (is(&t, "offset") || is(&t, "multiplier")
               || is(&t, "offset_multiplier")) {
        const char *mu = is(&t, "multiplier") ? "0.0"
            : arg_at(em, em_value(em, t.a), v, "offset", true);
        const char *sg = is(&t, "offset") ? "1.0"
            : arg_at(em, em_value(em, is(&t, "multiplier") ? t.a : t.b), v,
                     "multiplier", true);
        em_line(em, "for (int k = 0; k < %s; k++) if (rt_offset_multiplier_"
                "unconstrain(%s[k], %s, %s, &u[pos + k], err)) return -1;", K,
                y, mu, sg);
    } else if (structured_of(&t)) {
        const Structured *st = structured_of(&t);
        Pieces pc = pieces(em, v, st);
        em_line(em, "for (int it = 0; it < %s; it++) {", pc.items);
        em_line(em, "    if (rt_%s_unconstrain(%s + it * (%s), %s, u + pos, "
                "err)) return -1;", st->rt, y, pc.per_item, pc.size_args);
        em_line(em, "    pos += %s;", pc.free_per_item);
        em_line(em, "}");
        return;
    } else {
        em_unsupported(em, "the \"%s\" transform yet", t.name);
    }
    em_line(em, "pos += %s;", free_size(em, &t, v, K));
}


const char *em_param_free_size(Emit *em, const MirStmt *s)
{
    Xf x = {"identity", NULL, NULL};
    if (s->rhs->kind == MX_CALL && s->rhs->fn_kind == FNK_INTERNAL
        && s->rhs->internal == FN_CONSTRAIN)
        x = transform_of(s->rhs);
    return free_size(em, &x, s->lhs.var, em_var_count(em, s->lhs.var));
}
