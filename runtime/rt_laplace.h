/* rt_laplace.h - the embedded Laplace approximation with the built-in
 * likelihoods (Stan Functions Reference, "Embedded Laplace
 * Approximation"): laplace_marginal_{poisson_log,neg_binomial_2_log,
 * bernoulli_logit}_lpmf and their laplace_latent_*_rng.
 *
 * A latent Gaussian model theta ~ multi_normal(0, K), y[i] ~ p(y[i] |
 * theta[g(i)] + m[g(i)]): the log marginal likelihood log p(y) is
 * approximated by Laplace's method around the mode theta* of
 * log p(y | theta) - theta' K^-1 theta / 2, found by Newton's method
 * (Rasmussen & Williams, Gaussian Processes for Machine Learning, 2006,
 * Algorithm 3.1; W = -d2 log p(y | theta) / dtheta2 is diagonal here and
 * non-negative, the likelihoods being log-concave):
 *
 *   log p(y) ~ log p(y | theta*) - a' theta* / 2 - sum log diag(L),
 *   a = K^-1 theta*,  L L' = B = I + W^1/2 K W^1/2.
 *
 * Its gradient with respect to K and to the likelihood's own arguments
 * (the offsets m, the negative binomial's dispersion eta) is computed in
 * closed form with the implicit function theorem for the mode (Margossian
 * et al. 2020, "Hamiltonian Monte Carlo using an adjoint-differentiated
 * Laplace approximation"; Rasmussen & Williams, Algorithm 5.1): with
 * R = W^1/2 B^-1 W^1/2, Sigma = (K^-1 + W)^-1 = K - K R K and
 * v[j] = Sigma[j,j] d3[j] (d3 the third derivative of log p(y | theta)),
 *
 *   dZ/dK   = a a' / 2 - R / 2 + u a' / 2,   u = v - R K v,
 *   dZ/dm   = grad + v / 2 - W (Sigma v) / 2,
 *   dZ/deta = dl/deta - sum_j Sigma[j,j] dW[j]/deta / 2
 *             + v' Sigma dgrad/deta / 2.
 *
 * The caller turns dZ/dK into the covariance function's arguments'
 * gradients with that function's vector-Jacobian product.  Matrices are
 * row-major; nothing here prints or exits. */
#ifndef RT_LAPLACE_H
#define RT_LAPLACE_H

typedef struct RtError RtError;
typedef struct RtRng RtRng;

typedef enum RtLaplaceLik {
    RT_LAPLACE_POISSON_LOG,
    RT_LAPLACE_NEG_BINOMIAL_2_LOG,
    RT_LAPLACE_BERNOULLI_LOGIT
} RtLaplaceLik;

/* The built-in likelihood and its data: ny counts y with their groups
 * y_index (1-based, into theta's n elements), the offsets m (n), and the
 * negative binomial's dispersion eta. */
typedef struct RtLaplaceLikelihood {
    RtLaplaceLik kind;
    int n, ny;
    const int *y, *y_index;
    const double *m;
    double eta;
} RtLaplaceLikelihood;

/* The control parameters of the _tol forms (theta0 NULL: zeros).  The
 * Newton iteration stops when the objective changes by less than tol;
 * more than max_steps steps is an error (the proposal is rejected). */
typedef struct RtLaplaceOptions {
    const double *theta0;
    double tol;
    int max_steps;
    int hessian_block_size;
    int solver;                /* 1, 2 or 3 */
    int max_steps_line_search;
    int allow_fallback;
} RtLaplaceOptions;

/* The Functions Reference's defaults (tolerance the square root of the
 * machine epsilon, 500 steps, solver 1, 1000 line-search steps, fallback
 * allowed), for a call without the control tuple. */
#define RT_LAPLACE_DEFAULTS(hessian_block_size) \
    ((RtLaplaceOptions){NULL, 1.4901161193847656e-08, 500, \
                        (hessian_block_size), 1, 1000, 1})

/* The approximate log marginal likelihood into *lml; K is n x n.
 * fn names the function in messages. */
int rt_laplace_marginal(const char *fn, const RtLaplaceLikelihood *lik,
                        const double *K, const RtLaplaceOptions *o,
                        double *lml, RtError *err);

/* The same, and its gradient: ADD dZ/dK into K_adj (n x n, may be NULL),
 * dZ/dm into m_adj (n, may be NULL) and dZ/deta into *eta_adj (may be
 * NULL), each scaled by adj. */
int rt_laplace_marginal_grad(const char *fn, const RtLaplaceLikelihood *lik,
                             const double *K, const RtLaplaceOptions *o,
                             double adj, double *lml, double *K_adj,
                             double *m_adj, double *eta_adj, RtError *err);

/* A draw of theta from the Laplace approximation of p(theta | y): normal
 * with mean theta* and covariance (K^-1 + W)^-1, into theta (n). */
int rt_laplace_latent_rng(const char *fn, const RtLaplaceLikelihood *lik,
                          const double *K, const RtLaplaceOptions *o,
                          RtRng *rng, double *theta, RtError *err);

/* ---------------------------------------------- a user log likelihood */

/* laplace_marginal[_tol] and laplace_latent[_tol]_rng with a user
 * function ll(theta, phi...): its value and gradient come from a callback,
 * its Hessian in theta from central differences of the gradient, step
 * 6e-6 (eps^1/3) times max(1, |theta_j|).  With hessian_block_size 1 the
 * Hessian is diagonal (the Functions Reference's meaning), two gradients
 * give it and the Newton step is the built-in likelihoods' (B = I +
 * W^1/2 K W^1/2); otherwise it is dense (n pairs of gradients,
 * symmetrized) and the step uses the Cholesky factors of K = L L' and of
 * I + L' W L (the reference's solver 2).  The
 * gradient needs the third derivatives only contracted with the Laplace
 * covariance Sigma = C C': v = grad_theta tr(Sigma H) and its phi part are
 * sums over the columns c of C of second differences of the gradient along
 * c (step 1.2e-4 = eps^1/4 over the largest |c_j|), and the mixed term
 * one central difference of grad_phi along Sigma v. */
typedef struct RtLaplaceUser {
    int n, p;                /* theta's and phi's sizes */
    /* log p(y | theta, phi) into *lp; when g_theta is non-NULL, ADD the
     * gradient in theta into g_theta (n) and in phi into g_phi (p). */
    int (*lik)(void *ctx, const double *theta, double *lp, double *g_theta,
               double *g_phi, RtError *err);
    void *ctx;
} RtLaplaceUser;

int rt_laplace_marginal_user(const char *fn, const RtLaplaceUser *u,
                             const double *K, const RtLaplaceOptions *o,
                             double *lml, RtError *err);
/* With the gradient: ADD adj dZ/dK into K_adj and adj dZ/dphi into
 * phi_adj (either may be NULL). */
int rt_laplace_marginal_user_grad(const char *fn, const RtLaplaceUser *u,
                                  const double *K, const RtLaplaceOptions *o,
                                  double adj, double *lml, double *K_adj,
                                  double *phi_adj, RtError *err);
int rt_laplace_latent_user_rng(const char *fn, const RtLaplaceUser *u,
                               const double *K, const RtLaplaceOptions *o,
                               RtRng *rng, double *theta, RtError *err);

#endif
