/* laplace_user.c - the embedded Laplace approximation with a user log
 * likelihood (rt_laplace.h, "a user log likelihood").
 *
 * Z = ll(theta*) - a' theta* / 2 - log|I + K W| / 2 with a = K^-1 theta*,
 * W = -H the negative Hessian of ll in theta at the mode theta*.  With
 * Sigma = (K^-1 + W)^-1 and v = grad_theta tr(Sigma H) (H's derivative,
 * W being -H):
 *
 *   dZ/dK   = a a' / 2 - R / 2 + u a' / 2,  R = K^-1 - K^-1 Sigma K^-1,
 *                                           u = K^-1 Sigma v,
 *   dZ/dphi = grad_phi ll + d/dphi tr(Sigma H) / 2
 *             + d/dt grad_phi ll(theta* + t Sigma v) / 2,
 *
 * the implicit function theorem for the mode as in laplace.c, whose
 * diagonal case this reproduces (tested against it).  Derivatives of the
 * likelihood beyond the first are differences of the callback's gradient
 * (rt_laplace.h gives the steps).  A diagonal W (block size 1) takes the
 * factorization of laplace.c, which stays accurate when K is nearly
 * singular; a dense W factors K itself. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pplrt.h"
#include "rt_laplace.h"
#include "laplace_internal.h"

typedef struct UWork {
    int n, p;
    double *theta, *a, *g, *gphi, *b, *c, *theta_new, *a_new;  /* n; gphi p */
    double *Lk;              /* chol(K) */
    double *W;               /* -H */
    double *M;               /* chol(I + Lk' W Lk) */
    double *T, *U;           /* n x n scratch */
    double *gp, *gm, *gpp, *gpm;   /* n, n, p, p: gradients at theta +- */
    double *sW;              /* diag: W^1/2 */
    bool diag;               /* hessian_block_size 1: W is diagonal */
    const double *K;
    void *block;
} UWork;

static int uwork_alloc(const char *fn, int n, int p, UWork *w, RtError *err)
{
    memset(w, 0, sizeof *w);
    w->n = n;
    w->p = p;
    int64_t nn, total;
    size_t bytes;
    if (!rt_size_mul(n, n, &nn) || !rt_size_mul(nn, 5, &total)
        || !rt_size_add(total, 11 * (int64_t)n + 3 * (int64_t)p + 1, &total)
        || !rt_size_bytes(total, sizeof(double), &bytes))
        return rt_error(err, "%s: theta of size %d is too large", fn, n);
    double *q = calloc(bytes / sizeof(double), sizeof(double));
    if (!q)
        return rt_error(err, "%s: out of memory for theta of size %d", fn, n);
    w->block = q;
    double **vecs[] = {&w->theta, &w->a, &w->g, &w->b, &w->c, &w->theta_new,
                       &w->a_new, &w->gp, &w->gm, &w->sW};
    for (size_t i = 0; i < sizeof vecs / sizeof *vecs; i++) {
        *vecs[i] = q;
        q += n;
    }
    w->gphi = q;
    q += p;
    w->gpp = q;
    q += p;
    w->gpm = q;
    q += p + 1;
    w->Lk = q;
    w->W = q + nn;
    w->M = q + 2 * nn;
    w->T = q + 3 * nn;
    w->U = q + 4 * nn;
    return 0;
}

/* ll at theta, and its gradients (overwritten) when g is non-NULL. */
static int eval(const RtLaplaceUser *u, const double *theta, double *lp,
                double *g, double *gphi, RtError *err)
{
    if (g) {
        memset(g, 0, sizeof(double) * (size_t)u->n);
        if (u->p)
            memset(gphi, 0, sizeof(double) * (size_t)u->p);
    }
    double v = 0;
    if (u->lik(u->ctx, theta, &v, g, gphi, err))
        return -1;
    *lp = v;
    return 0;
}

