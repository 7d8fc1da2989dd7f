/* emit_scalar_ternary.c - scalar library calls that the lists of emit_call.c
 * cannot express: the elementwise functions of three and four arguments
 * (fma, inc_beta, inv_inc_beta, student_t_qf) over scalars and
 * containers, the int-valued
 * int_step, to_int and choose, falling_factorial and rising_factorial
 * (their int forms; their real forms with Stan's domain messages), and the
 * constants sqrt2(), log2() and
 * machine_precision().  Each is a value and, where it carries
 * derivatives, a reverse step (rt_NAME_d of rt_scalar.h). */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static bool named(const MirExpr *e, const char *name, int nargs)
{
    return e->kind == MX_CALL && e->fn_kind == FNK_STANLIB
        && strcmp(e->fn, name) == 0 && e->nargs == nargs;
}

enum { MAX_NARY = 4 };

/* The functions of three or four reals, elementwise (scalars broadcast),
 * and whether Stan checks their domain (then NaN asks for its message):
 * rt_NAME(x...) and rt_NAME_d(x..., value, &partial...). */
static const struct {
    const char *name;
    int nargs;
    bool checked;
} ternary_fns[] = {
    {"fma", 3, false}, {"inc_beta", 3, true}, {"inv_inc_beta", 3, true},
    {"student_t_qf", 4, true},
};

static int ternary(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return -1;
    for (size_t i = 0; i < sizeof ternary_fns / sizeof ternary_fns[0]; i++)
        if (strcmp(e->fn, ternary_fns[i].name) == 0
            && e->nargs == ternary_fns[i].nargs)
            return (int)i;
    return -1;
}

/* The operands of a call; the first container among them (its size and
 * shape are the result's), or -1; with `check`, Stan's size check of the
 * others against it (the value's code makes it, the reverse step's need
 * not again). */
int em_call_operands(Emit *em, const MirExpr *e, Opnd *ops, bool check)
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

/* Element k of each operand as a double, comma-separated. */
static const char *elements(Emit *em, const Opnd *ops, int n)
{
    const char *s = "";
    for (int i = 0; i < n; i++)
        s = A("%s%s(double)%s", s, i ? ", " : "", em_elem(em, ops[i]));
    return s;
}

void em_domain_check(Emit *em, const char *fn, const char *v,
                     const char *args, int nargs)
{
    em_line(em, "if (isnan(%s) && rt_special_domain(%s, %d, (double[]){"
            "%s}, err)) return -1;", v, em_c_string(em->a, fn), nargs, args);
}

static Opnd ternary_value(Emit *em, const MirExpr *e, int t)
{
    Opnd ops[MAX_NARY];
    int n = ternary_fns[t].nargs;
    int big = em_call_operands(em, e, ops, true);
    const char *args = elements(em, ops, n);
    const char *call = A("rt_%s(%s)", e->fn, args);
    if (big < 0) {
        const char *v = em_fresh(em, "t");
        em_line(em, "double %s = %s;", v, call);
        if (ternary_fns[t].checked)
            em_domain_check(em, e->fn, v, args, n);
        return em_scalar(v, NULL, false);
    }
    Opnd o = em_new_container(em, ops[big].n, ops[big].rows, ops[big].cols,
                              false);
    em_line(em, "for (int k = 0; k < %s; k++) {", o.n);
    em_line(em, "    %s[k] = %s;", o.val, call);
    if (ternary_fns[t].checked) {
        em->indent++;
        em_domain_check(em, e->fn, A("%s[k]", o.val), args, n);
        em->indent--;
    }
    em_line(em, "}");
    return o;
}

/* The partials of element k, times its adjoint, into the buffers of the
 * arguments that carry derivatives (a scalar's sums over the broadcast). */
