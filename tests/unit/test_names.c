/* test_names.c - the suffixes of names (support/names.c), which every
 * layer asks instead of a private "ends with": the edge cases that the
 * copies once disagreed on (the suffix alone, with no stem, is not a
 * name with that suffix), the empty suffix and the empty name, a suffix
 * longer than the name, and the unnormalized densities' definitions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "names.h"

static void test_has_suffix(void **state)
{
    (void)state;
    assert_true(name_has_suffix("normal_lpdf", "_lpdf"));
    assert_true(name_has_suffix("x.stan", ".stan"));
    assert_true(name_has_suffix("a__", "__"));
    /* the suffix alone: no stem */
    assert_false(name_has_suffix("_lpdf", "_lpdf"));
    assert_false(name_has_suffix(".stan", ".stan"));
    assert_false(name_has_suffix("__", "__"));
    /* longer than the name */
    assert_false(name_has_suffix("pdf", "_lpdf"));
    assert_false(name_has_suffix("", "_rng"));
    /* the empty suffix: every non-empty name, not the empty one */
    assert_true(name_has_suffix("a", ""));
    assert_false(name_has_suffix("", ""));
    /* elsewhere than at the end, or differing in one character */
    assert_false(name_has_suffix("normal_lpdf_x", "_lpdf"));
    assert_false(name_has_suffix("normal_lpmf", "_lpdf"));
    assert_false(name_has_suffix("normal_LPDF", "_lpdf"));
}

static void test_unnormalized(void **state)
{
    (void)state;
    assert_true(name_is_unnormalized("foo_lupdf"));
    assert_true(name_is_unnormalized("foo_lupmf"));
    assert_false(name_is_unnormalized("foo_lpdf"));
    assert_false(name_is_unnormalized("_lupdf"));
    assert_false(name_is_unnormalized("lupdf"));

    Arena a = {0};
    assert_string_equal(name_definition(&a, "foo_lupdf"), "foo_lpdf");
    assert_string_equal(name_definition(&a, "f_lupmf"), "f_lpmf");
    const char *same = "foo_lpdf";
    assert_ptr_equal(name_definition(&a, same), same);
    const char *alone = "_lupmf";
    assert_ptr_equal(name_definition(&a, alone), alone);
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_has_suffix),
        cmocka_unit_test(test_unnormalized),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
