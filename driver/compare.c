/* compare.c - two probe files compared under a tolerance policy
 * (compare.h): the reading of runtime/probe.c's format (version 1), then
 * one function per check, each stopping at its first difference. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"

/* --------------------------------------------------- the files, as read */

/* The evaluations of a point, in the order the checks visit them. */
typedef enum EvalKind { EV_LP, EV_LPJ, EV_OUT, EV_LPP, EV_COUNT } EvalKind;
static const char *const eval_key[EV_COUNT] = {
    "log_density", "log_density_jacobian", "outputs", "log_density_prior",
};

/* One evaluation (or transformed data): strings point into the JSON. */
typedef struct Eval {
    bool absent;                /* EV_LPP, in a file made before it was,
                                 * or undefined */
    const char *undefined;      /* EV_LPP of a model without contexts:
                                 * why (RtModel.contexts_undefined) */
    bool rejected;
    const char *cls, *message;  /* when rejected */
    const char *printed;
    double value;               /* EV_LP, EV_LPJ */
    double *vec;                /* gradient (EV_LPJ), values (EV_OUT);
                                 * NULL when rejected */
    int nvec;
} Eval;

typedef struct Probe {
    const char *label;          /* the file, for messages */
    json_t *root;
    const char *seed;
    int points, dim;
    Eval td;
    const char **out_names;
    int nout;
    const char **par_names;     /* NULL when the file has none */
    double *u;                  /* points x dim */
    Eval *evals;                /* points x EV_COUNT */
} Probe;

/* Reading failures: the file, the element and what was expected. */
typedef struct Reader {
    const Probe *p;
    char *why;
    size_t nwhy;
} Reader;

static int bad(Reader *r, const char *where, const char *expected)
{
    snprintf(r->why, r->nwhy, "%s: %s: expected %s", r->p->label, where,
             expected);
    return -1;
}

/* A number as probe.c writes it: a JSON number, "nan", "inf", "-inf". */
static int read_number(const json_t *j, double *x)
{
    if (json_is_number(j)) {
        *x = json_number_value(j);
        return 0;
    }
    const char *s = json_string_value(j);
    if (!s)
        return -1;
    if (!strcmp(s, "nan"))
        *x = NAN;
    else if (!strcmp(s, "inf"))
        *x = INFINITY;
    else if (!strcmp(s, "-inf"))
        *x = -INFINITY;
    else
        return -1;
    return 0;
}

/* An array of n numbers (n < 0: any length, stored into *n) into a new
 * array *out. */
static int read_numbers(Reader *r, const json_t *j, const char *where,
                        int *n, double **out)
{
    if (!json_is_array(j) || (*n >= 0 && json_array_size(j) != (size_t)*n))
        return bad(r, where, *n >= 0 ? "an array of one number per value"
                                     : "an array of numbers");
    size_t len = json_array_size(j);
    if (len > INT32_MAX)
        return bad(r, where, "fewer values");
    *n = (int)len;
    *out = malloc((len + 1) * sizeof **out);
    if (!*out)
        return bad(r, where, "to fit in memory");
    for (size_t i = 0; i < len; i++)
        if (read_number(json_array_get(j, i), &(*out)[i]) != 0)
            return bad(r, where, "numbers (or \"nan\", \"inf\", \"-inf\")");
    return 0;
}

static int read_names(Reader *r, const json_t *j, const char *where,
                      const char ***names, int *n)
{
    if (!json_is_array(j) || json_array_size(j) > INT32_MAX)
        return bad(r, where, "an array of names");
    *n = (int)json_array_size(j);
    *names = malloc(((size_t)*n + 1) * sizeof **names);
    if (!*names)
        return bad(r, where, "to fit in memory");
    for (int i = 0; i < *n; i++)
        if (!((*names)[i] = json_string_value(json_array_get(j, (size_t)i))))
            return bad(r, where, "strings");
    return 0;
}

/* {"value"/"gradient"/"values", "printed", "rejection"}; nvec is the
 * length of the vector (-1: none). */
