/* validate_jobs.h - the validator's jobs (validate_jobs.c): compiling a
 * model's objects and samplers into the cache, its probes, the timing
 * harness and the posterior chains; shared by validate.c only. */
#ifndef PPL_VALIDATE_JOBS_H
#define PPL_VALIDATE_JOBS_H

#include <stdbool.h>
#include <stddef.h>

#include "frontend.h"
#include "job.h"
#include "mir.h"
#include "report.h"
#include "validate.h"
#include "viz.h"

/* One model's validation: what validate.c and the jobs share. */
typedef struct ModelRun {
    const DrvValidateOptions *o;
    const char *path;           /* the model file */
    const char *name;           /* its stem */
    const char *dir;            /* OUT/NAME */
    const char *cache;          /* OUT/.cache */
    const char *data;           /* the data file, or NULL */
    const char **protect;       /* the run's inputs */
    int nprotect;
    FeUnit u;
    Arena *a;                   /* u.arena */
    MirProgram *o0;
    char *o0_mir;               /* its pretty text (malloc'd) */
    char o0_hash[17];           /* its C text's hash */
    const char *o0_probe;       /* the reference probe, or NULL */
    const char *o0_no_contexts; /* why its prior context is not compared
                                 * (RtModel.contexts_undefined), or NULL */
    const char *o0_exe;         /* the reference sampler */
    const char *o0_chain;       /* --posterior: its chain, or NULL */
    const char *o0_error;       /* why the reference could not be made */
    DrvReport rep;
    DrvSuite *suite;
    VizContext *viz;            /* --graphs: Graphviz's (one per process) */
} ModelRun;

double val_now_seconds(void);

/* validate_graphs.c, --graphs: the model's factor graph and (for a small
 * model) its trace; a job's flowgraphs of log_prob before and after, the
 * nodes it changed highlighted.  Each as DOT and PNG under OUT/MODEL,
 * linked from the suite's properties (graph:NAME); a failure is a notice
 * and a graph_note:NAME property, never the end of the run. */
void val_model_graphs(ModelRun *m);
void val_job_graphs(ModelRun *m, const char *job, MirProgram *after);

/* Write text (len bytes) to path atomically, never over an input: 0, or
 * -1 with why. */
int val_write_text(const ModelRun *m, const char *path, const char *text,
                   size_t len, char *why, size_t nwhy);
/* How a job ended, in words ("exited with status 1", "timed out ..."). */
void val_describe_end(const DrvJobResult *r, int timeout, char *out,
                      size_t n);
/* The last n bytes of a console file (malloc'd), or NULL. */
char *val_console_tail(const char *path, size_t n);
/* The objects every sampler and timing harness of the run links (each
 * role's main, the harness), compiled into OUT/.cache once: 0, or -1 after
 * a message. */
int val_prepare_objects(ModelRun *prep);
/* The sampler of the C text `hash` in a role ("ref" or "cand"), compiled
 * into the cache unless it is there: 0, or -1 with why and the compiler's
 * console tail in *details (malloc'd). */
int val_ensure_exe(ModelRun *m, const char *c_text, size_t c_len,
                   const char *hash, const char *role, const char *console,
                   const char **exe_out, char *why, size_t nwhy,
                   char **details);
/* Run exe's probe method into probe_path (errors as val_ensure_exe's). */
int val_run_probe(ModelRun *m, const char *exe, const char *probe_path,
                  const char *console, char *why, size_t nwhy,
                  char **details);
/* The candidate's gradient time over O0's, from the timing harness linked
 * with both objects: 0 with *ratio, or -1 with why. */
int val_measure_speed(ModelRun *m, const char *cand_hash, const char *dir,
                      double *ratio, char *why, size_t nwhy);
/* --posterior: exe's short NUTS chain into csv (unless it is there). */
int val_run_chain(ModelRun *m, const char *exe, const char *csv,
                  const char *console, char *why, size_t nwhy,
                  char **details);
/* 1 when every model column's mean agrees within POSTERIOR_Z standard
 * errors, 0 (with the first that does not in msg) when not, -1 when a
 * chain cannot be read. */
int val_compare_chains(ModelRun *m, const char *ref, const char *cand,
                       char *msg, size_t nmsg);

#endif
