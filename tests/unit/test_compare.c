/* test_compare.c - the validator's comparison of two probe files
 * (driver/compare.c): identical files pass; a constant offset in the log
 * density passes and a parameter-dependent change fails naming the point;
 * a gradient component, an output, a rejection's class or message, a
 * printed text that differs fails the right check with the point and the
 * quantity; NaN equals NaN; the tolerances; files that cannot be compared.
 *
 * driver/compare.c is in no library the unit tests link, so it is
 * included here whole.  Each test edits a copy of one probe file (BASE:
 * 3 points, 2 unconstrained values, 2 outputs) at a path such as
 * "evaluations.1.log_density_jacobian.gradient.1". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../driver/compare.c"

static const char BASE[] =
    "{\"format\": \"pplbench-probe\", \"version\": 1, \"model\": \"m\","
    " \"seed\": \"7\", \"points\": 3, \"dim\": 2,"
    " \"transformed_data\": {\"printed\": \"td\\n\", \"rejection\": null},"
    " \"parameter_names\": [\"mu\", \"sigma\"],"
    " \"output_names\": [\"mu\", \"yrep\"],"
    " \"evaluations\": ["
    "  {\"point\": 0, \"u\": [0.5, -1.0],"
    "   \"log_density\": {\"value\": -1.5, \"printed\": \"mu=0.5\\n\","
    "                     \"rejection\": null},"
    "   \"log_density_jacobian\": {\"value\": -2.5, \"gradient\": [1.0, 2.0],"
    "      \"printed\": \"mu=0.5\\n\", \"rejection\": null},"
    "   \"outputs\": {\"values\": [0.5, 0.25], \"printed\": \"\","
    "                 \"rejection\": null}},"
    "  {\"point\": 1, \"u\": [1.5, 0.25],"
    "   \"log_density\": {\"value\": -3.25, \"printed\": \"mu=1.5\\n\","
    "                     \"rejection\": null},"
    "   \"log_density_jacobian\": {\"value\": -3.0, \"gradient\": [-1.0, 0.0],"
    "      \"printed\": \"mu=1.5\\n\", \"rejection\": null},"
    "   \"outputs\": {\"values\": [1.5, \"nan\"], \"printed\": \"\","
    "                 \"rejection\": null}},"
    "  {\"point\": 2, \"u\": [1.75, 0.0],"
    "   \"log_density\": {\"value\": null, \"printed\": \"mu=1.75\\n\","
    "      \"rejection\": {\"class\": \"reject\", \"message\": \"too big\"}},"
    "   \"log_density_jacobian\": {\"value\": null, \"gradient\": null,"
    "      \"printed\": \"mu=1.75\\n\","
    "      \"rejection\": {\"class\": \"reject\", \"message\": \"too big\"}},"
    "   \"outputs\": {\"values\": [1.75, -0.5], \"printed\": \"\","
    "                 \"rejection\": null}}"
    " ]}";

static const DrvTolerance exact = {DRV_TOL_EXACT, 0, 0, 0};
static const DrvTolerance relative = {DRV_TOL_RELATIVE, 1e-8, 1e-12, 0};

/* The JSON value at a dotted path (numbers index arrays) of root. */
static json_t *at_path(json_t *root, const char *path)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    json_t *j = root;
    for (char *save = NULL, *k = strtok_r(buf, ".", &save); k && j;
         k = strtok_r(NULL, ".", &save))
        j = json_is_array(j) ? json_array_get(j, strtoul(k, NULL, 10))
                             : json_object_get(j, k);
    return j;
}

/* A copy of text with the value at path replaced by v (stolen); v NULL
 * deletes an object member.  Returns a malloc'd text. */
static char *edit(const char *text, const char *path, json_t *v)
{
    json_error_t e;
    json_t *root = json_loads(text, 0, &e);
    assert_non_null(root);
    char parent[256];
    snprintf(parent, sizeof parent, "%s", path);
    char *dot = strrchr(parent, '.');
    const char *key = dot ? dot + 1 : parent;
    json_t *p = root;
    if (dot) {
        *dot = '\0';
        p = at_path(root, parent);
    }
    assert_non_null(p);
    if (json_is_array(p))
        assert_int_equal(json_array_set_new(p, strtoul(key, NULL, 10), v), 0);
    else if (v)
        assert_int_equal(json_object_set_new(p, key, v), 0);
    else
        assert_int_equal(json_object_del(p, key), 0);
    char *out = json_dumps(root, JSON_REAL_PRECISION(17));
    json_decref(root);
    assert_non_null(out);
    return out;
}

