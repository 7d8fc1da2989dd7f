/* laplace.c - the embedded Laplace approximation with the built-in
 * likelihoods (rt_laplace.h has the mathematics and its sources).
 *
 * One workspace holds everything an evaluation needs (a handful of n x n
 * matrices), allocated once per call and freed on every path.  The
 * likelihoods are sums over the observations of each group, so their
 * gradient and Hessian in theta are per element (a diagonal Hessian):
 * the Hessian block size changes nothing here, and the three solvers of
 * the Functions Reference (a Cholesky factor of B, of K, or an LU step)
 * compute the same Newton step, which the Cholesky factor of
 * B = I + W^1/2 K W^1/2 gives stably for W >= 0.  The Newton iteration
 * (rt_laplace_newton, laplace_internal.h) serves laplace_user.c too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_laplace.h"
#include "laplace_internal.h"

/* ------------------------------------------------------------ workspace */

typedef struct Work {
    int n;
    double *theta, *a, *grad, *W, *d3, *sW;   /* n each */
    double *theta_new, *a_new, *b, *c;        /* n each */
    double *L;                                /* n x n: chol(B) */
    double *tmp;                              /* n x n */
    void *block;
} Work;

static int work_alloc(const char *fn, int n, Work *w, RtError *err)
{
    memset(w, 0, sizeof *w);
    w->n = n;
    int64_t nn, total;
    size_t bytes;
    if (!rt_size_mul(n, n, &nn) || !rt_size_mul(nn, 2, &total)
        || !rt_size_add(total, 10 * (int64_t)n, &total)
        || !rt_size_bytes(total, sizeof(double), &bytes))
        return rt_error(err, "%s: theta of size %d is too large", fn, n);
    double *p = calloc(bytes ? bytes / sizeof(double) : 1, sizeof(double));
    if (!p)
        return rt_error(err, "%s: out of memory for theta of size %d", fn, n);
    w->block = p;
    double **vecs[] = {&w->theta, &w->a, &w->grad, &w->W, &w->d3, &w->sW,
                       &w->theta_new, &w->a_new, &w->b, &w->c};
    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++) {
        *vecs[i] = p;
        p += n;
    }
    w->L = p;
    w->tmp = p + nn;
    return 0;
}

static void work_free(Work *w)
{
    free(w->block);
    w->block = NULL;
}

/* ----------------------------------------------------------- likelihood */

static const char *lik_name(RtLaplaceLik k)
{
    switch (k) {
    case RT_LAPLACE_POISSON_LOG: return "poisson_log";
    case RT_LAPLACE_NEG_BINOMIAL_2_LOG: return "neg_binomial_2_log";
    case RT_LAPLACE_BERNOULLI_LOGIT: return "bernoulli_logit";
    }
    return "?";
}

static int check_inputs(const char *fn, const RtLaplaceLikelihood *lik,
                        const double *K, const RtLaplaceOptions *o,
                        RtError *err)
{
    int n = lik->n;
    if (n < 1)
        return rt_error(err, "%s: the latent Gaussian vector has size %d; "
                        "it must have at least one element", fn, n);
    for (int i = 0; i < lik->ny; i++) {
        int g = lik->y_index[i];
        if (g < 1 || g > n)
            return rt_error(err, "%s: y_index[%d] is %d; it must be between "
                            "1 and %d (the size of theta)", fn, i + 1, g, n);
        int y = lik->y[i];
        if (y < 0)
            return rt_error(err, "%s: y[%d] is %d, but must be "
                            "non-negative", fn, i + 1, y);
        if (lik->kind == RT_LAPLACE_BERNOULLI_LOGIT && y > 1)
            return rt_error(err, "%s: y[%d] is %d, but must be 0 or 1", fn,
                            i + 1, y);
    }
    for (int j = 0; j < n; j++)
        if (!isfinite(lik->m[j]))
            return rt_error(err, "%s: m[%d] is %g, but must be finite", fn,
                            j + 1, lik->m[j]);
    if (lik->kind == RT_LAPLACE_NEG_BINOMIAL_2_LOG
        && !(lik->eta > 0 && isfinite(lik->eta)))
        return rt_error(err, "%s: the dispersion eta is %g, but must be "
                        "positive and finite", fn, lik->eta);
    for (int64_t k = 0; k < (int64_t)n * n; k++)
        if (!isfinite(K[k]))
            return rt_error(err, "%s: the covariance matrix has the "
                            "non-finite element %g at [%d, %d]", fn, K[k],
                            (int)(k / n) + 1, (int)(k % n) + 1);
    if (o->theta0)
        for (int j = 0; j < n; j++)
            if (!isfinite(o->theta0[j]))
                return rt_error(err, "%s: the initial guess theta_0[%d] is "
                                "%g, but must be finite", fn, j + 1,
                                o->theta0[j]);
    if (!(o->tol > 0))
        return rt_error(err, "%s: the tolerance is %g, but must be "
                        "positive", fn, o->tol);
    if (o->max_steps < 1)
        return rt_error(err, "%s: the maximum number of steps is %d, but "
                        "must be positive", fn, o->max_steps);
    if (o->hessian_block_size < 1)
        return rt_error(err, "%s: the hessian block size is %d, but must be "
                        "positive", fn, o->hessian_block_size);
    if (o->solver < 1 || o->solver > 3)
        return rt_error(err, "%s: the solver is %d, but must be 1, 2 or 3",
                        fn, o->solver);
    if (o->max_steps_line_search < 0)
        return rt_error(err, "%s: the maximum number of line search steps "
                        "is %d, but must be non-negative", fn,
                        o->max_steps_line_search);
    return 0;
}

