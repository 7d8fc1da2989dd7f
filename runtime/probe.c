/* probe.c - the probe method of a sampler: everything a user could
 * observe of the model at K seeded points, in one JSON file, so that two
 * builds of one model (the O0 program and a pass's output) can be compared
 * by the validator (driver/compare.c).
 *
 *   model probe points=K random seed=S data file=D.json output file=O.json
 *
 * Point k (0 <= k < K) is an unconstrained point whose coordinates are
 * drawn uniform(-2, 2) from rt_rng_new(S, k): two samplers with the same
 * number of unconstrained values get the same points.  At each point:
 *
 *   log_density            the log density without the Jacobian
 *   log_density_jacobian   with it, and its gradient
 *   log_density_prior      the prior context's (RT_PRIOR), with the
 *                          Jacobian, no gradient
 *   outputs                constrained parameters, transformed parameters
 *                          and generated quantities, with a fresh
 *                          rt_rng_new(S, k) for the _rng functions
 *
 * each with what the program printed during that evaluation and, when it
 * failed, the error's class (rt_error_class) and message.  Transformed
 * data (the model's create) is run once, its printed text and failure
 * recorded the same way; when it fails there are no points.  Densities
 * drop constants (propto), as log_prob and the sampler evaluate them.
 *
 * The file (version 1):
 *   {"format": "pplbench-probe", "version": 1, "model": NAME,
 *    "seed": "S" (a string: 64 bits), "points": K, "dim": D,
 *    "transformed_data": {"printed": TEXT, "rejection": R},
 *    "parameter_names": [...] (unconstrained values; absent when the
 *    model has no names), "output_names": [...] (Stan CSV header names),
 *    "evaluations": [{"point": k, "u": [...],
 *       "log_density": {"value": X, "printed": TEXT, "rejection": R},
 *       "log_density_jacobian": {"value": X, "gradient": [...],
 *                                "printed": TEXT, "rejection": R},
 *       "outputs": {"values": [...], "printed": TEXT, "rejection": R},
 *       "log_density_prior": {"value": X, "printed": TEXT,
 *                             "rejection": R}}]}
 * (a reader takes a file without log_density_prior, made before it was;
 * for a model without prior and likelihood contexts, RtModel.
 * contexts_undefined, it is {"undefined": WHY})
 * where R is null or {"class": C, "message": TEXT}, and X, gradient and
 * values are null after a rejection.  Numbers are written with 17
 * significant digits (they read back to the same double); NaN and the
 * infinities, which JSON lacks, are the strings "nan", "inf", "-inf".
 * Text that is not UTF-8 has its other bytes written as "\xNN". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "pplrt.h"

/* The largest number of points: the file holds them all in memory. */
#define PROBE_MAX_POINTS 100000

/* The JSON being built; ok turns false when memory runs out. */
typedef struct Probe {
    const RtModel *model;
    void *m;
    const RtRunConfig *cfg;
    int dim, nout;
    bool ok;
} Probe;

/* Attach value to obj under key (takes the reference; NULL is a failure). */
static void put(Probe *p, json_t *obj, const char *key, json_t *value)
{
    if (json_object_set_new(obj, key, value) != 0)
        p->ok = false;
}

static void push(Probe *p, json_t *array, json_t *value)
{
    if (json_array_append_new(array, value) != 0)
        p->ok = false;
}

/* A double as JSON: a number, or "nan", "inf", "-inf". */
static json_t *json_number(double x)
{
    if (isnan(x))
        return json_string("nan");
    if (isinf(x))
        return json_string(x > 0 ? "inf" : "-inf");
    return json_real(x);
}

static json_t *json_numbers(Probe *p, const double *x, int n)
{
    json_t *a = json_array();
    if (!a) {
        p->ok = false;
        return NULL;
    }
    for (int i = 0; i < n; i++)
        push(p, a, json_number(x[i]));
    return a;
}

/* Text as a JSON string; bytes that are not UTF-8 become "\xNN". */
static json_t *json_text(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    size_t n = strlen(s);
    char *esc = malloc(4 * n + 1);
    if (!esc)
        return NULL;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80)
            esc[at++] = (char)c;
        else
            at += (size_t)snprintf(esc + at, 5, "\\x%02X", c);
    }
    esc[at] = '\0';
    j = json_string(esc);
    free(esc);
    return j;
}

