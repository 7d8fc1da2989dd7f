/* test_rt_int.c - Stan's checked int arithmetic (rt_int.h): exact results
 * up to the edges of int, and past them the error naming the operation;
 * division and modulus by zero with Stan Math's words; and the fatal
 * flag of RtError (rt_fatal kept by a prefixing rt_error). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <limits.h>
#include <string.h>

#include "pplrt.h"

/* rc is -1 with err->msg == want, and *r untouched (still 12345). */
static void expect_error(int rc, const RtError *err, int r, const char *want)
{
    assert_int_equal(rc, -1);
    assert_string_equal(err->msg, want);
    assert_int_equal(r, 12345);
}

static void test_add_sub_mul(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    int r = 0;
    assert_int_equal(rt_int_add(INT_MAX - 1, 1, &r, &err), 0);
    assert_int_equal(r, INT_MAX);
    assert_int_equal(rt_int_add(INT_MIN, INT_MAX, &r, &err), 0);
    assert_int_equal(r, -1);
    assert_int_equal(rt_int_sub(INT_MIN + 1, 1, &r, &err), 0);
    assert_int_equal(r, INT_MIN);
    assert_int_equal(rt_int_mul(46340, 46340, &r, &err), 0);
    assert_int_equal(r, 2147395600);
    assert_int_equal(rt_int_mul(INT_MIN, 1, &r, &err), 0);
    assert_int_equal(r, INT_MIN);
    r = 12345;
    expect_error(rt_int_add(INT_MAX, 1, &r, &err), &err, r,
                 "integer overflow in 2147483647 + 1");
    expect_error(rt_int_add(INT_MIN, -1, &r, &err), &err, r,
                 "integer overflow in -2147483648 + -1");
    expect_error(rt_int_sub(INT_MIN, 1, &r, &err), &err, r,
                 "integer overflow in -2147483648 - 1");
    expect_error(rt_int_sub(0, INT_MIN, &r, &err), &err, r,
                 "integer overflow in 0 - -2147483648");
    expect_error(rt_int_mul(46341, 46341, &r, &err), &err, r,
                 "integer overflow in 46341 * 46341");
    expect_error(rt_int_mul(INT_MIN, -1, &r, &err), &err, r,
                 "integer overflow in -2147483648 * -1");
    assert_false(err.fatal);
}

static void test_div_mod(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    int r = 0;
    /* truncation towards zero; the remainder has the dividend's sign */
    assert_int_equal(rt_int_div(-7, 2, &r, &err), 0);
    assert_int_equal(r, -3);
    assert_int_equal(rt_int_mod(-7, 2, &r, &err), 0);
    assert_int_equal(r, -1);
    assert_int_equal(rt_int_mod(7, -2, &r, &err), 0);
    assert_int_equal(r, 1);
    assert_int_equal(rt_int_div(INT_MIN, 1, &r, &err), 0);
    assert_int_equal(r, INT_MIN);
    /* INT_MIN % -1 is 0: representable, so no error (C would trap) */
    assert_int_equal(rt_int_mod(INT_MIN, -1, &r, &err), 0);
    assert_int_equal(r, 0);
    r = 12345;
    expect_error(rt_int_div(INT_MIN, -1, &r, &err), &err, r,
                 "integer overflow in -2147483648 %/% -1");
    expect_error(rt_int_div(1, 0, &r, &err), &err, r,
                 "divide: denominator is 0");
    expect_error(rt_int_mod(1, 0, &r, &err), &err, r,
                 "modulus: divisor is 0");
}

static void test_neg_abs(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    int r = 0;
    assert_int_equal(rt_int_neg(INT_MAX, &r, &err), 0);
    assert_int_equal(r, -INT_MAX);
    assert_int_equal(rt_int_abs(-INT_MAX, &r, &err), 0);
    assert_int_equal(r, INT_MAX);
    assert_int_equal(rt_int_abs(5, &r, &err), 0);
    assert_int_equal(r, 5);
    r = 12345;
    expect_error(rt_int_neg(INT_MIN, &r, &err), &err, r,
                 "integer overflow in -(-2147483648)");
    expect_error(rt_int_abs(INT_MIN, &r, &err), &err, r,
                 "integer overflow in abs(-2147483648)");
}

static void test_reductions(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    int r = 0;
    /* a partial sum may pass through large values and come back */
    int swing[3] = {INT_MAX, INT_MIN, 1};
    assert_int_equal(rt_int_sum(swing, 3, &r, &err), 0);
    assert_int_equal(r, 0);
    assert_int_equal(rt_int_sum(swing, 0, &r, &err), 0);
    assert_int_equal(r, 0);
    assert_int_equal(rt_int_prod(swing, 0, &r, &err), 0);
    assert_int_equal(r, 1);
    int big[3] = {65536, 2, 16383};
    assert_int_equal(rt_int_prod(big, 3, &r, &err), 0);
    assert_int_equal(r, 2147352576);
    int cs[3];
    assert_int_equal(rt_int_cumulative_sum(swing, 3, cs, &err), 0);
    assert_int_equal(cs[0], INT_MAX);
    assert_int_equal(cs[1], -1);
    assert_int_equal(cs[2], 0);
    r = 12345;
    int up[3] = {INT_MAX, 0, 1};
    expect_error(rt_int_sum(up, 3, &r, &err), &err, r,
                 "integer overflow in sum of an int array: 2147483647 + 1 at"
                 " element 3");
    int many[3] = {65536, 2, 16384};
    expect_error(rt_int_prod(many, 3, &r, &err), &err, r,
                 "integer overflow in prod of an int array: 131072 * 16384"
                 " at element 3");
    int down[2] = {INT_MIN, -1};
    assert_int_equal(rt_int_cumulative_sum(down, 2, cs, &err), -1);
    assert_string_equal(err.msg, "integer overflow in cumulative_sum of an"
                                 " int array: -2147483648 + -1 at element 2");
}

static void test_fatal_flag(void **state)
{
    (void)state;
    RtError err = {.msg = ""};
    assert_int_equal(rt_error(&err, "plain"), -1);
    assert_false(err.fatal);
    assert_int_equal(rt_fatal(&err, "stop %d", 1), -1);
    assert_true(err.fatal);
    assert_string_equal(err.msg, "stop 1");
    /* a caller prefixing the message keeps the error fatal */
    assert_int_equal(rt_error(&err, "f: %s", err.msg), -1);
    assert_true(err.fatal);
    assert_string_equal(err.msg, "f: stop 1");
    RtMsg m = {0};
    rt_msg_str(&m, "x is ");
    rt_msg_int(&m, 3);
    RtError e2 = {.msg = ""};
    assert_int_equal(rt_msg_fatal(&m, &e2), -1);
    assert_true(e2.fatal);
    assert_string_equal(e2.msg, "x is 3");
    RtError e3 = {.msg = ""};
    assert_int_equal(rt_msg_reject(&m, &e3), -1);
    assert_false(e3.fatal);
    assert_int_equal(rt_fatal(NULL, "nothing"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_add_sub_mul),
        cmocka_unit_test(test_div_mod),
        cmocka_unit_test(test_neg_abs),
        cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_fatal_flag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
