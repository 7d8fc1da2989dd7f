/* tc_expr.c - types of expressions (Reference Manual, "Expressions"):
 * variables, operators, indexing, literals of containers, calls of user and
 * library functions with the suffix rules. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tc_internal.h"

bool tc_is_error(const Type *t)
{
    return !t || t->kind == TY_ERROR;
}

void tc_error(Tc *tc, Span at, DiagId id, ...)
{
    va_list ap;
    va_start(ap, id);
    diag_vemit(tc->sink, id, at, ap);
    va_end(ap);
}

FunKind tc_suffix_kind(const char *name)
{
    if (name_has_suffix(name, "_lpdf") || name_has_suffix(name, "_lupdf"))
        return FK_LPDF;
    if (name_has_suffix(name, "_lpmf") || name_has_suffix(name, "_lupmf"))
        return FK_LPMF;
    if (name_has_suffix(name, "_lcdf"))
        return FK_LCDF;
    if (name_has_suffix(name, "_lccdf"))
        return FK_LCCDF;
    if (name_has_suffix(name, "_rng"))
        return FK_RNG;
    if (name_has_suffix(name, "_lp"))
        return FK_LP;
    if (name_has_suffix(name, "_jacobian"))
        return FK_JACOBIAN;
    return FK_PLAIN;
}

const Sym *tc_lookup(const Tc *tc, const char *name)
{
    int i;
    return scope_lookup(&tc->scopes, name, &i) ? &tc->syms[i] : NULL;
}

const UserFn *tc_user_fn(const Tc *tc, const char *name)
{
    int i;
    return scope_lookup(&tc->fn_names, name, &i) ? tc->fns.items[i] : NULL;
}

bool tc_user_fn_exists(const Tc *tc, const char *name)
{
    return tc_user_fn(tc, name) != NULL;
}

/* "(real, vector)" for messages. */
char *tc_types_str(Tc *tc, int n, Expr **args)
{
    char *s = "";
    for (int i = 0; i < n; i++)
        s = arena_printf(tc->arena, "%s%s%s", s, i ? ", " : "",
                         ty_str(tc->arena, args[i]->type));
    return s;
}

static bool any_error(int n, Expr **args)
{
    for (int i = 0; i < n; i++)
        if (tc_is_error(args[i]->type))
            return true;
    return false;
}

static AdLevel join_ad(int n, Expr **args)
{
    for (int i = 0; i < n; i++)
        if (args[i]->ad == AD_AUTODIFF)
            return AD_AUTODIFF;
    return AD_DATA;
}

/* An int result never carries a derivative. */
static AdLevel result_ad(const Type *t, AdLevel ad)
{
    const Type *b = ty_base(t);
    return b->kind == TY_INT ? AD_DATA : ad;
}

/* ------------------------------------------------------------- operators */

typedef struct SigList {
    Arena *arena;
    const char *name;
    char *text;
    int count;
} SigList;

static void collect_sig(void *ctx, const char *name, const char *sig)
{
    SigList *l = ctx;
    if (strcmp(name, l->name) != 0 || l->count >= 12)
        return;
    l->text = arena_printf(l->arena, "%s\n%s", l->text, sig);
    l->count++;
}

static void operator_error(Tc *tc, Expr *e, const char *kind, int n,
                           Expr **args)
{
    SigList l = {tc->arena, ast_op_name(e->op, e->kind == EX_PREFIX), "", 0};
    sig_foreach(tc->sigs, collect_sig, &l);
    tc_error(tc, e->span, D_SEM_OPERATOR_TYPES, kind, ast_op_str(e->op), l.text,
             n > 1 ? "s" : "", tc_types_str(tc, n, args));
}

/* The source text of an expression, as written. */
static const char *source_text(Tc *tc, const Expr *e)
{
    const SrcFile *f = src_file(tc->sink->src, e->span.begin.file);
    int from = e->span.begin.offset, to = e->span.end.offset;
    if (!f || e->span.end.file != e->span.begin.file || to < from
        || (size_t)to > f->len)
        return "";
    return arena_strndup(tc->arena, f->text + from, (size_t)(to - from));
}