static void ternary_backprop(Emit *em, const MirExpr *e, int t,
                             const char *adj)
{
    Opnd ops[MAX_NARY];
    int n = ternary_fns[t].nargs;
    int big = em_call_operands(em, e, ops, false);
    const char *g[MAX_NARY];
    bool any = false;
    for (int i = 0; i < n; i++) {
        g[i] = em_is_ad(em, e->args[i]) ? em_adj_buffer(em, ops[i]) : NULL;
        any |= g[i] != NULL;
    }
    if (!any)
        return;
    const char *a = big < 0 ? A("(%s)", adj) : A("%s[k]", adj);
    const char *d = em_fresh(em, "d"), *x = em_fresh(em, "x");
    if (big >= 0)
        em_line(em, "for (int k = 0; k < %s; k++) {", ops[big].n);
    else
        em_line(em, "{");
    em_line(em, "    double %s[%d], %s[%d] = {%s};", d, n, x, n,
            elements(em, ops, n));
    const char *xs = "", *ds = "";
    for (int i = 0; i < n; i++) {
        xs = A("%s%s%s[%d]", xs, i ? ", " : "", x, i);
        ds = A("%s, &%s[%d]", ds, d, i);
    }
    em_line(em, "    rt_%s_d(%s, rt_%s(%s)%s);", e->fn, xs, e->fn, xs, ds);
    for (int i = 0; i < n; i++)
        if (g[i])
            em_line(em, "    %s += %s * %s[%d];", ops[i].container
                    ? A("%s[k]", g[i]) : g[i], a, d, i);
    em_line(em, "}");
    for (int i = 0; i < n; i++)
        if (g[i])
            em_backprop(em, e->args[i], g[i]);
}

/* to_int of a real (or int) scalar or array: truncation, with Stan's
 * range check. */
static Opnd to_int_value(Emit *em, const MirExpr *e)
{
    Opnd x = em_value(em, e->args[0]);
    if (x.is_int)
        return x;
    if (!x.container) {
        const char *t = em_fresh(em, "t");
        em_line(em, "int %s;", t);
        em_line(em, "if (rt_to_int(%s, &%s, err)) return -1;", x.val, t);
        return em_scalar(t, NULL, true);
    }
    Opnd o = em_new_container(em, x.n, x.rows, x.cols, true);
    em_line(em, "for (int k = 0; k < %s; k++)", x.n);
    em_line(em, "    if (rt_to_int(%s[k], &%s[k], err)) return -1;", x.val,
            o.val);
    return o;
}

/* choose(n, k) of ints or int arrays (a scalar broadcast): rt_choose's
 * -1 is one of Stan's errors, whose message rt_special_domain gives. */
static Opnd choose_value(Emit *em, const MirExpr *e)
{
    Opnd ops[2];
    int big = em_call_operands(em, e, ops, true);
    const char *n = A("(%s)", em_elem(em, ops[0]));
    const char *k = A("(%s)", em_elem(em, ops[1]));
    const char *fail = A("{ rt_special_domain(\"choose\", 2, (double[]){%s, "
                         "%s}, err); return -1; }", n, k);
    if (big < 0) {
        const char *t = em_fresh(em, "t");
        em_line(em, "int %s = rt_choose(%s, %s);", t, n, k);
        em_line(em, "if (%s < 0) %s", t, fail);
        return em_scalar(t, NULL, true);
    }
    Opnd o = em_new_container(em, ops[big].n, ops[big].rows, ops[big].cols,
                              true);
    em_line(em, "for (int k = 0; k < %s; k++) {", o.n);
    em_line(em, "    %s[k] = rt_choose(%s, %s);", o.val, n, k);
    em_line(em, "    if (%s[k] < 0) %s", o.val, fail);
    em_line(em, "}");
    return o;
}

/* falling_factorial(x, n) and rising_factorial(x, n), elementwise (a
 * scalar broadcast): of ints, rt_NAME_int's exact int product, whose -1
 * has Stan's message (a negative n, a product outside the range of int);
 * of reals, rt_NAME with Stan's message for a NaN (a NaN x, a negative
 * n).  The derivative of the real forms is emit_call.c's binary route. */
