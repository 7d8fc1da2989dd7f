functions {
  void foo() {
  }
}
parameters {
  real foo;
}
model {
  foo ~ normal(0, 1);
  foo();
}
