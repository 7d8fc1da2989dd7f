/* test_mir_backend.c - the MIR's forms for the C backend, made by
 * mir_transform (mir/untuple.c, mir/exits.c): what they leave, and that
 * mir_verify catches a program that breaks them (each fault injected by
 * hand must be reported). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

static MirProgram *transformed(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    char why[256];
    if (!mir_verify(p, why, sizeof why))
        fail_msg("transformed MIR does not verify: %s", why);
    return p;
}

static void expect_invalid(MirProgram *p, const char *fragment)
{
    char why[256];
    assert_false(mir_verify(p, why, sizeof why));
    if (!strstr(why, fragment))
        fail_msg("expected \"%s\" in \"%s\"", fragment, why);
}

/* How many statements of kind k s has, nested ones included. */
static int count_kind(const MirStmt *s, MirStmtKind k)
{
    if (!s)
        return 0;
    int n = s->kind == k;
    n += count_kind(s->body, k) + count_kind(s->else_body, k);
    for (int i = 0; i < s->nstmts; i++)
        n += count_kind(s->stmts[i], k);
    return n;
}

static bool declares_tuple(const MirProgram *p, const MirStmt *s)
{
    if (!s)
        return false;
    if (s->kind == MS_DECL && p->vars[s->var].sized.type->kind == TY_TUPLE)
        return true;
    if (declares_tuple(p, s->body) || declares_tuple(p, s->else_body))
        return true;
    for (int i = 0; i < s->nstmts; i++)
        if (declares_tuple(p, s->stmts[i]))
            return true;
    return false;
}

static const MirFun *fun(const MirProgram *p, const char *name)
{
    for (int i = 0; i < p->nfuns; i++)
        if (strcmp(p->funs[i].name, name) == 0)
            return &p->funs[i];
    fail_msg("no function %s", name);
    return NULL;
}

static const char *program =
    "functions {\n"
    "  real first_pos(vector v) {\n"
    "    for (i in 1:rows(v)) if (v[i] > 0) return v[i];\n"
    "    return 0;\n"
    "  }\n"
    "  tuple(real, real) two(real x) { return (x, 2 * x); }\n"
    "}\n"
    "data { tuple(real<lower=0>, vector[2]) d; }\n"
    "transformed data { tuple(real, vector[2]) c = d; }\n"
    "parameters { real mu; }\n"
    "model {\n"
    "  real a; real b;\n"
    "  (a, b) = two(mu);\n"
    "  for (n in 1:3) { if (n == 2) continue; if (n > c.1) break;\n"
    "    mu ~ normal(c.2[1] + a, 1); }\n"
    "  target += first_pos(c.2) + b;\n"
    "}\n";

static void test_forms(void **state)
{
    (void)state;
    MirProgram *p = transformed(program);
    assert_true(p->backend_forms);
    /* the log density and the function have flags, not exits */
    assert_int_equal(count_kind(p->log_prob, MS_BREAK), 0);
    assert_int_equal(count_kind(p->log_prob, MS_CONTINUE), 0);
    assert_int_equal(count_kind(fun(p, "first_pos")->body, MS_RETURN), 1);
    assert_false(mir_has_exits(fun(p, "first_pos")->body, true));
    /* the tuples are taken apart, the function split */
    assert_false(declares_tuple(p, p->prepare_data));
    assert_false(declares_tuple(p, p->log_prob));
    assert_int_equal(fun(p, "two_2__")->ret->kind, TY_REAL);
}

static void test_verify_catches_break_in_log_density(void **state)
{
    (void)state;
    MirProgram *p = transformed(program);
    /* a for loop with a break, put back into the model block */
    MirStmt *loop = NULL;
    for (int i = 0; i < p->model_block->nstmts && !loop; i++)
        if (p->model_block->stmts[i]->kind == MS_BLOCK
            && count_kind(p->model_block->stmts[i], MS_FOR))
            loop = p->model_block->stmts[i];
    assert_non_null(loop);
    MirStmt *brk = mir_new_stmt(p->arena, MS_BREAK, loop->span);
    for (int i = 0; i < loop->nstmts; i++)
        if (loop->stmts[i]->kind == MS_FOR)
            loop->stmts[i]->body = brk;
    expect_invalid(p, "break or continue in the log density");
}