static int read_eval(Reader *r, const json_t *j, const char *where,
                     EvalKind kind, int nvec, Eval *e)
{
    char at[128];
    if (!json_is_object(j))
        return bad(r, where, "an object");
    snprintf(at, sizeof at, "%s.printed", where);
    e->printed = json_string_value(json_object_get(j, "printed"));
    if (!e->printed)
        return bad(r, at, "a string");
    const json_t *rej = json_object_get(j, "rejection");
    snprintf(at, sizeof at, "%s.rejection", where);
    if (json_is_object(rej)) {
        e->rejected = true;
        e->cls = json_string_value(json_object_get(rej, "class"));
        e->message = json_string_value(json_object_get(rej, "message"));
        if (!e->cls || !e->message)
            return bad(r, at, "{\"class\": ..., \"message\": ...}");
        return 0;
    }
    if (!json_is_null(rej))
        return bad(r, at, "null or an object");
    if (kind == EV_LP || kind == EV_LPJ || kind == EV_LPP) {
        snprintf(at, sizeof at, "%s.value", where);
        if (read_number(json_object_get(j, "value"), &e->value) != 0)
            return bad(r, at, "a number");
    }
    if (nvec >= 0) {
        const char *key = kind == EV_OUT ? "values" : "gradient";
        snprintf(at, sizeof at, "%s.%s", where, key);
        e->nvec = nvec;
        return read_numbers(r, json_object_get(j, key), at, &e->nvec,
                            &e->vec);
    }
    return 0;
}

static int read_int(Reader *r, const json_t *j, const char *key, int lo,
                    int *out)
{
    const json_t *v = json_object_get(j, key);
    if (!json_is_integer(v) || json_integer_value(v) < lo
        || json_integer_value(v) > INT32_MAX)
        return bad(r, key, "an integer");
    *out = (int)json_integer_value(v);
    return 0;
}

static int read_point(Reader *r, Probe *p, int k)
{
    const json_t *e = json_array_get(json_object_get(p->root, "evaluations"),
                                     (size_t)k);
    char where[96];
    snprintf(where, sizeof where, "evaluations[%d]", k);
    const json_t *pt = json_object_get(e, "point");
    if (!json_is_object(e) || !json_is_integer(pt)
        || json_integer_value(pt) != k)
        return bad(r, where, "an object with \"point\": its index");
    double *u = NULL;
    int n = p->dim;
    snprintf(where, sizeof where, "evaluations[%d].u", k);
    if (read_numbers(r, json_object_get(e, "u"), where, &n, &u) != 0) {
        free(u);
        return -1;
    }
    memcpy(p->u + (size_t)k * (size_t)p->dim, u, (size_t)n * sizeof *u);
    free(u);
    for (int v = 0; v < EV_COUNT; v++) {
        snprintf(where, sizeof where, "evaluations[%d].%s", k, eval_key[v]);
        int nvec = v == EV_LPJ ? p->dim : v == EV_OUT ? p->nout : -1;
        if (v == EV_LPP && !json_object_get(e, eval_key[v])) {
            p->evals[(size_t)k * EV_COUNT + (size_t)v].absent = true;
            continue;
        }
        const json_t *why = json_object_get(json_object_get(e, eval_key[v]),
                                            "undefined");
        if (v == EV_LPP && why) {
            Eval *x = &p->evals[(size_t)k * EV_COUNT + (size_t)v];
            x->absent = true;
            x->undefined = json_string_value(why);
            if (!x->undefined)
                return bad(r, where, "{\"undefined\": a string} or a density");
            continue;
        }
        if (read_eval(r, json_object_get(e, eval_key[v]), where, (EvalKind)v,
                      nvec, &p->evals[(size_t)k * EV_COUNT + (size_t)v])
            != 0)
            return -1;
    }
    return 0;
}

static void probe_free(Probe *p)
{
    if (p->evals)
        for (size_t i = 0; i < (size_t)p->points * EV_COUNT; i++)
            free(p->evals[i].vec);
    free(p->evals);
    free(p->u);
    free(p->out_names);
    free(p->par_names);
    json_decref(p->root);
    memset(p, 0, sizeof *p);
}

