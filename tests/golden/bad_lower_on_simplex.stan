parameters {
  simplex<lower=0>[3] s;
}
