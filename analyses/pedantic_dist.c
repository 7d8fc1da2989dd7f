/* pedantic_dist.c - pedantic mode's checks of distribution calls (Stan
 * user guide, "Distribution argument and variate constraint issues",
 * "Special-case distribution issues", "Large or small constants in a
 * distribution"; stanc3's Pedantic_dist_warnings):
 *   - a parameter given as an argument or variate whose declared
 *     constraint does not keep it inside the distribution's support for
 *     that argument, and a constant outside it;
 *   - uniform on a parameter whose bounds are not the uniform's;
 *   - gamma / inv_gamma with equal constant arguments below 1;
 *   - lkj_corr (use lkj_corr_cholesky);
 *   - constants of magnitude below 0.1 or above 10 as arguments.
 * Every density call of the log density and of the user functions counts
 * (a `~`, or a call of a _lpdf / _lupdf / _lpmf / _lupmf function).  Data
 * arguments are not checked: as in stanc3, their declarations are not
 * considered. */
#include <string.h>

#include "pedantic.h"

/* What an argument must be. */
typedef enum Support {
    S_NONE,
    S_UNIT,             /* [0,1] */
    S_UNIT_OPEN,        /* (0,1) */
    S_POSITIVE,         /* (0, inf) */
    S_NONNEGATIVE,      /* [0, inf) */
    S_SIMPLEX, S_ORDERED, S_CORR, S_CHOL_CORR, S_COV, S_CHOL_COV
} Support;

static const char *const support_names[] = {
    [S_UNIT] = "[0,1]", [S_UNIT_OPEN] = "(0,1)",
    [S_POSITIVE] = "strictly positive", [S_NONNEGATIVE] = "non-negative",
    [S_SIMPLEX] = "simplex", [S_ORDERED] = "ordered",
    [S_CORR] = "correlation", [S_CHOL_CORR] = "Cholesky factor of correlation",
    [S_COV] = "covariance", [S_CHOL_COV] = "Cholesky factor of covariance",
};

/* One argument's requirement: arg 0 is the variate. */
typedef struct ArgRule {
    int arg;
    Support support;
    const char *what;       /* "a scale parameter"; NULL for the variate */
} ArgRule;

#define SCALE "a scale parameter"
#define SHAPE "a shape parameter"
#define INV_SCALE "an inverse scale parameter"
#define DOF "degrees of freedom"
#define COV "a covariance matrix"
#define SCALE_MAT "a scale matrix"
#define MAX_RULES 4

/* The distributions' supports, from the Stan Functions Reference (the
 * rows of stanc3's table). */
