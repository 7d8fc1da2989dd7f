/* test_dataflow.c - the flowgraph and the dataflow analyses (mir/flowgraph.c,
 * mir/dataflow.c): for small programs with loops, nested branches,
 * break/continue, reassignment, shadowing and one name declared in two
 * scopes, each test checks the fixpoint: which definitions reach which
 * node, which variables are live where, which expressions are available
 * or anticipated, and where lazy code motion computes and reuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"

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

/* The flowgraph of log_prob of a checked program (the model block's
 * statements: the tests' programs have no parameters), after the
 * backend's transformations when transform is set (which turn break,
 * continue and return into flags), as lowered otherwise. */
static Flowgraph *graph_of(const char *text, bool transform)
{
    FeOptions o = {0};
    if (have_unit)
        fe_unit_free(&unit);
    have_unit = true;
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    if (transform)
        mir_transform(p);
    return fg_build(&unit.arena, p, &p->log_prob);
}

static Flowgraph *graph(const char *text)
{
    return graph_of(text, true);
}

/* As lowered: break, continue and return as written. */
static Flowgraph *graph_lowered(const char *text)
{
    return graph_of(text, false);
}

/* The k-th variable named name (0: the first declared). */
static VarId var(const Flowgraph *g, const char *name, int k)
{
    for (VarId v = 0; v < g->p->nvars; v++)
        if (strcmp(g->p->vars[v].name, name) == 0 && k-- == 0)
            return v;
    fail_msg("no variable '%s'", name);
    return -1;
}

/* The k-th node (in program order) of a simple statement of kind sk; for
 * an assignment, one to a variable named name. */
static int stmt(const Flowgraph *g, MirStmtKind sk, const char *name, int k)
{
    for (int i = 0; i < g->n; i++) {
        const FgNode *n = &g->nodes[i];
        if (n->kind != FG_STMT || n->stmt->kind != sk)
            continue;
        if (name && (n->stmt->lhs.var < 0
                     || strcmp(g->p->vars[n->stmt->lhs.var].name, name) != 0))
            continue;
        if (k-- == 0)
            return i;
    }
    fail_msg("no statement %s %s", mir_stmt_kind_name(sk), name ? name : "");
    return -1;
}

static int assign(const Flowgraph *g, const char *name, int k)
{
    return stmt(g, MS_ASSIGN, name, k);
}

/* The k-th node of kind fk. */
static int node(const Flowgraph *g, FgNodeKind fk, int k)
{
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].kind == fk && k-- == 0)
            return i;
    fail_msg("no %s node", fg_kind_name(fk));
    return -1;
}

static bool succ_is(const Flowgraph *g, int from, int to)
{
    for (int k = 0; k < g->nodes[from].nsucc; k++)
        if (g->nodes[from].succ[k] == to)
            return true;
    return false;
}

/* The text of an expression, for finding it in the universe. */
static char *text(const MirProgram *p, const MirExpr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    mir_pretty_expr(f, p, e);
    fclose(f);
    return buf;
}

/* The id of the k-th expression of the universe printed as want. */
static int expr(const Flowgraph *g, const DfExprs *x, const char *want, int k)
{
    for (int id = 0; id < x->n; id++) {
        char *t = text(g->p, x->expr[id]);
        bool same = strcmp(t, want) == 0;
        free(t);
        if (same && k-- == 0)
            return id;
    }
    fail_msg("no expression %s in the universe", want);
    return -1;
}

/* ------------------------------------------------------------- flowgraph */

