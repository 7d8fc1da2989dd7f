/* validate_graphs.c - the validator's pictures (--graphs, validate_jobs.h:
 * val_model_graphs, val_job_graphs), each written as DOT (before layout,
 * the same in every run) and as PNG:
 *
 *   OUT/MODEL/factor_graph.{dot,png}       the factor graph of the O0 MIR
 *   OUT/MODEL/trace.{dot,png}              the interpreter's trace of one
 *                                          log-density evaluation (seed of
 *                                          the run, point 0), for a model
 *                                          whose list has at most
 *                                          VIZ_TRACE_MAX_NODES nodes
 *   OUT/MODEL/JOB/flowgraph_before.{dot,png}  log_prob's flowgraph at O0
 *   OUT/MODEL/JOB/flowgraph_after.{dot,png}   and after the job, the nodes
 *                                          the job changed filled (red
 *                                          before, green after; see
 *                                          viz_flowgraph_diff)
 *
 * The report links them: the model's suite gets a property "graph:NAME"
 * (NAME factor_graph, trace, or JOB:flowgraph_before / JOB:flowgraph_after)
 * whose value is the files' paths separated by spaces, relative to the
 * report's folder when OUT is inside it (else absolute); where a picture
 * is not drawn, "graph_note:NAME" says why.  A picture that cannot be
 * drawn or written is a notice on stderr and a graph_note, never the end
 * of the run.  Where this Graphviz cannot render PNG, the fallback's file
 * (.svg) is the one linked, or the DOT alone (with a graph_note). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyses.h"
#include "picture.h"
#include "pplrt.h"
#include "validate_jobs.h"

/* The prefix of the model's links: OUT/MODEL as seen from the report's
 * folder (arena string, ending in '/'). */
static const char *link_prefix(ModelRun *m)
{
    char out_real[PATH_MAX], rep_real[PATH_MAX];
    const char *report = m->o->report;
    char *rep_dir = report ? arena_strdup(m->a, report) : NULL;
    if (rep_dir) {
        char *slash = strrchr(rep_dir, '/');
        if (slash)
            *(slash == rep_dir ? slash + 1 : slash) = '\0';
        else
            rep_dir = ".";
    }
    if (!realpath(m->o->outdir, out_real))
        return arena_printf(m->a, "%s/", m->dir);
    if (!rep_dir)   /* the report is OUT/report.xml */
        return arena_printf(m->a, "%s/", m->name);
    if (!realpath(rep_dir, rep_real))
        return arena_printf(m->a, "%s/%s/", out_real, m->name);
    size_t k = strlen(rep_real);
    if (strcmp(out_real, rep_real) == 0)
        return arena_printf(m->a, "%s/", m->name);
    if (strncmp(out_real, rep_real, k) == 0 && out_real[k] == '/')
        return arena_printf(m->a, "%s/%s/", out_real + k + 1, m->name);
    return arena_printf(m->a, "%s/%s/", out_real, m->name);
}

/* Why picture name is not there: a graph_note property, and (a failure,
 * not a choice) a notice on stderr. */
static void note(ModelRun *m, const char *name, const char *why, bool loud)
{
    char prop[320], err[256];
    snprintf(prop, sizeof prop, "graph_note:%s", name);
    if (loud)
        fprintf(stderr, "pplbench: notice: %s: %s: %s\n", m->name, name,
                why);
    drv_suite_prop(m->suite, prop, why, err, sizeof err);
}

/* A picture drawn by draw(arg, format, pic, why) as OUT/MODEL/REL.dot and
 * .png, linked as graph:NAME. */
typedef int (*DrawFn)(ModelRun *m, void *arg, VizFormat f, VizPicture *pic,
                      char *why, size_t n);

static void picture(ModelRun *m, const char *name, const char *rel,
                    DrawFn draw, void *arg)
{
    static const VizFormat formats[] = {VIZ_DOT, VIZ_PNG};
    const char *prefix = link_prefix(m);
    char links[2 * 4096 + 2] = "";
    for (int i = 0; i < 2; i++) {
        char why[1024], written[4096];
        VizPicture pic;
        const char *path = arena_printf(m->a, "%s/%s.%s", m->dir, rel,
                                        viz_format_name(formats[i]));
        if (draw(m, arg, formats[i], &pic, why, sizeof why) != 0) {
            note(m, name, why, true);
            break;
        }
        if (formats[i] == VIZ_PNG && pic.format == VIZ_DOT) {
            /* neither PNG nor SVG here: the DOT written is the picture */
            viz_picture_free(&pic);
            note(m, name, "this Graphviz renders neither png nor svg; the "
                 "DOT only", false);
            break;
        }
        int rc = drv_picture_write(&pic, formats[i], path, m->protect,
                                   m->nprotect, written, sizeof written, why,
                                   sizeof why);
        viz_picture_free(&pic);
        if (rc != 0) {
            note(m, name, why, true);
            break;
        }
        /* the link: the file written, from the report's folder */
        const char *base = written + strlen(m->dir) + 1;
        size_t used = strlen(links);
        snprintf(links + used, sizeof links - used, "%s%s%s", used ? " " : "",
                 prefix, base);
    }
    if (!links[0])
        return;
    /* what was written is linked, also when a later format failed */
    char prop[320], err[256];
    snprintf(prop, sizeof prop, "graph:%s", name);
    drv_suite_prop(m->suite, prop, links, err, sizeof err);
}

/* ------------------------------------------------------- factor graph */