/* {"class": ..., "message": ...}, or null when rc is 0. */
static json_t *json_rejection(int rc, const RtError *err)
{
    if (rc == 0)
        return json_null();
    json_t *r = json_object();
    if (!r)
        return NULL;
    if (json_object_set_new(r, "class", json_string(rt_error_class(err)))
        || json_object_set_new(r, "message", json_text(err->msg))) {
        json_decref(r);
        return NULL;
    }
    return r;
}

/* The printed text of one evaluation into obj, and the capture freed. */
static void put_printed(Probe *p, json_t *obj, RtMsg *printed)
{
    if (printed->oom)
        p->ok = false;
    put(p, obj, "printed", json_text(rt_msg_text(printed)));
    rt_msg_free(printed);
}

/* Point k: uniform(-2, 2) coordinates from rt_rng_new(seed, k). */
static int probe_point(const Probe *p, int k, double *u, RtError *err)
{
    RtRng *rng = rt_rng_new(p->cfg->seed, (unsigned)k);
    if (!rng)
        return rt_error(err, "out of memory for the random numbers of"
                             " point %d", k);
    for (int i = 0; i < p->dim; i++)
        u[i] = -2 + 4 * rt_rng_uniform(rng);
    rt_rng_free(rng);
    return 0;
}

/* The log density at u in context ctx, with or without the Jacobian (and
 * then, in the joint context, with the gradient into grad), as an
 * object. */
static json_t *probe_density(Probe *p, const double *u, bool jacobian,
                             RtContext ctx, double *grad)
{
    bool with_grad = jacobian && ctx == RT_JOINT;
    json_t *o = json_object();
    if (!o) {
        p->ok = false;
        return NULL;
    }
    RtMsg printed = {0};
    RtMsg *was = rt_print_capture(&printed);
    RtError err = {.msg = ""};
    double lp = NAN;
    int rc = p->model->log_density(p->m, u, jacobian, true, ctx, &lp,
                                   with_grad ? grad : NULL, &err);
    rt_print_capture(was);
    put(p, o, "value", rc ? json_null() : json_number(lp));
    if (with_grad)
        put(p, o, "gradient", rc ? json_null()
                                 : json_numbers(p, grad, p->dim));
    put_printed(p, o, &printed);
    put(p, o, "rejection", json_rejection(rc, &err));
    return o;
}

/* Constrained parameters, transformed parameters and generated
 * quantities at u (point k), as an object. */
static json_t *probe_outputs(Probe *p, int k, const double *u, double *out)
{
    json_t *o = json_object();
    RtRng *rng = rt_rng_new(p->cfg->seed, (unsigned)k);
    if (!o || !rng) {
        json_decref(o);
        rt_rng_free(rng);
        p->ok = false;
        return NULL;
    }
    for (int i = 0; i < p->nout; i++)
        out[i] = NAN;
    RtMsg printed = {0};
    RtMsg *was = rt_print_capture(&printed);
    RtError err = {.msg = ""};
    int rc = p->model->write_array(p->m, rng, u, out, &err);
    rt_print_capture(was);
    rt_rng_free(rng);
    put(p, o, "values", rc ? json_null() : json_numbers(p, out, p->nout));
    put_printed(p, o, &printed);
    put(p, o, "rejection", json_rejection(rc, &err));
    return o;
}

/* The names of the model's unconstrained values and outputs into root. */
static void probe_names(Probe *p, json_t *root)
{
    if (p->model->unconstrained_name) {
        json_t *a = json_array();
        for (int i = 0; a && i < p->dim; i++)
            push(p, a, json_text(p->model->unconstrained_name(p->m, i)));
        put(p, root, "parameter_names", a);
    }
    json_t *a = json_array();
    for (int i = 0; a && i < p->nout; i++)
        push(p, a, json_text(p->model->output_name(p->m, i)));
    put(p, root, "output_names", a);
}

