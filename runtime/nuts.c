/* nuts.c - Stan's NUTS sampler with a diagonal metric and windowed
 * adaptation (what CmdStan runs as `sample algorithm=hmc engine=nuts
 * metric=diag_e adapt engaged=1`).
 *
 * The transition is Betancourt's multinomial NUTS: the trajectory doubles
 * in a random direction until the generalized no-U-turn criterion fails
 * (checked over each merged tree and, to catch U-turns that straddle the
 * seam, over each half extended by the first point of the other), a
 * divergence (energy error above 1000) or max_depth.  Within a subtree the
 * proposal is drawn uniformly in proportion to the states' weights; at the
 * top level the new subtree is favoured (biased progressive sampling).
 *
 * Warm-up follows Stan's windowed adaptation: a fast init buffer, slow
 * windows that double in length (the last one stretched to the term
 * buffer), a fast term buffer; the inverse metric is the regularized
 * variance of each window's draws; the step size comes from dual
 * averaging, restarted after each window.  Stan Reference Manual, "MCMC
 * Sampling" (Hamiltonian Monte Carlo, NUTS, adaptation); CmdStan Guide,
 * "MCMC Sampling" for the progress lines and messages. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pplrt.h"

/* An energy error larger than this is a divergence. */
#define NUTS_MAX_DELTA_H 1000.0

/* --------------------------------------------------------------- state */

/* A point in phase space: position, momentum, and the log density (the
 * negated potential) and its gradient at the position. */
typedef struct NutsPoint {
    double *q, *p, *grad;
    double lp;
} NutsPoint;

/* The scratch of one level of the tree recursion: the two halves' summed
 * momenta, their momenta (and sharp momenta, M^-1 p) at the seam, and the
 * proposal of the second half. */
typedef struct NutsLevel {
    NutsPoint propose_final;
    double *rho_init, *rho_final;
    double *p_init_end, *p_sharp_init_end;
    double *p_final_beg, *p_sharp_final_beg;
} NutsLevel;

/* Nesterov dual averaging of log step size (Hoffman and Gelman 2014). */
typedef struct NutsDualAveraging {
    double mu, s_bar, x_bar;
    long counter;
    double delta, gamma, kappa, t0;
} NutsDualAveraging;

/* Stan's windowed variance adaptation.  Iterations are counted from 0;
 * draws in [init_buffer, num_warmup - term_buffer) feed Welford's running
 * variance, and at next_window the window closes. */
typedef struct NutsWindows {
    bool enabled;
    long num_warmup, init_buffer, term_buffer, base_window;
    long counter, window_size, next_window;
    long n;                      /* draws in the current window */
    double *mean, *m2;
} NutsWindows;

/* Everything one run needs: no file-scope state, one allocation. */
typedef struct Nuts {
    RtLogpGrad f;
    void *fctx;
    int dim;
    RtRng *rng;
    FILE *progress;
    int max_depth;
    double nominal_stepsize;     /* what adaptation tunes */
    double stepsize;             /* this transition's (jittered) */
    double jitter;
    double *inv_metric;
    long gradient_evals;

    /* one transition */
    NutsPoint z;                 /* the integrator's moving point */
    NutsPoint z_fwd, z_bck;      /* the trajectory's two ends */
    NutsPoint z_sample;          /* the chain's state */
    NutsPoint z_propose;         /* the new subtree's proposal */
    /* momenta and sharp momenta at both ends of the forward and the
     * backward subtree (fwd_bck: the backward end of the forward one) */
    double *p_fwd_fwd, *p_sharp_fwd_fwd, *p_fwd_bck, *p_sharp_fwd_bck;
    double *p_bck_fwd, *p_sharp_bck_fwd, *p_bck_bck, *p_sharp_bck_bck;
    double *rho, *rho_fwd, *rho_bck;
    NutsLevel *levels;           /* max_depth of them */
    double H0;
    int n_leapfrog;
    double sum_metro_prob;
    bool divergent;

    NutsDualAveraging da;
    NutsWindows windows;

    /* A fatal error met by an evaluation (fatal_error, recursion too
     * deep): the run stops at the end of the transition with it. */
    bool stopped;
    RtError stop;

    double *block;               /* every vector above */
} Nuts;

/* ------------------------------------------------------------ helpers */

static double log_sum_exp(double a, double b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b));
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec)
           + 1e-9 * (double)(now.tv_nsec - start->tv_nsec);
}

