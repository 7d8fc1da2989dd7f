// The five-parameter wiener_lpdf takes all scalars or all vectors (Stan
// Functions Reference 2.38 lists the scalar form; stanc3 adds the vector
// one): a vector outcome with scalar parameters matches neither.
data {
  vector[3] rt;
}
parameters {
  real<lower=0> a;
}
model {
  target += wiener_lpdf(rt | a, 0.1, 0.5, 0.3, 0.2);
}
