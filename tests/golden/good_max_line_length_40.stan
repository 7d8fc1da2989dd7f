transformed data {
  real alpha = 1;
  real beta = 2;
  real combined_value = alpha * beta + alpha / beta - alpha ^ beta;
}