static void copy_point(const Nuts *s, NutsPoint *to, const NutsPoint *from)
{
    size_t bytes = (size_t)s->dim * sizeof(double);
    memcpy(to->q, from->q, bytes);
    memcpy(to->p, from->p, bytes);
    memcpy(to->grad, from->grad, bytes);
    to->lp = from->lp;
}

static void copy_vector(const Nuts *s, double *to, const double *from)
{
    memcpy(to, from, (size_t)s->dim * sizeof(double));
}

static void zero_vector(const Nuts *s, double *v)
{
    for (int i = 0; i < s->dim; i++)
        v[i] = 0.0;
}

/* The sharp momentum M^-1 p, the velocity dq/dt. */
static void sharp(const Nuts *s, const double *p, double *p_sharp)
{
    for (int i = 0; i < s->dim; i++)
        p_sharp[i] = s->inv_metric[i] * p[i];
}

/* The no-U-turn criterion for a trajectory with summed momentum
 * rho_a + rho_b (rho_b may be NULL) and sharp momenta at its two ends:
 * both ends still move away from each other. */
static bool no_u_turn(const Nuts *s, const double *p_sharp_minus,
                      const double *p_sharp_plus, const double *rho_a,
                      const double *rho_b)
{
    double dot_minus = 0.0, dot_plus = 0.0;
    for (int i = 0; i < s->dim; i++) {
        double rho = rho_b ? rho_a[i] + rho_b[i] : rho_a[i];
        dot_minus += p_sharp_minus[i] * rho;
        dot_plus += p_sharp_plus[i] * rho;
    }
    return dot_plus > 0 && dot_minus > 0;
}

/* Print Stan's informational message for a rejected evaluation. */
static void report_reject(const Nuts *s, const char *why)
{
    if (!s->progress)
        return;
    fprintf(s->progress,
            "Informational Message: The current Metropolis proposal is about"
            " to be rejected because of the following issue:\n%s\n"
            "If this warning occurs sporadically, such as for highly"
            " constrained variable types like covariance matrices, then the"
            " sampler is fine,\nbut if this warning occurs often then your"
            " model may be either severely ill-conditioned or"
            " misspecified.\n\n",
            why[0] ? why : "(no message)");
}

/* --------------------------------------------------------- Hamiltonian */

/* Evaluate the target at z->q.  A reject, a non-finite density or a
 * non-finite gradient is zero density: lp = -inf, gradient zero, so the
 * energy is infinite and the step counts as a divergence.  A fatal error
 * does the same (the divergence ends the trajectory at once) and records
 * the error in s->stop, which ends the run. */
static void evaluate(Nuts *s, NutsPoint *z)
{
    RtError err = {.msg = ""};
    double lp = 0.0;
    s->gradient_evals++;
    int rc = s->f(s->fctx, z->q, &lp, z->grad, &err);
    bool ok = rc == 0 && isfinite(lp);
    for (int i = 0; ok && i < s->dim; i++)
        ok = isfinite(z->grad[i]);
    if (rc != 0 && err.fatal) {
        if (!s->stopped)
            s->stop = err;
        s->stopped = true;
    } else if (rc != 0) {
        report_reject(s, err.msg);
    }
    if (!ok) {
        z->lp = -INFINITY;
        zero_vector(s, z->grad);
    } else {
        z->lp = lp;
    }
}

/* H = V(q) + p' M^-1 p / 2 with V = -lp; NaN counts as infinite. */
static double hamiltonian(const Nuts *s, const NutsPoint *z)
{
    double kinetic = 0.0;
    for (int i = 0; i < s->dim; i++)
        kinetic += s->inv_metric[i] * z->p[i] * z->p[i];
    double h = -z->lp + 0.5 * kinetic;
    return isnan(h) ? INFINITY : h;
}

/* p ~ N(0, M) with M the inverse of inv_metric. */
static void draw_momentum(Nuts *s, NutsPoint *z)
{
    for (int i = 0; i < s->dim; i++)
        z->p[i] = rt_rng_normal(s->rng) / sqrt(s->inv_metric[i]);
}

/* One leapfrog step of size eps (negative: backwards in time). */
static void leapfrog(Nuts *s, NutsPoint *z, double eps)
{
    int n = s->dim;
    for (int i = 0; i < n; i++)
        z->p[i] += 0.5 * eps * z->grad[i];
    for (int i = 0; i < n; i++)
        z->q[i] += eps * s->inv_metric[i] * z->p[i];
    evaluate(s, z);
    for (int i = 0; i < n; i++)
        z->p[i] += 0.5 * eps * z->grad[i];
}

