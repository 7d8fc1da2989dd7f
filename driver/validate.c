/* validate.c - the validator (validate.h): the O0 program and each job's
 * program, emitted, compiled, probed at seeded points and compared.
 *
 * Isolation: each model runs in a process of its own (drv_job_run, with a
 * time limit), so a pass that crashes or loops, or a compiler internal
 * error, costs that model's suite and not the run.  Inside it, every C
 * compile and every sampler run is a job of its own again, with the
 * per-job time limit; a candidate that does not compile, crashes or hangs
 * is an `error` testcase of its job.  The model's process writes its suite
 * as a one-suite report (OUT/MODEL/suite.xml); the run merges them in
 * model order, so -j and --shard change nothing but the times.
 *
 * -j N runs N lanes (forked processes), lane w taking the models w, w+N,
 * ... of the shard; --shard K/N takes the models whose index in the sorted
 * list is K-1 modulo N. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "batch.h"
#include "build.h"
#include "compare.h"
#include "gendata.h"
#include "job.h"
#include "pipeline.h"
#include "pplrt.h"
#include "report.h"
#include "summary.h"
#include "udiff.h"
#include "validate.h"
#include "validate_interp.h"
#include "validate_jobs.h"

/* ------------------------------------------------------------------ jobs */

static int add_job(DrvJobSpec *out, int *n, int max, const PassInfo *const *p,
                   int np, bool level, const char *name, char *why,
                   size_t nwhy)
{
    if (*n == max) {
        snprintf(why, nwhy, "more than %d jobs per model", max);
        return -1;
    }
    DrvJobSpec *j = &out[(*n)++];
    memset(j, 0, sizeof *j);
    if (np > (int)(sizeof j->passes / sizeof j->passes[0])) {
        snprintf(why, nwhy, "a job of more than %d passes",
                 (int)(sizeof j->passes / sizeof j->passes[0]));
        return -1;
    }
    for (int i = 0; i < np; i++)
        j->passes[i] = p[i];
    j->npasses = np;
    j->level = level;
    if (name) {
        snprintf(j->name, sizeof j->name, "%s", name);
        return 0;
    }
    size_t k = 0;
    for (int i = 0; i < np; i++) {
        int w = snprintf(j->name + k, sizeof j->name - k, "%s%s",
                         i ? "+" : "", p[i]->name);
        if (w < 0 || (size_t)w >= sizeof j->name - k) {
            snprintf(why, nwhy, "a job name longer than %zu bytes",
                     sizeof j->name - 1);
            return -1;
        }
        k += (size_t)w;
    }
    return 0;
}

int drv_validate_jobs(const PassInfo *const *passes, int npasses,
                      const PassLevel *levels, int nlevels, bool pairs,
                      DrvJobSpec *out, int max, char *why, size_t nwhy)
{
    const PassInfo *all[128];
    int nall = 0;
    bool every = npasses == 0 && nlevels == 0;
    if (every || (pairs && npasses == 0)) {
        for (const PassInfo *q = pass_table; q->name && nall < 128; q++)
            if (q->level != PASS_TEST_ONLY)
                all[nall++] = q;
    }
    const PassInfo *const *list = npasses ? passes : all;
    int nlist = npasses ? npasses : nall;
    int n = 0;
    if (npasses || every || pairs)
        for (int i = 0; i < nlist; i++)
            if (add_job(out, &n, max, &list[i], 1, false, NULL, why,
                        nwhy) != 0)
                return -1;
    if (npasses > 1 && add_job(out, &n, max, passes, npasses, false, NULL,
                               why, nwhy) != 0)
        return -1;
    if (pairs)
        for (int i = 0; i < nlist; i++)
            for (int k = 0; k < nlist; k++) {
                if (i == k)
                    continue;
                const PassInfo *two[2] = {list[i], list[k]};
                if (add_job(out, &n, max, two, 2, false, NULL, why,
                            nwhy) != 0)
                    return -1;
            }
    PassLevel both[2] = {PASS_O1, PASS_OEXPERIMENTAL};
    const PassLevel *lv = every ? both : levels;
    int nlv = every ? 2 : nlevels;
    for (int i = 0; i < nlv; i++) {
        const PassInfo *pipe[64];
        int np = pass_pipeline(lv[i], pipe, 64);
        if (add_job(out, &n, max, pipe, np, true, pass_level_name(lv[i]),
                    why, nwhy) != 0)
            return -1;
    }
    return n;
}

/* ----------------------------------------------------------- one model */



/* The 64-bit FNV-1a hash of a text, as 16 hex digits (the cache key of an
 * emitted C program). */
static void text_hash(const char *s, size_t n, char out[17])
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}


static int make_dir(const char *path, char *why, size_t nwhy)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST) {
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            return 0;
        snprintf(why, nwhy, "cannot use %s: it exists and is not a folder "
                 "(a symbolic link is not followed)", path);
        return -1;
    }
    snprintf(why, nwhy, "cannot create the folder %s: %s", path,
             strerror(errno));
    return -1;
}

