data {
  real x_1;
  real CamelCase;
  real jacobian_like;
}
