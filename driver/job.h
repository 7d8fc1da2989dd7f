/* job.h - the batch mode's jobs (job.c): a piece of work run in a child
 * process, in a process group of its own, with a time limit; and the
 * batch's reaction to SIGINT, SIGTERM, SIGHUP and SIGPIPE.
 *
 * A job that runs past its limit, or is running when the batch is asked
 * to stop, loses its whole process group (the C compiler's own children,
 * a sampler and anything it started): SIGTERM (and SIGCONT, for a stopped
 * one), then SIGKILL after DRV_JOB_GRACE_SECONDS.  Whatever is left of
 * the group when the job's first process ends is killed too, so no job
 * leaves a process behind.  The job's first process also dies with the
 * batch (Linux's parent-death signal) should the batch be killed outright
 * by SIGKILL. */
#ifndef PPL_JOB_H
#define PPL_JOB_H

/* Seconds between a job's SIGTERM and its SIGKILL. */
#define DRV_JOB_GRACE_SECONDS 5

typedef enum DrvJobEnd {
    DRV_JOB_EXITED,       /* it exited: code holds its exit code */
    DRV_JOB_KILLED,       /* a signal ended it: code holds the signal */
    DRV_JOB_TIMED_OUT,    /* it ran past its limit and was killed */
    DRV_JOB_INTERRUPTED,  /* the batch was asked to stop; it was killed */
    DRV_JOB_NOT_STARTED   /* fork failed: code holds errno */
} DrvJobEnd;

typedef struct DrvJobResult {
    DrvJobEnd end;
    int code;
    double seconds;       /* wall time from fork to its end */
} DrvJobResult;

/* Run body(arg) in a forked child that leads a new process group; the
 * child exits with what body returns (body may also exec).  The child
 * starts with SIGINT, SIGTERM, SIGHUP and SIGCHLD at their defaults and
 * no signal blocked.  timeout_seconds <= 0: no limit.  Standard I/O is
 * flushed before the fork.  Returns r->end. */
DrvJobEnd drv_job_run(int (*body)(void *arg), void *arg,
                      double timeout_seconds, DrvJobResult *r);

/* For the rest of the process, SIGINT, SIGTERM, SIGHUP and SIGPIPE (the
 * reader of the batch's output went away) ask the batch to stop instead
 * of ending it: the signal is recorded
 * (drv_job_stop_signal), the running job, if any, is killed, and the
 * caller winds down between its steps.  A signal that was ignored when
 * pplbench started (nohup's SIGHUP) stays ignored.  Also puts SIGCHLD
 * back to its default, which drv_job_run needs.  Call it before the first
 * rt_out_open, whose handler then runs first and passes the signal on. */
void drv_job_catch_signals(void);
/* The first of those signals received since drv_job_catch_signals, or
 * 0. */
int drv_job_stop_signal(void);
/* "SIGINT", "SIGTERM", "SIGHUP" or "SIGPIPE". */
const char *drv_job_signal_name(int sig);

#endif
