/* validate_interp.c - the validator's third opinion: at the validation
 * points of the O0 reference's probe, the MIR interpreter's log density
 * (with the Jacobian) and its gradient by the trace's backward pass
 * (mir/interp_grad.c, independent of the C backend) against the O0
 * sampler's.  One testcase per model, `O0:interp`: a failure names the
 * point, the quantity, the first differing component and the node of the
 * trace that read it; a model the interpreter cannot run is `skipped`
 * with the reason.  The interpreter runs once per model and point (not
 * per job).
 *
 * Tolerances (|a - b| <= tol (1 + |b|)): the value 1e-8; the gradient
 * 1e-7 when every primitive had a closed-form derivative rule, 1e-3 when
 * some were differentiated numerically (the failure says which): at a
 * steep point five-point differences of a whole density are not better
 * than that (mvn_inv_wishart, inv_wishart_lupdf and the covariance
 * transform differentiated numerically, missed by 1.5e-4 at one of the
 * validator's points with 1e-5).  Closed-form rules for them bring such a
 * model back to 1e-7: inv_wishart and the covariance transform have them
 * now (mir/interp_grad_multi.c, interp_grad_transforms.c), so
 * mvn_inv_wishart is compared within 1e-7. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "mir.h"
#include "pplrt.h"
#include "validate_interp.h"

#define VAL_TOL 1e-8
#define GRAD_TOL 1e-7
#define GRAD_TOL_NUMERIC 1e-3

static bool close_to(double a, double b, double tol)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (isinf(a) || isinf(b))
        return a == b;
    return fabs(a - b) <= tol * (1 + fabs(b));
}

static double num(json_t *v)
{
    if (json_is_number(v))
        return json_number_value(v);
    const char *s = json_string_value(v);
    if (!s)
        return NAN;
    return !strcmp(s, "inf") ? INFINITY : !strcmp(s, "-inf") ? -INFINITY : NAN;
}

typedef struct Verdict {
    DrvCaseStatus st;
    char msg[2048];
    char *details;      /* malloc'd */
} Verdict;

/* A failure's body: the point, both gradients, the tolerances and the
 * primitives differentiated numerically (malloc'd; NULL without memory). */
static char *details(int k, const double *u, int dim, const double *grad,
                     json_t *want, const MirGradStats *st)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fprintf(f, "point %d: u = [", k);
    for (int i = 0; i < dim; i++)
        fprintf(f, "%s%.17g", i ? ", " : "", u[i]);
    fprintf(f, "]\n");
    for (int i = 0; grad && i < dim; i++)
        fprintf(f, "gradient[%d]: interpreter %.17g, sampler %.17g\n", i,
                grad[i], num(json_array_get(want, (size_t)i)));
    fprintf(f, "tolerance: |a - b| <= tol (1 + |b|); log density %g; "
            "gradient %g with closed-form rules only, %g with numeric "
            "derivatives\n", VAL_TOL, GRAD_TOL, GRAD_TOL_NUMERIC);
    if (st->numeric)
        fprintf(f, "numeric derivatives: %s\n", st->numeric_fns);
    fclose(f);
    return buf;
}

