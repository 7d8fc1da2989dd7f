/* test_factor_graph.c - the factor graph of the log density (analyses/
 * factor_graph.c): one factor per `~` and per summand of target += and
 * jacobian +=, edges marked variate or argument through local variables
 * and transformed parameters, for loops as plates, and the JSON form. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "analyses.h"
#include "passes.h"

static FeUnit unit;
static FactorGraph *graph;

static int teardown(void **state)
{
    (void)state;
    fgraph_free(graph);
    graph = NULL;
    fe_unit_free(&unit);
    return 0;
}

static const FactorGraph *build(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    graph = fgraph_build(p);
    assert_non_null(graph);
    return graph;
}

/* The index of the graph variable named name (there is exactly one). */
static int var(const FactorGraph *g, const char *name)
{
    int found = -1;
    for (int i = 0; i < g->nvars; i++)
        if (strcmp(g->vars[i].name, name) == 0) {
            if (found >= 0)
                fail_msg("variable %s is in the graph twice", name);
            found = i;
        }
    if (found < 0)
        fail_msg("no variable %s in the graph", name);
    return found;
}

/* The role of the edge between factor f and variable name; -1: none. */
static int role(const FactorGraph *g, int f, const char *name)
{
    const FgraphEdge *e = fgraph_edge(g, f, var(g, name));
    return e ? (int)e->role : -1;
}

static bool direct(const FactorGraph *g, int f, const char *name)
{
    const FgraphEdge *e = fgraph_edge(g, f, var(g, name));
    assert_non_null(e);
    return e->direct;
}

static const char eight_schools[] =
    "data { int<lower=0> J; vector[J] y; vector<lower=0>[J] sigma; }\n"
    "parameters { real mu; real<lower=0> tau; vector[J] eta; }\n"
    "transformed parameters { vector[J] theta = mu + tau * eta; }\n"
    "model {\n"
    "  mu ~ normal(0, 5);\n"
    "  tau ~ cauchy(0, 5);\n"
    "  eta ~ std_normal();\n"
    "  y ~ normal(theta, sigma);\n"
    "}\n"
    "generated quantities { real m = mu; }\n";

static void test_eight_schools(void **state)
{
    (void)state;
    const FactorGraph *g = build(eight_schools);
    /* the variables: data and parameters once each (not the copies of
     * generated quantities), no generated quantity */
    assert_int_equal(g->nvars, 7);
    assert_int_equal(g->vars[var(g, "J")].kind, FGV_DATA);
    assert_int_equal(g->vars[var(g, "mu")].kind, FGV_PARAM);
    assert_int_equal(g->vars[var(g, "theta")].kind, FGV_TPARAM);
    assert_true(g->vars[var(g, "J")].is_int);
    assert_int_equal(g->nfactors, 4);
    for (int f = 0; f < 4; f++)
        assert_int_equal(g->factors[f].kind, FGF_TILDE);
    assert_string_equal(g->factors[0].dist, "normal");
    assert_string_equal(g->factors[2].dist, "std_normal");
    /* mu ~ normal(0, 5): mu is the variate, nothing else is touched */
    assert_int_equal(g->factors[0].nedges, 1);
    assert_int_equal(role(g, 0, "mu"), FGR_VARIATE);
    /* y ~ normal(theta, sigma): the likelihood reaches mu, tau and eta
     * through the transformed parameter theta */
    assert_int_equal(role(g, 3, "y"), FGR_VARIATE);
    assert_int_equal(role(g, 3, "sigma"), FGR_ARGUMENT);
    assert_int_equal(role(g, 3, "theta"), FGR_ARGUMENT);
    assert_int_equal(role(g, 3, "mu"), FGR_ARGUMENT);
    assert_int_equal(role(g, 3, "tau"), FGR_ARGUMENT);
    assert_int_equal(role(g, 3, "eta"), FGR_ARGUMENT);
    assert_true(direct(g, 3, "theta"));
    assert_false(direct(g, 3, "mu"));
    /* the size J is no edge: it only sizes the vectors */
    assert_int_equal(role(g, 3, "J"), -1);
    /* the factor spans the whole statement */
    assert_int_equal(g->factors[0].span.begin.line, 5);
    assert_int_equal(g->factors[0].span.begin.col, 2);
    assert_int_equal(g->nplates, 0);
    assert_int_equal(g->factors[0].plate, -1);
}

