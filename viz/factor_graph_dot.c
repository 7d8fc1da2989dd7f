/* factor_graph_dot.c - the factor graph of analyses/factor_graph.c as a
 * Graphviz picture (viz.h: viz_factor_graph).  The graph reads top down as
 * the model generates: a factor sits below its arguments and above its
 * variate, so priors come first and the data last. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_gv.h"

/* The longest name, type and factor label drawn, in characters. */
#define NAME_MAX_CHARS 24
#define TYPE_MAX_CHARS 40
#define TERM_MAX_CHARS 22

typedef struct Draw {
    const FactorGraph *g;
    Agraph_t *root;
    Agraph_t **cluster;         /* per plate, once made */
    Agnode_t **var_node;        /* per variable, NULL when not drawn */
    Agnode_t **collapsed;       /* per plate: the box standing for it */
    bool collapse;              /* outermost plates are drawn as one box */
    bool oom;
} Draw;

/* e as the MIR printer shows it, malloc'd (NULL: out of memory). */
static char *expr_text(const MirProgram *p, const MirExpr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return NULL;
    if (e)
        mir_pretty_expr(mem, p, e);
    if (fclose(mem) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void put_args(FILE *out, const MirProgram *p, MirExpr *const *args,
                     int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", out);
        mir_pretty_expr(out, p, args[i]);
    }
}

/* A variable's declared type as Stan writes it: real<lower=0>,
 * vector<offset=mu, multiplier=tau>[J], array[N] int<lower=0>. */
static char *type_text(const MirProgram *p, const MirVar *v)
{
    const MirSized *s = &v->sized;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        return NULL;
    if (s->ndims) {
        fputs("array[", out);
        put_args(out, p, s->dims, s->ndims);
        fputs("] ", out);
    }
    if (s->keyword)
        fputs(s->keyword, out);
    else if (s->type)
        ty_print(out, ty_base(s->type));
    static const char *const bound_names[][2] = {
        [TR_LOWER] = {"lower", NULL}, [TR_UPPER] = {"upper", NULL},
        [TR_LOWER_UPPER] = {"lower", "upper"},
        [TR_OFFSET] = {"offset", NULL}, [TR_MULTIPLIER] = {"multiplier", NULL},
        [TR_OFFSET_MULTIPLIER] = {"offset", "multiplier"},
    };
    if (s->tr >= TR_LOWER && s->tr <= TR_OFFSET_MULTIPLIER) {
        /* a single bound may sit in either argument */
        const MirExpr *first = s->tr_a ? s->tr_a : s->tr_b;
        const MirExpr *second = bound_names[s->tr][1] ? s->tr_b : NULL;
        fprintf(out, "<%s=", bound_names[s->tr][0]);
        if (first)
            mir_pretty_expr(out, p, first);
        if (second) {
            fprintf(out, ", %s=", bound_names[s->tr][1]);
            mir_pretty_expr(out, p, second);
        }
        fputc('>', out);
    }
    if (s->nsizes) {
        fputc('[', out);
        put_args(out, p, s->size, s->nsizes);
        fputc(']', out);
    }
    if (fclose(out) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Two escaped lines "first\nsecond" (second may be NULL). */
static void set_two_lines(Draw *d, void *obj, const char *first, int max1,
                          const char *second, int max2)
{
    if (!viz_set_two_lines(obj, first, max1, second, max2))
        d->oom = true;
}

static void set_label(Draw *d, void *obj, const char *attr, const char *raw,
                      int max)
{
    if (!raw || !viz_set_label(obj, attr, raw, max))
        d->oom = true;
}

static bool var_used(const FactorGraph *g, int v, const int *nedges)
{
    return nedges[v] > 0 || g->vars[v].kind == FGV_PARAM
        || g->vars[v].kind == FGV_TPARAM;
}

/* A variable's look by its kind (data shaded, transformed dashed). */
static void style_var(Agnode_t *node, FgraphVarKind kind)
{
    viz_set(node, "shape", "ellipse");
    switch (kind) {
    case FGV_DATA:
        viz_set(node, "style", "filled");
        viz_set(node, "fillcolor", "#c8c8c8");
        break;
    case FGV_TDATA:
        viz_set(node, "style", "filled,dashed");
        viz_set(node, "fillcolor", "#e4e4e4");
        break;
    case FGV_PARAM:
        break;
    case FGV_TPARAM:
        viz_set(node, "style", "dashed");
        break;
    }
}

static void draw_var(Draw *d, int v)
{
    const FactorGraph *g = d->g;
    const FgraphVar *fv = &g->vars[v];
    char id[32];
    snprintf(id, sizeof id, "v%d", v);
    Agnode_t *node = agnode(d->root, id, 1);
    d->var_node[v] = node;
    char *type = type_text(g->p, &g->p->vars[fv->var]);
    set_two_lines(d, node, fv->name, NAME_MAX_CHARS, type ? type : "",
                  TYPE_MAX_CHARS);
    style_var(node, fv->kind);
    char *tip = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&tip, &len);
    if (out) {
        fprintf(out, "%s: %s (%s)", fv->name, type ? type : "?",
                fgraph_var_kind_name(fv->kind));
        if (fclose(out) == 0)
            set_label(d, node, "tooltip", tip, 0);
        else
            d->oom = true;
    } else {
        d->oom = true;
    }
    free(tip);
    free(type);
}

/* The cluster of plate k (made with its parents' on first use). */
static Agraph_t *plate_cluster(Draw *d, int k)
{
    if (d->cluster[k])
        return d->cluster[k];
    const FgraphPlate *pl = &d->g->plates[k];
    Agraph_t *parent = pl->parent >= 0 ? plate_cluster(d, pl->parent)
                                       : d->root;
    char id[32];
    snprintf(id, sizeof id, "cluster_p%d", k);
    Agraph_t *sub = agsubg(parent, id, 1);
    d->cluster[k] = sub;
    char *lo = expr_text(d->g->p, pl->lo), *hi = expr_text(d->g->p, pl->hi);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (out && lo && hi) {
        fprintf(out, "%s in %s:%s", pl->name, lo, hi);
        if (fclose(out) == 0)
            set_label(d, sub, "label", text, TERM_MAX_CHARS + 10);
        else
            d->oom = true;
    } else {
        if (out)
            fclose(out);
        d->oom = true;
    }
    free(text);
    free(lo);
    free(hi);
    viz_set(sub, "style", "rounded");
    viz_set(sub, "color", "#808080");
    viz_set(sub, "labeljust", "l");
    return sub;
}

static int outermost(const FactorGraph *g, int k)
{
    while (k >= 0 && g->plates[k].parent >= 0)
        k = g->plates[k].parent;
    return k;
}

/* The short label of a factor: its family, the function it calls, or its
 * term as the MIR printer shows it (cut). */
static char *factor_label(const FactorGraph *g, const FgraphFactor *f)
{
    if (f->dist)
        return strdup(f->dist);
    if (f->fn && f->term && f->term->kind == MX_CALL
        && f->term->op == OP_NONE)
        return strdup(f->fn);
    return expr_text(g->p, f->term);
}

/* The node of factor i, or of the box standing for its collapsed plate. */
static Agnode_t *draw_factor(Draw *d, int i)
{
    const FactorGraph *g = d->g;
    const FgraphFactor *f = &g->factors[i];
    char id[32];
    if (d->collapse && f->plate >= 0) {
        int top = outermost(g, f->plate);
        if (d->collapsed[top])
            return d->collapsed[top];
        int count = 0;
        for (int j = 0; j < g->nfactors; j++)
            count += g->factors[j].plate >= 0
                && outermost(g, g->factors[j].plate) == top;
        snprintf(id, sizeof id, "p%d", top);
        Agnode_t *plate_box = agnode(d->root, id, 1);
        d->collapsed[top] = plate_box;
        const FgraphPlate *pl = &g->plates[top];
        char *lo = expr_text(g->p, pl->lo), *hi = expr_text(g->p, pl->hi);
        char *head = NULL, *tail = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&head, &len);
        if (out) {
            fprintf(out, "for %s in %s:%s", pl->name, lo ? lo : "?",
                    hi ? hi : "?");
            fclose(out);
        }
        out = open_memstream(&tail, &len);
        if (out) {
            fprintf(out, "%d factors (collapsed)", count);
            fclose(out);
        }
        set_two_lines(d, plate_box, head ? head : "", TERM_MAX_CHARS + 10,
                      tail ? tail : "", 0);
        free(head);
        free(tail);
        free(lo);
        free(hi);
        viz_set(plate_box, "shape", "box3d");
        viz_set(plate_box, "style", "filled");
        viz_set(plate_box, "fillcolor", "#f0f0f0");
        return plate_box;
    }
    snprintf(id, sizeof id, "f%d", i);
    Agraph_t *where = f->plate >= 0 ? plate_cluster(d, f->plate) : d->root;
    Agnode_t *node = agnode(where, id, 1);
    char *label = factor_label(g, f);
    set_label(d, node, "label", label, TERM_MAX_CHARS);
    free(label);
    bool jacobian = f->kind == FGF_JACOBIAN || f->kind == FGF_JACOBIAN_CALL;
    viz_set(node, "shape", "box");
    viz_set(node, "style", "filled");
    viz_set(node, "fillcolor", jacobian ? "#707070" : "#202020");
    viz_set(node, "fontcolor", "white");
    viz_set(node, "fontsize", "10");
    viz_set(node, "height", "0.2");
    viz_set(node, "width", "0.2");
    viz_set(node, "margin", "0.05,0.02");
    char *term = expr_text(g->p, f->term);
    char *tip = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&tip, &len);
    if (out && term) {
        fprintf(out, "line %d: %s (%s)", f->span.begin.line, term,
                fgraph_factor_kind_name(f->kind));
        if (fclose(out) == 0)
            set_label(d, node, "tooltip", tip, 200);
    } else {
        if (out)
            fclose(out);
        d->oom = true;
    }
    free(tip);
    free(term);
    return node;
}

