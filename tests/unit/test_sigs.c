/* test_sigs.c - the library table: resolution with promotion costs, the
 * vectorized classes, data-only arguments, _lupdf derivation, higher-order
 * functions, stanc3's mismatch explanation and the table's own sanity. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sigs.h"

enum { MAX_TEST_ARGS = 16 };

static int setup_arena(void **state)
{
    *state = test_calloc(1, sizeof(Arena));
    return 0;
}

static int teardown_arena(void **state)
{
    arena_free(*state);
    test_free(*state);
    return 0;
}

static const Type *arr(Arena *a, int dims, const Type *elem)
{
    return ty_array(a, dims, elem);
}

/* Resolve name(args...) with every argument data; the result's printed
 * type, or "MISMATCH", "NO_NAME", ... */
static const char *resolve_v(Arena *a, const char *name, AdLevel ad, int n,
                             va_list ap)
{
    const Type *args[MAX_TEST_ARGS];
    AdLevel ads[MAX_TEST_ARGS];
    for (int i = 0; i < n; i++) {
        args[i] = va_arg(ap, const Type *);
        ads[i] = ad;
    }
    const Type *ret = NULL;
    int bad = -1;
    switch (sig_resolve(sig_table(), a, name, n, args, ads, &ret, &bad)) {
    case SIG_MATCH:
        return ty_str(a, ret);
    case SIG_NO_NAME:
        return "NO_NAME";
    case SIG_MISMATCH:
        return "MISMATCH";
    case SIG_AMBIGUOUS:
        return "AMBIGUOUS";
    case SIG_DATA_ONLY:
        return arena_printf(a, "DATA_ONLY %d", bad);
    }
    return "?";
}

static const char *resolve(Arena *a, const char *name, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    const char *s = resolve_v(a, name, AD_DATA, n, ap);
    va_end(ap);
    return s;
}

static const char *resolve_ad(Arena *a, const char *name, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    const char *s = resolve_v(a, name, AD_AUTODIFF, n, ap);
    va_end(ap);
    return s;
}

/* ---- the table ---- */

static void test_table_builds_once(void **state)
{
    (void)state;
    const SigTable *t = sig_table();
    assert_non_null(t);
    assert_ptr_equal(sig_table(), t);
    assert_true(sig_has_name(t, "normal_lpdf"));
    assert_true(sig_has_name(t, "add"));
    assert_true(sig_has_name(t, "reduce_sum"));
    assert_false(sig_has_name(t, "no_such_function"));
    assert_false(sig_has_name(t, ""));
}

static void count_sig(void *ctx, const char *name, const char *sig)
{
    int *n = ctx;
    assert_true(name[0] != '\0');
    assert_true(sig[0] == '(');
    assert_non_null(strstr(sig, ") => "));
    (*n)++;
}

static void test_foreach_visits_every_signature(void **state)
{
    (void)state;
    int n = 0;
    sig_foreach(sig_table(), count_sig, &n);
    assert_true(n > 1000);
}

typedef struct Seen {
    int n;
    char *text[4096];
} Seen;

static void check_unique(void *ctx, const char *name, const char *sig)
{
    Seen *seen = ctx;
    char buf[512];
    snprintf(buf, sizeof buf, "%s%s", name, sig);
    for (int i = 0; i < seen->n; i++)
        if (strcmp(seen->text[i], buf) == 0)
            fail_msg("listed twice: %s", buf);
    assert_true(seen->n < 4096);
    seen->text[seen->n++] = strdup(buf);
}

static void test_no_signature_listed_twice(void **state)
{
    (void)state;
    Seen *seen = calloc(1, sizeof *seen);
    sig_foreach(sig_table(), check_unique, seen);
    for (int i = 0; i < seen->n; i++)
        free(seen->text[i]);
    free(seen);
}

/* Data sanity: over a grid of argument types, no call of any library name
 * is ambiguous (two signatures at the same lowest cost would mean the
 * table overlaps itself). */
typedef struct Names {
    int n;
    const char *name[1024];
} Names;

static void collect_name(void *ctx, const char *name, const char *sig)
{
    (void)sig;
    Names *names = ctx;
    if (names->n && strcmp(names->name[names->n - 1], name) == 0)
        return;
    for (int i = 0; i < names->n; i++)
        if (strcmp(names->name[i], name) == 0)
            return;
    names->name[names->n++] = name;
}

