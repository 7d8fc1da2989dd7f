/* lower.c - from the typed AST to the MIR in stanc3's program shape.
 *
 * Each program section (prepare_data, log_prob, generate_quantities,
 * transform_inits) is lowered separately: data and transformed data are
 * shared by all of them; parameters and transformed parameters are
 * declared anew in each section that needs them (each becomes a function of
 * its own in the emitted C).  Sugar disappears here: `~` becomes target +=
 * with the density's _lupdf/_lupmf form (and its truncation), compound
 * assignment becomes assignment, foreach becomes a counted loop, tuple
 * unpacking becomes projections of a temporary. */
#include <stdlib.h>
#include <string.h>

#include "mir.h"

typedef struct Lower {
    MirProgram *p;
    Arena *a;
    const Program *ast;
    ScopeTable scope;    /* names to VarIds (a hash table: see scope.h) */
    ScopeTable funs;     /* user function names to indexes in p->funs, one
                            entry per overload */
    BlockKind block;     /* the AST block being lowered */
    bool in_function;
    bool data_section;   /* generate_quantities, transform_inits: no
                            derivatives anywhere */
} Lower;

/* ------------------------------------------------------------------ scope */

static void bind(Lower *l, const char *name, VarId v)
{
    scope_declare(&l->scope, name, v);
}

static void open_scope(Lower *l)
{
    scope_push(&l->scope);
}

static void close_scope(Lower *l)
{
    scope_pop(&l->scope);
}

static VarId lookup(const Lower *l, const char *name)
{
    int v;
    return scope_lookup(&l->scope, name, &v) ? v : -1;
}

/* ------------------------------------------------------------ expressions */

static MirExpr *lower_expr(Lower *l, const Expr *e);

static MirExpr **lower_args(Lower *l, int n, Expr *const *args)
{
    MirExpr **out = arena_alloc(l->a, sizeof(MirExpr *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        out[i] = lower_expr(l, args[i]);
    return out;
}

static MirIndex *lower_indices(Lower *l, int n, const Index *ix)
{
    MirIndex *out = arena_alloc(l->a, sizeof(MirIndex) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        out[i].kind = ix[i].kind;
        out[i].lo = ix[i].lo ? lower_expr(l, ix[i].lo) : NULL;
        out[i].hi = ix[i].hi ? lower_expr(l, ix[i].hi) : NULL;
    }
    return out;
}

static MirExpr *new_call(Lower *l, MirFnKind k, const char *fn,
                         const Type *type, AdLevel ad, int n, MirExpr **args,
                         Span span)
{
    MirExpr *m = mir_new_expr(l->a, MX_CALL, type, span);
    m->fn_kind = k;
    m->fn = fn;
    m->ad = ad;
    m->args = args;
    m->nargs = n;
    m->effect = k == FNK_STANLIB ? mir_library_effect(fn) : EFF_PURE;
    return m;
}


/* The effects of every overload that a call of `called` may call, found
 * through the table of function names (a scan of all functions per call
 * made lowering quadratic in their number). */
static MirEffect callee_effect(const MirProgram *p, const ScopeTable *funs,
                               const char *called)
{
    MirEffect eff = mir_name_effect(called);
    const char *name = name_definition(p->arena, called);
    for (int i = scope_find(funs, name); i >= 0; i = scope_older(funs, i))
        eff |= p->funs[funs->entries[i].value].effect;
    return eff;
}

/* The effect of calling a user function is its body's, found when all
 * functions are lowered (mir_refresh_effects); until then, the
 * suffix's. */
static MirEffect user_effect(const Lower *l, const char *name)
{
    return callee_effect(l->p, &l->funs, name);
}

static bool is_scalar_type(const Type *t)
{
    return t->kind == TY_INT || t->kind == TY_REAL || t->kind == TY_COMPLEX;
}

/* x promoted to type t (an int to real, a real to complex) */
static MirExpr *promote(Lower *l, MirExpr *x, const Type *t)
{
    MirExpr *m = mir_new_expr(l->a, MX_PROMOTE, t, x->span);
    m->args = arena_alloc(l->a, sizeof(MirExpr *));
    m->args[0] = x;
    m->nargs = 1;
    m->ad = x->ad;
    return m;
}

/* A numeric literal's text without its digit separators (1_000 is
 * 1000): the MIR's text is what the C compiler and strtod read. */
static const char *number_text(Arena *a, const char *text)
{
    if (!strchr(text, '_'))
        return text;
    char *t = arena_strdup(a, text);
    char *w = t;
    for (const char *p = text; *p; p++)
        if (*p != '_')
            *w++ = *p;
    *w = '\0';
    return t;
}

/* An arithmetic operator's call.  .* and ./ of two scalars are * and /
 * (on reals: 3 ./ 2 is 1.5); a scalar .* a container is *, and a scalar /
 * a container is ./ (stanc3's elt_multiply(vector, real), divide(real,
 * vector)). */
static MirExpr *lower_binary(Lower *l, Op op, const Expr *lhs,
                             const Expr *rhs, const Type *type, AdLevel ad,
                             Span span)
{
    Op written = op;
    bool scalars = is_scalar_type(lhs->type) && is_scalar_type(rhs->type);
    if (scalars && (op == OP_EMUL || op == OP_EDIV))
        op = op == OP_EMUL ? OP_MUL : OP_DIV;
    bool one_scalar = is_scalar_type(lhs->type) != is_scalar_type(rhs->type);
    if (one_scalar && op == OP_EMUL)
        op = OP_MUL;
    if (one_scalar && op == OP_DIV && is_scalar_type(lhs->type))
        op = OP_EDIV;
    MirExpr *m = new_call(l, FNK_STANLIB, ast_op_name(op, false), type, ad,
                          2, NULL, span);
    m->args = arena_alloc(l->a, sizeof(MirExpr *) * 2);
    m->args[0] = lower_expr(l, lhs);
    m->args[1] = lower_expr(l, rhs);
    if (scalars && op != written && type->kind != TY_INT)
        for (int i = 0; i < 2; i++)
            if (m->args[i]->type->kind == TY_INT)
                m->args[i] = promote(l, m->args[i], type);
    m->op = op;
    return m;
}

/* The operator a library call written by name stands for: add(a, b) is
 * a + b (Stan Functions Reference: the operators' functional forms add,
 * subtract, multiply, divide, elt_multiply, elt_divide); OP_NONE for any
 * other call. */
static Op functional_op(const Expr *e)
{
    static const Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_EMUL,
                             OP_EDIV};
    if (e->is_user_fn || e->nargs != 2)
        return OP_NONE;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(e->name, ast_op_name(ops[i], false)) == 0)
            return ops[i];
    return OP_NONE;
}

