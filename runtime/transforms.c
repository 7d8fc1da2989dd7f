/* transforms.c - Stan's constraining transforms for scalars and vectors,
 * and the matrices built from them slice by slice (Stan Reference Manual,
 * chapter "Constraint transforms"): lower, upper and lower+upper bounds,
 * offset/multiplier, ordered, positive_ordered, unit_vector, simplex,
 * sum_to_zero_vector, row/column-stochastic matrices and
 * sum_to_zero_matrix.  The Cholesky family is in transforms_matrix.c.
 *
 * Every transform is written from the manual's definitions; where Stan 2.36
 * and the current manual differ (the simplex), Stan 2.36 is followed, so an
 * unconstrained point means the same thing here as in Stan 2.36.  Where a
 * formula can be evaluated more accurately than its textbook form without
 * changing its value (log(1 - inv_logit(a)), stick lengths as products), the
 * accurate form is used; results agree with Stan to rounding. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "pplrt.h"

/* Stan's CONSTRAINT_TOLERANCE: how far a sum may be from 1 (simplex) or 0
 * (sum_to_zero), or a squared norm from 1 (unit_vector). */
#define TOLERANCE 1e-8

/* ------------------------------------------------------------ helpers */

/* log(1 + exp(a)) without overflow for large a or loss for small a. */
static double log1p_exp(double a)
{
    if (a > 0)
        return a + log1p(exp(-a));
    return log1p(exp(a));
}

/* Stan's inv_logit: below log(DBL_EPSILON), 1 + exp(a) rounds to 1, so
 * exp(a) itself is the answer. */
static double inv_logit(double a)
{
    if (a < 0) {
        double e = exp(a);
        if (a < log(DBL_EPSILON))
            return e;
        return e / (1 + e);
    }
    return 1 / (1 + exp(-a));
}

/* log(inv_logit(a)); log(1 - inv_logit(a)) is log_inv_logit(-a). */
static double log_inv_logit(double a)
{
    return -log1p_exp(-a);
}

/* Fill n entries of a strided array with NaN: the answer when the point
 * cannot be evaluated (a rejection in Stan). */
static void fill_nan(double *v, size_t n, ptrdiff_t stride)
{
    for (size_t i = 0; i < n; i++)
        v[(ptrdiff_t)i * stride] = NAN;
}

/* ------------------------------------------------------ lower bound */

/* Manual, "Lower bounded scalar": y = lb + exp(x), log|J| = x; an
 * infinite lb (-inf) is no bound. */
double rt_lb_constrain(double x, double lb, double *lj)
{
    if (lb == -INFINITY)
        return x;
    if (lj)
        *lj += x;
    return exp(x) + lb;
}

int rt_lb_unconstrain(double y, double lb, double *x, RtError *err)
{
    if (lb == -INFINITY) {
        *x = y;
        return 0;
    }
    if (!(y >= lb))
        return rt_error(err, "lb_free: Lower bounded variable is %g, but "
                        "must be greater than or equal to %f", y, lb);
    *x = log(y - lb);
    return 0;
}

void rt_lb_partials(double x, double lb, double *dy_dx, double *dlj_dx)
{
    bool identity = lb == -INFINITY;
    *dy_dx = identity ? 1 : exp(x);
    *dlj_dx = identity ? 0 : 1;
}

/* ------------------------------------------------------ upper bound */

/* Manual, "Upper bounded scalar": y = ub - exp(x), log|J| = x. */
double rt_ub_constrain(double x, double ub, double *lj)
{
    if (ub == INFINITY)
        return x;
    if (lj)
        *lj += x;
    return ub - exp(x);
}

int rt_ub_unconstrain(double y, double ub, double *x, RtError *err)
{
    if (ub == INFINITY) {
        *x = y;
        return 0;
    }
    if (!(y <= ub))
        return rt_error(err, "ub_free: Upper bounded variable is %g, but "
                        "must be less than or equal to %f", y, ub);
    *x = log(ub - y);
    return 0;
}

void rt_ub_partials(double x, double ub, double *dy_dx, double *dlj_dx)
{
    bool identity = ub == INFINITY;
    *dy_dx = identity ? 1 : -exp(x);
    *dlj_dx = identity ? 0 : 1;
}

/* ------------------------------------------------ lower and upper bound */

/* Manual, "Lower and upper bounded scalar": y = lb + (ub - lb)
 * inv_logit(x), log|J| = log(ub - lb) + log inv_logit(x) + log(1 -
 * inv_logit(x)), which Stan evaluates as log(ub - lb) - |x| - 2 log(1 +
 * exp(-|x|)) so that neither term underflows.  With one infinite bound it
 * is the other one-sided transform, with both the identity. */