static void test_flowgraph_edges(void **state)
{
    (void)state;
    Flowgraph *g = graph_lowered(
        "data { int N; }\n"
        "model {\n"
        "  real x = 0;\n"
        "  for (i in 1:N) {\n"
        "    if (x > 3) continue;\n"
        "    x = x + 1;\n"
        "  }\n"
        "  while (x < 10) {\n"
        "    if (x > 5) break;\n"
        "    x = x * 2;\n"
        "  }\n"
        "  print(x);\n"
        "}\n");
    int init = node(g, FG_FOR_INIT, 0), test = node(g, FG_FOR_TEST, 0);
    int incr = node(g, FG_FOR_INCR, 0), wtest = node(g, FG_WHILE, 0);
    int cont = stmt(g, MS_CONTINUE, NULL, 0), brk = stmt(g, MS_BREAK, NULL, 0);
    int print = stmt(g, MS_CALL, NULL, 0);
    /* a loop of unknown length is tested before its first iteration */
    assert_true(succ_is(g, init, test));
    assert_int_equal(g->nodes[init].nsucc, 1);
    assert_true(succ_is(g, test, node(g, FG_IF, 0)));
    assert_true(succ_is(g, test, wtest));
    assert_true(succ_is(g, incr, test));
    /* continue goes to the increment, break out of the loop */
    assert_int_equal(g->nodes[cont].nsucc, 1);
    assert_true(succ_is(g, cont, incr));
    assert_int_equal(g->nodes[brk].nsucc, 1);
    assert_true(succ_is(g, brk, print));
    /* the while's back edge and its exit */
    assert_true(succ_is(g, assign(g, "x", 2), wtest));
    assert_true(succ_is(g, wtest, print));
    assert_true(succ_is(g, print, g->exit));
    /* where code can be put: before a statement, not before a loop test */
    assert_non_null(g->nodes[init].slot);
    assert_null(g->nodes[test].slot);
    assert_null(g->nodes[wtest].slot);
    assert_true(*g->nodes[print].slot == g->nodes[print].stmt);
    /* the init evaluates both bounds, and defines the loop variable */
    assert_int_equal(g->nodes[init].nexprs, 2);
    assert_int_equal(g->nodes[init].def, var(g, "i", 0));
    assert_int_equal(g->nodes[incr].def, var(g, "i", 0));
    assert_int_equal(fg_node_of(g, g->nodes[print].stmt), print);
    /* the printed graph: one line per node with its successors */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    fg_print(f, g);
    fclose(f);
    char want[64];
    snprintf(want, sizeof want, "%d stmt Continue -> %d\n", cont, incr);
    assert_non_null(strstr(buf, want));
    assert_non_null(strstr(buf, "for-init For def=i ->"));
    free(buf);
}

static void test_flowgraph_constant_loop(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "model { real x = 0; for (i in 1:10) x = x + i; for (j in 3:2) x = 1; }\n");
    /* 1:10 runs at least once: its entry goes into the body */
    int init = node(g, FG_FOR_INIT, 0);
    assert_true(succ_is(g, init, assign(g, "x", 1)));
    assert_false(succ_is(g, init, node(g, FG_FOR_TEST, 0)));
    /* 3:2 never runs: tested first */
    int init2 = node(g, FG_FOR_INIT, 1);
    assert_true(succ_is(g, init2, node(g, FG_FOR_TEST, 1)));
    assert_false(succ_is(g, init2, assign(g, "x", 2)));
}

static void test_flowgraph_data_bound_loop(void **state)
{
    (void)state;
    const char *text =
        "data { int<lower=1> N; int M; int<lower=0, upper=5> K; }\n"
        "transformed data { real t = 0; for (i in 1:N) t = t + i; }\n"
        "model {\n"
        "  real x = 0;\n"
        "  for (i in 1:N) x = x + i;\n"
        "  for (i in 1:M) x = x + i;\n"
        "  for (i in 2:N) x = x + i;\n"
        "  for (i in 0:K) x = x + i;\n"
        "}\n";
    Flowgraph *g = graph(text);
    /* N >= 1 by its declaration: 1:N runs; M is unbounded; 2:N may not
     * run; 0:K runs (K >= 0) */
    assert_true(succ_is(g, node(g, FG_FOR_INIT, 0), assign(g, "x", 1)));
    assert_false(succ_is(g, node(g, FG_FOR_INIT, 1), assign(g, "x", 2)));
    assert_false(succ_is(g, node(g, FG_FOR_INIT, 2), assign(g, "x", 3)));
    assert_true(succ_is(g, node(g, FG_FOR_INIT, 3), assign(g, "x", 4)));
    /* in prepare_data the constraint is not known to hold yet */
    Flowgraph *d = fg_build(&unit.arena, g->p, &g->p->prepare_data);
    int init = node(d, FG_FOR_INIT, 0);
    assert_int_equal(d->nodes[init].nsucc, 1);
    assert_true(succ_is(d, init, node(d, FG_FOR_TEST, 0)));
}

