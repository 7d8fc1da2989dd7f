functions {
  real f(real x) {
    print("f(", x, ")");
    return x;
  }
}