static MirExpr *lower_expr(Lower *l, const Expr *e)
{
    MirExpr *m;
    switch (e->kind) {
    case EX_INT:
    case EX_REAL:
    case EX_IMAG:
    case EX_STRING:
        m = mir_new_expr(l->a, e->kind == EX_INT ? MX_INT
                         : e->kind == EX_REAL ? MX_REAL
                         : e->kind == EX_IMAG ? MX_IMAG : MX_STR,
                         e->type ? e->type : TY(STRING), e->span);
        /* a string's MIR text is its content, without the quotes: the
         * backend writes it as C through em_c_string */
        m->text = e->kind == EX_STRING
            ? arena_strndup(l->a, e->text + 1, strlen(e->text) - 2)
            : number_text(l->a, e->text);
        mir_literal_value(m);
        m->ad = AD_DATA;
        return m;
    case EX_VAR: {
        VarId v = lookup(l, e->name);
        if (v < 0) {
            /* a function passed to a higher-order function */
            m = mir_new_expr(l->a, MX_VAR, e->type, e->span);
            m->fn = e->name;
            m->ad = AD_DATA;
            return m;
        }
        m = mir_var(l->p, v);
        m->span = e->span;
        m->type = e->type;
        m->ad = e->ad;
        return m;
    }
    case EX_BINARY:
        if (e->op == OP_AND || e->op == OP_OR) {
            m = mir_new_expr(l->a, e->op == OP_AND ? MX_AND : MX_OR, e->type,
                             e->span);
            m->args = arena_alloc(l->a, sizeof(MirExpr *) * 2);
            m->args[0] = lower_expr(l, e->lhs);
            m->args[1] = lower_expr(l, e->rhs);
            m->nargs = 2;
            m->ad = AD_DATA;
            return m;
        }
        return lower_binary(l, e->op, e->lhs, e->rhs, e->type, e->ad,
                            e->span);
    case EX_PREFIX:
    case EX_POSTFIX:
        m = new_call(l, FNK_STANLIB, ast_op_name(e->op, e->kind == EX_PREFIX),
                     e->type, e->ad, 1, lower_args(l, 1, (Expr *const *)&e->lhs),
                     e->span);
        m->op = e->op;
        m->prefix = e->kind == EX_PREFIX;
        return m;
    case EX_TERNARY: {
        m = mir_new_expr(l->a, MX_TERNARY, e->type, e->span);
        m->args = arena_alloc(l->a, sizeof(MirExpr *) * 3);
        m->args[0] = lower_expr(l, e->cond);
        m->args[1] = lower_expr(l, e->lhs);
        m->args[2] = lower_expr(l, e->rhs);
        m->nargs = 3;
        m->ad = e->ad;
        return m;
    }
    case EX_CALL:
    case EX_COND_CALL:
        if (strcmp(e->name, "target") == 0 && e->nargs == 0
            && !e->is_user_fn) {
            m = mir_call_internal(l->a, FN_TARGET, TY(REAL), 0, NULL);
            m->ad = AD_AUTODIFF;
            m->span = e->span;
            return m;
        }
        if (e->kind == EX_CALL && functional_op(e) != OP_NONE)
            return lower_binary(l, functional_op(e), e->args[0], e->args[1],
                                e->type, e->ad, e->span);
        m = new_call(l, e->is_user_fn ? FNK_USER : FNK_STANLIB, e->name,
                     e->type, e->ad, e->nargs,
                     lower_args(l, e->nargs, e->args), e->span);
        if (e->is_user_fn)
            m->effect = user_effect(l, e->name);
        return m;
    case EX_INDEX:
        m = mir_new_expr(l->a, MX_INDEXED, e->type, e->span);
        m->args = lower_args(l, 1, (Expr *const *)&e->lhs);
        m->nargs = 1;
        m->indices = lower_indices(l, e->nindices, e->indices);
        m->nindices = e->nindices;
        m->ad = e->ad;
        return m;
    case EX_ARRAY_EXPR:
    case EX_ROWVEC_EXPR:
    case EX_TUPLE_EXPR: {
        MirInternal fn = e->kind == EX_ARRAY_EXPR ? FN_MAKE_ARRAY
            : e->kind == EX_ROWVEC_EXPR ? FN_MAKE_ROW_VEC : FN_MAKE_TUPLE;
        m = mir_call_internal(l->a, fn, e->type, e->nargs,
                              lower_args(l, e->nargs, e->args));
        m->span = e->span;
        m->ad = e->ad;
        return m;
    }
    case EX_TUPLE_PROJ:
        m = mir_new_expr(l->a, MX_TUPLE_PROJ, e->type, e->span);
        m->args = lower_args(l, 1, (Expr *const *)&e->lhs);
        m->nargs = 1;
        m->slot = (int)strtol(e->text, NULL, 10);
        m->ad = e->ad;
        return m;
    case EX_PAREN:
        return lower_expr(l, e->lhs);
    case EX_PROMOTE:
        m = mir_new_expr(l->a, MX_PROMOTE, e->type, e->span);
        m->args = lower_args(l, 1, (Expr *const *)&e->lhs);
        m->nargs = 1;
        m->ad = e->ad;
        return m;
    case EX_GET_LP:
    case EX__COUNT:
        break;
    }
    ICE("MIR lowering: expression kind %s", ast_expr_kind_name(e->kind));
}

