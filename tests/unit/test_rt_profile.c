/* test_rt_profile.c - the runtime's profile table (runtime/profile.c):
 * counts with and without a gradient, repeated and nested blocks, the
 * same name nested (recursion), reverse time, tape entries, a
 * recomputation that is no call, unwinding after a failed evaluation,
 * and CmdStan's CSV: header, rows sorted by name, unused names left out,
 * names quoted as RFC 4180 says.  No wall-clock amount is asserted: only
 * that times are non-negative and add up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pplrt.h"

static const char header[] =
    "name,thread_id,total_time,forward_time,reverse_time,chain_stack,"
    "no_chain_stack,autodiff_calls,no_autodiff_calls\n";

typedef struct Table {
    RtProfiles t;
    RtProfile rec[4];
} Table;

static void table_init(Table *tb, const char *const *names, int n)
{
    rt_profile_init(&tb->t, tb->rec, names, n);
}

static void test_counts_with_and_without_gradient(void **state)
{
    (void)state;
    static const char *const names[] = {"a", "b"};
    Table tb;
    table_init(&tb, names, 2);
    rt_profile_eval(&tb.t, true);
    for (int i = 0; i < 3; i++) {           /* repeated: accumulates */
        rt_profile_enter(&tb.t, 0, 10);
        rt_profile_enter(&tb.t, 1, 12);     /* nested, another name */
        rt_profile_leave(&tb.t, 1, 15, true);
        rt_profile_leave(&tb.t, 0, 17, true);
    }
    rt_profile_eval(&tb.t, false);
    rt_profile_enter(&tb.t, 0, 0);
    rt_profile_leave(&tb.t, 0, 0, true);
    assert_int_equal(tb.rec[0].autodiff_calls, 3);
    assert_int_equal(tb.rec[0].no_autodiff_calls, 1);
    assert_int_equal(tb.rec[1].autodiff_calls, 3);
    assert_int_equal(tb.rec[1].no_autodiff_calls, 0);
    /* tape entries in gradient evaluations only: 3 x 7 and 3 x 3 */
    assert_int_equal(tb.rec[0].chain_stack, 21);
    assert_int_equal(tb.rec[1].chain_stack, 9);
    assert_int_equal(tb.rec[0].no_chain_stack, 0);
    assert_true(tb.rec[0].forward_s >= 0 && tb.rec[1].forward_s >= 0);
    assert_true(tb.rec[0].reverse_s == 0);
    assert_int_equal(tb.rec[0].depth, 0);
}

static void test_same_name_nested_counts_once(void **state)
{
    (void)state;
    static const char *const names[] = {"fn:fib"};
    Table tb;
    table_init(&tb, names, 1);
    rt_profile_eval(&tb.t, false);
    /* fib(3) calls fib(2) which calls fib(1): one outermost activation */
    rt_profile_enter(&tb.t, 0, 0);
    rt_profile_enter(&tb.t, 0, 0);
    rt_profile_enter(&tb.t, 0, 0);
    rt_profile_leave(&tb.t, 0, 0, true);
    rt_profile_leave(&tb.t, 0, 0, true);
    assert_int_equal(tb.rec[0].no_autodiff_calls, 0);
    rt_profile_leave(&tb.t, 0, 0, true);
    assert_int_equal(tb.rec[0].no_autodiff_calls, 1);
    /* a leave without an enter changes nothing */
    rt_profile_leave(&tb.t, 0, 0, true);
    assert_int_equal(tb.rec[0].no_autodiff_calls, 1);
    assert_int_equal(tb.rec[0].depth, 0);
}

static void test_reverse_and_recomputation(void **state)
{
    (void)state;
    static const char *const names[] = {"f"};
    Table tb;
    table_init(&tb, names, 1);
    rt_profile_eval(&tb.t, true);
    rt_profile_enter(&tb.t, 0, 0);          /* the primal call */
    rt_profile_leave(&tb.t, 0, 0, true);
    rt_profile_enter(&tb.t, 0, 4);          /* its reverse twin */
    rt_profile_leave(&tb.t, 0, 6, false);
    rt_profile_rev_enter(&tb.t, 0);
    rt_profile_rev_enter(&tb.t, 0);
    rt_profile_rev_leave(&tb.t, 0);
    rt_profile_rev_leave(&tb.t, 0);
    assert_int_equal(tb.rec[0].autodiff_calls, 1);
    assert_int_equal(tb.rec[0].chain_stack, 2);
    assert_true(tb.rec[0].reverse_s >= 0);
    assert_int_equal(tb.rec[0].rev_depth, 0);
}

