/* csv.c - Stan CSV output, laid out as CmdStan lays it out (CmdStan Guide,
 * "Stan CSV File Format"): the configuration as "# " comments, the column
 * line, the draws, the adaptation block after warm-up and the timing
 * block at the end.
 *
 * The header follows CmdStan 2.33's argument tree line for line, which is
 * what readers (cmdstanpy, cmdstanr, posterior, ArviZ) parse: their
 * version checks see 2.33.0.  Values: reals with 17 significant digits
 * (CmdStan echoes 0.8 as 0.80000000000000004), draws with 6 (the default
 * sig_figs).  Non-finite draws print as nan, inf and -inf.
 *
 * Output goes through rt_out_open (outfile.c): atomic for a regular file,
 * direct for a device or fifo, never over an input; rt_csv_close checks
 * for write errors before the file takes its final name. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"

#define CSV_STAN_MAJOR 2
#define CSV_STAN_MINOR 33
#define CSV_STAN_PATCH 0

struct RtCsv {
    RtOutFile *out;
    FILE *f;                     /* rt_out_stream(out) */
};

/* --------------------------------------------------- the configuration */

RtRunConfig rt_csv_config_defaults(void)
{
    RtRunConfig c = {
        .model_name = "model", .num_samples = 1000, .num_warmup = 1000,
        .thin = 1, .save_warmup = false, .adapt_engaged = true,
        .adapt_delta = 0.8, .adapt_gamma = 0.05, .adapt_kappa = 0.75,
        .adapt_t0 = 10, .adapt_init_buffer = 75, .adapt_term_buffer = 50,
        .adapt_window = 25, .max_depth = 10, .metric = "diag_e",
        .stepsize = 1, .stepsize_jitter = 0, .chain_id = 1,
        .data_file = NULL, .init = "2", .seed = 0,
        .output_file = "output.csv", .refresh = 100,
        .method = RT_METHOD_SAMPLE, .start_datetime = NULL,
        .unconstrained_params = NULL, .constrained_params = NULL,
        .jacobian = true,
        .default_num_samples = true, .default_num_warmup = true,
        .default_thin = true, .default_delta = true,
        .default_max_depth = true, .default_seed = true,
        .default_init = true,
    };
    return c;
}

/* One "key = value" line, indented two spaces per level, with CmdStan's
 * " (Default)" mark. */
static void put_value(FILE *f, const char *prefix, int level,
                      const char *key, const char *value, bool dflt)
{
    fprintf(f, "%s%*s%s = ", prefix, 2 * level, "", key);
    /* a value (a file name) is one line of the header whatever it holds:
     * a control character is written as \ooo, and so is '\' itself */
    for (const unsigned char *c = (const unsigned char *)value; *c; c++) {
        if (*c < 0x20 || *c == 0x7f || *c == '\\')
            fprintf(f, "\\%03o", *c);
        else
            fputc(*c, f);
    }
    fprintf(f, "%s\n", dflt ? " (Default)" : "");
}

static void put_int(FILE *f, const char *prefix, int level, const char *key,
                    long long value, bool dflt)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", value);
    put_value(f, prefix, level, key, buf, dflt);
}

static void put_real(FILE *f, const char *prefix, int level,
                     const char *key, double value, bool dflt)
{
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", value);
    put_value(f, prefix, level, key, buf, dflt);
}

/* A group heading ("  sample", "    adapt"). */
static void put_group(FILE *f, const char *prefix, int level,
                      const char *name)
{
    fprintf(f, "%s%*s%s\n", prefix, 2 * level, "", name);
}

static const char *or_empty(const char *s)
{
    return s ? s : "";
}

/* context = prior (pplbench's; left out for the joint density, CmdStan's
 * only one, so that a joint run's header is CmdStan's). */
static void put_context(FILE *f, const char *p, int level, RtContext ctx)
{
    if (ctx != RT_JOINT)
        put_value(f, p, level, "context",
                  ctx == RT_PRIOR ? "prior" : "likelihood", false);
}