/* The one variable with a definition of its own (transformed data or
 * parameters) that factor f reads directly in this role (its variate, or
 * its arguments), or -1 when there are none or several.  Every variable f
 * reads only indirectly in that role then reaches f through it: those
 * indirect edges are that variable's dependencies. */
static int sole_derived_read(const FactorGraph *g, const FgraphFactor *f,
                             FgraphRole role)
{
    int found = -1;
    for (int k = 0; k < f->nedges; k++) {
        const FgraphEdge *e = &g->edges[f->first_edge + k];
        FgraphVarKind kind = g->vars[e->var].kind;
        if (!e->direct || e->role != role
            || (kind != FGV_TDATA && kind != FGV_TPARAM))
            continue;
        if (found >= 0 && found != e->var)
            return -1;
        found = e->var;
    }
    return found;
}

/* The variate of e's factor when the factor, inside a plate, draws one
 * element of e's variable (y[n] ~ normal(...), target += normal_lpdf(y[n]
 * | ...)): that indexed variable, else NULL.  Not with collapsed plates,
 * where a plate's factors are one box. */
static const MirExpr *indexed_variate(const Draw *d, const FgraphEdge *e)
{
    const FactorGraph *g = d->g;
    const FgraphFactor *f = &g->factors[e->factor];
    if (d->collapse || !e->partial || !e->direct || f->plate < 0 || !f->term
        || f->term->kind != MX_CALL || f->term->nargs < 1)
        return NULL;
    const MirExpr *v = f->term->args[0];
    if (v->kind != MX_INDEXED || v->nargs < 1 || v->args[0]->kind != MX_VAR
        || g->var_index[v->args[0]->var] != e->var)
        return NULL;
    return v;
}

