/* test_format.c - --auto-format: Stan in, formatted Stan out, as stanc3
 * prints it.  Every case also formats its own output again and expects no
 * change, and parses it to the input's tree; the layout engine (OCaml
 * Format's boxes) is tested alone at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend.h"
#include "format_box.h"

enum { CANON_NONE = 0, CANON_PARENS = 1, CANON_BRACES = 2 };

/* The parse tree of `text` (which must parse), as --debug-parse prints
 * it, into a malloc'd string. */
static char *tree_of(const char *text)
{
    FeUnit u;
    /* as --debug-parse and --auto-format read it: a removed # comment is
     * a warning there (printed as //), an error only for the checker */
    FeOptions fo = {.hash_comments = true};
    fe_compile(&u, "test.stan", text, &fo);
    if (!u.parsed) {
        const Diag *d = u.sink.diags.items[u.sink.diags.len - 1];
        fe_unit_free(&u);
        fail_msg("the input does not parse: %s\n%s", d->msg, text);
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    ast_dump(mem, u.prog);
    fclose(mem);
    fe_unit_free(&u);
    return buf;
}

/* Format `text` (which must parse; the checker's verdict does not matter
 * to the formatter) into a malloc'd string. */
static char *format(const char *text, int canon, int max_line_length)
{
    FeUnit u;
    FeOptions fo = {.hash_comments = true};
    fe_compile(&u, "test.stan", text, &fo);
    if (!u.parsed) {
        const Diag *d = u.sink.diags.items[u.sink.diags.len - 1];
        fe_unit_free(&u);
        fail_msg("the input does not parse: %s\n%s", d->msg, text);
    }
    FmtOptions o = {.max_line_length = max_line_length,
                    .canon_parentheses = canon & CANON_PARENS,
                    .canon_braces = canon & CANON_BRACES};
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    fmt_program(mem, &u, &o);
    fclose(mem);
    fe_unit_free(&u);
    return buf;
}

/* The round trip: the output is `want`, formatting it again changes
 * nothing, and (unless canonicalizing) it parses to the input's tree. */
static void assert_format_width(const char *in, int canon, int width,
                                const char *want)
{
    char *got = format(in, canon, width);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "--- want\n%s--- got\n%s---\n", want, got);
        free(got);
        fail_msg("formatted output differs");
    }
    char *again = format(got, canon, width);
    if (strcmp(again, got) != 0) {
        fprintf(stderr, "--- first\n%s--- second\n%s---\n", got, again);
        free(got);
        free(again);
        fail_msg("formatting is not idempotent");
    }
    if (canon == CANON_NONE) {
        char *t_in = tree_of(in), *t_out = tree_of(got);
        bool same = strcmp(t_in, t_out) == 0;
        if (!same)
            fprintf(stderr, "--- tree in\n%s--- tree out\n%s---\n", t_in,
                    t_out);
        free(t_in);
        free(t_out);
        if (!same) {
            free(got);
            free(again);
            fail_msg("the output parses to another tree");
        }
    }
    free(got);
    free(again);
}

static void assert_format(const char *in, int canon, const char *want)
{
    assert_format_width(in, canon, 78, want);
}

/* stanc3's layout (test/integration/good/pretty.expected): no blank line
 * between blocks, two spaces per level, `:` spaced in ranges. */
static void test_layout_of_blocks(void **state)
{
    (void)state;
    assert_format(
        "data{int<lower=0>N;vector[N] y;}parameters{real mu;"
        "real<lower=0,upper=10>sigma;}model{y~normal(mu,sigma);"
        "target+=-0.5*mu^2;}",
        CANON_NONE,
        "data {\n"
        "  int<lower=0> N;\n"
        "  vector[N] y;\n"
        "}\n"
        "parameters {\n"
        "  real mu;\n"
        "  real<lower=0, upper=10> sigma;\n"
        "}\n"
        "model {\n"
        "  y ~ normal(mu, sigma);\n"
        "  target += -0.5 * mu ^ 2;\n"
        "}\n");
    /* an empty block keeps an indented empty line, as Format prints it */
    assert_format("model { }", CANON_NONE, "model {\n  \n}\n");
}