static void put_sample_args(FILE *f, const char *p, const RtRunConfig *c)
{
    put_value(f, p, 0, "method", "sample", true);
    put_group(f, p, 1, "sample");
    put_int(f, p, 2, "num_samples", c->num_samples, c->default_num_samples);
    put_int(f, p, 2, "num_warmup", c->num_warmup, c->default_num_warmup);
    put_int(f, p, 2, "save_warmup", c->save_warmup, !c->save_warmup);
    put_int(f, p, 2, "thin", c->thin, c->default_thin);
    put_group(f, p, 2, "adapt");
    put_int(f, p, 3, "engaged", c->adapt_engaged, c->adapt_engaged);
    put_real(f, p, 3, "gamma", c->adapt_gamma, c->adapt_gamma == 0.05);
    put_real(f, p, 3, "delta", c->adapt_delta, c->default_delta);
    put_real(f, p, 3, "kappa", c->adapt_kappa, c->adapt_kappa == 0.75);
    put_real(f, p, 3, "t0", c->adapt_t0, c->adapt_t0 == 10);
    put_int(f, p, 3, "init_buffer", c->adapt_init_buffer,
            c->adapt_init_buffer == 75);
    put_int(f, p, 3, "term_buffer", c->adapt_term_buffer,
            c->adapt_term_buffer == 50);
    put_int(f, p, 3, "window", c->adapt_window, c->adapt_window == 25);
    put_value(f, p, 2, "algorithm", "hmc", true);
    put_group(f, p, 3, "hmc");
    const char *metric = c->metric ? c->metric : "diag_e";
    put_value(f, p, 4, "engine", "nuts", true);
    put_group(f, p, 5, "nuts");
    put_int(f, p, 6, "max_depth", c->max_depth, c->default_max_depth);
    put_value(f, p, 4, "metric", metric, strcmp(metric, "diag_e") == 0);
    put_value(f, p, 4, "metric_file", "", true);
    put_real(f, p, 4, "stepsize", c->stepsize, c->stepsize == 1);
    put_real(f, p, 4, "stepsize_jitter", c->stepsize_jitter,
             c->stepsize_jitter == 0);
    put_int(f, p, 2, "num_chains", 1, true);
    put_context(f, p, 2, c->context);
}

static void put_log_prob_args(FILE *f, const char *p, const RtRunConfig *c)
{
    put_value(f, p, 0, "method", "log_prob", false);
    put_group(f, p, 1, "log_prob");
    put_value(f, p, 2, "unconstrained_params",
              or_empty(c->unconstrained_params), !c->unconstrained_params);
    put_value(f, p, 2, "constrained_params",
              or_empty(c->constrained_params), !c->constrained_params);
    put_int(f, p, 2, "jacobian", c->jacobian, c->jacobian);
    put_context(f, p, 2, c->context);
}

/* Everything from "method = ..." to "num_threads = 1 (Default)". */
static void put_arguments(FILE *f, const char *p, const RtRunConfig *c)
{
    if (c->method == RT_METHOD_LOG_PROB)
        put_log_prob_args(f, p, c);
    else
        put_sample_args(f, p, c);
    put_int(f, p, 0, "id", c->chain_id, c->chain_id == 1);
    put_group(f, p, 0, "data");
    put_value(f, p, 1, "file", or_empty(c->data_file),
              !c->data_file || !c->data_file[0]);
    put_value(f, p, 0, "init", c->init ? c->init : "2", c->default_init);
    put_group(f, p, 0, "random");
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRIu64, c->seed);
    put_value(f, p, 1, "seed", seed, c->default_seed);
    put_group(f, p, 0, "output");
    const char *output = c->output_file ? c->output_file : "output.csv";
    put_value(f, p, 1, "file", output, strcmp(output, "output.csv") == 0);
    put_value(f, p, 1, "diagnostic_file", "", true);
    put_int(f, p, 1, "refresh", c->refresh, c->refresh == 100);
    put_int(f, p, 1, "sig_figs", -1, true);
    put_value(f, p, 1, "profile_file",
              c->profile_file ? c->profile_file : "profile.csv",
              !c->profile_file || !strcmp(c->profile_file, "profile.csv"));
    put_int(f, p, 0, "num_threads", 1, true);
}

