/* test_rt_csv.c - the Stan CSV writer, byte for byte against CmdStan's
 * layout: header comments, column line, rows, adaptation and timing
 * blocks; and the atomic write (a temporary beside path until close). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "pplrt.h"
#include "rt_test_files.h"

/* A fresh path in a private directory; the directory is removed by
 * teardown. */
typedef struct Scratch {
    char dir[64];
    char path[128];
} Scratch;

static int setup_scratch(void **state)
{
    Scratch *s = test_calloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/test_rt_csv_XXXXXX");
    if (!mkdtemp(s->dir))
        return -1;
    snprintf(s->path, sizeof s->path, "%s/out.csv", s->dir);
    *state = s;
    return 0;
}

static int teardown_scratch(void **state)
{
    Scratch *s = *state;
    DIR *d = opendir(s->dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char p[400];
        snprintf(p, sizeof p, "%s/%s", s->dir, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            remove(p);
    }
    if (d)
        closedir(d);
    rmdir(s->dir);
    test_free(s);
    return 0;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static const char *const sampler_cols[] = {
    "lp__", "accept_stat__", "stepsize__", "treedepth__", "n_leapfrog__",
    "divergent__", "energy__",
};

/* CmdStan 2.33's header for `sample data file=bernoulli.data.json`
 * with everything else at its default and seed 1234 given. */
static const char expected_default_header[] =
    "# stan_version_major = 2\n"
    "# stan_version_minor = 33\n"
    "# stan_version_patch = 0\n"
    "# model = bernoulli_model\n"
    "# start_datetime = 2024-05-01 12:00:00 UTC\n"
    "# method = sample (Default)\n"
    "#   sample\n"
    "#     num_samples = 1000 (Default)\n"
    "#     num_warmup = 1000 (Default)\n"
    "#     save_warmup = 0 (Default)\n"
    "#     thin = 1 (Default)\n"
    "#     adapt\n"
    "#       engaged = 1 (Default)\n"
    "#       gamma = 0.050000000000000003 (Default)\n"
    "#       delta = 0.80000000000000004 (Default)\n"
    "#       kappa = 0.75 (Default)\n"
    "#       t0 = 10 (Default)\n"
    "#       init_buffer = 75 (Default)\n"
    "#       term_buffer = 50 (Default)\n"
    "#       window = 25 (Default)\n"
    "#     algorithm = hmc (Default)\n"
    "#       hmc\n"
    "#         engine = nuts (Default)\n"
    "#           nuts\n"
    "#             max_depth = 10 (Default)\n"
    "#         metric = diag_e (Default)\n"
    "#         metric_file =  (Default)\n"
    "#         stepsize = 1 (Default)\n"
    "#         stepsize_jitter = 0 (Default)\n"
    "#     num_chains = 1 (Default)\n"
    "# id = 1 (Default)\n"
    "# data\n"
    "#   file = bernoulli.data.json\n"
    "# init = 2 (Default)\n"
    "# random\n"
    "#   seed = 1234\n"
    "# output\n"
    "#   file = output.csv (Default)\n"
    "#   diagnostic_file =  (Default)\n"
    "#   refresh = 100 (Default)\n"
    "#   sig_figs = -1 (Default)\n"
    "#   profile_file = profile.csv (Default)\n"
    "# num_threads = 1 (Default)\n"
    "# stanc_version = pplbench\n"
    "# stancflags = \n";

static void test_default_run_byte_for_byte(void **state)
{
    Scratch *s = *state;
    RtError err = {.msg = ""};
    RtCsv *c = rt_csv_open(s->path, NULL, 0, &err);
    assert_non_null(c);
    /* nothing under the final name until close: only the temporary */
    assert_int_equal(count_entries(s->dir), 1);
    assert_int_not_equal(access(s->path, F_OK), 0);

    RtRunConfig cfg = rt_csv_config_defaults();
    cfg.model_name = "bernoulli_model";
    cfg.start_datetime = "2024-05-01 12:00:00 UTC";
    cfg.data_file = "bernoulli.data.json";
    cfg.seed = 1234;
    cfg.default_seed = false;
    rt_csv_header(c, &cfg);
    const char *model_cols[] = {"theta"};
    rt_csv_columns(c, 7, sampler_cols, 1, model_cols);
    double inv_metric[] = {0.566254};
    rt_csv_adaptation(c, 0.911297, inv_metric, 1);
    double row1[] = {-8.075143, 0.7224339, 0.9112971, 2, 3, 0, 8.621071,
                     0.08989331};
    double row2[] = {-7.2337812, 1, 0.9112971, 1, 1, 0, 7.95058,
                     0.142034};
    rt_csv_row(c, 8, row1);
    rt_csv_row(c, 8, row2);
    rt_csv_timing(c, 0.005, 0.012);
    assert_int_equal(rt_csv_close(c, &err), 0);

    assert_int_equal(count_entries(s->dir), 1);
    char *got = slurp(s->path);
    assert_non_null(got);
    char want[8192];
    snprintf(want, sizeof want, "%s%s", expected_default_header,
             "lp__,accept_stat__,stepsize__,treedepth__,n_leapfrog__,"
             "divergent__,energy__,theta\n"
             "# Adaptation terminated\n"
             "# Step size = 0.911297\n"
             "# Diagonal elements of inverse mass matrix:\n"
             "# 0.566254\n"
             "-8.07514,0.722434,0.911297,2,3,0,8.62107,0.0898933\n"
             "-7.23378,1,0.911297,1,1,0,7.95058,0.142034\n"
             "# \n"
             "#  Elapsed Time: 0.005 seconds (Warm-up)\n"
             "#                0.012 seconds (Sampling)\n"
             "#                0.017 seconds (Total)\n"
             "# \n");
    assert_string_equal(got, want);
    free(got);
}

static void test_non_default_arguments(void **state)
{
    Scratch *s = *state;
    RtError err;
    RtCsv *c = rt_csv_open(s->path, NULL, 0, &err);
    assert_non_null(c);
    RtRunConfig cfg = rt_csv_config_defaults();
    cfg.model_name = "eight_schools_model";
    cfg.num_samples = 200;
    cfg.default_num_samples = false;
    cfg.num_warmup = 150;
    cfg.default_num_warmup = false;
    cfg.save_warmup = true;
    cfg.thin = 2;
    cfg.default_thin = false;
    cfg.adapt_delta = 0.95;
    cfg.default_delta = false;
    cfg.adapt_engaged = false;
    cfg.max_depth = 12;
    cfg.default_max_depth = false;
    cfg.stepsize = 0.5;
    cfg.chain_id = 3;
    cfg.init = "0.5";
    cfg.default_init = false;
    cfg.seed = 7;
    cfg.default_seed = false;
    cfg.output_file = "fit.csv";
    cfg.refresh = 0;
    rt_csv_header(c, &cfg);
    rt_csv_columns(c, 0, NULL, 2, (const char *const[]){"mu", "tau"});
    assert_int_equal(rt_csv_close(c, &err), 0);
    char *got = slurp(s->path);
    assert_non_null(got);
    const char *want =
        "# stan_version_major = 2\n"
        "# stan_version_minor = 33\n"
        "# stan_version_patch = 0\n"
        "# model = eight_schools_model\n"
        "# method = sample (Default)\n"
        "#   sample\n"
        "#     num_samples = 200\n"
        "#     num_warmup = 150\n"
        "#     save_warmup = 1\n"
        "#     thin = 2\n"
        "#     adapt\n"
        "#       engaged = 0\n"
        "#       gamma = 0.050000000000000003 (Default)\n"
        "#       delta = 0.94999999999999996\n"
        "#       kappa = 0.75 (Default)\n"
        "#       t0 = 10 (Default)\n"
        "#       init_buffer = 75 (Default)\n"
        "#       term_buffer = 50 (Default)\n"
        "#       window = 25 (Default)\n"
        "#     algorithm = hmc (Default)\n"
        "#       hmc\n"
        "#         engine = nuts (Default)\n"
        "#           nuts\n"
        "#             max_depth = 12\n"
        "#         metric = diag_e (Default)\n"
        "#         metric_file =  (Default)\n"
        "#         stepsize = 0.5\n"
        "#         stepsize_jitter = 0 (Default)\n"
        "#     num_chains = 1 (Default)\n"
        "# id = 3\n"
        "# data\n"
        "#   file =  (Default)\n"
        "# init = 0.5\n"
        "# random\n"
        "#   seed = 7\n"
        "# output\n"
        "#   file = fit.csv\n"
        "#   diagnostic_file =  (Default)\n"
        "#   refresh = 0\n"
        "#   sig_figs = -1 (Default)\n"
        "#   profile_file = profile.csv (Default)\n"
        "# num_threads = 1 (Default)\n"
        "# stanc_version = pplbench\n"
        "# stancflags = \n"
        "mu,tau\n";
    assert_string_equal(got, want);
    free(got);
}

static void test_log_prob_header(void **state)
{
    Scratch *s = *state;
    RtError err;
    RtCsv *c = rt_csv_open(s->path, NULL, 0, &err);
    RtRunConfig cfg = rt_csv_config_defaults();
    cfg.model_name = "bernoulli_model";
    cfg.method = RT_METHOD_LOG_PROB;
    cfg.constrained_params = "params.json";
    cfg.data_file = "bernoulli.data.json";
    cfg.seed = 2390820139u;
    rt_csv_header(c, &cfg);
    rt_csv_columns(c, 1, sampler_cols, 1, (const char *const[]){"g.1"});
    rt_csv_row(c, 2, (const double[]){-7.856, 1.8});
    assert_int_equal(rt_csv_close(c, &err), 0);
    char *got = slurp(s->path);
    const char *want =
        "# stan_version_major = 2\n"
        "# stan_version_minor = 33\n"
        "# stan_version_patch = 0\n"
        "# model = bernoulli_model\n"
        "# method = log_prob\n"
        "#   log_prob\n"
        "#     unconstrained_params =  (Default)\n"
        "#     constrained_params = params.json\n"
        "#     jacobian = 1 (Default)\n"
        "# id = 1 (Default)\n"
        "# data\n"
        "#   file = bernoulli.data.json\n"
        "# init = 2 (Default)\n"
        "# random\n"
        "#   seed = 2390820139 (Default)\n"
        "# output\n"
        "#   file = output.csv (Default)\n"
        "#   diagnostic_file =  (Default)\n"
        "#   refresh = 100 (Default)\n"
        "#   sig_figs = -1 (Default)\n"
        "#   profile_file = profile.csv (Default)\n"
        "# num_threads = 1 (Default)\n"
        "# stanc_version = pplbench\n"
        "# stancflags = \n"
        "lp__,g.1\n"
        "-7.856,1.8\n";
    assert_string_equal(got, want);
    free(got);
}

static void test_number_formats(void **state)
{
    Scratch *s = *state;
    RtError err;
    RtCsv *c = rt_csv_open(s->path, NULL, 0, &err);
    double row[] = {NAN, -NAN, INFINITY, -INFINITY, 1e-5, 123456789.0,
                    -0.0, 0.1 + 0.2, 1e300, 100000, 1000000};
    rt_csv_row(c, 11, row);
    double inv[] = {1, 0.25, 3e-7};
    rt_csv_adaptation(c, 0.0123456789, inv, 3);
    assert_int_equal(rt_csv_close(c, &err), 0);
    char *got = slurp(s->path);
    assert_string_equal(got,
                        "nan,nan,inf,-inf,1e-05,1.23457e+08,-0,0.3,1e+300,"
                        "100000,1e+06\n"
                        "# Adaptation terminated\n"
                        "# Step size = 0.0123457\n"
                        "# Diagonal elements of inverse mass matrix:\n"
                        "# 1, 0.25, 3e-07\n");
    free(got);
}

static void test_print_config_for_stdout(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    RtRunConfig cfg = rt_csv_config_defaults();
    cfg.seed = 42;
    rt_csv_print_config(f, &cfg);
    fclose(f);
    assert_true(strncmp(buf, "method = sample (Default)\n  sample\n"
                             "    num_samples = 1000 (Default)\n", 66) == 0);
    assert_non_null(strstr(buf, "\nrandom\n  seed = 42 (Default)\n"));
    assert_non_null(strstr(buf, "\nnum_threads = 1 (Default)\n"));
    assert_null(strstr(buf, "#"));
    free(buf);
}

static void test_open_fails_in_missing_directory(void **state)
{
    (void)state;
    RtError err;
    assert_null(rt_csv_open("/nonexistent-dir/x/out.csv", NULL, 0, &err));
    assert_string_equal(err.msg, "cannot open /nonexistent-dir/x/out.csv"
                                 " for writing: No such file or directory");
    assert_int_equal(rt_csv_close(NULL, &err), 0);
}

/* A write error (here: past a file size limit, EFBIG) is reported by
 * close, and the temporary is removed. */
static void test_write_error_is_reported_and_tmp_removed(void **state)
{
    Scratch *s = *state;
    struct rlimit old, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    RtError err = {.msg = ""};
    RtCsv *c = rt_csv_open(s->path, NULL, 0, &err);
    assert_non_null(c);
    small = old;
    small.rlim_cur = 4096;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    for (int i = 0; i < 2000; i++)
        rt_csv_row(c, 3, (const double[]){1.5, -2.25, i});
    int rc = rt_csv_close(c, &err);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, old_handler);
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(err.msg, "error writing"));
    assert_int_equal(count_entries(s->dir), 0);
}

