// A primitive without a closed-form derivative rule (gumbel) is
// differentiated numerically by five-point differences: the node is
// marked and the gradient names it; the covariance transform and
// inv_wishart have closed-form rules.
parameters {
  cov_matrix[2] Sigma;
  real mu;
}
model {
  Sigma ~ inv_wishart(4, [[1, 0.2], [0.2, 1]]);
  0.5 ~ gumbel(mu, 2);
}
