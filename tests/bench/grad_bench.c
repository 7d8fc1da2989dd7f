/* grad_bench.c - an emitted model's log density + gradient against the
 * hand-written C of ../shared/bench/handc, in one process (make bench).
 *
 *   cc -DMODEL_C='"model.c"' grad_bench.c handc.o json.o libpplrt.a ...
 *   ./grad_bench time DATA.json            agreement, then interleaved timing
 *   ./grad_bench count emitted|handc N DATA.json
 *                                          N evaluations inside one noinline
 *                                          loop, for callgrind --toggle-collect
 *
 * The emitted translation unit is included with its main renamed, as
 * tests/run/gradcheck.c does; its other symbols are static.  The
 * hand-written model must be compiled with its exported names prefixed
 * (-Dmodel_load=handc_model_load and so on for model_dim, model_logp_grad,
 * json_slurp, json_nums, json_count): handc's json_* would otherwise sit
 * beside jansson's in one link.
 *
 * Both sides are evaluated at handc's fixed point u[i] = 0.3 sin(i+1).  The
 * emitted density (jacobian and propto on) may differ from handc's by a
 * constant, so the agreement check compares gradients (1e-8 relative) and
 * the change of the log density between u and u + 0.01 d (1e-9 relative).
 * "time" prints detail lines and then
 *   grad_ns_emitted=E grad_ns_handc=H grad_ratio=R agree=ok|MISMATCH
 * for model_bench.sh to read; exit status 1 on a mismatch or a failed
 * evaluation.  Timings are figures, never checked. */
#define _POSIX_C_SOURCE 200809L
int emitted_main(int argc, char **argv);
#define main emitted_main
#include MODEL_C
#undef main

#include <time.h>

/* handc/model.h, with the names prefixed as described above */
int handc_model_dim(void);
int handc_model_load(const char *json_path);
double handc_model_logp_grad(const double *u, double *g);

enum {
    ROUNDS = 5,             /* timed blocks per side */
};
static const double BLOCK_SECONDS = 0.020;   /* each timed block at least */
static const double GRAD_TOL = 1e-8;
static const double DIFF_TOL = 1e-9;

/* The model under test: the emitted side's state beside the point. */
typedef struct Bench {
    void *state;
    int dim;
    double *u, *grad;
} Bench;

static volatile double sink;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The two loops callgrind collects in (--toggle-collect=loop_emitted or
 * loop_handc): noinline so that they exist by name, as handc's bench_loop. */
__attribute__((noinline)) static int loop_emitted(const Bench *b, long n)
{
    double acc = 0, lp = 0;
    RtError err = {.msg = ""};
    for (long i = 0; i < n; i++) {
        if (model.log_density(b->state, b->u, true, true, RT_JOINT, &lp,
                              b->grad, &err) != 0)
            return -1;
        acc += lp;
    }
    sink = acc;
    return 0;
}

__attribute__((noinline)) static int loop_handc(const Bench *b, long n)
{
    double acc = 0;
    for (long i = 0; i < n; i++)
        acc += handc_model_logp_grad(b->u, b->grad);
    sink = acc;
    return 0;
}

typedef int (*LoopFn)(const Bench *, long);

/* Seconds for one block of n evaluations, or -1 if an evaluation failed. */
static double time_block(LoopFn loop, const Bench *b, long n)
{
    double t0 = now_seconds();
    if (loop(b, n) != 0)
        return -1;
    return now_seconds() - t0;
}

/* The number of evaluations that takes at least BLOCK_SECONDS (with a
 * margin), or -1 if an evaluation failed. */
