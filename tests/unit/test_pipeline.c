/* test_pipeline.c - the protected pipeline of one model (driver/
 * pipeline.c): its stages and products, and that an internal error below
 * it is the model's result, with nothing the stages held left behind
 * (the stream of the C is open at the emit stage: under ASan a leak fails
 * this test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* the test hook (PPLBENCH_TEST_ICE) compiled in, as in pplbench_test */
#define PPLBENCH_TEST_HOOKS
#include "../../driver/pipeline.c"

static const char model[] =
    "data {\n"
    "  int<lower=0> N;\n"
    "}\n"
    "parameters {\n"
    "  vector[N] y;\n"
    "}\n"
    "model {\n"
    "  y ~ normal(0, 1);\n"
    "}\n";

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

static void check(void)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "m.stan", model, &o))
        fail_msg("the test program does not check");
}

static void test_stages(void **state)
{
    (void)state;
    check();
    char *mir = NULL;
    size_t mir_len = 0;
    FILE *f = open_memstream(&mir, &mir_len);
    assert_non_null(f);
    DrvPipeline pl = {.path = "m.stan", .name = "m_model",
                      .stop = DRV_PIPELINE_TRANSFORMED, .mir_out = f};
    assert_int_equal(drv_pipeline_run(&unit, &pl), DRV_PIPELINE_OK);
    assert_int_equal(fclose(f), 0);
    assert_non_null(pl.program);
    assert_null(pl.c_code);
    assert_non_null(strstr(mir, "log_prob"));
    free(mir);

    pl.stop = DRV_PIPELINE_EMITTED;
    pl.mir_out = NULL;
    assert_int_equal(drv_pipeline_run(&unit, &pl), DRV_PIPELINE_OK);
    assert_non_null(pl.c_code);
    assert_true(pl.c_len == strlen(pl.c_code));
    assert_non_null(strstr(pl.c_code, "rt_main(argc, argv, &model)"));
    free(pl.c_code);
}

/* An internal error at each stage (the test hook of pipeline.c, compiled
 * in above): the model's result, with the message; no C; the caller's
 * recovery point is restored; the unit can run the pipeline again. */
static void test_internal_error(void **state)
{
    (void)state;
    static const char *const stages[] = {"lower", "transform", "optimize",
                                         "emit"};
    check();
    jmp_buf mine;
    jmp_buf *before = diag_set_ice_target(&mine);
    for (int i = 0; i < 4; i++) {
        char want[64];
        snprintf(want, sizeof want, "%s:m.stan", stages[i]);
        assert_int_equal(setenv("PPLBENCH_TEST_ICE", want, 1), 0);
        DrvPipeline pl = {.path = "dir/m.stan", .name = "m_model",
                          .stop = DRV_PIPELINE_EMITTED};
        assert_int_equal(drv_pipeline_run(&unit, &pl), DRV_PIPELINE_INTERNAL);
        assert_null(pl.c_code);
        snprintf(want, sizeof want, "at the %s stage of m.stan", stages[i]);
        assert_non_null(strstr(pl.why, want));
        assert_non_null(strstr(pl.why, "driver/pipeline.c:"));
        assert_ptr_equal(diag_set_ice_target(&mine), &mine);
    }
    /* another model's file: no error */
    assert_int_equal(setenv("PPLBENCH_TEST_ICE", "emit:other.stan", 1), 0);
    DrvPipeline pl = {.path = "m.stan", .name = "m_model",
                      .stop = DRV_PIPELINE_EMITTED};
    assert_int_equal(drv_pipeline_run(&unit, &pl), DRV_PIPELINE_OK);
    free(pl.c_code);
    unsetenv("PPLBENCH_TEST_ICE");
    assert_ptr_equal(diag_set_ice_target(before), &mine);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_stages, teardown),
        cmocka_unit_test_teardown(test_internal_error, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
