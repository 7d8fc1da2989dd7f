/* emit_hypergeometric.c - the hypergeometric functions hypergeometric_1F0,
 * _2F1, _3F2 and _pFq (Stan Functions Reference, "Hypergeometric
 * functions"): one table, each function's runtime call serving both its
 * value (no adjoints) and its reverse step (the adjoint buffers of the
 * arguments that carry derivatives, every real argument: a, b and z),
 * rt_hypergeometric.h. */
#include <string.h>

#include "emit.h"

#define A(...) arena_printf(em->a, __VA_ARGS__)

static const struct {
    const char *name;
    int nargs;
} hyper_fns[] = {
    {"hypergeometric_1F0", 2}, {"hypergeometric_2F1", 4},
    {"hypergeometric_3F2", 3}, {"hypergeometric_pFq", 3},
};

static bool hyper_call(const MirExpr *e)
{
    if (e->kind != MX_CALL || e->fn_kind != FNK_STANLIB)
        return false;
    for (size_t i = 0; i < sizeof hyper_fns / sizeof hyper_fns[0]; i++)
        if (strcmp(e->fn, hyper_fns[i].name) == 0
            && e->nargs == hyper_fns[i].nargs)
            return true;
    return false;
}

/* The runtime call's arguments: an RtArg per argument, with the adjoint
 * buffer g[i] when non-NULL (a scalar's by address). */
static const char *rt_args(Emit *em, const MirExpr *e, const Opnd *ops,
                           const char *const *g)
{
    const char *args = "";
    for (int i = 0; i < e->nargs; i++) {
        const char *ad = e->args[i]->ad == AD_AUTODIFF ? "true" : "false";
        const char *a;
        if (ops[i].container)
            a = A("rt_argn(%s, %s, %s, %s)", ops[i].val, g[i] ? g[i] : "NULL",
                  ops[i].n, ad);
        else
            a = A("rt_arg1(&(double){(double)(%s)}, %s%s, %s)", ops[i].val,
                  g[i] ? "&" : "", g[i] ? g[i] : "NULL", ad);
        args = A("%s%s, ", args, a);
    }
    return args;
}

static bool hyper_value(Emit *em, const MirExpr *e, Opnd *out)
{
    if (!hyper_call(e))
        return false;
    Opnd ops[4];
    const char *g[4] = {NULL, NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        ops[i] = em_value(em, e->args[i]);
    const char *t = em_fresh(em, "t");
    em_line(em, "double %s = rt_%s(%s0.0, err);", t, e->fn,
            rt_args(em, e, ops, g));
    em_line(em, "if (isnan(%s)) return -1;", t);
    *out = em_scalar(t, NULL, false);
    return true;
}

static bool hyper_backprop(Emit *em, const MirExpr *e, const char *adj)
{
    if (!hyper_call(e))
        return false;
    Opnd ops[4];
    const char *g[4] = {NULL, NULL, NULL, NULL};
    bool any = false;
    for (int i = 0; i < e->nargs; i++) {
        ops[i] = em_value(em, e->args[i]);
        if (em_is_ad(em, e->args[i])) {
            g[i] = em_adj_buffer(em, ops[i]);
            any = true;
        }
    }
    if (!any)
        return true;
    /* the value was checked when it was computed forward */
    em_line(em, "(void)rt_%s(%s%s, err);", e->fn, rt_args(em, e, ops, g),
            adj);
    for (int i = 0; i < e->nargs; i++)
        if (g[i])
            em_backprop(em, e->args[i], g[i]);
    return true;
}

/* ------------------------------------------------------------- rows */

static const EmCallRule rows[] = {
    {"hypergeometric_1F0", hyper_value, hyper_backprop},
    {"hypergeometric_2F1", hyper_value, hyper_backprop},
    {"hypergeometric_3F2", hyper_value, hyper_backprop},
    {"hypergeometric_pFq", hyper_value, hyper_backprop},
};

const EmCallRules em_hypergeometric_rules = EM_CALL_RULES(rows);
