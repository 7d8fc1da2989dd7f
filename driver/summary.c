/* summary.c - `pplbench summary`: the posterior summary of one or more
 * Stan CSV files (one chain each), printed as CmdStan's stansummary prints
 * it.
 *
 * Layout: the current one, from the stansummary chapter of the CmdStan
 * guide (CmdStan 2.36 and later): columns Mean MCSE StdDev MAD 5% 50% 95%
 * ESS_bulk ESS_tail ESS_bulk/s R_hat (older releases printed N_Eff, N_Eff/s
 * and no MAD).  The header names the model, the chains and the draws, and
 * the timing of warm-up and sampling; lp__ and the sampler's columns come
 * first, then a blank line and the model's columns (array elements in
 * row-major order, as stansummary prints them).  Each column is printed
 * fixed or, when a fixed number would need 6 or more characters, in
 * scientific notation, decided separately for the sampler's rows and the
 * model's, with --sig-figs significant figures (default 2).  Two lines are
 * pplbench's own: "Input files: ..." after the header, and the divergence
 * count at the end, worded as CmdStan's `diagnose` words it (stansummary
 * itself has no such line).
 *
 * Estimators: Vehtari, Gelman, Simpson, Carpenter and Bürkner (2021),
 * "Rank-normalization, folding, and localization: an improved R-hat for
 * assessing convergence of MCMC", Bayesian Analysis 16(2):667-718.
 *   - Chains are split in halves; with an odd number of draws the last one
 *     is left out of the split chains (as stansummary does).
 *   - R_hat = max(bulk, tail): bulk is the classic split R-hat of the
 *     rank-normalized split chains, tail that of the rank-normalized folded
 *     split chains |x - median|.
 *   - Rank normalization: z = Phi^-1((r - 3/8) / (S + 1/4)) with average
 *     ranks r of the S pooled split draws.
 *   - ESS (section 3.2): autocorrelations combined over chains, summed with
 *     Geyer's initial monotone sequence; the even autocorrelation after the
 *     last positive pair is added when positive; ESS <= S log10 S.
 *     Autocovariances come from an FFT.
 *   - ESS_bulk: ESS of the rank-normalized split chains; ESS_tail: the
 *     smaller ESS of the indicators I(x <= q05) and I(x >= q95) on the split
 *     chains.
 *   - MCSE of the mean: sqrt(var / ESS) with the ESS of the draws as they
 *     are (neither split nor rank-normalized), as stansummary computes it.
 *   - Mean, StdDev (n - 1), MAD (1.4826 median |x - median|) and the
 *     quantiles (Hyndman and Fan's type 7, R's default, as stansummary) are
 *     taken over all draws of all chains.
 *   - R_hat, ESS and MCSE are nan when a draw is not finite or a (split)
 *     chain is constant, as stansummary prints them for stepsize__ after
 *     warm-up; ESS needs 4 draws per split chain.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend.h"
#include "summary.h"

enum { NQUANTILES = 3, DEFAULT_SIG_FIGS = 2, MAX_SIG_FIGS = 18 };

static const double quantile_probs[NQUANTILES] = {0.05, 0.5, 0.95};

/* The printed columns, in order. */
typedef enum SumColumn {
    SC_MEAN, SC_MCSE, SC_SD, SC_MAD, SC_Q5, SC_Q50, SC_Q95,
    SC_ESS_BULK, SC_ESS_TAIL, SC_ESS_PER_S, SC_RHAT, SC_COUNT
} SumColumn;

static const char *const column_titles[SC_COUNT] = {
    "Mean", "MCSE", "StdDev", "MAD", "5%", "50%", "95%",
    "ESS_bulk", "ESS_tail", "ESS_bulk/s", "R_hat"
};

/* One column's summary. */
typedef struct SumStats {
    double mean, mcse, sd, mad;
    double quantile[NQUANTILES];
    double ess_bulk, ess_tail, ess_per_second;
    double rhat;
} SumStats;

/* Scratch space for summarizing one column of m chains of n draws, sized
 * once for the largest and reused for every column, so memory stays flat
 * however many columns there are. */
typedef struct SumWork {
    double *sorted, *split, *normal, *folded, *indicator;
    struct RankItem *items;
    int fft_len;                /* the length cos_table is for, or 0 */
    double *re, *im, *cos_table, *sin_table;
    double *acov, *rho, *chain_mean;
} SumWork;

typedef struct RankItem {
    double value;
    int at;
} RankItem;

/* ------------------------------------------------------------ helpers */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    if (isnan(x) || isnan(y))
        return (isnan(x) != 0) - (isnan(y) != 0);   /* NaN last */
    return (x > y) - (x < y);
}

/* Sample quantile of a sorted array: Hyndman and Fan's type 7 (R's
 * default), h = (n - 1) p, interpolating between the neighbours of h. */
static double quantile_sorted(const double *s, int n, double p)
{
    if (n == 1)
        return s[0];
    if (p <= 0)
        return s[0];
    if (p >= 1)
        return s[n - 1];
    double h = (n - 1) * p;
    int lo = (int)floor(h);
    int hi = lo + 1 < n ? lo + 1 : lo;
    double f = h - lo;
    return (1 - f) * s[lo] + f * s[hi];
}

static bool all_finite(const double *x, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return false;
    return true;
}

/* Whether every draw is finite and no chain is constant: the estimators'
 * precondition (a constant chain has no within-chain variance). */
static bool finite_and_varies(const double *x, int chains, int n)
{
    if (!all_finite(x, chains * n))
        return false;
    for (int c = 0; c < chains; c++) {
        const double *chain = x + (size_t)c * n;
        bool varies = false;
        for (int i = 1; i < n && !varies; i++)
            varies = chain[i] != chain[0];
        if (!varies)
            return false;
    }
    return true;
}