/* Edit text in place (freeing the old copy). */
static void edit_in(char **text, const char *path, json_t *v)
{
    char *t = edit(*text, path, v);
    free(*text);
    *text = t;
}

static char *base(void)
{
    char *t = strdup(BASE);
    assert_non_null(t);
    return t;
}

/* Compare ref and cand under tol, expecting success of the call. */
static DrvComparison run(const char *ref, const char *cand,
                         const DrvTolerance *tol)
{
    DrvComparison c;
    char why[512] = "";
    if (drv_compare_probe_texts(ref, cand, tol, &c, why, sizeof why) != 0)
        fail_msg("comparison failed: %s", why);
    return c;
}

/* Every check but `failing` (DRV_CHECK_COUNT: none) passed; `failing`
 * failed at point with a message containing want. */
static void expect(const DrvComparison *c, DrvCheck failing, int point,
                   const char *want)
{
    for (int i = 0; i < DRV_CHECK_COUNT; i++) {
        const DrvCheckResult *r = &c->checks[i];
        if ((DrvCheck)i != failing) {
            if (!r->passed)
                fail_msg("%s failed: %s", drv_check_name((DrvCheck)i),
                         r->message);
            assert_null(r->details);
            continue;
        }
        if (r->passed)
            fail_msg("%s passed, expected: %s", drv_check_name(failing),
                     want);
        assert_int_equal(r->point, point);
        if (!strstr(r->message, want))
            fail_msg("%s: message \"%s\" lacks \"%s\"",
                     drv_check_name(failing), r->message, want);
        assert_non_null(r->details);
        assert_non_null(strstr(r->details, r->message));
        assert_non_null(strstr(r->details, "tolerance: "));
        assert_null(strchr(r->message, '\n'));
    }
}

static void expect_one(const char *cand, const DrvTolerance *tol,
                       DrvCheck failing, int point, const char *want)
{
    DrvComparison c = run(BASE, cand, tol);
    expect(&c, failing, point, want);
    assert_int_equal(drv_comparison_passed(&c), failing == DRV_CHECK_COUNT);
    drv_comparison_free(&c);
}

/* BASE with a prior density at each point (values, or a model without
 * contexts' {"undefined": why} when why is set). */
static char *with_prior(const char *why)
{
    char *t = base();
    static const double lpp[3] = {-0.5, -1.25, -2.0};
    for (int k = 0; k < 3; k++) {
        char path[96];
        snprintf(path, sizeof path, "evaluations.%d.log_density_prior", k);
        json_t *o = why ? json_pack("{s:s}", "undefined", why)
                        : json_pack("{s:f, s:s, s:n}", "value", lpp[k],
                                    "printed", "", "rejection");
        assert_non_null(o);
        edit_in(&t, path, o);
    }
    return t;
}

/* -------------------------------------------------------------- tests */

/* The prior context: compared as log_density is; a model without
 * contexts (either file says "undefined") has the check skipped, with
 * the reason and which program said so, and the comparison passes. */
static void test_prior_context(void **state)
{
    (void)state;
    char *ref = with_prior(NULL);
    char *cand = with_prior(NULL);
    DrvComparison c = run(ref, cand, &exact);
    expect(&c, DRV_CHECK_COUNT, 0, "");
    drv_comparison_free(&c);
    edit_in(&cand, "evaluations.1.log_density_prior.value", json_real(-1.5));
    c = run(ref, cand, &exact);
    expect(&c, DRV_CHECK_LOG_DENSITY_PRIOR, 1, "prior log density");
    drv_comparison_free(&c);

    const char *why = "the prior and likelihood contexts are not defined";
    char *undef = with_prior(why);
    for (int i = 0; i < 3; i++) {
        const char *r = i == 0 ? ref : undef, *d = i == 1 ? ref : undef;
        c = run(r, d, &exact);
        const DrvCheckResult *x = &c.checks[DRV_CHECK_LOG_DENSITY_PRIOR];
        assert_true(x->skipped);
        assert_true(x->passed);
        assert_non_null(strstr(x->message, why));
        assert_non_null(strstr(x->message, i == 0 ? "(the candidate)"
                               : i == 1 ? "(the O0 program)"
                               : "(both programs)"));
        assert_true(drv_comparison_passed(&c));
        for (int k = 0; k < DRV_CHECK_COUNT; k++)
            assert_true(k == DRV_CHECK_LOG_DENSITY_PRIOR
                        || (c.checks[k].passed && !c.checks[k].skipped));
        drv_comparison_free(&c);
    }
    /* a reason that is not a string: the file is not a probe file */
    edit_in(&undef, "evaluations.2.log_density_prior.undefined",
            json_integer(5));
    char why_bad[512] = "";
    assert_int_equal(drv_compare_probe_texts(ref, undef, &exact, &c, why_bad,
                                             sizeof why_bad), -1);
    assert_non_null(strstr(why_bad, "evaluations[2].log_density_prior"));
    drv_comparison_free(&c);
    free(undef);
    free(cand);
    free(ref);
}

