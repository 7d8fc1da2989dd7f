/* typecheck.c - the semantic rules of a Stan program: scopes, declarations,
 * statements, user-defined functions and what may appear in which block
 * (Reference Manual, "Program blocks", "Statements", "User-defined
 * functions").  Expressions are typed in tc_expr.c. */
#include <string.h>

#include "tc_internal.h"

/* ------------------------------------------------------------------ scopes */

static void push_scope(Tc *tc)
{
    scope_push(&tc->scopes);
}

static void pop_scope(Tc *tc)
{
    scope_pop(&tc->scopes);
}

/* Declare a name in the innermost scope.  Stan allows no shadowing: a
 * name in use anywhere in scope, or naming a user function, is an error. */
static bool declare(Tc *tc, const char *name, Span at, const Type *type,
                    Origin origin, AdLevel ad, bool readonly)
{
    if (name_has_suffix(name, "__")) {
        tc_error(tc, at, D_SEM_IDENTIFIER_RESERVED, name);
        return false;
    }
    /* A variable may take the name of a user function (stanc3 allows it;
     * calling the function is then an error). */
    if (tc_lookup(tc, name)) {
        tc_error(tc, at, D_SEM_IDENTIFIER_IN_USE, name);
        return false;
    }
    /* syms is a stack in step with the scope table's entries */
    int nsyms = scope_count(&tc->scopes);
    if (nsyms == tc->capsyms) {
        int cap = tc->capsyms ? tc->capsyms * 2 : 64;
        Sym *s = arena_alloc(tc->arena, sizeof(Sym) * (size_t)cap);
        if (nsyms)
            memcpy(s, tc->syms, sizeof(Sym) * (size_t)nsyms);
        tc->syms = s;
        tc->capsyms = cap;
    }
    scope_declare(&tc->scopes, name, nsyms);
    Sym *s = &tc->syms[nsyms];
    s->name = name;
    s->type = type;
    s->origin = origin;
    s->block = tc->block;
    s->ad = ad;
    s->readonly = readonly;
    s->global = scope_depth(&tc->scopes) == 1 && !tc->fun;
    return true;
}

/* ------------------------------------------------------------ annotations */

static const char *const known_annotations[] = {
    "extern", "inline", "noinline", "silent", "soa", "aos", NULL
};

/* Unknown annotations warn (the annotations design: a typo must not be
 * silently ignored); known ones in a place where they mean nothing warn
 * too. */
static void check_annotations(Tc *tc, const Annotation *an, int n,
                              bool on_function, bool has_body)
{
    for (int i = 0; i < n; i++) {
        const char *name = an[i].name;
        bool known = false;
        for (int k = 0; known_annotations[k]; k++)
            if (strcmp(known_annotations[k], name) == 0)
                known = true;
        if (!known) {
            diag_emit(tc->sink, D_WARN_UNKNOWN_ANNOTATION, an[i].span, name);
            continue;
        }
        bool fn_only = strcmp(name, "extern") == 0
            || strcmp(name, "inline") == 0 || strcmp(name, "noinline") == 0;
        bool var_only = strcmp(name, "soa") == 0 || strcmp(name, "aos") == 0;
        if ((fn_only && !on_function) || (var_only && on_function)) {
            diag_emit(tc->sink, D_WARN_ANNOTATION_MISPLACED, an[i].span,
                      name, fn_only ? "function" : "variable");
        } else if (strcmp(name, "extern") == 0 && has_body) {
            diag_emit(tc->sink, D_WARN_EXTERN_WITH_BODY, an[i].span);
        }
    }
}

static bool has_annotation(const Annotation *an, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(an[i].name, name) == 0)
            return true;
    return false;
}

/* ----------------------------------------------------------- declarations */

static Origin block_origin(BlockKind b)
{
    switch (b) {
    case BLK_DATA: return OR_DATA;
    case BLK_TRANSFORMED_DATA: return OR_TDATA;
    case BLK_PARAMETERS: return OR_PARAM;
    case BLK_TRANSFORMED_PARAMETERS: return OR_TPARAM;
    case BLK_MODEL: return OR_MODEL;
    case BLK_GENERATED_QUANTITIES: return OR_GQ;
    default: return OR_LOCAL;
    }
}

/* Whether an expression reads only data (variables of the data and
 * transformed data blocks, literals, loop variables of data bounds). */