/* Phi^-1(p), 0 < p < 1: the rational first guess of Abramowitz and Stegun
 * 26.2.23 (|error| < 4.5e-4), then two Halley steps on Phi(x) - p with
 * Phi(x) = erfc(-x / sqrt 2) / 2, which bring it to double precision
 * (relative error below 1e-15 for every p down to 1e-300). */
static double normal_quantile(double p)
{
    if (p > 0.5)
        return -normal_quantile(1 - p);     /* the lower tail is accurate */
    double t = sqrt(-2 * log(p));
    double x = -(t - (2.515517 + t * (0.802853 + t * 0.010328))
                     / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
    for (int i = 0; i < 2; i++) {
        double e = 0.5 * erfc(-x / M_SQRT2) - p;
        double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
        x -= u / (1 + x * u / 2);
    }
    return x;
}

/* ------------------------------------------- autocovariance by FFT */

/* In-place radix-2 FFT of (re, im), len a power of two; sign -1 is the
 * forward transform, +1 the inverse without the 1/len factor. */
static void fft(SumWork *w, int len, int sign)
{
    double *re = w->re, *im = w->im;
    if (w->fft_len != len) {
        for (int k = 0; k < len / 2; k++) {
            w->cos_table[k] = cos(2 * M_PI * k / len);
            w->sin_table[k] = sin(2 * M_PI * k / len);
        }
        w->fft_len = len;
    }
    for (int i = 1, j = 0; i < len; i++) {  /* bit-reversed order */
        int bit = len >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i]; re[i] = re[j]; re[j] = t;
            t = im[i]; im[i] = im[j]; im[j] = t;
        }
    }
    for (int size = 2; size <= len; size <<= 1) {
        int half = size / 2, step = len / size;
        for (int start = 0; start < len; start += size) {
            for (int k = 0; k < half; k++) {
                double wr = w->cos_table[k * step];
                double wi = sign * w->sin_table[k * step];
                int a = start + k, b = a + half;
                double tr = re[b] * wr - im[b] * wi;
                double ti = re[b] * wi + im[b] * wr;
                re[b] = re[a] - tr;
                im[b] = im[a] - ti;
                re[a] += tr;
                im[a] += ti;
            }
        }
    }
}

/* Add scale x acov_t to acc[t] for t < n, where acov_t =
 * (1/n) sum_i (x_i - mean)(x_{i+t} - mean) is the chain's autocovariance
 * at lag t.  Zero padding to twice the length keeps the circular
 * correlation of the FFT from wrapping around. */
static void add_autocovariance(SumWork *w, const double *x, int n,
                               double mean, double scale, double *acc)
{
    int len = 1;
    while (len < 2 * n)
        len <<= 1;
    for (int i = 0; i < len; i++) {
        w->re[i] = i < n ? x[i] - mean : 0;
        w->im[i] = 0;
    }
    fft(w, len, -1);
    for (int i = 0; i < len; i++) {
        w->re[i] = w->re[i] * w->re[i] + w->im[i] * w->im[i];
        w->im[i] = 0;
    }
    fft(w, len, +1);
    for (int t = 0; t < n; t++)
        acc[t] += scale * w->re[t] / len / n;
}

/* ----------------------------------------------------- the estimators */

/* Effective sample size of m chains of n draws each (chain c at
 * x + c n), section 3.2 of Vehtari et al. (2021).  NaN when there are
 * fewer than 4 draws per chain or no variance. */
static double ess_of_chains(SumWork *w, const double *x, int m, int n)
{
    if (n < 4)
        return NAN;
    double *acov = w->acov;             /* mean over chains, per lag */
    for (int t = 0; t < n; t++)
        acov[t] = 0;
    double within = 0;                  /* W: mean within-chain variance */
    for (int c = 0; c < m; c++) {
        const double *chain = x + (size_t)c * n;
        double mean = 0, ss = 0;
        for (int i = 0; i < n; i++)
            mean += chain[i];
        mean /= n;
        for (int i = 0; i < n; i++)
            ss += (chain[i] - mean) * (chain[i] - mean);
        w->chain_mean[c] = mean;
        within += ss / (n - 1) / m;
        add_autocovariance(w, chain, n, mean, 1.0 / m, acov);
    }
    /* var+ = (n - 1)/n W + B/n, where B/n is the variance of the chain
     * means. */
    double var_plus = within * (n - 1) / n;
    if (m > 1) {
        double grand = 0, between = 0;
        for (int c = 0; c < m; c++)
            grand += w->chain_mean[c];
        grand /= m;
        for (int c = 0; c < m; c++)
            between += (w->chain_mean[c] - grand) * (w->chain_mean[c] - grand);
        var_plus += between / (m - 1);
    }
    if (!(var_plus > 0) || !isfinite(var_plus))
        return NAN;

    /* rho_t = 1 - (W - mean_c acov_{c,t}) / var+, summed in
     * pairs rho_{2k} + rho_{2k+1} while the pairs stay positive (Geyer's
     * initial positive sequence), each pair capped by the one before it
     * (the initial monotone sequence). */
    double *rho = w->rho;               /* n + 3 entries */
    for (int t = 0; t < n + 3; t++)
        rho[t] = 0;
    rho[0] = 1;
    rho[1] = 1 - (within - acov[1]) / var_plus;
    double even = rho[0], odd = rho[1];
    int t = 1;
    while (t < n - 4 && even + odd > 0) {
        even = 1 - (within - acov[t + 1]) / var_plus;
        odd = 1 - (within - acov[t + 2]) / var_plus;
        if (even + odd >= 0) {
            rho[t + 1] = even;
            rho[t + 2] = odd;
        }
        if (rho[t + 1] + rho[t + 2] > rho[t - 1] + rho[t]) {
            rho[t + 1] = (rho[t - 1] + rho[t]) / 2;
            rho[t + 2] = rho[t + 1];
        }
        t += 2;
    }
    /* tau = -1 + 2 sum of the kept pairs, plus the even autocorrelation
     * that follows them when it is positive (the paper's refinement for
     * the truncation point); ESS is at most S log10 S. */
    int last = t;
    if (even > 0)
        rho[last + 1] = even;
    double sum = 0;
    for (int k = 0; k < last; k++)
        sum += rho[k];
    double draws = (double)m * n;
    double tau = -1 + 2 * sum + rho[last + 1];
    if (!(tau >= 1 / log10(draws)))
        tau = 1 / log10(draws);
    return draws / tau;
}

