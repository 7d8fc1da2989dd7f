// ?: choosing between containers (Stan Reference Manual, "Conditional
// operator": the arms may be of any type, promoted to a common one; only
// the chosen arm is evaluated), with derivatives through the chosen arm,
// arms of different sizes, int arrays promoted to real ones; and a
// printed ?: of tuples whose condition draws, evaluated once.  Both were
// refused ("?: choosing between containers", "a whole tuple value").
// gradcheck: also --passes=profile
data {
  int N;
  vector[N] y;
}
parameters {
  vector[N] mu;
  real<lower=0> s;
}
model {
  vector[N] m = s > 1 ? mu * s : mu / s;
  row_vector[2] r = N > 2 ? [mu[1], mu[2]] : [s, s];
  array[2] real a = s > 0.5 ? {1, 2} : {mu[1], 3.0};
  vector[N > 1 ? 2 : 1] h = head(N > 1 ? mu : append_row(mu, mu), 2);
  matrix[2, 2] M = s < 2 ? [[s, 1], [1, s]] : diag_matrix(rep_vector(s, 2));
  y ~ normal(m, 1);
  target += normal_lpdf(r | 0, 2) + normal_lpdf(a | 0, 3) + normal_lpdf(h | 0, 1);
  target += -0.5 * sum(M);
  s ~ lognormal(0, 1);
}
generated quantities {
  vector[N] v = bernoulli_rng(0.5) ? mu : -mu;
  print("t=", bernoulli_rng(0.5) ? (1, 2.5) : (3, 4.5));
}