static bool only_data_vars(const Tc *tc, const Expr *e)
{
    if (!e)
        return true;
    if (e->kind == EX_VAR) {
        const Sym *s = tc_lookup(tc, e->name);
        return !s || s->origin == OR_DATA || s->origin == OR_TDATA;
    }
    if (!only_data_vars(tc, e->lhs) || !only_data_vars(tc, e->rhs)
        || !only_data_vars(tc, e->cond))
        return false;
    for (int i = 0; i < e->nargs; i++)
        if (!only_data_vars(tc, e->args[i]))
            return false;
    for (int i = 0; i < e->nindices; i++)
        if (!only_data_vars(tc, e->indices[i].lo)
            || !only_data_vars(tc, e->indices[i].hi))
            return false;
    return true;
}

static void check_size(Tc *tc, Expr *e)
{
    tc_check_expr(tc, e);
    if (tc_is_error(e->type))
        return;
    if (e->type->kind != TY_INT) {
        tc_error(tc, e->span, D_SEM_ARRAY_DIMENSIONS_VECTOR_MATRIX,
                 ty_str(tc->arena, e->type));
        return;
    }
    if (tc->top_level && tc->block != BLK_MODEL && !only_data_vars(tc, e))
        tc_error(tc, e->span, D_SEM_NON_DATA_VARIABLES_ALLOWED);
}

static void check_bound(Tc *tc, Expr *e, const SizedType *st,
                        const Type *var_type)
{
    if (!e)
        return;
    tc_check_expr(tc, e);
    const Type *t = e->type;
    if (tc_is_error(t))
        return;
    if (st->kind == TY_INT) {
        if (t->kind != TY_INT)
            tc_error(tc, e->span, D_SEM_BOUND_TYPE_INT, ty_str(tc->arena, t));
        return;
    }
    if (t->kind == TY_INT || t->kind == TY_REAL)
        return;
    if (ty_promotion_cost(t, var_type) >= 0 && st->tr.kind != TR_NONE)
        return;
    if (var_type->kind == TY_REAL)
        tc_error(tc, e->span, D_SEM_BOUND_TYPE_REAL, ty_str(tc->arena, t));
    else
        tc_error(tc, e->span, D_SEM_BOUND_TYPE_CONTAINER,
                 ty_str(tc->arena, var_type), ty_str(tc->arena, var_type),
                 ty_str(tc->arena, t));
}

static void check_sized(Tc *tc, SizedType *st, const Type *whole)
{
    switch (st->kind) {
    case TY_ARRAY:
        for (int i = 0; i < st->ndims; i++)
            check_size(tc, st->dims[i]);
        check_sized(tc, st->elem, whole);
        return;
    case TY_TUPLE:
        for (int i = 0; i < st->nitems; i++)
            check_sized(tc, st->items[i], whole);
        return;
    default:
        break;
    }
    for (int i = 0; i < st->nsizes; i++)
        check_size(tc, st->size[i]);
    const Type *elem = ty_basic(st->kind);
    check_bound(tc, st->tr.a, st, elem);
    check_bound(tc, st->tr.b, st, elem);
    (void)whole;
}

static bool type_has_int(const Type *t)
{
    if (t->kind == TY_ARRAY)
        return type_has_int(t->elem);
    if (t->kind == TY_TUPLE) {
        for (int i = 0; i < t->n; i++)
            if (type_has_int(t->items[i]))
                return true;
        return false;
    }
    return t->kind == TY_INT;
}

static void check_decl(Tc *tc, Stmt *s)
{
    VarDecl *d = s->decl;
    check_annotations(tc, d->annots, d->nannots, false, false);
    const Type *t = ast_sized_to_type(tc->arena, d->type);
    d->utype = t;
    check_sized(tc, d->type, t);
    if (tc->top_level && (tc->block == BLK_PARAMETERS
                          || tc->block == BLK_TRANSFORMED_PARAMETERS)
        && type_has_int(t))
        tc_error(tc, d->type->span,
                 D_SEM_TRANSFORMED_PARAMETERS_CANNOT_INTEGERS);
    if (d->init) {
        tc_check_expr(tc, d->init);
        const Type *it = d->init->type;
        if (!tc_is_error(it) && ty_promotion_cost(it, t) < 0)
            tc_error(tc, s->span, D_SEM_ASSIGN_TYPES, ty_str(tc->arena, t),
                     ty_str(tc->arena, it));
    }
    Origin origin = tc->fun ? OR_LOCAL
        : tc->top_level ? block_origin(tc->block) : OR_LOCAL;
    AdLevel ad = AD_AUTODIFF;
    if (origin == OR_DATA || origin == OR_TDATA || origin == OR_GQ
        || tc->block == BLK_TRANSFORMED_DATA
        || tc->block == BLK_GENERATED_QUANTITIES)
        ad = AD_DATA;
    if (tc->fun)
        ad = AD_AUTODIFF;
    declare(tc, d->name, d->name_span, t, origin, ad, false);
}