/* The MIR's pretty text, malloc'd; NULL when memory runs out. */
static char *mir_text(const MirProgram *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    mir_pretty(f, p);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* ---------------------------------------------- protected compiler steps */

typedef struct Step {
    const PassInfo *const *passes;
    int npasses;
    MirProgram *p;              /* in: the copy to run the passes on */
    const char *dumps;          /* folder for NN-PASS.mir, or NULL */
    const ModelRun *m;
    char **c_text;              /* out: the emitted C, malloc'd */
    size_t *c_len;
    char *why;
    size_t nwhy;
    bool not_compiled;          /* the backend refused the program */
} Step;

/* The passes one by one (each dumped when asked), then the C. */
static bool run_step(Step *s)
{
    for (int i = 0; i < s->npasses; i++) {
        if (!pass_run(s->p, &s->passes[i], 1, NULL, NULL, s->why, s->nwhy))
            return false;
        if (s->dumps && s->npasses > 1) {
            char *text = mir_text(s->p);
            char path[4096];
            snprintf(path, sizeof path, "%s/%02d-%s.mir", s->dumps, i + 1,
                     s->passes[i]->name);
            char why[512];
            if (!text || val_write_text(s->m, path, text, strlen(text), why,
                                        sizeof why) != 0) {
                snprintf(s->why, s->nwhy, "%s", text ? why : "out of memory");
                free(text);
                return false;
            }
            free(text);
        }
    }
    if (!s->c_text)
        return true;
    FILE *f = open_memstream(s->c_text, s->c_len);
    if (!f) {
        snprintf(s->why, s->nwhy, "out of memory");
        return false;
    }
    bool ok = emit_c(f, s->p, s->why, s->nwhy);
    if (fclose(f) != 0 && ok) {
        snprintf(s->why, s->nwhy, "out of memory");
        ok = false;
    }
    if (!ok) {
        s->not_compiled = true;
        free(*s->c_text);
        *s->c_text = NULL;
    }
    return ok;
}

/* run_step with an internal error caught: false with "Internal compiler
 * error: ..." in why. */
static bool protected_step(Step *s)
{
    jmp_buf recover;
    jmp_buf *outer = diag_set_ice_target(&recover);
    volatile bool ok = false;
    if (setjmp(recover) == 0) {
        ok = run_step(s);
    } else {
        snprintf(s->why, s->nwhy, "Internal compiler error: %s",
                 diag_ice_message());
        ok = false;
    }
    diag_set_ice_target(outer);
    return ok;
}

/* ----------------------------------------------------------- candidates */

typedef enum Outcome {
    OUT_COMPARED,       /* cmp holds the checks */
    OUT_SAME,           /* the same C as O0: nothing to compare */
    OUT_ERROR           /* stage + why + details */
} Outcome;

typedef struct Candidate {
    Outcome outcome;
    const char *stage;  /* "transform", "emit", "compile", "probe",
                           "compare" */
    char why[1024];
    char *details;      /* malloc'd or NULL */
    DrvComparison cmp;
    bool have_cmp;
    char *mir;          /* the candidate's MIR text (malloc'd) */
    MirProgram *program; /* the candidate's MIR (in the model's arena) */
    char hash[17];      /* its C text's hash */
    const char *exe;    /* its sampler */
} Candidate;

static void candidate_free(Candidate *c)
{
    free(c->details);
    free(c->mir);
    if (c->have_cmp)
        drv_comparison_free(&c->cmp);
    memset(c, 0, sizeof *c);
}

static DrvTolerance job_tolerance(const PassInfo *const *passes, int n)
{
    double rel = 0;
    for (int i = 0; i < n; i++)
        if (passes[i]->rel_tol > rel)
            rel = passes[i]->rel_tol;
    if (rel == 0)   /* values exact; a gradient's last bits may move */
        return (DrvTolerance){.kind = DRV_TOL_EXACT,
                              .grad_rel = DRV_VALIDATE_GRAD_REL};
    return (DrvTolerance){.kind = DRV_TOL_RELATIVE, .rel = rel,
                          .abs_floor = rel * 1e-4};
}

/* Apply passes to a copy of the O0 program, emit, compile, probe and
 * compare.  dir: where the logs (and with dumps, the MIR after each pass)
 * go; tag names this candidate's files. */
static void evaluate(ModelRun *m, const PassInfo *const *passes, int n,
                     const char *dir, const char *tag, bool dumps,
                     Candidate *c)
{
    memset(c, 0, sizeof *c);
    MirProgram *p = mir_clone(m->a, m->o0);
    char *c_text = NULL;
    size_t c_len = 0;
    Step s = {.passes = passes, .npasses = n, .p = p,
              .dumps = dumps ? dir : NULL, .m = m, .c_text = &c_text,
              .c_len = &c_len, .why = c->why, .nwhy = sizeof c->why};
    bool ok = protected_step(&s);
    if (!s.not_compiled || ok) {
        c->mir = mir_text(p);
        c->program = p;
    }
    if (!ok) {
        c->outcome = OUT_ERROR;
        c->stage = s.not_compiled ? "emit" : "transform";
        return;
    }
    char hash[17];
    text_hash(c_text, c_len, hash);
    const char *exe;
    const char *console = arena_printf(m->a, "%s/%s.compile.log", dir, tag);
    snprintf(c->hash, sizeof c->hash, "%s", hash);
    if (strcmp(hash, m->o0_hash) == 0) {
        free(c_text);
        c->outcome = OUT_SAME;
        return;
    }
    if (val_ensure_exe(m, c_text, c_len, hash, "cand", console, &exe, c->why,
                       sizeof c->why, &c->details) != 0) {
        free(c_text);
        c->outcome = OUT_ERROR;
        c->stage = "compile";
        return;
    }
    free(c_text);
    c->exe = exe;
    const char *probe = arena_printf(m->a, "%s/%s.probe.json", m->dir, hash);
    if (access(probe, R_OK) != 0) {
        const char *pcon = arena_printf(m->a, "%s/%s.probe.log", dir, tag);
        if (val_run_probe(m, exe, probe, pcon, c->why, sizeof c->why,
                          &c->details) != 0) {
            c->outcome = OUT_ERROR;
            c->stage = "probe";
            return;
        }
    }
    DrvTolerance tol = job_tolerance(passes, n);
    if (drv_compare_probes(m->o0_probe, probe, &tol, &c->cmp, c->why,
                           sizeof c->why) != 0) {
        drv_comparison_free(&c->cmp);
        c->outcome = OUT_ERROR;
        c->stage = "compare";
        return;
    }
    c->have_cmp = true;
    c->outcome = OUT_COMPARED;
}

static bool candidate_failed(const Candidate *c)
{
    return c->outcome == OUT_ERROR
        || (c->outcome == OUT_COMPARED && !drv_comparison_passed(&c->cmp));
}

/* The first pass of a failing pipeline whose output fails: evaluate its
 * prefixes in order.  Returns the index, or -1 when no prefix fails (the
 * failure is then not reproducible pass by pass). */
static int bisect(ModelRun *m, const DrvJobSpec *job, const char *dir)
{
    for (int k = 1; k < job->npasses; k++) {
        Candidate c;
        char tag[64];
        snprintf(tag, sizeof tag, "bisect-%02d", k);
        evaluate(m, job->passes, k, dir, tag, false, &c);
        bool failed = candidate_failed(&c);
        candidate_free(&c);
        if (failed)
            return k - 1;
    }
    return job->npasses - 1;
}

/* ------------------------------------------------------------- the suite */

static void add_case(ModelRun *m, const char *job, const char *check,
                     DrvCaseStatus st, double secs, const char *msg,
                     const char *details)
{
    char name[256], why[256];
    snprintf(name, sizeof name, "%s:%s", job, check);
    if (drv_suite_case(m->suite, name, st, secs, msg, details, why,
                       sizeof why) != 0)
        fprintf(stderr, "pplbench: %s\n", why);
}

/* validate_interp.c's testcases, as the O0 job's */
static void add_o0_case(void *ctx, const char *check, DrvCaseStatus st,
                        double secs, const char *msg, const char *details)
{
    add_case(ctx, "O0", check, st, secs, msg, details);
}

static const char *const before_name = "before.mir";

/* --posterior: the candidate's chain against O0's, as one testcase. */
static void posterior_case(ModelRun *m, const DrvJobSpec *job,
                           const Candidate *c, const char *dir)
{
    double t0 = val_now_seconds();
    char why[1024];
    char *details = NULL;
    const char *csv = arena_printf(m->a, "%s/%s.chain.csv", m->dir, c->hash);
    if (val_run_chain(m, c->exe, csv, arena_printf(m->a, "%s/chain.log", dir),
                      why, sizeof why, &details) != 0) {
        add_case(m, job->name, "posterior", DRV_CASE_ERROR,
                 val_now_seconds() - t0, why, details);
        free(details);
        return;
    }
    int same = val_compare_chains(m, m->o0_chain, csv, why, sizeof why);
    char msg[1400];
    snprintf(msg, sizeof msg, "%s, job %s: %s", m->name, job->name, why);
    add_case(m, job->name, "posterior",
             same > 0 ? DRV_CASE_PASSED : same == 0 ? DRV_CASE_FAILED
                                                    : DRV_CASE_ERROR,
             val_now_seconds() - t0, same > 0 ? NULL : msg, NULL);
}

/* One job on the model: dumps, candidate, checks. */
static void run_job(ModelRun *m, const DrvJobSpec *job)
{
    double t0 = val_now_seconds();
    const char *dir = arena_printf(m->a, "%s/%s", m->dir, job->name);
    char why[1024];
    if (make_dir(dir, why, sizeof why) != 0) {
        add_case(m, job->name, "run", DRV_CASE_ERROR, 0, why, NULL);
        return;
    }
    if (m->o0_error) {
        add_case(m, job->name, "run", DRV_CASE_SKIPPED, 0,
                 "the O0 reference could not be made (see O0:reference)",
                 NULL);
        return;
    }
    Candidate c;
    evaluate(m, job->passes, job->npasses, dir, "after", true, &c);
    /* the dumps, whatever happened after the passes */
    const char *before = arena_printf(m->a, "%s/%s", dir, before_name);
    const char *after = arena_printf(m->a, "%s/after.mir", dir);
    const char *diff = arena_printf(m->a, "%s/diff.txt", dir);
    if (val_write_text(m, before, m->o0_mir, strlen(m->o0_mir), why,
                       sizeof why) != 0)
        add_case(m, job->name, "dumps", DRV_CASE_ERROR, 0, why, NULL);
    if (c.mir) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        int rc = f ? drv_udiff(f, m->o0_mir, c.mir, before_name, "after.mir",
                               3) : -1;
        if (f && fclose(f) != 0)
            rc = -1;
        if (val_write_text(m, after, c.mir, strlen(c.mir), why, sizeof why) != 0
            || (rc == 0 && val_write_text(m, diff, buf ? buf : "", len, why,
                                          sizeof why) != 0))
            add_case(m, job->name, "dumps", DRV_CASE_ERROR, 0, why, NULL);
        free(buf);
        if (m->o->graphs && c.program)
            val_job_graphs(m, job->name, c.program);
    }
    double secs = val_now_seconds() - t0;
    char tolbuf[64];
    DrvTolerance tol = job_tolerance(job->passes, job->npasses);
    drv_tolerance_text(&tol, tolbuf, sizeof tolbuf);
    char prop[300];
    snprintf(prop, sizeof prop, "tolerance:%s", job->name);
    drv_suite_prop(m->suite, prop, tolbuf, why, sizeof why);
    if (c.outcome == OUT_ERROR) {
        char msg[1400];
        snprintf(msg, sizeof msg, "%s: %s", c.stage, c.why);
        add_case(m, job->name, c.stage, DRV_CASE_ERROR, secs, msg,
                 c.details);
        candidate_free(&c);
        return;
    }
    snprintf(prop, sizeof prop, "speed:%s", job->name);
    if (c.outcome == OUT_SAME) {
        /* the same C as O0: the same speed, the same chain */
        drv_suite_prop(m->suite, prop, "1.000", why, sizeof why);
        for (int k = 0; k < DRV_CHECK_COUNT; k++) {
            bool skip = k == DRV_CHECK_LOG_DENSITY_PRIOR && m->o0_no_contexts;
            add_case(m, job->name, drv_check_name((DrvCheck)k),
                     skip ? DRV_CASE_SKIPPED : DRV_CASE_PASSED,
                     k == 0 ? secs : 0, skip ? m->o0_no_contexts : NULL,
                     NULL);
        }
        if (m->o->posterior)
            add_case(m, job->name, "posterior", DRV_CASE_PASSED, 0, NULL,
                     NULL);
        candidate_free(&c);
        return;
    }
    double ratio;
    char speed_why[512];
    if (val_measure_speed(m, c.hash, dir, &ratio, speed_why,
                          sizeof speed_why) == 0) {
        char val[32];
        snprintf(val, sizeof val, "%.3f", ratio);
        drv_suite_prop(m->suite, prop, val, why, sizeof why);
    } else {
        snprintf(prop, sizeof prop, "speed_error:%s", job->name);
        drv_suite_prop(m->suite, prop, speed_why, why, sizeof why);
    }
    if (m->o->posterior)
        posterior_case(m, job, &c, dir);
    const char *culprit = NULL;
    if (!drv_comparison_passed(&c.cmp) && job->npasses > 1) {
        int k = bisect(m, job, dir);
        culprit = k >= 0 ? job->passes[k]->name : NULL;
    }
    for (int k = 0; k < DRV_CHECK_COUNT; k++) {
        const DrvCheckResult *r = &c.cmp.checks[k];
        if (r->skipped) {
            add_case(m, job->name, drv_check_name((DrvCheck)k),
                     DRV_CASE_SKIPPED, k == 0 ? secs : 0, r->message, NULL);
            continue;
        }
        if (r->passed) {
            add_case(m, job->name, drv_check_name((DrvCheck)k),
                     DRV_CASE_PASSED, k == 0 ? secs : 0, NULL, NULL);
            continue;
        }
        char msg[1024], *details = NULL;
        snprintf(msg, sizeof msg, "%s, job %s%s%s%s: %s", m->name, job->name,
                 culprit ? " (first failing pass: " : "",
                 culprit ? culprit : "", culprit ? ")" : "", r->message);
        size_t dl = (r->details ? strlen(r->details) : 0) + 3 * 4096;
        details = malloc(dl);
        if (details)
            snprintf(details, dl, "%s\ntolerance: %s\ndumps: %s, %s, %s\n",
                     r->details ? r->details : r->message, tolbuf, before,
                     after, diff);
        add_case(m, job->name, drv_check_name((DrvCheck)k), DRV_CASE_FAILED,
                 k == 0 ? secs : 0, msg, details);
        free(details);
    }
    candidate_free(&c);
}