/* W = -H by central differences of the gradient, symmetrized. */
static int neg_hessian(const char *fn, const RtLaplaceUser *u, UWork *w,
                       RtError *err)
{
    int n = w->n;
    double lp;
    if (w->diag) {
        /* a diagonal Hessian: every coordinate moved at once, each
         * gradient element sees only its own (Stan's block size 1) */
        for (int j = 0; j < n; j++)
            w->c[j] = 6.0554544523933395e-06 * fmax(1.0, fabs(w->theta[j]));
        for (int j = 0; j < n; j++)
            w->theta_new[j] = w->theta[j] + w->c[j];
        if (eval(u, w->theta_new, &lp, w->gp, w->gpp, err))
            return -1;
        for (int j = 0; j < n; j++)
            w->theta_new[j] = w->theta[j] - w->c[j];
        if (eval(u, w->theta_new, &lp, w->gm, w->gpm, err))
            return -1;
        memset(w->W, 0, sizeof(double) * (size_t)n * (size_t)n);
        for (int j = 0; j < n; j++) {
            double d = -(w->gp[j] - w->gm[j]) / (2 * w->c[j]);
            if (!isfinite(d))
                return rt_error(err, "%s: the Hessian of the likelihood is "
                                "not finite", fn);
            w->W[(size_t)j * n + j] = d;
        }
        return 0;
    }
    for (int j = 0; j < n; j++) {
        double h = 6.0554544523933395e-06 * fmax(1.0, fabs(w->theta[j]));
        double keep = w->theta[j];
        w->theta[j] = keep + h;
        if (eval(u, w->theta, &lp, w->gp, w->gpp, err))
            return -1;
        w->theta[j] = keep - h;
        if (eval(u, w->theta, &lp, w->gm, w->gpm, err))
            return -1;
        w->theta[j] = keep;
        for (int i = 0; i < n; i++)
            w->T[(size_t)i * n + j] = -(w->gp[i] - w->gm[i]) / (2 * h);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.5 * (w->T[(size_t)i * n + j]
                              + w->T[(size_t)j * n + i]);
            if (!isfinite(s))
                return rt_error(err, "%s: the Hessian of the likelihood is "
                                "not finite", fn);
            w->W[(size_t)i * n + j] = s;
        }
    return 0;
}

/* M = chol(I + Lk' W Lk), or for a diagonal W chol(I + sW K sW)
 * (Rasmussen & Williams' B, better conditioned when K is nearly
 * singular); -1 if it is not positive definite. */
static int factor_M(UWork *w)
{
    int n = w->n;
    if (w->diag) {
        for (int i = 0; i < n; i++) {
            double d = w->W[(size_t)i * n + i];
            if (!(d >= 0))
                return -1;
            w->sW[i] = sqrt(d);
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                w->M[(size_t)i * n + j] = (i == j) + w->sW[i]
                    * w->K[(size_t)i * n + j] * w->sW[j];
        return rt_cholesky_factor(w->M, n, w->M);
    }
    /* T = W Lk, M = Lk' T + I */
    rt_multiply(w->W, w->Lk, n, n, n, w->T);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = i == j;
            for (int k = 0; k < n; k++)
                s += w->Lk[(size_t)k * n + i] * w->T[(size_t)k * n + j];
            w->M[(size_t)i * n + j] = s;
        }
    return rt_cholesky_factor(w->M, n, w->M);
}

static int objective(const RtLaplaceUser *u, const double *K, UWork *w,
                     const double *a, double *theta, double *f, RtError *err)
{
    int n = w->n;
    rt_multiply(K, a, n, n, 1, theta);
    double lp;
    if (eval(u, theta, &lp, NULL, NULL, err))
        return -1;
    *f = -0.5 * rt_dot_product(a, theta, n) + lp;
    return 0;
}

/* z <- Lk^-T M^-T M^-1 Lk' z: (K^-1 + W)^-1 = Lk (I + Lk'WLk)^-1 Lk', so
 * this is K^-1 (K^-1 + W)^-1 z. */
static void apply_Kinv_Sigma(const UWork *w, const double *z, double *out)
{
    int n = w->n;
    if (w->diag) {
        /* K^-1 Sigma = (I + W K)^-1 = I - sW B^-1 sW K */
        rt_multiply(w->K, z, n, n, 1, out);
        for (int i = 0; i < n; i++)
            out[i] *= w->sW[i];
        rt_tri_low_solve(w->M, n, out, 1);
        rt_tri_low_solve_trans(w->M, n, out, 1);
        for (int i = 0; i < n; i++)
            out[i] = z[i] - w->sW[i] * out[i];
        return;
    }
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int k = i; k < n; k++)
            s += w->Lk[(size_t)k * n + i] * z[k];
        out[i] = s;
    }
    rt_tri_low_solve(w->M, n, out, 1);
    rt_tri_low_solve_trans(w->M, n, out, 1);
    rt_tri_low_solve_trans(w->Lk, n, out, 1);
}