/* ------------------------------------------------------------- statements */

static void check_stmt(Tc *tc, Stmt *s);

static void check_body(Tc *tc, Stmt *body)
{
    push_scope(tc);
    bool saved = tc->top_level;
    tc->top_level = false;
    check_stmt(tc, body);
    tc->top_level = saved;
    pop_scope(tc);
}

static const Expr *lvalue_base(const Expr *e)
{
    while (e->kind == EX_INDEX || e->kind == EX_TUPLE_PROJ)
        e = e->lhs;
    return e;
}

static const char *assign_fn(AssignOp op)
{
    switch (op) {
    case ASSIGN_ADD: return "add";
    case ASSIGN_SUB: return "subtract";
    case ASSIGN_MUL: return "multiply";
    case ASSIGN_DIV: return "divide";
    case ASSIGN_EMUL: return "elt_multiply";
    case ASSIGN_EDIV: return "elt_divide";
    default: return NULL;
    }
}

/* Whether the variable an lvalue writes may be assigned here; a tuple of
 * lvalues (unpacking) needs every element assignable. */
static bool check_assignable(Tc *tc, const Expr *lhs)
{
    if (lhs->kind == EX_TUPLE_EXPR) {
        bool ok = true;
        for (int i = 0; i < lhs->nargs; i++)
            ok &= check_assignable(tc, lhs->args[i]);
        return ok;
    }
    const Expr *base = lvalue_base(lhs);
    const Sym *sym = tc_lookup(tc, base->name);
    if (!sym)
        return false;  /* reported by the expression check */
    if (sym->readonly) {
        tc_error(tc, base->span, D_SEM_CANNOT_ASSIGN_FUNCTION_ARGUMENT,
                 sym->name);
        return false;
    }
    if (sym->global && (sym->origin == OR_DATA || sym->origin == OR_PARAM
                        || sym->block != tc->block || tc->fun)) {
        tc_error(tc, base->span, D_SEM_CANNOT_ASSIGN_GLOBAL_VARIABLE,
                 sym->name);
        return false;
    }
    return true;
}

/* Whether the plain variable `name` occurs in the unpacking target `lhs`
 * before the element `stop`. */
static bool unpacks_name_before(const Expr *lhs, const Expr *stop,
                                const char *name, bool *seen_stop)
{
    if (lhs == stop) {
        *seen_stop = true;
        return false;
    }
    if (lhs->kind == EX_TUPLE_EXPR) {
        for (int i = 0; i < lhs->nargs && !*seen_stop; i++)
            if (unpacks_name_before(lhs->args[i], stop, name, seen_stop))
                return true;
        return false;
    }
    return lhs->kind == EX_VAR && strcmp(lhs->name, name) == 0;
}

/* An unpacking may name each plain variable only once. */
static bool check_unpack_unique(Tc *tc, const Expr *root, const Expr *lhs)
{
    if (lhs->kind == EX_TUPLE_EXPR) {
        for (int i = 0; i < lhs->nargs; i++)
            if (!check_unpack_unique(tc, root, lhs->args[i]))
                return false;
        return true;
    }
    bool seen_stop = false;
    if (lhs->kind == EX_VAR
        && unpacks_name_before(root, lhs, lhs->name, &seen_stop)) {
        tc_error(tc, lhs->span, D_SEM_SAME_VARIABLE_CANNOT_APPEAR, lhs->name);
        return false;
    }
    return true;
}

/* x[:][1] = ...: an index applied to the result of a multi-index cannot
 * be assigned through (Reference Manual, "Assignment"). */
static bool nested_multi_index(const Expr *lhs)
{
    bool inner_multi = false;
    for (const Expr *e = lhs; e->kind == EX_INDEX || e->kind == EX_TUPLE_PROJ;
         e = e->lhs) {
        if (e->kind != EX_INDEX)
            continue;
        if (e->lhs->kind == EX_INDEX) {
            for (int i = 0; i < e->lhs->nindices; i++)
                if (e->lhs->indices[i].kind != IDX_SINGLE)
                    inner_multi = true;
        }
        if (inner_multi)
            return true;
    }
    return false;
}

