data {
  array[5] int k;
  array[2, 3] int<lower=0> counts;
}
