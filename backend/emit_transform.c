/* emit_transform.c - the scalar transforms called as Stan functions
 * (Stan Functions Reference 2.37, "Variable Transformation Functions"):
 * lower_bound, upper_bound, lower_upper_bound and offset_multiplier with
 * the suffixes _constrain, _unconstrain and _jacobian, elementwise over
 * scalars and containers (scalars broadcast), through rt_tf_* of
 * runtime/rt_transform_fns.h.  A _jacobian call in the log density adds
 * the transform's log Jacobian to it when the density asks for the
 * Jacobian, exactly as `jacobian +=` does, and its reverse step adds that
 * term's partials (with the adjoint of target, 1).
 *
 * The vector transforms (ordered, positive_ordered, simplex, sum_to_zero,
 * unit_vectors) of one vector go to the runtime's own transforms of
 * declared parameters (rt_NAME_constrain / _unconstrain / _adjoint of
 * pplrt.h); their _unconstrain has values but no derivatives yet, and an
 * array of vectors is not compiled yet. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static const struct {
    const char *family, *kind;
    int nargs;
} families[] = {
    {"lower_bound", "RT_TF_LOWER", 2},
    {"upper_bound", "RT_TF_UPPER", 2},
    {"lower_upper_bound", "RT_TF_LOWER_UPPER", 3},
    {"offset_multiplier", "RT_TF_OFFSET_MULTIPLIER", 3},
};

enum { TF_CONSTRAIN, TF_UNCONSTRAIN, TF_JACOBIAN };

/* The family (index into families) and suffix of a call, or -1. */
static int transform_call(const MirExpr *e, int *suffix)
{
    static const char *const suffixes[] = {"_constrain", "_unconstrain",
                                           "_jacobian"};
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return -1;
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        size_t n = strlen(families[i].family);
        if (strncmp(e->fn, families[i].family, n) != 0
            || e->nargs != families[i].nargs)
            continue;
        for (int s = 0; s < 3; s++)
            if (strcmp(e->fn + n, suffixes[s]) == 0) {
                *suffix = s;
                return (int)i;
            }
    }
    return -1;
}

/* The operands; the first container among them (-1: none), with Stan's
 * size check of the others against it when `check`. */
static int operands(Emit *em, const MirExpr *e, Opnd *ops, bool check)
{
    int big = -1;
    for (int i = 0; i < e->nargs; i++) {
        ops[i] = em_value(em, e->args[i]);
        if (ops[i].container && big < 0)
            big = i;
    }
    for (int i = big + 1; check && big >= 0 && i < e->nargs; i++)
        if (ops[i].container)
            em_line(em, "if (rt_ne(%s, %s)) return rt_error(err, \"%%s: size "
                    "of argument %d (%%d) and size of argument %d (%%d) must "
                    "match in size\", %s, (int)(%s), (int)(%s));", ops[big].n,
                    ops[i].n, big + 1, i + 1, em_c_string(em->a, e->fn),
                    ops[big].n, ops[i].n);
    return big;
}

/* "y, a, b" of element k (b is 0 for the two-argument families). */
static const char *elements(Emit *em, const Opnd *ops, int n)
{
    const char *s = "";
    for (int i = 0; i < 3; i++)
        s = A("%s%s%s", s, i ? ", " : "",
              i < n ? A("(double)%s", em_elem(em, ops[i])) : "0.0");
    return s;
}

/* Whether a _jacobian call here adds to the log density: in the log
 * density itself; elsewhere (generated quantities re-running transformed
 * parameters) it is its _constrain. */
static bool adds_jacobian(Emit *em, int suffix)
{
    if (suffix != TF_JACOBIAN || !em->sec_logp)
        return false;
    if (em->in_function)
        em_unsupported(em, "library _jacobian functions inside a user "
                       "function yet");
    return true;
}

static Opnd transform_value(Emit *em, const MirExpr *e, int f, int suffix)
{
    Opnd ops[3];
    int big = operands(em, e, ops, true);
    const char *args = elements(em, ops, e->nargs);
    const char *fn = em_c_string(em->a, e->fn);
    const char *rt = suffix == TF_UNCONSTRAIN ? "rt_tf_unconstrain"
                                              : "rt_tf_constrain";
    bool jac = adds_jacobian(em, suffix);
    Opnd o = big < 0 ? em_scalar(em_fresh(em, "t"), NULL, false)
                     : em_new_container(em, ops[big].n, ops[big].rows,
                                        ops[big].cols, false);
    const char *dst = big < 0 ? o.val : A("%s[k]", o.val);
    if (big < 0)
        em_line(em, "double %s;", o.val);
    em_line(em, big < 0 ? "{" : "for (int k = 0; k < %s; k++) {", o.n);
    em_line(em, "    if (%s(%s, %s, %s, &%s, NULL, err)) return -1;", rt,
            families[f].kind, fn, args, dst);
    if (jac)
        em_line(em, "    if (jacobian) lp += rt_tf_log_jacobian(%s, %s, "
                "NULL);", families[f].kind, args);
    em_line(em, "}");
    return o;
}

/* The partials of element k, times its adjoint, into the buffers of the
 * arguments that carry derivatives (a scalar's sum over the broadcast);
 * for a _jacobian in the log density, the log Jacobian's too. */