/* ---------------------------------------------------------- the tree */

/* Extend the trajectory from s->z by 2^depth leapfrog steps in direction
 * sign.  On return s->z is the new end; propose holds the subtree's
 * multinomial draw; rho has the subtree's momenta added; p_beg/p_end (and
 * their sharp forms) are the momenta at the subtree's first and last
 * state; log_sum_weight has the subtree's weights (exp(H0 - H)) added.
 * Returns false when the subtree diverged or U-turned: it is then
 * discarded whole. */
static bool build_tree(Nuts *s, int depth, double sign, NutsPoint *propose,
                       double *rho, double *p_beg, double *p_sharp_beg,
                       double *p_end, double *p_sharp_end,
                       double *log_sum_weight)
{
    if (depth == 0) {
        leapfrog(s, &s->z, sign * s->stepsize);
        s->n_leapfrog++;
        double h = hamiltonian(s, &s->z);
        if (h - s->H0 > NUTS_MAX_DELTA_H)
            s->divergent = true;
        *log_sum_weight = log_sum_exp(*log_sum_weight, s->H0 - h);
        s->sum_metro_prob += s->H0 - h > 0 ? 1.0 : exp(s->H0 - h);
        copy_point(s, propose, &s->z);
        for (int i = 0; i < s->dim; i++)
            rho[i] += s->z.p[i];
        copy_vector(s, p_beg, s->z.p);
        copy_vector(s, p_end, s->z.p);
        sharp(s, p_beg, p_sharp_beg);
        copy_vector(s, p_sharp_end, p_sharp_beg);
        return !s->divergent;
    }

    NutsLevel *lv = &s->levels[depth];

    /* the first half */
    double log_sum_weight_init = -INFINITY;
    zero_vector(s, lv->rho_init);
    if (!build_tree(s, depth - 1, sign, propose, lv->rho_init, p_beg,
                    p_sharp_beg, lv->p_init_end, lv->p_sharp_init_end,
                    &log_sum_weight_init))
        return false;

    /* the second half, continuing from where the first ended */
    double log_sum_weight_final = -INFINITY;
    zero_vector(s, lv->rho_final);
    if (!build_tree(s, depth - 1, sign, &lv->propose_final, lv->rho_final,
                    lv->p_final_beg, lv->p_sharp_final_beg, p_end,
                    p_sharp_end, &log_sum_weight_final))
        return false;

    /* Uniform progressive sampling: the second half's proposal replaces
     * the first's with probability w_final / (w_init + w_final). */
    double log_sum_weight_subtree =
        log_sum_exp(log_sum_weight_init, log_sum_weight_final);
    *log_sum_weight = log_sum_exp(*log_sum_weight, log_sum_weight_subtree);
    if (log_sum_weight_final > log_sum_weight_subtree
        || rt_rng_uniform(s->rng)
               < exp(log_sum_weight_final - log_sum_weight_subtree))
        copy_point(s, propose, &lv->propose_final);

    for (int i = 0; i < s->dim; i++)
        rho[i] += lv->rho_init[i] + lv->rho_final[i];

    /* The criterion over the merged subtree, then over each half extended
     * by the neighbouring state of the other half. */
    return no_u_turn(s, p_sharp_beg, p_sharp_end, lv->rho_init,
                     lv->rho_final)
           && no_u_turn(s, p_sharp_beg, lv->p_sharp_final_beg, lv->rho_init,
                        lv->p_final_beg)
           && no_u_turn(s, lv->p_sharp_init_end, p_sharp_end, lv->rho_final,
                        lv->p_init_end);
}