/* ------------------------------------------------------------ declarations */

static MirSized lower_sized(Lower *l, const SizedType *st, const Type *type)
{
    MirSized ms = {0};
    ms.type = type;
    const SizedType *base = st;
    if (st->kind == TY_ARRAY) {
        ms.ndims = st->ndims;
        ms.dims = lower_args(l, st->ndims, st->dims);
        base = st->elem;
    }
    ms.keyword = base->keyword;
    if (base->kind == TY_TUPLE) {
        ms.nitems = base->nitems;
        ms.items = arena_alloc(l->a, sizeof(MirSized *) * (size_t)base->nitems);
        const Type *tt = ty_base(type);
        for (int i = 0; i < base->nitems; i++) {
            ms.items[i] = NEW(l->a, MirSized);
            *ms.items[i] = lower_sized(l, base->items[i], tt->items[i]);
        }
        return ms;
    }
    ms.nsizes = base->nsizes;
    for (int i = 0; i < base->nsizes; i++)
        ms.size[i] = lower_expr(l, base->size[i]);
    /* cov_matrix[K], cholesky_factor_corr[K], ...: a K x K matrix (a
     * copy: the MIR is a tree, and K may be an expression) */
    if (base->kind == TY_MATRIX && base->nsizes == 1) {
        ms.size[1] = mir_clone_expr(l->a, ms.size[0]);
        ms.nsizes = 2;
    }
    ms.tr = base->tr.kind;
    ms.tr_a = base->tr.a ? lower_expr(l, base->tr.a) : NULL;
    ms.tr_b = base->tr.b ? lower_expr(l, base->tr.b) : NULL;
    return ms;
}

static MirVarKind top_kind(BlockKind b)
{
    switch (b) {
    case BLK_DATA: return MV_DATA;
    case BLK_TRANSFORMED_DATA: return MV_TDATA;
    case BLK_PARAMETERS: return MV_PARAM;
    case BLK_TRANSFORMED_PARAMETERS: return MV_TPARAM;
    case BLK_GENERATED_QUANTITIES: return MV_GQ;
    default: return MV_LOCAL;
    }
}

/* Values of data, transformed data and generated quantities carry no
 * derivatives; everything else may, except integers. */
static AdLevel decl_ad(const Lower *l, const Type *t)
{
    if (ty_base(t)->kind == TY_INT)
        return AD_DATA;
    if (l->in_function)
        return AD_AUTODIFF;
    switch (l->block) {
    case BLK_DATA:
    case BLK_TRANSFORMED_DATA:
    case BLK_GENERATED_QUANTITIES:
        return AD_DATA;
    default:
        return AD_AUTODIFF;
    }
}

/* The generate_quantities section computes transformed parameters again,
 * without derivatives. */
static bool section_is_data_only(const Lower *l)
{
    return l->data_section;
}

static VarId declare_var(Lower *l, const VarDecl *d, bool top)
{
    MirVarKind kind = top && !l->in_function ? top_kind(l->block) : MV_LOCAL;
    AdLevel ad = section_is_data_only(l) ? AD_DATA : decl_ad(l, d->utype);
    VarId v = mir_new_var(l->p, d->name, kind, d->utype, ad);
    MirVar *var = &l->p->vars[v];
    var->sized = lower_sized(l, d->type, d->utype);
    var->annots = d->annots;
    var->nannots = d->nannots;
    var->span = d->name_span;
    if (ty_base(d->utype)->kind == TY_INT)
        var->ad = AD_DATA;
    bind(l, d->name, v);
    return v;
}

/* ------------------------------------------------------------- statements */

typedef struct StmtList {
    PtrVec v;
} StmtList;

static void emit(Lower *l, StmtList *out, MirStmt *s)
{
    vec_push(l->a, &out->v, s);
}

static MirStmt *as_block(Lower *l, StmtList *list, MirStmtKind k, Span span)
{
    MirStmt *s = mir_block(l->a, k, list->v.len, (MirStmt **)list->v.items);
    s->span = span;
    return s;
}

static void lower_stmt(Lower *l, const Stmt *s, StmtList *out, bool top);

/* A statement as the body of a loop or branch: a scope of its own. */
static MirStmt *lower_body(Lower *l, const Stmt *s)
{
    StmtList list = {0};
    open_scope(l);
    if (s->kind == ST_BLOCK) {
        for (int i = 0; i < s->nstmts; i++)
            lower_stmt(l, s->stmts[i], &list, false);
    } else {
        lower_stmt(l, s, &list, false);
    }
    close_scope(l);
    if (s->kind != ST_BLOCK && list.v.len == 1)
        return list.v.items[0];
    return as_block(l, &list, MS_BLOCK, s->span);
}

static MirStmt *assign_var(Lower *l, VarId v, MirExpr *rhs, Span span)
{
    MirStmt *a = mir_new_stmt(l->a, MS_ASSIGN, span);
    a->lhs.var = v;
    a->lhs.type = l->p->vars[v].sized.type;
    a->rhs = rhs;
    return a;
}

