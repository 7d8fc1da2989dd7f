data {
  vector[3] lo;
}
parameters {
  vector<lower=lo>[3] x;
  vector<lower=lo, upper=lo + 1>[3] y;
}