/* int / int rounds towards zero: stanc3 tells the user so. */
static void note_int_division(Tc *tc, const Expr *e)
{
    const char *whole = source_text(tc, e);
    const char *real = arena_printf(tc->arena, "%s * 1.0 / %s",
                                    source_text(tc, e->lhs),
                                    source_text(tc, e->rhs));
    diag_emit(tc->sink, D_INFO_INT_DIV, e->span, diag_where(tc->sink, e->span),
              whole, real);
}

static void check_operator(Tc *tc, Expr *e)
{
    Expr *args[2] = {e->lhs, e->rhs};
    int n = e->kind == EX_BINARY ? 2 : 1;
    for (int i = 0; i < n; i++)
        tc_check_expr(tc, args[i]);
    e->type = TY(ERROR);
    if (any_error(n, args))
        return;
    const Type *types[2] = {args[0]->type, n > 1 ? args[1]->type : NULL};
    AdLevel ads[2] = {args[0]->ad, n > 1 ? args[1]->ad : AD_DATA};
    const Type *ret = NULL;
    int bad;
    const char *name = ast_op_name(e->op, e->kind == EX_PREFIX);
    SigResult r = sig_resolve(tc->sigs, tc->arena, name, n, types, ads, &ret,
                              &bad);
    if (r != SIG_MATCH) {
        operator_error(tc, e, e->kind == EX_BINARY ? "infix"
                       : e->kind == EX_PREFIX ? "prefix" : "postfix", n, args);
        return;
    }
    e->type = ret;
    e->ad = result_ad(ret, join_ad(n, args));
    if (e->op == OP_DIV && types[0]->kind == TY_INT
        && types[1]->kind == TY_INT)
        note_int_division(tc, e);
}

/* ------------------------------------------------------------- indexing */

static const Type *check_index(Tc *tc, Index *ix)
{
    Expr *parts[2] = {ix->lo, ix->hi};
    for (int i = 0; i < 2; i++) {
        if (!parts[i])
            continue;
        tc_check_expr(tc, parts[i]);
        const Type *t = parts[i]->type;
        if (tc_is_error(t))
            return TY(ERROR);
        bool single_ok = ix->kind == IDX_SINGLE
            && (t->kind == TY_INT || (t->kind == TY_ARRAY && t->dims == 1
                                      && t->elem->kind == TY_INT));
        if (single_ok) {
            if (t->kind == TY_ARRAY)
                ix->kind = IDX_MULTI;
            continue;
        }
        if (t->kind != TY_INT) {
            tc_error(tc, parts[i]->span, ix->kind == IDX_SINGLE
                     ? D_SEM_INDEX_TYPE : D_SEM_RANGE_BOUND_TYPE,
                     ty_str(tc->arena, t));
            return TY(ERROR);
        }
    }
    return TY(INT);
}

/* The type of one vector/matrix after `n` indexes, `multi[i]` telling
 * whether index i keeps its dimension. */
static const Type *index_linear(Tc *tc, const Type *t, int n, const bool *multi)
{
    bool complex = t->kind == TY_COMPLEX_VECTOR
        || t->kind == TY_COMPLEX_ROW_VECTOR || t->kind == TY_COMPLEX_MATRIX;
    TypeKind scalar = complex ? TY_COMPLEX : TY_REAL;
    TypeKind vec = complex ? TY_COMPLEX_VECTOR : TY_VECTOR;
    TypeKind row = complex ? TY_COMPLEX_ROW_VECTOR : TY_ROW_VECTOR;
    TypeKind mat = complex ? TY_COMPLEX_MATRIX : TY_MATRIX;
    (void)tc;
    if (n == 0)
        return t;
    if (t->kind == vec || t->kind == row)
        return ty_basic(multi[0] ? t->kind : scalar);
    /* matrix */
    if (n == 1)
        return ty_basic(multi[0] ? mat : row);
    if (multi[0])
        return ty_basic(multi[1] ? mat : vec);
    return ty_basic(multi[1] ? row : scalar);
}

