/* test_summary.c - `pplbench summary`: the estimators on chains whose
 * answer is known (iid draws, AR(1), chains that disagree, the quantiles
 * of 1..100), the Stan CSV reader, and the printed layout.
 *
 * driver/summary.c is not in libfrontend, so it is included here whole;
 * its static functions are what the estimator tests call. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../driver/summary.c"

/* ------------------------------------------------- random draws */

/* splitmix64: a fixed seed gives the same draws on every machine. */
typedef struct Rng {
    uint64_t state;
} Rng;

static double rng_uniform(Rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    return ((double)(z >> 11) + 0.5) / 9007199254740992.0;     /* (0, 1) */
}

static double rng_normal(Rng *r)
{
    double u = rng_uniform(r), v = rng_uniform(r);
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* m chains of n draws, chain c at x + c n, summarized. */
static SumStats summarize_draws(const double *x, int m, int n)
{
    Arena a = {0};
    SumWork *w = work_new(&a, m, n);
    SumStats s;
    summarize_column(w, x, m, n, 0, &s);
    arena_free(&a);
    return s;
}

static void assert_near(double got, double want, double rel, const char *what)
{
    if (!(fabs(got - want) <= rel * fabs(want)))
        fail_msg("%s: got %g, want %g within %g%%", what, got, want,
                 rel * 100);
}

/* ------------------------------------------------- the estimators */

static void test_normal_quantile(void **state)
{
    (void)state;
    assert_true(fabs(normal_quantile(0.975) - 1.959963984540054) < 1e-13);
    assert_true(fabs(normal_quantile(0.025) + 1.959963984540054) < 1e-13);
    assert_true(fabs(normal_quantile(0.5)) < 1e-15);
    assert_true(fabs(normal_quantile(1e-10) + 6.361340902404056) < 1e-12);
    assert_true(fabs(normal_quantile(0.8413447460685429) - 1) < 1e-13);
}

/* 4 chains of 1000 independent N(3, 2^2) draws: ESS near the number of
 * draws, R_hat near 1. */
static void test_iid_normal(void **state)
{
    (void)state;
    enum { M = 4, N = 1000 };
    double *x = malloc(M * N * sizeof *x);
    Rng rng = {20210101};
    for (int i = 0; i < M * N; i++)
        x[i] = 3 + 2 * rng_normal(&rng);
    SumStats s = summarize_draws(x, M, N);
    print_message("iid: ESS_bulk %.0f ESS_tail %.0f R_hat %.4f MCSE %.4f\n",
                  s.ess_bulk, s.ess_tail, s.rhat, s.mcse);
    assert_near(s.ess_bulk, M * N, 0.15, "ESS_bulk");
    assert_near(s.ess_tail, M * N, 0.15, "ESS_tail");
    assert_true(fabs(s.rhat - 1) < 0.01);
    assert_near(s.mean, 3, 0.05, "mean");
    assert_near(s.sd, 2, 0.05, "sd");
    assert_near(s.mcse, s.sd / sqrt(M * N), 0.15, "MCSE");
    free(x);
}

/* AR(1) with rho = 0.9 and unit stationary variance: ESS near
 * S (1 - rho) / (1 + rho), for the bulk and for the draws themselves
 * (what MCSE uses). */
static void test_ar1_ess(void **state)
{
    (void)state;
    enum { M = 4, N = 5000 };
    const double rho = 0.9;
    double *x = malloc(M * N * sizeof *x);
    Rng rng = {7};
    for (int c = 0; c < M; c++) {
        double v = rng_normal(&rng);        /* start in the stationary law */
        for (int i = 0; i < N; i++) {
            v = rho * v + sqrt(1 - rho * rho) * rng_normal(&rng);
            x[c * N + i] = v;
        }
    }
    double want = M * N * (1 - rho) / (1 + rho);
    SumStats s = summarize_draws(x, M, N);
    Arena a = {0};
    double plain = ess_of_chains(work_new(&a, M, N), x, M, N);
    arena_free(&a);
    print_message("AR(1): ESS_bulk %.0f, ESS of the draws %.0f, want %.0f, "
                  "R_hat %.4f\n", s.ess_bulk, plain, want, s.rhat);
    assert_near(s.ess_bulk, want, 0.25, "ESS_bulk");
    assert_near(plain, want, 0.25, "ESS");
    assert_near(s.mcse, s.sd / sqrt(plain), 1e-12, "MCSE = sd/sqrt(ESS)");
    assert_true(fabs(s.rhat - 1) < 0.02);
    free(x);
}

/* Two chains around different means have not mixed. */
static void test_rhat_chains_disagree(void **state)
{
    (void)state;
    enum { M = 2, N = 1000 };
    double x[M * N];
    Rng rng = {99};
    for (int i = 0; i < M * N; i++)
        x[i] = rng_normal(&rng) + (i < N ? 0 : 2);
    SumStats s = summarize_draws(x, M, N);
    print_message("disagreeing chains: R_hat %.3f\n", s.rhat);
    assert_true(s.rhat > 1.1);
}

/* One chain that drifts half way through: the split halves disagree. */
static void test_rhat_splits_a_drifting_chain(void **state)
{
    (void)state;
    enum { N = 2000 };
    double x[N];
    Rng rng = {5};
    for (int i = 0; i < N; i++)
        x[i] = rng_normal(&rng) + (i < N / 2 ? 0 : 1.5);
    SumStats s = summarize_draws(x, 1, N);
    assert_true(s.rhat > 1.1);
}

/* A spread that only the tails show: same centre, scale 1 against 3.
 * The bulk R_hat misses it, the folded (tail) R_hat sees it. */
static void test_rhat_folded_sees_scale(void **state)
{
    (void)state;
    enum { M = 4, N = 1000 };
    double *x = malloc(M * N * sizeof *x);
    Rng rng = {11};
    for (int i = 0; i < M * N; i++)
        x[i] = rng_normal(&rng) * (i < N ? 3 : 1);
    SumStats s = summarize_draws(x, M, N);
    assert_true(s.rhat > 1.1);

    Arena a = {0};                      /* bulk R_hat alone: near 1 */
    SumWork *w = work_new(&a, M, N);
    double *z = malloc(M * N * sizeof *z);
    rank_normalize(w, x, M * N, z);
    double bulk = rhat_of_chains(w, z, M, N);
    print_message("scale 3 against 1: bulk R_hat %.3f, R_hat %.3f\n", bulk,
                  s.rhat);
    assert_true(bulk < 1.02);
    arena_free(&a);
    free(z);
    free(x);
}

/* 1..100 in one chain: the type-7 quantiles stansummary prints, 5.95,
 * 50.5 and 95.05, and the MAD 1.4826 x 25. */
static void test_quantiles_of_1_to_100(void **state)
{
    (void)state;
    double x[100];
    for (int i = 0; i < 100; i++)
        x[i] = i + 1;
    SumStats s = summarize_draws(x, 1, 100);
    assert_true(fabs(s.quantile[0] - 5.95) < 1e-12);
    assert_true(fabs(s.quantile[1] - 50.5) < 1e-12);
    assert_true(fabs(s.quantile[2] - 95.05) < 1e-12);
    assert_true(fabs(s.mad - 1.4826 * 25) < 1e-12);
    assert_true(fabs(s.mean - 50.5) < 1e-12);
    assert_true(fabs(s.sd - sqrt(100 * 101 / 12.0)) < 1e-12);
}

/* A constant column (stepsize__ after warm-up) has no R_hat, ESS or MCSE;
 * so does a column where one split chain is constant, or a draw is not
 * finite. */
static void test_constant_and_nonfinite_columns(void **state)
{
    (void)state;
    enum { M = 2, N = 100 };
    double x[M * N];
    for (int i = 0; i < M * N; i++)
        x[i] = 0.81;
    SumStats s = summarize_draws(x, M, N);
    assert_true(s.mean == 0.81 && s.sd == 0 && s.mad == 0);
    assert_true(isnan(s.rhat) && isnan(s.ess_bulk) && isnan(s.ess_tail));
    assert_true(isnan(s.mcse));

    Rng rng = {3};
    for (int i = 0; i < M * N; i++)
        x[i] = i < N / 2 ? 1 : rng_normal(&rng);
    s = summarize_draws(x, M, N);
    assert_true(isnan(s.rhat) && isnan(s.ess_bulk));
    assert_false(isnan(s.mcse));            /* no whole chain is constant */

    x[7] = INFINITY;
    x[0] = 2;
    s = summarize_draws(x, M, N);
    assert_true(isnan(s.rhat) && isnan(s.ess_bulk) && isnan(s.mcse));
}

/* ------------------------------------------------- running the command */

typedef struct Fixture {
    char dir[64];
    char *paths[8];
    int npaths;
} Fixture;

static int setup_dir(void **state)
{
    Fixture *fx = test_calloc(1, sizeof *fx);
    snprintf(fx->dir, sizeof fx->dir, "/tmp/pplbench-summary-XXXXXX");
    assert_non_null(mkdtemp(fx->dir));
    *state = fx;
    return 0;
}

static int teardown_dir(void **state)
{
    Fixture *fx = *state;
    for (int i = 0; i < fx->npaths; i++) {
        unlink(fx->paths[i]);
        free(fx->paths[i]);
    }
    rmdir(fx->dir);
    test_free(fx);
    return 0;
}

/* Write text to dir/name; returns the path.  (Plain malloc: cmocka would
 * count the fixture's paths as the test's leaks.) */
static const char *write_csv(Fixture *fx, const char *name, const char *text)
{
    char *path = malloc(strlen(fx->dir) + strlen(name) + 2);
    sprintf(path, "%s/%s", fx->dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    for (int i = 0; i < fx->npaths; i++) {
        if (strcmp(fx->paths[i], path) == 0) {
            free(path);
            return fx->paths[i];
        }
    }
    assert_true(fx->npaths < 8);
    fx->paths[fx->npaths++] = path;
    return path;
}

/* s with every "dir/" removed, in place. */
static void strip_dir(char *s, const char *dir)
{
    size_t n = strlen(dir);
    char *p;
    while ((p = strstr(s, dir)) && p[n] == '/')
        memmove(p, p + n + 1, strlen(p + n + 1) + 1);
}

typedef struct Run {
    int status;
    char *out, *err;            /* malloc'd, the fixture's folder removed */
} Run;

/* Run `pplbench summary args...` (NULL-terminated); file names are
 * relative to the fixture's folder unless they start with '-'. */
static Run run_summary(Fixture *fx, ...)
{
    char *argv[16] = {"summary"};
    int argc = 1;
    va_list ap;
    va_start(ap, fx);
    for (const char *a; (a = va_arg(ap, const char *));) {
        char *arg = malloc(strlen(fx->dir) + strlen(a) + 2);
        if (a[0] == '-')
            strcpy(arg, a);
        else
            sprintf(arg, "%s/%s", fx->dir, a);
        argv[argc++] = arg;
    }
    va_end(ap);
    Run r;
    size_t out_len, err_len;
    FILE *out = open_memstream(&r.out, &out_len);
    FILE *err = open_memstream(&r.err, &err_len);
    r.status = drv_summary(argc, argv, out, err);
    fclose(out);
    fclose(err);
    for (int i = 1; i < argc; i++)
        free(argv[i]);
    strip_dir(r.out, fx->dir);
    strip_dir(r.err, fx->dir);
    return r;
}

static void run_free(Run *r)
{
    free(r->out);
    free(r->err);
}

static void assert_text(const char *got, const char *want)
{
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "--- want\n%s--- got\n%s---\n", want, got);
        fail_msg("output differs");
    }
}