static void test_no_call_is_ambiguous(void **state)
{
    Arena *a = *state;
    const Type *probe[] = {TY(INT), TY(REAL), TY(COMPLEX), TY(VECTOR),
                           TY(ROW_VECTOR), TY(MATRIX), TY(COMPLEX_VECTOR),
                           arr(a, 1, TY(INT)), arr(a, 1, TY(REAL)),
                           arr(a, 1, TY(VECTOR)), arr(a, 2, TY(REAL))};
    int np = (int)(sizeof probe / sizeof *probe);
    Names *names = calloc(1, sizeof *names);
    sig_foreach(sig_table(), collect_name, names);
    assert_true(names->n > 400);
    for (int k = 0; k < names->n; k++)
        for (int n = 0; n <= 3; n++) {
            int combos = n == 0 ? 1 : n == 1 ? np : n == 2 ? np * np
                                                           : np * np * np;
            for (int c = 0; c < combos; c++) {
                const Type *args[3];
                int rest = c;
                for (int i = 0; i < n; i++) {
                    args[i] = probe[rest % np];
                    rest /= np;
                }
                const Type *ret;
                int bad;
                SigResult r = sig_resolve(sig_table(), a, names->name[k], n,
                                          args, NULL, &ret, &bad);
                if (r == SIG_AMBIGUOUS)
                    fail_msg("%s with %d arguments (combination %d) is "
                             "ambiguous", names->name[k], n, c);
            }
        }
    free(names);
}

/* ---- resolution ---- */

static void test_distributions(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "normal_lpdf", 3, TY(VECTOR), TY(REAL),
                                TY(REAL)), "real");
    assert_string_equal(resolve(a, "normal_lpdf", 3, arr(a, 1, TY(REAL)),
                                TY(VECTOR), TY(ROW_VECTOR)), "real");
    assert_string_equal(resolve(a, "normal_lpdf", 3, arr(a, 1, TY(INT)),
                                TY(INT), TY(INT)), "real");
    assert_string_equal(resolve(a, "normal_lpdf", 3, TY(MATRIX), TY(REAL),
                                TY(REAL)), "MISMATCH");
    assert_string_equal(resolve(a, "normal_lpdf", 2, TY(REAL), TY(REAL)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "normal_lpdf", 3, arr(a, 2, TY(REAL)),
                                TY(REAL), TY(REAL)), "MISMATCH");
    assert_string_equal(resolve(a, "poisson_lpmf", 2, arr(a, 1, TY(INT)),
                                TY(VECTOR)), "real");
    assert_string_equal(resolve(a, "poisson_lpmf", 2, TY(REAL), TY(REAL)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "std_normal_lpdf", 1, TY(VECTOR)),
                        "real");
    assert_string_equal(resolve(a, "multi_normal_lpdf", 3,
                                arr(a, 1, TY(VECTOR)), TY(VECTOR),
                                TY(MATRIX)), "real");
    assert_string_equal(resolve(a, "multi_normal_lpdf", 3, TY(REAL),
                                TY(VECTOR), TY(MATRIX)), "MISMATCH");
    assert_string_equal(resolve(a, "weibull_lccdf", 3, TY(REAL), TY(REAL),
                                TY(REAL)), "real");
    assert_string_equal(resolve(a, "normal_id_glm_lpdf", 5, TY(VECTOR),
                                TY(MATRIX), TY(REAL), TY(VECTOR), TY(REAL)),
                        "real");
}

static void test_rng_vectorization(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "normal_rng", 2, TY(REAL), TY(INT)),
                        "real");
    assert_string_equal(resolve(a, "normal_rng", 2, TY(VECTOR), TY(REAL)),
                        "array[] real");
    assert_string_equal(resolve(a, "poisson_rng", 1, TY(REAL)), "int");
    assert_string_equal(resolve(a, "poisson_rng", 1, arr(a, 1, TY(REAL))),
                        "array[] int");
    assert_string_equal(resolve(a, "binomial_rng", 2, arr(a, 1, TY(INT)),
                                TY(REAL)), "array[] int");
    assert_string_equal(resolve(a, "multi_normal_rng", 2, TY(VECTOR),
                                TY(MATRIX)), "vector");
    assert_string_equal(resolve(a, "multi_normal_rng", 2,
                                arr(a, 1, TY(ROW_VECTOR)), TY(MATRIX)),
                        "array[] vector");
    assert_string_equal(resolve(a, "std_normal_rng", 0), "real");
}

