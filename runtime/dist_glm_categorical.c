/* dist_glm_categorical.c - the GLMs of categorical and ordinal outcomes
 * (Stan Functions Reference, "categorical_logit_glm", "Ordered logistic
 * generalized linear model"): categorical_logit_glm,
 * categorical_logit(y | alpha + x * beta) with one linear predictor per
 * class, and ordered_logistic_glm.  As in the other GLMs the predictors
 * are formed one row at a time and never stored, so a call allocates
 * nothing: categorical_logit_glm's value takes one pass over the classes
 * (a running log-sum-exp), the partials a second that recomputes the
 * predictors.
 * Conventions: rt_math.h, rt_dist_disc.h. */
#include <math.h>

#include "pplrt.h"
#include "rt_dist_disc.h"
#include "dist_glm_internal.h"

static const char GLM_FN[] = "categorical_logit_glm_lpmf";

/* Stan's check_consistent_size message. */
static bool size_error(const char *name, int n, int want, RtError *err)
{
    rt_error(err, "%s: %s has dimension = %d, expecting dimension = %d; a "
             "function was called with arguments of different scalar, "
             "array, vector, or matrix types, and they were not "
             "consistently sized;  all arguments must be scalars or "
             "multidimensional values of the same shape.", GLM_FN, name, n,
             want);
    return false;
}

/* Stan's check_finite over a matrix, in Eigen's (column-major) order,
 * naming the element [row, col]; a row_vector names it [i]. */
static bool check_finite_matrix(const char *name, RtMat m, RtError *err)
{
    for (int c = 0; c < m.cols; c++)
        for (int r = 0; r < m.rows; r++) {
            double v = m.x[(size_t)r * m.cols + c];
            if (isfinite(v))
                continue;
            if (m.rows == 1)
                rt_error(err, "%s: %s[%d] is %g, but must be finite!",
                         GLM_FN, name, c + 1, v);
            else
                rt_error(err, "%s: %s[%d, %d] is %g, but must be finite!",
                         GLM_FN, name, r + 1, c + 1, v);
            return false;
        }
    return true;
}

/* The linear predictor of class c for the row `row` of x. */
static double class_eta(const double *row, RtArg alpha, RtMat beta, int c)
{
    double eta = alpha.x[c];
    for (int k = 0; k < beta.rows; k++)
        eta += row[k] * beta.x[(size_t)k * beta.cols + c];
    return eta;
}

/* log sum_c exp(eta_c) over the classes, in one pass. */
static double class_log_sum_exp(const double *row, RtArg alpha, RtMat beta)
{
    double top = -INFINITY, sum = 0;
    for (int c = 0; c < beta.cols; c++) {
        double eta = class_eta(row, alpha, beta, c);
        if (eta > top) {
            sum = sum * exp(top - eta) + 1;
            top = eta;
        } else {
            sum += exp(eta - top);
        }
    }
    return top + log(sum);
}

/* d lp / d eta_c = [c == y] - softmax_c.  This adds the second part,
 * -weight * softmax_c (lse: the row's log-sum-exp), through eta_c into
 * alpha, beta and the row's adjoint x_g (or NULL); outcome_backprop adds
 * the first. */
static void class_backprop(const double *row, double *x_g, RtArg alpha,
                           RtMat beta, double lse, double weight)
{
    int K = beta.rows;
    for (int c = 0; c < beta.cols; c++) {
        double d = -weight * exp(class_eta(row, alpha, beta, c) - lse);
        if (alpha.g)
            alpha.g[c] += d;
        for (int k = 0; k < K; k++) {
            size_t kc = (size_t)k * beta.cols + c;
            if (beta.g)
                beta.g[kc] += d * row[k];
            if (x_g)
                x_g[k] += d * beta.x[kc];
        }
    }
}

/* The indicator part of the partials: weight for class y (0-based). */
static void outcome_backprop(const double *row, double *x_g, RtArg alpha,
                             RtMat beta, int y, double weight)
{
    if (alpha.g)
        alpha.g[y] += weight;
    for (int k = 0; k < beta.rows; k++) {
        size_t ky = (size_t)k * beta.cols + y;
        if (beta.g)
            beta.g[ky] += weight * row[k];
        if (x_g)
            x_g[k] += weight * beta.x[ky];
    }
}

