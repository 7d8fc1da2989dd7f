/* test_rt_data.c - CmdStan JSON data: shapes, special values, the exact
 * messages for missing variables, wrong sizes and non-int values, and the
 * constraint checks on data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "pplrt.h"

static RtData *parse_ok(const char *json)
{
    RtError err = {.msg = ""};
    RtData *d = rt_data_parse(json, &err);
    if (!d)
        fail_msg("parse failed: %s", err.msg);
    return d;
}

/* Reading `name` as reals with dims must fail with exactly `want`. */
static void assert_reals_error(const char *json, const char *name,
                               int ndims, const int *dims, const char *want)
{
    RtData *d = parse_ok(json);
    double out[64];
    RtError err = {.msg = ""};
    assert_int_not_equal(rt_data_reals(d, name, ndims, dims, out, &err), 0);
    assert_string_equal(err.msg, want);
    rt_data_free(d);
}

static void assert_ints_error(const char *json, const char *name, int ndims,
                              const int *dims, const char *want)
{
    RtData *d = parse_ok(json);
    int out[64];
    RtError err = {.msg = ""};
    assert_int_not_equal(rt_data_ints(d, name, ndims, dims, out, &err), 0);
    assert_string_equal(err.msg, want);
    rt_data_free(d);
}

static void test_scalars_and_arrays(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"N\": 3, \"x\": 2.5, \"y\": [1, 2, 3],"
                         " \"m\": [[1, 2, 3], [4, 5, 6.5]]}");
    RtError err;
    int n = 0;
    assert_int_equal(rt_data_ints(d, "N", 0, NULL, &n, &err), 0);
    assert_int_equal(n, 3);
    double x = 0;
    assert_int_equal(rt_data_reals(d, "x", 0, NULL, &x, &err), 0);
    assert_true(x == 2.5);
    /* an int in the file is a fine real */
    assert_int_equal(rt_data_reals(d, "N", 0, NULL, &x, &err), 0);
    assert_true(x == 3.0);
    int y[3];
    int dy[] = {3};
    assert_int_equal(rt_data_ints(d, "y", 1, dy, y, &err), 0);
    assert_int_equal(y[2], 3);
    double m[6];
    int dm[] = {2, 3};
    assert_int_equal(rt_data_reals(d, "m", 2, dm, m, &err), 0);
    assert_true(m[1] == 2.0 && m[3] == 4.0 && m[5] == 6.5);  /* row-major */
    assert_true(rt_data_has(d, "m"));
    assert_false(rt_data_has(d, "nope"));
    rt_data_free(d);
}

/* A tuple is an object with keys "1", "2", ...; its elements are read by
 * the paths "t.1", "t.2.1" (nested). */
static void test_tuple_elements(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"t\": {\"1\": 0.5, \"2\": [1, 2],"
                         " \"3\": {\"1\": 7, \"2\": 2.5}}, \"x\": 1}");
    RtError err;
    double a = 0;
    assert_int_equal(rt_data_reals(d, "t.1", 0, NULL, &a, &err), 0);
    assert_true(a == 0.5);
    int v[2];
    int dv[] = {2};
    assert_int_equal(rt_data_ints(d, "t.2", 1, dv, v, &err), 0);
    assert_int_equal(v[1], 2);
    int n = 0;
    assert_int_equal(rt_data_ints(d, "t.3.1", 0, NULL, &n, &err), 0);
    assert_int_equal(n, 7);
    assert_true(rt_data_has(d, "t.3.2"));
    assert_false(rt_data_has(d, "t.4"));
    assert_false(rt_data_has(d, "x.1"));   /* not a tuple */
    assert_int_not_equal(rt_data_reals(d, "t.4", 0, NULL, &a, &err), 0);
    assert_string_equal(err.msg, "variable t.4 not found");
    rt_data_free(d);
}

