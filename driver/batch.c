/* batch.c - one model of the batch mode (`pplbench corpus/`): emit its C,
 * compile the sampler, run a short chain, summarize the draws; and the
 * lock that keeps two batches out of one output folder.
 *
 * Layout: every product of model NAME goes into OUT/NAME/ (batch.h), so
 * no product is named after another file's name with a suffix added (with
 * the products beside the inputs, a.data.json.stan's sampler was
 * a.data.json, a's data), and every product is checked against the
 * batch's inputs by device and inode before it is written.
 *
 * Atomicity: the batch's own files (the C, the log, the summary) are
 * written through rt_out_open and committed when complete; the log is
 * committed once the model is done, so an interrupted run leaves the last
 * complete log.  The jobs write their consoles into files of the working
 * folder below, which the batch copies into the log when a job has ended,
 * so the log is only ever written by the batch.  The C compiler and the
 * sampler are other processes that
 * may be killed at any moment (time limit, interrupt), and a process
 * killed by SIGKILL cannot remove its temporaries, nor can the batch know
 * their names (the linker makes its own).  So the two jobs write into a
 * working folder of their own, OUT/NAME/.job.XXXXXX (the compiler's
 * temporary files too, through TMPDIR); the batch renames a finished
 * product out of it, and removes the folder with whatever is left in it
 * when the model is done, however its jobs ended. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend.h"
#include "batch.h"
#include "build.h"
#include "job.h"
#include "pipeline.h"
#include "pplrt.h"
#include "summary.h"

/* One model on its way through the batch. */
typedef struct Model {
    FeUnit *u;
    const DrvBatchOptions *o;
    FILE *out;                 /* progress */
    const char *name;          /* the file name less .stan */
    const char *dir;           /* OUT/NAME */
    const char *cfile, *exe, *csv, *log, *summary;   /* in dir */
    const char *data;          /* NAME.data.json beside the model, or NULL */
    const char **protect;      /* the batch's inputs and this model's */
    int nprotect;              /* included files */
    RtOutFile *logf;           /* the log, until the model is done */
    char *stage;               /* the jobs' working folder, or NULL */
} Model;

/* ------------------------------------------------------------ the lock */

int drv_batch_lock(const char *outdir, char *why, size_t nwhy)
{
    size_t n = strlen(outdir) + sizeof "/.pplbench.lock";
    char *path = malloc(n);
    if (!path) {
        snprintf(why, nwhy, "out of memory locking %s", outdir);
        return -1;
    }
    snprintf(path, n, "%s/.pplbench.lock", outdir);
    /* O_NOFOLLOW and O_NONBLOCK: a link or a fifo planted under that name
     * is neither followed nor waited on */
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK,
                  0666);
    struct stat st;
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fd < 0) {
        snprintf(why, nwhy, "cannot open the lock file %s: %s", path,
                 strerror(errno));
    } else if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, nwhy, "cannot lock %s: %s is not a regular file",
                 outdir, path);
    } else if (fcntl(fd, F_SETLK, &lk) != 0) {
        if (errno == EACCES || errno == EAGAIN)
            snprintf(why, nwhy, "another pplbench batch is writing to %s "
                     "(it holds the lock %s); wait until it ends or give "
                     "another --out", outdir, path);
        else
            snprintf(why, nwhy, "cannot lock %s: %s", path, strerror(errno));
    } else {
        free(path);
        return fd;
    }
    if (fd >= 0)
        close(fd);
    free(path);
    return -1;
}

/* ------------------------------------------------------------ helpers */

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

