transformed data {
  int a = 7;
  int b = 2;
  int c = a / b;
  real d = a %/% b;
}
