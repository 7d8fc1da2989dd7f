/* test_types.c - unsized types: construction, equality, promotion, join,
 * indexing and stanc3's printed notation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "types.h"

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

static void assert_prints(Arena *a, const Type *t, const char *want)
{
    assert_string_equal(ty_str(a, t), want);
}

static void test_basic_types_are_shared(void **state)
{
    (void)state;
    assert_ptr_equal(ty_basic(TY_REAL), TY(REAL));
    assert_int_equal(TY(COMPLEX_MATRIX)->kind, TY_COMPLEX_MATRIX);
    assert_int_equal(TY(VOID)->kind, TY_VOID);
    /* A parameterised kind has no singleton: the error type stands in. */
    assert_int_equal(ty_basic(TY_ARRAY)->kind, TY_ERROR);
}

static void test_array_of_array_flattens(void **state)
{
    Arena *a = *state;
    const Type *inner = ty_array(a, 2, TY(VECTOR));
    const Type *t = ty_array(a, 1, inner);
    assert_int_equal(t->kind, TY_ARRAY);
    assert_int_equal(t->dims, 3);
    assert_ptr_equal(t->elem, TY(VECTOR));
    assert_ptr_equal(ty_base(t), TY(VECTOR));
    assert_int_equal(ty_array_dims(t), 3);
    assert_int_equal(ty_array_dims(TY(MATRIX)), 0);
    assert_ptr_equal(ty_array(a, 0, TY(INT)), TY(INT));
}

static void test_equality(void **state)
{
    Arena *a = *state;
    assert_true(ty_equal(ty_array(a, 2, TY(REAL)), ty_array(a, 2, TY(REAL))));
    assert_false(ty_equal(ty_array(a, 2, TY(REAL)), ty_array(a, 1, TY(REAL))));
    assert_false(ty_equal(ty_array(a, 1, TY(INT)), ty_array(a, 1, TY(REAL))));
    const Type *items1[] = {TY(REAL), TY(INT)};
    const Type *items2[] = {TY(REAL), TY(REAL)};
    assert_true(ty_equal(ty_tuple(a, 2, items1), ty_tuple(a, 2, items1)));
    assert_false(ty_equal(ty_tuple(a, 2, items1), ty_tuple(a, 2, items2)));
    bool data[] = {false, true};
    const Type *f1 = ty_function(a, TY(REAL), 2, items1, data, FK_PLAIN);
    const Type *f2 = ty_function(a, TY(REAL), 2, items1, NULL, FK_PLAIN);
    assert_true(ty_equal(f1, ty_function(a, TY(REAL), 2, items1, data,
                                         FK_PLAIN)));
    assert_false(ty_equal(f1, f2));  /* data qualifiers differ */
    assert_false(ty_equal(f2, ty_function(a, TY(REAL), 2, items1, NULL,
                                          FK_LPDF)));
}

static void test_predicates(void **state)
{
    Arena *a = *state;
    assert_true(ty_is_scalar(TY(COMPLEX)));
    assert_false(ty_is_scalar(TY(VECTOR)));
    assert_true(ty_is_real_or_int(TY(INT)));
    assert_false(ty_is_real_or_int(TY(COMPLEX)));
    assert_true(ty_is_container(ty_array(a, 1, TY(INT))));
    assert_true(ty_is_container(TY(ROW_VECTOR)));
    assert_false(ty_is_container(TY(REAL)));
    assert_true(ty_is_complex_valued(ty_array(a, 2, TY(COMPLEX_VECTOR))));
    assert_false(ty_is_complex_valued(TY(MATRIX)));
}

static void test_index_once(void **state)
{
    Arena *a = *state;
    assert_ptr_equal(ty_index_once(a, TY(MATRIX)), TY(ROW_VECTOR));
    assert_ptr_equal(ty_index_once(a, TY(VECTOR)), TY(REAL));
    assert_ptr_equal(ty_index_once(a, TY(COMPLEX_MATRIX)),
                     TY(COMPLEX_ROW_VECTOR));
    assert_ptr_equal(ty_index_once(a, ty_array(a, 1, TY(MATRIX))),
                     TY(MATRIX));
    assert_true(ty_equal(ty_index_once(a, ty_array(a, 3, TY(INT))),
                         ty_array(a, 2, TY(INT))));
    assert_null(ty_index_once(a, TY(REAL)));
}

static void test_complexify(void **state)
{
    Arena *a = *state;
    assert_ptr_equal(ty_complexify(a, TY(INT)), TY(COMPLEX));
    assert_ptr_equal(ty_complexify(a, TY(ROW_VECTOR)), TY(COMPLEX_ROW_VECTOR));
    assert_true(ty_equal(ty_complexify(a, ty_array(a, 2, TY(MATRIX))),
                         ty_array(a, 2, TY(COMPLEX_MATRIX))));
    assert_null(ty_complexify(a, TY(VOID)));
}

