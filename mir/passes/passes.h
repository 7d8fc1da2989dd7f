/* passes.h - the optimization passes of the MIR, one file each in
 * mir/passes/, registered by name in one table (registry.c).
 *
 * A pass is a function from MIR to MIR: it rewrites the program it is
 * given in place (the caller gives it its own copy: mir_clone) and returns
 * whether it changed anything.  After every pass the runner recomputes the
 * per-node caches (mir_refresh) and re-checks the program (mir_verify); a
 * violation is an internal error that names the pass.
 *
 * Every pass respects the effect classes (mir.h MirEffect): it never
 * removes, duplicates or reorders a print, reject, fatal_error, RNG draw or
 * target change; never evaluates an expression the program would not have
 * evaluated; keeps size and constraint rejections; never inlines a
 * recursive function. */
#ifndef PPL_PASSES_H
#define PPL_PASSES_H

#include <stdbool.h>
#include <stddef.h>

#include "mir.h"

/* The optimization levels, as stanc3's --O0, --O1, --Oexperimental. */
typedef enum PassLevel {
    PASS_O0,
    PASS_O1,
    PASS_OEXPERIMENTAL,
    PASS_TEST_ONLY,       /* deliberately wrong passes for the validator's
                             own tests: never in a level, never listed */
    PASS_NONE             /* asked for by name only, never in a level
                             (instrumentation: profile); listed, validated */
} PassLevel;

/* What a pass may be run with. */
typedef struct PassCtx {
    Arena *a;             /* the program's arena (p->arena) */
    const char *pass;     /* the name of the pass running */
    FILE *log;            /* notes on what the pass did, or NULL */
} PassCtx;

typedef bool (*PassFn)(MirProgram *p, PassCtx *ctx);

typedef struct PassInfo {
    const char *name;     /* as in --passes and the report: "lcm" */
    PassFn run;
    PassLevel level;      /* the lowest level that runs it */
    /* how far the validator lets the candidate's numbers differ from the
     * O0 program's: 0 exactly (the pass moves or deletes code), otherwise
     * a relative bound (the pass changes floating point) */
    double rel_tol;
    const char *desc;     /* one line for --list-passes */
} PassInfo;

/* Every pass, in the order --list-passes prints them; a NULL name ends the
 * table. */
extern const PassInfo pass_table[];

/* The pass named name (test-only passes included), or NULL. */
const PassInfo *pass_find(const char *name);

/* The passes of a level in stanc3's phase order (a pass may appear more
 * than once), into out (room for max); the number.  O0 has none. */
int pass_pipeline(PassLevel level, const PassInfo **out, int max);
const char *pass_level_name(PassLevel level);

/* Run passes[0..n) in order on p: each pass, then mir_refresh, then
 * mir_verify.  changed (may be NULL) gets whether any pass changed
 * anything.  False with the reason in why (naming the pass) when a pass
 * leaves a program that fails verification; p is then not to be used. */
bool pass_run(MirProgram *p, const PassInfo *const *passes, int n,
              FILE *log, bool *changed, char *why, size_t nwhy);

/* Parse a comma-separated list of pass names ("lcm,inline") into out
 * (room for max); the number, or -1 with a message in why naming the
 * unknown pass (and the known ones). */
int pass_parse_list(const char *list, const PassInfo **out, int max,
                    char *why, size_t nwhy);

/* The passes, one function each (mir/passes/NAME.c). */
#define PASS(name, fn, level, tol, desc) bool fn(MirProgram *p, PassCtx *ctx);
#include "passes.def"
#undef PASS

#endif