static void check_assign(Tc *tc, Stmt *s)
{
    tc_check_expr(tc, s->lhs);
    tc_check_expr(tc, s->rhs);
    if (!check_assignable(tc, s->lhs))
        return;
    if (s->lhs->kind == EX_INDEX && !tc_is_error(s->lhs->type)
        && nested_multi_index(s->lhs)) {
        tc_error(tc, s->lhs->span, D_SEM_LEFT_HAND_SIDE_ASSIGNMENT);
        return;
    }
    if (s->lhs->kind == EX_TUPLE_EXPR && !check_unpack_unique(tc, s->lhs,
                                                              s->lhs))
        return;
    if (s->lhs->kind == EX_TUPLE_EXPR && s->aop != ASSIGN_EQ) {
        tc_error(tc, s->span, D_SEM_COMPOUND_ASSIGNMENT_CANNOT_UNPACK);
        return;
    }
    const Type *lt = s->lhs->type, *rt = s->rhs->type;
    if (tc_is_error(lt) || tc_is_error(rt))
        return;
    if (s->aop == ASSIGN_EQ) {
        if (ty_promotion_cost(rt, lt) < 0)
            tc_error(tc, s->span, D_SEM_ASSIGN_TYPES, ty_str(tc->arena, lt),
                     ty_str(tc->arena, rt));
        return;
    }
    const Type *types[2] = {lt, rt};
    AdLevel ads[2] = {s->lhs->ad, s->rhs->ad};
    const Type *ret = NULL;
    int bad;
    SigResult r = sig_resolve(tc->sigs, tc->arena, assign_fn(s->aop), 2,
                              types, ads, &ret, &bad);
    if (r != SIG_MATCH || ty_promotion_cost(ret, lt) < 0)
        tc_error(tc, s->span, D_SEM_COMPOUND_ASSIGN_TYPES,
                 ast_assign_op_str(s->aop), ty_str(tc->arena, lt),
                 ty_str(tc->arena, rt));
}

static bool target_allowed(const Tc *tc)
{
    return tc->fun ? tc->fun_kind == FK_LP : tc->block == BLK_MODEL;
}

/* y ~ foo(theta) means target += foo_lpdf(y | theta) (or _lpmf). */
static void check_tilde(Tc *tc, Stmt *s)
{
    tc_check_expr(tc, s->lhs);
    /* A distribution's argument may name a function (the covariance
     * function of y ~ laplace_marginal_poisson_log(...)). */
    for (int i = 0; i < s->nargs; i++) {
        tc->fn_value_ok = s->args[i]->kind == EX_VAR;
        tc_check_expr(tc, s->args[i]);
        tc->fn_value_ok = false;
    }
    if (!target_allowed(tc)) {
        tc_error(tc, s->span, D_SEM_TARGET_CAN_ACCESSED_MODEL);
        return;
    }
    static const char *const suffixes[] = {"_lpdf", "_lupdf", "_lpmf",
                                           "_lupmf", NULL};
    for (int i = 0; suffixes[i]; i++)
        if (name_has_suffix(s->name, suffixes[i])) {
            tc_error(tc, s->name_span,
                     D_SEM_STATEMENT_SHOULD_REFER_DISTRIBUTION);
            return;
        }
    if (tc_is_error(s->lhs->type))
        return;
    Expr **args = arena_alloc(tc->arena, sizeof(Expr *) * (size_t)(s->nargs + 1));
    args[0] = s->lhs;
    for (int i = 0; i < s->nargs; i++)
        args[i + 1] = s->args[i];
    const char *pdf = arena_printf(tc->arena, "%s_lpdf", s->name);
    const char *pmf = arena_printf(tc->arena, "%s_lpmf", s->name);
    bool has_pdf = tc_user_fn_exists(tc, pdf) || sig_has_name(tc->sigs, pdf);
    bool has_pmf = tc_user_fn_exists(tc, pmf) || sig_has_name(tc->sigs, pmf);
    if (!has_pdf && !has_pmf) {
        const char *old = arena_printf(tc->arena, "%s_log", s->name);
        if (tc_user_fn_exists(tc, old))
            tc_error(tc, s->name_span, D_SEM_LOG_SUFFIX_USER_DEFINED, old,
                     s->name, s->name);
        else
            tc_error(tc, s->name_span, D_SEM_TILDE_NO_DISTRIBUTION, s->name);
        return;
    }
    bool is_user;
    const Type *ret = NULL;
    if (has_pdf && has_pmf) {
        ret = tc_resolve_call(tc, pdf, s->span, s->nargs + 1, args, true,
                              &is_user, false);
        if (tc_is_error(ret))
            ret = tc_resolve_call(tc, pmf, s->span, s->nargs + 1, args, true,
                                  &is_user, true);
    } else {
        ret = tc_resolve_call(tc, has_pdf ? pdf : pmf, s->span, s->nargs + 1,
                              args, true, &is_user, true);
    }
    if (tc_is_error(ret) || !s->truncated)
        return;
    /* T[L, U] needs the distribution's cdfs at the bounds. */
    Expr *bounds[2] = {s->trunc_lo, s->trunc_hi};
    const char *cdfs[2] = {"_lcdf", "_lccdf"};
    for (int b = 0; b < 2; b++) {
        if (!bounds[b])
            continue;
        tc_check_expr(tc, bounds[b]);
        if (tc_is_error(bounds[b]->type))
            return;
        args[0] = bounds[b];
        const char *cdf = arena_printf(tc->arena, "%s%s", s->name, cdfs[b]);
        const Type *r = tc_resolve_call(tc, cdf, s->span, s->nargs + 1, args,
                                        true, &is_user, false);
        if (tc_is_error(r) || ty_promotion_cost(bounds[b]->type,
                                                ty_base(s->lhs->type)) < 0) {
            tc_error(tc, s->span, D_SEM_TRUNCATION_DEFINED_IF_DISTRIBUTION);
            return;
        }
    }
}

