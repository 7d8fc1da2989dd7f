data {
  real array;
}
