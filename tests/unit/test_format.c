/* test_format.c - --auto-format: Stan in, formatted Stan out.  Every case
 * also formats its own output again and expects no change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend.h"

enum { CANON_NONE = 0, CANON_PARENS = 1, CANON_BRACES = 2 };

/* Format `text` (which must parse; the checker's verdict does not matter
 * to the formatter) into a malloc'd string. */
static char *format(const char *text, int canon, int max_line_length)
{
    FeUnit u;
    FeOptions fo = {0};
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
    free(got);
    free(again);
}

static void assert_format(const char *in, int canon, const char *want)
{
    assert_format_width(in, canon, 78, want);
}

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
        "\n"
        "parameters {\n"
        "  real mu;\n"
        "  real<lower=0, upper=10> sigma;\n"
        "}\n"
        "\n"
        "model {\n"
        "  y ~ normal(mu, sigma);\n"
        "  target += -0.5 * mu ^ 2;\n"
        "}\n");
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

static void test_functions_and_annotations(void **state)
{
    (void)state;
    assert_format(
        "functions { @extern real foo(real x);"
        " real g_lpdf(real y, data real mu){return normal_lpdf(y|mu,1);}"
        " void h(){return;} }",
        CANON_NONE,
        "functions {\n"
        "  @extern real foo(real x);\n"
        "\n"
        "  real g_lpdf(real y, data real mu) {\n"
        "    return normal_lpdf(y | mu, 1);\n"
        "  }\n"
        "\n"
        "  void h() {\n"
        "    return;\n"
        "  }\n"
        "}\n");
}

static void test_statements(void **state)
{
    (void)state;
    assert_format(
        "model { for(i in 1:N){if(x[i]>0)y+=1;else if(x[i]<0){y-=1;}"
        "else{y*=2;}} while(y<0)y+=1; for (v in xs) print(\"v \",v);"
        " profile(\"p\"){ z~normal(0,1) T[0,]; w~normal(0,1)T[,1]; }"
        " reject(\"bad\"); }",
        CANON_NONE,
        "model {\n"
        "  for (i in 1:N) {\n"
        "    if (x[i] > 0)\n"
        "      y += 1;\n"
        "    else if (x[i] < 0) {\n"
        "      y -= 1;\n"
        "    } else {\n"
        "      y *= 2;\n"
        "    }\n"
        "  }\n"
        "  while (y < 0)\n"
        "    y += 1;\n"
        "  for (v in xs)\n"
        "    print(\"v \", v);\n"
        "  profile(\"p\") {\n"
        "    z ~ normal(0, 1) T[0, ];\n"
        "    w ~ normal(0, 1) T[, 1];\n"
        "  }\n"
        "  reject(\"bad\");\n"
        "}\n");
}

static void test_expressions(void **state)
{
    (void)state;
    assert_format(
        "transformed data { z = 2.5i*x[i,:,2:3,:n,m:]; t = (a,b).1;"
        " u = c ? {1,2} : [3,4]'; w = -(a^b)+(-a)^b; }",
        CANON_NONE,
        "transformed data {\n"
        "  z = 2.5i * x[i, :, 2:3, :n, m:];\n"
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
        "model {\n"
        "  y = x - 1;\n"
        "  y = -a ^ b;\n"
        "  y = (-a) ^ b;\n"
        "  y = a - (b - c);\n"
        "  y = a - b - c;\n"
        "  y = (a ^ b) ^ c;\n"
        "  y = a ^ b ^ c;\n"
        "  y = (a ? b : c) ? d : e;\n"
        "  y = !!a;\n"
        "  y = - -a;\n"
        "  y = (a + b)';\n"
        "}\n");
    /* a bound is an additive expression: a comparison keeps its own */
    assert_format("parameters { real<lower=(a<b?0:1), upper=(c*d)> x; }",
                  CANON_PARENS,
                  "parameters {\n"
                  "  real<lower=(a < b ? 0 : 1), upper=c * d> x;\n"
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
        "  for (i in 1:N) {\n"
        "    x += i;\n"
        "  }\n"
        "  while (x) {\n"
        "    x = 0;\n"
        "  }\n"
        "}\n");
}

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
        "transformed data { // after brace\n"
        "  int N; /* after N */\n"
        "  int M; /* in M */ // after M\n"
        "\n"
        "  // before x\n"
        "  real x;\n"
        "  real y = f(1, 2);\n"
        "  // inside\n"
        "  /* block\n"
        "     indented */\n"
        "  // before close\n"
        "}\n"
        "// at the end\n");
}

static void test_long_lines(void **state)
{
    (void)state;
    assert_format_width(
        "model { target += normal_lpdf(y | alpha + beta * x, sigma)"
        " + normal_lpdf(alpha | 0, 10); }",
        CANON_NONE, 40,
        "model {\n"
        "  target += normal_lpdf(y |\n"
        "              alpha + beta * x, sigma)\n"
        "            + normal_lpdf(alpha | 0,\n"
        "                10);\n"
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
        cmocka_unit_test(test_long_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
