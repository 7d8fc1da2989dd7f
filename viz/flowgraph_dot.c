/* flowgraph_dot.c - the flowgraph of a body of MIR (mir/flowgraph.c: one
 * node per simple statement and per test) as a Graphviz picture, and which
 * of its nodes a pass changed (viz.h: viz_flowgraph, viz_flowgraph_diff).
 *
 * "Changed" is decided on the printed statements: each node's one-line
 * text (viz_flowgraph_node_text) before and after the pass, in node order,
 * matched by a longest common subsequence (as a line diff matches lines);
 * a node with no partner in the other graph is changed.  So a statement
 * the pass rewrote shows as changed in both pictures, one it deleted in
 * the before picture only, one it added (a hoisted temporary) in the after
 * picture only, and a statement only moved past others shows where the
 * match could not keep it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_gv.h"

/* The longest statement drawn, in characters. */
#define STMT_MAX_CHARS 60
/* Above this many cells (before x after nodes), no LCS is made: every
 * node whose text differs at its own index counts as changed. */
#define LCS_MAX_CELLS (4L << 20)

char *viz_flowgraph_node_text(const Flowgraph *g, int i)
{
    const FgNode *nd = &g->nodes[i];
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        return NULL;
    const MirStmt *s = nd->stmt;
    switch (nd->kind) {
    case FG_ENTRY:
        fputs("entry", out);
        break;
    case FG_EXIT:
        fputs("exit", out);
        break;
    case FG_FOR_TEST:
        fprintf(out, "%s <= ", g->p->vars[s->var].name);
        mir_pretty_expr(out, g->p, s->hi);
        break;
    case FG_FOR_INCR:
        fprintf(out, "%s += 1", g->p->vars[s->var].name);
        break;
    default:
        if (s)
            mir_pretty_stmt_head(out, g->p, s);
        break;
    }
    if (fclose(out) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Every node's text; NULL when memory ran out. */
static char **node_texts(const Flowgraph *g)
{
    char **t = calloc((size_t)g->n + 1, sizeof *t);
    for (int i = 0; t && i < g->n; i++)
        if (!(t[i] = viz_flowgraph_node_text(g, i))) {
            for (int k = 0; k < i; k++)
                free(t[k]);
            free(t);
            return NULL;
        }
    return t;
}

static void free_texts(char **t, int n)
{
    for (int i = 0; t && i < n; i++)
        free(t[i]);
    free(t);
}

bool viz_flowgraph_diff(const Flowgraph *a, const Flowgraph *b,
                        bool *changed_a, bool *changed_b)
{
    char **ta = node_texts(a), **tb = node_texts(b);
    int n = a->n, m = b->n;
    int *len = NULL;
    bool ok = ta && tb;
    if (ok && (long)(n + 1) * (m + 1) <= LCS_MAX_CELLS)
        len = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof *len);
    for (int i = 0; ok && i < n; i++)
        changed_a[i] = true;
    for (int j = 0; ok && j < m; j++)
        changed_b[j] = true;
    if (ok && len) {
        /* len[i][j]: the LCS of a's nodes i.. and b's nodes j.. */
#define LCS(i, j) len[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
        for (int i = n - 1; i >= 0; i--)
            for (int j = m - 1; j >= 0; j--)
                LCS(i, j) = strcmp(ta[i], tb[j]) == 0 ? LCS(i + 1, j + 1) + 1
                          : LCS(i + 1, j) >= LCS(i, j + 1) ? LCS(i + 1, j)
                                                           : LCS(i, j + 1);
        for (int i = 0, j = 0; i < n && j < m;) {
            if (strcmp(ta[i], tb[j]) == 0) {
                changed_a[i++] = false;
                changed_b[j++] = false;
            } else if (LCS(i + 1, j) >= LCS(i, j + 1)) {
                i++;
            } else {
                j++;
            }
        }
#undef LCS
    } else if (ok) {
        for (int i = 0; i < n && i < m; i++)
            changed_a[i] = changed_b[i] = strcmp(ta[i], tb[i]) != 0;
    }
    free(len);
    free_texts(ta, n);
    free_texts(tb, m);
    return ok;
}

/* ------------------------------------------------------------- drawing */

typedef struct FlowDraw {
    const Flowgraph *g;
    Agraph_t *root;
    Agraph_t **loop_cluster;    /* per node: the innermost loop's cluster */
    Agnode_t **node;            /* per node, NULL when not drawn */
    int nclusters;
    bool oom;
} FlowDraw;

static void place(FlowDraw *d, const MirStmt *s, Agraph_t *into);

/* The nodes of statement s go into into, a for loop's test and increment
 * and a while's test into the loop's own cluster, with its body. */
static void place_one(FlowDraw *d, const MirStmt *s, Agraph_t *into)
{
    if (!s || d->oom)
        return;
    const Flowgraph *g = d->g;
    Agraph_t *inner = into;
    if (s->kind == MS_FOR || s->kind == MS_WHILE) {
        char name[32], *head = NULL;
        size_t len = 0;
        snprintf(name, sizeof name, "cluster_loop%d", ++d->nclusters);
        inner = agsubg(into, name, 1);
        FILE *out = open_memstream(&head, &len);
        if (out) {
            mir_pretty_stmt_head(out, g->p, s);
            if (fclose(out) != 0) {
                free(head);
                head = NULL;
            }
        }
        if (!inner || !head
            || !viz_set_label(inner, "label", head, STMT_MAX_CHARS)) {
            d->oom = true;
            free(head);
            return;
        }
        free(head);
        viz_set(inner, "style", "rounded,dashed");
        viz_set(inner, "color", "gray50");
        viz_set(inner, "labeljust", "l");
    }
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].stmt == s)
            d->loop_cluster[i] = g->nodes[i].kind == FG_FOR_INIT ? into
                                                                 : inner;
    place(d, s->body, inner);
    place(d, s->else_body, into);
}

