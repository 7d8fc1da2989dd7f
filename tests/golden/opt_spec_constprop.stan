// the user guide's example of constant propagation
transformed data {
  int n = 100;
  array[n] int a;
  for (i in 1:n) {
    a[i] = i;
  }
}
