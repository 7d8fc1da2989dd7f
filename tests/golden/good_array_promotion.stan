functions {
  real s(array[] real xs) {
    return sum(xs);
  }
}
transformed data {
  real t = s({1, 2, 3});
}
