functions {
  real twice(real x) {
    return 2 * x;
  }
  vector twice(vector x) {
    return 2 * x;
  }
  real twice(real x, real y) {
    return 2 * x + y;
  }
}
transformed data {
  real a = twice(1.0);
  vector[2] b = twice([1, 2]');
  real c = twice(1, 2);
}
