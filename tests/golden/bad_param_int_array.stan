parameters {
  array[3] int n;
}