/* The user likelihood's problem for rt_laplace_newton. */
typedef struct ModeCtx {
    const char *fn;
    const RtLaplaceUser *u;
    const double *K;
    UWork *w;
} ModeCtx;

/* b = W theta + g; a_new = K^-1 Sigma b. */
static int newton_direction(void *vctx, int step, double *a_new,
                            RtError *err)
{
    const ModeCtx *m = vctx;
    UWork *w = m->w;
    int n = w->n;
    double lp;
    if (eval(m->u, w->theta, &lp, w->g, w->gphi, err)
        || neg_hessian(m->fn, m->u, w, err))
        return -1;
    if (factor_M(w))
        return rt_error(err, "%s: I + L' W L is not positive definite at "
                        "Newton step %d (the likelihood is not "
                        "log-concave there)", m->fn, step);
    rt_multiply(w->W, w->theta, n, n, 1, w->b);
    for (int i = 0; i < n; i++)
        w->b[i] += w->g[i];
    apply_Kinv_Sigma(w, w->b, a_new);
    return 0;
}

static int newton_objective(void *vctx, const double *a, double *theta,
                            double *f, RtError *err)
{
    const ModeCtx *m = vctx;
    return objective(m->u, m->K, m->w, a, theta, f, err);
}

/* Newton's method for the mode (laplace.c's rt_laplace_newton); on return
 * w->theta, w->a, the gradients, W and its factor are those of the mode,
 * and *psi its objective. */
static int find_mode(const char *fn, const RtLaplaceUser *u, const double *K,
                     const RtLaplaceOptions *o, UWork *w, double *psi,
                     RtError *err)
{
    int n = w->n;
    w->K = K;
    w->diag = o->hessian_block_size == 1;
    memcpy(w->Lk, K, sizeof(double) * (size_t)n * (size_t)n);
    if ((!w->diag || o->theta0) && rt_cholesky_factor(w->Lk, n, w->Lk))
        return rt_error(err, "%s: the covariance matrix is not positive "
                        "definite", fn);
    if (o->theta0) {
        memcpy(w->a, o->theta0, sizeof(double) * (size_t)n);
        rt_tri_low_solve(w->Lk, n, w->a, 1);
        rt_tri_low_solve_trans(w->Lk, n, w->a, 1);
    }
    double f;
    if (objective(u, K, w, w->a, w->theta, &f, err))
        return -1;
    ModeCtx ctx = {fn, u, K, w};
    RtLaplaceNewton nw = {n, w->a, w->theta, w->a_new, w->theta_new,
                          "the mode", newton_direction, newton_objective,
                          &ctx};
    if (rt_laplace_newton(fn, &nw, o, &f, err))
        return -1;
    double lp;
    if (eval(u, w->theta, &lp, w->g, w->gphi, err)
        || neg_hessian(fn, u, w, err))
        return -1;
    if (factor_M(w))
        return rt_error(err, "%s: I + L' W L is not positive definite at the "
                        "mode", fn);
    *psi = f;
    return 0;
}

static double half_log_det(const UWork *w)
{
    double s = 0;
    for (int i = 0; i < w->n; i++)
        s += log(w->M[(size_t)i * w->n + i]);
    return s;
}

static int check(const char *fn, const RtLaplaceUser *u, const double *K,
                 const RtLaplaceOptions *o, RtError *err)
{
    if (u->n < 1)
        return rt_error(err, "%s: the latent Gaussian vector has size %d; "
                        "it must have at least one element", fn, u->n);
    for (int64_t k = 0; k < (int64_t)u->n * u->n; k++)
        if (!isfinite(K[k]))
            return rt_error(err, "%s: the covariance matrix has the "
                            "non-finite element %g at [%d, %d]", fn, K[k],
                            (int)(k / u->n) + 1, (int)(k % u->n) + 1);
    if (!(o->tol > 0) || o->max_steps < 1 || o->hessian_block_size < 1
        || o->solver < 1 || o->solver > 3 || o->max_steps_line_search < 0)
        return rt_error(err, "%s: bad control parameters (tolerance %g, max "
                        "steps %d, hessian block size %d, solver %d, line "
                        "search steps %d)", fn, o->tol, o->max_steps,
                        o->hessian_block_size, o->solver,
                        o->max_steps_line_search);
    return 0;
}

/* The checks, the workspace and the mode, what every entry point starts
 * with: 0 with w allocated and at the mode (the caller frees w.block), or
 * -1 with err and nothing to free. */