static void test_identical_pass(void **state)
{
    (void)state;
    expect_one(BASE, &exact, DRV_CHECK_COUNT, 0, "");
    expect_one(BASE, &relative, DRV_CHECK_COUNT, 0, "");
    DrvComparison c = run(BASE, BASE, &exact);
    assert_int_equal(c.points, 3);
    drv_comparison_free(&c);
}

static void test_check_names(void **state)
{
    (void)state;
    static const char *const want[DRV_CHECK_COUNT] = {
        "log_density", "log_density_jacobian", "gradient", "rejections",
        "printed", "outputs", "log_density_prior",
    };
    for (int i = 0; i < DRV_CHECK_COUNT; i++)
        assert_string_equal(drv_check_name((DrvCheck)i), want[i]);
}

/* A dropped constant: every log density shifted alike (by a power of
 * two here, so that the differences stay exact). */
static void test_constant_offset_passes(void **state)
{
    (void)state;
    char *t = base();
    edit_in(&t, "evaluations.0.log_density.value", json_real(-1.5 + 8));
    edit_in(&t, "evaluations.1.log_density.value", json_real(-3.25 + 8));
    edit_in(&t, "evaluations.0.log_density_jacobian.value",
            json_real(-2.5 - 16));
    edit_in(&t, "evaluations.1.log_density_jacobian.value",
            json_real(-3.0 - 16));
    expect_one(t, &exact, DRV_CHECK_COUNT, 0, "");
    free(t);
    /* an offset that rounds: within the relative bound, not exact */
    t = base();
    edit_in(&t, "evaluations.0.log_density.value", json_real(-1.5 + 0.1));
    edit_in(&t, "evaluations.1.log_density.value", json_real(-3.25 + 0.1));
    expect_one(t, &relative, DRV_CHECK_COUNT, 0, "");
    free(t);
}

static void test_parameter_dependent_change_fails(void **state)
{
    (void)state;
    char *t = base();
    edit_in(&t, "evaluations.1.log_density.value", json_real(-3.5));
    expect_one(t, &exact, DRV_CHECK_LOG_DENSITY, 1,
               "point 1: log density relative to point 0 differs: O0 -1.75"
               " vs candidate -2 (tolerance exact)");
    expect_one(t, &relative, DRV_CHECK_LOG_DENSITY, 1, "point 1: ");
    free(t);
    t = base();
    edit_in(&t, "evaluations.1.log_density_jacobian.value", json_real(-3.1));
    expect_one(t, &relative, DRV_CHECK_LOG_DENSITY_JACOBIAN, 1,
               "point 1: log density with the Jacobian relative to point 0"
               " differs");
    free(t);
    /* a finite value against -inf is compared as a value */
    t = base();
    edit_in(&t, "evaluations.0.log_density.value", json_string("-inf"));
    expect_one(t, &relative, DRV_CHECK_LOG_DENSITY, 0,
               "point 0: log density differs: O0 -1.5 vs candidate -inf");
    free(t);
}

static void test_gradient_component_fails(void **state)
{
    (void)state;
    char *t = base();
    edit_in(&t, "evaluations.1.log_density_jacobian.gradient.1",
            json_real(1e-3));
    expect_one(t, &exact, DRV_CHECK_GRADIENT, 1,
               "point 1: gradient[2] (sigma) differs: O0 0 vs candidate"
               " 0.001 (tolerance exact)");
    expect_one(t, &relative, DRV_CHECK_GRADIENT, 1,
               "(tolerance rel 1e-08, abs 1e-12)");
    free(t);
    /* without names, only the index */
    char *r = edit(BASE, "parameter_names", NULL);
    t = edit(r, "evaluations.0.log_density_jacobian.gradient.0",
             json_real(1.5));
    DrvComparison c = run(r, t, &exact);
    expect(&c, DRV_CHECK_GRADIENT, 0,
           "point 0: gradient[1] differs: O0 1 vs candidate 1.5");
    drv_comparison_free(&c);
    free(t);
    free(r);
}

