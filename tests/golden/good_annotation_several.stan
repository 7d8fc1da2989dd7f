functions {
  @extern @silent
  real ext(real x);
}