/* The reference: the O0 program, its C compiled, its probe. */
static void make_reference(ModelRun *m)
{
    char why[1024];
    Candidate c;
    const char *dir = arena_printf(m->a, "%s/O0", m->dir);
    if (make_dir(dir, why, sizeof why) != 0) {
        m->o0_error = arena_strdup(m->a, why);
        return;
    }
    memset(&c, 0, sizeof c);
    char *c_text = NULL;
    size_t c_len = 0;
    Step s = {.p = m->o0, .m = m, .c_text = &c_text, .c_len = &c_len,
              .why = c.why, .nwhy = sizeof c.why};
    if (!protected_step(&s)) {
        m->o0_error = arena_printf(m->a, "%s: %s", s.not_compiled
                                   ? "the backend does not compile the model"
                                   : "the O0 program", c.why);
        return;
    }
    char hash[17];
    text_hash(c_text, c_len, hash);
    const char *exe;
    char *details = NULL;
    snprintf(m->o0_hash, sizeof m->o0_hash, "%s", hash);
    if (val_ensure_exe(m, c_text, c_len, hash, "ref",
                       arena_printf(m->a, "%s/compile.log", dir), &exe, why,
                       sizeof why, &details) != 0) {
        free(c_text);
        m->o0_error = arena_printf(m->a, "%s\n%s", why,
                                   details ? details : "");
        free(details);
        return;
    }
    free(c_text);
    const char *probe = arena_printf(m->a, "%s/%s.probe.json", m->dir, hash);
    if (val_run_probe(m, exe, probe, arena_printf(m->a, "%s/probe.log", dir),
                      why, sizeof why, &details) != 0) {
        m->o0_error = arena_printf(m->a, "%s\n%s", why,
                                   details ? details : "");
        free(details);
        return;
    }
    m->o0_probe = probe;
    m->o0_exe = exe;
    /* a model without contexts: the prior check is skipped, also for a
     * candidate whose C is O0's (its comparison with itself says why) */
    DrvComparison self;
    DrvTolerance exact = {.kind = DRV_TOL_EXACT};
    if (drv_compare_probes(probe, probe, &exact, &self, why, sizeof why) == 0
        && self.checks[DRV_CHECK_LOG_DENSITY_PRIOR].skipped)
        m->o0_no_contexts = arena_strdup(
            m->a, self.checks[DRV_CHECK_LOG_DENSITY_PRIOR].message);
    drv_comparison_free(&self);
    if (m->o->posterior) {
        const char *csv = arena_printf(m->a, "%s/%s.chain.csv", m->dir, hash);
        if (val_run_chain(m, exe, csv, arena_printf(m->a, "%s/chain.log", dir),
                          why, sizeof why, &details) != 0) {
            m->o0_error = arena_printf(m->a, "%s\n%s", why,
                                       details ? details : "");
            free(details);
            return;
        }
        m->o0_chain = csv;
    }
}