static const struct DistRules {
    const char *family;
    ArgRule rules[MAX_RULES];
} dist_rules[] = {
    {"bernoulli", {{1, S_UNIT, "chance of success"}}},
    {"binomial", {{2, S_UNIT, "chance of success"}}},
    {"beta_binomial", {{2, S_POSITIVE, "a prior success count"},
                       {3, S_POSITIVE, "a prior failure count"}}},
    {"categorical", {{1, S_SIMPLEX, "a vector of outcome probabilities"}}},
    {"ordered_logistic", {{2, S_ORDERED, "cutpoints"}}},
    {"ordered_probit", {{2, S_ORDERED, "cutpoints"}}},
    {"neg_binomial", {{1, S_POSITIVE, SHAPE}, {2, S_POSITIVE, INV_SCALE}}},
    {"neg_binomial_2", {{1, S_POSITIVE, SHAPE},
                        {2, S_POSITIVE, "a precision parameter"}}},
    {"neg_binomial_2_log",
     {{2, S_POSITIVE, "an inverse overdispersion control parameter"}}},
    {"neg_binomial_2_log_glm",
     {{4, S_POSITIVE, "an inverse overdispersion control parameter"}}},
    {"poisson", {{1, S_POSITIVE, "a rate parameter"}}},
    {"multinomial", {{1, S_SIMPLEX, "a distribution parameter"}}},
    {"normal", {{2, S_POSITIVE, SCALE}}},
    {"normal_id_glm", {{4, S_POSITIVE, SCALE}}},
    {"exp_mod_normal", {{2, S_POSITIVE, SCALE}, {3, S_POSITIVE, SHAPE}}},
    {"skew_normal", {{2, S_POSITIVE, SCALE}}},
    {"student_t", {{1, S_POSITIVE, DOF}, {3, S_POSITIVE, SCALE}}},
    {"cauchy", {{2, S_POSITIVE, SCALE}}},
    {"double_exponential", {{2, S_POSITIVE, SCALE}}},
    {"logistic", {{2, S_POSITIVE, SCALE}}},
    {"gumbel", {{2, S_POSITIVE, SCALE}}},
    {"lognormal", {{0, S_POSITIVE, NULL}, {2, S_POSITIVE, SCALE}}},
    {"chi_square", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, DOF}}},
    {"inv_chi_square", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, DOF}}},
    {"scaled_inv_chi_square", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, DOF},
                               {2, S_POSITIVE, SCALE}}},
    {"exponential", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, SCALE}}},
    {"gamma", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, SHAPE},
               {2, S_POSITIVE, INV_SCALE}}},
    {"inv_gamma", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, SHAPE},
                   {2, S_POSITIVE, SCALE}}},
    {"weibull", {{0, S_NONNEGATIVE, NULL}, {1, S_POSITIVE, SHAPE},
                 {2, S_POSITIVE, SCALE}}},
    {"frechet", {{0, S_POSITIVE, NULL}, {1, S_POSITIVE, SHAPE},
                 {2, S_POSITIVE, SCALE}}},
    {"rayleigh", {{0, S_NONNEGATIVE, NULL}, {1, S_POSITIVE, SCALE}}},
    {"wiener", {{0, S_POSITIVE, NULL},
                {1, S_POSITIVE, "a boundary separation parameter"},
                {2, S_POSITIVE, "a non-decision time parameter"},
                {3, S_UNIT, "an a-priori bias parameter"}}},
    {"pareto", {{0, S_POSITIVE, NULL},
                {1, S_POSITIVE, "a positive minimum parameter"},
                {2, S_POSITIVE, SHAPE}}},
    {"pareto_type_2", {{2, S_POSITIVE, SCALE}, {3, S_POSITIVE, SHAPE}}},
    {"beta", {{0, S_UNIT_OPEN, NULL}, {1, S_POSITIVE, "a count parameter"},
              {2, S_POSITIVE, "a count parameter"}}},
    {"beta_proportion", {{0, S_UNIT_OPEN, NULL},
                         {1, S_UNIT_OPEN, "a unit mean parameter"},
                         {2, S_POSITIVE, "a precision parameter"}}},
    {"von_mises", {{2, S_POSITIVE, SCALE}}},
    {"multi_normal", {{2, S_COV, COV}}},
    {"multi_normal_prec", {{2, S_COV, "a precision matrix"}}},
    {"multi_normal_cholesky", {{2, S_CHOL_COV, COV}}},
    {"multi_gp", {{1, S_COV, "a kernel matrix"}}},
    {"multi_gp_cholesky",
     {{1, S_CHOL_COV, "Cholesky factor of the kernel matrix"}}},
    {"multi_student_t", {{1, S_POSITIVE, DOF}, {3, S_COV, SCALE_MAT}}},
    {"multi_student_t_cholesky", {{1, S_POSITIVE, DOF},
                                  {3, S_CHOL_COV, COV}}},
    {"gaussian_dlm_obs", {{3, S_COV, "observation covariance matrix"},
                          {4, S_COV, "system covariance matrix"}}},
    {"dirichlet", {{0, S_SIMPLEX, NULL}, {1, S_POSITIVE, "a count parameter"}}},
    {"lkj_corr", {{0, S_CORR, NULL}, {1, S_POSITIVE, SHAPE}}},
    {"lkj_corr_cholesky", {{0, S_CHOL_CORR, NULL}, {1, S_POSITIVE, SHAPE}}},
    {"wishart_cholesky", {{0, S_CHOL_COV, NULL}, {1, S_POSITIVE, DOF},
                          {2, S_CHOL_COV, SCALE_MAT}}},
    {"wishart", {{0, S_COV, NULL}, {1, S_POSITIVE, DOF},
                 {2, S_COV, SCALE_MAT}}},
    {"inv_wishart_cholesky", {{0, S_CHOL_COV, NULL}, {1, S_POSITIVE, DOF},
                              {2, S_CHOL_COV, SCALE_MAT}}},
    {"inv_wishart", {{0, S_COV, NULL}, {1, S_POSITIVE, DOF},
                     {2, S_COV, SCALE_MAT}}},
};