static void test_lupdf_is_derived(void **state)
{
    Arena *a = *state;
    const SigTable *t = sig_table();
    assert_true(sig_has_name(t, "normal_lupdf"));
    assert_true(sig_has_name(t, "poisson_lupmf"));
    assert_false(sig_has_name(t, "normal_lupmf"));
    assert_false(sig_has_name(t, "exp_lupdf"));
    assert_false(sig_has_name(t, "_lupdf"));
    assert_string_equal(resolve(a, "normal_lupdf", 3, TY(VECTOR), TY(REAL),
                                TY(REAL)), "real");
    assert_string_equal(resolve(a, "normal_lupdf", 2, TY(VECTOR), TY(REAL)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "normal_lupmf", 1, TY(REAL)), "NO_NAME");
}

static void test_elementwise_unary(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "exp", 1, TY(INT)), "real");
    assert_string_equal(resolve(a, "exp", 1, arr(a, 2, TY(INT))),
                        "array[,] real");
    assert_string_equal(resolve(a, "exp", 1, arr(a, 1, TY(ROW_VECTOR))),
                        "array[] row_vector");
    assert_string_equal(resolve(a, "exp", 1, TY(MATRIX)), "matrix");
    assert_string_equal(resolve(a, "exp", 1, TY(COMPLEX)), "complex");
    assert_string_equal(resolve(a, "exp", 1, TY(COMPLEX_MATRIX)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "inv_logit", 1, arr(a, 3, TY(REAL))),
                        "array[,,] real");
    assert_string_equal(resolve(a, "Phi", 1, TY(VECTOR)), "vector");
    assert_string_equal(resolve(a, "lgamma", 2, TY(REAL), TY(REAL)),
                        "MISMATCH");
    /* abs keeps int elements; complex gives its modulus */
    assert_string_equal(resolve(a, "abs", 1, arr(a, 1, TY(INT))),
                        "array[] int");
    assert_string_equal(resolve(a, "abs", 1, TY(COMPLEX)), "real");
    assert_string_equal(resolve(a, "minus", 1, TY(INT)), "int");
    assert_string_equal(resolve(a, "minus", 1, TY(COMPLEX_VECTOR)),
                        "complex_vector");
}

static void test_elementwise_binary_broadcasts(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "pow", 2, TY(INT), TY(INT)), "real");
    assert_string_equal(resolve(a, "pow", 2, TY(VECTOR), TY(REAL)),
                        "vector");
    assert_string_equal(resolve(a, "pow", 2, TY(INT), arr(a, 1, TY(REAL))),
                        "array[] real");
    assert_string_equal(resolve(a, "pow", 2, arr(a, 2, TY(INT)),
                                arr(a, 2, TY(REAL))), "array[,] real");
    assert_string_equal(resolve(a, "pow", 2, TY(VECTOR), TY(ROW_VECTOR)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "pow", 2, arr(a, 1, TY(REAL)),
                                arr(a, 2, TY(REAL))), "MISMATCH");
    assert_string_equal(resolve(a, "pow", 2, TY(COMPLEX), TY(REAL)),
                        "complex");
    assert_string_equal(resolve(a, "choose", 2, arr(a, 1, TY(INT)),
                                TY(INT)), "array[] int");
    assert_string_equal(resolve(a, "choose", 2, TY(REAL), TY(INT)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "bessel_first_kind", 2,
                                arr(a, 1, TY(INT)), arr(a, 1, TY(REAL))),
                        "array[] real");
    assert_string_equal(resolve(a, "bessel_first_kind", 2, TY(REAL),
                                TY(REAL)), "MISMATCH");
    assert_string_equal(resolve(a, "fma", 3, TY(VECTOR), TY(REAL),
                                TY(VECTOR)), "vector");
    assert_string_equal(resolve(a, "to_complex", 2, TY(INT), TY(REAL)),
                        "complex");
    assert_string_equal(resolve(a, "to_complex", 2, TY(VECTOR), TY(VECTOR)),
                        "complex_vector");
    assert_string_equal(resolve(a, "to_complex", 2, arr(a, 1, TY(REAL)),
                                TY(REAL)), "array[] complex");
}

