/* test_rt_nuts.c - the NUTS sampler on targets whose answers are known:
 * independent and correlated Gaussians (means, variances, the adapted
 * metric), reproducibility by seed, divergences on a funnel, rejecting
 * regions, a start without finite density, a callback that stops the run,
 * a fatal error that stops it, thinning, and CmdStan's progress lines. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pplrt.h"

/* ------------------------------------------------- recording the draws */

typedef struct Recorder {
    int dim, n, cap;
    double *u;                   /* n x dim */
    RtNutsDraw *draws;
    int stop_after;              /* > 0: ask to stop at that draw */
    int adapted_calls;
    double adapted_stepsize;
    double adapted_metric[8];
} Recorder;

static void recorder_init(Recorder *r, int dim)
{
    memset(r, 0, sizeof *r);
    r->dim = dim;
}

static void recorder_free(Recorder *r)
{
    free(r->u);
    free(r->draws);
}

static int record_draw(void *ctx, const RtNutsDraw *draw, const double *u)
{
    Recorder *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        r->u = realloc(r->u, (size_t)r->cap * (size_t)r->dim * sizeof(double));
        r->draws = realloc(r->draws, (size_t)r->cap * sizeof(RtNutsDraw));
        assert_non_null(r->u);
        assert_non_null(r->draws);
    }
    memcpy(&r->u[(size_t)r->n * (size_t)r->dim], u,
           (size_t)r->dim * sizeof(double));
    r->draws[r->n] = *draw;
    r->n++;
    return r->stop_after > 0 && r->n >= r->stop_after;
}

static void record_adapted(void *ctx, double stepsize,
                           const double *inv_metric, int dim)
{
    Recorder *r = ctx;
    r->adapted_calls++;
    r->adapted_stepsize = stepsize;
    for (int i = 0; i < dim && i < 8; i++)
        r->adapted_metric[i] = inv_metric[i];
}

/* ------------------------------------------------------------ targets */

/* Independent normals with mean 0 and the given standard deviations. */
typedef struct Normals {
    int dim;
    const double *sd;
} Normals;

static int normals_lp(void *ctx, const double *u, double *lp, double *grad,
                      RtError *err)
{
    (void)err;
    const Normals *t = ctx;
    *lp = 0;
    for (int i = 0; i < t->dim; i++) {
        double z = u[i] / t->sd[i];
        *lp -= 0.5 * z * z;
        grad[i] = -z / t->sd[i];
    }
    return 0;
}

/* A bivariate normal with correlation rho and standard deviations sd. */
typedef struct Correlated {
    double rho, sd[2];
} Correlated;

static int correlated_lp(void *ctx, const double *u, double *lp,
                         double *grad, RtError *err)
{
    (void)err;
    const Correlated *t = ctx;
    double a = u[0] / t->sd[0], b = u[1] / t->sd[1];
    double k = 1.0 / (1.0 - t->rho * t->rho);
    *lp = -0.5 * k * (a * a - 2 * t->rho * a * b + b * b);
    grad[0] = -k * (a - t->rho * b) / t->sd[0];
    grad[1] = -k * (b - t->rho * a) / t->sd[1];
    return 0;
}

/* Neal's funnel: v ~ normal(0, 3), x[i] ~ normal(0, exp(v / 2)). */
static int funnel_lp(void *ctx, const double *u, double *lp, double *grad,
                     RtError *err)
{
    (void)err;
    int dim = *(const int *)ctx;
    double v = u[0], ev = exp(v);
    *lp = -v * v / 18.0 - 0.5 * (dim - 1) * v;
    grad[0] = -v / 9.0 - 0.5 * (dim - 1);
    for (int i = 1; i < dim; i++) {
        *lp -= 0.5 * u[i] * u[i] / ev;
        grad[0] += 0.5 * u[i] * u[i] / ev;
        grad[i] = -u[i] / ev;
    }
    return 0;
}

/* A standard normal in 2-d that rejects u[0] > 1 (a model whose reject()
 * fires there), counting the rejects. */
static int truncated_lp(void *ctx, const double *u, double *lp, double *grad,
                        RtError *err)
{
    int *rejects = ctx;
    if (u[0] > 1) {
        (*rejects)++;
        return rt_error(err, "x is %g, but must be <= 1", u[0]);
    }
    *lp = -0.5 * (u[0] * u[0] + u[1] * u[1]);
    grad[0] = -u[0];
    grad[1] = -u[1];
    return 0;
}