static void check_real_valued(Tc *tc, Expr *e, const char *what)
{
    tc_check_expr(tc, e);
    const Type *t = e->type;
    if (tc_is_error(t))
        return;
    const Type *b = ty_base(t);
    bool ok = b->kind == TY_INT || b->kind == TY_REAL || b->kind == TY_VECTOR
        || b->kind == TY_ROW_VECTOR || b->kind == TY_MATRIX;
    if (!ok)
        tc_error(tc, e->span, D_SEM_RIGHT_HAND_SIDE_INT, what,
                 ty_str(tc->arena, t));
}

static void check_condition(Tc *tc, Expr *e, const char *what)
{
    tc_check_expr(tc, e);
    if (tc_is_error(e->type))
        return;
    if (e->type->kind != TY_INT && e->type->kind != TY_REAL)
        tc_error(tc, e->span, D_SEM_CONDITION_INT_REAL, what,
                 ty_str(tc->arena, e->type));
}

static void check_printables(Tc *tc, Stmt *s)
{
    for (int i = 0; i < s->nargs; i++) {
        Expr *e = s->args[i];
        if (e->kind == EX_STRING) {
            e->type = TY(STRING);
            e->ad = AD_DATA;
            continue;
        }
        tc_check_expr(tc, e);
        if (!tc_is_error(e->type) && (e->type->kind == TY_FUNCTION
                                      || e->type->kind == TY_VOID))
            tc_error(tc, e->span, D_SEM_FUNCTIONS_CANNOT_PRINTED);
    }
}

static void check_for(Tc *tc, Stmt *s)
{
    Expr *bounds[2] = {s->lo, s->hi};
    for (int i = 0; i < 2; i++) {
        tc_check_expr(tc, bounds[i]);
        if (!tc_is_error(bounds[i]->type) && bounds[i]->type->kind != TY_INT)
            tc_error(tc, bounds[i]->span, D_SEM_BOUND_LOOP_INT,
                     i ? "Upper" : "Lower", ty_str(tc->arena, bounds[i]->type));
    }
    push_scope(tc);
    declare(tc, s->name, s->name_span, TY(INT), OR_LOOPVAR, AD_DATA, true);
    tc->loop_depth++;
    check_body(tc, s->body);
    tc->loop_depth--;
    pop_scope(tc);
}

static void check_foreach(Tc *tc, Stmt *s)
{
    tc_check_expr(tc, s->rhs);
    const Type *t = s->rhs->type, *elem = TY(ERROR);
    if (!tc_is_error(t)) {
        if (t->kind == TY_ARRAY)
            elem = t->dims > 1 ? ty_array(tc->arena, t->dims - 1, t->elem)
                               : t->elem;
        else if (t->kind == TY_VECTOR || t->kind == TY_ROW_VECTOR
                 || t->kind == TY_MATRIX)
            elem = TY(REAL);
        else if (t->kind == TY_COMPLEX_VECTOR
                 || t->kind == TY_COMPLEX_ROW_VECTOR
                 || t->kind == TY_COMPLEX_MATRIX)
            elem = TY(COMPLEX);
        else
            tc_error(tc, s->rhs->span, D_SEM_FOREACH_LOOP_OVER_ARRAY,
                     ty_str(tc->arena, t));
    }
    push_scope(tc);
    declare(tc, s->name, s->name_span, elem, OR_LOOPVAR,
            elem->kind == TY_INT ? AD_DATA : s->rhs->ad, true);
    tc->loop_depth++;
    check_body(tc, s->body);
    tc->loop_depth--;
    pop_scope(tc);
}