double rt_lub_constrain(double x, double lb, double ub, double *lj)
{
    if (lb == -INFINITY && ub == INFINITY)
        return x;
    if (ub == INFINITY)
        return rt_lb_constrain(x, lb, lj);
    if (lb == -INFINITY)
        return rt_ub_constrain(x, ub, lj);
    if (!(lb < ub)) {
        if (lj)
            *lj += NAN;
        return NAN;
    }
    double diff = ub - lb;
    if (lj)
        *lj += log(diff) - fabs(x) - 2 * log1p_exp(-fabs(x));
    return diff * inv_logit(x) + lb;
}

int rt_lub_unconstrain(double y, double lb, double ub, double *x,
                       RtError *err)
{
    if (lb == -INFINITY && ub == INFINITY) {
        *x = y;
        return 0;
    }
    if (ub == INFINITY)
        return rt_lb_unconstrain(y, lb, x, err);
    if (lb == -INFINITY)
        return rt_ub_unconstrain(y, ub, x, err);
    if (!(lb < ub))
        return rt_error(err, "lub_free: lb is %g, but must be less than "
                        "%f", lb, ub);
    if (!(y >= lb && y <= ub))
        return rt_error(err, "lub_free: Bounded variable is %g, but must "
                        "be in the interval [%f, %f]", y, lb, ub);
    double u = (y - lb) / (ub - lb);
    *x = log(u / (1 - u));
    return 0;
}

void rt_lub_partials(double x, double lb, double ub, double *dy_dx,
                     double *dlj_dx)
{
    if (lb == -INFINITY && ub == INFINITY) {
        *dy_dx = 1;
        *dlj_dx = 0;
        return;
    }
    if (ub == INFINITY) {
        rt_lb_partials(x, lb, dy_dx, dlj_dx);
        return;
    }
    if (lb == -INFINITY) {
        rt_ub_partials(x, ub, dy_dx, dlj_dx);
        return;
    }
    if (!(lb < ub)) {
        *dy_dx = *dlj_dx = NAN;
        return;
    }
    double p = inv_logit(x), q = inv_logit(-x);   /* q = 1 - p, exactly */
    *dy_dx = (ub - lb) * p * q;
    *dlj_dx = q - p;
}

void rt_lub_bound_partials(double x, double lb, double ub, double *dy_dlb,
                           double *dy_dub, double *dlj_dlb, double *dlj_dub)
{
    double a = 0, b = 0, c = 0, d = 0;
    if (lb == -INFINITY && ub == INFINITY) {
        /* identity: nothing depends on the bounds */
    } else if (ub == INFINITY) {
        a = 1;
    } else if (lb == -INFINITY) {
        b = 1;
    } else if (!(lb < ub)) {
        a = b = c = d = NAN;
    } else {
        a = inv_logit(-x);
        b = inv_logit(x);
        c = -1 / (ub - lb);
        d = 1 / (ub - lb);
    }
    if (dy_dlb)
        *dy_dlb = a;
    if (dy_dub)
        *dy_dub = b;
    if (dlj_dlb)
        *dlj_dlb = c;
    if (dlj_dub)
        *dlj_dub = d;
}

/* ------------------------------------------------ offset / multiplier */

/* Manual, "Affinely transformed scalar": y = mu + sigma x, log|J| =
 * log sigma; mu must be finite and sigma positive and finite. */
double rt_offset_multiplier_constrain(double x, double mu, double sigma,
                                      double *lj)
{
    if (!isfinite(mu) || !(sigma > 0) || !isfinite(sigma)) {
        if (lj)
            *lj += NAN;
        return NAN;
    }
    if (lj)
        *lj += log(sigma);
    return fma(sigma, x, mu);
}

int rt_offset_multiplier_unconstrain(double y, double mu, double sigma,
                                     double *x, RtError *err)
{
    if (!isfinite(mu))
        return rt_error(err, "offset_multiplier_free: offset is %g, but "
                        "must be finite!", mu);
    if (!(sigma > 0) || !isfinite(sigma))
        return rt_error(err, "offset_multiplier_free: multiplier is %g, "
                        "but must be positive finite!", sigma);
    *x = (y - mu) / sigma;
    return 0;
}

void rt_offset_multiplier_partials(double x, double mu, double sigma,
                                   double *dy_dx, double *dy_dsigma,
                                   double *dlj_dsigma)
{
    bool bad = !isfinite(mu) || !(sigma > 0) || !isfinite(sigma);
    if (dy_dx)
        *dy_dx = bad ? NAN : sigma;
    if (dy_dsigma)
        *dy_dsigma = bad ? NAN : x;
    if (dlj_dsigma)
        *dlj_dsigma = bad ? NAN : 1 / sigma;
}

/* ------------------------------------------------------------ ordered */

/* Manual, "Ordered vector": y[0] = x[0], y[k] = y[k-1] + exp(x[k]);
 * log|J| = sum of x[1..K-1]. */
