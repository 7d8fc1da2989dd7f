/* pipeline.h - one model's compilation after the frontend, protected:
 * lower to MIR, verify, transform, verify, optimize (the passes given, each
 * followed by mir_refresh and mir_verify: pass_run), emit C.
 *
 * An internal error anywhere below (an ICE(), or a MIR that mir_verify
 * rejects) ends this model's pipeline with DRV_PIPELINE_INTERNAL and its
 * message, never the process: the single-model command, the batch mode
 * and the validator run every model through drv_pipeline_run, so in a
 * corpus run an internal error is that model's error and the run goes on
 * to the next model. */
#ifndef PPL_PIPELINE_H
#define PPL_PIPELINE_H

#include <stddef.h>
#include <stdio.h>

#include "frontend.h"
#include "mir.h"
#include "passes.h"

/* How far to go. */
typedef enum DrvPipelineStop {
    DRV_PIPELINE_LOWERED,      /* the MIR as lowered (--debug-mir-pretty) */
    DRV_PIPELINE_TRANSFORMED,  /* after the backend's transformations */
    DRV_PIPELINE_OPTIMIZED,    /* after the passes */
    DRV_PIPELINE_EMITTED       /* the C of the optimized MIR, in memory */
} DrvPipelineStop;

typedef enum DrvPipelineStatus {
    DRV_PIPELINE_OK,
    DRV_PIPELINE_NOT_COMPILED, /* the backend cannot compile the program
                                  (or memory ran out): why says what */
    DRV_PIPELINE_INTERNAL      /* an internal compiler error: why is its
                                  message, without "Internal compiler
                                  error: " */
} DrvPipelineStatus;

typedef struct DrvPipeline {
    /* in */
    const char *path;          /* the model's file, for messages */
    const char *name;          /* the model's name in the C
                                  (emit_model_name_valid) */
    DrvPipelineStop stop;
    const PassInfo *const *passes;  /* the optimization: these npasses in */
    int npasses;                    /* order (none: the program as written) */
    FILE *mir_out;             /* not NULL: the MIR of the last stage is
                                  printed here (mir_pretty) */
    /* out */
    MirProgram *program;       /* the MIR of the last stage reached, in the
                                  unit's arena */
    char *c_code;              /* DRV_PIPELINE_EMITTED and OK: the C,
                                  malloc'd (the caller frees it); else NULL */
    size_t c_len;
    char why[1024];            /* not OK: the reason */
} DrvPipeline;

/* Run the checked model u (fe_compile succeeded) through the stages up to
 * pl->stop.  Whatever the outcome, nothing it allocated outside u's arena
 * is left but pl->c_code; u stays usable and is freed by fe_unit_free.
 * The recovery point of internal errors is this call's for its duration
 * (the caller's is restored). */
DrvPipelineStatus drv_pipeline_run(FeUnit *u, DrvPipeline *pl);

/* The two lines a driver prints for an internal error: "Internal compiler
 * error: MESSAGE" and the request to report it. */
void drv_pipeline_print_internal(FILE *out, const char *indent,
                                 const char *message);

#endif