/* One NUTS transition from s->z_sample, which it replaces. */
static void transition(Nuts *s, RtNutsDraw *draw)
{
    s->stepsize = s->nominal_stepsize;
    if (s->jitter > 0)
        s->stepsize *= 1.0 + s->jitter * (2.0 * rt_rng_uniform(s->rng) - 1.0);

    copy_point(s, &s->z, &s->z_sample);
    draw_momentum(s, &s->z);
    copy_point(s, &s->z_sample, &s->z);
    copy_point(s, &s->z_fwd, &s->z);
    copy_point(s, &s->z_bck, &s->z);
    copy_vector(s, s->p_fwd_fwd, s->z.p);
    sharp(s, s->z.p, s->p_sharp_fwd_fwd);
    copy_vector(s, s->p_fwd_bck, s->z.p);
    copy_vector(s, s->p_sharp_fwd_bck, s->p_sharp_fwd_fwd);
    copy_vector(s, s->p_bck_fwd, s->z.p);
    copy_vector(s, s->p_sharp_bck_fwd, s->p_sharp_fwd_fwd);
    copy_vector(s, s->p_bck_bck, s->z.p);
    copy_vector(s, s->p_sharp_bck_bck, s->p_sharp_fwd_fwd);
    copy_vector(s, s->rho, s->z.p);

    s->H0 = hamiltonian(s, &s->z);
    double log_sum_weight = 0.0;         /* log exp(H0 - H0) */
    s->n_leapfrog = 0;
    s->sum_metro_prob = 0.0;
    s->divergent = false;
    int depth = 0;

    while (depth < s->max_depth) {
        double log_sum_weight_subtree = -INFINITY;
        bool valid;
        if (rt_rng_uniform(s->rng) > 0.5) {
            /* forwards: the old trajectory becomes the backward subtree */
            copy_point(s, &s->z, &s->z_fwd);
            copy_vector(s, s->rho_bck, s->rho);
            zero_vector(s, s->rho_fwd);
            copy_vector(s, s->p_bck_fwd, s->p_fwd_fwd);
            copy_vector(s, s->p_sharp_bck_fwd, s->p_sharp_fwd_fwd);
            valid = build_tree(s, depth, 1.0, &s->z_propose, s->rho_fwd,
                               s->p_fwd_bck, s->p_sharp_fwd_bck, s->p_fwd_fwd,
                               s->p_sharp_fwd_fwd, &log_sum_weight_subtree);
            copy_point(s, &s->z_fwd, &s->z);
        } else {
            /* backwards: the old trajectory becomes the forward subtree */
            copy_point(s, &s->z, &s->z_bck);
            copy_vector(s, s->rho_fwd, s->rho);
            zero_vector(s, s->rho_bck);
            copy_vector(s, s->p_fwd_bck, s->p_bck_bck);
            copy_vector(s, s->p_sharp_fwd_bck, s->p_sharp_bck_bck);
            valid = build_tree(s, depth, -1.0, &s->z_propose, s->rho_bck,
                               s->p_bck_fwd, s->p_sharp_bck_fwd, s->p_bck_bck,
                               s->p_sharp_bck_bck, &log_sum_weight_subtree);
            copy_point(s, &s->z_bck, &s->z);
        }
        if (!valid)
            break;
        depth++;

        /* Biased progressive sampling: move to the new subtree's proposal
         * with probability min(1, w_new / w_old). */
        if (log_sum_weight_subtree > log_sum_weight
            || rt_rng_uniform(s->rng)
                   < exp(log_sum_weight_subtree - log_sum_weight))
            copy_point(s, &s->z_sample, &s->z_propose);
        log_sum_weight = log_sum_exp(log_sum_weight, log_sum_weight_subtree);

        for (int i = 0; i < s->dim; i++)
            s->rho[i] = s->rho_bck[i] + s->rho_fwd[i];
        bool go_on =
            no_u_turn(s, s->p_sharp_bck_bck, s->p_sharp_fwd_fwd, s->rho, NULL)
            && no_u_turn(s, s->p_sharp_bck_bck, s->p_sharp_fwd_bck,
                         s->rho_bck, s->p_fwd_bck)
            && no_u_turn(s, s->p_sharp_bck_fwd, s->p_sharp_fwd_fwd,
                         s->rho_fwd, s->p_bck_fwd);
        if (!go_on)
            break;
    }

    draw->lp = s->z_sample.lp;
    /* the mean acceptance over every state built, rejected subtrees too */
    draw->accept_stat = s->sum_metro_prob / (double)s->n_leapfrog;
    draw->stepsize = s->stepsize;
    draw->treedepth = depth;
    draw->n_leapfrog = s->n_leapfrog;
    draw->divergent = s->divergent;
    draw->energy = hamiltonian(s, &s->z_sample);
}

/* ---------------------------------------------------------- adaptation */

/* H0 - H after one leapfrog step of the nominal size from the chain's
 * state with fresh momentum. */
