functions {
  real foo_log(real y) {
    return -y;
  }
}
model {
  1 ~ foo();
}
