// --warn-uninitialized across the program's blocks: data and parameters
// are assigned by definition; transformed data, transformed parameters,
// generated quantities and locals are followed.  A read in the
// transformed parameters block is reported once, though the generated
// quantities compute the transformed parameters again.
data {
  int N;
}
transformed data {
  real td;
  real td2 = td + N;        // fires at td
}
parameters {
  real mu;
}
transformed parameters {
  real tp;
  real tp2;
  real tp3;
  tp = mu;
  tp2 = tp3 * 2;            // fires at tp3, once
}
model {
  mu ~ normal(tp, 1);       // quiet
}
generated quantities {
  real g;
  real h = g + tp + mu + N + td2;  // fires at g only
}
