data {
  real for;
}
