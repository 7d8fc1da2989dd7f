// Effects inside user functions: a print and a reject that dead code
// elimination must keep although the functions' values are unused, a
// void function that only prints, and an _lp function whose only work is
// its target increment (stanc3 once deleted such calls).
functions {
  real noisy_scale(real s) {
    print("noisy_scale: s = ", s);
    return s;
  }
  real must_be_positive(real x) {
    if (x <= 0) {
      reject("must_be_positive: x = ", x);
    }
    return x;
  }
  void report(vector v) {
    print("report: mean = ", mean(v));
  }
  real add_prior_lp(real mu) {
    target += normal_lupdf(mu | 0, 5);
    return mu;
  }
}
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  real unused = noisy_scale(sigma);   // value unused, print kept
  real checked = must_be_positive(sigma);
  real also_unused = add_prior_lp(mu);
  sigma ~ exponential(1);
  y ~ normal(mu, sigma);
}
generated quantities {
  report(y);
  real scale = must_be_positive(sigma);
}
