// The trailing tolerance of the Wiener functions is data (Stan Functions
// Reference 2.38, "Tolerance tuning": "an additional data real
// argument"): a parameter there is refused.
data {
  real rt;
}
parameters {
  real<lower=0> a;
  real<lower=0> tol;
}
model {
  target += wiener_lccdf_unnorm(rt, a, 0.1, 0.5, 0.3, tol);
}