void rt_ordered_constrain(const double *x, int K, double *y, double *lj)
{
    double sum = 0;
    for (int k = 0; k < K; k++) {
        if (k == 0) {
            y[0] = x[0];
        } else {
            y[k] = y[k - 1] + exp(x[k]);
            sum += x[k];
        }
    }
    if (lj)
        *lj += sum;
}

/* The check shared by ordered and positive_ordered: strictly increasing,
 * no NaN. */
static int check_ordered(const char *fn, const char *what, const double *y,
                         int K, RtError *err)
{
    for (int k = 0; k < K; k++) {
        if (isnan(y[k]))
            return rt_error(err, "%s: %s is not a valid ordered vector. The "
                            "element at %d is nan", fn, what, k + 1);
        if (k > 0 && !(y[k] > y[k - 1]))
            return rt_error(err, "%s: %s is not a valid ordered vector. The "
                            "element at %d is %g, but should be greater "
                            "than the previous element, %g", fn, what, k + 1,
                            y[k], y[k - 1]);
    }
    return 0;
}

int rt_ordered_unconstrain(const double *y, int K, double *x, RtError *err)
{
    if (check_ordered("ordered_free", "Ordered variable", y, K, err))
        return -1;
    for (int k = 0; k < K; k++)
        x[k] = k == 0 ? y[0] : log(y[k] - y[k - 1]);
    return 0;
}

/* y[k] depends on x[j] for j <= k, so d t / d x[j] is exp(x[j]) (or 1
 * for j = 0) times the suffix sum of adj_y from j. */
void rt_ordered_adjoint(const double *x, int K, const double *adj_y,
                        bool jacobian, double *adj_x)
{
    double suffix = 0;
    for (int k = K - 1; k >= 0; k--) {
        suffix += adj_y[k];
        if (k == 0)
            adj_x[0] += suffix;
        else
            adj_x[k] += exp(x[k]) * suffix + (jacobian ? 1 : 0);
    }
}

/* ---------------------------------------------------- positive_ordered */

/* Manual, "Positive ordered vector": as ordered, with y[0] = exp(x[0]);
 * log|J| = sum of all x. */
void rt_positive_ordered_constrain(const double *x, int K, double *y,
                                   double *lj)
{
    double sum = 0;
    for (int k = 0; k < K; k++) {
        y[k] = (k == 0 ? 0 : y[k - 1]) + exp(x[k]);
        sum += x[k];
    }
    if (lj)
        *lj += sum;
}

int rt_positive_ordered_unconstrain(const double *y, int K, double *x,
                                    RtError *err)
{
    if (K > 0 && !(y[0] >= 0))
        return rt_error(err, "positive_ordered_free: Positive ordered "
                        "variable is not a valid positive_ordered vector. "
                        "The element at 1 is %g, but should be positive.",
                        y[0]);
    if (check_ordered("positive_ordered_free", "Positive ordered variable",
                      y, K, err))
        return -1;
    for (int k = 0; k < K; k++)
        x[k] = log(k == 0 ? y[0] : y[k] - y[k - 1]);
    return 0;
}

void rt_positive_ordered_adjoint(const double *x, int K, const double *adj_y,
                                 bool jacobian, double *adj_x)
{
    double suffix = 0;
    for (int k = K - 1; k >= 0; k--) {
        suffix += adj_y[k];
        adj_x[k] += exp(x[k]) * suffix + (jacobian ? 1 : 0);
    }
}

/* -------------------------------------------------------- unit_vector */

/* Manual, "Unit vector": y = x / |x|, and the "Jacobian" is the standard
 * normal kernel -|x|^2 / 2 on the free values, which fixes their radius.
 * A zero (or non-finite) vector has no direction: NaN, as Stan throws. */
void rt_unit_vector_constrain(const double *x, int K, double *y, double *lj)
{
    double sn = 0;
    for (int k = 0; k < K; k++)
        sn += x[k] * x[k];
    if (!(sn > 0) || !isfinite(sn)) {
        fill_nan(y, (size_t)(K > 0 ? K : 0), 1);
        if (lj)
            *lj += NAN;
        return;
    }
    double r = sqrt(sn);
    for (int k = 0; k < K; k++)
        y[k] = x[k] / r;
    if (lj)
        *lj += -0.5 * sn;
}

int rt_unit_vector_unconstrain(const double *y, int K, double *x,
                               RtError *err)
{
    if (K <= 0)
        return rt_error(err, "unit_vector_free: Unit vector variable has "
                        "size 0, but must have a non-zero size");
    double sn = 0;
    for (int k = 0; k < K; k++)
        sn += y[k] * y[k];
    if (!(fabs(1 - sn) <= TOLERANCE))
        return rt_error(err, "unit_vector_free: Unit vector variable is not "
                        "a valid unit vector. The sum of the squares of the "
                        "elements should be 1, but is %g", sn);
    for (int k = 0; k < K; k++)
        x[k] = y[k];
    return 0;
}