/* exact values, the gradient within 1e-12 of its largest component: the
 * last bits of a component may move, a real change may not, and values
 * stay exact */
static void test_gradient_bound(void **state)
{
    (void)state;
    const DrvTolerance grad = {DRV_TOL_EXACT, 0, 0, 1e-12};
    char *t = edit(BASE, "evaluations.0.log_density_jacobian.gradient.0",
                   json_real(1 + 1e-15));
    DrvComparison c = run(BASE, t, &grad);
    assert_true(c.checks[DRV_CHECK_GRADIENT].passed);
    drv_comparison_free(&c);
    free(t);
    t = edit(BASE, "evaluations.0.log_density_jacobian.gradient.0",
             json_real(1 + 1e-9));
    expect_one(t, &grad, DRV_CHECK_GRADIENT, 0,
               "point 0: gradient[1] (mu) differs: O0 1 vs candidate "
               "1.0000000010000001 (tolerance exact (gradient: rel 1e-12 of "
               "its largest component or 1))");
    free(t);
    /* a component near 0 is measured against the largest one */
    t = edit(BASE, "evaluations.1.log_density_jacobian.gradient.1",
             json_real(1e-17));
    c = run(BASE, t, &grad);
    assert_true(c.checks[DRV_CHECK_GRADIENT].passed);
    drv_comparison_free(&c);
    free(t);
    /* under a relative policy too, a component near 0 is measured against
     * the largest one (exprprop on inline_values: 2.2e-16 against 0) */
    const DrvTolerance rel12 = {DRV_TOL_RELATIVE, 1e-12, 1e-16, 0};
    t = edit(BASE, "evaluations.1.log_density_jacobian.gradient.1",
             json_real(2.2e-16));
    c = run(BASE, t, &rel12);
    assert_true(c.checks[DRV_CHECK_GRADIENT].passed);
    drv_comparison_free(&c);
    free(t);
    /* a gradient that is about 0 everywhere: measured against 1 */
    char *r = edit(BASE, "evaluations.0.log_density_jacobian.gradient.0",
                   json_real(2.2e-16));
    edit_in(&r, "evaluations.0.log_density_jacobian.gradient.1",
            json_real(0));
    t = edit(r, "evaluations.0.log_density_jacobian.gradient.0",
             json_real(0));
    c = run(r, t, &rel12);
    assert_true(c.checks[DRV_CHECK_GRADIENT].passed);
    drv_comparison_free(&c);
    free(t);
    free(r);
    /* the values are still exact */
    t = base();
    edit_in(&t, "evaluations.1.log_density.value", json_real(-3.25 + 1e-14));
    c = run(BASE, t, &grad);
    assert_false(c.checks[DRV_CHECK_LOG_DENSITY].passed);
    drv_comparison_free(&c);
    free(t);
}

static void test_nan_equals_nan(void **state)
{
    (void)state;
    char *r = edit(BASE, "evaluations.0.log_density_jacobian.gradient.0",
                   json_string("nan"));
    DrvComparison c = run(r, r, &exact);
    expect(&c, DRV_CHECK_COUNT, 0, "");
    drv_comparison_free(&c);
    c = run(r, BASE, &relative);
    expect(&c, DRV_CHECK_GRADIENT, 0, "O0 nan vs candidate 1");
    drv_comparison_free(&c);
    free(r);
    /* an output that is NaN in both (point 1's yrep) is equal; NaN
     * against a number is not */
    char *t = edit(BASE, "evaluations.1.outputs.values.1", json_real(0.0));
    expect_one(t, &relative, DRV_CHECK_OUTPUTS, 1,
               "point 1: output yrep differs: O0 nan vs candidate 0");
    free(t);
}

