/* trace_dot.c - the interpreter's trace of one log-density evaluation (the
 * extended Wengert list of mir/interp_trace.c) as a Graphviz picture
 * (viz.h: viz_trace).
 *
 * Each node of the list is a node of the picture, read top down in the
 * order it was evaluated: arguments and data as shaded ellipses,
 * constants and loop variables as plain ellipses, library calls as
 * rounded boxes "@i fn(@j, 0) = value", target increments as blue boxes,
 * returns with a double border, prints as notes.  Data flow: a solid
 * arrow from each node an operand refers to.  Control flow: each branch
 * taken ("goto §b since @i == false", a loop test, a ?: arm) is a yellow
 * diamond with a dashed blue arrow to the node evaluated next, labelled
 * with the block it goes to.  A user function's call is a cluster holding
 * its own list (to `levels` levels of nesting) with dotted arrows from the
 * caller's operands to the callee's arguments and from its return to the
 * call's node; deeper calls are boxes with a double border.
 *
 * Labels go through viz_label_escape and are cut short.  At most
 * VIZ_TRACE_MAX_NODES nodes are drawn (the first ones evaluated); a note
 * node says how many were left out, and the DOT stays valid. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viz_gv.h"

/* The longest label line drawn (operation, value), in characters. */
#define OP_MAX_CHARS 40
#define VALUE_MAX_CHARS 24

typedef struct TraceDraw {
    Agraph_t *root;
    int budget;             /* nodes that may still be drawn */
    int drawn, total;       /* nodes drawn; nodes the picture would have */
    bool oom;
} TraceDraw;

/* The nodes of one list that were drawn (NULL: not drawn). */
typedef struct ListNodes {
    Agnode_t **node;        /* [1..t->n] */
} ListNodes;

int viz_trace_size(const MirTrace *t, int levels)
{
    int n = t->n;
    for (int i = 0; i < t->n; i++)
        if (t->nodes[i].children && levels > 1)
            n += viz_trace_size(t->nodes[i].children, levels - 1);
    return n;
}

/* Operand k of nd as the picture writes it: @j, or the constant. */
static void put_operand(FILE *out, const MirTraceNode *nd, int k)
{
    if (nd->refs[k] > 0)
        fprintf(out, "@%d", nd->refs[k]);
    else
        fputs(nd->consts[k] ? nd->consts[k] : "?", out);
}

/* An operator as Stan writes it: @1 + @2, -@3, @4[@5], @6[@7] = @8
 * (the interpreter names operators by their symbol, indexing "[]" and an
 * indexed assignment "[]=").  False when nd is a named function. */
static bool put_operator(FILE *out, const MirTraceNode *nd)
{
    const char *fn = nd->fn ? nd->fn : "";
    unsigned char c = (unsigned char)fn[0];
    if (!c || c == '_' || isalpha(c))
        return false;
    if (strcmp(fn, "[]") == 0 && nd->nargs >= 2) {
        put_operand(out, nd, 0);
        fputc('[', out);
        for (int k = 1; k < nd->nargs; k++) {
            fputs(k > 1 ? ", " : "", out);
            put_operand(out, nd, k);
        }
        fputc(']', out);
    } else if (strcmp(fn, "[]=") == 0 && nd->nargs >= 3) {
        put_operand(out, nd, 0);
        fputc('[', out);
        for (int k = 1; k < nd->nargs - 1; k++) {
            fputs(k > 1 ? ", " : "", out);
            put_operand(out, nd, k);
        }
        fputs("] = ", out);
        put_operand(out, nd, nd->nargs - 1);
    } else if (nd->nargs == 1 && strcmp(fn, "'") == 0) {    /* postfix */
        put_operand(out, nd, 0);
        fputs(fn, out);
    } else if (nd->nargs == 1) {
        fputs(fn, out);
        put_operand(out, nd, 0);
    } else if (nd->nargs == 2) {
        put_operand(out, nd, 0);
        fprintf(out, " %s ", fn);
        put_operand(out, nd, 1);
    } else {
        return false;
    }
    return true;
}

