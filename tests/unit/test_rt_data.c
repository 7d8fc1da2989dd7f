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
    assert_string_equal(err.msg, "variable t: t is an object (a tuple),"
                                 " where a number belongs");
    rt_data_free(d);
}

/* Slot paths (mir/untuple.c takes an array of tuples apart, one array
 * per slot): "x[]/2.1" is slot 1 of every tuple of the array x, "x[,]"
 * two array dimensions, "/n" the arity every tuple on the way must have
 * exactly; the values row-major as the array's. */
static void test_tuple_slot_paths(void **state)
{
    (void)state;
    RtData *d = parse_ok(
        "{\"x\": [{\"1\": 0.5, \"2\": [1, 2]}, {\"1\": 1.5, \"2\": [3, 4]}],"
        " \"y\": [[{\"1\": 1, \"2\": {\"1\": 2, \"2\": [5]}}],"
        "         [{\"1\": 3, \"2\": {\"1\": 4, \"2\": [6]}}]],"
        " \"t\": {\"1\": 9, \"2\": [{\"1\": 7, \"2\": 8}, {\"1\": 10,"
        " \"2\": 11}]}}");
    RtError err = {.msg = ""};
    double a[4];
    int d1[] = {2}, d2[] = {2, 2};
    assert_int_equal(rt_data_reals(d, "x[]/2.1", 1, d1, a, &err), 0);
    assert_true(a[0] == 0.5 && a[1] == 1.5);
    assert_int_equal(rt_data_reals(d, "x[]/2.2", 2, d2, a, &err), 0);
    assert_true(a[0] == 1 && a[1] == 2 && a[2] == 3 && a[3] == 4);
    /* two array dimensions, then a nested tuple's slot of a vector */
    int dy[] = {2, 1}, dyv[] = {2, 1, 1}, n[2];
    assert_int_equal(rt_data_ints(d, "y[,]/2.1", 2, dy, n, &err), 0);
    assert_true(n[0] == 1 && n[1] == 3);
    assert_int_equal(rt_data_reals(d, "y[,]/2.2/2.2", 3, dyv, a, &err), 0);
    assert_true(a[0] == 5 && a[1] == 6);
    /* a tuple whose slot is an array of tuples */
    assert_int_equal(rt_data_ints(d, "t/2.2[]/2.2", 1, d1, n, &err), 0);
    assert_true(n[0] == 8 && n[1] == 11);
    assert_int_equal(rt_data_ints(d, "t/2.1", 0, NULL, n, &err), 0);
    assert_int_equal(n[0], 9);
    rt_data_free(d);
    /* every tuple exactly its slots; the messages name the element */
    assert_reals_error("{\"x\": [{\"1\": 1, \"2\": 2}, {\"1\": 1}]}",
                       "x[]/2.1", 1, d1,
                       "variable x: x[2] should be a tuple of 2 (an object with"
                       " the keys \"1\" to \"2\"), found an object with 1"
                       " member");
    assert_reals_error("{\"x\": [{\"1\": 1, \"2\": 2, \"3\": 3}, {}]}",
                       "x[]/2.1", 1, d1,
                       "variable x: x[1] should be a tuple of 2 (an object with"
                       " the keys \"1\" to \"2\"), found an object with 3"
                       " members");
    assert_reals_error("{\"x\": [{\"1\": 1, \"2\": 2}, {\"1\": true,"
                       " \"2\": 2}]}", "x[]/2.1", 1, d1,
                       "variable x.1 has a non-numeric value: x[2].1 = true");
    assert_reals_error("{\"x\": [{\"1\": 1, \"2\": 2}]}", "x[]/2.1", 1,
                       d1, "mismatch in dimension 1 of variable x.1: declared"
                       " 2, found 1 (in x)");
    assert_reals_error("{\"x\": 4}", "x[]/2.1", 1, d1,
                       "variable x: x should be an array of 2 tuples, found a"
                       " number");
    assert_reals_error("{\"x\": 4}", "x[]2.1", 1, d1,
                       "variable x[]2.1: not a valid slot path");
    assert_reals_error("{\"y\": 4}", "x[]/2.1", 1, d1,
                       "variable x not found");
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

/* CmdStan's parser (RapidJSON with its NaN/Inf extension) also reads the
 * bare Inf, -Inf and -NaN; they were a parse error ("invalid token"). */
static void test_bare_inf_atoms(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"b\": [Inf, -Inf, -NaN, NaN, Infinity,"
                         " -Infinity],\n\"s\": [\"Inf -NaN\"]}");
    double b[6];
    int db[] = {6}, ds[] = {1};
    RtError err;
    assert_int_equal(rt_data_reals(d, "b", 1, db, b, &err), 0);
    assert_true(isinf(b[0]) && b[0] > 0);
    assert_true(isinf(b[1]) && b[1] < 0);
    assert_true(isnan(b[2]) && isnan(b[3]));
    assert_true(isinf(b[4]) && b[4] > 0);
    assert_true(isinf(b[5]) && b[5] < 0);
    /* inside a string they are left alone */
    assert_int_not_equal(rt_data_reals(d, "s", 1, ds, b, &err), 0);
    assert_string_equal(err.msg, "variable s has a non-numeric value:"
                                 " s[1] = \"Inf -NaN\"");
    rt_data_free(d);
    /* a longer word is not an atom */
    assert_null(rt_data_parse("{\"b\": [Infx]}", &err));
    assert_non_null(strstr(err.msg, "invalid token"));
}

