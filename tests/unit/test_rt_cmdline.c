/* test_rt_cmdline.c - rt_main, CmdStan's command line, driving a small
 * model defined here (data real<lower=0> s; parameters vector[2] mu;
 * model mu ~ normal(0, s)) through the real NUTS in runtime/nuts.c:
 * argument forms and errors, the Stan CSV it writes, initialization,
 * log_prob, and the error paths (bad data, failed init, a sampler error
 * mid-run). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "pplrt.h"

/* ------------------------------------------------------------ the model */

/* Test switches, read from the data's optional int `mode`:
 *   1  the first two density evaluations are rejected
 *   2  every density evaluation is rejected
 *   3  generated quantities (write_array) reject
 *   4  the density is zero (lp = -inf) everywhere after 10 written
 *      draws, so no step size can be found at the next adaptation */
typedef struct Normal2 {
    double s;
    int mode;
} Normal2;

static int evaluations;          /* density evaluations since create */
static int draws_written;        /* write_array calls since create */
static double first_point[2];    /* where the density was first evaluated */

static void *normal2_create(const RtData *data, uint64_t seed, RtError *err)
{
    (void)seed;
    Normal2 *m = calloc(1, sizeof *m);
    if (rt_data_reals(data, "s", 0, NULL, &m->s, err) != 0
        || rt_check_lower("s", &m->s, 1, 0, err) != 0
        || (rt_data_has(data, "mode")
            && rt_data_ints(data, "mode", 0, NULL, &m->mode, err) != 0)) {
        free(m);
        return NULL;
    }
    evaluations = 0;
    draws_written = 0;
    return m;
}

static void normal2_destroy(void *m)
{
    free(m);
}

static int normal2_dim(const void *m)
{
    (void)m;
    return 2;
}

static int normal2_log_density(const void *vm, const double *u,
                               bool jacobian, bool propto, RtContext ctx,
                               double *lp, double *grad, RtError *err)
{
    const Normal2 *m = vm;
    (void)jacobian;
    (void)ctx;
    if (evaluations++ == 0) {
        first_point[0] = u[0];
        first_point[1] = u[1];
    }
    if ((m->mode == 1 && evaluations <= 2) || m->mode == 2)
        return rt_error(err, "normal_lpdf: Random variable is nan");
    if (m->mode == 4 && draws_written > 10) {
        *lp = -INFINITY;
        return 0;
    }
    double s2 = m->s * m->s;
    *lp = -0.5 * (u[0] * u[0] + u[1] * u[1]) / s2;
    if (!propto)
        *lp -= 2 * log(m->s) + log(2 * M_PI);
    if (grad) {
        grad[0] = -u[0] / s2;
        grad[1] = -u[1] / s2;
    }
    return 0;
}

static int normal2_outputs(const void *m)
{
    (void)m;
    return 2;
}

static const char *normal2_name(const void *m, int i)
{
    (void)m;
    return i == 0 ? "mu.1" : "mu.2";
}

static int normal2_write_array(const void *vm, RtRng *rng, const double *u,
                               double *out, RtError *err)
{
    const Normal2 *m = vm;
    (void)rng;
    draws_written++;
    if (m->mode == 3)
        return rt_error(err, "gq: reject in generated quantities");
    out[0] = u[0];
    out[1] = u[1];
    return 0;
}

static int normal2_unconstrain(const void *m, const RtData *inits, double *u,
                               RtError *err)
{
    (void)m;
    int dims[] = {2};
    return rt_data_reals(inits, "mu", 1, dims, u, err);
}

static const RtModel normal2_model = {
    .name = "normal2_model",
    .create = normal2_create,
    .destroy = normal2_destroy,
    .num_unconstrained = normal2_dim,
    .log_density = normal2_log_density,
    .num_outputs = normal2_outputs,
    .output_name = normal2_name,
    .unconstrained_name = normal2_name,
    .write_array = normal2_write_array,
    .unconstrain = normal2_unconstrain,
};

