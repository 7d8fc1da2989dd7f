// Declared sizes and bounds that read slots of a data tuple: taking the
// tuple apart (mir/untuple.c) rewrites them too, or the transformed MIR
// names a variable that no longer exists.
data {
  tuple(int<lower=1>, tuple(real, int<lower=0>)) t;
  vector[t.1 + t.2.2] x;
  array[t.2.2] real<lower=t.2.1> y;
}
parameters {
  vector<lower=t.2.1>[t.1] theta;
}
model {
  theta ~ normal(0, 1);
}