static void test_types_and_declarations(void **state)
{
    (void)state;
    assert_format(
        "parameters { vector<offset=mu,multiplier=tau>[K] z;"
        " cholesky_factor_cov[M,N] L; simplex[K] theta;"
        " array[N,2] real<lower=0> a; tuple(real,array[2] int) t; }",
        CANON_NONE,
        "parameters {\n"
        "  vector<offset=mu, multiplier=tau>[K] z;\n"
        "  cholesky_factor_cov[M, N] L;\n"
        "  simplex[K] theta;\n"
        "  array[N, 2] real<lower=0> a;\n"
        "  tuple(real, array[2] int) t;\n"
        "}\n");
    /* declarations written together stay together */
    assert_format("transformed data { real a = 1, b, c = a; }", CANON_NONE,
                  "transformed data {\n"
                  "  real a = 1, b, c = a;\n"
                  "}\n");
}

/* Function definitions follow each other as the source spaced them. */
static void test_functions_and_annotations(void **state)
{
    (void)state;
    assert_format(
        "functions { @extern real foo(real x);"
        " real g_lpdf(real y, data real mu){return normal_lpdf(y|mu,1);}\n"
        "\n"
        " void h(){return;} }",
        CANON_NONE,
        "functions {\n"
        "  @extern real foo(real x);\n"
        "  real g_lpdf(real y, data real mu) {\n"
        "    return normal_lpdf(y | mu, 1);\n"
        "  }\n"
        "  \n"
        "  void h() {\n"
        "    return;\n"
        "  }\n"
        "}\n");
}

/* An unbraced body goes on the next line after "if (c) " (with the space
 * Format leaves there), except a while loop's, which stays on its line. */
static void test_statements(void **state)
{
    (void)state;
    assert_format(
        "model { for(i in 1:N){if(x[i]>0)y+=1;else if(x[i]<0){y-=1;}"
        "else{y*=2;}} while(y<0)y+=1; while (1) break; for (v in xs)"
        " print(\"v \",v);"
        " profile(\"p\"){ z~normal(0,1) T[0,]; w~normal(0,1)T[,1]; }"
        " reject(\"bad\"); }",
        CANON_NONE,
        "model {\n"
        "  for (i in 1 : N) {\n"
        "    if (x[i] > 0) \n"
        "      y += 1;\n"
        "    else if (x[i] < 0) {\n"
        "      y -= 1;\n"
        "    } else {\n"
        "      y *= 2;\n"
        "    }\n"
        "  }\n"
        "  while (y < 0) y += 1;\n"
        "  while (1) break;\n"
        "  for (v in xs) \n"
        "    print(\"v \", v);\n"
        "  profile(\"p\") {\n"
        "    z ~ normal(0, 1) T[0, ];\n"
        "    w ~ normal(0, 1) T[ , 1];\n"
        "  }\n"
        "  reject(\"bad\");\n"
        "}\n");
}

/* Slices as stanc3's pp_index prints them: " : " for all, "e : ", " : e". */
static void test_expressions(void **state)
{
    (void)state;
    assert_format(
        "transformed data { z = 2.5i*x[i,:,2:3,:n,m:]; t = (a,b).1;"
        " u = c ? {1,2} : [3,4]'; w = -(a^b)+(-a)^b; }",
        CANON_NONE,
        "transformed data {\n"
        "  z = 2.5i * x[i,  : , 2 : 3,  : n, m : ];\n"
        "  t = (a, b).1;\n"
        "  u = c ? {1, 2} : [3, 4]';\n"
        "  w = -(a ^ b) + (-a) ^ b;\n"
        "}\n");
}

static void test_canonical_parentheses(void **state)
{
    (void)state;
    assert_format(
        "model { y = ((x-1)); y = -(a^b); y = (-a)^b; y = a-(b-c);"
        " y = (a-b)-c; y = (a^b)^c; y = a^(b^c); y = (a?b:c)?d:e;"
        " y = !(!a); y = -(-a); y = (a+b)'; }",
        CANON_PARENS,
        /* stanc3's Canonicalize.keep_parens: an operand keeps one pair
         * written around an operator expression, a right-hand side none */
        "model {\n"
        "  y = x - 1;\n"
        "  y = -(a ^ b);\n"
        "  y = (-a) ^ b;\n"
        "  y = a - (b - c);\n"
        "  y = (a - b) - c;\n"
        "  y = (a ^ b) ^ c;\n"
        "  y = a ^ (b ^ c);\n"
        "  y = (a ? b : c) ? d : e;\n"
        "  y = !(!a);\n"
        "  y = -(-a);\n"
        "  y = (a + b)';\n"
        "}\n");
    /* a bound keeps its pair as an operand does; without one, a bound is
     * an additive expression and a comparison would get one */
    assert_format("parameters { real<lower=(a<b?0:1), upper=(c*d)> x; }",
                  CANON_PARENS,
                  "parameters {\n"
                  "  real<lower=(a < b ? 0 : 1), upper=(c * d)> x;\n"
                  "}\n");
}