/* A model without parameters: generated quantities only. */
static void *gq_create(const RtData *data, uint64_t seed, RtError *err)
{
    (void)data;
    (void)seed;
    (void)err;
    return calloc(1, 1);
}

static int gq_dim(const void *m)
{
    (void)m;
    return 0;
}

static int gq_outputs(const void *m)
{
    (void)m;
    return 1;
}

static const char *gq_name(const void *m, int i)
{
    (void)m;
    (void)i;
    return "y_rep";
}

static int gq_write_array(const void *m, RtRng *rng, const double *u,
                          double *out, RtError *err)
{
    (void)m;
    (void)u;
    (void)err;
    out[0] = rt_rng_uniform(rng);
    return 0;
}

static const RtModel gq_model = {
    .name = "gq_model",
    .create = gq_create,
    .destroy = normal2_destroy,
    .num_unconstrained = gq_dim,
    .log_density = normal2_log_density,
    .num_outputs = gq_outputs,
    .output_name = gq_name,
    .write_array = gq_write_array,
    .unconstrain = normal2_unconstrain,
};

/* ----------------------------------------------------- running rt_main */

typedef struct Run {
    int rc;
    char *out, *err;             /* captured stdout and stderr */
} Run;

typedef struct Scratch {
    char dir[64];
    char path[8][160];           /* files made by a test, removed after */
    int npaths;
} Scratch;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 20;
    char *buf = malloc(cap);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* A path in the scratch directory (removed by teardown). */
static const char *scratch_path(Scratch *s, const char *name)
{
    assert_true(s->npaths < 8);
    char *p = s->path[s->npaths++];
    char full[sizeof s->path[0]];
    snprintf(full, sizeof full, "%s/%s", s->dir, name);
    memcpy(p, full, sizeof full);
    return p;
}

static const char *write_file(Scratch *s, const char *name,
                              const char *text)
{
    const char *p = scratch_path(s, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return p;
}

static int setup_scratch(void **state)
{
    Scratch *s = test_calloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/test_rt_cmdline_XXXXXX");
    if (!mkdtemp(s->dir))
        return -1;
    *state = s;
    return 0;
}

static int teardown_scratch(void **state)
{
    Scratch *s = *state;
    for (int i = 0; i < s->npaths; i++) {
        char tmp[200];
        snprintf(tmp, sizeof tmp, "%s.tmp", s->path[i]);
        remove(s->path[i]);
        remove(tmp);
    }
    rmdir(s->dir);
    test_free(s);
    return 0;
}

/* Run rt_main on a NULL-terminated argument list, capturing stdout and
 * stderr in files of the scratch directory. */
static Run run_main(Scratch *s, const RtModel *model, ...)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = "./model";
    va_list ap;
    va_start(ap, model);
    for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 63;)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;

    char out_path[128], err_path[128];
    snprintf(out_path, sizeof out_path, "%s/stdout.txt", s->dir);
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", s->dir);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    int fd_out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int fd_err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd_out, 1);
    dup2(fd_err, 2);
    close(fd_out);
    close(fd_err);
    Run r;
    r.rc = rt_main(argc, argv, model);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    remove(out_path);
    remove(err_path);
    return r;
}

static void run_free(Run *r)
{
    free(r->out);
    free(r->err);
}

/* Count the lines of text that are draws (not comments, not the column
 * line). */
static int count_rows(const char *csv)
{
    int rows = 0;
    for (const char *line = csv; line && *line;) {
        const char *end = strchr(line, '\n');
        if (line[0] != '#' && strncmp(line, "lp__", 4) != 0)
            rows++;
        line = end ? end + 1 : NULL;
    }
    return rows;
}

/* The draws only (comments and timing left out), for comparing runs. */
static char *draws_only(const char *csv)
{
    char *out = malloc(strlen(csv) + 1);
    size_t n = 0;
    for (const char *line = csv; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        if (line[0] != '#') {
            memcpy(out + n, line, len);
            n += len;
        }
        line = end ? end + 1 : NULL;
    }
    out[n] = '\0';
    return out;
}