static int at_mode(const char *fn, const RtLaplaceUser *u, const double *K,
                   const RtLaplaceOptions *o, UWork *w, double *psi,
                   RtError *err)
{
    if (check(fn, u, K, o, err) || uwork_alloc(fn, u->n, u->p, w, err))
        return -1;
    if (find_mode(fn, u, K, o, w, psi, err)) {
        free(w->block);
        return -1;
    }
    return 0;
}

int rt_laplace_marginal_user(const char *fn, const RtLaplaceUser *u,
                             const double *K, const RtLaplaceOptions *o,
                             double *lml, RtError *err)
{
    UWork w;
    double psi;
    if (at_mode(fn, u, K, o, &w, &psi, err))
        return -1;
    *lml = psi - half_log_det(&w);
    free(w.block);
    return 0;
}

/* Sigma = Lk M^-T M^-1 Lk' (or K - K R K, R = sW B^-1 sW) into S. */
static void sigma(const UWork *w, double *S)
{
    int n = w->n;
    if (w->diag) {
        rt_chol_inverse(w->M, n, w->T);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                w->T[(size_t)i * n + j] *= w->sW[i] * w->sW[j];   /* R */
        rt_multiply(w->K, w->T, n, n, n, w->U);                  /* K R */
        rt_multiply(w->U, w->K, n, n, n, S);
        for (int64_t k = 0; k < (int64_t)n * n; k++)
            S[k] = w->K[k] - S[k];
        return;
    }
    /* T = M^-1 Lk' (columns of Lk' solved) */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            w->T[(size_t)i * n + j] = w->Lk[(size_t)j * n + i];
    rt_tri_low_solve(w->M, n, w->T, n);
    /* S = T' T */
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += w->T[(size_t)k * n + i] * w->T[(size_t)k * n + j];
            S[(size_t)i * n + j] = S[(size_t)j * n + i] = s;
        }
}

