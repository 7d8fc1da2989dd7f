/* check.c - the contexts of an emitted model's log density (RtContext):
 * at 8 seeded points of the unconstrained space (uniform on (-2, 2), as
 * Stan's random inits) where the joint density is finite, with and without
 * the Jacobian, the prior plus the likelihood is the joint density, in
 * value and in every gradient component, and each context's value with the
 * gradient is its value without.  A context that fails where the joint
 * density does not is a failure (it runs a subset of the joint's factors).
 *
 *   cc -DMODEL_C='"model.c"' check.c libpplrt.a ... -o check
 *   ./check DATA.json
 *
 * Prints "context MODEL: ok (N points, prior P, likelihood L)" with the
 * values at the last point, or the first disagreement; exits 1 on a
 * failure, 77 when no point has a finite joint density. */
#define main emitted_main
#include MODEL_C
#undef main

static const char *const ctx_names[3] = {"joint", "prior", "likelihood"};

/* 0: agrees; -1: a failure (printed); 1: the joint density is not finite
 * here. */
static int check_point(void *state, const double *u, int dim, bool jacobian,
                       double last[3])
{
    RtError err = {.msg = ""};
    double lp[3], *g[3];
    for (int c = 0; c < 3; c++)
        g[c] = calloc((size_t)dim + 1, sizeof(double));
    int rc = 0;
    for (int c = 0; c < 3 && rc == 0; c++) {
        int status = model.log_density(state, u, jacobian, true,
                                       (RtContext)c, &lp[c], g[c], &err);
        if (c == 0 && (status != 0 || !isfinite(lp[0]))) {
            rc = 1;
            break;
        }
        if (status != 0) {
            printf("  jacobian=%d: context %s fails where joint does not: "
                   "%s\n", jacobian, ctx_names[c], err.msg);
            rc = -1;
            break;
        }
        double v;
        if (model.log_density(state, u, jacobian, true, (RtContext)c, &v,
                              NULL, &err) != 0
            || fabs(v - lp[c]) > 1e-12 * fmax(1.0, fabs(lp[c]))) {
            printf("  jacobian=%d: context %s: %.17g with the gradient, "
                   "%.17g without\n", jacobian, ctx_names[c], lp[c], v);
            rc = -1;
        }
    }
    if (rc == 0) {
        double scale = fmax(1.0, fmax(fabs(lp[0]),
                                      fmax(fabs(lp[1]), fabs(lp[2]))));
        if (fabs(lp[1] + lp[2] - lp[0]) > 1e-10 * scale) {
            printf("  jacobian=%d: prior %.17g + likelihood %.17g != joint "
                   "%.17g\n", jacobian, lp[1], lp[2], lp[0]);
            rc = -1;
        }
        for (int i = 0; i < dim && rc == 0; i++) {
            double s = fmax(1.0, fmax(fabs(g[0][i]),
                                      fmax(fabs(g[1][i]), fabs(g[2][i]))));
            if (fabs(g[1][i] + g[2][i] - g[0][i]) > 1e-10 * s) {
                printf("  jacobian=%d: gradient component %d: prior %.17g "
                       "+ likelihood %.17g != joint %.17g\n", jacobian, i,
                       g[1][i], g[2][i], g[0][i]);
                rc = -1;
            }
        }
        memcpy(last, lp, sizeof lp);
    }
    for (int c = 0; c < 3; c++)
        free(g[c]);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA.json\n", argv[0]);
        return 2;
    }
    RtError err = {.msg = ""};
    RtData *data = rt_data_load(argv[1], &err);
    if (!data) {
        fprintf(stderr, "context: %s\n", err.msg);
        return 2;
    }
    void *state = model.create(data, 1, &err);
    if (!state) {
        fprintf(stderr, "context: %s\n", err.msg);
        return 2;
    }
    int dim = model.num_unconstrained(state);
    RtRng *rng = rt_rng_new(20261124, 1);
    double *u = calloc((size_t)dim + 1, sizeof(double));
    double last[3] = {0, 0, 0};
    int checked = 0, failed = 0;
    for (int tries = 0; tries < 200 && checked < 8 && !failed; tries++) {
        for (int i = 0; i < dim; i++)
            u[i] = 4.0 * rt_rng_uniform(rng) - 2.0;
        int r0 = check_point(state, u, dim, false, last);
        int r1 = r0 == 1 ? 1 : check_point(state, u, dim, true, last);
        if (r0 < 0 || r1 < 0)
            failed = 1;
        else if (r0 == 0 && r1 == 0)
            checked++;
    }
    /* an unknown context is an error, not the joint density */
    double lp;
    bool unknown_ok = checked == 0
        || model.log_density(state, u, true, true, (RtContext)7, &lp, NULL,
                             &err) != 0;
    if (!unknown_ok) {
        printf("  context 7 was accepted\n");
        failed = 1;
    }
    printf("context %s: %s (%d points, dim %d, prior %.6g, likelihood "
           "%.6g)\n", model.name, failed ? "FAILED" : checked ? "ok"
           : "no finite point", checked, dim, last[1], last[2]);
    free(u);
    rt_rng_free(rng);
    model.destroy(state);
    rt_data_free(data);
    return failed ? 1 : checked ? 0 : 77;
}