/* The lvalue x[i].2[j] as a variable and its steps, outermost first. */
static MirLvalue lower_lvalue(Lower *l, const Expr *e)
{
    MirLvalue lv = {0};
    lv.type = e->type;
    int n = 0;
    for (const Expr *x = e; x->kind != EX_VAR; x = x->lhs)
        n++;
    lv.steps = arena_alloc(l->a, sizeof(MirLvalueStep) * (size_t)(n + 1));
    lv.nsteps = n;
    const Expr *x = e;
    for (int i = n - 1; i >= 0; i--, x = x->lhs) {
        if (x->kind == EX_INDEX) {
            lv.steps[i].indices = lower_indices(l, x->nindices, x->indices);
            lv.steps[i].nindices = x->nindices;
        } else {
            lv.steps[i].slot = (int)strtol(x->text, NULL, 10);
        }
    }
    lv.var = lookup(l, x->name);
    if (lv.var < 0)
        ICE("MIR lowering: assignment to unknown '%s'", x->name);
    return lv;
}

/* The lvalue read back as an expression (for x += y). */
static MirExpr *lvalue_expr(Lower *l, const Expr *e)
{
    return lower_expr(l, e);
}

static Op assign_binop(AssignOp op)
{
    switch (op) {
    case ASSIGN_ADD: return OP_ADD;
    case ASSIGN_SUB: return OP_SUB;
    case ASSIGN_MUL: return OP_MUL;
    case ASSIGN_DIV: return OP_DIV;
    case ASSIGN_EMUL: return OP_EMUL;
    case ASSIGN_EDIV: return OP_EDIV;
    default: return OP_NONE;
    }
}

/* target = value, where target may itself be a tuple of lvalues: each
 * element gets its projection of value (a variable or a projection of
 * one, so repeating it evaluates nothing twice). */
static void unpack(Lower *l, const Expr *target, MirExpr *value, Span span,
                   StmtList *out)
{
    if (target->kind != EX_TUPLE_EXPR) {
        MirStmt *a = mir_new_stmt(l->a, MS_ASSIGN, span);
        a->lhs = lower_lvalue(l, target);
        a->rhs = value;
        emit(l, out, a);
        return;
    }
    for (int i = 0; i < target->nargs; i++) {
        MirExpr *proj = mir_new_expr(l->a, MX_TUPLE_PROJ,
                                     value->type->items[i], span);
        proj->args = arena_alloc(l->a, sizeof(MirExpr *));
        /* a copy for each element: the MIR is a tree */
        proj->args[0] = i == 0 ? value : mir_clone_expr(l->a, value);
        proj->nargs = 1;
        proj->slot = i + 1;
        proj->ad = value->ad;
        unpack(l, target->args[i], proj, span, out);
    }
}

static void lower_assign(Lower *l, const Stmt *s, StmtList *out)
{
    if (s->lhs->kind == EX_TUPLE_EXPR) {
        /* (a, b) = f(x): tmp = f(x); a = tmp.1; b = tmp.2; */
        const char *name = mir_fresh_name(l->p, "sym");
        const Type *tt = s->rhs->type;
        VarId tmp = mir_new_var(l->p, name, MV_INTERNAL, tt,
                                section_is_data_only(l) ? AD_DATA : s->rhs->ad);
        l->p->vars[tmp].span = s->span;
        MirStmt *d = mir_new_stmt(l->a, MS_DECL, s->span);
        d->var = tmp;
        emit(l, out, d);
        emit(l, out, assign_var(l, tmp, lower_expr(l, s->rhs), s->span));
        unpack(l, s->lhs, mir_var(l->p, tmp), s->span, out);
        return;
    }
    MirStmt *a = mir_new_stmt(l->a, MS_ASSIGN, s->span);
    a->lhs = lower_lvalue(l, s->lhs);
    MirExpr *rhs = lower_expr(l, s->rhs);
    Op op = assign_binop(s->aop);
    if (op != OP_NONE) {
        MirExpr *m = new_call(l, FNK_STANLIB, ast_op_name(op, false),
                              s->lhs->type, s->lhs->ad, 2, NULL, s->span);
        m->args = arena_alloc(l->a, sizeof(MirExpr *) * 2);
        m->args[0] = lvalue_expr(l, s->lhs);
        m->args[1] = rhs;
        m->op = op;
        if (rhs->ad == AD_AUTODIFF)
            m->ad = AD_AUTODIFF;
        rhs = m;
    }
    a->rhs = rhs;
    emit(l, out, a);
}

static bool has_function(const Lower *l, const char *name)
{
    return scope_find(&l->funs, name) >= 0 || sig_has_name(sig_table(), name);
}

static MirExpr *neg_infinity(Lower *l)
{
    return new_call(l, FNK_STANLIB, "negative_infinity", TY(REAL), AD_DATA, 0,
                    NULL, (Span){{0, 0, 0, 0}, {0, 0, 0, 0}});
}

static MirStmt *target_pe(Lower *l, MirExpr *e, Span span)
{
    MirStmt *t = mir_new_stmt(l->a, MS_TARGET_PE, span);
    t->rhs = e;
    return t;
}

/* dist_suffix(args with the first replaced by `first`) */
static MirExpr *dist_call(Lower *l, const Stmt *s, const char *suffix,
                          MirExpr *first, bool user)
{
    MirExpr **args = arena_alloc(l->a,
                                 sizeof(MirExpr *) * (size_t)(s->nargs + 1));
    args[0] = first;
    AdLevel ad = first->ad;
    for (int i = 0; i < s->nargs; i++) {
        args[i + 1] = lower_expr(l, s->args[i]);
        if (args[i + 1]->ad == AD_AUTODIFF)
            ad = AD_AUTODIFF;
    }
    const char *fn = arena_printf(l->a, "%s%s", s->name, suffix);
    MirExpr *m = new_call(l, user ? FNK_USER : FNK_STANLIB, fn, TY(REAL), ad,
                          s->nargs + 1, args, s->span);
    if (user)
        m->effect = user_effect(l, fn);
    return m;
}

