/* interp_grad_rules.c - the interpreter's derivative rules: for each
 * primitive with a closed form, the partials of its result with respect
 * to each argument, written here from the mathematics (not taken from the
 * runtime or the C backend, so that the backward pass of the trace is an
 * independent opinion on the gradient).
 *
 * One table, keyed by the primitive's name (interp_lib_call's name; a
 * density by its base name, for _lpdf, _lupdf, _lpmf and _lupmf alike):
 *
 *   ELEMENTWISE  y_j = f(x_1j, ..., x_kj): arguments are scalars or
 *                containers of one size L (scalars broadcast), the result
 *                has L values (one when every argument is a scalar)
 *   DENSITY      y = sum_j f(x_1j, ..., x_kj) + terms without the
 *                arguments: the same broadcast, one result
 *
 * Each row's d() gives the partials of f at one element.  Dropped
 * constants (propto) have no partials with respect to what the program
 * differentiates, so lpdf and lupdf share a row.  The structural and
 * linear-algebra primitives ([], []=, making arrays, matrix products,
 * sum) have their own code in interp_grad.c.  A primitive missing here
 * is differentiated numerically there, and says so. */
#include <math.h>
#include <string.h>

#include "interp_impl.h"

/* interp_digamma(x) for x > 0: recurrence to x >= 6, then the asymptotic series */
double interp_digamma(double x)
{
    double r = 0;
    while (x < 6) {
        r -= 1 / x;
        x += 1;
    }
    double f = 1 / (x * x);
    return r + log(x) - 0.5 / x
        - f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240
                                                   - f * (1.0 / 132)))));
}

static double inv_logit(double x)
{
    return x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x));
}

/* elementwise functions: partials of y = f(x) */
static void d_add(const double *x, double *d) { (void)x; d[0] = 1; d[1] = 1; }
static void d_sub(const double *x, double *d) { (void)x; d[0] = 1; d[1] = -1; }
static void d_minus(const double *x, double *d) { (void)x; d[0] = -1; }
static void d_plus(const double *x, double *d) { (void)x; d[0] = 1; }
static void d_mul(const double *x, double *d) { d[0] = x[1]; d[1] = x[0]; }
static void d_div(const double *x, double *d)
{
    d[0] = 1 / x[1];
    d[1] = -x[0] / (x[1] * x[1]);
}
static void d_pow(const double *x, double *d)
{
    d[0] = x[1] == 0 ? 0 : x[1] * pow(x[0], x[1] - 1);
    d[1] = x[0] > 0 ? pow(x[0], x[1]) * log(x[0]) : 0;
}
static void d_exp(const double *x, double *d) { d[0] = exp(x[0]); }
static void d_log(const double *x, double *d) { d[0] = 1 / x[0]; }
static void d_sqrt(const double *x, double *d) { d[0] = 0.5 / sqrt(x[0]); }
static void d_square(const double *x, double *d) { d[0] = 2 * x[0]; }
static void d_inv(const double *x, double *d) { d[0] = -1 / (x[0] * x[0]); }
static void d_inv_sqrt(const double *x, double *d)
{
    d[0] = -0.5 * pow(x[0], -1.5);
}
static void d_inv_square(const double *x, double *d)
{
    d[0] = -2 / (x[0] * x[0] * x[0]);
}
static void d_inv_logit(const double *x, double *d)
{
    double p = inv_logit(x[0]);
    d[0] = p * (1 - p);
}
static void d_logit(const double *x, double *d)
{
    d[0] = 1 / (x[0] * (1 - x[0]));
}
static void d_log_inv_logit(const double *x, double *d)
{
    d[0] = 1 - inv_logit(x[0]);
}
static void d_log1m_inv_logit(const double *x, double *d)
{
    d[0] = -inv_logit(x[0]);
}
static void d_log1p(const double *x, double *d) { d[0] = 1 / (1 + x[0]); }
static void d_log1m(const double *x, double *d) { d[0] = -1 / (1 - x[0]); }
static void d_log1p_exp(const double *x, double *d)
{
    d[0] = inv_logit(x[0]);
}
static void d_expm1(const double *x, double *d) { d[0] = exp(x[0]); }
static void d_fabs(const double *x, double *d)
{
    d[0] = x[0] > 0 ? 1 : x[0] < 0 ? -1 : 0;
}
static void d_sin(const double *x, double *d) { d[0] = cos(x[0]); }
static void d_cos(const double *x, double *d) { d[0] = -sin(x[0]); }
static void d_tanh(const double *x, double *d)
{
    double t = tanh(x[0]);
    d[0] = 1 - t * t;
}
static void d_atan(const double *x, double *d)
{
    d[0] = 1 / (1 + x[0] * x[0]);
}
static void d_lgamma(const double *x, double *d) { d[0] = interp_digamma(x[0]); }