/* d y / d x = (I - y y^T) / |x|, symmetric, so adj_x = (adj_y - y (y .
 * adj_y)) / |x|; the -|x|^2 / 2 term adds -x. */
void rt_unit_vector_adjoint(const double *x, int K, const double *adj_y,
                            bool jacobian, double *adj_x)
{
    double sn = 0;
    for (int k = 0; k < K; k++)
        sn += x[k] * x[k];
    if (!(sn > 0) || !isfinite(sn)) {
        fill_nan(adj_x, (size_t)(K > 0 ? K : 0), 1);
        return;
    }
    double r = sqrt(sn), dot = 0;
    for (int k = 0; k < K; k++)
        dot += adj_y[k] * x[k] / r;
    for (int k = 0; k < K; k++)
        adj_x[k] += (adj_y[k] - x[k] / r * dot) / r
                    + (jacobian ? -x[k] : 0);
}

/* ------------------------------------------------------------ simplex */

/* Stan 2.36's simplex is the stick-breaking transform (2.36 Reference
 * Manual, "Unit simplex", "Unit simplex inverse transform"; from 2.37 the
 * manual describes softmax of a sum-to-zero vector instead and notes that
 * "all versions of Stan pre-2.37 used the stick-breaking transform").
 * For k = 1..K-1 (1-based), z_k = inv_logit(x_k + logit(1 / (K - k))) =
 * inv_logit(x_k - log(K - k - 1)) is the fraction of the remaining stick
 * that y_k takes; y_K is what is left.  The Jacobian with respect to
 * y_1..y_{K-1} is triangular with diagonal stick_k z_k (1 - z_k).
 *
 * The stick length is kept as a product of (1 - z) factors, each computed
 * as inv_logit(-a), rather than Stan's running subtraction: the same value
 * without the cancellation.
 *
 * These helpers take strides so that the stochastic matrices can apply
 * them to rows and columns in place. */
static void simplex_constrain_strided(const double *x, ptrdiff_t xs, int K,
                                      double *y, ptrdiff_t ys, double *lj)
{
    if (K <= 0)
        return;
    int N = K - 1;
    double stick = 1, log_stick = 0, sum = 0;
    for (int k = 0; k < N; k++) {
        double a = x[k * xs] - log((double)(N - k));
        y[k * ys] = stick * inv_logit(a);
        stick *= inv_logit(-a);
        if (lj) {
            sum += log_stick + log_inv_logit(a) + log_inv_logit(-a);
            log_stick += log_inv_logit(-a);
        }
    }
    y[N * ys] = stick;
    if (lj)
        *lj += sum;
}

/* `what` names the vector in messages ("Simplex variable", "row 2 of
 * y"); its elements are what[k], or y[row,k] or y[k,col] when row or col
 * (1-based) says it is a slice of a matrix. */
static int simplex_free_strided(const char *fn, const char *what, int row,
                                int col, const double *y, ptrdiff_t ys,
                                int K, double *x, ptrdiff_t xs, RtError *err)
{
    if (K <= 0)
        return rt_error(err, "%s: %s has size 0, but must have a non-zero "
                        "size", fn, what);
    double sum = 0;
    for (int k = 0; k < K; k++)
        sum += y[k * ys];
    if (!(fabs(1 - sum) <= TOLERANCE))
        return rt_error(err, "%s: %s is not a valid simplex. sum(%s) = %.9g, "
                        "but should be 1", fn, what, what, sum);
    for (int k = 0; k < K; k++) {
        if (y[k * ys] >= 0)
            continue;
        char elem[80];
        if (row > 0)
            snprintf(elem, sizeof elem, "y[%d,%d]", row, k + 1);
        else if (col > 0)
            snprintf(elem, sizeof elem, "y[%d,%d]", k + 1, col);
        else
            snprintf(elem, sizeof elem, "%s[%d]", what, k + 1);
        return rt_error(err, "%s: %s is not a valid simplex. %s = %g, but "
                        "should be greater than or equal to 0", fn, what,
                        elem, y[k * ys]);
    }
    /* Walking back from the end, `rest` is the stick left after entry k,
     * so z_k = y_k / (y_k + rest) and logit(z_k) = log(y_k / rest). */
    int N = K - 1;
    double rest = y[N * ys];
    for (int k = N - 1; k >= 0; k--) {
        x[k * xs] = log(y[k * ys] / rest) + log((double)(N - k));
        rest += y[k * ys];
    }
    return 0;
}

