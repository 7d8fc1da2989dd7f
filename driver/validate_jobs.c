/* validate_jobs.c - the validator's jobs (validate_jobs.h): each C
 * compile, link and sampler run in a process of its own with the run's
 * time limit (drv_job_run), the model objects and samplers cached under
 * OUT/.cache by the hash of their C, the probes, the timing harness that
 * times a reference and a candidate in one process, and the posterior
 * chains of --posterior. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "pplrt.h"
#include "summary.h"
#include "validate_jobs.h"

double val_now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int val_write_text(const ModelRun *m, const char *path, const char *text,
                   size_t len, char *why, size_t nwhy)
{
    RtError err = {.msg = ""};
    RtOutFile *f = rt_out_open(path, m->protect, m->nprotect, &err);
    if (!f) {
        snprintf(why, nwhy, "%s", err.msg);
        return -1;
    }
    errno = 0;
    if (len && fwrite(text, 1, len, rt_out_stream(f)) != len) {
        int e = errno ? errno : EIO;
        rt_out_abort(f);
        snprintf(why, nwhy, "error writing %s: %s", path, strerror(e));
        return -1;
    }
    if (rt_out_commit(f, &err) != 0) {
        snprintf(why, nwhy, "%s", err.msg);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------- compile and probe jobs */


typedef struct CompileJob {
    const char *cfile, *exe, *console, *tmpdir;
    const char *const *protect;
    int nprotect;
    bool compile_only;
    const char *const *more;
    int nmore;
} CompileJob;

static int compile_body(void *arg)
{
    const CompileJob *j = arg;
    FILE *console = fopen(j->console, "w");
    if (!console)
        return 127;
    if (j->tmpdir)
        setenv("TMPDIR", j->tmpdir, 1);
    DrvBuildOptions bo = {.protect = j->protect, .nprotect = j->nprotect,
                          .opt_flags = DRV_VALIDATE_CFLAGS,
                          .compile_only = j->compile_only,
                          .more_inputs = j->more, .nmore_inputs = j->nmore};
    int rc = drv_compile_c(j->cfile, j->exe, &bo, console);
    return fclose(console) == 0 && rc == 0 ? 0 : 1;
}

/* Run one compile (or link) as a job; 0, or -1 with why and the console's
 * tail in *details. */
static int compile_job(const ModelRun *m, CompileJob *j, char *why,
                       size_t nwhy, char **details)
{
    DrvJobResult r;
    drv_job_run(compile_body, j, m->o->timeout_seconds, &r);
    if (r.end == DRV_JOB_EXITED && r.code == 0)
        return 0;
    char end[256];
    val_describe_end(&r, m->o->timeout_seconds, end, sizeof end);
    snprintf(why, nwhy, "the C compiler %s on %s (its messages are in %s)",
             end, j->cfile, j->console);
    *details = val_console_tail(j->console, 4000);
    return -1;
}

typedef struct ProbeJob {
    char **argv;
    const char *console;
} ProbeJob;

static int probe_body(void *arg)
{
    const ProbeJob *j = arg;
    int console = open(j->console, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    int null = open("/dev/null", O_RDONLY);
    if (console < 0 || null < 0 || dup2(null, 0) < 0 || dup2(console, 1) < 0
        || dup2(console, 2) < 0)
        return 127;
    execv(j->argv[0], j->argv);
    dprintf(2, "pplbench: cannot run %s: %s\n", j->argv[0], strerror(errno));
    return 127;
}

/* The last lines of a console file (up to n bytes), for a report's
 * details; malloc'd, or NULL. */
char *val_console_tail(const char *path, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *buf = malloc(n + 1);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size > (long)n)
            fseek(f, size - (long)n, SEEK_SET);
        else
            fseek(f, 0, SEEK_SET);
    }
    size_t k = fread(buf, 1, n, f);
    buf[k] = '\0';
    fclose(f);
    return buf;
}

void val_describe_end(const DrvJobResult *r, int timeout, char *out,
                      size_t n)
{
    switch (r->end) {
    case DRV_JOB_EXITED:
        snprintf(out, n, "exited with status %d", r->code);
        break;
    case DRV_JOB_KILLED:
        snprintf(out, n, "was killed by signal %d (%s)", r->code,
                 strsignal(r->code));
        break;
    case DRV_JOB_TIMED_OUT:
        snprintf(out, n, "timed out after %d s and was stopped", timeout);
        break;
    case DRV_JOB_INTERRUPTED:
        snprintf(out, n, "was interrupted");
        break;
    case DRV_JOB_NOT_STARTED:
        snprintf(out, n, "could not start: %s", strerror(r->code));
        break;
    }
}

