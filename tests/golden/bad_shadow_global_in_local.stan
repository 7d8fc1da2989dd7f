data {
  real x;
}
model {
  real x = 2;
}
