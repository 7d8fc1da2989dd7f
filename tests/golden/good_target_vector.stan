parameters {
  vector[3] v;
}
model {
  target += -0.5 * v .* v;
}