static void assert_contains(const char *text, const char *want)
{
    if (!text || !strstr(text, want))
        fail_msg("expected to find \"%s\" in:\n%s", want,
                 text ? text : "(null)");
}

/* The first line of text must be exactly want. */
static void assert_first_line(const char *text, const char *want)
{
    size_t n = strcspn(text, "\n");
    if (strlen(want) != n || strncmp(text, want, n) != 0)
        fail_msg("first line \"%.*s\", wanted \"%s\"", (int)n, text, want);
}

/* ------------------------------------------------------------ sampling */

static void test_sample_writes_stan_csv(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 2}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    Run r = run_main(s, &normal2_model, "sample", "num_samples=1000",
                     "num_warmup=300", "data", data_arg, "random",
                     "seed=11", "output", out_arg, "refresh=100", NULL);
    assert_int_equal(r.rc, 0);
    assert_string_equal(r.err, "");
    assert_contains(r.out, "method = sample (Default)\n  sample\n"
                           "    num_samples = 1000 (Default)\n"
                           "    num_warmup = 300\n");
    assert_contains(r.out, "Gradient evaluation took ");
    assert_contains(r.out, "Iteration:    1 / 1300 [  0%]  (Warmup)\n");
    assert_contains(r.out, "Iteration:  301 / 1300 [ 23%]  (Sampling)\n");
    assert_contains(r.out, "Iteration: 1300 / 1300 [100%]  (Sampling)\n");
    assert_contains(r.out, " Elapsed Time: ");

    char *csv = slurp(out);
    assert_non_null(csv);
    assert_true(strncmp(csv, "# stan_version_major = 2\n", 25) == 0);
    assert_contains(csv, "\n# model = normal2_model\n# start_datetime = ");
    assert_contains(csv, "\n#     num_warmup = 300\n");
    assert_contains(csv, "\n#   seed = 11\n");
    assert_contains(csv, "\n# stancflags = \nlp__,accept_stat__,stepsize__,"
                         "treedepth__,n_leapfrog__,divergent__,energy__,"
                         "mu.1,mu.2\n# Adaptation terminated\n"
                         "# Step size = ");
    assert_contains(csv, "\n# Diagonal elements of inverse mass matrix:\n");
    assert_contains(csv, "#  Elapsed Time: ");
    assert_int_equal(count_rows(csv), 1000);
    /* the draws are from N(0, 2^2) */
    char *rows = draws_only(csv);
    double sum = 0, sum2 = 0;
    int n = 0;
    for (char *line = strchr(rows, '\n') + 1; *line; n++) {
        double v[9];
        for (int k = 0; k < 9; k++)
            v[k] = strtod(line, &line), line++;
        sum += v[7];
        sum2 += v[7] * v[7];
    }
    assert_int_equal(n, 1000);
    double mean = sum / n, sd = sqrt(sum2 / n - mean * mean);
    assert_true(fabs(mean) < 0.4);
    assert_true(sd > 1.6 && sd < 2.4);
    free(rows);
    free(csv);
    run_free(&r);
}

static void test_same_seed_same_draws(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    char *draws[3];
    const char *ids[3] = {"id=1", "id=1", "id=2"};
    for (int k = 0; k < 3; k++) {
        Run r = run_main(s, &normal2_model, "sample", "num_samples=50",
                         "num_warmup=50", ids[k], "data", data_arg,
                         "output", out_arg, "refresh=0", "random", "seed=5",
                         NULL);
        assert_int_equal(r.rc, 0);
        assert_null(strstr(r.out, "Iteration"));   /* refresh=0 */
        char *csv = slurp(out);
        draws[k] = draws_only(csv);
        free(csv);
        run_free(&r);
    }
    assert_string_equal(draws[0], draws[1]);
    assert_string_not_equal(draws[0], draws[2]);
    for (int k = 0; k < 3; k++)
        free(draws[k]);
}