/* The classic potential scale reduction of m chains of n draws,
 * sqrt(var+ / W) with var+ = (n - 1)/n W + B/n. */
static double rhat_of_chains(SumWork *w, const double *x, int m, int n)
{
    double within = 0, grand = 0, between = 0;
    for (int c = 0; c < m; c++) {
        const double *chain = x + (size_t)c * n;
        double mean = 0, ss = 0;
        for (int i = 0; i < n; i++)
            mean += chain[i];
        mean /= n;
        for (int i = 0; i < n; i++)
            ss += (chain[i] - mean) * (chain[i] - mean);
        w->chain_mean[c] = mean;
        within += ss / (n - 1) / m;
        grand += mean / m;
    }
    for (int c = 0; c < m; c++)
        between += (w->chain_mean[c] - grand) * (w->chain_mean[c] - grand);
    double var_plus = within * (n - 1) / n + between / (m - 1);
    return sqrt(var_plus / within);
}

static int compare_rank_items(const void *a, const void *b)
{
    const RankItem *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return (x->at > y->at) - (x->at < y->at);
}

/* z_i = Phi^-1((r_i - 3/8) / (S + 1/4)), r_i the rank of x_i among all S
 * values, ties sharing their average rank. */
static void rank_normalize(SumWork *w, const double *x, int count, double *z)
{
    RankItem *items = w->items;
    for (int i = 0; i < count; i++)
        items[i] = (RankItem){x[i], i};
    qsort(items, (size_t)count, sizeof *items, compare_rank_items);
    for (int i = 0; i < count;) {
        int j = i + 1;
        while (j < count && items[j].value == items[i].value)
            j++;
        double rank = (i + 1 + j) / 2.0;    /* mean of ranks i+1 .. j */
        double p = (rank - 0.375) / (count + 0.25);
        double score = normal_quantile(p);
        for (int k = i; k < j; k++)
            z[items[k].at] = score;
        i = j;
    }
}

/* Quantile of count values, through the scratch array. */
static double quantile_of(SumWork *w, const double *x, int count, double p)
{
    memcpy(w->sorted, x, (size_t)count * sizeof *x);
    qsort(w->sorted, (size_t)count, sizeof *x, compare_doubles);
    return quantile_sorted(w->sorted, count, p);
}

/* Split diagnostics of m chains of n draws: R_hat, ESS_bulk, ESS_tail. */
static void split_diagnostics(SumWork *w, const double *x, int m, int n,
                              SumStats *s)
{
    s->rhat = s->ess_bulk = s->ess_tail = NAN;
    int half = n / 2, chains = 2 * m, count = chains * half;
    if (half < 2)
        return;
    double *split = w->split;
    for (int c = 0; c < m; c++) {
        const double *chain = x + (size_t)c * n;
        memcpy(split + (size_t)2 * c * half, chain,
               (size_t)half * sizeof *split);
        memcpy(split + (size_t)(2 * c + 1) * half, chain + half,
               (size_t)half * sizeof *split);
    }
    if (!finite_and_varies(split, chains, half))
        return;

    rank_normalize(w, split, count, w->normal);
    double rhat_bulk = rhat_of_chains(w, w->normal, chains, half);
    double median = quantile_of(w, split, count, 0.5);
    for (int i = 0; i < count; i++)
        w->folded[i] = fabs(split[i] - median);
    rank_normalize(w, w->folded, count, w->folded);
    double rhat_tail = rhat_of_chains(w, w->folded, chains, half);
    s->rhat = rhat_bulk > rhat_tail ? rhat_bulk : rhat_tail;
    if (isnan(rhat_bulk) || isnan(rhat_tail))
        s->rhat = NAN;

    s->ess_bulk = ess_of_chains(w, w->normal, chains, half);
    double q05 = quantile_of(w, split, count, 0.05);
    double q95 = quantile_of(w, split, count, 0.95);
    for (int i = 0; i < count; i++)
        w->indicator[i] = split[i] <= q05;
    double ess05 = ess_of_chains(w, w->indicator, chains, half);
    for (int i = 0; i < count; i++)
        w->indicator[i] = split[i] >= q95;
    double ess95 = ess_of_chains(w, w->indicator, chains, half);
    s->ess_tail = isnan(ess05) ? ess95
                : isnan(ess95) ? ess05
                : ess05 < ess95 ? ess05 : ess95;
}

/* Summarize m chains of n draws (chain c at x + c n); sampling_seconds is
 * the chains' total sampling time, or 0 when unknown. */
static void summarize_column(SumWork *w, const double *x, int m, int n,
                             double sampling_seconds, SumStats *s)
{
    /* Sums of the draws less the first keep a constant column's mean and
     * variance exact (stepsize__ would otherwise show an sd of 1e-14). */
    int count = m * n;
    double shift = isfinite(x[0]) ? x[0] : 0, sum = 0, ss = 0;
    for (int i = 0; i < count; i++)
        sum += x[i] - shift;
    double shifted_mean = sum / count;
    s->mean = shift + shifted_mean;
    for (int i = 0; i < count; i++)
        ss += (x[i] - shift - shifted_mean) * (x[i] - shift - shifted_mean);
    double var = ss / (count - 1);
    s->sd = sqrt(var);

    bool has_nan = false;
    for (int i = 0; i < count && !has_nan; i++)
        has_nan = isnan(x[i]);
    memcpy(w->sorted, x, (size_t)count * sizeof *x);
    qsort(w->sorted, (size_t)count, sizeof *x, compare_doubles);
    for (int q = 0; q < NQUANTILES; q++)
        s->quantile[q] = has_nan ? NAN
                       : quantile_sorted(w->sorted, count, quantile_probs[q]);
    s->mad = NAN;
    if (!has_nan) {
        double median = quantile_sorted(w->sorted, count, 0.5);
        for (int i = 0; i < count; i++)
            w->folded[i] = fabs(x[i] - median);
        s->mad = 1.4826 * quantile_of(w, w->folded, count, 0.5);
    }

    s->mcse = NAN;
    if (n >= 4 && finite_and_varies(x, m, n))
        s->mcse = sqrt(var / ess_of_chains(w, x, m, n));
    split_diagnostics(w, x, m, n, s);
    s->ess_per_second = sampling_seconds > 0 ? s->ess_bulk / sampling_seconds
                                             : NAN;
}