/* Reverse sweep.  With a_j the shifted free value, z_j = inv_logit(a_j)
 * and s_j the stick before entry j, y_j = s_j z_j and y_K = s_K, so
 *   d t / d a_j = s_j z_j (1 - z_j) (adj_y_j - R_j),
 * where R_j = sum over k > j of adj_y_k y_k / s_{j+1}, built backwards by
 * R_{j-1} = adj_y_j z_j + (1 - z_j) R_j from R_{K-2} = adj_y_{K-1}.  The
 * log|J| term sum_j (log s_j + log z_j + log(1 - z_j)) adds
 * 1 - 2 z_j - (K - 2 - j) z_j, since each later log s_k holds log(1 - z_j).
 * s_j comes from log s_K by removing log(1 - z_j) factors on the way back,
 * so nothing is stored. */
static void simplex_adjoint_strided(const double *x, ptrdiff_t xs, int K,
                                    const double *adj_y, ptrdiff_t ys,
                                    bool jacobian, double *adj_x,
                                    ptrdiff_t as)
{
    if (K <= 1)
        return;
    int N = K - 1;
    double log_stick = 0;
    for (int k = 0; k < N; k++)
        log_stick += log_inv_logit(-(x[k * xs] - log((double)(N - k))));
    double r = adj_y[N * ys];
    for (int j = N - 1; j >= 0; j--) {
        double a = x[j * xs] - log((double)(N - j));
        double z = inv_logit(a), zc = inv_logit(-a);
        log_stick -= log_inv_logit(-a);
        double g = exp(log_stick) * z * zc * (adj_y[j * ys] - r);
        if (jacobian)
            g += 1 - 2 * z - (double)(N - 1 - j) * z;
        adj_x[j * as] += g;
        r = adj_y[j * ys] * z + zc * r;
    }
}

int rt_simplex_free_size(int K)
{
    return K > 0 ? K - 1 : 0;
}

void rt_simplex_constrain(const double *x, int K, double *y, double *lj)
{
    simplex_constrain_strided(x, 1, K, y, 1, lj);
}

int rt_simplex_unconstrain(const double *y, int K, double *x, RtError *err)
{
    return simplex_free_strided("simplex_free", "Simplex variable", 0, 0, y,
                                1, K, x, 1, err);
}

void rt_simplex_adjoint(const double *x, int K, const double *adj_y,
                        bool jacobian, double *adj_x)
{
    simplex_adjoint_strided(x, 1, K, adj_y, 1, jacobian, adj_x, 1);
}

/* ------------------------------------------------- stochastic matrices */

/* Manual, "Stochastic Matrix": each row (column) is a simplex, transformed
 * as one.  The free values are laid out as Stan's deserializer reads the
 * free matrix, column-major (see pplrt.h). */
int rt_stochastic_row_free_size(int M, int N)
{
    return M > 0 && N > 0 ? M * (N - 1) : 0;
}

void rt_stochastic_row_constrain(const double *x, int M, int N, double *y,
                                 double *lj)
{
    for (int i = 0; i < M; i++)
        simplex_constrain_strided(x + i, M, N, y + (ptrdiff_t)i * N, 1, lj);
}

int rt_stochastic_row_unconstrain(const double *y, int M, int N, double *x,
                                  RtError *err)
{
    char what[48];
    for (int i = 0; i < M; i++) {
        snprintf(what, sizeof what, "row %d of y", i + 1);
        if (simplex_free_strided("stochastic_row_free", what, i + 1, 0,
                                 y + (ptrdiff_t)i * N, 1, N, x + i, M, err))
            return -1;
    }
    return 0;
}

void rt_stochastic_row_adjoint(const double *x, int M, int N,
                               const double *adj_y, bool jacobian,
                               double *adj_x)
{
    for (int i = 0; i < M; i++)
        simplex_adjoint_strided(x + i, M, N, adj_y + (ptrdiff_t)i * N, 1,
                                jacobian, adj_x + i, M);
}

int rt_stochastic_column_free_size(int M, int N)
{
    return M > 0 && N > 0 ? (M - 1) * N : 0;
}

void rt_stochastic_column_constrain(const double *x, int M, int N, double *y,
                                    double *lj)
{
    if (M <= 0)
        return;
    for (int j = 0; j < N; j++)
        simplex_constrain_strided(x + (ptrdiff_t)j * (M - 1), 1, M, y + j, N,
                                  lj);
}

int rt_stochastic_column_unconstrain(const double *y, int M, int N,
                                     double *x, RtError *err)
{
    char what[48];
    if (M <= 0 && N > 0)
        return rt_error(err, "stochastic_column_free: column 1 of y has "
                        "size 0, but must have a non-zero size");
    for (int j = 0; j < N; j++) {
        snprintf(what, sizeof what, "column %d of y", j + 1);
        if (simplex_free_strided("stochastic_column_free", what, 0, j + 1,
                                 y + j, N, M, x + (ptrdiff_t)j * (M - 1), 1,
                                 err))
            return -1;
    }
    return 0;
}

