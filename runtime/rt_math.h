/* rt_math.h - the conventions of libpplrt's math library: functions and
 * distributions that return a value and, on request, add their partial
 * derivatives into adjoint buffers.  Emitted code (whose gradient code is
 * generated at compile time) and the runtime's own vectorized nodes both
 * call them, so a vectorized normal_lpdf over N observations is one call
 * with analytic partials, not 5N operations.
 *
 * The families live in headers of their own, each included by pplrt.h:
 *   rt_scalar.h      elementwise math and special functions, derivatives
 *   rt_reduce.h      sums, means, log_sum_exp, log_mix, softmax, ...
 *   rt_linalg.h      matrix functions with reverse-mode rules
 *   rt_dist_cont.h   continuous univariate distributions
 *   rt_dist_disc.h   discrete distributions and the GLMs
 *   rt_dist_multi.h  multivariate distributions
 *
 * Conventions for every function of this library:
 *
 * - A vectorized real argument is an RtArg: n values (n == 1: a scalar,
 *   broadcast against the other arguments), whether it depends on
 *   parameters (ad), and an optional adjoint buffer g of n entries into
 *   which the function ADDS adj * d(result)/d(argument) -- summed over the
 *   broadcast when n == 1.  g == NULL asks for no derivative (the value
 *   alone, or an argument that is data).  Integer arguments are RtIArg.
 *   All vectorized arguments of one call must have length 1 or a common
 *   length N; N = 0 (an empty container) gives 0 (a sum of no terms).
 *
 * - Densities (_lpdf, _lpmf, _lcdf, _lccdf) return the sum of the N log
 *   terms.  propto (Stan's _lupdf/_lupmf and ~) drops every term that is
 *   constant when the arguments with ad == false are held fixed, exactly as
 *   Stan drops them; propto never depends on whether g is NULL, so the
 *   value is the same with and without the gradient.  _cdf returns the
 *   product of the N cdfs.
 *
 * - adj is the adjoint of the result (1 for the usual target += f(...)).
 *
 * - A domain error (a scale <= 0, a probability outside [0, 1], a size
 *   mismatch) returns NaN and fills err with Stan's message, e.g.
 *   "normal_lpdf: Scale parameter is -1, but must be positive!"; the
 *   caller rejects the point.  err may be NULL.  Functions never print,
 *   allocate only when a comment says so, and never call exit.
 *
 * - Matrices are row-major RtMat views (rows x cols), with the same ad/g
 *   convention; a vector is a 1-column matrix, a row_vector a 1-row one.
 *
 * - Random number generators (_rng) take an RtRng, return draws (arrays
 *   through an out pointer for vectorized forms) and report domain errors
 *   the same way.
 */
#ifndef RT_MATH_H
#define RT_MATH_H

#include <stdbool.h>

typedef struct RtError RtError;
typedef struct RtRng RtRng;

/* A vectorized argument.  A scalar has n == 1; a container has `vec` set,
 * so that a container of one element is told from a scalar: Stan
 * broadcasts scalars only, and a container of one beside a container of
 * three is a size mismatch. */
typedef struct RtArg {
    const double *x;
    double *g;      /* adjoints to add into, or NULL */
    int n;
    bool ad;        /* depends on parameters */
    bool vec;       /* a container (vector, row vector, array) */
} RtArg;

typedef struct RtIArg {
    const int *x;
    int n;
    bool vec;       /* an array */
} RtIArg;

typedef struct RtMat {
    const double *x;    /* rows * cols values, row-major */
    double *g;          /* adjoints to add into, or NULL */
    int rows, cols;
    bool ad;
} RtMat;

/* A scalar: one value, its adjoint slot, whether it depends on parameters. */
static inline RtArg rt_arg1(const double *x, double *g, bool ad)
{
    RtArg a = {x, g, 1, ad, false};
    return a;
}

/* A container of n values. */
static inline RtArg rt_argn(const double *x, double *g, int n, bool ad)
{
    RtArg a = {x, g, n, ad, true};
    return a;
}

/* An int scalar. */
static inline RtIArg rt_iarg1(const int *x)
{
    RtIArg a = {x, 1, false};
    return a;
}

/* An int array of n values. */
static inline RtIArg rt_iarg(const int *x, int n)
{
    RtIArg a = {x, n, true};
    return a;
}

/* An argument's length in Stan's size-consistency checks: -1 for a scalar
 * (it broadcasts), else the container's size.  Arguments built without
 * the constructors count as containers unless they hold one value. */
static inline int rt_arg_len(RtArg a)
{
    return a.vec || a.n != 1 ? a.n : -1;
}

static inline int rt_iarg_len(RtIArg a)
{
    return a.vec || a.n != 1 ? a.n : -1;
}

#define RT_LEN(a) _Generic((a), RtArg: rt_arg_len, RtIArg: rt_iarg_len)(a)

/* The common length of vectorized arguments given their rt_arg_len
 * (scalars, -1, broadcast; pass -1 for absent ones too), 1 when all are
 * scalars, or -1 if two containers differ in size. */
static inline int rt_common_length(int n1, int n2, int n3, int n4)
{
    int ns[4] = {n1, n2, n3, n4}, N = -1;
    for (int i = 0; i < 4; i++) {
        if (ns[i] < 0)
            continue;
        if (N >= 0 && ns[i] != N)
            return -1;
        N = ns[i];
    }
    return N < 0 ? 1 : N;
}

#endif