/* p->root (parsed) into the rest of p. */
static int probe_read(Probe *p, char *why, size_t nwhy)
{
    Reader r = {p, why, nwhy};
    const json_t *root = p->root;
    const char *format = json_string_value(json_object_get(root, "format"));
    const json_t *version = json_object_get(root, "version");
    if (!format || strcmp(format, "pplbench-probe") != 0)
        return bad(&r, "format", "\"pplbench-probe\" (a probe file)");
    if (!json_is_integer(version) || json_integer_value(version) != 1)
        return bad(&r, "version", "1");
    p->seed = json_string_value(json_object_get(root, "seed"));
    if (!p->seed)
        return bad(&r, "seed", "a string");
    if (read_int(&r, root, "points", 1, &p->points) != 0
        || read_int(&r, root, "dim", 0, &p->dim) != 0)
        return -1;
    if (read_eval(&r, json_object_get(root, "transformed_data"),
                  "transformed_data", EV_COUNT, -1, &p->td) != 0)
        return -1;
    if (read_names(&r, json_object_get(root, "output_names"), "output_names",
                   &p->out_names, &p->nout) != 0)
        return -1;
    const json_t *pn = json_object_get(root, "parameter_names");
    int npar = 0;
    if (pn && (read_names(&r, pn, "parameter_names", &p->par_names, &npar)
               != 0))
        return -1;
    if (pn && npar != p->dim)
        return bad(&r, "parameter_names", "one name per unconstrained value");
    const json_t *evals = json_object_get(root, "evaluations");
    size_t want = p->td.rejected ? 0 : (size_t)p->points;
    if (!json_is_array(evals) || json_array_size(evals) != want)
        return bad(&r, "evaluations", p->td.rejected
                   ? "an empty array (transformed data failed)"
                   : "an array of one object per point");
    p->u = calloc((size_t)p->points * ((size_t)p->dim + 1), sizeof *p->u);
    p->evals = calloc((size_t)p->points * EV_COUNT, sizeof *p->evals);
    if (!p->u || !p->evals)
        return bad(&r, "evaluations", "to fit in memory");
    for (int k = 0; k < (int)want; k++)
        if (read_point(&r, p, k) != 0)
            return -1;
    return 0;
}

static int probe_load(Probe *p, const char *label, const char *path,
                      const char *text, char *why, size_t nwhy)
{
    memset(p, 0, sizeof *p);
    p->label = label;
    json_error_t jerr;
    p->root = path ? json_load_file(path, 0, &jerr)
                   : json_loads(text, 0, &jerr);
    if (!p->root) {
        snprintf(why, nwhy, "%s: line %d: %s", label, jerr.line, jerr.text);
        return -1;
    }
    if (!json_is_object(p->root)) {
        snprintf(why, nwhy, "%s: expected a JSON object (a probe file)",
                 label);
        return -1;
    }
    return probe_read(p, why, nwhy);
}

/* -------------------------------------------------------- the policy */

const char *drv_tolerance_text(const DrvTolerance *tol, char *buf, size_t n)
{
    if (tol->kind == DRV_TOL_EXACT && tol->grad_rel > 0)
        snprintf(buf, n, "exact (gradient: rel %g of its largest component or 1)",
                 tol->grad_rel);
    else if (tol->kind == DRV_TOL_EXACT)
        snprintf(buf, n, "exact");
    else
        snprintf(buf, n, "rel %g, abs %g", tol->rel, tol->abs_floor);
    return buf;
}

static bool same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* a and b agree under tol (scale: the magnitude the relative bound is
 * taken of, which is max(|a|, |b|) for plain values). */
static bool agree_scaled(double a, double b, double scale,
                         const DrvTolerance *tol)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (tol->kind == DRV_TOL_EXACT)
        return same_bits(a, b);
    if (isinf(a) || isinf(b))
        return a == b;
    double d = fabs(a - b);
    return d <= tol->abs_floor || d <= tol->rel * scale;
}

static bool agree(double a, double b, const DrvTolerance *tol)
{
    return agree_scaled(a, b, fmax(fabs(a), fabs(b)), tol);
}

/* ----------------------------------------------------------- results */

const char *drv_check_name(DrvCheck check)
{
    static const char *const names[DRV_CHECK_COUNT] = {
        "log_density", "log_density_jacobian", "gradient", "rejections",
        "printed", "outputs", "log_density_prior",
    };
    return check >= 0 && check < DRV_CHECK_COUNT ? names[check] : "?";
}

