// gradcheck: the log density is zero
// The inlined densities (normal and cauchy of scalars, normal of vectors,
// in and out of fused loops, with and without propto) against the
// runtime's general functions, which arrays reach: each term is added
// once inlined and subtracted once through the general call, so the log
// density is 0 when the two agree in value.  (An array of one beside a
// longer container is Stan's size mismatch: the vectorized terms repeat
// their scalars with rep_array.)
data {
  int<lower=1> N;
  vector[N] y;
  real yd;
}
parameters {
  real mu;
  real ls;         // unconstrained: no Jacobian term in the density
  vector[N] v;
}
model {
  real s = exp(ls);
  target += normal_lpdf(yd | mu, s) - normal_lpdf({yd} | mu, s);
  target += cauchy_lpdf(yd | mu, s) - cauchy_lpdf({yd} | mu, s);
  target += cauchy_lpdf(mu | 0, 2.5) - cauchy_lpdf({mu} | 0, 2.5);
  target += normal_lpdf(v | mu, s)
            - normal_lpdf(to_array_1d(v) | rep_array(mu, N), rep_array(s, N));
  target += normal_lpdf(y | v, 2)
            - normal_lpdf(to_array_1d(y) | v, rep_array(2.0, N));
  for (n in 1:N) {
    target += normal_lupdf(y[n] | mu, s) - normal_lupdf({y[n]} | mu, s);
    target += cauchy_lupdf(y[n] | v[n], s) - cauchy_lupdf({y[n]} | v[n], s);
  }
}