static void test_generic_array_functions(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "rep_array", 2, TY(REAL), TY(INT)),
                        "array[] real");
    assert_string_equal(resolve(a, "rep_array", 3, TY(VECTOR), TY(INT),
                                TY(INT)), "array[,] vector");
    assert_string_equal(resolve(a, "rep_array", 2, arr(a, 1, TY(INT)),
                                TY(INT)), "array[,] int");
    assert_string_equal(resolve(a, "rep_array", 4, TY(INT), TY(INT),
                                TY(INT), TY(INT)), "array[,,] int");
    assert_string_equal(resolve(a, "rep_array", 2, TY(REAL), TY(REAL)),
                        "MISMATCH");
    const Type *items[] = {TY(REAL), arr(a, 1, TY(INT))};
    assert_string_equal(resolve(a, "rep_array", 2, ty_tuple(a, 2, items),
                                TY(INT)), "array[] tuple(real, array[] int)");
    assert_string_equal(resolve(a, "append_array", 2, arr(a, 1, TY(INT)),
                                arr(a, 1, TY(REAL))), "array[] real");
    assert_string_equal(resolve(a, "append_array", 2, arr(a, 1, TY(INT)),
                                arr(a, 1, TY(VECTOR))), "MISMATCH");
    assert_string_equal(resolve(a, "size", 1, arr(a, 2, TY(MATRIX))), "int");
    assert_string_equal(resolve(a, "dims", 1, TY(REAL)), "array[] int");
    assert_string_equal(resolve(a, "head", 2, arr(a, 1, TY(VECTOR)),
                                TY(INT)), "array[] vector");
    assert_string_equal(resolve(a, "head", 2, TY(VECTOR), TY(INT)),
                        "vector");
    assert_string_equal(resolve(a, "to_array_1d", 1, arr(a, 3, TY(INT))),
                        "array[] int");
    assert_string_equal(resolve(a, "to_array_1d", 1, arr(a, 2, TY(REAL))),
                        "array[] real");
    assert_string_equal(resolve(a, "to_int", 1, arr(a, 2, TY(REAL))),
                        "array[,] int");
    assert_string_equal(resolve(a, "to_int", 1, TY(VECTOR)), "MISMATCH");
}

static void test_operators_and_promotion(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "add", 2, TY(INT), TY(INT)), "int");
    assert_string_equal(resolve(a, "add", 2, TY(INT), TY(REAL)), "real");
    assert_string_equal(resolve(a, "add", 2, TY(VECTOR), TY(INT)), "vector");
    assert_string_equal(resolve(a, "add", 2, TY(VECTOR), TY(COMPLEX)),
                        "complex_vector");
    assert_string_equal(resolve(a, "add", 2, TY(INT), TY(COMPLEX)),
                        "complex");
    assert_string_equal(resolve(a, "add", 2, TY(VECTOR), TY(MATRIX)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "multiply", 2, TY(ROW_VECTOR),
                                TY(VECTOR)), "real");
    assert_string_equal(resolve(a, "multiply", 2, TY(VECTOR),
                                TY(ROW_VECTOR)), "matrix");
    assert_string_equal(resolve(a, "multiply", 2, TY(MATRIX),
                                TY(COMPLEX_VECTOR)), "complex_vector");
    assert_string_equal(resolve(a, "divide", 2, TY(MATRIX), TY(MATRIX)),
                        "matrix");
    assert_string_equal(resolve(a, "idivide", 2, TY(INT), TY(INT)), "int");
    assert_string_equal(resolve(a, "idivide", 2, TY(REAL), TY(INT)),
                        "MISMATCH");
    assert_string_equal(resolve(a, "elt_divide", 2, TY(REAL), TY(VECTOR)),
                        "vector");
    assert_string_equal(resolve(a, "transpose", 1, TY(VECTOR)),
                        "row_vector");
    assert_string_equal(resolve(a, "logical_lt", 2, TY(INT), TY(REAL)),
                        "int");
    assert_string_equal(resolve(a, "logical_eq", 2, TY(COMPLEX), TY(INT)),
                        "int");
    assert_string_equal(resolve(a, "pi", 0), "real");
    assert_string_equal(resolve(a, "pi", 1, TY(REAL)), "MISMATCH");
    assert_string_equal(resolve(a, "no_such_function", 0), "NO_NAME");
}

