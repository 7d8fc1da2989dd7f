/* validate.h - the validator (validate.c): each pass, each composition of
 * passes and each optimization level, applied on its own to every model of
 * a folder, proven by the compiled samplers to preserve behaviour.
 *
 * For a model and a job (a pass, "a+b" for passes applied in that order,
 * or a level "O1" / "Oexperimental"), the reference is the O0 program and
 * the candidate the job's output.  Both are emitted as C and compiled
 * (each C text once: the executables are cached by the text's hash under
 * OUT/.cache/, so O0 compiles once per model and a job that changes
 * nothing costs no compile), both samplers' `probe` method evaluates them
 * at the same seeded points (compare.h), and every check becomes a
 * testcase of the model's suite in the JUnit report (report.h).
 *
 * Products, per model and job:
 *   OUT/MODEL/JOB/before.mir   the O0 program's MIR
 *   OUT/MODEL/JOB/after.mir    the job's output
 *   OUT/MODEL/JOB/diff.txt     the unified diff of the two
 *   OUT/MODEL/JOB/NN-PASS.mir  for a level or composition: the MIR after
 *                              each pass of its pipeline
 *   OUT/MODEL/JOB/TAG.*.log     the C compiler's and the sampler's console
 *   OUT/MODEL/HASH.probe.json   the probes
 *   with --graphs, OUT/MODEL/factor_graph.{dot,png}, OUT/MODEL/trace.{dot,
 *   png} (small models), OUT/MODEL/JOB/flowgraph_{before,after}.{dot,png}
 *   (validate_graphs.c), linked from the report
 * and the report (OUT/report.xml unless --report names another file). */
#ifndef PPL_VALIDATE_H
#define PPL_VALIDATE_H

#include <stdbool.h>

#include "frontend.h"
#include "passes.h"

/* The flags the validator compiles both programs with: IEEE arithmetic in
 * the order the C states it (no reassociation, no contraction into fused
 * multiply-adds), so that a pass that only moves or deletes code gives the
 * same bits and "exact" means exact.  pplbench build's flags
 * (DRV_MODEL_CFLAGS) let the C compiler reassociate sums, which turns any
 * change of a loop's shape into a difference in the last bits. */
#define DRV_VALIDATE_CFLAGS "-O2 -ffp-contract=off"

/* The gradient bound of the exact policy (compare.h grad_rel): relative
 * to the gradient's largest component. */
#define DRV_VALIDATE_GRAD_REL 1e-12

/* The most jobs one run may have per model (--pairs of every pass). */
#define DRV_MAX_JOBS 512

typedef struct DrvJobSpec {
    char name[128];                      /* "lcm", "lcm+inline", "O1" */
    const PassInfo *passes[64];
    int npasses;
    bool level;                          /* a level's pipeline: bisected */
} DrvJobSpec;

typedef struct DrvValidateOptions {
    const char *outdir;                  /* OUT */
    const char *report;                  /* NULL: OUT/report.xml */
    const char *baseline;                /* --baseline OLD.xml, or NULL */
    DrvJobSpec *jobs;                    /* what to validate on each model */
    int njobs;
    int points;                          /* --points K (default 8) */
    int seed;
    int workers;                         /* -j N */
    int shard_k, shard_n;                /* --shard K/N (1/1: all) */
    int timeout_seconds;                 /* per compile and per probe */
    bool posterior;                      /* --posterior: short NUTS runs */
    bool graphs;                         /* --graphs: pictures (see
                                            validate_graphs.c) */
    const char *flags;                   /* the command line, for the report */
    const char *const *inputs;           /* every model and data file: no */
    int ninputs;                         /* product may replace one */
    const FeOptions *fe;
} DrvValidateOptions;

/* The jobs for --passes / --levels / --pairs: each named pass alone, then
 * their composition in the given order (when more than one), each level;
 * with neither passes nor levels, every pass alone and both levels.
 * Returns the number of jobs written to out (room for max), or -1 with a
 * message in why. */
int drv_validate_jobs(const PassInfo *const *passes, int npasses,
                      const PassLevel *levels, int nlevels, bool pairs,
                      DrvJobSpec *out, int max, char *why, size_t nwhy);

/* Validate every model of models[0..n) (paths of .stan files, in the
 * order to run them: sorted) that falls in the shard.  Progress on
 * stderr; the report written atomically at the end, also after a stop
 * signal (with what finished).  Exit status: 0 everything passed, 1 a
 * model has errors (a job could not run), 3 a validation failure, 2 usage
 * or I/O error, 128 + signal when stopped. */
int drv_validate(const DrvValidateOptions *o, char *const *models, int n);

#endif