/* One point: 0 agree, 1 disagree (v filled). */
static int check_point(MirInterp *in, json_t *ev, int k, int dim, Verdict *v,
                       bool *skip)
{
    json_t *uj = json_object_get(ev, "u");
    json_t *lj = json_object_get(ev, "log_density_jacobian");
    double *u = calloc((size_t)dim + 1, sizeof(double));
    double *grad = calloc((size_t)dim + 1, sizeof(double));
    if (!u || !grad) {
        free(u);
        free(grad);
        snprintf(v->msg, sizeof v->msg, "out of memory");
        v->st = DRV_CASE_ERROR;
        return 1;
    }
    for (int i = 0; i < dim; i++)
        u[i] = num(json_array_get(uj, (size_t)i));
    bool rejected = json_is_null(json_object_get(lj, "value"));
    double lp = 0;
    MirGradStats st = {0};
    MirTrace *t = NULL;
    char why[1024];
    bool unsup = false;
    int rc = mir_interp_gradient(in, u, &lp, grad, &st, &t, why, sizeof why,
                                 &unsup);
    int out = 0;
    if (rc && unsup) {
        *skip = true;
        snprintf(v->msg, sizeof v->msg, "%s", why);
        out = 1;
    } else if (rc && t) {      /* log_prob ran; its backward pass failed */
        snprintf(v->msg, sizeof v->msg, "point %d: the trace's backward pass "
                 "fails: %s", k, why);
        out = 1;
    } else if (rejected != (rc != 0)) {
        snprintf(v->msg, sizeof v->msg, "point %d: the %s rejects, the %s "
                 "does not%s%s", k, rejected ? "sampler" : "interpreter",
                 rejected ? "interpreter" : "sampler", rc ? ": " : "",
                 rc ? why : "");
        out = 1;
    } else if (!rejected) {
        double want = num(json_object_get(lj, "value"));
        json_t *gj = json_object_get(lj, "gradient");
        double tol = st.numeric ? GRAD_TOL_NUMERIC : GRAD_TOL;
        if (!close_to(lp, want, VAL_TOL)) {
            snprintf(v->msg, sizeof v->msg, "point %d: log density: the "
                     "interpreter gives %.17g, the sampler %.17g", k, lp,
                     want);
            out = 1;
        }
        for (int i = 0; i < dim && !out; i++) {
            double w = num(json_array_get(gj, (size_t)i));
            if (close_to(grad[i], w, tol))
                continue;
            int node = mir_trace_param_node(t, i);
            snprintf(v->msg, sizeof v->msg, "point %d: gradient component "
                     "%d (read by node @%d): the trace's backward pass gives "
                     "%.17g, the sampler %.17g (tolerance %g%s%s)", k, i,
                     node, grad[i], w, tol, st.numeric ? "; numeric "
                     "derivatives: " : "", st.numeric ? st.numeric_fns : "");
            out = 1;
        }
    }
    if (out && !*skip)
        v->details = details(k, u, dim, rc == 0 && !rejected ? grad : NULL,
                             json_object_get(lj, "gradient"), &st);
    free(u);
    free(grad);
    return out;
}

void val_interp_opinion(const char *probe, const char *data_path,
                        MirProgram *o0, ValCaseFn add, void *ctx)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    json_error_t jerr;
    json_t *root = json_load_file(probe, 0, &jerr);
    Verdict v = {.st = DRV_CASE_FAILED};
    RtError e = {.msg = ""};
    RtData *data = NULL;
    Arena a = {0};
    bool skip = false;
    int bad = 0;
    char why[1024];
    if (!root) {
        snprintf(v.msg, sizeof v.msg, "the reference probe %s: %s", probe,
                 jerr.text);
        v.st = DRV_CASE_ERROR;
        bad = 1;
    } else if (!(data = rt_data_load(data_path, &e))) {
        snprintf(v.msg, sizeof v.msg, "the data: %s", e.msg);
        v.st = DRV_CASE_ERROR;
        bad = 1;
    }
    MirInterp *in = NULL;
    if (!bad) {
        in = mir_interp_new(&a, o0, data, why, sizeof why, &skip);
        if (!in) {
            snprintf(v.msg, sizeof v.msg, "%s%s", skip ? "" : "the "
                     "interpreter's transformed data fails: ", why);
            bad = 1;
        }
    }
    json_t *evs = root ? json_object_get(root, "evaluations") : NULL;
    int dim = root ? (int)json_integer_value(json_object_get(root, "dim")) : 0;
    if (!bad && dim != mir_interp_num_unconstrained(in)) {
        snprintf(v.msg, sizeof v.msg, "the interpreter has %d unconstrained "
                 "values, the sampler %d", mir_interp_num_unconstrained(in),
                 dim);
        bad = 1;
    }
    size_t npts = json_array_size(evs);
    for (size_t k = 0; !bad && k < npts; k++)
        bad = check_point(in, json_array_get(evs, k), (int)k, dim, &v, &skip);
    if (skip)
        v.st = DRV_CASE_SKIPPED;
    if (!bad)
        v.st = DRV_CASE_PASSED;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    add(ctx, "interp", v.st, (double)(t1.tv_sec - t0.tv_sec)
        + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec),
        v.st == DRV_CASE_PASSED ? NULL : v.msg, v.details);
    free(v.details);
    if (data)
        rt_data_free(data);
    json_decref(root);
    arena_free(&a);
}
