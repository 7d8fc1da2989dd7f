/* test_mir.c - lowering to MIR: the program's shape, the effect class of
 * every call, and that mir_verify catches broken MIR (each fault injected
 * by hand must be reported). */
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

static MirProgram *lower(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    char why[256];
    if (!mir_verify(p, why, sizeof why))
        fail_msg("lowered MIR does not verify: %s", why);
    return p;
}

static const MirFun *fun(const MirProgram *p, const char *name)
{
    for (int i = 0; i < p->nfuns; i++)
        if (strcmp(p->funs[i].name, name) == 0)
            return &p->funs[i];
    fail_msg("no function %s", name);
    return NULL;
}

static void test_function_effects(void **state)
{
    (void)state;
    MirProgram *p = lower(
        "functions {\n"
        "  real pure(real x) { return 2 * x; }\n"
        "  real draw_rng(real mu) { return normal_rng(mu, 1); }\n"
        "  real add_lp(real x) { target += x; return x; }\n"
        "  void say(real x) { print(x); }\n"
        "  real loud(real x) { say(x); return x; }\n"
        "  real check(real x) { if (x < 0) reject(\"neg\"); return x; }\n"
        "  int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }\n"
        "  real wrap_rng(real x) { return draw_rng(x) + pure(x); }\n"
        "}\n");
    assert_int_equal(fun(p, "pure")->effect, EFF_PURE);
    assert_true(fun(p, "draw_rng")->effect & EFF_RNG);
    assert_true(fun(p, "add_lp")->effect & EFF_TARGET);
    assert_true(fun(p, "say")->effect & EFF_PRINTS);
    /* through a call of another user function */
    assert_true(fun(p, "loud")->effect & EFF_PRINTS);
    assert_true(fun(p, "check")->effect & EFF_REJECTS);
    /* recursion reaches a fixed point; int arithmetic may overflow */
    assert_int_equal(fun(p, "fact")->effect, EFF_REJECTS);
    assert_true(fun(p, "wrap_rng")->effect & EFF_RNG);
}

static void test_sections(void **state)
{
    (void)state;
    MirProgram *p = lower(
        "data { int N; vector[N] y; }\n"
        "transformed data { real m = mean(y); }\n"
        "parameters { real mu; real<lower=0> s; }\n"
        "transformed parameters { real t = mu * s; }\n"
        "model { y ~ normal(mu, s); }\n"
        "generated quantities { real r = normal_rng(mu, s); }\n");
    assert_int_equal(p->ninput, 2);
    assert_int_equal(p->noutput, 4);  /* mu, s, t, r */
    assert_string_equal(p->vars[p->output_vars[2]].name, "t");
    assert_int_equal(p->vars[p->output_vars[2]].kind, MV_TPARAM);
    assert_non_null(p->model_block);
    /* generate_quantities computes without derivatives */
    const MirStmt *gq = p->generate_quantities;
    for (int i = 0; i < gq->nstmts; i++)
        if (gq->stmts[i]->kind == MS_DECL)
            assert_int_equal(p->vars[gq->stmts[i]->var].ad, AD_DATA);
    mir_transform(p);
    char why[256];
    if (!mir_verify(p, why, sizeof why))
        fail_msg("transformed MIR does not verify: %s", why);
}

/* --- fault injection: each broken program must fail verification --- */

static void expect_invalid(MirProgram *p, const char *fragment)
{
    char why[256];
    assert_false(mir_verify(p, why, sizeof why));
    if (!strstr(why, fragment))
        fail_msg("expected \"%s\" in \"%s\"", fragment, why);
}

static const char *small =
    "data { int N; }\n"
    "parameters { real mu; }\n"
    "model { real a = mu; { real b = a; } mu ~ normal(0, 1); }\n";

static MirStmt *model_stmt(MirProgram *p, int i)
{
    return p->model_block->stmts[i];
}

static void test_verify_catches_out_of_scope_use(void **state)
{
    (void)state;
    MirProgram *p = lower(small);
    /* read `b` (declared in the inner block) after the block ended */
    MirStmt *inner = model_stmt(p, 2);
    assert_int_equal(inner->kind, MS_BLOCK);
    VarId b = inner->stmts[0]->var;
    MirStmt *last = model_stmt(p, 3);
    assert_int_equal(last->kind, MS_TARGET_PE);
    last->rhs->args[0] = mir_var(p, b);
    expect_invalid(p, "'b' is used outside its scope");
}