static int linear_dims(const Type *t)
{
    switch (t->kind) {
    case TY_VECTOR: case TY_ROW_VECTOR: case TY_COMPLEX_VECTOR:
    case TY_COMPLEX_ROW_VECTOR:
        return 1;
    case TY_MATRIX: case TY_COMPLEX_MATRIX:
        return 2;
    default:
        return 0;
    }
}

static void check_indexed(Tc *tc, Expr *e)
{
    tc_check_expr(tc, e->lhs);
    e->type = TY(ERROR);
    bool failed = tc_is_error(e->lhs->type);
    bool multi[64];
    for (int i = 0; i < e->nindices; i++) {
        if (tc_is_error(check_index(tc, &e->indices[i])))
            failed = true;
        Index *ix = &e->indices[i];
        multi[i < 64 ? i : 63] = ix->kind != IDX_SINGLE;
    }
    if (failed)
        return;
    const Type *t = e->lhs->type;
    int adims = ty_array_dims(t);
    const Type *base = ty_base(t);
    int total = adims + linear_dims(base);
    if (e->nindices > total) {
        tc_error(tc, e->span, D_SEM_TOO_MANY_INDEXES_EXPRESSION, total,
                 e->nindices);
        return;
    }
    if (e->nindices > 64) {
        tc_error(tc, e->span, D_SEM_TOO_MANY_INDEXES);
        return;
    }
    int kept = 0;
    int na = e->nindices < adims ? e->nindices : adims;
    for (int i = 0; i < na; i++)
        kept += multi[i];
    const Type *elem = index_linear(tc, base, e->nindices - na, multi + na);
    int left = adims - na + kept;
    e->type = left > 0 ? ty_array(tc->arena, left, elem) : elem;
    AdLevel ad = e->lhs->ad;
    e->ad = result_ad(e->type, ad);
}

/* ---------------------------------------------------- container literals */

static void check_array_expr(Tc *tc, Expr *e)
{
    e->type = TY(ERROR);
    for (int i = 0; i < e->nargs; i++)
        tc_check_expr(tc, e->args[i]);
    if (any_error(e->nargs, e->args))
        return;
    const Type *t = e->args[0]->type;
    for (int i = 1; i < e->nargs; i++) {
        const Type *j = ty_join(tc->arena, t, e->args[i]->type);
        if (!j) {
            tc_error(tc, e->span, D_SEM_ARRAY_EXPRESSION_HAVE_ENTRIES,
                     ty_str(tc->arena, t), ty_str(tc->arena, e->args[i]->type));
            return;
        }
        t = j;
    }
    if (t->kind == TY_FUNCTION || t->kind == TY_VOID) {
        tc_error(tc, e->span, D_SEM_ARRAY_EXPRESSIONS_CANNOT_HOLD);
        return;
    }
    e->type = t->kind == TY_ARRAY ? ty_array(tc->arena, t->dims + 1, t->elem)
                                  : ty_array(tc->arena, 1, t);
    e->ad = result_ad(e->type, join_ad(e->nargs, e->args));
}

static void check_rowvec_expr(Tc *tc, Expr *e)
{
    e->type = TY(ERROR);
    for (int i = 0; i < e->nargs; i++)
        tc_check_expr(tc, e->args[i]);
    if (any_error(e->nargs, e->args))
        return;
    bool rows = false, complex = false, scalars = false;
    for (int i = 0; i < e->nargs; i++) {
        TypeKind k = e->args[i]->type->kind;
        if (k == TY_INT || k == TY_REAL)
            scalars = true;
        else if (k == TY_COMPLEX)
            scalars = complex = true;
        else if (k == TY_ROW_VECTOR)
            rows = true;
        else if (k == TY_COMPLEX_ROW_VECTOR)
            rows = complex = true;
        else {
            tc_error(tc, e->span, D_SEM_ROW_VECTOR_ENTRY_TYPE,
                     ty_str(tc->arena, e->args[i]->type));
            return;
        }
    }
    if (rows && scalars) {
        tc_error(tc, e->span, D_SEM_ROW_VECTOR_ENTRIES);
        return;
    }
    if (e->nargs == 0)
        e->type = TY(ROW_VECTOR);
    else if (rows)
        e->type = complex ? TY(COMPLEX_MATRIX) : TY(MATRIX);
    else
        e->type = complex ? TY(COMPLEX_ROW_VECTOR) : TY(ROW_VECTOR);
    e->ad = join_ad(e->nargs, e->args);
}