static void test_special_values(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"a\": [\"inf\", \"-inf\", \"+inf\", \"NaN\","
                         " \"Infinity\", \"-Infinity\", \"Inf\", 1e3],"
                         " \"b\": [NaN, Infinity, -Infinity]}");
    double a[8], b[3];
    int da[] = {8}, db[] = {3};
    RtError err;
    assert_int_equal(rt_data_reals(d, "a", 1, da, a, &err), 0);
    assert_true(isinf(a[0]) && a[0] > 0);
    assert_true(isinf(a[1]) && a[1] < 0);
    assert_true(isinf(a[2]) && a[2] > 0);
    assert_true(isnan(a[3]));
    assert_true(isinf(a[4]) && a[4] > 0);
    assert_true(isinf(a[5]) && a[5] < 0);
    assert_true(isinf(a[6]) && a[6] > 0);
    assert_true(a[7] == 1000.0);
    /* bare atoms, which CmdStan accepts but JSON does not */
    assert_int_equal(rt_data_reals(d, "b", 1, db, b, &err), 0);
    assert_true(isnan(b[0]));
    assert_true(isinf(b[1]) && b[1] > 0);
    assert_true(isinf(b[2]) && b[2] < 0);
    rt_data_free(d);
    /* a string that merely contains NaN is left alone */
    d = parse_ok("{\"s\": \"x NaN y\", \"t\": 1}");
    assert_int_not_equal(rt_data_reals(d, "s", 0, NULL, a, &err), 0);
    assert_string_equal(err.msg, "variable s has a non-numeric value:"
                                 " s = \"x NaN y\"");
    rt_data_free(d);
}

static void test_missing_variable(void **state)
{
    (void)state;
    int dims[] = {3};
    assert_reals_error("{\"x\": 1}", "y", 1, dims, "variable y not found");
    assert_ints_error("{}", "N", 0, NULL, "variable N not found");
}

static void test_wrong_size(void **state)
{
    (void)state;
    int d10[] = {10};
    assert_reals_error("{\"y\": [1, 2, 3, 4, 5, 6, 7, 8, 9]}", "y", 1, d10,
                       "mismatch in dimension 1 of variable y: declared 10,"
                       " found 9");
    int d23[] = {2, 3};
    assert_reals_error("{\"m\": [[1, 2, 3], [4, 5]]}", "m", 2, d23,
                       "mismatch in dimension 2 of variable m: declared 3,"
                       " found 2 (in m[2])");
    assert_reals_error("{\"m\": [[1, 2, 3]]}", "m", 2, d23,
                       "mismatch in dimension 1 of variable m: declared 2,"
                       " found 1");
}

static void test_wrong_number_of_dimensions(void **state)
{
    (void)state;
    int d10[] = {10};
    assert_reals_error("{\"y\": [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]}", "y", 1,
                       d10, "mismatch in number of dimensions of variable y:"
                            " declared (10), found (2,5)");
    assert_ints_error("{\"N\": [3]}", "N", 0, NULL,
                      "mismatch in number of dimensions of variable N:"
                      " declared (), found (1)");
    int d22[] = {2, 2};
    assert_reals_error("{\"y\": [[1, 2], 3]}", "y", 2, d22,
                       "variable y: y[2] should be an array of 2 values,"
                       " found a number");
}

static void test_non_integer_int(void **state)
{
    (void)state;
    assert_ints_error("{\"N\": 3.0}", "N", 0, NULL,
                      "int variable N has a non-int value: N = 3.0");
    int d3[] = {3};
    assert_ints_error("{\"y\": [1, 2, 2.5]}", "y", 1, d3,
                      "int variable y has a non-int value: y[3] = 2.5");
    assert_ints_error("{\"y\": [1, 2, \"inf\"]}", "y", 1, d3,
                      "int variable y has a non-int value: y[3] = inf");
    assert_ints_error("{\"N\": 3000000000}", "N", 0, NULL,
                      "int variable N has a value out of the int range:"
                      " N = 3000000000");
    int d22[] = {2, 2};
    assert_ints_error("{\"a\": [[1, 2], [3, 4e0]]}", "a", 2, d22,
                      "int variable a has a non-int value: a[2, 2] = 4.0");
}

static void test_non_numeric(void **state)
{
    (void)state;
    int d3[] = {3};
    assert_reals_error("{\"y\": [1, true, 3]}", "y", 1, d3,
                       "variable y has a non-numeric value: y[2] = true");
    assert_reals_error("{\"y\": [1, null, 3]}", "y", 1, d3,
                       "variable y has a non-numeric value: y[2] = null");
    assert_reals_error("{\"y\": [1, \"abc\", 3]}", "y", 1, d3,
                       "variable y has a non-numeric value: y[2] = \"abc\"");
}

static void test_empty_arrays(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"e\": [], \"f\": [[], []]}");
    RtError err;
    double out[1];
    int d0[] = {0}, d30[] = {3, 0}, d03[] = {0, 3}, d20[] = {2, 0};
    assert_int_equal(rt_data_reals(d, "e", 1, d0, out, &err), 0);
    assert_int_equal(rt_data_reals(d, "e", 2, d30, out, &err), 0);
    assert_int_equal(rt_data_reals(d, "e", 2, d03, out, &err), 0);
    assert_int_equal(rt_data_reals(d, "f", 2, d20, out, &err), 0);
    int d3[] = {3};
    assert_int_not_equal(rt_data_reals(d, "e", 1, d3, out, &err), 0);
    assert_string_equal(err.msg, "mismatch in dimension 1 of variable e:"
                                 " declared 3, found 0");
    rt_data_free(d);
}

