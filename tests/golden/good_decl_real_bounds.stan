parameters {
  real<lower=0> sigma;
  real<upper=0> neg;
  real<lower=-1, upper=1> rho;
}