/* log(0) for u[0] < 0: an exponential-like half line. */
static int half_line_lp(void *ctx, const double *u, double *lp, double *grad,
                        RtError *err)
{
    (void)ctx;
    (void)err;
    *lp = u[0] < 0 ? -INFINITY : -u[0];
    grad[0] = -1;
    return 0;
}

static int always_rejects(void *ctx, const double *u, double *lp,
                          double *grad, RtError *err)
{
    (void)ctx;
    (void)u;
    (void)lp;
    (void)grad;
    return rt_error(err, "sigma is -1, but must be positive");
}

/* A standard normal in 2-d whose u[0] > 1 is a fatal error (a model
 * whose fatal_error fires there), counting the evaluations there. */
static int fatal_region_lp(void *ctx, const double *u, double *lp,
                           double *grad, RtError *err)
{
    int *fatal = ctx;
    if (u[0] > 1) {
        (*fatal)++;
        return rt_fatal(err, "x is %g, but must be <= 1", u[0]);
    }
    return truncated_lp(NULL, u, lp, grad, err);
}

/* ------------------------------------------------------------ helpers */

static RtNutsConfig quiet_defaults(void)
{
    RtNutsConfig cfg = rt_nuts_defaults();
    cfg.refresh = 0;
    cfg.progress = NULL;
    return cfg;
}

static double column_mean(const Recorder *r, int j)
{
    double sum = 0;
    for (int i = 0; i < r->n; i++)
        sum += r->u[(size_t)i * (size_t)r->dim + (size_t)j];
    return sum / r->n;
}

static double column_variance(const Recorder *r, int j)
{
    double mean = column_mean(r, j), sum = 0;
    for (int i = 0; i < r->n; i++) {
        double d = r->u[(size_t)i * (size_t)r->dim + (size_t)j] - mean;
        sum += d * d;
    }
    return sum / (r->n - 1);
}

/* Monte Carlo standard error of a column's mean by batch means (40
 * batches): crude, but it sees autocorrelation (and NUTS's frequent
 * anticorrelation) without assuming independent draws. */
static double column_mcse(const Recorder *r, int j)
{
    enum { BATCHES = 40 };
    int size = r->n / BATCHES;
    double means[BATCHES], grand = 0;
    for (int b = 0; b < BATCHES; b++) {
        double sum = 0;
        for (int i = b * size; i < (b + 1) * size; i++)
            sum += r->u[(size_t)i * (size_t)r->dim + (size_t)j];
        means[b] = sum / size;
        grand += means[b] / BATCHES;
    }
    double var = 0;
    for (int b = 0; b < BATCHES; b++)
        var += (means[b] - grand) * (means[b] - grand);
    var /= BATCHES - 1;
    return sqrt(var / BATCHES);
}

/* ------------------------------------------------------------ tests */

static void test_independent_normals_with_scales(void **state)
{
    (void)state;
    static const double sd[5] = {0.1, 0.5, 1.0, 3.0, 10.0};
    Normals target = {5, sd};
    double u0[5] = {1, -1, 0.5, 2, -2};
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = 1000;
    cfg.num_samples = 2000;
    RtRng *rng = rt_rng_new(20240611, 1);
    Recorder rec;
    recorder_init(&rec, 5);
    RtNutsResult res;
    RtError err;
    int rc = rt_nuts_run(normals_lp, &target, 5, u0, &cfg, rng, record_draw,
                         &rec, record_adapted, &res, &err);
    assert_int_equal(rc, 0);
    assert_int_equal(rec.n, 2000);
    assert_int_equal(rec.adapted_calls, 1);
    assert_int_equal(res.divergences, 0);

    long leapfrogs = 0;
    double accept = 0;
    for (int i = 0; i < rec.n; i++) {
        assert_false(rec.draws[i].warmup);
        assert_true(rec.draws[i].stepsize == res.stepsize);
        leapfrogs += rec.draws[i].n_leapfrog;
        accept += rec.draws[i].accept_stat;
    }
    /* every leapfrog evaluates the gradient once */
    assert_true(res.total_leapfrog > leapfrogs);
    accept /= rec.n;
    print_message("step size %.3f, mean accept_stat %.3f, %.2f leapfrogs"
                  " a draw, %ld gradients in all\n", res.stepsize, accept,
                  (double)leapfrogs / rec.n, res.total_leapfrog);
    /* dual averaging aims at 0.8; the averaged step size lands near it */
    assert_true(accept > 0.65 && accept < 0.97);

    for (int j = 0; j < 5; j++) {
        double mean = column_mean(&rec, j), mcse = column_mcse(&rec, j);
        double var = column_variance(&rec, j), truth = sd[j] * sd[j];
        print_message("sd %5.1f: mean %+.4f mcse %.4f var/true %.3f"
                      " inv_metric/true %.3f\n", sd[j], mean, mcse,
                      var / truth, res.inv_metric[j] / truth);
        /* the chain mixes: an MCSE worth having */
        assert_true(mcse < 0.1 * sd[j]);
        assert_true(fabs(mean) < 5 * mcse);
        assert_true(var > 0.75 * truth && var < 1.25 * truth);
        assert_true(res.inv_metric[j] > 0.5 * truth
                    && res.inv_metric[j] < 2.0 * truth);
        assert_true(rec.adapted_metric[j] == res.inv_metric[j]);
    }
    assert_true(rec.adapted_stepsize == res.stepsize);
    /* with the metric learnt the problem is isotropic: a step near 1 */
    assert_true(res.stepsize > 0.3 && res.stepsize < 2.0);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
}