static bool is_data(const FactorGraph *g, const FgraphEdge *e)
{
    return g->vars[e->var].kind == FGV_DATA;
}

/* The element a factor in a plate draws (indexed_variate), as its own
 * node y[n] inside the plate, with an arrow from the factor; a dotted
 * line joins it to the whole variable where that is drawn. */
static void draw_indexed(Draw *d, Agnode_t *factor, const FgraphEdge *e,
                         const MirExpr *variate)
{
    const FactorGraph *g = d->g;
    char id[32];
    snprintf(id, sizeof id, "x%d", (int)(e - g->edges));
    Agnode_t *node = agnode(plate_cluster(d, g->factors[e->factor].plate), id,
                            1);
    char *text = expr_text(g->p, variate);
    set_label(d, node, "label", text, NAME_MAX_CHARS + 10);
    free(text);
    style_var(node, g->vars[e->var].kind);
    Agedge_t *edge = agedge(d->root, factor, node, NULL, 1);
    viz_set(edge, "arrowhead", "normal");
    Agnode_t *whole = d->var_node[e->var];
    if (whole) {
        Agedge_t *part = agedge(d->root, whole, node, NULL, 1);
        viz_set(part, "style", "dotted");
        viz_set(part, "arrowhead", "none");
        viz_set(part, "color", "#909090");
    }
}

