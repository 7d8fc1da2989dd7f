// eigenvalues_sym and eigenvectors_sym of a parameter.
data {
  matrix[3, 3] C;
  vector[3] c;
}
parameters {
  cov_matrix[3] Sigma;
}
transformed parameters {
  vector[3] ev = eigenvalues_sym(Sigma);
}
model {
  matrix[3, 3] V = eigenvectors_sym(Sigma);
  target += dot_product(ev, c);
  target += sum(columns_dot_product(V, C));
  target += sum(eigenvalues_sym(crossprod(C))) * 0.1;
}
generated quantities {
  matrix[3, 3] W = eigenvectors_sym(crossprod(C));
}