/* A small table of its own, for behaviour the real library avoids. */
static void test_ambiguity(void **state)
{
    Arena *a = *state;
    const SigSpec specs[] = {
        {"Tests", NULL, NULL, NULL},
        {NULL, "f", "real", "real, complex"},
        {NULL, "f", "int", "complex, real"},
        {NULL, "f", "vector", "int, int, int"},
    };
    const char *err = NULL;
    const SigTable *t = sig_table_build(a, 4, specs, &err);
    assert_non_null(t);
    const Type *args[] = {TY(REAL), TY(REAL), TY(INT)};
    const Type *ret = NULL;
    int bad;
    assert_int_equal(sig_resolve(t, a, "f", 2, args, NULL, &ret, &bad),
                     SIG_AMBIGUOUS);
    const Type *exact[] = {TY(REAL), TY(COMPLEX)};
    assert_int_equal(sig_resolve(t, a, "f", 2, exact, NULL, &ret, &bad),
                     SIG_MATCH);
    assert_ptr_equal(ret, TY(REAL));
    const Type *ints[] = {TY(INT), TY(INT), TY(INT)};
    assert_int_equal(sig_resolve(t, a, "f", 3, ints, NULL, &ret, &bad),
                     SIG_MATCH);
    assert_ptr_equal(ret, TY(VECTOR));
    assert_false(sig_has_name(t, "normal_lpdf"));
}

static void test_bad_spec_is_reported(void **state)
{
    Arena *a = *state;
    const char *err = NULL;
    const SigSpec unknown[] = {{NULL, "g", "real", "reel"}};
    assert_null(sig_table_build(a, 1, unknown, &err));
    assert_non_null(err);
    assert_non_null(strstr(err, "g: unknown type 'reel'"));
    const SigSpec unbound[] = {{NULL, "g", "array[] T", "real"}};
    assert_null(sig_table_build(a, 1, unbound, &err));
    assert_non_null(strstr(err, "variable"));
    const SigSpec dots[] = {{NULL, "g", "real", "real, ..."}};
    assert_null(sig_table_build(a, 1, dots, &err));
    const SigSpec junk[] = {{NULL, "g", "real", "real real"}};
    assert_null(sig_table_build(a, 1, junk, &err));
}

/* ---- data-only arguments ---- */

static void test_data_only(void **state)
{
    Arena *a = *state;
    assert_string_equal(resolve(a, "to_int", 1, TY(REAL)), "int");
    assert_string_equal(resolve_ad(a, "to_int", 1, TY(REAL)), "DATA_ONLY 0");
    /* quantile(data vector, data real): first offender is reported */
    assert_string_equal(resolve_ad(a, "quantile", 2, TY(VECTOR), TY(REAL)),
                        "DATA_ONLY 0");
    const Type *args[] = {TY(VECTOR), TY(REAL)};
    AdLevel ads[] = {AD_DATA, AD_AUTODIFF};
    const Type *ret = NULL;
    int bad = -1;
    assert_int_equal(sig_resolve(sig_table(), a, "quantile", 2, args, ads,
                                 &ret, &bad), SIG_DATA_ONLY);
    assert_int_equal(bad, 1);
    assert_ptr_equal(ret, TY(REAL));  /* still useful for recovery */
    /* arguments that are not data-only take parameters freely */
    assert_string_equal(resolve_ad(a, "normal_lpdf", 3, TY(REAL), TY(REAL),
                                   TY(REAL)), "real");
}

/* ---- higher-order functions ---- */

static const Type *fun(Arena *a, const Type *ret, FunKind fk, int n,
                       const Type **params, const bool *data)
{
    return ty_function(a, ret, n, params, data, fk);
}

static void test_reduce_sum(void **state)
{
    Arena *a = *state;
    const Type *slice = arr(a, 1, TY(REAL));
    const Type *params[] = {slice, TY(INT), TY(INT), TY(VECTOR), TY(REAL)};
    const Type *f = fun(a, TY(REAL), FK_PLAIN, 5, params, NULL);
    assert_string_equal(resolve(a, "reduce_sum", 5, f, slice, TY(INT),
                                TY(VECTOR), TY(REAL)), "real");
    /* extra arguments promote to the function's parameters */
    assert_string_equal(resolve(a, "reduce_sum", 5, f, arr(a, 1, TY(INT)),
                                TY(INT), TY(VECTOR), TY(INT)), "real");
    assert_string_equal(resolve(a, "reduce_sum", 5, f, slice, TY(INT),
                                TY(MATRIX), TY(REAL)), "MISMATCH");
    assert_string_equal(resolve(a, "reduce_sum", 4, f, slice, TY(INT),
                                TY(VECTOR)), "MISMATCH");
    assert_string_equal(resolve(a, "reduce_sum", 3, f, TY(VECTOR), TY(INT)),
                        "MISMATCH");
    /* the sliced argument must match the function's first parameter */
    assert_string_equal(resolve(a, "reduce_sum", 5, f, arr(a, 1, TY(VECTOR)),
                                TY(INT), TY(VECTOR), TY(REAL)), "MISMATCH");
    /* any element type can be sliced */
    const Type *vslice = arr(a, 1, TY(VECTOR));
    const Type *vparams[] = {vslice, TY(INT), TY(INT)};
    const Type *g = fun(a, TY(REAL), FK_LPDF, 3, vparams, NULL);
    assert_string_equal(resolve(a, "reduce_sum_static", 3, g, vslice,
                                TY(INT)), "real");
    /* rng and _lp functions cannot be partial sums */
    const Type *h = fun(a, TY(REAL), FK_RNG, 3, vparams, NULL);
    assert_string_equal(resolve(a, "reduce_sum", 3, h, vslice, TY(INT)),
                        "MISMATCH");
    /* a data-only extra parameter needs data */
    bool data[] = {false, false, false, true, false};
    const Type *d = fun(a, TY(REAL), FK_PLAIN, 5, params, data);
    assert_string_equal(resolve_ad(a, "reduce_sum", 5, d, slice, TY(INT),
                                   TY(VECTOR), TY(REAL)), "DATA_ONLY 3");
}