void rt_stochastic_column_adjoint(const double *x, int M, int N,
                                  const double *adj_y, bool jacobian,
                                  double *adj_x)
{
    if (M <= 0)
        return;
    for (int j = 0; j < N; j++)
        simplex_adjoint_strided(x + (ptrdiff_t)j * (M - 1), 1, M, adj_y + j,
                                N, jacobian, adj_x + (ptrdiff_t)j * (M - 1),
                                1);
}

/* --------------------------------------------------------- sum_to_zero */

/* Manual, "Sum-to-zero vector inverse transform" (Stan 2.36: the
 * isometric log ratio / pivot-coordinate construction; the older "last
 * element is minus the sum" was replaced before 2.36 was released).  With
 * N free values and w_n = x_n / sqrt(n (n + 1)) (1-based),
 *   y_1 = sum_n w_n,   y_{n+1} = sum_{i > n} w_i - n w_n.
 * The columns of this linear map are orthonormal (a Helmert basis), so it
 * is an isometry onto the hyperplane and Stan adds nothing to the target.
 *
 * Writes z[0..N]; z may be x itself (same stride), which the matrix
 * transform uses: x[i] is read before z[i] is written. */
static void stz_constrain_strided(const double *x, ptrdiff_t xs, int N,
                                  double *z, ptrdiff_t zs)
{
    z[N * zs] = 0;
    double sum_w = 0;
    for (int i = N - 1; i >= 0; i--) {
        double n = i + 1;
        double w = x[i * xs] / sqrt(n * (n + 1));
        sum_w += w;
        z[i * zs] = sum_w;
        z[(i + 1) * zs] -= w * n;
    }
}

/* Manual, "Sum-to-zero vector transform": back from the last entry,
 * x_N = -z_{N+1} sqrt(1 + 1/N), then x_n = (S_n - z_{n+1}) sqrt(n (n+1)) /
 * n with S_n the sum of w_i for i > n.  z[0] is implied by the others. */
static void stz_free_strided(const double *z, ptrdiff_t zs, int N,
                             double *x, ptrdiff_t xs)
{
    if (N <= 0)
        return;
    x[(N - 1) * xs] = -z[N * zs] * sqrt(1 + 1.0 / N);
    double sum_w = 0;
    for (int m = N - 2; m >= 0; m--) {
        double next = m + 2;    /* 1-based index of x[m + 1] */
        sum_w += x[(m + 1) * xs] / sqrt(next * (next + 1));
        double n = m + 1;
        x[m * xs] = (sum_w - z[(m + 1) * zs]) * sqrt(n * (n + 1)) / n;
    }
}

/* The transpose of the linear map: d t / d x_m = (sum_{k <= m} adj_z_k -
 * (m + 1) adj_z_{m+1}) / sqrt((m + 1)(m + 2)), 0-based. */
static void stz_transpose_strided(const double *adj_z, ptrdiff_t zs, int N,
                                  double *adj_x, ptrdiff_t xs)
{
    double prefix = 0;
    for (int m = 0; m < N; m++) {
        double n = m + 1;
        prefix += adj_z[m * zs];
        adj_x[m * xs] += (prefix - n * adj_z[(m + 1) * zs])
                         / sqrt(n * (n + 1));
    }
}

/* Stan's check: the sum within TOLERANCE of zero. */
static int check_sum_to_zero(const char *fn, const char *what,
                             const double *y, ptrdiff_t ys, int K,
                             RtError *err)
{
    double sum = 0;
    for (int k = 0; k < K; k++)
        sum += y[k * ys];
    if (!(fabs(sum) <= TOLERANCE))
        return rt_error(err, "%s: %s does not sum to zero. sum(%s) = %g, but "
                        "should be 0", fn, what, what, sum);
    return 0;
}

int rt_sum_to_zero_free_size(int K)
{
    return K > 0 ? K - 1 : 0;
}

void rt_sum_to_zero_constrain(const double *x, int K, double *y, double *lj)
{
    (void)lj;   /* an isometry: log|J| = 0 */
    if (K > 0)
        stz_constrain_strided(x, 1, K - 1, y, 1);
}

int rt_sum_to_zero_unconstrain(const double *y, int K, double *x,
                               RtError *err)
{
    if (check_sum_to_zero("sum_to_zero_free", "sum_to_zero variable", y, 1, K,
                          err))
        return -1;
    stz_free_strided(y, 1, K - 1, x, 1);
    return 0;
}

void rt_sum_to_zero_adjoint(const double *x, int K, const double *adj_y,
                            bool jacobian, double *adj_x)
{
    (void)x;
    (void)jacobian;
    if (K > 1)
        stz_transpose_strided(adj_y, 1, K - 1, adj_x, 1);
}

/* -------------------------------------------------- sum_to_zero_matrix */

