/* test_emit_calls.c - the backend's one table of library calls
 * (backend/emit_call_table.c): a name has one row, the table is sorted
 * for bsearch and every row is a library function of the signature
 * table; and every function that docs/coverage.md says compiles is served
 * by a row or by one of the generic routes em_call_route names
 * (densities, draws, elementwise math, reductions, operators, ...). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emit.h"
#include "sigs.h"

/* The table, built as the backend builds it. */
static const EmCallRule *table(Arena *a, size_t *n)
{
    const char *dup;
    const EmCallRule *rows = em_call_table(a, n, &dup);
    if (dup)
        fail_msg("two rows for %s", dup);
    return rows;
}

static void test_one_row_per_name_sorted(void **state)
{
    (void)state;
    Arena a = {0};
    size_t n;
    const EmCallRule *rows = table(&a, &n);
    assert_true(n > 200);
    for (size_t i = 0; i < n; i++) {
        assert_non_null(rows[i].name);
        if (!rows[i].value && !rows[i].backprop)
            fail_msg("the row of %s emits nothing", rows[i].name);
        if (i > 0 && strcmp(rows[i - 1].name, rows[i].name) >= 0)
            fail_msg("rows out of order or twice: %s, %s", rows[i - 1].name,
                     rows[i].name);
    }
    arena_free(&a);
}

/* A row's name is a library function: the signature table's name, or the
 * _lupdf/_lupmf form of one of its _lpdf/_lpmf functions. */
static void test_rows_are_library_functions(void **state)
{
    (void)state;
    Arena a = {0};
    size_t n;
    const EmCallRule *rows = table(&a, &n);
    const SigTable *sigs = sig_table();
    for (size_t i = 0; i < n; i++) {
        const char *name = rows[i].name;
        char buf[256];
        const char *u = strstr(name, "_lup");
        if (u && strlen(name) < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s_lp%s", (int)(u - name), name,
                     u + 4);
            name = buf;
        }
        if (!sig_has_name(sigs, name))
            fail_msg("the row %s names no library function", rows[i].name);
    }
    arena_free(&a);
}

/* The functions the backend never sees: the lowering makes target() an
 * internal call (mir/lower.c), and mir_untuple splits the calls that
 * return tuples into calls of their elements' functions (lib_splits of
 * mir/untuple.c: qr_thin into qr_thin_Q and qr_thin_R, ...). */
static const char *const lowered[] = {
    "target", "qr_thin", "qr", "eigendecompose_sym", "eigendecompose", "svd",
    "csr_extract", "complex_schur_decompose", NULL};

/* Every function of docs/coverage.md with a signature that compiles
 * (values, or values and derivatives) has a row or a generic route. */
static void test_compiled_functions_are_served(void **state)
{
    (void)state;
    FILE *f = fopen("docs/coverage.md", "r");
    if (!f)
        fail_msg("docs/coverage.md: cannot open (run from the repository)");
    Arena a = {0};
    Emit em = {.a = &a};
    char line[4096], name[256] = "";
    int checked = 0, missing = 0;
    bool done = true;   /* name was checked (or there is none) */
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "- `", 3) == 0) {
            const char *end = strchr(line + 3, '`');
            if (!end || (size_t)(end - line - 3) >= sizeof name)
                continue;
            snprintf(name, sizeof name, "%.*s", (int)(end - line - 3),
                     line + 3);
            done = false;
            continue;
        }
        if (done || strncmp(line, "  - `", 5) != 0
            || !(strstr(line, ": compiled") || strstr(line, ": values only")))
            continue;
        done = true;
        checked++;
        if (!em_call_rule(&em, name) && !em_call_route(name)
            && !em_in_list(lowered, name)) {
            print_error("%s compiles but has no row and no route\n", name);
            missing++;
        }
    }
    fclose(f);
    arena_free(&a);
    assert_true(checked > 500);
    assert_int_equal(missing, 0);
}

/* The routes classify by name: a density, a draw, elementwise math, an
 * operator; a name that is none of them has none. */
static void test_routes(void **state)
{
    (void)state;
    assert_string_equal(em_call_route("normal_lupdf"), "density");
    assert_string_equal(em_call_route("poisson_lccdf"), "density");
    assert_string_equal(em_call_route("normal_rng"), "draw");
    assert_string_equal(em_call_route("exp"), "unary");
    assert_string_equal(em_call_route("lbeta"), "binary");
    assert_string_equal(em_call_route("variance"), "reduction");
    assert_string_equal(em_call_route("elt_multiply"), "operator");
    assert_string_equal(em_call_route("reduce_sum"), "reduce_sum");
    assert_null(em_call_route("cholesky_decompose"));
    assert_null(em_call_route("no_such_function"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_row_per_name_sorted),
        cmocka_unit_test(test_rows_are_library_functions),
        cmocka_unit_test(test_compiled_functions_are_served),
        cmocka_unit_test(test_routes),
    };
    return cmocka_run_group_tests_name("emit_calls", tests, NULL, NULL);
}