static double stepsize_trial(Nuts *s)
{
    copy_point(s, &s->z, &s->z_sample);
    draw_momentum(s, &s->z);
    double h0 = hamiltonian(s, &s->z);
    leapfrog(s, &s->z, s->nominal_stepsize);
    return h0 - hamiltonian(s, &s->z);
}

/* The run's error after a fatal one in phase `when`: Stan's
 * "Unrecoverable error" wording, the model's message, marked fatal. */
static int stopped_error(const Nuts *s, const char *when, RtError *err)
{
    return rt_fatal(err, "Unrecoverable error evaluating the log probability"
                         " %s.\n%s", when, s->stop.msg);
}

/* Stan's step size heuristic: double (or halve) the nominal step size
 * until the one-step acceptance probability crosses 0.8. */
static int init_stepsize(Nuts *s, RtError *err)
{
    double eps = s->nominal_stepsize;
    if (eps == 0 || eps > 1e7 || isnan(eps))
        return 0;
    const double log_target = log(0.8);
    int direction = stepsize_trial(s) > log_target ? 1 : -1;
    for (;;) {
        double delta_h = stepsize_trial(s);
        if (s->stopped)
            return stopped_error(s, "while initializing the step size", err);
        if (direction == 1 && !(delta_h > log_target))
            break;
        if (direction == -1 && !(delta_h < log_target))
            break;
        s->nominal_stepsize *= direction == 1 ? 2.0 : 0.5;
        if (s->nominal_stepsize > 1e7)
            return rt_error(err, "Exception initializing step size.\n"
                                 "Posterior is improper. "
                                 "Please check your model.");
        if (s->nominal_stepsize == 0)
            return rt_error(err, "Exception initializing step size.\n"
                                 "No acceptably small step size could be "
                                 "found. Perhaps the posterior is not "
                                 "continuous?");
    }
    return 0;
}

static void dual_averaging_restart(NutsDualAveraging *da)
{
    da->counter = 0;
    da->s_bar = 0.0;
    da->x_bar = 0.0;
}

/* One update from an iteration's acceptance statistic; returns the step
 * size to use next. */
static double dual_averaging_learn(NutsDualAveraging *da, double accept)
{
    da->counter++;
    if (accept > 1)
        accept = 1;
    double n = (double)da->counter;
    double eta = 1.0 / (n + da->t0);
    da->s_bar = (1.0 - eta) * da->s_bar + eta * (da->delta - accept);
    double x = da->mu - da->s_bar * sqrt(n) / da->gamma;
    double x_eta = pow(n, -da->kappa);
    da->x_bar = (1.0 - x_eta) * da->x_bar + x_eta * x;
    return exp(x);
}

static void info(const Nuts *s, const char *line)
{
    if (s->progress)
        fprintf(s->progress, "%s\n", line);
}

/* Lay out the windows as Stan does, shrinking the three stages to
 * 15%/75%/10% when they do not fit and disabling variance adaptation
 * below 20 warm-up iterations. */
static void windows_init(Nuts *s, long num_warmup, long init_buffer,
                         long term_buffer, long base_window)
{
    NutsWindows *w = &s->windows;
    w->enabled = false;
    if (num_warmup < 20) {
        info(s, "WARNING: No variance estimation is");
        info(s, "         performed for num_warmup < 20");
        info(s, "");
        return;
    }
    if (init_buffer + base_window + term_buffer > num_warmup) {
        init_buffer = (long)(0.15 * (double)num_warmup);
        term_buffer = (long)(0.1 * (double)num_warmup);
        base_window = num_warmup - (init_buffer + term_buffer);
        if (s->progress)
            fprintf(s->progress,
                    "WARNING: There aren't enough warmup iterations to fit"
                    " the\n         three stages of adaptation as currently"
                    " configured.\n         Reducing each adaptation stage"
                    " to 15%%/75%%/10%% of\n         the given number of"
                    " warmup iterations:\n           init_buffer = %ld\n"
                    "           adapt_window = %ld\n"
                    "           term_buffer = %ld\n\n",
                    init_buffer, base_window, term_buffer);
    }
    w->enabled = true;
    w->num_warmup = num_warmup;
    w->init_buffer = init_buffer;
    w->term_buffer = term_buffer;
    w->base_window = base_window;
    w->counter = 0;
    w->window_size = base_window;
    w->next_window = init_buffer + base_window - 1;
    w->n = 0;
}

/* After a window closes: double the next one, and stretch it to the term
 * buffer when the one after would not fit. */
