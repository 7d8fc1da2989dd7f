// The test-only pass fault-drop-target deletes the first target += of the
// model block (the validator must catch it).
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
  target += -mu;
}