int rt_laplace_marginal_user_grad(const char *fn, const RtLaplaceUser *u,
                                  const double *K, const RtLaplaceOptions *o,
                                  double adj, double *lml, double *K_adj,
                                  double *phi_adj, RtError *err)
{
    int n = u->n, p = u->p, rc = 0;
    UWork w;
    double psi, lp;
    double *mem = NULL;
    if (at_mode(fn, u, K, o, &w, &psi, err))
        return -1;
    *lml = psi - half_log_det(&w);
    size_t nn = (size_t)n * (size_t)n;
    mem = malloc(sizeof(double) * (2 * nn + 5 * (size_t)n + 2 * (size_t)p
                                   + 2));
    if (!mem) {
        rc = rt_error(err, "%s: out of memory", fn);
        goto done;
    }
    double *S = mem, *C = S + nn, *v = C + nn, *th = v + n, *Sv = th + n;
    double *uu = Sv + n, *c = uu + n, *tphi = c + n, *g0phi = tphi + p + 1;
    sigma(&w, S);
    memcpy(C, S, sizeof(double) * nn);
    if (rt_cholesky_factor(C, n, C)) {
        rc = rt_error(err, "%s: the covariance of the Laplace approximation "
                      "is not positive definite", fn);
        goto done;
    }
    /* gradients at the mode */
    memcpy(w.b, w.g, sizeof(double) * (size_t)n);
    if (p)
        memcpy(g0phi, w.gphi, sizeof(double) * (size_t)p);
    memset(v, 0, sizeof(double) * (size_t)n);
    if (p)
        memset(tphi, 0, sizeof(double) * (size_t)p);
    /* v and tphi: second differences of the gradients along C's columns */
    for (int j = 0; j < n; j++) {
        double cmax = 0;
        for (int i = 0; i < n; i++) {
            c[i] = C[(size_t)i * n + j];
            cmax = fmax(cmax, fabs(c[i]));
        }
        if (cmax == 0)
            continue;
        double h = 1.2207031250e-04 / cmax;
        for (int i = 0; i < n; i++)
            th[i] = w.theta[i] + h * c[i];
        if (eval(u, th, &lp, w.gp, w.gpp, err)) {
            rc = -1;
            goto done;
        }
        for (int i = 0; i < n; i++)
            th[i] = w.theta[i] - h * c[i];
        if (eval(u, th, &lp, w.gm, w.gpm, err)) {
            rc = -1;
            goto done;
        }
        for (int i = 0; i < n; i++)
            v[i] += (w.gp[i] - 2 * w.b[i] + w.gm[i]) / (h * h);
        for (int k = 0; k < p; k++)
            tphi[k] += (w.gpp[k] - 2 * g0phi[k] + w.gpm[k]) / (h * h);
    }
    /* dZ/dK */
    if (K_adj && w.diag) {
        /* R = sW B^-1 sW (sigma() left it in w.T); u = v - R K v */
        rt_multiply(K, v, n, n, 1, th);
        rt_multiply(w.T, th, n, n, 1, uu);
        for (int i = 0; i < n; i++)
            uu[i] = v[i] - uu[i];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                K_adj[(size_t)i * n + j] += adj * 0.5
                    * (w.a[i] * w.a[j] - w.T[(size_t)i * n + j]
                       + uu[i] * w.a[j]);
    } else if (K_adj) {
        /* R = K^-1 - K^-1 Sigma K^-1 into w.U; u = K^-1 Sigma v */
        memcpy(w.U, S, sizeof(double) * nn);
        rt_tri_low_solve(w.Lk, n, w.U, n);
        rt_tri_low_solve_trans(w.Lk, n, w.U, n);      /* K^-1 Sigma */
        rt_multiply(w.U, v, n, n, 1, uu);
        for (int i = 0; i < n; i++)                  /* (K^-1 Sigma)' */
            for (int j = 0; j < i; j++) {
                double t = w.U[(size_t)i * n + j];
                w.U[(size_t)i * n + j] = w.U[(size_t)j * n + i];
                w.U[(size_t)j * n + i] = t;
            }
        rt_tri_low_solve(w.Lk, n, w.U, n);
        rt_tri_low_solve_trans(w.Lk, n, w.U, n);      /* K^-1 Sigma K^-1 */
        memset(w.T, 0, sizeof(double) * nn);
        for (int i = 0; i < n; i++)
            w.T[(size_t)i * n + i] = 1;
        rt_tri_low_solve(w.Lk, n, w.T, n);
        rt_tri_low_solve_trans(w.Lk, n, w.T, n);      /* K^-1 */
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double R = w.T[(size_t)i * n + j] - w.U[(size_t)i * n + j];
                K_adj[(size_t)i * n + j] += adj * 0.5
                    * (w.a[i] * w.a[j] - R + uu[i] * w.a[j]);
            }
    }
    /* dZ/dphi */
    if (phi_adj && p) {
        rt_multiply(S, v, n, n, 1, Sv);
        double smax = 0;
        for (int i = 0; i < n; i++)
            smax = fmax(smax, fabs(Sv[i]));
        double h = 6.0554544523933395e-06 / fmax(smax, 1e-300);
        for (int k = 0; k < p; k++)
            phi_adj[k] += adj * (g0phi[k] + 0.5 * tphi[k]);
        if (smax > 0) {
            for (int i = 0; i < n; i++)
                th[i] = w.theta[i] + h * Sv[i];
            if (eval(u, th, &lp, w.gp, w.gpp, err)) {
                rc = -1;
                goto done;
            }
            for (int i = 0; i < n; i++)
                th[i] = w.theta[i] - h * Sv[i];
            if (eval(u, th, &lp, w.gm, w.gpm, err)) {
                rc = -1;
                goto done;
            }
            for (int k = 0; k < p; k++)
                phi_adj[k] += adj * 0.5 * (w.gpp[k] - w.gpm[k]) / (2 * h);
        }
    }
done:
    free(mem);
    free(w.block);
    return rc;
}

int rt_laplace_latent_user_rng(const char *fn, const RtLaplaceUser *u,
                               const double *K, const RtLaplaceOptions *o,
                               RtRng *rng, double *theta, RtError *err)
{
    int n = u->n, rc = 0;
    UWork w;
    double psi;
    if (at_mode(fn, u, K, o, &w, &psi, err))
        return -1;
    double *S = malloc(sizeof(double) * (size_t)n * (size_t)n);
    if (!S)
        rc = rt_error(err, "%s: out of memory", fn);
    if (!rc) {
        /* theta* + chol(Sigma) z */
        sigma(&w, S);
        if (rt_cholesky_factor(S, n, S)) {
            rc = rt_error(err, "%s: the covariance of the Laplace "
                          "approximation is not positive definite", fn);
        } else {
            for (int j = 0; j < n; j++)
                w.c[j] = rt_rng_normal(rng);
            rt_multiply(S, w.c, n, n, 1, w.b);
            for (int i = 0; i < n; i++)
                theta[i] = w.theta[i] + w.b[i];
        }
    }
    free(S);
    free(w.block);
    return rc;
}
