/* pedantic.h - analyses/ internal: what the pedantic checks share (the
 * context, the warning list, constant evaluation).  The public entry is
 * ped_check in analyses.h. */
#ifndef PPL_PEDANTIC_H
#define PPL_PEDANTIC_H

#include "analyses.h"
#include "vardeps.h"

/* One warning: where (or nowhere), what (its entry of the diagnostics
 * catalogue, frontend/diag.def: D_PED_*, and the text formatted), and the
 * variable it is about (-1: none), so that @silent on that declaration can
 * drop it. */
typedef struct PedWarning {
    bool has_span;
    Span span;
    DiagId id;
    const char *msg;
    VarId about;
} PedWarning;

typedef struct PedCtx {
    const MirProgram *p;
    DiagSink *sink;         /* where the warnings go (diag_where) */
    Arena *arena;           /* the sink's: messages outlive the checks */
    Arena scratch;          /* the checks' own memory */
    FactorGraph *graph;
    VarDeps *deps;          /* full (indices, loop bounds) */
    VarDeps *graph_deps;    /* of values, as the factor graph's */
    PedWarning *warnings;
    int nwarnings, cap;
    /* per VarId: how often it is assigned in log_prob, and its value when
     * that is once, whole, to a constant (a local such as z = 1 - 2) */
    int *nassign;
    const MirExpr **assigned;
} PedCtx;

/* Record warning id (D_PED_* of frontend/diag.def, formatted with the
 * arguments) at span, or nowhere when span is NULL, about variable `about`
 * (-1: none). */
void ped_warn(PedCtx *c, const Span *span, VarId about, DiagId id, ...);

/* A value known at compile time: the literal's text as stanc3 prints it
 * ("-100" for -100), its value and where the literal is (for -100 the
 * literal 100, as stanc3's partial evaluation keeps it). */
typedef struct PedConst {
    double value;
    const char *text;
    Span span;
} PedConst;
/* Whether e evaluates to a number at compile time: literals, -, +, *, /
 * of those, and locals assigned once with such a value. */
bool ped_const(PedCtx *c, const MirExpr *e, PedConst *out);

/* Whether a declaration carries @silent. */
bool ped_silent(const Annotation *annots, int n);

/* The parameter e is (a parameter read whole, not indexed), or -1. */
VarId ped_param_of(const PedCtx *c, const MirExpr *e);
/* A call's density family ("normal" for normal_lupdf), or NULL. */
const char *ped_density(PedCtx *c, const MirExpr *e);

/* Visit every MX_CALL expression of s (and sub-statements). */
void ped_each_call(PedCtx *c, const MirStmt *s,
                   void (*f)(PedCtx *c, const MirExpr *call,
                             const MirStmt *stmt));

/* The checks, one group per file. */
void ped_check_distributions(PedCtx *c);      /* pedantic_dist.c */
void ped_check_graph(PedCtx *c);              /* pedantic_graph.c */
void ped_check_flow(PedCtx *c);               /* pedantic_flow.c */

#endif
