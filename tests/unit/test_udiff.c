/* test_udiff.c - the unified diff of the MIR dumps (driver/udiff.c): for
 * random pairs of texts, applying the diff to the first text gives the
 * second (every hunk's context and removed lines match, the counts in the
 * hunk headers are right), equal texts give no diff, and small cases give
 * exactly what diff -u gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../driver/udiff.c"

static char *diff_of(const char *a, const char *b)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(drv_udiff(f, a, b, "a", "b", 3), 0);
    fclose(f);
    return buf;
}

/* The lines of a text, as an array of malloc'd strings. */
static char **lines_of(const char *t, int *n)
{
    char **v = malloc(sizeof *v * (strlen(t) + 1));
    *n = 0;
    while (*t) {
        const char *e = strchr(t, '\n');
        size_t k = e ? (size_t)(e - t) : strlen(t);
        v[*n] = strndup(t, k);
        (*n)++;
        t += k + (e != NULL);
    }
    return v;
}

static void free_lines(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* Apply the unified diff d to a; the result must be b. */
static void check_applies(const char *a, const char *b, const char *d)
{
    int na, nb, nd;
    char **la = lines_of(a, &na), **lb = lines_of(b, &nb);
    char **ld = lines_of(d, &nd);
    char **out = malloc(sizeof *out * (size_t)(na + nb + 1));
    int no = 0, ia = 0, k = 0;
    if (nd > 0) {
        assert_string_equal(ld[0], "--- a");
        assert_string_equal(ld[1], "+++ b");
        k = 2;
    }
    while (k < nd) {
        int a0, ca, b0, cb;
        assert_int_equal(sscanf(ld[k], "@@ -%d,%d +%d,%d @@", &a0, &ca, &b0,
                                &cb), 4);
        k++;
        int start = ca ? a0 - 1 : a0;
        while (ia < start)
            out[no++] = la[ia++];
        assert_int_equal(no, cb ? b0 - 1 : b0);
        int seen_a = 0, seen_b = 0;
        while (k < nd && ld[k][0] != '@') {
            char op = ld[k][0];
            const char *text = ld[k] + 1;
            if (op == ' ' || op == '-') {
                assert_true(ia < na);
                assert_string_equal(la[ia], text);
                if (op == ' ')
                    out[no++] = la[ia];
                ia++;
                seen_a++;
            }
            if (op == ' ' || op == '+') {
                if (op == '+')
                    out[no++] = ld[k] + 1;
                seen_b++;
            }
            k++;
        }
        assert_int_equal(seen_a, ca);
        assert_int_equal(seen_b, cb);
    }
    while (ia < na)
        out[no++] = la[ia++];
    assert_int_equal(no, nb);
    for (int i = 0; i < nb; i++)
        assert_string_equal(out[i], lb[i]);
    free(out);
    free_lines(la, na);
    free_lines(lb, nb);
    free_lines(ld, nd);
}

static char *random_text(unsigned *seed, int n)
{
    char *t = malloc((size_t)n * 8 + 1);
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)sprintf(t + k, "l%d\n", rand_r(seed) % 6);
    t[k] = '\0';
    return t;
}

static void test_random_pairs_apply(void **state)
{
    (void)state;
    unsigned seed = 12345;
    for (int round = 0; round < 400; round++) {
        char *a = random_text(&seed, rand_r(&seed) % 30);
        char *b = random_text(&seed, rand_r(&seed) % 30);
        char *d = diff_of(a, b);
        check_applies(a, b, d);
        free(a);
        free(b);
        free(d);
    }
}

static void test_equal_texts_no_diff(void **state)
{
    (void)state;
    char *d = diff_of("x\ny\n", "x\ny\n");
    assert_string_equal(d, "");
    free(d);
    d = diff_of("", "");
    assert_string_equal(d, "");
    free(d);
}

static void test_as_diff_u(void **state)
{
    (void)state;
    char *d = diff_of("a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nd\nE\nf\ng\nh\n");
    assert_string_equal(d, "--- a\n+++ b\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n"
                           "+E\n f\n g\n h\n");
    free(d);
    d = diff_of("", "new\n");
    assert_string_equal(d, "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+new\n");
    free(d);
    d = diff_of("old\n", "");
    assert_string_equal(d, "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-old\n");
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_pairs_apply),
        cmocka_unit_test(test_equal_texts_no_diff),
        cmocka_unit_test(test_as_diff_u),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
