transformed data {
  real a = 1e10;
  real b = 2.5E-3;
  real c = .5;
  real d = 3.;
  real g = 6.02e+23;
}
