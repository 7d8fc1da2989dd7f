transformed data {
  int k = 2;
  real x = k > 1 ? 1.0 : 2.0;
  real y = k > 1 ? k < 3 ? 1 : 2 : 3;
  vector[2] v = k ? [1, 2]' : [3, 4]';
}
