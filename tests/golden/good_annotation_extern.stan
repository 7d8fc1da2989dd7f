functions {
  @extern
  real my_external(real x);
}
