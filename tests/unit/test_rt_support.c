/* test_rt_support.c - the output and message helpers of rt_support.h for
 * complex values: rt_msg_complex / rt_msg_complexes print Stan's (re,im),
 * rt_write_colmajor_complex writes each element's real and imaginary
 * parts side by side in column-major order, and rt_output_names_complex
 * names them as CmdStan does (z.real, z.imag, Z.2.1.real, ...); the real
 * forms, which share the naming code, still name "theta.1".  And
 * containers printed as Stan Math's stan_print writes them, a level of
 * brackets per dimension (rt_msg_*_dims). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pplrt.h"

static void test_msg(void **state)
{
    (void)state;
    RtMsg m = {0};
    rt_msg_str(&m, "z = ");
    rt_msg_complex(&m, 1.5, -2);
    assert_string_equal(m.text, "z = (1.5,-2)");
    RtMsg v = {0};
    const double zs[] = {1, 2, 3, 0.25};
    rt_msg_complexes(&v, zs, 2);
    assert_string_equal(v.text, "[(1,2),(3,0.25)]");
    RtMsg e = {0};
    rt_msg_complexes(&e, zs, 0);
    assert_string_equal(e.text, "[]");
    rt_msg_free(&m);
    rt_msg_free(&v);
    rt_msg_free(&e);
    /* an empty message is "" */
    assert_string_equal(rt_msg_text(&m), "");
}

/* The text of n elements with dimensions dims, by kind. */
static const char *dims_text(RtMsg *m, const void *v, int kind, int n,
                             const int *dims, int nd)
{
    rt_msg_free(m);
    if (kind == 0)
        rt_msg_reals_dims(m, v, n, dims, nd);
    else if (kind == 1)
        rt_msg_ints_dims(m, v, n, dims, nd);
    else
        rt_msg_complexes_dims(m, v, n, dims, nd);
    return rt_msg_text(m);
}

/* A matrix row by row, an array of matrices, of vectors, of arrays;
 * empty dimensions keep their brackets as Stan's loops write them;
 * dimensions that do not multiply to the count are not trusted (flat),
 * nor negative ones. */
static void test_msg_dims(void **state)
{
    (void)state;
    RtMsg m = {0};
    const double x[] = {1, 2, 3, 4, 5, 6, 7, 8, 0.5, -1, 1e6, 2.25};
    const int ix[] = {1, -2, 3, 4, 5, 6};
    assert_string_equal(dims_text(&m, x, 0, 6, (const int[]){2, 3}, 2),
                        "[[1,2,3],[4,5,6]]");
    assert_string_equal(dims_text(&m, x, 0, 6, (const int[]){3, 2}, 2),
                        "[[1,2],[3,4],[5,6]]");
    assert_string_equal(dims_text(&m, x, 0, 8, (const int[]){2, 2, 2}, 3),
                        "[[[1,2],[3,4]],[[5,6],[7,8]]]");
    assert_string_equal(dims_text(&m, x, 0, 12, (const int[]){3, 1, 4}, 3),
                        "[[[1,2,3,4]],[[5,6,7,8]],[[0.5,-1,1e+06,2.25]]]");
    assert_string_equal(dims_text(&m, x, 0, 3, (const int[]){3}, 1),
                        "[1,2,3]");
    assert_string_equal(dims_text(&m, ix, 1, 6, (const int[]){2, 3}, 2),
                        "[[1,-2,3],[4,5,6]]");
    assert_string_equal(dims_text(&m, x, 2, 4, (const int[]){2, 2}, 2),
                        "[[(1,2),(3,4)],[(5,6),(7,8)]]");
    /* empty: a 2 x 0 matrix has two empty rows, a 0 x 2 one none */
    assert_string_equal(dims_text(&m, x, 0, 0, (const int[]){2, 0}, 2),
                        "[[],[]]");
    assert_string_equal(dims_text(&m, x, 0, 0, (const int[]){0, 2}, 2),
                        "[]");
    assert_string_equal(dims_text(&m, x, 0, 0, (const int[]){2, 0, 3}, 3),
                        "[[],[]]");
    /* not trusted: flat */
    assert_string_equal(dims_text(&m, x, 0, 4, (const int[]){2, 3}, 2),
                        "[1,2,3,4]");
    assert_string_equal(dims_text(&m, x, 0, 2, (const int[]){-1, -2}, 2),
                        "[1,2]");
    /* a product past int's range is no count: flat, without wrapping
     * around to the count (2^32 * 2 wraps to 0 in 32 bits) */
    assert_string_equal(dims_text(&m, x, 0, 0, (const int[]){65536, 65536,
                                                            2}, 3),
                        "[]");
    rt_msg_free(&m);
}