/* Manual (2.37), "Sum-to-zero matrix transform": the vector transform
 * applied along every row and then every column, so each row and each
 * column sums to zero.  The two passes act on different axes and commute;
 * together they are again an isometry (log|J| = 0).  Free values: the
 * (M-1) x (N-1) matrix, column-major, so free entry (r, c) is
 * x[r + c (M-1)]. */
int rt_sum_to_zero_matrix_free_size(int M, int N)
{
    return M > 0 && N > 0 ? (M - 1) * (N - 1) : 0;
}

void rt_sum_to_zero_matrix_constrain(const double *x, int M, int N,
                                     double *y, double *lj)
{
    (void)lj;
    if (M <= 0 || N <= 0)
        return;
    /* rows 0..M-2 of y: each free row widened to N entries */
    for (int r = 0; r < M - 1; r++)
        stz_constrain_strided(x + r, M - 1, N - 1, y + (ptrdiff_t)r * N, 1);
    /* then each column of y widened from M-1 to M entries, in place */
    for (int c = 0; c < N; c++)
        stz_constrain_strided(y + c, N, M - 1, y + c, N);
}

int rt_sum_to_zero_matrix_unconstrain(const double *y, int M, int N,
                                      double *x, RtError *err)
{
    char what[48];
    for (int r = 0; r < M; r++) {
        snprintf(what, sizeof what, "row %d of y", r + 1);
        if (check_sum_to_zero("sum_to_zero_matrix_free", what,
                              y + (ptrdiff_t)r * N, 1, N, err))
            return -1;
    }
    for (int c = 0; c < N; c++) {
        snprintf(what, sizeof what, "column %d of y", c + 1);
        if (check_sum_to_zero("sum_to_zero_matrix_free", what, y + c, N, M,
                              err))
            return -1;
    }
    if (M <= 1 || N <= 1)
        return 0;
    /* undo the column pass into t ((M-1) x N, row-major), then the row
     * pass into x */
    double *t = malloc(sizeof *t * (size_t)(M - 1) * (size_t)N);
    if (!t)
        return rt_fatal(err, "sum_to_zero_matrix_free: out of memory");
    for (int c = 0; c < N; c++)
        stz_free_strided(y + c, N, M - 1, t + c, N);
    for (int r = 0; r < M - 1; r++)
        stz_free_strided(t + (ptrdiff_t)r * N, 1, N - 1, x + r, M - 1);
    free(t);
    return 0;
}

/* The transpose of both passes, in reverse order: columns first (adj_y ->
 * t, (M-1) x N), then rows (t -> adj_x).  If memory runs out the gradient
 * is NaN, which rejects the point. */
void rt_sum_to_zero_matrix_adjoint(const double *x, int M, int N,
                                   const double *adj_y, bool jacobian,
                                   double *adj_x)
{
    (void)x;
    (void)jacobian;
    if (M <= 1 || N <= 1)
        return;
    size_t n = (size_t)(M - 1) * (size_t)N;
    double *t = calloc(n, sizeof *t);
    if (!t) {
        fill_nan(adj_x, (size_t)(M - 1) * (size_t)(N - 1), 1);
        return;
    }
    for (int c = 0; c < N; c++)
        stz_transpose_strided(adj_y + c, N, M - 1, t + c, N);
    for (int r = 0; r < M - 1; r++)
        stz_transpose_strided(t + (ptrdiff_t)r * N, 1, N - 1, adj_x + r,
                              M - 1);
    free(t);
}

/* ------------------------------------------- reverse steps of the frees */

/* The derivatives of the unconstraining functions as Stan functions
 * (ordered_unconstrain, ...): adj_x = d t / d x for the free values the
 * rt_*_unconstrain call returned from y, and d t / d y is added into
 * adj_y, by differentiating the very formulas rt_*_unconstrain evaluates
 * (y must have passed its check). */

/* x[0] = y[0] (ordered) or log y[0] (positive_ordered), x[k] = log(y[k] -
 * y[k-1]). */
static void ordered_free_adjoint(const double *y, int K, bool positive,
                                 const double *adj_x, double *adj_y)
{
    for (int k = 0; k < K; k++) {
        if (k == 0) {
            adj_y[0] += positive ? adj_x[0] / y[0] : adj_x[0];
            continue;
        }
        double g = adj_x[k] / (y[k] - y[k - 1]);
        adj_y[k] += g;
        adj_y[k - 1] -= g;
    }
}

void rt_ordered_unconstrain_adjoint(const double *y, int K,
                                    const double *adj_x, double *adj_y)
{
    ordered_free_adjoint(y, K, false, adj_x, adj_y);
}

void rt_positive_ordered_unconstrain_adjoint(const double *y, int K,
                                             const double *adj_x,
                                             double *adj_y)
{
    ordered_free_adjoint(y, K, true, adj_x, adj_y);
}