/* Every point into root["evaluations"]. */
static int probe_points(Probe *p, json_t *root, RtError *err)
{
    json_t *evals = json_array();
    double *u = malloc(((size_t)p->dim + 1) * sizeof *u);
    double *grad = malloc(((size_t)p->dim + 1) * sizeof *grad);
    double *out = malloc(((size_t)p->nout + 1) * sizeof *out);
    int rc = 0;
    if (!evals || !u || !grad || !out) {
        rc = rt_error(err, "out of memory for the probe's points (%d"
                           " unconstrained values, %d outputs)",
                      p->dim, p->nout);
        json_decref(evals);
        evals = NULL;
    }
    for (int k = 0; rc == 0 && k < p->cfg->probe_points && p->ok; k++) {
        rc = probe_point(p, k, u, err);
        if (rc != 0)
            break;
        json_t *e = json_object();
        if (!e) {
            p->ok = false;
            break;
        }
        put(p, e, "point", json_integer(k));
        put(p, e, "u", json_numbers(p, u, p->dim));
        put(p, e, "log_density", probe_density(p, u, false, RT_JOINT, grad));
        put(p, e, "log_density_jacobian",
            probe_density(p, u, true, RT_JOINT, grad));
        /* the prior context: a pass that moves a factor between prior and
         * likelihood changes it, and nothing else (driver/compare.c); a
         * model without contexts says why instead */
        if (p->model->contexts_undefined) {
            json_t *why = json_object();
            if (why)
                put(p, why, "undefined",
                    json_text(p->model->contexts_undefined));
            put(p, e, "log_density_prior", why);    /* NULL: p->ok false */
        } else {
            put(p, e, "log_density_prior",
                probe_density(p, u, true, RT_PRIOR, grad));
        }
        put(p, e, "outputs", probe_outputs(p, k, u, out));
        push(p, evals, e);
    }
    if (evals)
        put(p, root, "evaluations", evals);
    free(out);
    free(grad);
    free(u);
    return rc;
}

/* The header fields and transformed data; creates p->m when it can. */
static void probe_create(Probe *p, json_t *root, const RtData *data)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)p->cfg->seed);
    put(p, root, "format", json_string("pplbench-probe"));
    put(p, root, "version", json_integer(1));
    put(p, root, "model", json_text(p->model->name));
    put(p, root, "seed", json_string(seed));
    put(p, root, "points", json_integer(p->cfg->probe_points));

    json_t *td = json_object();
    if (!td) {
        p->ok = false;
        return;
    }
    RtMsg printed = {0};
    RtMsg *was = rt_print_capture(&printed);
    RtError err = {.msg = ""};
    p->m = p->model->create(data, p->cfg->seed, &err);
    rt_print_capture(was);
    put_printed(p, td, &printed);
    put(p, td, "rejection", json_rejection(p->m ? 0 : -1, &err));
    put(p, root, "transformed_data", td);
    if (p->m) {
        p->dim = p->model->num_unconstrained(p->m);
        p->nout = p->model->num_outputs(p->m);
    }
    put(p, root, "dim", json_integer(p->dim));
}

/* root into the output file, atomically. */
static int probe_write(const json_t *root, const RtRunConfig *c,
                       const char *const *protect, int nprotect,
                       RtError *err)
{
    RtOutFile *f = rt_out_open(c->output_file, protect, nprotect, err);
    if (!f)
        return -1;
    FILE *s = rt_out_stream(f);
    if (json_dumpf(root, s, JSON_INDENT(1) | JSON_REAL_PRECISION(17)) != 0
        || fputc('\n', s) == EOF) {
        rt_out_abort(f);
        return rt_error(err, "%s: cannot write the probe (out of memory or"
                             " a write error)", c->output_file);
    }
    return rt_out_commit(f, err);
}

int rt_probe_run(const RtModel *model, const RtData *data,
                 const RtRunConfig *cfg, const char *const *protect,
                 int nprotect, RtError *err)
{
    if (cfg->probe_points < 1 || cfg->probe_points > PROBE_MAX_POINTS)
        return rt_error(err, "points=%d: expected 1 <= points <= %d",
                        cfg->probe_points, PROBE_MAX_POINTS);
    if (rt_out_check(cfg->output_file, protect, nprotect, err) != 0)
        return -1;
    Probe p = {.model = model, .cfg = cfg, .ok = true};
    json_t *root = json_object();
    if (!root)
        return rt_error(err, "out of memory for the probe");
    probe_create(&p, root, data);
    int rc = 0;
    if (p.m) {
        probe_names(&p, root);
        rc = probe_points(&p, root, err);
        model->destroy(p.m);
    } else {
        put(&p, root, "output_names", json_array());
        put(&p, root, "evaluations", json_array());
    }
    if (rc == 0 && !p.ok)
        rc = rt_error(err, "out of memory building the probe of %s",
                      model->name);
    if (rc == 0)
        rc = probe_write(root, cfg, protect, nprotect, err);
    json_decref(root);
    return rc;
}