/* The first line of nd's label (what it does), malloc'd. */
static char *op_text(const MirTraceNode *nd)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        return NULL;
    fprintf(out, "@%d: ", nd->index);
    switch (nd->kind) {
    case MT_ARG:
    case MT_CONST:
        fputs(nd->fn ? nd->fn : "", out);
        if (nd->kind == MT_CONST && nd->nargs) {
            fputs(" = ", out);
            put_operand(out, nd, 0);
        }
        break;
    case MT_PRIMITIVE:
        if (put_operator(out, nd))
            break;
        /* fallthrough */
    case MT_NESTED:
    case MT_PRINT:
        fprintf(out, "%s(", nd->fn ? nd->fn : "?");
        for (int k = 0; k < nd->nargs; k++) {
            if (k)
                fputs(", ", out);
            put_operand(out, nd, k);
        }
        fputc(')', out);
        break;
    case MT_BRANCH:
        if (nd->note && nd->expr)
            fputs(nd->note, out);
        else
            fprintf(out, "goto §%d", nd->to_block);
        break;
    case MT_RETURN:
        fputs("return", out);
        if (nd->nargs) {
            fputc(' ', out);
            put_operand(out, nd, 0);
        } else if (nd->fn) {
            fprintf(out, " %s", nd->fn);
        }
        break;
    case MT_TARGET:
        fprintf(out, "%s += ", nd->fn ? nd->fn : "target");
        if (nd->note)
            fprintf(out, "%s(", nd->note);
        if (nd->nargs)
            put_operand(out, nd, 0);
        if (nd->note)
            fputc(')', out);
        break;
    }
    if (fclose(out) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The second line of nd's label (its value, or why a branch went where it
 * did), malloc'd; NULL when it has none (*oom when memory ran out). */
static char *value_text(const MirTraceNode *nd, bool *oom)
{
    char text[256];
    if (nd->kind == MT_BRANCH) {
        const char *cond = nd->cond ? "true" : "false";
        if (nd->has_cond && nd->nargs && nd->refs[0] > 0)
            snprintf(text, sizeof text, "since @%d == %s", nd->refs[0], cond);
        else if (nd->has_cond)
            snprintf(text, sizeof text, "since %s == %s",
                     nd->nargs && nd->consts[0] ? nd->consts[0] : "?", cond);
        else if (nd->note && !nd->expr)
            snprintf(text, sizeof text, "(%s)", nd->note);
        else
            return NULL;
    } else if (nd->kind == MT_PRINT) {
        snprintf(text, sizeof text, "prints %s", nd->value ? nd->value
                                                            : "\"\"");
    } else if (nd->kind == MT_CONST && nd->nargs) {
        return NULL;        /* the first line says x = 0 */
    } else if (nd->value) {
        snprintf(text, sizeof text, "= %s", nd->value);
    } else {
        return NULL;
    }
    char *s = strdup(text);
    if (!s)
        *oom = true;
    return s;
}

/* Label obj with op on the first line and value (may be NULL) on the
 * second, each escaped and cut short. */
static void set_label(TraceDraw *d, void *obj, const char *op,
                      const char *value)
{
    if (!viz_set_two_lines(obj, op, OP_MAX_CHARS, value, VALUE_MAX_CHARS))
        d->oom = true;
}

static void style_node(Agnode_t *v, const MirTraceNode *nd, bool collapsed)
{
    switch (nd->kind) {
    case MT_ARG:
        viz_set(v, "shape", "ellipse");
        if (nd->expr != 0 || nd->block == 0) {    /* not a loop variable */
            viz_set(v, "style", "filled");
            viz_set(v, "fillcolor", "gray90");
        }
        break;
    case MT_CONST:
        viz_set(v, "shape", "ellipse");
        break;
    case MT_PRIMITIVE:
        viz_set(v, "shape", "box");
        viz_set(v, "style", "rounded");
        break;
    case MT_NESTED:
        viz_set(v, "shape", "box");
        viz_set(v, "style", "rounded,bold");
        if (collapsed)
            viz_set(v, "peripheries", "2");
        break;
    case MT_BRANCH:
        viz_set(v, "shape", "diamond");
        viz_set(v, "style", "filled");
        viz_set(v, "fillcolor", "lightyellow");
        viz_set(v, "margin", "0.02");
        break;
    case MT_RETURN:
        viz_set(v, "shape", "box");
        viz_set(v, "peripheries", "2");
        break;
    case MT_TARGET:
        viz_set(v, "shape", "box");
        viz_set(v, "style", "filled");
        viz_set(v, "fillcolor", "lightblue");
        break;
    case MT_PRINT:
        viz_set(v, "shape", "note");
        break;
    }
}

