/* test_uninit.c - the must-be-assigned analysis of --warn-uninitialized
 * (analyses/uninit.c): for small programs with branches, loops that may
 * or surely run, break, return in a function, blocks with one name
 * declared twice and dead code, each test checks the fixpoint (which
 * variables are definitely assigned at a node's entry) and then the
 * reads the analysis reports. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analyses.h"

/* ------------------------------------------------------------- helpers */

static FeUnit unit;
static bool have_unit;

static int teardown(void **state)
{
    (void)state;
    if (have_unit)
        fe_unit_free(&unit);
    have_unit = false;
    return 0;
}

/* The program as lowered (what --warn-uninitialized analyses). */
static MirProgram *program(const char *text)
{
    FeOptions o = {0};
    if (have_unit)
        fe_unit_free(&unit);
    have_unit = true;
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    return mir_lower(&unit.arena, unit.prog, "test_model");
}

typedef struct Fix {
    Flowgraph *g;
    DfResult *r;
} Fix;

static Fix solve(MirProgram *p, MirStmt **body)
{
    Fix f;
    f.g = fg_build(&unit.arena, p, body);
    f.r = uninit_assigned(&unit.arena, f.g);
    return f;
}

/* The k-th variable named name (0: the first declared). */
static VarId var(const MirProgram *p, const char *name, int k)
{
    for (VarId v = 0; v < p->nvars; v++)
        if (strcmp(p->vars[v].name, name) == 0 && k-- == 0)
            return v;
    fail_msg("no variable '%s'", name);
    return -1;
}

/* The node of the simple statement (or test) that starts on line. */
static int at_line(const Flowgraph *g, int line)
{
    for (int i = 0; i < g->n; i++) {
        const FgNode *n = &g->nodes[i];
        if (n->stmt && n->stmt->span.begin.line == line
            && n->kind != FG_FOR_TEST && n->kind != FG_FOR_INCR)
            return i;
    }
    fail_msg("no node on line %d", line);
    return -1;
}

/* Whether v is definitely assigned at the entry of the node on line. */
static bool assigned_at(const Fix *f, VarId v, int line)
{
    return df_has(f->r->in[at_line(f->g, line)], v);
}

/* "name@line:col" for each reported read, ';'-separated. */
static char *reads(MirProgram *p)
{
    UninitUse *u;
    int n = uninit_uses(&unit.arena, p, &u);
    char *s = "";
    for (int i = 0; i < n; i++)
        s = arena_printf(&unit.arena, "%s%s%s@%d:%d", s, i ? ";" : "",
                         u[i].name, u[i].span.begin.line,
                         u[i].span.begin.col);
    return s;
}

/* --------------------------------------------------------------- tests */

static void test_branches(void **state)
{
    (void)state;
    MirProgram *p = program(
        "parameters { real mu; }\n"          /* 1 */
        "model {\n"
        "  real a;\n"
        "  real b;\n"
        "  if (mu > 0) {\n"                   /* 5 */
        "    a = 1;\n"
        "    b = 1;\n"
        "  } else {\n"
        "    a = 2;\n"
        "  }\n"                               /* 10 */
        "  target += a + b + mu;\n"
        "}\n");
    Fix f = solve(p, &p->log_prob);
    VarId a = var(p, "a", 0), b = var(p, "b", 0), mu = var(p, "mu", 0);
    /* declared, not yet assigned */
    assert_false(assigned_at(&f, a, 5));
    assert_false(assigned_at(&f, b, 5));
    /* inside the then arm, after a = 1 */
    assert_true(assigned_at(&f, a, 7));
    assert_false(assigned_at(&f, b, 7));
    /* after the if: a on both arms, b on one */
    assert_true(assigned_at(&f, a, 11));
    assert_false(assigned_at(&f, b, 11));
    /* a parameter is assigned by definition */
    assert_true(assigned_at(&f, mu, 5));
    assert_false(uninit_tracked(p, mu));
    assert_true(uninit_tracked(p, a));
    assert_string_equal(reads(p), "b@11:16");
}

static void test_loops(void **state)
{
    (void)state;
    MirProgram *p = program(
        "data { int N; int<lower=1> M; }\n"  /* 1 */
        "model {\n"
        "  real a;\n"
        "  real b;\n"
        "  real c;\n"                          /* 5 */
        "  for (n in 1:N) {\n"
        "    target += c;\n"
        "    a = n;\n"
        "    c = n;\n"
        "  }\n"                                /* 10 */
        "  for (m in 1:M) {\n"
        "    if (m > 2) break;\n"
        "    b = m;\n"
        "  }\n"
        "  target += a + b;\n"                 /* 15 */
        "  while (a < 3) {\n"
        "    a = a + 1;\n"
        "  }\n"
        "}\n");
    Fix f = solve(p, &p->log_prob);
    VarId a = var(p, "a", 0), b = var(p, "b", 0), c = var(p, "c", 0);
    VarId n = var(p, "n", 0);
    /* the body may run zero times: nothing it assigns is assigned after */
    assert_false(assigned_at(&f, a, 11));
    /* c is assigned at the end of an iteration, but not before the first:
     * the meet of the entry and the back edge */
    assert_false(assigned_at(&f, c, 7));
    assert_true(assigned_at(&f, a, 9));
    /* the loop variable is assigned by its loop, never followed */
    assert_false(uninit_tracked(p, n));
    assert_true(assigned_at(&f, n, 7));
    /* 1:M surely runs once, but the break may leave before b = m */
    assert_false(assigned_at(&f, b, 15));
    /* the while's test reads a, which only the first loop (which may not
     * run) assigns; the while's own a = a + 1 comes after the test */
    assert_false(assigned_at(&f, a, 16));
    assert_string_equal(reads(p), "c@7:14;a@15:12;b@15:16;a@16:9;a@17:8");
}

