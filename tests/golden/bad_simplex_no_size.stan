parameters {
  simplex s;
}
