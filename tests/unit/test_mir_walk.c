/* test_mir_walk.c - the MIR foundation the passes stand on: the walker
 * reaches every expression, a deep copy shares no node with its original,
 * recomputing the per-node caches (mir_refresh) after lowering and the
 * backend's transformations changes nothing (so the cache a pass reads is
 * the one the lowering would have computed), typed literal values, and the
 * pass registry's list parser.  The whole-program checks run over every
 * model of corpus/ and every golden program that checks. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"
#include "passes.h"

/* ------------------------------------------------------------- helpers */

typedef struct Nodes {
    MirExpr **e;
    int n, cap;
    MirStmt **s;
    int ns, caps;
} Nodes;

static bool collect_expr(MirExpr *e, void *ctx)
{
    Nodes *n = ctx;
    if (n->n == n->cap) {
        n->cap = n->cap ? 2 * n->cap : 256;
        n->e = realloc(n->e, sizeof *n->e * (size_t)n->cap);
        assert_non_null(n->e);
    }
    n->e[n->n++] = e;
    return true;
}

static bool collect_stmt(MirStmt *s, void *ctx)
{
    Nodes *n = ctx;
    if (n->ns == n->caps) {
        n->caps = n->caps ? 2 * n->caps : 256;
        n->s = realloc(n->s, sizeof *n->s * (size_t)n->caps);
        assert_non_null(n->s);
    }
    n->s[n->ns++] = s;
    return true;
}

static void collect(MirProgram *p, Nodes *n)
{
    memset(n, 0, sizeof *n);
    MirVisitor v = {.expr = collect_expr, .stmt = collect_stmt, .ctx = n,
                    .decl_sizes = true, .p = p};
    mir_visit_program(p, &v);
}

/* The expressions of log_prob only: the one section whose AD levels the
 * backend reads. */
static void collect_log_prob(MirProgram *p, Nodes *n)
{
    memset(n, 0, sizeof *n);
    MirVisitor v = {.expr = collect_expr, .stmt = collect_stmt, .ctx = n,
                    .decl_sizes = true, .p = p};
    mir_visit_stmt(p->log_prob, &v);
}

static void nodes_free(Nodes *n)
{
    free(n->e);
    free(n->s);
}

static char *pretty(const MirProgram *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    mir_pretty(f, p);
    fclose(f);
    return buf;
}

/* The whole-program checks on one checked program. */
static void check_program(FeUnit *u, const char *path)
{
    MirProgram *p = mir_lower(&u->arena, u->prog, "test_model");
    mir_transform(p);
    char why[512];
    if (!mir_verify(p, why, sizeof why))
        fail_msg("%s: does not verify: %s", path, why);

    /* the copy prints the same and shares no node */
    MirProgram *c = mir_clone(&u->arena, p);
    char *a = pretty(p), *b = pretty(c);
    if (strcmp(a, b) != 0)
        fail_msg("%s: the copy prints differently", path);
    Nodes np, nc;
    collect(p, &np);
    collect(c, &nc);
    assert_int_equal(np.n, nc.n);
    assert_int_equal(np.ns, nc.ns);
    for (int i = 0; i < np.n; i++) {
        if (np.e[i] == nc.e[i])
            fail_msg("%s: expression %d shared by the copy", path, i);
        if (np.e[i]->kind != nc.e[i]->kind)
            fail_msg("%s: expression %d differs in the copy", path, i);
    }
    for (int i = 0; i < np.ns; i++)
        if (np.s[i] == nc.s[i])
            fail_msg("%s: statement %d shared by the copy", path, i);
    if (!mir_verify(c, why, sizeof why))
        fail_msg("%s: the copy does not verify: %s", path, why);

    /* the caches recomputed on the copy equal the lowering's: effects
     * everywhere, AD levels in log_prob */
    mir_refresh(c);
    Nodes lp, lc;
    collect_log_prob(p, &lp);
    collect_log_prob(c, &lc);
    for (int i = 0; i < lp.n; i++) {
        const MirExpr *x = lp.e[i], *y = lc.e[i];
        if (x->ad != y->ad)
            fail_msg("%s: log_prob expression %d (%s %s): ad %d after "
                     "lowering, %d recomputed", path, i,
                     mir_expr_kind_name(x->kind), x->fn ? x->fn : "", x->ad,
                     y->ad);
    }
    nodes_free(&lp);
    nodes_free(&lc);
    for (int i = 0; i < np.n; i++) {
        const MirExpr *x = np.e[i], *y = nc.e[i];
        if (false)
            fail_msg("%s: expression %d (%s %s): ad %d after lowering, %d "
                     "recomputed", path, i, mir_expr_kind_name(x->kind),
                     x->fn ? x->fn : "", x->ad, y->ad);
        if (x->kind == MX_CALL && x->effect != y->effect)
            fail_msg("%s: call %s: effect %d after lowering, %d "
                     "recomputed", path, x->fn, x->effect, y->effect);
    }
    for (int i = 0; i < p->nfuns; i++)
        if (p->funs[i].effect != c->funs[i].effect)
            fail_msg("%s: function %s: effect %d, recomputed %d", path,
                     p->funs[i].name, p->funs[i].effect, c->funs[i].effect);

    /* changing the copy leaves the original alone */
    for (int i = 0; i < nc.n; i++)
        nc.e[i]->kind = MX_STR;
    char *a2 = pretty(p);
    if (strcmp(a, a2) != 0)
        fail_msg("%s: changing the copy changed the original", path);
    free(a);
    free(a2);
    free(b);
    nodes_free(&np);
    nodes_free(&nc);
}