/* A model without NAME.data.json gets seeded random data from its data
 * block's declarations and constraints (gendata.h), in
 * OUT/NAME/generated.data.json; the suite records that it did. */
static void generate_data(ModelRun *m)
{
    const char *path = arena_printf(m->a, "%s/generated.data.json", m->dir);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    RtError err = {.msg = ""};
    DrvGenOptions go = {.what = DRV_GEN_DATA, .seed = (uint64_t)m->o->seed};
    char why[1024];
    int rc = f ? drv_gen_write(f, m->o0, &go, &err) : -1;
    if (f && fclose(f) != 0 && rc == 0)
        rc = -1;
    if (rc != 0) {
        m->o0_error = arena_printf(m->a, "no %s.data.json beside the model "
                                   "and no data can be generated: %s",
                                   m->name, f ? err.msg : "out of memory");
    } else if (val_write_text(m, path, buf, len, why, sizeof why) != 0) {
        m->o0_error = arena_strdup(m->a, why);
    } else {
        m->data = path;
        drv_suite_prop(m->suite, "data", "generated (no NAME.data.json): "
                       "seeded random values within the declared "
                       "constraints", why, sizeof why);
    }
    free(buf);
}

/* The model's whole validation, in its own process: the suite goes to
 * OUT/NAME/suite.xml. */