/* A message grows as long as it needs: 5000 characters and more are all
 * kept (they were cut at 2047 without a mark). */
static void test_msg_long(void **state)
{
    (void)state;
    RtMsg m = {0};
    char piece[11] = "0123456789";
    for (int i = 0; i < 500; i++)
        rt_msg_str(&m, piece);
    rt_msg_int(&m, 42);
    assert_int_equal(m.len, 5002);
    assert_int_equal(strlen(rt_msg_text(&m)), 5002);
    for (int i = 0; i < 500; i++)
        assert_memory_equal(rt_msg_text(&m) + 10 * i, piece, 10);
    assert_string_equal(rt_msg_text(&m) + 5000, "42");
    assert_false(m.oom);
    /* reject: RtError keeps 1023 bytes, and says where it cut */
    RtError err;
    assert_int_equal(rt_msg_reject(&m, &err), -1);
    assert_null(m.text);
    assert_int_equal(strlen(err.msg), sizeof err.msg - 1);
    const char *mark = " ... [message of 5002 bytes truncated]";
    assert_string_equal(err.msg + strlen(err.msg) - strlen(mark), mark);
    assert_memory_equal(err.msg, "0123456789", 10);
    /* a message that fits is not touched */
    RtMsg s = {0};
    rt_msg_str(&s, "short");
    rt_msg_reject(&s, &err);
    assert_string_equal(err.msg, "short");
}

static void test_write_colmajor(void **state)
{
    (void)state;
    /* a 2 x 3 complex matrix, row-major: element (i, j) = (10i + j, -j) */
    double x[12];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) {
            x[2 * (i * 3 + j)] = 10 * (i + 1) + (j + 1);
            x[2 * (i * 3 + j) + 1] = -(j + 1);
        }
    double out[12];
    rt_write_colmajor_complex(out, x, (int[]){2, 3}, 2);
    const double want[] = {11, -1, 21, -1, 12, -2, 22, -2, 13, -3, 23, -3};
    for (int k = 0; k < 12; k++)
        assert_true(out[k] == want[k]);
    /* a scalar: one pair */
    double s[2];
    rt_write_colmajor_complex(s, (double[]){4, 5}, NULL, 0);
    assert_true(s[0] == 4 && s[1] == 5);
}

static void test_names(void **state)
{
    (void)state;
    RtScratch mem = {0};
    const char *names[36];
    assert_int_equal(rt_output_names_complex(&mem, "z", NULL, 0, names), 2);
    assert_string_equal(names[0], "z.real");
    assert_string_equal(names[1], "z.imag");
    assert_int_equal(rt_output_names_complex(&mem, "Z", (int[]){2, 3}, 2,
                                             names), 12);
    assert_string_equal(names[0], "Z.1.1.real");
    assert_string_equal(names[1], "Z.1.1.imag");
    assert_string_equal(names[2], "Z.2.1.real");
    assert_string_equal(names[5], "Z.1.2.imag");
    assert_string_equal(names[11], "Z.2.3.imag");
    assert_int_equal(rt_output_names(&mem, "theta", (int[]){2, 2}, 2,
                                     names), 4);
    assert_string_equal(names[0], "theta.1.1");
    assert_string_equal(names[1], "theta.2.1");
    assert_string_equal(names[2], "theta.1.2");
    assert_int_equal(rt_output_names(&mem, "mu", NULL, 0, names), 1);
    assert_string_equal(names[0], "mu");
    /* an empty container has no outputs */
    assert_int_equal(rt_output_names_complex(&mem, "e", (int[]){0}, 1,
                                             names), 0);
    /* a name of any length (Stan identifiers can be long): they were cut
     * at 255 characters */
    char base[1001];
    memset(base, 'b', 1000);
    base[1000] = '\0';
    assert_int_equal(rt_output_names(&mem, base, (int[]){3, 12}, 2, names),
                     36);
    assert_int_equal(strlen(names[35]), 1005);
    assert_memory_equal(names[35], base, 1000);
    assert_string_equal(names[35] + 1000, ".3.12");
    assert_int_equal(rt_output_names_complex(&mem, base, NULL, 0, names), 2);
    assert_string_equal(names[1] + 1000, ".imag");
    assert_int_equal(strlen(names[1]), 1005);
    rt_scratch_free(&mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_msg),
        cmocka_unit_test(test_msg_long),
        cmocka_unit_test(test_msg_dims),
        cmocka_unit_test(test_write_colmajor),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