/* ------------------------------------------------------------------ calls */

static bool is_density_name(const char *name)
{
    static const char *const suffixes[] = {"_lpdf", "_lupdf", "_lpmf",
        "_lupmf", "_cdf", "_lcdf", "_lccdf", NULL};
    for (int i = 0; suffixes[i]; i++)
        if (name_has_suffix(name, suffixes[i]))
            return true;
    return false;
}

/* The user's overloads of `name`: resolve by the least promotion cost. */
static const UserFn *resolve_user(Tc *tc, const char *name, int nargs,
                                  Expr **args, bool *ambiguous, int *nfound)
{
    const UserFn *best = NULL;
    int best_cost = -1;
    *ambiguous = false;
    *nfound = 0;
    for (const UserFn *f = tc_user_fn(tc, name); f; f = f->next_overload) {
        (*nfound)++;
        if (f->type->n != nargs)
            continue;
        int cost = 0;
        for (int j = 0; j < nargs && cost >= 0; j++) {
            int c = ty_promotion_cost(args[j]->type, f->type->items[j]);
            if (c < 0)
                cost = -1;
            else
                cost += c;
        }
        if (cost < 0)
            continue;
        if (!best || cost < best_cost) {
            best = f;
            best_cost = cost;
            *ambiguous = false;
        } else if (cost == best_cost) {
            *ambiguous = true;
        }
    }
    return best;
}

static char *user_sigs(Tc *tc, const char *name)
{
    char *s = "";
    for (const UserFn *f = tc_user_fn(tc, name); f; f = f->next_overload)
        s = arena_printf(tc->arena, "%s\n%s", s, ty_str(tc->arena, f->type));
    return s;
}

/* Where the call's name lets it be used (Reference Manual, "Function
 * bodies" and "Program blocks"): _rng, _lp, _lupdf and target(). */
static bool check_call_context(Tc *tc, const char *name, Span at)
{
    FunKind fk = tc_suffix_kind(name);
    if (fk == FK_RNG) {
        bool ok = tc->fun ? tc->fun_kind == FK_RNG
                          : (tc->block == BLK_TRANSFORMED_DATA
                             || tc->block == BLK_GENERATED_QUANTITIES);
        if (!ok) {
            tc_error(tc, at, D_SEM_RANDOM_NUMBER_GENERATORS_ALLOWED);
            return false;
        }
    }
    if (fk == FK_LP) {
        bool ok = tc->fun ? tc->fun_kind == FK_LP
                          : (tc->block == BLK_MODEL
                             || tc->block == BLK_TRANSFORMED_PARAMETERS);
        if (!ok) {
            tc_error(tc, at, D_SEM_TARGET_CAN_ACCESSED_MODEL);
            return false;
        }
    }
    if (fk == FK_JACOBIAN) {
        bool ok = tc->fun ? tc->fun_kind == FK_JACOBIAN
                          : tc->block == BLK_TRANSFORMED_PARAMETERS;
        if (!ok) {
            tc_error(tc, at, D_SEM_FUNCTIONS_NAMES_ENDING_JACOBIAN);
            return false;
        }
    }
    if (name_has_suffix(name, "_lupdf") || name_has_suffix(name, "_lupmf")) {
        bool ok = tc->fun ? (tc->fun_kind == FK_LPDF || tc->fun_kind == FK_LPMF
                             || tc->fun_kind == FK_LP)
                          : tc->block == BLK_MODEL;
        if (!ok) {
            tc_error(tc, at, D_SEM_FUNCTIONS_NAMES_ENDING_LUPDF);
            return false;
        }
    }
    return true;
}

