// Tuple parameters, transformed parameters and generated quantities
// (Stan Reference Manual, "Tuple data types"): each element is read
// through its own constraining transform, and the outputs are named as
// CmdStan names them (p:1, p:2.1, tp:2:1 ...).
data {
  int N;
  vector[N] y;
}
parameters {
  tuple(real, real<lower=0>) loc_scale;
  tuple(vector<lower=-1, upper=1>[2], tuple(real<lower=0>, simplex[3])) p;
}
transformed parameters {
  tuple(real, tuple(real<lower=0>, vector[2])) tp
      = (loc_scale.1 * 2, (exp(loc_scale.1), p.1 * loc_scale.2));
}
model {
  loc_scale.1 ~ normal(0, 1);
  loc_scale.2 ~ lognormal(0, 1);
  y ~ normal(loc_scale.1, loc_scale.2);
  p.1 ~ normal(0, 1);
  p.2.1 ~ exponential(1);
  p.2.2 ~ dirichlet([1, 2, 3]');
  target += tp.2.1 - 0.5 * dot_self(tp.2.2);
}
generated quantities {
  tuple(real, int) g = (tp.1 + p.2.2[1], N);
}