static int model_body(void *arg)
{
    ModelRun *m = arg;
    char why[1024];
    double t0 = val_now_seconds();
    drv_report_init(&m->rep);
    char stamp[32];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
    m->suite = drv_report_suite(&m->rep, m->name, stamp, why, sizeof why);
    if (!m->suite)
        return 2;
    m->a = &m->u.arena;
    bool ok = fe_compile(&m->u, m->path, NULL, m->o->fe);
    if (!ok) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        if (f) {
            diag_render_all(f, &m->u.sink);
            fclose(f);
        }
        add_case(m, "O0", "check", DRV_CASE_ERROR, 0,
                 "the model does not check", buf);
        free(buf);
    } else {
        DrvPipeline pl = {.path = m->path,
                          .name = emit_model_name(m->a, m->name),
                          .stop = DRV_PIPELINE_TRANSFORMED};
        if (drv_pipeline_run(&m->u, &pl) == DRV_PIPELINE_OK)
            m->o0 = pl.program;
        else
            m->o0_error = arena_printf(m->a, "Internal compiler error: %s",
                                       pl.why);
        if (m->o0 && !m->data && m->o0->ninput > 0)
            generate_data(m);
        if (m->o0) {
            m->o0_mir = mir_text(m->o0);
            if (!m->o0_error)
                make_reference(m);
            /* the third opinion: the interpreter against the O0 sampler */
            if (!m->o0_error && m->o0_probe)
                val_interp_opinion(m->o0_probe, m->data, m->o0, add_o0_case,
                                   m);
        }
        if (m->o0 && m->o->graphs) {
            /* Graphviz's context: one per process (this model's) */
            m->viz = viz_open();
            if (!m->viz)
                fprintf(stderr, "pplbench: notice: %s: Graphviz could not "
                        "start; the pictures are written as DOT\n", m->name);
            val_model_graphs(m);
        }
        if (m->o0_error) {
            /* the message is its first line, the details all of it */
            char line[512];
            snprintf(line, sizeof line, "%s", m->o0_error);
            line[strcspn(line, "\n")] = '\0';
            add_case(m, "O0", "reference", DRV_CASE_ERROR, 0, line,
                     m->o0_error);
        }
        for (int i = 0; i < m->o->njobs; i++)
            run_job(m, &m->o->jobs[i]);
    }
    m->suite->seconds = val_now_seconds() - t0;
    const char *suite = arena_printf(m->a, "%s/suite.xml", m->dir);
    int rc = drv_report_write(&m->rep, suite, m->protect, m->nprotect, why,
                              sizeof why);
    if (rc != 0)
        fprintf(stderr, "pplbench: %s\n", why);
    drv_report_free(&m->rep);
    viz_close(m->viz);
    m->viz = NULL;
    free(m->o0_mir);
    fe_unit_free(&m->u);
    return rc == 0 ? 0 : 2;
}

