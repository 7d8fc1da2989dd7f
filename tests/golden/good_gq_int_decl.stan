generated quantities {
  int<lower=0> k = 3;
  array[2] int flips = {0, 1};
}
