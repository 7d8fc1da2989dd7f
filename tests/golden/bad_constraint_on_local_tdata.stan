transformed data {
  real x = 1;
  {
    vector<lower=0>[2] v;
  }
}
