data {
  real target;
}
