/* verify.c - the MIR's invariants, checked after lowering and after every
 * pass in test and sanitizer builds (QBE reruns its SSA check the same
 * way): every variable used is declared and in scope, no name is declared
 * twice where both are visible, every declaration is sized, and
 * assignments, conditions, loop bounds and target increments are
 * well-typed, break and continue are inside a loop, return inside a
 * function.  After mir_transform, also the forms the backend relies on
 * (mir/untuple.c, mir/exits.c): the log density has no break or
 * continue, a function body no exit before its end (but one returning a
 * container, which exits.c leaves), every data tuple is taken apart
 * (read element by element), and no projection of FnMakeTuple__ is
 * left (untuple.c takes every one apart).  The MIR is a tree: no
 * expression node is reachable from two places (a pass that copies an
 * expression clones it), since the backend finds an expression's
 * emitted value by its node (Emit.emitted) and passes rewrite nodes in
 * place.  Leaves (variables and literals) may be shared: nothing
 * changes one after it is built, and their emitted value is a name. */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mir.h"

typedef struct Verifier {
    const MirProgram *p;
    ScopeTable scope;    /* visible names to their VarIds */
    char *why;
    size_t n;
    bool failed;
    const char *section;
    int loops;           /* loops around the statement being checked */
    bool in_function;
    /* every expression node met so far: open addressing, power-of-2 size */
    const MirExpr **seen;
    size_t nseen, capseen;
    bool out_of_memory;
    /* a variable declared in several sections (a parameter in log_prob,
     * generate_quantities and transform_inits; a function split by
     * untuple) has one MirSized: its nodes are met once per declaration */
    bool *sized_met;
    bool resizing;       /* checking a MirSized met before */
} Verifier;

static void fail(Verifier *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void fail(Verifier *v, const char *fmt, ...)
{
    if (v->failed)
        return;
    v->failed = true;
    int k = snprintf(v->why, v->n, "%s: ", v->section);
    if (k < 0 || (size_t)k >= v->n)
        k = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->why + k, v->n - (size_t)k, fmt, ap);
    va_end(ap);
}

/* No two visible variables share a name (declare refuses it), so a
 * variable is visible when its name finds it. */
static bool visible(const Verifier *v, VarId id)
{
    if (id < 0 || id >= v->p->nvars)
        return false;
    int found;
    return scope_lookup(&v->scope, v->p->vars[id].name, &found) && found == id;
}

static void declare(Verifier *v, VarId id)
{
    if (id < 0 || id >= v->p->nvars) {
        fail(v, "variable id %d out of range", id);
        return;
    }
    const char *name = v->p->vars[id].name;
    int found;
    if (scope_lookup(&v->scope, name, &found)) {
        fail(v, "'%s' is declared twice in one scope", name);
        return;
    }
    scope_declare(&v->scope, name, id);
}

