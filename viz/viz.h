/* viz.h - the pictures' table of contents: Graphviz graphs of what the
 * analyses find, built with cgraph and laid out and rendered with gvc.
 * Nothing here knows about files: a picture is rendered into memory and
 * the driver writes it (through rt_out_open, atomically).  Graphviz's own
 * types stay inside this folder (viz_gv.h). */
#ifndef PPL_VIZ_H
#define PPL_VIZ_H

#include <stdbool.h>
#include <stddef.h>

#include "analyses.h"

/* The formats a picture is written in. */
typedef enum VizFormat { VIZ_DOT, VIZ_SVG, VIZ_PNG } VizFormat;

/* ============================ graphviz.c ============================
 * One VizContext per process (it holds Graphviz's GVC_t, as Graphviz's
 * maintainers advise: created once, passed in, freed at exit), and the
 * formats its plugins can render, probed once with gvPluginList. */
typedef struct VizContext VizContext;

/* NULL when Graphviz's context could not be made. */
VizContext *viz_open(void);
void viz_close(VizContext *vc);
/* Whether vc lays out with dot and renders f (VIZ_DOT: always). */
bool viz_can_render(const VizContext *vc, VizFormat f);

/* The format a path's extension names (".dot", ".gv", ".svg", ".png");
 * false for any other. */
bool viz_format_of_path(const char *path, VizFormat *f);
/* "dot", "svg", "png": the extension of a format. */
const char *viz_format_name(VizFormat f);

/* A rendered picture, in memory. */
typedef struct VizPicture {
    VizFormat format;       /* what was rendered (see viz_factor_graph) */
    char *data;
    size_t len;
    bool from_gvc;          /* data is gvRenderData's (else malloc's) */
} VizPicture;

void viz_picture_free(VizPicture *pic);

/* ========================= factor_graph_dot.c =========================
 * The factor graph as a picture: variables as ellipses (data shaded,
 * transformed data shaded and dashed, parameters plain, transformed
 * parameters dashed), factors as small filled boxes labelled with the
 * distribution (or the function, or the term), an arrow from a factor to
 * its variate and a plain line from an argument to its factor (dotted
 * when the factor reads it only through other variables of the graph),
 * for loops as clusters labelled "n in 1:N" (a factor in one that draws
 * an element, y[n] ~ ..., points to the element y[n] drawn inside it,
 * joined by a dotted line to y where y is drawn whole), a dashed arrow
 * from a variable to a transformed one defined from it (where a factor
 * reads the first only through the second).  Data and transformed data no
 * factor reads are left out.  A graph of more than VIZ_FG_MAX_NODES nodes
 * is drawn with its outermost plates collapsed into one box each, and cut
 * at VIZ_FG_MAX_NODES with a note saying what was left out. */
#define VIZ_FG_MAX_NODES 120

/* Render g as want: VIZ_DOT is the graph before layout (deterministic,
 * vc may be NULL); VIZ_PNG and VIZ_SVG are laid out with dot.  When vc
 * cannot render want (no PNG plugin), falls back to SVG, then to DOT:
 * pic->format says which was made.  Returns 0, or -1 with a message in
 * why. */
int viz_factor_graph(VizContext *vc, const FactorGraph *g, VizFormat want,
                     VizPicture *pic, char *why, size_t n);

/* ============================ trace_dot.c ============================
 * The trace of one log-density evaluation (mir.h: MirTrace, the
 * interpreter's extended Wengert list) as a picture: one node per list
 * node in evaluation order, solid arrows for data flow, yellow diamonds
 * for the branches taken with a dashed blue arrow to where control went,
 * user functions' lists as clusters to levels of nesting (1: the top list
 * only).  At most VIZ_TRACE_MAX_NODES nodes are drawn (the first
 * evaluated), with a note saying how many were left out. */
#define VIZ_TRACE_MAX_NODES 150

/* How many nodes t drawn to levels has (before the cap). */
int viz_trace_size(const MirTrace *t, int levels);
/* Render t as want (as viz_factor_graph: VIZ_DOT before layout, the
 * fallbacks, pic->format); title labels the picture (NULL: t's name). */
int viz_trace(VizContext *vc, const MirTrace *t, const char *title,
              int levels, VizFormat want, VizPicture *pic, char *why,
              size_t n);

/* =========================== flowgraph_dot.c ===========================
 * A flowgraph (mir.h: fg_build) as a picture: statements as boxes in a
 * fixed-width font, tests (if, while, a for's bound test) as diamonds,
 * entry and exit as ovals, for and while loops as dashed clusters labelled
 * with their head, edges back to a loop's test dashed, a test's edges
 * labelled true (into its body) and false.  The nodes marked
 * in changed (may be NULL) are filled with color.  At most
 * VIZ_FLOW_MAX_NODES nodes are drawn (in node order), with a note saying
 * how many were left out. */
#define VIZ_FLOW_MAX_NODES 200

/* One line saying what node i of g does: its statement as the MIR dumps
 * print it (mir_pretty_stmt_head), "n <= N" for a for's test, "n += 1" for
 * its increment, "entry", "exit".  malloc'd; NULL when memory ran out. */
char *viz_flowgraph_node_text(const Flowgraph *g, int i);
/* Which nodes a pass changed, from a (before) and b (after): the longest
 * common subsequence of their nodes' texts (viz_flowgraph_node_text, in
 * node order) is unchanged; every node of a (changed_a[0..a->n)) and of b
 * (changed_b[0..b->n)) outside it is changed.  False when memory ran
 * out. */
bool viz_flowgraph_diff(const Flowgraph *a, const Flowgraph *b,
                        bool *changed_a, bool *changed_b);
/* Render g as want (as viz_factor_graph), titled title. */
int viz_flowgraph(VizContext *vc, const Flowgraph *g, const bool *changed,
                  const char *color, const char *title, VizFormat want,
                  VizPicture *pic, char *why, size_t n);

#endif