static MirExpr *binop(Lower *l, Op op, const Type *t, MirExpr *a, MirExpr *b)
{
    /* an int result (a comparison) never carries a derivative */
    MirExpr *m = new_call(l, FNK_STANLIB, ast_op_name(op, false), t,
                          ty_base(t)->kind != TY_INT
                          && (a->ad == AD_AUTODIFF || b->ad == AD_AUTODIFF)
                              ? AD_AUTODIFF : AD_DATA,
                          2, NULL, a->span);
    m->args = arena_alloc(l->a, sizeof(MirExpr *) * 2);
    m->args[0] = a;
    m->args[1] = b;
    m->op = op;
    return m;
}

/* y ~ d(theta) T[L, U]  =>  target += d_lupdf(y | theta), and for the
 * truncation: -inf outside [L, U], minus the log probability of [L, U]
 * (for a discrete y: of [L, U] counting L, so the lower cdf is at L - 1).
 * Reference Manual, "Sampling statements: truncated distributions". */
static void lower_tilde(Lower *l, const Stmt *s, StmtList *out)
{
    char pdf[256], pmf[256];
    snprintf(pdf, sizeof pdf, "%s_lpdf", s->name);
    snprintf(pmf, sizeof pmf, "%s_lpmf", s->name);
    bool int_variate = ty_base(s->lhs->type)->kind == TY_INT;
    bool discrete = has_function(l, pmf)
        && (!has_function(l, pdf) || int_variate);
    bool user = scope_find(&l->funs, discrete ? pmf : pdf) >= 0;
    MirExpr *y = lower_expr(l, s->lhs);
    emit(l, out, target_pe(l, dist_call(l, s, discrete ? "_lupmf" : "_lupdf",
                                        y, user), s->span));
    if (!s->truncated || (!s->trunc_lo && !s->trunc_hi))
        return;  /* T[ , ] bounds nothing */
    MirExpr *lo = s->trunc_lo ? lower_expr(l, s->trunc_lo) : NULL;
    MirExpr *hi = s->trunc_hi ? lower_expr(l, s->trunc_hi) : NULL;
    /* the lower cdf is taken at L - 1 for a discrete variate */
    MirExpr *lo_cdf_at = lo && discrete
        ? binop(l, OP_SUB, TY(INT), lo, mir_int(l->a, 1)) : lo;
    MirExpr *mass;
    if (lo && hi) {
        MirExpr *args[2] = {dist_call(l, s, "_lcdf", hi, user),
                            dist_call(l, s, "_lcdf", lo_cdf_at, user)};
        MirExpr **a2 = arena_alloc(l->a, sizeof(MirExpr *) * 2);
        a2[0] = args[0];
        a2[1] = args[1];
        mass = new_call(l, FNK_STANLIB, "log_diff_exp", TY(REAL),
                        args[0]->ad == AD_AUTODIFF || args[1]->ad == AD_AUTODIFF
                            ? AD_AUTODIFF : AD_DATA, 2, a2, s->span);
    } else if (lo) {
        mass = dist_call(l, s, "_lccdf", lo_cdf_at, user);
    } else {
        mass = dist_call(l, s, "_lcdf", hi, user);
    }
    /* if (y < L || y > U) target += -inf; else target -= mass; */
    MirExpr *outside = NULL;
    if (lo)
        outside = binop(l, OP_LT, TY(INT), lower_expr(l, s->lhs),
                        mir_clone_expr(l->a, lo));  /* the MIR is a tree */
    if (hi) {
        MirExpr *above = binop(l, OP_GT, TY(INT), lower_expr(l, s->lhs),
                               mir_clone_expr(l->a, hi));
        if (outside) {
            MirExpr *o = mir_new_expr(l->a, MX_OR, TY(INT), s->span);
            o->args = arena_alloc(l->a, sizeof(MirExpr *) * 2);
            o->args[0] = outside;
            o->args[1] = above;
            o->nargs = 2;
            outside = o;
        } else {
            outside = above;
        }
    }
    MirStmt *iff = mir_new_stmt(l->a, MS_IF, s->span);
    iff->cond = outside;
    iff->body = target_pe(l, neg_infinity(l), s->span);
    MirExpr *minus = new_call(l, FNK_STANLIB, "minus", TY(REAL), mass->ad, 1,
                              NULL, s->span);
    minus->args = arena_alloc(l->a, sizeof(MirExpr *));
    minus->args[0] = mass;
    minus->op = OP_NEG;
    minus->prefix = true;
    iff->else_body = target_pe(l, minus, s->span);
    emit(l, out, iff);
}

static MirExpr *size_call(Lower *l, const char *fn, MirExpr *x, Span span)
{
    MirExpr **args = arena_alloc(l->a, sizeof(MirExpr *));
    args[0] = x;
    return new_call(l, FNK_STANLIB, fn, TY(INT), AD_DATA, 1, args, span);
}

static MirExpr *index1(Lower *l, MirExpr *base, const Type *t, int n,
                       MirExpr **at)
{
    MirExpr *m = mir_new_expr(l->a, MX_INDEXED, t, base->span);
    m->args = arena_alloc(l->a, sizeof(MirExpr *));
    m->args[0] = base;
    m->nargs = 1;
    m->indices = arena_alloc(l->a, sizeof(MirIndex) * (size_t)n);
    for (int i = 0; i < n; i++) {
        m->indices[i].kind = IDX_SINGLE;
        m->indices[i].lo = at[i];
    }
    m->nindices = n;
    m->ad = ty_base(t)->kind == TY_INT ? AD_DATA : base->ad;
    return m;
}

