functions {
  real f(real x) {
    while (1) {
      print(x);
    }
  }
}