static void place(FlowDraw *d, const MirStmt *s, Agraph_t *into)
{
    if (!s)
        return;
    if (s->kind == MS_BLOCK || s->kind == MS_SLIST) {
        for (int i = 0; i < s->nstmts; i++)
            place(d, s->stmts[i], into);
        return;
    }
    place_one(d, s, into);
}

/* Whether statement s is root or inside it. */
static bool within(const MirStmt *root, const MirStmt *s)
{
    if (!root)
        return false;
    if (root == s)
        return true;
    for (int i = 0; i < root->nstmts; i++)
        if (within(root->stmts[i], s))
            return true;
    return within(root->body, s) || within(root->else_body, s);
}

/* The label of the edge from a test (if, while, a for's test) to node j:
 * "true" into its body, "false" past it (into an if's else); NULL for
 * other nodes. */
static const char *branch_label(const Flowgraph *g, int i, int j)
{
    const FgNode *from = &g->nodes[i], *to = &g->nodes[j];
    if (from->kind != FG_IF && from->kind != FG_WHILE
        && from->kind != FG_FOR_TEST)
        return NULL;
    const MirStmt *s = from->stmt;
    bool in_then = to->stmt && to->stmt != s && within(s->body, to->stmt);
    if (in_then)
        return "true";
    if (from->kind == FG_IF && to->stmt && within(s->else_body, to->stmt))
        return "false";
    /* past the statement: an if with an empty arm goes there too */
    return from->kind == FG_IF && s->else_body && !s->body ? "true"
                                                           : "false";
}

static void draw_node(FlowDraw *d, int i, const bool *changed,
                      const char *color)
{
    const FgNode *nd = &d->g->nodes[i];
    char name[32];
    snprintf(name, sizeof name, "s%d", i);
    Agraph_t *into = d->loop_cluster[i] ? d->loop_cluster[i] : d->root;
    Agnode_t *v = agnode(into, name, 1);
    char *text = viz_flowgraph_node_text(d->g, i);
    if (!v || !text || !viz_set_label(v, "label", text, STMT_MAX_CHARS)) {
        d->oom = true;
        free(text);
        return;
    }
    free(text);
    d->node[i] = v;
    switch (nd->kind) {
    case FG_ENTRY:
    case FG_EXIT:
        viz_set(v, "shape", "oval");
        break;
    case FG_IF:
    case FG_WHILE:
    case FG_FOR_TEST:
        viz_set(v, "shape", "diamond");
        viz_set(v, "margin", "0.02");
        break;
    default:
        viz_set(v, "shape", "box");
        break;
    }
    if (changed && changed[i]) {
        viz_set(v, "style", "filled,bold");
        viz_set(v, "fillcolor", color);
    }
}

