data {
  real exp_val;
  real normal;
}
