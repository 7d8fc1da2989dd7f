/* test_emit_text.c - the backend's one way of writing text into emitted C
 * (em_c_string) and of naming a model (emit_model_name): a literal means
 * exactly the bytes it was given, holds only printable ASCII and no
 * trigraph; a model name is made of letters, digits and '_' whatever the
 * file stem. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emit.h"

/* The bytes a C string literal of em_c_string's kind stands for: quotes
 * around plain characters and the escapes \" \\ \? and \ooo.  NULL when
 * the literal is not of that form. */
static char *decode(const char *lit)
{
    size_t n = strlen(lit);
    if (n < 2 || lit[0] != '"' || lit[n - 1] != '"')
        return NULL;
    char *out = malloc(n);
    size_t o = 0;
    for (size_t i = 1; i + 1 < n; i++) {
        char c = lit[i];
        if (c == '"')
            goto bad;
        if (c != '\\') {
            out[o++] = c;
            continue;
        }
        c = lit[++i];
        if (c == '"' || c == '\\' || c == '?') {
            out[o++] = c;
        } else if (c >= '0' && c <= '7' && i + 3 < n) {
            int v = 0;
            for (int k = 0; k < 3; k++, i++) {
                if (lit[i] < '0' || lit[i] > '7')
                    goto bad;
                v = 8 * v + (lit[i] - '0');
            }
            i--;
            out[o++] = (char)v;
        } else {
            goto bad;
        }
    }
    out[o] = '\0';
    return out;
bad:
    free(out);
    return NULL;
}

/* A literal a C11 compiler reads as written: printable ASCII only, and no
 * "??" followed by a trigraph's last character. */
static void assert_safe_literal(const char *lit)
{
    for (const char *c = lit; *c; c++) {
        assert_true(*c >= 0x20 && *c < 0x7f);
        if (c[0] == '?' && c[1] == '?')
            assert_null(strchr("=/'()!<>-", c[2]) && c[2] ? c : NULL);
    }
}

static void assert_literal(const char *in, const char *want)
{
    Arena a = {0};
    const char *lit = em_c_string(&a, in);
    assert_string_equal(lit, want);
    assert_safe_literal(lit);
    char *back = decode(lit);
    assert_non_null(back);
    assert_string_equal(back, in);
    free(back);
    arena_free(&a);
}

static void test_c_string_cases(void **state)
{
    (void)state;
    assert_literal("", "\"\"");
    assert_literal("mu", "\"mu\"");
    assert_literal("a\"b", "\"a\\\"b\"");
    assert_literal("trailing\\", "\"trailing\\\\\"");
    assert_literal("\\0end", "\"\\\\0end\"");
    assert_literal("line\nnext", "\"line\\012next\"");
    /* the octal escape has three digits: a following digit stays a digit */
    assert_literal("\n1", "\"\\0121\"");
    assert_literal("caf\xc3\xa9", "\"caf\\303\\251\"");
    assert_literal("\x7f", "\"\\177\"");
    /* trigraphs (written here with \? so that this file has none) */
    assert_literal("?\?/", "\"?\\?/\"");
    assert_literal("?\?=?\?(", "\"?\\?=?\\?(\"");
    assert_literal("??\?=", "\"??\\?=\"");
    assert_literal("??", "\"??\"");
    assert_literal("?? x", "\"?? x\"");
    assert_literal("%d %s", "\"%d %s\"");
}

/* Every byte, and random strings of bytes and question marks, come back
 * exactly from a safe literal. */
static void test_c_string_round_trip(void **state)
{
    (void)state;
    char s[64];
    for (int c = 1; c < 256; c++) {
        s[0] = 'x';
        s[1] = (char)c;
        s[2] = '7';
        s[3] = '\0';
        Arena a = {0};
        const char *lit = em_c_string(&a, s);
        assert_safe_literal(lit);
        char *back = decode(lit);
        assert_non_null(back);
        assert_string_equal(back, s);
        free(back);
        arena_free(&a);
    }
    unsigned seed = 12345;
    static const char pool[] = "?\?=/'()!<>-\"\\\n\t0a\x80\xff";
    for (int t = 0; t < 2000; t++) {
        int n = (int)(seed % 40);
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            s[i] = pool[(seed >> 16) % (sizeof pool - 1)];
        }
        s[n] = '\0';
        seed = seed * 1103515245u + 12345u;
        Arena a = {0};
        const char *lit = em_c_string(&a, s);
        assert_safe_literal(lit);
        char *back = decode(lit);
        assert_non_null(back);
        assert_string_equal(back, s);
        free(back);
        arena_free(&a);
    }
}

static void test_model_name(void **state)
{
    (void)state;
    Arena a = {0};
    assert_string_equal(emit_model_name(&a, "bernoulli"), "bernoulli_model");
    assert_string_equal(emit_model_name(&a, "eight-schools"),
                        "eight_schools_model");
    assert_string_equal(emit_model_name(&a, "8 schools"),
                        "_8x32schools_model");
    assert_string_equal(emit_model_name(&a, "a\"b"), "ax34b_model");
    assert_string_equal(emit_model_name(&a, "x\ny"), "xx10y_model");
    assert_string_equal(emit_model_name(&a, "caf\xc3\xa9"),
                        "cafx195x169_model");
    assert_string_equal(emit_model_name(&a, ""), "_model");
    /* whatever the stem, the name is valid */
    char s[32];
    unsigned seed = 7;
    for (int t = 0; t < 2000; t++) {
        int n = (int)(seed % 30);
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            s[i] = (char)(1 + (seed >> 16) % 255);
        }
        s[n] = '\0';
        seed = seed * 1103515245u + 12345u;
        assert_true(emit_model_name_valid(emit_model_name(&a, s)));
    }
    assert_true(emit_model_name_valid("m"));
    assert_true(emit_model_name_valid("_8x"));
    assert_false(emit_model_name_valid(""));
    assert_false(emit_model_name_valid("8x"));
    assert_false(emit_model_name_valid("a-b"));
    assert_false(emit_model_name_valid("a\"b"));
    assert_false(emit_model_name_valid("a b"));
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_c_string_cases),
        cmocka_unit_test(test_c_string_round_trip),
        cmocka_unit_test(test_model_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
