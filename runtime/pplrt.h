/* pplrt.h - libpplrt, the ground floor: everything an emitted sampler links
 * and the MIR interpreter calls.  It knows nothing of the compiler.
 *
 * Sections (one file each):
 *   errors          rt_error_*            error.c
 *   sizes           rt_size_*, rt_dims_*  sizes.c     (checked, 64-bit)
 *   RNG             rt_rng_*              rng.c
 *   data            rt_data_*             data.c      (CmdStan JSON, jansson)
 *   transforms      rt_*_constrain/...    transforms.c, transforms_matrix.c
 *   output files    rt_out_*              outfile.c   (rt_outfile.h)
 *   profiling       rt_profile_*          profile.c   (rt_profile.h)
 *   Stan CSV        rt_csv_*              csv.c
 *   NUTS            rt_nuts_*             nuts.c
 *   model + CLI     RtModel, rt_main      cmdline.c
 *   machine stack   rt_recursion_*        stack.c
 *
 * The math library (conventions: rt_math.h), by topic; a new function
 * goes into the file of its family, which its header's comment names:
 *   distributions   rt_dist_cont.h   continuous univariate: one file per
 *                                    family (dist_normal_family.c,
 *                                    dist_location_scale.c,
 *                                    dist_gamma_family.c, dist_positive.c,
 *                                    dist_bounded.c), shared machinery in
 *                                    dist_cont_impl.h, dist_cont_common.c
 *                   rt_dist_disc.h   discrete and GLMs:
 *                                    dist_binary_binomial.c, dist_count.c,
 *                                    dist_discrete_range.c,
 *                                    dist_categorical.c, dist_ordinal.c,
 *                                    dist_multinomial.c,
 *                                    dist_glm_*.c (dist_disc_internal.h,
 *                                    dist_glm_internal.h)
 *                   rt_dist_multi.h  multivariate: one file per family
 *                                    (dist_multi_normal.c,
 *                                    dist_multi_student_t.c,
 *                                    dist_wishart.c, dist_lkj.c, ...;
 *                                    dist_multi_internal.h)
 *   scalar math     rt_scalar.h      math_scalar*.c, math_bessel.c
 *   reductions      rt_reduce.h      math_reduce.c
 *   linear algebra  rt_linalg*.h     linalg.c, linalg_build.c, linalg_qr.c;
 *                   rt_lu.h          linalg_lu.c;  rt_gp.h: linalg_gp.c,
 *                                    gp_kernels.c
 *   structures      rt_checks.h      checks.c;  rt_hmm.h: hmm.c;
 *                   rt_complex.h     fft.c, linalg_complex_lu.c,
 *                                    linalg_complex_decomp.c,
 *                                    linalg_eigen_herm.c,
 *                                    linalg_eigen_adj.c;
 *                   rt_ode.h         ode.c
 *   embedded Laplace rt_laplace.h    laplace.c
 *
 * Conventions: functions that can fail return 0 on success and non-zero on
 * failure with the message in an RtError; nothing here calls exit() except
 * rt_main's return value; all arrays are row-major; indices are 0-based in
 * C and 1-based in names shown to users ("theta.1"). */
#ifndef PPLRT_H
#define PPLRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rt_math.h"
#include "rt_support.h"
#include "rt_int.h"
#include "rt_sizes.h"
#include "rt_scalar.h"
#include "rt_reduce.h"
#include "rt_linalg.h"
#include "rt_linalg_build.h"
#include "rt_lu.h"
#include "rt_dist_cont.h"
#include "rt_dist_disc.h"
#include "rt_dist_yule_simon.h"
#include "rt_dist_wiener.h"
#include "rt_transform_fns.h"
#include "rt_dist_multi.h"
#include "rt_checks.h"
#include "rt_gp.h"
#include "rt_ode.h"
#include "rt_dae.h"
#include "rt_solve.h"
#include "rt_laplace.h"
#include "rt_integrate.h"
#include "rt_complex.h"
#include "rt_hmm.h"
#include "rt_matrix_exp.h"
#include "rt_csr.h"
#include "rt_hypergeometric.h"

/* ------------------------------------------------------------- errors */

/* fatal tells an unrecoverable error (Stan's fatal_error, a recursion
 * too deep) from a recoverable one (reject, a failed check): the sampler
 * rejects the proposal after a recoverable error but stops the algorithm
 * after a fatal one.  rt_error leaves the flag alone, so a caller that
 * prefixes a message (rt_error(err, "%s: %s", fn, err->msg)) keeps it;
 * whoever declares an RtError starts it cleared (RtError e = {.msg = ""}). */