const Type *tc_resolve_call(Tc *tc, const char *name, Span at, int nargs,
                            Expr **args, bool cond_syntax, bool *is_user,
                            bool report)
{
    *is_user = false;
    if (any_error(nargs, args))
        return TY(ERROR);
    if (report) {
        if (cond_syntax && !is_density_name(name)) {
            tc_error(tc, at, D_SEM_FUNCTIONS_NAMES_ENDING_LPDF);
            return TY(ERROR);
        }
        if (!cond_syntax && is_density_name(name) && nargs > 1
            && !name_has_suffix(name, "_cdf")) {
            tc_error(tc, at, D_SEM_PROBABILITY_FUNCTIONS_SUFFIXES_LPDF);
            return TY(ERROR);
        }
        if (!check_call_context(tc, name, at))
            return TY(ERROR);
    }
    /* A user's foo_lpdf is also callable as foo_lupdf. */
    const char *user_name = name;
    if (name_has_suffix(name, "_lupdf") || name_has_suffix(name, "_lupmf")) {
        size_t n = strlen(name);
        user_name = arena_printf(tc->arena, "%.*s_lp%cf", (int)(n - 6), name,
                                 name[n - 2]);
    }
    bool ambiguous;
    int nfound;
    const UserFn *f = resolve_user(tc, user_name, nargs, args, &ambiguous,
                                   &nfound);
    if (f) {
        if (ambiguous) {
            if (report)
                tc_error(tc, at, D_SEM_AMBIGUOUS_CALL_SEVERAL_SIGNATURES, name,
                         tc_types_str(tc, nargs, args));
            return TY(ERROR);
        }
        for (int j = 0; j < nargs; j++)
            if (f->type->data_only[j] && args[j]->ad == AD_AUTODIFF) {
                if (report)
                    tc_error(tc, args[j]->span,
                             D_SEM_ARGUMENT_DATA_LOCAL_VARIABLES, j + 1, name);
                return TY(ERROR);
            }
        *is_user = true;
        return f->type->ret;
    }
    if (nfound && !sig_has_name(tc->sigs, name)) {
        if (report)
            tc_error(tc, at, D_SEM_CALL_TYPES, name,
                     tc_types_str(tc, nargs, args), user_sigs(tc, user_name));
        return TY(ERROR);
    }
    if (tc_laplace_is(name))
        return tc_laplace_resolve(tc, name, at, nargs, args, report);
    const Type *types[64];
    AdLevel ads[64];
    if (nargs > 64) {
        if (report)
            tc_error(tc, at, D_SEM_TOO_MANY_ARGUMENTS_CALL, name);
        return TY(ERROR);
    }
    for (int j = 0; j < nargs; j++) {
        types[j] = args[j]->type;
        ads[j] = args[j]->ad;
    }
    const Type *ret = NULL;
    int bad = -1;
    SigResult r = sig_resolve(tc->sigs, tc->arena, name, nargs, types, ads,
                              &ret, &bad);
    switch (r) {
    case SIG_MATCH:
        return ret;
    case SIG_NO_NAME:
        if (report)
            tc_error(tc, at, D_SEM_EXPECTED_FUNCTION_UNDECLARED, name);
        return TY(ERROR);
    case SIG_DATA_ONLY:
        if (report)
            tc_error(tc, bad >= 0 && bad < nargs ? args[bad]->span : at,
                     D_SEM_ARGUMENT_DATA_CANNOT_DEPEND, bad + 1, name);
        return TY(ERROR);
    case SIG_AMBIGUOUS:
        if (report)
            tc_error(tc, at, D_SEM_AMBIGUOUS_CALL_ARGUMENTS, name,
                     tc_types_str(tc, nargs, args));
        return TY(ERROR);
    case SIG_MISMATCH:
        break;
    }
    if (report)
        tc_error(tc, at, D_SEM_SIGNATURE_MISMATCH,
                 sig_explain_mismatch(tc->sigs, tc->arena, name, nargs,
                                      types));
    return TY(ERROR);
}

/* The promotions of the arguments a higher-order call forwards to the
 * function it is passed (its trailing arguments, against the function's
 * trailing parameters); a pair that does not line up (map_rect's arrays
 * of parameters) counts nothing. */
static int forwarded_cost(const Expr *call, int at, const Type *fn)
{
    int cost = 0;
    for (int k = 1; k <= fn->n && call->nargs - k > at; k++) {
        int c = ty_promotion_cost(call->args[call->nargs - k]->type,
                                  fn->items[fn->n - k]);
        if (c > 0)
            cost += c;
    }
    return cost;
}