/* densities: partials of the log density of one element (y | theta) */
static void d_normal(const double *x, double *d)
{
    double z = (x[0] - x[1]) / x[2];
    d[0] = -z / x[2];
    d[1] = z / x[2];
    d[2] = (z * z - 1) / x[2];
}
static void d_std_normal(const double *x, double *d) { d[0] = -x[0]; }
static void d_lognormal(const double *x, double *d)
{
    double z = (log(x[0]) - x[1]) / x[2];
    d[0] = -(1 + z / x[2]) / x[0];
    d[1] = z / x[2];
    d[2] = (z * z - 1) / x[2];
}
static void d_exponential(const double *x, double *d)
{
    d[0] = -x[1];
    d[1] = 1 / x[1] - x[0];
}
static void d_cauchy(const double *x, double *d)
{
    double z = (x[0] - x[1]) / x[2];
    double w = 1 + z * z;
    d[0] = -2 * z / (x[2] * w);
    d[1] = 2 * z / (x[2] * w);
    d[2] = -1 / x[2] + 2 * z * z / (x[2] * w);
}
static void d_student_t(const double *x, double *d)
{
    double nu = x[1], z = (x[0] - x[2]) / x[3], q = z * z / nu;
    d[0] = -(nu + 1) * z / (x[3] * nu * (1 + q));
    d[1] = 0.5 * (interp_digamma((nu + 1) / 2) - interp_digamma(nu / 2)) - 0.5 / nu
        - 0.5 * log1p(q) + 0.5 * (nu + 1) * q / (nu * (1 + q));
    d[2] = -d[0];
    d[3] = -1 / x[3] + (nu + 1) * q / (x[3] * (1 + q));
}
static void d_gamma(const double *x, double *d)
{
    d[0] = (x[1] - 1) / x[0] - x[2];
    d[1] = log(x[2]) - interp_digamma(x[1]) + log(x[0]);
    d[2] = x[1] / x[2] - x[0];
}
static void d_inv_gamma(const double *x, double *d)
{
    d[0] = -(x[1] + 1) / x[0] + x[2] / (x[0] * x[0]);
    d[1] = log(x[2]) - interp_digamma(x[1]) - log(x[0]);
    d[2] = x[1] / x[2] - 1 / x[0];
}
static void d_beta(const double *x, double *d)
{
    double ab = interp_digamma(x[1] + x[2]);
    d[0] = (x[1] - 1) / x[0] - (x[2] - 1) / (1 - x[0]);
    d[1] = log(x[0]) - interp_digamma(x[1]) + ab;
    d[2] = log1p(-x[0]) - interp_digamma(x[2]) + ab;
}
static void d_poisson_log(const double *x, double *d)
{
    d[0] = 0;
    d[1] = x[0] - exp(x[1]);
}
static void d_poisson(const double *x, double *d)
{
    d[0] = 0;
    d[1] = x[0] / x[1] - 1;
}
static void d_bernoulli_logit(const double *x, double *d)
{
    d[0] = 0;
    d[1] = x[0] - inv_logit(x[1]);
}
static void d_weibull(const double *x, double *d)
{
    double y = x[0], a = x[1], s = x[2], t = pow(y / s, a);
    d[0] = (a - 1) / y - a * t / y;
    d[1] = 1 / a + log(y / s) - t * log(y / s);
    d[2] = -a / s + a * t / s;
}

