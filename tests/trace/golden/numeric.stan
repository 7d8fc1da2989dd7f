// A primitive without a closed-form derivative rule (inv_wishart) is
// differentiated numerically by five-point differences: the node is
// marked and the gradient names it; the covariance transform before it
// has a closed-form rule.
parameters {
  cov_matrix[2] Sigma;
}
model {
  Sigma ~ inv_wishart(4, [[1, 0.2], [0.2, 1]]);
}