/* Scratch space for m chains of n draws, from the arena. */
static SumWork *work_new(Arena *a, int m, int n)
{
    SumWork *w = NEW(a, SumWork);
    size_t count = (size_t)m * n;
    w->sorted = arena_alloc(a, count * sizeof(double));
    w->split = arena_alloc(a, count * sizeof(double));
    w->normal = arena_alloc(a, count * sizeof(double));
    w->folded = arena_alloc(a, count * sizeof(double));
    w->indicator = arena_alloc(a, count * sizeof(double));
    w->items = arena_alloc(a, count * sizeof(RankItem));
    int len = 1;
    while (len < 2 * n)
        len <<= 1;
    w->re = arena_alloc(a, (size_t)len * sizeof(double));
    w->im = arena_alloc(a, (size_t)len * sizeof(double));
    w->cos_table = arena_alloc(a, (size_t)len / 2 * sizeof(double));
    w->sin_table = arena_alloc(a, (size_t)len / 2 * sizeof(double));
    w->acov = arena_alloc(a, (size_t)n * sizeof(double));
    w->rho = arena_alloc(a, ((size_t)n + 3) * sizeof(double));
    w->chain_mean = arena_alloc(a, (size_t)2 * m * sizeof(double));
    return w;
}

/* ----------------------------------------------------- Stan CSV files */

/* One Stan CSV file: one chain. */
typedef struct CsvRun {
    const char *path;
    const char *model, *algorithm, *engine;     /* NULL when absent */
    int num_samples, num_warmup, thin;          /* -1 when absent */
    int save_warmup;                            /* -1, 0 or 1 */
    bool has_warmup_time, has_sampling_time;
    double warmup_seconds, sampling_seconds;
    int ncols;
    char **names;
    int ndraws;                 /* draws after warm-up */
    double *draws;              /* ndraws x ncols, row by row */
} CsvRun;

__attribute__((format(printf, 4, 5)))
static int csv_error(FILE *err, const char *path, int line,
                     const char *fmt, ...)
{
    if (line > 0)
        fprintf(err, "pplbench summary: %s:%d: ", path, line);
    else
        fprintf(err, "pplbench summary: %s: ", path);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(err, fmt, ap);
    va_end(ap);
    fputc('\n', err);
    return SUMMARY_BAD_CSV;
}

/* The whole file, NUL-terminated, in the arena; NULL if unreadable. */
static char *read_file(Arena *a, const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    char *text = arena_strndup(a, buf, len);
    free(buf);
    *size = len;
    return text;
}

static char *skip_spaces(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static void trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
}

/* A whole-string integer, or -2 (never a valid setting). */
static int parse_int(const char *s)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno || v < 0 || v > 1000000000)
        return -2;
    return (int)v;
}

/* A configuration comment "#     num_warmup = 1000 (Default)": the first
 * occurrence of each setting the summary needs. */
static int read_setting(Arena *a, CsvRun *r, char *comment, int line,
                        FILE *err)
{
    char *key = skip_spaces(comment);
    char *eq = strstr(key, " = ");
    if (!eq)
        return 0;
    *eq = '\0';
    char *value = skip_spaces(eq + 3);
    trim_end(value);
    size_t n = strlen(value);
    if (name_has_suffix(value, "(Default)")) {
        value[n - 9] = '\0';
        trim_end(value);
    }
    struct { const char *key; int *slot; } ints[] = {
        {"num_samples", &r->num_samples}, {"num_warmup", &r->num_warmup},
        {"thin", &r->thin},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        if (strcmp(key, ints[i].key) != 0 || *ints[i].slot != -1)
            continue;
        *ints[i].slot = parse_int(value);
        if (*ints[i].slot < 0 || (ints[i].slot == &r->thin && r->thin == 0))
            return csv_error(err, r->path, line, "%s = '%s' is not a %s "
                             "integer", key, value,
                             ints[i].slot == &r->thin ? "positive"
                                                      : "non-negative");
    }
    if (strcmp(key, "save_warmup") == 0 && r->save_warmup == -1) {
        if (strcmp(value, "1") == 0 || strcmp(value, "true") == 0)
            r->save_warmup = 1;
        else if (strcmp(value, "0") == 0 || strcmp(value, "false") == 0)
            r->save_warmup = 0;
        else
            return csv_error(err, r->path, line, "save_warmup = '%s' is "
                             "none of 0, 1, false, true", value);
    }
    const char **names[] = {&r->model, &r->algorithm, &r->engine};
    const char *keys[] = {"model", "algorithm", "engine"};
    for (int i = 0; i < 3; i++)
        if (strcmp(key, keys[i]) == 0 && !*names[i])
            *names[i] = arena_strdup(a, value);
    return 0;
}

/* A timing comment "#  Elapsed Time: 0.01 seconds (Warm-up)" or
 * "#                0.02 seconds (Sampling)". */
static void read_timing(CsvRun *r, char *comment)
{
    char *s = skip_spaces(comment);
    if (strncmp(s, "Elapsed Time:", 13) == 0)
        s = skip_spaces(s + 13);
    char *end;
    double seconds = strtod(s, &end);
    if (end == s || !isfinite(seconds) || seconds < 0)
        return;
    if (strstr(end, "(Warm-up)")) {
        r->warmup_seconds = seconds;
        r->has_warmup_time = true;
    } else if (strstr(end, "(Sampling)")) {
        r->sampling_seconds = seconds;
        r->has_sampling_time = true;
    }
}