static void test_complexes(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"z\": [1, -2.5], \"zs\": [[1, 2], [3, 4]],"
                         " \"bad\": [1, 2, 3]}");
    RtError err;
    double z[2], zs[4];
    assert_int_equal(rt_data_complexes(d, "z", 0, NULL, z, &err), 0);
    assert_true(z[0] == 1.0 && z[1] == -2.5);
    int d2[] = {2};
    assert_int_equal(rt_data_complexes(d, "zs", 1, d2, zs, &err), 0);
    assert_true(zs[2] == 3.0 && zs[3] == 4.0);
    int d3[] = {3};
    assert_int_not_equal(rt_data_complexes(d, "bad", 1, d3, zs, &err), 0);
    assert_string_equal(err.msg, "mismatch in number of dimensions of"
                                 " variable bad: declared (3,2), found (3)");
    rt_data_free(d);
}

static void test_tuples_present_but_unread(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"t\": {\"1\": 1.5, \"2\": [1, 2]}, \"N\": 1}");
    assert_true(rt_data_has(d, "t"));
    RtError err;
    double x;
    assert_int_not_equal(rt_data_reals(d, "t", 0, NULL, &x, &err), 0);
    assert_string_equal(err.msg, "variable t: t is an object (a tuple);"
                                 " reading tuple data is not supported yet");
    rt_data_free(d);
}

static void test_dims(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"p\": [[1, 2, 3], [4, 5, 6]], \"s\": 1,"
                         " \"e\": [[]]}");
    RtError err;
    int dims[4];
    assert_int_equal(rt_data_dims(d, "p", 4, dims, &err), 2);
    assert_int_equal(dims[0], 2);
    assert_int_equal(dims[1], 3);
    assert_int_equal(rt_data_dims(d, "s", 4, dims, &err), 0);
    assert_int_equal(rt_data_dims(d, "e", 4, dims, &err), 2);
    assert_int_equal(dims[1], 0);
    assert_int_equal(rt_data_dims(d, "q", 4, dims, &err), -1);
    assert_string_equal(err.msg, "variable q not found");
    rt_data_free(d);
}

static void test_parse_errors(void **state)
{
    (void)state;
    RtError err;
    assert_null(rt_data_parse("{\"a\": [1, 2,]}", &err));
    assert_non_null(strstr(err.msg, "JSON data, line 1, column"));
    assert_null(rt_data_parse("[1, 2]", &err));
    assert_string_equal(err.msg, "JSON data: the top level must be a JSON"
                                 " object ({\"name\": value, ...})");
    assert_null(rt_data_parse("{\"a\": 1, \"a\": 2}", &err));
    assert_non_null(strstr(err.msg, "duplicate"));
}

static void test_load_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_rt_data_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"N\": 2,\n \"y\": [0.5, Infinity]}\n", f);
    fclose(f);
    RtError err;
    RtData *d = rt_data_load(path, &err);
    assert_non_null(d);
    double y[2];
    int dims[] = {2};
    assert_int_equal(rt_data_reals(d, "y", 1, dims, y, &err), 0);
    assert_true(y[0] == 0.5 && isinf(y[1]));
    rt_data_free(d);
    remove(path);
    assert_null(rt_data_load(path, &err));
    assert_non_null(strstr(err.msg, "cannot open"));
    /* no file: no variables */
    d = rt_data_load(NULL, &err);
    assert_non_null(d);
    assert_false(rt_data_has(d, "N"));
    rt_data_free(d);
    d = rt_data_load("", &err);
    assert_non_null(d);
    rt_data_free(d);
}