/* ------------------------------------------------------ reaching defs */

static void test_reaching_reassignment(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "model {\n"
        "  real x = 1;\n"
        "  real y;\n"
        "  x = 2;\n"
        "  if (y > 0) x = 3;\n"
        "  y = x;\n"
        "}\n");
    DfResult *r = df_reaching_defs(&unit.arena, g);
    int x1 = assign(g, "x", 0), x2 = assign(g, "x", 1);
    int x3 = assign(g, "x", 2), use = assign(g, "y", 0);
    int decl = fg_node_of(g, g->nodes[x1].stmt) - 1;
    assert_int_equal(g->nodes[decl].stmt->kind, MS_DECL);
    /* x = 2 and x = 3 reach y = x; the reassigned x = 1 does not */
    assert_true(df_has(r->in[use], x2));
    assert_true(df_has(r->in[use], x3));
    assert_false(df_has(r->in[use], x1));
    assert_false(df_has(r->in[use], decl));
    /* before x = 2 only x = 1 (which killed the declaration's value) */
    assert_true(df_has(r->in[x2], x1));
    assert_false(df_has(r->in[x2], decl));
    /* the if's test: x = 2 only */
    int test = node(g, FG_IF, 0);
    assert_true(df_has(r->in[test], x2));
    assert_false(df_has(r->in[test], x3));
}

static void test_reaching_loop(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "data { int N; }\n"
        "model {\n"
        "  real x = 0;\n"
        "  array[N] real v;\n"
        "  for (i in 1:N) {\n"
        "    x = x + 1;\n"
        "    v[i] = x;\n"
        "  }\n"
        "  print(x, v);\n"
        "}\n");
    DfResult *r = df_reaching_defs(&unit.arena, g);
    int x0 = assign(g, "x", 0), x1 = assign(g, "x", 1);
    int vi = assign(g, "v", 0), print = stmt(g, MS_CALL, NULL, 0);
    int init = node(g, FG_FOR_INIT, 0), incr = node(g, FG_FOR_INCR, 0);
    /* in the body: x = 0 from the entry, x = x + 1 round the back edge */
    assert_true(df_has(r->in[x1], x0));
    assert_true(df_has(r->in[x1], x1));
    /* the loop variable: from the init and from the increment */
    assert_true(df_has(r->in[x1], init));
    assert_true(df_has(r->in[x1], incr));
    /* after the loop (maybe never run): both x definitions */
    assert_true(df_has(r->in[print], x0));
    assert_true(df_has(r->in[print], x1));
    /* an element write kills nothing: the declaration of v still reaches,
     * and so does v[i] = x */
    int vdecl = -1;
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].stmt && g->nodes[i].stmt->kind == MS_DECL
            && g->nodes[i].def == var(g, "v", 0))
            vdecl = i;
    assert_true(vdecl >= 0);
    assert_false(g->nodes[vi].def_whole);
    assert_true(df_has(r->in[print], vdecl));
    assert_true(df_has(r->in[print], vi));
    assert_true(df_has(r->out[vi], vdecl));
}

/* ----------------------------------------------------------- liveness */