static void test_correlated_normal(void **state)
{
    (void)state;
    Correlated target = {0.9, {1.0, 2.0}};
    double u0[2] = {-1, 3};
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = 1000;
    cfg.num_samples = 2000;
    RtRng *rng = rt_rng_new(7, 1);
    Recorder rec;
    recorder_init(&rec, 2);
    RtNutsResult res;
    RtError err;
    assert_int_equal(rt_nuts_run(correlated_lp, &target, 2, u0, &cfg, rng,
                                 record_draw, &rec, NULL, &res, &err),
                     0);
    assert_int_equal(rec.n, 2000);
    for (int j = 0; j < 2; j++) {
        double mean = column_mean(&rec, j), mcse = column_mcse(&rec, j);
        double var = column_variance(&rec, j);
        double truth = target.sd[j] * target.sd[j];
        print_message("sd %.1f: mean %+.4f mcse %.4f var/true %.3f\n",
                      target.sd[j], mean, mcse, var / truth);
        assert_true(mcse < 0.15 * target.sd[j]);
        assert_true(fabs(mean) < 5 * mcse);
        assert_true(var > 0.75 * truth && var < 1.25 * truth);
    }
    double m0 = column_mean(&rec, 0), m1 = column_mean(&rec, 1), cov = 0;
    for (int i = 0; i < rec.n; i++)
        cov += (rec.u[2 * i] - m0) * (rec.u[2 * i + 1] - m1);
    cov /= rec.n - 1;
    double corr = cov / sqrt(column_variance(&rec, 0)
                             * column_variance(&rec, 1));
    print_message("correlation %.4f (0.9)\n", corr);
    assert_true(fabs(corr - 0.9) < 0.03);
    assert_int_equal(res.divergences, 0);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
}

/* A short run's draws, sampler columns and positions, as one buffer. */
static void run_short(uint64_t seed, Recorder *rec)
{
    static const double sd[3] = {0.3, 1.0, 4.0};
    Normals target = {3, sd};
    double u0[3] = {0.1, 0.2, 0.3};
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = 200;
    cfg.num_samples = 200;
    cfg.save_warmup = true;
    cfg.stepsize_jitter = 0.3;
    RtRng *rng = rt_rng_new(seed, 1);
    RtNutsResult res;
    RtError err;
    recorder_init(rec, 3);
    assert_int_equal(rt_nuts_run(normals_lp, &target, 3, u0, &cfg, rng,
                                 record_draw, rec, NULL, &res, &err),
                     0);
    assert_int_equal(rec->n, 400);
    rt_nuts_result_free(&res);
    rt_rng_free(rng);
}