static void test_canonical_braces(void **state)
{
    (void)state;
    assert_format(
        "model { if (a) x = 1; else if (b) x = 2; else x = 3;"
        " for (i in 1:N) x += i; while (x) x = 0; }",
        CANON_BRACES,
        "model {\n"
        "  if (a) {\n"
        "    x = 1;\n"
        "  } else if (b) {\n"
        "    x = 2;\n"
        "  } else {\n"
        "    x = 3;\n"
        "  }\n"
        "  for (i in 1 : N) {\n"
        "    x += i;\n"
        "  }\n"
        "  while (x) {\n"
        "    x = 0;\n"
        "  }\n"
        "}\n");
}

/* Comments as stanc3 places them: a comment after "{" starts the block's
 * first line; one inside a declaration moves after it, marked "^^^:"; one
 * between arguments stays there, and a line comment ends its line. */
static void test_comments(void **state)
{
    (void)state;
    assert_format(
        "# hash\n"
        "transformed data { // after brace\n"
        "  int N; /* after N */\n"
        "  int /* in M */ M; // after M\n"
        "\n"
        "\n"
        "  // before x\n"
        "  real x; real y = f(1, // inside\n"
        "  2);\n"
        "     /* block\n"
        "        indented */\n"
        "  // before close\n"
        "}\n"
        "// at the end\n",
        CANON_NONE,
        "// hash\n"
        "transformed data {\n"
        "  // after brace\n"
        "  int N; /* after N */\n"
        "  /* in M */\n"        /* before the name: stanc3's get_first_loc */
        "  int M; // after M\n"
        "  \n"
        "  // before x\n"
        "  real x;\n"
        "  real y = f(1, // inside\n"
        "             2);\n"
        "  /* block\n"
        "     indented */\n"
        "  // before close\n"
        "}\n"
        "// at the end");
}

/* A comment between a prefix operator and its operand stays there (the
 * fuzzer found that printing it before the operator, as stanc3 does, moves
 * it one operator to the left each time the output is formatted). */
static void test_comments_prefix_operators(void **state)
{
    (void)state;
    assert_format(
        "transformed data {\n  real v = 1 - - - //c\n - - 1.0;\n"
        "  real w = /* b */ - /* a */ - 2;\n}\n",
        CANON_NONE,
        "transformed data {\n"
        "  real v = 1 - - - //c\n"
        "           - -1.0;\n"
        "  real w = /* b */ - /* a */ -2;\n"
        "}\n");
}

/* Long lines break as Format breaks stanc3's boxes: a call's arguments
 * continue under the first, a sum before its operators under its first
 * operand, a function's parameters under the first. */
static void test_long_lines(void **state)
{
    (void)state;
    /* a declaration broken over two lines has its first size a line
     * below its start: no blank line before it (formatting the output
     * again added one; the fuzzer's round trip).  assert_format_width
     * also formats its own output again. */
    assert_format_width(
        "data {\n  int N;\n  vector<lower=0000000000, upper=1>[N] t;\n}",
        CANON_NONE, 30,
        "data {\n"
        "  int N;\n"
        "  vector<lower=0000000000,\n"
        "         upper=1>[N] t;\n"
        "}\n");
    assert_format_width(
        "model { target += normal_lpdf(y | alpha + beta * x, sigma)"
        " + normal_lpdf(alpha | 0, 10); }",
        CANON_NONE, 40,
        "model {\n"
        "  target += normal_lpdf(y | alpha\n"
        "                            + beta * x, sigma)\n"
        "            + normal_lpdf(alpha | 0, 10);\n"
        "}\n");
    assert_format_width(
        "functions { real f(real first_argument, real second_argument) {"
        " return first_argument; } }",
        CANON_NONE, 40,
        "functions {\n"
        "  real f(real first_argument,\n"
        "         real second_argument) {\n"
        "    return first_argument;\n"
        "  }\n"
        "}\n");
    /* stanc3's algebra_solver_good.stan in pretty.expected, default width */
    assert_format(
        "transformed parameters { theta_p = algebra_solver(algebra_system,"
        " x, y, dat, dat_int, 0.01, 0.01, 10); }",
        CANON_NONE,
        "transformed parameters {\n"
        "  theta_p = algebra_solver(algebra_system, x, y, dat, dat_int,"
        " 0.01, 0.01,\n"
        "                           10);\n"
        "}\n");
}

