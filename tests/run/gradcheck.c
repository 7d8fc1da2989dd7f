/* gradcheck.c - the gradient of an emitted model against five-point
 * central finite differences of its own log density, at 8 seeded points of the
 * unconstrained space (uniform on (-2, 2), as Stan's random inits).
 *
 *   cc -DMODEL_C='"model.c"' gradcheck.c libpplrt.a ... -o check
 *   ./check DATA.json [TOLERANCE [zero]]
 *
 * With "zero" the log density itself must be 0 (within 1e-9) at every
 * point: models that subtract a density computed one way (inlined) from
 * the same density computed another (the runtime's general function)
 * check that the two agree in value, which the gradient check alone
 * does not see.
 * TOLERANCE (default 1e-6) is the largest relative error accepted; a
 * model whose density comes out of an adaptive ODE solver is only as
 * accurate as the solver's tolerance, and gradcheck.sh passes a larger
 * one for those.
 * The emitted translation unit is included with its main renamed, so the
 * harness calls its RtModel directly.  Prints one line per point and a
 * final "gradcheck MODEL: ok" or the first failing component; exits 1 on
 * a failure, 77 when no point has a finite density (not a gradient
 * failure: the model rejects everywhere it was tried). */
#define main emitted_main
#include MODEL_C
#undef main

#include <float.h>

static double tolerance = 1e-6;
static bool expect_zero = false;

static int check_point(const RtModel *md, void *state, const double *u,
                       int dim, double *worst)
{
    RtError err = {.msg = ""};
    double lp, *g = calloc((size_t)dim + 1, sizeof(double));
    double *v = malloc(((size_t)dim + 1) * sizeof(double));
    int status = md->log_density(state, u, true, true, RT_JOINT, &lp, g,
                                 &err);
    if (status != 0 || !isfinite(lp)) {
        free(g);
        free(v);
        return 1;   /* not a point of finite density */
    }
    /* the value with the gradient is the value without it (fused and
     * deferred statements compute it on other paths) */
    double lp_value;
    if (md->log_density(state, u, true, true, RT_JOINT, &lp_value, NULL,
                        &err) != 0
        || fabs(lp_value - lp) > 1e-12 * fmax(1.0, fabs(lp))) {
        printf("  log density %.17g with the gradient, %.17g without\n", lp,
               lp_value);
        free(g);
        free(v);
        return -1;
    }
    if (expect_zero && fabs(lp) > 1e-9) {
        printf("  log density %.12g, expected 0\n", lp);
        free(g);
        free(v);
        return -1;
    }
    for (int i = 0; i < dim; i++) {
        /* a NaN compares false with everything: never a pass */
        if (!isfinite(g[i])) {
            printf("  component %d: gradient %.12g at a finite density\n",
                   i, g[i]);
            free(g);
            free(v);
            return -1;
        }
        memcpy(v, u, sizeof(double) * (size_t)dim);
        /* The five-point stencil (O(h^4) truncation) at three step sizes:
         * a large step keeps rounding in big sums small, a small one keeps
         * truncation small where the density is steep.  A wrong gradient
         * disagrees at every step, since the differences converge to the
         * true derivative; so the best agreement is the one that counts. */
        double fd = NAN, rel = INFINITY;
        const double steps[3] = {1e-3, 1e-4, 1e-5};
        for (int st = 0; st < 3; st++) {
            double h = steps[st] * fmax(1.0, fabs(u[i]));
            double f[4];
            const double at[4] = {2, 1, -1, -2};
            int bad = 0;
            for (int s = 0; s < 4; s++) {
                v[i] = u[i] + at[s] * h;
                bad |= md->log_density(state, v, true, true, RT_JOINT, &f[s],
                                       NULL, &err);
            }
            if (bad)
                continue;
            double d = (-f[0] + 8 * f[1] - 8 * f[2] + f[3]) / (12 * h);
            /* relative where the scale allows, absolute near zero */
            double scale = fmax(1.0, fmax(fabs(d), fabs(g[i])));
            double r = fabs(d - g[i]) / scale;
            if (r < rel) {
                rel = r;
                fd = d;
            }
        }
        if (isnan(fd))
            continue;
        if (rel > *worst)
            *worst = rel;
        if (rel > tolerance) {
            printf("  component %d: gradient %.12g, finite difference "
                   "%.12g\n", i, g[i], fd);
            free(g);
            free(v);
            return -1;
        }
    }
    free(g);
    free(v);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA.json [TOLERANCE]\n", argv[0]);
        return 2;
    }
    if (argc > 2)
        tolerance = strtod(argv[2], NULL);
    expect_zero = argc > 3 && strcmp(argv[3], "zero") == 0;
    RtError err = {.msg = ""};
    RtData *data = rt_data_load(argv[1], &err);
    if (!data) {
        fprintf(stderr, "gradcheck: %s\n", err.msg);
        return 2;
    }
    void *state = model.create(data, 1, &err);
    if (!state) {
        fprintf(stderr, "gradcheck: %s\n", err.msg);
        return 2;
    }
    int dim = model.num_unconstrained(state);
    RtRng *rng = rt_rng_new(20261122, 1);
    double *u = calloc((size_t)dim + 1, sizeof(double));
    int checked = 0, failed = 0;
    double worst = 0;
    for (int tries = 0; tries < 200 && checked < 8; tries++) {
        for (int i = 0; i < dim; i++)
            u[i] = 4.0 * rt_rng_uniform(rng) - 2.0;
        int r = check_point(&model, state, u, dim, &worst);
        if (r == 1)
            continue;
        checked++;
        if (r < 0) {
            failed = 1;
            break;
        }
    }
    printf("gradcheck %s: %s (%d points, dim %d, worst relative error "
           "%.2g)\n", model.name, failed ? "FAILED" : checked ? "ok"
           : "no finite point", checked, dim, worst);
    free(u);
    rt_rng_free(rng);
    model.destroy(state);
    rt_data_free(data);
    return failed ? 1 : checked ? 0 : 77;
}