static void test_same_seed_same_draws(void **state)
{
    (void)state;
    Recorder a, b, c;
    run_short(42, &a);
    run_short(42, &b);
    run_short(43, &c);
    /* RtNutsDraw has padding: compare the fields, and positions bytewise */
    for (int i = 0; i < a.n; i++) {
        assert_memory_equal(&a.draws[i].lp, &b.draws[i].lp, sizeof(double));
        assert_memory_equal(&a.draws[i].accept_stat,
                            &b.draws[i].accept_stat, sizeof(double));
        assert_memory_equal(&a.draws[i].stepsize, &b.draws[i].stepsize,
                            sizeof(double));
        assert_memory_equal(&a.draws[i].energy, &b.draws[i].energy,
                            sizeof(double));
        assert_int_equal(a.draws[i].treedepth, b.draws[i].treedepth);
        assert_int_equal(a.draws[i].n_leapfrog, b.draws[i].n_leapfrog);
        assert_int_equal(a.draws[i].divergent, b.draws[i].divergent);
        assert_int_equal(a.draws[i].warmup, b.draws[i].warmup);
    }
    assert_memory_equal(a.u, b.u, (size_t)a.n * 3 * sizeof(double));
    assert_true(memcmp(a.u, c.u, (size_t)a.n * 3 * sizeof(double)) != 0);
    /* warm-up draws first, flagged, and the jitter varies the step */
    assert_true(a.draws[0].warmup && a.draws[199].warmup);
    assert_false(a.draws[200].warmup);
    assert_true(a.draws[300].stepsize != a.draws[301].stepsize);
    recorder_free(&a);
    recorder_free(&b);
    recorder_free(&c);
}

/* 300 transitions on a 4-d funnel from its neck with a fixed step size,
 * no adaptation; returns how many diverged. */
static int funnel_divergences(double stepsize)
{
    int dim = 4;
    double u0[4] = {-2, 0.1, -0.1, 0.2};
    RtNutsConfig cfg = quiet_defaults();
    cfg.adapt_engaged = false;
    cfg.num_warmup = 0;
    cfg.num_samples = 300;
    cfg.stepsize = stepsize;
    RtRng *rng = rt_rng_new(11, 1);
    Recorder rec;
    recorder_init(&rec, dim);
    RtNutsResult res;
    RtError err;
    assert_int_equal(rt_nuts_run(funnel_lp, &dim, dim, u0, &cfg, rng,
                                 record_draw, &rec, record_adapted, &res,
                                 &err),
                     0);
    assert_int_equal(rec.n, 300);
    int divergent = 0;
    for (int i = 0; i < rec.n; i++) {
        const RtNutsDraw *d = &rec.draws[i];
        divergent += d->divergent;
        assert_true(d->stepsize == stepsize);
        assert_true(isfinite(d->lp) && isfinite(d->energy));
        /* a divergence ends the tree: the doubling it happened in is not
         * counted in the depth */
        if (d->divergent)
            assert_true(d->n_leapfrog < (1 << (d->treedepth + 1)));
    }
    print_message("step %.1f: %d of %d transitions divergent\n", stepsize,
                  divergent, rec.n);
    assert_int_equal(res.divergences, divergent);
    /* no adaptation: no callback, the given step size, a unit metric */
    assert_int_equal(rec.adapted_calls, 0);
    assert_true(res.stepsize == stepsize);
    for (int j = 0; j < dim; j++)
        assert_true(res.inv_metric[j] == 1.0);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
    return divergent;
}

static void test_divergences_on_funnel(void **state)
{
    (void)state;
    /* a huge step: (nearly) every trajectory blows up */
    assert_true(funnel_divergences(4.0) > 250);
    /* a moderate one: some do, in the neck, but far from all (how many
     * depends on how long the chain lingers there) */
    int some = funnel_divergences(1.0);
    assert_true(some > 0 && some < 250);
}

static void test_rejecting_region_has_zero_density(void **state)
{
    (void)state;
    int rejects = 0;
    double u0[2] = {0, 0};
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = 500;
    cfg.num_samples = 2000;
    cfg.save_warmup = true;
    RtRng *rng = rt_rng_new(5, 2);
    Recorder rec;
    recorder_init(&rec, 2);
    RtNutsResult res;
    RtError err;
    assert_int_equal(rt_nuts_run(truncated_lp, &rejects, 2, u0, &cfg, rng,
                                 record_draw, &rec, NULL, &res, &err),
                     0);
    assert_int_equal(rec.n, 2500);
    assert_true(rejects > 0);
    for (int i = 0; i < rec.n; i++) {
        assert_true(rec.u[2 * i] <= 1.0);
        assert_true(isfinite(rec.draws[i].lp));
    }
    /* hitting the wall is a divergence */
    assert_true(res.divergences > 0);
    /* E[x | x < 1] = -phi(1) / Phi(1) for a standard normal */
    Recorder sampled = rec;
    sampled.n = 2000;
    sampled.u = rec.u + 2 * 500;
    double mean = column_mean(&sampled, 0), mcse = column_mcse(&sampled, 0);
    print_message("truncated mean %.4f (-0.2876) mcse %.4f, %d rejects\n",
                  mean, mcse, rejects);
    assert_true(fabs(mean + 0.2876) < 5 * mcse + 0.02);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
}

