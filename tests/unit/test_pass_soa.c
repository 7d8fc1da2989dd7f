/* test_pass_soa.c - the soa pass (Stan in, memory patterns out): which
 * vectors and matrices stay SoA, which become AoS and the reason recorded
 * for each, the annotations (@aos forces AoS; an impossible @soa is
 * refused with its reason), and that every read of a variable carries its
 * variable's pattern.  The MIR printer does not show memory patterns
 * (issue 9 prints them), so this is a unit test, not a golden one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"
#include "passes.h"

static FeUnit unit;

static MirProgram *run_soa(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    const PassInfo *soa = pass_find("soa");
    assert_non_null(soa);
    char why[512];
    assert_true(pass_run(p, &soa, 1, NULL, NULL, why, sizeof why));
    return p;
}

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

/* The log_prob variable named name. */
static const MirVar *var(const MirProgram *p, const char *name)
{
    const MirVar *found = NULL;
    for (int i = 0; i < p->nvars; i++)
        if (strcmp(p->vars[i].name, name) == 0 && p->vars[i].ad == AD_AUTODIFF)
            found = &p->vars[i];
    if (!found)
        fail_msg("no variable '%s' with derivatives", name);
    return found;
}

static void assert_soa(const MirProgram *p, const char *name)
{
    const MirVar *v = var(p, name);
    if (v->mem != MEM_SOA)
        fail_msg("'%s' is AoS: %s", name, v->mem_reason ? v->mem_reason : "?");
    assert_null(v->mem_reason);
}

static void assert_aos(const MirProgram *p, const char *name,
                       const char *reason)
{
    const MirVar *v = var(p, name);
    if (v->mem != MEM_AOS)
        fail_msg("'%s' is SoA, expected AoS (%s)", name, reason);
    assert_non_null(v->mem_reason);
    if (!strstr(v->mem_reason, reason))
        fail_msg("'%s': reason '%s', expected '%s'", name, v->mem_reason,
                 reason);
}

static void test_whole_and_elementwise(void **state)
{
    (void)state;
    MirProgram *p = run_soa(
        "data { int N; vector[N] y; matrix[N, 2] X; }\n"
        "parameters { vector[2] beta; vector[N] z; vector[N] w;\n"
        "             vector[N] u; real mu; }\n"
        "model {\n"
        "  vector[N] eta = X * beta;\n"
        "  y ~ normal(eta, 1);\n"
        "  for (n in 1:N) target += -z[n];\n"
        "  vector[N] v;\n"
        "  v[1] = mu;\n"
        "  vector[N] c = w;\n"
        "  c = v;\n"
        "  target += sort_asc(u)[1];\n"
        "}\n");
    assert_soa(p, "beta");
    assert_soa(p, "eta");
    assert_aos(p, "z", "Accessed by element in a for loop");
    assert_aos(p, "v", "Assigned by element");
    assert_aos(p, "c", "Right hand side contains AoS expressions (v)");
    assert_aos(p, "w", "Assigned to the AoS variable (c)");
    assert_aos(p, "u", "Function sort_asc is not supported");
    /* the statement that decided, for --debug-mem-patterns */
    assert_int_equal(var(p, "z")->mem_reason_span.end.line, 7);
    assert_int_equal(var(p, "v")->mem_reason_span.end.line, 9);
    assert_int_equal(var(p, "w")->mem_reason_span.end.line, 10);
    /* data has no derivatives: not considered */
    for (int i = 0; i < p->nvars; i++)
        if (strcmp(p->vars[i].name, "X") == 0)
            assert_null(p->vars[i].mem_reason);
}

static bool check_reads(MirExpr *e, void *ctx)
{
    const MirProgram *p = ctx;
    if (e->kind == MX_VAR && e->var >= 0)
        assert_int_equal(e->mem, p->vars[e->var].mem);
    return true;
}

static void test_reads_carry_the_pattern(void **state)
{
    (void)state;
    MirProgram *p = run_soa(
        "parameters { vector[3] a; vector[3] b; }\n"
        "model { a ~ normal(0, 1); for (i in 1:3) target += b[i]; }\n");
    assert_soa(p, "a");
    assert_aos(p, "b", "in a for loop");
    MirVisitor v = {.expr = check_reads, .ctx = p};
    mir_visit_program(p, &v);
}

static void test_annotations(void **state)
{
    (void)state;
    MirProgram *p = run_soa(
        "parameters { @aos vector[3] a; @soa vector[3] b;\n"
        "             @soa vector[3] c; }\n"
        "model { a ~ normal(0, 1); c ~ normal(0, 1);\n"
        "        for (i in 1:3) target += b[i]; }\n");
    assert_aos(p, "a", "Forced by @aos");
    assert_aos(p, "b", "@soa refused: Accessed by element in a for loop");
    assert_soa(p, "c");
}

static void test_user_function(void **state)
{
    (void)state;
    MirProgram *p = run_soa(
        "functions { real f(vector x) { return sum(x); } }\n"
        "parameters { vector[3] a; }\n"
        "model { target += f(a); }\n");
    assert_aos(p, "a", "Used in user defined function");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_whole_and_elementwise, teardown),
        cmocka_unit_test_teardown(test_reads_carry_the_pattern, teardown),
        cmocka_unit_test_teardown(test_annotations, teardown),
        cmocka_unit_test_teardown(test_user_function, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