/* log p(y | theta) and, when grad is non-NULL, its gradient, W (minus the
 * diagonal Hessian) and d3 (the third derivatives) in theta. */
static double lik_eval(const RtLaplaceLikelihood *lik, const double *theta,
                       double *grad, double *W, double *d3)
{
    int n = lik->n;
    if (grad) {
        memset(grad, 0, sizeof(double) * (size_t)n);
        memset(W, 0, sizeof(double) * (size_t)n);
        memset(d3, 0, sizeof(double) * (size_t)n);
    }
    double lp = 0, phi = lik->eta;
    for (int i = 0; i < lik->ny; i++) {
        int j = lik->y_index[i] - 1;
        double y = lik->y[i], x = theta[j] + lik->m[j];
        double d1, d2, dd3;
        switch (lik->kind) {
        case RT_LAPLACE_POISSON_LOG: {
            double mu = exp(x);
            lp += y * x - mu - rt_lgamma(y + 1);
            d1 = y - mu;
            d2 = -mu;
            dd3 = -mu;
            break;
        }
        case RT_LAPLACE_BERNOULLI_LOGIT: {
            /* log inv_logit(x) = -log1p(exp(-x)), stably on both sides */
            double l1pe = x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
            double s = x > 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x));
            lp += y * x - l1pe;
            d1 = y - s;
            d2 = -s * (1 - s);
            dd3 = -s * (1 - s) * (1 - 2 * s);
            break;
        }
        default: {  /* RT_LAPLACE_NEG_BINOMIAL_2_LOG */
            /* log(mu + phi) = x + log1p(phi / mu) for large x */
            double lmp = x > log(phi) ? x + log1p(phi * exp(-x))
                                      : log(phi) + log1p(exp(x) / phi);
            double q = exp(x - lmp);   /* mu / (mu + phi) */
            lp += rt_lchoose(y + phi - 1, y) + y * x + phi * log(phi)
                - (y + phi) * lmp;
            d1 = y - (y + phi) * q;
            d2 = -(y + phi) * q * (1 - q);
            dd3 = d2 * (1 - 2 * q);
            break;
        }
        }
        if (grad) {
            grad[j] += d1;
            W[j] -= d2;
            d3[j] += dd3;
        }
    }
    return lp;
}

/* The negative binomial's derivatives in eta at theta: dl/deta, and per
 * group dW/deta and d(grad)/deta. */