static void test_locals_and_variates(void **state)
{
    (void)state;
    const FactorGraph *g = build(
        "data { int N; vector[N] x; vector[N] y; }\n"
        "parameters { real a; real b; real<lower=0> s; }\n"
        "model {\n"
        "  vector[N] m = a + b * x;\n"
        "  target += normal_lpdf(y | m, s);\n"
        "  (y - m) ~ normal(0, s);\n"
        "  target += -0.5 * square(a) + normal_lpdf(b | 0, 1);\n"
        "}\n");
    assert_int_equal(g->nfactors, 4);
    /* target += normal_lpdf(...): a term, not a `~`, with its variate */
    assert_int_equal(g->factors[0].kind, FGF_TARGET);
    assert_string_equal(g->factors[0].dist, "normal");
    assert_int_equal(role(g, 0, "y"), FGR_VARIATE);
    /* through the local m: a, b and x are arguments, read through locals
     * only (direct) */
    assert_int_equal(role(g, 0, "a"), FGR_ARGUMENT);
    assert_int_equal(role(g, 0, "x"), FGR_ARGUMENT);
    assert_true(direct(g, 0, "a"));
    /* (y - m) ~: everything the variate reads is a variate edge */
    assert_int_equal(g->factors[1].kind, FGF_TILDE);
    assert_int_equal(role(g, 1, "y"), FGR_VARIATE);
    assert_int_equal(role(g, 1, "a"), FGR_VARIATE);
    assert_int_equal(role(g, 1, "s"), FGR_ARGUMENT);
    /* a sum is one factor per summand: a term of no density, a density */
    assert_int_equal(g->factors[2].kind, FGF_TARGET);
    assert_null(g->factors[2].dist);
    assert_int_equal(role(g, 2, "a"), FGR_ARGUMENT);
    assert_int_equal(role(g, 2, "b"), -1);
    assert_int_equal(role(g, 3, "b"), FGR_VARIATE);
}

static void test_plates(void **state)
{
    (void)state;
    const FactorGraph *g = build(
        "data { int J; int N; array[J, N] real y; }\n"
        "parameters { vector[J] mu; }\n"
        "model {\n"
        "  mu ~ normal(0, 1);\n"
        "  for (j in 1:J) {\n"
        "    for (n in 1:N) {\n"
        "      y[j, n] ~ normal(mu[j], 1) T[-10, 10];\n"
        "    }\n"
        "  }\n"
        "}\n");
    assert_int_equal(g->nplates, 2);
    assert_string_equal(g->plates[0].name, "j");
    assert_int_equal(g->plates[0].parent, -1);
    assert_string_equal(g->plates[1].name, "n");
    assert_int_equal(g->plates[1].parent, 0);
    /* the truncation's terms belong to the `~`: two factors in all */
    assert_int_equal(g->nfactors, 2);
    assert_int_equal(g->factors[0].plate, -1);
    assert_int_equal(g->factors[1].plate, 1);
    const FgraphEdge *e = fgraph_edge(g, 1, var(g, "y"));
    assert_non_null(e);
    assert_int_equal(e->role, FGR_VARIATE);
    assert_true(e->partial);
    /* the loop bounds are the plates', not edges */
    assert_int_equal(role(g, 1, "N"), -1);
    assert_int_equal(role(g, 1, "mu"), FGR_ARGUMENT);
}