static void test_liveness_break_continue(void **state)
{
    (void)state;
    Flowgraph *g = graph_lowered(
        "model {\n"
        "  real a = 1;\n"
        "  real b = 2;\n"
        "  real c = 3;\n"
        "  real d = 4;\n"
        "  while (1) {\n"
        "    if (a > 0) break;\n"
        "    a = b;\n"
        "    if (b > 0) continue;\n"
        "    b = c;\n"
        "  }\n"
        "  print(a);\n"
        "}\n");
    DfResult *r = df_liveness(&unit.arena, g, NULL);
    VarId a = var(g, "a", 0), b = var(g, "b", 0), c = var(g, "c", 0);
    VarId d = var(g, "d", 0);
    int ab = assign(g, "a", 1), bc = assign(g, "b", 1);
    int brk = stmt(g, MS_BREAK, NULL, 0), cont = stmt(g, MS_CONTINUE, NULL, 0);
    int print = stmt(g, MS_CALL, NULL, 0);
    /* a is overwritten by a = b before any read on that path */
    assert_false(df_has(r->in[ab], a));
    assert_true(df_has(r->in[ab], b));
    assert_true(df_has(r->in[ab], c));
    /* and read at the next iteration's test */
    assert_true(df_has(r->out[ab], a));
    /* break leaves with only a live; continue goes round with a, b, c */
    assert_true(df_has(r->out[brk], a));
    assert_false(df_has(r->out[brk], b));
    assert_true(df_has(r->out[cont], a));
    assert_true(df_has(r->out[cont], b));
    assert_true(df_has(r->out[cont], c));
    /* b = c overwrites b, but b is read again round the loop */
    assert_true(df_has(r->out[bc], b));
    assert_false(df_has(r->in[bc], b));
    /* d is never read: dead from its assignment on */
    assert_false(df_has(r->out[assign(g, "d", 0)], d));
    /* locals are dead at the end; a is live until the print */
    assert_true(df_has(r->in[print], a));
    assert_false(df_has(r->out[print], a));
}

static void test_liveness_sizes_and_exit(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "data { int N; }\n"
        "transformed data { int M = N; }\n"
        "model {\n"
        "  int k = 2;\n"
        "  vector[k] v = rep_vector(1, k);\n"
        "  print(v);\n"
        "}\n");
    DfResult *r = df_liveness(&unit.arena, g, NULL);
    VarId k = var(g, "k", 0), n = var(g, "N", 0);
    /* a declaration's size reads k */
    assert_true(df_has(r->out[assign(g, "k", 0)], k));
    /* data outlives the body: live at the exit */
    assert_true(df_has(r->in[g->exit], n));
    assert_false(df_has(r->in[g->exit], k));
}

/* ---------------------------------------------------- two scopes, shadows */

static void test_one_name_two_scopes(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "model {\n"
        "  real s = 0;\n"
        "  {\n"
        "    real x = 1;\n"
        "    s = s + x * 2;\n"
        "  }\n"
        "  {\n"
        "    real x = 5;\n"
        "    s = s + x * 2;\n"
        "  }\n"
        "  for (i in 1:3) s = s + i * 2.5;\n"
        "  for (i in 1:3) s = s - i * 2.5;\n"
        "  print(s);\n"
        "}\n");
    /* each declaration is its own variable */
    VarId x0 = var(g, "x", 0), x1 = var(g, "x", 1);
    assert_true(x0 != x1);
    assert_true(var(g, "i", 0) != var(g, "i", 1));
    DfExprs *x = df_exprs(&unit.arena, g);
    /* so x * 2 is two expressions, and i * 2.5 two more */
    int e0 = expr(g, x, "(x * 2)", 0), e1 = expr(g, x, "(x * 2)", 1);
    assert_true(e0 != e1);
    int i0 = expr(g, x, "(i * 2.5)", 0), i1 = expr(g, x, "(i * 2.5)", 1);
    assert_true(i0 != i1);
    assert_int_equal(df_expr_id(x, x->expr[e1]), e1);
    assert_false(mir_expr_equal(x->expr[e0], x->expr[e1]));
    DfResult *av = df_available(&unit.arena, g, x);
    int s1 = assign(g, "s", 1), s2 = assign(g, "s", 2);
    /* the first x * 2 stays available (nothing writes its x), but it is
     * not the second, which is not available where it is computed */
    assert_true(df_has(av->out[s1], e0));
    assert_false(df_has(av->in[s2], e1));
    assert_true(df_has(av->out[s2], e1));
    /* no code motion between the two scopes */
    DfLcm *l = df_lcm(&unit.arena, g, x);
    for (int n = 0; n < g->n; n++) {
        assert_false(df_has(l->insert[n], e0));
        assert_false(df_has(l->insert[n], e1));
        assert_false(df_has(l->insert[n], i0));
        assert_false(df_has(l->insert[n], i1));
    }
    /* the reaching definitions of the second x are its own */
    DfResult *rd = df_reaching_defs(&unit.arena, g);
    assert_true(df_has(rd->in[s2], assign(g, "x", 1)));
    assert_int_equal(g->nodes[assign(g, "x", 0)].def, x0);
    assert_int_equal(g->nodes[assign(g, "x", 1)].def, x1);
}

