/* effects.c - what a call may do besides computing its value, from one
 * table: compiler internals by mir.def; functions by their names'
 * suffixes (Reference Manual: _rng draws from the RNG, _lp touches
 * target), for user functions and library functions alike; and which
 * library calls may reject (EFF_REJECTS), from the table below.
 *
 * Rejecting is the default: a library function checks its arguments
 * (every distribution, most matrix functions: domain errors, size
 * mismatches), and the passes must neither delete nor hoist out of a
 * condition a call that may reject.  The table lists the functions that
 * cannot, and when:
 *
 *   ANY      whatever its arguments' shapes: elementwise math without a
 *            domain check in Stan Math (log(-1) is NaN, not an error), and
 *            what only reads sizes
 *   ONE      with at most one container argument: two containers may
 *            differ in size (vector + vector), a scalar broadcasts
 *
 * An int result of arithmetic may reject anyway (overflow, a division or
 * modulus by zero) unless the row says INT_OK (comparisons, sizes).
 * Left out on purpose, because Stan Math checks their domain: log1p,
 * log1m, Phi, inv_Phi, std_normal_qf, std_normal_log_qf, acosh, atanh,
 * tgamma, lambert_w0, lambert_wm1, inv_erfc, lbeta, lchoose, beta (Boost
 * rejects a <= 0), gamma_p, gamma_q, the factorials, the Bessel
 * functions, binary_log_loss, mean and the other reductions that refuse
 * an empty container. */
#include <string.h>

#include "mir.h"

static const struct {
    const char *name;
    MirEffect effect;
} internals[] = {
#define INTERNAL(k, s, e) [k] = {s, e},
#include "mir.def"
#undef INTERNAL
};

MirEffect mir_internal_effect(MirInternal fn)
{
    return internals[fn].effect;
}

const char *mir_internal_name(MirInternal fn)
{
    return internals[fn].name;
}

MirEffect mir_name_effect(const char *name)
{
    if (name_has_suffix(name, "_rng"))
        return EFF_RNG;
    /* _jacobian functions (the library's transforms too) add to target */
    if (name_has_suffix(name, "_lp") || name_has_suffix(name, "_jacobian")
        || strcmp(name, "target") == 0)
        return EFF_TARGET;
    return EFF_PURE;
}

/* ------------------------------------------- library calls that cannot reject */

enum { ANY = 1, ONE = 2, INT_OK = 4 };

static const struct {
    const char *name;
    int when;
} cannot_reject[] = {
    /* operators (stanc3's names) */
    {"add", ONE}, {"subtract", ONE}, {"multiply", ONE}, {"divide", ONE},
    {"elt_multiply", ONE}, {"elt_divide", ONE}, {"pow", ONE},
    {"minus", ANY}, {"plus", ANY}, {"transpose", ANY | INT_OK},
    {"logical_negation", ANY | INT_OK}, {"logical_eq", ONE | INT_OK},
    {"logical_neq", ONE | INT_OK}, {"logical_lt", ONE | INT_OK},
    {"logical_lte", ONE | INT_OK}, {"logical_gt", ONE | INT_OK},
    {"logical_gte", ONE | INT_OK},
    /* elementwise math of one argument */
    {"exp", ANY}, {"log", ANY}, {"sqrt", ANY}, {"square", ANY}, {"inv", ANY},
    {"inv_sqrt", ANY}, {"inv_square", ANY}, {"expm1", ANY},
    {"inv_logit", ANY}, {"logit", ANY}, {"log_inv_logit", ANY},
    {"log1m_inv_logit", ANY}, {"log1p_exp", ANY}, {"log1m_exp", ANY},
    {"tanh", ANY}, {"sinh", ANY}, {"cosh", ANY}, {"sin", ANY}, {"cos", ANY},
    {"tan", ANY}, {"asin", ANY}, {"acos", ANY}, {"atan", ANY},
    {"asinh", ANY}, {"lgamma", ANY}, {"digamma", ANY}, {"trigamma", ANY},
    {"Phi_approx", ANY}, {"fabs", ANY}, {"abs", ANY}, {"erf", ANY},
    {"erfc", ANY}, {"cbrt", ANY}, {"exp2", ANY}, {"log2", ANY},
    {"log10", ANY}, {"inv_cloglog", ANY}, {"step", ANY | INT_OK},
    {"floor", ANY}, {"ceil", ANY}, {"round", ANY}, {"trunc", ANY},
    /* scalar functions of two arguments */
    {"fmin", ONE}, {"fmax", ONE}, {"fdim", ONE}, {"hypot", ONE},
    {"atan2", ONE}, {"lmultiply", ONE}, {"multiply_log", ONE},
    {"log_sum_exp", ONE}, {"log_diff_exp", ONE}, {"fmod", ONE},
    {"owens_t", ONE}, {"ldexp", ONE}, {"log_inv_logit_diff", ONE},
    /* of three (partial-eval writes a * b + c as fma(a, b, c)) */
    {"fma", ONE},
    /* reductions that accept an empty container, sizes */
    {"sum", ANY}, {"prod", ANY}, {"dot_self", ANY},
    {"rows", ANY | INT_OK}, {"cols", ANY | INT_OK},
    {"num_elements", ANY | INT_OK}, {"size", ANY | INT_OK},
    /* constants */
    {"pi", ANY}, {"e", ANY}, {"sqrt2", ANY}, {"not_a_number", ANY},
    {"positive_infinity", ANY}, {"negative_infinity", ANY},
    {"machine_precision", ANY},
};

static bool is_container(const Type *t)
{
    TypeKind k = t->kind;
    return k == TY_ARRAY || k == TY_VECTOR || k == TY_ROW_VECTOR
        || k == TY_MATRIX || k == TY_COMPLEX_VECTOR
        || k == TY_COMPLEX_ROW_VECTOR || k == TY_COMPLEX_MATRIX;
}

static int row_of(const char *name)
{
    for (size_t i = 0; i < sizeof cannot_reject / sizeof cannot_reject[0];
         i++)
        if (strcmp(cannot_reject[i].name, name) == 0)
            return (int)i;
    return -1;
}

MirEffect mir_library_effect(const char *name)
{
    int r = row_of(name);
    bool never = r >= 0 && (cannot_reject[r].when & ANY);
    return mir_name_effect(name) | (never ? EFF_PURE : EFF_REJECTS);
}

MirEffect mir_library_call_effect(const MirExpr *call)
{
    MirEffect eff = mir_name_effect(call->fn);
    int r = row_of(call->fn);
    if (r < 0)
        return eff | EFF_REJECTS;
    int when = cannot_reject[r].when;
    int containers = 0;
    bool complex = false;
    if (call->nargs > 0 && !call->args)   /* being built: by name */
        return mir_library_effect(call->fn);
    for (int i = 0; i < call->nargs; i++) {
        const Type *t = call->args[i] ? call->args[i]->type : NULL;
        if (!t)
            return eff | EFF_REJECTS;
        containers += is_container(t);
        TypeKind k = ty_base(t)->kind;
        complex = complex || k == TY_COMPLEX || k == TY_COMPLEX_VECTOR
            || k == TY_COMPLEX_ROW_VECTOR || k == TY_COMPLEX_MATRIX;
    }
    bool ok = (when & ANY) || containers <= 1;
    /* int arithmetic may overflow or divide by zero; complex values
     * follow their own functions */
    if (call->type && ty_base(call->type)->kind == TY_INT && !(when & INT_OK))
        ok = false;
    if (complex)
        ok = false;
    return eff | (ok ? EFF_PURE : EFF_REJECTS);
}
