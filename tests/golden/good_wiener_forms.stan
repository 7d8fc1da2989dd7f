// wiener_lpdf in the forms of the Stan Functions Reference 2.38 ("Wiener
// First Passage Time Distribution"): four parameters vectorized (reals),
// five (var_delta) and seven (var_delta, var_beta, var_tau) parameters as
// all scalars or, as stanc3 lists them, all vectors.
data {
  int N;
  vector[N] rt;
  array[N] real rts;
}
parameters {
  real<lower=0> a;
  real<lower=0> t0;
  real<lower=0, upper=1> w;
  real v;
  real<lower=0> sv;
  vector<lower=0>[N] avec;
}
model {
  rt ~ wiener(a, t0, w, v);
  rts ~ wiener(avec, t0, w, v);
  target += wiener_lpdf(rt[1] | a, t0, w, v, sv);
  target += wiener_lupdf(rt[1] | a, t0, w, v, sv, 0.1, 0.05);
  target += wiener_lpdf(rt | avec, avec, avec, avec, avec);
  target += wiener_lpdf(rt | avec, avec, avec, avec, avec, avec, avec);
}
