data {
  complex<lower=0> z;
}