static void d_atan2(const double *x, double *d)
{
    double r = x[0] * x[0] + x[1] * x[1];
    d[0] = x[1] / r;
    d[1] = -x[0] / r;
}
/* log_mix(theta, a, b) = log(theta e^a + (1 - theta) e^b) */
static void d_log_mix(const double *x, double *d)
{
    double m = fmax(x[1], x[2]);
    double ea = exp(x[1] - m), eb = exp(x[2] - m);
    double s = x[0] * ea + (1 - x[0]) * eb;
    d[0] = (ea - eb) / s;
    d[1] = x[0] * ea / s;
    d[2] = (1 - x[0]) * eb / s;
}
/* log_diff_exp(a, b) = log(e^a - e^b), a > b */
static void d_log_diff_exp(const double *x, double *d)
{
    d[0] = -1 / expm1(x[1] - x[0]);
    d[1] = -1 / expm1(x[0] - x[1]);
}
/* NB2 with log mean eta: n eta - (n + phi) log(e^eta + phi) + phi log phi
 * + lgamma(n + phi) - lgamma(phi) - lgamma(n + 1) */
static void d_neg_binomial_2_log(const double *x, double *d)
{
    double n = x[0], mu = exp(x[1]), phi = x[2];
    d[0] = 0;
    d[1] = n - (n + phi) * mu / (mu + phi);
    d[2] = interp_digamma(n + phi) - interp_digamma(phi) + log(phi) + 1 - log(mu + phi)
        - (n + phi) / (mu + phi);
}
static void d_binomial(const double *x, double *d)
{
    d[0] = 0;
    d[1] = 0;
    d[2] = x[0] / x[2] - (x[1] - x[0]) / (1 - x[2]);
}
/* log Phi(z) and log(1 - Phi(z)), z = (y - mu) / sigma */
static void d_normal_lcdf(const double *x, double *d)
{
    double z = (x[0] - x[1]) / x[2];
    double r = exp(-0.5 * z * z) / sqrt(2 * M_PI)
        / (0.5 * erfc(-z / sqrt(2)));
    d[0] = r / x[2];
    d[1] = -r / x[2];
    d[2] = -z * r / x[2];
}
static void d_normal_lccdf(const double *x, double *d)
{
    double z = (x[0] - x[1]) / x[2];
    double r = -exp(-0.5 * z * z) / sqrt(2 * M_PI)
        / (0.5 * erfc(z / sqrt(2)));
    d[0] = r / x[2];
    d[1] = -r / x[2];
    d[2] = -z * r / x[2];
}
/* weibull_lccdf(y | alpha, sigma) = -(y / sigma)^alpha */
static void d_weibull_lccdf(const double *x, double *d)
{
    double t = pow(x[0] / x[2], x[1]);
    d[0] = -x[1] * t / x[0];
    d[1] = -t * log(x[0] / x[2]);
    d[2] = x[1] * t / x[2];
}

/* von_mises(y | mu, kappa) = kappa cos(y - mu) - log(2 pi) - log I0(kappa):
 * d/dkappa = cos(y - mu) - I1(kappa) / I0(kappa), the ratio from the
 * logarithms of the Bessel functions (no overflow for a large kappa). */
static void d_von_mises(const double *x, double *d)
{
    double diff = x[0] - x[1], k = x[2];
    d[0] = -k * sin(diff);
    d[1] = k * sin(diff);
    d[2] = cos(diff) - exp(rt_log_modified_bessel_first_kind(1, k)
                           - rt_log_modified_bessel_first_kind(0, k));
}

/* pareto(y | y_min, alpha) = log alpha + alpha log y_min - (alpha + 1)
 * log y, for y >= y_min */
static void d_pareto(const double *x, double *d)
{
    d[0] = -(x[2] + 1) / x[0];
    d[1] = x[2] / x[1];
    d[2] = 1 / x[2] + log(x[1]) - log(x[0]);
}

/* beta_binomial(n | N, a, b) = lchoose(N, n) + lbeta(n + a, N - n + b) -
 * lbeta(a, b) */
static void d_beta_binomial(const double *x, double *d)
{
    double n = x[0], N = x[1], a = x[2], b = x[3];
    double all = interp_digamma(N + a + b), ab = interp_digamma(a + b);
    d[0] = 0;
    d[1] = 0;
    d[2] = interp_digamma(n + a) - all - interp_digamma(a) + ab;
    d[3] = interp_digamma(N - n + b) - all - interp_digamma(b) + ab;
}

/* Domains for the unit tests, one letter per argument ('-' or none: any
 * real): P positive, U in (0, 1), I a count (0..5), J a count from 6 on,
 * B 0 or 1, L less than the argument before, M positive and less than
 * the (positive) argument before.  A row named with its
 * suffix (normal_lcdf) sums like a density and is found by its whole
 * name. */
