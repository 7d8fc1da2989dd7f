/* test_interp.c - the MIR interpreter's C API (mir/interp*.c): the log
 * density against values computed here by hand, transform_inits, the
 * tracking context (maximum depth, a caller's set of primitives), the
 * dependency queries on a list, and a rejection with the sampler's
 * message. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "mir.h"
#include "pplrt.h"

static FeUnit unit;

static int teardown(void **state)
{
    (void)state;
    fe_unit_free(&unit);
    return 0;
}

/* The interpreter of text with the data json, prepare_data run. */
static MirInterp *interp(const char *text, const char *json, RtData **d)
{
    FeOptions o = {0};
    if (!fe_compile(&unit, "test.stan", text, &o))
        fail_msg("the test program does not check");
    MirProgram *p = mir_lower(&unit.arena, unit.prog, "test_model");
    mir_transform(p);
    mir_refresh(p);
    RtError err = {.msg = ""};
    *d = rt_data_parse(json, &err);
    if (!*d)
        fail_msg("bad test data: %s", err.msg);
    char why[512];
    bool unsup;
    MirInterp *in = mir_interp_new(&unit.arena, p, *d, why, sizeof why,
                                   &unsup);
    if (!in)
        fail_msg("prepare_data failed: %s", why);
    return in;
}

static const char model[] =
    "functions {\n"
    "  real twice(real x) { return 2 * x; }\n"
    "}\n"
    "data { real y; }\n"
    "parameters { real<lower=0> s; }\n"
    "model {\n"
    "  target += normal_lpdf(y | twice(1), s);\n"
    "}\n";

/* log N(y | 2, s) with s = exp(u), plus the log-Jacobian u */
static double by_hand(double y, double u)
{
    double s = exp(u), z = (y - 2) / s;
    return -0.5 * z * z - log(s) - 0.5 * log(2 * M_PI) + u;
}

static void test_log_density(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(model, "{\"y\": 1.5}", &d);
    assert_int_equal(mir_interp_num_unconstrained(in), 1);
    double u = 0.3, lp;
    char why[512];
    bool unsup;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, NULL, why,
                                         sizeof why, &unsup), 0);
    assert_true(fabs(lp - by_hand(1.5, 0.3)) < 1e-12);
    o.jacobian = false;
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, NULL, why,
                                         sizeof why, &unsup), 0);
    assert_true(fabs(lp - (by_hand(1.5, 0.3) - 0.3)) < 1e-12);
    rt_data_free(d);
}

static void test_unconstrain(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(model, "{\"y\": 1.5}", &d);
    RtError err = {.msg = ""};
    RtData *params = rt_data_parse("{\"s\": 2.5}", &err);
    double u = 0;
    char why[512];
    assert_int_equal(mir_interp_unconstrain(in, params, &u, why, sizeof why),
                     0);
    assert_true(fabs(u - log(2.5)) < 1e-15);
    rt_data_free(params);
    /* a value outside the constraint is refused with the sampler's words */
    params = rt_data_parse("{\"s\": -1}", &err);
    assert_int_equal(mir_interp_unconstrain(in, params, &u, why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "lb_free"));
    rt_data_free(params);
    rt_data_free(d);
}

/* The node of t's top list calling fn, or NULL. */
static const MirTraceNode *call_of(const MirTrace *t, const char *fn)
{
    for (int i = 0; i < t->n; i++)
        if (t->nodes[i].fn && !strcmp(t->nodes[i].fn, fn))
            return &t->nodes[i];
    return NULL;
}

static void test_tracking_context(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(model, "{\"y\": 1.5}", &d);
    double u = 0, lp;
    char why[512];
    bool unsup;
    MirTrace *t;
    /* depth 2: the user function's own list is recorded */
    MirInterpOptions o = {.jacobian = true, .max_depth = 2};
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    const MirTraceNode *nd = call_of(t, "twice");
    assert_non_null(nd);
    assert_int_equal(nd->kind, MT_NESTED);
    assert_non_null(nd->children);
    assert_int_equal(nd->children->nodes[nd->children->n - 1].kind,
                     MT_RETURN);
    assert_true(nd->num == 2);
    /* depth 1: the call is one node, no list */
    o.max_depth = 1;
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    nd = call_of(t, "twice");
    assert_int_equal(nd->kind, MT_PRIMITIVE);
    assert_null(nd->children);
    /* a caller's primitive is not entered, whatever the depth */
    const char *const prims[] = {"twice", NULL};
    o.max_depth = 5;
    o.primitives = prims;
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    nd = call_of(t, "twice");
    assert_int_equal(nd->kind, MT_PRIMITIVE);
    assert_null(nd->children);
    /* the last node returns the log density */
    assert_int_equal(t->nodes[t->n - 1].kind, MT_RETURN);
    assert_true(fabs(t->nodes[t->n - 1].num - lp) < 1e-12);
    rt_data_free(d);
}

static void test_queries(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp(model, "{\"y\": 1.5}", &d);
    double u = 0, lp;
    char why[512];
    bool unsup;
    MirTrace *t;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), 0);
    const MirTraceNode *dens = call_of(t, "normal_lpdf");
    const MirTraceNode *read = call_of(t, "FnReadParam__");
    const MirTraceNode *twice = call_of(t, "twice");
    assert_non_null(dens);
    bool marks[64];
    assert_true(t->n < 63);
    mir_trace_backward(t, dens->index, marks);
    assert_true(marks[read->index]);     /* through the constraint */
    assert_true(marks[twice->index]);
    assert_false(marks[dens->index]);
    mir_trace_forward(t, read->index, marks);
    assert_true(marks[dens->index]);
    assert_false(marks[twice->index]);   /* twice(1) does not read s */
    rt_data_free(d);
}

static void test_rejection(void **state)
{
    (void)state;
    RtData *d;
    MirInterp *in = interp("parameters { real x; }\n"
                           "model { x ~ normal(0, x); }\n", "{}", &d);
    double u = -1, lp;
    char why[512];
    bool unsup;
    MirTrace *t;
    MirInterpOptions o = {.jacobian = true, .max_depth = 1};
    assert_int_equal(mir_interp_log_prob(in, &u, &o, &lp, &t, why,
                                         sizeof why, &unsup), -1);
    assert_false(unsup);
    assert_string_equal(why, "normal_lpdf: Scale parameter is -1, but must "
                        "be positive!");
    /* the list ends with the failing call */
    assert_string_equal(t->nodes[t->n - 1].fn, "normal_lupdf");
    assert_null(t->nodes[t->n - 1].value);
    rt_data_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_log_density, teardown),
        cmocka_unit_test_teardown(test_unconstrain, teardown),
        cmocka_unit_test_teardown(test_tracking_context, teardown),
        cmocka_unit_test_teardown(test_queries, teardown),
        cmocka_unit_test_teardown(test_rejection, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