/* A user function passed by the name of several overloads to a
 * higher-order function (reduce_sum, map_rect, the ODE, DAE and algebraic
 * solvers, integrate_1d): the overload with which the call typechecks,
 * the fewest promotions of the forwarded arguments among several, as
 * stanc3's find_matching_first_order_fn chooses (a tie is ambiguous);
 * when none fits, the first, whose mismatch the call then reports. */
static void pick_passed_overloads(Tc *tc, Expr *e)
{
    for (int i = 0; i < e->nargs; i++) {
        Expr *a = e->args[i];
        if (a->kind != EX_VAR || tc_is_error(a->type)
            || a->type->kind != TY_FUNCTION || tc_lookup(tc, a->name))
            continue;
        const char *fname = a->name;
        if (name_has_suffix(fname, "_lupdf")
            || name_has_suffix(fname, "_lupmf")) {
            size_t n = strlen(fname);
            fname = arena_printf(tc->arena, "%.*s_lp%cf", (int)(n - 6),
                                 fname, fname[n - 2]);
        }
        const UserFn *first = tc_user_fn(tc, fname);
        if (!first || !first->next_overload)
            continue;
        const Type *best = NULL;
        int best_cost = 0;
        bool tie = false;
        for (const UserFn *f = first; f; f = f->next_overload) {
            a->type = f->type;
            bool is_user;
            const Type *r = tc_resolve_call(tc, e->name, e->span, e->nargs,
                                            e->args, e->kind == EX_COND_CALL,
                                            &is_user, false);
            if (tc_is_error(r))
                continue;
            int cost = forwarded_cost(e, i, f->type);
            if (!best || cost < best_cost) {
                best = f->type;
                best_cost = cost;
                tie = false;
            } else if (cost == best_cost) {
                tie = true;
            }
        }
        a->type = best ? best : first->type;
        if (best && tie) {
            tc_error(tc, a->span, D_SEM_AMBIGUOUS_CALL_SEVERAL_SIGNATURES,
                     a->name, tc_types_str(tc, e->nargs - i - 1,
                                           e->args + i + 1));
            a->type = TY(ERROR);
        }
    }
}

static void check_call(Tc *tc, Expr *e)
{
    e->type = TY(ERROR);
    for (int i = 0; i < e->nargs; i++) {
        tc->fn_value_ok = e->args[i]->kind == EX_VAR;
        tc_check_expr(tc, e->args[i]);
        tc->fn_value_ok = false;
    }
    pick_passed_overloads(tc, e);
    if (strcmp(e->name, "target") == 0 && e->nargs == 0
        && !tc_lookup(tc, "target")) {
        bool ok = tc->fun ? tc->fun_kind == FK_LP
                          : (tc->block == BLK_MODEL
                             || tc->block == BLK_TRANSFORMED_PARAMETERS);
        if (!ok) {
            tc_error(tc, e->span, D_SEM_TARGET_CAN_ACCESSED_MODEL);
            return;
        }
        e->type = TY(REAL);
        e->ad = AD_AUTODIFF;
        return;
    }
    static const struct {
        const char *name, *use;
    } removed[] = {
        {"get_lp", "target()"}, {"if_else", "the conditional operator ?:"},
        {"increment_log_prob", "target +="}, {"multiply_log", "lmultiply"},
        {"binomial_coefficient_log", "lchoose"}, {NULL, NULL}};
    /* The signature table still lists these so that the formatter and
     * --info know them; the language no longer accepts them. */
    for (int i = 0; removed[i].name; i++)
        if (strcmp(e->name, removed[i].name) == 0
            && !tc_user_fn_exists(tc, e->name)) {
            tc_error(tc, e->span, D_SEM_WAS_REMOVED_STAN_USE, removed[i].name,
                     removed[i].use);
            return;
        }
    if (name_has_suffix(e->name, "_log") && !tc_user_fn_exists(tc, e->name)
        && !sig_has_name(tc->sigs, e->name)) {
        size_t n = strlen(e->name);
        const char *stem = arena_strndup(tc->arena, e->name, n - 4);
        char *lpdf = arena_printf(tc->arena, "%s_lpdf", stem);
        char *lpmf = arena_printf(tc->arena, "%s_lpmf", stem);
        if (sig_has_name(tc->sigs, lpdf) || sig_has_name(tc->sigs, lpmf)
            || tc_user_fn_exists(tc, lpdf) || tc_user_fn_exists(tc, lpmf)) {
            bool pdf = sig_has_name(tc->sigs, lpdf)
                || tc_user_fn_exists(tc, lpdf);
            tc_error(tc, e->span, D_SEM_LOG_SUFFIX_PROBABILITY_FUNCTIONS,
                     pdf ? lpdf : lpmf);
            return;
        }
    }
    const Sym *shadow = tc_lookup(tc, e->name);
    if (shadow && shadow->type->kind != TY_FUNCTION) {
        tc_error(tc, e->name_span, D_SEM_EXPECTED_FUNCTION_GOT_VALUE, e->name);
        return;
    }
    bool is_user;
    const Type *ret = tc_resolve_call(tc, e->name, e->span, e->nargs, e->args,
                                      e->kind == EX_COND_CALL, &is_user, true);
    if (tc_is_error(ret))
        return;
    if (ret->kind == TY_VOID) {
        tc_error(tc, e->span, D_SEM_EXPECTED_RETURNING_GOT_VOID, e->name);
        return;
    }
    e->is_user_fn = is_user;
    e->type = ret;
    AdLevel ad = join_ad(e->nargs, e->args);
    if (tc_suffix_kind(e->name) == FK_RNG)
        ad = AD_DATA;
    e->ad = result_ad(ret, ad);
}

