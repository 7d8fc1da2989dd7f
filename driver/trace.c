/* trace.c - `pplbench trace`: compile a model to its transformed MIR (the
 * MIR the backend compiles), run prepare_data and log_prob on it with the
 * interpreter at one unconstrained point, and print the trace (IRTracker's
 * extended Wengert list, spec 001) and the log density.
 *
 * The point: --params P.json gives constrained values by name (like an
 * inits file; transform_inits makes them unconstrained); --seed S draws
 * uniform(-2, 2) coordinates from rt_rng_new(S, K) as a sampler's probe
 * method draws its point K (--point K, default 0; seed 0 when neither is
 * given).  The density is the sampler's: with the log-Jacobian, dropping
 * the constants of `~` statements (_lupdf) as the sampler drops them. */
#include <errno.h>
#include <math.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "frontend.h"
#include "mir.h"
#include "picture.h"
#include "pipeline.h"
#include "pplrt.h"
#include "trace.h"
#include "viz.h"

enum { EXIT_OK = 0, EXIT_MODEL = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 3 };

typedef struct TraceCli {
    const char *model, *data, *params, *output;
    unsigned long long seed;
    int point;
    int levels;
    int backward, forward;      /* @i, 0: not asked */
    bool gradient, referenced, dependents, help;
    bool picture;               /* --o FILE.dot, .png or .svg */
    VizFormat format;
} TraceCli;

static const char usage[] =
    "usage: pplbench trace MODEL.stan [--data D.json] [--params P.json | "
    "--seed S [--point K]]\n"
    "           [--levels N] [--o FILE.{txt,dot,png,svg}] [--backward @i]\n"
    "           [--forward @i]"
    " [--referenced] [--dependents] [--gradient] [--help]";

static const char help[] =
    "Run the model's log density (with the Jacobian) in the MIR interpreter\n"
    "at one unconstrained point and print its trace, an extended Wengert\n"
    "list: one line @i per node, ⟨constants⟩, [§block:%expr] places.\n"
    "\n"
    "  --data D.json      the data\n"
    "  --params P.json    the point, as constrained values by name\n"
    "  --seed S           the point drawn uniform(-2, 2) as the sampler's\n"
    "  --point K          probe method draws its point K (default 0)\n"
    "  --levels N         expand nested calls to N levels (default 1)\n"
    "  --o FILE           write the output to FILE; FILE.dot, .png or .svg\n"
    "                     draws the trace (Graphviz), the listing still\n"
    "                     goes to the standard output\n"
    "  --backward @i      the nodes node @i depends on\n"
    "  --forward @i       the nodes that depend on node @i\n"
    "  --referenced       the nodes whose value another node uses\n"
    "  --dependents       for every node, the nodes that use its value\n"
    "  --gradient         the gradient of the log density with respect to\n"
    "                     the unconstrained point, by the trace's backward\n"
    "                     pass (reverse accumulation, independent of the C\n"
    "                     backend); primitives without a closed-form rule\n"
    "                     are differentiated numerically (five-point finite\n"
    "                     differences), marked [numeric derivative] in the\n"
    "                     listing and named after the gradient\n"
    "  --help             this text\n";

static int usage_error(FILE *err, const char *what, const char *arg)
{
    fprintf(err, "pplbench trace: ");
    fprintf(err, what, arg);
    fprintf(err, "\n%s\n", usage);
    return EXIT_USAGE;
}

/* "--opt VALUE" or "--opt=VALUE": the value, advancing *i; NULL if argv[*i]
 * is not opt. */
