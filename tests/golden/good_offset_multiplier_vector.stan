data {
  vector[3] mu;
}
parameters {
  vector<offset=mu, multiplier=3>[3] z;
}
