/* viz_gv.h - the viz folder's own Graphviz helpers (graphviz.c, label.c),
 * shared by the files that build pictures; outside viz/ only the tests
 * include it. */
#ifndef PPL_VIZ_GV_H
#define PPL_VIZ_GV_H

#include <gvc.h>

#include "viz.h"

/* ============================ label.c ============================ */

/* raw as the text of a Graphviz label (an escString) that shows raw as it
 * is: each backslash doubled (so \N, \G ... are not substituted), each
 * line break (LF, CR, CRLF) the centred line end \n, tabs as spaces,
 * other control characters and bytes that are not UTF-8 as '?', cut to
 * max_chars characters (0: no limit) ending in "...".  The text never
 * ends in a backslash (a lone one ends in "\\\n", a line end that draws
 * nothing), so no DOT writer can run it into the closing quote.  Returns
 * a malloc'd string, or NULL when memory ran out. */
char *viz_label_escape(const char *raw, int max_chars);

/* =========================== graphviz.c =========================== */

/* A directed graph, named name cut to an identifier (letters, digits, '_';
 * cgraph writes names as they are), whose objects get ids in creation order (cgraph's
 * default uses the names' addresses), so that agwrite writes subgraphs in
 * the order they were made, the same in every run. */
Agraph_t *viz_graph_open(const char *name);

/* Set attribute attr of obj (a graph, node or edge) to value, declaring
 * it for its kind with the default "" first if needed. */
void viz_set(void *obj, const char *attr, const char *value);
/* The same with value = viz_label_escape(raw, max_chars); false when
 * memory ran out. */
bool viz_set_label(void *obj, const char *attr, const char *raw,
                   int max_chars);
/* obj's label as two escaped lines, first and second (second may be NULL
 * for one line), each cut to its own length; false when memory ran out. */
bool viz_set_two_lines(void *obj, const char *first, int max1,
                       const char *second, int max2);

/* g as DOT (agwrite) into a malloc'd buffer; -1 with why on failure. */
int viz_write_dot(Agraph_t *g, VizPicture *pic, char *why, size_t n);

/* Lay g out with dot and render it as want, falling back to SVG, then to
 * DOT, where vc cannot render want; gvFreeLayout is called before this
 * returns (the caller closes g).  -1 with why on failure. */
int viz_render(VizContext *vc, Agraph_t *g, VizFormat want, VizPicture *pic,
               char *why, size_t n);

#endif