/* The failure path proper: the final name becomes a folder while the
 * file is written, so the rename fails, and the temporary must not be
 * left behind. */
static void test_failed_rename_removes_tmp(void **state)
{
    Scratch *s = *state;
    RtError err;
    RtCsv *c = rt_csv_open(s->path, NULL, 0, &err);
    assert_non_null(c);
    assert_int_equal(mkdir(s->path, 0700), 0);
    rt_csv_row(c, 1, (const double[]){1});
    assert_int_not_equal(rt_csv_close(c, &err), 0);
    assert_non_null(strstr(err.msg, "cannot replace"));
    rmdir(s->path);
    assert_int_equal(count_entries(s->dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_default_run_byte_for_byte,
                                        setup_scratch, teardown_scratch),
        cmocka_unit_test_setup_teardown(test_non_default_arguments,
                                        setup_scratch, teardown_scratch),
        cmocka_unit_test_setup_teardown(test_log_prob_header, setup_scratch,
                                        teardown_scratch),
        cmocka_unit_test_setup_teardown(test_number_formats, setup_scratch,
                                        teardown_scratch),
        cmocka_unit_test(test_print_config_for_stdout),
        cmocka_unit_test(test_open_fails_in_missing_directory),
        cmocka_unit_test_setup_teardown(
            test_write_error_is_reported_and_tmp_removed, setup_scratch,
            teardown_scratch),
        cmocka_unit_test_setup_teardown(test_failed_rename_removes_tmp,
                                        setup_scratch, teardown_scratch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
