/* test_typecheck.c - the typechecker: the types and AD levels it gives
 * expressions, the rules of each block, user functions and overloading,
 * and that several independent errors are all reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "frontend.h"

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

static bool check(const char *text)
{
    FeOptions o = {0};
    return fe_compile(&unit, "test.stan", text, &o);
}

/* The message of the first error, or "" when there is none. */
static const char *first_error(void)
{
    for (int i = 0; i < unit.sink.diags.len; i++) {
        const Diag *d = unit.sink.diags.items[i];
        if (diag_is_error(d))
            return d->msg;
    }
    return "";
}

static int first_error_line(void)
{
    for (int i = 0; i < unit.sink.diags.len; i++) {
        const Diag *d = unit.sink.diags.items[i];
        if (diag_is_error(d))
            return d->span.begin.line;
    }
    return -1;
}

static void expect_error(const char *text, const char *fragment, int line)
{
    assert_false(check(text));
    const char *msg = first_error();
    if (!strstr(msg, fragment))
        fail_msg("expected an error containing \"%s\", got \"%s\"", fragment,
                 msg);
    assert_int_equal(first_error_line(), line);
}

/* The type, printed, of the initializer of the last declaration in the
 * model block. */
static const char *init_type(const char *text)
{
    if (!check(text))
        fail_msg("unexpected error: %s", first_error());
    const Block *b = &unit.prog->blocks[BLK_MODEL];
    const Stmt *s = b->stmts[b->nstmts - 1];
    assert_int_equal(s->kind, ST_DECL);
    return ty_str(&unit.arena, s->decl->init->type);
}

static void test_expression_types(void **state)
{
    (void)state;
    assert_string_equal(init_type("model { vector[3] v; real x = v[1]; }"),
                        "real");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { matrix[3, 3] m; array[2] int i = {1, 2};\n"
        " matrix[2, 3] r = m[i]; }"), "matrix");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { matrix[3, 3] m; vector[3] c = m[:, 2]; }"), "vector");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { array[2, 3] vector[4] a; array[3] vector[4] b = a[1]; }"),
        "array[] vector");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { array[2, 3] real a; array[2] real b = a[:, 1]; }"),
        "array[] real");
    fe_unit_free(&unit);
    assert_string_equal(init_type("model { real x = 1 ? 2 : 3.0; }"), "real");
    fe_unit_free(&unit);
    assert_string_equal(init_type("model { complex z = 2 + 3i; }"),
                        "complex");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { row_vector[2] r = [1, 2]; }"), "row_vector");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { matrix[2, 2] m = [[1, 2], [3, 4]]; }"), "matrix");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { array[2, 2] int a = {{1, 2}, {3, 4}}; }"), "array[,] int");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { tuple(real, int) t = (1.5, 2); real x = t.1; }"), "real");
    fe_unit_free(&unit);
    assert_string_equal(init_type(
        "model { vector[3] v; row_vector[3] r = v'; }"), "row_vector");
}

static void test_ad_levels(void **state)
{
    (void)state;
    assert_true(check("data { real y; }\n"
                      "parameters { real mu; }\n"
                      "model { real a = y + 1; real b = mu * y; "
                      "int n = 3; }"));
    const Block *b = &unit.prog->blocks[BLK_MODEL];
    assert_int_equal(b->stmts[0]->decl->init->ad, AD_DATA);
    assert_int_equal(b->stmts[1]->decl->init->ad, AD_AUTODIFF);
    assert_int_equal(b->stmts[2]->decl->init->ad, AD_DATA);
}

static void test_block_rules(void **state)
{
    (void)state;
    expect_error("parameters { real mu; }\n"
                 "model { mu ~ normal(0, 1); }\n"
                 "generated quantities { mu = 1; }",
                 "Cannot assign to global variable 'mu'", 3);
    fe_unit_free(&unit);
    expect_error("data { real y; }\ntransformed data { y = 2; }",
                 "Cannot assign to global variable 'y'", 2);
    fe_unit_free(&unit);
    expect_error("parameters { real mu; }\n"
                 "model { real x = normal_rng(0, 1); }",
                 "Random number generators are only allowed", 2);
    fe_unit_free(&unit);
    expect_error("transformed data { real x = 1; target += x; }",
                 "Target can only be accessed", 1);
    fe_unit_free(&unit);
    expect_error("parameters { real mu; }\n"
                 "model { mu ~ normal(0, 1);\n jacobian += mu; }",
                 "jacobian adjustment can only be applied", 3);
    fe_unit_free(&unit);
    expect_error("model {\n break;\n}", "Break and continue", 2);
    fe_unit_free(&unit);
    expect_error("parameters {\n int n;\n}", "Parameters cannot be integers",
                 2);
    fe_unit_free(&unit);
    expect_error("parameters { real mu; }\n"
                 "transformed parameters { array[2] real a; }\n"
                 "model { vector[2] v; }\n"
                 "generated quantities { array[size(a)] real b; }",
                 "Non-data variables are not allowed", 4);
}