/* ----------------------------------------------------------- expressions */

static void check_var(Tc *tc, Expr *e)
{
    const Sym *s = tc_lookup(tc, e->name);
    if (s) {
        e->type = s->type;
        e->ad = result_ad(s->type, s->ad);
        e->var_origin = (int)s->origin;
        return;
    }
    /* A user function's name used as a value: an argument of a
     * higher-order function such as reduce_sum or ode_rk45 (foo_lupmf
     * names foo_lpmf without its constants). */
    const char *fname = e->name;
    if (name_has_suffix(fname, "_lupdf") || name_has_suffix(fname, "_lupmf")) {
        size_t n = strlen(fname);
        fname = arena_printf(tc->arena, "%.*s_lp%cf", (int)(n - 6), fname,
                             fname[n - 2]);
    }
    const UserFn *f = tc_user_fn(tc, fname);
    if (f) {
        if (!tc->fn_value_ok) {
            e->type = TY(ERROR);
            tc_error(tc, e->span, D_SEM_IDENTIFIER_USER_DEFINED_FUNCTION,
                     e->name);
            return;
        }
        e->type = f->type;
        e->ad = AD_DATA;
        return;
    }
    e->type = TY(ERROR);
    if (sig_has_name(tc->sigs, e->name))
        tc_error(tc, e->span, D_SEM_IDENTIFIER_LIBRARY_FUNCTION_FUNCTION,
                 e->name);
    else
        tc_error(tc, e->span, D_SEM_IDENTIFIER_SCOPE, e->name);
}

static void check_ternary(Tc *tc, Expr *e)
{
    tc_check_expr(tc, e->cond);
    tc_check_expr(tc, e->lhs);
    tc_check_expr(tc, e->rhs);
    e->type = TY(ERROR);
    if (tc_is_error(e->cond->type) || tc_is_error(e->lhs->type)
        || tc_is_error(e->rhs->type))
        return;
    if (e->cond->type->kind != TY_INT) {
        tc_error(tc, e->cond->span,
                 D_SEM_CONDITION_TERNARY_EXPRESSION_PRIMITIVE,
                 ty_str(tc->arena, e->cond->type));
        return;
    }
    const Type *t = ty_join(tc->arena, e->lhs->type, e->rhs->type);
    if (!t || t->kind == TY_FUNCTION || t->kind == TY_VOID) {
        tc_error(tc, e->span, D_SEM_MISMATCH_TERNARY_EXPRESSION_EXPRESSION,
                 ty_str(tc->arena, e->lhs->type),
                 ty_str(tc->arena, e->rhs->type));
        return;
    }
    e->type = t;
    AdLevel ad = e->lhs->ad == AD_AUTODIFF || e->rhs->ad == AD_AUTODIFF
        ? AD_AUTODIFF : AD_DATA;
    e->ad = result_ad(t, ad);
}

