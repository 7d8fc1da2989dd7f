/* test_viz.c - the pictures (viz/): label text that cannot break DOT
 * (viz_label_escape, round-tripped through cgraph's DOT writer and parser
 * and through the SVG renderer), graphs written the same in every run,
 * and large factor graphs collapsed and cut but still DOT. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyses.h"
#include "viz_gv.h"

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

/* The factor graph as DOT, NUL-terminated (free it). */
static char *factor_graph_dot(const FactorGraph *g)
{
    VizPicture pic;
    char why[256];
    assert_int_equal(viz_factor_graph(NULL, g, VIZ_DOT, &pic, why,
                                      sizeof why), 0);
    assert_int_equal(pic.format, VIZ_DOT);
    char *text = malloc(pic.len + 1);
    memcpy(text, pic.data, pic.len);
    text[pic.len] = '\0';
    viz_picture_free(&pic);
    return text;
}

static void expect_escape(const char *raw, int max, const char *want)
{
    char *got = viz_label_escape(raw, max);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_escape_rules(void **state)
{
    (void)state;
    expect_escape("real<lower=0>", 0, "real<lower=0>");
    expect_escape("say \"hi\"", 0, "say \"hi\"");
    expect_escape("\\N and \\G", 0, "\\\\N and \\\\G");
    /* a backslash last gets a line end that draws nothing */
    expect_escape("a\\", 0, "a\\\\\\n");
    expect_escape("\\", 0, "\\\\\\n");
    expect_escape("one\ntwo\r\nthree\rfour", 0, "one\\ntwo\\nthree\\nfour");
    expect_escape("tab\there", 0, "tab here");
    expect_escape("bell\a del\x7f", 0, "bell? del?");
    expect_escape("bad \xff\xc0\x80 utf8", 0, "bad ??? utf8");
    expect_escape("\xed\xa0\x80", 0, "???");                /* a surrogate */
    expect_escape("\xce\xbc = mu", 0, "\xce\xbc = mu");     /* U+03BC */
    expect_escape("abcdefghij", 6, "abc...");
    expect_escape("abcdef", 6, "abcdef");
    expect_escape("\xce\xbc\xce\xbc\xce\xbc\xce\xbc\xce\xbc\xce\xbc\xce\xbc",
                  5, "\xce\xbc\xce\xbc...");
    expect_escape("ab\\\\\\\\cd", 5, "ab...");
    expect_escape("abc\\", 5, "abc\\\\\\n");
    expect_escape(NULL, 0, "");
}

/* The labels every round trip sets: what breaks DOT writers. */
static const char *const nasty[] = {
    "real<lower=0>", "\"", "\\", "a\\", "a\\\\", "\\\"", "q\"q\\",
    "x\ny\n", "\\N\\G\\E\\T\\H\\L", "<b>html?</b>", "& &amp; ;",
    "{ } [ ] ; = -> --", "// not a comment", "/* nor this */", "#",
    "\xff\xfe", "", " ", "end with space ", "\"\\\"\\\"\\",
};

/* Set every label, write DOT with agwrite, read it back with agmemread:
 * the text must parse, and each label must come back as it was set. */
static void round_trip(const char *const *raws, int n)
{
    /* a name is cut to an identifier: agwrite writes names as they are */
    Agraph_t *g = viz_graph_open("round trip \"\\");
    assert_string_equal(agnameof(g), "round_trip___");
    assert_non_null(g);
    viz_set_label(g, "label", raws[0], 0);
    Agraph_t *cluster = agsubg(g, "cluster_0", 1);
    viz_set_label(cluster, "label", raws[n - 1], 0);
    for (int i = 0; i < n; i++) {
        char id[32];
        snprintf(id, sizeof id, "n%d", i);
        Agnode_t *node = agnode(i % 2 ? cluster : g, id, 1);
        assert_true(viz_set_label(node, "label", raws[i], 0));
        assert_true(viz_set_label(node, "tooltip", raws[(i + 1) % n], 0));
        if (i > 0) {
            snprintf(id, sizeof id, "n%d", i - 1);
            Agedge_t *e = agedge(g, agnode(g, id, 0), node, NULL, 1);
            assert_true(viz_set_label(e, "label", raws[i], 0));
        }
    }
    VizPicture pic;
    char why[256];
    assert_int_equal(viz_write_dot(g, &pic, why, sizeof why), 0);
    char *text = malloc(pic.len + 1);
    memcpy(text, pic.data, pic.len);
    text[pic.len] = '\0';
    viz_picture_free(&pic);
    Agraph_t *back = agmemread(text);
    if (!back)
        fail_msg("the DOT written does not parse:\n%s", text);
    for (int i = 0; i < n; i++) {
        char id[32];
        snprintf(id, sizeof id, "n%d", i);
        Agnode_t *node = agnode(back, id, 0);
        assert_non_null(node);
        char *want = viz_label_escape(raws[i], 0);
        assert_string_equal(agget(node, "label"), want);
        free(want);
        want = viz_label_escape(raws[(i + 1) % n], 0);
        assert_string_equal(agget(node, "tooltip"), want);
        free(want);
    }
    char *want = viz_label_escape(raws[n - 1], 0);
    assert_string_equal(agget(agsubg(back, "cluster_0", 0), "label"), want);
    free(want);
    agclose(back);
    agclose(g);
    free(text);
}

static void test_round_trip(void **state)
{
    (void)state;
    round_trip(nasty, (int)(sizeof nasty / sizeof *nasty));
}

/* Random bytes, long ones included (agwrite breaks lines past 128
 * characters with a backslash-newline), from a fixed seed. */
static void test_round_trip_random(void **state)
{
    (void)state;
    enum { N = 64 };
    static const char alphabet[] = "\\\"\n\r\t <>{}[];=-&#/*aZ0 \xce\xbc\xff";
    char *raws[N];
    uint32_t x = 20261124;
    for (int i = 0; i < N; i++) {
        x = x * 1664525u + 1013904223u;
        int len = (int)(x >> 24) % (i % 4 == 0 ? 400 : 24);
        raws[i] = malloc((size_t)len + 1);
        for (int k = 0; k < len; k++) {
            x = x * 1664525u + 1013904223u;
            raws[i][k] = alphabet[(x >> 16) % (sizeof alphabet - 1)];
        }
        raws[i][len] = '\0';
    }
    round_trip((const char *const *)raws, N);
    for (int i = 0; i < N; i++)
        free(raws[i]);
}

/* What the SVG renderer draws is the raw text (XML-escaped), on one line
 * per line of the raw text. */
static void test_svg_shows_raw_text(void **state)
{
    (void)state;
    VizContext *vc = viz_open();
    assert_non_null(vc);
    if (!viz_can_render(vc, VIZ_SVG)) {
        viz_close(vc);
        skip();
    }
    Agraph_t *g = viz_graph_open("svg");
    Agnode_t *a = agnode(g, "a", 1);
    viz_set_label(a, "label", "real<lower=0> \"q\" \\N end\\", 0);
    Agnode_t *b = agnode(g, "b", 1);
    viz_set_label(b, "label", "first\nsecond", 0);
    VizPicture pic;
    char why[256];
    assert_int_equal(viz_render(vc, g, VIZ_SVG, &pic, why, sizeof why), 0);
    assert_int_equal(pic.format, VIZ_SVG);
    char *svg = malloc(pic.len + 1);
    memcpy(svg, pic.data, pic.len);
    svg[pic.len] = '\0';
    viz_picture_free(&pic);
    if (!strstr(svg, ">real&lt;lower=0&gt; &quot;q&quot; \\N end\\</text>"))
        fail_msg("the label is not drawn as written:\n%s", svg);
    assert_non_null(strstr(svg, ">first</text>"));
    assert_non_null(strstr(svg, ">second</text>"));
    free(svg);
    agclose(g);
    viz_close(vc);
}

static const char two_loops[] =
    "data { int N; int M; vector[N] y; array[M, N] real z; }\n"
    "parameters { real mu; real<lower=0> s; }\n"
    "model {\n"
    "  mu ~ normal(0, 1);\n"
    "  for (m in 1:M) for (n in 1:N) z[m, n] ~ normal(mu, s);\n"
    "  for (n in 1:N) y[n] ~ normal(mu, s);\n"
    "}\n";

/* Subgraphs are written in the order they were made (cgraph's default
 * would follow the addresses of their names), the same text each time. */
static void test_deterministic(void **state)
{
    (void)state;
    const FactorGraph *g = build(two_loops);
    char *first = factor_graph_dot(g);
    char *second = factor_graph_dot(g);
    assert_string_equal(first, second);
    const char *p0 = strstr(first, "subgraph cluster_p0");
    const char *p1 = strstr(first, "subgraph cluster_p1");
    const char *p2 = strstr(first, "subgraph cluster_p2");
    assert_non_null(p0);
    assert_non_null(p1);
    assert_non_null(p2);
    assert_true(p0 < p1 && p1 < p2);
    assert_non_null(strstr(first, "label=\"m in 1:M\""));
    assert_non_null(strstr(first, "label=\"s\\nreal<lower=0>\""));
    free(first);
    free(second);
}

/* A program of n statements "target += -square(a - k);", in a loop when
 * looped. */
static char *many_factors(int n, bool looped)
{
    size_t cap = 256 + (size_t)n * 48;
    char *text = malloc(cap);
    size_t len = (size_t)snprintf(text, cap, "parameters { real a; }\nmodel {\n%s",
                                  looped ? "for (i in 1:3) {\n" : "");
    for (int k = 0; k < n; k++)
        len += (size_t)snprintf(text + len, cap - len,
                                "  target += -square(a - %d);\n", k);
    snprintf(text + len, cap - len, "%s}\n", looped ? "}\n" : "");
    return text;
}

static void test_collapsed_plates(void **state)
{
    (void)state;
    char *src = many_factors(VIZ_FG_MAX_NODES + 10, true);
    const FactorGraph *g = build(src);
    assert_true(g->nfactors > VIZ_FG_MAX_NODES);
    char *dot = factor_graph_dot(g);
    assert_non_null(strstr(dot, "shape=box3d"));
    assert_non_null(strstr(dot, "130 factors (collapsed)"));
    assert_null(strstr(dot, "not drawn"));
    Agraph_t *back = agmemread(dot);
    assert_non_null(back);
    assert_null(agnode(back, "f0", 0));
    assert_int_equal(agnnodes(back), 2);    /* a and the plate's box */
    agclose(back);
    free(dot);
    free(src);
}

static void test_cut_with_a_note(void **state)
{
    (void)state;
    char *src = many_factors(VIZ_FG_MAX_NODES + 10, false);
    const FactorGraph *g = build(src);
    char *dot = factor_graph_dot(g);
    assert_non_null(strstr(dot, "not drawn: 0 variables, 12 factors"));
    Agraph_t *back = agmemread(dot);
    assert_non_null(back);
    assert_int_equal(agnnodes(back), VIZ_FG_MAX_NODES);
    agclose(back);
    free(dot);
    free(src);
}

/* ---- flowgraphs ---- */

static FeUnit unit2;

static int teardown_two(void **state)
{
    fe_unit_free(&unit2);
    return teardown(state);
}

static Flowgraph *flowgraph_of(FeUnit *u, const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(u, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&u->arena, u->prog, "test_model");
    assert_non_null(p->log_prob);
    return fg_build(&u->arena, p, &p->log_prob);
}

/* The node of g whose text is want, or -1. */
static int node_with_text(const Flowgraph *g, const char *want)
{
    int found = -1;
    for (int i = 0; i < g->n; i++) {
        char *t = viz_flowgraph_node_text(g, i);
        if (strcmp(t, want) == 0)
            found = i;
        free(t);
    }
    return found;
}

/* A statement rewritten, one deleted and one added: the LCS of the
 * printed statements leaves exactly those changed, on their own side. */
static void test_flowgraph_diff(void **state)
{
    (void)state;
    Flowgraph *a = flowgraph_of(&unit, "parameters { real x; }\nmodel {\n"
        "  target += -x;\n  target += exp(x);\n  target += -2 * x;\n"
        "  for (n in 1:3) target += log1p(x * x);\n}\n");
    Flowgraph *b = flowgraph_of(&unit2, "parameters { real x; }\nmodel {\n"
        "  real t = x * x;\n  target += -x;\n  target += -2 * x;\n"
        "  for (n in 1:3) target += log1p(t);\n}\n");
    bool *ca = calloc((size_t)a->n, 1), *cb = calloc((size_t)b->n, 1);
    assert_true(viz_flowgraph_diff(a, b, ca, cb));
    int deleted = node_with_text(a, "target += exp(x);");
    int rewritten = node_with_text(a, "target += log1p((x * x));");
    int added = node_with_text(b, "t = (x * x);");
    int rewrote = node_with_text(b, "target += log1p(t);");
    assert_true(deleted >= 0 && rewritten >= 0 && added >= 0 && rewrote >= 0);
    for (int i = 0; i < a->n; i++)
        assert_int_equal(ca[i], i == deleted || i == rewritten);
    int decl = node_with_text(b, "real t;");
    for (int i = 0; i < b->n; i++)
        assert_int_equal(cb[i], i == added || i == rewrote || i == decl);
    /* the picture fills exactly those */
    VizPicture pic;
    char why[256];
    assert_int_equal(viz_flowgraph(NULL, b, cb, "green", "after", VIZ_DOT,
                                   &pic, why, sizeof why), 0);
    char *dot = strndup(pic.data, pic.len);
    viz_picture_free(&pic);
    Agraph_t *back = agmemread(dot);
    assert_non_null(back);
    int filled = 0;
    for (Agnode_t *v = agfstnode(back); v; v = agnxtnode(back, v)) {
        char *c = agget(v, "fillcolor");
        filled += c && strcmp(c, "green") == 0;
    }
    assert_int_equal(filled, 3);
    agclose(back);
    free(dot);
    free(ca);
    free(cb);
}

/* More statements than VIZ_FLOW_MAX_NODES: cut with a note, still DOT. */
static void test_flowgraph_cut(void **state)
{
    (void)state;
    char *src = many_factors(VIZ_FLOW_MAX_NODES + 20, false);
    Flowgraph *g = flowgraph_of(&unit, src);
    assert_true(g->n > VIZ_FLOW_MAX_NODES);
    VizPicture pic;
    char why[256];
    assert_int_equal(viz_flowgraph(NULL, g, NULL, NULL, "cut", VIZ_DOT, &pic,
                                   why, sizeof why), 0);
    char *dot = strndup(pic.data, pic.len);
    viz_picture_free(&pic);
    assert_non_null(strstr(dot, "not drawn: "));
    Agraph_t *back = agmemread(dot);
    assert_non_null(back);
    assert_true(agnnodes(back) <= VIZ_FLOW_MAX_NODES);
    agclose(back);
    free(dot);
    free(src);
}

static void test_format_of_path(void **state)
{
    (void)state;
    VizFormat f;
    assert_true(viz_format_of_path("a/g.png", &f));
    assert_int_equal(f, VIZ_PNG);
    assert_true(viz_format_of_path("g.svg", &f));
    assert_int_equal(f, VIZ_SVG);
    assert_true(viz_format_of_path("g.dot", &f));
    assert_int_equal(f, VIZ_DOT);
    assert_true(viz_format_of_path("g.gv", &f));
    assert_false(viz_format_of_path("g.json", &f));
    assert_false(viz_format_of_path(".png", &f));
    assert_false(viz_format_of_path("gpng", &f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_rules),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_round_trip_random),
        cmocka_unit_test(test_svg_shows_raw_text),
        cmocka_unit_test_teardown(test_deterministic, teardown),
        cmocka_unit_test_teardown(test_collapsed_plates, teardown),
        cmocka_unit_test_teardown(test_cut_with_a_note, teardown),
        cmocka_unit_test(test_format_of_path),
        cmocka_unit_test_teardown(test_flowgraph_diff, teardown_two),
        cmocka_unit_test_teardown(test_flowgraph_cut, teardown),
    };
    return cmocka_run_group_tests_name("viz", tests, NULL, NULL);
}
