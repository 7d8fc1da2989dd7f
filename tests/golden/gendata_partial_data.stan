// --debug-data-file gives some data values (read as the sampler reads
// them, NaN included); the others are generated, sized from the given ones.
data {
  int<lower=1> N;
  vector[N] y;
  array[N + 1] int<lower=0, upper=1> flags;
  tuple(real, int) t;
}
parameters {
  vector[N] theta;
}
