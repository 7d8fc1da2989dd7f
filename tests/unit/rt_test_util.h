/* rt_test_util.h - what the runtime's unit tests share: a small seeded
 * generator (splitmix64) for test inputs, independent of the runtime's own
 * RNG, so a test's points never depend on the code under test. */
#ifndef RT_TEST_UTIL_H
#define RT_TEST_UTIL_H

#include <math.h>
#include <stdint.h>

typedef struct TestRng {
    uint64_t state;
} TestRng;

static inline uint64_t rng_next(TestRng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Uniform on (0, 1). */
static inline double rng_uniform(TestRng *r)
{
    return ((double)(rng_next(r) >> 11) + 0.5) * 0x1.0p-53;
}

/* Standard normal (Box-Muller). */
static inline double rng_normal(TestRng *r)
{
    double u = rng_uniform(r), v = rng_uniform(r);
    return sqrt(-2 * log(u)) * cos(2 * 3.14159265358979323846 * v);
}

static inline void fill_normal(TestRng *r, double *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] = rng_normal(r);
}

#endif
