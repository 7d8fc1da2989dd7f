parameters {
  simplex[4] theta;
}
