data {
  real _x;
}