static void test_jacobian_and_lp(void **state)
{
    (void)state;
    const FactorGraph *g = build(
        "functions {\n"
        "  real up_jacobian(real x) { jacobian += x; return exp(x); }\n"
        "  void prior_lp(real x) { target += normal_lpdf(x | 0, 1); }\n"
        "}\n"
        "parameters { real a_raw; real c; }\n"
        "transformed parameters {\n"
        "  real a = up_jacobian(a_raw);\n"
        "  jacobian += c;\n"
        "}\n"
        "model { prior_lp(c); a ~ normal(0, 1); }\n");
    assert_int_equal(g->nfactors, 4);
    assert_int_equal(g->factors[0].kind, FGF_JACOBIAN_CALL);
    assert_int_equal(role(g, 0, "a_raw"), FGR_ARGUMENT);
    assert_int_equal(g->factors[1].kind, FGF_JACOBIAN);
    assert_int_equal(role(g, 1, "c"), FGR_ARGUMENT);
    assert_int_equal(g->factors[2].kind, FGF_LP_CALL);
    assert_string_equal(g->factors[2].fn, "prior_lp");
    /* a ~ normal: the variate a, and a_raw behind it */
    assert_int_equal(role(g, 3, "a"), FGR_VARIATE);
    assert_int_equal(role(g, 3, "a_raw"), FGR_VARIATE);
    assert_false(direct(g, 3, "a_raw"));
}

static void test_json(void **state)
{
    (void)state;
    const FactorGraph *g = build(eight_schools);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    char why[256];
    assert_int_equal(fgraph_write_json(mem, g, why, sizeof why), 0);
    fclose(mem);
    json_error_t err;
    json_t *root = json_loads(buf, 0, &err);
    free(buf);
    if (!root)
        fail_msg("the JSON does not parse: %s", err.text);
    assert_string_equal(json_string_value(json_object_get(root, "model")),
                        "test_model");
    assert_int_equal(json_array_size(json_object_get(root, "variables")), 7);
    json_t *factors = json_object_get(root, "factors");
    assert_int_equal(json_array_size(factors), 4);
    json_t *f0 = json_array_get(factors, 0);
    assert_string_equal(json_string_value(json_object_get(f0, "kind")),
                        "tilde");
    assert_string_equal(json_string_value(json_object_get(f0, "label")),
                        "normal_lupdf(mu, 0, 5)");
    json_t *edges = json_object_get(root, "edges");
    assert_int_equal((int)json_array_size(edges), g->nedges);
    json_t *e0 = json_array_get(edges, 0);
    assert_string_equal(json_string_value(json_object_get(e0, "variable")),
                        "mu");
    assert_string_equal(json_string_value(json_object_get(e0, "role")),
                        "variate");
    json_decref(root);
}

/* The contexts of the factors in order: P prior, L likelihood. */
static const char *contexts(const FactorGraph *g)
{
    static char out[64];
    int n = 0;
    for (int f = 0; f < g->nfactors && n < 63; f++)
        out[n++] = g->factors[f].context == FGC_PRIOR ? 'P' : 'L';
    out[n] = 0;
    return out;
}

static void test_contexts(void **state)
{
    (void)state;
    const FactorGraph *g = build(
        "functions {\n"
        "  real shift_lp(real m) { target += normal_lupdf(m | 0, 10);"
        " return m; }\n"
        "}\n"
        "data { int N; vector[N] y; real mu0; int K; }\n"
        "parameters { real mu; real<lower=0> s; vector[K] b; }\n"
        "transformed parameters {\n"
        "  real t = mu + 1;\n"
        "  jacobian += s;\n"                       /* P: a Jacobian term */
        "}\n"
        "model {\n"
        "  mu ~ normal(mu0, 2);\n"                 /* P: data hyperparameter */
        "  target += normal_lpdf(y | 0, 1);\n"     /* L: data only */
        "  target += 2.5;\n"                       /* L: a constant */
        "  target += -square(s);\n"                /* P */
        "  target += normal_lpdf(mu | 0, 1) + normal_lpdf(y | mu, s);\n"
        "  if (K > 0) b ~ normal(0, 1);\n"         /* P: a data if */
        "  t ~ normal(0, 3);\n"                    /* P: transformed param */
        "  real z = shift_lp(mu);\n"               /* P: the call */
        "  vector[N] r = y - z;\n"
        "  r ~ normal(0, s);\n"                    /* L: variate of data */
        "}\n");
    assert_string_equal(contexts(g), "PPLLPPLPPPL");
    assert_string_equal(fgraph_context_name(FGC_PRIOR), "prior");
    assert_string_equal(fgraph_context_name(FGC_LIKELIHOOD), "likelihood");
}

