/* test_pass_budget.c - the growth budget of the passes that copy code
 * (mir/passes/budget.h): on a program whose copies would multiply (a
 * deep loop nest, a doubling chain, a large @inline body called many
 * times, many small loops) each pass stops at max(2 x the program, the
 * program + PASS_GROWTH_SLACK) nodes and says in its log how many sites it
 * left; on a small program it rewrites every site as before, with nothing
 * in its log (the golden tests pass_* show those rewrites). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "budget.h"
#include "mir.h"
#include "passes.h"

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

typedef struct Run {
    MirProgram *p;
    long long before, after, limit;
    char *log;          /* what the pass wrote into its log (malloc'd) */
} Run;

static bool count_expr(MirExpr *e, void *ctx)
{
    (void)e;
    ++*(long long *)ctx;
    return true;
}

static bool count_stmt(MirStmt *s, void *ctx)
{
    (void)s;
    ++*(long long *)ctx;
    return true;
}

static long long program_nodes(MirProgram *p)
{
    long long n = 0;
    MirVisitor v = {.expr = count_expr, .stmt = count_stmt, .ctx = &n};
    mir_visit_program(p, &v);
    return n;
}

/* text checked, lowered and transformed, then the pass named pass run
 * on it through pass_run with a log. */
static Run run_pass(const char *text, const char *pass)
{
    FeOptions o = {0};
    fe_unit_free(&unit);
    memset(&unit, 0, sizeof unit);
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    Run r = {.p = mir_lower(&unit.arena, unit.prog, "test_model")};
    mir_transform(r.p);
    r.before = program_nodes(r.p);
    r.limit = r.before > PASS_GROWTH_SLACK ? 2 * r.before
        : r.before + PASS_GROWTH_SLACK;
    const PassInfo *info = pass_find(pass);
    assert_non_null(info);
    size_t n = 0;
    FILE *log = open_memstream(&r.log, &n);
    assert_non_null(log);
    char why[512];
    if (!pass_run(r.p, &info, 1, log, NULL, why, sizeof why))
        fail_msg("%s", why);
    fclose(log);
    r.after = program_nodes(r.p);
    return r;
}

/* n nested loops over 1:2 around a density statement */
static char *nest(int n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    fprintf(f, "parameters { real x; }\nmodel {\n");
    for (int i = 0; i < n; i++)
        fprintf(f, "for (i%d in 1:2) {\n", i);
    fprintf(f, "x ~ normal(0, 1);\n");
    for (int i = 0; i < n; i++)
        fprintf(f, "}\n");
    fprintf(f, "}\n");
    fclose(f);
    return buf;
}

static bool count_for(MirStmt *s, void *ctx)
{
    if (s->kind == MS_FOR)
        ++*(int *)ctx;
    return true;
}

static int loops(MirProgram *p)
{
    int n = 0;
    MirVisitor v = {.stmt = count_for, .ctx = &n};
    mir_visit_program(p, &v);
    return n;
}

static void assert_log(const char *log, const char *want)
{
    if (!strstr(log, want))
        fail_msg("the log lacks \"%s\":\n%s", want, log);
}

/* A nest of three: every loop peeled (the innermost loop's rest once per
 * copy of its body: 4 + 2 + 1 loops), nothing logged. */
static void test_small_nest_peeled(void **state)
{
    (void)state;
    char *text = nest(3);
    Run r = run_pass(text, "one-step-unroll");
    assert_int_equal(loops(r.p), 7);
    assert_string_equal(r.log, "");
    free(r.log);
    free(text);
}

/* A nest of 40: the inner loops peeled until the budget, the outer ones
 * left whole (2^40 copies before). */
static void test_deep_nest_within_budget(void **state)
{
    (void)state;
    char *text = nest(40);
    Run r = run_pass(text, "one-step-unroll");
    assert_true(r.after <= r.limit);
    assert_true(r.after > r.before + PASS_GROWTH_SLACK / 2);
    int n = loops(r.p);
    assert_true(n > 40 && n < 10000);
    char want[128];
    snprintf(want, sizeof want, "loops left as they were: the growth budget "
             "(%lld nodes) was spent\n", r.limit);
    assert_log(r.log, "one-step-unroll: ");
    assert_log(r.log, want);
    free(r.log);
    free(text);
}