static void windows_next(NutsWindows *w)
{
    long last = w->num_warmup - w->term_buffer - 1;
    if (w->next_window == last)
        return;
    w->window_size *= 2;
    w->next_window = w->counter + w->window_size;
    long next_after = w->next_window + 2 * w->window_size;
    if (w->next_window != last && next_after > last)
        w->next_window = last;
}

/* Feed the chain's state of one warm-up iteration to the variance
 * windows; returns true when a window closed and the metric changed. */
static bool windows_learn(Nuts *s, const double *q)
{
    NutsWindows *w = &s->windows;
    if (!w->enabled)
        return false;
    bool in_window = w->counter >= w->init_buffer
                     && w->counter < w->num_warmup - w->term_buffer;
    if (in_window) {
        w->n++;
        for (int i = 0; i < s->dim; i++) {
            double d = q[i] - w->mean[i];
            w->mean[i] += d / (double)w->n;
            w->m2[i] += (q[i] - w->mean[i]) * d;
        }
    }
    bool closes = w->counter == w->next_window;
    if (closes) {
        windows_next(w);
        /* Shrink the window's variance towards 1e-3 (Stan's
         * regularization); with fewer than two draws keep the metric. */
        double n = (double)w->n;
        for (int i = 0; i < s->dim; i++) {
            double var = w->n > 1 ? w->m2[i] / (n - 1.0) : s->inv_metric[i];
            s->inv_metric[i] =
                (n / (n + 5.0)) * var + 1e-3 * (5.0 / (n + 5.0));
            w->mean[i] = 0.0;
            w->m2[i] = 0.0;
        }
        w->n = 0;
    }
    w->counter++;
    return closes;
}

/* ------------------------------------------------------------ the run */

static int check_config(const RtNutsConfig *c, int dim, RtError *err)
{
    if (dim <= 0)
        return rt_error(err, "NUTS needs at least one parameter, found %d",
                        dim);
    if (c->num_warmup < 0 || c->num_samples < 0)
        return rt_error(err, "num_warmup and num_samples must be >= 0");
    if (c->thin < 1)
        return rt_error(err, "thin must be >= 1, found %d", c->thin);
    if (c->max_depth < 1)
        return rt_error(err, "max_depth must be >= 1, found %d",
                        c->max_depth);
    if (!(c->stepsize > 0) || !isfinite(c->stepsize))
        return rt_error(err, "stepsize must be positive, found %g",
                        c->stepsize);
    if (!(c->stepsize_jitter >= 0 && c->stepsize_jitter <= 1))
        return rt_error(err, "stepsize_jitter must be in [0, 1], found %g",
                        c->stepsize_jitter);
    if (c->adapt_engaged) {
        if (!(c->delta > 0 && c->delta < 1))
            return rt_error(err, "adapt delta must be in (0, 1), found %g",
                            c->delta);
        if (!(c->gamma > 0 && c->kappa > 0 && c->t0 > 0))
            return rt_error(err, "adapt gamma, kappa and t0 must be positive");
        if (c->init_buffer < 0 || c->term_buffer < 0 || c->window < 1)
            return rt_error(err, "adapt init_buffer and term_buffer must be"
                                 " >= 0 and window >= 1");
    }
    return 0;
}

/* Carve the vectors out of one block; NULL-safe to free. */
static int nuts_alloc(Nuts *s, RtError *err)
{
    size_t n = (size_t)s->dim;
    size_t per_level = 9;
    size_t count = n * (5 * 3 + 8 + 3 + 3 + per_level * (size_t)s->max_depth);
    s->block = calloc(count, sizeof(double));
    s->levels = calloc((size_t)s->max_depth, sizeof(NutsLevel));
    if (!s->block || !s->levels)
        return rt_error(err, "out of memory for the NUTS sampler");
    double *next = s->block;
#define TAKE() (next += n, next - n)
    NutsPoint *points[] = {&s->z, &s->z_fwd, &s->z_bck, &s->z_sample,
                           &s->z_propose};
    for (size_t k = 0; k < sizeof points / sizeof points[0]; k++) {
        points[k]->q = TAKE();
        points[k]->p = TAKE();
        points[k]->grad = TAKE();
    }
    s->p_fwd_fwd = TAKE();
    s->p_sharp_fwd_fwd = TAKE();
    s->p_fwd_bck = TAKE();
    s->p_sharp_fwd_bck = TAKE();
    s->p_bck_fwd = TAKE();
    s->p_sharp_bck_fwd = TAKE();
    s->p_bck_bck = TAKE();
    s->p_sharp_bck_bck = TAKE();
    s->rho = TAKE();
    s->rho_fwd = TAKE();
    s->rho_bck = TAKE();
    s->inv_metric = TAKE();
    s->windows.mean = TAKE();
    s->windows.m2 = TAKE();
    for (int d = 0; d < s->max_depth; d++) {
        NutsLevel *lv = &s->levels[d];
        lv->propose_final.q = TAKE();
        lv->propose_final.p = TAKE();
        lv->propose_final.grad = TAKE();
        lv->rho_init = TAKE();
        lv->rho_final = TAKE();
        lv->p_init_end = TAKE();
        lv->p_sharp_init_end = TAKE();
        lv->p_final_beg = TAKE();
        lv->p_sharp_final_beg = TAKE();
    }
#undef TAKE
    return 0;
}

