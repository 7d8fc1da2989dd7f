// wiener_lcdf_unnorm takes all scalars or all vectors (stanc3 lists those
// two, as for wiener_lpdf's five- and seven-parameter forms): a vector
// outcome with scalar parameters matches neither.
data {
  vector[3] rt;
}
parameters {
  real<lower=0> a;
}
model {
  target += wiener_lcdf_unnorm(rt, a, 0.1, 0.5, 0.3, 0.2, 0.1, 0.1);
}