/* A declared bound: none, a constant, or an expression not known at
 * compile time. */
typedef struct Bound {
    enum { B_NONE, B_LIT, B_EXPR } kind;
    double value;
} Bound;

static Bound bound_of(PedCtx *c, const MirExpr *e)
{
    PedConst k;
    if (!e)
        return (Bound){B_NONE, 0};
    if (ped_const(c, e, &k))
        return (Bound){B_LIT, k.value};
    return (Bound){B_EXPR, 0};
}

/* The bounds a parameter's declaration gives it. */
static void param_bounds(PedCtx *c, VarId v, Bound *lo, Bound *hi)
{
    const MirSized *s = &c->p->vars[v].sized;
    *lo = *hi = (Bound){B_NONE, 0};
    switch (s->tr) {
    case TR_LOWER:
        *lo = bound_of(c, s->tr_a);
        break;
    case TR_UPPER:
        *hi = bound_of(c, s->tr_b ? s->tr_b : s->tr_a);
        break;
    case TR_LOWER_UPPER:
        *lo = bound_of(c, s->tr_a);
        *hi = bound_of(c, s->tr_b);
        break;
    /* the constrained types bound their elements too (stanc3 gives them
     * no bounds, and warns of a positive_ordered scale) */
    case TR_POSITIVE_ORDERED:
        *lo = (Bound){B_LIT, 0};
        break;
    case TR_SIMPLEX:
    case TR_STOCHASTIC_ROW:
    case TR_STOCHASTIC_COLUMN:
        *lo = (Bound){B_LIT, 0};
        *hi = (Bound){B_LIT, 1};
        break;
    case TR_UNIT_VECTOR:
        *lo = (Bound){B_LIT, -1};
        *hi = (Bound){B_LIT, 1};
        break;
    default:
        break;
    }
}

/* Whether a parameter declared with transform tr and these bounds may
 * leave the support. */
static bool param_outside(PedCtx *c, VarId v, Support sup)
{
    TransformKind tr = c->p->vars[v].sized.tr;
    Bound lo, hi;
    param_bounds(c, v, &lo, &hi);
    double want_lo = 0, want_hi = 1;
    bool has_hi = false;
    switch (sup) {
    case S_UNIT:
    case S_UNIT_OPEN:
        has_hi = true;
        break;
    case S_POSITIVE:
    case S_NONNEGATIVE:
        break;
    case S_SIMPLEX: return tr != TR_SIMPLEX;
    case S_ORDERED: return tr != TR_ORDERED;
    case S_CORR: return tr != TR_CORR_MATRIX;
    case S_CHOL_CORR: return tr != TR_CHOLESKY_CORR;
    case S_COV: return tr != TR_COV_MATRIX && tr != TR_CORR_MATRIX;
    case S_CHOL_COV: return tr != TR_CHOLESKY_COV && tr != TR_CHOLESKY_CORR;
    case S_NONE: return false;
    }
    if (lo.kind == B_NONE || (has_hi && hi.kind == B_NONE))
        return true;
    if (lo.kind == B_LIT && lo.value < want_lo)
        return true;
    return has_hi && hi.kind == B_LIT && hi.value > want_hi;
}

/* Whether the constant v is outside the support (ranges only: stanc3 does
 * not look inside container literals). */
static bool value_outside(Support sup, double v)
{
    switch (sup) {
    case S_UNIT: return v < 0 || v > 1;
    case S_UNIT_OPEN: return v <= 0 || v >= 1;
    case S_POSITIVE: return v <= 0;
    case S_NONNEGATIVE: return v < 0;
    default: return false;
    }
}