/* What a check compares: both files and the policy. */
typedef struct Cmp {
    const Probe *ref, *cand;
    const DrvTolerance *tol;
    char tol_text[64];
} Cmp;

/* Fail res at point (-1: none) with a one-line message; the details are
 * the message, the point's coordinates and the lines of extra (printf
 * style, may be NULL).  Returns false, for `return differ(...)`. */
static bool differ(const Cmp *c, DrvCheckResult *res, int point,
                 const char *extra, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static bool differ(const Cmp *c, DrvCheckResult *res, int point,
                 const char *extra, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->message, sizeof res->message, fmt, ap);
    va_end(ap);
    res->passed = false;
    res->point = point;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return false;
    fprintf(f, "%s\n", res->message);
    if (point >= 0 && c->ref->dim == c->cand->dim) {
        fprintf(f, "point %d (unconstrained, seed %s):", point, c->ref->seed);
        for (int i = 0; i < c->ref->dim; i++)
            fprintf(f, " %.17g",
                    c->ref->u[(size_t)point * (size_t)c->ref->dim + (size_t)i]);
        fprintf(f, "\n");
    }
    if (extra)
        fprintf(f, "%s", extra);
    fprintf(f, "tolerance: %s\n", c->tol_text);
    if (fclose(f) == 0)
        res->details = buf;
    else
        free(buf);
    return false;
}

static const Eval *eval_at(const Probe *p, int k, EvalKind v)
{
    return &p->evals[(size_t)k * EV_COUNT + (size_t)v];
}

/* Whether evaluation v at point k is missing from either file (the prior
 * context, in a probe file older than it): not compared. */
static bool absent(const Cmp *c, int k, EvalKind v)
{
    return eval_at(c->ref, k, v)->absent || eval_at(c->cand, k, v)->absent;
}

/* The name of unconstrained value i ("sigma"), or "". */
static const char *par_name(const Probe *p, int i)
{
    return p->par_names ? p->par_names[i] : "";
}

/* ------------------------------------------------------------ checks */

/* The prior context of a model that has none (either program's probe
 * says why): the check is skipped with the reason. */
static bool undefined_context(const Cmp *c, DrvCheckResult *res)
{
    for (int k = 0; k < c->ref->points; k++) {
        const Eval *r = eval_at(c->ref, k, EV_LPP);
        const Eval *d = eval_at(c->cand, k, EV_LPP);
        if (!r->undefined && !d->undefined)
            continue;
        res->skipped = true;
        snprintf(res->message, sizeof res->message, "not compared: %s (%s)",
                 r->undefined ? r->undefined : d->undefined,
                 r->undefined && d->undefined ? "both programs"
                 : r->undefined ? "the O0 program" : "the candidate");
        return true;
    }
    return false;
}

/* log_density, log_density_jacobian: differences from a base point. */
static bool check_density(const Cmp *c, EvalKind v, DrvCheckResult *res)
{
    if (v == EV_LPP && undefined_context(c, res))
        return true;
    const char *what = v == EV_LP ? "log density"
                     : v == EV_LPP ? "prior log density (with the Jacobian)"
                     : "log density with the Jacobian";
    int base = -1;
    for (int k = 0; k < c->ref->points && !c->ref->td.rejected; k++) {
        const Eval *r = eval_at(c->ref, k, v), *d = eval_at(c->cand, k, v);
        if (r->rejected || d->rejected || absent(c, k, v))
            continue;
        if (!isfinite(r->value) || !isfinite(d->value)) {
            /* -inf, inf, NaN: compared as values */
            if (!agree(r->value, d->value, c->tol))
                return differ(c, res, k, NULL, "point %d: %s differs: O0 %.17g"
                            " vs candidate %.17g (tolerance %s)", k, what,
                            r->value, d->value, c->tol_text);
            continue;
        }
        if (base < 0) {
            base = k;
            continue;
        }
        const Eval *rb = eval_at(c->ref, base, v);
        const Eval *db = eval_at(c->cand, base, v);
        double dr = r->value - rb->value, dc = d->value - db->value;
        double scale = fmax(fabs(r->value), fabs(rb->value));
        if (!agree_scaled(dr, dc, scale, c->tol)) {
            char extra[512];
            snprintf(extra, sizeof extra,
                     "O0: %.17g at point %d, %.17g at point %d\n"
                     "candidate: %.17g at point %d, %.17g at point %d\n",
                     r->value, k, rb->value, base, d->value, k, db->value,
                     base);
            return differ(c, res, k, extra, "point %d: %s relative to point %d"
                        " differs: O0 %.17g vs candidate %.17g (tolerance %s)",
                        k, what, base, dr, dc, c->tol_text);
        }
    }
    return true;
}