/* A dashed arrow from a variable to one defined from it. */
static void draw_definition(Draw *d, int from, int to)
{
    Agnode_t *a = d->var_node[from], *b = d->var_node[to];
    if (!a || !b || agedge(d->root, a, b, NULL, 0))
        return;
    Agedge_t *edge = agedge(d->root, a, b, NULL, 1);
    viz_set(edge, "style", "dashed");
    viz_set(edge, "color", "#606060");
}

static void draw_edge(Draw *d, Agnode_t *factor, const FgraphEdge *e,
                      const int derived[2])
{
    if (!e->direct && derived[e->role] >= 0) {
        /* drawn as the definition of the variable it comes through */
        draw_definition(d, e->var, derived[e->role]);
        return;
    }
    const MirExpr *element = indexed_variate(d, e);
    if (element) {
        draw_indexed(d, factor, e, element);
        return;
    }
    Agnode_t *var = d->var_node[e->var];
    if (!var)
        return;
    bool variate = e->role == FGR_VARIATE;
    Agnode_t *tail = variate ? factor : var, *head = variate ? var : factor;
    /* a collapsed plate reads or draws a variable once */
    if (agedge(d->root, factor, var, NULL, 0)
        || agedge(d->root, var, factor, NULL, 0))
        return;
    Agedge_t *edge = agedge(d->root, tail, head, NULL, 1);
    viz_set(edge, "arrowhead", variate ? "normal" : "none");
    if (!e->direct) {
        /* read only through other variables of the graph: drawn, but it
         * does not pull the layout */
        viz_set(edge, "style", "dotted");
        viz_set(edge, "color", "#909090");
        viz_set(edge, "constraint", "false");
    }
}

