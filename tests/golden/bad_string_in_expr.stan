transformed data {
  real x = "hello";
}
