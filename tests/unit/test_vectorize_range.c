/* test_vectorize_range.c - the int arithmetic vectorize-loops reasons with
 * (mir/passes/vectorize.h): linear forms of loop bounds, what they print
 * as, and the bounds proved from the data's declarations.  Each test
 * compiles a program whose model block holds loops and asks about their
 * bounds (the pass's own behaviour is in the opt_vectorize_* goldens). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"
#include "passes.h"
#include "vectorize.h"

static FeUnit unit;

static MirProgram *compile(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    mir_refresh(p);
    return p;
}

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

typedef struct Loops {
    MirStmt *loop[8];
    int n;
} Loops;

static bool find_loop(MirStmt *s, void *ctx)
{
    Loops *l = ctx;
    if (s->kind == MS_FOR && l->n < 8)
        l->loop[l->n++] = s;
    return true;
}

/* The for loops of log_prob, in order. */
static Loops loops(MirProgram *p)
{
    Loops l = {.n = 0};
    MirVisitor v = {.stmt = find_loop, .ctx = &l};
    mir_visit_stmt(p->log_prob, &v);
    return l;
}

static VarId var(const MirProgram *p, const char *name)
{
    for (int i = 0; i < p->nvars; i++)
        if (strcmp(p->vars[i].name, name) == 0)
            return i;
    fail_msg("no variable '%s'", name);
    return -1;
}

/* The printed form of the linear form l. */
static const char *text(MirProgram *p, const VecLin *l)
{
    static char buf[256];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    mir_pretty_expr(f, p, vec_lin_expr(p, l));
    fclose(f);
    return buf;
}

static const char *const program =
    "data {\n"
    "  int<lower=2> N;\n"
    "  int<lower=0, upper=3> K;\n"
    "  int M;\n"
    "  vector[N] y;\n"
    "  array[N] int<lower=1, upper=M> g;\n"
    "}\n"
    "parameters { real mu; }\n"
    "model {\n"
    "  for (n in (N - 1 + K):size(y)) mu ~ normal(0, 1);\n"
    "  for (n in -(2 * K):(N * M)) mu ~ normal(0, 1);\n"
    "  for (n in (K - K + 3):(2 * N - N)) mu ~ normal(0, 1);\n"
    "}\n";

/* lo = N + K - 1: the constant last, atoms in order; size(y) is y's
 * declared size N; both read only data. */
static void test_lin_forms(void **state)
{
    (void)state;
    MirProgram *p = compile(program);
    Loops l = loops(p);
    assert_int_equal(l.n, 3);
    VecLin lo, hi;
    assert_true(vec_lin(p, l.loop[0]->lo, &lo));
    assert_string_equal(text(p, &lo), "((N + K) - 1)");
    assert_true(vec_lin(p, l.loop[0]->hi, &hi));
    assert_string_equal(text(p, &hi), "N");
    assert_true(vec_lin_fixed(p, &lo));
    /* -(2 * K): a negative first term */
    assert_true(vec_lin(p, l.loop[1]->lo, &lo));
    assert_string_equal(text(p, &lo), "-(2 * K)");
    /* N * M is not linear */
    assert_false(vec_lin(p, l.loop[1]->hi, &hi));
    /* K - K + 3 is the constant 3; 2 * N - N is N */
    long long k;
    assert_true(vec_lin(p, l.loop[2]->lo, &lo));
    assert_true(vec_lin_const(&lo, &k));
    assert_int_equal(k, 3);
    assert_true(vec_lin(p, l.loop[2]->hi, &hi));
    assert_string_equal(text(p, &hi), "N");
}

/* Bounds from the declarations: N >= 2, 0 <= K <= 3; M has none. */
static void test_bounds(void **state)
{
    (void)state;
    MirProgram *p = compile(program);
    Loops l = loops(p);
    VecLin lo, d;
    long long min, max;
    assert_true(vec_lin(p, l.loop[0]->lo, &lo));       /* N + K - 1 */
    assert_true(vec_lin_min(p, &lo, &min));
    assert_int_equal(min, 1);
    assert_false(vec_lin_max(p, &lo, &max));            /* N unbounded */
    assert_true(vec_lin(p, l.loop[1]->lo, &lo));        /* -(2 * K) */
    assert_true(vec_lin_min(p, &lo, &min));
    assert_int_equal(min, -6);
    assert_true(vec_lin_max(p, &lo, &max));
    assert_int_equal(max, 0);
    /* y's size is N; g's elements lie in 1..M */
    assert_true(vec_lin_size(p, var(p, "y"), &d));
    assert_string_equal(text(p, &d), "N");
    VecLin lower, upper;
    assert_true(vec_int_bounds(p, var(p, "g"), &lower, &upper));
    assert_string_equal(text(p, &upper), "M");
    assert_true(vec_lin_min(p, &lower, &min));
    assert_int_equal(min, 1);
    /* not an int array with both bounds */
    assert_false(vec_int_bounds(p, var(p, "y"), &lower, &upper));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_lin_forms, teardown),
        cmocka_unit_test_teardown(test_bounds, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