/* A Stan CSV column name as stansummary shows it: "m.2.3" (the element of
 * an array, vector or matrix) becomes "m[2,3]"; other names ("z.real", a
 * tuple's "x.1:2") stay as they are. */
static char *display_name(Arena *a, const char *name)
{
    const char *dot = strchr(name, '.');
    if (!dot || dot == name)
        return arena_strdup(a, name);
    for (const char *p = dot; *p; p++) {
        bool starts = *p == '.';
        if (starts ? !isdigit((unsigned char)p[1])
                   : !isdigit((unsigned char)*p))
            return arena_strdup(a, name);
    }
    char *shown = arena_printf(a, "%s]", name);
    size_t base = (size_t)(dot - name);
    shown[base] = '[';
    for (char *p = shown + base + 1; *p; p++)
        if (*p == '.')
            *p = ',';
    return shown;
}

/* The column line: names separated by commas. */
static int read_names(Arena *a, CsvRun *r, char *text, int line, FILE *err)
{
    int n = 1;
    for (char *p = text; *p; p++)
        n += *p == ',';
    r->names = arena_alloc(a, (size_t)n * sizeof(char *));
    r->ncols = n;
    char *field = text;
    for (int j = 0; j < n; j++) {
        char *comma = strchr(field, ',');
        if (comma)
            *comma = '\0';
        field = skip_spaces(field);
        trim_end(field);
        if (!*field)
            return csv_error(err, r->path, line, "column %d of the header "
                             "has no name", j + 1);
        r->names[j] = display_name(a, field);
        field = comma + 1;
    }
    return 0;
}

/* One draw: ncols numbers separated by commas, into row. */
static int read_draw(CsvRun *r, char *text, int line, double *row,
                     FILE *err)
{
    int n = 1;
    for (char *p = text; *p; p++)
        n += *p == ',';
    if (n != r->ncols)
        return csv_error(err, r->path, line, "expected %d values, found %d",
                         r->ncols, n);
    char *field = text;
    for (int j = 0; j < n; j++) {
        char *comma = strchr(field, ',');
        if (comma)
            *comma = '\0';
        char *end;
        row[j] = strtod(field, &end);
        end = skip_spaces(end);
        if (end == field || *end) {
            char *shown = skip_spaces(field);
            trim_end(shown);
            return csv_error(err, r->path, line, "value %d (%s) is not a "
                             "number: '%s'", j + 1, r->names[j], shown);
        }
        field = comma + 1;
    }
    return 0;
}

static bool is_blank(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return *s == '\0';
}

/* Read one Stan CSV file: the configuration comments before the column
 * line, the column line, the draws (warm-up draws dropped when the header
 * says save_warmup), the timing comments after them. */
static int read_csv(Arena *a, const char *path, CsvRun *r, FILE *err)
{
    *r = (CsvRun){.path = path, .num_samples = -1, .num_warmup = -1,
                  .thin = -1, .save_warmup = -1};
    size_t size;
    char *text = read_file(a, path, &size);
    if (!text) {
        fprintf(err, "pplbench summary: cannot read '%s': %s\n", path,
                strerror(errno));
        return SUMMARY_USAGE;
    }
    if (strlen(text) != size)
        return csv_error(err, path, 0, "not a text file (it holds a NUL "
                         "byte)");

    /* The lines, split in place. */
    int nlines = 1;
    for (char *p = text; *p; p++)
        nlines += *p == '\n';
    char **lines = arena_alloc(a, (size_t)nlines * sizeof(char *));
    lines[0] = text;
    for (int i = 1; i < nlines; i++) {
        char *newline = strchr(lines[i - 1], '\n');
        *newline = '\0';
        lines[i] = newline + 1;
    }
    for (int i = 0; i < nlines; i++)
        trim_end(lines[i]);

    int header = -1, status, candidates = 0;
    for (int i = 0; i < nlines; i++) {
        char *s = skip_spaces(lines[i]);
        if (*s == '#') {
            if (header < 0 && (status = read_setting(a, r, s + 1, i + 1, err)))
                return status;
            if (header >= 0)
                read_timing(r, s + 1);
        } else if (!is_blank(s)) {
            if (header < 0)
                header = i;
            else
                candidates++;
        }
    }
    if (header < 0)
        return csv_error(err, path, 0, "no column header line (and no "
                         "draws)");
    if ((status = read_names(a, r, lines[header], header + 1, err)))
        return status;

    int thin = r->thin > 0 ? r->thin : 1, skip = 0;
    if (r->save_warmup == 1) {
        if (r->num_warmup < 0)
            return csv_error(err, path, 0, "save_warmup = 1 but the header "
                             "gives no num_warmup");
        skip = (r->num_warmup + thin - 1) / thin;
        if (candidates < skip)
            return csv_error(err, path, 0, "save_warmup = 1 with num_warmup "
                             "= %d and thin = %d means %d warm-up draws, "
                             "but the file has only %d draws", r->num_warmup,
                             thin, skip, candidates);
    }
    r->ndraws = candidates - skip;
    if (r->ndraws == 0)
        return csv_error(err, path, 0, "no draws after warm-up");
    r->draws = arena_alloc(a, (size_t)r->ndraws * r->ncols * sizeof(double));
    double *row = arena_alloc(a, (size_t)r->ncols * sizeof(double));
    int seen = 0;
    for (int i = header + 1; i < nlines; i++) {
        char *s = skip_spaces(lines[i]);
        if (*s == '#' || is_blank(s))
            continue;
        double *into = seen < skip ? row
                     : r->draws + (size_t)(seen - skip) * r->ncols;
        if ((status = read_draw(r, s, i + 1, into, err)))
            return status;
        seen++;
    }
    return 0;
}

/* ------------------------------------------------------------- layout */