static void check_rule(PedCtx *c, const char *family, const MirExpr *call,
                       const ArgRule *r)
{
    if (r->arg >= call->nargs)
        return;
    const MirExpr *a = call->args[r->arg];
    const char *sup = support_names[r->support];
    VarId v = ped_param_of(c, a);
    PedConst k;
    if (v >= 0 && param_outside(c, v, r->support)) {
        const char *name = c->p->vars[v].name;
        if (r->arg == 0)
            ped_warn(c, &a->span, v, D_PED_VARIATE_PARAM, name, family, sup,
                     name, sup);
        else
            ped_warn(c, &a->span, v, D_PED_ARG_PARAM, family, name, r->what,
                     r->arg, name, sup);
    } else if (v < 0 && ped_const(c, a, &k)
               && value_outside(r->support, k.value)) {
        VarId variate = ped_param_of(c, call->args[0]);
        if (r->arg == 0)
            ped_warn(c, &k.span, -1, D_PED_VARIATE_VALUE, k.text, family, sup,
                     k.text, sup);
        else
            ped_warn(c, &k.span, variate, D_PED_ARG_VALUE, family, k.text,
                     r->what, r->arg, r->what, sup);
    }
}

/* uniform(y | a, b) on a parameter: fine only when its bounds are the
 * uniform's (stanc3 compares the first constant bound it finds). */
static void check_uniform(PedCtx *c, const MirExpr *call)
{
    VarId v = call->nargs >= 3 ? ped_param_of(c, call->args[0]) : -1;
    if (v < 0)
        return;
    Bound lo, hi;
    param_bounds(c, v, &lo, &hi);
    bool warn;
    PedConst a, b;
    if (lo.kind == B_NONE || hi.kind == B_NONE)
        warn = true;
    else if (ped_const(c, call->args[1], &a) && lo.kind == B_LIT)
        warn = a.value != lo.value;
    else if (ped_const(c, call->args[2], &b) && hi.kind == B_LIT)
        warn = b.value != hi.value;
    else
        warn = false;
    if (warn)
        ped_warn(c, &call->span, v, D_PED_UNIFORM, c->p->vars[v].name);
}

static void check_call(PedCtx *c, const MirExpr *call, const MirStmt *s)
{
    (void)s;
    if (call->fn_kind != FNK_STANLIB)
        return;
    const char *family = ped_density(c, call);
    if (!family)
        return;
    /* constants far from unit scale, the variate's too (said about the
     * variate: @silent on it silences them) */
    VarId variate = ped_param_of(c, call->args[0]);
    for (int i = 0; i < call->nargs; i++) {
        PedConst k;
        if (!ped_const(c, call->args[i], &k))
            continue;
        double m = k.value < 0 ? -k.value : k.value;
        if (m != 0 && (m < 0.1 || m > 10))
            ped_warn(c, &k.span, variate, D_PED_UNSCALED, k.text);
    }
    if (strcmp(family, "uniform") == 0)
        check_uniform(c, call);
    if (strcmp(family, "lkj_corr") == 0)
        ped_warn(c, &call->span, ped_param_of(c, call->args[0]),
                 D_PED_LKJ_CORR);
    if ((strcmp(family, "gamma") == 0 || strcmp(family, "inv_gamma") == 0)
        && call->nargs == 3) {
        PedConst a, b;
        if (ped_const(c, call->args[1], &a) && ped_const(c, call->args[2], &b)
            && a.value == b.value && a.value < 1)
            ped_warn(c, &a.span, ped_param_of(c, call->args[0]), D_PED_GAMMA);
    }
    for (size_t d = 0; d < sizeof dist_rules / sizeof *dist_rules; d++) {
        if (strcmp(dist_rules[d].family, family) != 0)
            continue;
        for (int r = 0; r < MAX_RULES && dist_rules[d].rules[r].support; r++)
            check_rule(c, family, call, &dist_rules[d].rules[r]);
    }
}

void ped_check_distributions(PedCtx *c)
{
    ped_each_call(c, c->p->log_prob, check_call);
    for (int f = 0; f < c->p->nfuns; f++)
        ped_each_call(c, c->p->funs[f].body, check_call);
}
