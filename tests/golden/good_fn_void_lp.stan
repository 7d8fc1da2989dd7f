functions {
  void prior_lp(vector x) {
    x ~ std_normal();
  }
}
parameters {
  vector[3] x;
}
model {
  prior_lp(x);
}