static MirStmt *for_loop(Lower *l, VarId i, MirExpr *hi, MirStmt *body,
                         Span span)
{
    MirStmt *f = mir_new_stmt(l->a, MS_FOR, span);
    f->var = i;
    f->lo = mir_int(l->a, 1);
    f->hi = hi;
    f->body = body;
    return f;
}

/* dims(c)[k], k 1-based: a size of the container c. */
static MirExpr *dim_of(Lower *l, const MirExpr *c, int k, Span span)
{
    MirExpr **args = arena_alloc(l->a, sizeof(MirExpr *));
    args[0] = mir_clone_expr(l->a, c);
    MirExpr *d = new_call(l, FNK_STANLIB, "dims", ty_array(l->a, 1, TY(INT)),
                          AD_DATA, 1, args, span);
    MirExpr *at[1] = {mir_int(l->a, k)};
    return index1(l, d, TY(INT), 1, at);
}

/* The sizes of a variable of type t that holds the elements of c from
 * c's dimension `first` (1-based) on: its array sizes, then its vector's
 * length or matrix's rows and columns, each dims(c)[k].  A foreach
 * variable (the element of its container) and the copy of a container
 * that is not a variable are declared with them: a declaration without
 * sizes has none to allocate by.  Not for tuples (mir/untuple.c splits
 * them into their items). */
static void sizes_from(Lower *l, MirSized *ms, const Type *t,
                       const MirExpr *c, int first, Span span)
{
    int k = first;
    if (ty_base(t)->kind == TY_TUPLE)
        return;     /* mir/untuple.c splits it into its items */
    if (t->kind == TY_ARRAY) {
        ms->ndims = t->dims;
        ms->dims = arena_alloc(l->a, sizeof(MirExpr *) * (size_t)t->dims);
        for (int i = 0; i < t->dims; i++)
            ms->dims[i] = dim_of(l, c, k++, span);
    }
    TypeKind b = ty_base(t)->kind;
    if (b == TY_VECTOR || b == TY_ROW_VECTOR || b == TY_COMPLEX_VECTOR
        || b == TY_COMPLEX_ROW_VECTOR) {
        ms->nsizes = 1;
        ms->size[0] = dim_of(l, c, k, span);
    } else if (b == TY_MATRIX || b == TY_COMPLEX_MATRIX) {
        ms->nsizes = 2;
        ms->size[0] = dim_of(l, c, k, span);
        ms->size[1] = dim_of(l, c, k + 1, span);
    }
}

/* for (x in c) body  =>  for (sym in 1:size(c)) { T x = c[sym]; body }
 * (a matrix is walked by rows, then columns, as Stan does). */
static void lower_foreach(Lower *l, const Stmt *s, StmtList *out)
{
    const Type *ct = s->rhs->type;
    MirExpr *c = lower_expr(l, s->rhs);
    StmtList pre = {0};
    if (c->kind != MX_VAR) {
        /* evaluate the container once; its sizes are dims of the
         * expression, evaluated once more before, unless that would draw,
         * print or change target a second time */
        VarId tmp = mir_new_var(l->p, mir_fresh_name(l->p, "sym"),
                                MV_INTERNAL, ct,
                                section_is_data_only(l) ? AD_DATA : c->ad);
        if (!(mir_expr_effect(c)
              & (EFF_RNG | EFF_PRINTS | EFF_TARGET | EFF_WRITES)))
            sizes_from(l, &l->p->vars[tmp].sized, ct, c, 1, s->span);
        MirStmt *d = mir_new_stmt(l->a, MS_DECL, s->span);
        d->var = tmp;
        emit(l, &pre, d);
        emit(l, &pre, assign_var(l, tmp, c, s->span));
        c = mir_var(l->p, tmp);
    }
    bool matrix = ct->kind == TY_MATRIX || ct->kind == TY_COMPLEX_MATRIX;
    const Type *et = ct->kind == TY_ARRAY
        ? (ct->dims > 1 ? ty_array(l->a, ct->dims - 1, ct->elem) : ct->elem)
        : ty_is_complex_valued(ct) ? TY(COMPLEX) : TY(REAL);
    VarId i = mir_new_var(l->p, mir_fresh_name(l->p, "sym"), MV_LOOP, TY(INT),
                          AD_DATA);
    VarId j = matrix ? mir_new_var(l->p, mir_fresh_name(l->p, "sym"), MV_LOOP,
                                   TY(INT), AD_DATA) : -1;
    open_scope(l);
    VarId x = mir_new_var(l->p, s->name, MV_LOOP, et,
                          ty_base(et)->kind == TY_INT || section_is_data_only(l)
                              ? AD_DATA : c->ad);
    l->p->vars[x].sized.type = et;
    if (ct->kind == TY_ARRAY)
        sizes_from(l, &l->p->vars[x].sized, et, c, 2, s->span);
    l->p->vars[x].span = s->name_span;
    bind(l, s->name, x);
    StmtList inner = {0};
    MirStmt *d = mir_new_stmt(l->a, MS_DECL, s->span);
    d->var = x;
    emit(l, &inner, d);
    MirExpr *at[2] = {mir_var(l->p, i), matrix ? mir_var(l->p, j) : NULL};
    emit(l, &inner, assign_var(l, x, index1(l, c, et, matrix ? 2 : 1, at),
                               s->span));
    MirStmt *user = lower_body(l, s->body);
    if (user->kind == MS_BLOCK) {
        /* one scope for the element and the body: no name can clash, as
         * Stan forbids shadowing */
        for (int k = 0; k < user->nstmts; k++)
            emit(l, &inner, user->stmts[k]);
    } else {
        emit(l, &inner, user);
    }
    close_scope(l);
    MirStmt *body = as_block(l, &inner, MS_BLOCK, s->span);
    MirStmt *loop;
    if (matrix) {
        MirStmt *cols = for_loop(l, j, size_call(l, "cols", c, s->span), body,
                                 s->span);
        loop = for_loop(l, i, size_call(l, "rows", c, s->span), cols, s->span);
    } else {
        loop = for_loop(l, i, size_call(l, "size", c, s->span), body, s->span);
    }
    if (pre.v.len) {
        emit(l, &pre, loop);
        emit(l, out, as_block(l, &pre, MS_BLOCK, s->span));
    } else {
        emit(l, out, loop);
    }
}

