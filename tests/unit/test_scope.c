/* test_scope.c - the table of names in nested scopes (frontend/scope.c):
 * insert and lookup, shadowing in nested scopes and what a pop restores, a
 * lookup that misses, every overload of a name, truncation, and growth of
 * the entries and the buckets far past their first sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "scope.h"

static int setup_arena(void **state)
{
    Arena *a = test_calloc(1, sizeof(Arena));
    *state = a;
    return 0;
}

static int teardown_arena(void **state)
{
    arena_free(*state);
    test_free(*state);
    return 0;
}

/* The value `name` finds, or -1 when it finds nothing. */
static int value_of(const ScopeTable *t, const char *name)
{
    int v = -12345;
    if (!scope_lookup(t, name, &v))
        return -1;
    assert_int_not_equal(v, -12345);
    return v;
}

static void test_insert_and_lookup(void **state)
{
    ScopeTable t;
    scope_init(&t, *state);
    assert_int_equal(scope_depth(&t), 0);
    assert_int_equal(value_of(&t, "x"), -1);  /* empty: no buckets yet */
    scope_push(&t);
    scope_declare(&t, "x", 1);
    scope_declare(&t, "y", 2);
    assert_int_equal(value_of(&t, "x"), 1);
    assert_int_equal(value_of(&t, "y"), 2);
    assert_int_equal(scope_count(&t), 2);
    assert_int_equal(scope_depth(&t), 1);
}

static void test_lookup_miss(void **state)
{
    ScopeTable t;
    scope_init(&t, *state);
    scope_push(&t);
    scope_declare(&t, "alpha", 7);
    assert_int_equal(value_of(&t, "beta"), -1);
    assert_int_equal(value_of(&t, "alph"), -1);    /* a prefix */
    assert_int_equal(value_of(&t, "alphaa"), -1);  /* an extension */
    assert_int_equal(value_of(&t, ""), -1);
    assert_int_equal(scope_find(&t, "beta"), -1);
}

static void test_shadowing_and_pop(void **state)
{
    ScopeTable t;
    scope_init(&t, *state);
    scope_push(&t);
    scope_declare(&t, "x", 1);
    scope_declare(&t, "outer", 10);
    scope_push(&t);
    scope_declare(&t, "x", 2);        /* hides the outer x */
    scope_declare(&t, "inner", 20);
    scope_push(&t);
    scope_declare(&t, "x", 3);
    assert_int_equal(value_of(&t, "x"), 3);
    assert_int_equal(value_of(&t, "outer"), 10);  /* visible from inside */
    assert_int_equal(scope_depth(&t), 3);

    scope_pop(&t);
    assert_int_equal(value_of(&t, "x"), 2);
    assert_int_equal(value_of(&t, "inner"), 20);
    scope_pop(&t);
    assert_int_equal(value_of(&t, "x"), 1);       /* the outer x is back */
    assert_int_equal(value_of(&t, "inner"), -1);  /* gone with its scope */
    assert_int_equal(scope_count(&t), 2);

    /* a scope opened again starts empty */
    scope_push(&t);
    assert_int_equal(value_of(&t, "inner"), -1);
    scope_declare(&t, "inner", 30);
    assert_int_equal(value_of(&t, "inner"), 30);
    scope_pop(&t);
    scope_pop(&t);
    assert_int_equal(value_of(&t, "x"), -1);
    assert_int_equal(scope_count(&t), 0);
}

/* Every declaration of a name, innermost first: the overloads of a
 * function share one name. */
static void test_all_declarations_of_a_name(void **state)
{
    ScopeTable t;
    scope_init(&t, *state);
    scope_push(&t);
    scope_declare(&t, "f", 0);
    scope_declare(&t, "g", 1);
    scope_declare(&t, "f", 2);
    scope_declare(&t, "f", 3);
    int seen[4], n = 0;
    for (int i = scope_find(&t, "f"); i >= 0; i = scope_older(&t, i)) {
        assert_true(n < 4);
        seen[n++] = t.entries[i].value;
    }
    assert_int_equal(n, 3);
    assert_int_equal(seen[0], 3);
    assert_int_equal(seen[1], 2);
    assert_int_equal(seen[2], 0);
}

static void test_truncate(void **state)
{
    ScopeTable t;
    scope_init(&t, *state);
    scope_push(&t);
    scope_declare(&t, "a", 1);
    int mark = scope_count(&t);
    scope_declare(&t, "b", 2);
    scope_declare(&t, "a", 3);
    assert_int_equal(value_of(&t, "a"), 3);
    scope_truncate(&t, mark);
    assert_int_equal(value_of(&t, "a"), 1);
    assert_int_equal(value_of(&t, "b"), -1);
    assert_int_equal(scope_count(&t), 1);
}

/* Far more names than the first 64 entries and buckets, in nested scopes
 * and with every name also shadowed: each finds its own value while the
 * buckets are rebuilt, and popping the inner scope restores the outer. */
static void test_growth(void **state)
{
    enum { N = 50000 };
    ScopeTable t;
    scope_init(&t, *state);
    scope_push(&t);
    char name[32];
    char **names = test_malloc(sizeof(char *) * N);
    for (int i = 0; i < N; i++) {
        snprintf(name, sizeof name, "v%d", i);
        names[i] = arena_strdup(*state, name);
        scope_declare(&t, names[i], i);
    }
    int buckets = t.nbuckets;
    assert_true(buckets >= N);
    scope_push(&t);
    for (int i = 0; i < N; i += 2)
        scope_declare(&t, names[i], N + i);
    assert_true(scope_depth(&t) == 2);
    for (int i = 0; i < N; i++)
        assert_int_equal(value_of(&t, names[i]), i % 2 ? i : N + i);
    assert_int_equal(value_of(&t, "v50000"), -1);
    scope_pop(&t);
    for (int i = 0; i < N; i++)
        assert_int_equal(value_of(&t, names[i]), i);
    assert_int_equal(scope_count(&t), N);
    test_free(names);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_insert_and_lookup, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_lookup_miss, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_shadowing_and_pop, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_all_declarations_of_a_name,
                                        setup_arena, teardown_arena),
        cmocka_unit_test_setup_teardown(test_truncate, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_growth, setup_arena,
                                        teardown_arena),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