static void test_reject_message_is_printed(void **state)
{
    (void)state;
    int rejects = 0;
    double u0[2] = {0.9, 0};
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    RtNutsConfig cfg = quiet_defaults();
    cfg.progress = out;
    cfg.adapt_engaged = false;
    cfg.num_warmup = 0;
    cfg.num_samples = 50;
    RtRng *rng = rt_rng_new(3, 1);
    RtNutsResult res;
    RtError err;
    assert_int_equal(rt_nuts_run(truncated_lp, &rejects, 2, u0, &cfg, rng,
                                 NULL, NULL, NULL, &res, &err),
                     0);
    fclose(out);
    assert_true(rejects > 0);
    assert_non_null(strstr(text, "Informational Message: The current"
                                 " Metropolis proposal is about to be"
                                 " rejected because of the following"
                                 " issue:\nx is "));
    assert_null(strstr(text, "Iteration:"));
    free(text);
    rt_nuts_result_free(&res);
    rt_rng_free(rng);
}

static void test_no_finite_start_is_an_error(void **state)
{
    (void)state;
    double u0[1] = {-1};
    RtNutsConfig cfg = quiet_defaults();
    RtRng *rng = rt_rng_new(1, 1);
    Recorder rec;
    recorder_init(&rec, 1);
    RtNutsResult res;
    RtError err;
    err.msg[0] = '\0';
    assert_int_not_equal(rt_nuts_run(half_line_lp, NULL, 1, u0, &cfg, rng,
                                     record_draw, &rec, NULL, &res, &err),
                         0);
    assert_non_null(strstr(err.msg, "Rejecting initial value"));
    assert_non_null(strstr(err.msg, "log(0)"));
    assert_int_equal(rec.n, 0);
    rt_nuts_result_free(&res);

    err.msg[0] = '\0';
    assert_int_not_equal(rt_nuts_run(always_rejects, NULL, 1, u0, &cfg, rng,
                                     record_draw, &rec, NULL, &res, &err),
                         0);
    assert_non_null(strstr(err.msg, "sigma is -1, but must be positive"));
    assert_int_equal(rec.n, 0);
    rt_nuts_result_free(&res);

    /* the half line itself samples fine from inside */
    u0[0] = 1;
    cfg.num_warmup = 300;
    cfg.num_samples = 300;
    assert_int_equal(rt_nuts_run(half_line_lp, NULL, 1, u0, &cfg, rng,
                                 record_draw, &rec, NULL, &res, &err),
                     0);
    for (int i = 0; i < rec.n; i++)
        assert_true(rec.u[i] >= 0);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
}

static void test_callback_stops_the_run(void **state)
{
    (void)state;
    static const double sd[2] = {1, 1};
    Normals target = {2, sd};
    double u0[2] = {0, 0};
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = 100;
    cfg.num_samples = 100;
    cfg.save_warmup = true;
    RtRng *rng = rt_rng_new(9, 1);
    Recorder rec;
    RtNutsResult res;
    RtError err;

    recorder_init(&rec, 2);
    rec.stop_after = 10;
    assert_int_not_equal(rt_nuts_run(normals_lp, &target, 2, u0, &cfg, rng,
                                     record_draw, &rec, record_adapted, &res,
                                     &err),
                         0);
    assert_int_equal(rec.n, 10);
    assert_int_equal(rec.adapted_calls, 0);
    assert_non_null(strstr(err.msg, "stopped"));
    rt_nuts_result_free(&res);
    recorder_free(&rec);

    /* stopping in the sampling phase */
    recorder_init(&rec, 2);
    rec.stop_after = 150;
    assert_int_not_equal(rt_nuts_run(normals_lp, &target, 2, u0, &cfg, rng,
                                     record_draw, &rec, record_adapted, &res,
                                     &err),
                         0);
    assert_int_equal(rec.n, 150);
    assert_int_equal(rec.adapted_calls, 1);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
}