/* The mean of column `name` as the table prints it, with --sig-figs=12:
 * the first number after the name at the start of a line. */
static double printed_mean(const char *out, const char *name)
{
    size_t n = strlen(name);
    for (const char *line = out; line; line = strchr(line, '\n')) {
        line += *line == '\n';
        if (strncmp(line, name, n) == 0 && line[n] == ' ')
            return strtod(line + n, NULL);
    }
    fail_msg("no row for %s in\n%s", name, out);
    return NAN;
}

/* ------------------------------------------------- reading Stan CSV */

/* Comments before the header, in the middle (the adaptation block) and
 * after the draws (timing), blank lines and CRLF line ends. */
static void test_csv_comments_and_crlf(void **state)
{
    Fixture *fx = *state;
    write_csv(fx, "a.csv",
              "# model = tiny_model\r\n"
              "# method = sample (Default)\r\n"
              "#     num_samples = 4\r\n"
              "lp__,x\r\n"
              "# Adaptation terminated\r\n"
              "# Step size = 0.9\r\n"
              "-1,1\r\n"
              "\r\n"
              "-2, 2\r\n"
              "   # an indented comment\r\n"
              "-3,3\r\n"
              "-4,4e0\r\n"
              "#  Elapsed Time: 0.5 seconds (Warm-up)\r\n"
              "#                1.5 seconds (Sampling)\r\n");
    Run r = run_summary(fx, "--sig-figs=12", "a.csv", NULL);
    assert_int_equal(r.status, SUMMARY_OK);
    assert_string_equal(r.err, "");
    assert_non_null(strstr(r.out, "Inference for Stan model: tiny_model\n"
                           "1 chains: each with iter=4; warmup=0; thin=1; "
                           "4 iterations saved.\n"));
    assert_non_null(strstr(r.out, "Warmup took 0.50 seconds\n"
                           "Sampling took 1.5 seconds\n"));
    assert_true(printed_mean(r.out, "x") == 2.5);
    assert_true(printed_mean(r.out, "lp__") == -2.5);
    run_free(&r);
}

