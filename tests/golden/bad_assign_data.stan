data {
  real x;
}
model {
  x = 3;
}
