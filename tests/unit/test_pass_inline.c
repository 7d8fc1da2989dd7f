/* test_pass_inline.c - the inline pass on MIR whose functions still have
 * their returns (lowered, not transformed: mir_transform turns every
 * function's exits into flags, so the golden tests only meet bodies with
 * one return at the end).  A return inside a loop becomes result, flag and
 * break inside a one-trip loop, and the loop that held it is followed by
 * `if (flag) break;` (stanc3's scheme). */
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

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

/* The pretty MIR of text lowered and inlined (a malloc'd string). */
static char *inline_lowered(const char *text)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    PassCtx ctx = {.a = p->arena, .pass = "inline"};
    assert_true(pass_inline(p, &ctx));
    mir_refresh(p);
    char why[512];
    if (!mir_verify(p, why, sizeof why))
        fail_msg("invalid MIR after inline: %s", why);
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    mir_pretty(f, p);
    fclose(f);
    return buf;
}

static void assert_has(const char *text, const char *want)
{
    if (!strstr(text, want)) {
        fprintf(stderr, "missing:\n%s\nin:\n%s\n", want, text);
        fail();
    }
}

static void test_return_in_loop(void **state)
{
    (void)state;
    char *mir = inline_lowered(
        "functions {\n"
        "  int first_above(array[] int xs, int bound) {\n"
        "    for (i in 1:size(xs)) {\n"
        "      if (xs[i] > bound) return i;\n"
        "    }\n"
        "    return 0;\n"
        "  }\n"
        "}\n"
        "data { int N; array[N] int xs; }\n"
        "transformed data { int k = first_above(xs, 3); }\n");
    assert_has(mir,
               "  data int inline_sym1__;\n"
               "  data int inline_sym3__;\n"
               "  inline_sym3__ = 0;\n"
               "  for(inline_sym4__ in 1:1) {\n"
               "    for(inline_sym2__ in 1:size(xs)) {\n"
               "      if((xs[inline_sym2__] > 3)) {\n"
               "        inline_sym1__ = inline_sym2__;\n"
               "        inline_sym3__ = 1;\n"
               "        break;\n"
               "      }\n"
               "    }\n"
               "    if(inline_sym3__) break;\n"
               "    {\n"
               "      inline_sym1__ = 0;\n"
               "      inline_sym3__ = 1;\n"
               "      break;\n"
               "    }\n"
               "  }\n"
               "  k = inline_sym1__;\n");
    free(mir);
}

static void test_early_return_without_loop(void **state)
{
    (void)state;
    char *mir = inline_lowered(
        "functions {\n"
        "  real clip(real x) {\n"
        "    if (x > 1) return 1;\n"
        "    return x;\n"
        "  }\n"
        "}\n"
        "data { real y; }\n"
        "transformed data { real z = clip(y); }\n");
    /* no loop holds a return: no flag, only the one-trip loop */
    assert_has(mir,
               "  for(inline_sym2__ in 1:1) {\n"
               "    if((y > 1)) {\n"
               "      inline_sym1__ = 1;\n"
               "      break;\n"
               "    }\n"
               "    {\n"
               "      inline_sym1__ = y;\n"
               "      break;\n"
               "    }\n"
               "  }\n"
               "  z = inline_sym1__;\n");
    free(mir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_return_in_loop, teardown),
        cmocka_unit_test_teardown(test_early_return_without_loop, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