static void test_argument_forms(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    /* method=sample, groups closed implicitly, any order at the top */
    Run r = run_main(s, &normal2_model, "output", out_arg, "refresh=0",
                     "method=sample", "adapt", "delta=0.9", "engaged=1",
                     "num_samples=10", "thin=2", "algorithm=hmc",
                     "engine=nuts", "max_depth=5", "metric=diag_e",
                     "stepsize=0.5", "num_warmup=20", "save_warmup=true",
                     "data", data_arg, "init=0.5", "id=3", NULL);
    assert_int_equal(r.rc, 0);
    char *csv = slurp(out);
    assert_contains(csv, "\n#     num_samples = 10\n#     num_warmup = 20\n"
                         "#     save_warmup = 1\n#     thin = 2\n"
                         "#     adapt\n#       engaged = 1 (Default)\n");
    assert_contains(csv, "\n#       delta = 0.90000000000000002\n");
    assert_contains(csv, "\n#             max_depth = 5\n");
    assert_contains(csv, "\n#         stepsize = 0.5\n");
    assert_contains(csv, "\n# id = 3\n");
    assert_contains(csv, "\n# init = 0.5\n");
    assert_contains(csv, "\n#   seed = ");          /* random, Default */
    assert_contains(csv, " (Default)\n# output\n");
    /* thin=2 over 20 warm-up and 10 sampling iterations */
    assert_int_equal(count_rows(csv), 15);
    assert_true(fabs(first_point[0]) < 0.5 && fabs(first_point[1]) < 0.5);
    free(csv);
    run_free(&r);
}

static void test_argument_errors(void **state)
{
    Scratch *s = *state;
    static const struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        {{"sample", "foo=1"}, "foo=1 is not a valid argument (mistyped?)"},
        {{"sample", "delta=0.9"},
         "delta=0.9 is misplaced: delta belongs after 'sample adapt'"},
        {{"sample", "max_depth=3"},
         "max_depth=3 is misplaced: max_depth belongs after"
         " 'sample algorithm=hmc engine=nuts'"},
        {{"sample", "num_samples=-1"},
         "num_samples=-1: expected an integer with 0 <= num_samples"},
        {{"sample", "num_samples=ten"},
         "num_samples=ten: expected an integer with 0 <= num_samples"},
        {{"sample", "thin=0"}, "thin=0: expected an integer with 0 < thin"},
        {{"sample", "adapt", "delta=1.5"},
         "delta=1.5: expected a number with 0 < delta < 1"},
        {{"sample", "algorithm=hmc", "engine=static"},
         "engine=static: expected engine=VALUE with one of: nuts"},
        {{"sample", "algorithm=hmc", "metric=dense_e"},
         "metric=dense_e: expected metric=VALUE with one of: diag_e"},
        {{"sample", "num_chains=4"},
         "num_chains=4: expected an integer with num_chains = 1"},
        {{"data", "file=x.json"},
         "no method given: the first argument should be sample, log_prob"
         " or probe"},
        {{"sample", "num_samples=10", "num_samples=20"},
         "num_samples=20: num_samples is given twice"},
        {{"sample", "output", "sig_figs=3"},
         "sig_figs=3: CmdStan's sig_figs is not supported by pplbench"
         " samplers"},
        {{"optimize"},
         "optimize: CmdStan's optimize is not supported by pplbench"
         " samplers"},
        {{"sample", "adapt=1"},
         "adapt=1: adapt takes no value; write 'adapt' and then its"
         " arguments"},
        {{"sample", "save_warmup=yes"},
         "save_warmup=yes: expected 0, 1, false or true"},
        {{"sample", "init=-1"},
         "init=-1: expected a radius (a number >= 0) or a file name"},
        {{"sample", "random", "seed=abc"},
         "seed=abc: expected an integer with 0 <= seed (or -1 for a random"
         " seed)"},
        {{"sample", "num_samples"},
         "num_samples needs a value (num_samples=...)"},
        {{"sample", "log_prob"}, "log_prob: method is given twice"},
        {{"sample", "points=3"},
         "points=3 is misplaced: points belongs after 'probe'"},
        {{"probe", "points=0"},
         "points=0: expected an integer with 1 <= points <= 100000"},
        {{"probe", "seed=1", "random", "seed=2"},
         "seed=2: seed is given twice"},
        {{"probe", "random", "seed=1", "seed=2"},
         "seed=2: seed is given twice"},
        {{"sample", "seed=2"},
         "seed=2 is misplaced: seed belongs after 'random'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *const *a = cases[i].args;
        Run r = run_main(s, &normal2_model, a[0], a[1], a[2], a[3], NULL);
        if (r.rc != 1)
            fail_msg("case %zu: exit code %d", i, r.rc);
        assert_first_line(r.err, cases[i].message);
        assert_contains(r.err, "\nUsage: ./model sample ");
        assert_string_equal(r.out, "");
        run_free(&r);
    }
}

