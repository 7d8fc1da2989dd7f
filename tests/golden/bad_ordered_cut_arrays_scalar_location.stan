// The array-of-cut-point-vectors form of ordered_logistic takes a vector
// of locations, one per outcome (Stan Functions Reference 2.38, "Ordered
// logistic distribution"): a real location with an array of cut-point
// vectors is no signature.
data {
  array[2] int y;
  array[2] vector[2] c;
}
parameters {
  real eta;
}
model {
  y ~ ordered_logistic(eta, c);
}