/* save_warmup = 1: the first ceil(num_warmup / thin) draws are warm-up. */
static void test_csv_save_warmup(void **state)
{
    Fixture *fx = *state;
    write_csv(fx, "w.csv",
              "# model = warm_model\n"
              "#     num_samples = 6\n"
              "#     num_warmup = 5\n"
              "#     save_warmup = 1\n"
              "#     thin = 2\n"
              "lp__,x\n"
              "0,100\n0,100\n0,100\n"          /* warm-up 0, 2, 4 */
              "# Adaptation terminated\n"
              "0,1\n0,2\n0,6\n");
    Run r = run_summary(fx, "--sig-figs=12", "w.csv", NULL);
    assert_int_equal(r.status, SUMMARY_OK);
    assert_non_null(strstr(r.out, "1 chains: each with iter=6; warmup=5; "
                           "thin=2; 3 iterations saved.\n"));
    assert_true(printed_mean(r.out, "x") == 3);
    run_free(&r);

    /* CmdStan 2.33 and later write true and false. */
    write_csv(fx, "w.csv",
              "#     num_warmup = 2\n"
              "#     save_warmup = true\n"
              "lp__,x\n0,100\n0,100\n0,1\n0,2\n");
    r = run_summary(fx, "--sig-figs=12", "w.csv", NULL);
    assert_int_equal(r.status, SUMMARY_OK);
    assert_true(printed_mean(r.out, "x") == 1.5);
    run_free(&r);

    write_csv(fx, "w.csv",
              "#     num_warmup = 5\n"
              "#     save_warmup = 1\n"
              "lp__,x\n0,1\n0,2\n");
    r = run_summary(fx, "w.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: w.csv: save_warmup = 1 "
                        "with num_warmup = 5 and thin = 1 means 5 warm-up "
                        "draws, but the file has only 2 draws\n");
    run_free(&r);
}

