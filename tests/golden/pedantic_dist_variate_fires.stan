// variates outside the support of their distribution
parameters {
  real x;
  vector[3] theta;
  real<lower=-1> y;
}
model {
  x ~ lognormal(0, 1);
  theta ~ dirichlet(rep_vector(1, 3));
  y ~ gamma(2, 2);
  -1 ~ exponential(1);
}
