data {
  int k;
}
transformed data {
  real x = 0;
  if (k > 1)
    x = 1;
  else
    x = 2;
}