static double nb_eta_derivs(const RtLaplaceLikelihood *lik,
                            const double *theta, double *dW, double *dg)
{
    int n = lik->n;
    memset(dW, 0, sizeof(double) * (size_t)n);
    memset(dg, 0, sizeof(double) * (size_t)n);
    double phi = lik->eta, dl = 0;
    for (int i = 0; i < lik->ny; i++) {
        int j = lik->y_index[i] - 1;
        double y = lik->y[i], x = theta[j] + lik->m[j];
        double lmp = x > log(phi) ? x + log1p(phi * exp(-x))
                                  : log(phi) + log1p(exp(x) / phi);
        double q = exp(x - lmp);      /* mu / (mu + phi) */
        double r = exp(-lmp);         /* 1 / (mu + phi) */
        dl += rt_digamma(y + phi) - rt_digamma(phi) + log(phi) + 1 - lmp
            - (y + phi) * r;
        /* grad = y - (y + phi) q: d/dphi = -q + (y + phi) q r */
        dg[j] += -q + (y + phi) * q * r;
        /* W = (y + phi) q (1 - q), (1 - q) = phi r:
         * d/dphi [(y + phi) q phi r] */
        double dq = -q * r, d1mq = q * r;   /* d q/dphi, d(1 - q)/dphi */
        dW[j] += q * (1 - q) + (y + phi) * (dq * (1 - q) + q * d1mq);
    }
    return dl;
}

/* ---------------------------------------------------------------- Newton */

/* B = I + sW K sW into w->L, factored; -1 if it is not positive
 * definite. */
