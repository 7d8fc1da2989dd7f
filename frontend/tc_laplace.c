/* tc_laplace.c - calls of the embedded Laplace approximation (Functions
 * Reference, "Embedded Laplace Approximation"; stanc3's check_laplace_fn).
 *
 * The signatures are rows of stanlib_laplace.def like any other and the
 * signature table decides the result type.  What this file adds is the
 * order in which stanc3 checks such a call and the message for each step,
 * since a plain "no signature matches" says little about a call with two
 * function arguments, two argument tuples and a tuple of control
 * parameters:
 *
 *   1. the likelihood: a user function (vector, ...) => real with its
 *      tuple of further arguments, or the built-in likelihood's leading
 *      arguments (y, y_index, [eta,] m);
 *   2. the Hessian block size, a data-only int;
 *   3. the covariance function (...) => matrix with its tuple;
 *   4. the _tol forms' control tuple (theta_0, tolerance, max_num_steps,
 *      solver, max_steps_line_search, allow_fallthrough), every item but
 *      theta_0 data-only; the other forms take nothing more.
 *
 * The likelihood is differentiated twice by the approximation, so it may
 * not call (directly or through other user functions) a library function
 * without second derivatives: the solvers, integrators, map_rect, the HMM
 * functions, reduce_sum and the Laplace functions themselves. */
#include <string.h>

#include "tc_internal.h"

enum { CONTROL_ITEMS = 6, MAX_LIK_ARGS = 4 };

static const char *const control_names[CONTROL_ITEMS] = {
    "initial guess", "tolerance", "max_num_steps", "solver",
    "max_steps_line_search", "allow_fallthrough"};

/* The shape of one Laplace function, read from its name. */
typedef struct LaplaceForm {
    bool tol;                /* ends with the control tuple */
    bool rng;                /* laplace_latent_*: draws theta */
    int nlik;                /* built-in likelihood: leading arguments */
    const Type *lik[MAX_LIK_ARGS];
} LaplaceForm;

static bool chop(const char **s, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncmp(*s, prefix, n) != 0)
        return false;
    *s += n;
    return true;
}

/* name is a Laplace function (its _lupmf spelling included): fill f. */
static bool laplace_form(Arena *a, const char *name, LaplaceForm *f)
{
    memset(f, 0, sizeof *f);
    const char *s = name;
    if (!chop(&s, "laplace_"))
        return false;
    bool marginal = chop(&s, "marginal");
    if (!marginal && !chop(&s, "latent"))
        return false;
    f->rng = !marginal;
    f->tol = chop(&s, "_tol");
    if (*s == '\0')
        return marginal;                     /* laplace_marginal[_tol] */
    if (!marginal && strcmp(s, "_rng") == 0)
        return true;                         /* laplace_latent[_tol]_rng */
    if (!chop(&s, "_"))
        return false;
    size_t len = strlen(s);
    const char *suffix = !marginal                      ? "_rng"
                         : name_has_suffix(s, "_lupmf") ? "_lupmf"
                                                        : "_lpmf";
    size_t slen = strlen(suffix);
    if (!name_has_suffix(s, suffix))
        return false;
    const char *family = arena_strndup(a, s, len - slen);
    const Type *ints = ty_array(a, 1, TY(INT));
    f->lik[0] = ints;                        /* y */
    f->lik[1] = ints;                        /* y_index */
    if (strcmp(family, "poisson_log") == 0
        || strcmp(family, "bernoulli_logit") == 0) {
        f->lik[2] = TY(VECTOR);              /* m */
        f->nlik = 3;
        return true;
    }
    if (strcmp(family, "neg_binomial_2_log") == 0) {
        f->lik[2] = TY(REAL);                /* eta */
        f->lik[3] = TY(VECTOR);              /* m */
        f->nlik = 4;
        return true;
    }
    return false;
}

bool tc_laplace_is(const char *name)
{
    if (strncmp(name, "laplace_", 8) != 0)   /* most calls: no arena */
        return false;
    Arena scratch = {0};
    LaplaceForm f;
    bool yes = laplace_form(&scratch, name, &f);
    arena_free(&scratch);
    return yes;
}