static int draw_factor_graph(ModelRun *m, void *arg, VizFormat f,
                             VizPicture *pic, char *why, size_t n)
{
    return viz_factor_graph(m->viz, arg, f, pic, why, n);
}

/* -------------------------------------------------------------- trace */

typedef struct TraceArg {
    const MirTrace *t;
    const char *title;
    int levels;
} TraceArg;

static int draw_trace(ModelRun *m, void *arg, VizFormat f, VizPicture *pic,
                      char *why, size_t n)
{
    const TraceArg *ta = arg;
    return viz_trace(m->viz, ta->t, ta->title, ta->levels, f, pic, why, n);
}

/* The trace at the run's seed, point 0 (as `pplbench trace --seed S`). */
static void trace_graph(ModelRun *m)
{
    RtError e = {.msg = ""};
    RtData *data = rt_data_load(m->data, &e);
    if (!data) {
        note(m, "trace", e.msg, true);
        return;
    }
    char why[1024];
    bool unsupported = false;
    MirInterp *in = mir_interp_new(m->a, m->o0, data, why, sizeof why,
                                   &unsupported);
    if (!in) {
        rt_data_free(data);
        note(m, "trace", why, !unsupported);
        return;
    }
    int k = mir_interp_num_unconstrained(in);
    double *u = arena_alloc(m->a, sizeof(double) * (size_t)(k + 1));
    RtRng *rng = rt_rng_new((unsigned long long)m->o->seed, 0);
    if (!rng) {
        rt_data_free(data);
        note(m, "trace", "out of memory", true);
        return;
    }
    for (int i = 0; i < k; i++)
        u[i] = -2 + 4 * rt_rng_uniform(rng);
    rt_rng_free(rng);
    MirInterpOptions o = {.jacobian = true, .max_depth = 2};
    MirTrace *t = NULL;
    double lp = 0;
    int rc = mir_interp_log_prob(in, u, &o, &lp, &t, why, sizeof why,
                                 &unsupported);
    rt_data_free(data);
    if (!t) {
        note(m, "trace", why, !unsupported);
        return;
    }
    /* small: user functions' lists too when all fits, else calls as boxes */
    int levels = viz_trace_size(t, 2) <= VIZ_TRACE_MAX_NODES ? 2 : 1;
    if (t->n > VIZ_TRACE_MAX_NODES) {
        snprintf(why, sizeof why, "not drawn: the log density's list has %d "
                 "nodes (more than %d)", t->n, VIZ_TRACE_MAX_NODES);
        note(m, "trace", why, false);
        return;
    }
    TraceArg ta = {.levels = levels, .t = t, .title = rc == 0
                   ? arena_printf(m->a, "%s: log_prob at seed %d = %.6g",
                                  m->name, m->o->seed, lp)
                   : arena_printf(m->a, "%s: log_prob at seed %d, stopped: %s",
                                  m->name, m->o->seed, why)};
    picture(m, "trace", "trace", draw_trace, &ta);
}

void val_model_graphs(ModelRun *m)
{
    FactorGraph *g = fgraph_build(m->o0);
    if (!g)
        note(m, "factor_graph", "out of memory building the factor graph",
             true);
    else
        picture(m, "factor_graph", "factor_graph", draw_factor_graph, g);
    fgraph_free(g);
    trace_graph(m);
}

/* ---------------------------------------------------------- flowgraphs */

typedef struct FlowArg {
    const Flowgraph *g;
    const bool *changed;
    const char *color, *title;
} FlowArg;

static int draw_flowgraph(ModelRun *m, void *arg, VizFormat f,
                          VizPicture *pic, char *why, size_t n)
{
    const FlowArg *fa = arg;
    return viz_flowgraph(m->viz, fa->g, fa->changed, fa->color, fa->title, f,
                         pic, why, n);
}

void val_job_graphs(ModelRun *m, const char *job, MirProgram *after)
{
    char name[300];
    snprintf(name, sizeof name, "%s:flowgraph", job);
    if (!m->o0->log_prob || !after->log_prob) {
        note(m, name, "no log_prob to draw", false);
        return;
    }
    Flowgraph *a = fg_build(m->a, m->o0, &m->o0->log_prob);
    Flowgraph *b = fg_build(m->a, after, &after->log_prob);
    bool *ca = arena_alloc(m->a, (size_t)a->n + 1);
    bool *cb = arena_alloc(m->a, (size_t)b->n + 1);
    if (!viz_flowgraph_diff(a, b, ca, cb)) {
        note(m, name, "out of memory comparing the flowgraphs", true);
        return;
    }
    int na = 0, nb = 0;
    for (int i = 0; i < a->n; i++)
        na += ca[i];
    for (int i = 0; i < b->n; i++)
        nb += cb[i];
    FlowArg before = {a, ca, "#f4b6b6", arena_printf(m->a,
        "%s: log_prob before %s (%d of %d nodes changed, red)", m->name, job,
        na, a->n)};
    FlowArg later = {b, cb, "#b6e8b6", arena_printf(m->a,
        "%s: log_prob after %s (%d of %d nodes new or changed, green)",
        m->name, job, nb, b->n)};
    char rel[300];
    snprintf(name, sizeof name, "%s:flowgraph_before", job);
    snprintf(rel, sizeof rel, "%s/flowgraph_before", job);
    picture(m, name, rel, draw_flowgraph, &before);
    snprintf(name, sizeof name, "%s:flowgraph_after", job);
    snprintf(rel, sizeof rel, "%s/flowgraph_after", job);
    picture(m, name, rel, draw_flowgraph, &later);
}