static Agedge_t *edge(TraceDraw *d, Agnode_t *from, Agnode_t *to)
{
    Agedge_t *e = agedge(d->root, from, to, NULL, 1);
    if (!e)
        d->oom = true;
    return e;
}

/* The k-th argument node (MT_ARG) of a callee's list, or 0. */
static int callee_arg(const MirTrace *t, int k)
{
    for (int i = 0, seen = 0; i < t->n; i++)
        if (t->nodes[i].kind == MT_ARG && seen++ == k)
            return i + 1;
    return 0;
}

static void draw_list(TraceDraw *d, Agraph_t *into, const MirTrace *t,
                      int levels, ListNodes *out);

/* Draw callee's list of call node nd (drawn as node number id) as a
 * cluster, and link the caller's operands into it. */
static void draw_call(TraceDraw *d, Agraph_t *into, const MirTraceNode *nd,
                      int id, int levels, const ListNodes *caller,
                      Agnode_t *call)
{
    const MirTrace *callee = nd->children;
    char cname[32];
    snprintf(cname, sizeof cname, "cluster_n%d", id);
    Agraph_t *c = agsubg(into, cname, 1);
    if (!c) {
        d->oom = true;
        return;
    }
    char title[160];
    snprintf(title, sizeof title, "%s (called at @%d)",
             nd->fn ? nd->fn : "?", nd->index);
    if (!viz_set_label(c, "label", title, OP_MAX_CHARS + 16))
        d->oom = true;
    viz_set(c, "style", "rounded,dashed");
    viz_set(c, "color", "gray50");
    ListNodes inner = {calloc((size_t)callee->n + 1, sizeof(Agnode_t *))};
    if (!inner.node) {
        d->oom = true;
        return;
    }
    draw_list(d, c, callee, levels, &inner);
    for (int k = 0; k < nd->nargs; k++) {
        int from = nd->refs[k], to = callee_arg(callee, k);
        if (from > 0 && to > 0 && caller->node[from] && inner.node[to]) {
            Agedge_t *e = edge(d, caller->node[from], inner.node[to]);
            if (e)
                viz_set(e, "style", "dotted");
        }
    }
    for (int i = callee->n; i >= 1; i--)
        if (callee->nodes[i - 1].kind == MT_RETURN && inner.node[i]) {
            Agedge_t *e = edge(d, inner.node[i], call);
            if (e)
                viz_set(e, "style", "dotted");
            break;
        }
    free(inner.node);
}

/* Draw t's nodes into the (sub)graph into, while the budget lasts, named
 * n1, n2 ... in the order they are drawn; nested lists to levels. */
