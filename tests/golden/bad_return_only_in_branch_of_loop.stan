functions {
  real f(vector x) {
    for (i in 1:rows(x)) {
      if (x[i] > 0)
        return x[i];
    }
  }
}