static void test_help_and_no_arguments(void **state)
{
    Scratch *s = *state;
    Run r = run_main(s, &normal2_model, "help", NULL);
    assert_int_equal(r.rc, 0);
    assert_true(strncmp(r.out, "Usage: ./model sample ", 22) == 0);
    assert_string_equal(r.err, "");
    run_free(&r);
    r = run_main(s, &normal2_model, "sample", "help-all", NULL);
    assert_int_equal(r.rc, 0);
    run_free(&r);
    r = run_main(s, &normal2_model, NULL);
    assert_int_equal(r.rc, 1);              /* as CmdStan */
    assert_true(strncmp(r.out, "Usage: ", 7) == 0);
    run_free(&r);
}

/* ------------------------------------------------------ initialization */

static void test_init_from_file_and_zero(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1}");
    const char *inits = write_file(s, "inits.json",
                                   "{\"mu\": [0.25, -0.75]}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200], init_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    snprintf(init_arg, sizeof init_arg, "init=%s", inits);
    Run r = run_main(s, &normal2_model, "sample", "num_samples=5",
                     "num_warmup=5", "data", data_arg, init_arg, "output",
                     out_arg, "refresh=0", NULL);
    assert_int_equal(r.rc, 0);
    assert_true(first_point[0] == 0.25 && first_point[1] == -0.75);
    run_free(&r);
    r = run_main(s, &normal2_model, "sample", "num_samples=5",
                 "num_warmup=5", "data", data_arg, "init=0", "output",
                 out_arg, "refresh=0", NULL);
    assert_int_equal(r.rc, 0);
    assert_true(first_point[0] == 0 && first_point[1] == 0);
    run_free(&r);
    /* inits that do not fit the parameters */
    const char *bad = write_file(s, "bad.json", "{\"mu\": [1, 2, 3]}");
    remove(out);
    snprintf(init_arg, sizeof init_arg, "init=%s", bad);
    r = run_main(s, &normal2_model, "sample", "data", data_arg, init_arg,
                 "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    char want[400];
    snprintf(want, sizeof want, "cannot use the initial values in %s:"
             " mismatch in dimension 1 of variable mu: declared 2, found 3",
             bad);
    assert_first_line(r.err, want);
    assert_int_not_equal(access(out, F_OK), 0);     /* no CSV at all */
    run_free(&r);
}

static void test_random_inits_retry(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1, \"mode\": 1}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    Run r = run_main(s, &normal2_model, "sample", "num_samples=5",
                     "num_warmup=5", "data", data_arg, "output", out_arg,
                     "refresh=0", NULL);
    assert_int_equal(r.rc, 0);
    const char *first = strstr(r.out, "Rejecting initial value:\n  Error"
                                      " evaluating the log probability at"
                                      " the initial value.\nnormal_lpdf:"
                                      " Random variable is nan\n");
    assert_non_null(first);
    assert_non_null(strstr(first + 1, "Rejecting initial value:"));
    assert_null(strstr(strstr(first + 1, "Rejecting") + 1, "Rejecting"));
    run_free(&r);
}