static const char *ordinal(Arena *a, int n)
{
    static const char *const words[] = {"first", "second", "third", "fourth",
                                        "fifth", "sixth", "seventh",
                                        "eighth", "ninth", "tenth"};
    return n >= 1 && n <= 10 ? words[n - 1] : arena_printf(a, "%dth", n);
}

static const char data_note[] =
    "(Local variables are assumed to depend on parameters; same goes for "
    "function\ninputs unless they are marked with the keyword 'data'.)";

/* The signature in stanc3's notation, for the generic message. */
static const char *signature_text(Tc *tc, const char *name,
                                  const LaplaceForm *f)
{
    const char *lik = "(vector, T_l...) => real, tuple(T_l...)";
    if (f->nlik) {
        lik = "";
        for (int k = 0; k < f->nlik; k++)
            lik = arena_printf(tc->arena, "%s%s%s", lik, k ? ", " : "",
                               ty_str(tc->arena, f->lik[k]));
    }
    return arena_printf(tc->arena,
                        "%s(%s, data int,\n  (T_k...) => matrix, "
                        "tuple(T_k...)%s)", name, lik,
                        f->tol ? ",\n  tuple(vector, data real, data int, "
                                 "data int, data int, data int)" : "");
}

static void generic_error(Tc *tc, Span at, const char *name,
                          const LaplaceForm *f, const char *why)
{
    tc_error(tc, at, D_SEM_LAPLACE_SIGNATURE, name,
             signature_text(tc, name, f), why);
}

/* ------------------------------------------- second-order compatibility */

