functions {
  real must(real x) {
    if (x > 0)
      return x;
    reject("x must be positive");
  }
}
