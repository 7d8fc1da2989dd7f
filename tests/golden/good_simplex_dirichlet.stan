parameters {
  simplex[3] theta;
}
model {
  theta ~ dirichlet(rep_vector(1, 3));
}
