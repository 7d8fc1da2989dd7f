functions {
  real f(array[] real a) {
    return sum(a);
  }
}
transformed data {
  array[2, 2] real b;
  real x = f(b);
}