/* The chain's first state: the target must be finite there, with a finite
 * gradient (Stan's "Rejecting initial value" checks). */
static int nuts_start(Nuts *s, const double *u0, RtError *err)
{
    NutsPoint *z = &s->z_sample;
    RtError why = {.msg = ""};
    copy_vector(s, z->q, u0);
    s->gradient_evals++;
    int rc = s->f(s->fctx, z->q, &z->lp, z->grad, &why);
    if (rc != 0 && why.fatal)
        return rt_fatal(err, "Unrecoverable error evaluating the log"
                             " probability at the initial value.\n%s",
                        why.msg);
    if (rc != 0)
        return rt_error(err, "Rejecting initial value:\n"
                             "  Error evaluating the log probability at the"
                             " initial value.\n%s", why.msg);
    if (!isfinite(z->lp))
        return rt_error(err, "Rejecting initial value:\n"
                             "  Log probability evaluates to log(0), i.e."
                             " negative infinity.\n"
                             "  Stan can't start sampling from this initial"
                             " value.");
    for (int i = 0; i < s->dim; i++)
        if (!isfinite(z->grad[i]))
            return rt_error(err, "Rejecting initial value:\n"
                                 "  Gradient evaluated at the initial value"
                                 " is not finite.\n"
                                 "  Stan can't start sampling from this"
                                 " initial value.");
    zero_vector(s, z->p);
    return 0;
}

/* CmdStan's progress line, printed before iteration `iteration` (0-based
 * within its phase) at the first, every refresh-th and the last. */
static void progress_line(FILE *out, int refresh, int iteration, int start,
                          int finish, bool warmup)
{
    if (!out || refresh <= 0)
        return;
    if (!(iteration == 0 || start + iteration + 1 == finish
          || (iteration + 1) % refresh == 0))
        return;
    int width = (int)ceil(log10((double)finish));
    fprintf(out, "Iteration: %*d / %d [%3d%%]  (%s)\n", width,
            start + iteration + 1, finish,
            (int)(100.0 * (double)(start + iteration + 1) / (double)finish),
            warmup ? "Warmup" : "Sampling");
}

RtNutsConfig rt_nuts_defaults(void)
{
    RtNutsConfig c = {
        .num_warmup = 1000, .num_samples = 1000, .thin = 1,
        .save_warmup = false, .max_depth = 10, .stepsize = 1.0,
        .stepsize_jitter = 0.0, .adapt_engaged = true, .delta = 0.8,
        .gamma = 0.05, .kappa = 0.75, .t0 = 10.0, .init_buffer = 75,
        .term_buffer = 50, .window = 25, .refresh = 100, .progress = stdout,
    };
    return c;
}

/* Run one phase (warm-up or sampling) of `count` iterations; returns
 * non-zero when the draw callback stops the run, adaptation fails or the
 * target meets a fatal error (err is then marked fatal). */