static void test_unwind_stops_active_timers(void **state)
{
    (void)state;
    static const char *const names[] = {"outer", "inner"};
    Table tb;
    table_init(&tb, names, 2);
    rt_profile_eval(&tb.t, true);
    rt_profile_enter(&tb.t, 0, 0);
    rt_profile_enter(&tb.t, 1, 0);
    rt_profile_rev_enter(&tb.t, 1);
    /* a reject: the evaluation returns early, the entry point unwinds */
    rt_profile_unwind(&tb.t);
    assert_int_equal(tb.rec[0].depth, 0);
    assert_int_equal(tb.rec[1].depth, 0);
    assert_int_equal(tb.rec[1].rev_depth, 0);
    /* as Stan's destructors do: the left blocks count as calls */
    assert_int_equal(tb.rec[0].autodiff_calls, 1);
    assert_int_equal(tb.rec[1].autodiff_calls, 1);
    assert_int_equal(tb.rec[0].chain_stack, 0);
    /* and the next evaluation starts clean */
    rt_profile_enter(&tb.t, 0, 0);
    rt_profile_leave(&tb.t, 0, 0, true);
    assert_int_equal(tb.rec[0].autodiff_calls, 2);
    assert_true(tb.rec[0].forward_s >= 0 && tb.rec[1].reverse_s >= 0);
}

/* The CSV of tb as a malloc'd string (not inlined: gcc then takes the
 * stream's buffer for a dangling local). */
__attribute__((noinline)) static char *csv_of(const RtProfiles *t)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    rt_profile_write_csv(f, t);
    fclose(f);
    return buf;
}

static void test_csv_sorted_quoted_unused_left_out(void **state)
{
    (void)state;
    static const char *const names[] = {
        "zeta", "never", "a,b", "say \"hi\"", "two\nlines", "Alpha",
    };
    RtProfile rec[6];
    RtProfiles t;
    rt_profile_init(&t, rec, names, 6);
    rt_profile_eval(&t, false);
    for (int i = 0; i < 6; i++) {
        if (i == 1)
            continue;
        rt_profile_enter(&t, i, 0);
        rt_profile_leave(&t, i, 0, true);
    }
    assert_int_equal(rt_profile_rows(&t), 5);
    char *csv = csv_of(&t);
    assert_int_equal(strncmp(csv, header, strlen(header)), 0);
    /* the names in byte order, as CmdStan's std::map has them; quoted
     * where a comma, quote or line break would break the CSV */
    const char *want[] = {
        "Alpha,", "\"a,b\",", "\"say \"\"hi\"\"\",", "\"two\nlines\",",
        "zeta,",
    };
    const char *at = csv + strlen(header);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(strncmp(at, want[k], strlen(want[k])), 0);
        at += strlen(want[k]);
        /* thread, 3 times, 4 counts: eight more fields */
        unsigned long thread;
        double total, fwd, rev;
        long long cs, ncs, ad, nad;
        int used = 0;
        assert_int_equal(sscanf(at, "%lu,%lf,%lf,%lf,%lld,%lld,%lld,%lld\n%n",
                                &thread, &total, &fwd, &rev, &cs, &ncs, &ad,
                                &nad, &used), 8);
        assert_true(fwd >= 0 && rev == 0 && total >= 0);
        assert_int_equal(ad, 0);
        assert_int_equal(nad, 1);
        assert_int_equal(cs, 0);
        assert_int_equal(ncs, 0);
        at += used;
    }
    assert_string_equal(at, "");
    assert_null(strstr(csv, "never"));
    free(csv);
}

static void test_csv_total_is_forward_plus_reverse(void **state)
{
    (void)state;
    static const char *const names[] = {"p"};
    Table tb;
    table_init(&tb, names, 1);
    tb.rec[0].forward_s = 0.25;
    tb.rec[0].reverse_s = 0.5;
    tb.rec[0].autodiff_calls = 7;
    tb.rec[0].chain_stack = 12;
    char *csv = csv_of(&tb.t);
    const char *row = csv + strlen(header);
    const char *comma = strchr(row, ',');
    assert_non_null(comma);
    comma = strchr(comma + 1, ',');   /* after thread_id */
    assert_non_null(comma);
    assert_string_equal(comma, ",0.75,0.25,0.5,12,0,7,0\n");
    free(csv);
}

static void test_save_refuses_an_input(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_rt_profile.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char in[128], out[128], cmd[160];
    snprintf(in, sizeof in, "%s/data.json", dir);
    snprintf(out, sizeof out, "%s/profile.csv", dir);
    FILE *f = fopen(in, "w");
    assert_non_null(f);
    fputs("{}\n", f);
    fclose(f);
    static const char *const names[] = {"p"};
    Table tb;
    table_init(&tb, names, 1);
    tb.rec[0].no_autodiff_calls = 1;
    const char *protect[] = {in};
    RtError err = {.msg = ""};
    assert_int_not_equal(rt_profile_save(&tb.t, in, protect, 1, &err), 0);
    assert_non_null(strstr(err.msg, "refusing to write"));
    f = fopen(in, "r");
    char buf[16] = "";
    assert_non_null(fgets(buf, sizeof buf, f));
    fclose(f);
    assert_string_equal(buf, "{}\n");
    assert_int_equal(rt_profile_save(&tb.t, out, protect, 1, &err), 0);
    f = fopen(out, "r");
    assert_non_null(f);
    char line[256];
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, header);
    fclose(f);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_with_and_without_gradient),
        cmocka_unit_test(test_same_name_nested_counts_once),
        cmocka_unit_test(test_reverse_and_recomputation),
        cmocka_unit_test(test_unwind_stops_active_timers),
        cmocka_unit_test(test_csv_sorted_quoted_unused_left_out),
        cmocka_unit_test(test_csv_total_is_forward_plus_reverse),
        cmocka_unit_test(test_save_refuses_an_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
