/* propcheck.c - the numbers of an emitted model at 8 seeded unconstrained
 * points, for comparing a program after a pass with the O0 program
 * (tests/run/propcheck.sh): per point, whether it is rejected (and the
 * message), the full log density (no constant dropped) with and without
 * the Jacobian, every gradient component, and the outputs (constrained
 * parameters, transformed parameters, generated quantities) under an RNG
 * seeded the same way; whatever the model prints comes in between.
 *
 *   cc -DMODEL_C='"model.c"' propcheck.c libpplrt.a ... -o check
 *   ./check DATA.json > numbers.txt
 *
 * Points are uniform on (-2, 2), seeded, the same for every build. */
#define main emitted_main
#include MODEL_C
#undef main

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA.json\n", argv[0]);
        return 2;
    }
    RtError err = {.msg = ""};
    RtData *data = rt_data_load(argv[1], &err);
    if (!data) {
        printf("data-error %s\n", err.msg);
        return 0;
    }
    void *state = model.create(data, 1, &err);
    if (!state) {
        printf("create-error %s\n", err.msg);
        rt_data_free(data);
        return 0;
    }
    int dim = model.num_unconstrained(state);
    RtRng *rng = rt_rng_new(20261124, 1);
    double *u = calloc((size_t)dim + 1, sizeof(double));
    double *g = calloc((size_t)dim + 1, sizeof(double));
    for (int k = 0; k < 8; k++) {
        for (int i = 0; i < dim; i++)
            u[i] = 4.0 * rt_rng_uniform(rng) - 2.0;
        double lp = 0, lp0 = 0;
        err.msg[0] = '\0';
        if (model.log_density(state, u, true, false, RT_JOINT, &lp, g, &err)
            != 0) {
            printf("point %d reject %s\n", k, err.msg);
            continue;
        }
        if (model.log_density(state, u, false, false, RT_JOINT, &lp0, NULL,
                              &err) != 0) {
            printf("point %d reject-nojacobian %s\n", k, err.msg);
            continue;
        }
        printf("point %d lp %.17g\npoint %d lp-nojacobian %.17g\n", k, lp, k,
               lp0);
        for (int i = 0; i < dim; i++)
            printf("point %d grad%d %.17g\n", k, i, g[i]);
        int nout = model.num_outputs(state);
        double *out = calloc((size_t)nout + 1, sizeof(double));
        RtRng *gq = rt_rng_new(20261124 + (uint64_t)k, 1);
        if (model.write_array(state, gq, u, out, &err) != 0)
            printf("point %d reject-outputs %s\n", k, err.msg);
        else
            for (int i = 0; i < nout; i++)
                printf("point %d out%d %.17g\n", k, i, out[i]);
        rt_rng_free(gq);
        free(out);
    }
    free(u);
    free(g);
    rt_rng_free(rng);
    model.destroy(state);
    rt_data_free(data);
    return 0;
}
