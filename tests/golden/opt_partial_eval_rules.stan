// each row of partial-eval's rule table where it applies, and where it
// must not: int operators (whose overflow rejects) are not fused, a
// domain the rewrite needs is proved or the expression stays
data {
  int n;
  int k;
  real<lower=-1> lo;
  real free;
  int<lower=0, upper=1> yb;
  int<lower=0> yc;
  int trials;
}
parameters {
  real x;
  real y;
  real<upper=0> neg;
}
model {
  target += log(1 - inv_logit(x));
  target += log(inv_logit(y));
  target += log(1 + exp(x));
  target += log(exp(x) + 1);
  target += log(1 - exp(neg));
  target += log(1 - exp(x));
  target += log(exp(x) + exp(y));
  target += log(1 + lo);
  target += log(lo + 1);
  target += log(1 + free);
  target += log(1 - inv_logit(x) * 0.5);
  target += exp(x) - 1;
  target += x * y + free;
  target += free + x * y;
  target += n * k + free;
  target += 2 * 3 + x;
  yb ~ bernoulli(inv_logit(x));
  target += bernoulli_lpmf(yb | inv_logit(x));
  yc ~ poisson(exp(y));
  target += poisson_lpmf(yc | exp(y));
  yc ~ binomial(trials, inv_logit(x));
}
