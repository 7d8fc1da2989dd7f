parameters {
  array[4] simplex[3] theta;
}