/* Remove the jobs' working folder with everything in it. */
static void remove_stage(Model *m)
{
    if (!m->stage)
        return;
    nftw(m->stage, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    m->stage = NULL;
}

/* A line for the log (when it is open). */
static void log_line(Model *m, const char *what)
{
    if (m->logf)
        fprintf(rt_out_stream(m->logf), "pplbench: %s\n", what);
}

/* Append a job's console (a file in the working folder) to the log.  The
 * jobs do not write the log themselves: it is the batch's stream, and a
 * job killed half-way must not leave anything in it but what the batch
 * copies. */
static void log_console(Model *m, const char *console)
{
    FILE *in = fopen(console, "r");
    if (!in || !m->logf) {
        if (in)
            fclose(in);
        return;
    }
    FILE *out = rt_out_stream(m->logf);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            break;
    fclose(in);
}

/* The end of the model: the log committed (aborted when the batch was
 * interrupted: the last complete log stays), the working folder removed.
 * A log that cannot be written turns the result into a write failure. */
static int finish(Model *m, int result)
{
    remove_stage(m);
    if (result == DRV_BATCH_INTERRUPTED || drv_job_stop_signal()) {
        rt_out_abort(m->logf);
        m->logf = NULL;
        return DRV_BATCH_INTERRUPTED;
    }
    RtError err = {.msg = ""};
    if (rt_out_commit(m->logf, &err) != 0) {
        m->logf = NULL;
        if (drv_job_stop_signal())   /* the temporary went with a signal */
            return DRV_BATCH_INTERRUPTED;
        fprintf(m->out, "    write FAILED: %s\n", err.msg);
        return DRV_BATCH_WRITE_FAILED;
    }
    m->logf = NULL;
    return result;
}

static int write_failed(Model *m, const char *msg)
{
    if (drv_job_stop_signal())
        return finish(m, DRV_BATCH_INTERRUPTED);
    fprintf(m->out, "    write FAILED: %s\n", msg);
    log_line(m, msg);
    return finish(m, DRV_BATCH_WRITE_FAILED);
}

/* Move the finished product from (in the working folder) to to, unless
 * to is one of the inputs. */
static int move_product(Model *m, const char *from, const char *to,
                        RtError *err)
{
    if (rt_out_check(to, m->protect, m->nprotect, err) != 0)
        return -1;
    if (rename(from, to) != 0)
        return rt_error(err, "cannot move %s to %s: %s", from, to,
                        strerror(errno));
    return 0;
}

/* ----------------------------------------------------------- the steps */

/* The model's C, in memory (*buf malloc'd), through the protected
 * pipeline (pipeline.h): DRV_PIPELINE_OK, or another status with why. */
static DrvPipelineStatus emit_to_memory(Model *m, const char *stan_path,
                                        char **buf, size_t *len, char *why,
                                        size_t n)
{
    DrvPipeline pl = {.path = stan_path, .stop = DRV_PIPELINE_EMITTED,
                      .name = emit_model_name(&m->u->arena, m->name)};
    DrvPipelineStatus status = drv_pipeline_run(m->u, &pl);
    *buf = pl.c_code;
    *len = pl.c_len;
    snprintf(why, n, "%s", pl.why);
    return status;
}

/* OUT/NAME, made if needed; a link or a file of that name is refused. */
static int make_folder(Model *m, RtError *err)
{
    if (mkdir(m->dir, 0777) == 0)
        return 0;
    if (errno != EEXIST)
        return rt_error(err, "cannot create the folder %s: %s", m->dir,
                        strerror(errno));
    struct stat st;
    if (lstat(m->dir, &st) != 0)
        return rt_error(err, "cannot use the folder %s: %s", m->dir,
                        strerror(errno));
    if (S_ISDIR(st.st_mode))
        return 0;
    if (rt_out_check(m->dir, m->protect, m->nprotect, err) != 0)
        return -1;   /* an input: the message names it */
    return rt_error(err, "cannot put the products in %s/: it exists and is "
                    "not a folder%s; remove it or give another --out",
                    m->dir, S_ISLNK(st.st_mode)
                    ? " (a symbolic link is not followed)" : "");
}

static int write_whole(const char *path, const char *buf, size_t len,
                       const Model *m, RtError *err)
{
    RtOutFile *f = rt_out_open(path, m->protect, m->nprotect, err);
    if (!f)
        return -1;
    /* the errno of a failed fwrite is the reason; by commit time the
     * stream only remembers that something failed */
    errno = 0;
    if (fwrite(buf, 1, len, rt_out_stream(f)) != len) {
        int e = errno ? errno : EIO;
        rt_out_abort(f);
        return rt_error(err, "error writing %s: %s", path, strerror(e));
    }
    return rt_out_commit(f, err);
}

/* --------------------------------------------------------------- jobs */

typedef struct CompileJob {
    const Model *m;
    const char *exe;       /* in the working folder */
    const char *console;   /* the compiler's messages, there too */
} CompileJob;

/* In the job's process: the compiler's temporaries go to the working
 * folder too (TMPDIR). */
static int compile_body(void *arg)
{
    const CompileJob *j = arg;
    FILE *console = fopen(j->console, "w");
    if (!console) {
        fprintf(stderr, "pplbench: cannot write %s: %s\n", j->console,
                strerror(errno));
        return 127;
    }
    if (setenv("TMPDIR", j->m->stage, 1) != 0)
        fprintf(console, "pplbench: cannot set TMPDIR: %s\n",
                strerror(errno));
    DrvBuildOptions bo = {.protect = j->m->protect,
                          .nprotect = j->m->nprotect};
    int rc = drv_compile_c(j->m->cfile, j->exe, &bo, console);
    return fclose(console) == 0 && rc == 0 ? 0 : 1;
}

typedef struct SampleJob {
    const Model *m;
    char **argv;
    const char *console;   /* its standard output and error */
} SampleJob;

/* In the job's process: the sampler, run in the working folder, with no
 * input. */
static int sample_body(void *arg)
{
    const SampleJob *j = arg;
    int console = open(j->console, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (console < 0)
        fprintf(stderr, "pplbench: cannot write %s: %s\n", j->console,
                strerror(errno));
    int null = open("/dev/null", O_RDONLY);
    if (console < 0 || null < 0 || dup2(null, 0) < 0 || dup2(console, 1) < 0
        || dup2(console, 2) < 0 || chdir(j->m->stage) != 0) {
        if (console >= 0)
            dprintf(console, "pplbench: cannot start the sampler: %s\n",
                    strerror(errno));
        return 127;
    }
    execv(j->argv[0], j->argv);
    dprintf(2, "pplbench: cannot run %s: %s\n", j->argv[0], strerror(errno));
    return 127;
}

/* The message for a job that did not exit 0, into the log and to out;
 * the model's result. */
static int job_failed(Model *m, const char *what, const DrvJobResult *r)
{
    char msg[512];
    int result = DRV_BATCH_FAILED;
    switch (r->end) {
    case DRV_JOB_INTERRUPTED:
        return finish(m, DRV_BATCH_INTERRUPTED);
    case DRV_JOB_TIMED_OUT:
        snprintf(msg, sizeof msg, "%s timed out after %d s and was stopped",
                 what, m->o->timeout_seconds);
        result = DRV_BATCH_TIMED_OUT;
        break;
    case DRV_JOB_NOT_STARTED:
        snprintf(msg, sizeof msg, "%s FAILED: cannot start it: %s", what,
                 strerror(r->code));
        break;
    case DRV_JOB_KILLED:
        snprintf(msg, sizeof msg, "%s FAILED (killed by signal %d)", what,
                 r->code);
        break;
    case DRV_JOB_EXITED:
        snprintf(msg, sizeof msg, "%s FAILED (exit %d)", what, r->code);
        break;
    }
    log_line(m, msg);
    fprintf(m->out, "    %s: see %s\n", msg, m->log);
    return finish(m, result);
}

/* The sampler's command line, for a run in the working folder. */
static char **sampler_argv(Model *m, const char *exe, const char *data)
{
    Arena *a = &m->u->arena;
    const DrvBatchOptions *o = m->o;
    char **argv = arena_alloc(a, 16 * sizeof *argv);
    int k = 0;
    argv[k++] = (char *)exe;
    argv[k++] = "sample";
    argv[k++] = arena_printf(a, "num_warmup=%d", o->num_warmup);
    argv[k++] = arena_printf(a, "num_samples=%d", o->num_samples);
    if (data) {
        argv[k++] = "data";
        argv[k++] = arena_printf(a, "file=%s", data);
    }
    argv[k++] = "random";
    argv[k++] = arena_printf(a, "seed=%d", o->seed);
    argv[k++] = "output";
    argv[k++] = arena_printf(a, "file=%s.csv", m->name);
    argv[k++] = "refresh=0";
    argv[k] = NULL;
    return argv;
}

/* Summarize the draws into NAME.summary.txt; false when the summary
 * failed (its messages are in the log). */
static bool summarize(Model *m, RtError *err, bool *write_error)
{
    *write_error = false;
    RtOutFile *f = rt_out_open(m->summary, m->protect, m->nprotect, err);
    if (!f) {
        *write_error = true;
        return false;
    }
    char *argv[] = {"summary", (char *)m->csv, NULL};
    FILE *log = rt_out_stream(m->logf);
    if (drv_summary(2, argv, rt_out_stream(f), log) != SUMMARY_OK) {
        rt_out_abort(f);
        return false;
    }
    if (rt_out_commit(f, err) != 0) {
        *write_error = true;
        return false;
    }
    return true;
}

/* From the committed C file to the summary. */
static int build_and_sample(Model *m)
{
    RtError err = {.msg = ""};
    Arena *a = &m->u->arena;
    char *stage_exe = arena_printf(a, "%s/%s", m->stage, m->name);
    CompileJob cj = {m, stage_exe, arena_printf(a, "%s/%s.build.log", m->stage,
                                                 m->name)};
    DrvJobResult r;
    drv_job_run(compile_body, &cj, m->o->timeout_seconds, &r);
    log_console(m, cj.console);
    if (r.end != DRV_JOB_EXITED || r.code != 0) {
        if (r.end == DRV_JOB_EXITED)
            fprintf(m->out, "    build FAILED: the C compiler's output is in "
                    "%s\n", m->log);
        return r.end == DRV_JOB_EXITED ? finish(m, DRV_BATCH_FAILED)
                                       : job_failed(m, "build", &r);
    }
    double compile_s = r.seconds;
    if (move_product(m, stage_exe, m->exe, &err) != 0)
        return write_failed(m, err.msg);

    char exe[PATH_MAX], data[PATH_MAX];
    if (!realpath(m->exe, exe))
        return write_failed(m, arena_printf(a, "cannot find %s: "
                            "%s", m->exe, strerror(errno)));
    if (m->data && !realpath(m->data, data)) {
        char *msg = arena_printf(a, "cannot read %s: %s", m->data,
                                 strerror(errno));
        log_line(m, msg);
        fprintf(m->out, "    sampling FAILED: %s\n", msg);
        return finish(m, DRV_BATCH_FAILED);
    }
    SampleJob sj = {m, sampler_argv(m, exe, m->data ? data : NULL),
                    arena_printf(a, "%s/%s.run.log", m->stage, m->name)};
    drv_job_run(sample_body, &sj, m->o->timeout_seconds, &r);
    log_console(m, sj.console);
    if (r.end != DRV_JOB_EXITED || r.code != 0)
        return job_failed(m, "sampling", &r);
    char *stage_csv = arena_printf(a, "%s/%s.csv", m->stage, m->name);
    if (access(stage_csv, F_OK) != 0) {
        log_line(m, "the sampler exited 0 but wrote no draws");
        fprintf(m->out, "    sampling FAILED: the sampler wrote no draws: "
                "see %s\n", m->log);
        return finish(m, DRV_BATCH_FAILED);
    }
    if (move_product(m, stage_csv, m->csv, &err) != 0)
        return write_failed(m, err.msg);

    bool write_error;
    bool summarized = summarize(m, &err, &write_error);
    if (write_error)
        return write_failed(m, err.msg);
    fprintf(m->out, "    built (C compile %.2f s), sampled %d+%d draws in "
            "%.2f s -> %s%s\n", compile_s, m->o->num_warmup,
            m->o->num_samples, r.seconds, m->csv,
            summarized ? "" : " (summary failed: see the log)");
    return finish(m, DRV_BATCH_SAMPLED);
}

/* ------------------------------------------------------------- a model */

/* Paths and the inputs to protect. */
static void model_setup(Model *m, const char *stan_path)
{
    Arena *a = &m->u->arena;
    const char *base = strrchr(stan_path, '/');
    base = base ? base + 1 : stan_path;
    size_t n = strlen(base);
    if (name_has_suffix(base, ".stan"))
        n -= 5;
    m->name = arena_strndup(a, base, n);
    m->dir = arena_printf(a, "%s/%s", m->o->outdir, m->name);
    m->cfile = arena_printf(a, "%s/%s.c", m->dir, m->name);
    m->exe = arena_printf(a, "%s/%s", m->dir, m->name);
    m->csv = arena_printf(a, "%s/%s.csv", m->dir, m->name);
    m->log = arena_printf(a, "%s/%s.log", m->dir, m->name);
    m->summary = arena_printf(a, "%s/%s.summary.txt", m->dir, m->name);
    size_t plen = strlen(stan_path);
    if (name_has_suffix(stan_path, ".stan"))
        plen -= 5;
    char *data = arena_printf(a, "%.*s.data.json", (int)plen, stan_path);
    struct stat st;
    m->data = stat(data, &st) == 0 ? data : NULL;

    int nfiles = m->u->sm.files.len;
    m->protect = arena_alloc(a, ((size_t)m->o->ninputs + (size_t)nfiles + 2)
                                * sizeof *m->protect);
    for (int i = 0; i < m->o->ninputs; i++)
        m->protect[m->nprotect++] = m->o->inputs[i];
    m->protect[m->nprotect++] = stan_path;
    if (m->data)
        m->protect[m->nprotect++] = m->data;
    for (int i = 0; i < nfiles; i++)
        m->protect[m->nprotect++] = src_file(&m->u->sm, i)->path;
}

int drv_batch_model(FeUnit *u, const char *stan_path,
                    const DrvBatchOptions *o, FILE *out)
{
    if (drv_job_stop_signal())
        return DRV_BATCH_INTERRUPTED;
    Model m = {.u = u, .o = o, .out = out};
    model_setup(&m, stan_path);
    /* OUT/. is OUT itself, OUT/.. is outside it */
    if (strcmp(m.name, ".") == 0 || strcmp(m.name, "..") == 0) {
        fprintf(out, "    write FAILED: the file name '%s.stan' leaves no "
                "name for its product folder\n", m.name);
        return DRV_BATCH_WRITE_FAILED;
    }
    char why[1024];
    char *code = NULL;
    size_t len = 0;
    switch (emit_to_memory(&m, stan_path, &code, &len, why, sizeof why)) {
    case DRV_PIPELINE_INTERNAL:
        /* a bug of pplbench's, this model's only: the batch goes on */
        fprintf(out, "    not built: an internal compiler error in %s:\n",
                stan_path);
        drv_pipeline_print_internal(out, "    ", why);
        return DRV_BATCH_INTERNAL_ERROR;
    case DRV_PIPELINE_NOT_COMPILED:
        fprintf(out, "    not built: %s\n", why);
        return DRV_BATCH_NOT_COMPILED;
    case DRV_PIPELINE_OK:
        break;
    }
    RtError err = {.msg = ""};
    int rc = make_folder(&m, &err);
    if (rc == 0)
        rc = write_whole(m.cfile, code, len, &m, &err);
    free(code);
    if (rc == 0 && !(m.logf = rt_out_open(m.log, m.protect, m.nprotect,
                                          &err)))
        rc = -1;
    if (rc != 0)
        return write_failed(&m, err.msg);
    if (drv_job_stop_signal())
        return finish(&m, DRV_BATCH_INTERRUPTED);
    m.stage = arena_printf(&u->arena, "%s/.job.XXXXXX", m.dir);
    if (!mkdtemp(m.stage)) {
        char *msg = arena_printf(&u->arena, "cannot create a working folder "
                                 "in %s: %s", m.dir, strerror(errno));
        m.stage = NULL;
        return write_failed(&m, msg);
    }
    return build_and_sample(&m);
}