/* The rule stansummary uses for significant figures: the number of
 * decimals showing sig_figs significant digits of v (all digits before the
 * point when there are at least sig_figs of them), and the width that
 * takes; nan takes 3. */
static int fixed_decimals(double v, int sig_figs, int *width)
{
    double size = fabs(v);
    int w, decimals;
    if (v == 0) {
        w = decimals = sig_figs;
    } else if (!isfinite(v)) {
        w = 3;
        decimals = 0;
    } else if (size >= 1) {
        int digits = (int)ceil(log10(size) + 1e-6);
        w = digits >= sig_figs ? digits : sig_figs + 1;
        decimals = digits >= sig_figs ? 0 : sig_figs - digits;
    } else {
        int zeros = (int)-floor(log10(size));   /* 0.0x: 2 */
        w = 1 + zeros + sig_figs;
        decimals = zeros + sig_figs - 1;
    }
    if (signbit(v) && !isnan(v))
        w++;
    if (width)
        *width = w;
    return decimals;
}

/* Text of one cell: fixed or scientific with sig_figs figures; "nan" for
 * any NaN (printf could print "-nan").  A number too long to show fixed
 * (an lp__ of 1e+40, which takes no part in the choice) goes scientific. */
static void format_cell(char *buf, size_t size, double v, int sig_figs,
                        bool scientific)
{
    int width;
    fixed_decimals(v, sig_figs, &width);
    if (width > 30)
        scientific = true;
    if (isnan(v))
        snprintf(buf, size, "nan");
    else if (isinf(v))
        snprintf(buf, size, v > 0 ? "inf" : "-inf");
    else if (scientific)
        snprintf(buf, size, "%.*e", sig_figs - 1, v);
    else
        snprintf(buf, size, "%.*f", fixed_decimals(v, sig_figs, NULL), v);
}

/* The rows of the table, in print order, and which of the two blocks
 * decide each row's format (stansummary decides fixed or scientific per
 * column once for the sampler's rows and once for the model's; lp__ is
 * printed in the model's format without taking part in the decision). */
typedef enum RowKind { ROW_LP, ROW_SAMPLER, ROW_MODEL } RowKind;

typedef struct SumRow {
    int col;                    /* column of the CSV */
    RowKind kind;
} SumRow;

static bool is_sampler_name(const char *name)
{
    return name_has_suffix(name, "__");
}

/* The indices of "name[1,2]" (up to max of them); the count, or -1 when the
 * name is not of that shape. */
static int parse_indices(const char *name, int *indices, int max)
{
    const char *bracket = strchr(name, '[');
    if (!bracket || bracket == name)
        return -1;
    const char *p = bracket + 1;
    int count = 0;
    for (;;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || count == max || v < 0 || v > 1000000000)
            return -1;
        indices[count++] = (int)v;
        if (*end == ']')
            return end[1] == '\0' ? count : -1;
        if (*end != ',')
            return -1;
        p = end + 1;
    }
}

enum { MAX_DIMS = 8 };

typedef struct Element {
    int col, ndims;
    int index[MAX_DIMS];
} Element;

static int compare_elements(const void *a, const void *b)
{
    const Element *x = a, *y = b;
    for (int d = 0; d < x->ndims; d++)
        if (x->index[d] != y->index[d])
            return x->index[d] < y->index[d] ? -1 : 1;
    return (x->col > y->col) - (x->col < y->col);
}

static size_t base_length(const char *name)
{
    const char *bracket = strchr(name, '[');
    return bracket ? (size_t)(bracket - name) : strlen(name);
}

/* Append the model's columns from..to-1 to rows: a run of elements of one
 * array (column-major in the CSV) goes in row-major order, as stansummary
 * prints containers; names it cannot read stay in file order. */
static int add_model_rows(Arena *a, char **names, int from, int to,
                          SumRow *rows, int nrows)
{
    Element *run = arena_alloc(a, (size_t)(to - from + 1) * sizeof *run);
    for (int i = from; i < to;) {
        int j = i, ndims = parse_indices(names[i], run[0].index, MAX_DIMS);
        size_t base = base_length(names[i]);
        bool sortable = ndims > 0;
        for (; j < to && base_length(names[j]) == base
               && strncmp(names[j], names[i], base) == 0; j++) {
            Element *e = &run[j - i];
            e->col = j;
            e->ndims = parse_indices(names[j], e->index, MAX_DIMS);
            sortable = sortable && e->ndims == ndims;
        }
        if (sortable)
            qsort(run, (size_t)(j - i), sizeof *run, compare_elements);
        for (int k = 0; k < j - i; k++)
            rows[nrows++] = (SumRow){sortable ? run[k].col : i + k,
                                     ROW_MODEL};
        i = j;
    }
    return nrows;
}