/* unit_vector_free returns y itself. */
void rt_unit_vector_unconstrain_adjoint(const double *y, int K,
                                        const double *adj_x, double *adj_y)
{
    (void)y;
    for (int k = 0; k < K; k++)
        adj_y[k] += adj_x[k];
}

/* simplex_free_strided: x_k = log y_k - log rest_k + log(N - k), with
 * rest_k = sum_{j > k} y_j.  So d x_k / d y_k = 1 / y_k and d x_k / d y_j
 * = -1 / rest_k for every j > k: y_j gets minus the sum over k < j of
 * adj_x_k / rest_k.  Two backward sweeps (rest is built backwards, as the
 * value was): the first sums every term, the second takes them off. */
static void simplex_free_adjoint_strided(const double *y, ptrdiff_t ys,
                                         int K, const double *adj_x,
                                         ptrdiff_t xs, double *adj_y,
                                         ptrdiff_t as)
{
    if (K <= 1)
        return;
    int N = K - 1;
    double rest = y[N * ys], all = 0;
    for (int k = N - 1; k >= 0; k--) {
        all += adj_x[k * xs] / rest;
        rest += y[k * ys];
    }
    adj_y[N * as] -= all;
    rest = y[N * ys];
    for (int k = N - 1; k >= 0; k--) {
        all -= adj_x[k * xs] / rest;
        adj_y[k * as] += adj_x[k * xs] / y[k * ys] - all;
        rest += y[k * ys];
    }
}

void rt_simplex_unconstrain_adjoint(const double *y, int K,
                                    const double *adj_x, double *adj_y)
{
    simplex_free_adjoint_strided(y, 1, K, adj_x, 1, adj_y, 1);
}

void rt_stochastic_row_unconstrain_adjoint(const double *y, int M, int N,
                                           const double *adj_x,
                                           double *adj_y)
{
    for (int i = 0; i < M; i++)
        simplex_free_adjoint_strided(y + (ptrdiff_t)i * N, 1, N, adj_x + i,
                                     M, adj_y + (ptrdiff_t)i * N, 1);
}

void rt_stochastic_column_unconstrain_adjoint(const double *y, int M, int N,
                                              const double *adj_x,
                                              double *adj_y)
{
    if (M <= 0)
        return;
    for (int j = 0; j < N; j++)
        simplex_free_adjoint_strided(y + j, N, M,
                                     adj_x + (ptrdiff_t)j * (M - 1), 1,
                                     adj_y + j, N);
}

/* The transpose of stz_free_strided, a linear map: its steps in reverse.
 * With S the adjoint of the running sum_w and f_m = sqrt(m (m+1)) / m
 * (1-based m), x_m = (sum_w - z_{m+1}) f_m sends a_m f_m to S and -a_m f_m
 * to z_{m+1}; sum_w += x_{m+1} / sqrt((m+1)(m+2)) sends S to x_{m+1};
 * x_N = -z_{N+1} sqrt(1 + 1/N) comes last. */
static void stz_free_transpose_strided(const double *adj_x, ptrdiff_t xs,
                                       int N, double *adj_z, ptrdiff_t zs)
{
    if (N <= 0)
        return;
    double s = 0, extra = 0;
    for (int m = 0; m <= N - 2; m++) {
        double n = m + 1, next = m + 2;
        double a = adj_x[m * xs] + extra;
        double f = sqrt(n * (n + 1)) / n;
        s += a * f;
        adj_z[(m + 1) * zs] -= a * f;
        extra = s / sqrt(next * (next + 1));
    }
    adj_z[N * zs] -= (adj_x[(N - 1) * xs] + extra) * sqrt(1 + 1.0 / N);
}

void rt_sum_to_zero_unconstrain_adjoint(const double *y, int K,
                                        const double *adj_x, double *adj_y)
{
    (void)y;
    if (K > 1)
        stz_free_transpose_strided(adj_x, 1, K - 1, adj_y, 1);
}

/* The row pass's transpose into t ((M-1) x N, row-major), then the column
 * pass's; NaN if memory runs out. */
void rt_sum_to_zero_matrix_unconstrain_adjoint(const double *y, int M, int N,
                                               const double *adj_x,
                                               double *adj_y)
{
    (void)y;
    if (M <= 1 || N <= 1)
        return;
    double *t = calloc((size_t)(M - 1) * (size_t)N, sizeof *t);
    if (!t) {
        fill_nan(adj_y, (size_t)M * (size_t)N, 1);
        return;
    }
    for (int r = 0; r < M - 1; r++)
        stz_free_transpose_strided(adj_x + r, M - 1, N - 1,
                                   t + (ptrdiff_t)r * N, 1);
    for (int c = 0; c < N; c++)
        stz_free_transpose_strided(t + c, N, M - 1, adj_y + c, N);
    free(t);
}