static void test_random_inits_give_up(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1, \"mode\": 2}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    Run r = run_main(s, &normal2_model, "sample", "data", data_arg,
                     "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_int_equal(evaluations, 100);
    assert_first_line(r.err, "Initialization between (-2, 2) failed after"
                             " 100 attempts.");
    assert_int_not_equal(access(out, F_OK), 0);
    run_free(&r);
    r = run_main(s, &normal2_model, "sample", "init=0", "data", data_arg,
                 "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_int_equal(evaluations, 1);
    assert_first_line(r.err, "Initialization between (-0, 0) failed after"
                             " 1 attempt.");
    run_free(&r);
}

/* ------------------------------------------------------- error paths */

static void test_data_errors(void **state)
{
    Scratch *s = *state;
    const char *neg = write_file(s, "neg.json", "{\"s\": -1}");
    const char *none = write_file(s, "none.json", "{\"t\": 1}");
    char arg[200];
    snprintf(arg, sizeof arg, "file=%s", neg);
    Run r = run_main(s, &normal2_model, "sample", "data", arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_string_equal(r.err, "Error in the data or transformed data of"
                               " normal2_model:\ns is -1, but must be greater"
                               " than or equal to 0.000000\n");
    run_free(&r);
    snprintf(arg, sizeof arg, "file=%s", none);
    r = run_main(s, &normal2_model, "sample", "data", arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_contains(r.err, "\nvariable s not found\n");
    run_free(&r);
    snprintf(arg, sizeof arg, "file=%s/missing.json", s->dir);
    r = run_main(s, &normal2_model, "sample", "data", arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_contains(r.err, "Error reading data: cannot open ");
    run_free(&r);
}

static void test_generated_quantities_reject_gives_nan(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1, \"mode\": 3}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    Run r = run_main(s, &normal2_model, "sample", "num_samples=3",
                     "num_warmup=3", "data", data_arg, "output", out_arg,
                     "refresh=0", NULL);
    assert_int_equal(r.rc, 0);
    assert_contains(r.out, "gq: reject in generated quantities\n");
    char *csv = slurp(out);
    assert_int_equal(count_rows(csv), 3);
    assert_contains(csv, ",nan,nan\n");
    free(csv);
    run_free(&r);
}

static void test_sampler_error_keeps_rows(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1, \"mode\": 4}");
    const char *out = scratch_path(s, "out.csv");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    /* the density vanishes after 10 draws; the step size search at the
     * end of the first adaptation window then fails */
    Run r = run_main(s, &normal2_model, "sample", "num_warmup=200",
                     "num_samples=10", "save_warmup=1", "data", data_arg,
                     "output", out_arg, "refresh=0", NULL);
    assert_int_equal(r.rc, 1);
    assert_contains(r.err, "No acceptably small step size");
    char *csv = slurp(out);
    assert_non_null(csv);                   /* under its final name */
    assert_true(count_rows(csv) > 10);
    assert_true(count_rows(csv) < 200);
    assert_null(strstr(csv, "Elapsed Time"));
    free(csv);
    run_free(&r);
}

static void test_output_file_cannot_be_opened(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1}");
    char data_arg[200], out_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s/no/such/dir/out.csv", s->dir);
    Run r = run_main(s, &normal2_model, "sample", "data", data_arg,
                     "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_contains(r.err, "cannot open ");
    run_free(&r);
}

/* ------------------------------------------------------------ log_prob */

static void test_log_prob_unconstrained(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1}");
    const char *one = write_file(s, "one.json", "{\"params_r\": [1, 2]}");
    const char *two = write_file(s, "two.json",
                                 "{\"params_r\": [[1, 2], [0.5, -1]]}");
    const char *out = scratch_path(s, "lp.csv");
    char data_arg[200], out_arg[200], in_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    snprintf(in_arg, sizeof in_arg, "unconstrained_params=%s", one);
    Run r = run_main(s, &normal2_model, "log_prob", in_arg, "data",
                     data_arg, "output", out_arg, NULL);
    assert_int_equal(r.rc, 0);
    char *csv = slurp(out);
    assert_contains(csv, "\n# method = log_prob\n#   log_prob\n"
                         "#     unconstrained_params = ");
    assert_contains(csv, "\n#     constrained_params =  (Default)\n"
                         "#     jacobian = 1 (Default)\n# id = 1 (Default)\n");
    assert_contains(csv, "\n# stancflags = \nlp__,g_mu.1,g_mu.2\n-2.5,-1,-2\n");
    assert_int_equal(count_rows(csv), 1);
    free(csv);
    run_free(&r);

    snprintf(in_arg, sizeof in_arg, "unconstrained_params=%s", two);
    r = run_main(s, &normal2_model, "method=log_prob", in_arg, "jacobian=0",
                 "data", data_arg, "output", out_arg, NULL);
    assert_int_equal(r.rc, 0);
    csv = slurp(out);
    assert_contains(csv, "\n#     jacobian = 0\n");
    assert_contains(csv, "\nlp__,g_mu.1,g_mu.2\n-2.5,-1,-2\n-0.625,-0.5,1\n");
    free(csv);
    run_free(&r);
}

static void test_log_prob_constrained(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 2}");
    const char *in = write_file(s, "c.json", "{\"mu\": [1, 2]}");
    const char *out = scratch_path(s, "lp.csv");
    char data_arg[200], out_arg[200], in_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    snprintf(in_arg, sizeof in_arg, "constrained_params=%s", in);
    Run r = run_main(s, &normal2_model, "log_prob", in_arg, "data",
                     data_arg, "output", out_arg, NULL);
    assert_int_equal(r.rc, 0);
    char *csv = slurp(out);
    assert_contains(csv, "\nlp__,g_mu.1,g_mu.2\n-0.625,-0.25,-0.5\n");
    free(csv);
    run_free(&r);
}