static int factor_B(Work *w, const double *K)
{
    int n = w->n;
    for (int i = 0; i < n; i++) {
        w->sW[i] = sqrt(w->W[i] > 0 ? w->W[i] : 0);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            w->L[(size_t)i * n + j] = (i == j) + w->sW[i]
                * K[(size_t)i * n + j] * w->sW[j];
    return rt_cholesky_factor(w->L, n, w->L);
}

/* theta = K a and the objective -a'theta/2 + log p(y | theta). */
static double objective(const RtLaplaceLikelihood *lik, const double *K,
                        const double *a, double *theta)
{
    int n = lik->n;
    rt_multiply(K, a, n, n, 1, theta);
    return -0.5 * rt_dot_product(a, theta, n) + lik_eval(lik, theta, NULL,
                                                          NULL, NULL);
}

int rt_laplace_newton(const char *fn, const RtLaplaceNewton *nw,
                      const RtLaplaceOptions *o, double *f, RtError *err)
{
    int n = nw->n;
    for (int step = 1;; step++) {
        double f_new;
        if (nw->direction(nw->ctx, step, nw->a_new, err)
            || nw->objective(nw->ctx, nw->a_new, nw->theta_new, &f_new, err))
            return -1;
        /* Halve the step while the objective falls, by more than rounding:
         * near the mode a full step may lose an ulp, and halving it then
         * would stop the iteration short of the mode. */
        double slack = 1e-14 * (1 + fabs(*f));
        for (int k = 0; k < o->max_steps_line_search
                        && !(f_new >= *f - slack); k++) {
            for (int i = 0; i < n; i++)
                nw->a_new[i] = 0.5 * (nw->a_new[i] + nw->a[i]);
            if (nw->objective(nw->ctx, nw->a_new, nw->theta_new, &f_new,
                              err))
                return -1;
        }
        if (!isfinite(f_new))
            return rt_error(err, "%s: the Newton iteration for %s diverged "
                            "at step %d", fn, nw->what, step);
        /* converged: the objective changed by less than the tolerance,
         * or than rounding when the tolerance asks for less */
        bool done = fabs(f_new - *f) < fmax(o->tol, slack);
        memcpy(nw->a, nw->a_new, sizeof(double) * (size_t)n);
        memcpy(nw->theta, nw->theta_new, sizeof(double) * (size_t)n);
        *f = f_new;
        if (done)
            return 0;
        if (step >= o->max_steps)
            return rt_error(err, "%s: the Newton iteration for the mode did "
                            "not converge in %d steps (tolerance %g)", fn,
                            o->max_steps, o->tol);
    }
}

/* The built-in likelihood's problem for rt_laplace_newton. */
typedef struct ModeCtx {
    const char *fn;
    const RtLaplaceLikelihood *lik;
    const double *K;
    Work *w;
} ModeCtx;

/* b = W theta + grad; a_new = b - sW B^-1 sW K b. */
static int newton_direction(void *vctx, int step, double *a_new,
                            RtError *err)
{
    const ModeCtx *m = vctx;
    Work *w = m->w;
    int n = w->n;
    lik_eval(m->lik, w->theta, w->grad, w->W, w->d3);
    if (factor_B(w, m->K))
        return rt_error(err, "%s: I + W^1/2 K W^1/2 is not positive "
                        "definite at Newton step %d (the covariance "
                        "matrix is not a covariance matrix)", m->fn, step);
    for (int i = 0; i < n; i++)
        w->b[i] = w->W[i] * w->theta[i] + w->grad[i];
    rt_multiply(m->K, w->b, n, n, 1, w->c);
    for (int i = 0; i < n; i++)
        w->c[i] *= w->sW[i];
    rt_tri_low_solve(w->L, n, w->c, 1);
    rt_tri_low_solve_trans(w->L, n, w->c, 1);
    for (int i = 0; i < n; i++)
        a_new[i] = w->b[i] - w->sW[i] * w->c[i];
    return 0;
}

static int newton_objective(void *vctx, const double *a, double *theta,
                            double *f, RtError *err)
{
    const ModeCtx *m = vctx;
    (void)err;
    *f = objective(m->lik, m->K, a, theta);
    return 0;
}

/* Newton's method for the mode (Rasmussen & Williams, Algorithm 3.1) with
 * step halving when the objective falls; on return w->theta, w->a, the
 * likelihood's derivatives, sW and chol(B) are those of the mode, and
 * *psi its objective. */
static int find_mode(const char *fn, const RtLaplaceLikelihood *lik,
                     const double *K, const RtLaplaceOptions *o, Work *w,
                     double *psi, RtError *err)
{
    int n = w->n;
    if (o->theta0) {
        /* a = K^-1 theta0 */
        memcpy(w->theta, o->theta0, sizeof(double) * (size_t)n);
        memcpy(w->tmp, K, sizeof(double) * (size_t)n * (size_t)n);
        if (rt_cholesky_factor(w->tmp, n, w->tmp))
            return rt_error(err, "%s: the covariance matrix is not positive "
                            "definite", fn);
        memcpy(w->a, o->theta0, sizeof(double) * (size_t)n);
        rt_tri_low_solve(w->tmp, n, w->a, 1);
        rt_tri_low_solve_trans(w->tmp, n, w->a, 1);
    }
    double f = objective(lik, K, w->a, w->theta);
    if (o->theta0)
        memcpy(w->theta, o->theta0, sizeof(double) * (size_t)n);
    char what[64];
    snprintf(what, sizeof what, "the mode of the %s likelihood",
             lik_name(lik->kind));
    ModeCtx ctx = {fn, lik, K, w};
    RtLaplaceNewton nw = {n, w->a, w->theta, w->a_new, w->theta_new, what,
                          newton_direction, newton_objective, &ctx};
    if (rt_laplace_newton(fn, &nw, o, &f, err))
        return -1;
    lik_eval(lik, w->theta, w->grad, w->W, w->d3);
    if (factor_B(w, K))
        return rt_error(err, "%s: I + W^1/2 K W^1/2 is not positive definite "
                        "at the mode", fn);
    *psi = f;
    return 0;
}

/* The checks, the workspace and the mode, what every entry point starts
 * with: 0 with w allocated and at the mode (the caller frees it), or -1
 * with err and nothing to free. */
static int at_mode(const char *fn, const RtLaplaceLikelihood *lik,
                   const double *K, const RtLaplaceOptions *o, Work *w,
                   double *psi, RtError *err)
{
    if (check_inputs(fn, lik, K, o, err) || work_alloc(fn, lik->n, w, err))
        return -1;
    if (find_mode(fn, lik, K, o, w, psi, err)) {
        work_free(w);
        return -1;
    }
    return 0;
}

static double log_det_half_B(const Work *w)
{
    double s = 0;
    for (int i = 0; i < w->n; i++)
        s += log(w->L[(size_t)i * w->n + i]);
    return s;
}

int rt_laplace_marginal(const char *fn, const RtLaplaceLikelihood *lik,
                        const double *K, const RtLaplaceOptions *o,
                        double *lml, RtError *err)
{
    Work w;
    double psi;
    if (at_mode(fn, lik, K, o, &w, &psi, err))
        return -1;
    *lml = psi - log_det_half_B(&w);
    work_free(&w);
    return 0;
}

/* R = sW B^-1 sW into R, Sigma = K - K R K into Sigma (both n x n). */
static void posterior_cov(const Work *w, const double *K, double *R,
                          double *Sigma, double *KR)
{
    int n = w->n;
    rt_chol_inverse(w->L, n, R);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            R[(size_t)i * n + j] *= w->sW[i] * w->sW[j];
    rt_multiply(K, R, n, n, n, KR);
    rt_multiply(KR, K, n, n, n, Sigma);
    for (int64_t k = 0; k < (int64_t)n * n; k++)
        Sigma[k] = K[k] - Sigma[k];
}

int rt_laplace_marginal_grad(const char *fn, const RtLaplaceLikelihood *lik,
                             const double *K, const RtLaplaceOptions *o,
                             double adj, double *lml, double *K_adj,
                             double *m_adj, double *eta_adj, RtError *err)
{
    int n = lik->n, rc = 0;
    Work w;
    double psi;
    double *mats = NULL;
    if (at_mode(fn, lik, K, o, &w, &psi, err))
        return -1;
    *lml = psi - log_det_half_B(&w);
    size_t nn = (size_t)n * (size_t)n;   /* work_alloc checked n * n */
    mats = malloc(sizeof(double) * (3 * nn + 4 * (size_t)n));
    if (!mats) {
        rc = rt_error(err, "%s: out of memory", fn);
        goto done;
    }
    double *R = mats, *Sigma = R + nn, *KR = Sigma + nn;
    double *v = KR + nn, *Sv = v + n, *u = Sv + n, *Kv = u + n;
    posterior_cov(&w, K, R, Sigma, KR);
    for (int j = 0; j < n; j++)
        v[j] = Sigma[(size_t)j * n + j] * w.d3[j];
    rt_multiply(Sigma, v, n, n, 1, Sv);
    if (K_adj) {
        /* u = v - R K v */
        rt_multiply(K, v, n, n, 1, Kv);
        rt_multiply(R, Kv, n, n, 1, u);
        for (int j = 0; j < n; j++)
            u[j] = v[j] - u[j];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                K_adj[(size_t)i * n + j] += adj * 0.5
                    * (w.a[i] * w.a[j] - R[(size_t)i * n + j]
                       + u[i] * w.a[j]);
    }
    if (m_adj)
        for (int j = 0; j < n; j++)
            m_adj[j] += adj * (w.grad[j] + 0.5 * v[j] - 0.5 * w.W[j] * Sv[j]);
    if (eta_adj && lik->kind == RT_LAPLACE_NEG_BINOMIAL_2_LOG) {
        /* dW and dgrad in eta reuse u and Kv */
        double dl = nb_eta_derivs(lik, w.theta, u, Kv);
        double g = dl;
        for (int j = 0; j < n; j++)
            g += -0.5 * Sigma[(size_t)j * n + j] * u[j] + 0.5 * Sv[j] * Kv[j];
        *eta_adj += adj * g;
    }
done:
    free(mats);
    work_free(&w);
    return rc;
}

int rt_laplace_latent_rng(const char *fn, const RtLaplaceLikelihood *lik,
                          const double *K, const RtLaplaceOptions *o,
                          RtRng *rng, double *theta, RtError *err)
{
    int n = lik->n, rc = 0;
    Work w;
    double psi;
    double *mats = NULL;
    if (at_mode(fn, lik, K, o, &w, &psi, err))
        return -1;
    size_t nn = (size_t)n * (size_t)n;
    mats = malloc(sizeof(double) * (3 * nn + (size_t)n));
    if (!mats) {
        rc = rt_error(err, "%s: out of memory", fn);
        goto done;
    }
    double *R = mats, *Sigma = R + nn, *KR = Sigma + nn, *z = KR + nn;
    posterior_cov(&w, K, R, Sigma, KR);
    if (rt_cholesky_factor(Sigma, n, Sigma)) {
        rc = rt_error(err, "%s: the covariance of the Laplace approximation "
                      "is not positive definite", fn);
        goto done;
    }
    for (int j = 0; j < n; j++)
        z[j] = rt_rng_normal(rng);
    for (int i = 0; i < n; i++) {
        double s = w.theta[i];
        for (int j = 0; j <= i; j++)
            s += Sigma[(size_t)i * n + j] * z[j];
        theta[i] = s;
    }
done:
    free(mats);
    work_free(&w);
    return rc;
}