static void test_sizes_must_be_data(void **state)
{
    (void)state;
    assert_true(check("data { int N; } parameters { vector[N] v; }"));
    fe_unit_free(&unit);
    expect_error("data { real x; }\nparameters { vector[x] v; }",
                 "must be of type int", 2);
}

static void test_scopes(void **state)
{
    (void)state;
    expect_error("model {\n real x;\n {\n  real x;\n }\n}",
                 "Identifier 'x' is already in use", 4);
    fe_unit_free(&unit);
    /* sibling scopes may reuse a name */
    assert_true(check("model { { real x; } { real x; } "
                      "for (i in 1:2) { real y; } for (i in 1:2) { real y; } "
                      "}"));
    fe_unit_free(&unit);
    expect_error("model {\n for (i in 1:3) {\n  i = 2;\n }\n}",
                 "Cannot assign to function argument or loop identifier", 3);
    fe_unit_free(&unit);
    expect_error("model { real y = z; }", "Identifier 'z' not in scope", 1);
}

static void test_functions(void **state)
{
    (void)state;
    assert_true(check(
        "functions {\n"
        "  int fib(int n);\n"
        "  int fib(int n) { if (n < 2) return n; "
        "return fib(n - 1) + fib(n - 2); }\n"
        "  real twice(real x) { return 2 * x; }\n"
        "  vector twice(vector x) { return 2 * x; }\n"
        "  real my_lpdf(real y, real mu) { return -square(y - mu); }\n"
        "}\n"
        "transformed data { int f = fib(10); vector[2] v = twice([1, 2]'); }\n"
        "parameters { real mu; }\n"
        "model { mu ~ my(0); target += my_lupdf(mu | 1); }\n"));
    fe_unit_free(&unit);
    expect_error("functions {\n real f(real x) {\n  if (x > 0) return x;\n }\n}",
                 "return statement of correct type in every branch", 2);
    fe_unit_free(&unit);
    expect_error("functions {\n real g(real x);\n}", "without specifying a "
                 "definition", 2);
    fe_unit_free(&unit);
    /* @extern: the definition comes from outside */
    assert_true(check("functions { @extern real g(real x); }\n"
                      "model { real y = g(1.0); }"));
    fe_unit_free(&unit);
    expect_error("functions {\n real f_lpdf(int y) { return 0; }\n}",
                 "require real variates", 2);
    fe_unit_free(&unit);
    expect_error("functions {\n real f(data real x) { return x; }\n}\n"
                 "parameters { real mu; }\n"
                 "model { real y = f(mu); }", "must be data-only", 5);
}

static void test_distributions(void **state)
{
    (void)state;
    expect_error("parameters { real mu; }\nmodel { mu ~ normal_lpdf(0, 1); }",
                 "without its \"_lpdf/_lupdf\"", 2);
    fe_unit_free(&unit);
    expect_error("parameters { real mu; }\nmodel { mu ~ nosuch(0, 1); }",
                 "No distribution 'nosuch'", 2);
    fe_unit_free(&unit);
    expect_error("parameters { real mu; }\n"
                 "model { target += normal_lpdf(mu, 0, 1); }",
                 "require a vertical bar", 2);
    fe_unit_free(&unit);
    expect_error("parameters { vector[1] v; }\n"
                 "model { v ~ multi_normal([0]', [[1]]) T[0, 1]; }",
                 "Truncation is only defined", 2);
    fe_unit_free(&unit);
    assert_true(check("data { int n; } parameters { real<lower=0> l; }\n"
                      "model { n ~ poisson(l) T[0, 10]; l ~ exponential(1); }"));
}

static void test_several_errors(void **state)
{
    (void)state;
    assert_false(check("model {\n real a = b;\n int c = 1.5;\n}"));
    assert_int_equal(unit.sink.nerrors, 2);
    assert_int_equal(first_error_line(), 2);
    fe_unit_free(&unit);
    /* one undeclared variable used twice in one expression: the failed
     * subexpression does not cascade into a type error */
    assert_false(check("model {\n real a = b + b * 2;\n}"));
    assert_int_equal(unit.sink.nerrors, 2);
}

static void test_annotations(void **state)
{
    (void)state;
    assert_true(check("parameters { @soa @bogus(1, (2)) vector[3] v; }"));
    assert_int_equal(unit.sink.nwarnings, 1);
    const Diag *d = unit.sink.diags.items[0];
    assert_non_null(strstr(d->msg, "@bogus"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_expression_types, teardown),
        cmocka_unit_test_teardown(test_ad_levels, teardown),
        cmocka_unit_test_teardown(test_block_rules, teardown),
        cmocka_unit_test_teardown(test_sizes_must_be_data, teardown),
        cmocka_unit_test_teardown(test_scopes, teardown),
        cmocka_unit_test_teardown(test_functions, teardown),
        cmocka_unit_test_teardown(test_distributions, teardown),
        cmocka_unit_test_teardown(test_several_errors, teardown),
        cmocka_unit_test_teardown(test_annotations, teardown),
    };
    return cmocka_run_group_tests_name("typecheck", tests, NULL, NULL);
}
