// A `target +=` whose summands belong to both contexts (a prior term and
// a likelihood term, emitted as one statement per context, emit_ctx.c)
// inside an if, a for loop and a profile block, its summands reading
// locals assigned once before it.  The backend judged the enclosing
// statement from the whole increment (fused: nothing for the reverse
// sweep) but emitted its two parts unfused, so their partials were lost:
// the gradient lost the partials of r, a, b and m (relative error 0.041).
// gradcheck: also --passes=profile
data {
  int N;
  vector[N] y;
}
parameters {
  vector[N] mu;
  real<lower=0> s;
}
model {
  row_vector[2] r = N > 2 ? [mu[1], mu[2]] : [s, s];
  array[2] real a = s > 0.5 ? {1, 2} : {mu[1], 3.0};
  real b = 2 * s;
  vector[N] m = mu * s;
  if (N > 0) {
    target += normal_lpdf(r | 0, 2) + normal_lpdf(a | 0, 3);
  }
  for (i in 1:2) {
    target += normal_lpdf(b | 0, 4) + normal_lpdf(y[i] | m[i], 2);
  }
  profile("both") {
    target += normal_lpdf(a | 1, 3) + normal_lpdf(y | m, 3);
  }
  s ~ lognormal(0, 1);
  y ~ normal(mu, 1);
}