static void test_rejection_class_differs(void **state)
{
    (void)state;
    char *t = base();
    edit_in(&t, "evaluations.2.log_density_jacobian.rejection.class",
            json_string("error"));
    expect_one(t, &relative, DRV_CHECK_REJECTIONS, 2,
               "point 2: log_density_jacobian: O0 rejected (reject: too big)"
               " vs candidate rejected (error: too big)");
    free(t);
    /* the message counts under the exact policy only */
    t = edit(BASE, "evaluations.2.log_density.rejection.message",
             json_string("too large"));
    expect_one(t, &exact, DRV_CHECK_REJECTIONS, 2,
               "point 2: log_density: O0 rejected (reject: too big) vs"
               " candidate rejected (reject: too large)");
    expect_one(t, &relative, DRV_CHECK_COUNT, 0, "");
    free(t);
    /* a point that no longer rejects */
    t = base();
    edit_in(&t, "evaluations.2.log_density.rejection", json_null());
    edit_in(&t, "evaluations.2.log_density.value", json_real(-9.0));
    expect_one(t, &relative, DRV_CHECK_REJECTIONS, 2,
               "point 2: log_density: O0 rejected (reject: too big) vs"
               " candidate not rejected");
    free(t);
}

static void test_printed_differs(void **state)
{
    (void)state;
    char *t = edit(BASE, "evaluations.1.log_density_jacobian.printed",
                   json_string(""));
    expect_one(t, &relative, DRV_CHECK_PRINTED, 1,
               "point 1: log_density_jacobian: printed output differs: O0"
               " \"mu=1.5\\n\" vs candidate \"\"");
    free(t);
    t = edit(BASE, "transformed_data.printed", json_string("td\ntd\n"));
    expect_one(t, &exact, DRV_CHECK_PRINTED, -1,
               "transformed data: printed output differs");
    free(t);
}

static void test_outputs_differ(void **state)
{
    (void)state;
    char *t = edit(BASE, "evaluations.2.outputs.values.1", json_real(-0.75));
    expect_one(t, &relative, DRV_CHECK_OUTPUTS, 2,
               "point 2: output yrep differs: O0 -0.5 vs candidate -0.75");
    free(t);
    t = edit(BASE, "output_names.1", json_string("yhat"));
    expect_one(t, &exact, DRV_CHECK_OUTPUTS, -1,
               "output 2 is yrep in O0 but yhat in the candidate");
    free(t);
}

/* Each bound on its own: rel 1e-8 of the larger magnitude, or the
 * absolute floor near 0; exact is the same bits. */
static void test_tolerances(void **state)
{
    (void)state;
    DrvTolerance tol = {DRV_TOL_RELATIVE, 1e-8, 1e-12, 0};
    assert_true(agree(1.0, 1.0 + 1e-9, &tol));
    assert_false(agree(1.0, 1.0 + 1e-7, &tol));
    assert_true(agree(1e6, 1e6 + 1e-3, &tol));
    assert_false(agree(1e6, 1e6 + 1e-1, &tol));
    assert_true(agree(0.0, 1e-13, &tol));
    assert_false(agree(0.0, 1e-11, &tol));
    assert_true(agree(INFINITY, INFINITY, &tol));
    assert_false(agree(INFINITY, -INFINITY, &tol));
    assert_false(agree(INFINITY, 1e308, &tol));
    assert_true(agree(NAN, NAN, &tol));
    assert_false(agree(NAN, 0.0, &tol));
    assert_true(agree(1.0, 1.0, &exact));
    assert_false(agree(1.0, nextafter(1.0, 2.0), &exact));
    assert_false(agree(0.0, -0.0, &exact));
    assert_true(agree(NAN, NAN, &exact));
    char buf[64];
    assert_string_equal(drv_tolerance_text(&exact, buf, sizeof buf), "exact");
    assert_string_equal(drv_tolerance_text(&tol, buf, sizeof buf),
                        "rel 1e-08, abs 1e-12");
    /* a gradient within rel passes and outside fails, end to end */
    char *t = edit(BASE, "evaluations.0.log_density_jacobian.gradient.1",
                   json_real(2.0 + 1e-9));
    expect_one(t, &relative, DRV_CHECK_COUNT, 0, "");
    expect_one(t, &exact, DRV_CHECK_GRADIENT, 0, "gradient[2] (sigma)");
    free(t);
}

/* Transformed data failing in one program only: rejections names it,
 * every other check says nothing was compared. */
