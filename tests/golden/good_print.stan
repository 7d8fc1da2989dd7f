transformed data {
  real x = 2;
  print("x = ", x, " and ", [1, 2]);
}
