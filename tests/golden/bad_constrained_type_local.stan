model {
  simplex[3] s;
}