static void draw(Draw *d)
{
    const FactorGraph *g = d->g;
    int *nedges = calloc((size_t)g->nvars + 1, sizeof *nedges);
    if (!nedges) {
        d->oom = true;
        return;
    }
    for (int i = 0; i < g->nedges; i++)
        nedges[g->edges[i].var]++;
    /* elements drawn in their plates (y[n]) count as nodes; a data
     * variable drawn only as elements is not drawn whole (one with a
     * definition is: the arrows from what defines it go there) */
    int nvars = 0, nboxes = g->nfactors;
    for (int i = 0; i < g->nedges; i++)
        if (indexed_variate(d, &g->edges[i])) {
            nboxes++;
            nedges[g->edges[i].var] -= is_data(g, &g->edges[i]);
        }
    for (int v = 0; v < g->nvars; v++)
        nvars += var_used(g, v, nedges);
    if (nvars + nboxes > VIZ_FG_MAX_NODES) {
        d->collapse = true;
        nboxes = 0;
        for (int i = 0; i < g->nfactors; i++) {
            int p = g->factors[i].plate;
            bool first = true;
            for (int j = 0; p >= 0 && j < i; j++)
                if (g->factors[j].plate >= 0
                    && outermost(g, g->factors[j].plate) == outermost(g, p))
                    first = false;
            nboxes += first;
        }
        /* collapsed plates draw no elements: every variable whole again */
        for (int i = 0; i < g->nedges; i++) {
            d->collapse = false;
            nedges[g->edges[i].var] += indexed_variate(d, &g->edges[i])
                                       && is_data(g, &g->edges[i]);
            d->collapse = true;
        }
    }
    int budget = VIZ_FG_MAX_NODES - 1;  /* a note if anything is left out */
    int drawn = 0, left_vars = 0, left_factors = 0;
    for (int v = 0; v < g->nvars; v++) {
        if (!var_used(g, v, nedges))
            continue;
        if (drawn < budget) {
            draw_var(d, v);
            drawn++;
        } else {
            left_vars++;
        }
    }
    for (int i = 0; i < g->nfactors; i++) {
        const FgraphFactor *f = &g->factors[i];
        bool known = d->collapse && f->plate >= 0
            && d->collapsed[outermost(g, f->plate)];
        if (!known && drawn >= budget) {
            left_factors++;
            continue;
        }
        drawn += !known;
        Agnode_t *node = draw_factor(d, i);
        int derived[2] = {sole_derived_read(g, f, FGR_VARIATE),
                          sole_derived_read(g, f, FGR_ARGUMENT)};
        for (int k = 0; k < f->nedges; k++)
            draw_edge(d, node, &g->edges[f->first_edge + k], derived);
    }
    if (left_vars || left_factors) {
        Agnode_t *note = agnode(d->root, "left_out", 1);
        char text[160];
        snprintf(text, sizeof text, "not drawn: %d variables, %d factors "
                 "(more than %d nodes)", left_vars, left_factors,
                 VIZ_FG_MAX_NODES);
        set_label(d, note, "label", text, 0);
        viz_set(note, "shape", "note");
    }
    free(nedges);
}

int viz_factor_graph(VizContext *vc, const FactorGraph *g, VizFormat want,
                     VizPicture *pic, char *why, size_t n)
{
    memset(pic, 0, sizeof *pic);
    const char *model = g->p->name ? g->p->name : "model";
    Agraph_t *root = viz_graph_open("factor_graph");
    Draw d = {.g = g, .root = root};
    d.cluster = calloc((size_t)g->nplates + 1, sizeof *d.cluster);
    d.collapsed = calloc((size_t)g->nplates + 1, sizeof *d.collapsed);
    d.var_node = calloc((size_t)g->nvars + 1, sizeof *d.var_node);
    int rc = -1;
    if (!root || !d.cluster || !d.collapsed || !d.var_node) {
        snprintf(why, n, "out of memory drawing the factor graph");
        goto done;
    }
    char title[256];
    snprintf(title, sizeof title, "%s: factor graph", model);
    set_label(&d, root, "label", title, 80);
    viz_set(root, "labelloc", "t");
    viz_set(root, "fontname", "Helvetica");
    viz_set(root, "fontsize", "12");
    viz_set(root, "nodesep", "0.3");
    viz_set(root, "ranksep", "0.35");
    agattr(root, AGNODE, "fontname", "Helvetica");
    agattr(root, AGNODE, "fontsize", "11");
    agattr(root, AGEDGE, "arrowsize", "0.7");
    draw(&d);
    if (d.oom) {
        snprintf(why, n, "out of memory drawing the factor graph");
        goto done;
    }
    rc = want == VIZ_DOT ? viz_write_dot(root, pic, why, n)
                         : viz_render(vc, root, want, pic, why, n);
done:
    free(d.cluster);
    free(d.collapsed);
    free(d.var_node);
    if (root)
        agclose(root);
    return rc;
}