int viz_flowgraph(VizContext *vc, const Flowgraph *g, const bool *changed,
                  const char *color, const char *title, VizFormat want,
                  VizPicture *pic, char *why, size_t n)
{
    memset(pic, 0, sizeof *pic);
    Agraph_t *root = viz_graph_open("flowgraph");
    FlowDraw d = {.g = g, .root = root};
    d.loop_cluster = calloc((size_t)g->n + 1, sizeof *d.loop_cluster);
    d.node = calloc((size_t)g->n + 1, sizeof *d.node);
    int rc = -1;
    if (!root || !d.loop_cluster || !d.node) {
        snprintf(why, n, "out of memory drawing the flowgraph");
        goto done;
    }
    if (!viz_set_label(root, "label", title ? title : "flowgraph", 100))
        d.oom = true;
    viz_set(root, "labelloc", "t");
    viz_set(root, "fontname", "Helvetica");
    viz_set(root, "fontsize", "12");
    viz_set(root, "nodesep", "0.25");
    viz_set(root, "ranksep", "0.3");
    agattr(root, AGNODE, "fontname", "Courier");
    agattr(root, AGNODE, "fontsize", "10");
    agattr(root, AGNODE, "margin", "0.08,0.03");
    agattr(root, AGNODE, "height", "0.3");
    agattr(root, AGEDGE, "arrowsize", "0.6");
    agattr(root, AGEDGE, "color", "gray30");
    agattr(root, AGEDGE, "fontname", "Helvetica");
    agattr(root, AGEDGE, "fontsize", "9");
    place(&d, g->body ? *g->body : NULL, root);
    /* entry and exit always; the others in order while the budget lasts
     * (one node is kept for the note) */
    int budget = g->n > VIZ_FLOW_MAX_NODES ? VIZ_FLOW_MAX_NODES - 3 : g->n;
    int drawn = 0;
    for (int i = 0; i < g->n && !d.oom; i++) {
        bool ends = i == g->entry || i == g->exit;
        if (!ends && drawn >= budget)
            continue;
        draw_node(&d, i, changed, color);
        drawn += !ends;
    }
    for (int i = 0; i < g->n && !d.oom; i++)
        for (int k = 0; k < g->nodes[i].nsucc; k++) {
            int j = g->nodes[i].succ[k];
            if (!d.node[i] || !d.node[j])
                continue;
            Agedge_t *e = agedge(root, d.node[i], d.node[j], NULL, 1);
            const char *label = e ? branch_label(g, i, j) : NULL;
            if (!e)
                d.oom = true;
            if (label)
                viz_set(e, "label", label);
            else if (j < i && (g->nodes[j].kind == FG_FOR_TEST
                               || g->nodes[j].kind == FG_WHILE))
                /* back to a loop's test */
                viz_set(e, "style", "dashed");
        }
    int left = g->n - drawn - (g->entry != g->exit ? 2 : 1);
    if (!d.oom && left > 0) {
        Agnode_t *note = agnode(root, "left_out", 1);
        char text[160];
        snprintf(text, sizeof text, "not drawn: %d of %d nodes (more than "
                 "%d)", left, g->n, VIZ_FLOW_MAX_NODES);
        if (!note || !viz_set_label(note, "label", text, 0))
            d.oom = true;
        else
            viz_set(note, "shape", "note");
    }
    if (d.oom) {
        snprintf(why, n, "out of memory drawing the flowgraph");
        goto done;
    }
    rc = want == VIZ_DOT ? viz_write_dot(root, pic, why, n)
                         : viz_render(vc, root, want, pic, why, n);
done:
    free(d.loop_cluster);
    free(d.node);
    if (root)
        agclose(root);
    return rc;
}