static void test_log_prob_errors(void **state)
{
    Scratch *s = *state;
    const char *data = write_file(s, "d.json", "{\"s\": 1}");
    const char *three = write_file(s, "three.json",
                                   "{\"params_r\": [1, 2, 3]}");
    const char *out = scratch_path(s, "lp.csv");
    char data_arg[200], out_arg[200], in_arg[200], in2_arg[200];
    snprintf(data_arg, sizeof data_arg, "file=%s", data);
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    snprintf(in_arg, sizeof in_arg, "unconstrained_params=%s", three);
    snprintf(in2_arg, sizeof in2_arg, "constrained_params=%s", three);
    Run r = run_main(s, &normal2_model, "log_prob", "data", data_arg,
                     "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    assert_string_equal(r.err, "log_prob needs exactly one of"
                               " constrained_params=FILE and"
                               " unconstrained_params=FILE\n");
    run_free(&r);
    r = run_main(s, &normal2_model, "log_prob", in_arg, in2_arg, "data",
                 data_arg, "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    run_free(&r);
    r = run_main(s, &normal2_model, "log_prob", in_arg, "data", data_arg,
                 "output", out_arg, NULL);
    assert_int_equal(r.rc, 1);
    char want[300];
    snprintf(want, sizeof want, "%s: params_r has 3 values per point, but"
             " the model has 2 unconstrained parameters\n", three);
    assert_string_equal(r.err, want);
    assert_int_not_equal(access(out, F_OK), 0);
    run_free(&r);
}

/* ------------------------------------------------------- fixed_param */

static void test_model_without_parameters(void **state)
{
    Scratch *s = *state;
    const char *out = scratch_path(s, "gq.csv");
    char out_arg[200];
    snprintf(out_arg, sizeof out_arg, "file=%s", out);
    Run r = run_main(s, &gq_model, "sample", "num_samples=7", "output",
                     out_arg, "refresh=3", NULL);
    assert_int_equal(r.rc, 0);
    assert_contains(r.out, "fixed_param");
    assert_contains(r.out, "Iteration: 1 / 7 [ 14%]  (Sampling)\n"
                           "Iteration: 3 / 7 [ 42%]  (Sampling)\n"
                           "Iteration: 6 / 7 [ 85%]  (Sampling)\n"
                           "Iteration: 7 / 7 [100%]  (Sampling)\n");
    char *csv = slurp(out);
    assert_contains(csv, "\nlp__,accept_stat__,y_rep\n0,0,0.");
    assert_int_equal(count_rows(csv), 7);
    assert_contains(csv, "#  Elapsed Time: 0 seconds (Warm-up)\n");
    free(csv);
    run_free(&r);
}

/* rt_cmdline_parse_only: the parser alone (the fuzz target's entry
 * point) fills the configuration and touches no file. */
static void test_parse_only(void **state)
{
    Scratch *s = *state;
    char out_arg[200], data_arg[200];
    snprintf(out_arg, sizeof out_arg, "file=%s/out.csv", s->dir);
    snprintf(data_arg, sizeof data_arg, "file=%s/missing.json", s->dir);
    char *argv[] = {"model", "sample", "num_samples=7", "adapt", "delta=0.9",
                    "data", data_arg, "output", out_arg, "random",
                    "seed=5", NULL};
    RtRunConfig cfg;
    RtError err = {.msg = ""};
    assert_int_equal(rt_cmdline_parse_only(11, argv, &cfg, &err), 0);
    assert_int_equal(cfg.method, RT_METHOD_SAMPLE);
    assert_int_equal(cfg.num_samples, 7);
    assert_true(cfg.adapt_delta == 0.9);
    assert_int_equal(cfg.num_warmup, 1000);
    assert_true(cfg.seed == 5);
    assert_string_equal(cfg.data_file, data_arg + 5);
    assert_string_equal(cfg.output_file, out_arg + 5);
    DIR *dir = opendir(s->dir);
    assert_non_null(dir);
    int entries = 0;
    while (readdir(dir))
        entries++;
    closedir(dir);
    assert_int_equal(entries, 2);          /* "." and ".." only */
    char *help[] = {"model", "sample", "help", NULL};
    assert_int_equal(rt_cmdline_parse_only(3, help, &cfg, &err), 1);
    char *bad[] = {"model", "sample", "num_samples=-1", NULL};
    assert_int_equal(rt_cmdline_parse_only(3, bad, &cfg, &err), -1);
    assert_string_equal(err.msg, "num_samples=-1: expected an integer with"
                                 " 0 <= num_samples");
}

/* probe's arguments: points=K (8 by default) and its seed, given as
 * probe seed=S or random seed=S. */
static void test_probe_arguments(void **state)
{
    (void)state;
    RtRunConfig cfg;
    RtError err = {.msg = ""};
    char *argv[] = {"model", "probe", "points=5", "seed=9", NULL};
    assert_int_equal(rt_cmdline_parse_only(4, argv, &cfg, &err), 0);
    assert_int_equal(cfg.method, RT_METHOD_PROBE);
    assert_int_equal(cfg.probe_points, 5);
    assert_true(cfg.seed == 9);
    char *plain[] = {"model", "method=probe", "random", "seed=4", NULL};
    assert_int_equal(rt_cmdline_parse_only(4, plain, &cfg, &err), 0);
    assert_int_equal(cfg.method, RT_METHOD_PROBE);
    assert_int_equal(cfg.probe_points, 8);
    assert_true(cfg.seed == 4);
}

int main(void)
{
#define SCRATCH(t) cmocka_unit_test_setup_teardown(t, setup_scratch, \
                                                   teardown_scratch)
    const struct CMUnitTest tests[] = {
        SCRATCH(test_sample_writes_stan_csv),
        SCRATCH(test_same_seed_same_draws),
        SCRATCH(test_argument_forms),
        SCRATCH(test_argument_errors),
        cmocka_unit_test(test_probe_arguments),
        SCRATCH(test_help_and_no_arguments),
        SCRATCH(test_init_from_file_and_zero),
        SCRATCH(test_random_inits_retry),
        SCRATCH(test_random_inits_give_up),
        SCRATCH(test_data_errors),
        SCRATCH(test_generated_quantities_reject_gives_nan),
        SCRATCH(test_sampler_error_keeps_rows),
        SCRATCH(test_output_file_cannot_be_opened),
        SCRATCH(test_log_prob_unconstrained),
        SCRATCH(test_log_prob_constrained),
        SCRATCH(test_log_prob_errors),
        SCRATCH(test_model_without_parameters),
        SCRATCH(test_parse_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
