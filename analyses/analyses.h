/* analyses.h - the analyses' table of contents: what pplbench tells a user
 * about a program by reading its MIR (which it never changes): pedantic
 * mode, the factor graph, uninitialized variables, memory patterns.
 * Each analysis's findings are data (a list, or diagnostics in the unit's
 * sink); the driver decides where they are printed. */
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

/* The context a factor belongs to (issue 9, from Turing's contexts): the
 * log density in context prior sums the prior factors, in context
 * likelihood the likelihood factors, and joint = prior + likelihood.
 * fgraph_context decides, for every factor, in this one place (the
 * backend gates the emitted code with it: backend/emit_ctx.c):
 *   - a Jacobian term (jacobian +=, a _jacobian call) is prior;
 *   - a density (a `~`, a target += of a _lpdf/_lpmf call) is likelihood
 *     when its variate (the first argument) depends on data or transformed
 *     data, or on no variable at all; prior when it depends on parameters
 *     (or transformed parameters) only.  So `mu ~ normal(mu0, s0)` with
 *     mu0 given as data is a prior, `y ~ normal(mu, s)` with y data a
 *     likelihood, `(y - mu) ~ normal(0, s)` a likelihood;
 *   - a target += whose summands are not all densities has no variate: the
 *     whole statement is one context, by the same rule on everything its
 *     right-hand side reads: `target += -0.5 * square(mu)` is prior,
 *     `target += log_mix(th, a(y), b(y))` a likelihood, a constant a
 *     likelihood ("depends only on data").  Whole, because passes rewrite
 *     sums (partial-eval makes a*b + c one fma) and a context must not
 *     change under a pass (the validator compares the prior context).  A
 *     prior hand-written with a data hyperparameter (`-square(mu - mu0)`)
 *     reads data and counts as likelihood: write it as a density;
 *   - a call of an _lp function is one factor (all it adds to target goes
 *     to one context); its "variate" is its arguments, as for target +=.
 * Dependence is through the values assigned (contexts.c);
 * the conditions of the ifs around a factor, or around the assignments of
 * what it reads, do not count (a prior under `if (K > 0)` with K data
 * stays a prior, and one-step-unroll's `if (N >= 1)` changes nothing),
 * nor do indices and loop bounds
 * (y[g[n]] ~ ... reads y, not the index array g).  The truncation of a `~`
 * (T[L, U]) belongs to the `~`'s factor. */
typedef enum FgraphContext {
    FGC_PRIOR = 1, FGC_LIKELIHOOD = 2
} FgraphContext;

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
    FgraphContext context;  /* prior or likelihood (see FgraphContext) */
    const MirStmt *trunc;   /* a `~`'s truncation (an if after it), or NULL */
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
/* The factors and their contexts only (no variables' edges): linear in
 * the program, for the backend (backend/emit_ctx.c). */
FactorGraph *fgraph_build_contexts(const MirProgram *p);
void fgraph_free(FactorGraph *g);
/* The edge between factor f and variable index v, or NULL. */
const FgraphEdge *fgraph_edge(const FactorGraph *g, int f, int v);
const char *fgraph_factor_kind_name(FgraphFactorKind k);
const char *fgraph_var_kind_name(FgraphVarKind k);
const char *fgraph_context_name(FgraphContext c);   /* prior, likelihood */

/* factor_graph_json.c: the graph as JSON (--factor-graph=FILE.json):
 * {"model", "variables": [{"name", "kind", "int"}], "factors": [{"id",
 * "kind", "label", "distribution", "context", "line", "plate"}], "edges": [{"factor",
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

/* ============ uninit.c: --warn-uninitialized ============
 * A must-be-assigned (definitely assigned) analysis on the dataflow
 * framework (mir.h: fg_build, df_solve), over every function body and
 * every section of the MIR as lowered. */

/* Whether the analysis follows v: a transformed data, transformed
 * parameter, generated quantity or local variable.  Data and parameters
 * are assigned by definition, loop variables by their loop, function
 * arguments by the call; compiler temporaries are never reported. */
bool uninit_tracked(const MirProgram *p, VarId v);

/* The fixpoint on g: bit v of in[n] (out[n]): v is assigned on every path
 * from the body's entry to n's entry (exit).  A declaration unassigns its
 * variable; an assignment to it, whole or in part (x[i] = e), assigns it.
 * Variables not tracked, and those declared outside the body, are always
 * in the set; so is every variable at a node the entry does not reach. */
DfResult *uninit_assigned(Arena *a, const Flowgraph *g);

/* A read of a variable that may not have been assigned. */
typedef struct UninitUse {
    VarId var;
    const char *name;
    Span span;            /* the read's place in the source */
} UninitUse;

/* Every read of a tracked variable outside the set of its node, in every
 * function body and section of p: one per variable name and place (the
 * generated quantities repeat the transformed parameters' statements),
 * in source order; reads without a place in the source are left out.
 * Returns the number, the list in *uses (in a). */
int uninit_uses(Arena *a, MirProgram *p, UninitUse **uses);

/* uninit_uses as stanc3's warnings in sink ("The variable y may not have
 * been assigned a value before its use."); returns how many. */
int uninit_warn(MirProgram *p, DiagSink *sink);

/* ============ mem_patterns.c: --debug-mem-patterns ============ */

/* Print what the soa pass (mir/passes/soa.c) decided, in stanc3's form:
 * one line "TYPE NAME: SoA|AoS" per vector, row vector or matrix (or
 * array of them) declared in log_prob, in declaration order; then, for
 * every variable left AoS with a reason, "Optimization hazard warning
 * (Line L): SoA warning: REASON: NAMES", one line per line and reason
 * (the variables demoted together, comma-separated), in line order. */
void mem_print_patterns(FILE *out, const MirProgram *p);

#endif