/* The object of the C text `hash` in a role ("ref": the O0 program,
 * "cand": a job's): OUT/.cache/HASH.ROLE.o, compiled from HASH.ROLE.c,
 * which includes HASH.c with its main renamed pplbench_ROLE_main and adds
 * pplbench_ROLE_model(), so that the timing harness can link a reference
 * and a candidate into one process.  Compiled only when not cached. */
static int ensure_object(const ModelRun *m, const char *c_text, size_t c_len,
                         const char *hash, const char *role,
                         const char *console, char *why, size_t nwhy,
                         char **details)
{
    const char *obj = arena_printf(m->a, "%s/%s.%s.o", m->cache, hash, role);
    if (access(obj, R_OK) == 0)
        return 0;
    const char *cfile = arena_printf(m->a, "%s/%s.c", m->cache, hash);
    const char *unit = arena_printf(m->a, "%s/%s.%s.c", m->cache, hash, role);
    const char *text = arena_printf(
        m->a, "/* %s in the role %s (pplbench's validator) */\n"
        "#define main pplbench_%s_main\n#include \"%s.c\"\n#undef main\n"
        "const RtModel *pplbench_%s_model(void);\n"
        "const RtModel *pplbench_%s_model(void)\n{\n    return &model;\n}\n",
        hash, role, role, hash, role, role);
    if (val_write_text(m, cfile, c_text, c_len, why, nwhy) != 0
        || val_write_text(m, unit, text, strlen(text), why, nwhy) != 0)
        return -1;
    CompileJob j = {.cfile = unit, .exe = obj, .console = console,
                    .tmpdir = m->cache, .protect = m->protect,
                    .nprotect = m->nprotect, .compile_only = true};
    return compile_job(m, &j, why, nwhy, details);
}

/* The executable of C text (hash): its object in the role, linked with
 * the role's main (OUT/.cache/main.ROLE.o, made at the start of the run).
 * 0, or -1 with a message in why and the compiler's console tail in
 * *details (malloc'd). */
int val_ensure_exe(ModelRun *m, const char *c_text, size_t c_len,
                   const char *hash, const char *role,
                   const char *console, const char **exe_out, char *why,
                   size_t nwhy, char **details)
{
    const char *exe = arena_printf(m->a, "%s/%s", m->cache, hash);
    *exe_out = exe;
    if (access(exe, X_OK) == 0)
        return 0;
    if (ensure_object(m, c_text, c_len, hash, role, console, why, nwhy,
                      details) != 0)
        return -1;
    const char *obj = arena_printf(m->a, "%s/%s.%s.o", m->cache, hash, role);
    const char *main_obj = arena_printf(m->a, "%s/main.%s.o", m->cache,
                                        role);
    const char *more[] = {obj};
    CompileJob j = {.cfile = main_obj, .exe = exe, .console = console,
                    .tmpdir = m->cache, .protect = m->protect,
                    .nprotect = m->nprotect, .more = more, .nmore = 1};
    return compile_job(m, &j, why, nwhy, details);
}

/* Run the sampler exe with a method and its arguments (method[0..n)),
 * the run's seed, the model's data and the output file out; what names
 * the run in messages ("probe", "chain").  0, or -1 with why and the
 * console's tail in *details. */
static int run_sampler(ModelRun *m, const char *exe, const char *const *method,
                       int n, const char *out, const char *what,
                       const char *console, char *why, size_t nwhy,
                       char **details)
{
    char seed[32];
    snprintf(seed, sizeof seed, "seed=%d", m->o->seed);
    char *argv[16];
    int k = 0;
    argv[k++] = (char *)exe;
    for (int i = 0; i < n && i < 6; i++)
        argv[k++] = (char *)method[i];
    argv[k++] = "random";
    argv[k++] = seed;
    if (m->data) {
        argv[k++] = "data";
        argv[k++] = arena_printf(m->a, "file=%s", m->data);
    }
    argv[k++] = "output";
    argv[k++] = arena_printf(m->a, "file=%s", out);
    argv[k] = NULL;
    ProbeJob j = {.argv = argv, .console = console};
    DrvJobResult r;
    drv_job_run(probe_body, &j, m->o->timeout_seconds, &r);
    if (r.end == DRV_JOB_EXITED && r.code == 0)
        return 0;
    char end[256];
    val_describe_end(&r, m->o->timeout_seconds, end, sizeof end);
    snprintf(why, nwhy, "the sampler's %s %s (its console is %s)", what, end,
             console);
    *details = val_console_tail(console, 4000);
    return -1;
}