/* Gradient component a (O0's) and b agree: relative to scale, the
 * gradient's largest component (a component that cancels to about 0 has
 * the rounding error of the terms it sums, whose size the largest
 * component shows; at least 1): under the exact policy with a gradient bound, within
 * grad_rel; under a relative policy, within its bound. */
static bool agree_gradient(double a, double b, double scale,
                           const DrvTolerance *tol)
{
    if (tol->kind == DRV_TOL_EXACT && !(tol->grad_rel > 0))
        return agree(a, b, tol);
    DrvTolerance rel = *tol;
    if (tol->kind == DRV_TOL_EXACT)
        rel = (DrvTolerance){.kind = DRV_TOL_RELATIVE, .rel = tol->grad_rel};
    /* and at least 1: a gradient that cancels to about 0 everywhere (one
     * parameter at its mode) has the rounding error of its terms, which
     * no component shows */
    return agree_scaled(a, b, fmax(1.0, fmax(scale, fmax(fabs(a), fabs(b)))),
                        &rel);
}

static bool check_gradient(const Cmp *c, DrvCheckResult *res)
{
    for (int k = 0; k < c->ref->points && !c->ref->td.rejected; k++) {
        const Eval *r = eval_at(c->ref, k, EV_LPJ);
        const Eval *d = eval_at(c->cand, k, EV_LPJ);
        if (r->rejected || d->rejected)
            continue;
        double scale = 0;
        for (int i = 0; i < c->ref->dim; i++)
            if (isfinite(r->vec[i]))
                scale = fmax(scale, fabs(r->vec[i]));
        for (int i = 0; i < c->ref->dim; i++)
            if (!agree_gradient(r->vec[i], d->vec[i], scale, c->tol))
                return differ(c, res, k, NULL, "point %d: gradient[%d]%s%s%s"
                            " differs: O0 %.17g vs candidate %.17g (tolerance"
                            " %s)", k, i + 1, c->ref->par_names ? " (" : "",
                            par_name(c->ref, i),
                            c->ref->par_names ? ")" : "", r->vec[i],
                            d->vec[i], c->tol_text);
    }
    return true;
}

/* "reject: mu too big" or "not rejected", into buf. */
static const char *rejection_text(const Eval *e, char *buf, size_t n)
{
    if (e->rejected)
        snprintf(buf, n, "rejected (%s: %.200s)", e->cls, e->message);
    else
        snprintf(buf, n, "not rejected");
    return buf;
}

/* One evaluation's rejection; where is "point 3: outputs" or
 * "transformed data". */
static bool same_rejection(const Cmp *c, const Eval *r, const Eval *d,
                           int point, const char *where, DrvCheckResult *res)
{
    bool same = r->rejected == d->rejected
                && (!r->rejected
                    || (!strcmp(r->cls, d->cls)
                        && (c->tol->kind != DRV_TOL_EXACT
                            || !strcmp(r->message, d->message))));
    if (same)
        return true;
    char rt[320], dt[320], extra[2400];
    snprintf(extra, sizeof extra, "O0: %s\ncandidate: %s\n",
             r->rejected ? r->message : "(not rejected)",
             d->rejected ? d->message : "(not rejected)");
    return differ(c, res, point, extra, "%s: O0 %s vs candidate %s (tolerance"
                " %s)", where, rejection_text(r, rt, sizeof rt),
                rejection_text(d, dt, sizeof dt), c->tol_text);
}