/* The same nest unrolled: each loop's copies are bounded by the pass's
 * own limit (unroll.c), which keeps the nest linear; nothing logged. */
static void test_deep_nest_unrolled(void **state)
{
    (void)state;
    char *text = nest(40);
    Run r = run_pass(text, "unroll");
    assert_true(r.after <= r.limit);
    assert_string_equal(r.log, "");
    free(r.log);
    free(text);
}

/* Many small loops, each within unroll's own limit: the program budget
 * stops them. */
static void test_many_loops_unrolled(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    fprintf(f, "parameters { real x; }\nmodel {\n");
    for (int i = 0; i < 400; i++)
        fprintf(f, "for (i in 1:8) { target += -square(x - i * %d) / 2; }\n",
                i + 1);
    fprintf(f, "}\n");
    fclose(f);
    Run r = run_pass(buf, "unroll");
    assert_true(r.after <= r.limit);
    assert_true(loops(r.p) > 0 && loops(r.p) < 400);
    assert_log(r.log, "unroll: ");
    assert_log(r.log, "loops left as they were: the growth budget");
    free(r.log);
    free(buf);
}

/* y1 = y0 + y0, y2 = y1 + y1, ...: each use a copy of a value that holds
 * the copies (2^40 leaves before). */
static void test_chain_propagated_within_budget(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    fprintf(f, "parameters { real x; }\nmodel {\nreal y0 = x;\n");
    for (int i = 1; i <= 40; i++)
        fprintf(f, "real y%d = y%d + y%d;\n", i, i - 1, i - 1);
    fprintf(f, "target += -square(y40) / 2;\n}\n");
    fclose(f);
    Run r = run_pass(buf, "exprprop");
    assert_true(r.after <= r.limit);
    assert_log(r.log, "exprprop: ");
    assert_log(r.log, "uses left as they were: the growth budget");
    free(r.log);
    /* a short chain is propagated to its end, as before */
    Run s = run_pass("parameters { real x; }\nmodel {\nreal y0 = x;\n"
                     "real y1 = y0 + y0;\nreal y2 = y1 + y1;\n"
                     "target += y2;\n}\n", "exprprop");
    assert_string_equal(s.log, "");
    char *mir = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&mir, &n);
    assert_non_null(m);
    mir_pretty(m, s.p);
    fclose(m);
    if (!strstr(mir, "target += ((x + x) + (x + x));"))
        fail_msg("the short chain was not propagated:\n%s", mir);
    free(mir);
    free(s.log);
    free(buf);
}

/* An @inline function of a large body called from many places: the
 * calls past the budget stay calls. */
static void test_inline_within_budget(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    fprintf(f, "functions {\n@inline\nreal big(real x) {\nreal s = 0;\n");
    for (int i = 0; i < 200; i++)
        fprintf(f, "s += x * %d;\n", i + 1);
    fprintf(f, "return s;\n}\n}\nparameters { real x; }\nmodel {\n");
    for (int i = 0; i < 200; i++)
        fprintf(f, "target += big(x + %d);\n", i);
    fprintf(f, "}\n");
    fclose(f);
    Run r = run_pass(buf, "inline");
    assert_true(r.after <= r.limit);
    assert_true(r.after > r.before);
    assert_log(r.log, "inline: ");
    assert_log(r.log, "calls left as they were: the growth budget");
    free(r.log);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_small_nest_peeled, teardown),
        cmocka_unit_test_teardown(test_deep_nest_within_budget, teardown),
        cmocka_unit_test_teardown(test_deep_nest_unrolled, teardown),
        cmocka_unit_test_teardown(test_many_loops_unrolled, teardown),
        cmocka_unit_test_teardown(test_chain_propagated_within_budget,
                                  teardown),
        cmocka_unit_test_teardown(test_inline_within_budget, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