double rt_categorical_logit_glm_lpmf(RtIArg y, RtMat x, RtArg alpha,
                                     RtMat beta, bool propto, double adj,
                                     RtError *err)
{
    bool shared = x.rows == 1;       /* a row_vector: one row for all */
    int N = shared ? y.n : x.rows, K = x.cols, C = beta.cols;
    if (RT_LEN(y) >= 0 && y.n != N) {
        size_error("Vector of dependent variables", y.n, N, err);
        return fail();
    }
    if (alpha.n != C) {
        size_error("Intercept vector", alpha.n, C, err);
        return fail();
    }
    if (K != beta.rows) {
        rt_error(err, "%s: x.cols() (%d) and beta.rows() (%d) must match "
                 "in size", GLM_FN, K, beta.rows);
        return fail();
    }
    if (y.n == 0 || C == 1)
        return 0;
    if (!check_int_bounded(GLM_FN, "categorical outcome out of support", y,
                           1, C, err))
        return fail();
    bool any_ad = x.ad || alpha.ad || beta.ad;
    if (N == 0 || (propto && !any_ad))
        return 0;

    double lp = 0, shared_lse = 0;
    if (shared) {
        /* one predictor for all: N times the normalizer */
        shared_lse = class_log_sum_exp(x.x, alpha, beta);
        lp = -N * shared_lse;
        for (int i = 0; i < N; i++)
            lp += class_eta(x.x, alpha, beta, y.x[i] - 1);
    } else {
        for (int i = 0; i < N; i++) {
            const double *row = x.x + (size_t)i * K;
            lp += class_eta(row, alpha, beta, AT(y, i) - 1)
                  - class_log_sum_exp(row, alpha, beta);
        }
    }
    if (!isfinite(lp)) {
        if (!check_finite_matrix("Weight vector", beta, err)
            || !check_real(GLM_FN, "Intercept", alpha, CK_FINITE, err)
            || !check_finite_matrix("Matrix of independent variables", x,
                                    err))
            return fail();
        return lp;
    }

    if (!x.g && !alpha.g && !beta.g)
        return lp;
    if (shared) {
        class_backprop(x.x, x.g, alpha, beta, shared_lse, adj * N);
        for (int i = 0; i < N; i++)
            outcome_backprop(x.x, x.g, alpha, beta, y.x[i] - 1, adj);
    } else {
        for (int i = 0; i < N; i++) {
            const double *row = x.x + (size_t)i * K;
            double *row_g = x.g ? x.g + (size_t)i * K : NULL;
            class_backprop(row, row_g, alpha, beta,
                           class_log_sum_exp(row, alpha, beta), adj);
            outcome_backprop(row, row_g, alpha, beta, AT(y, i) - 1, adj);
        }
    }
    return lp;
}

/* ---------------------------------------------- ordered_logistic_glm */

/* y in 1..K, K = size(cuts) + 1; x N x K' (a row_vector shared by all),
 * beta K' weights; no intercept.  No constant terms: propto gives 0 only
 * when x, beta and cuts are all data. */
double rt_ordered_logistic_glm_lpmf(RtIArg y, RtMat x, RtArg beta,
                                    RtArg cuts, bool propto, double adj,
                                    RtError *err)
{
    static const char fn[] = "ordered_logistic_glm_lpmf";
    int rows = x.rows == 1 ? y.n : x.rows, K = cuts.n + 1;
    if (!check_size(fn, "Vector of dependent variables", RT_LEN(y), rows, err)
        || !check_weights(fn, beta, x, err)
        || !check_int_bounded(fn, "Vector of dependent variables", y, 1, K,
                              err))
        return fail();
    if (!check_cutpoints(fn, cuts, err))
        return fail();
    if (rows == 0 || K == 1 || (propto && !x.ad && !beta.ad && !cuts.ad))
        return 0;
    double lp = 0;
    for (int i = 0; i < rows; i++) {
        int k = AT(y, i);
        double de, dlo, dhi;
        lp += ordered_logistic_term(k, K, row_eta(x, NULL, beta, i), cuts.x,
                                    &de, &dlo, &dhi);
        row_backprop(x, NULL, beta, i, adj * de);
        if (cuts.g) {
            if (k > 1)
                cuts.g[k - 2] += adj * dlo;
            if (k < K)
                cuts.g[k - 1] += adj * dhi;
        }
    }
    if (!isfinite(lp))
        return row_nonfinite(fn, x, NULL, beta, lp, err);
    return lp;
}
