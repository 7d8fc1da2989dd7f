// A print inside a user function (called from transformed data and from
// the model block's helper): a pass must keep it, in its order
// (tests/run/faultcheck.sh shows that deleting it is caught).
functions {
  real announce(real x) {
    print("print_in_function: x = ", x);
    return 2 * x;
  }
}
data {
  real y;
}
transformed data {
  real y2 = announce(y);
}
parameters {
  real mu;
}
model {
  mu ~ normal(y2, 1);
}