/* ------------------------------------------- the layout engine alone */

static char *render(const FbDoc *d, int margin)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_non_null(mem);
    fb_render(mem, d, margin);
    fclose(mem);
    return buf;
}

/* "aaaa bbbb cccc" in a box of kind k opened after `lead` */
static char *three_words(FbBoxKind k, const char *lead, int margin)
{
    Arena arena = {0};
    FbDoc d;
    fb_init(&d, &arena);
    fb_text(&d, lead);
    fb_open(&d, k, 0);
    fb_text(&d, "aaaa");
    fb_space(&d);
    fb_text(&d, "bbbb");
    fb_space(&d);
    fb_text(&d, "cccc");
    fb_close(&d);
    char *out = render(&d, margin);
    arena_free(&arena);
    return out;
}

/* OCaml Format's boxes: h never breaks, v always, hov and b when the next
 * word does not fit, a box that fits is laid out flat; continuation lines
 * start at the box's column. */
static void test_box_kinds(void **state)
{
    (void)state;
    struct {
        FbBoxKind kind;
        int margin;
        const char *want;
    } cases[] = {
        {FB_H, 10, "x(aaaa bbbb cccc"},
        {FB_V, 78, "x(aaaa\n  bbbb\n  cccc"},
        {FB_HOV, 78, "x(aaaa bbbb cccc"},
        {FB_HOV, 12, "x(aaaa bbbb\n  cccc"},
        {FB_B, 12, "x(aaaa bbbb\n  cccc"},
        {FB_B, 8, "x(aaaa\n  bbbb\n  cccc"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = three_words(cases[i].kind, "x(", cases[i].margin);
        if (strcmp(got, cases[i].want) != 0) {
            fprintf(stderr, "case %zu: want\n%s\ngot\n%s\n", i,
                    cases[i].want, got);
            free(got);
            fail_msg("box layout differs");
        }
        free(got);
    }
}

/* A box cannot open right of the maximum indentation (margin 20: 10): the
 * line breaks first, at the enclosing box's indentation. */
static void test_box_max_indent(void **state)
{
    (void)state;
    Arena arena = {0};
    FbDoc d;
    fb_init(&d, &arena);
    fb_open(&d, FB_B, 0);
    fb_text(&d, "0123456789ab");
    fb_open(&d, FB_B, 0);
    fb_text(&d, "c");
    fb_space(&d);
    fb_text(&d, "d0123456789");
    fb_close(&d);
    fb_close(&d);
    char *got = render(&d, 20);
    assert_string_equal(got, "0123456789ab\nc d0123456789");
    free(got);
    /* a forced new line continues at the innermost box's column */
    fb_init(&d, &arena);
    fb_text(&d, "ab(");
    fb_open(&d, FB_B, 0);
    fb_text(&d, "// c");
    fb_newline(&d);
    fb_text(&d, "d)");
    fb_close(&d);
    got = render(&d, 78);
    assert_string_equal(got, "ab(// c\n   d)");
    free(got);
    arena_free(&arena);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_of_blocks),
        cmocka_unit_test(test_types_and_declarations),
        cmocka_unit_test(test_functions_and_annotations),
        cmocka_unit_test(test_statements),
        cmocka_unit_test(test_expressions),
        cmocka_unit_test(test_canonical_parentheses),
        cmocka_unit_test(test_canonical_braces),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_comments_prefix_operators),
        cmocka_unit_test(test_long_lines),
        cmocka_unit_test(test_box_kinds),
        cmocka_unit_test(test_box_max_indent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