static void test_ode_and_solvers(void **state)
{
    Arena *a = *state;
    const Type *params[] = {TY(REAL), TY(VECTOR), TY(REAL), TY(MATRIX)};
    const Type *rhs = fun(a, TY(VECTOR), FK_PLAIN, 4, params, NULL);
    const Type *ts = arr(a, 1, TY(REAL));
    assert_string_equal(resolve(a, "ode_rk45", 6, rhs, TY(VECTOR), TY(REAL),
                                ts, TY(REAL), TY(MATRIX)), "array[] vector");
    assert_string_equal(resolve(a, "ode_bdf_tol", 9, rhs, TY(VECTOR),
                                TY(INT), ts, TY(REAL), TY(REAL), TY(INT),
                                TY(REAL), TY(MATRIX)), "array[] vector");
    assert_string_equal(resolve_ad(a, "ode_bdf_tol", 9, rhs, TY(VECTOR),
                                   TY(INT), ts, TY(REAL), TY(REAL), TY(INT),
                                   TY(REAL), TY(MATRIX)), "DATA_ONLY 4");
    /* the state must be a vector and the function must return one */
    const Type *bad_ret = fun(a, TY(REAL), FK_PLAIN, 4, params, NULL);
    assert_string_equal(resolve(a, "ode_rk45", 6, bad_ret, TY(VECTOR),
                                TY(REAL), ts, TY(REAL), TY(MATRIX)),
                        "MISMATCH");
    const Type *no_extra = fun(a, TY(VECTOR), FK_PLAIN, 2, params, NULL);
    assert_string_equal(resolve(a, "ode_adams", 4, no_extra, TY(VECTOR),
                                TY(REAL), ts), "array[] vector");
    /* old fixed-shape interfaces are still recognised */
    const Type *old[] = {TY(REAL), ts, ts, ts, arr(a, 1, TY(INT))};
    bool old_data[] = {false, false, false, true, true};
    const Type *oldf = fun(a, ts, FK_PLAIN, 5, old, old_data);
    assert_string_equal(resolve(a, "integrate_ode_rk45", 7, oldf, ts,
                                TY(REAL), ts, ts, ts, arr(a, 1, TY(INT))),
                        "array[,] real");
    const Type *alg[] = {TY(VECTOR), TY(VECTOR), TY(REAL)};
    const Type *algf = fun(a, TY(VECTOR), FK_PLAIN, 3, alg, NULL);
    assert_string_equal(resolve(a, "solve_powell", 4, algf, TY(VECTOR),
                                TY(VECTOR), TY(INT)), "vector");
    assert_string_equal(resolve(a, "map_rect", 5, algf, TY(VECTOR),
                                arr(a, 1, TY(VECTOR)), arr(a, 2, TY(REAL)),
                                arr(a, 2, TY(INT))), "MISMATCH");
}

/* tuple(...) forwards its items to the function argument before it (the
 * embedded Laplace functions, Functions Reference "Embedded Laplace
 * Approximation"); tuple(data X, ...) checks its items' AD levels. */
static SigResult resolve_items(Arena *a, int n, const Type **args,
                               const AdLevel *ads,
                               const AdLevel *const *item_ads, int *bad,
                               int *item)
{
    const Type *ret = NULL;
    return sig_resolve_items(sig_table(), a, "laplace_marginal_tol", n, args,
                             ads, item_ads, &ret, bad, item);
}

