parameters {
  row_stochastic_matrix[2, 3] P;
}
model {
  for (i in 1:2)
    P[i]' ~ dirichlet(rep_vector(1, 3));
}