static int run_phase(Nuts *s, const RtNutsConfig *cfg, bool warmup,
                     bool adapting, RtDrawFn on_draw, void *draw_ctx,
                     RtNutsResult *result, RtError *err)
{
    int count = warmup ? cfg->num_warmup : cfg->num_samples;
    int start = warmup ? 0 : cfg->num_warmup;
    int finish = cfg->num_warmup + cfg->num_samples;
    bool save = warmup ? cfg->save_warmup : true;
    for (int m = 0; m < count; m++) {
        progress_line(cfg->progress, cfg->refresh, m, start, finish, warmup);
        RtNutsDraw draw;
        transition(s, &draw);
        if (s->stopped) {
            char when[64];
            snprintf(when, sizeof when, "during %s (iteration %d)",
                     warmup ? "warm-up" : "sampling", start + m + 1);
            return stopped_error(s, when, err);
        }
        draw.warmup = warmup;
        if (!warmup && draw.divergent)
            result->divergences++;
        if (adapting) {
            s->nominal_stepsize =
                dual_averaging_learn(&s->da, draw.accept_stat);
            if (windows_learn(s, s->z_sample.q)) {
                if (init_stepsize(s, err) != 0)
                    return -1;
                s->da.mu = log(10.0 * s->nominal_stepsize);
                dual_averaging_restart(&s->da);
            }
        }
        if (save && m % cfg->thin == 0 && on_draw
            && on_draw(draw_ctx, &draw, s->z_sample.q) != 0)
            return rt_error(err, "sampling stopped by the draw callback at"
                                 " iteration %d", start + m + 1);
    }
    return 0;
}

/* Beyond the header's contract: on_adapted receives draw_ctx, and is
 * called only when adaptation ran (adapt_engaged and num_warmup > 0), as
 * CmdStan writes "Adaptation terminated" only then.  A draw callback that
 * stops the run makes it return non-zero with err saying so; the reason
 * is the callback's to keep. */
int rt_nuts_run(RtLogpGrad f, void *fctx, int dim, const double *u0,
                const RtNutsConfig *cfg, RtRng *rng, RtDrawFn on_draw,
                void *draw_ctx,
                void (*on_adapted)(void *ctx, double stepsize,
                                   const double *inv_metric, int dim),
                RtNutsResult *result, RtError *err)
{
    memset(result, 0, sizeof *result);
    if (check_config(cfg, dim, err) != 0)
        return -1;

    Nuts s = {
        .f = f, .fctx = fctx, .dim = dim, .rng = rng,
        .progress = cfg->progress, .max_depth = cfg->max_depth,
        .nominal_stepsize = cfg->stepsize, .jitter = cfg->stepsize_jitter,
    };
    int rc = nuts_alloc(&s, err);
    result->inv_metric = malloc((size_t)dim * sizeof(double));
    if (rc == 0 && !result->inv_metric)
        rc = rt_error(err, "out of memory for the NUTS sampler");
    if (rc == 0) {
        for (int i = 0; i < dim; i++)
            s.inv_metric[i] = 1.0;
        rc = nuts_start(&s, u0, err);
    }

    /* Adaptation needs warm-up iterations; without them the run samples
     * with the given step size and unit metric, as with engaged=0. */
    bool adapting = rc == 0 && cfg->adapt_engaged && cfg->num_warmup > 0;
    if (adapting) {
        s.da = (NutsDualAveraging){
            .mu = log(10.0 * cfg->stepsize), .delta = cfg->delta,
            .gamma = cfg->gamma, .kappa = cfg->kappa, .t0 = cfg->t0,
        };
        dual_averaging_restart(&s.da);
        windows_init(&s, cfg->num_warmup, cfg->init_buffer,
                     cfg->term_buffer, cfg->window);
        rc = init_stepsize(&s, err);
    }

    struct timespec clock_start;
    clock_gettime(CLOCK_MONOTONIC, &clock_start);
    if (rc == 0)
        rc = run_phase(&s, cfg, true, adapting, on_draw, draw_ctx, result,
                       err);
    result->warmup_seconds = seconds_since(&clock_start);
    if (rc == 0 && adapting) {
        /* the averaged step size, not the last iterate */
        s.nominal_stepsize = exp(s.da.x_bar);
        if (on_adapted)
            on_adapted(draw_ctx, s.nominal_stepsize, s.inv_metric, dim);
    }

    clock_gettime(CLOCK_MONOTONIC, &clock_start);
    if (rc == 0)
        rc = run_phase(&s, cfg, false, false, on_draw, draw_ctx, result,
                       err);
    result->sampling_seconds = seconds_since(&clock_start);

    result->stepsize = s.nominal_stepsize;
    result->total_leapfrog = s.gradient_evals;
    if (result->inv_metric && s.inv_metric)
        memcpy(result->inv_metric, s.inv_metric, (size_t)dim * sizeof(double));
    free(s.block);
    free(s.levels);
    return rc;
}

void rt_nuts_result_free(RtNutsResult *r)
{
    if (!r)
        return;
    free(r->inv_metric);
    r->inv_metric = NULL;
}
