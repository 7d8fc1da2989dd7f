// Issue 10's language corners through the gradient check and the
// validator: .* and ./ of scalars (parameters and data, int and real),
// their complex forms (on data: complex values carry no derivatives yet),
// unary + on scalars and vectors, digit separators and a UTF-8 string in
// print.
data {
  int<lower=1> N;
  vector[N] y;
  int k;
}
transformed data {
  complex c = to_complex(y[1], 2) .* to_complex(1, 0.5);
  complex d = c ./ to_complex(k, 1);
}
parameters {
  real mu;
  real<lower=0> sigma;
  vector[N] z;
}
transformed parameters {
  real scaled = mu .* sigma;
  real ratio = mu ./ sigma;
  real halves = k ./ 2;
  vector[N] zz = +z;
}
model {
  mu ~ normal(0, 1_0);
  sigma ~ lognormal(0, 1.000_0);
  z ~ normal(0, 1);
  target += normal_lpdf(y | +mu + get_real(d) .* 0.1, sigma);
  target += -0.5 * square(scaled - ratio) + get_imag(c) * 0.01;
  target += -0.5 * dot_self(zz);
}
generated quantities {
  real h = halves .* 1e0;
  if (k == 3)
    print("héllo ✓ ", h);
}