static bool check_rejections(const Cmp *c, DrvCheckResult *res)
{
    if (!same_rejection(c, &c->ref->td, &c->cand->td, -1,
                        "transformed data", res))
        return false;
    for (int k = 0; k < c->ref->points && !c->ref->td.rejected; k++)
        for (int v = 0; v < EV_COUNT; v++) {
            if (absent(c, k, (EvalKind)v))
                continue;
            char where[96];
            snprintf(where, sizeof where, "point %d: %s", k, eval_key[v]);
            if (!same_rejection(c, eval_at(c->ref, k, (EvalKind)v),
                                eval_at(c->cand, k, (EvalKind)v), k, where,
                                res))
                return false;
        }
    return true;
}

/* s shown on one line: escapes for newlines and quotes, cut at 60. */
static const char *one_line(const char *s, char *buf, size_t n)
{
    size_t at = 0, len = strlen(s);
    buf[at++] = '"';
    for (size_t i = 0; i < len && at + 8 < n; i++) {
        if (i == 60) {
            at += (size_t)snprintf(buf + at, n - at, "...");
            break;
        }
        if (s[i] == '\n' || s[i] == '"' || s[i] == '\\')
            buf[at++] = '\\';
        buf[at++] = s[i] == '\n' ? 'n' : s[i];
    }
    buf[at++] = '"';
    buf[at] = '\0';
    return buf;
}

static bool same_printed(const Cmp *c, const Eval *r, const Eval *d,
                         int point, const char *where, DrvCheckResult *res)
{
    if (!strcmp(r->printed, d->printed))
        return true;
    char rt[80], dt[80];
    size_t n = strlen(r->printed) + strlen(d->printed) + 64;
    char *extra = malloc(n);
    if (extra)
        snprintf(extra, n, "O0 printed:\n%s\ncandidate printed:\n%s\n",
                 r->printed, d->printed);
    differ(c, res, point, extra, "%s: printed output differs: O0 %s vs"
         " candidate %s", where, one_line(r->printed, rt, sizeof rt),
         one_line(d->printed, dt, sizeof dt));
    free(extra);
    return false;
}

static bool check_printed(const Cmp *c, DrvCheckResult *res)
{
    if (!same_printed(c, &c->ref->td, &c->cand->td, -1, "transformed data",
                      res))
        return false;
    if (c->ref->td.rejected || c->cand->td.rejected)
        return true;
    for (int k = 0; k < c->ref->points; k++)
        for (int v = 0; v < EV_COUNT; v++) {
            if (absent(c, k, (EvalKind)v))
                continue;
            char where[96];
            snprintf(where, sizeof where, "point %d: %s", k, eval_key[v]);
            if (!same_printed(c, eval_at(c->ref, k, (EvalKind)v),
                              eval_at(c->cand, k, (EvalKind)v), k, where,
                              res))
                return false;
        }
    return true;
}

static bool check_outputs(const Cmp *c, DrvCheckResult *res)
{
    const Probe *r = c->ref, *d = c->cand;
    if (r->td.rejected || d->td.rejected)
        return true;
    for (int i = 0; i < r->nout && i < d->nout; i++)
        if (strcmp(r->out_names[i], d->out_names[i]) != 0)
            return differ(c, res, -1, NULL, "output %d is %s in O0 but %s in"
                        " the candidate", i + 1, r->out_names[i],
                        d->out_names[i]);
    if (r->nout != d->nout)
        return differ(c, res, -1, NULL, "the number of outputs differs: O0 %d"
                    " vs candidate %d", r->nout, d->nout);
    for (int k = 0; k < r->points; k++) {
        const Eval *re = eval_at(r, k, EV_OUT), *de = eval_at(d, k, EV_OUT);
        if (re->rejected || de->rejected)
            continue;
        for (int i = 0; i < r->nout; i++)
            if (!agree(re->vec[i], de->vec[i], c->tol))
                return differ(c, res, k, NULL, "point %d: output %s differs: O0"
                            " %.17g vs candidate %.17g (tolerance %s)", k,
                            r->out_names[i], re->vec[i], de->vec[i],
                            c->tol_text);
    }
    return true;
}

/* -------------------------------------------------------- comparison */

