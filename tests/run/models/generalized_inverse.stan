// generalized_inverse (Stan Functions Reference, "Linear algebra
// functions and solvers") of a tall, a wide and a square parameter: the
// Moore-Penrose inverse, with Golub and Pereyra's derivative.
data {
  matrix[3, 2] G0;
  matrix[3, 3] S0;
}
parameters {
  matrix[3, 2] G;
  matrix[3, 3] S;
}
transformed parameters {
  matrix[2, 3] Gp = generalized_inverse(G);
}
model {
  to_vector(G) ~ normal(to_vector(G0), 0.5);
  to_vector(S) ~ normal(to_vector(S0), 0.5);
  target += sum(Gp .* G0');
  target += sum(generalized_inverse(G') .* G0);
  target += -0.01 * sum(square(generalized_inverse(S + diag_matrix(rep_vector(3, 3)))));
}
