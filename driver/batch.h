/* batch.h - one model of the batch mode: C, sampler, short chain,
 * summary, each under the model's own folder of the output folder. */
#ifndef PPL_BATCH_H
#define PPL_BATCH_H

#include <stddef.h>
#include <stdio.h>

#include "frontend.h"

/* The default time limit of one job (a C compile, a sampler run). */
#define DRV_BATCH_TIMEOUT_SECONDS 600

typedef struct DrvBatchOptions {
    const char *outdir;     /* out/ by default */
    int num_warmup, num_samples, seed;
    int timeout_seconds;    /* per job; 0: no limit */
    /* every input of the batch (the models, their data files), which no
     * product may replace: a product that is one of them (same device and
     * inode) is refused */
    const char *const *inputs;
    int ninputs;
} DrvBatchOptions;

enum {
    DRV_BATCH_SAMPLED,        /* built, sampled, summarized */
    DRV_BATCH_NOT_COMPILED,   /* the backend does not compile it yet */
    DRV_BATCH_INTERNAL_ERROR, /* an internal compiler error (a bug of
                                 pplbench's): nothing was built */
    DRV_BATCH_FAILED,         /* the C compiler or the sampler failed */
    DRV_BATCH_TIMED_OUT,      /* a job ran past the time limit: killed */
    DRV_BATCH_WRITE_FAILED,   /* a product could not be written (an I/O
                                 error, or it would replace an input) */
    DRV_BATCH_INTERRUPTED     /* the batch was asked to stop (a signal:
                                 drv_job_stop_signal) */
};

/* Build and sample the checked model u (from stan_path): its data is
 * NAME.data.json beside it when that exists.  The products go into the
 * folder OUTDIR/NAME/ (NAME the file name less .stan), made if needed:
 *   NAME.c            the emitted C
 *   NAME              the sampler
 *   NAME.csv          the draws (Stan CSV)
 *   NAME.log          the C compiler's and the sampler's console
 *   NAME.summary.txt  the posterior summary of the draws
 * Each is replaced only by a complete file (rt_out_open, or a rename from
 * the job's working folder OUTDIR/NAME/.job.XXXXXX, which is removed
 * however the job ends), and the draws and the summary only by those of a
 * run that succeeded.  Each job runs under drv_job_run with
 * o->timeout_seconds.  Indented lines of progress go to out.  Returns one
 * of the codes above; after DRV_BATCH_INTERRUPTED nothing of this model's
 * unfinished work is left and the caller stops. */
int drv_batch_model(FeUnit *u, const char *stan_path,
                    const DrvBatchOptions *o, FILE *out);

/* Take the batch lock of outdir (an existing folder): an exclusive fcntl
 * lock on OUTDIR/.pplbench.lock, held until the returned descriptor is
 * closed or the process ends.  -1 with a message in why when another
 * process holds it or the lock file cannot be opened. */
int drv_batch_lock(const char *outdir, char *why, size_t nwhy);

#endif