/* Run exe's probe method into probe_path. */
int val_run_probe(ModelRun *m, const char *exe, const char *probe_path,
                  const char *console, char *why, size_t nwhy,
                  char **details)
{
    char points[32];
    snprintf(points, sizeof points, "points=%d", m->o->points);
    const char *method[] = {"probe", points};
    return run_sampler(m, exe, method, 2, probe_path, "probe", console, why,
                       nwhy, details);
}

/* ------------------------------------------------------- timing harness */

/* The sources the run compiles once into OUT/.cache: each role's main,
 * and the timing harness that links a reference's and a candidate's
 * objects into one process and times their gradients interleaved, as
 * tests/bench/grad_bench.c does against hand-written C. */
static const char main_source[] =
    "/* the sampler's main for a model object in the role %s */\n"
    "int pplbench_%s_main(int argc, char **argv);\n"
    "int main(int argc, char **argv);\n"
    "int main(int argc, char **argv)\n"
    "{\n"
    "    return pplbench_%s_main(argc, argv);\n"
    "}\n";

static const char timing_source[] =
    "/* timing.c - pplbench's validator: the gradient time of a candidate\n"
    " * program over its reference's, both linked into this process and\n"
    " * timed in alternating blocks (the fastest block of each side: noise on\n"
    " * a shared machine only ever adds time).\n"
    " *   time [DATA.json]  ->  speed_ratio=R ref_ns=A cand_ns=B */\n"
    "#define _POSIX_C_SOURCE 200809L\n"
    "#include <math.h>\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <time.h>\n"
    "#include \"pplrt.h\"\n"
    "const RtModel *pplbench_ref_model(void);\n"
    "const RtModel *pplbench_cand_model(void);\n"
    "enum { ROUNDS = 11 };\n"
    "static volatile double sink;\n"
    "static double now(void)\n"
    "{\n"
    "    struct timespec t;\n"
    "    clock_gettime(CLOCK_MONOTONIC, &t);\n"
    "    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;\n"
    "}\n"
    "static double block(const RtModel *m, void *s, const double *u,\n"
    "                    double *g, long n)\n"
    "{\n"
    "    RtError err = {.msg = \"\"};\n"
    "    double lp, acc = 0, t0 = now();\n"
    "    for (long i = 0; i < n; i++) {\n"
    "        if (m->log_density(s, u, true, true, RT_JOINT, &lp, g, &err))\n"
    "            return -1;\n"
    "        acc += lp;\n"
    "    }\n"
    "    sink = acc;\n"
    "    return now() - t0;\n"
    "}\n"
    "static int cmp(const void *a, const void *b)\n"
    "{\n"
    "    double x = *(const double *)a, y = *(const double *)b;\n"
    "    return (x > y) - (x < y);\n"
    "}\n"
    "int main(int argc, char **argv)\n"
    "{\n"
    "    RtError err = {.msg = \"\"};\n"
    "    RtData *d = argc > 1 ? rt_data_load(argv[1], &err)\n"
    "                         : rt_data_parse(\"{}\", &err);\n"
    "    if (!d) {\n"
    "        printf(\"speed_error=data: %s\\n\", err.msg);\n"
    "        return 1;\n"
    "    }\n"
    "    const RtModel *m[2] = {pplbench_ref_model(), pplbench_cand_model()};\n"
    "    void *s[2];\n"
    "    for (int k = 0; k < 2; k++)\n"
    "        if (!(s[k] = m[k]->create(d, 1, &err))) {\n"
    "            printf(\"speed_error=create: %s\\n\", err.msg);\n"
    "            return 1;\n"
    "        }\n"
    "    int dim = m[0]->num_unconstrained(s[0]);\n"
    "    if (dim != m[1]->num_unconstrained(s[1])) {\n"
    "        printf(\"speed_error=the dimensions differ\\n\");\n"
    "        return 1;\n"
    "    }\n"
    "    double *u = calloc((size_t)dim + 1, sizeof *u);\n"
    "    double *g = calloc((size_t)dim + 1, sizeof *g);\n"
    "    if (!u || !g)\n"
    "        return 1;\n"
    "    /* a point both evaluate: u = 0.3 sin(i + 1), else scaled down */\n"
    "    double scale = 0.3;\n"
    "    for (int tries = 0;; tries++) {\n"
    "        for (int i = 0; i < dim; i++)\n"
    "            u[i] = scale * sin(i + 1.0);\n"
    "        if (block(m[0], s[0], u, g, 1) >= 0\n"
    "            && block(m[1], s[1], u, g, 1) >= 0)\n"
    "            break;\n"
    "        if (tries == 8) {\n"
    "            printf(\"speed_error=no point where both evaluate\\n\");\n"
    "            return 1;\n"
    "        }\n"
    "        scale /= 4;\n"
    "    }\n"
    "    long n = 1;\n"
    "    while (n < (1L << 40)) {\n"
    "        double t = block(m[0], s[0], u, g, n);\n"
    "        if (t >= 0.005)\n"
    "            break;\n"
    "        n *= t > 0.0005 ? 2 : 10;\n"
    "    }\n"
    "    double t[2][ROUNDS];\n"
    "    for (int r = 0; r < ROUNDS; r++)\n"
    "        for (int k = 0; k < 2; k++) {\n"
    "            int side = (r % 2) ? 1 - k : k;\n"
    "            t[side][r] = block(m[side], s[side], u, g, n);\n"
    "            if (t[side][r] < 0) {\n"
    "                printf(\"speed_error=an evaluation failed\\n\");\n"
    "                return 1;\n"
    "            }\n"
    "        }\n"
    "    qsort(t[0], ROUNDS, sizeof(double), cmp);\n"
    "    qsort(t[1], ROUNDS, sizeof(double), cmp);\n"
    "    double a = t[0][0] / (double)n, b = t[1][0] / (double)n;\n"
    "    printf(\"speed_ratio=%.3f ref_ns=%.0f cand_ns=%.0f\\n\", b / a, a * 1e9,\n"
    "           b * 1e9);\n"
    "    return 0;\n"
    "}\n";