/* The whole table, laid out as stansummary lays it out. */
static void print_table(FILE *out, Arena *a, char **names, int ncols,
                        const SumStats *stats, int sig_figs)
{
    SumRow *rows = arena_alloc(a, (size_t)ncols * sizeof *rows);
    int nrows = 0, nsampler = 0;
    for (int j = 0; j < ncols; j++)
        if (strcmp(names[j], "lp__") == 0)
            rows[nrows++] = (SumRow){j, ROW_LP};
    for (int j = 0; j < ncols; j++)
        if (strcmp(names[j], "lp__") != 0 && is_sampler_name(names[j]))
            rows[nrows++] = (SumRow){j, ROW_SAMPLER};
    nsampler = nrows;
    for (int j = 0; j < ncols;) {               /* the model's columns */
        int k = j;
        while (k < ncols && !is_sampler_name(names[k]))
            k++;
        nrows = add_model_rows(a, names, j, k, rows, nrows);
        j = k + 1;
    }

    /* values[r][c], the decision per block, the texts, the widths */
    double (*values)[SC_COUNT] = arena_alloc(a, (size_t)nrows
                                                * sizeof *values);
    for (int r = 0; r < nrows; r++) {
        const SumStats *s = &stats[rows[r].col];
        double v[SC_COUNT] = {
            s->mean, s->mcse, s->sd, s->mad, s->quantile[0], s->quantile[1],
            s->quantile[2], s->ess_bulk, s->ess_tail, s->ess_per_second,
            s->rhat
        };
        memcpy(values[r], v, sizeof v);
    }
    bool scientific[2][SC_COUNT];       /* [0] sampler rows, [1] the rest */
    for (int c = 0; c < SC_COUNT; c++) {
        int widest[2] = {0, 0};
        for (int r = 0; r < nrows; r++) {
            if (rows[r].kind == ROW_LP)
                continue;
            int width, block = rows[r].kind == ROW_MODEL;
            fixed_decimals(values[r][c], sig_figs, &width);
            if (width > widest[block])
                widest[block] = width;
        }
        for (int b = 0; b < 2; b++)
            scientific[b][c] = widest[b] + 2 >= 8;
    }
    enum { CELL = 48 };
    char (*text)[SC_COUNT][CELL] = arena_alloc(a, (size_t)nrows
                                                  * sizeof *text);
    int width[SC_COUNT];
    for (int c = 0; c < SC_COUNT; c++) {
        width[c] = (int)strlen(column_titles[c]);
        for (int r = 0; r < nrows; r++) {
            bool sci = scientific[rows[r].kind != ROW_SAMPLER][c];
            format_cell(text[r][c], CELL, values[r][c], sig_figs, sci);
            int w = (int)strlen(text[r][c]);
            if (w > width[c])
                width[c] = w;
        }
        width[c] += 2;
    }
    int name_width = 0;
    for (int j = 0; j < ncols; j++)
        if ((int)strlen(names[j]) > name_width)
            name_width = (int)strlen(names[j]);
    name_width++;

    fprintf(out, "%*s", name_width, "");
    for (int c = 0; c < SC_COUNT; c++)
        fprintf(out, "%*s", width[c], column_titles[c]);
    fputs("\n\n", out);
    for (int r = 0; r < nrows; r++) {
        if (r == nsampler)
            fputc('\n', out);
        fprintf(out, "%-*s", name_width, names[rows[r].col]);
        for (int c = 0; c < SC_COUNT; c++)
            fprintf(out, "%*s", width[c], text[r][c]);
        fputc('\n', out);
    }
    if (nrows == nsampler)
        fputc('\n', out);
    fputc('\n', out);
}

/* Seconds with stansummary's two significant figures. */
static void print_seconds(FILE *out, double seconds)
{
    fprintf(out, "%.*f", fixed_decimals(seconds, 2, NULL), seconds);
}

/* "Warmup took (0.065, 0.078) seconds, 0.14 seconds total", or for one
 * chain "Warmup took 0.065 seconds"; a long total in minutes or hours. */
static void print_timing(FILE *out, const char *what, const CsvRun *runs,
                         int nruns, bool sampling)
{
    double total = 0;
    for (int i = 0; i < nruns; i++)
        total += sampling ? runs[i].sampling_seconds : runs[i].warmup_seconds;
    const char *unit = "seconds";
    if (total / 3600 > 1) {
        total /= 3600;
        unit = "hours";
    } else if (total / 60 > 1) {
        total /= 60;
        unit = "minutes";
    }
    fprintf(out, "%s took ", what);
    if (nruns > 1) {
        for (int i = 0; i < nruns; i++) {
            fputs(i ? ", " : "(", out);
            print_seconds(out, sampling ? runs[i].sampling_seconds
                                        : runs[i].warmup_seconds);
        }
        fputs(") seconds, ", out);
    }
    print_seconds(out, total);
    fprintf(out, " %s%s\n", unit, nruns > 1 ? " total" : "");
}

static void print_header(FILE *out, const CsvRun *runs, int nruns,
                         bool timed)
{
    const CsvRun *first = &runs[0];
    int thin = first->thin > 0 ? first->thin : 1;
    fprintf(out, "Inference for Stan model: %s\n",
            first->model ? first->model : "(unnamed)");
    fprintf(out, "%d chains: each with iter=%d; warmup=%d; thin=%d; "
            "%d iterations saved.\n", nruns,
            first->num_samples >= 0 ? first->num_samples
                                    : first->ndraws * thin,
            first->num_warmup >= 0 ? first->num_warmup : 0, thin,
            first->ndraws);
    fputs("Input files: ", out);
    for (int i = 0; i < nruns; i++)
        fprintf(out, "%s%s", i ? ", " : "", runs[i].path);
    fputs("\n\n", out);
    if (timed) {
        print_timing(out, "Warmup", runs, nruns, false);
        print_timing(out, "Sampling", runs, nruns, true);
        fputc('\n', out);
    }
}

static void print_footer(FILE *out, const CsvRun *first)
{
    if (first->algorithm && first->engine)
        fprintf(out, "Samples were drawn using %s with %s.\n",
                first->algorithm, first->engine);
    else if (first->algorithm)
        fprintf(out, "Samples were drawn using %s.\n", first->algorithm);
    fputs("For each parameter, ESS_bulk and ESS_tail measure the effective "
          "sample size for the entire sample (bulk)\n"
          "and for the .05 and .95 tails (tail), and R_hat measures the "
          "potential scale reduction on split chains.\n"
          "At convergence R_hat will be very close to 1.00.\n", out);
}

/* The divergence count, in the words of CmdStan's `diagnose`. */
static void print_divergences(FILE *out, const double *x, int count)
{
    int divergent = 0;
    for (int i = 0; i < count; i++)
        divergent += x[i] != 0 && !isnan(x[i]);
    fputc('\n', out);
    if (divergent == 0)
        fputs("No divergent transitions found.\n", out);
    else
        fprintf(out, "%d of %d (%.2f%%) transitions ended with a "
                "divergence.\n", divergent, count, 100.0 * divergent / count);
}

/* ------------------------------------------------------------- driver */