/* ------------------------------------------------------------- the run */

typedef struct Run {
    const DrvValidateOptions *o;
    char *const *models;
    int *chosen;                /* indices into models, in order */
    int nchosen;
    const char *cache;
} Run;

static const char *stem_of(Arena *a, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (name_has_suffix(base, ".stan"))
        n -= 5;
    return arena_strndup(a, base, n);
}

/* The data file beside the model, or NULL. */
static const char *data_of(Arena *a, const char *path)
{
    size_t n = strlen(path);
    if (name_has_suffix(path, ".stan"))
        n -= 5;
    const char *d = arena_printf(a, "%.*s.data.json", (int)n, path);
    return access(d, R_OK) == 0 ? d : NULL;
}

/* The suite of a model whose process did not finish: one error case. */
static int error_suite(const Run *r, const char *name, const char *dir,
                       const char *msg)
{
    DrvReport rep;
    drv_report_init(&rep);
    char why[512];
    DrvSuite *s = drv_report_suite(&rep, name, "1970-01-01T00:00:00", why,
                                   sizeof why);
    int rc = -1;
    if (s && drv_suite_case(s, "model:run", DRV_CASE_ERROR, 0, msg, NULL,
                            why, sizeof why) == 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s/suite.xml", dir);
        rc = drv_report_write(&rep, path, r->o->inputs, r->o->ninputs, why,
                              sizeof why);
    }
    if (rc != 0)
        fprintf(stderr, "pplbench: %s\n", why);
    drv_report_free(&rep);
    return rc;
}

/* Whether a model's stem can name its folder under OUT. */
static bool usable_stem(const char *stem)
{
    return stem[0] && strcmp(stem, ".") != 0 && strcmp(stem, "..") != 0
        && strcmp(stem, ".cache") != 0;
}

/* One model, isolated: its suite lands in OUT/NAME/suite.xml (an error
 * suite when its process did not finish). */
static void run_model(const Run *r, int idx)
{
    const char *path = r->models[idx];
    Arena a = {0};
    ModelRun m = {.o = r->o, .path = path, .cache = r->cache,
                  .protect = (const char **)r->o->inputs,
                  .nprotect = r->o->ninputs};
    m.name = stem_of(&a, path);
    m.dir = arena_printf(&a, "%s/%s", r->o->outdir, m.name);
    m.data = data_of(&a, path);
    char why[1024];
    const char *suite = arena_printf(&a, "%s/suite.xml", m.dir);
    if (make_dir(m.dir, why, sizeof why) != 0) {
        fprintf(stderr, "%s: %s\n", m.name, why);
        arena_free(&a);
        return;
    }
    unlink(suite);
    DrvJobResult res;
    double limit = r->o->timeout_seconds > 0
        ? (double)r->o->timeout_seconds * (4.0 + 4.0 * r->o->njobs) : 0;
    drv_job_run(model_body, &m, limit, &res);
    if (res.end == DRV_JOB_INTERRUPTED) {
        unlink(suite);
        arena_free(&a);
        return;
    }
    if (!(res.end == DRV_JOB_EXITED && res.code == 0)
        || access(suite, R_OK) != 0) {
        char end[256], msg[512];
        val_describe_end(&res, (int)limit, end, sizeof end);
        snprintf(msg, sizeof msg, "pplbench's process for the model %s",
                 end);
        error_suite(r, m.name, m.dir, msg);
    }
    arena_free(&a);
}

/* What the run has seen finish, for the progress lines. */
typedef struct Progress {
    bool *seen;
    int done;
    int failures, errors;
    double t0;
    bool tty;
} Progress;

/* Print a line for each model whose suite appeared since the last call,
 * and on a terminal the status line (models done, failures so far,
 * elapsed and remaining time). */