static void check_return(Tc *tc, Stmt *s)
{
    if (!tc->fun) {
        tc_error(tc, s->span, s->rhs ? D_SEM_EXPRESSION_RETURN_MISPLACED
                                     : D_SEM_VOID_RETURN_MISPLACED);
        return;
    }
    const Type *want = tc->fun->ret;
    if (!s->rhs) {
        if (want->kind != TY_VOID)
            tc_error(tc, s->span, D_SEM_VOID_RETURN_MISPLACED);
        return;
    }
    tc_check_expr(tc, s->rhs);
    if (want->kind == TY_VOID) {
        tc_error(tc, s->span, D_SEM_EXPRESSION_RETURN_MISPLACED);
        return;
    }
    if (!tc_is_error(s->rhs->type)
        && ty_promotion_cost(s->rhs->type, want) < 0)
        tc_error(tc, s->span, D_SEM_INVALID_RETURN_FUNCTION_DECLARED,
                 ty_str(tc->arena, want), ty_str(tc->arena, s->rhs->type));
}

static void check_stmt(Tc *tc, Stmt *s)
{
    switch (s->kind) {
    case ST_DECL:
        check_decl(tc, s);
        break;
    case ST_ASSIGN:
        check_assign(tc, s);
        break;
    case ST_CALL: {
        Expr *e = s->expr;
        for (int i = 0; i < e->nargs; i++)
            tc_check_expr(tc, e->args[i]);
        const Sym *shadow = tc_lookup(tc, e->name);
        if (shadow && shadow->type->kind != TY_FUNCTION) {
            tc_error(tc, e->name_span, D_SEM_EXPECTED_VOID_GOT_VALUE, e->name);
            break;
        }
        bool is_user;
        const Type *ret = tc_resolve_call(tc, e->name, e->span, e->nargs,
                                          e->args, false, &is_user, true);
        e->is_user_fn = is_user;
        e->type = ret;
        if (!tc_is_error(ret) && ret->kind != TY_VOID)
            tc_error(tc, e->span, D_SEM_EXPECTED_VOID_GOT_RETURNING, e->name);
        break;
    }
    case ST_TILDE:
        check_tilde(tc, s);
        break;
    case ST_TARGET_PE:
        if (!target_allowed(tc)) {
            tc_error(tc, s->span, D_SEM_TARGET_CAN_ACCESSED_MODEL);
            tc_check_expr(tc, s->rhs);
            break;
        }
        check_real_valued(tc, s->rhs, "target +=");
        break;
    case ST_JACOBIAN_PE: {
        bool ok = tc->fun ? tc->fun_kind == FK_JACOBIAN
                          : tc->block == BLK_TRANSFORMED_PARAMETERS;
        if (!ok) {
            tc_error(tc, s->span, D_SEM_JACOBIAN_ADJUSTMENT_CAN_APPLIED);
            tc_check_expr(tc, s->rhs);
            break;
        }
        check_real_valued(tc, s->rhs, "jacobian +=");
        break;
    }
    case ST_BREAK:
    case ST_CONTINUE:
        if (tc->loop_depth == 0)
            tc_error(tc, s->span, D_SEM_BREAK_CONTINUE_STATEMENTS_ALLOWED);
        break;
    case ST_RETURN:
        check_return(tc, s);
        break;
    case ST_PRINT:
    case ST_REJECT:
    case ST_FATAL_ERROR:
        check_printables(tc, s);
        break;
    case ST_SKIP:
    case ST_INCLUDE:
        break;
    case ST_IF:
        check_condition(tc, s->cond, "conditional");
        check_body(tc, s->body);
        if (s->else_body)
            check_body(tc, s->else_body);
        break;
    case ST_WHILE:
        check_condition(tc, s->cond, "while statement");
        tc->loop_depth++;
        check_body(tc, s->body);
        tc->loop_depth--;
        break;
    case ST_FOR:
        check_for(tc, s);
        break;
    case ST_FOREACH:
        check_foreach(tc, s);
        break;
    case ST_PROFILE:
    case ST_BLOCK: {
        push_scope(tc);
        bool saved = tc->top_level;
        tc->top_level = false;
        for (int i = 0; i < s->nstmts; i++)
            check_stmt(tc, s->stmts[i]);
        tc->top_level = saved;
        pop_scope(tc);
        break;
    }
    case ST_INCR_LOG_PROB:
    case ST_FUNDEF:
    case ST__COUNT:
        ICE("statement kind %d outside its place", (int)s->kind);
    }
}