/* Several files are several chains; they must agree on the columns and
 * the number of draws. */
static void test_csv_multiple_files(void **state)
{
    Fixture *fx = *state;
    write_csv(fx, "c1.csv", "lp__,x\n0,1\n0,2\n");
    write_csv(fx, "c2.csv", "lp__,x\n0,3\n0,4\n");
    write_csv(fx, "c3.csv", "lp__,y\n0,3\n0,4\n");
    write_csv(fx, "c4.csv", "lp__,x\n0,3\n0,4\n0,5\n");
    Run r = run_summary(fx, "c1.csv", "--sig-figs=12", "c2.csv", NULL);
    assert_int_equal(r.status, SUMMARY_OK);
    assert_non_null(strstr(r.out, "2 chains: each with iter=2; warmup=0; "
                           "thin=1; 2 iterations saved.\n"
                           "Input files: c1.csv, c2.csv\n"));
    assert_true(printed_mean(r.out, "x") == 2.5);
    run_free(&r);

    r = run_summary(fx, "c1.csv", "c3.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: c3.csv: column 2 is 'y', "
                        "but in c1.csv it is 'x'\n");
    run_free(&r);

    r = run_summary(fx, "c1.csv", "c4.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: c4.csv: 3 draws, but "
                        "c1.csv has 2; every chain needs the same number\n");
    run_free(&r);
}

