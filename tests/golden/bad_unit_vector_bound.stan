parameters {
  unit_vector<lower=0>[3] u;
}