static Opnd factorial_value(Emit *em, const MirExpr *e)
{
    Opnd ops[2];
    int big = em_call_operands(em, e, ops, true);
    bool ints = ty_base(e->type)->kind == TY_INT;
    const char *x = A("(%s)", em_elem(em, ops[0]));
    const char *n = A("(%s)", em_elem(em, ops[1]));
    const char *args = elements(em, ops, 2);
    const char *v = big < 0 ? em_fresh(em, "t") : NULL;
    Opnd o = big < 0 ? em_scalar(v, NULL, ints)
        : em_new_container(em, ops[big].n, ops[big].rows, ops[big].cols,
                           ints);
    if (big >= 0) {
        em_line(em, "for (int k = 0; k < %s; k++) {", o.n);
        em->indent++;
        v = A("%s[k]", o.val);
    } else {
        em_line(em, "%s %s;", ints ? "int" : "double", v);
    }
    if (ints) {
        em_line(em, "if (rt_%s_int(%s, %s, &%s, err)) return -1;", e->fn, x,
                n, v);
    } else {
        em_line(em, "%s = rt_%s(%s, %s);", v, e->fn, x, n);
        em_domain_check(em, e->fn, v, args, 2);
    }
    if (big >= 0) {
        em->indent--;
        em_line(em, "}");
    }
    return o;
}

static bool is_factorial(const MirExpr *e)
{
    return named(e, "falling_factorial", 2)
        || named(e, "rising_factorial", 2);
}

/* The constants without an argument. */
static const struct {
    const char *name, *value;
} constants[] = {
    {"sqrt2", "1.41421356237309504880"},
    {"log2", "0.693147180559945309417"},
    {"machine_precision", "2.2204460492503130808e-16"},
};

static int constant(const MirExpr *e)
{
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
        if (named(e, constants[i].name, 0))
            return (int)i;
    return -1;
}

static bool scalar_fns_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    int t = ternary(e);
    if (t >= 0) {
        *out = ternary_value(em, e, t);
        return true;
    }
    int c = constant(e);
    if (c >= 0) {
        *out = em_scalar(constants[c].value, NULL, false);
        return true;
    }
    if (named(e, "int_step", 1) && !em_is_container_type(e->args[0]->type)) {
        Opnd x = em_value(em, e->args[0]);
        *out = em_scalar(A("rt_int_step((double)(%s))", x.val), NULL, true);
        return true;
    }
    if (named(e, "to_int", 1)) {
        *out = to_int_value(em, e);
        return true;
    }
    if (named(e, "choose", 2)) {
        *out = choose_value(em, e);
        return true;
    }
    if (is_factorial(e)) {
        *out = factorial_value(em, e);
        return true;
    }
    return false;
}

static bool scalar_fns_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    int t = ternary(e);
    if (t >= 0) {
        ternary_backprop(em, e, t, adj);
        return true;
    }
    /* the constants and the int-valued functions carry no derivative */
    return constant(e) >= 0 || named(e, "int_step", 1)
        || named(e, "to_int", 1) || named(e, "choose", 2)
        || (is_factorial(e) && ty_base(e->type)->kind == TY_INT);
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"fma", scalar_fns_value, scalar_fns_backprop},
    {"inc_beta", scalar_fns_value, scalar_fns_backprop},
    {"inv_inc_beta", scalar_fns_value, scalar_fns_backprop},
    {"student_t_qf", scalar_fns_value, scalar_fns_backprop},
    {"sqrt2", scalar_fns_value, scalar_fns_backprop},
    {"log2", scalar_fns_value, scalar_fns_backprop},
    {"machine_precision", scalar_fns_value, scalar_fns_backprop},
    {"int_step", scalar_fns_value, scalar_fns_backprop},
    {"to_int", scalar_fns_value, scalar_fns_backprop},
    {"choose", scalar_fns_value, scalar_fns_backprop},
    {"falling_factorial", scalar_fns_value, scalar_fns_backprop},
    {"rising_factorial", scalar_fns_value, scalar_fns_backprop},
};

const EmCallRules em_scalar_ternary_rules = EM_CALL_RULES(rows);
