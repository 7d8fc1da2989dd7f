parameters {
  array[3] real x;
  matrix[2, 2] m;
}
model {
  x[1] ~ normal(0, 1);
  x[2:3] ~ normal(0, 1);
  m[1] ~ normal(0, 1);
  to_vector(m) ~ std_normal();
}
