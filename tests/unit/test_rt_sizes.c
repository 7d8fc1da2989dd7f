/* test_rt_sizes.c - checked sizes (rt_sizes.h) and the failures of the
 * scratch memory and the value stack (rt_support.h): the checked
 * multiply and add refuse negatives and 64-bit overflow; rt_dims_check
 * gives Stan's message for a negative size and names the variable, its
 * dimensions and the limit for a product over INT_MAX elements (the
 * cases of issue 7: 65536^2, 46341^2, 100000^2, 2000^3); rt_count_add
 * refuses a sum over the limit; rt_temp_check an intermediate shape
 * over it or negative; a scratch request that cannot be made
 * returns NULL without a guard and jumps to one with it, and
 * rt_scratch_oom reports the bytes and the variable; a stack reservation
 * that overflows size_t sets failed instead of wrapping. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "pplrt.h"

static void test_size_mul(void **state)
{
    (void)state;
    int64_t p = -1;
    assert_true(rt_size_mul(65536, 65536, &p));
    assert_int_equal(p, INT64_C(4294967296));
    assert_true(rt_size_mul(0, INT64_MAX, &p));
    assert_int_equal(p, 0);
    assert_true(rt_size_mul(INT64_MAX, 1, &p));
    assert_int_equal(p, INT64_MAX);
    p = 7;
    assert_false(rt_size_mul(INT64_C(3037000500), INT64_C(3037000500), &p));
    assert_int_equal(p, 7);     /* unchanged on failure */
    assert_false(rt_size_mul(INT64_MAX / 2 + 1, 2, &p));
    assert_false(rt_size_mul(-5, 3, &p));
    assert_false(rt_size_mul(3, -5, &p));
    assert_int_equal(p, 7);
}

static void test_size_add_bytes(void **state)
{
    (void)state;
    int64_t s = 0;
    assert_true(rt_size_add(INT_MAX, INT_MAX, &s));
    assert_int_equal(s, INT64_C(4294967294));
    assert_false(rt_size_add(INT64_MAX, 1, &s));
    assert_false(rt_size_add(-1, 1, &s));
    size_t b = 0;
    assert_true(rt_size_bytes(1000000000, sizeof(double), &b));
    assert_int_equal(b, 8000000000u);
    assert_false(rt_size_bytes((int64_t)(SIZE_MAX / 8 + 1), 8, &b));
    assert_false(rt_size_bytes(-1, 8, &b));
}

static void test_dims_ok(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_int_equal(rt_dims_check("z", NULL, NULL, 0, &err), 0);
    assert_int_equal(rt_dims_check("z", (const char *[]){"N", "N"},
                                   (int[]){46340, 46340}, 2, &err), 0);
    assert_int_equal(rt_dims_check("y", (const char *[]){"N"},
                                   (int[]){INT_MAX}, 1, &err), 0);
    /* a zero anywhere makes zero elements, however large the rest */
    assert_int_equal(rt_dims_check("a", (const char *[]){"N", "M", "K"},
                                   (int[]){INT_MAX, 0, INT_MAX}, 3, &err), 0);
    assert_string_equal(err.msg, "");
}

static void test_dims_negative(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_int_equal(rt_dims_check("y", (const char *[]){"N"}, (int[]){-5},
                                   1, &err), -1);
    assert_string_equal(err.msg, "Found negative dimension size in variable "
                        "declaration; variable=y; dimension size "
                        "expression=N; expression value=-5");
    /* the negative size is named even after a product over the limit */
    assert_int_equal(rt_dims_check("z", (const char *[]){"N", "N", "K - 1"},
                                   (int[]){100000, 100000, -1}, 3, &err), -1);
    assert_string_equal(err.msg, "Found negative dimension size in variable "
                        "declaration; variable=z; dimension size "
                        "expression=K - 1; expression value=-1");
    assert_int_equal(rt_dims_check("w", NULL, (int[]){INT_MIN}, 1, &err), -1);
    assert_string_equal(err.msg, "Found negative dimension size in variable "
                        "declaration; variable=w; dimension size "
                        "expression=?; expression value=-2147483648");
}

