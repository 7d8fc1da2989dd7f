// linear transforms of parameters, and any transform of data
data {
  vector[3] x;
}
parameters {
  real y;
  vector[3] v;
  real w;
}
model {
  (2 * y - 1) ~ normal(0, 1);
  sum(v) + 3 ~ normal(0, 1);
  w ~ normal(0, 1);
  log(x) ~ normal(w, 1);
}