/* ------------------------------------------- available, anticipated */

static void test_available_nested_branches(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "model {\n"
        "  real a = 1;\n"
        "  real b = 2;\n"
        "  real x;\n"
        "  real y;\n"
        "  x = a * b;\n"
        "  if (x > 0) {\n"
        "    if (x > 1) y = a * b; else y = 0;\n"
        "    y = a * b;\n"
        "  } else {\n"
        "    a = 3;\n"
        "  }\n"
        "  y = a * b;\n"
        "  y = a + b;\n"
        "  b = b + 1;\n"
        "  y = a + b;\n"
        "}\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    DfResult *av = df_available(&unit.arena, g, x);
    int ab = expr(g, x, "(a * b)", 0), apb = expr(g, x, "(a + b)", 0);
    /* computed before the branches: available in both nested arms */
    assert_true(df_has(av->in[assign(g, "y", 0)], ab));
    assert_true(df_has(av->in[assign(g, "y", 2)], ab));
    /* a is reassigned on the else path: not available after the if */
    assert_false(df_has(av->in[assign(g, "y", 3)], ab));
    assert_true(df_has(av->out[assign(g, "y", 3)], ab));
    /* b = b + 1 kills a + b */
    assert_true(df_has(av->in[assign(g, "b", 1)], apb));
    assert_false(df_has(av->out[assign(g, "b", 1)], apb));
    assert_false(df_has(av->in[assign(g, "y", 5)], apb));
    /* b = b + 1: b + 1 is used (before b changes) but not computed */
    int bp1 = expr(g, x, "(b + 1)", 0);
    assert_true(df_has(x->use[assign(g, "b", 1)], bp1));
    assert_false(df_has(x->comp[assign(g, "b", 1)], bp1));
    assert_true(df_has(x->kill[assign(g, "b", 1)], bp1));
}

