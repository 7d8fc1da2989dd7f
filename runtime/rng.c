/* rng.c - RtRng: seeded pseudo-random streams on GSL's mt19937.
 *
 * One stream per (seed, chain): the pair is mixed through SplitMix64
 * (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", 2014) into the 32-bit seed that gsl_rng_mt19937 takes, so
 * chains 1, 2, ... of one seed start far apart and a run repeats exactly
 * on every machine.  Below the stream, the gamma draws the multivariate
 * rngs build on (Dirichlet, Wishart, Student-t, LKJ). */
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>

#include "pplrt.h"

struct RtRng {
    gsl_rng *gen;
};

/* One step of SplitMix64's output function: a bijective 64-bit mix. */
static uint64_t mix64(uint64_t z)
{
    z += UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

RtRng *rt_rng_new(uint64_t seed, unsigned chain)
{
    RtRng *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    r->gen = gsl_rng_alloc(gsl_rng_mt19937);
    if (!r->gen) {
        free(r);
        return NULL;
    }
    uint64_t z = mix64(mix64(seed) ^ (uint64_t)chain);
    gsl_rng_set(r->gen, (unsigned long)(z >> 32));
    return r;
}

void rt_rng_free(RtRng *r)
{
    if (!r)
        return;
    gsl_rng_free(r->gen);
    free(r);
}

double rt_rng_uniform(RtRng *r)
{
    return gsl_rng_uniform_pos(r->gen);     /* never 0, never 1 */
}

double rt_rng_normal(RtRng *r)
{
    return gsl_ran_gaussian_ziggurat(r->gen, 1.0);
}

double rt_rng_exponential(RtRng *r)
{
    return gsl_ran_exponential(r->gen, 1.0);
}

/* The underlying gsl_rng, for the distributions' samplers (gsl_ran_*);
 * declared in rt_dist_cont.h, not in pplrt.h, so that only math code
 * reaches beneath the stream. */
void *rt_rng_gsl(RtRng *r);
void *rt_rng_gsl(RtRng *r)
{
    return r->gen;
}

/* ----------------------------------------------------------- gamma draws */

/* Marsaglia and Tsang (2000), "A simple method for generating gamma
 * variables": for a >= 1, d = a - 1/3, v = (1 + x / sqrt(9d))^3 with x
 * standard normal, accepted when log u < x^2/2 + d - d v + d log v.  For
 * a < 1, Gamma(a) = Gamma(a + 1) U^(1/a), computed in logs. */
double rt_log_gamma_draw(RtRng *rng, double a)
{
    double boost = 0;
    if (a < 1) {
        boost = log(rt_rng_uniform(rng)) / a;
        a += 1;
    }
    double d = a - 1.0 / 3, c = 1 / sqrt(9 * d);
    for (;;) {
        double x = rt_rng_normal(rng), v = 1 + c * x;
        if (v <= 0)
            continue;
        v = v * v * v;
        double u = rt_rng_uniform(rng);
        if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
            return log(d * v) + boost;
    }
}

double rt_gamma_draw(RtRng *rng, double a)
{
    return exp(rt_log_gamma_draw(rng, a));
}