static void show_progress(const Run *r, Progress *p, Arena *a)
{
    for (int i = 0; i < r->nchosen; i++) {
        if (p->seen[i])
            continue;
        const char *stem = stem_of(a, r->models[r->chosen[i]]);
        const char *suite = arena_printf(a, "%s/%s/suite.xml", r->o->outdir,
                                         stem);
        if (access(suite, R_OK) != 0)
            continue;
        DrvReport rep;
        drv_report_init(&rep);
        char why[512];
        DrvReportCounts n = {0};
        double secs = 0;
        if (drv_report_read(&rep, suite, why, sizeof why) != 0)
            continue;      /* not complete yet: it is renamed into place */
        n = drv_report_counts(&rep);
        const DrvCase *first = NULL;
        if (rep.nsuites > 0) {
            secs = rep.suites[0].seconds;
            for (int k = 0; k < rep.suites[0].ncases && !first; k++)
                if (rep.suites[0].cases[k].status == DRV_CASE_FAILED
                    || rep.suites[0].cases[k].status == DRV_CASE_ERROR)
                    first = &rep.suites[0].cases[k];
        }
        p->seen[i] = true;
        p->done++;
        p->failures += n.failures;
        p->errors += n.errors;
        fprintf(stderr, "%s%-32s %3d checks: %d passed, %d failed, %d errors "
                "(%.1f s)\n", p->tty ? "\r\033[K" : "", stem, n.tests,
                n.tests - n.failures - n.errors - n.skipped, n.failures,
                n.errors, secs);
        if (first)
            fprintf(stderr, "    %s %s: %s\n", first->name,
                    first->status == DRV_CASE_FAILED ? "failed" : "error",
                    first->message ? first->message : "");
        drv_report_free(&rep);
    }
    if (p->tty) {
        double el = val_now_seconds() - p->t0;
        double left = p->done ? el / p->done * (r->nchosen - p->done) : 0;
        fprintf(stderr, "\r\033[K[%d/%d models] %d failed, %d errors, "
                "%.0f s elapsed%s", p->done, r->nchosen, p->failures,
                p->errors, el, p->done ? "" : "");
        if (p->done && p->done < r->nchosen)
            fprintf(stderr, ", about %.0f s left", left);
        fflush(stderr);
    }
}

/* --baseline OLD.xml: new failures, fixed ones and slower jobs, on stderr
 * and into the report. */
static int compare_baseline(const char *path, DrvReport *rep)
{
    DrvReport old;
    drv_report_init(&old);
    char why[1024];
    int rc = drv_report_read(&old, path, why, sizeof why);
    DrvBaseline b = {0};
    if (rc == 0)
        rc = drv_report_baseline(rep, &old, path, &b, why, sizeof why);
    if (rc != 0)
        fprintf(stderr, "pplbench: --baseline: %s\n", why);
    for (int i = 0; i < b.nlines; i++)
        fprintf(stderr, "%s\n", b.lines[i]);
    drv_baseline_free(&b);
    drv_report_free(&old);
    return rc;
}

/* Wait for every lane, showing progress; a stop signal of the run is
 * passed on to them. */
