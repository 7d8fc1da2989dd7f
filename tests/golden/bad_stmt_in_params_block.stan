parameters {
  real y;
  print(y);
}