static void test_constraint_checks(void **state)
{
    (void)state;
    RtError err;
    double y[] = {1, 0, -1, 2};
    assert_int_equal(rt_check_lower("y", y, 2, 0, &err), 0);
    assert_int_not_equal(rt_check_lower("y", y, 4, 0, &err), 0);
    assert_string_equal(err.msg, "y[3] is -1, but must be greater than or"
                                 " equal to 0.000000");
    double sigma = -0.5;
    assert_int_not_equal(rt_check_lower("sigma", &sigma, 1, 0, &err), 0);
    assert_string_equal(err.msg, "sigma is -0.5, but must be greater than or"
                                 " equal to 0.000000");
    assert_int_not_equal(rt_check_upper("y", y, 4, 1.5, &err), 0);
    assert_string_equal(err.msg, "y[4] is 2, but must be less than or equal"
                                 " to 1.500000");
    double nan_value = NAN;
    assert_int_not_equal(rt_check_lower("x", &nan_value, 1, 0, &err), 0);
    assert_string_equal(err.msg, "x is nan, but must be greater than or"
                                 " equal to 0.000000");
    int n[] = {3, -1};
    assert_int_not_equal(rt_check_lower_int("N", n + 1, 1, 0, &err), 0);
    assert_string_equal(err.msg, "N is -1, but must be greater than or equal"
                                 " to 0");
    assert_int_not_equal(rt_check_upper_int("n", n, 2, 2, &err), 0);
    assert_string_equal(err.msg, "n[1] is 3, but must be less than or equal"
                                 " to 2");
    assert_int_equal(rt_check_upper_int("n", n, 2, 3, &err), 0);
}

static void test_rt_error_may_reuse_its_message(void **state)
{
    (void)state;
    RtError err;
    assert_int_equal(rt_error(&err, "inner %d", 1), -1);
    rt_error(&err, "outer: %s", err.msg);
    assert_string_equal(err.msg, "outer: inner 1");
    assert_int_equal(rt_error(NULL, "ignored"), -1);
}

static void test_rng_is_deterministic(void **state)
{
    (void)state;
    RtRng *a = rt_rng_new(42, 1), *b = rt_rng_new(42, 1);
    RtRng *c = rt_rng_new(42, 2);
    bool all_same = true, chain_differs = false;
    for (int i = 0; i < 100; i++) {
        double u = rt_rng_uniform(a), v = rt_rng_uniform(b);
        double w = rt_rng_uniform(c);
        all_same &= u == v;
        chain_differs |= u != w;
        assert_true(u > 0 && u < 1);
    }
    assert_true(all_same);
    assert_true(chain_differs);
    double sum = 0, sum_exp = 0;
    for (int i = 0; i < 20000; i++) {
        sum += rt_rng_normal(a);
        double e = rt_rng_exponential(a);
        assert_true(e >= 0);
        sum_exp += e;
    }
    assert_true(fabs(sum / 20000) < 0.05);
    assert_true(fabs(sum_exp / 20000 - 1) < 0.05);
    rt_rng_free(a);
    rt_rng_free(b);
    rt_rng_free(c);
}

/* Sizes at the edge of int: a value past it is refused with the
 * variable's name; declared dimensions whose product passes INT_MAX are
 * refused before anything is read (issue 7). */
static void test_int_range_and_huge_dims(void **state)
{
    (void)state;
    assert_ints_error("{\"N\": 2147483648}", "N", 0, NULL,
                      "int variable N has a value out of the int range: "
                      "N = 2147483648");
    assert_ints_error("{\"N\": [1, -2147483649]}", "N", 1, (int[]){2},
                      "int variable N has a value out of the int range: "
                      "N[2] = -2147483649");
    RtData *d = parse_ok("{\"N\": 2147483647}");
    RtError err = {.msg = ""};
    int n = 0;
    assert_int_equal(rt_data_ints(d, "N", 0, NULL, &n, &err), 0);
    assert_int_equal(n, 2147483647);
    rt_data_free(d);
    assert_reals_error("{\"y\": []}", "y", 2, (int[]){65536, 65536},
                       "variable y: its declared dimensions make more than "
                       "2147483647 elements");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scalars_and_arrays),
        cmocka_unit_test(test_special_values),
        cmocka_unit_test(test_missing_variable),
        cmocka_unit_test(test_wrong_size),
        cmocka_unit_test(test_wrong_number_of_dimensions),
        cmocka_unit_test(test_non_integer_int),
        cmocka_unit_test(test_non_numeric),
        cmocka_unit_test(test_empty_arrays),
        cmocka_unit_test(test_tuple_elements),
        cmocka_unit_test(test_complexes),
        cmocka_unit_test(test_tuples_present_but_unread),
        cmocka_unit_test(test_dims),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_load_file),
        cmocka_unit_test(test_constraint_checks),
        cmocka_unit_test(test_rt_error_may_reuse_its_message),
        cmocka_unit_test(test_rng_is_deterministic),
        cmocka_unit_test(test_int_range_and_huge_dims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
