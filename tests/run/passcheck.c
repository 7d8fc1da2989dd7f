/* passcheck.c - the numbers a pass must not change: the log density
 * (with and without the Jacobian, normalized and with constants dropped)
 * and its gradient at 8 seeded unconstrained points, whether each point
 * is rejected, and the outputs (write_array) under a fixed RNG seed.
 * passcheck.sh builds one of these for the O0 program and one for a
 * pass's output and compares what they print.
 *
 *   cc -DMODEL_C='"model.c"' passcheck.c libpplrt.a ... -o check
 *   ./check DATA.json
 *
 * Prints one line per quantity: "NAME VALUE" with VALUE in %.17g, or
 * "NAME rejected". */
#define main emitted_main
#include MODEL_C
#undef main

static void density(const RtModel *md, void *state, const double *u, int dim,
                    int point, bool jacobian, bool propto)
{
    RtError err = {.msg = ""};
    double lp, *g = calloc((size_t)dim + 1, sizeof(double));
    int status = md->log_density(state, u, jacobian, propto, RT_JOINT, &lp,
                                 g, &err);
    if (status != 0) {
        printf("p%d.j%d.c%d rejected\n", point, jacobian, propto);
    } else {
        printf("p%d.j%d.c%d.lp %.17g\n", point, jacobian, propto, lp);
        for (int i = 0; i < dim; i++)
            printf("p%d.j%d.c%d.g%d %.17g\n", point, jacobian, propto, i,
                   g[i]);
    }
    free(g);
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
        printf("data rejected\n");
        return 0;
    }
    void *state = model.create(data, 1, &err);
    if (!state) {
        printf("create rejected\n");
        rt_data_free(data);
        return 0;
    }
    int dim = model.num_unconstrained(state);
    int nout = model.num_outputs(state);
    RtRng *rng = rt_rng_new(20261124, 1);
    RtRng *gq = rt_rng_new(7, 1);
    double *u = calloc((size_t)dim + 1, sizeof(double));
    double *out = calloc((size_t)nout + 1, sizeof(double));
    for (int point = 0; point < 8; point++) {
        for (int i = 0; i < dim; i++)
            u[i] = 4.0 * rt_rng_uniform(rng) - 2.0;
        for (int j = 0; j < 2; j++)
            for (int c = 0; c < 2; c++)
                density(&model, state, u, dim, point, j, c);
        if (model.write_array(state, gq, u, out, &err) != 0) {
            printf("p%d.out rejected\n", point);
            continue;
        }
        for (int i = 0; i < nout; i++)
            printf("p%d.out%d %.17g\n", point, i, out[i]);
    }
    free(u);
    free(out);
    rt_rng_free(rng);
    rt_rng_free(gq);
    model.destroy(state);
    rt_data_free(data);
    return 0;
}