static void test_anticipated(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "data { int n; int k; array[3] real v; int i; }\n"
        "model {\n"
        "  real a = 1;\n"
        "  real b = 2;\n"
        "  real y;\n"
        "  int q;\n"
        "  if (a > 0) {\n"
        "    y = a + b;\n"
        "  } else {\n"
        "    y = (a + b) * 2;\n"
        "  }\n"
        "  if (a > 1) y = a - b; else y = 0;\n"
        "  print(\"hi\");\n"
        "  y = a / b;\n"
        "  y = v[i] * 2;\n"
        "  y = b > 0 ? a * a : 0;\n"
        "  q = n %/% k;\n"
        "  q = n + k;\n"
        "}\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    DfResult *ant = df_anticipated(&unit.arena, g, x);
    int apb = expr(g, x, "(a + b)", 0), amb = expr(g, x, "(a - b)", 0);
    int adb = expr(g, x, "(a / b)", 0), vi2 = expr(g, x, "(v[i] * 2)", 0);
    int asq = expr(g, x, "(a * a)", 0);
    int if1 = node(g, FG_IF, 0), if2 = node(g, FG_IF, 1);
    int print = stmt(g, MS_CALL, NULL, 0);
    /* both arms evaluate a + b: very busy at the first test, and before */
    assert_true(df_has(ant->in[if1], apb));
    assert_false(df_has(ant->in[assign(g, "b", 0)], apb));
    assert_true(df_has(ant->out[assign(g, "b", 0)], apb));
    /* one arm only: not anticipated at the second test */
    assert_false(df_has(ant->in[if2], amb));
    assert_true(df_has(ant->in[assign(g, "y", 2)], amb));
    /* real division cannot fail: anticipated across the print */
    assert_false(x->may_fail[adb]);
    assert_true(df_has(ant->in[print], adb));
    /* an index may be out of range: it does not move across the print */
    assert_true(x->may_fail[vi2]);
    assert_true(df_has(ant->out[print], vi2));
    assert_false(df_has(ant->in[print], vi2));
    assert_true(df_has(x->barrier[print], vi2));
    assert_false(x->may_fail[apb]);
    /* int division and int + may reject (division by zero, overflow):
     * EFF_REJECTS, so never in the universe */
    for (int k = 0; k < 2; k++) {
        MirExpr *rhs = g->nodes[assign(g, "q", k)].stmt->rhs;
        assert_true(mir_expr_effect(rhs) & EFF_REJECTS);
        assert_int_equal(df_expr_id(x, rhs), -1);
    }
    /* inside an arm of ?: : evaluated conditionally, never anticipated */
    int tern = assign(g, "y", 6);
    assert_false(df_has(x->use[tern], asq));
    assert_false(df_has(ant->in[tern], asq));
}

static void test_user_function_safety(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "functions {\n"
        "  real lin(real a, real b) { return a + 0.5 * b; }\n"
        "  real twice(real a) { real t = lin(a, a); return t * 2; }\n"
        "  real pick(array[] real v, int i) { return v[i]; }\n"
        "  real rec(real x) { if (x > 10) return x; return rec(x * 2 + 1); }\n"
        "  real spin(real x) { real y = x; while (y < 1) y = y * 2; return y; }\n"
        "}\n"
        "data { real a; real b; array[3] real v; int i; }\n"
        "model {\n"
        "  real y;\n"
        "  print(\"hi\");\n"
        "  y = lin(a, b) + twice(a) + pick(v, i) + rec(a) + spin(b);\n"
        "}\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    DfResult *ant = df_anticipated(&unit.arena, g, x);
    int print = stmt(g, MS_CALL, NULL, 0);
    /* real arithmetic cannot fail, nor can a function made of it */
    int lin = expr(g, x, "lin(a, b)", 0), twice = expr(g, x, "twice(a)", 0);
    assert_false(x->may_fail[lin]);
    assert_false(x->may_fail[twice]);
    assert_true(df_has(ant->in[print], lin));
    /* an index may be out of range, a recursion too deep, a while loop
     * endless */
    const char *failing[] = {"pick(v, i)", "rec(a)", "spin(b)"};
    for (int k = 0; k < 3; k++) {
        int id = expr(g, x, failing[k], 0);
        assert_true(x->may_fail[id]);
        assert_false(df_has(ant->in[print], id));
    }
}

/* ------------------------------------------------------ lazy code motion */

static void test_lcm_user_guide(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "model {\n"
        "  real x;\n"
        "  real y;\n"
        "  real z;\n"
        "  for (i in 1:10) {\n"
        "    x = sqrt(10);\n"
        "    y = sqrt(i);\n"
        "  }\n"
        "  z = sqrt(10);\n"
        "}\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    DfLcm *l = df_lcm(&unit.arena, g, x);
    int s10 = expr(g, x, "sqrt(10)", 0), si = expr(g, x, "sqrt(i)", 0);
    int init = node(g, FG_FOR_INIT, 0);
    int ax = assign(g, "x", 0), az = assign(g, "z", 0);
    /* sqrt(10): earliest at the entry, latest just before the loop */
    assert_true(df_has(l->earliest[g->entry], s10));
    assert_true(df_has(l->latest[init], s10));
    for (int n = 0; n < g->n; n++) {
        assert_int_equal(df_has(l->insert[n], s10), n == init);
        assert_false(df_has(l->insert[n], si));
        assert_false(df_has(l->replace[n], si));
        assert_int_equal(df_has(l->replace[n], s10), n == ax || n == az);
    }
    assert_true(df_has(l->used->out[init], s10));
    assert_true(df_has(l->available->in[az], s10));
}

