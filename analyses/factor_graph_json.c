/* factor_graph_json.c - the factor graph as JSON (jansson), the form
 * --factor-graph=FILE.json writes; the layout is in analyses.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analyses.h"

/* The longest label, in bytes: a term longer than that is cut with "...". */
#define FGRAPH_LABEL_MAX 60

/* The term as the MIR printer shows it (cut to FGRAPH_LABEL_MAX). */
static json_t *term_label(const FactorGraph *g, const FgraphFactor *f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return json_string("?");
    mir_pretty_expr(mem, g->p, f->term);
    fclose(mem);
    if (len > FGRAPH_LABEL_MAX)
        strcpy(buf + FGRAPH_LABEL_MAX - 3, "...");
    json_t *s = json_string(buf);
    free(buf);
    return s ? s : json_string("?");
}

static json_t *expr_text(const FactorGraph *g, const MirExpr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return json_string("?");
    mir_pretty_expr(mem, g->p, e);
    fclose(mem);
    json_t *s = json_string(buf);
    free(buf);
    return s ? s : json_string("?");
}

static json_t *graph_json(const FactorGraph *g)
{
    json_t *root = json_object();
    json_object_set_new(root, "model", json_string(g->p->name ? g->p->name
                                                              : ""));
    json_t *vars = json_array();
    for (int i = 0; i < g->nvars; i++) {
        const FgraphVar *v = &g->vars[i];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(v->name));
        json_object_set_new(o, "kind",
                            json_string(fgraph_var_kind_name(v->kind)));
        json_object_set_new(o, "int", json_boolean(v->is_int));
        json_array_append_new(vars, o);
    }
    json_object_set_new(root, "variables", vars);
    json_t *factors = json_array();
    for (int i = 0; i < g->nfactors; i++) {
        const FgraphFactor *f = &g->factors[i];
        json_t *o = json_object();
        json_object_set_new(o, "id", json_integer(i));
        json_object_set_new(o, "kind",
                            json_string(fgraph_factor_kind_name(f->kind)));
        json_object_set_new(o, "label", term_label(g, f));
        json_object_set_new(o, "distribution",
                            f->dist ? json_string(f->dist) : json_null());
        json_object_set_new(o, "context",
                            json_string(fgraph_context_name(f->context)));
        json_object_set_new(o, "line", json_integer(f->span.begin.line));
        json_object_set_new(o, "plate", f->plate >= 0
                                            ? json_integer(f->plate)
                                            : json_null());
        json_array_append_new(factors, o);
    }
    json_object_set_new(root, "factors", factors);
    json_t *edges = json_array();
    for (int i = 0; i < g->nedges; i++) {
        const FgraphEdge *e = &g->edges[i];
        json_t *o = json_object();
        json_object_set_new(o, "factor", json_integer(e->factor));
        json_object_set_new(o, "variable", json_string(g->vars[e->var].name));
        json_object_set_new(o, "role", json_string(e->role == FGR_VARIATE
                                                       ? "variate"
                                                       : "argument"));
        json_object_set_new(o, "direct", json_boolean(e->direct));
        json_array_append_new(edges, o);
    }
    json_object_set_new(root, "edges", edges);
    json_t *plates = json_array();
    for (int i = 0; i < g->nplates; i++) {
        const FgraphPlate *pl = &g->plates[i];
        json_t *o = json_object();
        json_object_set_new(o, "id", json_integer(i));
        json_object_set_new(o, "variable", json_string(pl->name));
        json_t *range = json_array();
        json_array_append_new(range, expr_text(g, pl->lo));
        json_array_append_new(range, expr_text(g, pl->hi));
        json_object_set_new(o, "range", range);
        json_object_set_new(o, "parent", pl->parent >= 0
                                             ? json_integer(pl->parent)
                                             : json_null());
        json_array_append_new(plates, o);
    }
    json_object_set_new(root, "plates", plates);
    return root;
}

int fgraph_write_json(FILE *out, const FactorGraph *g, char *why, size_t n)
{
    json_t *root = graph_json(g);
    if (!root) {
        snprintf(why, n, "out of memory building the factor graph's JSON");
        return -1;
    }
    errno = 0;
    int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (rc != 0 || fputc('\n', out) == EOF || ferror(out)) {
        snprintf(why, n, "error writing the factor graph: %s",
                 errno ? strerror(errno) : "write failed");
        return -1;
    }
    return 0;
}
