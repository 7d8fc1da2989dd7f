// map_rect (backend/emit_map_rect.c): the jobs' results concatenated, run
// serially (Stan Functions Reference, "Map-rect"), with results of
// different sizes per job.  Transformed data checks a call on data with
// ints in its data arrays; the model checks the concatenation against the
// same function called job by job, and sends the shared and the per-job
// parameters through it, so that its gradient meets finite differences.
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > 1e-12)
      reject("map_rect: check ", id, " gives ", got, ", expected ", want);
  }
  // job j: x_i[1] values (1 or 2), from the shared mean and scale phi and
  // the job's effect theta
  vector job(vector phi, vector theta, data array[] real x_r,
             data array[] int x_i) {
    real lp = normal_lpdf(x_r | phi[1] + theta[1], phi[2]);
    return head([lp, theta[1] * theta[2] * x_r[1]]', x_i[1]);
  }
}
data {
  int J;
  int N;  // the number of results: the sum of k
  array[J, 2] real y;
  array[J, 1] int k;
}
transformed data {
  array[J] vector[2] th0;
  for (j in 1:J)
    th0[j] = [0.1 * j, 1]';
  vector[N] want0;
  {
    int o = 1;
    for (j in 1:J) {
      vector[k[j, 1]] r = job([0.5, 2]', th0[j], y[j], k[j]);
      want0[o:(o + k[j, 1] - 1)] = r;
      o += k[j, 1];
    }
  }
  expect(map_rect(job, [0.5, 2]', th0, y, k), want0, 1);
}
parameters {
  real mu;
  real<lower=0.5> sigma;
  array[J] vector[2] theta;
}
model {
  vector[N] r = map_rect(job, [mu, sigma]', theta, y, k);
  vector[N] want;
  int o = 1;
  for (j in 1:J) {
    want[o:(o + k[j, 1] - 1)] = job([mu, sigma]', theta[j], y[j], k[j]);
    o += k[j, 1];
  }
  expect(r, want, 2);
  target += sum(r);
  for (j in 1:J)
    theta[j] ~ normal(0, 1);
}