static void test_lcm_loop_that_may_not_run(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "data { int N; real a; }\n"
        "model {\n"
        "  real x;\n"
        "  for (i in 1:N) {\n"
        "    x = a * 2;\n"
        "  }\n"
        "  while (x < 5) {\n"
        "    x = x + exp(a);\n"
        "  }\n"
        "}\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    DfLcm *l = df_lcm(&unit.arena, g, x);
    int a2 = expr(g, x, "(a * 2)", 0), ea = expr(g, x, "exp(a)", 0);
    /* neither loop need run: nothing is computed before them */
    for (int n = 0; n < g->n; n++) {
        assert_false(df_has(l->insert[n], a2));
        assert_false(df_has(l->insert[n], ea));
        assert_false(df_has(l->replace[n], a2));
    }
    assert_false(df_has(l->anticipated->in[node(g, FG_FOR_INIT, 0)], a2));
}

static void test_lcm_partial_redundancy(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "data { real a; real b; }\n"
        "model {\n"
        "  real y;\n"
        "  if (a > 0) {\n"
        "    y = a * b;\n"
        "  } else {\n"
        "    y = 1;\n"
        "  }\n"
        "  y = y + a * b;\n"
        "}\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    DfLcm *l = df_lcm(&unit.arena, g, x);
    int ab = expr(g, x, "(a * b)", 0);
    int then = assign(g, "y", 0), other = assign(g, "y", 1);
    int after = assign(g, "y", 2);
    /* computed on one path: inserted on the other, reused after */
    assert_true(df_has(l->insert[then], ab));
    assert_true(df_has(l->insert[other], ab));
    assert_true(df_has(l->replace[then], ab));
    assert_false(df_has(l->replace[other], ab));
    assert_true(df_has(l->replace[after], ab));
    assert_false(df_has(l->insert[after], ab));
}

/* Liveness as a callback: in = reads | (out & ~whole writes). */
static void live_transfer(const Flowgraph *g, int n, const DfWord *out,
                          DfWord *in, void *ctx)
{
    int nw = *(int *)ctx;
    const FgNode *nd = &g->nodes[n];
    memcpy(in, out, sizeof(DfWord) * (size_t)nw);
    if (nd->def >= 0 && nd->def_whole)
        df_remove(in, nd->def);
    for (int k = 0; k < nd->nexprs; k++) {
        DfWord *reads = in;
        /* a read is a variable anywhere in the expression */
        MirExpr *stack[256];
        int top = 0;
        stack[top++] = nd->exprs[k];
        while (top > 0) {
            MirExpr *e = stack[--top];
            if (!e)
                continue;
            if (e->kind == MX_VAR)
                df_add(reads, e->var);
            for (int i = 0; i < e->nargs && top < 250; i++)
                stack[top++] = e->args[i];
            for (int i = 0; i < e->nindices && top < 250; i++) {
                stack[top++] = e->indices[i].lo;
                stack[top++] = e->indices[i].hi;
            }
        }
    }
    if (nd->kind == FG_FOR_TEST || nd->kind == FG_FOR_INCR)
        df_add(in, nd->stmt->var);
}