/* -------------------------------------------------------------- functions */

/* Whether every path through s ends in return, reject or fatal_error,
 * a loop's body standing for the loop. */
static bool always_returns(const Stmt *s)
{
    if (!s)
        return false;
    switch (s->kind) {
    case ST_RETURN:
    case ST_REJECT:
    case ST_FATAL_ERROR:
        return true;
    case ST_IF:
        return always_returns(s->body) && always_returns(s->else_body);
    case ST_WHILE:
    case ST_FOR:
    case ST_FOREACH:
        /* as stanc3 types it: a loop returns when its body does (a loop
         * that runs no iteration reaches the end of the function, an
         * error at run time) */
        return always_returns(s->body);
    case ST_BLOCK:
    case ST_PROFILE:
        for (int i = 0; i < s->nstmts; i++)
            if (always_returns(s->stmts[i]))
                return true;
        return false;
    default:
        return false;
    }
}

static const Type *fundef_type(Tc *tc, const FunDef *f)
{
    const Type **args = arena_alloc(tc->arena,
                                    sizeof(Type *) * (size_t)(f->nparams + 1));
    bool *data = arena_alloc(tc->arena, sizeof(bool) * (size_t)(f->nparams + 1));
    for (int i = 0; i < f->nparams; i++) {
        args[i] = f->params[i].type;
        data[i] = f->params[i].data_only;
    }
    return ty_function(tc->arena, f->ret, f->nparams, args, data,
                       tc_suffix_kind(f->name));
}

static bool same_args(const Type *a, const Type *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (!ty_equal(a->items[i], b->items[i]))
            return false;
    return true;
}

/* Register a declaration or definition: overloads by argument types;
 * a definition completes an earlier forward declaration. */
static void register_fn(Tc *tc, const FunDef *f)
{
    const Type *t = fundef_type(tc, f);
    UserFn *last = NULL;
    for (UserFn *g = (UserFn *)tc_user_fn(tc, f->name); g;
         g = g->next_overload) {
        last = g;
        if (!same_args(g->type, t))
            continue;
        if (!ty_equal(g->type->ret, t->ret)) {
            tc_error(tc, f->name_span, D_SEM_FUNCTION_RETURN_TYPE_CHANGED,
                     f->name, ty_str(tc->arena, g->type->ret));
            /* one error for one mistake: not also "never defined" */
            g->defined |= f->body != NULL;
            return;
        }
        if (g->defined && f->body) {
            tc_error(tc, f->name_span, D_SEM_FUNCTION_REDEFINED, f->name,
                     ty_str(tc->arena, t));
            return;
        }
        if (!f->body) {
            tc_error(tc, f->name_span, D_SEM_FUNCTION_REDECLARED, f->name);
            return;
        }
        if (f->body) {
            g->defined = true;
            g->def = f;
        }
        return;
    }
    if (sig_is_variadic(tc->sigs, f->name)) {
        tc_error(tc, f->name_span, D_SEM_IDENTIFIER_NON_OVERLOADABLE,
                 f->name);
        return;
    }
    if (sig_has_name(tc->sigs, f->name)) {
        const Type *ret = NULL;
        int bad;
        AdLevel ads[64] = {AD_DATA};
        if (t->n <= 64
            && sig_resolve(tc->sigs, tc->arena, f->name, t->n, t->items, ads,
                           &ret, &bad) == SIG_MATCH) {
            tc_error(tc, f->name_span, D_SEM_FUNCTION_ALREADY_DECLARED_STAN,
                     f->name, ty_str(tc->arena, t));
            return;
        }
    }
    UserFn *u = NEW(tc->arena, UserFn);
    u->name = f->name;
    u->type = t;
    u->def = f;
    u->defined = f->body != NULL;
    u->is_extern = has_annotation(f->annots, f->nannots, "extern");
    u->span = f->name_span;
    if (last)
        last->next_overload = u;
    else
        scope_declare(&tc->fn_names, f->name, tc->fns.len);
    vec_push(tc->arena, &tc->fns, u);
}

/* The suffix rules of user-defined functions (Reference Manual,
 * "Probability functions", "Functions as statements"). */

/* An int variate, as stanc3's is_int_type has it: an int, an array of
 * ints, or a tuple (array) whose items all are int variates. */