static const char summary_usage[] =
    "Usage: pplbench summary [--sig-figs=N] FILE.csv [FILE.csv ...]\n"
    "\n"
    "Summarizes the draws of one or more Stan CSV files (one chain each) as\n"
    "CmdStan's stansummary does: mean, Monte Carlo standard error, standard\n"
    "deviation, median absolute deviation, 5%, 50% and 95% quantiles, bulk\n"
    "and tail effective sample sizes and rank-normalized split R-hat.\n"
    "\n"
    "Options:\n"
    "  --sig-figs=N   significant figures, 1 to 18 (default 2)\n"
    "  --help         print this help\n";

/* Same columns and the same number of draws in every file. */
static int check_same_shape(const CsvRun *first, const CsvRun *r, FILE *err)
{
    if (r->ncols != first->ncols)
        return csv_error(err, r->path, 0, "%d columns, but %s has %d",
                         r->ncols, first->path, first->ncols);
    for (int j = 0; j < r->ncols; j++)
        if (strcmp(r->names[j], first->names[j]) != 0)
            return csv_error(err, r->path, 0, "column %d is '%s', but in %s "
                             "it is '%s'", j + 1, r->names[j], first->path,
                             first->names[j]);
    if (r->ndraws != first->ndraws)
        return csv_error(err, r->path, 0, "%d draws, but %s has %d; every "
                         "chain needs the same number", r->ndraws,
                         first->path, first->ndraws);
    return 0;
}

static int summarize(FILE *out, FILE *err, Arena *a, const char **paths,
                     int npaths, int sig_figs)
{
    CsvRun *runs = arena_alloc(a, (size_t)npaths * sizeof *runs);
    int status;
    for (int i = 0; i < npaths; i++) {
        if ((status = read_csv(a, paths[i], &runs[i], err)))
            return status;
        if (i > 0 && (status = check_same_shape(&runs[0], &runs[i], err)))
            return status;
    }
    int m = npaths, n = runs[0].ndraws, ncols = runs[0].ncols;
    bool timed = true;
    double sampling_seconds = 0;
    for (int i = 0; i < m; i++) {
        timed = timed && runs[i].has_warmup_time && runs[i].has_sampling_time;
        sampling_seconds += runs[i].sampling_seconds;
    }

    SumWork *w = work_new(a, m, n);
    SumStats *stats = arena_alloc(a, (size_t)ncols * sizeof *stats);
    double *column = arena_alloc(a, (size_t)m * n * sizeof(double));
    int divergent_col = -1;
    for (int j = 0; j < ncols; j++) {
        for (int c = 0; c < m; c++)
            for (int i = 0; i < n; i++)
                column[(size_t)c * n + i]
                    = runs[c].draws[(size_t)i * ncols + j];
        summarize_column(w, column, m, n, timed ? sampling_seconds : 0,
                         &stats[j]);
        if (strcmp(runs[0].names[j], "divergent__") == 0)
            divergent_col = j;
    }

    print_header(out, runs, m, timed);
    print_table(out, a, runs[0].names, ncols, stats, sig_figs);
    print_footer(out, &runs[0]);
    if (divergent_col >= 0) {
        for (int c = 0; c < m; c++)
            for (int i = 0; i < n; i++)
                column[(size_t)c * n + i]
                    = runs[c].draws[(size_t)i * ncols + divergent_col];
        print_divergences(out, column, m * n);
    }
    return SUMMARY_OK;
}

int drv_summary_columns(Arena *a, const char *path, DrvColumnStats **cols,
                        int *ncols, FILE *err)
{
    CsvRun run;
    int status = read_csv(a, path, &run, err);
    if (status)
        return status;
    int n = run.ndraws;
    SumWork *w = work_new(a, 1, n);
    double *column = arena_alloc(a, ((size_t)n + 1) * sizeof(double));
    DrvColumnStats *out = arena_alloc(a, ((size_t)run.ncols + 1)
                                         * sizeof *out);
    for (int j = 0; j < run.ncols; j++) {
        for (int i = 0; i < n; i++)
            column[i] = run.draws[(size_t)i * run.ncols + j];
        SumStats st;
        summarize_column(w, column, 1, n, 0, &st);
        out[j] = (DrvColumnStats){run.names[j], st.mean, st.mcse};
    }
    *cols = out;
    *ncols = run.ncols;
    return SUMMARY_OK;
}

int drv_summary(int argc, char **argv, FILE *out, FILE *err)
{
    int sig_figs = DEFAULT_SIG_FIGS, npaths = 0;
    const char **paths = calloc((size_t)(argc > 0 ? argc : 1), sizeof *paths);
    if (!paths) {
        fputs("pplbench summary: out of memory\n", err);
        return SUMMARY_USAGE;
    }
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0) {
            fputs(summary_usage, out);
            free(paths);
            return SUMMARY_OK;
        }
        if (strncmp(arg, "--sig-figs=", 11) == 0
            || strncmp(arg, "--sig_figs=", 11) == 0) {
            sig_figs = parse_int(arg + 11);
            if (sig_figs < 1 || sig_figs > MAX_SIG_FIGS) {
                fprintf(err, "pplbench summary: --sig-figs takes an integer "
                        "from 1 to %d; got '%s'\n", MAX_SIG_FIGS, arg + 11);
                free(paths);
                return SUMMARY_USAGE;
            }
        } else if (arg[0] == '-' && arg[1] != '\0') {
            fprintf(err, "pplbench summary: unknown option '%s'\n%s", arg,
                    summary_usage);
            free(paths);
            return SUMMARY_USAGE;
        } else {
            paths[npaths++] = arg;
        }
    }
    if (npaths == 0) {
        fprintf(err, "pplbench summary: no Stan CSV file given\n%s",
                summary_usage);
        free(paths);
        return SUMMARY_USAGE;
    }
    Arena arena = {0};
    int status = summarize(out, err, &arena, paths, npaths, sig_figs);
    arena_free(&arena);
    free(paths);
    return status;
}