static void test_transformed_data_rejection(void **state)
{
    (void)state;
    char *t = edit(BASE, "transformed_data.rejection",
                   json_pack("{s:s, s:s}", "class", "reject", "message",
                             "bad N"));
    edit_in(&t, "evaluations", json_array());
    edit_in(&t, "output_names", json_array());
    edit_in(&t, "dim", json_integer(0));
    edit_in(&t, "parameter_names", NULL);
    DrvComparison c = run(BASE, t, &relative);
    assert_false(c.checks[DRV_CHECK_REJECTIONS].passed);
    assert_non_null(strstr(c.checks[DRV_CHECK_REJECTIONS].message,
                           "transformed data: O0 not rejected vs candidate"
                           " rejected (reject: bad N)"));
    assert_false(c.checks[DRV_CHECK_GRADIENT].passed);
    assert_string_equal(c.checks[DRV_CHECK_GRADIENT].message,
                        "not compared: transformed data failed in the"
                        " candidate only");
    drv_comparison_free(&c);
    /* both failing alike: passed */
    c = run(t, t, &exact);
    expect(&c, DRV_CHECK_COUNT, 0, "");
    drv_comparison_free(&c);
    free(t);
}

static void test_cannot_compare(void **state)
{
    (void)state;
    DrvComparison c;
    char why[512];
    char *t = edit(BASE, "seed", json_string("8"));
    assert_int_equal(drv_compare_probe_texts(BASE, t, &exact, &c, why,
                                             sizeof why), -1);
    assert_non_null(strstr(why, "(seed 7, 3 points) and candidate (seed 8,"
                                " 3 points) were not made alike"));
    drv_comparison_free(&c);
    free(t);
    t = edit(BASE, "evaluations.1.log_density_jacobian.gradient",
             json_pack("[f]", 1.0));
    assert_int_equal(drv_compare_probe_texts(BASE, t, &exact, &c, why,
                                             sizeof why), -1);
    assert_string_equal(why, "candidate: evaluations[1].log_density_jacobian"
                             ".gradient: expected an array of one number"
                             " per value");
    drv_comparison_free(&c);
    free(t);
    assert_int_equal(drv_compare_probe_texts("{\"format\": \"x\"}", BASE,
                                             &exact, &c, why, sizeof why),
                     -1);
    assert_string_equal(why, "reference: format: expected"
                             " \"pplbench-probe\" (a probe file)");
    drv_comparison_free(&c);
    assert_int_equal(drv_compare_probe_texts(BASE, "[1,", &exact, &c, why,
                                             sizeof why), -1);
    assert_non_null(strstr(why, "candidate: line 1: "));
    drv_comparison_free(&c);
}

/* From files, as the validator calls it. */
static void test_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_compare.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char ref[64], cand[64];
    snprintf(ref, sizeof ref, "%s/ref.json", dir);
    snprintf(cand, sizeof cand, "%s/cand.json", dir);
    FILE *f = fopen(ref, "w");
    assert_non_null(f);
    fputs(BASE, f);
    assert_int_equal(fclose(f), 0);
    char *t = edit(BASE, "evaluations.0.outputs.printed",
                   json_string("gq\n"));
    f = fopen(cand, "w");
    assert_non_null(f);
    fputs(t, f);
    assert_int_equal(fclose(f), 0);
    free(t);
    DrvComparison c;
    char why[512] = "";
    assert_int_equal(drv_compare_probes(ref, cand, &exact, &c, why,
                                        sizeof why), 0);
    expect(&c, DRV_CHECK_PRINTED, 0, "point 0: outputs: printed output"
                                     " differs: O0 \"\" vs candidate");
    assert_non_null(strstr(c.checks[DRV_CHECK_PRINTED].details,
                           "point 0 (unconstrained, seed 7): 0.5 -1\n"));
    drv_comparison_free(&c);
    char missing[80];
    snprintf(missing, sizeof missing, "%s/none.json", dir);
    assert_int_equal(drv_compare_probes(ref, missing, &exact, &c, why,
                                        sizeof why), -1);
    assert_non_null(strstr(why, missing));
    drv_comparison_free(&c);
    unlink(ref);
    unlink(cand);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identical_pass),
        cmocka_unit_test(test_check_names),
        cmocka_unit_test(test_constant_offset_passes),
        cmocka_unit_test(test_parameter_dependent_change_fails),
        cmocka_unit_test(test_gradient_component_fails),
        cmocka_unit_test(test_gradient_bound),
        cmocka_unit_test(test_nan_equals_nan),
        cmocka_unit_test(test_rejection_class_differs),
        cmocka_unit_test(test_printed_differs),
        cmocka_unit_test(test_outputs_differ),
        cmocka_unit_test(test_tolerances),
        cmocka_unit_test(test_transformed_data_rejection),
        cmocka_unit_test(test_cannot_compare),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_prior_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