static MirStmt *internal_call_stmt(Lower *l, MirInternal fn, const Stmt *s)
{
    MirStmt *c = mir_new_stmt(l->a, MS_CALL, s->span);
    c->call = mir_call_internal(l->a, fn, TY(VOID), s->nargs,
                                lower_args(l, s->nargs, s->args));
    c->call->span = s->span;
    return c;
}

static void lower_stmt(Lower *l, const Stmt *s, StmtList *out, bool top)
{
    MirStmt *m;
    switch (s->kind) {
    case ST_DECL: {
        VarId v = declare_var(l, s->decl, top);
        m = mir_new_stmt(l->a, MS_DECL, s->span);
        m->var = v;
        emit(l, out, m);
        if (s->decl->init)
            emit(l, out, assign_var(l, v, lower_expr(l, s->decl->init),
                                    s->span));
        return;
    }
    case ST_ASSIGN:
        lower_assign(l, s, out);
        return;
    case ST_CALL:
        m = mir_new_stmt(l->a, MS_CALL, s->span);
        m->call = lower_expr(l, s->expr);
        emit(l, out, m);
        return;
    case ST_TILDE:
        lower_tilde(l, s, out);
        return;
    case ST_TARGET_PE:
    case ST_JACOBIAN_PE:
        m = mir_new_stmt(l->a, s->kind == ST_TARGET_PE ? MS_TARGET_PE
                                                       : MS_JACOBIAN_PE,
                         s->span);
        m->rhs = lower_expr(l, s->rhs);
        emit(l, out, m);
        return;
    case ST_BREAK:
        emit(l, out, mir_new_stmt(l->a, MS_BREAK, s->span));
        return;
    case ST_CONTINUE:
        emit(l, out, mir_new_stmt(l->a, MS_CONTINUE, s->span));
        return;
    case ST_RETURN:
        m = mir_new_stmt(l->a, MS_RETURN, s->span);
        m->rhs = s->rhs ? lower_expr(l, s->rhs) : NULL;
        emit(l, out, m);
        return;
    case ST_PRINT:
        emit(l, out, internal_call_stmt(l, FN_PRINT, s));
        return;
    case ST_REJECT:
        emit(l, out, internal_call_stmt(l, FN_REJECT, s));
        return;
    case ST_FATAL_ERROR:
        emit(l, out, internal_call_stmt(l, FN_FATAL_ERROR, s));
        return;
    case ST_SKIP:
        emit(l, out, mir_new_stmt(l->a, MS_SKIP, s->span));
        return;
    case ST_IF:
        m = mir_new_stmt(l->a, MS_IF, s->span);
        m->cond = lower_expr(l, s->cond);
        m->body = lower_body(l, s->body);
        m->else_body = s->else_body ? lower_body(l, s->else_body) : NULL;
        emit(l, out, m);
        return;
    case ST_WHILE:
        m = mir_new_stmt(l->a, MS_WHILE, s->span);
        m->cond = lower_expr(l, s->cond);
        m->body = lower_body(l, s->body);
        emit(l, out, m);
        return;
    case ST_FOR: {
        m = mir_new_stmt(l->a, MS_FOR, s->span);
        m->lo = lower_expr(l, s->lo);
        m->hi = lower_expr(l, s->hi);
        open_scope(l);
        VarId i = mir_new_var(l->p, s->name, MV_LOOP, TY(INT), AD_DATA);
        l->p->vars[i].span = s->name_span;
        bind(l, s->name, i);
        m->var = i;
        m->body = lower_body(l, s->body);
        close_scope(l);
        emit(l, out, m);
        return;
    }
    case ST_FOREACH:
        lower_foreach(l, s, out);
        return;
    case ST_PROFILE:
    case ST_BLOCK: {
        StmtList inner = {0};
        open_scope(l);
        for (int i = 0; i < s->nstmts; i++)
            lower_stmt(l, s->stmts[i], &inner, false);
        close_scope(l);
        m = as_block(l, &inner, MS_BLOCK, s->span);
        if (s->kind == ST_PROFILE) {
            MirStmt *p = mir_new_stmt(l->a, MS_PROFILE, s->span);
            p->name = s->name;
            p->body = m;
            m = p;
        }
        emit(l, out, m);
        return;
    }
    case ST_INCR_LOG_PROB:
    case ST_FUNDEF:
    case ST_INCLUDE:
    case ST__COUNT:
        break;
    }
    ICE("MIR lowering: statement kind %s", ast_stmt_kind_name(s->kind));
}

/* -------------------------------------------------------------- functions */