static void wait_lanes(const Run *r, Progress *p, Arena *a, pid_t *lanes,
                       int n)
{
    int left = n;
    bool told = false;
    double shown = 0;
    while (left > 0) {
        if (val_now_seconds() - shown >= 0.5) {
            show_progress(r, p, a);
            shown = val_now_seconds();
        }
        int st;
        pid_t pid = waitpid(-1, &st, WNOHANG);
        if (pid > 0) {
            for (int i = 0; i < n; i++)
                if (lanes[i] == pid) {
                    lanes[i] = -1;
                    left--;
                }
            continue;
        }
        if (pid < 0 && errno == ECHILD)
            break;
        int sig = drv_job_stop_signal();
        if (sig && !told) {
            for (int i = 0; i < n; i++)
                if (lanes[i] > 0)
                    kill(lanes[i], sig == SIGPIPE ? SIGTERM : sig);
            told = true;
        }
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

int drv_validate(const DrvValidateOptions *o, char *const *models, int n)
{
    Arena a = {0};
    Run r = {.o = o, .models = models};
    r.cache = arena_printf(&a, "%s/.cache", o->outdir);
    char why[2048];
    if (make_dir(o->outdir, why, sizeof why) != 0
        || make_dir(r.cache, why, sizeof why) != 0) {
        fprintf(stderr, "pplbench: %s\n", why);
        arena_free(&a);
        return 2;
    }
    int lock = drv_batch_lock(o->outdir, why, sizeof why);
    if (lock < 0) {
        fprintf(stderr, "pplbench: %s\n", why);
        arena_free(&a);
        return 2;
    }
    drv_job_catch_signals();
    r.chosen = arena_alloc(&a, sizeof(int) * ((size_t)n + 1));
    for (int i = 0; i < n; i++) {
        if (i % o->shard_n != o->shard_k - 1)
            continue;
        if (usable_stem(stem_of(&a, models[i])))
            r.chosen[r.nchosen++] = i;
        else
            fprintf(stderr, "%s: skipped: its name cannot name a folder\n",
                    models[i]);
    }
    fprintf(stderr, "validating %d model%s x %d job%s (shard %d/%d, -j %d)"
            "\n", r.nchosen, r.nchosen == 1 ? "" : "s", o->njobs,
            o->njobs == 1 ? "" : "s", o->shard_k, o->shard_n, o->workers);
    double t0 = val_now_seconds();
    /* the objects every model links: each role's main, the harness */
    ModelRun prep = {.o = o, .cache = r.cache, .a = &a,
                     .protect = (const char **)o->inputs,
                     .nprotect = o->ninputs};
    if (val_prepare_objects(&prep) != 0) {
        close(lock);
        arena_free(&a);
        return 2;
    }
    int workers = o->workers < 1 ? 1 : o->workers;
    if (workers > r.nchosen)
        workers = r.nchosen > 0 ? r.nchosen : 1;
    Progress prog = {.t0 = t0, .tty = isatty(2) == 1};
    prog.seen = arena_alloc(&a, sizeof(bool) * ((size_t)r.nchosen + 1));
    for (int i = 0; i < r.nchosen; i++)
        unlink(arena_printf(&a, "%s/%s/suite.xml", o->outdir,
                            stem_of(&a, models[r.chosen[i]])));
    fflush(NULL);
    pid_t lanes[64];
    int nl = 0;
    for (int w = 0; w < workers && w < 64; w++) {
        pid_t pid = fork();
        if (pid == 0) {
            for (int i = w; i < r.nchosen && !drv_job_stop_signal();
                 i += workers)
                run_model(&r, r.chosen[i]);
            fflush(NULL);
            _exit(0);
        }
        if (pid > 0)
            lanes[nl++] = pid;
        else
            fprintf(stderr, "pplbench: cannot start a worker: %s\n",
                    strerror(errno));
    }
    wait_lanes(&r, &prog, &a, lanes, nl);
    show_progress(&r, &prog, &a);
    if (prog.tty)
        fputs("\r\033[K", stderr);
    /* the report: every finished model's suite, in model order */
    DrvReport rep;
    drv_report_init(&rep);
    drv_report_prop(&rep, "version", PPLBENCH_VERSION, why, sizeof why);
    drv_report_prop(&rep, "flags", o->flags ? o->flags : "", why, sizeof why);
    char shard[64];
    snprintf(shard, sizeof shard, "%d/%d", o->shard_k, o->shard_n);
    drv_report_prop(&rep, "shard", shard, why, sizeof why);
    char buf[64];
    snprintf(buf, sizeof buf, "%d", o->seed);
    drv_report_prop(&rep, "seed", buf, why, sizeof why);
    snprintf(buf, sizeof buf, "%d", o->points);
    drv_report_prop(&rep, "points", buf, why, sizeof why);
    drv_report_prop(&rep, "tolerance_policy", "exact for passes that only "
                    "move or delete code (values, rejections, printed "
                    "output and outputs bit for bit; each gradient "
                    "component within 1e-12 of the gradient's largest (or 1), as "
                    "the reverse sweep's order of additions follows the "
                    "code); relative (rel_tol of the pass, the largest in a "
                    "job; absolute floor rel_tol * 1e-4) for passes that "
                    "change floating point; log densities compared as "
                    "differences from the first point; both programs "
                    "compiled with " DRV_VALIDATE_CFLAGS,
                    why, sizeof why);
    for (int i = 0; i < o->njobs; i++) {
        char name[160];
        snprintf(name, sizeof name, "job:%s", o->jobs[i].name);
        char list[2048] = "";
        size_t k = 0;
        for (int p = 0; p < o->jobs[i].npasses && k < sizeof list; p++)
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s",
                                  p ? "," : "", o->jobs[i].passes[p]->name);
        drv_report_prop(&rep, name, list, why, sizeof why);
    }
    int done = 0;
    for (int i = 0; i < r.nchosen; i++) {
        const char *stem = stem_of(&a, models[r.chosen[i]]);
        const char *suite = arena_printf(&a, "%s/%s/suite.xml", o->outdir,
                                         stem);
        DrvReport one;
        drv_report_init(&one);
        if (access(suite, R_OK) == 0
            && drv_report_read(&one, suite, why, sizeof why) == 0) {
            DrvReport copy;
            drv_report_init(&copy);
            /* only the suites: run-wide properties are the run's */
            copy.suites = one.suites;
            copy.nsuites = one.nsuites;
            copy.capsuites = one.capsuites;
            drv_report_merge(&rep, &copy, why, sizeof why);
            done++;
        }
        drv_report_free(&one);
    }
    const char *report = o->report ? o->report
        : arena_printf(&a, "%s/report.xml", o->outdir);
    int status = 0;
    if (o->baseline && compare_baseline(o->baseline, &rep) != 0)
        status = 2;
    if (drv_report_write(&rep, report, o->inputs, o->ninputs, why,
                         sizeof why) != 0) {
        fprintf(stderr, "pplbench: %s\n", why);
        status = 2;
    }
    DrvReportCounts c = drv_report_counts(&rep);
    int sig = drv_job_stop_signal();
    if (sig)
        fprintf(stderr, "interrupted by %s: %d of %d models finished; their "
                "report is kept\n", drv_job_signal_name(sig), done,
                r.nchosen);
    fprintf(stderr, "%d models, %d checks: %d passed, %d failed, %d errors, "
            "%d skipped in %.1f s; report %s, dumps in %s/\n", done,
            c.tests, c.tests - c.failures - c.errors - c.skipped, c.failures,
            c.errors, c.skipped, val_now_seconds() - t0, report, o->outdir);
    drv_report_free(&rep);
    close(lock);
    arena_free(&a);
    if (sig)
        return 128 + sig;
    if (status)
        return status;
    return c.failures ? 3 : c.errors ? 1 : 0;
}