/* Compile a fixed source of the run into OUT/.cache/NAME.o (unless it is
 * there); 0, or -1 after a message. */
static int prepare_object(const ModelRun *m, const char *name,
                          const char *text)
{
    const char *src = arena_printf(m->a, "%s/%s.c", m->cache, name);
    const char *obj = arena_printf(m->a, "%s/%s.o", m->cache, name);
    if (access(obj, R_OK) == 0)
        return 0;
    const char *console = arena_printf(m->a, "%s/%s.log", m->cache, name);
    char why[1024];
    char *details = NULL;
    if (val_write_text(m, src, text, strlen(text), why, sizeof why) == 0) {
        CompileJob j = {.cfile = src, .exe = obj, .console = console,
                        .tmpdir = m->cache, .protect = m->protect,
                        .nprotect = m->nprotect, .compile_only = true};
        if (compile_job(m, &j, why, sizeof why, &details) == 0)
            return 0;
    }
    fprintf(stderr, "pplbench: %s\n%s", why, details ? details : "");
    free(details);
    return -1;
}

/* The candidate's gradient time over the reference's, measured by the
 * timing harness; 0 with the ratio, or -1 with why. */
int val_measure_speed(ModelRun *m, const char *cand_hash, const char *dir,
                      double *ratio, char *why, size_t nwhy)
{
    const char *exe = arena_printf(m->a, "%s/time-%s-%s", m->cache,
                                   m->o0_hash, cand_hash);
    const char *console = arena_printf(m->a, "%s/speed.log", dir);
    char *details = NULL;
    if (access(exe, X_OK) != 0) {
        const char *more[] = {
            arena_printf(m->a, "%s/%s.ref.o", m->cache, m->o0_hash),
            arena_printf(m->a, "%s/%s.cand.o", m->cache, cand_hash)};
        CompileJob j = {.cfile = arena_printf(m->a, "%s/timing.o", m->cache),
                        .exe = exe, .console = console, .tmpdir = m->cache,
                        .protect = m->protect, .nprotect = m->nprotect,
                        .more = more, .nmore = 2};
        if (compile_job(m, &j, why, nwhy, &details) != 0) {
            free(details);
            return -1;
        }
    }
    char *argv[3] = {(char *)exe, (char *)m->data, NULL};
    ProbeJob pj = {.argv = argv, .console = console};
    DrvJobResult r;
    drv_job_run(probe_body, &pj, m->o->timeout_seconds, &r);
    char *out = val_console_tail(console, 512);
    const char *at = out ? strstr(out, "speed_ratio=") : NULL;
    int rc = -1;
    if (r.end == DRV_JOB_EXITED && r.code == 0 && at
        && sscanf(at, "speed_ratio=%lf", ratio) == 1) {
        rc = 0;
    } else {
        const char *e = out ? strstr(out, "speed_error=") : NULL;
        snprintf(why, nwhy, "the timing harness failed: %.300s",
                 e ? e + 12 : out ? out : "no output");
        char *nl = strchr(why, '\n');
        if (nl)
            *nl = '\0';
    }
    free(out);
    return rc;
}