static void test_laplace_forwarded_tuples(void **state)
{
    Arena *a = *state;
    const Type *ints = arr(a, 1, TY(INT));
    const Type *lp[] = {TY(VECTOR), TY(REAL), TY(VECTOR), ints};
    bool lp_data[] = {false, false, true, false};
    const Type *lik = fun(a, TY(REAL), FK_PLAIN, 4, lp, lp_data);
    const Type *kp[] = {TY(REAL), TY(INT)};
    const Type *cov = fun(a, TY(MATRIX), FK_PLAIN, 2, kp, NULL);
    const Type *lt[] = {TY(REAL), TY(VECTOR), ints};
    const Type *ktup[] = {TY(INT), TY(INT)};   /* int promotes to real */
    const Type *ctl[] = {TY(VECTOR), TY(REAL), TY(INT), TY(INT), TY(INT),
                         TY(INT)};
    const Type *args[] = {lik, ty_tuple(a, 3, lt), TY(INT), cov,
                          ty_tuple(a, 2, ktup), ty_tuple(a, 6, ctl)};
    AdLevel ads[] = {AD_DATA, AD_AUTODIFF, AD_DATA, AD_DATA, AD_DATA,
                     AD_DATA};
    AdLevel lik_items[] = {AD_AUTODIFF, AD_DATA, AD_DATA};
    const AdLevel *item_ads[] = {NULL, lik_items, NULL, NULL, NULL, NULL};
    int bad = -1, item = -1;
    assert_int_equal(resolve_items(a, 6, args, ads, item_ads, &bad, &item),
                     SIG_MATCH);
    /* without the items' own levels the whole tuple depends on
     * parameters, and the likelihood's data vector cannot take it */
    assert_int_equal(resolve_items(a, 6, args, ads, NULL, &bad, &item),
                     SIG_DATA_ONLY);
    assert_int_equal(bad, 1);
    assert_int_equal(item, 1);
    /* a control parameter that depends on parameters */
    AdLevel ctl_items[] = {AD_AUTODIFF, AD_DATA, AD_AUTODIFF, AD_DATA,
                           AD_DATA, AD_DATA};
    const AdLevel *ctl_ads[] = {NULL, lik_items, NULL, NULL, NULL,
                                ctl_items};
    assert_int_equal(resolve_items(a, 6, args, ads, ctl_ads, &bad, &item),
                     SIG_DATA_ONLY);
    assert_int_equal(bad, 5);
    assert_int_equal(item, 2);
    /* the tuple must hold exactly the function's further arguments */
    const Type *short_args[] = {lik, ty_tuple(a, 2, lt), TY(INT), cov,
                                ty_tuple(a, 2, ktup), ty_tuple(a, 6, ctl)};
    assert_int_equal(resolve_items(a, 6, short_args, ads, item_ads, &bad,
                                   &item), SIG_MISMATCH);
    const Type *ltr[] = {TY(REAL), ints, TY(VECTOR)};
    const Type *swapped[] = {lik, ty_tuple(a, 3, ltr), TY(INT), cov,
                             ty_tuple(a, 2, ktup), ty_tuple(a, 6, ctl)};
    assert_int_equal(resolve_items(a, 6, swapped, ads, item_ads, &bad,
                                   &item), SIG_MISMATCH);
    /* a signature with tuple(...) but no function before it */
    const char *err = NULL;
    const SigSpec orphan[] = {{NULL, "g", "real", "tuple(...), int"}};
    assert_null(sig_table_build(a, 1, orphan, &err));
    assert_non_null(strstr(err, "tuple(...)"));
}

/* ---- explanations ---- */

static void test_explain_type_mismatch(void **state)
{
    Arena *a = *state;
    const Type *args[] = {TY(MATRIX), TY(REAL), TY(REAL)};
    char *s = sig_explain_mismatch(sig_table(), a, "normal_lpdf", 3, args);
    assert_string_equal(s,
        "Ill-typed arguments supplied to function 'normal_lpdf':\n"
        "(matrix, real, real)\n"
        "Available signatures:\n"
        "(reals, reals, reals) => real\n"
        "  The first argument must be reals but got matrix");
}