void rt_csv_print_config(FILE *out, const RtRunConfig *cfg)
{
    put_arguments(out, "", cfg);
}

/* ------------------------------------------------------------- writing */

RtCsv *rt_csv_open(const char *path, const char *const *protect,
                   int nprotect, RtError *err)
{
    RtCsv *c = calloc(1, sizeof *c);
    if (!c) {
        rt_error(err, "out of memory opening %s", path);
        return NULL;
    }
    c->out = rt_out_open(path, protect, nprotect, err);
    if (!c->out) {
        free(c);
        return NULL;
    }
    c->f = rt_out_stream(c->out);
    return c;
}

void rt_csv_header(RtCsv *c, const RtRunConfig *cfg)
{
    FILE *f = c->f;
    fprintf(f, "# stan_version_major = %d\n", CSV_STAN_MAJOR);
    fprintf(f, "# stan_version_minor = %d\n", CSV_STAN_MINOR);
    fprintf(f, "# stan_version_patch = %d\n", CSV_STAN_PATCH);
    fprintf(f, "# model = %s\n", cfg->model_name ? cfg->model_name : "model");
    if (cfg->start_datetime)
        fprintf(f, "# start_datetime = %s\n", cfg->start_datetime);
    put_arguments(f, "# ", cfg);
    /* what stanc3 records of itself; the flags line is empty */
    fprintf(f, "# stanc_version = pplbench\n");
    fprintf(f, "# stancflags = \n");
}

void rt_csv_columns(RtCsv *c, int nsampler, const char *const *sampler_cols,
                    int nmodel, const char *const *model_cols)
{
    for (int i = 0; i < nsampler; i++)
        fprintf(c->f, "%s%s", i ? "," : "", sampler_cols[i]);
    for (int i = 0; i < nmodel; i++)
        fprintf(c->f, "%s%s", i || nsampler ? "," : "", model_cols[i]);
    fputc('\n', c->f);
}

/* A value as CmdStan's streams print it: 6 significant digits, and nan
 * without a sign. */
static void put_number(FILE *f, double x)
{
    if (isnan(x))
        fputs("nan", f);
    else
        fprintf(f, "%g", x);
}

void rt_csv_adaptation(RtCsv *c, double stepsize, const double *inv_metric,
                       int n)
{
    fputs("# Adaptation terminated\n# Step size = ", c->f);
    put_number(c->f, stepsize);
    fputs("\n# Diagonal elements of inverse mass matrix:\n# ", c->f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", c->f);
        put_number(c->f, inv_metric[i]);
    }
    fputc('\n', c->f);
}

void rt_csv_row(RtCsv *c, int n, const double *values)
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', c->f);
        put_number(c->f, values[i]);
    }
    fputc('\n', c->f);
}

void rt_csv_timing(RtCsv *c, double warmup_s, double sampling_s)
{
    fputs("# \n#  Elapsed Time: ", c->f);
    put_number(c->f, warmup_s);
    fputs(" seconds (Warm-up)\n#                ", c->f);
    put_number(c->f, sampling_s);
    fputs(" seconds (Sampling)\n#                ", c->f);
    put_number(c->f, warmup_s + sampling_s);
    fputs(" seconds (Total)\n# \n", c->f);
}

int rt_csv_close(RtCsv *c, RtError *err)
{
    if (!c)
        return 0;
    int rc = rt_out_commit(c->out, err);
    free(c);
    return rc;
}