static void transform_backprop(Emit *em, const MirExpr *e, int f, int suffix,
                               const char *adj)
{
    Opnd ops[3];
    int big = operands(em, e, ops, false);
    const char *g[3] = {NULL, NULL, NULL};
    bool any = false;
    for (int i = 0; i < e->nargs; i++) {
        g[i] = em_is_ad(em, e->args[i]) ? em_adj_buffer(em, ops[i]) : NULL;
        any |= g[i] != NULL;
    }
    if (!any)
        return;
    const char *args = elements(em, ops, e->nargs);
    const char *a = big < 0 ? A("(%s)", adj) : A("%s[k]", adj);
    const char *d = em_fresh(em, "d"), *dj = em_fresh(em, "dj");
    const char *rt = suffix == TF_UNCONSTRAIN ? "rt_tf_unconstrain"
                                              : "rt_tf_constrain";
    bool jac = adds_jacobian(em, suffix);
    em_line(em, big < 0 ? "{" : "for (int k = 0; k < %s; k++) {",
            big < 0 ? "" : ops[big].n);
    em_line(em, "    double %s[3], %s[3] = {0, 0, 0}, v_;", d, dj);
    em_line(em, "    %s(%s, \"\", %s, &v_, %s, NULL);", rt, families[f].kind,
            args, d);
    if (jac)
        em_line(em, "    if (jacobian) rt_tf_log_jacobian(%s, %s, %s);",
                families[f].kind, args, dj);
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_line(em, "    %s += %s * %s[%d] + %s[%d];", ops[i].container
                    ? A("%s[k]", g[i]) : g[i], a, d, i, dj, i);
    em_line(em, "}");
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_backprop(em, e->args[i], g[i]);
}

/* ------------------------------------------------- vector transforms */

/* The runtime's name of each (rt_NAME_constrain, ...), and whether the
 * constrained vector has one element more than the free one. */
static const struct {
    const char *family, *rt;
    bool one_more;
} vector_families[] = {
    {"ordered", "ordered", false},
    {"positive_ordered", "positive_ordered", false},
    {"simplex", "simplex", true},
    {"sum_to_zero", "sum_to_zero", true},
    {"unit_vectors", "unit_vector", false},
};

static int vector_transform_call(const MirExpr *e, int *suffix)
{
    static const char *const suffixes[] = {"_constrain", "_unconstrain",
                                           "_jacobian"};
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB || e->nargs != 1
        || e->args[0]->type->kind == TY_MATRIX)
        return -1;
    for (size_t i = 0; i < sizeof vector_families / sizeof vector_families[0];
         i++) {
        size_t n = strlen(vector_families[i].family);
        if (strncmp(e->fn, vector_families[i].family, n) != 0)
            continue;
        for (int k = 0; k < 3; k++)
            if (strcmp(e->fn + n, suffixes[k]) == 0) {
                *suffix = k;
                return (int)i;
            }
    }
    return -1;
}

/* The free vector of a _constrain/_jacobian call or the constrained one of
 * an _unconstrain, and the size K the runtime takes (the constrained
 * vector's). */
static Opnd vector_operand(Emit *em, const MirExpr *e, int f, int suffix,
                           const char **K)
{
    if (e->args[0]->type->kind == TY_ARRAY)
        em_unsupported(em, "%s of an array of vectors yet", e->fn);
    Opnd x = em_value(em, e->args[0]);
    *K = suffix != TF_UNCONSTRAIN && vector_families[f].one_more
        ? A("((%s) + 1)", x.n) : A("(%s)", x.n);
    return x;
}

static Opnd vector_value(Emit *em, const MirExpr *e, int f, int suffix)
{
    const char *K;
    Opnd x = vector_operand(em, e, f, suffix, &K);
    const char *rt = vector_families[f].rt;
    if (suffix == TF_UNCONSTRAIN) {
        const char *n = vector_families[f].one_more
            ? A("(%s > 0 ? %s - 1 : 0)", K, K) : K;
        Opnd o = em_new_container(em, n, n, "1", false);
        em_line(em, "if (rt_%s_unconstrain(%s, %s, %s, err)) return -1;", rt,
                x.val, K, o.val);
        return o;
    }
    Opnd o = em_new_container(em, K, K, "1", false);
    const char *lj = em_fresh(em, "lj");
    em_line(em, "double %s = 0;", lj);
    em_line(em, "rt_%s_constrain(%s, %s, %s, &%s);", rt, x.val, K, o.val, lj);
    if (adds_jacobian(em, suffix))
        em_line(em, "if (jacobian) lp += %s;", lj);
    else
        em_line(em, "(void)%s;", lj);
    return o;
}

static void vector_backprop(Emit *em, const MirExpr *e, int f, int suffix,
                            const char *adj)
{
    if (!em_is_ad(em, e->args[0]))
        return;
    if (suffix == TF_UNCONSTRAIN)
        em_unsupported(em, "derivatives of %s yet", e->fn);
    const char *K;
    Opnd x = vector_operand(em, e, f, suffix, &K);
    const char *g = em_adj_buffer(em, x);
    em_line(em, "rt_%s_adjoint(%s, %s, %s, %s, %s);", vector_families[f].rt,
            x.val, K, adj, adds_jacobian(em, suffix) ? "jacobian" : "false",
            g);
    em_backprop(em, e->args[0], g);
}

bool em_transform_value(Emit *em, const MirExpr *e, Opnd *out)
{
    int suffix, f = transform_call(e, &suffix);
    if (f >= 0) {
        *out = transform_value(em, e, f, suffix);
        return true;
    }
    f = vector_transform_call(e, &suffix);
    if (f < 0)
        return false;
    *out = vector_value(em, e, f, suffix);
    return true;
}

bool em_transform_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    int suffix, f = transform_call(e, &suffix);
    if (f >= 0) {
        transform_backprop(em, e, f, suffix, adj);
        return true;
    }
    f = vector_transform_call(e, &suffix);
    if (f < 0)
        return false;
    vector_backprop(em, e, f, suffix, adj);
    return true;
}