/* A fatal error is no rejection: the run stops at once, marked fatal,
 * with Stan's "Unrecoverable error" words and the target's message, and
 * no informational message; from the start, too. */
static void test_fatal_error_stops_the_run(void **state)
{
    (void)state;
    int fatal = 0;
    double u0[2] = {0.9, 0};
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    RtNutsConfig cfg = quiet_defaults();
    cfg.progress = out;
    cfg.adapt_engaged = false;
    cfg.num_warmup = 0;
    cfg.num_samples = 1000;
    RtRng *rng = rt_rng_new(3, 1);
    Recorder rec;
    recorder_init(&rec, 2);
    RtNutsResult res;
    RtError err = {.msg = ""};
    assert_int_not_equal(rt_nuts_run(fatal_region_lp, &fatal, 2, u0, &cfg,
                                     rng, record_draw, &rec, NULL, &res,
                                     &err),
                         0);
    fclose(out);
    assert_int_equal(fatal, 1);
    assert_true(err.fatal);
    assert_true(rec.n < 1000);
    assert_non_null(strstr(err.msg, "Unrecoverable error evaluating the log"
                                    " probability during sampling"
                                    " (iteration "));
    assert_non_null(strstr(err.msg, ").\nx is "));
    assert_null(strstr(text, "Informational Message"));
    free(text);
    rt_nuts_result_free(&res);
    recorder_free(&rec);

    u0[0] = 2;
    fatal = 0;
    RtError start = {.msg = ""};
    assert_int_not_equal(rt_nuts_run(fatal_region_lp, &fatal, 2, u0, &cfg,
                                     rng, NULL, NULL, NULL, &res, &start),
                         0);
    assert_true(start.fatal);
    assert_string_equal(start.msg, "Unrecoverable error evaluating the log"
                                   " probability at the initial value.\n"
                                   "x is 2, but must be <= 1");
    rt_nuts_result_free(&res);
    rt_rng_free(rng);
}

static void test_thinning_and_saved_warmup(void **state)
{
    (void)state;
    static const double sd[1] = {2};
    Normals target = {1, sd};
    double u0[1] = {0};
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = 101;
    cfg.num_samples = 50;
    cfg.thin = 3;
    cfg.save_warmup = true;
    RtRng *rng = rt_rng_new(17, 4);
    Recorder rec;
    recorder_init(&rec, 1);
    RtNutsResult res;
    RtError err;
    assert_int_equal(rt_nuts_run(normals_lp, &target, 1, u0, &cfg, rng,
                                 record_draw, &rec, NULL, &res, &err),
                     0);
    /* iterations 0, 3, ... of each phase: 34 of 101 and 17 of 50 */
    assert_int_equal(rec.n, 34 + 17);
    int warm = 0;
    long leapfrogs = 0;
    for (int i = 0; i < rec.n; i++) {
        warm += rec.draws[i].warmup;
        leapfrogs += rec.draws[i].n_leapfrog;
        assert_true(rec.draws[i].treedepth >= 0
                    && rec.draws[i].treedepth <= cfg.max_depth);
        assert_true(rec.draws[i].n_leapfrog >= 1
                    && rec.draws[i].n_leapfrog < (1 << cfg.max_depth));
    }
    assert_int_equal(warm, 34);
    assert_true(res.total_leapfrog > leapfrogs);
    assert_true(res.warmup_seconds >= 0 && res.sampling_seconds >= 0);
    rt_nuts_result_free(&res);
    recorder_free(&rec);
    rt_rng_free(rng);
}

/* The "Iteration:" lines of a run's progress output, in order. */
static char *progress_of(int num_warmup, int num_samples, int refresh,
                         char **all)
{
    static const double sd[1] = {1};
    Normals target = {1, sd};
    double u0[1] = {0};
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    RtNutsConfig cfg = quiet_defaults();
    cfg.num_warmup = num_warmup;
    cfg.num_samples = num_samples;
    cfg.refresh = refresh;
    cfg.progress = out;
    RtRng *rng = rt_rng_new(1, 1);
    RtNutsResult res;
    RtError err;
    assert_int_equal(rt_nuts_run(normals_lp, &target, 1, u0, &cfg, rng, NULL,
                                 NULL, NULL, &res, &err),
                     0);
    fclose(out);
    rt_nuts_result_free(&res);
    rt_rng_free(rng);

    char *lines = calloc(size + 1, 1);
    assert_non_null(lines);
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        if (strncmp(line, "Iteration:", 10) == 0)
            strncat(lines, line, len);
        line += len;
    }
    *all = text;
    return lines;
}