static void test_promotion_costs(void **state)
{
    Arena *a = *state;
    assert_int_equal(ty_promotion_cost(TY(INT), TY(INT)), 0);
    assert_int_equal(ty_promotion_cost(TY(INT), TY(REAL)), 1);
    assert_int_equal(ty_promotion_cost(TY(REAL), TY(COMPLEX)), 1);
    assert_int_equal(ty_promotion_cost(TY(INT), TY(COMPLEX)), 2);
    assert_int_equal(ty_promotion_cost(TY(VECTOR), TY(COMPLEX_VECTOR)), 1);
    assert_int_equal(ty_promotion_cost(TY(ROW_VECTOR),
                                       TY(COMPLEX_ROW_VECTOR)), 1);
    assert_int_equal(ty_promotion_cost(TY(MATRIX), TY(COMPLEX_MATRIX)), 1);
    /* never backwards, never across shapes */
    assert_int_equal(ty_promotion_cost(TY(REAL), TY(INT)), -1);
    assert_int_equal(ty_promotion_cost(TY(COMPLEX_VECTOR), TY(VECTOR)), -1);
    assert_int_equal(ty_promotion_cost(TY(VECTOR), TY(ROW_VECTOR)), -1);
    assert_int_equal(ty_promotion_cost(TY(REAL), TY(VECTOR)), -1);
    /* elementwise through arrays of the same dimensions */
    assert_int_equal(ty_promotion_cost(ty_array(a, 2, TY(INT)),
                                       ty_array(a, 2, TY(REAL))), 1);
    assert_int_equal(ty_promotion_cost(ty_array(a, 1, TY(INT)),
                                       ty_array(a, 1, TY(COMPLEX))), 2);
    assert_int_equal(ty_promotion_cost(ty_array(a, 1, TY(INT)),
                                       ty_array(a, 2, TY(REAL))), -1);
    assert_int_equal(ty_promotion_cost(TY(INT), ty_array(a, 1, TY(INT))),
                     -1);
    /* tuples: the sum over items */
    const Type *from[] = {TY(INT), TY(REAL), TY(VECTOR)};
    const Type *to[] = {TY(REAL), TY(COMPLEX), TY(COMPLEX_VECTOR)};
    const Type *bad[] = {TY(REAL), TY(INT), TY(VECTOR)};
    assert_int_equal(ty_promotion_cost(ty_tuple(a, 3, from),
                                       ty_tuple(a, 3, to)), 3);
    assert_int_equal(ty_promotion_cost(ty_tuple(a, 3, from),
                                       ty_tuple(a, 3, bad)), -1);
    assert_int_equal(ty_promotion_cost(ty_tuple(a, 3, from),
                                       ty_tuple(a, 2, to)), -1);
    /* functions only as themselves */
    const Type *f = ty_function(a, TY(REAL), 1, from, NULL, FK_PLAIN);
    assert_int_equal(ty_promotion_cost(f, f), 0);
    assert_int_equal(ty_promotion_cost(f, TY(REAL)), -1);
}

static void test_join(void **state)
{
    Arena *a = *state;
    assert_ptr_equal(ty_join(a, TY(INT), TY(REAL)), TY(REAL));
    assert_ptr_equal(ty_join(a, TY(COMPLEX), TY(INT)), TY(COMPLEX));
    assert_ptr_equal(ty_join(a, TY(VECTOR), TY(VECTOR)), TY(VECTOR));
    assert_null(ty_join(a, TY(VECTOR), TY(MATRIX)));
    assert_null(ty_join(a, TY(REAL), TY(VECTOR)));
    assert_true(ty_equal(ty_join(a, ty_array(a, 1, TY(INT)),
                                 ty_array(a, 1, TY(COMPLEX))),
                         ty_array(a, 1, TY(COMPLEX))));
    /* items meet in the middle: neither tuple promotes to the other */
    const Type *x[] = {TY(INT), TY(REAL)};
    const Type *y[] = {TY(REAL), TY(INT)};
    const Type *want[] = {TY(REAL), TY(REAL)};
    assert_true(ty_equal(ty_join(a, ty_tuple(a, 2, x), ty_tuple(a, 2, y)),
                         ty_tuple(a, 2, want)));
    assert_true(ty_equal(ty_join(a, ty_array(a, 1, ty_tuple(a, 2, x)),
                                 ty_array(a, 1, ty_tuple(a, 2, y))),
                         ty_array(a, 1, ty_tuple(a, 2, want))));
}

static void test_printing(void **state)
{
    Arena *a = *state;
    assert_prints(a, TY(INT), "int");
    assert_prints(a, TY(COMPLEX_ROW_VECTOR), "complex_row_vector");
    assert_prints(a, ty_array(a, 1, TY(REAL)), "array[] real");
    assert_prints(a, ty_array(a, 2, TY(VECTOR)), "array[,] vector");
    assert_prints(a, ty_array(a, 3, TY(COMPLEX_MATRIX)),
                  "array[,,] complex_matrix");
    const Type *items[] = {TY(REAL), ty_array(a, 1, TY(INT))};
    assert_prints(a, ty_tuple(a, 2, items), "tuple(real, array[] int)");
    const Type *nested[] = {ty_tuple(a, 2, items), TY(MATRIX)};
    assert_prints(a, ty_array(a, 1, ty_tuple(a, 2, nested)),
                  "array[] tuple(tuple(real, array[] int), matrix)");
    const Type *args[] = {TY(REAL), TY(VECTOR)};
    bool data[] = {false, true};
    assert_prints(a, ty_function(a, TY(REAL), 2, args, data, FK_PLAIN),
                  "(real, data vector) => real");
    assert_prints(a, ty_function(a, NULL, 1, args, NULL, FK_PLAIN),
                  "(real) => void");
    assert_prints(a, ty_function(a, TY(INT), 0, NULL, NULL, FK_RNG),
                  "() => int");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_types_are_shared),
        cmocka_unit_test_setup_teardown(test_array_of_array_flattens,
                                        setup_arena, teardown_arena),
        cmocka_unit_test_setup_teardown(test_equality, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_predicates, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_index_once, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_complexify, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_promotion_costs, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_join, setup_arena,
                                        teardown_arena),
        cmocka_unit_test_setup_teardown(test_printing, setup_arena,
                                        teardown_arena),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