/* After vectorize-loops the loops of `~` are single statements: the
 * classification, taken on the program as it is, is the same. */
static void test_contexts_vectorized(void **state)
{
    (void)state;
    static const char text[] =
        "data { int N; vector[N] y; }\n"
        "parameters { vector[N] m; real<lower=0> s; }\n"
        "model {\n"
        "  for (n in 1:N) m[n] ~ normal(0, 1);\n"
        "  for (n in 1:N) y[n] ~ normal(m[n], s);\n"
        "}\n";
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    const PassInfo *vec = pass_find("vectorize-loops");
    assert_non_null(vec);
    char why[256];
    bool changed = false;
    assert_true(pass_run(p, &vec, 1, NULL, &changed, why, sizeof why));
    assert_true(changed);
    graph = fgraph_build(p);
    assert_non_null(graph);
    assert_int_equal(graph->nplates, 0);    /* the loops are gone */
    assert_string_equal(contexts(graph), "PL");
}

/* The contexts of text's factors after the pass named pass (NULL: as
 * transformed), into out. */
static void contexts_after(const char *text, const char *pass, char *out,
                           size_t n)
{
    FeOptions o = {0};
    FeUnit u;
    if (!fe_compile(&u, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&u.arena, u.prog, "test_model");
    mir_transform(p);
    if (pass) {
        const PassInfo *pi = pass_find(pass);
        assert_non_null(pi);
        char why[256];
        bool changed = false;
        assert_true(pass_run(p, &pi, 1, NULL, &changed, why, sizeof why));
        assert_true(changed);
    }
    FactorGraph *g = fgraph_build(p);
    assert_non_null(g);
    snprintf(out, n, "%s", contexts(g));
    fgraph_free(g);
    fe_unit_free(&u);
}

/* A pass that keeps the log density keeps each factor's context: the
 * validator compares the prior context.  one-step-unroll puts the loop's
 * first iteration under `if (N >= 1)` (no control dependence counts);
 * partial-eval joins a*b + c into one fma (a target += that is not a sum
 * of densities is one context as a whole). */
static void test_contexts_stable_under_passes(void **state)
{
    (void)state;
    static const char text[] =
        "data { int N; vector[N] y; matrix[N, N] D; }\n"
        "parameters { vector[N] z; real a; }\n"
        "model {\n"
        "  for (n in 1:N) { real w = z[n] * a; target += -0.1 * w * w; }\n"
        "  target += 0.5 * sum(D * z) + 0.5 * a;\n"
        "  y ~ normal(a, 1);\n"
        "}\n";
    char before[64], unrolled[64], folded[64];
    contexts_after(text, NULL, before, sizeof before);
    contexts_after(text, "one-step-unroll", unrolled, sizeof unrolled);
    contexts_after(text, "partial-eval", folded, sizeof folded);
    assert_string_equal(before, "PLLL");
    assert_string_equal(unrolled, "PPLLL");
    assert_string_equal(folded, "PLL");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_eight_schools, teardown),
        cmocka_unit_test_teardown(test_locals_and_variates, teardown),
        cmocka_unit_test_teardown(test_plates, teardown),
        cmocka_unit_test_teardown(test_jacobian_and_lp, teardown),
        cmocka_unit_test_teardown(test_json, teardown),
        cmocka_unit_test_teardown(test_contexts, teardown),
        cmocka_unit_test_teardown(test_contexts_vectorized, teardown),
        cmocka_unit_test(test_contexts_stable_under_passes),
    };
    return cmocka_run_group_tests_name("factor_graph", tests, NULL, NULL);
}