static void test_solver_generic(void **state)
{
    (void)state;
    /* a problem given by a callback reaches the same fixpoint as the
     * same problem given by gen/kill sets */
    Flowgraph *g = graph(
        "data { int N; }\n"
        "model {\n"
        "  real a = 1; real b = 2; real c = 0;\n"
        "  while (a < 3) { a = a + b; if (a > 2) break; c = b; }\n"
        "  for (i in 1:N) { if (i > 2) continue; b = b + i; }\n"
        "  print(a, c);\n"
        "}\n");
    DfResult *live = df_liveness(&unit.arena, g, NULL);
    int nw = df_words(g->p->nvars);
    DfProblem pb = {.dir = DF_BACKWARD, .meet = DF_UNION,
                    .nbits = g->p->nvars,
                    .boundary = df_live_at_exit(&unit.arena, g->p),
                    .transfer = live_transfer, .ctx = &nw};
    DfResult *cb = df_solve(&unit.arena, g, &pb);
    for (int n = 0; n < g->n; n++) {
        assert_memory_equal(live->in[n], cb->in[n], sizeof(DfWord) * (size_t)nw);
        assert_memory_equal(live->out[n], cb->out[n],
                            sizeof(DfWord) * (size_t)nw);
    }
    VarId a = var(g, "a", 0), b = var(g, "b", 0);
    int wtest = node(g, FG_WHILE, 0);
    assert_true(df_has(live->in[wtest], a));
    assert_true(df_has(live->in[wtest], b));
    assert_true(df_has(live->out[assign(g, "b", 0)], b));
    /* words and counts */
    DfWord s[2] = {0, 0};
    df_add(s, 3);
    df_add(s, 70);
    assert_int_equal(df_count(s, 128), 2);
    df_remove(s, 3);
    assert_false(df_has(s, 3));
    assert_true(df_has(s, 70));
    assert_int_equal(df_words(64), 1);
    assert_int_equal(df_words(65), 2);
}

static void test_expr_equal_hash(void **state)
{
    (void)state;
    Flowgraph *g = graph(
        "data { real a; real b; }\n"
        "model { real y; y = a * b + 1; y = a * b + 1; y = b * a + 1;"
        " y = a * b + 1.0; }\n");
    DfExprs *x = df_exprs(&unit.arena, g);
    const MirExpr *e0 = g->nodes[assign(g, "y", 0)].stmt->rhs;
    const MirExpr *e1 = g->nodes[assign(g, "y", 1)].stmt->rhs;
    const MirExpr *e2 = g->nodes[assign(g, "y", 2)].stmt->rhs;
    const MirExpr *e3 = g->nodes[assign(g, "y", 3)].stmt->rhs;
    assert_true(e0 != e1);
    assert_true(mir_expr_equal(e0, e1));
    assert_int_equal(mir_expr_hash(e0), mir_expr_hash(e1));
    assert_false(mir_expr_equal(e0, e2));   /* operands in another order */
    assert_int_equal(df_expr_id(x, e0), df_expr_id(x, e1));
    assert_true(df_expr_id(x, e0) != df_expr_id(x, e2));
    (void)e3;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_flowgraph_edges, teardown),
        cmocka_unit_test_teardown(test_flowgraph_constant_loop, teardown),
        cmocka_unit_test_teardown(test_flowgraph_data_bound_loop, teardown),
        cmocka_unit_test_teardown(test_reaching_reassignment, teardown),
        cmocka_unit_test_teardown(test_reaching_loop, teardown),
        cmocka_unit_test_teardown(test_liveness_break_continue, teardown),
        cmocka_unit_test_teardown(test_liveness_sizes_and_exit, teardown),
        cmocka_unit_test_teardown(test_one_name_two_scopes, teardown),
        cmocka_unit_test_teardown(test_available_nested_branches, teardown),
        cmocka_unit_test_teardown(test_anticipated, teardown),
        cmocka_unit_test_teardown(test_user_function_safety, teardown),
        cmocka_unit_test_teardown(test_lcm_user_guide, teardown),
        cmocka_unit_test_teardown(test_lcm_loop_that_may_not_run, teardown),
        cmocka_unit_test_teardown(test_lcm_partial_redundancy, teardown),
        cmocka_unit_test_teardown(test_solver_generic, teardown),
        cmocka_unit_test_teardown(test_expr_equal_hash, teardown),
    };
    return cmocka_run_group_tests_name("dataflow", tests, NULL, NULL);
}
