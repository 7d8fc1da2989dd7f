/* batch.h - one model of the batch mode: C, sampler, short chain,
 * summary under the output folder. */
#ifndef PPL_BATCH_H
#define PPL_BATCH_H

#include <stdio.h>

#include "frontend.h"

typedef struct DrvBatchOptions {
    const char *outdir;     /* out/ by default */
    int num_warmup, num_samples, seed;
} DrvBatchOptions;

enum {
    DRV_BATCH_SAMPLED,        /* built, sampled, summarized */
    DRV_BATCH_NOT_COMPILED,   /* the backend does not compile it yet */
    DRV_BATCH_FAILED          /* a compiler or sampler failure */
};

/* Build and sample the checked model u (from stan_path): its data is
 * NAME.data.json beside it when that exists.  One indented line of
 * progress goes to out.  Returns one of the codes above. */
int drv_batch_model(FeUnit *u, const char *stan_path,
                    const DrvBatchOptions *o, FILE *out);

#endif
