data {
  real x;
}
transformed data {
  if (x < 0) {
    reject("x must be non-negative; found x = ", x);
  }
}
