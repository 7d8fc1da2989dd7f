data {
  real µ;
}