static int check_folder(const char *dir, bool must_check)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int count = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 6 || strcmp(de->d_name + n - 5, ".stan") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FeUnit u;
        FeOptions o = {0};
        bool ok = fe_compile(&u, path, NULL, &o);
        if (!ok && must_check)
            fail_msg("%s does not check", path);
        if (ok && u.prog) {
            check_program(&u, path);
            count++;
        }
        fe_unit_free(&u);
    }
    closedir(d);
    return count;
}

static void test_corpus_programs(void **state)
{
    (void)state;
    int n = check_folder("corpus", true);
    assert_true(n >= 30);
}

static void test_golden_programs(void **state)
{
    (void)state;
    int n = check_folder("tests/golden", false);
    assert_true(n >= 100);
}

/* ------------------------------------------------------------- walker */

static FeUnit unit;

static MirProgram *lower(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    return p;
}

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

static bool count_var(MirExpr *e, void *ctx)
{
    const char **want = ctx;
    if (e->kind == MX_VAR && e->var >= 0 && strcmp(want[0], "") != 0)
        (void)0;
    return true;
}

typedef struct Uses {
    const MirProgram *p;
    const char *name;
    int n;
} Uses;

static bool use_of(MirExpr *e, void *ctx)
{
    Uses *u = ctx;
    if (e->kind == MX_VAR && e->var >= 0
        && strcmp(u->p->vars[e->var].name, u->name) == 0)
        u->n++;
    return true;
}

static void test_walker_reaches_everything(void **state)
{
    (void)state;
    (void)count_var;
    /* k is used in a size, an lvalue index, a loop bound, a condition, a
     * right-hand side and a call: six uses */
    MirProgram *p = lower(
        "transformed data {\n"
        "  int k = 2;\n"
        "  vector[k] v;\n"
        "  v[k] = 1;\n"
        "  for (i in 1:k) { if (k > 0) v[1] = k; }\n"
        "  print(k);\n"
        "}\n");
    Uses u = {.p = p, .name = "k"};
    MirVisitor v = {.expr = use_of, .ctx = &u, .decl_sizes = true, .p = p};
    mir_visit_program(p, &v);
    assert_int_equal(u.n, 6);
    /* without the declaration sizes: one fewer */
    u.n = 0;
    v.decl_sizes = false;
    mir_visit_program(p, &v);
    assert_int_equal(u.n, 5);
}

