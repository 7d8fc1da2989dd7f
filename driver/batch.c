/* batch.c - one model of the batch mode (`pplbench corpus/`): emit its C,
 * compile the sampler, run a short chain, summarize the draws.  Every
 * product goes under the output folder as NAME.c, NAME (the sampler),
 * NAME.csv, NAME.log (the sampler's console) and NAME.summary.txt. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "batch.h"
#include "build.h"
#include "summary.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The model's C, written through NAME.c.tmp; false with *why on a model
 * the backend cannot compile yet. */
static bool emit_file(FeUnit *u, const char *name, const char *cpath,
                      char *why, size_t n)
{
    MirProgram *p = mir_lower(&u->arena, u->prog,
                              emit_model_name(&u->arena, name));
    if (!mir_verify(p, why, n))
        return false;
    mir_transform(p);
    if (!mir_verify(p, why, n))
        return false;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", cpath);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(why, n, "cannot write %.900s: %s", tmp, strerror(errno));
        return false;
    }
    bool ok = emit_c(f, p, why, n);
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, cpath) != 0) {
        remove(tmp);
        return false;
    }
    return true;
}

/* Run the sampler; its console goes to NAME.log. */
static int run_sampler(const char *exe, const char *data, const char *csv,
                       const char *log, const DrvBatchOptions *o)
{
    char warm[32], draws[32], seed[32], datafile[4200], outfile[4200];
    snprintf(warm, sizeof warm, "num_warmup=%d", o->num_warmup);
    snprintf(draws, sizeof draws, "num_samples=%d", o->num_samples);
    snprintf(seed, sizeof seed, "seed=%d", o->seed);
    snprintf(datafile, sizeof datafile, "file=%s", data ? data : "");
    snprintf(outfile, sizeof outfile, "file=%s", csv);
    char *argv[20];
    int k = 0;
    argv[k++] = (char *)exe;
    argv[k++] = "sample";
    argv[k++] = warm;
    argv[k++] = draws;
    if (data) {
        argv[k++] = "data";
        argv[k++] = datafile;
    }
    argv[k++] = "random";
    argv[k++] = seed;
    argv[k++] = "output";
    argv[k++] = outfile;
    argv[k++] = "refresh=0";
    argv[k] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        FILE *l = freopen(log, "w", stdout);
        if (l)
            dup2(fileno(stdout), 2);
        execv(exe, argv);
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int summarize(const char *csv, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    char *argv[] = {"summary", (char *)csv, NULL};
    int status = drv_summary(2, argv, f, f);
    fclose(f);
    return status;
}

int drv_batch_model(FeUnit *u, const char *stan_path,
                    const DrvBatchOptions *o, FILE *out)
{
    const char *base = strrchr(stan_path, '/');
    base = base ? base + 1 : stan_path;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".stan") == 0)
        n -= 5;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)n, base);
    char cpath[4096], exe[4096], csv[4096], log[4096], sum[4096];
    char data[4096];
    snprintf(cpath, sizeof cpath, "%s/%s.c", o->outdir, name);
    snprintf(exe, sizeof exe, "%s/%s", o->outdir, name);
    snprintf(csv, sizeof csv, "%s/%s.csv", o->outdir, name);
    snprintf(log, sizeof log, "%s/%s.log", o->outdir, name);
    snprintf(sum, sizeof sum, "%s/%s.summary.txt", o->outdir, name);
    snprintf(data, sizeof data, "%.*s.data.json",
             (int)(strlen(stan_path) - 5), stan_path);
    struct stat st;
    bool has_data = stat(data, &st) == 0;

    char why[1024];
    if (!emit_file(u, name, cpath, why, sizeof why)) {
        fprintf(out, "    not built: %s\n", why);
        return DRV_BATCH_NOT_COMPILED;
    }
    double compile_s = 0;
    DrvBuildOptions bo = {.compile_seconds = &compile_s};
    FILE *errlog = fopen(log, "w");
    int rc = drv_compile_c(cpath, exe, &bo, errlog ? errlog : stderr);
    if (errlog)
        fclose(errlog);
    if (rc != 0) {
        fprintf(out, "    build FAILED: the C compiler's output is in %s\n",
                log);
        return DRV_BATCH_FAILED;
    }
    double t0 = now();
    rc = run_sampler(exe, has_data ? data : NULL, csv, log, o);
    double sample_s = now() - t0;
    if (rc != 0) {
        fprintf(out, "    sampling FAILED (exit %d): see %s\n", rc, log);
        return DRV_BATCH_FAILED;
    }
    int srep = summarize(csv, sum);
    fprintf(out, "    built (C compile %.2f s), sampled %d+%d draws in "
            "%.2f s -> %s%s\n", compile_s, o->num_warmup, o->num_samples,
            sample_s, csv, srep == 0 ? "" : " (summary failed)");
    return DRV_BATCH_SAMPLED;
}