static void draw_list(TraceDraw *d, Agraph_t *into, const MirTrace *t,
                      int levels, ListNodes *out)
{
    Agnode_t *branch = NULL;        /* a branch waiting for its target */
    int branch_to = 0;
    Agnode_t *last_target = NULL;   /* the last increment of target */
    for (int i = 1; i <= t->n && !d->oom; i++) {
        const MirTraceNode *nd = &t->nodes[i - 1];
        if (d->budget == 0)
            return;
        d->budget--;
        int id = ++d->drawn;
        char name[32];
        snprintf(name, sizeof name, "n%d", id);
        Agnode_t *v = agnode(into, name, 1);
        if (!v) {
            d->oom = true;
            return;
        }
        out->node[i] = v;
        bool expand = nd->children && levels > 1;
        style_node(v, nd, nd->kind == MT_NESTED && !expand);
        char *op = op_text(nd);
        char *value = value_text(nd, &d->oom);
        if (!op)
            d->oom = true;
        else
            set_label(d, v, op, value);
        free(op);
        free(value);
        for (int k = 0; k < nd->nargs; k++) {
            int r = nd->refs[k];
            if (r > 0 && r < i && out->node[r])
                edge(d, out->node[r], v);
        }
        if (branch) {
            Agedge_t *e = edge(d, branch, v);
            if (e) {
                char label[32];
                snprintf(label, sizeof label, "§%d", branch_to);
                viz_set(e, "style", "dashed");
                viz_set(e, "color", "blue");
                viz_set(e, "fontcolor", "blue");
                if (branch_to >= 0)
                    viz_set(e, "label", label);
            }
            branch = NULL;
        }
        if (nd->kind == MT_BRANCH) {
            branch = v;
            branch_to = nd->note && nd->expr ? -1 : nd->to_block;  /* ?: */
        }
        /* target's running sum: each increment, and the return of it */
        if (nd->kind == MT_TARGET
            || (nd->kind == MT_RETURN && !nd->nargs && nd->fn
                && strcmp(nd->fn, "target") == 0)) {
            if (last_target) {
                Agedge_t *e = edge(d, last_target, v);
                if (e) {
                    viz_set(e, "color", "steelblue");
                    viz_set(e, "penwidth", "1.5");
                }
            }
            last_target = v;
        }
        if (expand)
            draw_call(d, into, nd, id, levels - 1, out, v);
    }
}

int viz_trace(VizContext *vc, const MirTrace *t, const char *title,
              int levels, VizFormat want, VizPicture *pic, char *why,
              size_t n)
{
    memset(pic, 0, sizeof *pic);
    Agraph_t *root = viz_graph_open("trace");
    TraceDraw d = {.root = root, .budget = VIZ_TRACE_MAX_NODES};
    ListNodes top = {calloc((size_t)t->n + 1, sizeof(Agnode_t *))};
    int rc = -1;
    if (!root || !top.node) {
        snprintf(why, n, "out of memory drawing the trace");
        goto done;
    }
    if (levels < 1)
        levels = 1;
    d.total = viz_trace_size(t, levels);
    if (d.total > VIZ_TRACE_MAX_NODES)
        d.budget = VIZ_TRACE_MAX_NODES - 1;     /* room for the note */
    if (!viz_set_label(root, "label", title ? title : t->name, 120))
        d.oom = true;
    viz_set(root, "labelloc", "t");
    viz_set(root, "fontname", "Helvetica");
    viz_set(root, "fontsize", "12");
    viz_set(root, "nodesep", "0.25");
    viz_set(root, "ranksep", "0.3");
    agattr(root, AGNODE, "fontname", "Helvetica");
    agattr(root, AGNODE, "fontsize", "10");
    agattr(root, AGNODE, "margin", "0.06,0.03");
    agattr(root, AGNODE, "height", "0.3");
    agattr(root, AGEDGE, "arrowsize", "0.6");
    agattr(root, AGEDGE, "fontname", "Helvetica");
    agattr(root, AGEDGE, "fontsize", "9");
    agattr(root, AGEDGE, "color", "gray30");
    draw_list(&d, root, t, levels, &top);
    if (!d.oom && d.drawn < d.total) {
        Agnode_t *note = agnode(root, "left_out", 1);
        char text[160];
        snprintf(text, sizeof text, "not drawn: %d of %d nodes\n(the "
                 "first %d evaluated are shown)", d.total - d.drawn, d.total,
                 d.drawn);
        if (!note || !viz_set_label(note, "label", text, 0))
            d.oom = true;
        else
            viz_set(note, "shape", "note");
    }
    if (d.oom) {
        snprintf(why, n, "out of memory drawing the trace");
        goto done;
    }
    rc = want == VIZ_DOT ? viz_write_dot(root, pic, why, n)
                         : viz_render(vc, root, want, pic, why, n);
done:
    free(top.node);
    if (root)
        agclose(root);
    return rc;
}