/* An integer beyond 64 bits is a real for CmdStan; jansson refused the
 * whole file ("too big integer").  An int variable reports it (and any
 * whole number past the int range) as out of range. */
static void test_integers_beyond_64_bits(void **state)
{
    (void)state;
    RtData *d = parse_ok("{\"x\": [18446744073709551616,"
                         " -9223372036854775809, 9223372036854775807,"
                         " 1e-123456789012345678901, 1e+5, -0],"
                         " \"N\": 9223372036854775808, \"M\": 3e9}");
    double x[6];
    int dx[] = {6};
    RtError err;
    assert_int_equal(rt_data_reals(d, "x", 1, dx, x, &err), 0);
    assert_true(x[0] == 18446744073709551616.0);
    assert_true(x[1] == -9223372036854775809.0);
    assert_true(x[2] == 9223372036854775807.0);
    assert_true(x[3] == 0.0 && x[4] == 1e5 && x[5] == 0.0);
    int n;
    assert_int_not_equal(rt_data_ints(d, "N", 0, NULL, &n, &err), 0);
    assert_string_equal(err.msg, "int variable N has a value out of the int"
                                 " range: N = 9.22337e+18");
    assert_int_not_equal(rt_data_ints(d, "M", 0, NULL, &n, &err), 0);
    assert_string_equal(err.msg, "int variable M has a value out of the int"
                                 " range: M = 3e+09");
    rt_data_free(d);
    /* leading zeros stay invalid JSON */
    assert_null(rt_data_parse("{\"x\": 0123456789012345678901234}", &err));
    assert_non_null(strstr(err.msg, "invalid token"));
}

/* A value nested deeper than the reader keeps (32) was shown as exactly
 * 32 dimensions. */
static void test_deeper_than_kept(void **state)
{
    (void)state;
    char json[256] = "{\"y\": ";
    for (int k = 0; k < 40; k++)
        strcat(json, "[");
    strcat(json, "1");
    for (int k = 0; k < 40; k++)
        strcat(json, "]");
    strcat(json, "}");
    int d1[] = {1};
    assert_reals_error(json, "y", 1, d1,
                       "mismatch in number of dimensions of variable y:"
                       " declared (1), found (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
                       "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,...)");
}

/* A name of 256 characters or more was never found. */
static void test_long_names(void **state)
{
    (void)state;
    char name[1001], json[1100];
    memset(name, 'a', 1000);
    name[1000] = '\0';
    snprintf(json, sizeof json, "{\"%s\": 2.5, \"t\": {\"1\": 1}}", name);
    RtData *d = parse_ok(json);
    RtError err = {.msg = ""};
    double x = 0;
    assert_true(rt_data_has(d, name));
    assert_int_equal(rt_data_reals(d, name, 0, NULL, &x, &err), 0);
    assert_true(x == 2.5);
    name[300] = '\0';
    assert_false(rt_data_has(d, name));
    assert_int_not_equal(rt_data_reals(d, name, 0, NULL, &x, &err), 0);
    assert_true(strncmp(err.msg, "variable aaaa", 13) == 0);
    assert_non_null(strstr(err.msg, "a not found"));
    rt_data_free(d);
}

/* A data file with a NUL byte (a binary file) was "end of file expected
 * near end of file", and /dev/zero was read until memory ran out; a
 * folder is a read error with strerror. */
static void test_load_binary_and_folder(void **state)
{
    (void)state;
    char path[] = "/tmp/test_rt_data_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "{\"x\": 1}\0zz", 11), 11);
    close(fd);
    RtError err;
    assert_null(rt_data_load(path, &err));
    char want[128];
    snprintf(want, sizeof want, "%s: a NUL byte at offset 8 (a JSON data"
                                " file is text)", path);
    assert_string_equal(err.msg, want);
    remove(path);
    assert_null(rt_data_load("/tmp", &err));
    assert_string_equal(err.msg, "cannot read /tmp: Is a directory");
    /* an endless binary "file" stops at once (it filled the memory) */
    assert_null(rt_data_load("/dev/zero", &err));
    assert_string_equal(err.msg, "/dev/zero: a NUL byte at offset 0 (a JSON"
                                 " data file is text)");
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
        cmocka_unit_test(test_bare_inf_atoms),
        cmocka_unit_test(test_integers_beyond_64_bits),
        cmocka_unit_test(test_deeper_than_kept),
        cmocka_unit_test(test_load_binary_and_folder),
        cmocka_unit_test(test_long_names),
        cmocka_unit_test(test_constraint_checks),
        cmocka_unit_test(test_rt_error_may_reuse_its_message),
        cmocka_unit_test(test_rng_is_deterministic),
        cmocka_unit_test(test_int_range_and_huge_dims),
        cmocka_unit_test(test_tuple_slot_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