static size_t node_slot(const MirExpr *e, size_t cap)
{
    uintptr_t h = (uintptr_t)e;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15u;
    return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

/* Record e; false when it was met before (a node in two places). */
static bool first_meeting(Verifier *v, const MirExpr *e)
{
    if (v->out_of_memory)
        return true;
    if (2 * (v->nseen + 1) > v->capseen) {
        size_t cap = v->capseen ? 2 * v->capseen : 1024;
        const MirExpr **t = cap <= SIZE_MAX / sizeof *t
            ? calloc(cap, sizeof *t) : NULL;
        if (!t) {
            /* the check is skipped, never the verification of the rest */
            v->out_of_memory = true;
            return true;
        }
        for (size_t i = 0; i < v->capseen; i++) {
            if (!v->seen[i])
                continue;
            size_t k = node_slot(v->seen[i], cap);
            while (t[k])
                k = (k + 1) & (cap - 1);
            t[k] = v->seen[i];
        }
        free(v->seen);
        v->seen = t;
        v->capseen = cap;
    }
    size_t k = node_slot(e, v->capseen);
    while (v->seen[k]) {
        if (v->seen[k] == e)
            return false;
        k = (k + 1) & (v->capseen - 1);
    }
    v->seen[k] = e;
    v->nseen++;
    return true;
}

static void check_expr(Verifier *v, const MirExpr *e)
{
    if (!e || v->failed)
        return;
    bool leaf = e->kind == MX_VAR || e->kind == MX_INT || e->kind == MX_REAL
        || e->kind == MX_IMAG || e->kind == MX_STR;
    if (!leaf && !v->resizing && !first_meeting(v, e)) {
        fail(v, "an expression node (%s) is in two places (a pass must "
             "clone what it copies: mir_clone_expr)",
             mir_expr_kind_name(e->kind));
        return;
    }
    if (!e->type) {
        fail(v, "an expression (%s) has no type", mir_expr_kind_name(e->kind));
        return;
    }
    if (v->p->backend_forms && e->kind == MX_TUPLE_PROJ
        && e->args[0]->kind == MX_CALL && e->args[0]->fn_kind == FNK_INTERNAL
        && e->args[0]->internal == FN_MAKE_TUPLE) {
        fail(v, "a projection of FnMakeTuple__ is left (untuple)");
        return;
    }
    if (e->kind == MX_VAR) {
        if (e->var < 0) {
            if (!e->fn)
                fail(v, "a variable reference names nothing");
        } else if (e->var >= v->p->nvars) {
            fail(v, "variable id %d out of range", e->var);
        } else if (!visible(v, e->var)) {
            fail(v, "'%s' is used outside its scope",
                 v->p->vars[e->var].name);
        }
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        check_expr(v, e->args[i]);
    for (int i = 0; i < e->nindices; i++) {
        check_expr(v, e->indices[i].lo);
        check_expr(v, e->indices[i].hi);
    }
}

static void check_sized(Verifier *v, VarId id)
{
    const MirVar *var = &v->p->vars[id];
    const MirSized *s = &var->sized;
    if (!s->type) {
        fail(v, "'%s' has no type", var->name);
        return;
    }
    if (v->p->backend_forms && var->kind == MV_DATA && s->ndims == 0
        && ty_base(s->type)->kind == TY_TUPLE) {
        fail(v, "the data tuple '%s' is not taken apart (untuple)",
             var->name);
        return;
    }
    bool unsized_ok = var->kind == MV_LOOP || var->kind == MV_ARG
        || var->kind == MV_INTERNAL;
    if (unsized_ok)
        return;
    if (ty_array_dims(s->type) != s->ndims) {
        fail(v, "'%s' is declared with %d array sizes for type %s", var->name,
             s->ndims, ty_str(v->p->arena, s->type));
        return;
    }
    TypeKind k = ty_base(s->type)->kind;
    int want = k == TY_VECTOR || k == TY_ROW_VECTOR || k == TY_COMPLEX_VECTOR
        || k == TY_COMPLEX_ROW_VECTOR ? 1
        : k == TY_MATRIX || k == TY_COMPLEX_MATRIX ? 2 : 0;
    /* cholesky_factor_cov[M] and the square constrained matrices give one
     * size for two dimensions */
    if (s->nsizes != want && !(want == 2 && s->nsizes == 1))
        fail(v, "'%s' of type %s is declared with %d sizes", var->name,
             ty_str(v->p->arena, s->type), s->nsizes);
    for (int i = 0; i < s->ndims; i++)
        check_expr(v, s->dims[i]);
    for (int i = 0; i < s->nsizes; i++)
        check_expr(v, s->size[i]);
}

static bool real_valued(const Type *t)
{
    TypeKind k = ty_base(t)->kind;
    return k == TY_INT || k == TY_REAL || k == TY_VECTOR
        || k == TY_ROW_VECTOR || k == TY_MATRIX || k == TY_ERROR;
}

static void check_stmt(Verifier *v, const MirStmt *s)
{
    if (!s || v->failed)
        return;
    int mark = scope_count(&v->scope);
    switch (s->kind) {
    case MS_DECL:
        if (s->var >= 0 && s->var < v->p->nvars && v->sized_met) {
            v->resizing = v->sized_met[s->var];
            v->sized_met[s->var] = true;
        }
        check_sized(v, s->var);
        v->resizing = false;
        declare(v, s->var);
        return;  /* the declaration stays in scope after the statement */
    case MS_ASSIGN:
        if (s->lhs.var < 0 || !visible(v, s->lhs.var)) {
            fail(v, "assignment to a variable outside its scope");
            return;
        }
        for (int i = 0; i < s->lhs.nsteps; i++)
            for (int k = 0; k < s->lhs.steps[i].nindices; k++) {
                check_expr(v, s->lhs.steps[i].indices[k].lo);
                check_expr(v, s->lhs.steps[i].indices[k].hi);
            }
        check_expr(v, s->rhs);
        if (!v->failed && s->lhs.type
            && ty_promotion_cost(s->rhs->type, s->lhs.type) < 0)
            fail(v, "assignment of %s to '%s' of type %s",
                 ty_str(v->p->arena, s->rhs->type),
                 v->p->vars[s->lhs.var].name,
                 ty_str(v->p->arena, s->lhs.type));
        return;
    case MS_TARGET_PE:
    case MS_JACOBIAN_PE:
        check_expr(v, s->rhs);
        if (!v->failed && !real_valued(s->rhs->type))
            fail(v, "target += of type %s", ty_str(v->p->arena, s->rhs->type));
        return;
    case MS_CALL:
        check_expr(v, s->call);
        return;
    case MS_RETURN:
        if (!v->in_function)
            fail(v, "return outside a function");
        check_expr(v, s->rhs);
        return;
    case MS_BREAK:
    case MS_CONTINUE:
        if (v->loops == 0)
            fail(v, "%s outside a loop", s->kind == MS_BREAK ? "break"
                                                           : "continue");
        return;
    case MS_SKIP:
        return;
    case MS_IF:
    case MS_WHILE:
        check_expr(v, s->cond);
        if (!v->failed && s->cond->type->kind != TY_INT
            && s->cond->type->kind != TY_REAL)
            fail(v, "condition of type %s", ty_str(v->p->arena, s->cond->type));
        v->loops += s->kind == MS_WHILE;
        check_stmt(v, s->body);
        v->loops -= s->kind == MS_WHILE;
        scope_truncate(&v->scope, mark);
        check_stmt(v, s->else_body);
        break;
    case MS_FOR:
        check_expr(v, s->lo);
        check_expr(v, s->hi);
        if (!v->failed && (s->lo->type->kind != TY_INT
                           || s->hi->type->kind != TY_INT))
            fail(v, "loop bounds of '%s' are not int",
                 v->p->vars[s->var].name);
        declare(v, s->var);
        v->loops++;
        check_stmt(v, s->body);
        v->loops--;
        break;
    case MS_PROFILE:
        check_stmt(v, s->body);
        if (s->body && s->body->kind == MS_SLIST)
            return;  /* nor does a profile of one (the profile pass's) */
        break;
    case MS_BLOCK:
        for (int i = 0; i < s->nstmts; i++)
            check_stmt(v, s->stmts[i]);
        break;
    case MS_SLIST:
        for (int i = 0; i < s->nstmts; i++)
            check_stmt(v, s->stmts[i]);
        return;  /* an SList opens no scope */
    case MS__COUNT:
        fail(v, "statement of unknown kind");
        return;
    }
    scope_truncate(&v->scope, mark);
}

static void check_section(Verifier *v, const char *name, const MirStmt *body,
                          int globals)
{
    v->section = name;
    scope_truncate(&v->scope, globals);
    check_stmt(v, body);
}

bool mir_verify(const MirProgram *p, char *why, size_t n)
{
    Verifier v = {.p = p, .why = why, .n = n};
    v.sized_met = calloc(p->nvars > 0 ? (size_t)p->nvars : 1, sizeof(bool));
    scope_init(&v.scope, p->arena);
    scope_push(&v.scope);
    if (n)
        why[0] = '\0';
    v.in_function = true;
    for (int i = 0; i < p->nfuns && !v.failed; i++) {
        const MirFun *f = &p->funs[i];
        v.section = f->name;
        scope_truncate(&v.scope, 0);
        for (int k = 0; k < f->nparams; k++)
            declare(&v, f->params[k]);
        check_stmt(&v, f->body);
        if (!v.failed && p->backend_forms && f->body
            && mir_has_exits(f->body, true) && !mir_keeps_exits(f))
            fail(&v, "return, break or continue before the end (exits)");
    }
    v.in_function = false;
    /* prepare_data's top-level declarations are visible in every section */
    v.section = "prepare_data";
    scope_truncate(&v.scope, 0);
    check_stmt(&v, p->prepare_data);
    int globals = scope_count(&v.scope);
    check_section(&v, "log_prob", p->log_prob, globals);
    if (!v.failed && p->backend_forms && mir_has_exits(p->log_prob, false))
        fail(&v, "break or continue in the log density (exits)");
    check_section(&v, "generate_quantities", p->generate_quantities, globals);
    check_section(&v, "transform_inits", p->transform_inits, globals);
    free(v.seen);
    free(v.sized_met);
    return !v.failed;
}