static const char *value_of(int argc, char **argv, int *i, const char *opt,
                            bool *missing)
{
    size_t n = strlen(opt);
    if (strncmp(argv[*i], opt, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] != 0)
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static bool parse_number(const char *s, long long lo, long long hi,
                         long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int parse(TraceCli *c, int argc, char **argv, FILE *err)
{
    c->levels = 1;
    bool seed_given = false;
    for (int i = 1; i < argc; i++) {
        bool missing = false;
        const char *v;
        long long x;
        if (!strcmp(argv[i], "--gradient")) {
            c->gradient = true;
        } else if (!strcmp(argv[i], "--referenced")) {
            c->referenced = true;
        } else if (!strcmp(argv[i], "--dependents")) {
            c->dependents = true;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            c->help = true;
            return -1;
        } else if ((v = value_of(argc, argv, &i, "--data", &missing))) {
            c->data = v;
        } else if ((v = value_of(argc, argv, &i, "--params", &missing))) {
            c->params = v;
        } else if ((v = value_of(argc, argv, &i, "--o", &missing))) {
            c->output = v;
        } else if ((v = value_of(argc, argv, &i, "--seed", &missing))) {
            char *end;
            errno = 0;
            c->seed = strtoull(v, &end, 10);
            if (errno || end == v || *end || v[0] == '-')
                return usage_error(err, "--seed takes a non-negative integer, "
                                   "not '%s'", v);
            seed_given = true;
        } else if ((v = value_of(argc, argv, &i, "--point", &missing))) {
            if (!parse_number(v, 0, 1000000, &x))
                return usage_error(err, "--point takes an integer in 0..1000000,"
                                   " not '%s'", v);
            c->point = (int)x;
        } else if ((v = value_of(argc, argv, &i, "--levels", &missing))) {
            if (!parse_number(v, 1, 1000, &x))
                return usage_error(err, "--levels takes an integer in 1..1000, "
                                   "not '%s'", v);
            c->levels = (int)x;
        } else if ((v = value_of(argc, argv, &i, "--backward", &missing))
                   || (v = value_of(argc, argv, &i, "--forward", &missing))) {
            const char *num = v[0] == '@' ? v + 1 : v;
            if (!parse_number(num, 1, 1 << 30, &x))
                return usage_error(err, "--backward and --forward take a node "
                                   "@i, not '%s'", v);
            if (strncmp(argv[i - (argv[i] == v ? 1 : 0)], "--backward", 10)
                == 0)
                c->backward = (int)x;
            else
                c->forward = (int)x;
        } else if (missing) {
            return usage_error(err, "%s takes a value", argv[i]);
        } else if (argv[i][0] == '-') {
            return usage_error(err, "unknown option '%s'", argv[i]);
        } else if (c->model) {
            return usage_error(err, "one model at a time ('%s')", argv[i]);
        } else {
            c->model = argv[i];
        }
    }
    if (!c->model)
        return usage_error(err, "%s", "which model?");
    /* a picture's extension draws the trace; any other writes the text */
    c->picture = c->output && viz_format_of_path(c->output, &c->format);
    if (c->params && seed_given)
        return usage_error(err, "%s", "--params and --seed both give the "
                           "point: give one");
    return -1;
}

/* Load a JSON file: NULL path is an empty set.  A file that cannot be
 * opened or is not a regular file (a fifo would block) is an I/O error,
 * as is one that does not parse (2, the driver's convention; the message
 * of a bad file is the sampler's); wrong values in a good file are the
 * model's business (1, later). */
static RtData *load(const char *path, const char *what, FILE *err, int *rc)
{
    RtError e = {.msg = ""};
    struct stat st;
    if (path && stat(path, &st) != 0) {
        fprintf(err, "Error: cannot read the %s file %s: %s\n", what, path,
                strerror(errno));
        *rc = EXIT_USAGE;
        return NULL;
    }
    if (path && !S_ISREG(st.st_mode)) {
        fprintf(err, "Error: the %s file %s is not a regular file\n", what,
                path);
        *rc = EXIT_USAGE;
        return NULL;
    }
    RtData *d = rt_data_load(path, &e);
    if (!d) {
        fprintf(err, "Error reading %s: %s\n", what, e.msg);
        *rc = EXIT_USAGE;
    }
    return d;
}

static void print_set(FILE *out, const MirTrace *t, int index, bool back)
{
    bool *marks = calloc((size_t)t->n + 1, 1);
    if (!marks)
        return;
    if (back)
        mir_trace_backward(t, index, marks);
    else
        mir_trace_forward(t, index, marks);
    fprintf(out, "%s @%d:\n", back ? "backward" : "forward", index);
    for (int i = 1; i <= t->n; i++)
        if (marks[i])
            mir_trace_print_node(out, &t->nodes[i - 1], 2);
    free(marks);
}

static void print_referenced(FILE *out, const MirTrace *t)
{
    bool *marks = calloc((size_t)t->n + 1, 1);
    if (!marks)
        return;
    mir_trace_referenced(t, marks);
    fputs("referenced:\n", out);
    for (int i = 1; i <= t->n; i++)
        if (marks[i])
            mir_trace_print_node(out, &t->nodes[i - 1], 2);
    free(marks);
}

static void print_dependents(FILE *out, const MirTrace *t)
{
    int *deps = calloc((size_t)t->n + 1, sizeof(int));
    if (!deps)
        return;
    fputs("dependents:\n", out);
    for (int i = 1; i <= t->n; i++) {
        int nd = mir_trace_dependents(t, i, deps);
        fprintf(out, "  @%d:", i);
        for (int k = 0; k < nd; k++)
            fprintf(out, " @%d", deps[k]);
        fputs(nd ? "\n" : " (none)\n", out);
    }
    free(deps);
}

/* The gradient, one line per unconstrained value with the node that read
 * it; the primitives differentiated numerically named after it. */
static int print_gradient(FILE *out, FILE *err, const MirTrace *t,
                          const double *grad, int n, const MirGradStats *st,
                          const char *why)
{
    if (why) {
        fprintf(out, "gradient: not computed: %s\n", why);
        fprintf(err, "Error: the trace's backward pass failed: %s\n", why);
        return EXIT_MODEL;
    }
    fprintf(out, "gradient (the trace's backward pass; %d primitives by "
            "closed-form rules, %d numerically):\n", st->closed,
            st->numeric);
    for (int k = 0; k < n; k++) {
        int node = mir_trace_param_node(t, k);
        fprintf(out, "  u[%d] = %.17g", k, grad[k]);
        if (node)
            fprintf(out, "  (read by @%d)", node);
        fputc('\n', out);
    }
    if (st->numeric)
        fprintf(out, "numeric derivatives (five-point finite differences, "
                "relative accuracy about 1e-8): %s\n", st->numeric_fns);
    return EXIT_OK;
}

/* Everything after the model compiled: data, point, evaluation, output. */
static int run(const TraceCli *c, MirProgram *p, Arena *a, FILE *out,
               FILE *err, MirTrace **trace, double *lp_out, char *stop,
               size_t nstop)
{
    int rc = EXIT_OK;
    RtData *data = load(c->data, "data", err, &rc);
    if (!data)
        return rc;
    char why[1024];
    bool unsup = false;
    MirInterp *in = mir_interp_new(a, p, data, why, sizeof why, &unsup);
    if (!in) {
        if (unsup)
            fprintf(err, "Error: %s.\n", why);
        else
            fprintf(err, "Error in the data or transformed data of %s:\n%s\n",
                    p->name, why);
        rt_data_free(data);
        return EXIT_MODEL;
    }
    int n = mir_interp_num_unconstrained(in);
    double *u = arena_alloc(a, sizeof(double) * (size_t)(n + 1));
    if (c->params) {
        RtData *params = load(c->params, "parameters", err, &rc);
        if (!params) {
            rt_data_free(data);
            return rc;
        }
        int urc = mir_interp_unconstrain(in, params, u, why, sizeof why);
        rt_data_free(params);
        if (urc) {
            fprintf(err, "Error in the parameter values of %s:\n%s\n",
                    c->params, why);
            rt_data_free(data);
            return EXIT_MODEL;
        }
    } else {
        RtRng *rng = rt_rng_new(c->seed, (unsigned)c->point);
        if (!rng) {
            rt_data_free(data);
            fprintf(err, "pplbench trace: out of memory\n");
            return EXIT_MODEL;
        }
        for (int i = 0; i < n; i++)
            u[i] = -2 + 4 * rt_rng_uniform(rng);
        rt_rng_free(rng);
    }
    /* the gradient needs every nested call's list */
    MirInterpOptions o = {.jacobian = true,
                          .max_depth = c->gradient ? INT32_MAX : c->levels};
    MirTrace *t = NULL;
    double lp = 0;
    int lrc = mir_interp_log_prob(in, u, &o, &lp, &t, why, sizeof why, &unsup);
    rt_data_free(data);
    *trace = t;
    *lp_out = lrc ? NAN : lp;
    snprintf(stop, nstop, "%s", lrc ? why : "");
    double *grad = NULL;
    MirGradStats st = {0};
    char gwhy[1024] = "";
    int grc = 0;
    if (lrc == 0 && c->gradient) {
        grad = arena_alloc(a, sizeof(double) * (size_t)(n + 1));
        grc = mir_trace_gradient(in, t, grad, &st, gwhy, sizeof gwhy);
    }
    if (t)
        mir_trace_print(out, t, c->levels);
    if (lrc) {
        fprintf(out, "rejected: %s\n", why);
        fprintf(err, unsup ? "Error: %s.\n" : "Error: the log density is "
                "rejected at this point: %s\n", why);
        return EXIT_MODEL;
    }
    fprintf(out, "log density = %.17g\n", lp);
    if (t && c->backward)
        print_set(out, t, c->backward, true);
    if (t && c->forward)
        print_set(out, t, c->forward, false);
    if (t && c->referenced)
        print_referenced(out, t);
    if (t && c->dependents)
        print_dependents(out, t);
    if (c->gradient)
        return print_gradient(out, err, t, grad, n, &st, grc ? gwhy : NULL);
    return EXIT_OK;
}

/* --o FILE.dot, .png or .svg: the trace drawn (viz_trace), also when
 * the evaluation stopped at a reject (what was evaluated up to it), into
 * FILE through rt_out_open; where this Graphviz cannot render the format
 * asked for, the fallback's file (FILE.svg, FILE.dot) with a one-line
 * notice.  0, or -1 after a message. */
static int write_picture(const TraceCli *c, const MirProgram *p,
                         const MirTrace *t, double lp, const char *stop,
                         FILE *err)
{
    char title[256], why[1024], written[4096];
    int n = snprintf(title, sizeof title, "%s: %s", p->name ? p->name
                     : "model", t->name);
    if (isnan(lp))
        snprintf(title + n, sizeof title - (size_t)n, ", stopped: %s", stop);
    else
        snprintf(title + n, sizeof title - (size_t)n, " = %.6g", lp);
    VizContext *vc = c->format == VIZ_DOT ? NULL : viz_open();
    if (c->format != VIZ_DOT && !vc)
        fprintf(err, "pplbench: notice: Graphviz could not start; the "
                "picture is written as DOT\n");
    VizPicture pic;
    int rc = viz_trace(vc, t, title, c->levels, c->format, &pic, why,
                       sizeof why);
    if (rc != 0)
        fprintf(err, "pplbench: %s: %s\n", c->output, why);
    if (rc == 0) {
        const char *inputs[3] = {c->model, c->data, c->params};
        rc = drv_picture_write(&pic, c->format, c->output, inputs, 3, written,
                               sizeof written, why, sizeof why);
        if (rc == 0 && pic.format != c->format)
            fprintf(err, "pplbench: notice: this Graphviz cannot render %s; "
                    "writing %s instead\n", viz_format_name(c->format),
                    written);
        else if (rc != 0)
            fprintf(err, "pplbench: %s\n", why);
        viz_picture_free(&pic);
    }
    viz_close(vc);
    return rc;
}

int drv_trace_main(int argc, char **argv, FILE *out, FILE *err)
{
    TraceCli c = {0};
    int status = parse(&c, argc, argv, err);
    if (status >= 0)
        return status;
    if (c.help) {
        fprintf(out, "%s\n\n%s", usage, help);
        return EXIT_OK;
    }
    FeUnit u;
    FeOptions fo = {0};
    bool ok = fe_compile(&u, c.model, NULL, &fo);
    diag_render_all(err, &u.sink);
    if (u.internal_error || u.file_missing || !ok) {
        status = u.internal_error ? EXIT_INTERNAL : u.file_missing
                 ? EXIT_USAGE : EXIT_MODEL;
        fe_unit_free(&u);
        return status;
    }
    /* the model's name as pplbench build gives it: FILE_model */
    const char *base = strrchr(c.model, '/');
    base = base ? base + 1 : c.model;
    const char *dot = strrchr(base, '.');
    size_t len = dot ? (size_t)(dot - base) : strlen(base);
    DrvPipeline pl = {.path = c.model,
                      .name = emit_model_name(&u.arena,
                                              arena_strndup(&u.arena, base,
                                                            len)),
                      .stop = DRV_PIPELINE_TRANSFORMED};
    switch (drv_pipeline_run(&u, &pl)) {
    case DRV_PIPELINE_INTERNAL:
        drv_pipeline_print_internal(err, "", pl.why);
        fe_unit_free(&u);
        return EXIT_INTERNAL;
    case DRV_PIPELINE_NOT_COMPILED:
        fprintf(err, "Error: %s.\n", pl.why);
        fe_unit_free(&u);
        return EXIT_MODEL;
    case DRV_PIPELINE_OK:
        break;
    }
    RtOutFile *file = NULL;
    if (c.picture) {
        /* refused before anything runs, as the text's file is */
        const char *inputs[3] = {c.model, c.data, c.params};
        RtError e = {.msg = ""};
        if (rt_out_check(c.output, inputs, 3, &e) != 0) {
            fprintf(err, "pplbench: %s\n", e.msg);
            fe_unit_free(&u);
            return EXIT_USAGE;
        }
    }
    if (c.output && !c.picture) {
        const char *inputs[3] = {c.model, c.data, c.params};
        int ninputs = 1 + (c.data != NULL);
        if (c.params)
            inputs[ninputs++] = c.params;
        RtError e = {.msg = ""};
        file = rt_out_open(c.output, inputs, ninputs, &e);
        if (!file) {
            fprintf(err, "pplbench: %s\n", e.msg);
            fe_unit_free(&u);
            return EXIT_USAGE;
        }
        out = rt_out_stream(file);
    }
    MirTrace *t = NULL;
    double lp = NAN;
    char stop[1024] = "";
    status = run(&c, pl.program, &u.arena, out, err, &t, &lp, stop,
                 sizeof stop);
    if (c.picture && t && status != EXIT_USAGE
        && write_picture(&c, pl.program, t, lp, stop, err) != 0)
        status = EXIT_USAGE;
    if (file) {
        RtError e = {.msg = ""};
        if (rt_out_commit(file, &e) != 0) {
            fprintf(err, "pplbench: %s\n", e.msg);
            status = EXIT_USAGE;
        }
    }
    fe_unit_free(&u);
    return status;
}
