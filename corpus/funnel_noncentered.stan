// Neal's funnel, written non-centered so it samples well. There is no data
// block: the program has only parameters, transformed parameters and a
// model.
parameters {
  real v_raw;
  vector[9] x_raw;
}
transformed parameters {
  real v = 3 * v_raw;
  vector[9] x = exp(v / 2) * x_raw;
}
model {
  v_raw ~ std_normal();
  x_raw ~ std_normal();
}