static void compare(const Cmp *c, DrvComparison *out)
{
    for (int i = 0; i < DRV_CHECK_COUNT; i++)
        out->checks[i] = (DrvCheckResult){.passed = true, .point = -1};
    out->points = c->ref->points;
    DrvCheckResult *res = out->checks;
    /* transformed data failing in one program only: nothing at the
     * points can be compared, and every check says so */
    if (c->ref->td.rejected != c->cand->td.rejected) {
        check_rejections(c, &res[DRV_CHECK_REJECTIONS]);
        for (int i = 0; i < DRV_CHECK_COUNT; i++)
            if (i != DRV_CHECK_REJECTIONS)
                differ(c, &res[i], -1, NULL, "not compared: transformed data"
                     " failed in the %s only",
                     c->ref->td.rejected ? "O0 program" : "candidate");
        return;
    }
    if (c->ref->dim != c->cand->dim) {
        for (int i = 0; i < DRV_CHECK_COUNT; i++)
            differ(c, &res[i], -1, NULL, "the number of unconstrained values"
                 " differs: O0 %d vs candidate %d", c->ref->dim,
                 c->cand->dim);
        return;
    }
    check_density(c, EV_LP, &res[DRV_CHECK_LOG_DENSITY]);
    check_density(c, EV_LPJ, &res[DRV_CHECK_LOG_DENSITY_JACOBIAN]);
    check_gradient(c, &res[DRV_CHECK_GRADIENT]);
    check_rejections(c, &res[DRV_CHECK_REJECTIONS]);
    check_printed(c, &res[DRV_CHECK_PRINTED]);
    check_outputs(c, &res[DRV_CHECK_OUTPUTS]);
    check_density(c, EV_LPP, &res[DRV_CHECK_LOG_DENSITY_PRIOR]);
}

static int compare_loaded(Probe *ref, Probe *cand, const DrvTolerance *tol,
                          DrvComparison *out, char *why, size_t nwhy)
{
    if (strcmp(ref->seed, cand->seed) != 0 || ref->points != cand->points) {
        snprintf(why, nwhy, "%s (seed %s, %d points) and %s (seed %s, %d"
                 " points) were not made alike: nothing to compare",
                 ref->label, ref->seed, ref->points, cand->label,
                 cand->seed, cand->points);
        return -1;
    }
    Cmp c = {ref, cand, tol, ""};
    drv_tolerance_text(tol, c.tol_text, sizeof c.tol_text);
    compare(&c, out);
    return 0;
}

static int compare_sources(const char *ref_label, const char *ref_path,
                           const char *ref_text, const char *cand_label,
                           const char *cand_path, const char *cand_text,
                           const DrvTolerance *tol, DrvComparison *out,
                           char *why, size_t nwhy)
{
    memset(out, 0, sizeof *out);
    Probe ref, cand;
    int rc = probe_load(&ref, ref_label, ref_path, ref_text, why, nwhy);
    if (rc == 0)
        rc = probe_load(&cand, cand_label, cand_path, cand_text, why, nwhy);
    else
        memset(&cand, 0, sizeof cand);
    if (rc == 0)
        rc = compare_loaded(&ref, &cand, tol, out, why, nwhy);
    probe_free(&cand);
    probe_free(&ref);
    return rc;
}

int drv_compare_probes(const char *reference, const char *candidate,
                       const DrvTolerance *tol, DrvComparison *out,
                       char *why, size_t nwhy)
{
    return compare_sources(reference, reference, NULL, candidate, candidate,
                           NULL, tol, out, why, nwhy);
}

int drv_compare_probe_texts(const char *reference, const char *candidate,
                            const DrvTolerance *tol, DrvComparison *out,
                            char *why, size_t nwhy)
{
    return compare_sources("reference", NULL, reference, "candidate", NULL,
                           candidate, tol, out, why, nwhy);
}

bool drv_comparison_passed(const DrvComparison *c)
{
    for (int i = 0; i < DRV_CHECK_COUNT; i++)
        if (!c->checks[i].passed)
            return false;
    return true;
}

void drv_comparison_free(DrvComparison *c)
{
    for (int i = 0; i < DRV_CHECK_COUNT; i++) {
        free(c->checks[i].details);
        c->checks[i].details = NULL;
    }
}