/* A malformed row is an error naming the file and the line. */
static void test_csv_malformed_rows(void **state)
{
    Fixture *fx = *state;
    write_csv(fx, "bad.csv", "# comment\nlp__,x,y\n0,1,2\n0,1,abc\n");
    Run r = run_summary(fx, "bad.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "pplbench summary: bad.csv:4: value 3 (y) "
                        "is not a number: 'abc'\n");
    run_free(&r);

    write_csv(fx, "bad.csv", "lp__,x,y\n0,1,2\n\n0,1\n");
    r = run_summary(fx, "bad.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: bad.csv:4: expected 3 "
                        "values, found 2\n");
    run_free(&r);

    write_csv(fx, "bad.csv", "lp__,x\n0,1.5.2\n");
    r = run_summary(fx, "bad.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: bad.csv:2: value 2 (x) "
                        "is not a number: '1.5.2'\n");
    run_free(&r);

    write_csv(fx, "bad.csv", "# only comments\n\n");
    r = run_summary(fx, "bad.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: bad.csv: no column header "
                        "line (and no draws)\n");
    run_free(&r);

    write_csv(fx, "bad.csv", "lp__,x\n");
    r = run_summary(fx, "bad.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: bad.csv: no draws after "
                        "warm-up\n");
    run_free(&r);

    write_csv(fx, "bad.csv", "#     save_warmup = yes\nlp__\n0\n");
    r = run_summary(fx, "bad.csv", NULL);
    assert_int_equal(r.status, SUMMARY_BAD_CSV);
    assert_string_equal(r.err, "pplbench summary: bad.csv:1: save_warmup = "
                        "'yes' is none of 0, 1, false, true\n");
    run_free(&r);
}

static void test_usage_errors(void **state)
{
    Fixture *fx = *state;
    Run r = run_summary(fx, NULL);
    assert_int_equal(r.status, SUMMARY_USAGE);
    assert_non_null(strstr(r.err, "no Stan CSV file given\nUsage: "));
    run_free(&r);

    r = run_summary(fx, "--sig-figs=0", "x.csv", NULL);
    assert_int_equal(r.status, SUMMARY_USAGE);
    assert_string_equal(r.err, "pplbench summary: --sig-figs takes an "
                        "integer from 1 to 18; got '0'\n");
    run_free(&r);

    r = run_summary(fx, "--percentiles=5,95", "x.csv", NULL);
    assert_int_equal(r.status, SUMMARY_USAGE);
    run_free(&r);

    r = run_summary(fx, "missing.csv", NULL);
    assert_int_equal(r.status, SUMMARY_USAGE);
    assert_string_equal(r.err, "pplbench summary: cannot read 'missing.csv': "
                        "No such file or directory\n");
    run_free(&r);

    r = run_summary(fx, "--help", NULL);
    assert_int_equal(r.status, SUMMARY_OK);
    assert_non_null(strstr(r.out, "Usage: pplbench summary"));
    run_free(&r);
}

/* ------------------------------------------------- the layout */

/* Two chains of twenty draws with CmdStan's comments: the whole report.
 * Its figures agree to ten significant figures with a separate, direct
 * (no FFT) computation of the same definitions. */
static const char tiny_header[] =
    "# stan_version_major = 2\n"
    "# model = tiny_model\n"
    "# method = sample (Default)\n"
    "#   sample\n"
    "#     num_samples = 20\n"
    "#     num_warmup = 10\n"
    "#     save_warmup = false (Default)\n"
    "#     thin = 1 (Default)\n"
    "#     algorithm = hmc (Default)\n"
    "#       hmc\n"
    "#         engine = nuts (Default)\n"
    "lp__,accept_stat__,stepsize__,divergent__,mu,a.1.1,a.2.1,a.1.2,a.2.2\n"
    "# Adaptation terminated\n"
    "# Step size = 0.5\n"
    "# Diagonal elements of inverse mass matrix:\n"
    "# 1, 1, 1, 1, 1\n";