/* ------------------------------------------------------------ posterior */

/* --posterior: a short chain of each program, compared column by column. */
enum { POSTERIOR_WARMUP = 300, POSTERIOR_DRAWS = 300 };
/* How many Monte Carlo standard errors two means may be apart: with a few
 * hundred columns per model, 5 keeps a false alarm rarer than 1 in 10^4
 * per model while a real change of a posterior moves its means by many. */
static const double POSTERIOR_Z = 5.0;

/* Run exe's NUTS chain into csv (unless it is there). */
int val_run_chain(ModelRun *m, const char *exe, const char *csv,
                  const char *console, char *why, size_t nwhy,
                  char **details)
{
    if (access(csv, R_OK) == 0)
        return 0;
    char warm[32], draws[32];
    snprintf(warm, sizeof warm, "num_warmup=%d", POSTERIOR_WARMUP);
    snprintf(draws, sizeof draws, "num_samples=%d", POSTERIOR_DRAWS);
    const char *method[] = {"sample", warm, draws};
    return run_sampler(m, exe, method, 3, csv, "chain", console, why, nwhy,
                       details);
}

/* Compare two chains' means: true when every model column (not the
 * sampler's name__ columns, nor lp__, which may drop a constant) is within
 * POSTERIOR_Z standard errors; else false with the first column that is
 * not in msg.  -1 when a chain cannot be read (msg says why). */
int val_compare_chains(ModelRun *m, const char *ref, const char *cand,
                       char *msg, size_t nmsg)
{
    char *errs = NULL;
    size_t nerrs = 0;
    FILE *err = open_memstream(&errs, &nerrs);
    if (!err) {
        snprintf(msg, nmsg, "out of memory");
        return -1;
    }
    DrvColumnStats *a, *b;
    int na, nb;
    int rc = drv_summary_columns(m->a, ref, &a, &na, err) == 0
          && drv_summary_columns(m->a, cand, &b, &nb, err) == 0 ? 1 : -1;
    fclose(err);
    if (rc < 0) {
        snprintf(msg, nmsg, "%s", errs ? errs : "cannot read a chain");
        msg[strcspn(msg, "\n")] = '\0';
        free(errs);
        return -1;
    }
    free(errs);
    if (na != nb) {
        snprintf(msg, nmsg, "the chains have %d and %d columns", na, nb);
        return 0;
    }
    for (int j = 0; j < na; j++) {
        if (strcmp(a[j].name, b[j].name) != 0) {
            snprintf(msg, nmsg, "column %d is %s in O0 and %s in the "
                     "candidate", j + 1, a[j].name, b[j].name);
            return 0;
        }
        if (name_has_suffix(a[j].name, "__"))
            continue;
        double d = fabs(a[j].mean - b[j].mean);
        double se = sqrt(a[j].mcse * a[j].mcse + b[j].mcse * b[j].mcse);
        bool ok;
        if (isfinite(se) && se > 0)
            ok = d <= POSTERIOR_Z * se;
        else    /* a constant column, or one that is not finite */
            ok = d <= 1e-8 * fmax(fabs(a[j].mean), fabs(b[j].mean))
                 || (isnan(a[j].mean) && isnan(b[j].mean))
                 || a[j].mean == b[j].mean;
        if (!ok) {
            snprintf(msg, nmsg, "the posterior mean of %s differs: O0 %.6g "
                     "(MCSE %.2g) vs candidate %.6g (MCSE %.2g), %.1f "
                     "standard errors apart (at most %.0f)", a[j].name,
                     a[j].mean, a[j].mcse, b[j].mean, b[j].mcse,
                     se > 0 ? d / se : INFINITY, POSTERIOR_Z);
            return 0;
        }
    }
    return 1;
}

int val_prepare_objects(ModelRun *prep)
{
    return prepare_object(prep, "main.ref", arena_printf(prep->a, main_source,
                                                        "ref", "ref", "ref"))
        || prepare_object(prep, "main.cand",
                          arena_printf(prep->a, main_source, "cand", "cand",
                                       "cand"))
        || prepare_object(prep, "timing", timing_source) ? -1 : 0;
}