static void test_verify_catches_duplicate_name(void **state)
{
    (void)state;
    MirProgram *p = lower(small);
    /* declare `a` a second time in the same block */
    p->model_block->stmts[2] = model_stmt(p, 0);
    expect_invalid(p, "'a' is declared twice");
}

static void test_verify_catches_unsized_declaration(void **state)
{
    (void)state;
    MirProgram *p = lower("data { int N; vector[N] y; }\n");
    VarId y = p->input_vars[1];
    p->vars[y].sized.nsizes = 0;
    expect_invalid(p, "'y' of type vector is declared with 0 sizes");
}

static void test_verify_catches_ill_typed_assignment(void **state)
{
    (void)state;
    MirProgram *p = lower("transformed data { int n = 1; vector[2] v; }\n");
    MirStmt *assign = p->prepare_data->stmts[1];
    assert_int_equal(assign->kind, MS_ASSIGN);
    assign->rhs->type = TY(VECTOR);
    expect_invalid(p, "assignment of vector to 'n' of type int");
}

static void test_verify_catches_bad_condition(void **state)
{
    (void)state;
    MirProgram *p = lower("transformed data { vector[2] v; if (1) v[1] = 1; }\n");
    MirStmt *iff = p->prepare_data->stmts[1];
    assert_int_equal(iff->kind, MS_IF);
    iff->cond = mir_var(p, p->prepare_data->stmts[0]->var);
    expect_invalid(p, "condition of type vector");
}

/* The MIR is a tree: one call node in two statements (as a pass that
 * copies without cloning leaves it) fails; a shared variable leaf does not,
 * and the programs lowering and transform build are trees, tuples, sizes
 * and truncation bounds included (each of those shared nodes before). */
static void test_verify_catches_shared_node(void **state)
{
    (void)state;
    MirProgram *p = lower("data { real y; }\n"
                          "parameters { real mu; }\n"
                          "model { target += log(mu + y); target += y; }\n");
    MirStmt *first = model_stmt(p, 0), *second = model_stmt(p, 1);
    assert_int_equal(first->kind, MS_TARGET_PE);
    assert_int_equal(second->kind, MS_TARGET_PE);
    char why[256];
    assert_true(mir_verify(p, why, sizeof why));
    second->rhs = first->rhs->args[0];  /* mu + y, now in two places */
    expect_invalid(p, "an expression node (FunApp) is in two places");
    second->rhs = first->rhs->args[0]->args[1];   /* y: a leaf */
    assert_true(mir_verify(p, why, sizeof why));
}

static void test_transformed_programs_are_trees(void **state)
{
    (void)state;
    const char *programs[] = {
        /* a size in a declaration and in the parameter's read */
        "data { int K; }\n"
        "parameters { ordered[K - 1] c; }\n"
        "model { c ~ normal(0, 1); }\n",
        /* truncation bounds in the cdf and in the comparison */
        "data { real y; }\n"
        "parameters { real mu; }\n"
        "model { y ~ normal(mu, 1) T[-10, 10]; }\n",
        /* a function returning a tuple, split in two calls */
        "functions { tuple(real, vector) f(vector v) { return (sum(v), v); } }\n"
        "transformed data { tuple(real, vector[2]) t = f([1, 2]'); }\n",
        /* nested tuple unpacking */
        "transformed data { real a; real b; real c;\n"
        "  (a, (b, c)) = (1.0, (2.0, 3.0)); }\n",
    };
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        MirProgram *p = lower(programs[i]);   /* verifies the lowered MIR */
        mir_transform(p);
        char why[256];
        if (!mir_verify(p, why, sizeof why))
            fail_msg("program %zu, transformed: %s", i, why);
        fe_unit_free(&unit);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_function_effects, teardown),
        cmocka_unit_test_teardown(test_sections, teardown),
        cmocka_unit_test_teardown(test_verify_catches_out_of_scope_use,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_duplicate_name,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_unsized_declaration,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_ill_typed_assignment,
                                  teardown),
        cmocka_unit_test_teardown(test_verify_catches_bad_condition, teardown),
        cmocka_unit_test_teardown(test_verify_catches_shared_node, teardown),
        cmocka_unit_test(test_transformed_programs_are_trees),
    };
    return cmocka_run_group_tests_name("mir", tests, NULL, NULL);
}