static void lower_functions(Lower *l)
{
    const Block *b = &l->ast->blocks[BLK_FUNCTIONS];
    if (!b->present)
        return;
    /* one entry per signature: a definition replaces its declaration */
    l->p->funs = arena_alloc(l->a, sizeof(MirFun) * (size_t)(b->nstmts + 1));
    for (int i = 0; i < b->nstmts; i++) {
        const FunDef *fd = b->stmts[i]->fundef;
        MirFun *f = NULL;
        for (int k = scope_find(&l->funs, fd->name); k >= 0 && !f;
             k = scope_older(&l->funs, k)) {
            MirFun *g = &l->p->funs[l->funs.entries[k].value];
            if (g->nparams != fd->nparams)
                continue;
            bool same = true;
            for (int j = 0; j < fd->nparams; j++)
                if (!ty_equal(l->p->vars[g->params[j]].sized.type,
                              fd->params[j].type))
                    same = false;
            if (same)
                f = g;
        }
        if (!f) {
            scope_declare(&l->funs, fd->name, l->p->nfuns);
            f = &l->p->funs[l->p->nfuns++];
            memset(f, 0, sizeof *f);
        }
        f->name = fd->name;
        f->ret = fd->ret;
        f->annots = fd->annots;
        f->nannots = fd->nannots;
        f->span = fd->name_span;
        f->effect = mir_name_effect(fd->name);
        f->nparams = fd->nparams;
        f->params = arena_alloc(l->a, sizeof(VarId) * (size_t)(fd->nparams + 1));
        f->data_only = arena_alloc(l->a, sizeof(bool) * (size_t)(fd->nparams + 1));
        l->in_function = true;
        open_scope(l);
        for (int j = 0; j < fd->nparams; j++) {
            const Param *pa = &fd->params[j];
            VarId v = mir_new_var(l->p, pa->name, MV_ARG, pa->type,
                                  pa->data_only
                                      || ty_base(pa->type)->kind == TY_INT
                                      ? AD_DATA : AD_AUTODIFF);
            l->p->vars[v].span = pa->name_span;
            bind(l, pa->name, v);
            f->params[j] = v;
            f->data_only[j] = pa->data_only;
        }
        if (fd->body)
            f->body = lower_body(l, fd->body);
        close_scope(l);
        l->in_function = false;
    }
}

/* --------------------------------------------------------------- sections */

static void lower_block(Lower *l, BlockKind b, StmtList *out)
{
    const Block *blk = &l->ast->blocks[b];
    if (!blk->present)
        return;
    l->block = b;
    for (int i = 0; i < blk->nstmts; i++)
        lower_stmt(l, blk->stmts[i], out, true);
}

/* The data and transformed data variables, visible in every section. */
static int bind_data(Lower *l, const VarId *ids, int n)
{
    for (int i = 0; i < n; i++)
        bind(l, l->p->vars[ids[i]].name, ids[i]);
    return n;
}

static VarId *collect_decls(Lower *l, const StmtList *list, int *n,
                            MirVarKind k1, MirVarKind k2, MirVarKind k3)
{
    VarId *ids = arena_alloc(l->a, sizeof(VarId) * (size_t)(list->v.len + 1));
    int m = 0;
    for (int i = 0; i < list->v.len; i++) {
        const MirStmt *s = list->v.items[i];
        if (s->kind != MS_DECL)
            continue;
        MirVarKind k = l->p->vars[s->var].kind;
        if (k == k1 || k == k2 || k == k3)
            ids[m++] = s->var;
    }
    *n = m;
    return ids;
}

MirProgram *mir_lower(Arena *a, const Program *ast, const char *name)
{
    MirProgram *p = NEW(a, MirProgram);
    p->arena = a;
    p->name = name;
    Lower l = {.p = p, .a = a, .ast = ast};
    scope_init(&l.scope, a);
    scope_init(&l.funs, a);
    scope_push(&l.funs);
    open_scope(&l);
    lower_functions(&l);

    /* prepare_data: the data block's declarations, then transformed data */
    StmtList prep = {0};
    lower_block(&l, BLK_DATA, &prep);
    p->input_vars = collect_decls(&l, &prep, &p->ninput, MV_DATA, MV_DATA,
                                  MV_DATA);
    lower_block(&l, BLK_TRANSFORMED_DATA, &prep);
    p->prepare_data = as_block(&l, &prep, MS_SLIST, (Span){{0}, {0}});
    int ndata;
    VarId *data = collect_decls(&l, &prep, &ndata, MV_DATA, MV_TDATA,
                                MV_TDATA);
    close_scope(&l);

    /* log_prob: parameters, transformed parameters, the model block */
    open_scope(&l);
    bind_data(&l, data, ndata);
    StmtList lp = {0};
    lower_block(&l, BLK_PARAMETERS, &lp);
    lower_block(&l, BLK_TRANSFORMED_PARAMETERS, &lp);
    if (ast->blocks[BLK_MODEL].present) {
        StmtList model = {0};
        open_scope(&l);
        lower_block(&l, BLK_MODEL, &model);
        close_scope(&l);
        p->model_block = as_block(&l, &model, MS_BLOCK,
                                  ast->blocks[BLK_MODEL].span);
        emit(&l, &lp, p->model_block);
    }
    p->log_prob = as_block(&l, &lp, MS_SLIST, (Span){{0}, {0}});
    close_scope(&l);

    /* generate_quantities: parameters, transformed parameters again, then
     * generated quantities, all without derivatives */
    l.data_section = true;
    open_scope(&l);
    bind_data(&l, data, ndata);
    StmtList gq = {0};
    lower_block(&l, BLK_PARAMETERS, &gq);
    lower_block(&l, BLK_TRANSFORMED_PARAMETERS, &gq);
    lower_block(&l, BLK_GENERATED_QUANTITIES, &gq);
    p->generate_quantities = as_block(&l, &gq, MS_SLIST, (Span){{0}, {0}});
    p->output_vars = collect_decls(&l, &gq, &p->noutput, MV_PARAM, MV_TPARAM,
                                   MV_GQ);
    close_scope(&l);

    /* transform_inits: the parameters, to be read and unconstrained */
    open_scope(&l);
    bind_data(&l, data, ndata);
    StmtList ti = {0};
    lower_block(&l, BLK_PARAMETERS, &ti);
    p->transform_inits = as_block(&l, &ti, MS_SLIST, (Span){{0}, {0}});
    close_scope(&l);
    /* what each function and call may do, now that every body is here */
    mir_refresh_effects(p);
    return p;
}
