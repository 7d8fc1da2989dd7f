generated quantities {
  real y = normal_rng(0, 1);
  array[3] int k = poisson_rng({1.0, 2.0, 3.0});
  vector[2] z = multi_normal_rng([0, 0]', diag_matrix(rep_vector(1, 2)));
}