static bool lacks_second_order(const char *fn)
{
    static const char *const exact[] = {
        "algebra_solver", "algebra_solver_newton", "integrate_1d",
        "map_rect", "hmm_marginal", "hmm_hidden_state_prob", "reduce_sum",
        "reduce_sum_static", "dae", "dae_tol", NULL};
    static const char *const prefixes[] = {
        "integrate_ode", "ode_", "solve_newton", "solve_powell", "laplace_",
        NULL};
    for (int i = 0; exact[i]; i++)
        if (strcmp(fn, exact[i]) == 0)
            return true;
    for (int i = 0; prefixes[i]; i++)
        if (strncmp(fn, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

typedef struct Walk {
    Tc *tc;
    PtrVec seen;             /* names of the user functions walked */
    const char *banned;      /* the first library function found */
} Walk;

static void walk_fn(Walk *w, const char *name);

static void walk_expr(Walk *w, const Expr *e)
{
    if (!e || w->banned)
        return;
    if ((e->kind == EX_CALL || e->kind == EX_COND_CALL)) {
        if (tc_user_fn_exists(w->tc, e->name))
            walk_fn(w, e->name);
        else if (lacks_second_order(e->name))
            w->banned = e->name;
    }
    if (e->kind == EX_VAR && !tc_lookup(w->tc, e->name)
        && tc_user_fn_exists(w->tc, e->name))
        walk_fn(w, e->name);
    walk_expr(w, e->lhs);
    walk_expr(w, e->rhs);
    walk_expr(w, e->cond);
    for (int i = 0; i < e->nargs; i++)
        walk_expr(w, e->args[i]);
    for (int i = 0; i < e->nindices; i++) {
        walk_expr(w, e->indices[i].lo);
        walk_expr(w, e->indices[i].hi);
    }
}

static void walk_stmt(Walk *w, const Stmt *s)
{
    if (!s || w->banned)
        return;
    if (s->kind == ST_TILDE && s->name) {
        if (tc_user_fn_exists(w->tc, s->name))
            walk_fn(w, s->name);
        else if (lacks_second_order(s->name))
            w->banned = s->name;
    }
    walk_expr(w, s->lhs);
    walk_expr(w, s->rhs);
    walk_expr(w, s->expr);
    walk_expr(w, s->cond);
    walk_expr(w, s->lo);
    walk_expr(w, s->hi);
    walk_expr(w, s->trunc_lo);
    walk_expr(w, s->trunc_hi);
    for (int i = 0; i < s->nargs; i++)
        walk_expr(w, s->args[i]);
    if (s->kind == ST_DECL && s->decl)
        walk_expr(w, s->decl->init);
    walk_stmt(w, s->body);
    walk_stmt(w, s->else_body);
    for (int i = 0; i < s->nstmts; i++)
        walk_stmt(w, s->stmts[i]);
}

static void walk_fn(Walk *w, const char *name)
{
    for (int i = 0; i < w->seen.len; i++)
        if (strcmp(w->seen.items[i], name) == 0)
            return;
    vec_push(w->tc->arena, &w->seen, (void *)name);
    for (const UserFn *f = tc_user_fn(w->tc, name); f; f = f->next_overload)
        if (f->def)
            walk_stmt(w, f->def->body);
}

/* ----------------------------------------------------------- callbacks */

static const char *kind_text(FunKind k)
{
    switch (k) {
    case FK_RNG: return "_rng";
    case FK_LP: return "_lp";
    case FK_JACOBIAN: return "_jacobian";
    case FK_LPDF: return "_lpdf";
    case FK_LPMF: return "_lpmf";
    default: return "non-plain";
    }
}

/* The AD level of item k of tuple argument e. */
static AdLevel item_ad(const Expr *e, int k)
{
    return e->kind == EX_TUPLE_EXPR && k < e->nargs ? e->args[k]->ad : e->ad;
}

/* Function argument fe of `caller`, called with the items of tuple te
 * after theta (the likelihood) or alone (the covariance). */
static bool check_callback(Tc *tc, const char *caller, const Expr *fe,
                           const Expr *te, bool likelihood)
{
    const Type *f = fe->type;
    const char *fn = fe->name;
    const Type *want = likelihood ? TY(REAL) : TY(MATRIX);
    if (!ty_equal(f->ret, want)) {
        tc_error(tc, fe->span, D_SEM_LAPLACE_CALLBACK, fn, caller,
                 arena_printf(tc->arena, "Expected function returning %s "
                              "but got function returning %s.",
                              ty_str(tc->arena, want),
                              ty_str(tc->arena, f->ret)));
        return false;
    }
    if (f->fun_kind != FK_PLAIN) {
        tc_error(tc, fe->span, D_SEM_LAPLACE_CALLBACK, fn, caller,
                 arena_printf(tc->arena, "Expected a pure function but got "
                              "a %s function.", kind_text(f->fun_kind)));
        return false;
    }
    int fixed = likelihood ? 1 : 0;
    if (likelihood) {
        const char *why = NULL;
        if (f->n == 0)
            why = "Expected the latent gaussian vector as the first "
                  "argument but the function takes none.";
        else if (!ty_equal(f->items[0], TY(VECTOR)))
            why = arena_printf(tc->arena, "The first argument must be "
                               "vector but got %s.",
                               ty_str(tc->arena, f->items[0]));
        else if (f->data_only && f->data_only[0])
            why = arena_printf(tc->arena, "The first argument is marked "
                               "data-only.\n%s", data_note);
        if (why) {
            tc_error(tc, fe->span, D_SEM_LAPLACE_CALLBACK, fn, caller, why);
            return false;
        }
    }
    const Type *t = te->type;
    if (t->kind != TY_TUPLE) {
        tc_error(tc, te->span, D_SEM_LAPLACE_NOT_TUPLE, fn, caller,
                 ty_str(tc->arena, t));
        return false;
    }
    const char *excl = likelihood
        ? " (excluding the latent gaussian vector argument)" : "";
    int extra = f->n - fixed;
    if (t->n != extra) {
        tc_error(tc, te->span, D_SEM_LAPLACE_FORWARDED, fn, caller,
                 arena_printf(tc->arena, "Expected %d argument%s%s\nbut got "
                              "%d argument%s.", extra, extra == 1 ? "" : "s",
                              excl, t->n, t->n == 1 ? "" : "s"));
        return false;
    }
    for (int k = 0; k < extra; k++) {
        const Type *param = f->items[fixed + k];
        const Expr *at = te->kind == EX_TUPLE_EXPR ? te->args[k] : te;
        if (ty_promotion_cost(t->items[k], param) < 0) {
            tc_error(tc, at->span, D_SEM_LAPLACE_FORWARDED, fn, caller,
                     arena_printf(tc->arena, "The %s argument%s must be\n%s "
                                  "but got %s.", ordinal(tc->arena, k + 1),
                                  excl, ty_str(tc->arena, param),
                                  ty_str(tc->arena, t->items[k])));
            return false;
        }
        if (f->data_only && f->data_only[fixed + k]
            && item_ad(te, k) == AD_AUTODIFF) {
            tc_error(tc, at->span, D_SEM_LAPLACE_FORWARDED, fn, caller,
                     arena_printf(tc->arena, "The %s argument%s is marked "
                                  "data-only, but the value passed depends "
                                  "on parameters.\n%s",
                                  ordinal(tc->arena, k + 1), excl,
                                  data_note));
            return false;
        }
    }
    if (likelihood) {
        Walk w = {.tc = tc};
        walk_fn(&w, fn);
        if (w.banned) {
            tc_error(tc, fe->span, D_SEM_LAPLACE_HIGHER_ORDER, w.banned);
            return false;
        }
    }
    return true;
}

static bool is_function_arg(const Expr *e)
{
    return e->kind == EX_VAR && e->type->kind == TY_FUNCTION;
}

/* ------------------------------------------------------- control tuple */

static bool check_control(Tc *tc, const char *name, const Expr *ce)
{
    static const TypeKind want[CONTROL_ITEMS] = {
        TY_VECTOR, TY_REAL, TY_INT, TY_INT, TY_INT, TY_INT};
    const Type *t = ce->type;
    if (t->kind != TY_TUPLE) {
        tc_error(tc, ce->span, D_SEM_LAPLACE_CONTROL_NOT_TUPLE, name,
                 ty_str(tc->arena, t));
        return false;
    }
    if (t->n != CONTROL_ITEMS) {
        tc_error(tc, ce->span, D_SEM_LAPLACE_CONTROL_COUNT, t->n, name,
                 CONTROL_ITEMS);
        return false;
    }
    for (int k = 0; k < CONTROL_ITEMS; k++) {
        const Expr *at = ce->kind == EX_TUPLE_EXPR ? ce->args[k] : ce;
        const Type *w = ty_basic(want[k]);
        if (ty_promotion_cost(t->items[k], w) < 0) {
            tc_error(tc, at->span, D_SEM_LAPLACE_CONTROL_TYPE,
                     ordinal(tc->arena, k + 1), control_names[k], name,
                     ty_str(tc->arena, w), ty_str(tc->arena, t->items[k]));
            return false;
        }
        if (k > 0 && item_ad(ce, k) == AD_AUTODIFF) {
            tc_error(tc, at->span, D_SEM_LAPLACE_CONTROL_DATA, name,
                     ordinal(tc->arena, k + 1), control_names[k]);
            return false;
        }
    }
    return true;
}

/* --------------------------------------------------------------- calls */

const Type *tc_laplace_resolve(Tc *tc, const char *name, Span at,
                               int nargs, Expr **args, bool report)
{
    LaplaceForm f;
    if (!laplace_form(tc->arena, name, &f))
        return TY(ERROR);
    /* Where a missing argument would have been: just before the ')'. */
    Span end = at;
    end.begin = end.end;
    int i;
    if (f.nlik) {
        for (i = 0; i < f.nlik; i++) {
            const char *why = NULL;
            if (i >= nargs)
                why = arena_printf(tc->arena, "Expected %d arguments but "
                                   "got %d argument%s.", f.nlik, nargs,
                                   nargs == 1 ? "" : "s");
            else if (ty_promotion_cost(args[i]->type, f.lik[i]) < 0)
                why = arena_printf(tc->arena, "The %s argument must be %s "
                                   "but got %s.", ordinal(tc->arena, i + 1),
                                   ty_str(tc->arena, f.lik[i]),
                                   ty_str(tc->arena, args[i]->type));
            if (why) {
                if (report) {
                    const char *types = "";
                    for (int k = 0; k < f.nlik; k++)
                        types = arena_printf(tc->arena, "%s%s%s", types,
                                             k ? ", " : "",
                                             ty_str(tc->arena, f.lik[k]));
                    tc_error(tc, i < nargs ? args[i]->span : at,
                             D_SEM_LAPLACE_HELPER_ARGS, name, why, types);
                }
                return TY(ERROR);
            }
        }
    } else {
        if (nargs < 2 || !is_function_arg(args[0])) {
            if (report)
                generic_error(tc, at, name, &f, "We were unable to start "
                              "more in-depth checking. Please ensure you "
                              "are passing\nenough arguments and that the "
                              "first argument is a function.");
            return TY(ERROR);
        }
        if (!check_callback(tc, name, args[0], args[1], true))
            return TY(ERROR);
        i = 2;
    }
    if (i >= nargs) {
        if (report)
            generic_error(tc, end, name, &f, "Missing the hessian block "
                          "size (data-only int) and remaining arguments.");
        return TY(ERROR);
    }
    const Expr *hbs = args[i];
    if (hbs->type->kind != TY_INT || hbs->ad == AD_AUTODIFF) {
        if (report)
            tc_error(tc, hbs->span, D_SEM_LAPLACE_HESSIAN_BLOCK, name,
                     ty_str(tc->arena, hbs->type),
                     hbs->ad == AD_AUTODIFF
                         ? arena_printf(tc->arena, "\n%s", data_note) : "");
        return TY(ERROR);
    }
    i++;
    if (nargs < i + 2 || !is_function_arg(args[i])) {
        if (report)
            generic_error(tc, at, name, &f, arena_printf(tc->arena,
                "However, we received the types:\n(%s)\nTypechecking "
                "failed after checking the first %d arguments.\nPlease "
                "ensure you are passing enough arguments and that the %s "
                "is a function.", tc_types_str(tc, nargs, args), i,
                ordinal(tc->arena, i + 1)));
        return TY(ERROR);
    }
    if (!check_callback(tc, name, args[i], args[i + 1], false))
        return TY(ERROR);
    i += 2;
    int rest = nargs - i;
    if (!f.tol && rest > 0) {
        if (report)
            tc_error(tc, args[i]->span, D_SEM_LAPLACE_EXTRA_ARGS, rest,
                     rest == 1 ? "" : "s", name);
        return TY(ERROR);
    }
    if (f.tol && rest == 0) {
        if (report)
            tc_error(tc, at, D_SEM_LAPLACE_MISSING_CONTROL, name,
                     CONTROL_ITEMS);
        return TY(ERROR);
    }
    if (f.tol && rest > 1) {
        if (report)
            tc_error(tc, args[i + 1]->span, D_SEM_LAPLACE_EXTRA_CONTROL,
                     rest - 1, rest == 2 ? "" : "s", name);
        return TY(ERROR);
    }
    if (f.tol && !check_control(tc, name, args[i]))
        return TY(ERROR);

    /* Each step passed: the signature table gives the result (and would
     * catch anything the steps above do not look at). */
    const Type *types[64];
    AdLevel ads[64];
    AdLevel *item_ads[64];
    if (nargs > 64)
        return TY(ERROR);
    for (int k = 0; k < nargs; k++) {
        types[k] = args[k]->type;
        ads[k] = args[k]->ad;
        item_ads[k] = NULL;
        if (args[k]->kind == EX_TUPLE_EXPR) {
            item_ads[k] = arena_alloc(tc->arena, sizeof(AdLevel)
                                      * (size_t)(args[k]->nargs + 1));
            for (int j = 0; j < args[k]->nargs; j++)
                item_ads[k][j] = args[k]->args[j]->ad;
        }
    }
    const Type *ret = NULL;
    SigResult r = sig_resolve_items(tc->sigs, tc->arena, name, nargs, types,
                                    ads, (const AdLevel *const *)item_ads,
                                    &ret, NULL, NULL);
    if (r == SIG_MATCH)
        return ret;
    if (report)
        tc_error(tc, at, D_SEM_SIGNATURE_MISMATCH,
                 sig_explain_mismatch_ad(tc->sigs, tc->arena, name, nargs,
                                         types, ads));
    return TY(ERROR);
}