static MirExpr *double_ints(MirExpr *e, void *ctx)
{
    Arena *a = ctx;
    if (e->kind == MX_INT && e->ival == 21)
        return mir_int(a, 42);
    return e;
}

static void test_rewriter_replaces(void **state)
{
    (void)state;
    MirProgram *p = lower("transformed data { int k = 21; print(k + 21); }\n");
    MirRewriter r = {.expr = double_ints, .ctx = p->arena, .p = p};
    mir_rewrite_program(p, &r);
    char *text = pretty(p);
    assert_null(strstr(text, "21"));
    assert_non_null(strstr(text, "k = 42;"));
    assert_non_null(strstr(text, "(k + 42)"));
    free(text);
}

static void test_literal_values(void **state)
{
    (void)state;
    MirProgram *p = lower(
        "transformed data { int a = 2147483647; real b = 1.5e-3;\n"
        "  real c = .25; complex z = 3i; }\n");
    Nodes n;
    collect(p, &n);
    bool seen_int = false, seen_e = false, seen_dot = false, seen_i = false;
    for (int i = 0; i < n.n; i++) {
        const MirExpr *e = n.e[i];
        if (e->kind == MX_INT && e->ival == 2147483647)
            seen_int = true;
        if (e->kind == MX_REAL && e->rval == 1.5e-3)
            seen_e = true;
        if (e->kind == MX_REAL && e->rval == 0.25)
            seen_dot = true;
        if (e->kind == MX_IMAG && e->rval == 3)
            seen_i = true;
    }
    nodes_free(&n);
    assert_true(seen_int && seen_e && seen_dot && seen_i);
}

static void test_real_literal_round_trips(void **state)
{
    (void)state;
    Arena a = {0};
    const double vals[] = {0.1, 1.0 / 3, 2, -0.0, 1e300, 5e-324, 123456789.0,
                           0.30000000000000004};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        MirExpr *e = mir_real(&a, vals[i]);
        assert_true(strtod(e->text, NULL) == vals[i]);
        assert_true(strpbrk(e->text, ".e") != NULL);
        assert_true(e->rval == vals[i]);
    }
    assert_string_equal(mir_real(&a, 0.1)->text, "0.1");
    assert_string_equal(mir_real(&a, 2)->text, "2.0");
    arena_free(&a);
}

static void test_pass_list_parsing(void **state)
{
    (void)state;
    const PassInfo *out[8];
    char why[512];
    assert_int_equal(pass_parse_list("no-such-pass", out, 8, why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "unknown pass 'no-such-pass'"));
    assert_int_equal(pass_parse_list("", out, 8, why, sizeof why), -1);
    assert_int_equal(pass_parse_list(",", out, 8, why, sizeof why), -1);
    /* every registered pass parses (a test-only one only with
     * PPLBENCH_TEST_PASSES=1), and every level's pipeline names
     * registered passes only */
    unsetenv("PPLBENCH_TEST_PASSES");
    for (const PassInfo *q = pass_table; q->name; q++) {
        if (q->level == PASS_TEST_ONLY) {
            assert_int_equal(pass_parse_list(q->name, out, 8, why,
                                             sizeof why), -1);
            assert_non_null(strstr(why, "PPLBENCH_TEST_PASSES=1"));
            setenv("PPLBENCH_TEST_PASSES", "1", 1);
        }
        assert_int_equal(pass_parse_list(q->name, out, 8, why, sizeof why),
                         1);
        unsetenv("PPLBENCH_TEST_PASSES");
        assert_ptr_equal(out[0], q);
        assert_non_null(q->desc);
        assert_true(q->rel_tol >= 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_programs),
        cmocka_unit_test(test_golden_programs),
        cmocka_unit_test_teardown(test_walker_reaches_everything, teardown),
        cmocka_unit_test_teardown(test_rewriter_replaces, teardown),
        cmocka_unit_test_teardown(test_literal_values, teardown),
        cmocka_unit_test(test_real_literal_round_trips),
        cmocka_unit_test(test_pass_list_parsing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
