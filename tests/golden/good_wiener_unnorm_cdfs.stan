// Stan 2.38's additions to the Wiener first passage time distribution
// (Functions Reference 2.38, "Wiener First Passage Time Distribution",
// "Tolerance tuning"; stanc3 pull request 1576): the unnormalized log cdfs
// wiener_lcdf_unnorm and wiener_lccdf_unnorm, plain functions called
// without `|`, of four and seven parameters, all scalars or all vectors,
// and with a trailing data tolerance of the partials like wiener_lpdf's
// five- and seven-parameter forms.
data {
  int N;
  vector[N] rt;
  real tol;
}
parameters {
  real<lower=0> a;
  real<lower=0> t0;
  real<lower=0, upper=1> w;
  real v;
  real<lower=0> sv;
  real<lower=0, upper=0.5> sw;
  real<lower=0> st0;
  vector<lower=0>[N] avec;
}
model {
  target += wiener_lcdf_unnorm(rt[1], a, t0, w, v);
  target += wiener_lccdf_unnorm(rt[1], a, t0, w, v, 1e-6);
  target += wiener_lcdf_unnorm(rt, avec, avec, avec, avec, tol);
  target += wiener_lccdf_unnorm(rt, avec, avec, avec, avec);
  target += wiener_lcdf_unnorm(rt[1], a, t0, w, v, sv, sw, st0);
  target += wiener_lccdf_unnorm(rt[1], a, t0, 1 - w, -v, sv, sw, st0, tol);
  target += wiener_lcdf_unnorm(rt, avec, avec, avec, avec, avec, avec, avec,
                               1e-8);
  target += wiener_lccdf_unnorm(rt, avec, avec, avec, avec, avec, avec,
                                avec);
  target += wiener_lpdf(rt[1] | a, t0, w, v, sv, 1e-4);
  target += wiener_lupdf(rt | avec, avec, avec, avec, avec, tol);
  rt[1] ~ wiener(a, t0, w, v, sv, sw, st0, 1e-8);
  target += wiener_lpdf(rt | avec, avec, avec, avec, avec, avec, avec, tol);
}