static void test_verify_catches_early_return(void **state)
{
    (void)state;
    MirProgram *p = transformed(program);
    MirFun *f = (MirFun *)fun(p, "first_pos");
    MirStmt *ret = mir_new_stmt(p->arena, MS_RETURN, f->span);
    ret->rhs = mir_int(p->arena, 0);
    MirStmt *parts[2] = {ret, f->body};
    f->body = mir_block(p->arena, MS_BLOCK, 2, parts);
    expect_invalid(p, "first_pos: return, break or continue before the end");
}

static void test_verify_catches_break_outside_loop(void **state)
{
    (void)state;
    MirProgram *p = transformed(program);
    p->model_block->stmts[0] = mir_new_stmt(p->arena, MS_CONTINUE,
                                            p->model_block->span);
    expect_invalid(p, "continue outside a loop");
}

static void test_verify_catches_projection_left(void **state)
{
    (void)state;
    MirProgram *p = transformed(program);
    /* target += (mu, 1.0).1 */
    MirStmt *last = p->model_block->stmts[p->model_block->nstmts - 1];
    assert_int_equal(last->kind, MS_TARGET_PE);
    MirExpr **items = arena_alloc(p->arena, sizeof(MirExpr *) * 2);
    items[0] = last->rhs;
    items[1] = last->rhs;
    const Type *types[2] = {TY(REAL), TY(REAL)};
    MirExpr *tuple = mir_call_internal(p->arena, FN_MAKE_TUPLE,
                                       ty_tuple(p->arena, 2, types), 2, items);
    MirExpr *proj = mir_new_expr(p->arena, MX_TUPLE_PROJ, TY(REAL),
                                 last->span);
    proj->args = arena_alloc(p->arena, sizeof(MirExpr *));
    proj->args[0] = tuple;
    proj->nargs = 1;
    proj->slot = 1;
    last->rhs = proj;
    expect_invalid(p, "a projection of FnMakeTuple__ is left");
}

static void test_verify_catches_data_tuple_left(void **state)
{
    (void)state;
    MirProgram *p = transformed(program);
    const Type *types[2] = {TY(REAL), TY(REAL)};
    VarId v = mir_new_var(p, "pair", MV_DATA, ty_tuple(p->arena, 2, types),
                          AD_DATA);
    MirStmt *decl = mir_new_stmt(p->arena, MS_DECL, p->prepare_data->span);
    decl->var = v;
    p->prepare_data->stmts[0] = decl;
    expect_invalid(p, "the data tuple 'pair' is not taken apart");
}

static VarId var_named(const MirProgram *p, const char *name)
{
    for (int v = 0; v < p->nvars; v++)
        if (strcmp(p->vars[v].name, name) == 0)
            return v;
    fail_msg("no variable %s", name);
    return -1;
}

/* mir/depend.c: through assignments, indices, loops and functions; not
 * through the per-node ad marks (every model-block local has one) */
static void test_param_dependence(void **state)
{
    (void)state;
    MirProgram *p = transformed(
        "functions {\n"
        "  real scale(real x, data real k) { real y = k; return x * y; }\n"
        "}\n"
        "data { int N; }\n"
        "parameters { real mu; vector[2] v; }\n"
        "transformed parameters { real tp = 2 * mu; }\n"
        "model {\n"
        "  real r = 2.0;\n"
        "  complex z = to_complex(r, 1);\n"
        "  for (i in 1:N) r = r + i;\n"
        "  array[2] real a;\n"
        "  a[1] = 1;\n"
        "  a[2] = v[1];\n"
        "  array[2] real b = {1.0, 2.0};\n"
        "  int k = 1;\n"
        "  real c = b[k];\n"
        "  real s = scale(r, 2.0);\n"
        "  if (mu > 0) c = 3;\n"
        "  target += r + c + s + a[1] + tp + get_real(z);\n"
        "}\n");
    MirDepends d = mir_param_dependence(p, p->arena);
    assert_int_equal(d.nvars, p->nvars);
    const char *depend[] = {"mu", "v", "tp", "a", "x"};
    const char *data[] = {"r", "z", "b", "k", "c", "y"};
    for (size_t i = 0; i < sizeof depend / sizeof depend[0]; i++)
        if (!d.var[var_named(p, depend[i])])
            fail_msg("'%s' should depend on the parameters", depend[i]);
    for (size_t i = 0; i < sizeof data / sizeof data[0]; i++)
        if (d.var[var_named(p, data[i])])
            fail_msg("'%s' should not depend on the parameters", data[i]);
    /* s = scale(r, 2.0): the function's argument x depends (any call may
     * pass a parameter), its result only through the arguments */
    assert_false(d.var[var_named(p, "s")]);
    assert_true(p->vars[var_named(p, "r")].ad == AD_AUTODIFF);
}