static void test_progress_lines(void **state)
{
    (void)state;
    char *all;
    char *lines = progress_of(10, 10, 5, &all);
    assert_string_equal(lines, "Iteration:  1 / 20 [  5%]  (Warmup)\n"
                               "Iteration:  5 / 20 [ 25%]  (Warmup)\n"
                               "Iteration: 10 / 20 [ 50%]  (Warmup)\n"
                               "Iteration: 11 / 20 [ 55%]  (Sampling)\n"
                               "Iteration: 15 / 20 [ 75%]  (Sampling)\n"
                               "Iteration: 20 / 20 [100%]  (Sampling)\n");
    /* too short a warm-up for the variance windows: Stan's warning */
    assert_non_null(strstr(all, "WARNING: No variance estimation is\n"
                                "         performed for num_warmup < 20\n"));
    free(lines);
    free(all);

    /* refresh counts within each phase, and "the last" is the run's last,
     * as in CmdStan: no line for iteration 150 */
    lines = progress_of(150, 150, 100, &all);
    assert_string_equal(lines,
                        "Iteration:   1 / 300 [  0%]  (Warmup)\n"
                        "Iteration: 100 / 300 [ 33%]  (Warmup)\n"
                        "Iteration: 151 / 300 [ 50%]  (Sampling)\n"
                        "Iteration: 250 / 300 [ 83%]  (Sampling)\n"
                        "Iteration: 300 / 300 [100%]  (Sampling)\n");
    assert_null(strstr(all, "WARNING"));
    free(lines);
    free(all);

    /* 100 warm-up iterations cannot hold 75 + 25 + 50.  The width is
     * CmdStan's ceil(log10(finish)): 2 for a finish of 100. */
    lines = progress_of(100, 0, 1000, &all);
    assert_string_equal(lines, "Iteration:  1 / 100 [  1%]  (Warmup)\n"
                               "Iteration: 100 / 100 [100%]  (Warmup)\n");
    assert_non_null(strstr(all, "init_buffer = 15\n"
                                "           adapt_window = 75\n"
                                "           term_buffer = 10\n"));
    free(lines);
    free(all);
}

static void test_bad_config_is_an_error(void **state)
{
    (void)state;
    double u0[1] = {0};
    static const double sd[1] = {1};
    Normals target = {1, sd};
    RtRng *rng = rt_rng_new(1, 1);
    RtNutsResult res;
    RtError err;
    RtNutsConfig cfg = quiet_defaults();
    cfg.max_depth = 0;
    assert_int_not_equal(rt_nuts_run(normals_lp, &target, 1, u0, &cfg, rng,
                                     NULL, NULL, NULL, &res, &err),
                         0);
    assert_non_null(strstr(err.msg, "max_depth"));
    rt_nuts_result_free(&res);
    cfg = quiet_defaults();
    cfg.stepsize = -1;
    assert_int_not_equal(rt_nuts_run(normals_lp, &target, 1, u0, &cfg, rng,
                                     NULL, NULL, NULL, &res, &err),
                         0);
    assert_non_null(strstr(err.msg, "stepsize"));
    rt_nuts_result_free(&res);
    rt_rng_free(rng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_independent_normals_with_scales),
        cmocka_unit_test(test_correlated_normal),
        cmocka_unit_test(test_same_seed_same_draws),
        cmocka_unit_test(test_divergences_on_funnel),
        cmocka_unit_test(test_rejecting_region_has_zero_density),
        cmocka_unit_test(test_reject_message_is_printed),
        cmocka_unit_test(test_no_finite_start_is_an_error),
        cmocka_unit_test(test_callback_stops_the_run),
        cmocka_unit_test(test_fatal_error_stops_the_run),
        cmocka_unit_test(test_thinning_and_saved_warmup),
        cmocka_unit_test(test_progress_lines),
        cmocka_unit_test(test_bad_config_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
