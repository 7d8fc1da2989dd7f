// dce never deletes what can be observed: a print or reject (also in a
// user function, and a call of a user function that is not pure), a
// check, a size mismatch that rejects, an assignment whose right side may
// reject, an RNG draw, a target change; it deletes branches never taken,
// empty loops, unread assignments with no effect, code after return
functions {
  void shout(real x) {
    print("x = ", x);
  }
  real checked(real x) {
    if (x < 0) {
      reject("negative: ", x);
    }
    return x;
    print("never");
  }
  real quiet(real x) {
    real unused = 2 * x;
    return x;
  }
}
data {
  int n;
  vector[3] y;
}
parameters {
  real mu;
}
model {
  int i;
  i = 5;
  real r = checked(mu);
  real q = quiet(mu);
  vector[2] z = y;
  int k = n %/% 2;
  real s = mu * 2;
  shout(mu);
  for (j in 1:10) ;
  for (j in 1:n) {
  }
  while (0) {
    print("never");
  }
  if (0) {
    print("Dead code");
  } else {
    print("Hi!");
  }
  if (1) {
    target += mu;
  }
  mu ~ normal(0, 1);
}
generated quantities {
  real draw = normal_rng(0, 1);
  {
    real unseen = normal_rng(mu, 1);
  }
}
