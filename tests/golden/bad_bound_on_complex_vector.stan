data {
  complex_vector<lower=0>[2] z;
}