static void test_runs_once(void **state)
{
    (void)state;
    MirProgram *p = program(
        "data { int<lower=1> M; }\n"          /* 1 */
        "model {\n"
        "  real a;\n"
        "  real b;\n"
        "  for (i in 1:3) a = i;\n"            /* 5 */
        "  for (m in 1:M) b = m;\n"
        "  target += a + b;\n"
        "}\n");
    Fix f = solve(p, &p->log_prob);
    assert_true(assigned_at(&f, var(p, "a", 0), 7));
    assert_true(assigned_at(&f, var(p, "b", 0), 7));
    assert_string_equal(reads(p), "");
}

static void test_function_return(void **state)
{
    (void)state;
    MirProgram *p = program(
        "functions {\n"                        /* 1 */
        "  real f(real x) {\n"
        "    real y;\n"
        "    if (x > 0) {\n"
        "      y = x;\n"                       /* 5 */
        "    } else {\n"
        "      return 0;\n"
        "    }\n"
        "    return y;\n"
        "    y = 2;\n"                         /* 10: dead code */
        "  }\n"
        "}\n"
        "parameters { real mu; }\n"
        "model { target += f(mu); }\n");
    assert_int_equal(p->nfuns, 1);
    Fix f = solve(p, &p->funs[0].body);
    VarId x = var(p, "x", 0), y = var(p, "y", 0);
    assert_false(uninit_tracked(p, x));     /* an argument */
    assert_true(assigned_at(&f, x, 4));
    assert_false(assigned_at(&f, y, 4));
    /* the else arm returned: y is assigned on every path to the return */
    assert_true(assigned_at(&f, y, 9));
    /* dead code keeps the top value: everything assigned */
    assert_true(assigned_at(&f, y, 10));
    assert_string_equal(reads(p), "");
}

static void test_scopes(void **state)
{
    (void)state;
    MirProgram *p = program(
        "parameters { real mu; }\n"           /* 1 */
        "model {\n"
        "  {\n"
        "    real w = 1;\n"
        "    target += w;\n"                   /* 5 */
        "  }\n"
        "  {\n"
        "    real w;\n"
        "    target += w;\n"
        "  }\n"                                /* 10 */
        "  for (i in 1:3) {\n"
        "    real v;\n"
        "    target += v;\n"
        "    v = 1;\n"
        "  }\n"                                /* 15 */
        "}\n");
    Fix f = solve(p, &p->log_prob);
    VarId w0 = var(p, "w", 0), w1 = var(p, "w", 1), v = var(p, "v", 0);
    assert_true(w0 != w1);
    assert_true(assigned_at(&f, w0, 5));
    assert_false(assigned_at(&f, w1, 9));
    /* the first block's w is out of the way, not assigned "again" */
    assert_true(assigned_at(&f, w0, 9));
    /* v is declared afresh in every iteration: the assignment at the end
     * of one does not reach the read at the start of the next */
    assert_false(assigned_at(&f, v, 13));
    assert_string_equal(reads(p), "w@9:14;v@13:14");
}

static void test_partial_and_sections(void **state)
{
    (void)state;
    MirProgram *p = program(
        "data { int N; }\n"                    /* 1 */
        "transformed data {\n"
        "  vector[N] v;\n"
        "  v[1] = 1;\n"
        "  real t = sum(v);\n"                 /* 5 */
        "}\n"
        "parameters { real mu; }\n"
        "transformed parameters {\n"
        "  real tp;\n"
        "  real tq = tp + mu;\n"               /* 10 */
        "}\n"
        "model { mu ~ normal(0, 1); }\n"
        "generated quantities {\n"
        "  real g;\n"
        "  g += tq + t;\n"                     /* 15 */
        "}\n");
    Fix f = solve(p, &p->prepare_data);
    /* an assignment to an element assigns the variable (as stanc3) */
    assert_true(assigned_at(&f, var(p, "v", 0), 5));
    /* tp is read in log_prob and again in generate_quantities (which
     * computes the transformed parameters again): reported once */
    Fix gq = solve(p, &p->generate_quantities);
    VarId tp_gq = var(p, "tp", 1);
    assert_false(assigned_at(&gq, tp_gq, 10));
    assert_string_equal(reads(p), "tp@10:12;g@15:2");
    /* the warnings as the driver prints them */
    int before = unit.sink.diags.len;
    assert_int_equal(uninit_warn(p, &unit.sink), 2);
    const Diag *d = unit.sink.diags.items[before];
    assert_false(diag_is_error(d));
    assert_string_equal(d->msg, "The variable tp may not have been assigned "
                        "a value before its use.");
    assert_int_equal(d->span.begin.line, 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_branches, teardown),
        cmocka_unit_test_teardown(test_loops, teardown),
        cmocka_unit_test_teardown(test_runs_once, teardown),
        cmocka_unit_test_teardown(test_function_return, teardown),
        cmocka_unit_test_teardown(test_scopes, teardown),
        cmocka_unit_test_teardown(test_partial_and_sections, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
