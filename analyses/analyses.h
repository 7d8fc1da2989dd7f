/* analyses.h - the analyses' table of contents: what pplbench tells a user
 * about a program by reading its MIR (which it never changes): pedantic
 * mode, the factor graph, uninitialized variables, memory patterns.
 * Each analysis's findings are data (a list, or diagnostics in the unit's
 * sink); the driver decides where they are printed. */
#ifndef PPL_ANALYSES_H
#define PPL_ANALYSES_H

#include <stdio.h>

#include "frontend.h"
#include "mir.h"

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