/* The first call of fn in s (and its operands', depth first). */
static const MirExpr *find_call(const MirExpr *e, const char *fn)
{
    if (!e)
        return NULL;
    if (e->kind == MX_CALL && e->fn && strcmp(e->fn, fn) == 0)
        return e;
    for (int i = 0; i < e->nargs; i++) {
        const MirExpr *c = find_call(e->args[i], fn);
        if (c)
            return c;
    }
    return NULL;
}

static const MirExpr *call_in(const MirStmt *s, const char *fn)
{
    if (!s)
        return NULL;
    const MirExpr *c = find_call(s->rhs, fn);
    if (!c)
        c = find_call(s->call, fn);
    if (!c)
        c = find_call(s->cond, fn);
    if (!c)
        c = call_in(s->body, fn);
    if (!c)
        c = call_in(s->else_body, fn);
    for (int i = 0; i < s->nstmts && !c; i++)
        c = call_in(s->stmts[i], fn);
    return c;
}

/* mir/effects.c: library calls that may reject are EFF_REJECTS (the
 * passes may neither delete them nor hoist them out of a condition); pure
 * arithmetic on reals is not */
static void test_library_effects(void **state)
{
    (void)state;
    static const struct {
        const char *stmt, *fn;
        bool rejects;
    } cases[] = {
        {"r = log(x) + exp(x);", "log", false},
        {"r = log(x) + exp(x);", "add", false},
        {"r = x * 2.5 - x / 3;", "divide", false},
        {"r = fmax(x, 1) + square(x);", "fmax", false},
        {"w = v * x;", "multiply", false},
        {"r = sum(v) + rows(v);", "sum", false},
        {"r = log1p(x);", "log1p", true},
        {"r = inv_Phi(x);", "inv_Phi", true},
        {"k = n %/% m;", "idivide", true},
        {"k = n / m;", "divide", true},
        {"k = n % m;", "modulus", true},
        {"k = n < m;", "logical_lt", false},
        {"k = n * m;", "multiply", true},
        {"k = -n;", "minus", true},
        {"w = v + v;", "add", true},
        {"r = v' * v;", "multiply", true},
        {"r = normal_lpdf(x | 0, 1);", "normal_lpdf", true},
        {"L = cholesky_decompose(M);", "cholesky_decompose", true},
        {"r = mean(v);", "mean", true},
        {"r = normal_rng(0, 1);", "normal_rng", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "data { int n; int m; vector[3] v; matrix[3, 3] M; }\n"
                 "transformed data {\n"
                 "  real x = 0.5; real r; int k; vector[3] w;\n"
                 "  matrix[3, 3] L;\n"
                 "  %s\n"
                 "}\n", cases[i].stmt);
        MirProgram *p = transformed(text);
        const MirExpr *c = call_in(p->prepare_data, cases[i].fn);
        if (!c)
            fail_msg("no call of %s in '%s'", cases[i].fn, cases[i].stmt);
        bool rejects = (c->effect & EFF_REJECTS) != 0;
        if (rejects != cases[i].rejects)
            fail_msg("%s in '%s': %s", cases[i].fn, cases[i].stmt,
                     rejects ? "may reject, but cannot" : "cannot reject, "
                     "but may");
        if ((mir_library_call_effect(c) & EFF_REJECTS) != (c->effect
                                                           & EFF_REJECTS))
            fail_msg("%s: the cached effect is stale", cases[i].fn);
        fe_unit_free(&unit);
    }
    /* by name alone: what cannot reject whatever its arguments */
    assert_int_equal(mir_library_effect("exp"), EFF_PURE);
    assert_int_equal(mir_library_effect("add"), EFF_REJECTS);
    assert_int_equal(mir_library_effect("bernoulli_rng"),
                     EFF_RNG | EFF_REJECTS);
    /* a user function's name says only _rng / _lp */
    assert_int_equal(mir_name_effect("my_helper"), EFF_PURE);
    assert_int_equal(mir_name_effect("my_lp"), EFF_TARGET);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_forms, teardown),
        cmocka_unit_test_teardown(test_verify_catches_break_in_log_density,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_early_return, teardown),
        cmocka_unit_test_teardown(test_verify_catches_break_outside_loop,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_projection_left,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_data_tuple_left,
                                  teardown),
        cmocka_unit_test_teardown(test_param_dependence, teardown),
        cmocka_unit_test_teardown(test_library_effects, teardown),
    };
    return cmocka_run_group_tests_name("mir_backend", tests, NULL, NULL);
}