static const InterpGradRule rules[] = {
    {"add", 2, "", false, d_add},
    {"subtract", 2, "", false, d_sub},
    {"minus", 1, "", false, d_minus},
    {"plus", 1, "", false, d_plus},
    {"elt_multiply", 2, "", false, d_mul},
    {"multiply", 2, "", false, d_mul},      /* a scalar and anything */
    {"elt_divide", 2, "-P", false, d_div},
    {"divide", 2, "-P", false, d_div},      /* anything by a scalar */
    {"pow", 2, "P-", false, d_pow},
    {"exp", 1, "", false, d_exp},
    {"log", 1, "P", false, d_log},
    {"sqrt", 1, "P", false, d_sqrt},
    {"square", 1, "", false, d_square},
    {"inv", 1, "P", false, d_inv},
    {"inv_sqrt", 1, "P", false, d_inv_sqrt},
    {"inv_square", 1, "P", false, d_inv_square},
    {"inv_logit", 1, "", false, d_inv_logit},
    {"logit", 1, "U", false, d_logit},
    {"log_inv_logit", 1, "", false, d_log_inv_logit},
    {"log1m_inv_logit", 1, "", false, d_log1m_inv_logit},
    {"log1p", 1, "P", false, d_log1p},
    {"log1m", 1, "U", false, d_log1m},
    {"log1p_exp", 1, "", false, d_log1p_exp},
    {"expm1", 1, "", false, d_expm1},
    {"fabs", 1, "", false, d_fabs},
    {"abs", 1, "", false, d_fabs},
    {"sin", 1, "", false, d_sin},
    {"cos", 1, "", false, d_cos},
    {"tanh", 1, "", false, d_tanh},
    {"atan", 1, "", false, d_atan},
    {"lgamma", 1, "P", false, d_lgamma},
    {"normal", 3, "--P", true, d_normal},
    {"std_normal", 1, "-", true, d_std_normal},
    {"lognormal", 3, "P-P", true, d_lognormal},
    {"exponential", 2, "PP", true, d_exponential},
    {"cauchy", 3, "--P", true, d_cauchy},
    {"student_t", 4, "-P-P", true, d_student_t},
    {"gamma", 3, "PPP", true, d_gamma},
    {"inv_gamma", 3, "PPP", true, d_inv_gamma},
    {"beta", 3, "UPP", true, d_beta},
    {"poisson", 2, "IP", true, d_poisson},
    {"poisson_log", 2, "I-", true, d_poisson_log},
    {"bernoulli_logit", 2, "B-", true, d_bernoulli_logit},
    {"weibull", 3, "PPP", true, d_weibull},
    {"atan2", 2, "--", false, d_atan2},
    {"log_mix", 3, "U--", false, d_log_mix},
    {"log_diff_exp", 2, "-L", false, d_log_diff_exp},
    {"neg_binomial_2_log", 3, "I-P", true, d_neg_binomial_2_log},
    {"binomial", 3, "IJU", true, d_binomial},
    {"normal_lcdf", 3, "--P", true, d_normal_lcdf},
    {"normal_lccdf", 3, "--P", true, d_normal_lccdf},
    {"weibull_lccdf", 3, "PPP", true, d_weibull_lccdf},
    {"von_mises", 3, "--P", true, d_von_mises},
    {"pareto", 3, "PMP", true, d_pareto},
    {"beta_binomial", 4, "IJPP", true, d_beta_binomial},
};

const InterpGradRule *interp_grad_rules(int *n)
{
    *n = (int)(sizeof rules / sizeof rules[0]);
    return rules;
}

const InterpGradRule *interp_grad_rule(const char *name, bool *density)
{
    static const char *const sfx[] = {"_lpdf", "_lupdf", "_lpmf", "_lupmf"};
    size_t len = strlen(name), base = len;
    *density = false;
    for (int i = 0; i < 4; i++) {
        size_t s = strlen(sfx[i]);
        if (name_has_suffix(name, sfx[i])) {
            base = len - s;
            *density = true;
        }
    }
    int n;
    const InterpGradRule *r = interp_grad_rules(&n);
    for (int i = 0; i < n; i++)
        if (!strcmp(r[i].name, name)) {
            *density = r[i].density;
            return &r[i];
        }
    for (int i = 0; i < n; i++)
        if (strlen(r[i].name) == base && !strncmp(r[i].name, name, base)
            && r[i].density == *density)
            return &r[i];
    return NULL;
}