static void check_tuple_proj(Tc *tc, Expr *e)
{
    tc_check_expr(tc, e->lhs);
    e->type = TY(ERROR);
    const Type *t = e->lhs->type;
    if (tc_is_error(t))
        return;
    if (t->kind != TY_TUPLE) {
        tc_error(tc, e->span, D_SEM_ATTEMPTED_INDEX_NON_TUPLE,
                 ty_str(tc->arena, t));
        return;
    }
    long k = strtol(e->text, NULL, 10);
    if (k < 1 || k > t->n) {
        tc_error(tc, e->span, D_SEM_TUPLE_INDEX_OUT_RANGE, e->text, t->n);
        return;
    }
    e->type = t->items[k - 1];
    e->ad = result_ad(e->type, e->lhs->ad);
}

/* The digits of an int literal (separators skipped) make at most
 * 2147483647. */
static bool int_literal_fits(const char *text)
{
    char digits[16];
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '_' || (*p == '0' && n == 0))
            continue;       /* separators and leading zeros */
        if (n == 10)
            return false;
        digits[n++] = *p;
    }
    digits[n] = '\0';
    return n < 10 || strcmp(digits, "2147483647") <= 0;
}

void tc_check_expr(Tc *tc, Expr *e)
{
    switch (e->kind) {
    case EX_INT:
        e->type = TY(INT);
        e->ad = AD_DATA;
        if (!int_literal_fits(e->text))
            tc_error(tc, e->span, D_SEM_INTEGER_LITERAL_CANNOT_LARGER);
        break;
    case EX_REAL:
        e->type = TY(REAL);
        e->ad = AD_DATA;
        break;
    case EX_IMAG:
        e->type = TY(COMPLEX);
        e->ad = AD_DATA;
        break;
    case EX_STRING:
        /* print, reject and fatal_error type their string arguments
         * themselves; anywhere else a string is an error */
        e->type = TY(ERROR);
        tc_error(tc, e->span, D_SEM_STRING_LITERALS_CAN_USED);
        break;
    case EX_VAR:
        check_var(tc, e);
        break;
    case EX_BINARY:
    case EX_PREFIX:
    case EX_POSTFIX:
        check_operator(tc, e);
        break;
    case EX_TERNARY:
        check_ternary(tc, e);
        break;
    case EX_CALL:
    case EX_COND_CALL:
        check_call(tc, e);
        break;
    case EX_INDEX:
        check_indexed(tc, e);
        break;
    case EX_ARRAY_EXPR:
        check_array_expr(tc, e);
        break;
    case EX_ROWVEC_EXPR:
        check_rowvec_expr(tc, e);
        break;
    case EX_TUPLE_EXPR: {
        const Type **items = arena_alloc(tc->arena,
                                         sizeof(Type *) * (size_t)e->nargs);
        for (int i = 0; i < e->nargs; i++)
            tc_check_expr(tc, e->args[i]);
        e->type = TY(ERROR);
        if (any_error(e->nargs, e->args))
            break;
        for (int i = 0; i < e->nargs; i++)
            items[i] = e->args[i]->type;
        e->type = ty_tuple(tc->arena, e->nargs, items);
        e->ad = join_ad(e->nargs, e->args);
        break;
    }
    case EX_TUPLE_PROJ:
        check_tuple_proj(tc, e);
        break;
    case EX_PAREN:
    case EX_PROMOTE:
        tc_check_expr(tc, e->lhs);
        e->type = e->lhs->type;
        e->ad = e->lhs->ad;
        break;
    case EX_GET_LP:
    case EX__COUNT:
        ICE("unexpected expression kind %d", (int)e->kind);
    }
}
