/* analyses.h - the analyses of a program's MIR, the table of contents of
 * analyses/.  Every analysis reads the MIR (as lowered: the program as
 * written) and never changes it; its results live in its own memory or in
 * the caller's diagnostic sink. */
#ifndef PPL_ANALYSES_H
#define PPL_ANALYSES_H

#include <stdbool.h>
#include <stdio.h>

#include "frontend.h"
#include "mir.h"

/* ================= factor_graph.c, factor_graph_json.c =================
 * The factor graph of the log density: one factor per term of target (each
 * `~`, each summand of a `target +=`, each call of an _lp function) and per
 * Jacobian term (each summand of a `jacobian +=`, each call of a _jacobian
 * function), one variable per data, transformed data, parameter and
 * transformed parameter, and an edge between a factor and every such
 * variable its value depends on -- read directly, or through local
 * variables and transformed parameters (the assignments that define them,
 * and the conditions they are assigned under).  An edge is marked variate
 * when the variable reaches the factor through its variate (the left of
 * `~`, the first argument of a density), argument otherwise.  The for loops
 * around a factor are its plates. */

typedef enum FgraphVarKind {
    FGV_DATA, FGV_TDATA, FGV_PARAM, FGV_TPARAM
} FgraphVarKind;

typedef struct FgraphVar {
    VarId var;              /* in the program's variable table */
    const char *name;
    FgraphVarKind kind;
    bool is_int;            /* an int (or array of int) variable */
} FgraphVar;

typedef enum FgraphFactorKind {
    FGF_TILDE,              /* y ~ dist(...) */
    FGF_TARGET,             /* a summand of target += */
    FGF_LP_CALL,            /* a call of an _lp function */
    FGF_JACOBIAN,           /* a summand of jacobian += */
    FGF_JACOBIAN_CALL       /* a call of a _jacobian function */
} FgraphFactorKind;

typedef enum FgraphRole { FGR_VARIATE, FGR_ARGUMENT } FgraphRole;

typedef struct FgraphEdge {
    int factor, var;        /* indices into factors[] and vars[] */
    FgraphRole role;
    bool direct;            /* the factor reads the variable itself or
                               through local variables (not only through
                               other variables of the graph) */
    bool partial;           /* a variate read through indices (y[n] ~) */
} FgraphEdge;

typedef struct FgraphFactor {
    FgraphFactorKind kind;
    Span span;              /* the statement's (a `~`), else the term's */
    const MirStmt *stmt;    /* the statement holding the term */
    const MirExpr *term;    /* the term (the density call of a `~`) */
    const char *dist;       /* a density's family ("normal"), or NULL */
    const char *fn;         /* the function called, or NULL */
    int plate;              /* the innermost enclosing plate, or -1 */
    int first_edge, nedges; /* its edges: edges[first_edge ..] */
} FgraphFactor;

typedef struct FgraphPlate {
    VarId loop_var;
    const char *name;       /* the loop variable's */
    Span span;              /* the for statement's */
    const MirExpr *lo, *hi;
    int parent;             /* the enclosing plate, or -1 */
} FgraphPlate;

typedef struct FactorGraph {
    Arena arena;            /* everything below lives here */
    const MirProgram *p;
    FgraphVar *vars;
    int nvars;
    int *var_index;         /* VarId -> index into vars, or -1 */
    FgraphFactor *factors;
    int nfactors;
    FgraphEdge *edges;      /* grouped by factor, in factor order */
    int nedges;
    FgraphPlate *plates;
    int nplates;
} FactorGraph;

/* The factor graph of p's log density (p as lowered, or transformed: only
 * log_prob, prepare_data and the user functions are read).  Free it with
 * fgraph_free; NULL when memory ran out. */
FactorGraph *fgraph_build(const MirProgram *p);
void fgraph_free(FactorGraph *g);
/* The edge between factor f and variable index v, or NULL. */
const FgraphEdge *fgraph_edge(const FactorGraph *g, int f, int v);
const char *fgraph_factor_kind_name(FgraphFactorKind k);
const char *fgraph_var_kind_name(FgraphVarKind k);

/* factor_graph_json.c: the graph as JSON (--factor-graph=FILE.json):
 * {"model", "variables": [{"name", "kind", "int"}], "factors": [{"id",
 * "kind", "label", "distribution", "line", "plate"}], "edges": [{"factor",
 * "variable", "role", "direct"}], "plates": [{"id", "variable", "range",
 * "parent"}]}.  Returns 0, or -1 with a message in why when the stream
 * could not be written. */
int fgraph_write_json(FILE *out, const FactorGraph *g, char *why, size_t n);

/* ======================= pedantic*.c: --warn-pedantic ====================
 * stanc3's pedantic mode: every kind of warning of the Stan user guide's
 * chapter, in stanc3's wording and at its locations, added to the sink as
 * warnings, sorted as stanc3 sorts them (those without a location first).
 * A declaration annotated @silent gets no warning about itself.  False
 * when memory for the factor graph ran out (nothing was added). */
bool ped_check(const MirProgram *p, DiagSink *sink);

#endif
