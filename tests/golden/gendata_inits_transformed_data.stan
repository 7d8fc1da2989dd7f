// A parameter sized by transformed data: the generator does not run the
// program, so it says which variable it would need.
data {
  int<lower=1> N;
}
transformed data {
  int M = N + 1;
}
parameters {
  vector[M] theta;
}