static void test_dims_too_large(void **state)
{
    (void)state;
    static const struct {
        int dims[3];
        int n;
        const char *msg;
    } cases[] = {
        {{65536, 65536}, 2, "variable z is too large: its dimensions 65536 x "
         "65536 make 4294967296 elements, more than the limit of 2147483647"},
        {{46341, 46341}, 2, "variable z is too large: its dimensions 46341 x "
         "46341 make 2147488281 elements, more than the limit of 2147483647"},
        {{100000, 100000}, 2, "variable z is too large: its dimensions 100000 "
         "x 100000 make 10000000000 elements, more than the limit of "
         "2147483647"},
        {{2000, 2000, 2000}, 3, "variable z is too large: its dimensions 2000 "
         "x 2000 x 2000 make 8000000000 elements, more than the limit of "
         "2147483647"},
        {{INT_MAX, 2}, 2, "variable z is too large: its dimensions 2147483647 "
         "x 2 make 4294967294 elements, more than the limit of 2147483647"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        RtError err = {.msg = ""};
        assert_int_equal(rt_dims_check("z", NULL, cases[i].dims, cases[i].n,
                                       &err), -1);
        assert_string_equal(err.msg, cases[i].msg);
    }
}

static void test_count_add(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    int total = 0;
    assert_int_equal(rt_count_add(&total, 1100000000, "outputs", "a", &err),
                     0);
    assert_int_equal(total, 1100000000);
    assert_int_equal(rt_count_add(&total, 1100000000, "outputs", "b", &err),
                     -1);
    assert_int_equal(total, 1100000000);
    assert_string_equal(err.msg, "too many outputs: 1100000000 before b and "
                        "1100000000 in it make more than the limit of "
                        "2147483647");
    assert_int_equal(rt_count_add(&total, INT_MAX - 1100000000, "outputs",
                                  "c", &err), 0);
    assert_int_equal(total, INT_MAX);
}

static void test_temp_check(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_int_equal(rt_temp_check(46340, 46340, &err), 0);
    assert_int_equal(rt_temp_check(INT_MAX, 1, &err), 0);
    assert_int_equal(rt_temp_check(0, INT_MAX, &err), 0);
    assert_int_equal(rt_temp_check(65536, 65536, &err), -1);
    assert_string_equal(err.msg, "an intermediate result is too large: 65536 "
                        "x 65536 elements, more than the limit of 2147483647");
    assert_int_equal(rt_temp_check(INT64_MAX, INT64_MAX, &err), -1);
    assert_int_equal(rt_temp_check(-5, 1, &err), -1);
    assert_string_equal(err.msg, "an intermediate result has a negative size: "
                        "-5 x 1");
}

/* append_row/append_col: the int sum of two sizes is computed in 64 bits
 * and checked (it wrapped to a negative size before) */
static void test_shape_sum(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    int n = -1;
    assert_int_equal(rt_shape_sum(3, 4, &n, &err), 0);
    assert_int_equal(n, 7);
    assert_int_equal(rt_shape_sum(INT_MAX - 1, 1, &n, &err), 0);
    assert_int_equal(n, INT_MAX);
    n = -1;
    assert_int_equal(rt_shape_sum(1073741825, 1073741825, &n, &err), -1);
    assert_int_equal(n, -1);
    assert_true(err.fatal);
    assert_string_equal(err.msg, "a concatenation is too large: 1073741825 + "
                        "1073741825 = 2147483650 elements along it, more "
                        "than the limit of 2147483647");
    RtError e2 = {.msg = ""};
    assert_int_equal(rt_shape_sum(INT_MAX, INT_MAX, &n, &e2), -1);
    assert_true(e2.fatal);
    RtError e3 = {.msg = ""};
    assert_int_equal(rt_shape_sum(-1, 2, &n, &e3), -1);
    assert_false(e3.fatal);
    assert_string_equal(e3.msg, "a concatenation has a negative size: -1 + 2");
}

static void test_scratch_fail(void **state)
{
    (void)state;
    /* on the heap: a local changed between setjmp and longjmp would be
     * indeterminate after the jump */
    RtScratch *s = calloc(1, sizeof *s);
    assert_non_null(s);
    RtError err = {.msg = ""};
    volatile size_t huge = SIZE_MAX / 4;   /* not a constant: cc -Werror */
    /* no guard: NULL, the request recorded */
    assert_null(rt_scratch_doubles(s, huge));
    assert_int_equal(rt_scratch_oom(s, &err), -1);
    assert_string_equal(err.msg, "out of memory: cannot allocate more than "
                        "18446744073709551615 bytes");
    /* nothing recorded: 0 */
    assert_int_equal(rt_scratch_oom(s, &err), 0);
    /* a guard: the jump, the variable named */
    jmp_buf jump;
    volatile int jumped = 0;
    if (setjmp(jump) == 0) {
        s->on_fail = &jump;
        double *ok = rt_scratch_var_doubles(s, 10, "y");
        assert_non_null(ok);
        (void)rt_scratch_var_ints(s, huge * 4, "y");
        fail_msg("the failed allocation returned");
    } else {
        jumped = 1;
    }
    assert_int_equal(jumped, 1);
    assert_int_equal(rt_scratch_oom(s, &err), -1);
    assert_null(s->on_fail);
    assert_null(s->what);
    assert_string_equal(err.msg, "out of memory: cannot allocate more than "
                        "18446744073709551615 bytes for y");
    /* the scratch still works */
    double *p = rt_scratch_doubles(s, 3);
    assert_non_null(p);
    p[2] = 1;
    rt_scratch_free(s);
    free(s);
}

static void test_stack_overflow(void **state)
{
    (void)state;
    RtStack st = {0};
    rt_stack_push_double(&st, 1.5);
    assert_int_equal(rt_stack_reserve_doubles(&st, SIZE_MAX), -1);
    assert_int_equal(st.failed, 1);
    assert_int_equal(rt_stack_reserve_ints(&st, SIZE_MAX / 2), -1);
    assert_int_equal(st.nd, 1);
    assert_true(rt_stack_pop_double(&st) == 1.5);
    rt_stack_free(&st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_mul),
        cmocka_unit_test(test_size_add_bytes),
        cmocka_unit_test(test_dims_ok),
        cmocka_unit_test(test_dims_negative),
        cmocka_unit_test(test_dims_too_large),
        cmocka_unit_test(test_count_add),
        cmocka_unit_test(test_temp_check),
        cmocka_unit_test(test_shape_sum),
        cmocka_unit_test(test_scratch_fail),
        cmocka_unit_test(test_stack_overflow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
