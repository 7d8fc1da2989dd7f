transformed data {
  real a = pi();
  real b = e();
  real c = not_a_number();
  real d = positive_infinity();
  real f = machine_precision();
}