static const char tiny_chain1[] =
    "-7.04,0.978,0.5,0,0.063,1.55,-2.14,8.9,0.057\n"
    "-7.09,0.977,0.5,0,0.012,1.32,-1.75,11.2,0.052\n"
    "-7.51,0.951,0.5,0,-0.136,1.86,-2.09,10.4,0.061\n"
    "-8.43,0.004,0.5,1,-0.396,1.64,-2.17,10.9,0.055\n"
    "-7.23,0.886,0.5,0,0.055,0.44,-2.89,9.8,0.032\n"
    "-7.1,0.756,0.5,0,0.305,1.62,-2.4,10.4,0.044\n"
    "-6.93,0.872,0.5,0,0.232,1.37,-1.91,11,0.037\n"
    "-7.17,0.9,0.5,0,-0.02,1.07,-1.4,9.6,0.028\n"
    "-6.82,0.899,0.5,0,0.24,1.62,-1.67,10.4,0.022\n"
    "-6.84,0.711,0.5,0,0.032,1.22,-2.02,10.2,0.064\n"
    "-6.61,0.876,0.5,0,0.217,0.9,-2.27,9.6,0.069\n"
    "-7.06,0.85,0.5,0,0.011,0.84,-2.19,8.5,0.028\n"
    "-7.12,0.761,0.5,0,-0.092,1.19,-2.02,10.7,0.072\n"
    "-7.05,0.798,0.5,0,0.236,1.65,-1.99,11.8,0.049\n"
    "-8.91,0.681,0.5,0,0.675,1.26,-2.25,9.3,0.047\n"
    "-9.24,0.862,0.5,0,0.758,0.01,-1.89,11.1,0.039\n"
    "-7.15,0.655,0.5,0,0.266,0.67,-2.23,12,0.041\n"
    "-6.98,0.752,0.5,0,0.088,1.31,-2.46,11.5,0.05\n"
    "-8.86,0.727,0.5,0,0.687,0.55,-2.14,10.9,0.085\n"
    "-6.92,0.882,0.5,0,-0.043,1.97,-1.89,10.6,0.04\n"
    "# \n"
    "#  Elapsed Time: 0.012 seconds (Warm-up)\n"
    "#                0.021 seconds (Sampling)\n"
    "#                0.033 seconds (Total)\n"
    "# \n";

static const char tiny_chain2[] =
    "-7.55,0.962,0.55,0,-0.224,2.21,-2.28,10.9,0.019\n"
    "-7.34,0.835,0.55,0,-0.165,1.92,-2.11,9.3,0.059\n"
    "-6.9,0.86,0.55,0,0.102,1.77,-2.07,11.3,0.075\n"
    "-7.08,0.569,0.55,0,0.259,1.32,-2.19,10.6,0.08\n"
    "-6.96,0.761,0.55,0,0.21,0.94,-2.62,10.8,0.055\n"
    "-6.88,0.878,0.55,0,-0.003,0.7,-1.94,10.3,0.02\n"
    "-7.03,0.851,0.55,0,0.166,1.46,-1.95,9.9,0.058\n"
    "-7.63,0.924,0.55,0,0.397,1.2,-1.42,8.5,0.064\n"
    "-7.05,0.62,0.55,0,0.169,1.2,-1.43,10,0.057\n"
    "-7.19,0.988,0.55,0,0.007,1.06,-2.04,8.2,0.09\n"
    "-6.7,0.799,0.55,0,0.01,1.35,-1.15,9.5,0.02\n"
    "-7.1,0.861,0.55,0,-0.087,1.85,-2.18,8.7,0.041\n"
    "-7.2,0.609,0.55,0,0.329,1.18,-1.68,12.8,0.061\n"
    "-7.46,0.831,0.55,0,0.295,1.22,-1.95,11.1,0.04\n"
    "-7.38,0.769,0.55,0,-0.102,1.52,-2.79,10.1,0.059\n"
    "-7.47,0.8,0.55,0,0.394,1,-2.32,9.8,0.081\n"
    "-7.82,0.334,0.55,0,0.506,1.18,-1.91,10.8,0.046\n"
    "-10.29,0.72,0.55,0,0.905,1,-1.97,11.4,0.023\n"
    "-7.57,0.986,0.55,0,-0.084,1.15,-2,9.7,0.026\n"
    "-9.05,0.926,0.55,0,-0.517,1.7,-1.86,10.3,0.077\n"
    "#  Elapsed Time: 0.015 seconds (Warm-up)\n"
    "#                0.019 seconds (Sampling)\n"
    "#                0.034 seconds (Total)\n";