static bool is_int_variate(const Type *t)
{
    const Type *b = ty_base(t);
    if (b->kind == TY_TUPLE) {
        for (int i = 0; i < b->n; i++)
            if (!is_int_variate(b->items[i]))
                return false;
        return true;
    }
    return b->kind == TY_INT;
}
static void check_fun_suffix(Tc *tc, const FunDef *f)
{
    FunKind fk = tc_suffix_kind(f->name);
    if (name_has_suffix(f->name, "__")) {
        tc_error(tc, f->name_span, D_SEM_IDENTIFIER_RESERVED, f->name);
        return;
    }
    if (name_has_suffix(f->name, "_lupdf")
        || name_has_suffix(f->name, "_lupmf")) {
        tc_error(tc, f->name_span, D_SEM_FUNCTION_NAMES_ENDING_LUPDF,
                 (int)(strlen(f->name) - 6), f->name,
                 f->name[strlen(f->name) - 2]);
        return;
    }
    bool density = fk == FK_LPDF || fk == FK_LPMF || fk == FK_LCDF
        || fk == FK_LCCDF || name_has_suffix(f->name, "_cdf");
    if (density && f->ret->kind != TY_REAL) {
        tc_error(tc, f->ret_span, D_SEM_REAL_RETURN_REQUIRED_PROBABILITY);
        return;
    }
    if (density && f->nparams == 0) {
        tc_error(tc, f->name_span, D_SEM_PROBABILITY_FUNCTIONS_REQUIRE_AT);
        return;
    }
    if (fk == FK_LPDF && is_int_variate(f->params[0].type)) {
        tc_error(tc, f->params[0].type_span,
                 D_SEM_PROBABILITY_DENSITY_FUNCTIONS_REQUIRE,
                 ty_str(tc->arena, f->params[0].type));
        return;
    }
    if (fk == FK_LPMF && !is_int_variate(f->params[0].type)) {
        tc_error(tc, f->params[0].type_span,
                 D_SEM_PROBABILITY_MASS_FUNCTIONS_REQUIRE,
                 ty_str(tc->arena, f->params[0].type));
        return;
    }
}

static void check_fundef(Tc *tc, const FunDef *f)
{
    check_annotations(tc, f->annots, f->nannots, true, f->body != NULL);
    check_fun_suffix(tc, f);
    if (!f->body)
        return;
    tc->fun = f;
    tc->fun_kind = tc_suffix_kind(f->name);
    push_scope(tc);
    for (int i = 0; i < f->nparams; i++) {
        const Param *pa = &f->params[i];
        declare(tc, pa->name, pa->name_span, pa->type, OR_FUNARG,
                pa->data_only ? AD_DATA : AD_AUTODIFF, true);
    }
    check_body(tc, f->body);
    pop_scope(tc);
    if (f->ret->kind != TY_VOID && !always_returns(f->body))
        tc_error(tc, f->name_span, D_SEM_FUNCTION_BODIES_CONTAIN_RETURN);
    tc->fun = NULL;
    tc->fun_kind = FK_PLAIN;
}

static void check_functions(Tc *tc, Block *b)
{
    /* Register every signature first, so functions may call each other in
     * any order. */
    for (int i = 0; i < b->nstmts; i++)
        register_fn(tc, b->stmts[i]->fundef);
    for (int i = 0; i < b->nstmts; i++)
        check_fundef(tc, b->stmts[i]->fundef);
    if (tc->opts->allow_undefined)
        return;
    for (int i = 0; i < tc->fns.len; i++) {
        const UserFn *u = tc->fns.items[i];
        if (!u->defined && !u->is_extern)
            tc_error(tc, u->span, D_SEM_FUNCTION_DECLARED_WITHOUT_SPECIFYING,
                     u->name);
    }
}

/* ---------------------------------------------------------------- program */

bool tc_check_program(Arena *a, DiagSink *sink, Program *p,
                      const TcOptions *opts)
{
    Tc tc = {.arena = a, .sink = sink, .sigs = sig_table(), .opts = opts};
    scope_init(&tc.scopes, a);
    scope_init(&tc.fn_names, a);
    scope_push(&tc.fn_names);
    int errors_before = sink->nerrors;
    push_scope(&tc);
    for (int b = 0; b < BLK__COUNT; b++) {
        Block *blk = &p->blocks[b];
        if (!blk->present)
            continue;
        tc.block = (BlockKind)b;
        if (b == BLK_FUNCTIONS) {
            check_functions(&tc, blk);
            continue;
        }
        /* The model block's variables are local to it. */
        if (b == BLK_MODEL)
            push_scope(&tc);
        tc.top_level = b != BLK_MODEL;
        for (int i = 0; i < blk->nstmts; i++)
            check_stmt(&tc, blk->stmts[i]);
        if (b == BLK_MODEL)
            pop_scope(&tc);
    }
    pop_scope(&tc);
    return sink->nerrors == errors_before;
}