typedef enum RtErrorKind {
    RT_ERROR_DOMAIN,     /* a library function or a check refused its
                          * arguments (Stan's domain_error; size checks
                          * too, for now) */
    RT_ERROR_REJECT,     /* reject(...) or fatal_error(...) in the program */
    RT_ERROR_INDEX       /* an index out of range (Stan's out_of_range):
                          * rt_index_error */
} RtErrorKind;

typedef struct RtError {
    char msg[1024];
    bool fatal;
    /* Where the error came from, set at the source as fatal is (and kept
     * by rt_error like it): the class the probe method reports. */
    RtErrorKind kind;
} RtError;

/* Format a message into err (if err is non-NULL); returns -1 so that a
 * caller can write `return rt_error(err, "...")`. */
int rt_error(RtError *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* rt_error, and mark the error fatal. */
int rt_fatal(RtError *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* rt_error, and mark the error an index out of range (RT_ERROR_INDEX). */
int rt_index_error(RtError *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* fatal_error(...): the message into err, marked fatal; returns -1. */
int rt_msg_fatal(RtMsg *m, RtError *err);
/* The class of an error, as the probe method writes it: "fatal" (marked
 * fatal: fatal_error, a recursion too deep, memory running out), "reject"
 * (a reject statement), "index" (an index out of range) or "error" (any
 * other: a library function or a check refused). */
const char *rt_error_class(const RtError *err);

/* ------------------------------------------------------ printed output */

/* Where print(...) goes: stdout, or while a capture is set on the calling
 * thread, appended (with its newline) to that message.  Sets the capture
 * (NULL: stdout again) and returns the previous one.  Per thread like
 * rt_recursion_limit: the emitted code's print has no context argument,
 * and the probe method must see what each evaluation printed. */
RtMsg *rt_print_capture(RtMsg *into);
/* Mute print on this thread (delta +1) or unmute it (-1); the depth.  A
 * user function's reverse function runs its body again to recompute its
 * values: its caller mutes it, so that a print in a function prints once
 * per evaluation of the log density, as in Stan. */
int rt_print_mute(int delta);

/* ---------------------------------------------------- the machine stack */

/* The lowest frame address the calling thread may reach in a user
 * function before "recursion too deep" (0: no check).  Per thread; set
 * by rt_run_with_stack.  See stack.c for the design. */
extern _Thread_local uintptr_t rt_recursion_limit;

/* Whether the caller's frame is below the limit: the first statement of
 * every emitted user function, which then returns rt_recursion_error. */
static inline bool rt_recursion_too_deep(void)
{
    return __builtin_expect(
        (uintptr_t)__builtin_frame_address(0) < rt_recursion_limit, 0);
}

/* "recursion too deep in function FN", marked fatal; returns -1. */
int rt_recursion_error(RtError *err, const char *fn)
    __attribute__((cold));

/* fn(arg) on a thread with a large, lazily committed stack (1 GiB
 * reserved, less when a memory limit refuses it) and the recursion limit
 * set for it; on this thread, with a limit from its stack rlimit, when no
 * such thread can be had.  Returns fn's value. */
int rt_run_with_stack(int (*fn)(void *), void *arg);

/* ------------------------------------------------------- output files */

#include "rt_outfile.h"
#include "rt_profile.h"

/* ---------------------------------------------------------------- RNG */

/* A seeded pseudo-random stream (GSL's mt19937 underneath): the same seed
 * gives the same draws on every run and machine. */
typedef struct RtRng RtRng;

RtRng *rt_rng_new(uint64_t seed, unsigned chain);
void rt_rng_free(RtRng *r);
double rt_rng_uniform(RtRng *r);          /* in (0, 1) */
double rt_rng_normal(RtRng *r);           /* standard normal */
double rt_rng_exponential(RtRng *r);      /* rate 1 */
/* A Gamma(a, 1) draw (Marsaglia and Tsang 2000), and its log (rng.c). */
double rt_gamma_draw(RtRng *rng, double a);
double rt_log_gamma_draw(RtRng *rng, double a);

/* --------------------------------------------------------------- data */

/* Variables of a CmdStan-format JSON file: an object whose members are
 * numbers (or "inf", "-inf", "NaN", "Infinity" strings), arrays of them
 * nested to any depth, and for tuples objects with members "1", "2", ... */
typedef struct RtData RtData;

/* Read a file; NULL path or "" gives an empty set.  NULL on error. */
RtData *rt_data_load(const char *path, RtError *err);
/* Parse from a string (tests, and the MIR interpreter). */
RtData *rt_data_parse(const char *json, RtError *err);
void rt_data_free(RtData *d);
bool rt_data_has(const RtData *d, const char *name);

/* Read variable `name` with the declared dimensions dims[0..ndims-1]
 * (ndims = 0 for a scalar; a vector[N] is ndims 1, a matrix[R, C] ndims 2
 * read in row-major order; an array[A] vector[N] is dims {A, N}) into out.
 * Errors name the variable: missing, wrong number of dimensions, wrong size
 * in dimension k (found vs declared), not an integer, not a number.  An
 * empty array satisfies any declared shape with a zero size in it. */
int rt_data_ints(const RtData *d, const char *name, int ndims,
                 const int *dims, int *out, RtError *err);
int rt_data_reals(const RtData *d, const char *name, int ndims,
                  const int *dims, double *out, RtError *err);
/* Complex values are [re, im] pairs innermost; out has 2 doubles each. */
int rt_data_complexes(const RtData *d, const char *name, int ndims,
                      const int *dims, double *out, RtError *err);
/* The shape of `name` as written: the sizes met following the first
 * element of each nested array (an empty array ends with a 0; a complex's
 * [re, im] pair counts as a last dimension of 2).  Writes at most maxdims
 * sizes and returns the number of dimensions, or -1 with err if missing. */
int rt_data_dims(const RtData *d, const char *name, int maxdims, int *dims,
                 RtError *err);

/* Constraint checks on data and transformed data, with messages in
 * CmdStan's words ("y[3] is -1, but must be greater than or equal to
 * 0.000000"), naming the element by 1-based index. */
int rt_check_lower(const char *name, const double *x, size_t n, double lb,
                   RtError *err);
int rt_check_upper(const char *name, const double *x, size_t n, double ub,
                   RtError *err);
int rt_check_lower_int(const char *name, const int *x, size_t n, int lb,
                       RtError *err);
int rt_check_upper_int(const char *name, const int *x, size_t n, int ub,
                       RtError *err);
/* Container bounds (a vector, row_vector or matrix bound on a variable of
 * that type, or on an array of them): the bound's nbound elements must be
 * as many as each item's per_item ("x: the lower bound has 2 elements,
 * but must have 3 ..."); then x[i] is checked against bound[i % nbound]. */
int rt_check_bound_size(const char *name, const char *what, int nbound,
                        int per_item, RtError *err);
int rt_check_lower_each(const char *name, const double *x, size_t n,
                        const double *lb, size_t nlb, RtError *err);
int rt_check_upper_each(const char *name, const double *x, size_t n,
                        const double *ub, size_t nub, RtError *err);

/* --------------------------------------------------------- transforms */

/* Stan's constraining transforms (Reference Manual, "Constraint
 * transforms"), numerically as Stan defines them so that an unconstrained
 * point means the same thing to pplbench and to Stan 2.36.
 *
 * Each transform comes in three forms:
 *   constrain:   y = f(x), and if lj != NULL, *lj += log|det J_f(x)|
 *   unconstrain: x = f^-1(y) (returns non-zero if y violates the
 *                constraint, with a message in Stan's words, such as
 *                "simplex_free: Simplex variable is not a valid simplex.
 *                sum(Simplex variable) = 1.2, but should be 1"; the caller
 *                prefixes the variable's name)
 *   adjoint:     given adj_y = d target / d y (and when jacobian is set,
 *                the log|J| term counted with weight 1), add
 *                d target / d x into adj_x.  x is the unconstrained point.
 * Sizes: K is the constrained size where it differs from the unconstrained
 * one (simplex: K-1 free values; cholesky_factor_corr[K]: K(K-1)/2;
 * cov_matrix[K]: K + K(K-1)/2; ...).
 *
 * Layouts.  Constrained matrices y are row-major, like every array here.
 * The free values x are in the order Stan's deserializer reads them, so
 * that the unconstrained vector is the one Stan 2.36 uses:
 *   cholesky_factor_corr   strictly lower triangle of L, row by row
 *   corr_matrix            canonical partial correlations column by column
 *                          (column 1 rows 2..K, column 2 rows 3..K, ...)
 *   cholesky_factor_cov,   lower triangle row by row, each row ending with
 *   cov_matrix             its (log) diagonal entry; cholesky_factor_cov's
 *                          rows below the square part follow, N values each
 *   row_stochastic[M,N]    the M x (N-1) free matrix in column-major order
 *                          (x[i + j*M] is row i's j-th free value)
 *   column_stochastic[M,N] the (M-1) x N free matrix in column-major order
 *                          (x[j*(M-1) + i]: column j's free values are
 *                          contiguous)
 *   sum_to_zero_matrix     the (M-1) x (N-1) free matrix, column-major
 * (A plain matrix[M, N], bounded or not, is column-major in Stan's
 * unconstrained vector too: that is the emitter's business.)
 *
 * Infinite bounds are no bounds, as in Stan: lb = -inf or ub = +inf give
 * the identity (lub with one infinite bound is the other one-sided
 * transform).  Invalid parameters (lb >= ub, sigma <= 0 or not finite, a
 * zero or non-finite vector for unit_vector) give NaN in y and in *lj:
 * the density is then NaN and the point is rejected, as Stan rejects it
 * by throwing. */

double rt_lb_constrain(double x, double lb, double *lj);
/* y >= lb is required; y == lb gives -inf, as Stan's lb_free does. */
int rt_lb_unconstrain(double y, double lb, double *x, RtError *err);
/* d y / d x and d log|J| / d x, for the adjoint sweep.  (d y / d lb is 1
 * for a finite lb, 0 for -inf; log|J| does not depend on lb.) */
void rt_lb_partials(double x, double lb, double *dy_dx, double *dlj_dx);

double rt_ub_constrain(double x, double ub, double *lj);
int rt_ub_unconstrain(double y, double ub, double *x, RtError *err);
void rt_ub_partials(double x, double ub, double *dy_dx, double *dlj_dx);

double rt_lub_constrain(double x, double lb, double ub, double *lj);
int rt_lub_unconstrain(double y, double lb, double ub, double *x,
                       RtError *err);
void rt_lub_partials(double x, double lb, double ub, double *dy_dx,
                     double *dlj_dx);
/* For bounds that are parameters: d y / d lb, d y / d ub,
 * d log|J| / d lb, d log|J| / d ub (any pointer may be NULL). */
void rt_lub_bound_partials(double x, double lb, double ub, double *dy_dlb,
                           double *dy_dub, double *dlj_dlb, double *dlj_dub);

double rt_offset_multiplier_constrain(double x, double mu, double sigma,
                                      double *lj);
int rt_offset_multiplier_unconstrain(double y, double mu, double sigma,
                                     double *x, RtError *err);
/* d y / d x = sigma, d y / d sigma = x, d log|J| / d sigma = 1 / sigma
 * (d y / d mu is 1; log|J| does not depend on x or mu).  Any pointer may
 * be NULL. */
void rt_offset_multiplier_partials(double x, double mu, double sigma,
                                   double *dy_dx, double *dy_dsigma,
                                   double *dlj_dsigma);

/* Vector and matrix transforms: x has rt_*_free_size(...) entries. */
int rt_simplex_free_size(int K);
void rt_simplex_constrain(const double *x, int K, double *y, double *lj);
int rt_simplex_unconstrain(const double *y, int K, double *x, RtError *err);
void rt_simplex_adjoint(const double *x, int K, const double *adj_y,
                        bool jacobian, double *adj_x);

/* ordered[K] and positive_ordered[K] have K free values. */
void rt_ordered_constrain(const double *x, int K, double *y, double *lj);
int rt_ordered_unconstrain(const double *y, int K, double *x, RtError *err);
void rt_ordered_adjoint(const double *x, int K, const double *adj_y,
                        bool jacobian, double *adj_x);

void rt_positive_ordered_constrain(const double *x, int K, double *y,
                                   double *lj);
int rt_positive_ordered_unconstrain(const double *y, int K, double *x,
                                    RtError *err);
void rt_positive_ordered_adjoint(const double *x, int K, const double *adj_y,
                                 bool jacobian, double *adj_x);

/* unit_vector[K] has K free values and is not a bijection: y = x / |x|,
 * and the "Jacobian" term is Stan's -0.5 |x|^2 (a standard normal on the
 * free values, fixing their radius).  unconstrain returns y itself, so
 * unconstrain(constrain(x)) is x / |x|. */
void rt_unit_vector_constrain(const double *x, int K, double *y, double *lj);
int rt_unit_vector_unconstrain(const double *y, int K, double *x,
                               RtError *err);
void rt_unit_vector_adjoint(const double *x, int K, const double *adj_y,
                            bool jacobian, double *adj_x);

/* sum_to_zero_vector[K]: K-1 free values, an isometry onto the zero-sum
 * hyperplane, so log|J| is 0 (nothing is added to *lj). */
int rt_sum_to_zero_free_size(int K);
void rt_sum_to_zero_constrain(const double *x, int K, double *y, double *lj);
int rt_sum_to_zero_unconstrain(const double *y, int K, double *x,
                               RtError *err);
void rt_sum_to_zero_adjoint(const double *x, int K, const double *adj_y,
                            bool jacobian, double *adj_x);

/* Matrices are K x K (or M x N), row-major. */
int rt_cholesky_corr_free_size(int K);
void rt_cholesky_corr_constrain(const double *x, int K, double *y,
                                double *lj);
int rt_cholesky_corr_unconstrain(const double *y, int K, double *x,
                                 RtError *err);
void rt_cholesky_corr_adjoint(const double *x, int K, const double *adj_y,
                              bool jacobian, double *adj_x);

/* cholesky_factor_cov[M, N], M >= N. */
int rt_cholesky_cov_free_size(int M, int N);
void rt_cholesky_cov_constrain(const double *x, int M, int N, double *y,
                               double *lj);
int rt_cholesky_cov_unconstrain(const double *y, int M, int N, double *x,
                                RtError *err);
void rt_cholesky_cov_adjoint(const double *x, int M, int N,
                             const double *adj_y, bool jacobian,
                             double *adj_x);

int rt_corr_matrix_free_size(int K);
void rt_corr_matrix_constrain(const double *x, int K, double *y, double *lj);
int rt_corr_matrix_unconstrain(const double *y, int K, double *x,
                               RtError *err);
void rt_corr_matrix_adjoint(const double *x, int K, const double *adj_y,
                            bool jacobian, double *adj_x);

int rt_cov_matrix_free_size(int K);
void rt_cov_matrix_constrain(const double *x, int K, double *y, double *lj);
int rt_cov_matrix_unconstrain(const double *y, int K, double *x,
                              RtError *err);
void rt_cov_matrix_adjoint(const double *x, int K, const double *adj_y,
                           bool jacobian, double *adj_x);

/* Row-stochastic: each of the M rows is a simplex of N; column-stochastic:
 * each of the N columns is a simplex of M. */
int rt_stochastic_row_free_size(int M, int N);
void rt_stochastic_row_constrain(const double *x, int M, int N, double *y,
                                 double *lj);
int rt_stochastic_row_unconstrain(const double *y, int M, int N, double *x,
                                  RtError *err);
void rt_stochastic_row_adjoint(const double *x, int M, int N,
                               const double *adj_y, bool jacobian,
                               double *adj_x);
int rt_stochastic_column_free_size(int M, int N);
void rt_stochastic_column_constrain(const double *x, int M, int N, double *y,
                                    double *lj);
int rt_stochastic_column_unconstrain(const double *y, int M, int N,
                                     double *x, RtError *err);
void rt_stochastic_column_adjoint(const double *x, int M, int N,
                                  const double *adj_y, bool jacobian,
                                  double *adj_x);

/* sum_to_zero_matrix[M, N]: (M-1)(N-1) free values; every row and every
 * column sums to zero.  (A Stan 2.37 type: the 1-D transform applied
 * along both axes; an isometry, so log|J| is 0.) */
int rt_sum_to_zero_matrix_free_size(int M, int N);
void rt_sum_to_zero_matrix_constrain(const double *x, int M, int N,
                                     double *y, double *lj);
int rt_sum_to_zero_matrix_unconstrain(const double *y, int M, int N,
                                      double *x, RtError *err);
void rt_sum_to_zero_matrix_adjoint(const double *x, int M, int N,
                                   const double *adj_y, bool jacobian,
                                   double *adj_x);

/* The reverse steps of the unconstraining directions, for the Stan
 * functions NAME_unconstrain: given adj_x = d t / d x at x =
 * rt_NAME_unconstrain(y) (same sizes and layouts), add d t / d y into
 * adj_y, differentiating the formula the unconstrain evaluates (so only
 * for a y that passed its check).  transforms.c and transforms_matrix.c. */
void rt_ordered_unconstrain_adjoint(const double *y, int K,
                                    const double *adj_x, double *adj_y);
void rt_positive_ordered_unconstrain_adjoint(const double *y, int K,
                                             const double *adj_x,
                                             double *adj_y);
void rt_unit_vector_unconstrain_adjoint(const double *y, int K,
                                        const double *adj_x, double *adj_y);
void rt_simplex_unconstrain_adjoint(const double *y, int K,
                                    const double *adj_x, double *adj_y);
void rt_sum_to_zero_unconstrain_adjoint(const double *y, int K,
                                        const double *adj_x, double *adj_y);
void rt_stochastic_row_unconstrain_adjoint(const double *y, int M, int N,
                                           const double *adj_x,
                                           double *adj_y);
void rt_stochastic_column_unconstrain_adjoint(const double *y, int M, int N,
                                              const double *adj_x,
                                              double *adj_y);
void rt_sum_to_zero_matrix_unconstrain_adjoint(const double *y, int M, int N,
                                               const double *adj_x,
                                               double *adj_y);
void rt_cholesky_corr_unconstrain_adjoint(const double *y, int K,
                                          const double *adj_x,
                                          double *adj_y);
void rt_cholesky_cov_unconstrain_adjoint(const double *y, int M, int N,
                                         const double *adj_x, double *adj_y);
void rt_corr_matrix_unconstrain_adjoint(const double *y, int K,
                                        const double *adj_x, double *adj_y);
void rt_cov_matrix_unconstrain_adjoint(const double *y, int K,
                                       const double *adj_x, double *adj_y);

/* ---------------------------------------------------------- Stan CSV */

/* Which factors of the log density count (the backend's emit_ctx.c, the
 * classification analyses.h's FgraphContext): joint = prior + likelihood. */
typedef enum RtContext {
    RT_JOINT,        /* prior and likelihood: the model's target */
    RT_PRIOR,        /* the factors on parameters only, and the Jacobian */
    RT_LIKELIHOOD    /* the factors on data */
} RtContext;

/* Why a model has no prior and likelihood contexts: its log density reads
 * target() (in the model block, or in an _lp function it calls).  What
 * target() returns in the prior context would be the prior terms added
 * so far, so the value of every later term would depend on how the terms
 * before it are split into prior and likelihood, statement by statement,
 * which no program transformation preserves (inlining an _lp function
 * splits its statements), and prior + likelihood = joint would not hold.
 * Such a model computes only the joint context (RtModel.
 * contexts_undefined); the others fail with this message. */
#define RT_CONTEXTS_READ_TARGET "the prior and likelihood contexts are not " \
    "defined for a model whose log density reads target()"

/* The configuration written into a Stan CSV's comment header, laid out as
 * CmdStan lays it out (method = sample (Default), num_samples = 1000, ...,
 * id, data file, init, random seed, output file, stanc_version ...). */
typedef enum RtMethod {
    RT_METHOD_SAMPLE,            /* sample algorithm=hmc engine=nuts */
    RT_METHOD_LOG_PROB,          /* log_prob: lp__ and gradient */
    RT_METHOD_PROBE              /* probe: everything at seeded points */
} RtMethod;

typedef struct RtRunConfig {
    const char *model_name;
    int num_samples, num_warmup, thin;
    bool save_warmup;
    bool adapt_engaged;
    double adapt_delta, adapt_gamma, adapt_kappa, adapt_t0;
    int adapt_init_buffer, adapt_term_buffer, adapt_window;
    int max_depth;
    const char *metric;          /* "diag_e" */
    double stepsize, stepsize_jitter;
    unsigned chain_id;
    const char *data_file;
    const char *init;            /* "2" or a file name */
    uint64_t seed;
    const char *output_file;
    int refresh;
    const char *profile_file;    /* NULL: profile.csv beside output_file */
    /* which defaults were left alone: printed "(Default)" as CmdStan does */
    bool default_num_samples, default_num_warmup, default_thin,
         default_delta, default_max_depth, default_seed, default_init;
    /* The method, CmdStan's start_datetime line (NULL: left out) and
     * log_prob's arguments (NULL: not given).  Fields without a default_
     * flag are marked "(Default)" when they equal CmdStan's default, which
     * is CmdStan's own rule (its arguments compare value and default). */
    RtMethod method;
    const char *start_datetime;  /* "2024-05-01 12:00:00 UTC" */
    const char *unconstrained_params, *constrained_params;
    bool jacobian;
    int probe_points;            /* probe's points=K (8) */
    /* sample's and log_prob's context=joint|prior|likelihood (joint):
     * sample context=prior draws from the prior */
    RtContext context;
} RtRunConfig;

/* CmdStan's defaults (model "model", seed 0), every default_* flag set. */
RtRunConfig rt_csv_config_defaults(void);
/* The configuration as CmdStan echoes it on stdout ("method = sample
 * (Default)" ... "num_threads = 1 (Default)"), without the "# ". */
void rt_csv_print_config(FILE *out, const RtRunConfig *cfg);

typedef struct RtCsv RtCsv;

/* Open PATH for writing through rt_out_open (a unique temporary renamed
 * over PATH by rt_csv_close, so an interrupted run leaves no half-written
 * file under the final name; a device or fifo written directly; refused
 * when it is the same file as one of the NPROTECT paths PROTECT). */
RtCsv *rt_csv_open(const char *path, const char *const *protect,
                   int nprotect, RtError *err);
/* The comment header: version, configuration. */
void rt_csv_header(RtCsv *c, const RtRunConfig *cfg);
/* The column line: lp__,accept_stat__,stepsize__,treedepth__,n_leapfrog__,
 * divergent__,energy__, then the model's output names. */
void rt_csv_columns(RtCsv *c, int nsampler, const char *const *sampler_cols,
                    int nmodel, const char *const *model_cols);
/* "# Adaptation terminated\n# Step size = 0.8\n# Diagonal elements of
 * inverse mass matrix:\n# 1, 1, ..." */
void rt_csv_adaptation(RtCsv *c, double stepsize, const double *inv_metric,
                       int n);
/* One draw: values printed with 6 significant digits as CmdStan does
 * (%g-style, sig_figs default). */
void rt_csv_row(RtCsv *c, int n, const double *values);
/* "#  Elapsed Time: 0.01 seconds (Warm-up)\n#  0.02 seconds (Sampling)\n
 *  #  0.03 seconds (Total)" */
void rt_csv_timing(RtCsv *c, double warmup_s, double sampling_s);
/* rt_out_commit: flush, check for write errors and give the file its
 * final name; on an error (a failed write, flush or rename) the temporary
 * is removed and non-zero is returned with err set.  Frees c either way;
 * NULL is a no-op. */
int rt_csv_close(RtCsv *c, RtError *err);

/* --------------------------------------------------------------- NUTS */

/* The target: log density and gradient at an unconstrained point.  Returns
 * 0, or non-zero when the density cannot be evaluated there (a reject, a
 * non-finite value): the sampler treats that as zero density (a rejected
 * proposal), as Stan does, and the message is printed as an informational
 * line.  An error marked fatal (fatal_error) instead stops the run:
 * rt_nuts_run returns non-zero with Stan's "Unrecoverable error" message
 * in err, marked fatal too. */
typedef int (*RtLogpGrad)(void *ctx, const double *u, double *lp,
                          double *grad, RtError *err);

typedef struct RtNutsConfig {
    int num_warmup, num_samples, thin;
    bool save_warmup;
    int max_depth;               /* 10 */
    double stepsize;             /* initial, 1 */
    double stepsize_jitter;      /* 0 */
    bool adapt_engaged;          /* true */
    double delta, gamma, kappa, t0;  /* 0.8, 0.05, 0.75, 10 */
    int init_buffer, term_buffer, window;  /* 75, 50, 25 */
    int refresh;                 /* progress every N iterations; 0: never */
    FILE *progress;              /* where progress lines go (stdout) */
} RtNutsConfig;

/* Stan's defaults. */
RtNutsConfig rt_nuts_defaults(void);

/* Per-iteration sampler output, in CSV column order. */
typedef struct RtNutsDraw {
    double lp, accept_stat, stepsize;
    int treedepth, n_leapfrog;
    bool divergent;
    double energy;
    bool warmup;
} RtNutsDraw;

/* Called for every saved iteration with the draw and the unconstrained
 * position; returns non-zero to stop the run. */
typedef int (*RtDrawFn)(void *ctx, const RtNutsDraw *draw, const double *u);

typedef struct RtNutsResult {
    double stepsize;             /* after adaptation */
    double *inv_metric;          /* diagonal, dim entries (malloc'd) */
    double warmup_seconds, sampling_seconds;
    long total_leapfrog;         /* gradient evaluations */
    int divergences;             /* after warm-up */
} RtNutsResult;

/* Stan's NUTS: multinomial sampling along the trajectory, the generalized
 * no-U-turn criterion (with the extra checks across subtrees), diagonal
 * metric, windowed adaptation (Stan's fast/slow windows, regularized
 * variance estimate), dual-averaging step size, divergence when the energy
 * error exceeds 1000.  Starts from u0 (dim entries).  on_adapted, if not
 * NULL, is called once when warm-up ends (to write the adaptation comment).
 * Returns 0, or non-zero with err set when the run cannot go on (no finite
 * starting density). */
int rt_nuts_run(RtLogpGrad f, void *fctx, int dim, const double *u0,
                const RtNutsConfig *cfg, RtRng *rng, RtDrawFn on_draw,
                void *draw_ctx,
                void (*on_adapted)(void *ctx, double stepsize,
                                   const double *inv_metric, int dim),
                RtNutsResult *result, RtError *err);
void rt_nuts_result_free(RtNutsResult *r);

/* ------------------------------------------------- the model interface */

/* What one emitted program defines: a constant RtModel that rt_main turns
 * into a CmdStan-like executable. */
typedef struct RtModel {
    const char *name;
    /* prepare_data: read and check data, run transformed data.  Returns
     * the model's state, or NULL with err set. */
    void *(*create)(const RtData *data, uint64_t seed, RtError *err);
    void (*destroy)(void *m);
    int (*num_unconstrained)(const void *m);
    /* log density at unconstrained u (with the log-Jacobian when jacobian
     * is set; dropping constants when propto is set); grad (may be NULL)
     * receives its gradient. */
    int (*log_density)(const void *m, const double *u, bool jacobian,
                       bool propto, RtContext context, double *lp,
                       double *grad, RtError *err);
    /* Output columns: constrained parameters, then transformed parameters,
     * then generated quantities, named as CmdStan names them
     * ("theta.1", "Sigma.2.1"). */
    int (*num_outputs)(const void *m);
    const char *(*output_name)(const void *m, int i);
    /* The name of unconstrained value i, as CmdStan's log_prob names its
     * gradient column g_NAME: "mu", "theta.2", "Sigma.3" (a transform that
     * changes the shape numbers the values 1, 2, ...).  May be NULL. */
    const char *(*unconstrained_name)(const void *m, int i);
    /* Fill out[0..num_outputs-1] for the point u: constrain the
     * parameters, compute transformed parameters and generated
     * quantities (with rng). */
    int (*write_array)(const void *m, RtRng *rng, const double *u,
                       double *out, RtError *err);
    /* transform_inits: unconstrained point from constrained values. */
    int (*unconstrain)(const void *m, const RtData *inits, double *u,
                       RtError *err);
    /* The profile table of the model's profile("name") blocks (profile.c),
     * written to profile_file after a run; NULL for a program without
     * profile blocks (and for models built before they existed). */
    const RtProfiles *(*profiles)(const void *m);
    /* NULL when log_density computes the prior and likelihood contexts;
     * else why it does not (RT_CONTEXTS_READ_TARGET) and fails for them. */
    const char *contexts_undefined;
} RtModel;

/* The sampler executable's main: CmdStan's command line
 *   model sample num_samples=N num_warmup=N thin=N save_warmup=0|1
 *         adapt delta=D engaged=1 algorithm=hmc engine=nuts max_depth=D
 *         data file=F init=R|FILE random seed=S id=N output file=F
 *         refresh=N
 *   model log_prob constrained_params=F | unconstrained_params=F
 *         jacobian=0|1 data file=F output file=F
 *   (output profile_file=F: where a program with profile blocks writes
 *   CmdStan's profile CSV, by default profile.csv in the output's folder)
 *   model probe points=K random seed=S data file=F output file=F
 *   model help
 * (also method=sample, gamma/kappa/t0/init_buffer/term_buffer/window,
 * metric=diag_e, stepsize, stepsize_jitter, num_chains=1).  log_prob
 * writes lp__ and the gradient's columns g_NAME, NAME the unconstrained
 * value's name (g.1, g.2, ... when the model has no names).  Returns the
 * process exit code: 0, or 1 for a bad command line (message and usage
 * on stderr, as CmdStan), bad data, failed initialization or a sampler
 * error (the draws written so far are kept). */
int rt_main(int argc, char **argv, const RtModel *model);
/* The probe method (probe.c, where the file's format is described):
 * create the model from data (its transformed data printing into the
 * file), then at cfg->probe_points seeded points the log density with and
 * without the Jacobian, the gradient, the outputs, what each printed and
 * each rejection, into cfg->output_file through rt_out_open (refused when
 * it is one of the NPROTECT paths PROTECT).  A rejection is data in the
 * file, not a failure: returns 0, or -1 with err when the file cannot be
 * made (bad points, memory, I/O). */
int rt_probe_run(const RtModel *model, const RtData *data,
                 const RtRunConfig *cfg, const char *const *protect,
                 int nprotect, RtError *err);
/* rt_main's argument parser alone (tests and the fuzz target): parse
 * argv[1..argc-1] into *cfg (from rt_csv_config_defaults; its strings
 * point into argv).  Returns 0, 1 for help, or -1 with err.  Opens,
 * reads and writes nothing. */
int rt_cmdline_parse_only(int argc, char **argv, RtRunConfig *cfg,
                          RtError *err);

#endif