static void test_layout(void **state)
{
    Fixture *fx = *state;
    size_t n1 = strlen(tiny_header) + strlen(tiny_chain1) + 1;
    size_t n2 = strlen(tiny_header) + strlen(tiny_chain2) + 1;
    char *text1 = malloc(n1), *text2 = malloc(n2);
    snprintf(text1, n1, "%s%s", tiny_header, tiny_chain1);
    snprintf(text2, n2, "%s%s", tiny_header, tiny_chain2);
    write_csv(fx, "tiny_1.csv", text1);
    write_csv(fx, "tiny_2.csv", text2);
    free(text1);
    free(text2);
    Run r = run_summary(fx, "tiny_1.csv", "tiny_2.csv", NULL);
    assert_int_equal(r.status, SUMMARY_OK);
    assert_string_equal(r.err, "");
    assert_text(r.out,
        "Inference for Stan model: tiny_model\n"
        "2 chains: each with iter=20; warmup=10; thin=1; 20 iterations saved.\n"
        "Input files: tiny_1.csv, tiny_2.csv\n"
        "\n"
        "Warmup took (0.012, 0.015) seconds, 0.027 seconds total\n"
        "Sampling took (0.021, 0.019) seconds, 0.040 seconds total\n"
        "\n"
        "                 Mean     MCSE  StdDev    MAD     5%    50%"
        "    95%  ESS_bulk  ESS_tail  ESS_bulk/s  R_hat\n"
        "\n"
        "lp__             -7.4  1.7e-01    0.79   0.33   -9.1   -7.1"
        "   -6.8        23        44         574    1.0\n"
        "accept_stat__    0.79    0.023    0.18   0.12   0.56   0.84"
        "   0.98        52        50        1309   0.99\n"
        "stepsize__       0.53      nan   0.025  0.037   0.50   0.53"
        "   0.55       nan       nan         nan    nan\n"
        "divergent__     0.025      nan    0.16   0.00   0.00   0.00"
        "   0.00       nan       nan         nan    nan\n"
        "\n"
        "mu               0.14  5.6e-02    0.29   0.25  -0.23  0.095"
        "   0.69        30        50         757    1.1\n"
        "a[1,1]            1.3  7.7e-02    0.45   0.43   0.54    1.2"
        "    1.9        36        44         900    1.0\n"
        "a[1,2]             10  1.6e-01     1.0   0.96    8.5     10"
        "     12        43        30        1079    1.0\n"
        "a[2,1]           -2.0  6.6e-02    0.35   0.23   -2.6   -2.0"
        "   -1.4        30        50         762   0.97\n"
        "a[2,2]          0.051  2.9e-03   0.019  0.019  0.020  0.051"
        "  0.081        48        45        1191    1.0\n"
        "\n"
        "Samples were drawn using hmc with nuts.\n"
        "For each parameter, ESS_bulk and ESS_tail measure the"
        " effective sample size for the entire sample (bulk)\n"
        "and for the .05 and .95 tails (tail), and R_hat measures the"
        " potential scale reduction on split chains.\n"
        "At convergence R_hat will be very close to 1.00.\n"
        "\n"
        "1 of 40 (2.50%) transitions ended with a divergence.\n");
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normal_quantile),
        cmocka_unit_test(test_iid_normal),
        cmocka_unit_test(test_ar1_ess),
        cmocka_unit_test(test_rhat_chains_disagree),
        cmocka_unit_test(test_rhat_splits_a_drifting_chain),
        cmocka_unit_test(test_rhat_folded_sees_scale),
        cmocka_unit_test(test_quantiles_of_1_to_100),
        cmocka_unit_test(test_constant_and_nonfinite_columns),
        cmocka_unit_test_setup_teardown(test_csv_comments_and_crlf,
                                        setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_csv_save_warmup, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_csv_multiple_files, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_csv_malformed_rows, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_usage_errors, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_layout, setup_dir,
                                        teardown_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