static void test_explain_lists_closest_first(void **state)
{
    Arena *a = *state;
    const Type *args[] = {arr(a, 1, TY(REAL))};
    AdLevel ads[] = {AD_AUTODIFF};
    char *s = sig_explain_mismatch_ad(sig_table(), a, "to_int", 1, args,
                                      ads);
    assert_string_equal(s,
        "Ill-typed arguments supplied to function 'to_int':\n"
        "(array[] real)\n"
        "Available signatures:\n"
        "(data A) => I\n"
        "  The first argument must be data-only. (Local variables are "
        "assumed to\n"
        "  depend on parameters; same goes for function inputs unless they "
        "are marked\n"
        "  with the keyword 'data'.)");
    /* later failing arguments, then arity errors; at most five */
    const Type *vm[] = {TY(VECTOR), TY(MATRIX)};
    s = sig_explain_mismatch(sig_table(), a, "add", 2, vm);
    assert_non_null(strstr(s, "(vector, matrix)\nAvailable signatures:\n"
                              "(vector, vector) => vector\n"
                              "  The second argument must be vector but "
                              "got matrix\n"));
    assert_non_null(strstr(s, "\n(Additional signatures omitted)"));
    int shown = 0;
    for (const char *p = s; (p = strstr(p, "\n  The ")); p++)
        shown++;
    assert_int_equal(shown, 5);
}

static void test_explain_arity_and_elementwise(void **state)
{
    Arena *a = *state;
    const Type *two[] = {TY(REAL), TY(REAL)};
    char *s = sig_explain_mismatch(sig_table(), a, "normal_lupdf", 2, two);
    assert_non_null(strstr(s, "function 'normal_lupdf':\n(real, real)\n"));
    assert_non_null(strstr(s, "(reals, reals, reals) => real\n"
                              "  Expected 3 arguments but found 2 "
                              "arguments."));
    const Type *cv[] = {TY(COMPLEX_MATRIX)};
    s = sig_explain_mismatch(sig_table(), a, "exp", 1, cv);
    assert_non_null(strstr(s, "(R) => R\n  The first argument must be "
                              "matrix but got complex_matrix"));
    assert_non_null(strstr(s, "(complex) => complex\n  The first argument "
                              "must be complex but got complex_matrix"));
    const Type *vr[] = {TY(VECTOR), TY(ROW_VECTOR)};
    s = sig_explain_mismatch(sig_table(), a, "pow", 2, vr);
    assert_non_null(strstr(s, "(R, R) => R\n  The second argument must be "
                              "vector but got row_vector"));
}

static void test_explain_names_function_types(void **state)
{
    Arena *a = *state;
    const Type *params[] = {TY(REAL)};
    const Type *f = ty_function(a, TY(REAL), 1, params, NULL, FK_PLAIN);
    const Type *args[] = {f, TY(VECTOR), TY(REAL), arr(a, 1, TY(REAL))};
    char *s = sig_explain_mismatch(sig_table(), a, "ode_rk45", 4, args);
    assert_non_null(strstr(s, "(<F1>, vector, real, array[] real)\n"
                              "where F1 = (real) => real\n"
                              "Available signatures:\n"
                              "(<F2>, vector, real, array[] real, ...) => "
                              "array[] vector\n"
                              "where F2 = (real, vector, ...) => vector\n"
                              "  The first argument must be (real, vector, "
                              "...) => vector but got (real) => real"));
}

static void test_markdown(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    sig_write_markdown(sig_table(), out);
    fclose(out);
    assert_non_null(strstr(buf, "# The Stan library\n"));
    assert_non_null(strstr(buf, "\n## Operators\n"));
    assert_non_null(strstr(buf, "\n- `normal_lpdf`: "
                                "`(reals, reals, reals) => real`\n"));
    assert_non_null(strstr(buf, "\n- `rep_array`\n"
                                "  - `(T, int) => array[] T`\n"));
    free(buf);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup_arena, teardown_arena)
    const struct CMUnitTest tests[] = {
        T(test_table_builds_once),
        T(test_foreach_visits_every_signature),
        T(test_no_signature_listed_twice),
        T(test_no_call_is_ambiguous),
        T(test_distributions),
        T(test_rng_vectorization),
        T(test_lupdf_is_derived),
        T(test_elementwise_unary),
        T(test_elementwise_binary_broadcasts),
        T(test_generic_array_functions),
        T(test_operators_and_promotion),
        T(test_ambiguity),
        T(test_bad_spec_is_reported),
        T(test_data_only),
        T(test_reduce_sum),
        T(test_ode_and_solvers),
        T(test_laplace_forwarded_tuples),
        T(test_explain_type_mismatch),
        T(test_explain_lists_closest_first),
        T(test_explain_arity_and_elementwise),
        T(test_explain_names_function_types),
        T(test_markdown),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
