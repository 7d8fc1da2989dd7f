// Stan's profile("name") blocks everywhere they may stand: nested (with
// the same name repeated), in a loop, in user functions (with a gradient,
// without, recursive, left by return), in transformed data, transformed
// parameters and generated quantities (left by break and continue).  A
// profile only runs its body: the log density, gradient and outputs are
// the program's without them (tests/profile/run.sh checks the CSV).
functions {
  real sq(real x) {
    profile("fn_sq") {
      return x * x;
    }
  }
  int fib(int n) {
    profile("fn_fib") {
      if (n < 2) return n;
      return fib(n - 1) + fib(n - 2);
    }
  }
}
data {
  int<lower=1> N;
  vector[N] y;
}
transformed data {
  int f5;
  profile("tdata") {
    f5 = fib(5);
  }
}
parameters {
  real mu;
  real<lower=0> sigma;
}
transformed parameters {
  real mu2;
  profile("tparams") {
    mu2 = sq(mu);
  }
}
model {
  profile("priors") {
    mu ~ normal(0, 10);
    profile("inner") {
      sigma ~ exponential(1);
    }
    profile("inner") {
      target += -0.01 * mu2;
    }
  }
  for (n in 1:N) {
    profile("lik") {
      real m = mu + 0;
      y[n] ~ normal(m, sigma);
    }
  }
  profile("fcall") {
    target += -0.001 * sq(sigma);
  }
}
generated quantities {
  real z = 0;
  int k = 0;
  profile("gq") {
    z = normal_rng(mu, 1);
  }
  for (i in 1:10) {
    profile("gq_loop") {
      k += 1;
      if (i == 2) continue;
      if (i == 4) break;
    }
  }
}