static long calibrate(LoopFn loop, const Bench *b)
{
    long n = 1;
    for (;;) {
        double t = time_block(loop, b, n);
        if (t < 0)
            return -1;
        if (t >= BLOCK_SECONDS)
            return n + n / 5;
        if (t > BLOCK_SECONDS / 10)
            n = (long)((double)n * 1.3 * BLOCK_SECONDS / t) + 1;
        else
            n *= 4;
    }
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Emitted log density (+ gradient into g when non-NULL) at u; prints the
 * runtime's message and returns -1 on failure. */
static int emitted_at(const Bench *b, const double *u, double *lp, double *g)
{
    RtError err = {.msg = ""};
    if (model.log_density(b->state, u, true, true, RT_JOINT, lp, g, &err)) {
        printf("  emitted log density failed: %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* Gradients and log-density differences of both sides; prints the figures
 * and returns true when they agree. */
static bool check_agreement(const Bench *b)
{
    int d = b->dim;
    double *ge = calloc((size_t)d + 1, sizeof(double));
    double *gh = calloc((size_t)d + 1, sizeof(double));
    double *v = calloc((size_t)d + 1, sizeof(double));
    double lpe, lpe2, lph, lph2;
    bool ok = false;
    if (emitted_at(b, b->u, &lpe, ge) != 0)
        goto done;
    lph = handc_model_logp_grad(b->u, gh);
    /* relative where the scale allows, absolute near zero (as handc's
     * driver scales its finite-difference check) */
    double grad_err = 0;
    int worst = 0;
    for (int i = 0; i < d; i++) {
        double rel = fabs(ge[i] - gh[i]) / fmax(1.0, fabs(gh[i]));
        if (!(rel <= grad_err)) {
            grad_err = rel;
            worst = i;
        }
    }
    /* a direction unlike u: d[i] = cos(i+1) */
    for (int i = 0; i < d; i++)
        v[i] = b->u[i] + 0.01 * cos(i + 1.0);
    if (emitted_at(b, v, &lpe2, NULL) != 0)
        goto done;
    lph2 = handc_model_logp_grad(v, ge);   /* ge: scratch from here on */
    double de = lpe2 - lpe, dh = lph2 - lph;
    double diff_err = fabs(de - dh) / fmax(fabs(dh), 1e-300);
    ok = grad_err <= GRAD_TOL && diff_err <= DIFF_TOL;
    printf("  logp at u: emitted %.17g, handc %.17g, constant offset %.6g\n",
           lpe, lph, lpe - lph);
    printf("  gradient: max relative error %.3g (component %d; tolerance "
           "%.0e)\n", grad_err, worst, GRAD_TOL);
    printf("  logp(u + 0.01 d) - logp(u): emitted %.17g, handc %.17g, "
           "relative error %.3g (tolerance %.0e)\n", de, dh, diff_err,
           DIFF_TOL);
    printf("  agreement: %s\n", ok ? "ok" : "MISMATCH");
done:
    free(ge);
    free(gh);
    free(v);
    return ok;
}

/* Alternating blocks of both sides, ROUNDS each; prints the medians. */
static int time_both(const Bench *b, bool agree)
{
    long ne = calibrate(loop_emitted, b), nh = calibrate(loop_handc, b);
    if (ne < 0 || nh < 0) {
        printf("  timing: an evaluation failed\n");
        return -1;
    }
    double te[ROUNDS], th[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        th[r] = 1e9 * time_block(loop_handc, b, nh) / (double)nh;
        te[r] = 1e9 * time_block(loop_emitted, b, ne) / (double)ne;
    }
    double me = median(te, ROUNDS), mh = median(th, ROUNDS);
    printf("  emitted: %.1f ns per logp+grad (median of %d blocks of %ld, "
           "range %.1f..%.1f)\n", me, ROUNDS, ne, te[0], te[ROUNDS - 1]);
    printf("  handc:   %.1f ns per logp+grad (median of %d blocks of %ld, "
           "range %.1f..%.1f)\n", mh, ROUNDS, nh, th[0], th[ROUNDS - 1]);
    printf("grad_ns_emitted=%.1f grad_ns_handc=%.1f grad_ratio=%.4f "
           "agree=%s\n", me, mh, me / mh, agree ? "ok" : "MISMATCH");
    return 0;
}

static int usage(const char *prog)
{
    fprintf(stderr, "usage: %s time DATA.json\n"
            "       %s count emitted|handc N DATA.json\n", prog, prog);
    return 2;
}

int main(int argc, char **argv)
{
    bool timing = argc == 3 && !strcmp(argv[1], "time");
    bool counting = argc == 5 && !strcmp(argv[1], "count") &&
                    (!strcmp(argv[2], "emitted") || !strcmp(argv[2], "handc"));
    if (!timing && !counting)
        return usage(argv[0]);
    const char *data_path = argv[argc - 1];

    RtError err = {.msg = ""};
    RtData *data = rt_data_load(data_path, &err);
    if (!data) {
        fprintf(stderr, "grad_bench: %s\n", err.msg);
        return 2;
    }
    Bench b = {0};
    b.state = model.create(data, 1, &err);
    if (!b.state) {
        fprintf(stderr, "grad_bench: %s\n", err.msg);
        rt_data_free(data);
        return 2;
    }
    if (handc_model_load(data_path) != 0) {
        fprintf(stderr, "grad_bench: handc cannot load %s\n", data_path);
        return 2;
    }
    b.dim = model.num_unconstrained(b.state);
    if (b.dim != handc_model_dim()) {
        printf("  dimension: emitted %d, handc %d: MISMATCH\n", b.dim,
               handc_model_dim());
        return 1;
    }
    b.u = calloc((size_t)b.dim + 1, sizeof(double));
    b.grad = calloc((size_t)b.dim + 1, sizeof(double));
    for (int i = 0; i < b.dim; i++)
        b.u[i] = 0.3 * sin(i + 1.0);

    int status;
    if (counting) {
        long n = atol(argv[3]);
        bool emitted = !strcmp(argv[2], "emitted");
        /* one call outside the counted loop (the first grows scratch) */
        double lp;
        if (emitted)
            status = emitted_at(&b, b.u, &lp, b.grad);
        else
            status = (handc_model_logp_grad(b.u, b.grad), 0);
        if (status == 0)
            status = emitted ? loop_emitted(&b, n) : loop_handc(&b, n);
        printf("counted %ld %s evaluations\n", n, argv[2]);
    } else {
        printf("  dimension %d\n", b.dim);
        bool agree = check_agreement(&b);
        status = time_both(&b, agree) != 0 || !agree;
    }
    free(b.u);
    free(b.grad);
    model.destroy(b.state);
    rt_data_free(data);
    return status ? 1 : 0;
}
